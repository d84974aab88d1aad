/*
 * solver.c - the streaming solver: a reduced stack of 64-bit entries that
 * widens to 128 bits when it must, fed one weight or many at a time, and
 * appended one after another. solver.h holds the layout and the hot paths,
 * and says why the stack is what it is; state.c saves a solver as portable
 * bytes and loads it back.
 */
#include "solver.h"

#include <string.h>

/* ==== The margin of a reduced stack ==== */

/* Both buyers take the larger end (the left one on a tie, as
 * VALLEY_TAKES_LEFT says); one body for the 128-bit and the 64-bit stack
 * and a quick line's, so that none can disagree. `lead` is the lead of
 * whoever took last, so a take is one subtraction: the taker's wheel less
 * the lead the other had.
 *
 * Two loops, by the stack's length. A short stack (a --batch line's)
 * follows no pattern, so each take chooses its end without a branch: a
 * mispredicted take cost more than the rest of a short line's answer. On
 * a long one the takes come in runs from one end, each a loop whose one
 * branch stays put: on a monotone shelf nothing merges, and its stack, as
 * long as the shelf, is one run (10^7 entries took 28 to 48 ms when each
 * take chose afresh, 6 ms so).
 *
 * SUM, the lead's type, may be 64 bits for a narrow stack: every entry is
 * a signed sum of distinct weights, so every lead is at most abs_sum,
 * which a narrow stack keeps below NARROW_LIMIT (solver.h). */
#define VALLEY_RUNS 64
#define VALLEY_MARGIN(name, T, SUM, RET)                                       \
  RET name(const T *st, size_t top) {                                          \
    SUM lead = 0;                                                              \
    size_t l = 0, r = top;                                                     \
    if (top <= VALLEY_RUNS) {                                                  \
      while (l < r) {                                                          \
        int left = VALLEY_TAKES_LEFT(st, l, r - 1);                            \
        T v = left ? st[l] : st[r - 1];                                        \
        l += (size_t)left;                                                     \
        r -= (size_t)!left;                                                    \
        lead = (SUM)v - lead;                                                  \
      }                                                                        \
    }                                                                          \
    while (l < r) {                                                            \
      while (l < r && VALLEY_TAKES_LEFT(st, l, r - 1))                         \
        lead = (SUM)st[l++] - lead;                                            \
      while (l < r && !VALLEY_TAKES_LEFT(st, l, r - 1))                        \
        lead = (SUM)st[--r] - lead;                                            \
    }                                                                          \
    /* The first buyer took last on an odd stack. */                           \
    return (RET)((top & 1) ? lead : -lead);                                    \
  }

VALLEY_MARGIN(shelf__valley_margin, i128, i128, i128)
VALLEY_MARGIN(shelf__valley_margin64, int64_t, int64_t, i128)
static VALLEY_MARGIN(valley_margin_quick, int64_t, int64_t, int64_t)

/*
 * A long valley read on two threads (shelf__valley_split()). The stack has
 * no interior peak, so it falls strictly to its bottom (a tie may sit
 * there) and rises strictly after it: the buyers' takes are the merge of
 * its falling part, read from the left, and its rising part, read from
 * the right, equal ends to the left. The merge's middle take is found as
 * in two sorted arrays, by halving; the takes before it are read on one
 * thread, the block they leave on another, and the leads joined.
 */

/* The lead after the takes that leave st[l_end, r_end): the first l_end
 * entries and the last top - r_end, in the buyers' order. */
#define VALLEY_HEAD(name, T, SUM)                                              \
  static SUM name(const T *st, size_t top, size_t l_end, size_t r_end) {      \
    SUM lead = 0;                                                              \
    size_t l = 0, r = top;                                                     \
    while (l < l_end && r > r_end) {                                           \
      while (l < l_end && r > r_end && VALLEY_TAKES_LEFT(st, l, r - 1))        \
        lead = (SUM)st[l++] - lead;                                            \
      while (l < l_end && r > r_end && !VALLEY_TAKES_LEFT(st, l, r - 1))       \
        lead = (SUM)st[--r] - lead;                                            \
    }                                                                          \
    while (l < l_end)                                                          \
      lead = (SUM)st[l++] - lead;                                              \
    while (r > r_end)                                                          \
      lead = (SUM)st[--r] - lead;                                              \
    return lead;                                                               \
  }

