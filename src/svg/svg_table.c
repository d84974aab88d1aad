/*
 * svg_table.c - the lead table of a picture: the lead of every block i..j
 * as a heat map with its number written in each cell, the line's blocks
 * outlined, a numbered colour scale; or, in a question, empty boxes to fill
 * in with the short blocks given.
 *
 * Colour follows a signed logarithmic scale from white towards
 * SHELF_COLOUR_AHEAD (positive) or SHELF_COLOUR_BEHIND (negative).
 */
#include "svg_picture.h"

#include <string.h>

/*
 * Colour follows a signed logarithmic scale: amount = FLOOR + (1000 - FLOOR)
 * * log(1 + |lead|) / log(1 + biggest). A linear scale made every lead much
 * smaller than the biggest white, the colour of level; on this one a lead
 * of 1 next to a lead of 10^18 is still FLOOR/1000 of the way to its hue.
 */
enum { FLOOR = 320 };

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
  /* As unsigned, so that the lowest shelf_i128 has a magnitude too; mag +
   * 1 and top + 1 cannot wrap, as a magnitude is at most 2^127. */
  u128 mag = v < 0 ? (u128)0 - (u128)v : (u128)v;
  u128 top = biggest < 0 ? (u128)0 - (u128)biggest : (u128)biggest;
  if (top < mag)
    top = mag;
  return FLOOR +
         (int)((1000 - FLOOR) * log2_256(mag + 1) / log2_256(top + 1));
}

/* sRGB's channel values 0..255 made linear, times 10000: ((c / 255 +
 * 0.055) / 1.055)^2.4, or c / 255 / 12.92 for the darkest, rounded. A
 * table, so every machine gives the same ink. */
static const int16_t linear[256] = {
    0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33,
    37, 40, 44, 48, 52, 56, 60, 65, 70, 75, 80, 86,
    91, 97, 103, 110, 116, 123, 130, 137, 144, 152, 160, 168,
    176, 185, 194, 203, 212, 222, 232, 242, 252, 262, 273, 284,
    296, 307, 319, 331, 343, 356, 369, 382, 395, 409, 423, 437,
    452, 467, 482, 497, 513, 529, 545, 561, 578, 595, 612, 630,
    648, 666, 685, 704, 723, 742, 762, 782, 802, 823, 844, 865,
    887, 908, 931, 953, 976, 999, 1022, 1046, 1070, 1095, 1119, 1144,
    1170, 1195, 1221, 1248, 1274, 1301, 1329, 1356, 1384, 1413, 1441, 1470,
    1500, 1529, 1559, 1590, 1620, 1651, 1683, 1714, 1746, 1779, 1812, 1845,
    1878, 1912, 1946, 1981, 2016, 2051, 2086, 2122, 2159, 2195, 2232, 2270,
    2307, 2346, 2384, 2423, 2462, 2502, 2542, 2582, 2623, 2664, 2705, 2747,
    2789, 2831, 2874, 2918, 2961, 3005, 3050, 3095, 3140, 3185, 3231, 3278,
    3325, 3372, 3419, 3467, 3515, 3564, 3613, 3663, 3712, 3763, 3813, 3864,
    3916, 3968, 4020, 4072, 4125, 4179, 4233, 4287, 4342, 4397, 4452, 4508,
    4564, 4621, 4678, 4735, 4793, 4851, 4910, 4969, 5029, 5089, 5149, 5210,
    5271, 5333, 5395, 5457, 5520, 5583, 5647, 5711, 5776, 5841, 5906, 5972,
    6038, 6105, 6172, 6240, 6308, 6376, 6445, 6514, 6584, 6654, 6724, 6795,
    6867, 6939, 7011, 7084, 7157, 7231, 7305, 7379, 7454, 7529, 7605, 7682,
    7758, 7835, 7913, 7991, 8070, 8148, 8228, 8308, 8388, 8469, 8550, 8632,
    8714, 8796, 8879, 8963, 9047, 9131, 9216, 9301, 9387, 9473, 9560, 9647,
    9734, 9823, 9911, 10000};

