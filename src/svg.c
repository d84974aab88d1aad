/*
 * svg.c - pictures of a shelf and its perfect game, as SVG 1.1 text built in
 * memory (the library does no I/O; the caller writes the text out).
 *
 * Up to SHELF_SVG_WHEELS_MAX wheels the picture is detailed: every wheel is
 * a circle standing on the shelf, its area following its weight, coloured by
 * the buyer who takes it in the line and numbered by the turn it is taken;
 * up to SHELF_SVG_LEAD_MAX wheels the lead table of the interval DP stands
 * beside it as a heat map, with the blocks the line passes through outlined.
 * Longer shelves get a summary whose size does not grow with the shelf: the
 * shelf in SUMMARY_BINS bars, each split by the buyers' shares, and the
 * line's first and last turns. The explanation flag adds the greedy trap.
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
  MARGIN = 24, /* around the whole picture */
  RADIUS = 26, /* the heaviest wheel's radius, px (BIG_RADIUS when
                  the shelf fits in one row) */
  BIG_RADIUS = 32,
  ONE_ROW = 12,        /* the most wheels drawn in one row */
  MIN_R10 = 20,        /* smallest radius of a nonzero wheel, tenths of px */
  ZERO_R = 4,          /* radius of a wheel weighing nothing */
  ROW_TOP = 112,       /* where the first row of wheels starts */
  ROW_EXTRA = 16 + 50, /* a row's height besides its wheels: weight
                          above; plank, turn and trap tag below */
  GUTTER = 24,         /* left of wrapped rows, for their first positions */
  WRAP = 110,          /* characters a line of the explanation may hold */
  HEAT_GAP = 48,       /* between the wheels and the lead table */
  SUMMARY_BINS = 100,
  BIN_WIDTH = 8,    /* px per bar of the summary */
  BAR_HEIGHT = 160, /* px of the tallest bar */
  LINE_SHOWN = 5    /* first and last turns listed in the summary */
};

static const char *const buyer_fill[2] = {"#2563eb", "#ea580c"};
static const char *const buyer_dark[2] = {"#1e3a8a", "#9a3412"};
static const char *const buyer_word[2] = {"first", "second"};
static const char *const turn_attrs[2] = {
    "class=\"turn\" font-weight=\"bold\" fill=\"#1e3a8a\"",
    "class=\"turn\" font-weight=\"bold\" fill=\"#9a3412\""};
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
 *   %d int, %z size_t, %u uint64_t, %t int tenths ("12.5"),
 *   %I a pointer to an i128, %s markup written as is (our constants only),
 *   %e text escaped for XML, %% a percent sign.
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

/* ==== The picture being drawn ==== */

typedef struct picture {
  text body;         /* everything inside <svg>, drawn first */
  int right, bottom; /* the extent drawn so far, to size the picture */
  const int64_t *w;
  size_t n;
  unsigned flags;
  unsigned char *ends; /* the line */
  shelf_result result;
  shelf_explanation ex; /* with SHELF_SVG_EXPLAIN */
  size_t trap_wheel;    /* with ex.mistake == 1: the wheel greedy takes */
  size_t trap_other;    /* and the one the line takes at that turn */
  int radius;           /* of the heaviest wheel, px */
} picture;

static void extend(picture *p, int x, int y) {
  if (x > p->right)
    p->right = x;
  if (y > p->bottom)
    p->bottom = y;
}

/*
 * Text at (x, y) with the given anchor ("start", "middle", "end"). Its width
 * is estimated at 0.56 em a character, about right for sans-serif digits and
 * lower-case letters, so that the picture is made wide enough to hold it.
 */
static void label(picture *p, int x, int y, int size, const char *anchor,
                  const char *attrs, const char *fmt, ...) {
  text s = {0};
  va_list ap;
  va_start(ap, fmt);
  vputf(&s, fmt, ap);
  va_end(ap);
  if (s.nomem) {
    p->body.nomem = 1;
    free(s.p);
    return;
  }
  int width = (int)((s.len * (size_t)size * 56 + 99) / 100);
  int left = x;
  if (strcmp(anchor, "middle") == 0)
    left = x - width / 2;
  else if (strcmp(anchor, "end") == 0)
    left = x - width;
  extend(p, left + width, y + size / 3);
  putf(&p->body, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"%s\"",
       x, y, size, anchor);
  if (attrs != NULL && attrs[0] != '\0')
    putf(&p->body, " %s", attrs);
  put_str(&p->body, ">");
  put_escaped(&p->body, s.p != NULL ? s.p : "", s.len);
  put_str(&p->body, "</text>\n");
  free(s.p);
}

