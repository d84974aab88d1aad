/*
 * svg_shelf.c - the detailed picture: the wheels standing on the shelf,
 * their area following their weight, coloured by the buyer who takes them
 * in the line drawn, and beside or below them the lead table (svg_table.c).
 *
 * Up to SHELF_SVG_ROW_MAX wheels stand in one row, shrunk (as one scaled
 * group) when the width needs it, so that a shelf still reads as one shelf;
 * longer shelves fill rows laid out about as long as the rows are tall in
 * all, then scaled to the width, so that 200 wheels give a picture about
 * as tall as it is wide rather than a strip. The rows are then balanced
 * (rows = ceil(n / fit), ceil(n / rows) wheels a row), so that one more
 * wheel never reshapes the picture.
 */
#include "svg_picture.h"

#include <string.h>

/* A question's blanks: under each wheel, for who takes it; after the
 * shelf, for the margin (px). */
#define BLANK_W 40
#define MARGIN_BLANK_W 120

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
  r.weight = top + ((p->o.flags & SHELF_SVG_EXPLAIN) ? 30 : 14);
  r.plank = r.weight + 14 + 2 * RADIUS;
  r.index = r.plank + 20;
  r.turn = r.index + 18;
  r.height = r.turn + 14 - top;
  return r;
}

/* Draws one wheel, standing on the plank of row `r`. */
static void draw_wheel(picture *p, size_t k, int cx, const row_layout *r,
                       u128 heaviest) {
  int64_t w = p->w[k];
  size_t turn = p->turn_of[k];
  int b = (int)shelf_turn_buyer(turn), open = !taken(p, turn);
  int r10;
  if (w == 0)
    r10 = 40;
  else {
    /* Area follows weight: r = radius * sqrt(|w| / heaviest); a wheel too
     * light to see gets 2 px. */
    u128 r2 = umag(w) * (u128)(RADIUS * 10) * (RADIUS * 10) / heaviest;
    r10 = (int)shelf__svg_isqrt(r2);
    if (r10 < 20)
      r10 = 20;
  }
  int cy10 = r->plank * 10 - r10 - 10;
  size_t pos = k + 1;
  const char *fill = open ? "#ffffff" : BUYER_FILL(b);
  const char *stroke = open ? INK : BUYER_FILL(b);
  if (open)
    shelf__text_format(&p->body, "<g class=\"wheel open\" id=\"wheel-%z\">\n",
                       pos);
  else
    shelf__text_format(&p->body, "<g class=\"wheel %s%s\"%s id=\"wheel-%z\">\n",
                       shelf_buyer_name((shelf_buyer)b),
                       p->o.turn > 0 ? " taken" : "",
                       p->o.turn > 0 ? " opacity=\"0.45\"" : "", pos);
  if (question(p) || (open && p->o.turn > 0))
    shelf__text_format(&p->body, "<title>wheel %z: %w %s</title>\n", pos, w,
                       shelf_kilos_word(w));
  else
    shelf__text_format(
        &p->body,
        "<title>wheel %z: %w %s, taken at turn %z by the %s buyer, from "
        "the %s end</title>\n",
        pos, w, shelf_kilos_word(w), turn, shelf_buyer_name((shelf_buyer)b),
        shelf_end_name((shelf_end)p->ends[turn - 1]));
  if (w > 0)
    shelf__text_format(
        &p->body,
        "<circle cx=\"%d\" cy=\"%t\" r=\"%t\" fill=\"%s\" stroke=\"" INK
        "\" stroke-width=\"1\"/>\n",
        cx, cy10, r10, fill);
  else
    /* Hollow: a negative wheel (dashed) or an empty one (dotted) still
     * shows its buyer by the colour of its outline. */
    shelf__text_format(
        &p->body,
        "<circle cx=\"%d\" cy=\"%t\" r=\"%t\" fill=\"#ffffff\" stroke=\"%s\" "
        "stroke-width=\"2\" stroke-dasharray=\"%s\"/>\n",
        cx, cy10, r10, stroke, w < 0 ? "5 3" : "1.5 2");
  label(p, cx, r->weight, 13, "middle", "class=\"weight\" fill=\"" INK "\"",
        "%w", w);
  label(p, cx, r->index, 11, "middle", "class=\"index\" fill=\"" MUTED "\"",
        "%z", pos);
  if (!open)
    label(p, cx, r->turn, 13, "middle",
          "class=\"turn\" font-weight=\"bold\" fill=\"" INK "\"", "%z", turn);
  if (question(p)) { /* where the answer goes: who takes this wheel */
    shelf__text_format(&p->body,
                       "<rect class=\"answer-blank\" x=\"%d\" y=\"%d\" "
                       "width=\"%d\" height=\"%d\" rx=\"2\" fill=\"#ffffff\" "
                       "stroke=\"" MUTED "\" stroke-width=\"1\"/>\n",
                       cx - BLANK_W / 2, r->turn - 14, BLANK_W, 20);
    shelf__svg_extend(p, cx + BLANK_W / 2, r->turn + 6);
  }
  if (has_trap(p) && k == p->ex.mistake_wheel && !open) {
    shelf__text_format(
        &p->body,
        "<circle class=\"trap\" cx=\"%d\" cy=\"%t\" r=\"%t\" fill=\"none\" "
        "stroke=\"" TRAP "\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\">"
        "<title>the greedy trap: against a perfect second buyer, at turn %u "
        "greedy takes this wheel, which loses %I %s of lead</title></circle>\n",
        cx, cy10, r10 + 50, p->ex.mistake_turn, &p->ex.mistake_cost,
        shelf_kilos_word(p->ex.mistake_cost));
    label(p, cx, r->trap, 11, "middle",
          "class=\"trap-label\" font-weight=\"bold\" fill=\"" TRAP "\"",
          "trap");
  }
  shelf__text_str(&p->body, "</g>\n");
}

