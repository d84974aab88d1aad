/*
 * shelf_svg.h - the pictures: a shelf, its line of play and its lead table
 * drawn as an SVG document, in the palette the page shares.
 *
 * It is part of libshelf, and the conventions of shelf.h hold here too.
 */
#ifndef SHELF_SVG_H
#define SHELF_SVG_H

#include "shelf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: - Pictures (Public) */

/** The palette every picture and the page use, from Okabe and Ito's set,
 * which readers with any common colour blindness tell apart: the first
 * buyer's blue, the second buyer's orange, the bluish green of a lead the
 * buyer to move is ahead by, the reddish purple of one behind, and the
 * vermilion that marks the greedy trap. Text on any of them is black or
 * white (SHELF_COLOUR_INK on the light ones). */
#define SHELF_COLOUR_FIRST "#0072b2"
#define SHELF_COLOUR_SECOND "#e69f00"
#define SHELF_COLOUR_AHEAD "#009e73"
#define SHELF_COLOUR_BEHIND "#cc79a7"
#define SHELF_COLOUR_TRAP "#d55e00"
#define SHELF_COLOUR_INK "#1a1a1a"

/** Flag for shelf_svg_options.flags: also show why greedy play loses. The
 * picture marks the greedy trap, the first turn of the line where taking
 * the heavier end is not optimal, with a ring (or, in a summary, a marker)
 * in SHELF_COLOUR_TRAP on the wheel greedy would take, tagged "trap"; below
 * the wheels it gives every sentence of shelf_explain_sentence(), worded as
 * the command's --explain prints them, from shelf_explain() with limit 0:
 * both buyers greedy, a greedy first buyer against a perfect second, the
 * trap and what it costs (or that greedy never errs), and the parity
 * floor. Not with SHELF_SVG_QUESTION. */
#define SHELF_SVG_EXPLAIN 1u

/** Flag for shelf_svg_options.flags: the question of an exercise sheet,
 * with no answer in it. The wheels are white with their weights and
 * places, and neither a buyer, a turn nor the margin is shown; the lead
 * table's cells are empty boxes to fill in, except the cells of blocks of
 * up to shelf_svg_options.given wheels, which are written (`lead given`).
 * Up to SHELF_SVG_WHEELS_MAX wheels the answer has blanks to be written
 * in: a box under each wheel for the buyer who takes it (`answer-blank`,
 * in the row headed "buyer") and one after the shelf for the margin
 * (`answer-margin`); and where a greedy first buyer against a perfect
 * second ends below perfect play's margin (shelf_explain()'s
 * greedy_vs_perfect, as on every shelf `shelf --sheet` makes), the line
 * "Taking the heavier end every turn loses here." under the question
 * (`question-trap`), never elsewhere. The same options without this flag
 * draw the answer key. */
#define SHELF_SVG_QUESTION 2u

/** shelf_svg_options.parts: what the picture holds. 0 means both (the
 * lead table only up to SHELF_SVG_LEAD_MAX wheels). */
#define SHELF_SVG_SHELF 1u /**< the wheels on the shelf */
#define SHELF_SVG_TABLE 2u /**< the lead table (at most SHELF_SVG_LEAD_MAX) */

/** Deprecated: the old names of shelf_svg_options.line's values, the same
 * as shelf_line_kind's (shelf_teach.h), which every surface uses. */
#define SHELF_SVG_LINE_PERFECT SHELF_LINE_PERFECT
#define SHELF_SVG_LINE_GREEDY_BOTH SHELF_LINE_GREEDY_BOTH
#define SHELF_SVG_LINE_GREEDY_FIRST SHELF_LINE_GREEDY_FIRST

/** The longest shelf shelf_svg() draws wheel by wheel; longer shelves get a
 * summary picture. */
#define SHELF_SVG_WHEELS_MAX 200

/** The longest shelf whose lead table shelf_svg() draws. */
#define SHELF_SVG_LEAD_MAX 30

/** The longest shelf shelf_svg() draws in one row of wheels: a longer one
 * wraps into rows, a shorter one is drawn smaller to fit the width. */
#define SHELF_SVG_ROW_MAX 30

/** The width, in pixels, that shelf_svg() lays a picture out for unless
 * told otherwise, and the least and most it accepts. */
