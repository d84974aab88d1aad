/*
 * test_explain.c - the explanation against the DP: greedy against greedy,
 * a greedy first buyer against the game's perfect second (played here, its
 * lead checked move by move against the DP table), the first turn where
 * greedy loses lead in that game, and the parity floor.
 */
#include "harness.h"
#include "reference.h"
#include <shelf_teach.h>

#define MAX_N 16

static ref_table table;

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
  /* (2) greedy against the game's perfect second buyer */
  ref_lead_table(w, n, table);
  ref_greedy_play g = ref_greedy_game(w, n, table);
  ok = ok && e.margin == (n ? table[0][n - 1] : 0);
  ok = ok && g.second_kept && g.margin == e.margin - g.lost && g.lost >= 0;
  /* The reference's second buyer is the game's: at each of its turns the
   * reduction written again in reference.h picks shelf_best_move()'s end. */
  for (size_t t = 1; t < n; t += 2) {
    shelf_choice c;
    REQUIRE(shelf_best_move(w, n, g.block_first[t], g.block_last[t], &c) ==
            SHELF_OK);
    ok = ok && (int)c.best == g.ends[t];
  }
  ok = ok && e.has_greedy_vs_perfect && e.greedy_vs_perfect == g.margin;
  shelf_i128 sum = 0;
  for (size_t k = 0; k < n; k++)
    sum += w[k];
  ok = ok && e.first + e.second == sum && e.first - e.second == e.margin &&
       e.limit == SHELF_EXPLAIN_MAX;
  ok = ok && e.greedy_vs_perfect <= e.margin;
  /* (3) the first turn of that game where greedy's move loses lead */
  if (g.turn > 0) {
    ok = ok && e.mistake == 1 && e.mistake_turn == g.turn &&
         (int)e.mistake_end == g.end && e.mistake_cost == g.cost &&
         e.mistake_wheel == g.wheel && e.mistake_weight == w[g.wheel] &&
         e.mistake_other == g.other && g.turn % 2 == 1;
  } else {
    ok = ok && e.mistake == 0 && g.lost == 0;
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
  /* The shelf of the issue, once called a trap: against a second buyer
   * who knew the first was greedy, greedy finished 1956 kilos worse. By
   * hand, with the DP's leads: greedy takes 9054 (lead 9959 kept); the
   * game's second takes 471; greedy takes 7730 from [1562 .. 73], which
   * keeps that block's lead; then 5648, 3367 and 5336 go the same way,
   * and greedy finishes 9959 ahead, as perfect play does. */
  int64_t u[] = {9054, 1562, 7730, 5648, 3367, 5336, 73, 471};
  CHECK_STATUS(shelf_explain(u, 8, 0, &e), SHELF_OK);
  CHECK_I128(e.margin, 9959);
  CHECK_I128(e.greedy_vs_perfect, 9959);
  CHECK(e.mistake == 0);
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

/* A limit whose square does not fit in 64 bits plays at least as far as
 * the default: it once wrapped (2^32 squared is 0 in 64 bits), leaving a
 * budget of n steps, and the trap was reported as not searched. Each turn
 * of the game spends its block's length, so a trap after turn 2 is found
 * only with more than n steps. */
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