/* Text wrapped at spaces into lines of at most WRAP characters, 18 px
 * apart; returns the y after the last line. Frees nothing of `s`. */
static int paragraph(picture *p, int x, int y, const char *attrs,
                     const text *s) {
  if (s->nomem) {
    p->body.nomem = 1;
    return y;
  }
  const char *at = s->p != NULL ? s->p : "";
  size_t left = s->len;
  text piece = {0};
  while (left > 0) {
    size_t take = left;
    if (take > WRAP) {
      take = WRAP;
      while (take > 0 && at[take] != ' ')
        take--;
      if (take == 0)
        take = WRAP; /* one long word: cut it */
    }
    piece.len = 0;
    put_bytes(&piece, at, take);
    label(p, x, y, 13, "start", attrs, "%s", piece.p ? piece.p : "");
    y += 18;
    while (take < left && at[take] == ' ')
      take++;
    at += take;
    left -= take;
  }
  if (piece.nomem)
    p->body.nomem = 1;
  free(piece.p);
  return y;
}

/* "7 kilos ahead", "5 kilos behind", "level", from the margin's sign. */
static const char *standing_word(i128 v) {
  return v > 0 ? " kilos ahead" : v < 0 ? " kilos behind" : "level";
}

static i128 magnitude(i128 v) { return v < 0 ? -v : v; }

/* The standing as text: the magnitude and the word, or just "level". */
static void put_standing(text *t, i128 v) {
  if (v != 0) {
    i128 m = magnitude(v);
    put_i128(t, m);
  }
  put_str(t, standing_word(v));
}

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

/* #rrggbb between white (amount 0) and `hex` (amount 1000). */
static void put_tint(text *t, const char *hex, int amount) {
  static const char digits[] = "0123456789abcdef";
  char out[8] = "#";
  for (int c = 0; c < 3; c++) {
    int hi = (int)(strchr(digits, hex[1 + 2 * c]) - digits);
    int lo = (int)(strchr(digits, hex[2 + 2 * c]) - digits);
    int v = 255 - (255 - (hi * 16 + lo)) * amount / 1000;
    out[1 + 2 * c] = digits[v / 16];
    out[2 + 2 * c] = digits[v % 16];
  }
  put_bytes(t, out, 7);
}

/* ==== Common parts ==== */

