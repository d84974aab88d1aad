/*
 * text.c - the one text buffer of libshelf (see text.h): bounded, for a
 * caller's sentence buffer, or growing, for a picture; and the printf of
 * the library on it. Everything is an integer written by hand, never
 * printf, so that the same input gives the same bytes in every locale and
 * on every machine.
 */
#include "text.h"

#include <string.h>

/* ==== Writing bytes ==== */

/* snprintf's rule: copy while it fits, keeping the last byte for the NUL,
 * and count all of it. The NUL is written once, by shelf__text_done(),
 * not after every piece of a sentence. */
static void bounded_bytes(text *t, const char *s, size_t n) {
  if (t->len + 1 < t->cap) {
    size_t room = t->cap - 1 - t->len;
    memcpy(t->p + t->len, s, n < room ? n : room);
  }
  t->len += n;
}

void shelf__text_bytes(text *t, const char *s, size_t n) {
  if (n == 0 || t->nomem)
    return;
  if (t->bounded) {
    bounded_bytes(t, s, n);
    return;
  }
  if (t->cap - t->len <= n) { /* always keep a byte for the NUL */
    char *p = shelf__grow_array(t->p, &t->cap, t->len + n + 1, 1);
    if (p == NULL) {
      t->nomem = 1;
      return;
    }
    t->p = p;
  }
  memcpy(t->p + t->len, s, n);
  t->len += n;
  t->p[t->len] = '\0';
}

void shelf__text_str(text *t, const char *s) {
  shelf__text_bytes(t, s, strlen(s));
}

void shelf__text_i128(text *t, i128 v) {
  char buf[SHELF_I128_BUFSIZE];
  shelf__text_bytes(t, buf, shelf_i128_format(v, buf));
}

shelf_status shelf__text_done(text *t, size_t *len) {
  if (t->bounded && t->cap > 0)
    t->p[t->len < t->cap ? t->len : t->cap - 1] = '\0';
  if (len != NULL)
    *len = t->len;
  return t->nomem ? SHELF_NOMEM : SHELF_OK;
}

/* ==== The library's printf ==== */

/* v / unit as a decimal, unit 10 or 1000: tenths 125 -> "12.5", -5 ->
 * "-0.5", 30 -> "3"; thousandths 125 -> "0.125", 500 -> "0.5". */
static void put_fixed(text *t, long v, long unit) {
  if (v < 0) {
    shelf__text_str(t, "-");
    v = -v;
  }
  shelf__text_i128(t, v / unit);
  long frac = v % unit;
  if (frac == 0)
    return;
  char digits[8] = ".";
  size_t k = 1;
  for (long d = unit / 10; d > 0 && frac != 0; d /= 10) {
    digits[k++] = (char)('0' + frac / d);
    frac %= d;
  }
  shelf__text_bytes(t, digits, k);
}

/* The format letters are listed in text.h. */
void shelf__text_vformat(text *t, const char *fmt, va_list ap) {
  for (const char *p = fmt; *p != '\0'; p++) {
    const char *q = strchr(p, '%');
    if (q == NULL) {
      shelf__text_str(t, p);
      return;
    }
    shelf__text_bytes(t, p, (size_t)(q - p));
    p = q + 1;
    switch (*p) {
    case 'd':
      shelf__text_i128(t, va_arg(ap, int));
      break;
    case 'z':
      shelf__text_i128(t, (i128)va_arg(ap, size_t));
      break;
    case 'u':
      shelf__text_i128(t, (i128)va_arg(ap, uint64_t));
      break;
    case 'w':
      shelf__text_i128(t, va_arg(ap, int64_t));
      break;
    case 'I':
      shelf__text_i128(t, *va_arg(ap, const i128 *));
      break;
    case 't':
      put_fixed(t, va_arg(ap, int), 10);
      break;
    case 'k':
      put_fixed(t, va_arg(ap, int), 1000);
      break;
    case 's':
      shelf__text_str(t, va_arg(ap, const char *));
      break;
    case '%':
      shelf__text_bytes(t, "%", 1);
      break;
    default:
      return; /* a bad format is a bug here; stop rather than guess */
    }
  }
}

void shelf__text_format(text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  shelf__text_vformat(t, fmt, ap);
  va_end(ap);
}
