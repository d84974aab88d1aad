/*
 * dp.c - the interval DP, the reference engine.
 *
 * lead(i, j), what the buyer to move can finish ahead by on wheels i..j, is
 *
 *     lead(i, i) = w[i]
 *     lead(i, j) = max(w[i] - lead(i+1, j), w[j] - lead(i, j-1))
 *
 * since taking a wheel hands the rest of the block, and the move, to the
 * other buyer. Blocks are filled by span length in one rolling row: before
 * pass `span`, row[i] holds lead(i, i+span-2); the pass overwrites it with
 * lead(i, i+span-1), reading row[i+1] before it is overwritten (i ascends).
 * O(n^2) time, O(n) memory.
 *
 * When the absolute weights sum to at most INT64_MAX, no lead or
 * intermediate value can exceed that sum, so the row is int64_t and the
 * inner loop is branch-free, which compilers vectorize. Otherwise the same
 * loop runs on 128-bit values.
 */
#include "internal.h"

/* One rolling-row DP per value type; the bodies are the same loop. */
#define DP_ROWS(T, row, w, n)                                                  \
  do {                                                                         \
    for (size_t i = 0; i < (n); i++)                                           \
      (row)[i] = (w)[i];                                                       \
    for (size_t span = 2; span <= (n); span++) {                               \
      size_t blocks = (n) - span + 1;                                          \
      const int64_t *right = (w) + span - 1;                                   \
      for (size_t i = 0; i < blocks; i++) {                                    \
        T take_left = (T)(w)[i] - (row)[i + 1];                                \
        T take_right = (T)right[i] - (row)[i];                                 \
        (row)[i] = take_left > take_right ? take_left : take_right;            \
      }                                                                        \
    }                                                                          \
  } while (0)

static int fits_int64(const int64_t *w, size_t n) {
  i128 total = 0;
  for (size_t i = 0; i < n; i++) {
    total += w[i] < 0 ? -(i128)w[i] : (i128)w[i];
    if (total > INT64_MAX)
      return 0;
  }
  return 1;
}

shelf_status dp_lead(const int64_t *w, size_t n, i128 *lead) {
  if (n == 0) {
    *lead = 0;
    return SHELF_OK;
  }
  if (fits_int64(w, n)) {
    int64_t *row = malloc(n * sizeof *row);
    if (row == NULL)
      return SHELF_NOMEM;
    DP_ROWS(int64_t, row, w, n);
    *lead = row[0];
    free(row);
  } else {
    i128 *row = malloc(n * sizeof *row);
    if (row == NULL)
      return SHELF_NOMEM;
    DP_ROWS(i128, row, w, n);
    *lead = row[0];
    free(row);
  }
  return SHELF_OK;
}
