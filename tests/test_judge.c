/*
 * test_judge.c - what a judge needs (judge.c): the asked answer, the plan
 * of tries, shrink candidates and the mistake named, each against the
 * rules written out here.
 */
#include "harness.h"
/* The calls the library keeps to itself, tested here all the same. */
#include "../src/core/internal.h"
#include "reference.h"
#include <shelf_judge.h>

static void test_answer(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_i128 a;
  CHECK_STATUS(shelf_answer_of(SHELF_ANSWER_MARGIN, w, 4, &a), SHELF_OK);
  CHECK_I128(a, 7);
  CHECK_STATUS(shelf_answer_of(SHELF_ANSWER_FIRST, w, 4, &a), SHELF_OK);
  CHECK_I128(a, 11);
  CHECK_STATUS(shelf_answer_of(SHELF_ANSWER_SECOND, w, 4, &a), SHELF_OK);
  CHECK_I128(a, 4);
  const int64_t tie[] = {1, 5, 4}; /* 5 to 5 */
  CHECK_STATUS(shelf_answer_of(SHELF_ANSWER_WINNER, tie, 3, &a), SHELF_OK);
  CHECK_I128(a, 1);
  CHECK_STATUS(shelf_answer_of((shelf_answer)9, w, 4, &a), SHELF_INVALID);
  CHECK_STATUS(shelf_answer_of(SHELF_ANSWER_MARGIN, NULL, 4, &a),
               SHELF_INVALID);
}

static const shelf_plan cses = {5000, -1000000000, 1000000000, 300,
                                42,   NULL,        NULL};

