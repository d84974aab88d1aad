/*
 * test_trace.c - the reduction step by step (trace.c): its steps say what
 * the rules say they do, and its last margin is the recurrence's answer
 * (reference.h), on random shelves with ties, zeros and negative weights.
 */
#include "harness.h"
#include "reference.h"
#include <shelf_teach.h>

static void test_steps(void) {
  rng r = {test_seed() ^ 37};
  int64_t w[REF_MAX];
  static ref_table lead;
  shelf_reduction_step steps[SHELF_REDUCTION_STEPS(REF_MAX)];
  for (int round = 0; round < 20000; round++) {
    size_t n = (size_t)rng_range(&r, 0, 40);
    for (size_t k = 0; k < n; k++)
      w[k] = round % 3 == 0 ? (int64_t)rng_next(&r) : rng_range(&r, -4, 9);
    size_t count = 99;
    REQUIRE(shelf_reduction_trace(w, n, steps, &count) == SHELF_OK);
    REQUIRE(count <= SHELF_REDUCTION_STEPS(n));
    size_t pushed = 0, taken = 0;
    shelf_i128 margin = 0;
    uint64_t turn = 0;
    for (size_t s = 0; s < count; s++) {
      const shelf_reduction_step *t = &steps[s];
      CHECK(t->first <= t->last && t->last < n);
      switch (t->kind) {
      case SHELF_STEP_PUSH:
        /* Wheels are pushed in order, each with its weight, before any
         * take. */
        CHECK(taken == 0 && t->first == pushed && t->last == pushed);
        CHECK_I128(t->value, w[pushed]);
        pushed++;
        break;
      case SHELF_STEP_MERGE:
        /* A peak: b at least both neighbours, replaced by a - b + c; the
         * group ends at the wheel just pushed. */
        CHECK(t->b >= t->a && t->b >= t->c && t->last + 1 == pushed);
        CHECK_I128(t->value, t->a - t->b + t->c);
        break;
      case SHELF_STEP_TAKE: {
        CHECK(pushed == n);
        turn++;
        CHECK(t->buyer == (turn % 2 ? SHELF_FIRST : SHELF_SECOND));
        margin += t->buyer == SHELF_FIRST ? t->value : -t->value;
        CHECK_I128(t->margin, margin);
        taken += (size_t)(t->last - t->first + 1);
        break;
      }
      default:
        CHECK(0);
      }
    }
    /* Every wheel is taken once, and the margin is the recurrence's. */
    CHECK(pushed == n && taken == n);
    if (n > 0) {
      ref_lead_table(w, n, lead);
      CHECK_I128(margin, lead[0][n - 1]);
    }
  }
  size_t count;
  CHECK_STATUS(shelf_reduction_trace(w, 3, NULL, &count), SHELF_INVALID);
  CHECK_STATUS(shelf_reduction_trace(w, 3, steps, NULL), SHELF_INVALID);
  CHECK_STATUS(shelf_reduction_trace(NULL, 0, NULL, &count), SHELF_OK);
  CHECK(count == 0);
}

static const test tests[] = {
    {"steps", test_steps},
};

TEST_MAIN(tests)
