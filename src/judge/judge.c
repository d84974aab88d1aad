/*
 * judge.c - what a judge of solutions needs beyond the right answer: the
 * answer a problem asks for, the order of tries (the problem's seven cases,
 * the problem's samples, edge shelves, random shelves of growing size),
 * the shrinking of a failing shelf, and which known mistake a program's
 * wrong answers show. `shelf check` and Python's shelf.check() both call
 * these, so they try the same shelves, shrink the same way and name the
 * same mistakes.
 *
 * Every shelf of the plan is a pure function of the plan and its index, so
 * the same seed gives the same tries, and a report can say "try 17" and
 * mean it. Random shelves come from shelf_random().
 */
#include "internal.h"

#include <string.h>

/* ==== Answers ==== */

static shelf_i128 answer_from(shelf_answer kind, const shelf_result *r) {
  switch (kind) {
  case SHELF_ANSWER_FIRST:
    return r->first;
  case SHELF_ANSWER_SECOND:
    return r->second;
  case SHELF_ANSWER_WINNER:
    return r->margin >= 0;
  case SHELF_ANSWER_MARGIN:
  default:
    return r->margin;
  }
}

shelf_status shelf_answer_of(shelf_answer kind, const int64_t *w, size_t n,
                             shelf_i128 *out) {
  if (out == NULL || (w == NULL && n > 0) || kind < SHELF_ANSWER_MARGIN ||
      kind > SHELF_ANSWER_WINNER)
    return SHELF_INVALID;
  shelf_result r;
  shelf_status st = shelf__linear_result(w, n, &r);
  if (st == SHELF_OK)
    *out = answer_from(kind, &r);
  return st;
}

/* ==== The fixed tries ==== */

/* The problem's seven cases (docs/problem.md; tests/check/problem_cases.txt
 * holds the same facts with their answers, for the tests). */
static const int64_t problem_case_weights[7][6] = {
    {7, 2, 9, 4}, {3, 9, 1, 2}, {2, 4, 8, 1, 9, 3}, {6, 6},
    {10, 1},      {5},          {4, 4, 4, 4}};
static const size_t problem_case_n[7] = {4, 4, 6, 2, 2, 1, 4};
#define PROBLEM_CASES 7

/* The edge shapes; each is tried small (EDGE_SMALL wheels or what the shape
 * needs) and at the largest n. */
enum {
  EDGE_ONE_LO,
  EDGE_ONE_HI,
  EDGE_TWO,
  EDGE_EQUAL,
  EDGE_ZEROS,
  EDGE_TIES,
  EDGE_RISING,
  EDGE_FALLING,
  EDGE_ZIGZAG,
  EDGE_ALL_LO,
  EDGE_ALL_HI,
  EDGE_PAST31,
  EDGE_PAST32,
  EDGE_SHAPES
};
#define EDGE_SMALL 6

/* ==== Sentinel shelves ====
 *
 * A memo table marks a block not computed yet with a value, and a block
 * whose own value is that one is computed again at every visit: on a shelf
 * where many blocks share it, the search is exponential. 0 is the zero
 * memo's (EDGE_ZEROS: every block of a shelf of zeros has lead 0 and a
 * mover's total of 0); these are the others that memos use: -1 (memset
 * with -1), INT_MIN and INT_MAX of 32 bits (the "minus infinity" of a max,
 * the "infinity" of a min), and 0x3f3f3f3f (memset with 0x3f, the
 * contestants' infinity). A 64-bit extreme (LLONG_MIN, -1e18) is no value
 * a block takes within any problem's limits (5000 * 10^9 < 2^43), so a
 * memo using it is right.
 *
 * The quantity: the total of the buyer to move (what that buyer collects
 * from the block, the CSES solutions' table). The shape: zeros with 2m
 * wheels of v / m in the middle; a block that holds the middle has lead 0
 * and so a mover's total of v, about half the blocks, and its two shorter
 * blocks hold the middle too until the middle is all that is left: a memo
 * that does not keep v recomputes along every path, some C(2k, k) of them
 * ([0]*k + [-1, -1] + [0]*k for -1).
 *
 * A memo of the lead with v other than 0 needs no shelf of its own: a
 * block whose two shorter blocks both have lead v has lead max(w[i], w[j])
 * - v, so such blocks do not nest the way a total's do. No shelf was found
 * where it costs more than a right memo: on 24 wheels of -4..4, a search
 * (hill climbing from random shelves, 15000 shelves) found at most 660
 * calls of a lead memo that takes -1 for "not computed", where a right
 * one makes 553. The lead's 0 is the zero memo's (EDGE_ZEROS). */
