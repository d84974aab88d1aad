/*
 * svg_picture.h - what the parts of a picture share: its geometry and
 * colours, the picture being drawn on a growing text of text.h, and what
 * every part draws on it (svg_picture.c: text placed and wrapped, the
 * heading, a legend's item, the explanation). svg.c puts a picture
 * together above them; svg_shelf.c draws the wheels, svg_table.c the lead
 * table, svg_summary.c the summary of a long shelf; svg_text.c (below
 * svg_picture.c) escapes the text for XML and measures it. Internal: every
 * function here is named shelf__svg_*, written out where it is called, so
 * that grep finds what gdb and nm show.
 */
#ifndef SHELF_SVG_PICTURE_H
#define SHELF_SVG_PICTURE_H

#include "internal.h"
#include "svg_text.h"
#include "text.h"

/* ==== Geometry and colours ==== */

enum {
  MARGIN = 24,      /* around the whole picture */
  GUTTER = 48,      /* left of the wheels, for the row labels */
  GAP = 12,         /* least space between two wheels' labels */
  RADIUS = 28,      /* the heaviest wheel's, px, before any scaling */
  HEAT_GAP = 40,    /* between the wheels and a lead table beside them */
  TABLE_TEXT = 300, /* the least width of the lead table's column */
  SCALE_MIN = 200   /* thousandths: the least a row of wheels is shrunk */
};

/* The palette of shelf.h, and two neutrals that carry no meaning: the grey
 * of secondary text and the wood of the plank. */
#define INK SHELF_COLOUR_INK
#define TRAP SHELF_COLOUR_TRAP
#define MUTED "#6b7280"
#define WOOD "#c8a06a"
#define BUYER_FILL(b) ((b) == 0 ? SHELF_COLOUR_FIRST : SHELF_COLOUR_SECOND)

/* ==== The picture being drawn (svg_picture.c) ==== */

typedef struct picture {
  text body;         /* everything inside <svg>, drawn first */
  int right, bottom; /* the extent drawn so far, to size the picture */
  int width;         /* the width it is laid out for */
  const int64_t *w;
  size_t n;
  shelf_svg_options o;
  unsigned char *ends;          /* the line drawn */
  size_t *turn_of;              /* each wheel's turn (from 1) in that line */
  shelf_result result;          /* the perfect result */
  i128 line_first, line_second; /* the totals of the line drawn */
  shelf_position now;               /* the game after turn o.turn (o.turn > 0) */
  shelf_explanation ex;         /* with SHELF_SVG_EXPLAIN or a greedy line */
  /* Extents drawn inside a scaled group map to the picture by this: x'
   * = sx + (x - sx) * scale / 1000, and so for y. */
  int sx, sy, scale;
} picture;

void shelf__svg_extend(picture *p, int x, int y);
/* The right edge of what may be drawn. */
static inline int limit_x(const picture *p) { return p->width - MARGIN; }
static inline int question(const picture *p) {
  return (p->o.flags & SHELF_SVG_QUESTION) != 0;
}
static inline int has_trap(const picture *p) {
  return (p->o.flags & SHELF_SVG_EXPLAIN) && p->ex.mistake == 1 &&
         p->o.line == SHELF_LINE_PERFECT;
}
/* Whether the wheel taken at `turn` is shown taken at the moment drawn. */
static inline int taken(const picture *p, size_t turn) {
  return !question(p) && (p->o.turn == 0 || turn <= p->o.turn);
}

/* Text at (x, y) with an anchor ("start", "middle", "end"); size in tenths
 * of a px; the picture grows to hold it. Returns its width in px. */
int shelf__svg_label10(picture *p, int x, int y, int size10, const char *anchor,
                       const char *attrs, const char *fmt, ...);
#define label(p, x, y, size, ...)                                              \
  shelf__svg_label10(p, x, y, (size)*10, __VA_ARGS__)
int shelf__svg_wrapped(picture *p, int x, int y, int right, int size,
                       const char *attrs, const char *s);
int shelf__svg_paragraph(picture *p, int x, int y, int right, const char *attrs,
                         const char *s);
void shelf__svg_legend_item(picture *p, int *x, int *y, const char *fill,
                            const char *stroke, const char *word);
int shelf__svg_draw_heading(picture *p, const char *what);
void shelf__svg_draw_explanation(picture *p, int y);

/* ==== The parts ==== */

typedef struct table_layout {
  int cell;      /* px a side */
  int axis;      /* px left of the cells, for the rows' headers */
  int width;     /* the table's column: axis and cells, or its text */
  int biggest10; /* the widest number at 11 px, in tenths of a px */
} table_layout;

/* The shelf and, up to SHELF_SVG_LEAD_MAX wheels, its table (svg_shelf.c). */
void shelf__svg_draw_detailed(picture *p);
/* A long shelf in 100 bars (svg_summary.c). */
void shelf__svg_draw_summary(picture *p);
/* The lead table (svg_table.c): the size its numbers would like, and the
 * table drawn at (x, y); returns its bottom. */
table_layout shelf__svg_table_wish(const picture *p, const shelf_cell *cells);
int shelf__svg_draw_lead_table(picture *p, const shelf_cell *cells,
                               const table_layout *t, int x, int y);

#endif
