/*
 * test_engines.c - the three engines against each other and against the
 * test's own arithmetic: shelves worked out by hand, every small shelf over
 * small weights, random shelves by the hundred thousand (ties, zeros and
 * negatives common), large shelves, and the 64-bit extremes against values
 * computed independently (Python's integers).
 */
#include "harness.h"
#include "reference.h"

/* The library's internal ways of summing a run (plain C, SSE2, AVX2), so
 * that each is checked here whatever the processor would pick. */
#include "../src/core/solver.h"

/* Up to this many wheels, agree() also searches the first buyer's total
 * itself (2^n steps). */
#define BRUTE_TOTAL_MAX 10

/* Solves with one engine and returns the margin (checking the status). */
static shelf_result solve(const int64_t *w, size_t n, shelf_engine e) {
  shelf_result r = {0};
  CHECK_STATUS(shelf_solve(w, n, e, &r), SHELF_OK);
  return r;
}

/* Checks the engines on w: linear and dp give the same result; the two
 * totals add up to the weight the test sums itself, and differ by dp's
 * margin; on short shelves the brute engine's margin is the same, and the
 * first buyer's total is the one ref_brute_total() searches out. Returns 0
 * and prints the shelf and seed if one of these fails. */
static int agree(const int64_t *w, size_t n, uint64_t seed) {
  shelf_result lin = solve(w, n, SHELF_ENGINE_LINEAR);
  shelf_result dp = solve(w, n, SHELF_ENGINE_DP);
  shelf_i128 sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += w[i];
  int ok = lin.n == n && dp.n == n && lin.margin == dp.margin &&
           lin.first == dp.first && lin.second == dp.second &&
           lin.first + lin.second == sum && lin.first - lin.second == dp.margin;
  if (n <= 14) {
    shelf_result br = solve(w, n, SHELF_ENGINE_BRUTE);
    ok = ok && br.margin == lin.margin;
  }
  if (n <= BRUTE_TOTAL_MAX)
    ok = ok && lin.first == ref_brute_total(w, 0, n);
  if (!ok) {
    fprintf(stderr, "engines disagree (seed %" PRIu64 ") on [", seed);
    for (size_t i = 0; i < n; i++)
      fprintf(stderr, "%s%" PRId64, i ? ", " : "", w[i]);
    fprintf(stderr, "]\n");
  }
  return ok;
}

static void test_by_hand(void) {
  static const struct {
    int64_t w[8];
    size_t n;
    int64_t margin;
  } cases[] = {
      {{7, 2, 9, 4}, 4, 10}, {{3, 9, 1, 2}, 4, 7}, {{2, 4, 8, 1, 9, 3}, 6, 11},
      {{6, 6}, 2, 0},        {{10, 1}, 2, 9},      {{5}, 1, 5},
      {{4, 4, 4, 4}, 4, 0}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    for (int e = 0; e < 3; e++) {
      shelf_result r = solve(cases[c].w, cases[c].n, (shelf_engine)e);
      CHECK_I128(r.margin, cases[c].margin);
    }
  }
  shelf_result r = solve((const int64_t[]){7, 2, 9, 4}, 4, SHELF_ENGINE_LINEAR);
  CHECK_I128(r.first, 16);
  CHECK_I128(r.second, 6);
}

/* Other published examples of the same game. */
static void test_published(void) {
  /* The classic "optimal strategy for a game" examples. */
  int64_t a[] = {5, 3, 7, 10}, b[] = {8, 15, 3, 7}, c[] = {2, 2, 2, 2},
          d[] = {20, 30, 2, 2, 2, 10};
  /* Totals of the first buyer: 15, 22, 4, 42; margins follow from sums. */
  CHECK_I128(solve(a, 4, SHELF_ENGINE_LINEAR).first, 15);
  CHECK_I128(solve(b, 4, SHELF_ENGINE_LINEAR).first, 22);
  CHECK_I128(solve(c, 4, SHELF_ENGINE_LINEAR).first, 4);
  CHECK_I128(solve(d, 6, SHELF_ENGINE_LINEAR).first, 42);
  /* The "predict the winner" examples: [1, 5, 2] loses, [1, 5, 233, 7]
   * wins. */
  CHECK_I128(solve((const int64_t[]){1, 5, 2}, 3, SHELF_ENGINE_LINEAR).margin,
             -2);
  CHECK_I128(
      solve((const int64_t[]){1, 5, 233, 7}, 4, SHELF_ENGINE_LINEAR).margin,
      222);
  /* The "deque" examples: 10 80 90 30 gives 10; 10 100 10 gives -80. */
  CHECK_I128(
      solve((const int64_t[]){10, 80, 90, 30}, 4, SHELF_ENGINE_LINEAR).margin,
      10);
  CHECK_I128(
      solve((const int64_t[]){10, 100, 10}, 3, SHELF_ENGINE_LINEAR).margin,
      -80);
}