static const int64_t sentinel_values[SHELF__SENTINELS] = {
    -1, INT32_MIN, INT32_MAX, 0x3f3f3f3f};

/* The fewest middle wheels (2m) of equal weight v / m, within lo..hi, for
 * the mover's-total shape of v, or 0 when none of at most 64 fits. */
static size_t sentinel_middle(int64_t lo, int64_t hi, int64_t v) {
  for (int64_t m = 1; m <= 32; m++)
    if (v % m == 0 && v / m >= lo && v / m <= hi)
      return (size_t)(2 * m);
  return 0;
}

int shelf__sentinel_shelf(int64_t lo, int64_t hi, size_t shape, size_t len,
                          int64_t *w, size_t *n, i128 *value, int *total) {
  *n = 0;
  if (shape >= SHELF__SENTINELS)
    return 0;
  int64_t v = sentinel_values[shape];
  *value = v;
  *total = 1; /* the mover's total: the one quantity with a shelf */
  size_t mid = sentinel_middle(lo, hi, v);
  if (mid == 0 || lo > 0 || hi < 0 || len < mid + 2)
    return 0;
  size_t left = (len - mid) / 2;
  for (size_t k = 0; k < len; k++)
    w[k] = k >= left && k < left + mid ? v / (int64_t)(mid / 2) : 0;
  *n = len;
  return 1;
}

/* The length of a sentinel shape's small try: its middle and two zeros
 * each side, or EDGE_SMALL. */
static size_t sentinel_small(int64_t lo, int64_t hi, size_t shape) {
  size_t mid = sentinel_middle(lo, hi, sentinel_values[shape]);
  return mid + 4 > EDGE_SMALL ? mid + 4 : EDGE_SMALL;
}

static size_t sample_count(const shelf_plan *p) {
  size_t k = 0;
  while (p->samples != NULL && p->samples[k] != NULL)
    k++;
  return k;
}

size_t shelf__fixed_tries(const shelf_plan *p) {
  return PROBLEM_CASES + sample_count(p) + 2 * EDGE_SHAPES +
         2 * SHELF__SENTINELS;
}

size_t shelf__plan_count(const shelf_plan *p) {
  if (p == NULL)
    return 0;
  size_t fixed = shelf__fixed_tries(p);
  /* Saturated, so that a plan of nearly SIZE_MAX tries does not wrap to a
   * few and refuse the tries it has. */
  return p->tries > SIZE_MAX - fixed ? SIZE_MAX : fixed + p->tries;
}

static int fits(const shelf_plan *p, const int64_t *w, size_t n) {
  if (n > p->max_n)
    return 0;
  for (size_t k = 0; k < n; k++)
    if (w[k] < p->lo || w[k] > p->hi)
      return 0;
  return 1;
}

static int64_t clamp(const shelf_plan *p, int64_t v) {
  return v < p->lo ? p->lo : v > p->hi ? p->hi : v;
}

/* The fewest wheels of weight hi whose total passes 2^bits, or 0 when the
 * problem's shelves cannot get there. */
static size_t wheels_past(const shelf_plan *p, int bits) {
  if (p->hi <= 0)
    return 0;
  uint64_t need = ((uint64_t)1 << bits) / (uint64_t)p->hi + 1;
  return need <= p->max_n ? (size_t)need : 0;
}

