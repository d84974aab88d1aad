/*
 * test_line.c - the line of perfect play and the best move on a block:
 * every move checked against the interval-DP table of tests/reference.h,
 * totals that add up to the margin, and a line of a million wheels.
 */
#include "harness.h"
#include "reference.h"

#define MAX_N REF_MAX

static ref_table table;

static void random_shelf(rng *r, int64_t *w, size_t n) {
  static const int64_t ranges[][2] = {
      {0, 1},     {1, 3},  {-2, 2}, {5, 5},
      {1, 10000}, {-9, 9}, {0, 0},  {INT64_MAX - 2, INT64_MAX}};
  size_t k = (size_t)(rng_next(r) % 8);
  for (size_t i = 0; i < n; i++)
    w[i] = rng_range(r, ranges[k][0], ranges[k][1]);
}

/* Checks every move of the line on w against the table (each a check of
 * its own, failing at its line here), and that the totals of the line give
 * the table's margin; returns 0 at the first failure. */
static int line_is_optimal(const int64_t *w, size_t n) {
  int before = harness_failures;
  unsigned char ends[MAX_N];
  ref_lead_table(w, n, table);
  CHECK_STATUS(shelf_line(w, n, ends), SHELF_OK);
  if (harness_failures != before)
    return 0;
  size_t i = 0, j = n ? n - 1 : 0;
  shelf_i128 totals[2] = {0, 0};
  for (size_t t = 0; t < n; t++) {
    CHECK(ends[t] <= SHELF_RIGHT);
    if (harness_failures == before)
      CHECK_I128(ref_kept(w, table, i, j, ends[t]), table[i][j]);
    if (harness_failures != before)
      return 0;
    totals[t & 1] += ends[t] == SHELF_LEFT ? w[i++] : w[j--];
  }
  if (n > 0)
    CHECK_I128(totals[0] - totals[1], table[0][n - 1]);
  return harness_failures == before;
}

static void test_every_move_optimal(void) {
  uint64_t seed = test_seed() + 10;
  rng r = {seed};
  int64_t w[MAX_N];
  for (int k = 0; k < 20000; k++) {
    size_t n = 1 + (size_t)(rng_next(&r) % MAX_N);
    random_shelf(&r, w, n);
    if (!line_is_optimal(w, n)) {
      fprintf(stderr, "line not optimal, seed %" PRIu64 " shelf %d\n", seed, k);
      return;
    }
  }
}

/* Every shelf of up to 8 wheels over {-1, 0, 1, 2} and up to 10 over
 * {0, 1, 2}: all the ties small shelves can have. */
static void test_exhaustive(void) {
  static const struct {
    int64_t lo;
    uint64_t base;
    size_t max_n;
  } sets[] = {{-1, 4, 8}, {0, 3, 10}};
  int64_t w[10];
  for (size_t s = 0; s < 2; s++) {
    for (size_t n = 1; n <= sets[s].max_n; n++) {
      uint64_t count = 1;
      for (size_t i = 0; i < n; i++)
        count *= sets[s].base;
      for (uint64_t code = 0; code < count; code++) {
        uint64_t x = code;
        for (size_t i = 0; i < n; i++, x /= sets[s].base)
          w[i] = sets[s].lo + (int64_t)(x % sets[s].base);
        if (!line_is_optimal(w, n)) {
          fprintf(stderr,
                  "line not optimal: set %zu, n %zu, code %" PRIu64 "\n", s, n,
                  code);
          return;
        }
      }
    }
  }
}

static void test_best_move(void) {
  uint64_t seed = test_seed() + 11;
  rng r = {seed};
  int64_t w[24];
  unsigned char ends[24];
  for (int k = 0; k < 3000; k++) {
    size_t n = 1 + (size_t)(rng_next(&r) % 24);
    random_shelf(&r, w, n);
    ref_lead_table(w, n, table);
    for (size_t i = 0; i < n; i++) {
      for (size_t j = i; j < n; j++) {
        shelf_choice c;
        REQUIRE(shelf_best_move(w, n, i, j, &c) == SHELF_OK);
        REQUIRE(shelf_line(w + i, j - i + 1, ends) == SHELF_OK);
        int ok = c.lead == table[i][j] &&
                 c.left == ref_kept(w, table, i, j, SHELF_LEFT) &&
                 c.right == ref_kept(w, table, i, j, SHELF_RIGHT) &&
                 (c.best == SHELF_LEFT ? c.left : c.right) == c.lead &&
                 c.best == ends[0];
        if (!ok) {
          fprintf(stderr, "best move wrong, seed %" PRIu64 " block %zu..%zu\n",
                  seed, i, j);
          CHECK(0);
          return;
        }
      }
    }
  }
  shelf_choice c;
  int64_t s[] = {3, 9, 1, 2};
  CHECK_STATUS(shelf_best_move(s, 4, 0, 3, &c), SHELF_OK);
  CHECK(c.best == SHELF_RIGHT);
  CHECK_I128(c.left, -5);
  CHECK_I128(c.right, 7);
  CHECK_I128(c.lead, 7);
  CHECK_STATUS(shelf_best_move(s, 4, 2, 1, &c), SHELF_INVALID);
  CHECK_STATUS(shelf_best_move(s, 4, 0, 4, &c), SHELF_INVALID);
  CHECK_STATUS(shelf_best_move(NULL, 4, 0, 1, &c), SHELF_INVALID);
  CHECK_STATUS(shelf_best_move(s, 4, 0, 1, NULL), SHELF_INVALID);
}

