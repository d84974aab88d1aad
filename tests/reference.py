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