/* The legend and the key to the circles; returns the y under them. */
static int draw_legend(picture *p, int y) {
  int lx = MARGIN;
  if (!question(p)) {
    shelf__svg_legend_item(p, &lx, &y, SHELF_COLOUR_FIRST, SHELF_COLOUR_FIRST,
                           "taken by the first buyer");
    shelf__svg_legend_item(p, &lx, &y, SHELF_COLOUR_SECOND, SHELF_COLOUR_SECOND,
                           "by the second buyer");
    if (p->o.turn > 0)
      shelf__svg_legend_item(p, &lx, &y, "#ffffff", INK, "still on the shelf");
    if ((p->o.flags & SHELF_SVG_EXPLAIN) &&
        p->o.line == SHELF_LINE_PERFECT) /* the trap is on that line */
      shelf__svg_legend_item(p, &lx, &y, "#ffffff", TRAP, "the greedy trap");
    y += 20;
  }
  return shelf__svg_paragraph(
             p, MARGIN, y, limit_x(p), "fill=\"" MUTED "\"",
             question(p)
                 ? "Circle area: the weight (hollow: zero or negative). "
                   "Below each wheel: its place on the shelf, and a box to "
                   "write who takes it, 1st or 2nd."
                 : "Circle area: the weight (hollow: zero or "
                   "negative). Below each wheel: its place on the "
                   "shelf, then the turn it is taken.") -
         18;
}

/* Under a question: a blank for the margin. */
static void draw_answer_line(picture *p, int y) {
  int w = label(p, MARGIN, y, 13, "start",
                "class=\"answer-label\" fill=\"" INK "\"",
                "Margin, the first buyer's kilos minus the second's:");
  shelf__text_format(&p->body,
                     "<rect class=\"answer-margin\" x=\"%d\" y=\"%d\" "
                     "width=\"%d\" height=\"%d\" rx=\"2\" fill=\"#ffffff\" "
                     "stroke=\"" MUTED "\" stroke-width=\"1\"/>\n",
                     MARGIN + w + 8, y - 15, MARGIN_BLANK_W, 22);
  shelf__svg_extend(p, MARGIN + w + 8 + MARGIN_BLANK_W, y + 7);
}

/* The rows of wheels from `top`; returns their bottom, and their width
 * (as drawn, after any scaling) in *drawn. */