VALLEY_HEAD(valley_head, i128, i128)
VALLEY_HEAD(valley_head64, int64_t, int64_t)

/* Where the takes of st[0, top) leave st[*l, *r) after the middle one; 0
 * if the stack is not the valley it must be (then nothing is split). */
#define VALLEY_SPLIT(name, T)                                                  \
  static int name(const T *st, size_t top, size_t *l, size_t *r) {            \
    /* The bottom: the first entry below the one after it. */                 \
    size_t lo = 0, hi = top - 1;                                               \
    while (lo < hi) {                                                          \
      size_t mid = lo + (hi - lo) / 2;                                         \
      if (st[mid] < st[mid + 1])                                               \
        hi = mid;                                                              \
      else                                                                     \
        lo = mid + 1;                                                          \
    }                                                                          \
    /* Falling: st[0..a), read from the left; rising: c entries, read      \
     * from the right, the k-th being st[top - 1 - k]. */                      \
    size_t a = lo + 1, c = top - a, h = top / 2;                               \
    /* i from the falling part and h - i from the rising: the least i    \
     * whose rising take before is above the falling take after. */           \
    lo = h > c ? h - c : 0;                                                    \
    hi = h < a ? h : a;                                                        \
    while (lo < hi) {                                                          \
      size_t i = lo + (hi - lo) / 2, j = h - i;                                \
      if (j == 0 || st[top - j] > st[i])                                       \
        hi = i;                                                                \
      else                                                                     \
        lo = i + 1;                                                            \
    }                                                                          \
    size_t i = lo, j = h - i;                                                  \
    /* Checked, not trusted: the falling take before is at least the      \
     * rising take after. */                                                   \
    if (!(i == 0 || j == c || st[i - 1] >= st[top - 1 - j]))                   \
      return 0;                                                                \
    *l = i;                                                                    \
    *r = top - j;                                                              \
    return 1;                                                                  \
  }

VALLEY_SPLIT(valley_split, i128)
VALLEY_SPLIT(valley_split64, int64_t)

/* ==== The streaming solver ==== */

/* Writes the guards below entry 0 of a narrow stack (see internal.h). */
static void narrow_guards(int64_t *narrow) {
  for (int k = 0; k < NARROW_GUARD; k++)
    narrow[k] = INT64_MAX;
  narrow[NARROW_GUARD - 1] = INT64_MAX - 1;
}

void shelf__solve_quick(const int64_t *w, unsigned n, shelf_result *out) {
  int64_t stack[NARROW_GUARD + QUICK_LINE_MAX];
  int64_t *st = stack + NARROW_GUARD, sum = 0;
  narrow_guards(stack);
  /* The scanner's push, its top two entries in registers. */
  fast_stack f = {.sp = st, .t1 = st[-1], .t2 = st[-2]};
  for (unsigned k = 0; k < n; k++) {
    fast_push(&f, w[k]);
    sum += w[k];
  }
  shelf__result_from(out, n, sum,
                     valley_margin_quick(st, (size_t)(f.sp - st)));
}

/* Allocates a solver with any flags, the library's own included. */
static shelf_status solver_alloc(shelf_solver **out, unsigned flags) {
  shelf_solver *s = calloc(1, sizeof *s);
  if (s == NULL)
    return SHELF_NOMEM;
  s->flags = flags;
  *out = s;
  return SHELF_OK;
}

shelf_status shelf_solver_new(shelf_solver **out, unsigned flags) {
  if (out == NULL || (flags & ~SHELF_KEEP_WEIGHTS) != 0)
    return SHELF_INVALID;
  return solver_alloc(out, flags);
}

shelf_status shelf__solver_new_weights(shelf_solver **out) {
  return solver_alloc(out, SOLVER_WEIGHTS_ONLY);
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
    i128 *st = shelf__realloc_large(s->wide, c * sizeof *st);
    if (st == NULL)
      return s->failed = SHELF_NOMEM;
    s->wide = st;
  } else {
    if (c > SIZE_MAX / sizeof *s->narrow - NARROW_GUARD)
      return s->failed = SHELF_NOMEM;
    int64_t *st =
        shelf__realloc_large(s->narrow, (c + NARROW_GUARD) * sizeof *st);
    if (st == NULL)
      return s->failed = SHELF_NOMEM;
    if (s->narrow == NULL)
      narrow_guards(st);
    s->narrow = st;
  }
  s->cap = c;
  return SHELF_OK;
}