/* Every shelf of up to 8 wheels over {-1, 0, 1, 2}, and up to 10 over
 * {0, 1, 2}: all ties and orders that small shelves can have. */
static void test_exhaustive(void) {
  static const struct {
    int64_t lo;
    int base;
    size_t max_n;
  } sets[] = {{-1, 4, 8}, {0, 3, 10}};
  for (size_t s = 0; s < 2; s++) {
    for (size_t n = 0; n <= sets[s].max_n; n++) {
      int64_t w[10];
      uint64_t count = 1;
      for (size_t i = 0; i < n; i++)
        count *= (uint64_t)sets[s].base;
      for (uint64_t code = 0; code < count; code++) {
        uint64_t x = code;
        for (size_t i = 0; i < n; i++, x /= (uint64_t)sets[s].base)
          w[i] = sets[s].lo + (int64_t)(x % (uint64_t)sets[s].base);
        if (!agree(w, n, code)) {
          CHECK(0);
          return;
        }
      }
    }
  }
}

/* Weights for random shelves: narrow ranges make ties and equal ends common;
 * some ranges include zero and negatives, a few are wide. */
static void random_shelf(rng *r, int64_t *w, size_t n) {
  int64_t lo, hi;
  switch (rng_next(r) % 6) {
  case 0:
    lo = 0;
    hi = 1;
    break;
  case 1:
    lo = 1;
    hi = 3;
    break;
  case 2:
    lo = -3;
    hi = 3;
    break;
  case 3:
    lo = -10;
    hi = 0;
    break;
  case 4:
    lo = 1;
    hi = 10000;
    break;
  default:
    lo = -1000000000000;
    hi = 1000000000000;
    break;
  }
  for (size_t i = 0; i < n; i++)
    w[i] = rng_range(r, lo, hi);
}

static void test_random_small(void) {
  /* 10^5 shelves of 0..14 wheels: linear, dp and brute. */
  uint64_t seed = test_seed();
  rng r = {seed};
  int64_t w[14];
  for (int k = 0; k < 100000; k++) {
    size_t n = (size_t)(rng_next(&r) % 15);
    random_shelf(&r, w, n);
    if (!agree(w, n, seed)) {
      CHECK(0);
      return;
    }
  }
}

static void test_random_medium(void) {
  /* 10^5 shelves of up to 60 wheels: linear and dp. */
  uint64_t seed = test_seed() + 1;
  rng r = {seed};
  int64_t w[60];
  for (int k = 0; k < 100000; k++) {
    size_t n = 15 + (size_t)(rng_next(&r) % 46);
    random_shelf(&r, w, n);
    if (!agree(w, n, seed)) {
      CHECK(0);
      return;
    }
  }
}

/* Shelves whose reduced stacks are long: the valley's walk in runs
 * (solver.c) beside its short loop. Valleys (falling, then rising, the
 * two sides drawn from one small set so that ends tie), monotone shelves,
 * and the same with now and then a peak to merge; light weights (a
 * narrow stack, 64-bit leads) and weights near 2^62 (a wide one). */
