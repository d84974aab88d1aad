/*
 * check_plan.h - what `shelf check` tries, in order, and how it shrinks a
 * failing shelf: the seed's seven cases and the problem's samples, the edge
 * shelves (each small and at the largest n), then random shelves of
 * growing size, all reproducible from one seed.
 */
#ifndef SHELF_CLI_CHECK_PLAN_H
#define SHELF_CLI_CHECK_PLAN_H

#include <stddef.h>
#include <stdint.h>

typedef struct plan {
  size_t max_n;   /* the largest shelf the problem allows */
  int64_t lo, hi; /* the weights' range */
  size_t tries;   /* random shelves after the fixed ones */
  uint64_t seed;
  const int64_t *const *samples; /* the problem's samples, NULL-ended */
  const size_t *sample_n;
} plan;

/* What kind of try shelf k is, for the report: "seed case", "sample",
 * "edge" or "random". */
typedef enum try_kind { TRY_SEED, TRY_SAMPLE, TRY_EDGE, TRY_RANDOM } try_kind;

/* The number of tries in all. */
size_t plan_count(const plan *p);

/* Writes try k (0-based, below plan_count()) into w, which has room for
 * max_n weights (and at least 8), and its length into *n; returns its kind.
 * A fixed shelf that does not fit the range or max_n is replaced by an
 * empty one (*n = 0), which the caller skips. */
try_kind plan_shelf(const plan *p, size_t k, int64_t *w, size_t *n);

/* The shrink candidates of shelf w[0..n), smallest first, as Hypothesis
 * and QuickCheck order them: fewer wheels first (chunks of n/2, n/4, ...,
 * 1 wheels deleted at each place, never below one wheel), then each weight
 * from the left moved toward the point of the range nearest 0 (to it, then
 * halfway, ...). Candidate c (0-based) is written into out (room for n),
 * with its length; returns 0 when there is no candidate c. */
int plan_shrink(const plan *p, const int64_t *w, size_t n, size_t c,
                int64_t *out, size_t *out_n);

#endif
