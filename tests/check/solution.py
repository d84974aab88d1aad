"""The judge's test solutions in Python, right and deliberately wrong.

`python3 solution.py PROBLEM HOW`, with the PROBLEMs and HOWs of solution.c
(right, greedy, added, left-index, wrong-quantity, strict-tie, overflow32,
crash, exponential, memo-zero, memo-minus-one, extra-words, binary). Each way is also a function of the
wheels, for shelf.check() in python/tests/test_check.py.
"""
import sys


def right(w):
    """The problem's interval DP by span length."""
    n = len(w)
    lead = [[0] * n for _ in range(n)]
    for i in range(n):
        lead[i][i] = w[i]
    for span in range(2, n + 1):
        for i in range(n - span + 1):
            j = i + span - 1
            lead[i][j] = max(w[i] - lead[i + 1][j], w[j] - lead[i][j - 1])
    return lead[0][n - 1]


def greedy(w):
    i, j, turn, total = 0, len(w) - 1, 0, [0, 0]
    while i <= j:
        if w[i] >= w[j]:
            total[turn] += w[i]
            i += 1
        else:
            total[turn] += w[j]
            j -= 1
        turn ^= 1
    return total[0] - total[1]


def added(w):
    n = len(w)
    lead = [[0] * n for _ in range(n)]
    for i in range(n):
        lead[i][i] = w[i]
    for span in range(2, n + 1):
        for i in range(n - span + 1):
            j = i + span - 1
            lead[i][j] = max(w[i] + lead[i + 1][j], w[j] + lead[i][j - 1])
    return lead[0][n - 1]


def left_index(w):
    """The problem's third pitfall: by left index, i then j ascending."""
    n = len(w)
    lead = [[0] * n for _ in range(n)]
    for i in range(n):
        lead[i][i] = w[i]
    for i in range(n):
        for j in range(i + 1, n):
            lead[i][j] = max(w[i] - lead[i + 1][j], w[j] - lead[i][j - 1])
    return lead[0][n - 1]


def wrap(v):
    """v as a 32-bit int wraps it."""
    return (v + 2**31) % 2**32 - 2**31


def overflow32(w):
    """The interval DP with every value kept in 32 bits; returns (sum, lead)."""
    row = [wrap(x) for x in w]
    total = 0
    for x in w:
        total = wrap(total + x)
    n = len(w)
    for span in range(2, n + 1):
        for i in range(n - span + 1):
            j = i + span - 1
            row[i] = max(wrap(w[i] - row[i + 1]), wrap(w[j] - row[i]))
    return total, row[0]


def exponential(w, i=0, j=None):
    j = len(w) - 1 if j is None else j
    if i == j:
        return w[i]
    return max(w[i] - exponential(w, i + 1, j), w[j] - exponential(w, i, j - 1))


def memo_zero(w):
    """A memo table that takes 0 for "not computed yet" (solution.c's
    memo-zero): right, and fast while few leads are 0; on a shelf of zeros
    every block is computed again at each visit, 2^n calls."""
    n = len(w)
    memo = [[0] * n for _ in range(n)]

    def lead(i, j):
        if memo[i][j] != 0:  # the bug: a lead of 0 is never remembered
            return memo[i][j]
        if i == j:
            memo[i][j] = w[i]
        else:
            memo[i][j] = max(w[i] - lead(i + 1, j), w[j] - lead(i, j - 1))
        return memo[i][j]
    return lead(0, n - 1)


def memo_minus_one(w):
    """As solution.c's memo-minus-one and the published CSES solutions: a
    memo of the total of the buyer to move, -1 for "not computed yet", a
    total a block has when weights may be negative; the margin from it. On
    [0]*k + [-1, -1] + [0]*k every block holding the middle is computed
    again at each visit."""
    n = len(w)
    memo = [[-1] * n for _ in range(n)]
    prefix = [0]
    for x in w:
        prefix.append(prefix[-1] + x)

    def total(i, j):
        if memo[i][j] != -1:  # the bug: a total of -1 is never remembered
            return memo[i][j]
        if i == j:
            memo[i][j] = w[i]
        else:
            memo[i][j] = prefix[j + 1] - prefix[i] - min(total(i + 1, j),
                                                         total(i, j - 1))
        return memo[i][j]
    return 2 * total(0, n - 1) - prefix[n]


WAYS = {"right": right, "greedy": greedy, "added": added,
        "left-index": left_index, "exponential": exponential,
        "memo-zero": memo_zero, "memo-minus-one": memo_minus_one}


def main():
    problem, how = sys.argv[1], sys.argv[2]
    text = sys.stdin.read()
    numbers = [int(t) for t in text.replace("[", " ").replace("]", " ")
               .replace(",", " ").split()]
    if problem in ("cses", "atcoder"):
        numbers = numbers[1:]
    w = numbers
    first = problem == "cses"
    if how == "overflow32":
        total, lead = overflow32(w)
        print(int(wrap(total + lead) / 2) if first else lead)
        return
    m = WAYS.get(how, right)(w)
    if how == "crash" and len(w) >= 3:
        raise IndexError("list index out of range")
    if how == "wrong-quantity":
        first = not first
    if problem == "leetcode486":
        wins = m > 0 if how == "strict-tie" else m >= 0
        print("true" if wins else "false")
    elif how == "extra-words":
        print("answer:", (sum(w) + m) // 2 if first else m)
    elif how == "binary":  # a NUL and a byte that is not UTF-8 after it
        sys.stdout.flush()
        sys.stdout.buffer.write(b"%d\x00\xff\n" % m)
    else:
        print((sum(w) + m) // 2 if first else m)


if __name__ == "__main__":
    main()
