/*
 * reference.h - the answers the C tests expect, computed from the game's
 * rules with none of libshelf's code (the C twin of tests/reference.py):
 * the interval DP's lead table, the lead each end keeps, a brute-force
 * search of the first buyer's total, and the first turn of a line where the
 * greedy move loses lead.
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

/* The first turn (1-based) of the line `ends` on w where the greedy move
 * (the heavier end, the left on equal weights) keeps less lead than the
 * block's, with that end and the lead it loses; 0 if greedy is optimal at
 * every turn of the line. `lead` is ref_lead_table(w, n). */
static inline size_t ref_first_mistake(const int64_t *w, size_t n,
                                       const unsigned char *ends,
                                       ref_table lead, int *end,
                                       shelf_i128 *cost) {
  size_t i = 0, j = n ? n - 1 : 0;
  for (size_t t = 0; t < n; t++) {
    int greedy = w[i] >= w[j] ? SHELF_LEFT : SHELF_RIGHT;
    shelf_i128 kept = ref_kept(w, lead, i, j, greedy);
    if (kept < lead[i][j]) {
      *end = greedy;
      *cost = lead[i][j] - kept;
      return t + 1;
    }
    if (ends[t] == SHELF_LEFT)
      i++;
    else
      j--;
  }
  return 0;
}

/* The block left at 1-based turn `turn` of a line: the moves before it
 * taken off the shelf. */
static inline void ref_block_at(const unsigned char *ends, size_t n,
                                size_t turn, size_t *i, size_t *j) {
  *i = 0;
  *j = n - 1;
  for (size_t t = 0; t + 1 < turn; t++) {
    if (ends[t] == SHELF_LEFT)
      ++*i;
    else
      --*j;
  }
}

#endif
