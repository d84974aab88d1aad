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
 * No lead and no intermediate value exceeds the sum of |weight|, so the row
 * takes the narrowest type that holds that sum: int32_t, int64_t, or 128-bit
 * values (8, 8 or 16 bytes a wheel). The inner loop is the same branch-free
 * max in each, which compilers vectorize, and the narrower the type the
 * more lanes a vector holds. With plain x86-64 (SSE2) only the int32_t loop
 * vectorizes at all, since a 64-bit compare needs SSE4.2; typical shelves
 * (weights up to 10^4, up to 200,000 wheels) take it.
 */
#include "internal.h"

#include <string.h>

/* The rolling-row DP in value type T, over weights of any integer type;
 * the same loop for each type. */
#define DP_ROWS(T, row, w, n)                                                  \
  do {                                                                         \
    size_t n_ = (n);                                                           \
    for (size_t span = 2; span <= n_; span++) {                                \
      size_t blocks = n_ - span + 1;                                           \
      for (size_t i = 0; i < blocks; i++) {                                    \
        T take_left = (T)(w)[i] - (row)[i + 1];                                \
        T take_right = (T)(w)[i + span - 1] - (row)[i];                        \
        (row)[i] = take_left > take_right ? take_left : take_right;            \
      }                                                                        \
    }                                                                          \
  } while (0)

/* The sum of |weight|, saturated at INT64_MAX + 1. */
static uint64_t abs_total(const int64_t *w, size_t n) {
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t a = w[i] < 0 ? 0 - (uint64_t)w[i] : (uint64_t)w[i];
    if (a > (uint64_t)INT64_MAX + 1 - total)
      return (uint64_t)INT64_MAX + 1;
    total += a;
  }
  return total;
}

shelf_status shelf__dp_lead(const int64_t *w, size_t n, i128 *lead) {
  if (n == 0) {
    *lead = 0;
    return SHELF_OK;
  }
  if (n > SIZE_MAX / sizeof(i128))
    return SHELF_NOMEM;
  uint64_t total = abs_total(w, n);
  if (total <= INT32_MAX) {
    /* The weights are copied to int32_t too, so that the loop touches one
     * type only: 8 bytes a wheel in all. */
    int32_t *buf = malloc(2 * n * sizeof *buf);
    if (buf == NULL)
      return SHELF_NOMEM;
    int32_t *w32 = buf, *row = buf + n;
    for (size_t i = 0; i < n; i++)
      w32[i] = row[i] = (int32_t)w[i];
    DP_ROWS(int32_t, row, w32, n);
    *lead = row[0];
    free(buf);
  } else if (total <= INT64_MAX) {
    int64_t *row = malloc(n * sizeof *row);
    if (row == NULL)
      return SHELF_NOMEM;
    memcpy(row, w, n * sizeof *row);
    DP_ROWS(int64_t, row, w, n);
    *lead = row[0];
    free(row);
  } else {
    i128 *row = malloc(n * sizeof *row);
    if (row == NULL)
      return SHELF_NOMEM;
    for (size_t i = 0; i < n; i++)
      row[i] = w[i];
    DP_ROWS(i128, row, w, n);
    *lead = row[0];
    free(row);
  }
  return SHELF_OK;
}

/* ==== The whole table ==== */

/* The same recurrence as DP_ROWS, keeping every block instead of one row,
 * and both candidates of each. Exact in 128 bits for any 64-bit weights. */
shelf_status shelf_lead_table_largest(const shelf_cell *cells, size_t n,
                                      shelf_i128 *largest) {
  if (largest == NULL || (n > 0 && cells == NULL))
    return SHELF_INVALID;
  if (n > SHELF_TABLE_MAX)
    return SHELF_TOO_LONG;
  /* A lead of 64-bit weights is below 2^74 in size, so its negation fits. */
  i128 top = 0;
  for (size_t first = 0; first < n; first++)
    for (size_t last = first; last < n; last++) {
      i128 lead = cells[first * n + last].lead;
      if (lead < 0)
        lead = -lead;
      if (lead > top)
        top = lead;
    }
  *largest = top;
  return SHELF_OK;
}

shelf_status shelf_lead_table(const int64_t *w, size_t n, shelf_cell *cells) {
  if (n > 0 && (w == NULL || cells == NULL))
    return SHELF_INVALID;
  if (n > SHELF_TABLE_MAX)
    return SHELF_TOO_LONG;
  if (n == 0)
    return SHELF_OK;
  memset(cells, 0, n * n * sizeof *cells);
  for (size_t span = 1; span <= n; span++) {
    for (size_t first = 0; first + span <= n; first++) {
      size_t last = first + span - 1;
      shelf_cell *c = &cells[first * n + last];
      if (span == 1) {
        c->left = c->right = c->lead = w[first];
        continue;
      }
      c->left = w[first] - cells[(first + 1) * n + last].lead;
      c->right = w[last] - cells[first * n + last - 1].lead;
      c->lead = c->left >= c->right ? c->left : c->right;
    }
  }
  return SHELF_OK;
}
