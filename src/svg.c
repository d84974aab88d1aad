/*
 * svg.c - pictures of a shelf and its perfect game, as SVG 1.1 text built in
 * memory (the library does no I/O; the caller writes the text out).
 *
 * A picture is laid out for a width (SHELF_SVG_WIDTH unless the caller asks
 * for another), so that it goes on a slide as it comes. Up to
 * SHELF_SVG_WHEELS_MAX wheels it is detailed: every wheel is a circle
 * standing on the shelf, its area following its weight, coloured by the
 * buyer who takes it in the line, with its weight above and its index and
 * turn below. The rows are as long as the width allows and then balanced
 * (one rule for every n: rows = ceil(n / fit), n / rows wheels a row), so
 * that one more wheel never reshapes the picture. Up to SHELF_SVG_LEAD_MAX
 * wheels the lead table of the interval DP stands beside the wheels if it
 * fits, else below them, as a heat map on a signed logarithmic scale (any
 * non-zero lead is visibly tinted by its sign) with a numbered legend.
 * Longer shelves get a summary whose size does not grow with the shelf. The
 * explanation flag adds the greedy trap and the explanation's sentences,
 * worded by words.c exactly as the command prints them.
 *
 * No floating point and no printf: every coordinate is an integer or a
 * number of tenths, written by hand, so the text is the same in every locale
 * and on every machine. Elements carry class names (documented in shelf.h)
 * so that programs and tests can find what the picture shows.
 */
#include "internal.h"

#include <stdarg.h>
#include <string.h>

/* ==== Geometry and colours ==== */

enum {
  MARGIN = 24,      /* around the whole picture */
  GUTTER = 48,      /* left of the wheels, for the row labels */
  GAP = 12,         /* least space between two wheels' labels */
  RADIUS = 28,      /* the heaviest wheel's, px: the same for every n, so
                       that the rows follow from the width alone */
  HEAT_GAP = 40,    /* between the wheels and a lead table beside them */
  TABLE_TEXT = 300, /* the least width of the lead table's column */
  AXIS = 28,        /* the lead table's row numbers */
  SUMMARY_BINS = 100,
  BAR_HEIGHT = 160, /* px of the tallest bar */
  LINE_SHOWN = 5    /* first and last turns listed in the summary */
};

static const char *const buyer_fill[2] = {"#2563eb", "#ea580c"};
static const char *const buyer_dark[2] = {"#1e3a8a", "#9a3412"};
static const char *const turn_attrs[2] = {
    "class=\"turn\" font-weight=\"bold\" fill=\"#1e3a8a\"",
    "class=\"turn\" font-weight=\"bold\" fill=\"#9a3412\""};
/* The lead table's two hues: ColorBrewer's PRGn ends, which stay apart for
 * the common colour-blindnesses (and the numbers carry their sign too). */
#define AHEAD "#1b7837"
#define BEHIND "#762a83"
#define INK "#1f2937"
#define MUTED "#6b7280"
#define TRAP "#dc2626"
#define WOOD "#c8a06a"

/* ==== Text that grows ==== */

typedef struct text {
  char *p;
  size_t len, cap;
  int nomem; /* sticky: every later write is dropped */
} text;

static void put_bytes(text *t, const char *s, size_t n) {
  if (t->nomem || n == 0)
    return;
  if (t->cap - t->len <= n) { /* always keep a byte for the NUL */
    char *p = grow_array(t->p, &t->cap, t->len + n + 1, 1);
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

static void put_str(text *t, const char *s) { put_bytes(t, s, strlen(s)); }

static void put_i128(text *t, i128 v) {
  char buf[SHELF_I128_BUFSIZE];
  put_bytes(t, buf, shelf_i128_format(v, buf));
}

/* Tenths as a decimal: 125 -> "12.5", -5 -> "-0.5", 30 -> "3". */
static void put_tenths(text *t, long v) {
  if (v < 0) {
    put_str(t, "-");
    v = -v;
  }
  put_i128(t, v / 10);
  if (v % 10 != 0) {
    char frac[2] = {'.', (char)('0' + v % 10)};
    put_bytes(t, frac, 2);
  }
}

/* Character data and attribute values: the five XML specials escaped. */
static void put_escaped(text *t, const char *s, size_t n) {
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
    put_bytes(t, s + from, k - from);
    put_str(t, esc);
    from = k + 1;
  }
  put_bytes(t, s + from, n - from);
}

/*
 * A printf of our own, locale-free and with 128-bit numbers:
 *   %d int (as in C), %z size_t, %u uint64_t, %w int64_t (a weight, as in
 *   the command's out_format), %t int tenths ("12.5"), %I a pointer to an
 *   i128, %s markup written as is (our constants only), %e text escaped
 *   for XML, %% a percent sign.
 * An i128 comes by pointer because clang and gcc disagree on where a
 * variadic __int128 goes once the argument registers run out (clang 14
 * reads it from the wrong place; llvm/llvm-project#41784).
 */
static void vputf(text *t, const char *fmt, va_list ap) {
  for (const char *p = fmt; *p != '\0'; p++) {
    const char *q = strchr(p, '%');
    if (q == NULL) {
      put_str(t, p);
      return;
    }
    put_bytes(t, p, (size_t)(q - p));
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
      put_tenths(t, va_arg(ap, int));
      break;
    case 'I':
      put_i128(t, *va_arg(ap, const i128 *));
      break;
    case 's':
      put_str(t, va_arg(ap, const char *));
      break;
    case 'e': {
      const char *s = va_arg(ap, const char *);
      put_escaped(t, s, strlen(s));
      break;
    }
    case '%':
      put_bytes(t, "%", 1);
      break;
    default:
      return; /* a bad format is a bug here; stop rather than guess */
    }
  }
}

