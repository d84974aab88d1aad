/*
 * solver.c - the streaming solver: a reduced stack of 64-bit entries that
 * widens to 128 bits when it must, fed one weight or many at a time; and
 * states that travel: saved as portable bytes, loaded back, and appended
 * one after another. solver.h holds the layout and the hot paths, and says
 * why the stack is what it is.
 */
#include "solver.h"

#include <string.h>

/* ==== The margin of a reduced stack ==== */

/* Both buyers take the larger end (the left one on a tie, as
 * VALLEY_TAKES_LEFT says); one body for the 128-bit and the 64-bit stack,
 * so the two cannot disagree. */
#define VALLEY_MARGIN(name, T)                                                 \
  i128 name(const T *st, size_t top) {                                         \
    i128 margin = 0;                                                           \
    int sign = 1;                                                              \
    size_t l = 0, r = top;                                                     \
    while (l < r) {                                                            \
      i128 v = VALLEY_TAKES_LEFT(st, l, r - 1) ? st[l++] : st[--r];            \
      margin += sign > 0 ? v : -v;                                             \
      sign = -sign;                                                            \
    }                                                                          \
    return margin;                                                             \
  }

VALLEY_MARGIN(valley_margin, i128)
VALLEY_MARGIN(valley_margin64, int64_t)

/* ==== The streaming solver ==== */

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
