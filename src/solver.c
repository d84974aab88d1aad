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
 * so the two cannot disagree. Which end is taken follows no pattern, so
 * the choice and the sign are made without branches: a mispredicted take
 * cost more than the rest of a short --batch line's answer. */
#define VALLEY_MARGIN(name, T)                                                 \
  i128 name(const T *st, size_t top) {                                         \
    i128 margin = 0;                                                           \
    size_t l = 0, r = top;                                                     \
    for (size_t turn = 0; l < r; turn++) {                                     \
      int left = VALLEY_TAKES_LEFT(st, l, r - 1);                              \
      T a = st[l], b = st[r - 1];                                              \
      i128 v = left ? a : b;                                                   \
      l += (size_t)left;                                                       \
      r -= (size_t)!left;                                                      \
      i128 flip = -(i128)(turn & 1); /* the second buyer's: -v */              \
      margin += (v ^ flip) - flip;                                             \
    }                                                                          \
    return margin;                                                             \
  }

VALLEY_MARGIN(shelf__valley_margin, i128)
VALLEY_MARGIN(shelf__valley_margin64, int64_t)

/* ==== The streaming solver ==== */

/* Writes the guards below entry 0 of a narrow stack (see internal.h). */
static void narrow_guards(int64_t *narrow) {
  for (int k = 0; k < NARROW_GUARD; k++)
    narrow[k] = INT64_MAX;
  narrow[NARROW_GUARD - 1] = INT64_MAX - 1;
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

/* ==== Saving and loading ==== */

/*
 * The saved state, every field little-endian:
 *
 *   offset  size  field
 *        0     4  "SHLF"
 *        4     1  format version, STATE_VERSION
 *        5     1  bytes an entry: 8 (narrow stack) or 16 (wide)
 *        6     2  zero
 *        8     8  wheels pushed (n)
 *       16    16  their total weight (two's complement)
 *       32     8  the sum of |weight| (narrow); zero (wide)
 *       40     8  stack entries (top)
 *       48     -  the entries, bottom first
 *   48 + e     8  checksum of every byte before it (state_hash)
 *
 * A new format gets a new version; a reader refuses versions it does not
 * know (SHELF_STATE_VERSION) rather than guess.
 */
#define STATE_VERSION 1
#define STATE_HEAD 48
#define STATE_TAIL 8

static void put64(unsigned char *b, uint64_t v) {
  for (int k = 0; k < 8; k++)
    b[k] = (unsigned char)(v >> (8 * k));
}

static uint64_t get64(const unsigned char *b) {
  uint64_t v = 0;
  for (int k = 0; k < 8; k++)
    v |= (uint64_t)b[k] << (8 * k);
  return v;
}

static void put128(unsigned char *b, i128 v) {
  put64(b, (uint64_t)(u128)v);
  put64(b + 8, (uint64_t)((u128)v >> 64));
}

static i128 get128(const unsigned char *b) {
  return (i128)((u128)get64(b) | (u128)get64(b + 8) << 64);
}

/* A 64-bit hash of len bytes (a multiple of 8), word by word: enough to
 * catch damage in transit or on disk, which is all it is for. */
static uint64_t state_hash(const unsigned char *b, size_t len) {
  uint64_t h = 0x5348454c46u ^ len;
  for (size_t i = 0; i < len; i += 8) {
    h = (h ^ get64(b + i)) * 0x9e3779b97f4a7c15u;
    h ^= h >> 29;
  }
  return h;
}

shelf_status shelf_solver_save(const shelf_solver *s, unsigned char *buf,
                               size_t size, size_t *len) {
  if (s == NULL || len == NULL || (buf == NULL && size > 0) ||
      (s->flags & SOLVER_WEIGHTS_ONLY))
    return SHELF_INVALID;
  if (s->failed != SHELF_OK)
    return s->failed;
  size_t width = s->wide != NULL ? 16 : 8;
  /* The stack is in memory already, so this cannot overflow. */
  size_t need = STATE_HEAD + s->top * width + STATE_TAIL;
  *len = need;
  if (buf == NULL)
    return SHELF_OK; /* a size query, as every size query of shelf.h */
  if (size < need)
    return SHELF_INVALID;
  memcpy(buf, "SHLF", 4);
  buf[4] = STATE_VERSION;
  buf[5] = (unsigned char)width;
  buf[6] = buf[7] = 0;
  put64(buf + 8, s->n);
  put128(buf + 16, s->sum);
  put64(buf + 32, s->wide != NULL ? 0 : s->abs_sum);
  put64(buf + 40, s->top);
  unsigned char *e = buf + STATE_HEAD;
  for (size_t k = 0; k < s->top; k++) {
    if (s->wide != NULL)
      put128(e + 16 * k, s->wide[k]);
    else
      put64(e + 8 * k, (uint64_t)s->narrow[NARROW_GUARD + k]);
  }
  put64(buf + need - STATE_TAIL, state_hash(buf, need - STATE_TAIL));
  return SHELF_OK;
}

/* Entry k of a saved stack of the given width. */
static i128 state_entry(const unsigned char *e, size_t width, size_t k) {
  return width == 16 ? get128(e + 16 * k) : (i128)(int64_t)get64(e + 8 * k);
}

/* Checks everything a state claims that can be checked in one pass:
 * sizes, checksum, a count of at most SOLVER_N_MAX, a total and entries
 * within what that many int64 weights reach, and the shape and parity of a
 * reduced stack; so that loading it cannot crash or overflow. Whether some
 * shelf reduces to exactly this stack is not checked (shelf.h says what
 * that leaves). Returns SHELF_OK or why not. */
static shelf_status state_check(const unsigned char *b, size_t len) {
  if (len < STATE_HEAD + STATE_TAIL || memcmp(b, "SHLF", 4) != 0)
    return SHELF_BAD_STATE;
  if (b[4] != STATE_VERSION)
    return SHELF_STATE_VERSION;
  size_t width = b[5];
  if ((width != 8 && width != 16) || b[6] != 0 || b[7] != 0)
    return SHELF_BAD_STATE;
  uint64_t n = get64(b + 8), abs_sum = get64(b + 32), top = get64(b + 40);
  i128 sum = get128(b + 16);
  if (top > (len - STATE_HEAD - STATE_TAIL) / width ||
      len != STATE_HEAD + top * width + STATE_TAIL)
    return SHELF_BAD_STATE;
  if (get64(b + len - STATE_TAIL) != state_hash(b, len - STATE_TAIL))
    return SHELF_BAD_STATE;
  /* Each entry is a signed sum of its group's weights, and the groups
   * split the shelf: so the entries' sum has the parity of the total, and
   * the entries' magnitudes (and the total) add up to at most the sum of
   * |weight|, which keeps every later merge within the stack's width. That
   * sum is at most n * 2^63 (see SOLVER_N_MAX), and for a narrow stack the
   * state says it. */
  if (n > SOLVER_N_MAX || top > n || (n > 0) != (top > 0) ||
      (width == 16 && abs_sum != 0) || (width == 8 && abs_sum > NARROW_LIMIT))
    return SHELF_BAD_STATE;
  const unsigned char *e = b + STATE_HEAD;
  i128 reach = (i128)n << 63; /* at most 2^126 */
  i128 bound = width == 8 ? (i128)abs_sum : reach;
  unsigned parity = (unsigned)(sum & 1);
  if (bound > reach || sum > bound || sum < -bound || sum > (i128)n * INT64_MAX)
    return SHELF_BAD_STATE;
  i128 mags = 0; /* sum of |entry| so far, at most bound */
  for (size_t k = 0; k < top; k++) {
    i128 v = state_entry(e, width, k);
    /* Bounded before it is negated: a wide entry may be -2^127, which has
     * no positive i128. */
    if (v < -bound || v > bound)
      return SHELF_BAD_STATE;
    i128 mag = v < 0 ? -v : v;
    if (mag > bound - mags)
      return SHELF_BAD_STATE;
    mags += mag;
    /* With as many entries as wheels, no merge was made: they are the
     * wheels, each an int64. */
    if (top == n && (v < INT64_MIN || v > INT64_MAX))
      return SHELF_BAD_STATE;
    parity ^= (unsigned)(v & 1);
    /* No interior peak: the reduction never leaves one. */
    if (k > 0 && k + 1 < top && v >= state_entry(e, width, k - 1) &&
        v >= state_entry(e, width, k + 1))
      return SHELF_BAD_STATE;
  }
  /* Each merge turns three entries into one, so n wheels leave n - 2k
   * entries; with n entries there was no merge, and they are the wheels. */
  if (parity != 0 || (n - top) % 2 != 0)
    return SHELF_BAD_STATE;
  if (top == n) {
    i128 total = 0;
    for (size_t k = 0; k < top; k++)
      total += state_entry(e, width, k);
    if (total != sum)
      return SHELF_BAD_STATE;
  }
  return SHELF_OK;
}

/* Whether both buyers' totals are within what their wheels can reach: the
 * first buyer takes ceil(n / 2) wheels and the second floor(n / 2), each
 * from -2^63 to 2^63 - 1. The checks above keep the stack's margin within
 * 128 bits; this one refuses a stack whose margin no shelf of n wheels has. */
static int reachable(const shelf_result *r) {
  i128 c = (i128)(r->n / 2 + r->n % 2), f = (i128)(r->n / 2);
  return r->first >= c * INT64_MIN && r->first <= c * INT64_MAX &&
         r->second >= f * INT64_MIN && r->second <= f * INT64_MAX;
}

shelf_status shelf_solver_load(shelf_solver *s, const unsigned char *buf,
                               size_t len) {
  if (s == NULL || (buf == NULL && len > 0) || s->flags != 0)
    return SHELF_INVALID;
  shelf_status st = state_check(buf, len);
  if (st != SHELF_OK)
    return st;
  size_t width = buf[5];
  size_t top = (size_t)get64(buf + 40);
  /* Built in a fresh solver and swapped in, so that a failure leaves `s`
   * as it was. */
  shelf_solver *t;
  if ((st = shelf_solver_new(&t, 0)) != SHELF_OK)
    return st;
  if ((width == 16 && shelf__solver_widen(t) != SHELF_OK) ||
      shelf__solver_reserve(t, top) != SHELF_OK) {
    shelf_solver_free(t);
    return SHELF_NOMEM;
  }
  const unsigned char *e = buf + STATE_HEAD;
  for (size_t k = 0; k < top; k++) {
    if (width == 16)
      t->wide[k] = get128(e + 16 * k);
    else
      t->narrow[NARROW_GUARD + k] = (int64_t)get64(e + 8 * k);
  }
  t->top = top;
  t->n = get64(buf + 8);
  t->sum = get128(buf + 16);
  t->abs_sum = get64(buf + 32);
  shelf_result r;
  if (shelf_solver_result(t, &r) != SHELF_OK || !reachable(&r)) {
    shelf_solver_free(t);
    return SHELF_BAD_STATE;
  }
  shelf_solver old = *s;
  *s = *t;
  *t = old;
  shelf_solver_free(t);
  return SHELF_OK;
}