static void edge_shelf(const shelf_plan *p, int shape, int big, int64_t *w,
                       size_t *n) {
  size_t len = big ? p->max_n : (p->max_n < EDGE_SMALL ? p->max_n : EDGE_SMALL);
  *n = len;
  switch (shape) {
  case EDGE_ONE_LO:
  case EDGE_ONE_HI:
    *n = big ? 0 : 1; /* one wheel has no large version */
    w[0] = shape == EDGE_ONE_LO ? p->lo : p->hi;
    return;
  case EDGE_TWO:
    *n = big ? 0 : (p->max_n >= 2 ? 2 : 0);
    w[0] = p->lo, w[1] = p->hi;
    return;
  case EDGE_EQUAL:
    for (size_t k = 0; k < len; k++)
      w[k] = clamp(p, 7);
    return;
  case EDGE_ZEROS:
    if (p->lo > 0 || p->hi < 0)
      *n = 0;
    for (size_t k = 0; k < len; k++)
      w[k] = 0;
    return;
  case EDGE_TIES: /* equal ends at every turn: 1 2 2 1 1 2 2 1 ... */
    for (size_t k = 0; k < len; k++)
      w[k] = clamp(p, (k % 4 == 1 || k % 4 == 2) ? 2 : 1);
    return;
  case EDGE_RISING:
  case EDGE_FALLING:
    for (size_t k = 0; k < len; k++) {
      /* lo + step, or hi past it; unsigned, as the range may span 2^64 */
      uint64_t step = shape == EDGE_RISING ? k : len - 1 - k;
      uint64_t span = (uint64_t)p->hi - (uint64_t)p->lo;
      w[k] = step >= span ? p->hi : (int64_t)((uint64_t)p->lo + step);
    }
    return;
  case EDGE_ZIGZAG:
    for (size_t k = 0; k < len; k++)
      w[k] = k % 2 ? p->lo : p->hi;
    return;
  case EDGE_ALL_LO:
  case EDGE_ALL_HI:
    for (size_t k = 0; k < len; k++)
      w[k] = shape == EDGE_ALL_LO ? p->lo : p->hi;
    return;
  case EDGE_PAST31:
  case EDGE_PAST32: {
    /* Small: the fewest heavy wheels whose total passes 2^31 (2^32), with
     * one light wheel so that the ends differ; big: the largest n. */
    size_t need = wheels_past(p, shape == EDGE_PAST31 ? 31 : 32);
    if (need == 0) {
      *n = 0;
      return;
    }
    *n = big ? p->max_n : (need + 1 <= p->max_n ? need + 1 : need);
    for (size_t k = 0; k < *n; k++)
      w[k] = p->hi;
    if (*n > need)
      w[1 % *n] = clamp(p, 1);
    return;
  }
  }
  *n = 0;
}

/* The largest size random try k may have: it doubles from 1 up to max_n
 * over the tries (in integers, so that every machine draws the same), and
 * the last try may reach max_n itself. */
static size_t grown_size(const shelf_plan *p, size_t k) {
  size_t levels = 0; /* doublings from 1 to max_n */
  while (levels < 63 && ((size_t)1 << levels) < p->max_n)
    levels++;
  size_t level =
      p->tries > 1 ? (size_t)((u128)k * levels / (p->tries - 1)) : levels;
  size_t size = level >= levels ? p->max_n : (size_t)1 << level;
  return size < 1 ? 1 : size > p->max_n ? p->max_n : size;
}

size_t shelf__random_size(const shelf_plan *p, size_t k) {
  return grown_size(p, k);
}

static shelf_try plan_try(const shelf_plan *p, size_t k, int64_t *w,
                          size_t *n) {
  if (k < PROBLEM_CASES) {
    *n = problem_case_n[k]; /* at most 6: the caller has room for 8 */
    memcpy(w, problem_case_weights[k], *n * sizeof *w);
    if (!fits(p, w, *n))
      *n = 0;
    return SHELF_TRY_CASE;
  }
  k -= PROBLEM_CASES;
  size_t samples = sample_count(p);
  if (k < samples) {
    /* A sample longer than max_n is skipped before it is copied: the
     * caller's room is max(max_n, 8) weights. */
    *n = p->sample_n != NULL && p->sample_n[k] <= p->max_n ? p->sample_n[k] : 0;
    memcpy(w, p->samples[k], *n * sizeof *w);
    if (!fits(p, w, *n))
      *n = 0;
    return SHELF_TRY_SAMPLE;
  }
  k -= samples;
  if (k < 2 * EDGE_SHAPES) {
    edge_shelf(p, (int)(k / 2), (int)(k % 2), w, n);
    /* A big version no bigger than the small one says nothing new. */
    if (k % 2 == 1 && *n <= EDGE_SMALL + 2)
      *n = 0;
    return SHELF_TRY_EDGE;
  }
  k -= 2 * EDGE_SHAPES;
  if (k < 2 * SHELF__SENTINELS) {
    /* The sentinel shelves, small then at the largest n, as edge shelves:
     * a hack's shelf, tried before the random ones. */
    size_t shape = k / 2, small = sentinel_small(p->lo, p->hi, shape);
    size_t len = k % 2 ? p->max_n : small < p->max_n ? small : p->max_n;
    i128 value;
    int total;
    if (!shelf__sentinel_shelf(p->lo, p->hi, shape, len, w, n, &value,
                               &total) ||
        (k % 2 == 1 && *n <= small + 2))
      *n = 0;
    return SHELF_TRY_EDGE;
  }
  k -= 2 * SHELF__SENTINELS;
  /* Random shelf k of `tries`: its size grows geometrically from 1 to
   * max_n (each drawn between half the step's size and the size); every
   * third uses a narrow range at the bottom of the problem's, so that ties
   * and equal ends come up. */
  uint64_t s = p->seed * 0x9e3779b97f4a7c15u + k;
  int64_t pick[2];
  shelf_random(s, 0, INT64_MAX, pick, 2);
  size_t hi_n = grown_size(p, k);
  size_t lo_n = hi_n / 2 ? hi_n / 2 : 1;
  *n = lo_n + (size_t)((uint64_t)pick[0] % (uint64_t)(hi_n - lo_n + 1));
  int64_t lo = p->lo, hi = p->hi;
  if (pick[1] % 3 == 0 && (uint64_t)hi - (uint64_t)lo > 3)
    hi = lo + 3;
  shelf_random(s ^ 0x5eed, lo, hi, w, *n);
  return SHELF_TRY_RANDOM;
}

