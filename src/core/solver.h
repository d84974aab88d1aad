/*
 * solver.h - the streaming solver inside libshelf: its layout, the
 * reduction step of the linear engine, and the inline hot paths through
 * which the scanner and the parser feed it. solver.c holds the rest, and
 * state.c the saved state; no other file touches a solver's fields.
 */
#ifndef SHELF_SOLVER_H
#define SHELF_SOLVER_H

#include "internal.h"

#include <stddef.h>

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
/* Whether pushing x makes the top of st[0..top) a peak to merge, and the
 * value that then replaces the three: the step itself, written once, which
 * reduce_push() repeats and shelf_reduction_trace() records. */
#define REDUCE_PEAK(st, top, x)                                                \
  ((top) >= 2 && (st)[(top)-1] >= (st)[(top)-2] && (st)[(top)-1] >= (x))
#define REDUCE_MERGE(a, b, x) ((a) - (b) + (x))

static inline size_t reduce_push(i128 *st, size_t top, i128 x) {
  while (REDUCE_PEAK(st, top, x)) {
    x = REDUCE_MERGE(st[top - 2], st[top - 1], x);
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

/* The margin of a reduced stack, 128-bit or 64-bit entries: both buyers take
 * its larger end (solver.c). */
i128 shelf__valley_margin(const i128 *st, size_t top);
i128 shelf__valley_margin64(const int64_t *st, size_t top);

/* A long stack's valley read in two parts at once (read.c's threads): the
 * takes up to the middle one (head), and the block they leave (rest). */
typedef struct valley_part {
  const shelf_solver *s;
  size_t l, r; /* the block the head's takes leave, st[l, r) */
  int head;
  i128 lead; /* shelf__valley_read()'s: the lead over the part's takes */
} valley_part;

/* Splits the stack of a solver with no error at its middle take, if it
 * holds at least `least` entries; 0 if not. */
int shelf__valley_split(const shelf_solver *s, size_t least,
                        valley_part *head, valley_part *rest);
/* Reads one part: sets its lead. */
void shelf__valley_read(valley_part *p);
/* The solver's result from its two parts read: shelf_solver_result()'s. */
void shelf__valley_result(const valley_part *head, const valley_part *rest,
                          shelf_result *out);

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

/* A flag of the library's own, beside the public SHELF_KEEP_WEIGHTS: keep
 * the weights and no stack at all, for shelf_parse(), which wants only the
 * array. shelf_solver_new() refuses it; shelf__solver_new_weights() makes one.
 */
#define SOLVER_WEIGHTS_ONLY 0x100u
#define NARROW_LIMIT ((uint64_t)INT64_MAX - 2)

/*
 * What bounds a solver's numbers: the count. n wheels of int64 weights
 * (from -2^63 to 2^63 - 1) have a total from -n * 2^63 to n * (2^63 - 1),
 * and each stack entry is a signed sum of distinct weights, so the
 * entries' magnitudes add up to at most n * 2^63 too. A count of at most
 * 2^63 keeps all of these, every merge, the margin and sum + margin (twice
 * the first buyer's total) within 128 bits. No program pushes 2^63 wheels
 * one by one, but a state loaded or appended may hold that many, so every
 * way in keeps to it: a push past it is SHELF_RANGE.
 */
#define SOLVER_N_MAX ((uint64_t)1 << 63)

struct shelf_solver {
  int64_t *narrow;     /* the 64-bit stack's allocation, guards first (entry k
                          is narrow[NARROW_GUARD + k]); NULL when wide */
  i128 *wide;          /* the 128-bit stack, once widened; else NULL */
  size_t top;          /* entries in use */
  size_t cap;          /* entries allocated (guards not counted) */
  uint64_t abs_sum;    /* sum of |weight| pushed, while the stack is narrow */
  int64_t *weights;    /* every weight, with SHELF_KEEP_WEIGHTS or
                          SOLVER_WEIGHTS_ONLY; else NULL */
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
    x = REDUCE_MERGE(sp[-2], sp[-1], x);
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

/* The narrow stack as the fast loops work on it (the parser's scanner,
 * shelf__scan_plain(), and shelf_solver_push_many()): the top two entries live in registers as
 * well as in memory. */
typedef struct fast_stack {
  int64_t *sp;    /* one past the top entry */
  int64_t t1, t2; /* sp[-1], sp[-2] */
} fast_stack;

/* reduce_push64() for the fast loops. The first merge is decided without a
 * branch: the two entries that would come up are read first (the guards
 * make that safe on a short stack), the merged value is computed in
 * unsigned arithmetic (when no merge happens it may be garbage), and the
 * new top and stack pointer are chosen with conditional moves or masks.
 * Then one comparison, the merge test on the new t1, t2 and x, decides
 * whether a second merge is due: without a first merge they are the old
 * ones, on which the test has just failed. */
static inline void fast_push(fast_stack *f, int64_t x) {
  int64_t *sp = f->sp;
  int64_t t1 = f->t1, t2 = f->t2;
  int64_t t3 = sp[-3], t4 = sp[-4];
  int64_t merged = (int64_t)((uint64_t)t2 - (uint64_t)t1 + (uint64_t)x);
#if FAST_X86
  int64_t larger = x, *down = sp - 2;
  __asm__("cmpq %[x], %[t2]\n\t"
          "cmovgeq %[t2], %[larger]\n\t" /* larger = max(t2, x) */
          "cmpq %[larger], %[t1]\n\t"    /* merge iff t1 >= larger */
          "cmovgeq %[merged], %[x]\n\t"
          "cmovgeq %[t3], %[t1]\n\t"
          "cmovgeq %[t4], %[t2]\n\t"
          "cmovgeq %[down], %[sp]"
          : [x] "+&r"(x), [larger] "+&r"(larger), [t1] "+&r"(t1),
            [t2] "+&r"(t2), [sp] "+&r"(sp)
          : [merged] "r"(merged), [t3] "r"(t3), [t4] "rm"(t4), [down] "r"(down)
          : "cc");
#else
  uint64_t mask = 0 - (uint64_t)(t1 >= (t2 > x ? t2 : x));
#define FAST_PICK(a, b)                                                        \
  ((int64_t)((uint64_t)(a) ^ (((uint64_t)(a) ^ (uint64_t)(b)) & mask)))
  x = FAST_PICK(x, merged);
  t1 = FAST_PICK(t1, t3);
  t2 = FAST_PICK(t2, t4);
  sp -= 2 & mask;
#undef FAST_PICK
#endif
  if (t1 >= (t2 > x ? t2 : x)) { /* merged, and the new top merges too */
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

/* shelf_solver_push_many() summing its runs the way `how` says (SUMS_*,
 * below): the public one passes shelf__sums_best(); tests pass each way in
 * turn. */
shelf_status shelf__solver_push_many_sums(shelf_solver *s,
                                          const int64_t *weights, size_t n,
                                          int how);

/* Creates a solver that only collects weights (SOLVER_WEIGHTS_ONLY). */
shelf_status shelf__solver_new_weights(shelf_solver **out);

/* Hands the kept weights over to the caller, who frees them with free();
 * *n receives their count. NULL for no weights, as shelf_parse() promises.
 * The solver keeps no weights afterwards. */
int64_t *shelf__solver_take_weights(shelf_solver *s, size_t *n);

/* Makes room for `more` wheels at once: stack entries and kept weights.
 * Fails the solver with SHELF_NOMEM if it cannot. */
shelf_status shelf__solver_reserve(shelf_solver *s, size_t more);

/* Converts the stack to 128-bit entries in place (once abs_sum could pass
 * NARROW_LIMIT). Fails the solver with SHELF_NOMEM if it cannot. */
shelf_status shelf__solver_widen(shelf_solver *s);

/* ==== Runs: many weights straight onto the narrow stack ==== */

/*
 * The scanner (scan.c) merges weights as it reads them, with the stack's
 * top two entries in registers. It does so through a run: solver_run_open()
 * makes room and loads the registers, solver_run_push() takes one weight,
 * solver_run_close() writes everything back. So the scanner never touches
 * the solver's fields, and the run's counters are written once per run
 * rather than once per weight.
 */

/* What a run does with each weight, from the solver's flags; a constant at
 * each call, so every mode gets its own loop. */
enum { RUN_SOLVE, RUN_SOLVE_KEEP, RUN_KEEP };

typedef struct solver_run {
  fast_stack f;  /* the stack (unused in RUN_KEEP) */
  int64_t *kept; /* where kept weights go, or NULL */
  size_t k;      /* weights taken */
  uint64_t abs;  /* the sum of their magnitudes */
  uint64_t neg;  /* the same over the negative ones */
} solver_run;

static inline int solver_run_mode(const shelf_solver *s) {
  return (s->flags & SOLVER_WEIGHTS_ONLY)  ? RUN_KEEP
         : (s->flags & SHELF_KEEP_WEIGHTS) ? RUN_SOLVE_KEEP
                                           : RUN_SOLVE;
}

/* Opens a run of at most `room` weights whose magnitudes add up to at most
 * `abs_max`. Returns 1 if it is open; 0 if the solver cannot take such a
 * run on its narrow stack (it has failed, it is wide, the run could carry
 * abs_sum past NARROW_LIMIT or the count past SOLVER_N_MAX): the caller
 * then pushes weights one at a time with solver_push(), which widens where
 * it must and refuses a wheel past the count. */
static inline int solver_run_open(shelf_solver *s, solver_run *r, size_t room,
                                  uint64_t abs_max) {
  int mode = solver_run_mode(s);
  if (s->failed != SHELF_OK || room > SOLVER_N_MAX - s->n ||
      (mode != RUN_KEEP &&
       (s->wide != NULL || s->abs_sum > NARROW_LIMIT - abs_max)) ||
      shelf__solver_reserve(s, room) != SHELF_OK)
    return 0;
  int64_t *st = mode != RUN_KEEP ? s->narrow + NARROW_GUARD : NULL;
  ptrdiff_t top = (ptrdiff_t)s->top;
  r->f.sp = st != NULL ? st + top : NULL;
  r->f.t1 = st != NULL ? st[top - 1] : 0;
  r->f.t2 = st != NULL ? st[top - 2] : 0;
  r->kept = mode != RUN_SOLVE ? s->weights + s->n : NULL;
  r->k = 0;
  r->abs = 0;
  r->neg = 0;
  return 1;
}

/* Takes one weight, given as magnitude and sign; the magnitude is below
 * 2^63 (the scanner's have at most 16 digits), so that it negates. */
static inline void solver_run_push(solver_run *r, uint64_t mag, int neg,
                                   const int mode) {
  int64_t x = (int64_t)mag;
  r->abs += mag;
  if (neg) {
    x = -x;
    r->neg += mag;
  }
  if (mode != RUN_SOLVE)
    r->kept[r->k] = x;
  r->k++;
  if (mode != RUN_KEEP)
    fast_push(&r->f, x);
}

/* The most weights run_sums() adds, and the magnitude below which each
 * must lie so that their sum of magnitudes stays below 2^63. */
#define RUN_SUMS_MAX 4096
#define RUN_SUMS_BITS 51

/* The sum of magnitudes and the total of w[0..m), m <= RUN_SUMS_MAX, to open
 * a run with, in wrapping 64-bit arithmetic that is exact when every
 * magnitude is below 2^RUN_SUMS_BITS; returns 0 if one is not (then the
 * weights are pushed one at a time). Three ways to add them up, the same
 * sums each (tests/test_engines.c checks every one the processor has
 * against the others): plain C, SSE2 (two weights a step: the sign of a
 * 64-bit lane is its high half shifted, as SSE2 has no 64-bit compare),
 * and AVX2 (four a step), chosen at run time where the processor has it. */
enum { SUMS_PLAIN, SUMS_SSE2, SUMS_AVX2 };

/* The widest way this processor has: SUMS_AVX2, SUMS_SSE2 or SUMS_PLAIN. */
int shelf__sums_best(void);

/* run_sums() with AVX2, compiled for it alone (solver.c); call it only
 * where shelf__sums_best() says SUMS_AVX2. */
int shelf__run_sums_avx2(const int64_t *w, size_t m, uint64_t *abs, i128 *sum);

#if FAST_X86
#include <emmintrin.h>
#endif

static inline int run_sums(const int64_t *w, size_t m, uint64_t *abs, i128 *sum,
                           int how) {
  uint64_t a = 0, s = 0, big = 0;
  size_t i = 0;
#if FAST_X86
  if (how == SUMS_AVX2)
    return shelf__run_sums_avx2(w, m, abs, sum);
  if (how == SUMS_SSE2) {
    __m128i va = _mm_setzero_si128(), vs = va, vb = va;
    for (; i + 2 <= m; i += 2) {
      __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(w + i));
      __m128i neg = _mm_shuffle_epi32(_mm_srai_epi32(v, 31), 0xF5);
      __m128i mag = _mm_sub_epi64(_mm_xor_si128(v, neg), neg);
      vb = _mm_or_si128(vb, mag);
      va = _mm_add_epi64(va, mag);
      vs = _mm_add_epi64(vs, v);
    }
    uint64_t la[2], ls[2], lb[2];
    _mm_storeu_si128((__m128i *)(void *)la, va);
    _mm_storeu_si128((__m128i *)(void *)ls, vs);
    _mm_storeu_si128((__m128i *)(void *)lb, vb);
    a = la[0] + la[1];
    s = ls[0] + ls[1];
    big = lb[0] | lb[1];
  }
#else
  (void)how;
#endif
  for (; i < m; i++) {
    uint64_t mag = w[i] < 0 ? 0 - (uint64_t)w[i] : (uint64_t)w[i];
    big |= mag;
    a += mag;
    s += (uint64_t)w[i];
  }
  *abs = a;
  *sum = (int64_t)s;
  return big >> RUN_SUMS_BITS == 0;
}

/* For a caller that merges weights itself (fast_push on r->f) and has
 * summed them already: counts k weights, their magnitudes and total. */
static inline void solver_run_took(solver_run *r, size_t k, uint64_t abs,
                                   i128 sum) {
  r->k += k;
  r->abs += abs;
  r->neg += (uint64_t)(((i128)abs - sum) / 2);
}

static inline void solver_run_close(shelf_solver *s, const solver_run *r) {
  if (r->f.sp != NULL)
    s->top = (size_t)(r->f.sp - (s->narrow + NARROW_GUARD));
  s->n += r->k;
  s->sum += (i128)r->abs - 2 * (i128)r->neg;
  s->abs_sum += r->abs;
}

/* The hot path shared by shelf_solver_push() and the parser. */
static inline shelf_status solver_push(shelf_solver *s, int64_t weight) {
  if (s->failed != SHELF_OK)
    return s->failed;
  if (s->n == SOLVER_N_MAX) /* the most a solver counts: nothing changes */
    return SHELF_RANGE;
  if (s->flags & SOLVER_WEIGHTS_ONLY) { /* just collect */
    if (s->n == s->wcap && shelf__solver_reserve(s, 1) != SHELF_OK)
      return s->failed;
    s->weights[s->n++] = weight;
    s->sum += weight;
    return SHELF_OK;
  }
  if ((s->top == s->cap ||
       ((s->flags & SHELF_KEEP_WEIGHTS) && s->n == s->wcap)) &&
      shelf__solver_reserve(s, 1) != SHELF_OK)
    return s->failed;
  uint64_t mag = weight < 0 ? 0 - (uint64_t)weight : (uint64_t)weight;
  if (s->wide == NULL && mag > NARROW_LIMIT - s->abs_sum &&
      shelf__solver_widen(s) != SHELF_OK)
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

#endif /* SHELF_SOLVER_H */
