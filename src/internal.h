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

/* Fills a result from the sum and the margin. */
void shelf__result_from(shelf_result *out, uint64_t n, i128 sum, i128 margin);

/* The sum of weights, exact. */
i128 shelf__weights_sum(const int64_t *w, size_t n);

/* Grows an array to hold at least `need` elements of `size` bytes, doubling;
 * returns NULL (leaving *p alone) if that overflows or allocation fails. */
void *shelf__grow_array(void *p, size_t *cap, size_t need, size_t size);

/* realloc() for a block that may grow large and is filled front to back
 * (a stack, kept weights): once it is large, the system is told it may back
 * it with huge pages (Linux; elsewhere it is realloc()). */
void *shelf__realloc_large(void *p, size_t bytes);

/* The judge (judge.c): how many of shelf_plan_shrink()'s candidates for a
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

#endif /* SHELF_INTERNAL_H */
