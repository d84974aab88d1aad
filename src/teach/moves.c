/*
 * moves.c - games move by move: where a game stands, one move and both
 * totals after it, a line replayed, and greedy play. The command's
 * --moves, the game, the pictures, the page and Python all replay a line
 * through shelf_replay(), so the running totals are added up in one place,
 * and every surface that says "greedy" means shelf_greedy_end().
 */
#include "internal.h"

#include <string.h>

/* ==== One move ==== */

shelf_status shelf_position_start(shelf_position *game, size_t n) {
  if (game == NULL)
    return SHELF_INVALID;
  memset(game, 0, sizeof *game);
  game->n = n;
  game->last = n;
  return SHELF_OK;
}

shelf_status shelf_position_take(shelf_position *game, const int64_t *weights,
                                 shelf_end end, shelf_move *move) {
  if (game == NULL || weights == NULL || game->first >= game->last ||
      (end != SHELF_LEFT && end != SHELF_RIGHT))
    return SHELF_INVALID;
  uint64_t wheel = end == SHELF_LEFT ? game->first++ : --game->last;
  shelf_buyer buyer = shelf_turn_buyer(game->turn + 1);
  game->totals[buyer] += weights[wheel];
  game->turn++;
  if (move != NULL) {
    move->turn = game->turn;
    move->buyer = buyer;
    move->end = end;
    move->wheel = wheel;
    move->weight = weights[wheel];
    move->first = game->totals[SHELF_FIRST];
    move->second = game->totals[SHELF_SECOND];
  }
  return SHELF_OK;
}

shelf_status shelf_replay(const int64_t *weights, const unsigned char *ends,
                          size_t count, shelf_position *at, shelf_move *moves) {
  if (at == NULL || (ends == NULL && count > 0) || count > at->last - at->first)
    return SHELF_INVALID;
  for (size_t k = 0; k < count; k++) {
    shelf_status st =
        shelf_position_take(at, weights, (shelf_end)ends[at->turn],
                            moves != NULL ? &moves[k] : NULL);
    if (st != SHELF_OK)
      return st;
  }
  return SHELF_OK;
}

shelf_status shelf_replay_all(const int64_t *weights, size_t n,
                              const unsigned char *ends, shelf_move_hook each,
                              void *ctx) {
  if (each == NULL || (n > 0 && (weights == NULL || ends == NULL)))
    return SHELF_INVALID;
  shelf_position at;
  shelf_position_start(&at, n);
  for (size_t k = 0; k < n; k++) {
    shelf_move move;
    shelf_status st =
        shelf_position_take(&at, weights, (shelf_end)ends[k], &move);
    if (st != SHELF_OK)
      return st;
    if (each(ctx, &move) != 0)
      break;
  }
  return SHELF_OK;
}

/* ==== Greedy play ==== */

shelf_end shelf_greedy_end(const int64_t *weights, size_t first, size_t last) {
  return weights[first] >= weights[last] ? SHELF_LEFT : SHELF_RIGHT;
}

static void both_greedy_line(const int64_t *w, size_t n, unsigned char *ends) {
  for (size_t t = 0, i = 0, j = n; i < j; t++) {
    shelf_end e = shelf_greedy_end(w, i, j - 1);
    ends[t] = (unsigned char)e;
    if (e == SHELF_LEFT)
      i++;
    else
      j--;
  }
}

/*
 * A greedy first buyer against the perfect second buyer: the game that
 * --interactive, shelf.Game and the page play when a person (or the game's
 * greedy player) takes the heavier end every time. The perfect second buyer
 * is the game's own (game.c): on the block that remains it takes the line's
 * move, shelf_best_move()'s best, so a move here is what the game would
 * play, ties and all.
 *
 * Invariant: before turn t, `lead` is the lead of the block the previous
 * turn left (the whole shelf's before turn 1, computed at turn 1), and,
 * if turn t-1 was the first buyer's, `taken` is the weight it took and
 * `before` the lead of the block it took it from. One reduction of the
 * block at turn t gives its lead and its line move; the first buyer's
 * previous move kept taken - lead(this block), and lost before - that.
 * The second buyer's move keeps the lead (it is the line's move), so the
 * lead lost over the game is the first buyer's alone: margin - game's
 * margin.
 *
 * Each turn costs its block's length, so the game costs n(n+1)/2 steps;
 * no turn allocates (one scratch stack of n entries serves all). Recording
 * every turn's lead instead would need the O(n^2) lead table.
 */
shelf_status shelf__greedy_first_game(const int64_t *w, size_t n,
                                      uint64_t budget, unsigned char *ends,
                                      shelf__greedy_game *out) {
  shelf__greedy_game g = {0};
  if (n > SIZE_MAX / sizeof(i128))
    return SHELF_NOMEM;
  i128 *scratch = n > 0 ? malloc(n * sizeof *scratch) : NULL;
  if (n > 0 && scratch == NULL)
    return SHELF_NOMEM;
  size_t i = 0, j = n; /* the block is w[i..j) */
  uint64_t spent = 0;
  int first_moved = 0; /* turn t-1 was the first buyer's */
  i128 before = 0, taken = 0, total[2] = {0, 0};
  uint64_t at = 0, at_other = 0;
  shelf_end at_end = SHELF_LEFT;
  for (uint64_t turn = 1;; turn++) {
    size_t len = j - i;
    i128 lead = 0;
    shelf_end best = SHELF_LEFT;
    if (len > 0) {
      if (len > budget - spent)
        break; /* complete stays 0 */
      spent += len;
      best = shelf__best_end(w + i, len, scratch, &lead);
    }
    if (first_moved && !g.lost && taken - lead < before) {
      g.lost = 1;
      g.turn = turn - 1;
      g.end = at_end;
      g.wheel = at;
      g.other = at_other;
      g.lost_lead = before - (taken - lead);
    }
    if (len == 0) {
      g.complete = 1;
      break;
    }
    shelf_buyer buyer = shelf_turn_buyer(turn);
    shelf_end e = buyer == SHELF_FIRST ? shelf_greedy_end(w, i, j - 1) : best;
    first_moved = buyer == SHELF_FIRST;
    before = lead;
    at_end = e;
    at = e == SHELF_LEFT ? i : j - 1;
    at_other = e == SHELF_LEFT ? j - 1 : i;
    taken = w[at];
    total[buyer] += taken;
    if (ends != NULL)
      ends[turn - 1] = (unsigned char)e;
    if (e == SHELF_LEFT)
      i++;
    else
      j--;
  }
  free(scratch);
  if (g.complete)
    g.margin = total[SHELF_FIRST] - total[SHELF_SECOND];
  *out = g;
  return SHELF_OK;
}

shelf_status shelf_greedy_line(const int64_t *weights, size_t n,
                               shelf_line_kind kind, unsigned char *ends) {
  if ((n > 0 && (weights == NULL || ends == NULL)) ||
      (kind != SHELF_LINE_GREEDY_BOTH && kind != SHELF_LINE_GREEDY_FIRST))
    return SHELF_INVALID;
  if (kind == SHELF_LINE_GREEDY_BOTH) {
    both_greedy_line(weights, n, ends);
    return SHELF_OK;
  }
  if (n > SHELF_GREEDY_LINE_MAX)
    return SHELF_TOO_LONG;
  shelf__greedy_game g;
  return shelf__greedy_first_game(weights, n, UINT64_MAX, ends, &g);
}
