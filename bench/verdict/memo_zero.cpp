// memo_zero.cpp - CSES 1097 as contestants write it top-down, for
// bench/verdict.py: the lead of each block memoised, with 0 taken for "not
// computed yet". Right, and O(n^2), until the leads are 0: on a shelf of
// zeros every block is computed again, 2^n calls (a time limit).
#include <iostream>
#include <vector>

using ll = long long;

static std::vector<ll> w;
static std::vector<std::vector<ll>> memo;

static ll lead(int i, int j) {
  if (i > j)
    return 0;
  if (memo[i][j] != 0) // the bug: a lead of 0 is never remembered
    return memo[i][j];
  return memo[i][j] = std::max(w[i] - lead(i + 1, j), w[j] - lead(i, j - 1));
}

int main() {
  std::ios::sync_with_stdio(false);
  int n;
  std::cin >> n;
  w.resize(n);
  ll sum = 0;
  for (ll &x : w) {
    std::cin >> x;
    sum += x;
  }
  memo.assign(n, std::vector<ll>(n, 0));
  std::cout << (sum + lead(0, n - 1)) / 2 << "\n";
}
