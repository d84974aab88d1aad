/*
 * svg_summary.c - the picture of a shelf too long to draw wheel by wheel
 * (above SHELF_SVG_WHEELS_MAX): the shelf in 100 bars, each bar's height
 * the kilos of its wheels split by the buyer who takes them, the first and
 * last turns of the line, and the trap. Its size does not grow with the
 * shelf.
 */
#include "svg_picture.h"

#include <string.h>

enum {
  SUMMARY_BINS = 100,
  BAR_HEIGHT = 160, /* px of the tallest bar */
  LINE_SHOWN = 5    /* first and last turns listed */
};

/* Kilos per buyer, and [2] for wheels still on the shelf (in a question,
 * or after the moment drawn). */
typedef struct bin {
  u128 mass[3];  /* kilos by magnitude */
  i128 kilos[3]; /* signed kilos */
} bin;

/* One turn of the line, remembered for the list of first and last turns. */
typedef struct turn_note {
  size_t turn, wheel;
  unsigned char end;
} turn_note;

/* One turn of the list, wrapped to the column; returns the y after it. */
static int turn_line(picture *p, int x, int y, int right, const turn_note *t) {
  int b = (int)shelf_turn_buyer(t->turn);
  text s = {0};
  shelf__text_format(&s, "turn %z: %s buyer, %s end, wheel %z (%w %s)", t->turn,
                     shelf_buyer_name((shelf_buyer)b),
                     shelf_end_name((shelf_end)t->end), t->wheel + 1,
                     p->w[t->wheel], shelf_kilos_word(p->w[t->wheel]));
  if (s.nomem)
    p->body.nomem = 1;
  y = shelf__svg_wrapped(p, x, y, right, 12,
                         "class=\"summary-turn\" fill=\"" INK "\"",
                         s.p != NULL ? s.p : "");
  free(s.p);
  return y;
}

/* Where a label for the strip at x goes: centred, unless that would pass
 * an end of the strip. */
static const char *strip_anchor(int x, int x0, int strip) {
  return x < x0 + 60 ? "start" : x > x0 + strip - 60 ? "end" : "middle";
}