#define SHELF_SVG_WIDTH 1000
#define SHELF_SVG_WIDTH_MIN 320
#define SHELF_SVG_WIDTH_MAX 20000

/** How to draw a picture. All zeros (or a NULL pointer) is the answer as
 * it always was: the whole shelf, its perfect line and, up to
 * SHELF_SVG_LEAD_MAX wheels, its lead table, SHELF_SVG_WIDTH pixels wide
 * at most and as tall as it needs. */
typedef struct shelf_svg_options {
  unsigned width;  /**< px, SHELF_SVG_WIDTH_MIN..MAX; 0: SHELF_SVG_WIDTH */
  unsigned height; /**< 0: as tall as the content; else px (at least 100,
                        at most SHELF_SVG_WIDTH_MAX), the content scaled and
                        centred in a frame of width x height (a 16:9 slide:
                        1280 x 720) */
  unsigned flags;  /**< SHELF_SVG_EXPLAIN, SHELF_SVG_QUESTION */
  unsigned parts;  /**< SHELF_SVG_SHELF, SHELF_SVG_TABLE, or 0 for both */
  shelf_line_kind line; /**< the game the wheels show */
  uint64_t turn;   /**< 0: the whole game; 1..n: the moment after that turn
                        (the wheels taken so far shown faded, class
                        `taken`, the totals so far in the heading) */
  uint64_t given;  /**< with SHELF_SVG_QUESTION: the table's cells of blocks
                        of up to this many wheels are written; 0 none */
} shelf_svg_options;

/** Draws a shelf and a game on it as an SVG 1.1 document in memory.
 *
 * Up to SHELF_SVG_WHEELS_MAX wheels, each wheel is a circle, in shelf order,
 * whose area follows its weight (radius proportional to sqrt(|weight|); a
 * wheel too light to see is drawn at a 2-pixel radius), filled with the
 * colour of the buyer who takes it in the line (SHELF_COLOUR_FIRST,
 * SHELF_COLOUR_SECOND), with its weight above it and, below the shelf, its
 * 1-based index and the turn it is taken. A negative wheel is hollow with a
 * dashed outline in its buyer's colour; a wheel of weight 0 is a small
 * hollow circle with a dotted outline. Up to SHELF_SVG_ROW_MAX wheels stand
 * in one row, drawn smaller when the width needs it; longer shelves fill
 * rows that are then balanced (ceil(n / fit) rows of ceil(n / rows)
 * wheels), laid out wider and scaled down as the shelf grows, so that the
 * picture stays about as tall as it is wide. The heading gives the margin,
 * and the line under it both totals. Up to SHELF_SVG_LEAD_MAX wheels the
 * lead table of shelf_lead_table() (the lead of every block i..j; rows and
 * columns headed by the wheel's place and weight) stands beside the
 * wheels, or below them if it does not fit, as a heat map with every lead
 * written in its cell (to three figures, as 9.22e18, when the whole number
 * would be too small to read; the cell's title always has it whole), the
 * blocks the line passes through outlined, and a numbered colour scale:
 * colour grows with log(1 + |lead|) up to the largest, from white towards
 * SHELF_COLOUR_AHEAD for a positive lead and SHELF_COLOUR_BEHIND for a
 * negative one, white only for 0. Longer shelves get a summary of fixed
 * size instead: the shelf in 100 bars, each bar's height the kilos (by
 * magnitude) of its wheels, split by the buyer who takes them; the totals;
 * the first and last five turns of the line. The picture is as wide as its
 * content, at most the width asked for.
 *
 * Elements carry class names a program can look for: `wheel first` or
 * `wheel second` on each wheel's group (`wheel open` in a question; `wheel
 * first taken` for a wheel already taken at the moment drawn, `wheel open`
 * for one still on the shelf), id `wheel-K`, K from 1, holding its circle
 * and the texts `weight`, `index` (K) and `turn`; `totals`; `lead` on each
 * cell of the lead table (`lead on-line` on the line's blocks, `lead now`
 * on the block left at the moment drawn, `lead blank` and `lead given` in
 * a question), with its number in a text `lead-value`; `question`,
 * `question-trap`, `answer-blank` and `answer-margin` in a question; `axis` and
 * `axis-weight` on its headers; `scale` on each swatch of its colour
 * scale, with its number in a text `scale-value`; `summary`, `bin first`,
 * `bin second` and `summary-turn` in a summary; `trap`, `trap-label`,
 * `trap-note` (or `trap-none`) and `explain` with SHELF_SVG_EXPLAIN. The
 * layout and colours may change between releases; these names will not.
 * Text is ASCII, escaped for XML; numbers are written without the locale,
 * and the same input gives the same bytes on every machine.
 *
 * @param weights  n weights, left to right; may be NULL when n is 0.
 * @param n        the number of wheels; 0 draws an empty shelf.
 * @param options  how to draw it; NULL for all defaults.
 * @param svg      receives the NUL-terminated document; free it with
 *                 shelf_svg_free(). Must not be NULL. Untouched on failure.
 * @param len      if not NULL, receives its length in bytes, without the NUL.
 * @return SHELF_OK; SHELF_INVALID if `svg` is NULL, `weights` is NULL with
 *         n > 0, a flag, part or line is unknown, SHELF_SVG_EXPLAIN goes with
 *         SHELF_SVG_QUESTION, the width or height is out of range, `turn`
 *         is above n, or `turn` is above 0 with SHELF_SVG_QUESTION (a
 *         question is asked of the whole shelf); SHELF_TOO_LONG for parts
 * SHELF_SVG_TABLE alone above SHELF_SVG_LEAD_MAX wheels, or line
 * SHELF_SVG_LINE_GREEDY_FIRST above SHELF_GREEDY_LINE_MAX; SHELF_NOMEM.
 *
 * Time O(n), plus O(n^2) for the lead table (n <= 30) or the greedy-first
 * line, and, with SHELF_SVG_EXPLAIN, the time of shelf_explain() with limit
 * 0: O(n^2) up to SHELF_EXPLAIN_MAX wheels, and at most about
 * SHELF_EXPLAIN_MAX^2 / 2 steps beyond (a question of up to
 * SHELF_SVG_WHEELS_MAX wheels explains too: O(n^2)). Memory O(n) while drawing
 * (the line, the explanation's row, about 40 bytes a wheel at most); the
 * document is O(n) bytes up to SHELF_SVG_WHEELS_MAX wheels (about 700 bytes
 * a wheel) and under 64 kB for a summary. Thread-safe. */