static void draw_heading(picture *p, const char *what) {
  label(p, MARGIN, 36, 20, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The ripening shelf: %z wheel%s%s", p->n, p->n == 1 ? "" : "s", what);
  text s = {0};
  putf(&s,
       "Perfect play: first buyer %I kilos, second buyer %I kilos, "
       "margin %I (the first buyer finishes ",
       &p->result.first, &p->result.second, &p->result.margin);
  put_standing(&s, p->result.margin);
  put_str(&s, ").");
  if (s.nomem)
    p->body.nomem = 1;
  label(p, MARGIN, 62, 14, "start", "class=\"totals\" fill=\"" INK "\"", "%s",
        s.p != NULL ? s.p : "");
  free(s.p);
}

/* A coloured dot and a word, for the legends; returns the x after it. */
static int legend_item(picture *p, int x, int y, const char *fill,
                       const char *word) {
  putf(&p->body,
       "<circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\" stroke=\"none\"/>\n",
       x + 6, y - 4, fill);
  label(p, x + 16, y, 12, "start", "fill=\"" INK "\"", "%s", word);
  return x + 16 + (int)strlen(word) * 8 + 16;
}

/* The block at the start of turn `turn` (1-based), by replaying the line. */
static void block_at(const picture *p, uint64_t turn, size_t *i, size_t *j) {
  *i = 0;
  *j = p->n - 1;
  for (uint64_t t = 1; t < turn; t++) {
    if (p->ends[t - 1] == SHELF_LEFT)
      ++*i;
    else
      --*j;
  }
}

/* The explanation's lines, below everything else. `y` is where they start. */
static void draw_explanation(picture *p, int y) {
  const shelf_explanation *e = &p->ex;
  label(p, MARGIN, y, 15, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "Why the heavier end loses");
  y += 22;
  const char *line_attrs = "class=\"explain\" fill=\"" INK "\"";
  text s = {0};
  putf(&s,
       "Both buyers greedy (always the heavier end, the left on equal "
       "weights): first %I, second %I, margin %I.",
       &e->greedy_first, &e->greedy_second, &e->greedy_margin);
  y = paragraph(p, MARGIN, y, line_attrs, &s) + 4;
  s.len = 0;
  if (e->has_greedy_vs_perfect) {
    i128 worse = e->margin - e->greedy_vs_perfect;
    putf(&s,
         "A greedy first buyer against a perfect second: margin %I, "
         "%I kilos worse than perfect play.",
         &e->greedy_vs_perfect, &worse);
    y = paragraph(p, MARGIN, y, line_attrs, &s) + 4;
  }
  s.len = 0;
  const char *trap_attrs = "class=\"trap-note\" fill=\"" TRAP "\"";
  if (e->mistake == 1) {
    putf(&s,
         "The greedy trap, turn %u: the %s buyer's heavier end is the %s "
         "wheel (wheel %z, %I kilos), but taking it costs %I kilos of "
         "lead; perfect play takes the %s (wheel %z).",
         e->mistake_turn, buyer_word[(e->mistake_turn - 1) % 2],
         e->mistake_end == SHELF_LEFT ? "left" : "right", p->trap_wheel + 1,
         &(i128){p->w[p->trap_wheel]}, &e->mistake_cost,
         e->mistake_end == SHELF_LEFT ? "right" : "left", p->trap_other + 1);
  } else if (e->mistake == 0) {
    put_str(&s, "No greedy trap here: the heavier end is an optimal move at "
                "every turn of the line.");
    trap_attrs = "class=\"trap-none\" fill=\"" INK "\"";
  } else {
    put_str(&s, "The greedy trap: not searched to the end on a shelf this "
                "long (the search is kept in linear time here).");
    trap_attrs = "class=\"trap-none\" fill=\"" INK "\"";
  }
  y = paragraph(p, MARGIN, y, trap_attrs, &s) + 4;
  s.len = 0;
  if (e->has_parity && p->n > 0) {
    putf(&s,
         "Parity floor: the odd positions weigh %I, the even %I; taking "
         "all of one parity makes the first buyer sure of %I, and "
         "perfect play gets %I more.",
         &e->odd_sum, &e->even_sum, &e->parity_floor, &e->parity_gain);
    paragraph(p, MARGIN, y, line_attrs, &s);
  }
  if (s.nomem)
    p->body.nomem = 1;
  free(s.p);
}

/* ==== The detailed picture ==== */

/* Wheels per row: short shelves in one row, longer ones wrapped. */
static size_t row_length(size_t n) {
  if (n <= ONE_ROW)
    return n;
  return n <= SHELF_SVG_LEAD_MAX ? 10 : 20;
}

/* Draws one wheel, standing on the plank whose top is at plank_y. */
static void draw_wheel(picture *p, size_t k, int cx, int plank_y, u128 heaviest,
                       size_t turn) {
  int64_t w = p->w[k];
  int b = (int)((turn - 1) % 2);
  int r10;
  if (w == 0)
    r10 = ZERO_R * 10;
  else {
    /* Area follows weight: r = radius * sqrt(|w| / heaviest). */
    u128 r2 = umag(w) * (u128)(p->radius * 10) * (p->radius * 10) / heaviest;
    r10 = (int)isqrt(r2);
    if (r10 < MIN_R10)
      r10 = MIN_R10;
  }
  int cy10 = plank_y * 10 - r10 - 10;
  size_t pos = k + 1;
  putf(&p->body, "<g class=\"wheel %s\" id=\"wheel-%z\">\n", buyer_word[b],
       pos);
  putf(&p->body,
       "<title>wheel %z: %I kilos, taken at turn %z by the %s buyer, from "
       "the %s end</title>\n",
       pos, &(i128){w}, turn, buyer_word[b],
       p->ends[turn - 1] == SHELF_LEFT ? "left" : "right");
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
  label(p, cx, plank_y - 2 * p->radius - 8, 13, "middle",
        "class=\"weight\" fill=\"" INK "\"", "%I", &(i128){w});
  label(p, cx, plank_y + 24, 14, "middle", turn_attrs[b], "%z", turn);
  if (p->ex.mistake == 1 && k == p->trap_wheel) {
    putf(&p->body,
         "<circle class=\"trap\" cx=\"%d\" cy=\"%t\" r=\"%t\" fill=\"none\" "
         "stroke=\"" TRAP "\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\">"
         "<title>greedy trap at turn %u: taking this wheel costs %I kilos of "
         "lead</title></circle>\n",
         cx, cy10, r10 + 60, p->ex.mistake_turn, &p->ex.mistake_cost);
    label(p, cx, plank_y + 40, 11, "middle",
          "class=\"trap-label\" font-weight=\"bold\" fill=\"" TRAP "\"",
          "trap, turn %u", p->ex.mistake_turn);
  }
  put_str(&p->body, "</g>\n");
}

/* The lead table of the interval DP, as in the seed's hint: lead[i][j] is
 * the most the buyer to move finishes ahead by on wheels i..j. */
static i128 *lead_table(const int64_t *w, size_t n) {
  i128 *lead = malloc(n * n * sizeof *lead);
  if (lead == NULL)
    return NULL;
  for (size_t i = 0; i < n; i++)
    lead[i * n + i] = w[i];
  for (size_t span = 2; span <= n; span++) {
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      i128 left = w[i] - lead[(i + 1) * n + j];
      i128 right = w[j] - lead[i * n + j - 1];
      lead[i * n + j] = left > right ? left : right;
    }
  }
  return lead;
}

