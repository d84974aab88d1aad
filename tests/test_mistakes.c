/*
 * test_mistakes.c - the known mistakes (src/judge/mistakes.c) against each
 * wrong algorithm written out plainly here, as a learner would write it, on
 * many random shelves; and the cell mistakes against reference.h's lead table.
 */
#include "harness.h"
#include "../src/core/internal.h" /* shelf__mistake_margin */
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

/* The problem's DP by span length, adding the rest's lead. */
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

/* The problem's DP with a table of zeros, the diagonal set first, then filled
 * by left index i ascending, j ascending (the problem's third pitfall). */
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

static void problem_pitfalls(void) {
  const int64_t a[] = {3, 9, 1, 2}, b[] = {7, 2, 9, 4};
  shelf_i128 m;
  CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_GREEDY, a, 4, &m), SHELF_OK);
  CHECK_I128(m, -5); /* "greedy finishes 5 kilos behind" */
  CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_ADDED, b, 4, &m), SHELF_OK);
  CHECK_I128(m, 22); /* "returns 22, the whole shelf" */
  CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_LEFT_INDEX, b, 4, &m),
               SHELF_OK);
  CHECK_I128(m, 7); /* "returns 7 instead of 10" */
  CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_NONE, b, 4, &m), SHELF_OK);
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
    CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_GREEDY, w, n, &got),
                 SHELF_OK);
    CHECK_I128(got, plain_greedy(w, n));
    CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_ADDED, w, n, &got),
                 SHELF_OK);
    CHECK_I128(got, plain_added(w, n));
    CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_LEFT_INDEX, w, n, &got),
                 SHELF_OK);
    CHECK_I128(got, plain_left_index(w, n));
    if (n > 0) {
      static ref_table table;
      ref_lead_table(w, n, table);
      lead = table[0][n - 1];
    } else {
      lead = 0;
    }
    CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_NONE, w, n, &got),
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
      SHELF_MISTAKE_EXPONENTIAL,    SHELF_MISTAKE_LARGEST_N,
      SHELF_MISTAKE_SENTINEL_MEMO,  SHELF_MISTAKE_WHEEL_ALONE,
      (shelf_mistake)SHELF_MISTAKE_COUNT};
  for (size_t k = 0; k < sizeof judged / sizeof judged[0]; k++)
    CHECK_STATUS(shelf__mistake_margin(judged[k], w, 2, &m), SHELF_INVALID);
  CHECK_I128(m, 99);
  CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_GREEDY, NULL, 1, &m),
               SHELF_INVALID);
  CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_GREEDY, w, 2, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf__mistake_margin(SHELF_MISTAKE_LEFT_INDEX, NULL, 0, &m),
               SHELF_OK);
  CHECK_I128(m, 0);
}

