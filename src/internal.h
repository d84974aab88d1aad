/*
 * internal.h - what the modules of libshelf share and users never see: the
 * solver's layout, the reduction step of the linear engine (so that the
 * parser can feed it without a call per weight), and small helpers.
 */
#ifndef SHELF_INTERNAL_H
#define SHELF_INTERNAL_H

#include "shelf.h"

#include <stdlib.h>

typedef shelf_i128 i128;
__extension__ typedef unsigned __int128 u128;

/* ==== The reduction (the linear engine's one step) ==== */

/*
 * reduce_push - push one value onto a reduced stack and restore its shape.
 *
 * The stack st[0..top) never holds an interior peak: no entry is >= both of
 * its neighbours. Pushing x can create one only at st[top-1], with x as its
 * right neighbour; then the three values a, b, x are replaced by a - b + x,
 * which can in turn be a peak's right neighbour, and so on. Each merge
 * removes two entries, so a whole run of pushes costs O(n). Why the merged
 * value gives the same game is argued in linear.c and docs/algorithm.md.
 *
 * Returns the new top. The caller guarantees room for one more entry.
 */
static inline size_t reduce_push(i128 *st, size_t top, i128 x) {
  while (top >= 2 && st[top - 1] >= st[top - 2] && st[top - 1] >= x) {
    x = st[top - 2] - st[top - 1] + x;
    top -= 2;
  }
  st[top] = x;
  return top + 1;
}

/*
 * On a reduced stack, the buyer to move takes the larger end; equal ends go
 * to the left. Shared by the margin and the line so the two cannot disagree.
 */
static inline int valley_takes_left(const i128 *st, size_t l, size_t r) {
  return st[l] >= st[r];
}

/* The margin of a reduced stack: both buyers take its larger end. */
i128 valley_margin(const i128 *st, size_t top);

/* ==== The streaming solver ==== */

struct shelf_solver {
  i128 *stack;        /* the reduced shelf, st[0..top) */
  size_t top;         /* entries in use */
  size_t cap;         /* entries allocated */
  int64_t *weights;   /* every weight, with SHELF_KEEP_WEIGHTS; else NULL */
  size_t wcap;        /* weights allocated */
  uint64_t n;         /* wheels pushed */
  i128 sum;           /* their total weight */
  unsigned flags;     /* from shelf_solver_new() */
  shelf_status failed; /* sticky: SHELF_OK until an allocation fails */
};

/* Makes room for one more wheel; the slow path of solver_push(). */
shelf_status solver_grow(shelf_solver *s);

/* The hot path shared by shelf_solver_push() and the parser. */
static inline shelf_status solver_push(shelf_solver *s, int64_t weight) {
  if (s->failed != SHELF_OK)
    return s->failed;
  if ((s->top == s->cap ||
       ((s->flags & SHELF_KEEP_WEIGHTS) && s->n == s->wcap)) &&
      solver_grow(s) != SHELF_OK)
    return s->failed;
  if (s->flags & SHELF_KEEP_WEIGHTS)
    s->weights[s->n] = weight;
  s->n++;
  s->sum += weight;
  s->top = reduce_push(s->stack, s->top, weight);
  return SHELF_OK;
}

/* ==== Engines, each in its own module ==== */

/* The lead of the whole shelf under each engine. */
shelf_status linear_lead(const int64_t *w, size_t n, i128 *lead);
shelf_status dp_lead(const int64_t *w, size_t n, i128 *lead);
shelf_status brute_lead(const int64_t *w, size_t n, i128 *lead);

/* Fills a result from the sum and the margin. */
void result_from(shelf_result *out, uint64_t n, i128 sum, i128 margin);

/* The sum of weights, exact. */
i128 weights_sum(const int64_t *w, size_t n);

/* Grows an array to hold at least `need` elements of `size` bytes, doubling;
 * returns NULL (leaving *p alone) if that overflows or allocation fails. */
void *grow_array(void *p, size_t *cap, size_t need, size_t size);

#endif /* SHELF_INTERNAL_H */
