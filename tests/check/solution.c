/*
 * solution.c - solutions of the ripening-shelf game for the judge's tests,
 * right and deliberately wrong, in C: `solution PROBLEM HOW` reads a shelf
 * in PROBLEM's layout (cses, atcoder: the count, then the weights;
 * leetcode486, shelf: a bracketed list) and prints PROBLEM's answer (cses:
 * the first buyer's total; atcoder, shelf: the margin; leetcode486: true
 * when the first buyer's total is at least the second's), computed HOW:
 *
 *   right           the interval DP by span length, in 64 bits
 *   greedy          the heavier end each turn, the left on a tie
 *   added           the DP adding the rest's lead instead of subtracting it
 *   left-index      the DP filled by left index, i then j ascending
 *   wrong-quantity  the margin where a total is asked, or a total where
 *                   the margin is
 *   strict-tie      a tie counted as a loss
 *   overflow32      the DP and the sum in 32-bit integers (wrapping)
 *   crash           writes through a null pointer from 3 wheels on
 *   exponential     both moves at every turn, no table: 2^n
 *   memo-zero       a memo table that takes 0 for "not computed yet": right,
 *                   and fast, until the leads are 0 (a shelf of zeros)
 *   memo-minus-one  as the published CSES solutions: a memo of the total
 *                   of the buyer to move, -1 for "not computed yet" (a
 *                   total a block has when weights may be negative): right,
 *                   and exponential on [0]*k + [-1, -1] + [0]*k
 *   stack-table     right, with the whole n by n table in a stack array,
 *                   long long dp[n][n] (200 MB at 5000 wheels): a crash
 *                   under an 8 MB stack, right under the problem's stack
 *   recurse         recursion without end from 3 wheels on: a stack
 *                   overflow whatever the stack
 *   extra-words     the right answer inside a sentence
 *   table           right, with the whole n by n table (200 MB at 5000
 *                   wheels: for the memory limit)
 *   uninit          a rolling row whose first cell a loop bound typo never
 *                   writes, so that it holds whatever the allocator left
 *
 * PROBLEM algolab reads a file of cases (the count of cases, then each as
 * the count of coins and the coins) and prints the first player's total for
 * each, one a line, computed HOW: right; slow-file (right, the DP done 128
 * times a case: in time for one case of 2500 coins, out of time for 30);
 * stale (the sum of the coins kept from case to case, never reset: right
 * on the first case only).
 *
 *   record          right, and appends each shelf it is given, as a
 *                   bracketed list, to the file $SHELF_CHECK_RECORD (the
 *                   judge's tests read the order of its tries from it)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long long *w;
static size_t n;

static void read_shelf(int counted) {
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap + 1);
  size_t got;
  while ((got = fread(text + len, 1, cap - len, stdin)) > 0) {
    len += got;
    if (len == cap)
      text = realloc(text, (cap *= 2) + 1);
  }
  text[len] = '\0';
  /* The weights first go to an int array that is freed at once: the
   * allocator hands its memory to the next allocation of that size, which
   * is what `uninit` reads. */
  int *scratch = malloc((len / 2 + 2) * sizeof *scratch);
  w = malloc((len / 2 + 2) * sizeof *w);
  char *p = text, *end;
  size_t count = 0;
  if (counted) {
    count = (size_t)strtoull(p, &end, 10);
    p = end;
  }
  for (;;) {
    while (*p && *p != '-' && (*p < '0' || *p > '9'))
      p++;
    if (!*p)
      break;
    long long v = strtoll(p, &end, 10);
    scratch[n] = (int)v;
    w[n++] = v;
    p = end;
  }
  if (counted && count != n) {
    fprintf(stderr, "expected %zu weights, read %zu\n", count, n);
    exit(3);
  }
  free(scratch);
  free(text);
}

/* ==== The ways ==== */

static long long right(void) {
  long long *row = malloc(n * sizeof *row);
  for (size_t i = 0; i < n; i++)
    row[i] = w[i];
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      long long l = w[i] - row[i + 1], r = w[j] - row[i];
      row[i] = l > r ? l : r;
    }
  long long m = row[0];
  free(row);
  return m;
}

