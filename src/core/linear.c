/*
 * linear.c - the linear engine: the margin (on the solver of solver.c),
 * the line of perfect play and the best move on a block, all in O(n).
 *
 * ==== Why it is correct ====
 *
 * The method reduces the shelf, then plays the reduced shelf greedily.
 *
 * 1. A shelf with no interior peak (no wheel >= both neighbours) is a valley:
 *    it falls, then rises, so its heaviest wheel is always at an end, and
 *    removing an end keeps it a valley. In the looser game where a buyer may
 *    take any wheel, taking the heaviest is optimal for both (an exchange
 *    argument), and the margin is the alternating sum of the weights sorted
 *    heaviest first. On a valley that strategy is always legal for both
 *    buyers, so each can still guarantee exactly that margin: the end game
 *    has the same value, reached by "take the heavier end".
 *
 * 2. Three consecutive values a, b, c with b >= a and b >= c (a peak) can be
 *    replaced by a - b + c without changing the lead of any block that holds
 *    all three. When b is the heaviest value of the block this is a strategy
 *    argument: a heaviest end wheel is always an optimal take, so whoever
 *    opens the group by taking a (or c) hands b to the other buyer, who
 *    takes it, and the opener nets a - b + c by closing the group; playing
 *    elsewhere instead never does better, because one wheel moves a lead by
 *    at most its own change. Any other peak reduces to that case by
 *    induction on the length. A merged value can be merged again, as a
 *    group of wheels. For a peak that is not the heaviest value, the moves
 *    of that story need not be optimal on the original shelf, so the line
 *    is read from the finished reduction only (below).
 *
 * The full proof, with the [3, 9, 1, 2] example, is in docs/algorithm.md.
 * tests/test_engines.c checks the margin against the interval DP and brute
 * force on every shelf of up to 8 wheels over {-1..2} and up to 10 over
 * {0, 1, 2}, and on hundreds of thousands of random shelves each run;
 * tests/test_line.c checks every move of the line against the DP table.
 *
 * ==== Why it is O(n) ====
 *
 * Each weight is pushed once; each merge pops two entries and pushes one, so
 * there are fewer merges than pushes. Reading the valley's margin walks the
 * remaining stack once from both ends.
 *
 * ==== The line ====
 *
 * A merged group is a contiguous run of the original shelf. In the finished
 * reduction each group is taken whole, from one end, in consecutive turns
 * (docs/algorithm.md proves every such move keeps the lead). So the line
 * is: play the valley greedily, and expand each group taken into its
 * wheels, outer first.
 * Worst case avoided: computing each turn's best move afresh would be O(n^2).
 */
#include "solver.h"

#include <string.h>

/* ==== The reduction over an array ==== */

/* Reduces w[0..n) into a new stack; *top receives its size. With `lo`, also
 * records where each group starts on the shelf (a group ends where the next
 * begins). Returns NULL on allocation failure. */
static i128 *reduce(const int64_t *w, size_t n, size_t *top, size_t **lo) {
  if (n > SIZE_MAX / sizeof(i128)) /* n * 16 would wrap (32-bit size_t) */
    return NULL;
  i128 *st = malloc((n ? n : 1) * sizeof *st);
  size_t *start = NULL;
  if (lo != NULL) {
    start = malloc((n ? n : 1) * sizeof *start);
    if (start == NULL) {
      free(st);
      return NULL;
    }
    *lo = start;
  }
  if (st == NULL) {
    free(start);
    return NULL;
  }
  size_t t = 0;
  for (size_t k = 0; k < n; k++) {
    size_t nt = reduce_push(st, t, w[k]);
    /* Without a merge the new group is wheel k alone; after merges the
     * surviving entry nt - 1 keeps the start of its leftmost part. */
    if (start != NULL && nt == t + 1)
      start[t] = k;
    t = nt;
  }
  *top = t;
  return st;
}

/* ==== The margin, in lanes ==== */

