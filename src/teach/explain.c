/*
 * explain.c - why the obvious play loses: greedy against greedy, a greedy
 * first buyer against the game's perfect second buyer and the first turn
 * where greedy loses lead there, and the parity floor.
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

/* ==== Greedy against the perfect second buyer ==== */

/*
 * The game of a greedy first buyer against the game's perfect second
 * (moves.c plays it): its margin, and the first turn where greedy's move
 * keeps less lead than its block's. The perfect second buyer never loses
 * lead, so margin - greedy_vs_perfect is the lead the greedy buyer loses
 * on its own turns, and the turn found is where that loss begins. The game
 * stops when `budget` wheel-steps are spent; a loss found before then is
 * still reported, which is what lets a long shelf show its trap.
 */
static shelf_status greedy_against_perfect(const int64_t *w, size_t n,
                                           uint64_t budget,
                                           shelf_explanation *out) {
  shelf__greedy_game g;
  shelf_status st = shelf__greedy_first_game(w, n, budget, NULL, &g);
  if (st != SHELF_OK)
    return st;
  out->has_greedy_vs_perfect = g.complete;
  out->greedy_vs_perfect = g.margin;
  out->mistake = g.lost ? 1 : g.complete ? 0 : -1;
  if (g.lost) {
    out->mistake_turn = g.turn;
    out->mistake_end = g.end;
    out->mistake_cost = g.lost_lead;
    out->mistake_wheel = g.wheel;
    out->mistake_other = g.other;
    out->mistake_weight = w[g.wheel];
  }
  return SHELF_OK;
}

/* ==== Putting it together ==== */

/* The game's budget, limit^2 / 2 + n wheel-steps, saturated: for a limit
 * above 2^32 the square no longer fits in 64 bits, and a wrapped budget
 * would stop the game early and call the trap not searched. */
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
  /* The game costs n(n+1)/2 wheel-steps, within the budget exactly when
   * n <= limit, so greedy_vs_perfect is there up to the limit. */
  st = greedy_against_perfect(w, n, search_budget(limit, n), &e);
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
