/*
 * internal.h - the few helpers every module of libshelf shares and users
 * never see. The streaming solver and its reduction live in solver.h.
 *
 * Every function here and in the other internal headers is global only
 * between the library's own files. Its symbol carries the one internal
 * prefix, shelf__, so that even the static library (where hidden
 * visibility does not apply) defines nothing outside the shelf_ namespace.
 * The code calls it by that whole name, so that grep of the source finds
 * what gdb and nm show.
 * tests/exports_test.py checks both libraries.
 */
#ifndef SHELF_INTERNAL_H
#define SHELF_INTERNAL_H

#include "shelf.h"
/* The library implements every public header, so its files see them all. */
#include "shelf_judge.h"
#include "shelf_pieces.h"
#include "shelf_svg.h"
#include "shelf_teach.h"

#include <stdlib.h>

typedef shelf_i128 i128;
__extension__ typedef unsigned __int128 u128;

/* ==== Engines, each in its own module ==== */

/* The lead of the whole shelf under each engine (linear.c, dp.c, brute.c),
 * and the linear engine's whole result, which it has without a second pass
 * for the sum. The caller has checked the arguments. */
shelf_status shelf__linear_result(const int64_t *w, size_t n,
                                  shelf_result *out);
shelf_status shelf__linear_lead(const int64_t *w, size_t n, i128 *lead);
/* shelf__linear_result() summing its runs the way `how` says (SUMS_* of
 * solver.h): shelf__linear_result() passes the widest the processor has; tests
 * pass each in turn, so that every way is checked on every machine. */
shelf_status shelf__linear_result_sums(const int64_t *w, size_t n,
                                       shelf_result *out, int how);
shelf_status shelf__dp_lead(const int64_t *w, size_t n, i128 *lead);
shelf_status shelf__brute_lead(const int64_t *w, size_t n, i128 *lead);

/* Text, bounded or growing, and the library's printf: text.h. */

/* ==== Greedy play (explain.c) ==== */

/* Both buyers greedy (the heavier end, the left on equal weights): total[0]
 * is the first buyer's kilos, total[1] the second's. O(n). */
void shelf__greedy_totals(const int64_t *w, size_t n, i128 total[2]);

/* ==== The best end, and greedy against perfect (linear.c, moves.c) ==== */

/* The line's move on w[0..len) (len >= 1, the same tie rule as
 * shelf_best_move()) and, in *lead, the block's lead; `scratch` holds len
 * entries. O(len), no allocation. */
shelf_end shelf__best_end(const int64_t *w, size_t len, i128 *scratch,
                          i128 *lead);

/* A game of a greedy first buyer (shelf_greedy_end()) against the perfect
 * second buyer of the game (shelf_best_move()'s best), as
 * shelf__greedy_first_game() plays it. */
typedef struct shelf__greedy_game {
  int complete;   /* 1: played to the end within the budget */
  i128 margin;    /* with complete: first buyer's kilos minus the second's */
  int lost;       /* 1: a turn where the greedy first buyer loses lead */
  uint64_t turn;  /* with lost: the first such turn (1-based) */
  shelf_end end;  /* the end greedy takes there */
  uint64_t wheel; /* the wheel it takes (0-based) */
  uint64_t other; /* the wheel perfect play takes there (0-based) */
  i128 lost_lead; /* the lead lost there (> 0) */
} shelf__greedy_game;

/* Plays that game from the whole shelf: one reduction of the block a turn
 * (shelf__best_end()), so O(n^2) time and O(n) memory, stopping before a
 * turn that would take the wheel-steps spent past `budget` (then complete
 * is 0). With `ends`, the ends taken are written there (n values). */
shelf_status shelf__greedy_first_game(const int64_t *w, size_t n,
                                      uint64_t budget, unsigned char *ends,
                                      shelf__greedy_game *out);

/* ==== Results and memory (common.c) ==== */

/* The natural logarithm (-1e308 for x <= 0) and e^x, to about 15 digits,
 * without libm (common.c). */
double shelf__real_log(double x);
double shelf__real_exp(double x);

/* Fills a result from the sum and the margin. Inline: --batch fills one a
 * line. */
static inline void shelf__result_from(shelf_result *out, uint64_t n, i128 sum,
                                      i128 margin) {
  /* first + second = sum and first - second = margin, so sum + margin is
   * even and both totals are exact. */
  out->n = n;
  out->margin = margin;
  out->first = (sum + margin) / 2;
  out->second = (sum - margin) / 2;
}

/* The sum of weights, exact. */
i128 shelf__weights_sum(const int64_t *w, size_t n);