shelf_status shelf__solver_reserve(shelf_solver *s, size_t more) {
  if (s->failed != SHELF_OK)
    return s->failed;
  if (more > SIZE_MAX - s->top)
    return s->failed = SHELF_NOMEM;
  int only = (s->flags & SOLVER_WEIGHTS_ONLY) != 0; /* no stack at all */
  if (!only && s->top + more > s->cap &&
      stack_grow(s, s->top + more) != SHELF_OK)
    return s->failed;
  if ((s->flags & (SHELF_KEEP_WEIGHTS | SOLVER_WEIGHTS_ONLY)) &&
      s->n + more > s->wcap) {
    if (more > SIZE_MAX - (size_t)s->n)
      return s->failed = SHELF_NOMEM;
    int64_t *w =
        shelf__grow_array(s->weights, &s->wcap, (size_t)s->n + more, sizeof *w);
    if (w == NULL)
      return s->failed = SHELF_NOMEM;
    s->weights = w;
  }
  return SHELF_OK;
}

shelf_status shelf__solver_widen(shelf_solver *s) {
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
  unsigned char *mem = shelf__realloc_large(s->narrow, c * sizeof(i128));
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

/* ==== Summing a run ==== */

int shelf__sums_best(void) {
#if FAST_X86
  /* Reads what the C runtime found out about the processor at start-up:
   * no state of ours, and the same answer from every thread. */
  return __builtin_cpu_supports("avx2") ? SUMS_AVX2 : SUMS_SSE2;
#else
  return SUMS_PLAIN;
#endif
}

#if FAST_X86
#include <immintrin.h>

/* run_sums() four weights a step; the processor's AVX2 was checked by the
 * caller (shelf__sums_best()), so only this function is compiled for it. */
__attribute__((target("avx2"))) int
shelf__run_sums_avx2(const int64_t *w, size_t m, uint64_t *abs, i128 *sum) {
  __m256i va = _mm256_setzero_si256(), vs = va, vb = va;
  const __m256i zero = va;
  size_t i = 0;
  for (; i + 4 <= m; i += 4) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(w + i));
    __m256i neg = _mm256_cmpgt_epi64(zero, v);
    __m256i mag = _mm256_sub_epi64(_mm256_xor_si256(v, neg), neg);
    vb = _mm256_or_si256(vb, mag);
    va = _mm256_add_epi64(va, mag);
    vs = _mm256_add_epi64(vs, v);
  }
  uint64_t la[4], ls[4], lb[4];
  _mm256_storeu_si256((__m256i *)(void *)la, va);
  _mm256_storeu_si256((__m256i *)(void *)ls, vs);
  _mm256_storeu_si256((__m256i *)(void *)lb, vb);
  uint64_t a = la[0] + la[1] + la[2] + la[3];
  uint64_t s = ls[0] + ls[1] + ls[2] + ls[3];
  uint64_t big = lb[0] | lb[1] | lb[2] | lb[3];
  uint64_t ta;
  i128 ts;
  /* The last m % 4 weights the plain way, folded in. */
  big |= run_sums(w + i, m - i, &ta, &ts, SUMS_PLAIN) ? 0 : ~(uint64_t)0;
  *abs = a + ta;
  *sum = (int64_t)(s + (uint64_t)(int64_t)ts);
  return big >> RUN_SUMS_BITS == 0;
}
#else
int shelf__run_sums_avx2(const int64_t *w, size_t m, uint64_t *abs, i128 *sum) {
  return run_sums(w, m, abs, sum, SUMS_PLAIN);
}
#endif

shelf_status shelf_solver_push(shelf_solver *s, int64_t weight) {
  if (s == NULL)
    return SHELF_INVALID;
  return solver_push(s, weight);
}

/* push_many takes the weights in runs of RUN_SUMS_MAX: each run's
 * magnitudes are summed first, over data that then sits in L1, so that the
 * merge loop knows the stack stays narrow and needs no test a weight. */