static void test_long_valleys(void) {
  uint64_t seed = test_seed() + 8;
  rng r = {seed};
  enum { MAX = 1500 };
  int64_t *w = malloc(MAX * sizeof *w);
  REQUIRE(w != NULL);
  for (int k = 0; k < 300; k++) {
    size_t n = 60 + (size_t)(rng_next(&r) % (MAX - 59));
    size_t bottom = k % 4 == 0 ? 0 : k % 4 == 1 ? n : (size_t)(rng_next(&r) % n);
    int64_t unit = k % 3 == 2 ? (int64_t)1 << 50 : 1;
    /* Falling to `bottom`, rising after it, by steps of 1 to 3 units. */
    int64_t v = (int64_t)(3 * n + 10);
    for (size_t i = 0; i < bottom; i++) {
      v -= 1 + (int64_t)(rng_next(&r) % 3);
      w[i] = v * unit;
    }
    v = (int64_t)(rng_next(&r) % 4);
    for (size_t i = bottom; i < n; i++) {
      v += 1 + (int64_t)(rng_next(&r) % 3);
      w[i] = v * unit;
    }
    if (k % 5 == 4) /* a few peaks, merged into the stack */
      for (int j = 0; j < 5; j++)
        w[rng_next(&r) % n] += (int64_t)(rng_next(&r) % 50) * unit;
    if (!agree(w, n, seed)) {
      CHECK(0);
      break;
    }
  }
  free(w);
}

/* A long stack's valley is read on two threads, split at its middle take
 * (shelf__valley_split()); the two parts joined must give the solver's
 * own result, and the DP's. Random shelves with ties, zeros and negative
 * weights, valleys and monotone shelves, and weights heavy enough for the
 * 128-bit stack. */
static void test_valley_halves(void) {
  uint64_t seed = test_seed() + 9;
  rng r = {seed};
  enum { MAX = 1200 };
  int64_t *w = malloc(MAX * sizeof *w);
  REQUIRE(w != NULL);
  size_t split = 0, tried = 0, wide = 0;
  for (int k = 0; k < 4000; k++) {
    size_t n = k % 2 ? (size_t)(rng_next(&r) % 40)
                     : 2 + (size_t)(rng_next(&r) % (MAX - 1));
    int shape = k % 5;
    int64_t unit = k % 7 == 6 ? (int64_t)1 << 61 : 1;
    int64_t v = (int64_t)(rng_next(&r) % 8);
    size_t bottom = n ? (size_t)(rng_next(&r) % n) : 0;
    for (size_t i = 0; i < n; i++) {
      if (shape == 0) /* random, with ties, zeros and negatives */
        w[i] = (int64_t)(rng_next(&r) % 7) - 2;
      else if (shape == 1) /* ascending */
        w[i] = v += (int64_t)(rng_next(&r) % 3);
      else if (shape == 2) /* descending */
        w[i] = v -= (int64_t)(rng_next(&r) % 3);
      else if (shape == 3) /* a valley, steps of 0 to 2 */
        w[i] = i < bottom ? (v += (int64_t)(rng_next(&r) % 3)) * -1
                          : (v += (int64_t)(rng_next(&r) % 3));
      else /* wide random */
        w[i] = (int64_t)(rng_next(&r) % 2001) - 1000;
      w[i] = unit > 1 ? (w[i] % 4) * unit : w[i];
    }
    shelf_solver *s = NULL;
    REQUIRE(shelf_solver_new(&s, 0) == SHELF_OK);
    REQUIRE(shelf_solver_push_many(s, w, n) == SHELF_OK);
    shelf_result whole, halves;
    REQUIRE(shelf_solver_result(s, &whole) == SHELF_OK);
    valley_part head, rest;
    tried += s->top >= 2;
    wide += s->wide != NULL;
    if (shelf__valley_split(s, 2, &head, &rest)) {
      split++;
      CHECK(head.l <= head.r && head.r <= s->top);
      CHECK(head.l + (s->top - head.r) == s->top / 2);
      shelf__valley_read(&rest);
      shelf__valley_read(&head);
      shelf__valley_result(&head, &rest, &halves);
      shelf_result dp = solve(w, n, SHELF_ENGINE_DP);
      if (halves.margin != whole.margin || halves.first != whole.first ||
          halves.second != whole.second || halves.n != whole.n ||
          halves.margin != dp.margin) {
        fprintf(stderr, "halves disagree (seed %" PRIu64 ", shelf %d of %zu)\n",
                seed, k, n);
        CHECK(0);
        shelf_solver_free(s);
        break;
      }
    }
    shelf_solver_free(s);
  }
  /* Every stack of two or more entries splits: a valley always does. */
  CHECK(split == tried);
  CHECK(split > 2000);
  CHECK(wide > 100);
  CHECK(shelf__valley_split(NULL, 2, NULL, NULL) == 0);
  free(w);
}

/* --batch's quick lines solve on a stack of their own
 * (shelf__solve_quick()): up to QUICK_LINE_MAX weights of at most 8
 * digits, as the scanner hands them over; the DP is the oracle. Ties,
 * zeros and negative weights too, though a quick line has no sign. */
