/*
 * reference.h - the answers the C tests expect, computed from the game's
 * rules with none of libshelf's code (the C twin of tests/reference.py):
 * the interval DP's lead table, the lead each end keeps, a brute-force
 * search of the first buyer's total, the line's move on a block (the
 * reduction written again) and a greedy first buyer's game against the
 * perfect second, with the first turn where greedy loses lead.
 *
 * Everything is in 128 bits, so weights anywhere in int64_t are exact.
 */
#ifndef SHELF_TEST_REFERENCE_H
#define SHELF_TEST_REFERENCE_H

#include <shelf.h>

/* The longest shelf ref_lead_table() takes. */
#define REF_MAX 60

typedef shelf_i128 ref_table[REF_MAX][REF_MAX];

/* lead[i][j], what the buyer to move can finish ahead by on block i..j,
 * for every block of w (n <= REF_MAX), straight from the recurrence
 * lead(i, j) = max(w[i] - lead(i+1, j), w[j] - lead(i, j-1)). */
static inline void ref_lead_table(const int64_t *w, size_t n, ref_table lead) {
  for (size_t i = 0; i < n; i++)
    lead[i][i] = w[i];
  for (size_t span = 2; span <= n; span++) {
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      shelf_i128 l = w[i] - lead[i + 1][j], r = w[j] - lead[i][j - 1];
      lead[i][j] = l > r ? l : r;
    }
  }
}

/* The lead kept by taking `end` of block i..j. */
static inline shelf_i128 ref_kept(const int64_t *w, ref_table lead, size_t i,
                                  size_t j, int end) {
  if (i == j)
    return w[i];
  return end == SHELF_LEFT ? w[i] - lead[i + 1][j] : w[j] - lead[i][j - 1];
}

/* The most kilos the buyer to move collects on w[i..j) against a buyer
 * who does the same, by trying both ends at every turn: totals, not leads,
 * so it shares no formula with the DP above or the engines. 2^(j-i) steps;
 * for a dozen wheels or so. */
static inline shelf_i128 ref_brute_total(const int64_t *w, size_t i, size_t j) {
  if (i >= j)
    return 0;
  shelf_i128 rest = 0;
  for (size_t k = i; k < j; k++)
    rest += w[k];
  /* Taking one end leaves the other buyer to move on the rest of the
   * block; what they do not collect of it is ours. */
  shelf_i128 left = rest - ref_brute_total(w, i + 1, j);
  shelf_i128 right = rest - ref_brute_total(w, i, j - 1);
  return left > right ? left : right;
}

/* The line's move on block i..j (i <= j, j - i < REF_BLOCK_MAX), written
 * again from its definition: reduce the block (while the last value is at
 * least both neighbours, a, b, c become a - b + c), then take the larger
 * end of what is left, the left on equal ends. This is the tie rule of
 * shelf_best_move(), which the DP alone does not fix: where both ends keep
 * the lead the DP allows either. */
#define REF_BLOCK_MAX 1024
static inline int ref_best_end(const int64_t *w, size_t i, size_t j) {
  shelf_i128 st[REF_BLOCK_MAX];
  size_t top = 1;
  st[0] = w[i];
  for (size_t k = i + 1; k <= j; k++) {
    shelf_i128 x = w[k];
    while (top >= 2 && st[top - 1] >= st[top - 2] && st[top - 1] >= x) {
      x = st[top - 2] - st[top - 1] + x;
      top -= 2;
    }
    st[top++] = x;
  }
  return st[0] >= st[top - 1] ? SHELF_LEFT : SHELF_RIGHT;
}

/* A game of a greedy first buyer (the heavier end, the left on equal
 * weights) against the game's perfect second buyer (ref_best_end()),
 * played move by move, with the DP's lead at every turn. */
typedef struct ref_greedy_play {
  shelf_i128 margin;   /* the game's: first's kilos minus second's */
  shelf_i128 lost;     /* the lead lost on the first buyer's turns */
  size_t turn;         /* the first turn that loses lead (1-based), or 0 */
  int end;             /* there: the end greedy takes */
  size_t wheel, other; /* the wheel it takes, the block's other end */
  shelf_i128 cost;     /* the lead lost there */
  int second_kept;     /* 1 if every second-buyer move kept the lead */
  unsigned char ends[REF_MAX];                      /* the ends taken */
  size_t block_first[REF_MAX], block_last[REF_MAX]; /* each turn's block */
} ref_greedy_play;

/* Plays that game on w (n <= REF_MAX); `lead` is ref_lead_table(w, n). */
static inline ref_greedy_play ref_greedy_game(const int64_t *w, size_t n,
                                              ref_table lead) {
  ref_greedy_play g = {0};
  g.second_kept = 1;
  shelf_i128 tot[2] = {0, 0};
  size_t i = 0, j = n ? n - 1 : 0;
  for (size_t t = 0; t < n; t++) {
    int end;
    g.block_first[t] = i;
    g.block_last[t] = j;
    if (t % 2 == 0) {
      end = w[i] >= w[j] ? SHELF_LEFT : SHELF_RIGHT;
      shelf_i128 lost = lead[i][j] - ref_kept(w, lead, i, j, end);
      if (lost > 0 && g.turn == 0) {
        g.turn = t + 1;
        g.end = end;
        g.wheel = end == SHELF_LEFT ? i : j;
        g.other = end == SHELF_LEFT ? j : i;
        g.cost = lost;
      }
      g.lost += lost;
    } else {
      end = ref_best_end(w, i, j);
      g.second_kept =
          g.second_kept && ref_kept(w, lead, i, j, end) == lead[i][j];
    }
    g.ends[t] = (unsigned char)end;
    tot[t % 2] += end == SHELF_LEFT ? w[i] : w[j];
    if (end == SHELF_LEFT)
      i++;
    else
      j--;
  }
  g.margin = tot[0] - tot[1];
  return g;
}

#endif
