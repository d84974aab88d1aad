"""A right solution of the ripening-shelf game in Python with NumPy, as a
learner writes one when plain Python is too slow.

`python3 solution_fast.py PROBLEM` reads a shelf in PROBLEM's layout (cses,
atcoder: the count, then the weights; shelf, leetcode486: a bracketed list)
and prints PROBLEM's answer (cses: the first buyer's total; shelf, atcoder:
the margin, the first buyer's total minus the second's; leetcode486: true
when the first buyer's total is at least the second's).

The interval DP by span length on one rolling row of int64, each span one
vectorised step: O(n^2) work in n NumPy calls. Plain Python's O(n^2) loop is
too slow for CSES's 1 s at n = 5000, on CSES as here.
"""
import re
import sys

import numpy as np


def margin(w):
    """The first buyer's total minus the second's under perfect play."""
    n = len(w)
    if n == 0:
        return 0
    dp = w.copy()  # dp[i]: the mover's lead on the wheels i..i+span-1
    for span in range(2, n + 1):
        m = n - span + 1
        # Every dp[i + 1] must be the previous span's: np.maximum builds a
        # new array from the old row before any of it is written back.
        dp[:m] = np.maximum(w[:m] - dp[1:m + 1], w[span - 1:] - dp[:m])
    return int(dp[0])


def main():
    problem = sys.argv[1] if len(sys.argv) > 1 else "shelf"
    numbers = [int(t) for t in re.findall(r"-?\d+", sys.stdin.read())]
    if problem in ("cses", "atcoder"):
        numbers = numbers[1:]
    w = np.array(numbers, dtype=np.int64)
    m = margin(w)
    if problem == "cses":
        print((sum(numbers) + m) // 2)
    elif problem == "leetcode486":
        print("true" if m >= 0 else "false")
    else:
        print(m)


if __name__ == "__main__":
    main()