static void putf(text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vputf(t, fmt, ap);
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

/* Pixels that `s` takes at `size` px, rounded up. */
static int text_px(const char *s, size_t len, int size, int bold) {
  long em = 0;
  for (size_t k = 0; k < len; k++)
    em += char_width((unsigned char)s[k]);
  if (bold)
    em += em * 3 / 20; /* DejaVu Sans Bold is about 15% wider */
  return (int)((em * size + 999) / 1000);
}

static int number_px(i128 v, int size) {
  char digits[SHELF_I128_BUFSIZE];
  size_t len = shelf_i128_format(v, digits);
  return text_px(digits, len, size, 0);
}

/* ==== The picture being drawn ==== */

typedef struct picture {
  text body;         /* everything inside <svg>, drawn first */
  int right, bottom; /* the extent drawn so far, to size the picture */
  int width;         /* the width it is laid out for */
  const int64_t *w;
  size_t n;
  unsigned flags;
  unsigned char *ends; /* the line */
  shelf_result result;
  shelf_explanation ex; /* with SHELF_SVG_EXPLAIN; else the totals only */
} picture;

static void extend(picture *p, int x, int y) {
  if (x > p->right)
    p->right = x;
  if (y > p->bottom)
    p->bottom = y;
}

/* The right edge of what may be drawn. */
static int limit_x(const picture *p) { return p->width - MARGIN; }

/*
 * Text at (x, y) with the given anchor ("start", "middle", "end"); `size`
 * is in tenths of a pixel, so that text can be sized to fit a cell. The
 * picture is made wide enough to hold it. Returns its width in px.
 */
static int label10(picture *p, int x, int y, int size10, const char *anchor,
                   const char *attrs, const char *fmt, ...) {
  text s = {0};
  va_list ap;
  va_start(ap, fmt);
  vputf(&s, fmt, ap);
  va_end(ap);
  if (s.nomem) {
    p->body.nomem = 1;
    free(s.p);
    return 0;
  }
  int bold = attrs != NULL && strstr(attrs, "bold") != NULL;
  int width = text_px(s.p != NULL ? s.p : "", s.len, size10, bold) / 10 + 1;
  int left = x;
  if (strcmp(anchor, "middle") == 0)
    left = x - width / 2;
  else if (strcmp(anchor, "end") == 0)
    left = x - width;
  extend(p, left + width, y + size10 / 30);
  putf(&p->body, "<text x=\"%d\" y=\"%d\" font-size=\"%t\" text-anchor=\"%s\"",
       x, y, size10, anchor);
  if (attrs != NULL && attrs[0] != '\0')
    putf(&p->body, " %s", attrs);
  put_str(&p->body, ">");
  put_escaped(&p->body, s.p != NULL ? s.p : "", s.len);
  put_str(&p->body, "</text>\n");
  free(s.p);
  return width;
}

#define label(p, x, y, size, ...) label10(p, x, y, (size)*10, __VA_ARGS__)

/* Text of `size` px wrapped at spaces to fit between x and `right`, its
 * lines 1.4 sizes apart; returns the y of the line after the last. It is
 * one <text> element, a <tspan> a line when there are several, so that a
 * program finds one sentence in one element. */
static int wrapped(picture *p, int x, int y, int right, int size,
                   const char *attrs, const char *s) {
  int bold = strstr(attrs, "bold") != NULL, step = size * 14 / 10;
  size_t left = strlen(s);
  int one_line = text_px(s, left, size, bold) <= right - x;
  if (one_line || left == 0) {
    label(p, x, y, size, "start", attrs, "%s", s);
    return y + step;
  }
  putf(&p->body, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" %s>", x, y, size,
       attrs);
  while (left > 0) {
    /* The longest run of whole words that fits; one word alone if none. */
    size_t take = 0, k = 0;
    while (k < left) {
      size_t end = k;
      while (end < left && s[end] != ' ')
        end++;
      if (take > 0 && text_px(s, end, size, bold) > right - x)
        break;
      take = end;
      k = end + 1;
    }
    extend(p, x + text_px(s, take, size, bold), y + size / 3);
    putf(&p->body, "<tspan x=\"%d\" y=\"%d\">", x, y);
    put_escaped(&p->body, s, take);
    put_str(&p->body, "</tspan>");
    y += step;
    while (take < left && s[take] == ' ')
      take++;
    s += take;
    left -= take;
  }
  put_str(&p->body, "</text>\n");
  return y;
}

/* Running text: 13 px, lines 18 px apart. */
static int paragraph(picture *p, int x, int y, int right, const char *attrs,
                     const char *s) {
  return wrapped(p, x, y, right, 13, attrs, s);
}

/* One sentence of the explanation, as the command prints it. */
static int sentence(picture *p, int x, int y, const char *attrs,
                    shelf_sentence which) {
  char said[SHELF_SENTENCE_BUFSIZE];
  if (shelf_explain_sentence(&p->ex, which, said, sizeof said, NULL) !=
      SHELF_OK)
    return y; /* cannot happen: the arguments are valid */
  return paragraph(p, x, y, limit_x(p), attrs, said);
}

static i128 magnitude(i128 v) { return v < 0 ? -v : v; }

/* floor(sqrt(x)), bit by bit; exact for every u128. */
static u128 isqrt(u128 x) {
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

static u128 umag(int64_t w) { return w < 0 ? -(u128)w : (u128)w; }

/* The channels of the colour between white (amount 0) and `hex` (amount
 * 1000). */
static void tint_rgb(const char *hex, int amount, int rgb[3]) {
  static const char digits[] = "0123456789abcdef";
  for (int c = 0; c < 3; c++) {
    int hi = (int)(strchr(digits, hex[1 + 2 * c]) - digits);
    int lo = (int)(strchr(digits, hex[2 + 2 * c]) - digits);
    rgb[c] = 255 - (255 - (hi * 16 + lo)) * amount / 1000;
  }
}

/* That colour as #rrggbb. */
static void put_tint(text *t, const char *hex, int amount) {
  static const char digits[] = "0123456789abcdef";
  int rgb[3];
  tint_rgb(hex, amount, rgb);
  char out[8] = "#";
  for (int c = 0; c < 3; c++) {
    out[1 + 2 * c] = digits[rgb[c] / 16];
    out[2 + 2 * c] = digits[rgb[c] % 16];
  }
  put_bytes(t, out, 7);
}

/* ==== Common parts ==== */

/* The heading and, under it, the perfect-play sentence; returns the y of
 * the line after them. */
static int draw_heading(picture *p, const char *what) {
  text s = {0};
  putf(&s, "The ripening shelf: %z wheel%s, margin %I%s", p->n,
       p->n == 1 ? "" : "s", &p->result.margin, what);
  if (s.nomem)
    p->body.nomem = 1;
  int y =
      wrapped(p, MARGIN, 36, limit_x(p), 20,
              "font-weight=\"bold\" fill=\"" INK "\"", s.p != NULL ? s.p : "");
  free(s.p);
  return sentence(p, MARGIN, y - 2, "class=\"totals\" fill=\"" INK "\"",
                  SHELF_SENTENCE_PERFECT);
}

/* A coloured dot and a word, for the legends, at *x on line *y; an item
 * that would pass the right edge starts a new line. */
static void legend_item(picture *p, int *x, int *y, const char *fill,
                        const char *stroke, const char *word) {
  int width = 16 + text_px(word, strlen(word), 12, 0);
  if (*x > MARGIN && *x + width > limit_x(p)) {
    *x = MARGIN;
    *y += 18;
  }
  putf(&p->body,
       "<circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\" stroke=\"%s\" "
       "stroke-width=\"2\"/>\n",
       *x + 6, *y - 4, fill, stroke);
  *x += 16 +
        label(p, *x + 16, *y, 12, "start", "fill=\"" INK "\"", "%s", word) + 16;
}

/* The explanation's sentences, below everything else. `y` is where they
 * start. */
static void draw_explanation(picture *p, int y) {
  label(p, MARGIN, y, 15, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "Why the heavier end loses");
  y += 22;
  const char *line_attrs = "class=\"explain\" fill=\"" INK "\"";
  y = sentence(p, MARGIN, y, line_attrs, SHELF_SENTENCE_GREEDY) + 4;
  y = sentence(p, MARGIN, y, line_attrs, SHELF_SENTENCE_GREEDY_VS_PERFECT) + 4;
  y = sentence(p, MARGIN, y,
               p->ex.mistake == 1 ? "class=\"trap-note\" fill=\"" TRAP "\""
                                  : "class=\"trap-none\" fill=\"" INK "\"",
               SHELF_SENTENCE_TRAP) +
      4;
  sentence(p, MARGIN, y, line_attrs, SHELF_SENTENCE_PARITY);
}

static int has_trap(const picture *p) {
  return (p->flags & SHELF_SVG_EXPLAIN) && p->ex.mistake == 1;
}

/* ==== The lead table ==== */

/*
 * Colour follows a signed logarithmic scale: amount = FLOOR + (1000 - FLOOR)
 * * log(1 + |lead|) / log(1 + biggest). A linear scale made every lead much
 * smaller than the biggest white, the colour of level; on this one a lead
 * of 1 next to a lead of 10^18 is still FLOOR/1000 of the way to its hue.
 */
enum { FLOOR = 280 };

/* 256 * log2(x) for x >= 1, rounded down, in integers only (so every
 * machine gives the same colours): the bit length gives the whole part and
 * eight squarings of the normalised mantissa the fraction. */
static long log2_256(u128 x) {
  int whole = 0;
  while ((x >> whole) > 1)
    whole++;
  /* The mantissa x / 2^whole in [1, 2), as a 62-bit fixed point number. */
  u128 m = whole > 62 ? x >> (whole - 62) : x << (62 - whole);
  long frac = 0;
  for (int bit = 7; bit >= 0; bit--) {
    m = (m * m) >> 62;
    if (m >= (u128)2 << 62) {
      m >>= 1;
      frac |= 1L << bit;
    }
  }
  return whole * 256L + frac;
}

static int tint_amount(i128 v, i128 biggest) {
  if (v == 0)
    return 0;
  u128 mag = (u128)magnitude(v);
  long top = log2_256((u128)biggest + 1);
  return FLOOR + (int)((1000 - FLOOR) * log2_256(mag + 1) / top);
}

static void put_lead_colour(text *t, i128 v, i128 biggest) {
  put_tint(t, v >= 0 ? AHEAD : BEHIND, tint_amount(v, biggest));
}

/* Text on a cell: white where the cell is dark, by its perceived
 * brightness (ITU-R BT.601 weights), else ink; either way the contrast is
 * at least about 4 to 1. */
static const char *ink_on(i128 v, i128 biggest) {
  int rgb[3];
  tint_rgb(v >= 0 ? AHEAD : BEHIND, tint_amount(v, biggest), rgb);
  return 299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2] < 128000 ? "#ffffff" : INK;
}

typedef struct table_layout {
  int cell;      /* px a side */
  int width;     /* the table's column: axis and cells, or its text */
  int biggest10; /* the widest number at 11 px, in tenths of a px */
} table_layout;

/* The cell size the numbers would like: room for the widest at 11 px. */
static table_layout table_wish(const picture *p, const shelf_cell *cells) {
  size_t n = p->n;
  int widest = 0;
  for (size_t a = 0; a < n; a++)
    for (size_t b = a; b < n; b++) {
      int px = number_px(cells[a * n + b].lead, 110);
      if (px > widest)
        widest = px;
    }
  table_layout t;
  t.biggest10 = widest;
  t.cell = widest / 10 + 10;
  if (t.cell < 320 / (int)n)
    t.cell = 320 / (int)n;
  if (t.cell > 48)
    t.cell = 48;
  if (t.cell < 22)
    t.cell = 22;
  t.width = AXIS + (int)n * t.cell;
  if (t.width < TABLE_TEXT)
    t.width = TABLE_TEXT;
  if (t.width > limit_x(p) - MARGIN) /* its text wraps to the width */
    t.width = limit_x(p) - MARGIN > AXIS + (int)n * t.cell
                  ? limit_x(p) - MARGIN
                  : AXIS + (int)n * t.cell;
  return t;
}

/* The scale's marks: 0, 1, the biggest lead and, when they are far apart,
 * the power of ten nearest their geometric middle; each with its sign. */
static size_t scale_marks(i128 biggest, i128 *marks) {
  size_t k = 0;
  i128 mid = 0;
  if (biggest >= 10) {
    i128 root = (i128)isqrt((u128)biggest);
    for (mid = 1; mid * 10 <= root; mid *= 10)
      ;
    if (root / mid >= 4) /* nearer the next power of ten, by logarithm */
      mid *= 10;
    if (mid <= 1 || mid >= biggest)
      mid = 0;
  }
  marks[k++] = -biggest;
  if (mid != 0)
    marks[k++] = -mid;
  if (biggest > 1)
    marks[k++] = -1;
  marks[k++] = 0;
  if (biggest > 1)
    marks[k++] = 1;
  if (mid != 0)
    marks[k++] = mid;
  marks[k++] = biggest;
  return k;
}

/* The legend of the heat map: a column of swatches, one a mark, each with
 * its number beside it (a column, so that numbers of any length fit).
 * Returns the y below it. */
static int draw_scale(picture *p, int x, int y, i128 biggest) {
  i128 marks[7];
  size_t count = scale_marks(biggest, marks);
  label(p, x, y, 12, "start", "fill=\"" INK "\"",
        "Colour: the lead for the buyer to move");
  y += 8;
  put_str(&p->body, "<g class=\"lead-scale\">\n");
  for (size_t k = 0; k < count; k++) {
    int sy = y + (int)k * 17;
    putf(&p->body,
         "<rect class=\"scale\" x=\"%d\" y=\"%d\" width=\"28\" "
         "height=\"15\" fill=\"",
         x, sy);
    put_lead_colour(&p->body, marks[k], biggest);
    putf(&p->body,
         "\" stroke=\"" MUTED "\" stroke-width=\"0.5\"><title>lead %I"
         "</title></rect>\n",
         &marks[k]);
    const char *side = marks[k] < 0   ? " (behind)"
                       : marks[k] > 0 ? " (ahead)"
                                      : " (level)";
    label(p, x + 36, sy + 12, 11, "start",
          "class=\"scale-value\" fill=\"" INK "\"", "%I%s", &marks[k],
          k == 0 || k + 1 == count || marks[k] == 0 ? side : "");
  }
  put_str(&p->body, "</g>\n");
  return y + (int)count * 17 + 4;
}

/* The font size, in tenths of a px and at most 11 px, at which text fits
 * in `room` px. */
static int fitting_size(const char *s, size_t len, int room) {
  int px10 = text_px(s, len, 110, 0);
  return px10 > room * 10 ? room * 10 * 110 / px10 : 110;
}

/* `v` to three significant figures, cut (not rounded) so that the figures
 * shown are the number's own: -18446744073709551615 -> "-1.84e19". Numbers
 * of up to six digits are written in full. `buf` holds SHELF_I128_BUFSIZE
 * bytes. Returns the length. */
static size_t short_number(i128 v, char *buf) {
  char digits[SHELF_I128_BUFSIZE];
  size_t len = shelf_i128_format(v, digits);
  const char *d = digits[0] == '-' ? digits + 1 : digits;
  size_t count = strlen(d);
  if (count <= 6) {
    memcpy(buf, digits, len + 1);
    return len;
  }
  char *out = buf;
  if (v < 0)
    *out++ = '-';
  *out++ = d[0];
  *out++ = '.';
  *out++ = d[1];
  *out++ = d[2];
  *out++ = 'e';
  size_t power = count - 1; /* 6 to 38: two digits */
  *out++ = (char)('0' + power / 10);
  *out++ = (char)('0' + power % 10);
  *out = '\0';
  return (size_t)(out - buf);
}

/* The heat map at (x, y), its column `width` px wide; returns its bottom. */
static int draw_lead_table(picture *p, const shelf_cell *cells,
                           const table_layout *t, int x, int y) {
  size_t n = p->n;
  int cell = t->cell, right = x + t->width;
  /* Which blocks the line passes through: block (i, j) at each turn. */
  unsigned char *on_line = calloc(n * n, 1);
  if (on_line == NULL) {
    p->body.nomem = 1;
    return y;
  }
  size_t i = 0, j = n - 1;
  for (size_t turn = 0; turn < n; turn++) {
    on_line[i * n + j] = 1;
    if (p->ends[turn] == SHELF_LEFT)
      i++;
    else
      j--;
  }
  i128 biggest = 1;
  for (size_t a = 0; a < n; a++)
    for (size_t b = a; b < n; b++)
      if (magnitude(cells[a * n + b].lead) > biggest)
        biggest = magnitude(cells[a * n + b].lead);

  put_str(&p->body, "<g class=\"lead-table\">\n");
  label(p, x, y, 15, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The lead table");
  y = paragraph(p, x, y + 20, right, "fill=\"" MUTED "\"",
                "Row i, column j: the lead of wheels i to j for the buyer to "
                "move (what that buyer finishes ahead by on them).");
  int gx = x + AXIS, gy = y + 10;
  /* Numbers on both axes, every one when there is room, else every fifth. */
  int axis10 = cell >= 20 ? 110 : 90;
  for (size_t k = 0; k < n; k++) {
    if (cell < 20 && (k + 1) % 5 != 0 && k != 0 && k != n - 1)
      continue;
    label10(p, gx + (int)k * cell + cell / 2, gy - 4, axis10, "middle",
            "class=\"axis\" fill=\"" MUTED "\"", "%z", k + 1);
    label10(p, gx - 5, gy + (int)k * cell + cell / 2 + 4, axis10, "end",
            "class=\"axis\" fill=\"" MUTED "\"", "%z", k + 1);
  }
  gy += 4;
  for (size_t a = 0; a < n; a++) {
    for (size_t b = a; b < n; b++) {
      i128 v = cells[a * n + b].lead;
      int cx = gx + (int)b * cell, cy = gy + (int)a * cell;
      putf(&p->body,
           "<rect class=\"lead%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
           "height=\"%d\" fill=\"",
           on_line[a * n + b] ? " on-line" : "", cx, cy, cell - 1, cell - 1);
      put_lead_colour(&p->body, v, biggest);
      put_str(&p->body, "\"");
      if (on_line[a * n + b])
        put_str(&p->body, " stroke=\"" INK "\" stroke-width=\"2\"");
      putf(&p->body, "><title>lead(%z, %z) = %I</title></rect>\n", a + 1, b + 1,
           &v);
      /* The number fits its cell with 3 px to spare on each side: the font
       * shrinks for a long one, and one that would drop below 7 px is
       * written short, to three figures ("9.22e18"; the title has it all). */
      char digits[SHELF_I128_BUFSIZE];
      size_t len = shelf_i128_format(v, digits);
      int size10 = fitting_size(digits, len, cell - 6);
      if (size10 < 70) {
        len = short_number(v, digits);
        size10 = fitting_size(digits, len, cell - 6);
      }
      text attrs = {0};
      putf(&attrs, "class=\"lead-value\" fill=\"%s\"", ink_on(v, biggest));
      label10(p, cx + (cell - 1) / 2, cy + cell / 2 + size10 / 30, size10,
              "middle", attrs.p != NULL ? attrs.p : "", "%s", digits);
      if (attrs.nomem)
        p->body.nomem = 1;
      free(attrs.p);
    }
  }
  extend(p, gx + (int)n * cell, gy + (int)n * cell);
  y = gy + (int)n * cell + 22;
  y = draw_scale(p, x, y, biggest) + 20;
  y = paragraph(p, x, y, right, "fill=\"" MUTED "\"",
                "Outlined: the blocks the line passes through, from the "
                "whole shelf (top right, the margin) down to the last wheel "
                "(on the diagonal).");
  put_str(&p->body, "</g>\n");
  free(on_line);
  return y;
}

/* ==== The detailed picture ==== */

/* Vertical layout of one row of wheels, from its top. */
typedef struct row_layout {
  int weight; /* baseline of the weights */
  int plank;  /* top of the plank the wheels stand on */
  int index;  /* baseline of the wheel indices */
  int turn;   /* baseline of the turns */
  int height; /* of the whole row */
  int trap;   /* baseline of the trap's tag */
} row_layout;

static row_layout row_at(const picture *p, int top) {
  row_layout r;
  r.trap = top + 12;
  r.weight = top + ((p->flags & SHELF_SVG_EXPLAIN) ? 30 : 14);
  r.plank = r.weight + 14 + 2 * RADIUS;
  r.index = r.plank + 20;
  r.turn = r.index + 18;
  r.height = r.turn + 14 - top;
  return r;
}

/* Draws one wheel, standing on the plank of row `r`. */
static void draw_wheel(picture *p, size_t k, int cx, const row_layout *r,
                       u128 heaviest, size_t turn) {
  int64_t w = p->w[k];
  int b = (int)((turn - 1) % 2);
  int r10;
  if (w == 0)
    r10 = 40;
  else {
    /* Area follows weight: r = radius * sqrt(|w| / heaviest); a wheel too
     * light to see gets 2 px. */
    u128 r2 = umag(w) * (u128)(RADIUS * 10) * (RADIUS * 10) / heaviest;
    r10 = (int)isqrt(r2);
    if (r10 < 20)
      r10 = 20;
  }
  int cy10 = r->plank * 10 - r10 - 10;
  size_t pos = k + 1;
  putf(&p->body, "<g class=\"wheel %s\" id=\"wheel-%z\">\n", shelf_buyer_name((shelf_buyer)b),
       pos);
  putf(&p->body,
       "<title>wheel %z: %w %s, taken at turn %z by the %s buyer, from "
       "the %s end</title>\n",
       pos, w, shelf_kilos_word(w), turn, shelf_buyer_name((shelf_buyer)b),
       shelf_end_name((shelf_end)p->ends[turn - 1]));
  if (w > 0)
    putf(&p->body,
         "<circle cx=\"%d\" cy=\"%t\" r=\"%t\" fill=\"%s\" stroke=\"%s\" "
         "stroke-width=\"1.5\"/>\n",
         cx, cy10, r10, buyer_fill[b], buyer_dark[b]);
  else
    /* Hollow: a negative wheel (dashed) or an empty one (dotted) still
     * shows its buyer by the colour of its outline. */
    putf(&p->body,
         "<circle cx=\"%d\" cy=\"%t\" r=\"%t\" fill=\"#ffffff\" stroke=\"%s\" "
         "stroke-width=\"2\" stroke-dasharray=\"%s\"/>\n",
         cx, cy10, r10, buyer_fill[b], w < 0 ? "5 3" : "1.5 2");
  label(p, cx, r->weight, 13, "middle", "class=\"weight\" fill=\"" INK "\"",
        "%w", w);
  label(p, cx, r->index, 11, "middle", "class=\"index\" fill=\"" MUTED "\"",
        "%z", pos);
  label(p, cx, r->turn, 13, "middle", turn_attrs[b], "%z", turn);
  if (has_trap(p) && k == p->ex.mistake_wheel) {
    putf(&p->body,
         "<circle class=\"trap\" cx=\"%d\" cy=\"%t\" r=\"%t\" fill=\"none\" "
         "stroke=\"" TRAP "\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\">"
         "<title>the greedy trap: at turn %u greedy takes this wheel, which "
         "costs %I %s of lead</title></circle>\n",
         cx, cy10, r10 + 50, p->ex.mistake_turn, &p->ex.mistake_cost,
         shelf_kilos_word(p->ex.mistake_cost));
    label(p, cx, r->trap, 11, "middle",
          "class=\"trap-label\" font-weight=\"bold\" fill=\"" TRAP "\"",
          "trap");
  }
  put_str(&p->body, "</g>\n");
}

static void draw_detailed(picture *p) {
  size_t n = p->n;
  int y = draw_heading(p, "") + 8, lx = MARGIN;
  legend_item(p, &lx, &y, buyer_fill[0], buyer_dark[0],
              "taken by the first buyer");
  legend_item(p, &lx, &y, buyer_fill[1], buyer_dark[1], "by the second buyer");
  if (p->flags & SHELF_SVG_EXPLAIN)
    legend_item(p, &lx, &y, "#ffffff", TRAP, "the greedy trap");
  y = paragraph(p, MARGIN, y + 20, limit_x(p), "fill=\"" MUTED "\"",
                "Circle area: the weight (hollow: zero or negative). Below "
                "each wheel: its place on the shelf, then the turn it is "
                "taken.") -
      18;

  size_t *turn_of = malloc(n * sizeof *turn_of);
  shelf_cell *cells = NULL;
  if (n <= SHELF_SVG_LEAD_MAX)
    cells = malloc(n * n * sizeof *cells);
  if (turn_of == NULL || (n <= SHELF_SVG_LEAD_MAX && cells == NULL) ||
      (cells != NULL && shelf_lead_table(p->w, n, cells) != SHELF_OK)) {
    free(turn_of);
    free(cells);
    p->body.nomem = 1;
    return;
  }
  size_t i = 0, j = n - 1;
  for (size_t t = 0; t < n; t++)
    turn_of[p->ends[t] == SHELF_LEFT ? i++ : j--] = t + 1;

  /* A slot wide enough for the wheel and for the longest weight above it,
   * with GAP px between neighbouring labels. */
  u128 heaviest = 1;
  int widest = 0;
  for (size_t k = 0; k < n; k++) {
    if (umag(p->w[k]) > heaviest)
      heaviest = umag(p->w[k]);
    int px = number_px(p->w[k], 130) / 10 + 1;
    if (px > widest)
      widest = px;
  }
  int slot = 2 * RADIUS + 14;
  if (widest + GAP > slot)
    slot = widest + GAP;

  /* One rule for the rows, whatever n: as many wheels as the width holds,
   * then the rows balanced. The lead table then stands beside the rows if
   * it fits there, else below them; it never changes the rows. */
  int x0 = MARGIN + GUTTER;
  int room = limit_x(p) - x0;
  size_t fit = room / slot > 0 ? (size_t)(room / slot) : 1;
  size_t rows = (n + fit - 1) / fit;
  size_t per_row = (n + rows - 1) / rows;
  table_layout table = {0, 0, 0};
  int beside = 0;
  if (cells != NULL) {
    table = table_wish(p, cells);
    beside = (int)per_row * slot + HEAT_GAP + table.width <= room;
    if (!beside) {
      /* Below, there is room: cells grow to hold their numbers at full
       * size, or shrink to the width if they must. */
      int most = (limit_x(p) - MARGIN - AXIS) / (int)n;
      if (table.cell < table.biggest10 / 10 + 10)
        table.cell = table.biggest10 / 10 + 10;
      if (table.cell > most)
        table.cell = most < 8 ? 8 : most;
      table.width = AXIS + (int)n * table.cell;
      if (table.width < limit_x(p) - MARGIN)
        table.width = limit_x(p) - MARGIN;
    }
  }

  int top = y + 44;
  row_layout r = row_at(p, top);
  put_str(&p->body, "<g class=\"shelf\">\n");
  for (size_t row = 0; row < rows; row++) {
    r = row_at(p, top + (int)row * (r.height + 8));
    size_t first = row * per_row;
    size_t count = n - first < per_row ? n - first : per_row;
    putf(&p->body,
         "<rect class=\"plank\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"6\" "
         "rx=\"2\" fill=\"" WOOD "\"/>\n",
         x0 - 4, r.plank, (int)count * slot + 8);
    label(p, x0 - 8, r.weight, 11, "end", "fill=\"" MUTED "\"", "kilos");
    label(p, x0 - 8, r.index, 11, "end", "fill=\"" MUTED "\"", "wheel");
    label(p, x0 - 8, r.turn, 11, "end", "fill=\"" MUTED "\"", "turn");
    for (size_t k = first; k < first + count; k++)
      draw_wheel(p, k, x0 + (int)(k - first) * slot + slot / 2, &r, heaviest,
                 turn_of[k]);
  }
  put_str(&p->body, "</g>\n");
  free(turn_of);
  int bottom = top + (int)rows * (r.height + 8);
  extend(p, x0 + (int)per_row * slot, bottom);

  if (cells != NULL) {
    int table_bottom;
    if (beside)
      table_bottom = draw_lead_table(p, cells, &table,
                                     x0 + (int)per_row * slot + HEAT_GAP, top);
    else
      table_bottom = draw_lead_table(p, cells, &table, MARGIN, bottom + 16);
    if (table_bottom > bottom)
      bottom = table_bottom;
    free(cells);
  }
  if (p->flags & SHELF_SVG_EXPLAIN)
    draw_explanation(p, bottom + 28);
}

/* ==== The summary picture ==== */

typedef struct bin {
  u128 mass[2];  /* kilos by magnitude, per buyer */
  i128 kilos[2]; /* signed kilos, per buyer */
} bin;

/* One turn of the line, remembered for the list of first and last turns. */
typedef struct turn_note {
  size_t turn, wheel;
  unsigned char end;
} turn_note;

/* One turn of the list, wrapped to the column; returns the y after it. */
static int turn_line(picture *p, int x, int y, int right, const turn_note *t) {
  int b = (int)((t->turn - 1) % 2);
  text s = {0};
  putf(&s, "turn %z: %s buyer, %s end, wheel %z (%w %s)", t->turn,
       shelf_buyer_name((shelf_buyer)b), shelf_end_name((shelf_end)t->end), t->wheel + 1, p->w[t->wheel],
       shelf_kilos_word(p->w[t->wheel]));
  if (s.nomem)
    p->body.nomem = 1;
  y = wrapped(p, x, y, right, 12, "class=\"summary-turn\" fill=\"" INK "\"",
              s.p != NULL ? s.p : "");
  free(s.p);
  return y;
}

/* Where a label for the strip at x goes: centred, unless that would pass
 * an end of the strip. */
static const char *strip_anchor(int x, int x0, int strip) {
  return x < x0 + 60 ? "start" : x > x0 + strip - 60 ? "end" : "middle";
}

static void draw_summary(picture *p) {
  size_t n = p->n;
  int y = draw_heading(p, " (summary)") + 4;
  int64_t lo = p->w[0], hi = p->w[0];
  for (size_t k = 1; k < n; k++) {
    if (p->w[k] < lo)
      lo = p->w[k];
    if (p->w[k] > hi)
      hi = p->w[k];
  }
  i128 total = p->result.first + p->result.second;
  text s = {0};
  putf(&s,
       "Too many wheels to draw one by one: the shelf in %d bars of about "
       "%z wheels; weights from %w to %w, %I %s in all.",
       SUMMARY_BINS, n / SUMMARY_BINS, lo, hi, &total, shelf_kilos_word(total));
  if (s.nomem)
    p->body.nomem = 1;
  y = paragraph(p, MARGIN, y, limit_x(p),
                "class=\"summary\" fill=\"" MUTED "\"", s.p != NULL ? s.p : "");
  free(s.p);

  /* One pass over the line: each wheel's buyer into its bin, and the first
   * and last turns kept for the list. O(n) time, O(1) beyond the line. */
  bin bins[SUMMARY_BINS];
  memset(bins, 0, sizeof bins);
  turn_note first[LINE_SHOWN], last[LINE_SHOWN];
  size_t i = 0, j = n - 1;
  for (size_t t = 0; t < n; t++) {
    size_t k = p->ends[t] == SHELF_LEFT ? i++ : j--;
    bin *bn = &bins[(u128)k * SUMMARY_BINS / n];
    bn->mass[t % 2] += umag(p->w[k]);
    bn->kilos[t % 2] += p->w[k];
    turn_note note = {t + 1, k, p->ends[t]};
    if (t < LINE_SHOWN)
      first[t] = note;
    last[t % LINE_SHOWN] = note;
  }
  u128 tallest = 1;
  for (int b = 0; b < SUMMARY_BINS; b++)
    if (bins[b].mass[0] + bins[b].mass[1] > tallest)
      tallest = bins[b].mass[0] + bins[b].mass[1];
  /* mass * BAR_HEIGHT fits in u128 for any shelf that fits in memory; the
   * shift keeps it so even for sums near 2^127. */
  int shift = 0;
  while ((tallest >> shift) > ((u128)1 << 100))
    shift++;

  int bin_width = (limit_x(p) - MARGIN) / SUMMARY_BINS;
  if (bin_width < 2)
    bin_width = 2;
  int strip = SUMMARY_BINS * bin_width;
  int x0 = MARGIN, trap_row = y + 14, base = y + 34 + BAR_HEIGHT;
  put_str(&p->body, "<g class=\"summary-strip\">\n");
  putf(&p->body,
       "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"6\" rx=\"2\" "
       "fill=\"" WOOD "\"/>\n",
       x0 - 4, base, strip + 8);
  for (int b = 0; b < SUMMARY_BINS; b++) {
    size_t from = (size_t)((u128)b * n / SUMMARY_BINS);
    size_t to = (size_t)((u128)(b + 1) * n / SUMMARY_BINS);
    int top = base;
    for (int who = 0; who < 2; who++) {
      int h =
          (int)((bins[b].mass[who] >> shift) * BAR_HEIGHT / (tallest >> shift));
      if (h == 0)
        continue;
      top -= h;
      putf(&p->body,
           "<rect class=\"bin %s\" x=\"%d\" y=\"%d\" width=\"%d\" "
           "height=\"%d\" fill=\"%s\"><title>wheels %z to %z: the %s buyer "
           "takes %I %s of them</title></rect>\n",
           shelf_buyer_name((shelf_buyer)who), x0 + b * bin_width, top, bin_width - 1, h,
           buyer_fill[who], from + 1, to, shelf_buyer_name((shelf_buyer)who), &bins[b].kilos[who],
           shelf_kilos_word(bins[b].kilos[who]));
    }
  }
  label(p, x0, base + 22, 11, "start", "fill=\"" MUTED "\"", "wheel 1");
  label(p, x0 + strip, base + 22, 11, "end", "fill=\"" MUTED "\"", "wheel %z",
        n);
  /* Where the last wheel of the game stood: the game ends there. */
  const turn_note *end = &last[(n - 1) % LINE_SHOWN];
  int ex = x0 + (int)((u128)end->wheel * (u128)strip / n);
  putf(&p->body,
       "<path class=\"last-turn\" d=\"M%d %dl-5 9h10z\" fill=\"" INK "\"/>\n",
       ex, base + 28);
  label(p, ex, base + 50, 11, strip_anchor(ex, x0, strip), "fill=\"" INK "\"",
        "last turn: wheel %z", end->wheel + 1);
  if (has_trap(p)) {
    int tx = x0 + (int)((u128)p->ex.mistake_wheel * (u128)strip / n);
    putf(&p->body,
         "<g class=\"trap\"><path d=\"M%d %dl-6 -10h12z\" fill=\"" TRAP
         "\"/><title>the greedy trap: at turn %u greedy takes wheel %u, "
         "which costs %I %s of lead</title></g>\n",
         tx, trap_row + 16, p->ex.mistake_turn, p->ex.mistake_wheel + 1,
         &p->ex.mistake_cost, shelf_kilos_word(p->ex.mistake_cost));
    label(p, tx, trap_row, 11, strip_anchor(tx, x0, strip),
          "class=\"trap-label\" font-weight=\"bold\" fill=\"" TRAP "\"",
          "trap: wheel %u", p->ex.mistake_wheel + 1);
  }
  put_str(&p->body, "</g>\n");
  y = base + 78;
  int lx = x0;
  legend_item(p, &lx, &y, buyer_fill[0], buyer_dark[0], "first buyer");
  legend_item(p, &lx, &y, buyer_fill[1], buyer_dark[1], "second buyer");
  y = paragraph(p, MARGIN, y + 20, limit_x(p), "fill=\"" MUTED "\"",
                "Bar height: the kilos in the bar, split by the buyer who "
                "takes them.") +
      16;
  /* Two columns if the width holds them, else one under the other. */
  int column = (limit_x(p) - x0 - 30) / 2, two = column >= 380;
  int right0 = two ? x0 + column : limit_x(p);
  label(p, x0, y, 14, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The first turns of the line");
  int y0 = y + 20;
  for (size_t t = 0; t < LINE_SHOWN; t++)
    y0 = turn_line(p, x0, y0, right0, &first[t]);
  int x1 = two ? x0 + column + 30 : x0;
  int y1 = two ? y : y0 + 14;
  label(p, x1, y1, 14, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The last turns");
  y1 += 20;
  for (size_t t = 0; t < LINE_SHOWN; t++)
    y1 = turn_line(p, x1, y1, limit_x(p),
                   &last[(n - LINE_SHOWN + t) % LINE_SHOWN]);
  y = (y0 > y1 ? y0 : y1) + 16;
  if (p->flags & SHELF_SVG_EXPLAIN)
    draw_explanation(p, y + 10);
}

/* ==== Putting it together ==== */

static void draw_empty(picture *p) {
  label(p, MARGIN, 36, 20, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The ripening shelf: empty");
  label(p, MARGIN, 62, 14, "start", "class=\"totals\" fill=\"" INK "\"",
        "No wheels: both buyers finish with 0 kilos, margin 0.");
}

/* Solves the shelf; with SHELF_SVG_EXPLAIN, explains it as the command's
 * --explain does (the same limit, so the same sentences). */
static shelf_status prepare(picture *p) {
  /* The explanation holds perfect play's result too: solve only once. */
  shelf_status st =
      (p->flags & SHELF_SVG_EXPLAIN)
          ? shelf_explain(p->w, p->n, 0, &p->ex)
          : shelf_solve(p->w, p->n, SHELF_ENGINE_LINEAR, &p->result);
  if (st != SHELF_OK)
    return st;
  if (p->flags & SHELF_SVG_EXPLAIN) {
    p->result.n = p->ex.n;
    p->result.margin = p->ex.margin;
    p->result.first = p->ex.first;
    p->result.second = p->ex.second;
  } else { /* only the perfect-play sentence is said: it reads these */
    p->ex.margin = p->result.margin;
    p->ex.first = p->result.first;
    p->ex.second = p->result.second;
  }
  if (p->n == 0)
    return SHELF_OK;
  p->ends = malloc(p->n);
  if (p->ends == NULL)
    return SHELF_NOMEM;
  return shelf_line(p->w, p->n, p->ends);
}

shelf_status shelf_svg_width(const int64_t *weights, size_t n, unsigned flags,
                             unsigned width, char **svg, size_t *len) {
  if (width == 0)
    width = SHELF_SVG_WIDTH;
  if (svg == NULL || (weights == NULL && n > 0) ||
      (flags & ~(unsigned)SHELF_SVG_EXPLAIN) != 0 ||
      width < SHELF_SVG_WIDTH_MIN || width > SHELF_SVG_WIDTH_MAX)
    return SHELF_INVALID;
  picture p = {0};
  p.w = weights;
  p.n = n;
  p.flags = flags;
  p.width = (int)width;
  shelf_status st = prepare(&p);
  if (st == SHELF_OK) {
    if (n == 0)
      draw_empty(&p);
    else if (n <= SHELF_SVG_WHEELS_MAX)
      draw_detailed(&p);
    else
      draw_summary(&p);
  }
  free(p.ends);
  text out = {0};
  if (st == SHELF_OK && !p.body.nomem) {
    /* The picture is `width` px wide. Drawn wider (a weight too long for
     * the width), it is scaled down to fit rather than cut off. */
    int vw = p.right + MARGIN > p.width ? p.right + MARGIN : p.width;
    int vh = p.bottom + MARGIN;
    int height = (int)((long)vh * p.width / vw);
    putf(&out,
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
         "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
         "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n"
         "<title>The ripening shelf: %z wheels, margin %I</title>\n"
         "<desc>Generated by libshelf %s</desc>\n"
         "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
         p.width, height, vw, vh, n, &p.result.margin, shelf_version(), vw, vh);
    put_bytes(&out, p.body.p, p.body.len);
    put_str(&out, "</svg>\n");
  }
  free(p.body.p);
  if (st == SHELF_OK && (p.body.nomem || out.nomem))
    st = SHELF_NOMEM;
  if (st != SHELF_OK) {
    free(out.p);
    return st;
  }
  *svg = out.p;
  if (len != NULL)
    *len = out.len;
  return SHELF_OK;
}

shelf_status shelf_svg(const int64_t *weights, size_t n, unsigned flags,
                       char **svg, size_t *len) {
  return shelf_svg_width(weights, n, flags, 0, svg, len);
}

void shelf_svg_free(char *svg) { free(svg); }