static void names_and_sentences(void) {
  static const char *const names[] = {
      "none",       "greedy",     "added",      "left-index", "wrong-quantity",
      "strict-tie", "overflow32", "neighbour",  "sign",       "one-end",
      "unknown",    "zero-memo",  "exponential", "largest-n",
      "sentinel-memo", "wheel-alone"};
  CHECK(sizeof names / sizeof names[0] == SHELF_MISTAKE_COUNT);
  for (unsigned k = 0; k < SHELF_MISTAKE_COUNT; k++) {
    const char *name = shelf_mistake_name((shelf_mistake)k);
    if (names[k] == NULL) {
      CHECK(name == NULL);
      CHECK_STATUS(shelf_mistake_sentence((shelf_mistake)k, SHELF_SUBJECT_YOU,
                                          NULL, 0, NULL),
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

/* ==== A value typed for a cell ==== */

/*
 * The definitions of shelf_judge.h, written out again from reference.h's
 * lead table: whether v is each kind of slip for block i..j, whatever the
 * order. t[a][b] for a > b is the empty block's lead, 0.
 */
#define L(a, b) ((a) > (b) ? (shelf_i128)0 : t[a][b])

/* What taking the left (e = 0) or right (e = 1) end of i..j keeps, its
 * weight, and the lead of the block it leaves. */
static shelf_i128 rest_of(ref_table t, size_t i, size_t j, int e) {
  return e == 0 ? L(i + 1, j) : L(i, j - 1);
}
static shelf_i128 weight_of(const int64_t *w, size_t i, size_t j, int e) {
  return e == 0 ? w[i] : w[j];
}
static shelf_i128 keeps(const int64_t *w, ref_table t, size_t i, size_t j,
                        int e) {
  return weight_of(w, i, j, e) - rest_of(t, i, j, e);
}

static int is_slip(const int64_t *w, ref_table t, size_t i, size_t j,
                   shelf_mistake kind, shelf_i128 v) {
  shelf_i128 lead = t[i][j];
  switch (kind) {
  case SHELF_MISTAKE_NONE:
    return v == lead;
  case SHELF_MISTAKE_SIGN:
    return lead != 0 && v == -lead;
  default:
    break;
  }
  if (i == j)
    return 0;
  int hit = 0;
  for (int e = 0; e < 2; e++) {
    shelf_i128 wt = weight_of(w, i, j, e), rest = rest_of(t, i, j, e);
    shelf_i128 other = weight_of(w, i, j, !e);
    switch (kind) {
    case SHELF_MISTAKE_GREEDY:
      hit |= wt > other && keeps(w, t, i, j, e) < lead &&
             v == keeps(w, t, i, j, e);
      break;
    case SHELF_MISTAKE_ONE_END:
      hit |= keeps(w, t, i, j, e) != lead && v == keeps(w, t, i, j, e);
      break;
    case SHELF_MISTAKE_WHEEL_ALONE:
      hit |= rest != 0 && v == wt;
      break;
    case SHELF_MISTAKE_ADDED:
      hit |= rest != 0 && v == wt + rest;
      break;
    case SHELF_MISTAKE_NEIGHBOUR:
      /* Crossed reads; and, from three wheels, the cell diagonally below
       * and one further along the row or column. */
      hit |= v == wt - rest_of(t, i, j, !e);
      if (j - i >= 2)
        hit |= v == wt - L(i + 1, j - 1) || v == wt - L(i + 2, j) ||
               v == wt - L(i, j - 2);
      break;
    default:
      break;
    }
  }
  return hit;
}

/* The documented order. */
static const shelf_mistake order[] = {
    SHELF_MISTAKE_NONE,    SHELF_MISTAKE_SIGN,        SHELF_MISTAKE_GREEDY,
    SHELF_MISTAKE_ONE_END, SHELF_MISTAKE_WHEEL_ALONE, SHELF_MISTAKE_ADDED,
    SHELF_MISTAKE_NEIGHBOUR};
#define ORDER_COUNT (sizeof order / sizeof order[0])

static size_t rank_of(shelf_mistake kind) {
  for (size_t k = 0; k < ORDER_COUNT; k++)
    if (order[k] == kind)
      return k;
  return ORDER_COUNT; /* unknown: last */
}

static shelf_mistake ref_cell_mistake(const int64_t *w, ref_table t, size_t i,
                                      size_t j, shelf_i128 v) {
  for (size_t k = 0; k < ORDER_COUNT; k++)
    if (is_slip(w, t, i, j, order[k], v))
      return order[k];
  return SHELF_MISTAKE_UNKNOWN;
}

static void random_small(rng *r, int64_t *w, size_t n, int style) {
  static const int64_t ranges[][2] = {
      {0, 3}, {-9, 9}, {1, 9}, {-3, 3}, {1, 20}, {-1000000000, 1000000000}};
  random_shelf(r, w, n, ranges[style % 6][0], ranges[style % 6][1]);
}

/* Hand-worked blocks: the issue's [3, 9], the README's [3, 9, 1, 2]. */
static void cell_named_by_hand(void) {
  const int64_t a[] = {3, 9}, b[] = {7, 2, 9, 4}, c[] = {3, 9, 1, 2};
  shelf_mistake m;
  char buf[SHELF_CELL_SENTENCE_BUFSIZE];
  /* [3, 9]: lead 6. 9 and 3 are the wheels alone, not greedy. */
  CHECK_STATUS(shelf_cell_mistake(a, 2, 0, 1, 9, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_WHEEL_ALONE);
  CHECK_STATUS(shelf_cell_sentence(a, 2, 0, 1, 9, m, buf, sizeof buf, NULL),
               SHELF_OK);
  CHECK(strcmp(buf, "Wheel alone: you took the right wheel, 9, and left out "
                    "the lead of what remains, [3]: the other buyer moves "
                    "next there and finishes 3 kilos ahead, so taking the "
                    "right wheel keeps 9 - 3, not 9.") == 0);
  CHECK_STATUS(shelf_cell_mistake(a, 2, 0, 1, 3, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_WHEEL_ALONE);
  CHECK_STATUS(shelf_cell_sentence(a, 2, 0, 1, 3, m, buf, sizeof buf, NULL),
               SHELF_OK);
  CHECK(strstr(buf, "you took the left wheel, 3, and left out the lead of "
                    "what remains, [9]") != NULL);
  /* 12 = 3 + 9 added; -6 the sign (also what the left end keeps); 0 the
   * two reads crossed. */
  CHECK_STATUS(shelf_cell_mistake(a, 2, 0, 1, 12, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_ADDED);
  CHECK_STATUS(shelf_cell_mistake(a, 2, 0, 1, -6, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_SIGN);
  CHECK_STATUS(shelf_cell_mistake(a, 2, 0, 1, 0, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_NEIGHBOUR);
  /* [7, 2, 9, 4]: lead 10; the right end keeps 4 - lead([7, 2, 9]) =
   * 4 - 4 = 0, and 4 + 4 = 8 is added. */
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, 10, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_NONE);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, -10, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_SIGN);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, 0, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_ONE_END);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, 8, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_ADDED);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 3, 12345, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_UNKNOWN);
  /* [3, 9, 1, 2]: lead 7; the heavier end, the left 3, keeps 3 - 8 = -5. */
  CHECK_STATUS(shelf_cell_mistake(c, 4, 0, 3, -5, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_GREEDY);
  CHECK_STATUS(shelf_cell_sentence(c, 4, 0, 3, -5, m, buf, sizeof buf, NULL),
               SHELF_OK);
  CHECK(strcmp(buf, "Greedy: -5 is what the heavier end keeps: the left "
                    "wheel, 3, minus the lead of what remains, [9, 1, 2], "
                    "which the other buyer then has. Here the heavier end is "
                    "not the better one: the right wheel, 2, leaves [3, 9, "
                    "1] and keeps more.") == 0);
  CHECK_STATUS(shelf_end_mistake(c, 4, 0, 3, SHELF_LEFT, &m, NULL), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_GREEDY);
  /* Arguments. */
  CHECK_STATUS(shelf_cell_mistake(b, 4, 2, 1, 0, &m), SHELF_INVALID);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 4, 0, &m), SHELF_INVALID);
  CHECK_STATUS(shelf_cell_mistake(NULL, 4, 0, 1, 0, &m), SHELF_INVALID);
  CHECK_STATUS(shelf_cell_mistake(b, 4, 0, 1, 0, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_end_mistake(b, 4, 1, 1, SHELF_LEFT, &m, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf_end_mistake(b, 4, 0, 1, (shelf_end)2, &m, NULL),
               SHELF_INVALID);
  /* A sentence only for what the value is: 9 in [3, 9] is not added. */
  size_t len = 99;
  CHECK_STATUS(shelf_cell_sentence(a, 2, 0, 1, 9, SHELF_MISTAKE_ADDED, buf,
                                   sizeof buf, &len),
               SHELF_INVALID);
  CHECK(len == 99);
  CHECK_STATUS(shelf_cell_sentence(a, 2, 0, 1, 9, SHELF_MISTAKE_UNKNOWN, buf,
                                   sizeof buf, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf_cell_sentence(a, 2, 0, 1, 9, SHELF_MISTAKE_LEFT_INDEX,
                                   buf, sizeof buf, NULL),
               SHELF_INVALID);
  CHECK_STATUS(shelf_cell_sentence(a, 2, 0, 1, 9, SHELF_MISTAKE_WHEEL_ALONE,
                                   NULL, 4, NULL),
               SHELF_INVALID);
}

/* Every value near each block's lead, on random shelves: the name is the
 * first kind in the documented order whose definition the value meets. */
static void cell_mistakes(void) {
  rng r = {test_seed() ^ 0x5eed};
  int64_t w[REF_MAX];
  static ref_table t;
  int seen[SHELF_MISTAKE_COUNT] = {0};
  for (int k = 0; k < 400; k++) {
    size_t n = (size_t)rng_range(&r, 1, 12);
    random_small(&r, w, n, k);
    ref_lead_table(w, n, t);
    for (size_t i = 0; i < n; i++) {
      for (size_t j = i; j < n; j++) {
        for (shelf_i128 v = t[i][j] - 25; v <= t[i][j] + 25; v++) {
          shelf_mistake want = ref_cell_mistake(w, t, i, j, v), got;
          CHECK_STATUS(shelf_cell_mistake(w, n, i, j, v, &got), SHELF_OK);
          CHECK(got == want);
          /* Greedy only where the heavier end keeps less than the lead,
           * so never on two wheels. */
          if (got == SHELF_MISTAKE_GREEDY) {
            int h = w[i] > w[j] ? 0 : 1;
            CHECK(w[i] != w[j] && keeps(w, t, i, j, h) < t[i][j] &&
                  v == keeps(w, t, i, j, h) && j > i + 1);
          }
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
        seen[SHELF_MISTAKE_GREEDY] && seen[SHELF_MISTAKE_ADDED] &&
        seen[SHELF_MISTAKE_ONE_END] && seen[SHELF_MISTAKE_WHEEL_ALONE] &&
        seen[SHELF_MISTAKE_NEIGHBOUR] && seen[SHELF_MISTAKE_UNKNOWN]);
}

/* Checks that `kind` is named for v in block i..j unless an earlier kind
 * of the order also holds, and that the sentence for it is said. */
static int slip_named(const int64_t *w, size_t n, ref_table t, size_t i,
                      size_t j, shelf_i128 v, shelf_mistake kind,
                      int *own_name) {
  shelf_mistake got;
  CHECK_STATUS(shelf_cell_mistake(w, n, i, j, v, &got), SHELF_OK);
  CHECK(is_slip(w, t, i, j, kind, v));
  /* Its own name, or an earlier one in the order that the value also is. */
  CHECK(rank_of(got) <= rank_of(kind) && is_slip(w, t, i, j, got, v));
  for (size_t q = 0; q < rank_of(got); q++)
    CHECK(!is_slip(w, t, i, j, order[q], v));
  if (got == kind)
    (*own_name)++;
  /* A sentence for the kind it is, and for the name it got. */
  char buf[SHELF_CELL_SENTENCE_BUFSIZE];
  size_t len = 0;
  CHECK_STATUS(shelf_cell_sentence(w, n, i, j, v, kind, buf, sizeof buf, &len),
               SHELF_OK);
  CHECK(len > 0 && len < sizeof buf && buf[len - 1] == '.');
  CHECK_STATUS(shelf_cell_sentence(w, n, i, j, v, got, buf, sizeof buf, &len),
               SHELF_OK);
  return got == kind || rank_of(got) < rank_of(kind);
}

/* Each kind of slip, made in every block of every size 1..n on random
 * shelves (ties, zeros, negatives): it gets its own name unless its value
 * is also an earlier kind's, and then the earlier name. Greedy is made
 * only where it applies; the heavier end's keep where it keeps the lead
 * is the right value, never greedy. */
static void each_slip_named(void) {
  rng r = {test_seed() ^ 0x511b};
  int64_t w[REF_MAX];
  static ref_table t;
  int made[SHELF_MISTAKE_COUNT] = {0}, own[SHELF_MISTAKE_COUNT] = {0};
  size_t sizes[REF_MAX] = {0};
  for (int k = 0; k < 600 && harness_failures == 0; k++) {
    size_t n = (size_t)rng_range(&r, 1, 10);
    random_small(&r, w, n, k);
    ref_lead_table(w, n, t);
    for (size_t i = 0; i < n; i++) {
      for (size_t j = i; j < n; j++) {
        sizes[j - i + 1]++;
        shelf_i128 lead = t[i][j];
        if (lead != 0) {
          made[SHELF_MISTAKE_SIGN]++;
          slip_named(w, n, t, i, j, -lead, SHELF_MISTAKE_SIGN,
                     &own[SHELF_MISTAKE_SIGN]);
        }
        if (i == j)
          continue;
        for (int e = 0; e < 2; e++) {
          shelf_i128 wt = weight_of(w, i, j, e), rest = rest_of(t, i, j, e);
          shelf_i128 kept = keeps(w, t, i, j, e);
          int heavier = wt > weight_of(w, i, j, !e);
          shelf_mistake end_kind;
          shelf_i128 end_kept;
          CHECK_STATUS(shelf_end_mistake(w, n, i, j, e ? SHELF_RIGHT : SHELF_LEFT,
                                         &end_kind, &end_kept),
                       SHELF_OK);
          CHECK_I128(end_kept, kept);
          if (kept == lead) {
            /* The end that keeps the lead is right, heavier or not. */
            shelf_mistake got;
            CHECK_STATUS(shelf_cell_mistake(w, n, i, j, kept, &got), SHELF_OK);
            CHECK(got == SHELF_MISTAKE_NONE);
            CHECK(end_kind == SHELF_MISTAKE_NONE);
          } else {
            shelf_mistake kind =
                heavier ? SHELF_MISTAKE_GREEDY : SHELF_MISTAKE_ONE_END;
            CHECK(end_kind == kind);
            CHECK(!(j == i + 1 && kind == SHELF_MISTAKE_GREEDY));
            made[kind]++;
            slip_named(w, n, t, i, j, kept, kind, &own[kind]);
          }
          if (rest != 0) {
            made[SHELF_MISTAKE_WHEEL_ALONE]++;
            slip_named(w, n, t, i, j, wt, SHELF_MISTAKE_WHEEL_ALONE,
                       &own[SHELF_MISTAKE_WHEEL_ALONE]);
            made[SHELF_MISTAKE_ADDED]++;
            slip_named(w, n, t, i, j, wt + rest, SHELF_MISTAKE_ADDED,
                       &own[SHELF_MISTAKE_ADDED]);
          }
          /* The left neighbour's cell (the reads crossed), and from three
           * wheels the cells further off. */
          shelf_i128 wrong[4] = {rest_of(t, i, j, !e)};
          size_t count = 1;
          if (j - i >= 2) {
            wrong[count++] = L(i + 1, j - 1);
            wrong[count++] = L(i + 2, j);
            wrong[count++] = L(i, j - 2);
          }
          for (size_t q = 0; q < count; q++) {
            made[SHELF_MISTAKE_NEIGHBOUR]++;
            slip_named(w, n, t, i, j, wt - wrong[q], SHELF_MISTAKE_NEIGHBOUR,
                       &own[SHELF_MISTAKE_NEIGHBOUR]);
          }
        }
      }
    }
    if (harness_failures > 0)
      fprintf(stderr, "seed %llu shelf %d\n", (unsigned long long)test_seed(),
              k);
  }
  /* Every block size was tried, and every kind got its own name often. */
  for (size_t s = 1; s <= 10; s++)
    CHECK(sizes[s] > 0);
  static const shelf_mistake kinds[] = {
      SHELF_MISTAKE_SIGN,        SHELF_MISTAKE_GREEDY, SHELF_MISTAKE_ONE_END,
      SHELF_MISTAKE_WHEEL_ALONE, SHELF_MISTAKE_ADDED,  SHELF_MISTAKE_NEIGHBOUR};
  for (size_t q = 0; q < sizeof kinds / sizeof kinds[0]; q++)
    CHECK(made[kinds[q]] > 100 && own[kinds[q]] * 2 > made[kinds[q]]);
}

/* The order decides where two slips give one number; checked on blocks
 * where they coincide, by hand. */
static void slips_that_coincide(void) {
  shelf_mistake m;
  /* [3, 9]: the left end keeps -6, which is also the lead's sign turned:
   * sign comes first. Picking the left end is one-end. */
  const int64_t a[] = {3, 9};
  CHECK_STATUS(shelf_cell_mistake(a, 2, 0, 1, -6, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_SIGN);
  CHECK_STATUS(shelf_end_mistake(a, 2, 0, 1, SHELF_LEFT, &m, NULL), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_ONE_END);
  CHECK_STATUS(shelf_end_mistake(a, 2, 0, 1, SHELF_RIGHT, &m, NULL), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_NONE);
  /* [5, 0]: the rest of the left end has lead 0, so 5 is what the left end
   * keeps (the lead), not the wheel alone; 0 is the right wheel alone (its
   * rest [5] has lead 5) before the crossed read 0 - 0. */
  const int64_t b[] = {5, 0};
  CHECK_STATUS(shelf_cell_mistake(b, 2, 0, 1, 5, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_NONE);
  CHECK_STATUS(shelf_cell_mistake(b, 2, 0, 1, 0, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_WHEEL_ALONE);
  /* [1, 0, 4]: lead max(1 - 4, 4 - 1) = 3; the right end is heavier and
   * keeps the lead. The left keeps 1 - 4 = -3: sign before one-end. 1 is
   * the left wheel alone (the lead of [0, 4] is 4), 5 = 1 + 4 added. */
  const int64_t c[] = {1, 0, 4};
  CHECK_STATUS(shelf_cell_mistake(c, 3, 0, 2, -3, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_SIGN);
  CHECK_STATUS(shelf_cell_mistake(c, 3, 0, 2, 1, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_WHEEL_ALONE);
  CHECK_STATUS(shelf_cell_mistake(c, 3, 0, 2, 5, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_ADDED);
  /* [7, 2, 9, 4]: 4 is the right wheel alone (the lead of [7, 2, 9] is 4)
   * and also 7 + lead([2, 9, 4]) = 7 - 3, added: the wheel alone first. */
  const int64_t d[] = {7, 2, 9, 4};
  CHECK_STATUS(shelf_cell_mistake(d, 4, 0, 3, 4, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_WHEEL_ALONE);
  CHECK_STATUS(shelf_cell_sentence(d, 4, 0, 3, 4, SHELF_MISTAKE_ADDED, NULL, 0,
                                   NULL),
               SHELF_OK); /* it is both */
  /* [0, 2, -2, -1]: lead 3; the heavier end, the left 0, keeps 0 - 1 = -1,
   * which is also the right wheel alone: greedy first. */
  const int64_t e[] = {0, 2, -2, -1};
  CHECK_STATUS(shelf_cell_mistake(e, 4, 0, 3, -1, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_GREEDY);
  CHECK_STATUS(shelf_cell_sentence(e, 4, 0, 3, -1, SHELF_MISTAKE_WHEEL_ALONE,
                                   NULL, 0, NULL),
               SHELF_OK);
  /* [1, 2, 0, 0]: lead 1; the heavier end, the left 1, keeps 1 - 2 = -1,
   * the lead's sign turned: sign first; picked, the end is greedy. */
  const int64_t f[] = {1, 2, 0, 0};
  CHECK_STATUS(shelf_cell_mistake(f, 4, 0, 3, -1, &m), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_SIGN);
  CHECK_STATUS(shelf_end_mistake(f, 4, 0, 3, SHELF_LEFT, &m, NULL), SHELF_OK);
  CHECK(m == SHELF_MISTAKE_GREEDY);
}

/* The longest sentences fit SHELF_CELL_SENTENCE_BUFSIZE: the widest
 * weights, blocks of more than six wheels. */
static void cell_sentences_fit(void) {
  int64_t w[12];
  for (size_t k = 0; k < 12; k++)
    w[k] = k % 2 ? INT64_MIN : INT64_MAX - (int64_t)k;
  static ref_table t;
  ref_lead_table(w, 12, t);
  size_t longest = 0;
  for (size_t i = 0; i < 12; i++) {
    for (size_t j = i; j < 12; j++) {
      for (int kind = 0; kind < SHELF_MISTAKE_COUNT; kind++) {
        shelf_i128 values[6] = {t[i][j], -t[i][j], w[i], w[j],
                                i < j ? w[i] + t[i + 1][j] : 0,
                                i + 2 < j ? w[j] - t[i + 1][j - 1] : 1};
        for (size_t q = 0; q < 6; q++) {
          size_t len = 0;
          if (shelf_cell_sentence(w, 12, i, j, values[q], (shelf_mistake)kind,
                                  NULL, 0, &len) == SHELF_OK && len > longest)
            longest = len;
        }
      }
    }
  }
  CHECK(longest > 300 && longest < SHELF_CELL_SENTENCE_BUFSIZE);
  /* A long block is shortened: its first three and last two weights. */
  const int64_t s[] = {1, 2, 3, 4, 5, 6, 7, 80};
  char buf[SHELF_CELL_SENTENCE_BUFSIZE];
  CHECK_STATUS(shelf_cell_sentence(s, 8, 0, 7, 1, SHELF_MISTAKE_WHEEL_ALONE,
                                   buf, sizeof buf, NULL),
               SHELF_OK);
  CHECK(strstr(buf, "what remains, [2, 3, 4, ..., 7, 80]:") != NULL);
}
#undef L

static const test tests[] = {
    {"problem_pitfalls", problem_pitfalls},
    {"whole_shelf_random", whole_shelf_random},
    {"behaviour_kinds_refused", behaviour_kinds_refused},
    {"names_and_sentences", names_and_sentences},
    {"cell_named_by_hand", cell_named_by_hand},
    {"cell_mistakes", cell_mistakes},
    {"each_slip_named", each_slip_named},
    {"slips_that_coincide", slips_that_coincide},
    {"cell_sentences_fit", cell_sentences_fit},
};

TEST_MAIN(tests)