/* Relative luminance (WCAG 2) of a colour, times 10000. */
static int64_t luminance(const int rgb[3]) {
  return (2126 * (int64_t)linear[rgb[0]] + 7152 * (int64_t)linear[rgb[1]] +
          722 * (int64_t)linear[rgb[2]]) /
         10000;
}

shelf_status shelf_lead_colour(shelf_i128 lead, shelf_i128 biggest, char *fill,
                               char *ink) {
  static const char digits[] = "0123456789abcdef";
  if (fill == NULL)
    return SHELF_INVALID;
  int rgb[3];
  shelf__svg_tint_rgb(lead >= 0 ? SHELF_COLOUR_AHEAD : SHELF_COLOUR_BEHIND,
                      tint_amount(lead, biggest), rgb);
  fill[0] = '#';
  for (int c = 0; c < 3; c++) {
    fill[1 + 2 * c] = digits[rgb[c] / 16];
    fill[2 + 2 * c] = digits[rgb[c] % 16];
  }
  fill[7] = '\0';
  if (ink != NULL) {
    int on[3];
    shelf__svg_tint_rgb(SHELF_COLOUR_INK, 1000, on);
    /* White or ink, whichever stands out more on the fill by WCAG 2's
     * contrast ratio: (L1 + 0.05) / (L2 + 0.05) of relative luminances.
     * Against white that is 1.05 / (L + 0.05), against ink (L + 0.05) /
     * (Lk + 0.05); white wins where 1.05 * (Lk + 0.05) > (L + 0.05)^2. At
     * worst (a fill between) the winner has about 4.2 to 1. */
    int64_t l = luminance(rgb) + 500, k = luminance(on) + 500;
    memcpy(ink, 10500 * k > l * l ? "#ffffff" : SHELF_COLOUR_INK,
           SHELF_COLOUR_BUFSIZE);
  }
  return SHELF_OK;
}

static void put_lead_colour(text *t, i128 v, i128 biggest) {
  char fill[SHELF_COLOUR_BUFSIZE];
  shelf_lead_colour(v, biggest, fill, NULL);
  shelf__text_bytes(t, fill, 7);
}

/* Text on a cell: the ink shelf_lead_colour() gives its fill. */
static const char *ink_on(i128 v, i128 biggest) {
  char fill[SHELF_COLOUR_BUFSIZE], ink[SHELF_COLOUR_BUFSIZE];
  shelf_lead_colour(v, biggest, fill, ink);
  return ink[1] == 'f' ? "#ffffff" : INK;
}

/* Room left of the cells for a row's header: its place, then its weight. */
static int axis_width(const picture *p) {
  int place = 0, weight = 0;
  for (size_t k = 0; k < p->n; k++) {
    int px = shelf__svg_number_px((i128)k + 1, 110) / 10 + 1;
    if (px > place)
      place = px;
    px = shelf__svg_number_px(p->w[k], 110) / 10 + 1;
    if (px > weight)
      weight = px;
  }
  return 4 + place + 8 + weight + 6;
}

/* The cell size the numbers would like: room for the widest at 11 px. */
table_layout shelf__svg_table_wish(const picture *p, const shelf_cell *cells) {
  size_t n = p->n;
  int widest = 0;
  for (size_t a = 0; a < n; a++)
    for (size_t b = a; b < n; b++) {
      int px = shelf__svg_number_px(cells[a * n + b].lead, 110);
      if (px > widest)
        widest = px;
    }
  table_layout t;
  t.biggest10 = widest;
  t.axis = axis_width(p);
  t.cell = widest / 10 + 10;
  if (t.cell < 320 / (int)n)
    t.cell = 320 / (int)n;
  if (t.cell > 48)
    t.cell = 48;
  if (t.cell < 22)
    t.cell = 22;
  t.width = t.axis + (int)n * t.cell;
  if (t.width < TABLE_TEXT)
    t.width = TABLE_TEXT;
  if (t.width > limit_x(p) - MARGIN) /* its text wraps to the width */
    t.width = limit_x(p) - MARGIN > t.axis + (int)n * t.cell
                  ? limit_x(p) - MARGIN
                  : t.axis + (int)n * t.cell;
  return t;
}