/* Grows an array to hold at least `need` elements of `size` bytes, doubling;
 * returns NULL (leaving *p alone) if that overflows or allocation fails. */
void *shelf__grow_array(void *p, size_t *cap, size_t need, size_t size);

/* realloc() for a block that may grow large and is filled front to back
 * (a stack, kept weights): once it is large, the system is told it may back
 * it with huge pages (Linux; elsewhere it is realloc()). */
void *shelf__realloc_large(void *p, size_t bytes);

/* ==== The game and the parser, for their tests (game.c, parse.c) ==== */

/* Who plays a buyer in this game; SHELF_PLAYER_PERSON for a NULL game or
 * an unknown buyer. Time O(1). */
shelf_player shelf__game_player(const shelf_game *game, shelf_buyer buyer);

/* In line mode, after a parse error: forget the error and skip the rest of
 * the offending line, so that the next shelf starts on the next line (the
 * loop of --batch, lines.c). The caller should reset its solver too.
 * Returns SHELF_OK; SHELF_INVALID if the parser is NULL or not in line
 * mode. */
shelf_status shelf__parser_skip_line(shelf_parser *parser);

/* --batch's quick lines (lines.c): the most weights one holds, a digit and
 * a blank each in a window of 64 bytes, and the room an array for them
 * needs (3 more: the scanner's digit conversions write past the last). */
#define QUICK_LINE_MAX 32
#define QUICK_LINE_ROOM (QUICK_LINE_MAX + 3)

/* --batch: the line at data[i], taken whole if the parser is at its start
 * (line mode, no error) and the line is plain enough for the scanner to
 * take at once: its line feed among its first 64 bytes, before it only
 * blanks and weights of at most 8 digits, no sign (scan.h:
 * shelf__scan_line()). With --counted (SHELF_PARSE_COUNTED), the two
 * lines of a counted shelf, its count alone on the first and as many
 * weights on the second. Its weights go to w[0..*n) (room for
 * QUICK_LINE_ROOM) and the parser moves past its line feed, the shelf
 * ended, as shelf_parser_feed() would have it. Returns the bytes taken;
 * 0 leaves the text to shelf_parser_feed(). */
size_t shelf__parser_quick_line(shelf_parser *parser, const char *data,
                                size_t i, size_t len, int64_t *w,
                                unsigned *n);

/* The answer to a quick line's weights: at most QUICK_LINE_MAX, each of
 * at most 8 digits, so that every sum fits 64 bits. The same reduction and
 * valley as a solver's (solver.h), on a stack of its own. Time O(n). */
void shelf__solve_quick(const int64_t *w, unsigned n, shelf_result *out);

/* Where the parser is: the place after the text fed so far, to resume
 * another parser from (shelf_parser_resume()). SHELF_OK; SHELF_INVALID if
 * an argument is NULL, or the parser is not between items (inside a weight
 * or other text, after a carriage return waiting for its line feed, or
 * failed): cut a text only after a space, tab or line feed. Time O(1). */
shelf_status shelf__parser_place(const shelf_parser *parser,
                                 shelf_parse_place *out);

/* ==== The judge's building blocks (judge.c, problems.c) ====
 *
 * Public until 0.3; shelf_judge_run() is their one caller, so they are the
 * judge loop's own (tests/test_judge.c tests them through this header). */

/** What a judge tries, as a problem states its limits. */
typedef struct shelf_plan {
  size_t max_n;   /**< the most wheels a shelf may have, at least 1 */
  int64_t lo, hi; /**< every weight is in lo..hi */
  size_t tries;   /**< random shelves after the fixed ones */
  uint64_t seed;  /**< the same seed gives the same tries */
  const int64_t *const *samples; /**< the problem's samples, NULL-ended;
                                      may be NULL for none */
  const size_t *sample_n;        /**< their lengths; a sample longer than
                                      max_n is skipped */
} shelf_plan;

/** One shelf a program got wrong, and what it answered. */
typedef struct shelf_failure {
  const int64_t *weights;
  size_t n;
  shelf_i128 got; /**< the program's answer, of the asked kind */
} shelf_failure;

/** The number of tries of a plan: the fixed ones and `tries` random ones,
 * or SIZE_MAX if there are more. Time O(number of samples). */
size_t shelf__plan_count(const shelf_plan *plan);

/** Writes try k (0-based, below shelf__plan_count()) into `weights`, which
 * has room for max(max_n, 8) weights, its length into *n and its part into
 * *kind (if not NULL). A fixed shelf that does not fit the plan's limits,
 * or an edge shelf's large version that says nothing new, is given as an
 * empty shelf (*n = 0), for the caller to skip.
 *
 * @return SHELF_OK; SHELF_INVALID (a NULL argument, lo > hi, max_n 0, k out
 *         of range). Time O(max_n); no memory. Thread-safe. */
