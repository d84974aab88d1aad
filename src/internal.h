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
 * to the left. One macro for the 128-bit and the 64-bit stack, shared by the
 * margin and the line, so that they cannot disagree.
 */
#define VALLEY_TAKES_LEFT(st, l, r) ((st)[l] >= (st)[r])

/* The margin of a reduced stack: both buyers take its larger end. */
i128 valley_margin(const i128 *st, size_t top);

/* ==== The streaming solver ==== */

/*
 * The solver keeps its reduced stack in 64-bit entries while that is exact
 * and widens it to 128-bit entries the first time it might not be: half the
 * memory (8 bytes a wheel on a strictly decreasing shelf), one-instruction
 * compares, and a merge loop the parser can run inline.
 *
 * Why 64 bits are exact: every stack entry is a sum of distinct pushed
 * weights, each taken with sign +1 or -1 (a merge a - b + c joins three
 * disjoint groups), and so is every partial result of a merge. So each is
 * at most abs_sum, the sum of |weight| over the wheels pushed. While
 * abs_sum <= NARROW_LIMIT everything fits in int64_t, below both guards.
 *
 * Below entry 0 of the narrow stack sit NARROW_GUARD guard entries: st[-1]
 * is INT64_MAX - 1 and st[-2] is INT64_MAX. Every real entry is below
 * st[-1], and st[-1] is below st[-2], so the merge test "st[top-1] >=
 * st[top-2]" fails whenever fewer than two real entries remain: no bounds
 * test is needed. The other guards only have to be readable: the parser's
 * branch-free merge reads up to four entries below the top before it knows
 * whether it needs them.
 */
#define NARROW_GUARD 8
#define NARROW_LIMIT ((uint64_t)INT64_MAX - 2)

struct shelf_solver {
  int64_t *narrow;     /* the 64-bit stack's allocation, guards first (entry k
                          is narrow[NARROW_GUARD + k]); NULL when wide */
  i128 *wide;          /* the 128-bit stack, once widened; else NULL */
  size_t top;          /* entries in use */
  size_t cap;          /* entries allocated (guards not counted) */
  uint64_t abs_sum;    /* sum of |weight| pushed, while the stack is narrow */
  int64_t *weights;    /* every weight, with SHELF_KEEP_WEIGHTS or
                          SHELF_WEIGHTS_ONLY; else NULL */
  size_t wcap;         /* weights allocated */
  uint64_t n;          /* wheels pushed */
  i128 sum;            /* their total weight */
  unsigned flags;      /* from shelf_solver_new() */
  shelf_status failed; /* sticky: SHELF_OK until an allocation fails */
};

/* reduce_push on the narrow stack st (guards below st[0]); the same step,
 * with the guards standing in for the test top >= 2. */
static inline size_t reduce_push64(int64_t *st, size_t top, int64_t x) {
  int64_t *sp = st + top;
  while (sp[-1] >= sp[-2] && sp[-1] >= x) {
    x = sp[-2] - sp[-1] + x;
    sp -= 2;
  }
  *sp = x;
  return (size_t)(sp - st) + 1;
}

/* x86-64 with GCC or clang: the merge's conditional moves (and the parser's
 * SSE2) are written out, because compilers turn the plain C into branches.
 * SHELF_NO_ASM builds the plain C instead. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SHELF_NO_ASM)
#define FAST_X86 1
#else
#define FAST_X86 0
#endif

/* The narrow stack as the fast loops work on it (the parser's scan_fast()
 * and shelf_solver_push_many()): the top two entries live in registers as
 * well as in memory. */
typedef struct fast_stack {
  int64_t *sp;    /* one past the top entry */
  int64_t t1, t2; /* sp[-1], sp[-2] */
} fast_stack;

/* reduce_push64() for the fast loops. The first merge is decided without a
 * branch: the two entries that would come up are read first (the guards
 * make that safe on a short stack), the merged value is computed in
 * unsigned arithmetic (when no merge happens it may be garbage), and the
 * new top, stack pointer and "again" are chosen with conditional moves or
 * masks. "again" is the new t1 after a merge and x - 1 otherwise, so that
 * one comparison decides whether a second merge is due. */