/* Every try is within the limits, the same each time, and the sizes grow. */
static void test_plan(void) {
  static int64_t w[5000], again[5000];
  size_t count = shelf__plan_count(&cses);
  CHECK(count == 7 + 26 + 8 + 300);
  size_t last_random = 0, seen_max = 0;
  int seen[4] = {0};
  for (size_t k = 0; k < count; k++) {
    size_t n = 0, m = 0;
    shelf_try kind;
    REQUIRE(shelf__plan_shelf(&cses, k, w, &n, &kind) == SHELF_OK);
    REQUIRE(shelf__plan_shelf(&cses, k, again, &m, NULL) == SHELF_OK);
    CHECK(n == m && memcmp(w, again, n * sizeof *w) == 0);
    CHECK(n <= cses.max_n);
    for (size_t i = 0; i < n; i++)
      CHECK(w[i] >= cses.lo && w[i] <= cses.hi);
    seen[kind]++;
    if (kind == SHELF_TRY_RANDOM) {
      CHECK(n >= 1);
      if (n > seen_max)
        seen_max = n;
      last_random = n;
    }
  }
  CHECK(seen[SHELF_TRY_CASE] == 7 && seen[SHELF_TRY_EDGE] == 34 &&
        seen[SHELF_TRY_RANDOM] == 300 && seen[SHELF_TRY_SAMPLE] == 0);
  CHECK(seen_max > 2500 && last_random > 2500);
  /* The first try is the problem's first case. */
  size_t n = 0;
  CHECK_STATUS(shelf__plan_shelf(&cses, 0, w, &n, NULL), SHELF_OK);
  CHECK(n == 4 && w[0] == 7 && w[3] == 4);
  /* A case of the problem outside the range is skipped (weights 1..3 here). */
  shelf_plan small = {10, 1, 3, 5, 1, NULL, NULL};
  CHECK_STATUS(shelf__plan_shelf(&small, 0, w, &n, NULL), SHELF_OK);
  CHECK(n == 0);
  CHECK_STATUS(
      shelf__plan_shelf(&small, shelf__plan_count(&small), w, &n, NULL),
      SHELF_INVALID);
  shelf_plan bad = {10, 3, 1, 5, 1, NULL, NULL};
  CHECK_STATUS(shelf__plan_shelf(&bad, 0, w, &n, NULL), SHELF_INVALID);
  CHECK(shelf__plan_count(NULL) == 0);
  /* A plan of nearly SIZE_MAX tries counts SIZE_MAX (it wrapped to a few,
   * and refused its own tries), and its last tries are random shelves
   * that grow to max_n (the growth's product wrapped). */
  shelf_plan endless = {10, 1, 3, SIZE_MAX - 3, 1, NULL, NULL};
  CHECK(shelf__plan_count(&endless) == SIZE_MAX);
  shelf_try last_kind;
  CHECK_STATUS(shelf__plan_shelf(&endless, SIZE_MAX - 1, w, &n, &last_kind),
               SHELF_OK);
  CHECK(last_kind == SHELF_TRY_RANDOM && n >= 4 && n <= 10);
  CHECK_STATUS(shelf__plan_shelf(&endless, 100, w, &n, &last_kind), SHELF_OK);
  CHECK(last_kind == SHELF_TRY_RANDOM && n == 1);
  /* Samples come after the problem's cases. */
  static const int64_t sample[] = {10, 80, 90, 30};
  static const int64_t *const samples[] = {sample, NULL};
  static const size_t sample_n[] = {4};
  shelf_plan atcoder = {3000, 1, 1000000000, 10, 7, samples, sample_n};
  shelf_try kind;
  CHECK_STATUS(shelf__plan_shelf(&atcoder, 7, w, &n, &kind), SHELF_OK);
  CHECK(kind == SHELF_TRY_SAMPLE && n == 4 && w[1] == 80);
  /* A sample longer than max_n is skipped, not copied past the caller's
   * room of max(max_n, 8) weights (it was, under ASan a heap overflow). */
  static const int64_t long_sample[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  static const int64_t *const long_samples[] = {long_sample, NULL};
  static const size_t long_n[] = {10};
  shelf_plan tight = {2, 1, 10, 1, 7, long_samples, long_n};
  int64_t *room = malloc(8 * sizeof *room);
  REQUIRE(room != NULL);
  n = 99;
  CHECK_STATUS(shelf__plan_shelf(&tight, 7, room, &n, &kind), SHELF_OK);
  CHECK(kind == SHELF_TRY_SAMPLE && n == 0);
  free(room);
}

/* Candidates come fewer wheels first, never empty; then every weight at
 * once, each candidate nearer the target in all (so that no two lead back
 * to each other): all at the target, then each one step from it on its
 * side; then chunks of weights at the target; then each weight closer to
 * the target alone. Every one is within the range. */
static int64_t distance_sum(const int64_t *w, size_t n) {
  int64_t d = 0;
  for (size_t i = 0; i < n; i++)
    d += w[i] < 0 ? -w[i] : w[i];
  return d;
}

static void test_shrink(void) {
  const shelf_plan p = {100, -50, 50, 10, 1, NULL, NULL};
  const int64_t w[] = {40, -30, 7, 0, 12};
  int64_t out[5], kept[40][5];
  size_t n = 0, c = 0, fewer = 0, same_n = 0;
  for (; shelf__plan_shrink(&p, w, 5, c, out, &n); c++) {
    CHECK(n >= 1 && n <= 5);
    if (n < 5) {
      CHECK(same_n == 0); /* deletions come first */
      fewer++;
      continue;
    }
    REQUIRE(same_n < 40);
    for (size_t i = 0; i < 5; i++)
      CHECK(out[i] >= p.lo && out[i] <= p.hi);
    CHECK(distance_sum(out, 5) < distance_sum(w, 5));
    memcpy(kept[same_n++], out, sizeof out);
  }
  CHECK(fewer == 2 + 5); /* chunks of 2 at 0 and 2, then single wheels */
  size_t single = 6 + 5 + 3 + 4; /* bits of 40, 30, 7, 12 */
  REQUIRE(same_n > single + 2);
  static const int64_t zeros[5] = {0}, signs[5] = {1, -1, 1, 0, 1};
  CHECK(memcmp(kept[0], zeros, sizeof zeros) == 0);
  CHECK(memcmp(kept[1], signs, sizeof signs) == 0);
  /* The last ones move one weight each, toward 0. */
  for (size_t k = same_n - single; k < same_n; k++) {
    int moved = 0;
    for (size_t i = 0; i < 5; i++) {
      int64_t a = kept[k][i] < 0 ? -kept[k][i] : kept[k][i];
      int64_t b = w[i] < 0 ? -w[i] : w[i];
      CHECK(a <= b);
      moved += kept[k][i] != w[i];
    }
    CHECK(moved == 1);
  }
  /* Halving every weight is among the whole-shelf ones. */
  static const int64_t half[5] = {20, -15, 3, 0, 6};
  int halved = 0;
  for (size_t k = 0; k < same_n - single; k++)
    halved |= memcmp(kept[k], half, sizeof half) == 0;
  CHECK(halved);
  /* Then chunks of 2 set to the target, at 0 and at 2. */
  static const int64_t chunk0[5] = {0, 0, 7, 0, 12},
                       chunk2[5] = {40, -30, 0, 0, 12};
  CHECK(memcmp(kept[same_n - single - 2], chunk0, sizeof chunk0) == 0);
  CHECK(memcmp(kept[same_n - single - 1], chunk2, sizeof chunk2) == 0);
  /* One wheel shrinks only its weight; at the target, not at all. */
  const int64_t one[] = {0};
  CHECK(shelf__plan_shrink(&p, one, 1, 0, out, &n) == 0);
  CHECK(shelf__plan_shrink(NULL, one, 1, 0, out, &n) == 0);
}

/* shelf__mistake_of()'s mistake, NONE if it failed (which is checked). */
static shelf_mistake mistake_of(shelf_answer kind, const shelf_failure *f,
                                size_t count, int fitting_passed) {
  shelf_mistake m = SHELF_MISTAKE_GREEDY;
  CHECK_STATUS(shelf__mistake_of(kind, f, count, fitting_passed, &m), SHELF_OK);
  return m;
}

/* The answers of a program with each mistake name it. */
static void test_mistake_of(void) {
  rng r = {test_seed() ^ 3};
  enum { K = 6 };
  int64_t w[K][12];
  shelf_failure f[K];
  const shelf_mistake kinds[] = {SHELF_MISTAKE_GREEDY, SHELF_MISTAKE_ADDED,
                                 SHELF_MISTAKE_LEFT_INDEX};
  for (size_t m = 0; m < 3; m++) {
    for (size_t i = 0; i < K; i++) {
      f[i].weights = w[i];
      f[i].n = 12;
      for (size_t k = 0; k < 12; k++)
        w[i][k] = rng_range(&r, 1, 1000);
      shelf_i128 margin;
      REQUIRE(shelf__mistake_margin(kinds[m], w[i], 12, &margin) == SHELF_OK);
      f[i].got = margin;
    }
    CHECK(mistake_of(SHELF_ANSWER_MARGIN, f, K, 0) == kinds[m]);
  }
  /* The margin where the first buyer's total was asked. */
  for (size_t i = 0; i < K; i++) {
    ref_table lead;
    ref_lead_table(w[i], 12, lead);
    f[i].got = lead[0][11];
  }
  CHECK(mistake_of(SHELF_ANSWER_FIRST, f, K, 0) ==
        SHELF_MISTAKE_WRONG_QUANTITY);
  /* A tie called a loss. */
  const int64_t tie[] = {1, 5, 4};
  shelf_failure t = {tie, 3, 0};
  CHECK(mistake_of(SHELF_ANSWER_WINNER, &t, 1, 0) == SHELF_MISTAKE_STRICT_TIE);
  /* Wrong only past 31 bits, with the fitting shelves passed. */
  const int64_t big[] = {2000000000, 1, 2000000000};
  shelf_failure o = {big, 3, 12345};
  CHECK(!shelf__fits_31_bits(big, 3) && shelf__fits_31_bits(tie, 3));
  CHECK(mistake_of(SHELF_ANSWER_MARGIN, &o, 1, 1) == SHELF_MISTAKE_OVERFLOW32);
  CHECK(mistake_of(SHELF_ANSWER_MARGIN, &o, 1, 0) == SHELF_MISTAKE_NONE);
  CHECK(mistake_of(SHELF_ANSWER_MARGIN, NULL, 0, 1) == SHELF_MISTAKE_NONE);
}

/* The blocks of w (n <= REF_MAX) whose lead (total 0), or whose total for
 * the buyer to move (total 1: (sum + lead) / 2), is v. */
static size_t blocks_with(const int64_t *w, size_t n, shelf_i128 v, int total) {
  static ref_table lead;
  ref_lead_table(w, n, lead);
  size_t c = 0;
  for (size_t i = 0; i < n; i++) {
    shelf_i128 sum = 0;
    for (size_t j = i; j < n; j++) {
      sum += w[j];
      c += (total ? (sum + lead[i][j]) / 2 : lead[i][j]) == v;
    }
  }
  return c;
}

/* The sentinel shelves a hack would try: among CSES's edge tries, the
 * shelves where many blocks leave the buyer to move -1 (zeros around two
 * -1s), INT32_MIN and 0x3f3f3f3f, each small and at 5000 wheels; AtCoder's
 * weights (1..10^9) allow none. */
static void test_sentinel_tries(void) {
  static int64_t w[5000];
  int found_total = 0, found_min = 0, found_3f = 0;
  int found_big = 0;
  for (size_t k = 0; k < shelf__plan_count(&cses); k++) {
    size_t n = 0;
    shelf_try kind;
    REQUIRE(shelf__plan_shelf(&cses, k, w, &n, &kind) == SHELF_OK);
    if (kind != SHELF_TRY_EDGE || n == 0)
      continue;
    if (n == 5000 && w[2499] == -1 && w[2500] == -1 && w[0] == 0 &&
        w[2498] == 0 && w[2501] == 0 && w[4999] == 0)
      found_big = 1;
    if (n > REF_MAX)
      continue;
    size_t blocks = n * (n + 1) / 2;
    if (n == 6 && w[0] == 0 && w[2] == -1 && w[3] == -1 && w[5] == 0 &&
        blocks_with(w, n, -1, 1) * 3 >= blocks)
      found_total = 1;
    /* Every block that holds the middle leaves the mover the value. */
    size_t a = 0, b = n;
    while (a < n && w[a] == 0)
      a++;
    while (b > a && w[b - 1] == 0)
      b--;
    if (a >= 2 && b + 2 <= n) {
      size_t holding = (a + 1) * (n - b + 1);
      found_min |= blocks_with(w, n, INT32_MIN, 1) >= holding;
      found_3f |= blocks_with(w, n, 0x3f3f3f3f, 1) >= holding;
    }
  }
  CHECK(found_total);
  CHECK(found_min);
  CHECK(found_3f);
  CHECK(found_big);
  /* Weights 1..10^9: no shape of any sentinel fits. */
  const shelf_plan atcoder = {3000, 1, 1000000000, 0, 1, NULL, NULL};
  size_t edges = 0;
  for (size_t k = 7; k < shelf__plan_count(&atcoder); k++) {
    size_t n = 0;
    shelf_try kind;
    REQUIRE(shelf__plan_shelf(&atcoder, k, w, &n, &kind) == SHELF_OK);
    for (size_t i = 0; i < n; i++)
      CHECK(w[i] >= 1);
    edges += n > 0;
  }
  CHECK(edges > 0);
}

static const test tests[] = {
    {"sentinel_tries", test_sentinel_tries},
    {"answer", test_answer},
    {"plan", test_plan},
    {"shrink", test_shrink},
    {"mistake_of", test_mistake_of},
};

TEST_MAIN(tests)