shelf_status shelf__solver_push_many_sums(shelf_solver *s,
                                          const int64_t *weights, size_t n,
                                          int how) {
  size_t i = 0;
  while (s->flags == 0 && i < n) {
    size_t m = n - i < RUN_SUMS_MAX ? n - i : RUN_SUMS_MAX;
    const int64_t *w = weights + i;
    uint64_t abs;
    i128 sum;
    solver_run r;
    if (!run_sums(w, m, &abs, &sum, how) || !solver_run_open(s, &r, m, abs))
      break; /* the rest goes one by one, widening or failing there */
    for (size_t k = 0; k < m; k++)
      fast_push(&r.f, w[k]);
    solver_run_took(&r, m, abs, sum);
    solver_run_close(s, &r);
    i += m;
  }
  for (; i < n; i++) {
    shelf_status st = solver_push(s, weights[i]);
    if (st != SHELF_OK)
      return st;
  }
  return SHELF_OK;
}

shelf_status shelf_solver_push_many(shelf_solver *s, const int64_t *weights,
                                    size_t n) {
  if (s == NULL || (weights == NULL && n > 0))
    return SHELF_INVALID;
  if (s->failed == SHELF_OK && (uint64_t)n > SOLVER_N_MAX - s->n)
    return SHELF_RANGE; /* nothing taken */
  return shelf__solver_push_many_sums(s, weights, n, shelf__sums_best());
}

shelf_status shelf_solver_result(const shelf_solver *s, shelf_result *out) {
  if (s == NULL || out == NULL)
    return SHELF_INVALID;
  if (s->failed != SHELF_OK)
    return s->failed;
  if (s->flags & SOLVER_WEIGHTS_ONLY)
    return SHELF_INVALID; /* shelf_parse() never asks: it has no stack */
  i128 margin = s->wide != NULL ? shelf__valley_margin(s->wide, s->top)
                : s->narrow != NULL
                    ? shelf__valley_margin64(s->narrow + NARROW_GUARD, s->top)
                    : 0;
  shelf__result_from(out, s->n, s->sum, margin);
  return SHELF_OK;
}

int shelf__valley_split(const shelf_solver *s, size_t least, valley_part *head,
                        valley_part *rest) {
  if (s == NULL || s->failed != SHELF_OK ||
      (s->flags & SOLVER_WEIGHTS_ONLY) || s->top < least || s->top < 2)
    return 0;
  size_t l, r;
  int split = s->wide != NULL
                  ? valley_split(s->wide, s->top, &l, &r)
                  : valley_split64(s->narrow + NARROW_GUARD, s->top, &l, &r);
  if (!split)
    return 0;
  *head = (valley_part){.s = s, .l = l, .r = r, .head = 1};
  *rest = (valley_part){.s = s, .l = l, .r = r, .head = 0};
  return 1;
}

void shelf__valley_read(valley_part *p) {
  const shelf_solver *s = p->s;
  size_t l = p->l, r = p->r;
  if (p->head) {
    p->lead = s->wide != NULL
                  ? valley_head(s->wide, s->top, l, r)
                  : (i128)valley_head64(s->narrow + NARROW_GUARD, s->top, l, r);
    return;
  }
  /* The block left is a valley of its own: its margin, as a lead. */
  i128 margin = s->wide != NULL
                    ? shelf__valley_margin(s->wide + l, r - l)
                    : shelf__valley_margin64(s->narrow + NARROW_GUARD + l, r - l);
  p->lead = ((r - l) & 1) ? margin : -margin;
}

void shelf__valley_result(const valley_part *head, const valley_part *rest,
                          shelf_result *out) {
  const shelf_solver *s = head->s;
  /* Each take turns the lead over: the rest's takes turn the head's. */
  size_t takes = rest->r - rest->l;
  i128 lead = rest->lead + ((takes & 1) ? -head->lead : head->lead);
  shelf__result_from(out, s->n, s->sum, (s->top & 1) ? lead : -lead);
}

const int64_t *shelf_solver_weights(const shelf_solver *s, size_t *n) {
  if (n != NULL)
    *n = s != NULL && s->weights != NULL ? (size_t)s->n : 0;
  return s != NULL ? s->weights : NULL;
}

