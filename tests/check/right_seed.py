"""A right solution in the seed's layout: the seed's own interval DP."""
import ast
import sys


def solve(wheels):
    n = len(wheels)
    lead = [[0] * n for _ in range(n)]
    for i in range(n):
        lead[i][i] = wheels[i]
    for span in range(2, n + 1):
        for i in range(n - span + 1):
            j = i + span - 1
            lead[i][j] = max(wheels[i] - lead[i + 1][j], wheels[j] - lead[i][j - 1])
    return lead[0][n - 1]


print(solve(ast.literal_eval(sys.stdin.read())))