shelf_status shelf__plan_shelf(const shelf_plan *plan, size_t k,
                               int64_t *weights, size_t *n, shelf_try *kind);

/** Shrink candidate c (0-based) of a failing shelf, smallest first, as
 * Hypothesis and QuickCheck order them: fewer wheels first (chunks of n/2,
 * n/4, ..., 1 wheels deleted at each place, never below one wheel); then
 * every weight at once, writing t for the point of lo..hi nearest 0: all
 * at t, each one step from t on its side, all one step above t, all one
 * below, each 1 to 7 from t on its side (its distance from t mod 7, plus
 * 1), a random shelf within 3 of t (seeded by the plan's seed and n),
 * every distance from t divided by 256, then halved (a candidate of these
 * whose distances from t do not sum to less than the shelf's is left out,
 * so that no two candidates lead back to each other); then chunks of n/2,
 * n/4, ..., 2 weights set to t at each place (a chunk already at t left
 * out); then each weight from the left moved toward t (to it, then
 * halfway, a quarter, ...). The
 * whole-shelf candidates make a long shelf light in a few runs, where one
 * weight at a time would take a run a weight. A judge tries candidates in
 * order and starts again from the first that still fails.
 *
 * @param out    room for n weights; receives the candidate.
 * @param out_n  receives its length.
 * @return 1 when candidate c exists and was written, 0 when it does not (or
 *         an argument is NULL). Time O(n + c); no memory. Thread-safe. */
int shelf__plan_shrink(const shelf_plan *plan, const int64_t *weights, size_t n,
                       size_t c, int64_t *out, size_t *out_n);

/* What a known wrong algorithm answers for the margin of a whole shelf,
 * so that a judge can tell whether a program's answers are that mistake's:
 *
 *   - SHELF_MISTAKE_NONE: the true margin (perfect play).
 *   - SHELF_MISTAKE_GREEDY: both buyers take the heavier end, the left on
 *     equal weights; the first buyer's total minus the second's.
 *   - SHELF_MISTAKE_ADDED: lead[i][i] = w[i], then by span length
 *     lead[i][j] = max(w[i] + lead[i+1][j], w[j] + lead[i][j-1]); the answer
 *     lead[0][n-1]. Both choices are then the block's sum, so the answer is
 *     the sum of the shelf, and it is computed as such.
 *   - SHELF_MISTAKE_LEFT_INDEX: a table of zeros, lead[i][i] = w[i], then for
 *     i = 0..n-1 ascending and j = i+1..n-1 ascending, lead[i][j] =
 *     max(w[i] - lead[i+1][j], w[j] - lead[i][j-1]), every cell read as it
 *     stands (lead[i+1][j] is still 0 for j > i + 1); the answer
 *     lead[0][n-1]. [7, 2, 9, 4] gives 7 (the true margin is 10), as the
 *     problem's third pitfall says (docs/problem.md). Only row 0 reaches
 *     the answer, and it reads the diagonal and itself, so it takes O(n).
 *
 * The other mistakes are not one algorithm: a judge finds them from the
 * program's behaviour. wrong-quantity: the program's answer equals another
 * quantity of the true result (the margin, the first or the second buyer's
 * total) than the one asked. strict-tie: asked who wins, the program says
 * false exactly on shelves whose margin is 0. overflow32: the program is
 * right on every shelf whose totals fit in 31 bits and wrong on some whose
 * totals do not. For those this function returns SHELF_INVALID.
 *
 * An empty shelf gives 0 for every kind.
 *
 * @param kind     SHELF_MISTAKE_NONE, _GREEDY, _ADDED or _LEFT_INDEX.
 * @param weights  n weights; may be NULL when n is 0.
 * @param out      receives the margin; must not be NULL.
 * @return SHELF_OK; SHELF_INVALID for another kind, a NULL `out`, or NULL
 *         weights with n > 0; SHELF_NOMEM (only for SHELF_MISTAKE_NONE, from
 *         the linear engine).
 *
 * Time O(n); memory O(1), or O(n) for SHELF_MISTAKE_NONE. Thread-safe. */
shelf_status shelf__mistake_margin(shelf_mistake kind, const int64_t *weights,
                                   size_t n, shelf_i128 *out);