static long long greedy(void) {
  long long total[2] = {0, 0};
  size_t i = 0, j = n - 1;
  for (int turn = 0; i <= j && j < n; turn ^= 1)
    total[turn] += w[i] >= w[j] ? w[i++] : w[j--];
  return total[0] - total[1];
}

static long long added(void) {
  long long *row = malloc(n * sizeof *row);
  for (size_t i = 0; i < n; i++)
    row[i] = w[i];
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      long long l = w[i] + row[i + 1], r = w[j] + row[i];
      row[i] = l > r ? l : r;
    }
  return row[0];
}

static long long table(void) {
  long long *lead = calloc(n * n, sizeof *lead);
  for (size_t i = 0; i < n; i++)
    lead[i * n + i] = w[i];
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      long long l = w[i] - lead[(i + 1) * n + j], r = w[j] - lead[i * n + j - 1];
      lead[i * n + j] = l > r ? l : r;
    }
  return lead[n - 1];
}

static long long left_index(void) {
  long long *lead = calloc(n * n, sizeof *lead);
  for (size_t i = 0; i < n; i++)
    lead[i * n + i] = w[i];
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++) {
      long long l = w[i] - lead[(i + 1) * n + j], r = w[j] - lead[i * n + j - 1];
      lead[i * n + j] = l > r ? l : r;
    }
  return lead[n - 1];
}

/* 32-bit arithmetic that wraps as int does on every machine, without C's
 * undefined signed overflow. */
static int32_t wrap(long long v) { return (int32_t)(uint32_t)(uint64_t)v; }

static int32_t overflow32(int32_t *sum) {
  int32_t *row = malloc(n * sizeof *row);
  *sum = 0;
  for (size_t i = 0; i < n; i++) {
    row[i] = wrap(w[i]);
    *sum = wrap((long long)*sum + w[i]);
  }
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      int32_t l = wrap(w[i] - (long long)row[i + 1]);
      int32_t r = wrap(w[j] - (long long)row[i]);
      row[i] = l > r ? l : r;
    }
  return row[0];
}

static long long brute(size_t i, size_t j) {
  if (i == j)
    return w[i];
  long long l = w[i] - brute(i + 1, j), r = w[j] - brute(i, j - 1);
  return l > r ? l : r;
}

static long long *memo;

static long long memo_lead(size_t i, size_t j) {
  long long *cell = &memo[i * n + j];
  if (*cell != 0) /* the bug: a lead of 0 is never remembered */
    return *cell;
  if (i == j)
    return *cell = w[i];
  long long l = w[i] - memo_lead(i + 1, j), r = w[j] - memo_lead(i, j - 1);
  return *cell = l > r ? l : r;
}

static long long *prefix;

/* The most the buyer to move collects from block i..j: the block's sum
 * less what the other then collects from what is left. */
static long long memo_total(size_t i, size_t j) {
  long long *cell = &memo[i * n + j];
  if (*cell != -1) /* the bug: a total of -1 is never remembered */
    return *cell;
  if (i == j)
    return *cell = w[i];
  long long a = memo_total(i + 1, j), b = memo_total(i, j - 1);
  return *cell = prefix[j + 1] - prefix[i] - (a < b ? a : b);
}

static long long stack_table(void) {
  long long dp[n][n]; /* on the stack: n * n * 8 bytes */
  for (size_t i = 0; i < n; i++)
    dp[i][i] = w[i];
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      long long l = w[i] - dp[i + 1][j], r = w[j] - dp[i][j - 1];
      dp[i][j] = l > r ? l : r;
    }
  return dp[0][n - 1];
}

/* Calls itself without end; each call hands the next a pointer to its
 * own frame, which keeps the compiler from turning the recursion into a
 * loop. */
static long long recurse(size_t i, volatile long long *up) {
  volatile long long frame[16];
  frame[0] = up[0] + w[i % n];
  frame[15] = (long long)i;
  return recurse(i + 1, frame) + frame[15];
}

static long long uninit(void) {
  int *row = malloc(n * sizeof *row); /* the scratch array's memory */
  for (size_t i = 1; i < n; i++)      /* the typo: from 1, not 0 */
    row[i] = (int)w[i];
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      int l = (int)w[i] - row[i + 1], r = (int)w[j] - row[i];
      row[i] = l > r ? l : r;
    }
  return row[0];
}

