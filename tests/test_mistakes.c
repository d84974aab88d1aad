/*
 * test_mistakes.c - the known mistakes (src/mistakes.c) against each wrong
 * algorithm written out plainly here, as a learner would write it, on many
 * random shelves; and the cell mistakes against reference.h's lead table.
 */
#include "harness.h"
#include "reference.h"
#include <shelf_judge.h>
#include <shelf_teach.h>

/* ==== The wrong algorithms, written out ==== */

/* Both buyers take the heavier end, the left on equal weights. */
static shelf_i128 plain_greedy(const int64_t *w, size_t n) {
  shelf_i128 total[2] = {0, 0};
  size_t i = 0, j = n;
  for (int turn = 0; i < j; turn ^= 1) {
    if (w[i] >= w[j - 1])
      total[turn] += w[i++];
    else
      total[turn] += w[--j];
  }
  return total[0] - total[1];
}

/* The seed's DP by span length, adding the rest's lead. */
static shelf_i128 plain_added(const int64_t *w, size_t n) {
  static shelf_i128 lead[REF_MAX][REF_MAX];
  if (n == 0)
    return 0;
  for (size_t i = 0; i < n; i++)
    lead[i][i] = w[i];
  for (size_t span = 2; span <= n; span++) {
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      shelf_i128 l = w[i] + lead[i + 1][j], r = w[j] + lead[i][j - 1];
      lead[i][j] = l > r ? l : r;
    }
  }
  return lead[0][n - 1];
}

/* The seed's DP with a table of zeros, the diagonal set first, then filled
 * by left index i ascending, j ascending (the seed's third pitfall). */
static shelf_i128 plain_left_index(const int64_t *w, size_t n) {
  static shelf_i128 lead[REF_MAX][REF_MAX];
  if (n == 0)
    return 0;
  memset(lead, 0, sizeof lead);
  for (size_t i = 0; i < n; i++)
    lead[i][i] = w[i];
  for (size_t i = 0; i < n; i++) {
    for (size_t j = i + 1; j < n; j++) {
      shelf_i128 l = w[i] - lead[i + 1][j], r = w[j] - lead[i][j - 1];
      lead[i][j] = l > r ? l : r;
    }
  }
  return lead[0][n - 1];
}

static void random_shelf(rng *r, int64_t *w, size_t n, int64_t lo, int64_t hi) {
  for (size_t k = 0; k < n; k++)
    w[k] = rng_range(r, lo, hi);
}

/* ==== Tests ==== */

static void seed_pitfalls(void) {
  const int64_t a[] = {3, 9, 1, 2}, b[] = {7, 2, 9, 4};
  shelf_i128 m;
  CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_GREEDY, a, 4, &m), SHELF_OK);
  CHECK_I128(m, -5); /* "greedy finishes 5 kilos behind" */
  CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_ADDED, b, 4, &m), SHELF_OK);
  CHECK_I128(m, 22); /* "returns 22, the whole shelf" */
  CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_LEFT_INDEX, b, 4, &m),
               SHELF_OK);
  CHECK_I128(m, 7); /* "returns 7 instead of 10" */
  CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_NONE, b, 4, &m), SHELF_OK);
  CHECK_I128(m, 10);
}

static void whole_shelf_random(void) {
  rng r = {test_seed()};
  int64_t w[REF_MAX];
  static const int64_t ranges[][2] = {{0, 3},
                                      {1, 10000},
                                      {-5, 5},
                                      {-1000000000, 1000000000},
                                      {INT64_MIN / 64, INT64_MAX / 64}};
  for (int t = 0; t < 3000; t++) {
    size_t n = (size_t)rng_range(&r, 0, REF_MAX - 1);
    const int64_t *range = ranges[t % 5];
    random_shelf(&r, w, n, range[0], range[1]);
    shelf_i128 got, lead;
    CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_GREEDY, w, n, &got),
                 SHELF_OK);
    CHECK_I128(got, plain_greedy(w, n));
    CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_ADDED, w, n, &got),
                 SHELF_OK);
    CHECK_I128(got, plain_added(w, n));
    CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_LEFT_INDEX, w, n, &got),
                 SHELF_OK);
    CHECK_I128(got, plain_left_index(w, n));
    if (n > 0) {
      static ref_table table;
      ref_lead_table(w, n, table);
      lead = table[0][n - 1];
    } else {
      lead = 0;
    }
    CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_NONE, w, n, &got),
                 SHELF_OK);
    CHECK_I128(got, lead);
    if (harness_failures > 0) {
      fprintf(stderr, "seed %llu, try %d\n", (unsigned long long)test_seed(),
              t);
      return;
    }
  }
}