/* The heat map at (x, y); returns its bottom. */
static int draw_lead_table(picture *p, int x, int y) {
  size_t n = p->n;
  i128 *lead = lead_table(p->w, n);
  if (lead == NULL) {
    p->body.nomem = 1;
    return y;
  }
  int cell = (int)(320 / n);
  if (cell > 40)
    cell = 40;
  if (cell < 14)
    cell = 14;
  /* Which blocks the line passes through: block (i, j) at each turn. */
  unsigned char *on_line = calloc(n * n, 1);
  if (on_line == NULL) {
    free(lead);
    p->body.nomem = 1;
    return y;
  }
  size_t i = 0, j = n - 1;
  for (size_t t = 0; t < n; t++) {
    on_line[i * n + j] = 1;
    if (p->ends[t] == SHELF_LEFT)
      i++;
    else
      j--;
  }
  i128 biggest = 1;
  for (size_t a = 0; a < n; a++)
    for (size_t b = a; b < n; b++)
      if (magnitude(lead[a * n + b]) > biggest)
        biggest = magnitude(lead[a * n + b]);

  put_str(&p->body, "<g class=\"lead-table\">\n");
  label(p, x, y, 15, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The lead table");
  label(p, x, y + 18, 12, "start", "fill=\"" MUTED "\"",
        "row i, column j: the lead of wheels i..j for the buyer to move");
  int gx = x + 26, gy = y + 44;
  /* Axis numbers: all of them when there is room, else every fifth. */
  int every = cell >= 20 ? 1 : 5;
  for (size_t k = 0; k < n; k++) {
    if ((k + 1) % (size_t)every != 0 && k != 0 && k != n - 1)
      continue;
    label(p, gx + (int)k * cell + cell / 2, gy - 6, 11, "middle",
          "fill=\"" MUTED "\"", "%z", k + 1);
    label(p, gx - 6, gy + (int)k * cell + cell / 2 + 4, 11, "end",
          "fill=\"" MUTED "\"", "%z", k + 1);
  }
  for (size_t a = 0; a < n; a++) {
    for (size_t b = a; b < n; b++) {
      i128 v = lead[a * n + b];
      int amount = (int)(magnitude(v) * 1000 / biggest);
      int cx = gx + (int)b * cell, cy = gy + (int)a * cell;
      putf(&p->body,
           "<rect class=\"lead%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
           "height=\"%d\" fill=\"",
           on_line[a * n + b] ? " on-line" : "", cx, cy, cell - 1, cell - 1);
      put_tint(&p->body, v >= 0 ? "#15803d" : "#7e22ce", amount);
      put_str(&p->body, "\"");
      if (on_line[a * n + b])
        put_str(&p->body, " stroke=\"" INK "\" stroke-width=\"2\"");
      putf(&p->body, "><title>lead(%z, %z) = %I</title></rect>\n", a + 1, b + 1,
           &v);
      /* The number itself, where the cell is wide enough for it. */
      char digits[SHELF_I128_BUFSIZE];
      size_t len = shelf_i128_format(v, digits);
      if (cell >= 28 && (int)len * 7 <= cell - 4)
        label(p, cx + (cell - 1) / 2, cy + cell / 2 + 4, 11, "middle",
              amount > 550 ? "fill=\"#ffffff\"" : "fill=\"" INK "\"", "%I", &v);
    }
  }
  extend(p, gx + (int)n * cell, gy + (int)n * cell);
  int ly = gy + (int)n * cell + 22;
  const char *sw[3][2] = {{"#15803d", "buyer to move ahead"},
                          {"#ffffff", "level"},
                          {"#7e22ce", "behind"}};
  int lx = x;
  for (int k = 0; k < 3; k++) {
    putf(&p->body,
         "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\" "
         "stroke=\"" MUTED "\" stroke-width=\"0.5\"/>\n",
         lx, ly - 10, sw[k][0]);
    label(p, lx + 16, ly, 12, "start", "fill=\"" INK "\"", "%s", sw[k][1]);
    lx += 16 + (int)strlen(sw[k][1]) * 7 + 14;
  }
  label(p, x, ly + 18, 12, "start", "fill=\"" MUTED "\"",
        "outlined: the blocks the line passes through, from the whole shelf");
  label(p, x, ly + 34, 12, "start", "fill=\"" MUTED "\"",
        "(top right, the margin) down to the last wheel (the diagonal)");
  put_str(&p->body, "</g>\n");
  free(on_line);
  free(lead);
  return ly + 34;
}

static void draw_detailed(picture *p) {
  size_t n = p->n;
  draw_heading(p, "");
  int lx = legend_item(p, MARGIN, 88, buyer_fill[0], "first buyer");
  lx = legend_item(p, lx, 88, buyer_fill[1], "second buyer");
  label(p, lx, 88, 12, "start", "fill=\"" MUTED "\"",
        "circle area: weight; number below: the turn it is taken");

  size_t *turn_of = malloc(n * sizeof *turn_of);
  if (turn_of == NULL) {
    p->body.nomem = 1;
    return;
  }
  size_t i = 0, j = n - 1;
  for (size_t t = 0; t < n; t++)
    turn_of[p->ends[t] == SHELF_LEFT ? i++ : j--] = t + 1;

  /* A slot wide enough for the longest weight written above its wheel. */
  u128 heaviest = 0;
  int widest = 1;
  for (size_t k = 0; k < n; k++) {
    if (umag(p->w[k]) > heaviest)
      heaviest = umag(p->w[k]);
    char digits[SHELF_I128_BUFSIZE];
    int len = (int)shelf_i128_format(p->w[k], digits);
    if (len > widest)
      widest = len;
  }
  if (heaviest == 0)
    heaviest = 1;
  p->radius = n <= ONE_ROW ? BIG_RADIUS : RADIUS;
  int slot = 2 * p->radius + 14;
  if (widest * 8 + 10 > slot)
    slot = widest * 8 + 10;

  size_t per_row = row_length(n);
  size_t rows = (n + per_row - 1) / per_row;
  int row_height = 2 * p->radius + ROW_EXTRA;
  /* Wrapped rows are numbered at the left with their first position. */
  int x0 = MARGIN + (rows > 1 ? GUTTER : 0);
  put_str(&p->body, "<g class=\"shelf\">\n");
  for (size_t r = 0; r < rows; r++) {
    size_t first = r * per_row;
    size_t count = n - first < per_row ? n - first : per_row;
    int plank_y = ROW_TOP + (int)r * row_height + 16 + 2 * p->radius;
    putf(&p->body,
         "<rect class=\"plank\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"6\" "
         "rx=\"2\" fill=\"" WOOD "\"/>\n",
         x0 - 4, plank_y, (int)count * slot + 8);
    if (rows > 1)
      label(p, x0 - 10, plank_y - 4, 11, "end", "fill=\"" MUTED "\"", "%z",
            first + 1);
    for (size_t k = first; k < first + count; k++)
      draw_wheel(p, k, x0 + (int)(k - first) * slot + slot / 2, plank_y,
                 heaviest, turn_of[k]);
  }
  put_str(&p->body, "</g>\n");
  free(turn_of);
  int bottom = ROW_TOP + (int)rows * row_height;
  extend(p, x0 + (int)per_row * slot, bottom);

  if (n <= SHELF_SVG_LEAD_MAX) {
    int heat_bottom =
        draw_lead_table(p, x0 + (int)per_row * slot + HEAT_GAP, ROW_TOP + 6);
    if (heat_bottom > bottom)
      bottom = heat_bottom;
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

static void turn_line(picture *p, int x, int y, const turn_note *t) {
  int b = (int)((t->turn - 1) % 2);
  label(p, x, y, 12, "start", "class=\"summary-turn\" fill=\"" INK "\"",
        "turn %z: %s buyer, %s end, wheel %z (%I kilos)", t->turn,
        buyer_word[b], t->end == SHELF_LEFT ? "left" : "right", t->wheel + 1,
        &(i128){p->w[t->wheel]});
}

/* x of wheel k on the strip. */
static int strip_x(const picture *p, int x0, size_t k) {
  return x0 + (int)((u128)k * (SUMMARY_BINS * BIN_WIDTH) / p->n);
}

static void draw_summary(picture *p) {
  size_t n = p->n;
  draw_heading(p, " (summary)");
  int64_t lo = p->w[0], hi = p->w[0];
  for (size_t k = 1; k < n; k++) {
    if (p->w[k] < lo)
      lo = p->w[k];
    if (p->w[k] > hi)
      hi = p->w[k];
  }
  i128 total = p->result.first + p->result.second;
  label(p, MARGIN, 84, 12, "start", "class=\"summary\" fill=\"" MUTED "\"",
        "Too many wheels to draw one by one: the shelf in %d bars of about "
        "%z wheels; weights from %I to %I, %I kilos in all.",
        SUMMARY_BINS, n / SUMMARY_BINS, &(i128){lo}, &(i128){hi}, &total);

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

  int x0 = MARGIN, base = 130 + BAR_HEIGHT;
  put_str(&p->body, "<g class=\"summary-strip\">\n");
  putf(&p->body,
       "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"6\" rx=\"2\" "
       "fill=\"" WOOD "\"/>\n",
       x0 - 4, base, SUMMARY_BINS * BIN_WIDTH + 8);
  for (int b = 0; b < SUMMARY_BINS; b++) {
    size_t from = (size_t)((u128)b * n / SUMMARY_BINS);
    size_t to = (size_t)((u128)(b + 1) * n / SUMMARY_BINS);
    int y = base;
    for (int who = 0; who < 2; who++) {
      int h =
          (int)((bins[b].mass[who] >> shift) * BAR_HEIGHT / (tallest >> shift));
      if (h == 0)
        continue;
      y -= h;
      putf(&p->body,
           "<rect class=\"bin %s\" x=\"%d\" y=\"%d\" width=\"%d\" "
           "height=\"%d\" fill=\"%s\"><title>wheels %z to %z: the %s buyer "
           "takes %I kilos of them</title></rect>\n",
           buyer_word[who], x0 + b * BIN_WIDTH, y, BIN_WIDTH - 1, h,
           buyer_fill[who], from + 1, to, buyer_word[who], &bins[b].kilos[who]);
    }
  }
  label(p, x0, base + 22, 11, "start", "fill=\"" MUTED "\"", "wheel 1");
  label(p, x0 + SUMMARY_BINS * BIN_WIDTH, base + 22, 11, "end",
        "fill=\"" MUTED "\"", "wheel %z", n);
  /* Where the last wheel of the game stood: the game ends there. */
  const turn_note *end = &last[(n - 1) % LINE_SHOWN];
  int ex = strip_x(p, x0, end->wheel);
  putf(&p->body,
       "<path class=\"last-turn\" d=\"M%d %dl-5 9h10z\" fill=\"" INK "\"/>\n",
       ex, base + 28);
  label(p, ex, base + 50, 11, "middle", "fill=\"" INK "\"",
        "last turn: wheel %z", end->wheel + 1);
  put_str(&p->body, "</g>\n");
  int lx = legend_item(p, x0, base + 78, buyer_fill[0], "first buyer");
  lx = legend_item(p, lx, base + 78, buyer_fill[1], "second buyer");
  label(p, lx, base + 78, 12, "start", "fill=\"" MUTED "\"",
        "bar height: the kilos in the bar, split by the buyer who takes them");

  int y = base + 110;
  /* Two columns; the second starts where the first's longest line ends
   * (weights of 20 digits make it long). */
  int right = p->right;
  p->right = 0;
  label(p, x0, y, 14, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The first turns of the line");
  for (size_t t = 0; t < LINE_SHOWN; t++)
    turn_line(p, x0, y + 20 + 18 * (int)t, &first[t]);
  int x1 = p->right + 30 > x0 + 420 ? p->right + 30 : x0 + 420;
  if (right > p->right)
    p->right = right;
  label(p, x1, y, 14, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The last turns");
  for (size_t t = 0; t < LINE_SHOWN; t++)
    turn_line(p, x1, y + 20 + 18 * (int)t,
              &last[(n - LINE_SHOWN + t) % LINE_SHOWN]);
  y += 20 + 18 * LINE_SHOWN + 16;

  if (p->flags & SHELF_SVG_EXPLAIN) {
    if (p->ex.mistake == 1) {
      int tx = strip_x(p, x0, p->trap_wheel);
      putf(&p->body,
           "<g class=\"trap\"><path d=\"M%d %dl-6 -10h12z\" fill=\"" TRAP
           "\"/><title>greedy trap at turn %u: taking wheel %z costs %I "
           "kilos of lead</title></g>\n",
           tx, 126, p->ex.mistake_turn, p->trap_wheel + 1, &p->ex.mistake_cost);
      label(p, tx, 110, 11, tx > x0 + 60 ? "middle" : "start",
            "class=\"trap-label\" font-weight=\"bold\" fill=\"" TRAP "\"",
            "trap, turn %u", p->ex.mistake_turn);
    }
    draw_explanation(p, y + 10);
  }
}

/* ==== Putting it together ==== */

static void draw_empty(picture *p) {
  label(p, MARGIN, 36, 20, "start", "font-weight=\"bold\" fill=\"" INK "\"",
        "The ripening shelf: empty");
  label(p, MARGIN, 62, 14, "start", "class=\"totals\" fill=\"" INK "\"",
        "No wheels: both buyers finish with 0 kilos, margin 0.");
}

/* Solves the shelf and finds what the picture marks. */
static shelf_status prepare(picture *p) {
  shelf_status st = shelf_solve(p->w, p->n, SHELF_ENGINE_LINEAR, &p->result);
  if (st != SHELF_OK || p->n == 0)
    return st;
  p->ends = malloc(p->n);
  if (p->ends == NULL)
    return SHELF_NOMEM;
  st = shelf_line(p->w, p->n, p->ends);
  if (st != SHELF_OK || !(p->flags & SHELF_SVG_EXPLAIN))
    return st;
  /* Beyond the detailed size the search for the trap is held to about 5n
   * steps (limit^2 / 2 + n with limit = sqrt(8n)), so the summary stays
   * linear; greedy against perfect play is then skipped. */
  size_t limit = 0;
  if (p->n > SHELF_SVG_WHEELS_MAX)
    limit = (size_t)isqrt((u128)p->n * 8);
  st = shelf_explain(p->w, p->n, limit, &p->ex);
  if (st == SHELF_OK && p->ex.mistake == 1) {
    size_t i, j;
    block_at(p, p->ex.mistake_turn, &i, &j);
    p->trap_wheel = p->ex.mistake_end == SHELF_LEFT ? i : j;
    p->trap_other = p->ex.mistake_end == SHELF_LEFT ? j : i;
  }
  return st;
}

shelf_status shelf_svg(const int64_t *weights, size_t n, unsigned flags,
                       char **svg, size_t *len) {
  if (svg == NULL || (weights == NULL && n > 0) ||
      (flags & ~(unsigned)SHELF_SVG_EXPLAIN) != 0)
    return SHELF_INVALID;
  picture p = {0};
  p.w = weights;
  p.n = n;
  p.flags = flags;
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
    int width = p.right + MARGIN, height = p.bottom + MARGIN;
    putf(&out,
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
         "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
         "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n"
         "<title>The ripening shelf: %z wheels, margin %I</title>\n"
         "<desc>Generated by libshelf %s</desc>\n"
         "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
         width, height, width, height, n, &p.result.margin, shelf_version(),
         width, height);
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

void shelf_svg_free(char *svg) { free(svg); }
