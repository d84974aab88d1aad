/*
 * linear.c - the linear engine: the margin, the streaming solver, the line
 * of perfect play and the best move on a block, all in O(n).
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
#include "internal.h"

#include <string.h>

/* ==== Helpers ==== */

void *grow_array(void *p, size_t *cap, size_t need, size_t size) {
  size_t c = *cap ? *cap : 16;
  while (c < need) {
    if (c > SIZE_MAX / 2)
      return NULL;
    c *= 2;
  }
  if (c > SIZE_MAX / size)
    return NULL;
  void *q = realloc(p, c * size);
  if (q != NULL)
    *cap = c;
  return q;
}

i128 weights_sum(const int64_t *w, size_t n) {
  i128 sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += w[i];
  return sum;
}

void result_from(shelf_result *out, uint64_t n, i128 sum, i128 margin) {
  /* first + second = sum and first - second = margin, so sum + margin is
   * even and both totals are exact. */
  out->n = n;
  out->margin = margin;
  out->first = (sum + margin) / 2;
  out->second = (sum - margin) / 2;
}

i128 valley_margin(const i128 *st, size_t top) {
  i128 margin = 0;
  int sign = 1;
  size_t l = 0, r = top;
  while (l < r) {
    i128 v = VALLEY_TAKES_LEFT(st, l, r - 1) ? st[l++] : st[--r];
    margin += sign > 0 ? v : -v;
    sign = -sign;
  }
  return margin;
}

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

shelf_status linear_lead(const int64_t *w, size_t n, i128 *lead) {
  size_t top;
  i128 *st = reduce(w, n, &top, NULL);
  if (st == NULL)
    return SHELF_NOMEM;
  *lead = valley_margin(st, top);
  free(st);
  return SHELF_OK;
}

/* ==== The streaming solver ==== */

/* The margin of the narrow stack: valley_margin() with 64-bit entries and
 * the same rule (the larger end; the left one on a tie). */
static i128 valley_margin64(const int64_t *st, size_t top) {
  i128 margin = 0;
  int sign = 1;
  size_t l = 0, r = top;
  while (l < r) {
    i128 v = VALLEY_TAKES_LEFT(st, l, r - 1) ? st[l++] : st[--r];
    margin += sign > 0 ? v : -v;
    sign = -sign;
  }
  return margin;
}

/* Writes the guards below entry 0 of a narrow stack (see internal.h). */
static void narrow_guards(int64_t *narrow) {
  for (int k = 0; k < NARROW_GUARD; k++)
    narrow[k] = INT64_MAX;
  narrow[NARROW_GUARD - 1] = INT64_MAX - 1;
}

shelf_status shelf_solver_new(shelf_solver **out, unsigned flags) {
  if (out == NULL || (flags & ~(SHELF_KEEP_WEIGHTS | SHELF_WEIGHTS_ONLY)) != 0)
    return SHELF_INVALID;
  shelf_solver *s = calloc(1, sizeof *s);
  if (s == NULL)
    return SHELF_NOMEM;
  s->flags = flags;
  *out = s;
  return SHELF_OK;
}

void shelf_solver_free(shelf_solver *s) {
  if (s == NULL)
    return;
  free(s->narrow);
  free(s->wide);
  free(s->weights);
  free(s);
}

/* Grows the stack to at least `need` entries, doubling. On a strictly
 * decreasing shelf the stack keeps every wheel; realloc of a large block
 * moves pages rather than copying them, so the peak stays near 8 bytes a
 * wheel (16 once wide). */
static shelf_status stack_grow(shelf_solver *s, size_t need) {
  size_t c = s->cap ? s->cap : 16;
  while (c < need) {
    if (c > SIZE_MAX / 2)
      return s->failed = SHELF_NOMEM;
    c *= 2;
  }
  if (s->wide != NULL) {
    if (c > SIZE_MAX / sizeof *s->wide)
      return s->failed = SHELF_NOMEM;
    i128 *st = realloc(s->wide, c * sizeof *st);
    if (st == NULL)
      return s->failed = SHELF_NOMEM;
    s->wide = st;
  } else {
    if (c > SIZE_MAX / sizeof *s->narrow - NARROW_GUARD)
      return s->failed = SHELF_NOMEM;
    int64_t *st = realloc(s->narrow, (c + NARROW_GUARD) * sizeof *st);
    if (st == NULL)
      return s->failed = SHELF_NOMEM;
    if (s->narrow == NULL)
      narrow_guards(st);
    s->narrow = st;
  }
  s->cap = c;
  return SHELF_OK;
}

shelf_status solver_reserve(shelf_solver *s, size_t more) {
  if (s->failed != SHELF_OK)
    return s->failed;
  if (more > SIZE_MAX - s->top)
    return s->failed = SHELF_NOMEM;
  int only = (s->flags & SHELF_WEIGHTS_ONLY) != 0; /* no stack at all */
  if (!only && s->top + more > s->cap &&
      stack_grow(s, s->top + more) != SHELF_OK)
    return s->failed;
  if ((s->flags & (SHELF_KEEP_WEIGHTS | SHELF_WEIGHTS_ONLY)) &&
      s->n + more > s->wcap) {
    if (more > SIZE_MAX - (size_t)s->n)
      return s->failed = SHELF_NOMEM;
    int64_t *w =
        grow_array(s->weights, &s->wcap, (size_t)s->n + more, sizeof *w);
    if (w == NULL)
      return s->failed = SHELF_NOMEM;
    s->weights = w;
  }
  return SHELF_OK;
}

shelf_status solver_grow(shelf_solver *s) { return solver_reserve(s, 1); }

