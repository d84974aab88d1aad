// one_short.cpp - CSES 1097 as contestants write it bottom-up, for
// bench/verdict.py: the C++ of tests/check/one_short.c. A global table
// lead[len][i] declared one column short, lead[N + 1][N]: the empty block
// lead[0][n] is past its row when n == N = 5000 and reads lead[1][0], the
// first wheel's block. Right below 5000 wheels; wrong at 5000 when the
// first weight is negative.
#include <algorithm>
#include <cstdio>

const int N = 5000;
static long long lead[N + 1][N]; // the bug: N + 1 columns are needed
static long long w[N];

int main() {
  int n;
  if (std::scanf("%d", &n) != 1 || n < 1 || n > N)
    return 1;
  long long sum = 0;
  for (int i = 0; i < n; i++) {
    if (std::scanf("%lld", &w[i]) != 1)
      return 1;
    sum += w[i];
  }
  for (int i = 0; i <= n; i++)
    lead[0][i] = 0;
  for (int len = 1; len <= n; len++)
    for (int i = 0; i + len <= n; i++)
      lead[len][i] = std::max(w[i] - lead[len - 1][i + 1],
                              w[i + len - 1] - lead[len - 1][i]);
  std::printf("%lld\n", (sum + lead[n][0]) / 2);
}
