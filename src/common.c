/*
 * common.c - the helpers every module of libshelf calls: growing an array,
 * an exact sum, and a result from a sum and a margin. They sit below the
 * engines and the solver, and call nothing of the library's, so no module
 * calls back into the one that called it (shelf.c, the front door, calls
 * the engines; the engines and the solver call these).
 */
#include "internal.h"

#include <stdint.h>

void *grow_array(void *p, size_t *cap, size_t need, size_t size) {
  size_t c = *cap ? *cap : 16;
  while (c < need) {
    if (c > SIZE_MAX / 2)
      return NULL;
    c *= 2;
  }
  if (c > SIZE_MAX / size)
    return NULL;
  void *q = realloc(p, c * size);
  if (q != NULL)
    *cap = c;
  return q;
}

i128 weights_sum(const int64_t *w, size_t n) {
  i128 sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += w[i];
  return sum;
}

void result_from(shelf_result *out, uint64_t n, i128 sum, i128 margin) {
  /* first + second = sum and first - second = margin, so sum + margin is
   * even and both totals are exact. */
  out->n = n;
  out->margin = margin;
  out->first = (sum + margin) / 2;
  out->second = (sum - margin) / 2;
}