int64_t *shelf__solver_take_weights(shelf_solver *s, size_t *n) {
  int64_t *w = s->weights;
  *n = (size_t)s->n;
  s->weights = NULL;
  s->wcap = 0;
  if (*n == 0) {
    free(w);
    w = NULL;
  }
  return w;
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

/* ==== Appending ==== */

/*
 * Why appending is exact. The solver's stack is the shelf with some peaks
 * replaced (a, b, c with b >= a and b >= c become a - b + c), and
 * docs/algorithm.md shows that such a replacement keeps the lead of every
 * block that holds all three values. `other`'s stack came from replacements
 * inside its own wheels, which are replacements on the joined shelf too, so
 * the joined shelf reduces to `solver`'s stack followed by `other`'s. Pushing
 * `other`'s entries one by one then makes only further replacements, and
 * leaves a stack without an interior peak: the joined shelf's reduction,
 * whose margin is the joined shelf's. Any grouping of the appends is a
 * different order of replacements on the same shelf, so it gives the same
 * margin; the count and the total simply add.
 *
 * Every entry, merged or not, is a signed sum of distinct weights, so the
 * joined stack stays within the 64-bit limit whenever the two sums of
 * |weight| together do (solver.h).
 */
shelf_status shelf_solver_append(shelf_solver *s, const shelf_solver *o) {
  if (s == NULL || o == NULL || s == o)
    return SHELF_INVALID;
  int s_keeps = (s->flags & (SHELF_KEEP_WEIGHTS | SOLVER_WEIGHTS_ONLY)) != 0;
  int o_keeps = o->weights != NULL || o->n == 0;
  if (s_keeps && !o_keeps)
    return SHELF_INVALID;
  if (o->failed != SHELF_OK)
    return o->failed;
  if (s->failed != SHELF_OK)
    return s->failed;
  /* The count is what bounds everything else (SOLVER_N_MAX): with
   * n1 + n2 <= 2^63 wheels, the totals add up to at most (n1 + n2) * 2^63
   * in magnitude, so s->sum + o->sum below cannot overflow, and neither
   * can a merge of the joined stack. */
  if (o->n > SOLVER_N_MAX - s->n)
    return SHELF_RANGE;
  if (s_keeps || (o->flags & SOLVER_WEIGHTS_ONLY))
    return shelf_solver_push_many(s, o->weights, (size_t)o->n);
  if (o->n == 0)
    return SHELF_OK;
  if (s->wide == NULL &&
      (o->wide != NULL || o->abs_sum > NARROW_LIMIT - s->abs_sum) &&
      shelf__solver_widen(s) != SHELF_OK)
    return s->failed;
  if (shelf__solver_reserve(s, o->top) != SHELF_OK)
    return s->failed;
  /* `other`'s entries can merge only where they meet `solver`'s (or a
   * merged value): once two of its own stand side by side unmerged, the
   * next cannot merge either, since the middle one would be an interior
   * peak of `other`'s stack, which has none. So the rest is copied as it
   * is: on monotone shelves, whose stacks keep every wheel, a memcpy. */
  size_t k = 0;
  if (s->wide != NULL) {
    for (int settled = 0; k < o->top && settled < 2; k++) {
      size_t before = s->top;
      i128 x = o->wide != NULL ? o->wide[k] : o->narrow[NARROW_GUARD + k];
      s->top = reduce_push(s->wide, s->top, x);
      settled = s->top == before + 1 ? settled + 1 : 0;
    }
    if (o->wide != NULL)
      memcpy(s->wide + s->top, o->wide + k, (o->top - k) * sizeof(i128));
    else
      for (size_t j = k; j < o->top; j++)
        s->wide[s->top + j - k] = o->narrow[NARROW_GUARD + j];
  } else {
    int64_t *st = s->narrow + NARROW_GUARD;
    for (int settled = 0; k < o->top && settled < 2; k++) {
      size_t before = s->top;
      s->top = reduce_push64(st, s->top, o->narrow[NARROW_GUARD + k]);
      settled = s->top == before + 1 ? settled + 1 : 0;
    }
    memcpy(st + s->top, o->narrow + NARROW_GUARD + k,
           (o->top - k) * sizeof(int64_t));
    s->abs_sum += o->abs_sum;
  }
  s->top += o->top - k;
  s->n += o->n;
  s->sum += o->sum;
  return SHELF_OK;
}
