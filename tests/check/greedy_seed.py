"""Wrong: the heavier end each turn (the left on a tie), for both buyers."""
import ast
import sys

w = ast.literal_eval(sys.stdin.read())
i, j, turn, total = 0, len(w) - 1, 0, [0, 0]
while i <= j:
    if w[i] >= w[j]:
        total[turn] += w[i]
        i += 1
    else:
        total[turn] += w[j]
        j -= 1
    turn ^= 1
print(total[0] - total[1])
