/*
 * out.c - the programs' writer: buffered output to a file descriptor
 * through write(2), and the escapes results need (see out.h for why it is
 * apart from the library's text buffer).
 */
#include "out.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#ifdef _WIN32
#include <io.h>
#include <windows.h>
#endif

void out_init(out *o, int fd) {
  o->fd = fd;
  o->error = 0;
  o->len = 0;
}

int out_flush(out *o) {
  size_t done = 0;
  while (done < o->len && o->error == 0) {
    ssize_t k = write(o->fd, o->buf + done, o->len - done);
    if (k < 0) {
      if (errno != EINTR)
        o->error = errno;
#ifdef _WIN32
      /* A pipe whose reader went away: Windows' C library says EINVAL,
       * from whichever of the pipe's errors it has no errno for
       * (ERROR_NO_DATA; under wine ERROR_PIPE_NOT_CONNECTED, and once in
       * CI another, as the reader's close raced the write). A whole
       * buffer written to a pipe has no other EINVAL, so on a pipe it is
       * POSIX's EPIPE, which callers keep quiet about. */
      if (errno == EINVAL &&
          GetFileType((HANDLE)_get_osfhandle(o->fd)) == FILE_TYPE_PIPE)
        o->error = EPIPE;
#endif
    } else {
      done += (size_t)k;
    }
  }
  /* After an error the output is gone for good; keep accepting (and
   * dropping) it so that callers check only at the points that matter. */
  o->len = 0;
  return o->error;
}

void out_bytes(out *o, const char *s, size_t n) {
  while (n > 0) {
    if (o->len == OUT_BUFSIZE)
      out_flush(o);
    size_t k = OUT_BUFSIZE - o->len;
    if (k > n)
      k = n;
    memcpy(o->buf + o->len, s, k);
    o->len += k;
    s += k;
    n -= k;
  }
}

void out_str(out *o, const char *s) { out_bytes(o, s, strlen(s)); }

void out_char(out *o, char c) {
  if (o->len == OUT_BUFSIZE)
    out_flush(o);
  o->buf[o->len++] = c;
}

void out_i128(out *o, shelf_i128 v) {
  /* Straight into the buffer: --batch prints a number a line. */
  if (OUT_BUFSIZE - o->len < SHELF_I128_BUFSIZE)
    out_flush(o);
  o->len += shelf_i128_format(v, o->buf + o->len);
}

void out_u64(out *o, uint64_t v) { out_i128(o, (shelf_i128)v); }

int i128_width(shelf_i128 v) {
  char buf[SHELF_I128_BUFSIZE];
  return (int)shelf_i128_format(v, buf);
}

const char *escape_text(const char *s, char *buf, size_t size) {
  static const char hex[] = "0123456789ABCDEF";
  size_t n = 0;
  for (; *s != '\0'; s++) {
    unsigned char c = (unsigned char)*s;
    char esc[4] = {(char)c};
    size_t k = 1;
    if (c == '"' || c == '\\') {
      esc[0] = '\\', esc[1] = (char)c, k = 2;
    } else if (c < 0x20 || c >= 0x7f) {
      esc[0] = '\\', esc[1] = 'x', esc[2] = hex[c >> 4], esc[3] = hex[c & 15];
      k = 4;
    }
    if (n + k + 4 > size) { /* room for "..." and the NUL */
      memcpy(buf + n, "...", 3);
      n += 3;
      break;
    }
    memcpy(buf + n, esc, k);
    n += k;
  }
  buf[n] = '\0';
  return buf;
}

size_t utf8_length(const unsigned char *s, size_t n) {
  size_t need = s[0] >= 0xf0 && s[0] <= 0xf4   ? 4
                : s[0] >= 0xe0                 ? 3
                : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
                                               : 0;
  if (need == 0 || need > n || (need == 3 && s[0] > 0xef))
    return 0;
  for (size_t k = 1; k < need; k++)
    if ((s[k] & 0xc0) != 0x80)
      return 0;
  /* The second byte's range narrows after these leads: E0 and F0 would be
   * overlong, ED a surrogate, F4 past U+10FFFF. */
  if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
      (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
    return 0;
  return need;
}

void out_json_bytes(out *o, const char *text, size_t n) {
  const unsigned char *s = (const unsigned char *)text;
  out_char(o, '"');
  for (size_t k = 0; k < n; k++) {
    unsigned char c = s[k];
    if (c >= 0x80) {
      /* Text that is not UTF-8 (a program's output may be anything) is
       * kept readable and the JSON valid: U+FFFD for each bad byte. */
      size_t len = utf8_length(s + k, n - k);
      if (len == 0) {
        out_str(o, "\\ufffd");
      } else {
        out_bytes(o, text + k, len);
        k += len - 1;
      }
    } else if (c == '"' || c == '\\') {
      out_char(o, '\\');
      out_char(o, (char)c);
    } else if (c < 0x20) {
      static const char hex[] = "0123456789abcdef";
      char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      out_bytes(o, esc, 6);
    } else {
      out_char(o, (char)c);
    }
  }
  out_char(o, '"');
}

static void out_json_string(out *o, const char *s) {
  out_json_bytes(o, s, strlen(s));
}

void out_format(out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  for (const char *p = fmt; *p; p++) {
    const char *q = p;
    while (*q && *q != '%')
      q++;
    out_bytes(o, p, (size_t)(q - p));
    if (*q == '\0')
      break;
    p = q + 1;
    switch (*p) {
    case 's':
      out_str(o, va_arg(ap, const char *));
      break;
    case 'u':
      out_u64(o, va_arg(ap, uint64_t));
      break;
    case 'w': /* a weight; not 'd', which means int in C and in svg.c */
      out_i128(o, va_arg(ap, int64_t));
      break;
    case 'I': /* by pointer: clang passes variadic __int128 unreliably */
      out_i128(o, *va_arg(ap, const shelf_i128 *));
      break;
    case 'J':
      out_json_string(o, va_arg(ap, const char *));
      break;
    default: /* %% and anything unknown print as they are */
      out_char(o, *p ? *p : '%');
      if (*p == '\0')
        p--;
      break;
    }
  }
  va_end(ap);
}