shelf_status shelf__plan_shelf(const shelf_plan *p, size_t k, int64_t *w,
                               size_t *n, shelf_try *kind) {
  if (p == NULL || w == NULL || n == NULL || p->lo > p->hi || p->max_n == 0 ||
      k >= shelf__plan_count(p))
    return SHELF_INVALID;
  shelf_try t = plan_try(p, k, w, n);
  if (kind != NULL)
    *kind = t;
  return SHELF_OK;
}

/* ==== Shrinking ==== */

/* The point of the range nearest 0: where every weight shrinks to. */
static int64_t target(const shelf_plan *p) { return clamp(p, 0); }

/* How many candidates delete a chunk of wheels from a shelf of n: for
 * size = n/2, n/4, ..., 1, one for each start 0, size, 2 size, ... */
size_t shelf__shrink_deletions(size_t n) {
  size_t count = 0;
  for (size_t size = n / 2; size >= 1; size /= 2)
    count += n / size;
  return count;
}

/* Weight v moved toward t, keeping `left` of its distance (unsigned: weights
 * span up to 2^64). */
static int64_t toward(int64_t v, int64_t t, uint64_t left) {
  return v > t ? (int64_t)((uint64_t)t + left) : (int64_t)((uint64_t)t - left);
}

static uint64_t distance(int64_t v, int64_t t) {
  return v > t ? (uint64_t)v - (uint64_t)t : (uint64_t)t - (uint64_t)v;
}

/* The whole-shelf candidates: every weight changed at once, so that a long
 * shelf gets light in a few runs (one weight at a time would take a run a
 * weight, and 5,000 weights are past any budget). In order: every weight
 * at the target; one step from it on each weight's side; every weight one
 * step above it, then below; each weight 1 to 7 from it on its side (its
 * distance mod 7, plus 1: the shape kept, the size gone); a small random
 * shelf near it; every weight's distance from it cut 256 times, then
 * halved. */
enum {
  WHOLE_TARGET,
  WHOLE_SIGN,
  WHOLE_ABOVE,
  WHOLE_BELOW,
  WHOLE_LIGHT,
  WHOLE_RANDOM,
  WHOLE_SHIFT,
  WHOLE_HALF,
  WHOLE_KINDS
};