shelf_status solver_widen(shelf_solver *s) {
  if (s->wide != NULL)
    return SHELF_OK;
  /* In place: realloc the block to 16 bytes an entry, slide the entries
   * over the guards to the start, then widen from the top down. Entry k
   * lands on the bytes of narrow entries 2k and 2k + 1, which are at or
   * above k and so already read: no second array, no 24-byte peak.
   *
   * The new block holds the entries in use and room to push (the caller
   * checked for room in the narrow block, not this one). It is sized from
   * top, not cap: from cap it would double at every widen-and-reset cycle
   * of batch mode. As 2c >= NARROW_GUARD + top, the narrow entries are
   * still inside the block for the memmove. */
  if (s->top > (SIZE_MAX - 1) / 2)
    return s->failed = SHELF_NOMEM;
  size_t c = s->top < 16 ? 16 : s->top + s->top / 2 + 1;
  if (c > SIZE_MAX / sizeof(i128))
    return s->failed = SHELF_NOMEM;
  unsigned char *mem = realloc(s->narrow, c * sizeof(i128));
  if (mem == NULL)
    return s->failed = SHELF_NOMEM;
  if (s->narrow != NULL)
    memmove(mem, mem + NARROW_GUARD * sizeof(int64_t),
            s->top * sizeof(int64_t));
  for (size_t k = s->top; k-- > 0;) {
    int64_t v;
    memcpy(&v, mem + k * sizeof v, sizeof v);
    i128 wv = v;
    memcpy(mem + k * sizeof wv, &wv, sizeof wv);
  }
  s->narrow = NULL;
  s->wide = (i128 *)(void *)mem;
  s->cap = c;
  return SHELF_OK;
}

shelf_status shelf_solver_push(shelf_solver *s, int64_t weight) {
  if (s == NULL)
    return SHELF_INVALID;
  return solver_push(s, weight);
}

/* Weights merged per round of push_many's fast loop: the round's magnitudes
 * are summed first (a loop compilers vectorize, over data in L1), so that
 * the merge loop knows the stack stays narrow and needs no test a weight. */
#define MANY_ROUND 4096

shelf_status shelf_solver_push_many(shelf_solver *s, const int64_t *weights,
                                    size_t n) {
  if (s == NULL || (weights == NULL && n > 0))
    return SHELF_INVALID;
  size_t i = 0;
  while (s->failed == SHELF_OK && s->flags == 0 && s->wide == NULL && i < n) {
    size_t m = n - i < MANY_ROUND ? n - i : MANY_ROUND;
    const int64_t *w = weights + i;
    u128 abs = 0;
    i128 sum = 0;
    for (size_t k = 0; k < m; k++) {
      abs += w[k] < 0 ? 0 - (uint64_t)w[k] : (uint64_t)w[k];
      sum += w[k];
    }
    if (abs > NARROW_LIMIT - s->abs_sum)
      break; /* the rest goes one by one, widening where it must */
    if (solver_reserve(s, m) != SHELF_OK)
      return s->failed;
    int64_t *st = s->narrow + NARROW_GUARD;
    fast_stack f = {st + s->top, st[(ptrdiff_t)s->top - 1],
                    st[(ptrdiff_t)s->top - 2]};
    for (size_t k = 0; k < m; k++)
      fast_push(&f, w[k]);
    s->top = (size_t)(f.sp - st);
    s->n += m;
    s->sum += sum;
    s->abs_sum += (uint64_t)abs;
    i += m;
  }
  for (; i < n; i++) {
    shelf_status st = solver_push(s, weights[i]);
    if (st != SHELF_OK)
      return st;
  }
  return SHELF_OK;
}

shelf_status shelf_solver_result(const shelf_solver *s, shelf_result *out) {
  if (s == NULL || out == NULL)
    return SHELF_INVALID;
  if (s->failed != SHELF_OK)
    return s->failed;
  if (s->flags & SHELF_WEIGHTS_ONLY) {
    i128 lead;
    shelf_status st = linear_lead(s->weights, (size_t)s->n, &lead);
    if (st == SHELF_OK)
      result_from(out, s->n, s->sum, lead);
    return st;
  }
  i128 margin = s->wide != NULL ? valley_margin(s->wide, s->top)
                : s->narrow != NULL
                    ? valley_margin64(s->narrow + NARROW_GUARD, s->top)
                    : 0;
  result_from(out, s->n, s->sum, margin);
  return SHELF_OK;
}

const int64_t *shelf_solver_weights(const shelf_solver *s, size_t *n) {
  if (n != NULL)
    *n = s != NULL && s->weights != NULL ? (size_t)s->n : 0;
  return s != NULL ? s->weights : NULL;
}

void shelf_solver_reset(shelf_solver *s) {
  if (s == NULL)
    return;
  if (s->wide != NULL) {
    /* Back to 64-bit entries for the next shelf (batch mode): the block of
     * cap 16-byte entries holds 2 * cap - NARROW_GUARD narrow ones. */
    s->narrow = (int64_t *)(void *)s->wide;
    s->wide = NULL;
    s->cap = 2 * s->cap - NARROW_GUARD;
    narrow_guards(s->narrow);
  }
  s->top = 0;
  s->n = 0;
  s->sum = 0;
  s->abs_sum = 0;
  s->failed = SHELF_OK;
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
  if (linear_lead(w + first + 1, len - 1, &rest_left) != SHELF_OK ||
      linear_lead(w + first, len - 1, &rest_right) != SHELF_OK)
    return SHELF_NOMEM;
  out->best = best;
  out->left = w[first] - rest_left;
  out->right = w[last] - rest_right;
  out->lead = out->left >= out->right ? out->left : out->right;
  return SHELF_OK;
}
