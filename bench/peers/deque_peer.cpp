// deque_peer.cpp - a linear solution the way it is written for a contest:
// iostream input, a std::deque as the stack, long long everywhere. A peer
// for the benchmarks, not part of shelf.
//
//   deque_peer < FILE    prints the margin of the whitespace-separated
//                        weights on standard input
//
// Same method as shelf: while the last two values and the new one form a
// peak (middle >= both sides), replace the three by left - middle + right;
// then both buyers take the larger end of what is left.
#include <deque>
#include <iostream>

int main() {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  std::deque<long long> dq;
  long long x;
  while (std::cin >> x) {
    while (dq.size() >= 2 && dq[dq.size() - 1] >= dq[dq.size() - 2] &&
           dq.back() >= x) {
      long long peak = dq.back();
      dq.pop_back();
      long long left = dq.back();
      dq.pop_back();
      x = left - peak + x;
    }
    dq.push_back(x);
  }
  long long margin = 0;
  int sign = 1;
  while (!dq.empty()) {
    long long v;
    if (dq.front() >= dq.back()) {
      v = dq.front();
      dq.pop_front();
    } else {
      v = dq.back();
      dq.pop_back();
    }
    margin += sign * v;
    sign = -sign;
  }
  std::cout << margin << "\n";
  return 0;
}