static void whole_shelf(const shelf_plan *p, const int64_t *w, size_t n,
                        int kind, int64_t *out) {
  int64_t t = clamp(p, 0);
  int64_t above = t < p->hi ? t + 1 : t, below = t > p->lo ? t - 1 : t;
  switch (kind) {
  case WHOLE_TARGET:
  case WHOLE_ABOVE:
  case WHOLE_BELOW:
    for (size_t k = 0; k < n; k++)
      out[k] = kind == WHOLE_TARGET ? t : kind == WHOLE_ABOVE ? above : below;
    return;
  case WHOLE_SIGN:
    for (size_t k = 0; k < n; k++)
      out[k] = w[k] > t ? above : w[k] < t ? below : t;
    return;
  case WHOLE_LIGHT:
    for (size_t k = 0; k < n; k++) {
      uint64_t step = distance(w[k], t) % 7 + 1;
      uint64_t room = w[k] > t ? distance(p->hi, t) : distance(p->lo, t);
      out[k] = w[k] == t ? t : toward(w[k], t, step < room ? step : room);
    }
    return;
  case WHOLE_RANDOM: {
    /* t-3..t+3 within the range, seeded by the plan and the length, so that
     * a report can be made again. */
    int64_t lo = t, hi = t;
    for (int k = 0; k < 3; k++) {
      lo = lo > p->lo ? lo - 1 : lo;
      hi = hi < p->hi ? hi + 1 : hi;
    }
    shelf_random(p->seed ^ 0x5a11ull ^ ((uint64_t)n * 0x9e3779b97f4a7c15u), lo,
                 hi, out, n);
    return;
  }
  case WHOLE_SHIFT:
  case WHOLE_HALF:
  default:
    for (size_t k = 0; k < n; k++)
      out[k] =
          toward(w[k], t, distance(w[k], t) >> (kind == WHOLE_SHIFT ? 8 : 1));
    return;
  }
}

int shelf__plan_shrink(const shelf_plan *p, const int64_t *w, size_t n,
                       size_t c, int64_t *out, size_t *out_n) {
  if (p == NULL || w == NULL || out == NULL || out_n == NULL)
    return 0;
  /* Deleting chunks: for size = n/2, n/4, ..., 1, each start 0, size, ... */
  for (size_t size = n / 2; size >= 1; size /= 2) {
    size_t starts = n / size;
    if (c < starts) {
      size_t at = c * size;
      if (n - size < 1)
        return 0;
      memcpy(out, w, at * sizeof *w);
      memcpy(out + at, w + at + size, (n - at - size) * sizeof *w);
      *out_n = n - size;
      return 1;
    }
    c -= starts;
  }
  /* Every weight at once; only a candidate nearer the target in all (the
   * sum of the distances) is one, so that no two candidates lead back to
   * each other and a shrink always ends. */
  u128 far = 0;
  for (size_t k = 0; k < n; k++)
    far += distance(w[k], target(p));
  for (int kind = 0; kind < WHOLE_KINDS; kind++) {
    whole_shelf(p, w, n, kind, out);
    u128 near = 0;
    for (size_t k = 0; k < n; k++)
      near += distance(out[k], target(p));
    if (near >= far)
      continue;
    if (c == 0) {
      *out_n = n;
      return 1;
    }
    c--;
  }
  /* Chunks of weights set to the target, as chunks of wheels are deleted
   * above: n/2, n/4, ..., 2 at a time (one at a time is the first step
   * below); a chunk already there is not a candidate. */
  int64_t t = target(p);
  for (size_t size = n / 2; size >= 2; size /= 2) {
    for (size_t at = 0; at + size <= n; at += size) {
      size_t k = at;
      while (k < at + size && w[k] == t)
        k++;
      if (k == at + size)
        continue;
      if (c == 0) {
        memcpy(out, w, n * sizeof *w);
        for (k = at; k < at + size; k++)
          out[k] = t;
        *out_n = n;
        return 1;
      }
      c--;
    }
  }
  /* Moving weights toward the target, left to right: to it, then halfway,
   * a quarter, ... (at most 64 steps each). */
  for (size_t k = 0; k < n; k++) {
    if (w[k] == t)
      continue;
    uint64_t d = distance(w[k], t);
    size_t steps = 0;
    for (uint64_t e = d; e > 0; e >>= 1)
      steps++;
    if (c < steps) {
      memcpy(out, w, n * sizeof *w);
      uint64_t left = c == 0 ? 0 : (d >> c); /* distance kept */
      out[k] = toward(w[k], t, left);
      *out_n = n;
      return 1;
    }
    c -= steps;
  }
  return 0;
}

/* ==== Naming the mistake ==== */

int shelf__fits_31_bits(const int64_t *w, size_t n) {
  i128 sum = 0;
  for (size_t k = 0; k < n; k++)
    sum += w[k] < 0 ? -(i128)w[k] : w[k];
  return 2 * sum <= INT32_MAX;
}

