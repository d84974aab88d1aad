/*
 * one_short.c - a solution of CSES 1097 as contestants write it, for the
 * judge's tests: 64-bit totals, and a global table indexed by block length
 * and left end, lead[len][i], declared one column short,
 * long long lead[MAXN + 1][MAXN]. The empty block at the right end,
 * lead[0][n], is then past its row when n == MAXN, and reads lead[1][0],
 * the first wheel's block: right on every shelf below MAXN wheels, wrong
 * at MAXN when the first weight is negative. The judge must not call it
 * overflow32 (its totals are 64-bit), and should find that a shelf one
 * wheel shorter passes (largest-n).
 *
 * Usage: one_short [cses|atcoder] (cses, the default, prints the first
 * buyer's total; atcoder the margin). Compile with -DMAXN=3000 for
 * AtCoder's limit.
 */
#include <stdio.h>
#include <string.h>

#ifndef MAXN
#define MAXN 5000
#endif

static long long lead[MAXN + 1][MAXN]; /* the bug: MAXN + 1 columns */
static long long w[MAXN];

int main(int argc, char **argv) {
  int margin = argc > 1 && strcmp(argv[1], "atcoder") == 0;
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > MAXN)
    return 1;
  long long sum = 0;
  for (int i = 0; i < n; i++) {
    if (scanf("%lld", &w[i]) != 1)
      return 1;
    sum += w[i];
  }
  for (int i = 0; i <= n; i++)
    lead[0][i] = 0; /* the empty blocks, lead[0][n] among them */
  for (int len = 1; len <= n; len++)
    for (int i = 0; i + len <= n; i++) {
      long long l = w[i] - lead[len - 1][i + 1];
      long long r = w[i + len - 1] - lead[len - 1][i];
      lead[len][i] = l > r ? l : r;
    }
  long long m = lead[n][0];
  printf("%lld\n", margin ? m : (sum + m) / 2);
  return 0;
}