static int draw_rows(picture *p, int top, int *drawn) {
  size_t n = p->n;
  /* A slot wide enough for the wheel and for the longest weight above it,
   * with GAP px between neighbouring labels. */
  u128 heaviest = 1;
  int widest = 0;
  for (size_t k = 0; k < n; k++) {
    if (umag(p->w[k]) > heaviest)
      heaviest = umag(p->w[k]);
    int px = shelf__svg_number_px(p->w[k], 130) / 10 + 1;
    if (px > widest)
      widest = px;
  }
  int slot = 2 * RADIUS + 14;
  if (widest + GAP > slot)
    slot = widest + GAP;
  row_layout r = row_at(p, 0);
  int row_step = r.height + 8;

  /* The row's length before scaling: the whole shelf up to
   * SHELF_SVG_ROW_MAX wheels, else about sqrt(n * slot * row height). */
  int x0 = MARGIN + GUTTER, room = limit_x(p) - x0;
  long length = (long)n * slot;
  if (n > SHELF_SVG_ROW_MAX) {
    long square = (long)shelf__svg_isqrt((u128)n * (u128)slot * (u128)row_step);
    length = square > room ? square : room;
  }
  size_t fit = length / slot > 0 ? (size_t)(length / slot) : 1;
  size_t rows = (n + fit - 1) / fit;
  size_t per_row = (n + rows - 1) / rows;
  long natural = (long)per_row * slot;
  int scale = natural <= room ? 1000 : (int)((long)room * 1000 / natural);
  if (scale < SCALE_MIN)
    scale = SCALE_MIN;

  p->sx = x0 - GUTTER;
  p->sy = top;
  p->scale = scale;
  if (scale < 1000)
    shelf__text_format(
        &p->body,
        "<g class=\"shelf\" transform=\"translate(%k %k) scale(%k)\">\n",
        p->sx * (1000 - scale), top * (1000 - scale), scale);
  else
    shelf__text_str(&p->body, "<g class=\"shelf\">\n");
  for (size_t row = 0; row < rows; row++) {
    r = row_at(p, top + (int)row * row_step);
    size_t first = row * per_row;
    size_t count = n - first < per_row ? n - first : per_row;
    shelf__text_format(
        &p->body,
        "<rect class=\"plank\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"6\" "
        "rx=\"2\" fill=\"" WOOD "\"/>\n",
        x0 - 4, r.plank, (int)count * slot + 8);
    label(p, x0 - 8, r.weight, 11, "end", "fill=\"" MUTED "\"", "kilos");
    label(p, x0 - 8, r.index, 11, "end", "fill=\"" MUTED "\"", "wheel");
    label(p, x0 - 8, r.turn, 11, "end", "fill=\"" MUTED "\"",
          question(p) ? "buyer" : "turn");
    for (size_t k = first; k < first + count; k++)
      draw_wheel(p, k, x0 + (int)(k - first) * slot + slot / 2, &r, heaviest);
  }
  shelf__text_str(&p->body, "</g>\n");
  int bottom = top + (int)rows * row_step;
  shelf__svg_extend(p, x0 + (int)natural, bottom);
  p->scale = 1000;
  *drawn = GUTTER + (int)(natural * scale / 1000);
  return top + (bottom - top) * scale / 1000;
}

void shelf__svg_draw_detailed(picture *p) {
  size_t n = p->n;
  unsigned parts =
      p->o.parts == 0 ? SHELF_SVG_SHELF | SHELF_SVG_TABLE : p->o.parts;
  int y = shelf__svg_draw_heading(p, "") + 8;
  shelf_cell *cells = NULL;
  if ((parts & SHELF_SVG_TABLE) && n <= SHELF_SVG_LEAD_MAX) {
    cells = malloc(n * n * sizeof *cells);
    if (cells == NULL || shelf_lead_table(p->w, n, cells) != SHELF_OK) {
      free(cells);
      p->body.nomem = 1;
      return;
    }
  }
  int top = y + 26, bottom = top, drawn = 0;
  if (parts & SHELF_SVG_SHELF) {
    y = draw_legend(p, y);
    top = y + 44;
    bottom = draw_rows(p, top, &drawn);
  }
  if (cells != NULL) {
    /* Beside the rows if it fits there, else below them; it never changes
     * the rows. Below, there is room: cells grow to hold their numbers at
     * full size, or shrink to the width if they must. */
    table_layout table = shelf__svg_table_wish(p, cells);
    int room = limit_x(p) - MARGIN;
    int beside = drawn > 0 && drawn + HEAT_GAP + table.width <= room;
    if (!beside) {
      int most = (room - table.axis) / (int)n;
      if (table.cell < table.biggest10 / 10 + 10)
        table.cell = table.biggest10 / 10 + 10;
      if (table.cell > most)
        table.cell = most < 8 ? 8 : most;
      table.width = table.axis + (int)n * table.cell;
      if (table.width < TABLE_TEXT)
        table.width = TABLE_TEXT;
    }
    int table_bottom =
        beside ? shelf__svg_draw_lead_table(p, cells, &table,
                                            MARGIN + drawn + HEAT_GAP, top)
               : shelf__svg_draw_lead_table(p, cells, &table, MARGIN,
                                            drawn > 0 ? bottom + 16 : top);
    if (table_bottom > bottom)
      bottom = table_bottom;
    free(cells);
  }
  if (p->o.flags & SHELF_SVG_EXPLAIN)
    shelf__svg_draw_explanation(p, bottom + 28);
  if (question(p))
    draw_answer_line(p, bottom + 28);
}
