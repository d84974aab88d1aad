/*
 * test_explain.c - the explanation against brute force: greedy against
 * greedy, greedy against perfect play (searched exhaustively here), the
 * first mistake on the line, and the parity floor.
 */
#include "harness.h"
#include "reference.h"
#include <shelf_teach.h>

#define MAX_N 16

static ref_table table;

/* Margin still to come on block i..j (i > j: empty) when the first buyer
 * plays greedy and the second searches every reply for the smallest margin. */
static shelf_i128 greedy_vs_best(const int64_t *w, size_t n, size_t i,
                                 size_t j) {
  if (i > j || j >= n)
    return 0;
  size_t taken = n - (j - i + 1);
  if (taken % 2 == 0) {
    if (w[i] >= w[j])
      return w[i] + greedy_vs_best(w, n, i + 1, j);
    return w[j] + (j > 0 ? greedy_vs_best(w, n, i, j - 1) : 0);
  }
  shelf_i128 l = -w[i] + greedy_vs_best(w, n, i + 1, j);
  shelf_i128 r = -w[j] + (j > 0 ? greedy_vs_best(w, n, i, j - 1) : 0);
  return l < r ? l : r;
}

static void check_against_brute(const int64_t *w, size_t n, uint64_t seed) {
  shelf_explanation e;
  REQUIRE(shelf_explain(w, n, 0, &e) == SHELF_OK);
  int ok = 1;
  /* (1) both greedy */
  shelf_i128 tot[2] = {0, 0};
  size_t i = 0, j = n;
  for (size_t t = 0; i < j; t++)
    tot[t & 1] += w[i] >= w[j - 1] ? w[i++] : w[--j];
  ok = ok && e.greedy_first == tot[0] && e.greedy_second == tot[1] &&
       e.greedy_margin == tot[0] - tot[1];
  /* (2) greedy against perfect */
  ok = ok && e.has_greedy_vs_perfect &&
       e.greedy_vs_perfect == (n ? greedy_vs_best(w, n, 0, n - 1) : 0);
  ref_lead_table(w, n, table);
  ok = ok && e.margin == (n ? table[0][n - 1] : 0);
  shelf_i128 sum = 0;
  for (size_t k = 0; k < n; k++)
    sum += w[k];
  ok = ok && e.first + e.second == sum && e.first - e.second == e.margin &&
       e.limit == SHELF_EXPLAIN_MAX;
  ok = ok && e.greedy_vs_perfect <= e.margin;
  /* (3) the first turn of the line where greedy's move loses lead */
  unsigned char ends[MAX_N];
  REQUIRE(shelf_line(w, n, ends) == SHELF_OK);
  int end = 0;
  shelf_i128 cost = 0;
  size_t turn = ref_first_mistake(w, n, ends, table, &end, &cost);
  if (turn > 0) {
    size_t bi, bj;
    ref_block_at(ends, n, turn, &bi, &bj);
    size_t greedy = end == SHELF_LEFT ? bi : bj;
    size_t other = end == SHELF_LEFT ? bj : bi;
    ok = ok && e.mistake == 1 && e.mistake_turn == turn &&
         (int)e.mistake_end == end && e.mistake_cost == cost &&
         e.mistake_wheel == greedy && e.mistake_weight == w[greedy] &&
         e.mistake_other == other;
  } else {
    ok = ok && e.mistake == 0;
  }
  /* (4) the parity floor */
  if (n % 2 == 0) {
    shelf_i128 odd = 0, even = 0;
    for (size_t k = 0; k < n; k++)
      *(k % 2 ? &even : &odd) += w[k];
    shelf_i128 floor = odd > even ? odd - even : even - odd;
    ok = ok && e.has_parity && e.odd_sum == odd && e.even_sum == even &&
         e.parity_floor == floor && e.parity_gain == e.margin - floor &&
         e.margin >= floor;
  } else {
    ok = ok && !e.has_parity;
  }
  if (!ok) {
    fprintf(stderr, "explanation wrong, seed %" PRIu64 ", shelf [", seed);
    for (size_t k = 0; k < n; k++)
      fprintf(stderr, "%s%" PRId64, k ? ", " : "", w[k]);
    fprintf(stderr, "]\n");
  }
  CHECK(ok);
}

