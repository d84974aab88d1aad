/*
 * test_table.c - the lead table: a table worked out by hand, every block of
 * random small shelves against brute force on that block alone, the 64-bit
 * extremes, the largest |lead| of a table, and the arguments.
 */
#include "harness.h"
#include <shelf_teach.h>

/* [3, 9, 1, 2] by hand, block first..last as lead (left, right):
 *   one wheel:  3, 9, 1, 2
 *   two wheels: 3 9 -> 6 (3-9=-6, 9-3=6); 9 1 -> 8 (8, -8); 1 2 -> 1 (-1, 1)
 *   three:      3 9 1 -> 3-8=-5, 1-6=-5, lead -5
 *               9 1 2 -> 9-1=8, 2-8=-6, lead 8
 *   four:       3 9 1 2 -> 3-8=-5, 2-(-5)=7, lead 7 */
static void test_by_hand(void) {
  static const int64_t w[] = {3, 9, 1, 2};
  shelf_cell c[16];
  CHECK_STATUS(shelf_lead_table(w, 4, c), SHELF_OK);
  static const struct {
    size_t first, last;
    int left, right, lead;
  } want[] = {
      {0, 0, 3, 3, 3},  {1, 1, 9, 9, 9},  {2, 2, 1, 1, 1},  {3, 3, 2, 2, 2},
      {0, 1, -6, 6, 6}, {1, 2, 8, -8, 8}, {2, 3, -1, 1, 1}, {0, 2, -5, -5, -5},
      {1, 3, 8, -6, 8}, {0, 3, -5, 7, 7},
  };
  for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
    const shelf_cell *got = &c[want[k].first * 4 + want[k].last];
    CHECK_I128(got->left, want[k].left);
    CHECK_I128(got->right, want[k].right);
    CHECK_I128(got->lead, want[k].lead);
  }
  CHECK_I128(c[1 * 4 + 0].lead, 0); /* below the diagonal: zero */
}

/* Every cell of random shelves (ties, zeros, negatives) against the brute
 * engine run on that block as a shelf of its own. */
static void test_random_blocks(void) {
  rng r = {test_seed() ^ 0x7ab1e};
  int64_t w[12];
  shelf_cell c[12 * 12];
  for (int round = 0; round < 3000; round++) {
    size_t n = 1 + (size_t)(rng_next(&r) % 12);
    int64_t span = round % 3 == 0 ? 2 : 20;
    for (size_t i = 0; i < n; i++)
      w[i] = rng_range(&r, -span, span);
    REQUIRE(shelf_lead_table(w, n, c) == SHELF_OK);
    for (size_t first = 0; first < n; first++) {
      for (size_t last = first; last < n; last++) {
        shelf_result whole, inner;
        const shelf_cell *cell = &c[first * n + last];
        size_t len = last - first + 1;
        REQUIRE(shelf_solve(w + first, len, SHELF_ENGINE_BRUTE, &whole) ==
                SHELF_OK);
        CHECK_I128(cell->lead, whole.margin);
        if (len == 1)
          continue;
        REQUIRE(shelf_solve(w + first + 1, len - 1, SHELF_ENGINE_BRUTE,
                            &inner) == SHELF_OK);
        CHECK_I128(cell->left, w[first] - inner.margin);
        REQUIRE(shelf_solve(w + first, len - 1, SHELF_ENGINE_BRUTE, &inner) ==
                SHELF_OK);
        CHECK_I128(cell->right, w[last] - inner.margin);
      }
    }
  }
}

/* Leads beyond 64 bits stay exact, [MAX, MIN, MAX] by hand: block 1..2
 * (MIN, MAX) keeps MAX - MIN = 2^64 - 1 by taking the right wheel and
 * MIN - MAX by taking the left; then the whole block keeps
 * MAX - (2^64 - 1) = MIN from either end. */
static void test_extremes(void) {
  static const int64_t w[] = {INT64_MAX, INT64_MIN, INT64_MAX};
  shelf_cell c[9];
  CHECK_STATUS(shelf_lead_table(w, 3, c), SHELF_OK);
  shelf_i128 two64 = (shelf_i128)1 << 64;
  CHECK_I128(c[1 * 3 + 2].right, two64 - 1);
  CHECK_I128(c[1 * 3 + 2].left, 1 - two64);
  CHECK_I128(c[1 * 3 + 2].lead, two64 - 1);
  CHECK_I128(c[0 * 3 + 2].left, INT64_MIN);
  CHECK_I128(c[0 * 3 + 2].right, INT64_MIN);
  CHECK_I128(c[0 * 3 + 2].lead, INT64_MIN);
}

/* The largest |lead| of random tables (negatives, beyond 64 bits) against
 * the cells read here, below the diagonal left out. */
static void test_largest(void) {
  rng r = {test_seed() ^ 0x1a59e};
  int64_t w[12];
  shelf_cell c[12 * 12];
  shelf_i128 largest = -1;
  CHECK_STATUS(shelf_lead_table_largest(NULL, 0, &largest), SHELF_OK);
  CHECK_I128(largest, 0);
  for (int round = 0; round < 2000; round++) {
    size_t n = 1 + (size_t)(rng_next(&r) % 12);
    for (size_t i = 0; i < n; i++)
      w[i] = round % 2 ? (int64_t)rng_next(&r) : rng_range(&r, -9, 3);
    REQUIRE(shelf_lead_table(w, n, c) == SHELF_OK);
    shelf_i128 want = 0;
    for (size_t first = 0; first < n; first++)
      for (size_t last = first; last < n; last++) {
        shelf_i128 v = c[first * n + last].lead;
        if (v > want || -v > want)
          want = v > 0 ? v : -v;
      }
    if (n > 1) /* a cell below the diagonal is not a block */
      c[1 * n + 0].lead = want + 1;
    CHECK_STATUS(shelf_lead_table_largest(c, n, &largest), SHELF_OK);
    CHECK_I128(largest, want);
  }
  /* [3, 9, 1, 2] by hand: the leads run -5..9. */
  static const int64_t hand[] = {3, 9, 1, 2};
  REQUIRE(shelf_lead_table(hand, 4, c) == SHELF_OK);
  CHECK_STATUS(shelf_lead_table_largest(c, 4, &largest), SHELF_OK);
  CHECK_I128(largest, 9);
}

static void test_arguments(void) {
  static const int64_t w[] = {1};
  shelf_cell c[1];
  CHECK_STATUS(shelf_lead_table(NULL, 0, NULL), SHELF_OK);
  CHECK_STATUS(shelf_lead_table(NULL, 1, c), SHELF_INVALID);
  CHECK_STATUS(shelf_lead_table(w, 1, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_lead_table(w, SHELF_TABLE_MAX + 1, c), SHELF_TOO_LONG);
  shelf_i128 largest;
  CHECK_STATUS(shelf_lead_table_largest(c, 1, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_lead_table_largest(NULL, 1, &largest), SHELF_INVALID);
  CHECK_STATUS(shelf_lead_table_largest(c, SHELF_TABLE_MAX + 1, &largest),
               SHELF_TOO_LONG);
}

static const test tests[] = {
    {"table worked by hand", test_by_hand},
    {"every block against brute force", test_random_blocks},
    {"64-bit extremes", test_extremes},
    {"the largest |lead|", test_largest},
    {"arguments", test_arguments},
};

TEST_MAIN(tests)
