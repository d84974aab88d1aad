"""reference.py - the seed's interval DP in Python, the one reference the
Python tests compute expected answers with (exact, big integers).

lead(i, j) = max(w[i] - lead(i+1, j), w[j] - lead(i, j-1)), filled by span
length: O(n^2), so for small shelves only.
"""


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


def margin(weights):
    """The first buyer's kilos minus the second's (0 for an empty shelf)."""
    return lead_table(weights)[0][-1] if weights else 0


def greedy_vs_perfect(weights):
    """The margin when the first buyer always takes the heavier end (the left
    on equal weights) and the second plays to make the margin smallest: a
    search over every reply, by span like lead_table."""
    n = len(weights)
    if n == 0:
        return 0
    # still[i]: the margin still to come on block i..i+span-1.
    still = [0] * (n + 1)
    for span in range(1, n + 1):
        first_moves = (n - span) % 2 == 0
        row = []
        for i in range(n - span + 1):
            j = i + span - 1
            after_left = still[i + 1] if span > 1 else 0
            after_right = still[i] if span > 1 else 0
            if first_moves:
                row.append(weights[i] + after_left if weights[i] >= weights[j]
                           else weights[j] + after_right)
            else:
                row.append(min(after_left - weights[i],
                               after_right - weights[j]))
        still = row + [0]
    return still[0]