/* Half of v, rounded toward zero or toward minus infinity: a program that
 * turns a wrong margin of the wrong parity into a total does either. */
static int is_half(i128 got, i128 v) {
  i128 trunc = v / 2, floor = v % 2 != 0 && v < 0 ? trunc - 1 : trunc;
  return got == trunc || got == floor;
}

/* Whether a program that computes margin m the asked way answers got. */
static int answers_margin(shelf_answer k, i128 got, i128 m, i128 sum) {
  switch (k) {
  case SHELF_ANSWER_FIRST:
    return is_half(got, sum + m);
  case SHELF_ANSWER_SECOND:
    return is_half(got, sum - m);
  case SHELF_ANSWER_WINNER:
    return got == (m >= 0);
  case SHELF_ANSWER_MARGIN:
  default:
    return got == m;
  }
}

/* Each test below says whether every failure fits a mistake: 1 or 0, or
 * -1 with *st set when the library could not compute it (out of memory),
 * so that no mistake is named, or ruled out, on a computation that did not
 * happen. */

static int all_algorithm(shelf_mistake kind, shelf_answer k,
                         const shelf_failure *f, size_t count,
                         shelf_status *st) {
  for (size_t i = 0; i < count; i++) {
    i128 m;
    if ((*st = shelf__mistake_margin(kind, f[i].weights, f[i].n, &m)) !=
        SHELF_OK)
      return -1;
    if (!answers_margin(k, f[i].got, m,
                        shelf__weights_sum(f[i].weights, f[i].n)))
      return 0;
  }
  return 1;
}

/* Every answer is another quantity of the true result than the asked one. */
static int all_other_quantity(shelf_answer k, const shelf_failure *f,
                              size_t count, shelf_status *st) {
  if (k == SHELF_ANSWER_WINNER)
    return 0;
  for (size_t i = 0; i < count; i++) {
    shelf_result r;
    if ((*st = shelf__linear_result(f[i].weights, f[i].n, &r)) != SHELF_OK)
      return -1;
    int other = 0;
    for (int q = SHELF_ANSWER_MARGIN; q <= SHELF_ANSWER_SECOND; q++)
      if (q != (int)k && f[i].got == answer_from((shelf_answer)q, &r))
        other = 1;
    if (!other)
      return 0;
  }
  return 1;
}

/* Every failing shelf is a tie (margin 0) that the program calls a loss. */
static int all_strict_ties(shelf_answer k, const shelf_failure *f, size_t count,
                           shelf_status *st) {
  if (k != SHELF_ANSWER_WINNER)
    return 0;
  for (size_t i = 0; i < count; i++) {
    i128 m;
    if ((*st = shelf__linear_lead(f[i].weights, f[i].n, &m)) != SHELF_OK)
      return -1;
    if (m != 0 || f[i].got != 0)
      return 0;
  }
  return 1;
}

shelf_status shelf__mistake_of(shelf_answer kind, const shelf_failure *f,
                               size_t count, int fitting_passed,
                               shelf_mistake *out) {
  if (out == NULL || (f == NULL && count > 0) || kind < SHELF_ANSWER_MARGIN ||
      kind > SHELF_ANSWER_WINNER)
    return SHELF_INVALID;
  *out = SHELF_MISTAKE_NONE;
  if (count == 0)
    return SHELF_OK;
  shelf_status st = SHELF_OK;
  static const shelf_mistake algorithms[] = {
      SHELF_MISTAKE_GREEDY, SHELF_MISTAKE_ADDED, SHELF_MISTAKE_LEFT_INDEX};
  for (size_t a = 0; a < sizeof algorithms / sizeof algorithms[0]; a++) {
    int all = all_algorithm(algorithms[a], kind, f, count, &st);
    if (all != 0) {
      *out = all > 0 ? algorithms[a] : SHELF_MISTAKE_NONE;
      return st;
    }
  }
  int all = all_strict_ties(kind, f, count, &st);
  if (all == 0)
    all = all_other_quantity(kind, f, count, &st) > 0 ? 2 : 0;
  if (all < 0 || st != SHELF_OK)
    return st;
  if (all != 0) {
    *out = all == 1 ? SHELF_MISTAKE_STRICT_TIE : SHELF_MISTAKE_WRONG_QUANTITY;
    return SHELF_OK;
  }
  /* 32-bit code wraps in too many places to compute its answer: it is
   * right while the totals fit in 31 bits and wrong on every failing shelf,
   * none of which fits. */
  int past = fitting_passed;
  for (size_t i = 0; past && i < count; i++)
    past = !shelf__fits_31_bits(f[i].weights, f[i].n);
  *out = past ? SHELF_MISTAKE_OVERFLOW32 : SHELF_MISTAKE_NONE;
  return SHELF_OK;
}

