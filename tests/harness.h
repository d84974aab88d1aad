/*
 * harness.h - the tests' tiny framework: CHECK macros that report the file
 * and line and keep going, a main that runs each test, and the random
 * generator the differential tests share.
 *
 * A test file defines `static const test tests[]` and ends with
 * TEST_MAIN(tests). The exit status is 0 only if every check passed.
 */
#ifndef SHELF_TEST_HARNESS_H
#define SHELF_TEST_HARNESS_H

#include <shelf.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int harness_failures;
static int harness_checks;

#define CHECK(cond)                                                            \
  do {                                                                         \
    harness_checks++;                                                          \
    if (!(cond)) {                                                             \
      harness_failures++;                                                      \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

/* Compares two 128-bit values and prints both on failure. */
#define CHECK_I128(got, want)                                                  \
  do {                                                                         \
    shelf_i128 got_ = (got), want_ = (want);                                   \
    harness_checks++;                                                          \
    if (got_ != want_) {                                                       \
      char g_[SHELF_I128_BUFSIZE], w_[SHELF_I128_BUFSIZE];                     \
      shelf_i128_format(got_, g_);                                             \
      shelf_i128_format(want_, w_);                                            \
      harness_failures++;                                                      \
      fprintf(stderr, "%s:%d: %s is %s, expected %s\n", __FILE__, __LINE__,    \
              #got, g_, w_);                                                   \
    }                                                                          \
  } while (0)

#define CHECK_STATUS(got, want)                                                \
  do {                                                                         \
    shelf_status got_ = (got), want_ = (want);                                 \
    harness_checks++;                                                          \
    if (got_ != want_) {                                                       \
      harness_failures++;                                                      \
      fprintf(stderr, "%s:%d: %s returned %s, expected %s\n", __FILE__,        \
              __LINE__, #got, shelf_status_name(got_),                         \
              shelf_status_name(want_));                                       \
    }                                                                          \
  } while (0)

/* Stops a test early (after a failed check that later ones depend on). */
#define REQUIRE(cond)                                                          \
  do {                                                                         \
    int ok_ = (cond); /* evaluated once: cond may allocate */                  \
    harness_checks++;                                                          \
    if (!ok_) {                                                                \
      harness_failures++;                                                      \
      fprintf(stderr, "%s:%d: required: %s\n", __FILE__, __LINE__, #cond);     \
      return;                                                                  \
    }                                                                          \
  } while (0)

typedef struct test {
  const char *name;
  void (*fn)(void);
} test;

#define TEST_MAIN(list)                                                        \
  int main(void) {                                                             \
    for (size_t i_ = 0; i_ < sizeof(list) / sizeof((list)[0]); i_++) {         \
      int before_ = harness_failures;                                          \
      (list)[i_].fn();                                                         \
      printf("%s %s\n", harness_failures == before_ ? "ok  " : "FAIL",         \
             (list)[i_].name);                                                 \
    }                                                                          \
    printf("%d checks, %d failed\n", harness_checks, harness_failures);        \
    if (harness_failures > 0)                                                  \
      fprintf(stderr, "replay with SHELF_TEST_SEED=%" PRIu64 "\n",            \
              test_seed());                                                    \
    return harness_failures == 0 ? 0 : 1;                                      \
  }

/* ==== Random shelves for the tests ==== */

/* SplitMix64, seeded per test from test_seed(); TEST_MAIN prints the run's
 * seed on failure, so that the run can be replayed with SHELF_TEST_SEED. */
typedef struct rng {
  uint64_t s;
} rng;

static inline uint64_t rng_next(rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Uniform in lo..hi; hi - lo must be below 2^63. */
static inline int64_t rng_range(rng *r, int64_t lo, int64_t hi) {
  uint64_t span = (uint64_t)(hi - lo) + 1;
  return lo + (int64_t)(rng_next(r) % span);
}

/* The run's base seed: SHELF_TEST_SEED, or a fixed default so runs repeat. */
static inline uint64_t test_seed(void) {
  const char *s = getenv("SHELF_TEST_SEED");
  return s != NULL ? strtoull(s, NULL, 0) : 20261129u;
}

#endif
