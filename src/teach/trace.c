/*
 * trace.c - the linear engine's reduction with every step recorded
 * (shelf_reduction_trace()), for the page's view of it. The steps are the
 * engine's own: the peak test and the merge of solver.h (REDUCE_PEAK,
 * REDUCE_MERGE) and the valley's rule (VALLEY_TAKES_LEFT), so the picture
 * a learner watches cannot drift from the code that computes the margin.
 * Only the bookkeeping is added: which wheels each group covers.
 */
#include "solver.h"

#include <stdlib.h>

shelf_status shelf_reduction_trace(const int64_t *weights, size_t n,
                                   shelf_reduction_step *steps,
                                   size_t *count) {
  if (count == NULL || (n > 0 && (weights == NULL || steps == NULL)))
    return SHELF_INVALID;
  *count = 0;
  if (n > SIZE_MAX / sizeof(i128))
    return SHELF_NOMEM;
  i128 *st = malloc((n ? n : 1) * sizeof *st);
  size_t *lo = malloc((n ? n : 1) * sizeof *lo); /* each group's first */
  if (st == NULL || lo == NULL) {
    free(st);
    free(lo);
    return SHELF_NOMEM;
  }
  size_t top = 0, k = 0;
  for (size_t w = 0; w < n; w++) {
    i128 x = weights[w];
    size_t from = w;
    steps[k++] = (shelf_reduction_step){SHELF_STEP_PUSH, w, w, SHELF_FIRST,
                                        0, 0, 0, x, 0};
    while (REDUCE_PEAK(st, top, x)) {
      i128 a = st[top - 2], b = st[top - 1], merged = REDUCE_MERGE(a, b, x);
      from = lo[top - 2];
      steps[k++] = (shelf_reduction_step){SHELF_STEP_MERGE, from, w,
                                          SHELF_FIRST, a, b, x, merged, 0};
      x = merged;
      top -= 2;
    }
    st[top] = x;
    lo[top] = from;
    top++;
  }
  /* The valley: the buyers take its larger end, turn by turn. */
  size_t i = 0, j = top;
  i128 margin = 0;
  for (uint64_t turn = 1; i < j; turn++) {
    size_t g = VALLEY_TAKES_LEFT(st, i, j - 1) ? i++ : --j;
    size_t hi = g + 1 < top ? lo[g + 1] - 1 : n - 1;
    shelf_buyer buyer = shelf_turn_buyer(turn);
    margin += buyer == SHELF_FIRST ? st[g] : -st[g];
    steps[k++] = (shelf_reduction_step){SHELF_STEP_TAKE, lo[g], hi, buyer,
                                        0, 0, 0, st[g], margin};
  }
  *count = k;
  free(st);
  free(lo);
  return SHELF_OK;
}
