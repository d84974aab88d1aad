"""game_traps.py - greedy played in `shelf --interactive` on the shelves
`--trap` makes: the game's perfect buyer is the one --explain measures.

On every --trap shelf of a range of seeds, sizes and ranges (ties, zeros,
negatives and small ranges included), a person who takes the heavier end
(the left on equal weights) at every turn, through a pipe, must finish
with the margin --explain gives less the loss its trap sentence states,
and that loss must be at least 1 (--trap's promise). The stated loss is
also checked against reference.py's greedy_game(), which plays the same
game with the DP and none of shelf's code.
"""

import json
import re
import unittest

from game_replay import play_live, run
from reference import greedy_game, margin

# "... greedy loses 12 kilos of lead in all." in the trap sentence.
LOSS = re.compile(r"greedy loses (\d+) kilos? of lead in all\.$")
# The game's last words, which wrap where the numbers are long.
OVER = re.compile(r"Game over: you -?\d+, opponent -?\d+\. You finished "
                  r"[^(]*\(margin\s+(-?\d+)\)\.")

# (wheels, --range): the --trap shelves of SEEDS, repeats dropped. --trap
# takes the first seed from --seed on whose shelf greedy loses, so seeds
# close together often give one shelf; these are far apart.
CASES = [(4, "0..3"), (5, "-3..3"), (6, "0..1"), (6, "0..9"), (7, "-2..2"),
         (8, "1..10000"), (9, "0..5"), (10, "-1000..1000"), (14, "0..3")]
SEEDS = range(1, 1000, 83)


def greedy_choice(replay):
    """The heavier end of the block that remains, the left on equal
    weights: "l" and "r" are left and right when the game reads a pipe."""
    w, i, j = replay.weights, replay.i, replay.j
    return "l" if w[i] >= w[j] else "r"


class GreedyOnTraps(unittest.TestCase):
    def stated(self, weights):
        """(margin, loss) as `shelf --explain` states them."""
        p = run("--explain", "--", *map(str, weights))
        self.assertEqual(p.returncode, 0, p.stderr)
        lines = p.stdout.splitlines()
        m = int(lines[0])
        trap = [l for l in lines if l.startswith("The greedy trap:")]
        self.assertEqual(len(trap), 1, p.stdout)
        loss = LOSS.search(trap[0])
        self.assertIsNotNone(loss, trap[0])
        return m, int(loss.group(1))

    def test_greedy_loses_what_explain_states(self):
        played = set()
        for n, span in CASES:
            for seed in SEEDS:
                p = run("--random", str(n), "--seed", str(seed), "--range",
                        span, "--trap")
                self.assertEqual(p.returncode, 0, p.stderr)
                weights = json.loads(p.stdout)
                if tuple(weights) in played:
                    continue
                played.add(tuple(weights))
                m, loss = self.stated(weights)
                self.assertEqual(m, margin(weights), weights)
                self.assertGreaterEqual(loss, 1, weights)
                self.assertEqual(loss, greedy_game(weights)["lost"], weights)
                lines, replay, status = play_live(self, weights,
                                                  greedy_choice)
                self.assertEqual(status, 0, weights)
                over = OVER.findall(" ".join(lines))
                self.assertEqual(len(over), 1, lines)
                self.assertEqual(int(over[0]), m - loss, weights)
                self.assertEqual(replay.costs, loss, weights)
        # Ties and repeats left a good number of games to play.
        self.assertGreater(len(played), 80)


if __name__ == "__main__":
    unittest.main()