/* Cases: all the numbers of the file are in w[0..n); each case is handed
 * to the ways above by pointing w and n at its coins. */
static int algolab(const char *how) {
  read_shelf(0);
  long long *all = w;
  size_t count = n, at = 1, cases = count > 0 ? (size_t)all[0] : 0;
  static long long stale_sum; /* the bug of `stale`: never reset */
  for (size_t c = 0; c < cases && at < count; c++) {
    size_t len = (size_t)all[at++];
    w = all + at;
    n = len;
    at += len;
    long long sum = 0, m = right();
    if (!strcmp(how, "slow-file"))
      for (int again = 0; again < 127; again++) {
        volatile long long kept = right(); /* the same DP, again: kept, so
                                              that it is not left out */
        (void)kept;
      }
    for (size_t i = 0; i < n; i++)
      sum += w[i];
    if (!strcmp(how, "stale")) {
      stale_sum += sum;
      sum = stale_sum;
    }
    printf("%lld\n", (sum + m) / 2);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fputs("usage: solution PROBLEM HOW\n", stderr);
    return 2;
  }
  const char *problem = argv[1], *how = argv[2];
  if (!strcmp(problem, "algolab"))
    return algolab(how);
  int counted = !strcmp(problem, "cses") || !strcmp(problem, "atcoder");
  int first = !strcmp(problem, "cses"), winner = !strcmp(problem, "leetcode486");
  read_shelf(counted);
  if (!strcmp(how, "record")) {
    const char *path = getenv("SHELF_CHECK_RECORD");
    FILE *f = path != NULL ? fopen(path, "a") : NULL;
    if (f == NULL)
      return 3;
    fputc('[', f);
    for (size_t i = 0; i < n; i++)
      fprintf(f, "%s%lld", i ? ", " : "", w[i]);
    fputs("]\n", f);
    fclose(f);
  }
  long long sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += w[i];
  long long m;
  if (!strcmp(how, "overflow32")) {
    int32_t s32, m32 = overflow32(&s32);
    if (first)
      printf("%d\n", (int)(wrap((long long)s32 + m32) / 2));
    else if (winner)
      puts(m32 >= 0 ? "true" : "false");
    else
      printf("%d\n", (int)m32);
    return 0;
  }
  if (!strcmp(how, "greedy"))
    m = greedy();
  else if (!strcmp(how, "added"))
    m = added();
  else if (!strcmp(how, "left-index"))
    m = left_index();
  else if (!strcmp(how, "table"))
    m = table();
  else if (!strcmp(how, "exponential"))
    m = brute(0, n - 1);
  else if (!strcmp(how, "memo-zero")) {
    memo = calloc(n * n, sizeof *memo);
    m = memo_lead(0, n - 1);
  } else if (!strcmp(how, "memo-minus-one")) {
    memo = malloc(n * n * sizeof *memo);
    memset(memo, -1, n * n * sizeof *memo); /* every byte 0xff: -1 */
    prefix = malloc((n + 1) * sizeof *prefix);
    prefix[0] = 0;
    for (size_t i = 0; i < n; i++)
      prefix[i + 1] = prefix[i] + w[i];
    long long first_total = memo_total(0, n - 1);
    m = 2 * first_total - prefix[n];
  } else if (!strcmp(how, "stack-table"))
    m = stack_table();
  else if (!strcmp(how, "recurse")) {
    volatile long long start[16] = {0};
    m = n >= 3 ? recurse(0, start) : right();
  } else if (!strcmp(how, "uninit"))
    m = uninit();
  else
    m = right();
  if (!strcmp(how, "crash") && n >= 3)
    *(volatile int *)NULL = 1;
  if (!strcmp(how, "wrong-quantity"))
    first = !first;
  if (!strcmp(how, "extra-words"))
    fputs("The answer is ", stdout);
  if (winner)
    puts(!strcmp(how, "strict-tie") ? (m > 0 ? "true" : "false")
                                    : (m >= 0 ? "true" : "false"));
  else
    printf("%lld\n", first ? (sum + m) / 2 : m);
  return 0;
}