void shelf__svg_draw_summary(picture *p) {
  size_t n = p->n;
  int y = shelf__svg_draw_heading(p, " (summary)") + 4;
  int64_t lo = p->w[0], hi = p->w[0];
  for (size_t k = 1; k < n; k++) {
    if (p->w[k] < lo)
      lo = p->w[k];
    if (p->w[k] > hi)
      hi = p->w[k];
  }
  i128 total = p->result.first + p->result.second;
  text s = {0};
  shelf__text_format(
      &s,
      "Too many wheels to draw one by one: the shelf in %d bars of about "
      "%z wheels; weights from %w to %w, %I %s in all.",
      SUMMARY_BINS, n / SUMMARY_BINS, lo, hi, &total, shelf_kilos_word(total));
  if (s.nomem)
    p->body.nomem = 1;
  y = shelf__svg_paragraph(p, MARGIN, y, limit_x(p),
                           "class=\"summary\" fill=\"" MUTED "\"",
                           s.p != NULL ? s.p : "");
  free(s.p);

  /* One pass over the line: each wheel's buyer into its bin, and the first
   * and last turns kept for the list. O(n) time, O(1) beyond the line. */
  bin bins[SUMMARY_BINS];
  memset(bins, 0, sizeof bins);
  turn_note first[LINE_SHOWN], last[LINE_SHOWN];
  shelf_position game;
  shelf_move chunk[64];
  shelf_position_start(&game, n);
  for (size_t t = 0; t < n; t++) {
    if (t % 64 == 0) /* the line, 64 moves at a time */
      shelf_replay(p->w, p->ends, n - t < 64 ? n - t : 64, &game, chunk);
    const shelf_move *mv = &chunk[t % 64];
    size_t k = (size_t)mv->wheel;
    int who = taken(p, t + 1) ? (int)mv->buyer : 2;
    bin *bn = &bins[(u128)k * SUMMARY_BINS / n];
    bn->mass[who] += umag(p->w[k]);
    bn->kilos[who] += p->w[k];
    turn_note note = {t + 1, k, p->ends[t]};
    if (t < LINE_SHOWN)
      first[t] = note;
    last[t % LINE_SHOWN] = note;
  }
  u128 tallest = 1;
  for (int b = 0; b < SUMMARY_BINS; b++)
    if (bins[b].mass[0] + bins[b].mass[1] + bins[b].mass[2] > tallest)
      tallest = bins[b].mass[0] + bins[b].mass[1] + bins[b].mass[2];
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
  shelf__text_str(&p->body, "<g class=\"summary-strip\">\n");
  shelf__text_format(
      &p->body,
      "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"6\" rx=\"2\" "
      "fill=\"" WOOD "\"/>\n",
      x0 - 4, base, strip + 8);
  for (int b = 0; b < SUMMARY_BINS; b++) {
    size_t from = (size_t)((u128)b * n / SUMMARY_BINS);
    size_t to = (size_t)((u128)(b + 1) * n / SUMMARY_BINS);
    int top = base;
    for (int who = 0; who < 3; who++) {
      int h =
          (int)((bins[b].mass[who] >> shift) * BAR_HEIGHT / (tallest >> shift));
      if (h == 0)
        continue;
      top -= h;
      if (who == 2)
        shelf__text_format(
            &p->body,
            "<rect class=\"bin open\" x=\"%d\" y=\"%d\" width=\"%d\" "
            "height=\"%d\" fill=\"#ffffff\" stroke=\"" INK "\" "
            "stroke-width=\"0.5\"><title>wheels %z to %z: %I %s on the "
            "shelf</title></rect>\n",
            x0 + b * bin_width, top, bin_width - 1, h, from + 1, to,
            &bins[b].kilos[2], shelf_kilos_word(bins[b].kilos[2]));
      else
        shelf__text_format(
            &p->body,
            "<rect class=\"bin %s\" x=\"%d\" y=\"%d\" width=\"%d\" "
            "height=\"%d\" fill=\"%s\"><title>wheels %z to %z: the %s "
            "buyer takes %I %s of them</title></rect>\n",
            shelf_buyer_name((shelf_buyer)who), x0 + b * bin_width, top,
            bin_width - 1, h, BUYER_FILL(who), from + 1, to,
            shelf_buyer_name((shelf_buyer)who), &bins[b].kilos[who],
            shelf_kilos_word(bins[b].kilos[who]));
    }
  }
  label(p, x0, base + 22, 11, "start", "fill=\"" MUTED "\"", "wheel 1");
  label(p, x0 + strip, base + 22, 11, "end", "fill=\"" MUTED "\"", "wheel %z",
        n);
  if (question(p)) {
    shelf__text_str(&p->body, "</g>\n");
    return;
  }
  /* Where the last wheel of the game stood: the game ends there. */
  const turn_note *end = &last[(n - 1) % LINE_SHOWN];
  int ex = x0 + (int)((u128)end->wheel * (u128)strip / n);
  shelf__text_format(
      &p->body,
      "<path class=\"last-turn\" d=\"M%d %dl-5 9h10z\" fill=\"" INK "\"/>\n",
      ex, base + 28);
  label(p, ex, base + 50, 11, strip_anchor(ex, x0, strip), "fill=\"" INK "\"",
        "last turn: wheel %z", end->wheel + 1);
  if (has_trap(p)) {
    int tx = x0 + (int)((u128)p->ex.mistake_wheel * (u128)strip / n);
    shelf__text_format(
        &p->body,
        "<g class=\"trap\"><path d=\"M%d %dl-6 -10h12z\" fill=\"" TRAP
        "\"/><title>the greedy trap: against a perfect second buyer, at turn "
        "%u greedy takes wheel %u, which loses %I %s of lead</title></g>\n",
        tx, trap_row + 16, p->ex.mistake_turn, p->ex.mistake_wheel + 1,
        &p->ex.mistake_cost, shelf_kilos_word(p->ex.mistake_cost));
    label(p, tx, trap_row, 11, strip_anchor(tx, x0, strip),
          "class=\"trap-label\" font-weight=\"bold\" fill=\"" TRAP "\"",
          "trap: wheel %u", p->ex.mistake_wheel + 1);
  }
  shelf__text_str(&p->body, "</g>\n");
  y = base + 78;
  int lx = x0;
  shelf__svg_legend_item(p, &lx, &y, SHELF_COLOUR_FIRST, SHELF_COLOUR_FIRST,
                         "first buyer");
  shelf__svg_legend_item(p, &lx, &y, SHELF_COLOUR_SECOND, SHELF_COLOUR_SECOND,
                         "second buyer");
  y = shelf__svg_paragraph(
          p, MARGIN, y + 20, limit_x(p), "fill=\"" MUTED "\"",
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
  if (p->o.flags & SHELF_SVG_EXPLAIN)
    shelf__svg_draw_explanation(p, y + 10);
}