/*
 * The margin alone needs no record of the groups, so shelf_solve() runs
 * the solver's 64-bit step, and runs it on LANES lanes (stretches) of the shelf
 * at once: one loop takes a chunk of each lane in turn. A merge waits for the
 * one before it on the same stack, so one stack keeps the processor idle
 * between steps; a second, independent stack fills those gaps. The lanes
 * are then appended in order, which is exact (solver.c says why).
 *
 * Two lanes, not four: each lane's stack top lives in three registers
 * (fast_stack), and with four the compiler keeps them in memory, so every
 * push waited for its own stores (measured: 5.9 ns a wheel with four, 2.8
 * with two, on 2^21 random wheels in L2).
 *
 * Before a chunk is merged, its magnitudes are summed (run_sums(), over
 * data that then sits in L1, with the widest vector unit the processor
 * has), so that the 64-bit step is taken only where it provably cannot
 * overflow. Where it could, or where a weight is too heavy for the quick
 * sum, the lanes go on through shelf_solver_push_many(), which widens a
 * stack when it must.
 */
#define LANES 2
#define CHUNK 256

/* Reduces lane k of the shelf, w[k * len .. k * len + len), on s[k], a
 * chunk of each lane at a time; returns how far the lanes got (the same
 * for both). */
static size_t reduce_lanes(shelf_solver **s, const int64_t *w, size_t len,
                           int how) {
  size_t at = 0;
  for (; len - at >= CHUNK; at += CHUNK) {
    solver_run r0, r1;
    uint64_t abs0, abs1;
    i128 sum0, sum1;
    const int64_t *p0 = w + at, *p1 = w + len + at;
    if (!run_sums(p0, CHUNK, &abs0, &sum0, how) ||
        !run_sums(p1, CHUNK, &abs1, &sum1, how) ||
        !solver_run_open(s[0], &r0, CHUNK, abs0))
      break;
    if (!solver_run_open(s[1], &r1, CHUNK, abs1)) {
      solver_run_close(s[0], &r0); /* nothing taken */
      break;
    }
    /* The stacks in locals, so that they stay in registers. */
    fast_stack f0 = r0.f, f1 = r1.f;
    for (size_t i = 0; i < CHUNK; i++) {
      fast_push(&f0, p0[i]);
      fast_push(&f1, p1[i]);
    }
    r0.f = f0;
    r1.f = f1;
    solver_run_took(&r0, CHUNK, abs0, sum0);
    solver_run_close(s[0], &r0);
    solver_run_took(&r1, CHUNK, abs1, sum1);
    solver_run_close(s[1], &r1);
  }
  return at;
}

shelf_status shelf__linear_result_sums(const int64_t *w, size_t n,
                                       shelf_result *out, int how) {
  if (n == 0) { /* w may be NULL: no pointer arithmetic on it */
    shelf__result_from(out, 0, 0, 0);
    return SHELF_OK;
  }
  shelf_solver *s[LANES] = {NULL};
  shelf_status st = SHELF_OK;
  int lanes = n >= 4 * LANES * CHUNK ? LANES : 1;
  for (int k = 0; k < lanes && st == SHELF_OK; k++)
    st = shelf_solver_new(&s[k], 0);
  size_t len = n / (size_t)lanes, at = 0;
  if (st == SHELF_OK && lanes == LANES) {
    at = reduce_lanes(s, w, len, how);
    if (at < len - len % CHUNK) {
      /* Weights too heavy for the 64-bit step: one 128-bit stack for the
       * whole shelf, as two would hold up to 24 bytes a wheel at once. */
      for (int k = 1; k < LANES; k++)
        shelf_solver_free(s[k]);
      shelf_solver_reset(s[0]);
      lanes = 1;
      len = n;
      at = 0;
    }
  }
  for (int k = 0; k < lanes && st == SHELF_OK; k++) {
    size_t end = k + 1 < lanes ? len : n - (size_t)k * len;
    st = shelf__solver_push_many_sums(s[k], w + (size_t)k * len + at, end - at,
                                      how);
  }
  /* Each lane is freed once appended, so that on a monotone shelf the
   * joined stack grows as the lanes go. */
  for (int k = 1; k < lanes; k++) {
    if (st == SHELF_OK)
      st = shelf_solver_append(s[0], s[k]);
    shelf_solver_free(s[k]);
    s[k] = NULL;
  }
  if (st == SHELF_OK)
    st = shelf_solver_result(s[0], out);
  shelf_solver_free(s[0]);
  return st;
}