static void behaviour_kinds_refused(void) {
  const int64_t w[] = {1, 2};
  shelf_i128 m = 99;
  static const shelf_mistake judged[] = {
      SHELF_MISTAKE_WRONG_QUANTITY, SHELF_MISTAKE_STRICT_TIE,
      SHELF_MISTAKE_OVERFLOW32,     SHELF_MISTAKE_NEIGHBOUR,
      SHELF_MISTAKE_SIGN,           SHELF_MISTAKE_ONE_END,
      SHELF_MISTAKE_UNKNOWN,        SHELF_MISTAKE_ZERO_MEMO,
      SHELF_MISTAKE_EXPONENTIAL,    SHELF_MISTAKE_SENTINEL_MEMO,
      (shelf_mistake)13,            (shelf_mistake)SHELF_MISTAKE_COUNT};
  for (size_t k = 0; k < sizeof judged / sizeof judged[0]; k++)
    CHECK_STATUS(shelf_mistake_margin(judged[k], w, 2, &m), SHELF_INVALID);
  CHECK_I128(m, 99);
  CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_GREEDY, NULL, 1, &m),
               SHELF_INVALID);
  CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_GREEDY, w, 2, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf_mistake_margin(SHELF_MISTAKE_LEFT_INDEX, NULL, 0, &m),
               SHELF_OK);
  CHECK_I128(m, 0);
}

