/*
 * mistakes.c - the known wrong answers to the game, so that every judge
 * (the command's `shelf check`, Python's shelf.check, the page's exercise)
 * names a mistake the same way: their names, the sentence a learner reads,
 * what each wrong whole-shelf algorithm answers, and which mistake a wrong
 * value typed into one cell of the lead table is.
 *
 * The wrong algorithms are computed here in O(n) where the seed's code is
 * O(n^2); each comment says why the shortcut gives the same number, and
 * tests/test_mistakes.c checks it against the algorithm written out plainly.
 */
#include "internal.h"
#include "text.h"

#include <string.h>

/* ==== Names and sentences ==== */

/* Indexed by shelf_mistake: the name a judge prints. What a learner reads
 * for each is in words.c, with the other sentences of the game. */
static const char *const names[SHELF_MISTAKE_COUNT] = {
    [SHELF_MISTAKE_NONE] = "none",
    [SHELF_MISTAKE_GREEDY] = "greedy",
    [SHELF_MISTAKE_ADDED] = "added",
    [SHELF_MISTAKE_LEFT_INDEX] = "left-index",
    [SHELF_MISTAKE_WRONG_QUANTITY] = "wrong-quantity",
    [SHELF_MISTAKE_STRICT_TIE] = "strict-tie",
    [SHELF_MISTAKE_OVERFLOW32] = "overflow32",
    [SHELF_MISTAKE_NEIGHBOUR] = "neighbour",
    [SHELF_MISTAKE_SIGN] = "sign",
    [SHELF_MISTAKE_ONE_END] = "one-end",
    [SHELF_MISTAKE_UNKNOWN] = "unknown",
    [SHELF_MISTAKE_ZERO_MEMO] = "zero-memo",
    [SHELF_MISTAKE_EXPONENTIAL] = "exponential",
    /* 13: another branch's, NULL here until the merge */
    [SHELF_MISTAKE_SENTINEL_MEMO] = "sentinel-memo",
};

const char *shelf_mistake_name(shelf_mistake kind) {
  return (unsigned)kind < SHELF_MISTAKE_COUNT ? names[kind] : NULL;
}

shelf_status shelf_mistake_from_name(const char *name, shelf_mistake *out) {
  if (name == NULL || out == NULL)
    return SHELF_INVALID;
  for (unsigned k = 0; k < SHELF_MISTAKE_COUNT; k++) {
    if (names[k] != NULL && strcmp(name, names[k]) == 0) {
      *out = (shelf_mistake)k;
      return SHELF_OK;
    }
  }
  return SHELF_INVALID;
}

shelf_status shelf_mistake_sentence(shelf_mistake kind, shelf_subject subject,
                                    char *buf, size_t size, size_t *len) {
  if ((unsigned)kind >= SHELF_MISTAKE_COUNT || names[kind] == NULL ||
      (subject != SHELF_SUBJECT_PROGRAM && subject != SHELF_SUBJECT_YOU) ||
      (buf == NULL && size > 0))
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  shelf__say_mistake(&s, kind, subject);
  return shelf__text_done(&s, len);
}

/* ==== Whole-shelf mistakes ==== */

/*
 * The seed's DP filled by left index. Row i of the table is filled from
 * j = i+1 up, and each cell reads lead[i][j-1] (this row, just written) and
 * lead[i+1][j], which row i+1 has not reached yet: it is the diagonal w[i+1]
 * when j = i + 1 and still 0 beyond. The answer lead[0][n-1] is on row 0,
 * so row 0 is all that matters, one pass from left to right.
 */
static i128 left_index_margin(const int64_t *w, size_t n) {
  i128 row = w[0]; /* lead[0][j-1] as j advances */
  for (size_t j = 1; j < n; j++) {
    i128 below = j == 1 ? w[1] : 0; /* lead[1][j] as it stands */
    i128 left = w[0] - below, right = w[j] - row;
    row = left > right ? left : right;
  }
  return row;
}

shelf_status shelf_mistake_margin(shelf_mistake kind, const int64_t *w,
                                  size_t n, shelf_i128 *out) {
  if (out == NULL || (w == NULL && n > 0))
    return SHELF_INVALID;
  switch (kind) {
  case SHELF_MISTAKE_NONE:
    return shelf__linear_lead(w, n, out);
  case SHELF_MISTAKE_GREEDY: {
    i128 total[2];
    shelf__greedy_totals(w, n, total);
    *out = total[0] - total[1];
    return SHELF_OK;
  }
  case SHELF_MISTAKE_ADDED:
    /* w[i] + lead(i+1..j) and w[j] + lead(i..j-1) are both the block's sum
     * once the smaller blocks are theirs, so every cell holds its block's
     * sum, and the answer is the shelf's. */
    *out = shelf__weights_sum(w, n);
    return SHELF_OK;
  case SHELF_MISTAKE_LEFT_INDEX:
    *out = n == 0 ? 0 : left_index_margin(w, n);
    return SHELF_OK;
  default:
    return SHELF_INVALID;
  }
}

/* ==== A wrong cell of the lead table ==== */

/* The lead of block a..b of w, 0 for an empty block (b + 1 == a). */
static shelf_status block_lead(const int64_t *w, size_t a, size_t b,
                               i128 *lead) {
  return shelf__linear_lead(w + a, b + 1 - a, lead);
}

shelf_status shelf_cell_mistake(const int64_t *w, size_t n, size_t first,
                                size_t last, shelf_i128 value,
                                shelf_mistake *out) {
  if (w == NULL || out == NULL || first > last || last >= n)
    return SHELF_INVALID;
  i128 lead;
  shelf_status st = block_lead(w, first, last, &lead);
  if (st != SHELF_OK)
    return st;
  if (value == lead) {
    *out = SHELF_MISTAKE_NONE;
    return SHELF_OK;
  }
  if (value == -lead) {
    *out = SHELF_MISTAKE_SIGN;
    return SHELF_OK;
  }
  if (first == last) { /* no rest to add, subtract or mistake */
    *out = SHELF_MISTAKE_UNKNOWN;
    return SHELF_OK;
  }
  i128 wl = w[first], wr = w[last];
  i128 after_left, after_right; /* the blocks each end leaves */
  if ((st = block_lead(w, first + 1, last, &after_left)) != SHELF_OK ||
      (st = block_lead(w, first, last - 1, &after_right)) != SHELF_OK)
    return st;
  if (value == wl + after_left || value == wr + after_right) {
    *out = SHELF_MISTAKE_ADDED;
    return SHELF_OK;
  }
  if (value == wl - after_left || value == wr - after_right) {
    *out = SHELF_MISTAKE_ONE_END;
    return SHELF_OK;
  }
  /* Wrong neighbours: the inner block (both ends), the two reads crossed,
   * and one cell further along the same column or row. */
  i128 inner = 0, far_left = 0, far_right = 0;
  int has_far = last - first >= 2;
  if (has_far &&
      ((st = block_lead(w, first + 1, last - 1, &inner)) != SHELF_OK ||
       (st = block_lead(w, first + 2, last, &far_left)) != SHELF_OK ||
       (st = block_lead(w, first, last - 2, &far_right)) != SHELF_OK))
    return st;
  int neighbour = value == wl - inner || value == wr - inner ||
                  value == wl - after_right || value == wr - after_left;
  if (has_far)
    neighbour = neighbour || value == wl - far_left || value == wr - far_left ||
                value == wl - far_right || value == wr - far_right;
  *out = neighbour ? SHELF_MISTAKE_NEIGHBOUR : SHELF_MISTAKE_UNKNOWN;
  return SHELF_OK;
}