/** Whether every total of a shelf fits in 31 bits with room for the sum of
 * two of them (a program computes the first buyer's total as (sum +
 * margin) / 2): twice the sum of |w| is at most 2^31 - 1. Time O(n). */
int shelf__fits_31_bits(const int64_t *weights, size_t n);

/** Names the known mistake that a program's wrong answers show, or
 * SHELF_MISTAKE_NONE when none fits all of them: greedy, added or
 * left-index when that algorithm (shelf__mistake_margin()) gives every
 * answer, turned into the asked kind as a program would (a total from a
 * margin rounded either way); strict-tie when the winner was asked and
 * every failing shelf is a tie called a loss; wrong-quantity when every
 * answer is another of margin, first and second; overflow32 when
 * `fitting_passed` says the shelves tried whose totals fit in 31 bits all
 * passed and none of the failing ones fits. wrong-quantity and overflow32
 * are what the answers suggest, not yet shown: shelf_judge_run() confirms
 * each with a run before it names it.
 *
 * @param out  receives the mistake, or SHELF_MISTAKE_NONE.
 * @return SHELF_OK; SHELF_INVALID (`out` NULL, `failures` NULL with count
 *         > 0, an unknown kind); SHELF_NOMEM, with *out NONE: no mistake is
 *         named, or ruled out, on a computation that did not happen.
 *
 * Time O(total wheels of the failures); memory as shelf_solve().
 * Thread-safe. */
shelf_status shelf__mistake_of(shelf_answer kind, const shelf_failure *failures,
                               size_t count, int fitting_passed,
                               shelf_mistake *out);

/** The problems shelf knows, by index from 0: "shelf" (the problem,
 * docs/problem.md: "Splitting the ripening shelf", the default), "cses"
 * (CSES 1097), "atcoder" (AtCoder DP contest L), "leetcode486" and
 * "algolab" (ETH AlgoLab's Burning Coins: up to 30 cases a file). Returns NULL
 * past the last, so that a caller can list them. Static; do not free. Time
 * O(1). Thread-safe. */
const shelf_problem *shelf__problem_at(size_t k);

/* The judge (judge.c): how many of shelf__plan_shrink()'s candidates for a
 * shelf of n wheels delete wheels (they come first; the rest keep the
 * length), and whether `got` is what a program computing the answer of
 * kind k in 32-bit integers that wrap prints on w: the exact answer cut to
 * 32 bits, the lead DP or the first mover's total DP in 32 bits, a total
 * as (sum +- margin) / 2 wrapped before or after halving, or with the sum
 * in 64 bits and the lead in 32. 1 or 0, or -1
 * with *st set when it could not be computed (out of memory). O(n^2). */
size_t shelf__shrink_deletions(size_t n);
int shelf__overflow32_gives(shelf_answer k, const int64_t *w, size_t n,
                            i128 got, shelf_status *st);

/* The largest size random try k of a plan may have (judge.c), and how
 * many tries come before the random ones: what a budget weighs. */
size_t shelf__random_size(const shelf_plan *p, size_t k);
size_t shelf__fixed_tries(const shelf_plan *p);

/* ==== The judge's sentinel shelves (judge.c) ==== */

/* The values other than 0 that memo tables commonly use for "not computed"
 * (-1, INT32_MIN, INT32_MAX, 0x3f3f3f3f), a shape each. */
#define SHELF__SENTINELS 4

/* Writes sentinel shape `shape` (0 .. SHELF__SENTINELS - 1) at `len`
 * wheels into w: a shelf on which about half the blocks leave the buyer to
 * move a total of *value (zeros around 2m equal wheels; *total is 1, the
 * quantity: the mover's total, not the lead). Returns 1, or 0 (with *n 0)
 * when the shape does not fit lo..hi or len. *value and *total are set
 * whenever shape is in range. Time O(len). */
int shelf__sentinel_shelf(int64_t lo, int64_t hi, size_t shape, size_t len,
                          int64_t *w, size_t *n, i128 *value, int *total);

/* ==== Bytes that travel (state.c, pieces.c) ==== */

/* A 64-bit number as 8 bytes, least significant first: the order of every
 * byte format the library writes (a solver's state, a parse place), so
 * that a file saved on one machine reads on any other. */
static inline void shelf__put64(unsigned char *b, uint64_t v) {
  for (int k = 0; k < 8; k++)
    b[k] = (unsigned char)(v >> (8 * k));
}

static inline uint64_t shelf__get64(const unsigned char *b) {
  uint64_t v = 0;
  for (int k = 0; k < 8; k++)
    v |= (uint64_t)b[k] << (8 * k);
  return v;
}

#endif /* SHELF_INTERNAL_H */