SHELF_API shelf_status shelf_svg(const int64_t *weights, size_t n,
                                 const shelf_svg_options *options, char **svg,
                                 size_t *len);

/** Frees a document from shelf_svg(); NULL is allowed and does nothing. */
SHELF_API void shelf_svg_free(char *svg);

/** Bytes a colour from shelf_lead_colour() needs: "#rrggbb" and a NUL. */
#define SHELF_COLOUR_BUFSIZE 8

/** The colour the picture's lead table gives a lead, for any surface that
 * colours leads the same way (the page does): a signed logarithmic scale
 * from white (a lead of 0) towards SHELF_COLOUR_AHEAD for a lead above 0 or
 * SHELF_COLOUR_BEHIND below it, reaching the full colour at `biggest`. A
 * linear scale was tried first and failed: next to one large lead, every
 * other lead was white, the colour of level. On this scale a lead of 1
 * beside one of 10^18 is still about a third of the way to its colour.
 * Computed in integers only, so every machine gives the same colours.
 *
 * @param lead     the lead to colour.
 * @param biggest  the largest |lead| on the scale (for a table, of every
 *                 cell: shelf_lead_table_largest()); below |lead| it is
 *                 taken as |lead|.
 * @param fill     receives "#rrggbb", SHELF_COLOUR_BUFSIZE bytes.
 * @param ink      if not NULL, receives the colour of text written on the
 *                 fill: "#ffffff" or SHELF_COLOUR_INK, whichever has the
 *                 higher contrast ratio on it (WCAG 2); on the palette's
 *                 colours that is the ink, 5.1 to 1 on SHELF_COLOUR_AHEAD
 *                 itself, and never less than about 4.2 to 1 on any fill.
 * @return SHELF_OK; SHELF_INVALID if `fill` is NULL.
 *
 * Time O(1); no memory. Thread-safe. */
SHELF_API shelf_status shelf_lead_colour(shelf_i128 lead, shelf_i128 biggest,
                                         char *fill, char *ink);

#ifdef __cplusplus
}
#endif

#endif /* SHELF_SVG_H */