static void names_and_sentences(void) {
  static const char *const names[] = {
      "none",       "greedy",     "added",       "left-index", "wrong-quantity",
      "strict-tie", "overflow32", "neighbour",   "sign",       "one-end",
      "unknown",    "zero-memo",  "exponential", NULL,         "sentinel-memo"};
  CHECK(sizeof names / sizeof names[0] == SHELF_MISTAKE_COUNT);
  for (unsigned k = 0; k < SHELF_MISTAKE_COUNT; k++) {
    const char *name = shelf_mistake_name((shelf_mistake)k);
    if (names[k] == NULL) { /* 13: not assigned in this branch */
      char buf[8];
      CHECK(name == NULL);
      CHECK_STATUS(shelf_mistake_sentence((shelf_mistake)k,
                                          SHELF_SUBJECT_PROGRAM, buf,
                                          sizeof buf, NULL),
                   SHELF_INVALID);
      continue;
    }
    REQUIRE(name != NULL);
    CHECK(strcmp(name, names[k]) == 0);
    shelf_mistake back = SHELF_MISTAKE_COUNT;
    CHECK_STATUS(shelf_mistake_from_name(name, &back), SHELF_OK);
    CHECK(back == (shelf_mistake)k);
    char buf[SHELF_SENTENCE_BUFSIZE];
    size_t len = 0, asked = 0;
    CHECK_STATUS(shelf_mistake_sentence((shelf_mistake)k, SHELF_SUBJECT_PROGRAM, NULL, 0, &asked),
                 SHELF_OK);
    CHECK_STATUS(
        shelf_mistake_sentence((shelf_mistake)k, SHELF_SUBJECT_PROGRAM, buf, sizeof buf, &len),
        SHELF_OK);
    CHECK(len == asked && len == strlen(buf) && len < sizeof buf);
    CHECK(len > 0 && buf[len - 1] == '.');
    /* A short buffer gets the start, NUL-terminated. */
    char small[8];
    CHECK_STATUS(
        shelf_mistake_sentence((shelf_mistake)k, SHELF_SUBJECT_PROGRAM, small, sizeof small, &len),
        SHELF_OK);
    CHECK(len == asked && strlen(small) == 7 && memcmp(small, buf, 7) == 0);
  }
  CHECK(shelf_mistake_name((shelf_mistake)SHELF_MISTAKE_COUNT) == NULL);
  shelf_mistake m;
  CHECK_STATUS(shelf_mistake_from_name("Greedy", &m), SHELF_INVALID);
  CHECK_STATUS(shelf_mistake_from_name(NULL, &m), SHELF_INVALID);
  CHECK_STATUS(shelf_mistake_sentence(SHELF_MISTAKE_COUNT, SHELF_SUBJECT_PROGRAM, NULL, 0, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf_mistake_sentence(SHELF_MISTAKE_SIGN, SHELF_SUBJECT_PROGRAM, NULL, 4, NULL),
               SHELF_INVALID);
}

/* The expected mistake of a value typed for block i..j, from the reference
 * table, in the documented order. */
static shelf_mistake ref_cell_mistake(const int64_t *w, ref_table t, size_t i,
                                      size_t j, shelf_i128 v) {
#define L(a, b) ((a) > (b) ? (shelf_i128)0 : t[a][b])
  if (v == t[i][j])
    return SHELF_MISTAKE_NONE;
  if (v == -t[i][j])
    return SHELF_MISTAKE_SIGN;
  if (i == j)
    return SHELF_MISTAKE_UNKNOWN;
  if (v == w[i] + L(i + 1, j) || v == w[j] + L(i, j - 1))
    return SHELF_MISTAKE_ADDED;
  if (v == w[i] - L(i + 1, j) || v == w[j] - L(i, j - 1))
    return SHELF_MISTAKE_ONE_END;
  shelf_i128 wrong[5];
  size_t k = 0;
  wrong[k++] = L(i + 1, j - 1);
  if (j - i >= 2) {
    wrong[k++] = L(i + 2, j);
    wrong[k++] = L(i, j - 2);
  }
  for (size_t q = 0; q < k; q++)
    if (v == w[i] - wrong[q] || v == w[j] - wrong[q])
      return SHELF_MISTAKE_NEIGHBOUR;
  if (v == w[i] - L(i, j - 1) || v == w[j] - L(i + 1, j))
    return SHELF_MISTAKE_NEIGHBOUR;
  return SHELF_MISTAKE_UNKNOWN;
#undef L
}

static void cell_mistakes(void) {
  const int64_t b[] = {7, 2, 9, 4};
  shelf_mistake m;
  /* lead(0..3) = 10; 7 + lead(1..3) = 7 + 3 = 10? lead(1..3) of 2,9,4 is
   * max(2 - 5, 4 - 7) = -3, so 7 + -3 = 4 is added. */
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, 10, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_NONE);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, -10, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_SIGN);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, 4, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_ADDED);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, 12345, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_UNKNOWN);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 2, 1, 0, &m), SHELF_INVALID);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 4, 0, &m), SHELF_INVALID);
  CHECK_STATUS(shelf_cell_mistake(NULL, 4, 0, 1, 0, &m), SHELF_INVALID);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 1, 0, NULL), SHELF_INVALID);

  rng r = {test_seed() ^ 0x5eed};
  int64_t w[REF_MAX];
  static ref_table t;
  int seen[SHELF_MISTAKE_COUNT] = {0};
  for (int k = 0; k < 400; k++) {
    size_t n = (size_t)rng_range(&r, 1, 12);
    random_shelf(&r, w, n, k % 2 ? -9 : 1, 9);
    ref_lead_table(w, n, t);
    for (size_t i = 0; i < n; i++) {
      for (size_t j = i; j < n; j++) {
        /* Every value a cell's mistakes can give, and a few others. */
        for (shelf_i128 v = t[i][j] - 25; v <= t[i][j] + 25; v++) {
          shelf_mistake want = ref_cell_mistake(w, t, i, j, v), got;
          CHECK_STATUS(shelf_cell_mistake(w, n, i, j, v, &got), SHELF_OK);
          CHECK(got == want);
          seen[want]++;
          if (got != want) {
            fprintf(stderr, "seed %llu shelf %d block %zu..%zu\n",
                    (unsigned long long)test_seed(), k, i, j);
            return;
          }
        }
      }
    }
  }
  /* The test reached every kind the cell check can name. */
  CHECK(seen[SHELF_MISTAKE_NONE] && seen[SHELF_MISTAKE_SIGN] &&
        seen[SHELF_MISTAKE_ADDED] && seen[SHELF_MISTAKE_ONE_END] &&
        seen[SHELF_MISTAKE_NEIGHBOUR] && seen[SHELF_MISTAKE_UNKNOWN]);
}

static const test tests[] = {
    {"seed_pitfalls", seed_pitfalls},
    {"whole_shelf_random", whole_shelf_random},
    {"behaviour_kinds_refused", behaviour_kinds_refused},
    {"names_and_sentences", names_and_sentences},
    {"cell_mistakes", cell_mistakes},
};

TEST_MAIN(tests)
