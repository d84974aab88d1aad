/*
 * svg_text.c - the text of a picture: a buffer that grows, a printf of our
 * own (no locale, no floating point, 128-bit numbers; svg.h lists its
 * letters), XML escaping, the measure of text in the picture's font, and
 * the few sums on colours and integers that drawing needs. Everything is
 * an integer written by hand, so that the same input gives the same bytes
 * on every machine.
 */
#include "svg.h"

#include <string.h>

/* ==== Text that grows ==== */

void shelf__svg_put_bytes(text *t, const char *s, size_t n) {
  if (t->nomem || n == 0)
    return;
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

void shelf__svg_put_str(text *t, const char *s) {
  shelf__svg_put_bytes(t, s, strlen(s));
}

static void put_i128(text *t, i128 v) {
  char buf[SHELF_I128_BUFSIZE];
  shelf__svg_put_bytes(t, buf, shelf_i128_format(v, buf));
}

/* v / unit as a decimal, unit 10 or 1000: tenths 125 -> "12.5", -5 ->
 * "-0.5", 30 -> "3"; thousandths 125 -> "0.125", 500 -> "0.5". */
static void put_fixed(text *t, long v, long unit) {
  if (v < 0) {
    shelf__svg_put_str(t, "-");
    v = -v;
  }
  put_i128(t, v / unit);
  long frac = v % unit;
  if (frac == 0)
    return;
  char digits[8] = ".";
  size_t k = 1;
  for (long d = unit / 10; d > 0 && frac != 0; d /= 10) {
    digits[k++] = (char)('0' + frac / d);
    frac %= d;
  }
  shelf__svg_put_bytes(t, digits, k);
}

/* Character data and attribute values: the five XML specials escaped. */
void shelf__svg_put_escaped(text *t, const char *s, size_t n) {
  size_t from = 0;
  for (size_t k = 0; k < n; k++) {
    const char *esc = NULL;
    switch (s[k]) {
    case '&':
      esc = "&amp;";
      break;
    case '<':
      esc = "&lt;";
      break;
    case '>':
      esc = "&gt;";
      break;
    case '"':
      esc = "&quot;";
      break;
    case '\'':
      esc = "&apos;";
      break;
    default:
      continue;
    }
    shelf__svg_put_bytes(t, s + from, k - from);
    shelf__svg_put_str(t, esc);
    from = k + 1;
  }
  shelf__svg_put_bytes(t, s + from, n - from);
}

/* The format letters are listed in svg.h. */
void shelf__svg_vputf(text *t, const char *fmt, va_list ap) {
  for (const char *p = fmt; *p != '\0'; p++) {
    const char *q = strchr(p, '%');
    if (q == NULL) {
      shelf__svg_put_str(t, p);
      return;
    }
    shelf__svg_put_bytes(t, p, (size_t)(q - p));
    p = q + 1;
    switch (*p) {
    case 'd':
      put_i128(t, va_arg(ap, int));
      break;
    case 'z':
      put_i128(t, (i128)va_arg(ap, size_t));
      break;
    case 'u':
      put_i128(t, (i128)va_arg(ap, uint64_t));
      break;
    case 'w':
      put_i128(t, va_arg(ap, int64_t));
      break;
    case 't':
      put_fixed(t, va_arg(ap, int), 10);
      break;
    case 'k':
      put_fixed(t, va_arg(ap, int), 1000);
      break;
    case 'I':
      put_i128(t, *va_arg(ap, const i128 *));
      break;
    case 's':
      shelf__svg_put_str(t, va_arg(ap, const char *));
      break;
    case 'e': {
      const char *s = va_arg(ap, const char *);
      shelf__svg_put_escaped(t, s, strlen(s));
      break;
    }
    case '%':
      shelf__svg_put_bytes(t, "%", 1);
      break;
    default:
      return; /* a bad format is a bug here; stop rather than guess */
    }
  }
}

void shelf__svg_putf(text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  shelf__svg_vputf(t, fmt, ap);
  va_end(ap);
}

/* ==== Measuring text ==== */

/*
 * The width of text in DejaVu Sans, the first font the picture asks for and
 * the widest of them, in thousandths of an em: digits are 636 (wider than
 * the average letter), so a picture measured this way has room in any of
 * its fonts.
 */
static int char_width(unsigned char c) {
  static const short lower[26] = {613, 635, 550, 635, 615, 352, 635, 634, 278,
                                  278, 579, 278, 974, 634, 612, 635, 635, 411,
                                  521, 392, 634, 592, 818, 592, 592, 525};
  if (c >= '0' && c <= '9')
    return 636;
  if (c >= 'a' && c <= 'z')
    return lower[c - 'a'];
  if (c >= 'A' && c <= 'Z')
    return 700;
  switch (c) {
  case ' ':
  case ',':
  case '.':
  case ':':
  case ';':
  case '\'':
    return 318;
  case '-':
    return 361;
  case '(':
  case ')':
    return 390;
  default:
    return 838; /* '+', '=', '%' and the rest: generously */
  }
}

/* Pixels that `s` takes at `size` px, rounded up (tenths of a px for a
 * size in tenths). */
int shelf__svg_text_px(const char *s, size_t len, int size, int bold) {
  long em = 0;
  for (size_t k = 0; k < len; k++)
    em += char_width((unsigned char)s[k]);
  if (bold)
    em += em * 3 / 20; /* DejaVu Sans Bold is about 15% wider */
  return (int)((em * size + 999) / 1000);
}

int shelf__svg_number_px(i128 v, int size) {
  char digits[SHELF_I128_BUFSIZE];
  size_t len = shelf_i128_format(v, digits);
  return shelf__svg_text_px(digits, len, size, 0);
}

/* ==== Numbers and colours ==== */

/* floor(sqrt(x)), bit by bit; exact for every u128. */
u128 shelf__svg_isqrt(u128 x) {
  u128 r = 0, bit = (u128)1 << 126;
  while (bit > x)
    bit >>= 2;
  while (bit != 0) {
    if (x >= r + bit) {
      x -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
    bit >>= 2;
  }
  return r;
}

/* The channels of the colour between white (amount 0) and `hex` (amount
 * 1000). */
void shelf__svg_tint_rgb(const char *hex, int amount, int rgb[3]) {
  static const char digits[] = "0123456789abcdef";
  for (int c = 0; c < 3; c++) {
    int hi = (int)(strchr(digits, hex[1 + 2 * c]) - digits);
    int lo = (int)(strchr(digits, hex[2 + 2 * c]) - digits);
    rgb[c] = 255 - (255 - (hi * 16 + lo)) * amount / 1000;
  }
}

/* That colour as #rrggbb. */
void shelf__svg_put_tint(text *t, const char *hex, int amount) {
  static const char digits[] = "0123456789abcdef";
  int rgb[3];
  shelf__svg_tint_rgb(hex, amount, rgb);
  char out[8] = "#";
  for (int c = 0; c < 3; c++) {
    out[1 + 2 * c] = digits[rgb[c] / 16];
    out[2 + 2 * c] = digits[rgb[c] % 16];
  }
  shelf__svg_put_bytes(t, out, 7);
}
