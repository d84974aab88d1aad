/*
 * brute.c - the brute-force engine: both moves at every turn, no table.
 *
 * It shares nothing with the other engines but the rules, which is its
 * point: an independent witness for small shelves. 2^n leaves, so it refuses
 * shelves longer than SHELF_BRUTE_MAX; the recursion is n deep.
 */
#include "internal.h"

static i128 lead(const int64_t *w, size_t i, size_t j) {
  if (i == j)
    return w[i];
  i128 take_left = w[i] - lead(w, i + 1, j);
  i128 take_right = w[j] - lead(w, i, j - 1);
  return take_left > take_right ? take_left : take_right;
}

shelf_status shelf__brute_lead(const int64_t *w, size_t n, i128 *out) {
  if (n > SHELF_BRUTE_MAX)
    return SHELF_TOO_LONG;
  *out = n == 0 ? 0 : lead(w, 0, n - 1);
  return SHELF_OK;
}