static inline void fast_push(fast_stack *f, int64_t x) {
  int64_t *sp = f->sp;
  int64_t t1 = f->t1, t2 = f->t2;
  int64_t t3 = sp[-3], t4 = sp[-4];
  int64_t merged = (int64_t)((uint64_t)t2 - (uint64_t)t1 + (uint64_t)x);
  int64_t again = x - 1; /* no real x is INT64_MIN: the stack is narrow */
#if FAST_X86
  int64_t larger = x, *down = sp - 2;
  __asm__("cmpq %[x], %[t2]\n\t"
          "cmovgeq %[t2], %[larger]\n\t" /* larger = max(t2, x) */
          "cmpq %[larger], %[t1]\n\t"    /* merge iff t1 >= larger */
          "cmovgeq %[merged], %[x]\n\t"
          "cmovgeq %[t3], %[t1]\n\t"
          "cmovgeq %[t4], %[t2]\n\t"
          "cmovgeq %[down], %[sp]\n\t"
          "cmovgeq %[t3], %[again]"
          : [x] "+&r"(x), [larger] "+&r"(larger), [t1] "+&r"(t1),
            [t2] "+&r"(t2), [sp] "+&r"(sp), [again] "+&r"(again)
          : [merged] "r"(merged), [t3] "r"(t3), [t4] "rm"(t4), [down] "r"(down)
          : "cc");
#else
  uint64_t mask = 0 - (uint64_t)(t1 >= (t2 > x ? t2 : x));
#define FAST_PICK(a, b)                                                        \
  ((int64_t)((uint64_t)(a) ^ (((uint64_t)(a) ^ (uint64_t)(b)) & mask)))
  x = FAST_PICK(x, merged);
  again = FAST_PICK(again, t3);
  t1 = FAST_PICK(t1, t3);
  t2 = FAST_PICK(t2, t4);
  sp -= 2 & mask;
#undef FAST_PICK
#endif
  if (again >= (t2 > x ? t2 : x)) { /* merged, and the new top merges too */
    do {
      x = t2 - t1 + x;
      sp -= 2;
      t1 = sp[-1];
      t2 = sp[-2];
    } while (t1 >= t2 && t1 >= x);
  }
  *sp = x;
  f->sp = sp + 1;
  f->t2 = t1;
  f->t1 = x;
}

/* Makes room for one more wheel; the slow path of solver_push(). */
shelf_status solver_grow(shelf_solver *s);

/* Makes room for `more` wheels at once: stack entries and kept weights. */
shelf_status solver_reserve(shelf_solver *s, size_t more);

/* Converts the stack to 128-bit entries in place (once abs_sum could pass
 * NARROW_LIMIT). Fails the solver with SHELF_NOMEM if it cannot. */
shelf_status solver_widen(shelf_solver *s);

/* The hot path shared by shelf_solver_push() and the parser. */
static inline shelf_status solver_push(shelf_solver *s, int64_t weight) {
  if (s->failed != SHELF_OK)
    return s->failed;
  if (s->flags & SHELF_WEIGHTS_ONLY) { /* append; solved when asked */
    if (s->n == s->wcap && solver_grow(s) != SHELF_OK)
      return s->failed;
    s->weights[s->n++] = weight;
    s->sum += weight;
    return SHELF_OK;
  }
  if ((s->top == s->cap ||
       ((s->flags & SHELF_KEEP_WEIGHTS) && s->n == s->wcap)) &&
      solver_grow(s) != SHELF_OK)
    return s->failed;
  uint64_t mag = weight < 0 ? 0 - (uint64_t)weight : (uint64_t)weight;
  if (s->wide == NULL && mag > NARROW_LIMIT - s->abs_sum &&
      solver_widen(s) != SHELF_OK)
    return s->failed;
  if (s->flags & SHELF_KEEP_WEIGHTS)
    s->weights[s->n] = weight;
  s->n++;
  s->sum += weight;
  if (s->wide == NULL) {
    s->abs_sum += mag;
    s->top = reduce_push64(s->narrow + NARROW_GUARD, s->top, weight);
  } else {
    s->top = reduce_push(s->wide, s->top, weight);
  }
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