/* The scale's marks: 0, 1, the biggest lead and, when they are far apart,
 * the power of ten nearest their geometric middle; each with its sign. */
static size_t scale_marks(i128 biggest, i128 *marks) {
  size_t k = 0;
  i128 mid = 0;
  if (biggest >= 10) {
    i128 root = (i128)shelf__svg_isqrt((u128)biggest);
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
  shelf__text_str(&p->body, "<g class=\"lead-scale\">\n");
  for (size_t k = 0; k < count; k++) {
    int sy = y + (int)k * 17;
    shelf__text_format(&p->body,
                       "<rect class=\"scale\" x=\"%d\" y=\"%d\" width=\"28\" "
                       "height=\"15\" fill=\"",
                       x, sy);
    put_lead_colour(&p->body, marks[k], biggest);
    shelf__text_format(&p->body,
                       "\" stroke=\"" MUTED
                       "\" stroke-width=\"0.5\"><title>lead %I"
                       "</title></rect>\n",
                       &marks[k]);
    const char *side = marks[k] < 0   ? " (behind)"
                       : marks[k] > 0 ? " (ahead)"
                                      : " (level)";
    label(p, x + 36, sy + 12, 11, "start",
          "class=\"scale-value\" fill=\"" INK "\"", "%I%s", &marks[k],
          k == 0 || k + 1 == count || marks[k] == 0 ? side : "");
  }
  shelf__text_str(&p->body, "</g>\n");
  return y + (int)count * 17 + 4;
}

/* The font size, in tenths of a px and at most 11 px, at which text fits
 * in `room` px. */
static int fitting_size(const char *s, size_t len, int room) {
  int px10 = shelf__svg_text_px(s, len, 110, 0);
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
/* A cell's text, fitting its cell with 3 px to spare on each side: the
 * font shrinks for a long number, and one that would drop below 7 px is
 * written short, to three figures ("9.22e18"; the title has it all). */
static void cell_number(picture *p, i128 v, int cx, int cy, int cell,
                        const char *attrs) {
  char digits[SHELF_I128_BUFSIZE];
  size_t len = shelf_i128_format(v, digits);
  int size10 = fitting_size(digits, len, cell - 6);
  if (size10 < 70) {
    len = short_number(v, digits);
    size10 = fitting_size(digits, len, cell - 6);
  }
  shelf__svg_label10(p, cx, cy + size10 / 30, size10, "middle", attrs, "%s",
                     digits);
}

/* The headers: each row and column names its wheel's place and weight. */
static void draw_axes(picture *p, const table_layout *t, int gx, int gy) {
  int cell = t->cell, every = cell >= 20 ? 1 : 5;
  int axis10 = cell >= 20 ? 110 : 90;
  for (size_t k = 0; k < p->n; k++) {
    if ((k + 1) % (size_t)every != 0 && k != 0 && k != p->n - 1)
      continue;
    int cx = gx + (int)k * cell + cell / 2, cy = gy + (int)k * cell + cell / 2;
    shelf__svg_label10(p, cx, gy - 18, axis10, "middle",
                       "class=\"axis\" fill=\"" MUTED "\"", "%z", k + 1);
    cell_number(p, p->w[k], cx, gy - 8, cell + 4,
                "class=\"axis-weight\" fill=\"" INK "\"");
    shelf__svg_label10(p, gx - 5, cy + 4, axis10, "end",
                       "class=\"axis-weight\" fill=\"" INK "\"", "%w", p->w[k]);
    shelf__svg_label10(p, gx - t->axis + 4, cy + 4, axis10, "start",
                       "class=\"axis\" fill=\"" MUTED "\"", "%z", k + 1);
  }
}

/* Whether a question gives the cell of block a..b. */
static int given(const picture *p, size_t a, size_t b) {
  return b - a + 1 <= p->o.given;
}

/* The heat map at (x, y), its column `width` px wide; returns its bottom.
 * In a question, empty boxes, but for the short blocks it gives. */
int shelf__svg_draw_lead_table(picture *p, const shelf_cell *cells,
                               const table_layout *t, int x, int y) {
  size_t n = p->n;
  int cell = t->cell, right = x + t->width, ask = question(p);
  /* Which blocks the line passes through, and the one left now. */
  unsigned char *on_line = calloc(n * n, 1);
  if (on_line == NULL) {
    p->body.nomem = 1;
    return y;
  }
  size_t now_a = n, now_b = n;
  if (!ask) {
    shelf_position g;
    shelf_position_start(&g, n);
    for (size_t turn = 0; turn < n; turn++) {
      on_line[g.first * n + (g.last - 1)] = 1;
      if (p->o.turn == turn && turn > 0)
        now_a = (size_t)g.first, now_b = (size_t)g.last - 1;
      shelf_replay(p->w, p->ends, 1, &g, NULL);
    }
  }
  i128 biggest = 0;
  shelf_lead_table_largest(cells, n, &biggest);

  shelf__text_str(&p->body, "<g class=\"lead-table\">\n");
  label(p, x, y, 15, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The lead table");
  y = shelf__svg_paragraph(
      p, x, y + 20, right, "fill=\"" MUTED "\"",
      ask ? "Row i, column j: write the lead of wheels i to j for "
            "the buyer to move (what that buyer finishes ahead by "
            "on them)."
          : "Row i, column j: the lead of wheels i to j for the "
            "buyer to move (what that buyer finishes ahead by on "
            "them).");
  int gx = x + t->axis, gy = y + 26;
  draw_axes(p, t, gx, gy);
  gy += 4;
  for (size_t a = 0; a < n; a++) {
    for (size_t b = a; b < n; b++) {
      i128 v = cells[a * n + b].lead;
      int cx = gx + (int)b * cell, cy = gy + (int)a * cell;
      int shown = !ask || given(p, a, b);
      const char *kind = ask                  ? (shown ? " given" : " blank")
                         : on_line[a * n + b] ? " on-line"
                                              : "";
      shelf__text_format(
          &p->body,
          "<rect class=\"lead%s%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
          "height=\"%d\" fill=\"",
          kind, a == now_a && b == now_b ? " now" : "", cx, cy, cell - 1,
          cell - 1);
      if (ask)
        shelf__text_str(&p->body,
                        "#ffffff\" stroke=\"" MUTED "\" stroke-width=\"1\"");
      else
        put_lead_colour(&p->body, v, biggest);
      if (!ask)
        shelf__text_str(&p->body, "\"");
      if (a == now_a && b == now_b)
        shelf__text_str(&p->body, " stroke=\"" TRAP "\" stroke-width=\"3\"");
      else if (on_line[a * n + b])
        shelf__text_str(&p->body, " stroke=\"" INK "\" stroke-width=\"2\"");
      if (shown)
        shelf__text_format(&p->body,
                           "><title>lead(%z, %z) = %I</title></rect>\n", a + 1,
                           b + 1, &v);
      else
        shelf__text_format(&p->body,
                           "><title>lead(%z, %z) = ?</title></rect>\n", a + 1,
                           b + 1);
      if (!shown)
        continue;
      text attrs = {0};
      shelf__text_format(&attrs, "class=\"lead-value\" fill=\"%s\"",
                         ask ? INK : ink_on(v, biggest));
      cell_number(p, v, cx + (cell - 1) / 2, cy + cell / 2, cell,
                  attrs.p != NULL ? attrs.p : "");
      if (attrs.nomem)
        p->body.nomem = 1;
      free(attrs.p);
    }
  }
  shelf__svg_extend(p, gx + (int)n * cell, gy + (int)n * cell);
  y = gy + (int)n * cell + 22;
  if (!ask) {
    y = draw_scale(p, x, y, biggest) + 20;
    y = shelf__svg_paragraph(
        p, x, y, right, "fill=\"" MUTED "\"",
        "Outlined: the blocks the line passes through, from the "
        "whole shelf (top right, the margin) down to the last "
        "wheel (on the diagonal).");
  }
  shelf__text_str(&p->body, "</g>\n");
  free(on_line);
  return y;
}