shelf_status shelf__linear_result(const int64_t *w, size_t n,
                                  shelf_result *out) {
  return shelf__linear_result_sums(w, n, out, shelf__sums_best());
}

shelf_status shelf__linear_lead(const int64_t *w, size_t n, i128 *lead) {
  shelf_result r;
  shelf_status st = shelf__linear_result(w, n, &r);
  if (st == SHELF_OK)
    *lead = r.margin;
  return st;
}

/* ==== The line ==== */

shelf_status shelf_line(const int64_t *w, size_t n, unsigned char *ends) {
  if (n > 0 && (w == NULL || ends == NULL))
    return SHELF_INVALID;
  size_t top, *lo;
  i128 *st = reduce(w, n, &top, &lo);
  if (st == NULL)
    return SHELF_NOMEM;
  size_t turn = 0, l = 0, r = top;
  while (l < r) {
    if (VALLEY_TAKES_LEFT(st, l, r - 1)) {
      size_t end = l + 1 < top ? lo[l + 1] : n;
      memset(ends + turn, SHELF_LEFT, end - lo[l]);
      turn += end - lo[l];
      l++;
    } else {
      r--;
      size_t end = r + 1 < top ? lo[r + 1] : n;
      memset(ends + turn, SHELF_RIGHT, end - lo[r]);
      turn += end - lo[r];
    }
  }
  free(st);
  free(lo);
  return SHELF_OK;
}

/* ==== The best move on a block ==== */

/* The line's move on w[0..len) (len >= 1) and the block's lead, from one
 * reduction into the caller's `scratch` (len entries): the larger end group
 * of the finished reduction, the left on equal ends, exactly as
 * shelf_best_move() and shelf_line() choose. O(len), no allocation, so that
 * a game played to its end (moves.c) pays one reduction a turn. */
shelf_end shelf__best_end(const int64_t *w, size_t len, i128 *scratch,
                          i128 *lead) {
  size_t top = 0;
  for (size_t k = 0; k < len; k++)
    top = reduce_push(scratch, top, w[k]);
  *lead = shelf__valley_margin(scratch, top);
  return VALLEY_TAKES_LEFT(scratch, 0, top - 1) ? SHELF_LEFT : SHELF_RIGHT;
}

shelf_status shelf_best_move(const int64_t *w, size_t n, size_t first,
                             size_t last, shelf_choice *out) {
  if (w == NULL || out == NULL || first > last || last >= n)
    return SHELF_INVALID;
  size_t len = last - first + 1, top;
  i128 *st = reduce(w + first, len, &top, NULL);
  if (st == NULL)
    return SHELF_NOMEM;
  /* The line's move is the larger end of the block's own reduction. */
  shelf_end best = VALLEY_TAKES_LEFT(st, 0, top - 1) ? SHELF_LEFT : SHELF_RIGHT;
  free(st);
  i128 rest_left, rest_right;
  if (shelf__linear_lead(w + first + 1, len - 1, &rest_left) != SHELF_OK ||
      shelf__linear_lead(w + first, len - 1, &rest_right) != SHELF_OK)
    return SHELF_NOMEM;
  out->best = best;
  out->left = w[first] - rest_left;
  out->right = w[last] - rest_right;
  out->lead = out->left >= out->right ? out->left : out->right;
  return SHELF_OK;
}