static void test_quick_lines(void) {
  uint64_t seed = test_seed() + 7;
  rng r = {seed};
  int64_t w[QUICK_LINE_MAX];
  for (int k = 0; k < 100000; k++) {
    size_t n = (size_t)(rng_next(&r) % (QUICK_LINE_MAX + 1));
    int64_t span = k % 3 == 0 ? 3 : k % 3 == 1 ? 100 : 99999999;
    int64_t lo = k % 5 == 0 ? -span : 0;
    for (size_t i = 0; i < n; i++)
      w[i] = lo + (int64_t)(rng_next(&r) % (uint64_t)(span - lo + 1));
    shelf_result want, got;
    REQUIRE(shelf_solve(w, n, SHELF_ENGINE_DP, &want) == SHELF_OK);
    shelf__solve_quick(w, n, &got);
    if (got.n != want.n || got.margin != want.margin ||
        got.first != want.first || got.second != want.second) {
      fprintf(stderr, "seed %llu, shelf %d of %zu wheels\n",
              (unsigned long long)seed, k, n);
      CHECK(0);
      return;
    }
  }
}

static void test_random_large(void) {
  /* Shelves up to 3000 wheels: linear and dp. */
  uint64_t seed = test_seed() + 2;
  rng r = {seed};
  int64_t *w = malloc(3000 * sizeof *w);
  REQUIRE(w != NULL);
  for (int k = 0; k < 24; k++) {
    size_t n = k < 4 ? 3000 - (size_t)k : 100 + (size_t)(rng_next(&r) % 2901);
    random_shelf(&r, w, n);
    if (!agree(w, n, seed)) {
      CHECK(0);
      break;
    }
  }
  free(w);
}

/* The extremes of int64_t; the expected values come from Python's exact
 * integers, not from this library. */