/* [3, 9, 1, 2], move by move as worked out by hand. */
static void test_line_by_hand(void) {
  int64_t s[] = {3, 9, 1, 2};
  unsigned char ends[4];
  CHECK_STATUS(shelf_line(s, 4, ends), SHELF_OK);
  CHECK(ends[0] == SHELF_RIGHT); /* the 2, leaving the 9 shielded */
  CHECK(ends[1] == SHELF_LEFT);  /* the second buyer takes the 3 */
  CHECK(ends[2] == SHELF_LEFT);  /* the 9 */
  CHECK(ends[3] == SHELF_LEFT);
  CHECK_STATUS(shelf_line(NULL, 0, NULL), SHELF_OK);
  CHECK_STATUS(shelf_line(NULL, 2, ends), SHELF_INVALID);
  CHECK_STATUS(shelf_line(s, 4, NULL), SHELF_INVALID);
}

/* A million wheels: every wheel taken once, from an end, and the totals
 * equal the engine's. */
static void test_million(void) {
  size_t n = 1000000;
  int64_t *w = malloc(n * sizeof *w);
  unsigned char *ends = malloc(n);
  REQUIRE(w != NULL && ends != NULL);
  for (int shape = 0; shape < 3; shape++) {
    if (shape == 0)
      CHECK_STATUS(shelf_random(7, 1, 10000, w, n), SHELF_OK);
    for (size_t i = 0; shape > 0 && i < n; i++)
      w[i] = shape == 1 ? (int64_t)(n - i) : (int64_t)(i % 7 == 3 ? 50 : i % 5);
    CHECK_STATUS(shelf_line(w, n, ends), SHELF_OK);
    shelf_result r;
    CHECK_STATUS(shelf_solve(w, n, SHELF_ENGINE_LINEAR, &r), SHELF_OK);
    size_t i = 0, j = n;
    shelf_i128 totals[2] = {0, 0};
    int ok = 1;
    for (size_t t = 0; t < n && ok; t++) {
      ok = i < j && ends[t] <= SHELF_RIGHT;
      totals[t & 1] += ends[t] == SHELF_LEFT ? w[i++] : w[--j];
    }
    CHECK(ok && i == j);
    CHECK_I128(totals[0], r.first);
    CHECK_I128(totals[1], r.second);
    /* n..1: the buyers take the wheels in order of weight, so each pair of
     * turns gives the first buyer one kilo more (n is even). */
    if (shape == 1)
      CHECK_I128(totals[0] - totals[1], (shelf_i128)(n / 2));
  }
  free(w);
  free(ends);
}

/* A count whose 16 bytes a wheel do not fit in size_t (above 2^60 here, 2^28
 * with a 32-bit size_t) is refused before any allocation: a wrapped size
 * would allocate a few bytes and write the whole shelf past them. Only the
 * count is huge; the weights are never read. */
static void test_count_too_big(void) {
  const int64_t w[4] = {3, 9, 1, 2};
  size_t huge = SIZE_MAX / 16 + 2; /* n * 16 wraps to 16 */
  shelf_choice c;
  CHECK_STATUS(shelf_best_move(w, huge, 0, huge - 1, &c), SHELF_NOMEM);
  unsigned char ends[4];
  CHECK_STATUS(shelf_line(w, huge, ends), SHELF_NOMEM);
}

static const test tests[] = {
    {"every move of the line keeps the lead", test_every_move_optimal},
    {"every line of every small shelf", test_exhaustive},
    {"best move on every block", test_best_move},
    {"the line of [3, 9, 1, 2] by hand", test_line_by_hand},
    {"a line of a million wheels", test_million},
    {"a count too big for size_t is refused", test_count_too_big},
};

TEST_MAIN(tests)
