/*
 * explain.c - why the obvious play loses: greedy against greedy, greedy
 * against perfect play, the first turn where greedy goes wrong, and the
 * parity floor.
 */
#include "internal.h"

/* ==== Greedy ==== */

/* The greedy move is shelf_greedy_end() (moves.c), the one rule. */
static int greedy_takes_left(const int64_t *w, size_t i, size_t j) {
  return shelf_greedy_end(w, i, j) == SHELF_LEFT;
}

void shelf__greedy_totals(const int64_t *w, size_t n, i128 total[2]) {
  total[0] = total[1] = 0;
  size_t i = 0, j = n;
  for (uint64_t turn = 1; i < j; turn++)
    total[shelf_turn_buyer(turn)] +=
        greedy_takes_left(w, i, j - 1) ? w[i++] : w[--j];
}

static void both_greedy(const int64_t *w, size_t n, shelf_explanation *out) {
  i128 total[2];
  shelf__greedy_totals(w, n, total);
  out->greedy_first = total[0];
  out->greedy_second = total[1];
  out->greedy_margin = total[0] - total[1];
}

/* ==== The first mistake on the line ==== */

/*
 * Walks the line. Where the line takes the heavier end, greedy is right.
 * Elsewhere the greedy move's lead is computed with the linear engine on the
 * block it leaves, O(block); that is the only costly step, so it is paid
 * only at such turns and stops at the first real mistake, or when `budget`
 * wheel-steps are spent. The lead of each block on the line comes for free:
 * lead(turn t) = weight taken at t - lead(turn t + 1), run forwards from the
 * margin.
 */
static shelf_status first_mistake(const int64_t *w, size_t n, i128 margin,
                                  uint64_t budget, shelf_explanation *out) {
  out->mistake = 0;
  if (n == 0)
    return SHELF_OK;
  unsigned char *ends = malloc(n);
  if (ends == NULL)
    return SHELF_NOMEM;
  shelf_status st = shelf_line(w, n, ends);
  size_t i = 0, j = n - 1;
  i128 lead = margin;
  uint64_t spent = 0;
  for (size_t t = 0; st == SHELF_OK && t < n; t++) {
    int greedy_left = greedy_takes_left(w, i, j);
    if (greedy_left != (ends[t] == SHELF_LEFT)) {
      size_t len = j - i + 1;
      if (spent + len > budget) {
        out->mistake = -1;
        break;
      }
      spent += len;
      i128 rest;
      st = greedy_left ? shelf__linear_lead(w + i + 1, len - 1, &rest)
                       : shelf__linear_lead(w + i, len - 1, &rest);
      i128 kept = (greedy_left ? w[i] : w[j]) - rest;
      if (st == SHELF_OK && kept < lead) {
        out->mistake = 1;
        out->mistake_turn = t + 1;
        out->mistake_end = greedy_left ? SHELF_LEFT : SHELF_RIGHT;
        out->mistake_cost = lead - kept;
        out->mistake_wheel = greedy_left ? i : j;
        out->mistake_other = greedy_left ? j : i;
        out->mistake_weight = w[out->mistake_wheel];
        break;
      }
    }
    int64_t taken = ends[t] == SHELF_LEFT ? w[i++] : w[j--];
    lead = taken - lead;
  }
  free(ends);
  return st;
}

/* ==== Putting it together ==== */

/* The trap search's budget, limit^2 / 2 + n wheel-steps, saturated: for a
 * limit above 2^32 the square no longer fits in 64 bits, and a wrapped
 * budget would stop the search early and call the trap not searched. */
static uint64_t search_budget(size_t limit, size_t n) {
  if ((uint64_t)limit > UINT32_MAX)
    return UINT64_MAX;
  uint64_t half_square = (uint64_t)limit * limit / 2; /* < 2^63 */
  return half_square + (uint64_t)n < half_square ? UINT64_MAX : half_square + n;
}

shelf_status shelf_explain(const int64_t *w, size_t n, size_t limit,
                           shelf_explanation *out) {
  if (out == NULL || (w == NULL && n > 0))
    return SHELF_INVALID;
  if (limit == 0)
    limit = SHELF_EXPLAIN_MAX;
  shelf_explanation e = {0};
  e.n = n;
  e.limit = limit;
  shelf_result perfect;
  shelf_status st = shelf__linear_result(w, n, &perfect);
  if (st != SHELF_OK)
    return st;
  e.margin = perfect.margin;
  e.first = perfect.first;
  e.second = perfect.second;
  both_greedy(w, n, &e);
  if (n <= limit) {
    st = shelf__greedy_first_search(w, n, NULL, NULL, &e.greedy_vs_perfect);
    if (st != SHELF_OK)
      return st;
    e.has_greedy_vs_perfect = 1;
  }
  st = first_mistake(w, n, e.margin, search_budget(limit, n), &e);
  if (st != SHELF_OK)
    return st;
  if (n % 2 == 0) {
    e.has_parity = 1;
    for (size_t i = 0; i < n; i++)
      *(i % 2 == 0 ? &e.odd_sum : &e.even_sum) += w[i];
    i128 d = e.odd_sum - e.even_sum;
    e.parity_floor = d < 0 ? -d : d;
    e.parity_gain = e.margin - e.parity_floor;
  }
  *out = e;
  return SHELF_OK;
}
