/*
 * problems.c - the problems a judge knows, as their statements give them
 * (how the shelf comes in, what is asked, the limits, the samples), and a
 * shelf written the way each layout hands it to a program. `shelf check`
 * and Python's shelf.check() read the same table, so a problem means the
 * same thing on both.
 */
#include "internal.h"
#include "text.h"

#include <string.h>

/* ==== The statements ==== */

static const int64_t cses_1[] = {4, 5, 1, 3};
static const int64_t *const cses_samples[] = {cses_1, NULL};
static const size_t cses_n[] = {4};

static const int64_t atcoder_1[] = {10, 80}, atcoder_2[] = {10, 100, 10},
                     atcoder_3[] = {10},
                     atcoder_4[] = {1000000000, 1, 1000000000, 1, 1000000000, 1,
                                    1000000000, 1, 1000000000, 1},
                     atcoder_5[] = {4, 2, 9, 7, 1, 5};
static const int64_t *const atcoder_samples[] = {
    atcoder_1, atcoder_2, atcoder_3, atcoder_4, atcoder_5, NULL};
static const size_t atcoder_n[] = {2, 3, 1, 10, 6};

static const int64_t leetcode_1[] = {1, 5, 2}, leetcode_2[] = {1, 5, 233, 7};
static const int64_t *const leetcode_samples[] = {leetcode_1, leetcode_2, NULL};
static const size_t leetcode_n[] = {3, 4};

/* The problem's own examples (docs/problem.md) are its seven cases, tried
 * first by every plan (judge.c), so its samples are none. Time limits: CSES
 * states 1 s and AtCoder 2 s; the problem and LeetCode state none, and 2 s
 * of CPU is what the judges of both sites give an O(n^2) solution of this
 * size.
 * Stacks: AtCoder gives a stack as large as the memory limit (1024 MB); CSES
 * states none, and its 512 MB is assumed for the stack too, as Codeforces
 * and AtCoder do, so that a table in a stack array (ll dp[n][n], 200 MB at
 * 5000 wheels) passes as it does there; the problem and LeetCode state no
 * memory limit, and their runs get as much stack as the memory limit
 * applied (2048 MB by default in `shelf check`). */
static const shelf_problem problems[] = {
    {"shelf", "Splitting the ripening shelf (docs/problem.md)",
     SHELF_LAYOUT_LIST, SHELF_ANSWER_MARGIN, 500, 1, 10000, 2.0, 0, NULL, NULL,
     SHELF_STACK_AS_MEMORY, 0},
    {"cses", "CSES 1097 Removal Game", SHELF_LAYOUT_COUNTED, SHELF_ANSWER_FIRST,
     5000, -1000000000, 1000000000, 1.0, 512, cses_samples, cses_n, 512, 0},
    {"atcoder", "AtCoder DP Contest L - Deque", SHELF_LAYOUT_COUNTED,
     SHELF_ANSWER_MARGIN, 3000, 1, 1000000000, 2.0, 1024, atcoder_samples,
     atcoder_n, 1024, 0},
    {"leetcode486", "LeetCode 486 Predict the Winner", SHELF_LAYOUT_LIST,
     SHELF_ANSWER_WINNER, 20, 0, 10000000, 2.0, 0, leetcode_samples, leetcode_n,
     SHELF_STACK_AS_MEMORY, 0},
    /* AlgoLab's Burning Coins, as we know its statement (from memory: check it
     * against yours): t <= 30 test cases a file; each is n (1 <= n <= 2500) on
     * a line, then the n coin values (1 <= v <= 2^10) on the next; print for
     * each the most the first player can be sure to win, one a line. The
     * limits assumed: 1 s of CPU and 256 MB for the whole file (give
     * --time-limit and --memory-limit when yours differ). Its samples are not
     * recorded here: the problem's cases and the edge shelves come first. */
    {"algolab", "AlgoLab Burning Coins", SHELF_LAYOUT_COUNTED,
     SHELF_ANSWER_FIRST, 2500, 1, 1024, 1.0, 256, NULL, NULL,
     SHELF_STACK_AS_MEMORY, 30},
};

const shelf_problem *shelf__problem_at(size_t k) {
  return k < sizeof problems / sizeof problems[0] ? &problems[k] : NULL;
}

const shelf_problem *shelf_problem_find(const char *name) {
  if (name == NULL)
    return NULL;
  for (size_t k = 0; k < sizeof problems / sizeof problems[0]; k++)
    if (strcmp(problems[k].name, name) == 0)
      return &problems[k];
  return NULL;
}

/* ==== A shelf as a program reads it ==== */

shelf_status shelf_layout_write(shelf_layout layout, const int64_t *w, size_t n,
                                char *buf, size_t size, size_t *len) {
  if ((unsigned)layout > SHELF_LAYOUT_LIST || (w == NULL && n > 0) ||
      (buf == NULL && size > 0))
    return SHELF_INVALID;
  text s = shelf__text_bounded(buf, size);
  if (layout == SHELF_LAYOUT_COUNTED) {
    shelf__text_i128(&s, (i128)n);
    shelf__text_str(&s, "\n");
  }
  if (layout == SHELF_LAYOUT_LIST)
    shelf__text_str(&s, "[");
  for (size_t k = 0; k < n; k++) {
    if (k > 0)
      shelf__text_str(&s, layout == SHELF_LAYOUT_LIST ? ", " : " ");
    shelf__text_i128(&s, w[k]);
  }
  shelf__text_str(&s, layout == SHELF_LAYOUT_LIST ? "]\n" : "\n");
  return shelf__text_done(&s, len);
}
