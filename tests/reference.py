"""reference.py - the answers the Python tests expect, computed here from
the game's definition in Python's exact integers, with none of shelf's code.

margin() is the interval DP, lead(i, j) = max(w[i] - lead(i+1, j),
w[j] - lead(i, j-1)), filled by span length: O(n^2), so for small shelves
only. reduce_margin() is the peak-merging reduction written again from its
definition, O(n), for shelves of millions of wheels; reduction_agrees()
checks it against the DP, and the tests that use it call that first, so that
a mistake here cannot agree with a mistake in shelf.
"""

import random


def lead_table(weights):
    """lead[i][j]: what the buyer to move can finish ahead by on i..j."""
    n = len(weights)
    lead = [[0] * n for _ in range(n)]
    for i in range(n):
        lead[i][i] = weights[i]
    for span in range(2, n + 1):
        for i in range(n - span + 1):
            j = i + span - 1
            lead[i][j] = max(weights[i] - lead[i + 1][j],
                             weights[j] - lead[i][j - 1])
    return lead


def kept(weights, lead, i, j, end):
    """The lead the buyer to move keeps by taking `end` ("left" or "right")
    of block i..j, given lead = lead_table(weights)."""
    if i == j:
        return weights[i]
    if end == "left":
        return weights[i] - lead[i + 1][j]
    return weights[j] - lead[i][j - 1]


def margin(weights):
    """The first buyer's kilos minus the second's (0 for an empty shelf)."""
    return lead_table(weights)[0][-1] if weights else 0


def reduce_margin(weights):
    """The margin of any iterable of weights: merge a, b, c into a - b + c
    while b >= a and b >= c; on the valley left, both buyers take the larger
    end."""
    st = []
    for x in weights:
        while len(st) >= 2 and st[-1] >= st[-2] and st[-1] >= x:
            x = st[-2] - st[-1] + x
            del st[-2:]
        st.append(x)
    result, sign, lo, hi = 0, 1, 0, len(st) - 1
    while lo <= hi:
        if st[lo] >= st[hi]:
            v, lo = st[lo], lo + 1
        else:
            v, hi = st[hi], hi - 1
        result += sign * v
        sign = -sign
    return result


def reduction_agrees():
    """reduce_margin() gives the DP's margin on 3000 short random shelves
    (small weights with many ties, and weights over all of int64); prints
    the first shelf where it does not."""
    rnd = random.Random(7)
    for _ in range(3000):
        n = rnd.randint(0, 12)
        pick = rnd.choice([lambda: rnd.randint(-3, 3),
                           lambda: rnd.randint(1, 10**4),
                           lambda: rnd.randint(-2**63, 2**63 - 1)])
        w = [pick() for _ in range(n)]
        if reduce_margin(w) != margin(w):
            print("self-check failed: the Python reduction disagrees with "
                  "the DP on %r" % (w,))
            return False
    return True


def best_end(weights, i, j):
    """The line's move on block i..j, written again from its definition:
    reduce the block as reduce_margin() does, then take the larger end of
    what is left, "left" on equal ends. The game's perfect buyer
    (shelf_best_move()) moves so; where both ends keep the lead, the DP
    alone would allow either."""
    st = []
    for x in weights[i:j + 1]:
        while len(st) >= 2 and st[-1] >= st[-2] and st[-1] >= x:
            x = st[-2] - st[-1] + x
            del st[-2:]
        st.append(x)
    return "left" if st[0] >= st[-1] else "right"


def greedy_game(weights):
    """A greedy first buyer (the heavier end, the left on equal weights)
    against the game's perfect second buyer (best_end()), played move by
    move with the DP's leads: a dict with the game's "margin", its "ends",
    "lost" (the lead lost on the first buyer's turns, summed) and "trap",
    the first turn that loses lead as (turn, end, wheel, weight, lost there,
    the other end's wheel), wheels 0-based, or None. Asserts that every
    move of the second buyer keeps its block's lead, so that margin(w) -
    lost is the game's margin."""
    n = len(weights)
    lead = lead_table(weights)
    i, j, totals, ends, lost, trap = 0, n - 1, [0, 0], [], 0, None
    for t in range(n):
        if t % 2 == 0:
            end = "left" if weights[i] >= weights[j] else "right"
            loss = lead[i][j] - kept(weights, lead, i, j, end)
            if loss > 0 and trap is None:
                wheel, other = (i, j) if end == "left" else (j, i)
                trap = (t + 1, end, wheel, weights[wheel], loss, other)
            lost += loss
        else:
            end = best_end(weights, i, j)
            assert kept(weights, lead, i, j, end) == lead[i][j], weights
        ends.append(end)
        if end == "left":
            totals[t % 2] += weights[i]
            i += 1
        else:
            totals[t % 2] += weights[j]
            j -= 1
    game = {"margin": totals[0] - totals[1], "ends": ends, "lost": lost,
            "trap": trap}
    assert game["margin"] == margin(weights) - lost, weights
    return game


def greedy_vs_perfect(weights):
    """The margin when the first buyer always takes the heavier end (the left
    on equal weights) and the second is the game's perfect buyer: that game
    played out (greedy_game())."""
    return greedy_game(weights)["margin"]
