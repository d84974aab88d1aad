/*
 * svg_text.c - what the text of a picture needs beyond text.h's buffer and
 * printf: XML escaping, the measure of text in the picture's font, and the
 * few sums on colours and integers that drawing needs. Everything is an
 * integer written by hand, so that the same input gives the same bytes on
 * every machine.
 */
#include "svg_text.h"

#include <string.h>

/* ==== Escaping ==== */

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
    shelf__text_bytes(t, s + from, k - from);
    shelf__text_str(t, esc);
    from = k + 1;
  }
  shelf__text_bytes(t, s + from, n - from);
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
