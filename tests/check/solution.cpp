// solution.cpp - the judge's test solutions in C++, right and deliberately
// wrong: `solution_cpp PROBLEM HOW`, with the PROBLEMs and HOWs of
// solution.c (right, greedy, added, left-index, wrong-quantity, strict-tie,
// overflow32, crash, exponential, extra-words), written the way C++
// solutions are: vectors, std::max, iostreams.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

using ll = long long;

static std::vector<ll> read_shelf(bool counted) {
  std::string text((std::istreambuf_iterator<char>(std::cin)),
                   std::istreambuf_iterator<char>());
  for (char &c : text)
    if (c == '[' || c == ']' || c == ',')
      c = ' ';
  std::vector<ll> w;
  size_t at = 0;
  bool skip_count = counted;
  while (at < text.size()) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\n'))
      at++;
    if (at >= text.size())
      break;
    size_t used = 0;
    ll v = std::stoll(text.substr(at, 24), &used);
    at += used;
    if (skip_count)
      skip_count = false;
    else
      w.push_back(v);
  }
  return w;
}

static ll interval_dp(const std::vector<ll> &w, int sign) {
  size_t n = w.size();
  std::vector<ll> row(w);
  for (size_t span = 2; span <= n; span++)
    for (size_t i = 0; i + span <= n; i++) {
      size_t j = i + span - 1;
      row[i] = std::max(w[i] + sign * row[i + 1], w[j] + sign * row[i]);
    }
  return row[0];
}

static ll greedy(const std::vector<ll> &w) {
  ll total[2] = {0, 0};
  size_t i = 0, j = w.size();
  for (int turn = 0; i < j; turn ^= 1)
    total[turn] += w[i] >= w[j - 1] ? w[i++] : w[--j];
  return total[0] - total[1];
}

static ll left_index(const std::vector<ll> &w) {
  size_t n = w.size();
  std::vector<std::vector<ll>> lead(n, std::vector<ll>(n, 0));
  for (size_t i = 0; i < n; i++)
    lead[i][i] = w[i];
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      lead[i][j] = std::max(w[i] - lead[i + 1][j], w[j] - lead[i][j - 1]);
  return lead[0][n - 1];
}

// int32 that wraps, without signed overflow's undefined behaviour.
static int32_t wrap(ll v) { return (int32_t)(uint32_t)(uint64_t)v; }

static ll brute(const std::vector<ll> &w, size_t i, size_t j) {
  if (i == j)
    return w[i];
  return std::max(w[i] - brute(w, i + 1, j), w[j] - brute(w, i, j - 1));
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: solution_cpp PROBLEM HOW\n";
    return 2;
  }
  std::string problem = argv[1], how = argv[2];
  bool counted = problem == "cses" || problem == "atcoder";
  bool first = problem == "cses", winner = problem == "leetcode486";
  std::vector<ll> w = read_shelf(counted);
  ll sum = 0;
  for (ll v : w)
    sum += v;
  if (how == "overflow32") {
    std::vector<int32_t> row(w.size());
    int32_t s32 = 0;
    for (size_t i = 0; i < w.size(); i++)
      row[i] = wrap(w[i]), s32 = wrap((ll)s32 + w[i]);
    for (size_t span = 2; span <= w.size(); span++)
      for (size_t i = 0; i + span <= w.size(); i++)
        row[i] = std::max(wrap(w[i] - row[i + 1]),
                          wrap(w[i + span - 1] - row[i]));
    if (first)
      std::cout << wrap((ll)s32 + row[0]) / 2 << "\n";
    else
      std::cout << row[0] << "\n";
    return 0;
  }
  ll m = how == "greedy"        ? greedy(w)
         : how == "added"       ? interval_dp(w, +1)
         : how == "left-index"  ? left_index(w)
         : how == "exponential" ? brute(w, 0, w.size() - 1)
                                : interval_dp(w, -1);
  if (how == "crash" && w.size() >= 3) {
    std::vector<ll> empty;
    std::cout << empty.at(w.size()) << "\n"; // throws: terminate, SIGABRT
  }
  if (how == "wrong-quantity")
    first = !first;
  if (how == "extra-words")
    std::cout << "answer: ";
  if (winner)
    std::cout << ((how == "strict-tie" ? m > 0 : m >= 0) ? "true" : "false")
              << "\n";
  else
    std::cout << (first ? (sum + m) / 2 : m) << "\n";
}