static void test_extremes(void) {
  const int64_t M = INT64_MAX, m = INT64_MIN;
  static const struct {
    int64_t w[8];
    size_t n;
    const char *margin, *first, *second;
  } cases[] = {
      {{M, M, M, M, M, M, M},
       7,
       "9223372036854775807",
       "36893488147419103228",
       "27670116110564327421"},
      {{m, M, m, M, m, M, m, M},
       8,
       "73786976294838206460",
       "36893488147419103228",
       "-36893488147419103232"},
      {{M, m, M, m, M, m, M, m},
       8,
       "73786976294838206460",
       "36893488147419103228",
       "-36893488147419103232"},
      {{m, M, m},
       3,
       "-27670116110564327423",
       "-18446744073709551616",
       "9223372036854775807"},
      {{m, m, m, m, m},
       5,
       "-9223372036854775808",
       "-27670116110564327424",
       "-18446744073709551616"},
      {{M, m, M, m, M},
       5,
       "-27670116110564327423",
       "-9223372036854775809",
       "18446744073709551614"},
      {{m, M, M, m, M, m, m},
       7,
       "-27670116110564327423",
       "-18446744073709551617",
       "9223372036854775806"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    for (int e = 0; e < 3; e++) {
      shelf_result r = solve(cases[c].w, cases[c].n, (shelf_engine)e);
      char buf[SHELF_I128_BUFSIZE];
      shelf_i128_format(r.margin, buf);
      CHECK(strcmp(buf, cases[c].margin) == 0);
      shelf_i128_format(r.first, buf);
      CHECK(strcmp(buf, cases[c].first) == 0);
      shelf_i128_format(r.second, buf);
      CHECK(strcmp(buf, cases[c].second) == 0);
    }
  }
}

static void test_arguments(void) {
  shelf_result r;
  int64_t w[30] = {0};
  CHECK_STATUS(shelf_solve(NULL, 0, SHELF_ENGINE_LINEAR, &r), SHELF_OK);
  CHECK_I128(r.margin, 0);
  CHECK_STATUS(shelf_solve(NULL, 3, SHELF_ENGINE_LINEAR, &r), SHELF_INVALID);
  CHECK_STATUS(shelf_solve(w, 3, SHELF_ENGINE_LINEAR, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_solve(w, 3, (shelf_engine)7, &r), SHELF_INVALID);
  CHECK_STATUS(shelf_solve(w, SHELF_BRUTE_MAX + 1, SHELF_ENGINE_BRUTE, &r),
               SHELF_TOO_LONG);
  CHECK_STATUS(shelf_solve(w, SHELF_BRUTE_MAX, SHELF_ENGINE_BRUTE, &r),
               SHELF_OK);
}

static void test_status_strings(void) {
  CHECK(strcmp(shelf_strerror(SHELF_OK), "success") == 0);
  CHECK(strcmp(shelf_strerror(SHELF_NOMEM), "out of memory") == 0);
  CHECK(strcmp(shelf_strerror((shelf_status)999), "unknown status") == 0);
  CHECK(strcmp(shelf_status_name(SHELF_EMPTY_ITEM), "EMPTY_ITEM") == 0);
  CHECK(strcmp(shelf_status_name((shelf_status)-1), "UNKNOWN") == 0);
  /* Pinned values: released codes never change. */
  CHECK(SHELF_OK == 0 && SHELF_INVALID == 1 && SHELF_NOMEM == 2 &&
        SHELF_RANGE == 3 && SHELF_TOO_LONG == 4 &&
        SHELF_EXPECTED_INTEGER == 10 && SHELF_UNEXPECTED_CHAR == 21);
  CHECK(strcmp(shelf_version(), SHELF_VERSION_STRING) == 0);
  char buf[SHELF_I128_BUFSIZE];
  shelf_i128 min128 = -((shelf_i128)1 << 126) * 2;
  CHECK(shelf_i128_format(min128, buf) == 40);
  CHECK(strcmp(buf, "-170141183460469231731687303715884105728") == 0);
  CHECK(shelf_i128_format(0, buf) == 1 && strcmp(buf, "0") == 0);
  /* The largest magnitude written from 64 bits, and the smallest past. */
  CHECK(shelf_i128_format((shelf_i128)UINT64_MAX, buf) == 20 &&
        strcmp(buf, "18446744073709551615") == 0);
  CHECK(shelf_i128_format(-(shelf_i128)UINT64_MAX - 1, buf) == 21 &&
        strcmp(buf, "-18446744073709551616") == 0);
  /* Against an independent writer: printf for 64-bit values (every digit
   * count, both signs, the pairs' boundaries), and one digit a step for
   * the powers of ten and their neighbours up to 10^38. */
  char want[64];
  int64_t v64[] = {0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 9999, 10000,
                   12345, 99999, 100000, 1234567, 99999999, 100000000,
                   INT64_MAX, INT64_MIN, INT64_MIN + 1};
  int same = 1;
  for (size_t k = 0; k < sizeof v64 / sizeof v64[0]; k++)
    for (int sign = 1; sign >= -1; sign -= 2) {
      int64_t v = v64[k] == INT64_MIN ? v64[k] : sign * v64[k];
      snprintf(want, sizeof want, "%lld", (long long)v);
      same &= shelf_i128_format(v, buf) == strlen(want) && strcmp(buf, want) == 0;
    }
  uint64_t x = 88172645463325252u; /* xorshift: values of every size */
  for (int k = 0; k < 10000; k++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int64_t v = (int64_t)(x >> (k % 64));
    snprintf(want, sizeof want, "%lld", (long long)v);
    same &= shelf_i128_format(v, buf) == strlen(want) && strcmp(buf, want) == 0;
  }
  shelf_i128 ten = 1; /* 10^d; 10^39 would be past 128 bits */
  for (int d = 0; d <= 38; d++) {
    if (d > 0)
      ten *= 10;
    for (int delta = -1; delta <= 1; delta++) {
      shelf_i128 v = ten + delta;
      char *p = want + sizeof want - 1;
      *p = '\0';
      u128 m = (u128)v;
      do
        *--p = (char)('0' + (int)(m % 10));
      while ((m /= 10) != 0);
      same &= shelf_i128_format(v, buf) == strlen(p) && strcmp(buf, p) == 0;
      *--p = '-';
      if (v != 0)
        same &= shelf_i128_format(-v, buf) == strlen(p) && strcmp(buf, p) == 0;
    }
  }
  CHECK(same);
}

static void test_random_api(void) {
  int64_t a[1000], b[1000];
  CHECK_STATUS(shelf_random(42, 1, 10000, a, 1000), SHELF_OK);
  CHECK_STATUS(shelf_random(42, 1, 10000, b, 1000), SHELF_OK);
  CHECK(memcmp(a, b, sizeof a) == 0);
  int in_range = 1;
  for (int i = 0; i < 1000; i++)
    in_range = in_range && a[i] >= 1 && a[i] <= 10000;
  CHECK(in_range);
  /* Pinned: the same seed gives the same shelf in every release. */
  CHECK_STATUS(shelf_random(1, 1, 10000, a, 3), SHELF_OK);
  CHECK(a[0] == 2466 && a[1] == 8520 && a[2] == 591); /* from Python */
  CHECK_STATUS(shelf_random(1, 5, 4, a, 3), SHELF_INVALID);
  CHECK_STATUS(shelf_random(1, INT64_MIN, INT64_MAX, a, 3), SHELF_OK);
  CHECK_STATUS(shelf_random(1, 7, 7, a, 3), SHELF_OK);
  CHECK(a[0] == 7 && a[2] == 7);
}

/* Long enough for the linear engine's two pieces (2048 wheels and up),
 * with weights too heavy for its 64-bit step, so that it starts again on
 * one 128-bit stack: a strictly decreasing shelf of heavy weights, whose
 * margin is worked out by hand (no wheel is a peak, so each buyer takes the
 * left end: n / 2 pairs of (B - 2k) - (B - 2k - 1) = 1), and small random
 * weights with one int64 extreme late in the shelf, against the DP. */
static void test_heavy_pieces(void) {
  enum { N = 20000 };
  static int64_t w[N];
  const int64_t B = INT64_MAX / 2;
  shelf_i128 first = 0, sum = 0;
  for (size_t i = 0; i < N; i++) {
    w[i] = B - (int64_t)i;
    sum += w[i];
    if (i % 2 == 0)
      first += w[i];
  }
  shelf_result r = solve(w, N, SHELF_ENGINE_LINEAR);
  CHECK_I128(r.margin, N / 2);
  CHECK_I128(r.first, first);
  CHECK_I128(r.second, sum - first);
  rng g = {test_seed() + 40};
  for (size_t i = 0; i < N; i++)
    w[i] = rng_range(&g, -100, 100);
  w[N - 10] = INT64_MAX;
  CHECK(agree(w, N, test_seed() + 40));
}

/* The ways of summing a run this processor can run: plain C always, SSE2
 * on x86-64 builds with the fast paths, AVX2 where the processor has it.
 * Returns how many were put in ways[]. */
static int sum_ways(int ways[3]) {
  int k = 0;
  ways[k++] = SUMS_PLAIN;
  if (FAST_X86)
    ways[k++] = SUMS_SSE2;
  if (shelf__sums_best() == SUMS_AVX2)
    ways[k++] = SUMS_AVX2;
  return k;
}

/* A weight for the run-summing test: small, either side of the quick sum's
 * 2^51 limit, or an int64 extreme. */
static int64_t edge_weight(rng *r) {
  const int64_t L = (int64_t)1 << RUN_SUMS_BITS;
  switch (rng_next(r) % 8) {
  case 0:
    return INT64_MIN;
  case 1:
    return INT64_MAX;
  case 2:
    return L - 1;
  case 3:
    return -(L - 1);
  case 4:
    return rng_next(r) % 2 ? L : -L;
  default:
    return rng_range(r, -5, 5);
  }
}

/* run_sums() every way against the test's own 128-bit arithmetic: the same
 * verdict (every magnitude below 2^RUN_SUMS_BITS), and then the same sum of
 * magnitudes and total, for every length up to RUN_SUMS_MAX (all the
 * vector loops' tails) and weights near the limit. */
static void test_run_sums(void) {
  int ways[3], nways = sum_ways(ways);
  printf("  ways of summing a run checked: %d (plain%s%s)\n", nways,
         nways > 1 ? ", SSE2" : "", nways > 2 ? ", AVX2" : "");
  rng r = {test_seed() + 50};
  static int64_t w[RUN_SUMS_MAX];
  for (int k = 0; k < 3000; k++) {
    size_t m = k < 40 ? (size_t)k : (size_t)(rng_next(&r) % (RUN_SUMS_MAX + 1));
    int edgy = (int)(rng_next(&r) % 3); /* 0: none, 1: a few, 2: many */
    for (size_t i = 0; i < m; i++)
      w[i] = edgy == 2 || (edgy == 1 && rng_next(&r) % 200 == 0)
                 ? edge_weight(&r)
                 : rng_range(&r, -1000000, 1000000);
    int small = 1;
    shelf_i128 abs_want = 0, sum_want = 0;
    for (size_t i = 0; i < m; i++) {
      shelf_i128 v = w[i], mag = v < 0 ? -v : v;
      small = small && mag < ((shelf_i128)1 << RUN_SUMS_BITS);
      abs_want += mag;
      sum_want += v;
    }
    for (int k2 = 0; k2 < nways; k2++) {
      uint64_t abs = 0;
      shelf_i128 sum = 0;
      int ok = run_sums(w, m, &abs, &sum, ways[k2]);
      CHECK(ok == small);
      if (ok && small && ((shelf_i128)abs != abs_want || sum != sum_want)) {
        fprintf(stderr, "run_sums way %d, %zu weights: wrong sums\n", ways[k2],
                m);
        CHECK(0);
        return;
      }
    }
  }
}

/* The linear engine with each way of summing, on shelves long enough to be
 * cut into pieces (ties, zeros, negatives, wide weights, int64 extremes
 * that send it to the 128-bit stack), against the DP. */
static void test_sum_ways_engine(void) {
  int ways[3], nways = sum_ways(ways);
  uint64_t seed = test_seed() + 51;
  rng r = {seed};
  enum { N = 5000 };
  static int64_t w[N];
  for (int k = 0; k < 16; k++) {
    size_t n = 2000 + (size_t)(rng_next(&r) % (N - 1999));
    random_shelf(&r, w, n);
    if (k % 4 == 3) /* an extreme somewhere: the pieces stop short */
      w[rng_next(&r) % n] = rng_next(&r) % 2 ? INT64_MAX : INT64_MIN;
    if (k == 0)
      for (size_t i = 0; i < n; i++)
        w[i] = 7; /* all equal */
    shelf_result dp = solve(w, n, SHELF_ENGINE_DP);
    for (int k2 = 0; k2 < nways; k2++) {
      shelf_result lin = {0};
      CHECK_STATUS(shelf__linear_result_sums(w, n, &lin, ways[k2]), SHELF_OK);
      if (lin.n != n || lin.margin != dp.margin || lin.first != dp.first ||
          lin.second != dp.second) {
        fprintf(stderr,
                "summing way %d disagrees with dp (seed %" PRIu64
                ", shelf %d, %zu wheels)\n",
                ways[k2], seed, k, n);
        CHECK(0);
        return;
      }
    }
  }
  /* Strictly decreasing and increasing 10^5 wheels (no merge: every wheel
   * stays on the stacks and the pieces join by copying), by hand: on a
   * decreasing shelf each buyer takes the left end, so the margin is
   * n / 2 pairs of 1; increasing is the mirror image. */
  enum { M = 100000 };
  static int64_t d[M];
  for (int dir = 0; dir < 2; dir++) {
    for (size_t i = 0; i < M; i++)
      d[i] = dir == 0 ? (int64_t)(M - i) : (int64_t)(i + 1);
    for (int k2 = 0; k2 < nways; k2++) {
      shelf_result lin = {0};
      CHECK_STATUS(shelf__linear_result_sums(d, M, &lin, ways[k2]), SHELF_OK);
      CHECK_I128(lin.margin, M / 2);
    }
  }
}

static const test tests[] = {
    {"shelves worked out by hand", test_by_hand},
    {"published examples", test_published},
    {"exhaustive small shelves", test_exhaustive},
    {"random shelves, n <= 14, three engines", test_random_small},
    {"random shelves, n <= 60, linear and dp", test_random_medium},
    {"random shelves, n <= 3000, linear and dp", test_random_large},
    {"long reduced stacks: valleys and monotone shelves", test_long_valleys},
    {"quick lines of a batch, against dp", test_quick_lines},
    {"a long valley read in two halves, against dp", test_valley_halves},
    {"64-bit extremes", test_extremes},
    {"heavy weights in pieces", test_heavy_pieces},
    {"every way of summing a run", test_run_sums},
    {"the linear engine with every way of summing", test_sum_ways_engine},
    {"arguments", test_arguments},
    {"status strings and numbers", test_status_strings},
    {"random shelves API", test_random_api},
};

TEST_MAIN(tests)