static void test_by_hand(void) {
  int64_t s[] = {3, 9, 1, 2};
  shelf_explanation e;
  CHECK_STATUS(shelf_explain(s, 4, 0, &e), SHELF_OK);
  CHECK_I128(e.margin, 7);
  CHECK_I128(e.greedy_first, 5);
  CHECK_I128(e.greedy_second, 10);
  CHECK_I128(e.greedy_margin, -5);
  CHECK(e.has_greedy_vs_perfect);
  CHECK_I128(e.greedy_vs_perfect, -5);
  CHECK(e.mistake == 1 && e.mistake_turn == 1 && e.mistake_end == SHELF_LEFT);
  CHECK_I128(e.mistake_cost, 12);
  CHECK(e.has_parity);
  CHECK_I128(e.odd_sum, 4);
  CHECK_I128(e.even_sum, 11);
  CHECK_I128(e.parity_floor, 7);
  CHECK_I128(e.parity_gain, 0);
  /* By hand: perfect play 11 to 4; greedy's heavier end at turn 1 is wheel
   * 0 (the 3), and the line takes wheel 3 (the 2). */
  CHECK_I128(e.first, 11);
  CHECK_I128(e.second, 4);
  CHECK(e.mistake_wheel == 0 && e.mistake_weight == 3 && e.mistake_other == 3);
  /* [7, 2, 9, 4]: greedy is right at every turn of the line. */
  int64_t t[] = {7, 2, 9, 4};
  CHECK_STATUS(shelf_explain(t, 4, 0, &e), SHELF_OK);
  CHECK(e.mistake == 0);
  CHECK_I128(e.greedy_margin, 10);
}

static void test_random(void) {
  uint64_t seed = test_seed() + 20;
  rng r = {seed};
  int64_t w[MAX_N];
  for (int k = 0; k < 10000; k++) {
    size_t n = (size_t)(rng_next(&r) % 13);
    int64_t lo = rng_range(&r, -3, 3), hi = lo + rng_range(&r, 0, 8);
    for (size_t i = 0; i < n; i++)
      w[i] = rng_range(&r, lo, hi);
    check_against_brute(w, n, seed);
  }
}

static void test_limits(void) {
  /* Above the limit, (2) is not computed, and (3) reports when its budget
   * runs out instead of running for n^2. */
  size_t n = 3000;
  int64_t *w = malloc(n * sizeof *w);
  REQUIRE(w != NULL);
  CHECK_STATUS(shelf_random(3, 1, 10000, w, n), SHELF_OK);
  shelf_explanation e;
  CHECK_STATUS(shelf_explain(w, n, 100, &e), SHELF_OK);
  CHECK(e.has_greedy_vs_perfect == 0);
  CHECK(e.mistake == 1 || e.mistake == -1);
  CHECK_STATUS(shelf_explain(w, n, 0, &e), SHELF_OK);
  CHECK(e.has_greedy_vs_perfect == 1 && e.mistake != -1);
  CHECK_STATUS(shelf_explain(NULL, 3, 0, &e), SHELF_INVALID);
  CHECK_STATUS(shelf_explain(w, 3, 0, NULL), SHELF_INVALID);
  free(w);
}

/* A limit whose square does not fit in 64 bits searches at least as far as
 * the default: it once wrapped (2^32 squared is 0 in 64 bits), leaving a
 * budget of n steps, and the trap was reported as not searched. On shelves
 * of 0s, 1s and 2s greedy and the line often part ways at equal leads
 * before the first mistake, and each such turn spends a block's length. */
static void test_huge_limit(void) {
  rng r = {test_seed() + 7};
  int differed = 0;
  for (int k = 0; k < 2000; k++) {
    int64_t w[MAX_N];
    size_t n = 2 + (size_t)(rng_next(&r) % (MAX_N - 1));
    for (size_t i = 0; i < n; i++)
      w[i] = rng_range(&r, 0, 2);
    shelf_explanation small, big, huge;
    REQUIRE(shelf_explain(w, n, 0, &small) == SHELF_OK);
    REQUIRE(shelf_explain(w, n, (size_t)1 << 32, &big) == SHELF_OK);
    REQUIRE(shelf_explain(w, n, SIZE_MAX, &huge) == SHELF_OK);
    CHECK(big.mistake == small.mistake && huge.mistake == small.mistake);
    CHECK(big.mistake_turn == small.mistake_turn &&
          huge.mistake_turn == small.mistake_turn);
    CHECK(huge.limit == SIZE_MAX && big.has_greedy_vs_perfect);
    differed += small.mistake == 1 && small.mistake_turn > 2;
  }
  /* The shelves did reach the case that wrapped. */
  CHECK(differed > 0);
}

static const test tests[] = {
    {"a limit whose square needs more than 64 bits", test_huge_limit},
    {"[3, 9, 1, 2] by hand", test_by_hand},
    {"random shelves against brute force", test_random},
    {"limits", test_limits},
};

TEST_MAIN(tests)