/* ==== What 32-bit arithmetic prints ==== */

/* v as a 32-bit int that wraps, as int does on every machine. */
static int32_t wrap32(i128 v) { return (int32_t)(uint32_t)(u128)v; }

/* The interval DP of a program that keeps every number in 32 bits: the lead
 * (lead[i][j] = max(w[i] - lead[i+1][j], w[j] - lead[i][j-1])) and the
 * first mover's total (tot[i][j] = sum(i..j) - min(tot[i+1][j],
 * tot[i][j-1])), each step wrapped, in a rolling row as
 * src/judge/judge_timeout.c's zero_leads() keeps one. O(n^2) time, O(n) memory. */
static shelf_status dp32(const int64_t *w, size_t n, int32_t *lead,
                         int32_t *total) {
  int32_t *row = malloc((n ? n : 1) * sizeof *row);
  int32_t *tot = malloc((n ? n : 1) * sizeof *tot);
  int32_t *pre = malloc((n + 1) * sizeof *pre);
  if (row == NULL || tot == NULL || pre == NULL) {
    free(row);
    free(tot);
    free(pre);
    return SHELF_NOMEM;
  }
  pre[0] = 0;
  for (size_t i = 0; i < n; i++) {
    row[i] = tot[i] = wrap32(w[i]);
    pre[i + 1] = wrap32((i128)pre[i] + w[i]);
  }
  for (size_t span = 2; span <= n; span++) {
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      int32_t l = wrap32((i128)wrap32(w[i]) - row[i + 1]);
      int32_t r = wrap32((i128)wrap32(w[j]) - row[i]);
      row[i] = l > r ? l : r;
      int32_t sum = wrap32((i128)pre[j + 1] - pre[i]);
      int32_t least = tot[i + 1] < tot[i] ? tot[i + 1] : tot[i];
      tot[i] = wrap32((i128)sum - least);
    }
  }
  *lead = n ? row[0] : 0;
  *total = n ? tot[0] : 0;
  free(row);
  free(tot);
  free(pre);
  return SHELF_OK;
}

int shelf__overflow32_gives(shelf_answer k, const int64_t *w, size_t n,
                            i128 got, shelf_status *st) {
  i128 exact;
  if ((*st = shelf_answer_of(k, w, n, &exact)) != SHELF_OK)
    return -1;
  /* The exact answer cut to 32 bits: the last step alone overflowed. */
  if (k != SHELF_ANSWER_WINNER && got == wrap32(exact))
    return 1;
  int32_t m32, t32;
  if ((*st = dp32(w, n, &m32, &t32)) != SHELF_OK)
    return -1;
  int32_t s32 = wrap32(shelf__weights_sum(w, n));
  switch (k) {
  case SHELF_ANSWER_WINNER:
    return got == (m32 >= 0) || got == (wrap32(2 * (i128)t32 - s32) >= 0);
  case SHELF_ANSWER_MARGIN:
    return got == m32 || got == wrap32(2 * (i128)t32 - s32);
  case SHELF_ANSWER_FIRST:
  case SHELF_ANSWER_SECOND: {
    int sign = k == SHELF_ANSWER_FIRST ? 1 : -1;
    /* (sum +- margin) / 2, wrapped before or after the halving; or the
     * total's own DP. */
    i128 wide = (i128)s32 + sign * (i128)m32;
    /* ... or the sum kept in 64 bits and only the lead in 32. */
    i128 wide_sum = shelf__weights_sum(w, n) + sign * (i128)m32;
    i128 forms[] = {wrap32(wrap32(wide) / 2),
                    wrap32(wide / 2),
                    wrap32(wrap32(wide) >> 1),
                    wrap32(wide >> 1),
                    wide_sum / 2,
                    wide_sum >> 1,
                    k == SHELF_ANSWER_FIRST ? t32 : wrap32((i128)s32 - t32)};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
      if (got == forms[f])
        return 1;
    return 0;
  }
  }
  return 0;
}
