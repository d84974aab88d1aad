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
  if (at == NULL || (ends == NULL && count > 0) ||
      count > at->last - at->first)
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
 * A greedy first buyer against a perfect second: the second buyer's search
 * for the smallest margin. This is not a zero-sum game of two optimisers:
 * the first buyer's moves are fixed. By span, as the dp engine's rolling
 * row: row[i] is the margin still to come on block i..i+span-1, and whose
 * turn it is follows from the span (the first buyer moves when n - span
 * turns, an even number, have passed). O(n^2) time, O(n) memory, and with
 * `right` one bit per block where the second buyer moves (whether taking
 * the right is better; those spans numbered in order from base[span]), so
 * that the line can be walked afterwards. explain.c asks for the margin
 * alone.
 */
shelf_status shelf__greedy_first_search(const int64_t *w, size_t n,
                                        unsigned char *right, size_t *base,
                                        i128 *margin) {
  *margin = 0;
  if (n == 0)
    return SHELF_OK;
  i128 *row = malloc(n * sizeof *row);
  if (row == NULL)
    return SHELF_NOMEM;
  size_t next = 0;
  for (size_t span = 1; span <= n; span++) {
    int first_moves = (n - span) % 2 == 0;
    if (base != NULL)
      base[span] = next;
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      /* row[i] is block i..j-1 and row[i+1] block i+1..j (0 when empty). */
      i128 after_left = span > 1 ? row[i + 1] : 0;
      i128 after_right = span > 1 ? row[i] : 0;
      if (first_moves) {
        row[i] = shelf_greedy_end(w, i, j) == SHELF_LEFT ? w[i] + after_left
                                                         : w[j] + after_right;
      } else {
        i128 l = after_left - w[i], r = after_right - w[j];
        if (right != NULL && r < l)
          right[(next + i) / 8] |= (unsigned char)(1u << ((next + i) % 8));
        row[i] = r < l ? r : l;
      }
    }
    if (!first_moves)
      next += n - span + 1;
  }
  *margin = row[0];
  free(row);
  return SHELF_OK;
}

static shelf_status greedy_first_line(const int64_t *w, size_t n,
                                      unsigned char *ends) {
  if (n == 0)
    return SHELF_OK;
  size_t bits = 0; /* blocks of the second buyer's spans */
  for (size_t span = 1; span <= n; span++)
    if ((n - span) % 2 == 1)
      bits += n - span + 1;
  unsigned char *right = calloc(bits / 8 + 1, 1);
  size_t *base = malloc((n + 1) * sizeof *base); /* first bit of each span */
  i128 margin;
  shelf_status st =
      right == NULL || base == NULL
          ? SHELF_NOMEM
          : shelf__greedy_first_search(w, n, right, base, &margin);
  for (size_t t = 0, i = 0, j = n; st == SHELF_OK && i < j; t++) {
    size_t span = j - i;
    shelf_end e;
    if ((n - span) % 2 == 0) {
      e = shelf_greedy_end(w, i, j - 1);
    } else {
      size_t b = base[span] + i;
      e = right[b / 8] >> (b % 8) & 1 ? SHELF_RIGHT : SHELF_LEFT;
    }
    ends[t] = (unsigned char)e;
    if (e == SHELF_LEFT)
      i++;
    else
      j--;
  }
  free(right);
  free(base);
  return st;
}

shelf_status shelf_greedy_line(const int64_t *weights, size_t n, unsigned flags,
                               unsigned char *ends) {
  if ((n > 0 && (weights == NULL || ends == NULL)) ||
      (flags != SHELF_GREEDY_BOTH && flags != SHELF_GREEDY_FIRST))
    return SHELF_INVALID;
  if (flags == SHELF_GREEDY_BOTH) {
    both_greedy_line(weights, n, ends);
    return SHELF_OK;
  }
  if (n > SHELF_GREEDY_LINE_MAX)
    return SHELF_TOO_LONG;
  return greedy_first_line(weights, n, ends);
}
