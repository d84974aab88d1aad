"""game_play.py - whole games through a pipe, judged against the interval
DP: the perfect line gets the perfect margin; greedy play on [3, 9, 1, 2]
is told its cost; random play's costs add up; the greedy opponent and two
people at one keyboard; moves taken back (undo) and games played again,
followed turn by turn; a last wheel taken without asking. Every cost the
game reports, every row of its end-of-game review and the opponent's
every move are checked by Replay, and on [3, 9, 1, 2] against leads
worked out by hand."""

import os
import random
import unittest

from game_replay import (MOVE, OVER, REVIEW, final, game, overs,
                         perfect_choice, play_live, review_rows)
from reference import lead_table


class Perfect(unittest.TestCase):
    def play(self, weights, second):
        options = ["--second"] if second else []
        lines, replay, status = play_live(self, weights, perfect_choice,
                                          *options)
        self.assertEqual(status, 0)
        you, opponent, margin = final(self, lines)
        perfect = lead_table(weights)[0][len(weights) - 1]
        if second:
            perfect = -perfect
        self.assertEqual(margin, perfect, weights)
        self.assertEqual(you - opponent, margin)
        self.assertEqual((you, opponent),
                         (replay.totals["you"], replay.totals["opponent"]))
        self.assertEqual(replay.costs, 0)
        self.assertTrue(any(l.startswith("You matched perfect play")
                            for l in lines), lines)
        # One review, each row checked against the DP by play_live.
        moved = len(weights) > 1 or not second
        self.assertEqual(len(replay.reviews), int(moved))

    def test_worked_examples(self):
        for weights in ([3, 9, 1, 2], [7, 2, 9, 4], [2, 4, 8, 1, 9, 3],
                        [6, 6], [10, 1], [5], [4, 4, 4, 4]):
            self.play(weights, False)
            self.play(weights, True)

    def test_random_shelves(self):
        rng = random.Random(20261129)
        for _ in range(40):
            n = rng.randint(1, 25)
            weights = [rng.randint(-3, 9) for _ in range(n)]
            self.play(weights, rng.random() < 0.5)


class Mistakes(unittest.TestCase):
    def test_greedy_on_the_problems_shelf(self):
        # Greedy takes the 3 (the heavier end) and pays 12 for it.
        p = game([3, 9, 1, 2], ["l", "r"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr, "")
        out = p.stdout
        self.assertIn("You take the left wheel (3 kilos): that cost you 12 "
                      "kilos of lead (the right\nwould have kept a lead of 7; "
                      "the left keeps -5).\n", out)
        self.assertIn("The opponent takes the left wheel (9 kilos).", out)
        lines = out.splitlines()
        self.assertEqual(final(self, lines), (5, 10, -5))
        self.assertIn("Perfect play finishes 7 kilos ahead "
                      "(margin 7); your moves cost 12 kilos.", out)
        # The README shows this game's review.
        readme = os.path.join(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__))), "README.md")
        with open(readme) as f:
            shown = f.read().split("```text\n" + REVIEW + "\n")[1]
        shown = REVIEW + "\n" + shown.split("```")[0]
        self.assertIn(shown, out)

    def test_random_play_costs_add_up(self):
        rng = random.Random(7)
        for _ in range(40):
            n = rng.randint(1, 20)
            weights = [rng.randint(0, 9) for _ in range(n)]
            second = rng.random() < 0.5
            lines, replay, status = play_live(
                self, weights, lambda r: rng.choice(["l", "r", "left",
                                                     "right"]),
                *(["--second"] if second else []))
            self.assertEqual(status, 0)
            you, opponent, margin = final(self, lines)
            perfect = lead_table(weights)[0][n - 1] * (-1 if second else 1)
            # Against perfect play the margin is perfect's less the costs.
            self.assertEqual(margin, perfect - replay.costs, weights)
            self.assertEqual(len(replay.reviews), int(n > 1 or not second))
            if replay.costs:
                cost = [l for l in lines if l.startswith("Perfect play")]
                self.assertIn(f"your moves cost {replay.costs} kilo",
                              cost[0])


class Opponents(unittest.TestCase):
    """--vs greedy: the opponent takes the heavier end (the left on equal
    weights), followed here on the block; --vs person: both buyers asked,
    judged and reviewed; and the first mistake named."""

    def test_greedy_opponent(self):
        rng = random.Random(22)
        for _ in range(30):
            n = rng.randint(1, 12)
            w = [rng.randint(-5, 9) for _ in range(n)]
            cmds = [rng.choice("lr") for _ in range(n)]
            p = game(w, cmds, "--vs", "greedy")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("a greedy buyer (who takes the heavier end) plays "
                          "second.", p.stdout)
            i, j, total = 0, n - 1, [0, 0]
            turn = 0
            for line in p.stdout.splitlines():
                m = MOVE.match(line)
                if not m:
                    continue
                end, weight = m.group(2), int(m.group(3))
                if m.group(1) == "The opponent takes":
                    want = "left" if w[i] >= w[j] else "right"
                    self.assertEqual(end if i < j else "left",
                                     want if i < j else "left", (w, line))
                if end == "right":
                    self.assertEqual(weight, w[j])
                    j -= 1
                else:
                    self.assertEqual(weight, w[i])
                    i += 1
                total[turn % 2] += weight
                turn += 1
            self.assertEqual(turn, n)
            over = [l for l in p.stdout.splitlines() if OVER.match(l)]
            self.assertEqual(OVER.match(over[0]).groups(),
                             (str(total[0]), str(total[1]),
                              str(total[0] - total[1])))

    def test_two_people(self):
        p = game([3, 9, 1, 2], ["r", "l", "l"], "--vs", "person")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout
        self.assertIn("Two people at one keyboard: the first buyer and the "
                      "second buyer take turns.", out)
        self.assertIn("The first buyer takes the right wheel (2 kilos). A "
                      "perfect move.", out)
        self.assertIn("The second buyer takes the left wheel (3 kilos). A "
                      "perfect move.", out)
        self.assertIn("Second buyer's move", out)
        self.assertIn("Game over: first buyer 11, second buyer 4. The first "
                      "buyer finished 7 kilos ahead (margin 7)",
                      " ".join(out.split()))
        rows = out.split("Review of the moves against perfect play:\n")[1]
        self.assertEqual(len(rows.split("(A lead")[0].splitlines()), 1 + 4)
        self.assertIn("No mistakes: every move kept the best lead.", out)
        # Undo takes back the last move, whoever made it.
        p = game([3, 9, 1, 2], ["r", "u", "l", "r", "l"], "--vs", "person")
        self.assertIn("Taken back: the move at turn 1.", p.stdout)

    def test_first_mistake_named(self):
        p = game([3, 9, 1, 2], ["l", "r"])
        # Wrapped at spaces to the width (80 in a pipe).
        self.assertIn("\nThe first mistake: turn 1, the left end, which cost "
                      "12 kilos of lead: the\nheavier end, the greedy "
                      "mistake.\nGreedy: you took the heavier end", p.stdout)
        self.assertTrue(all(len(l) < 80 for l in p.stdout.splitlines()))
        # Not the heavier end: named, but not greedy. On [5, 1, 1, 9] the
        # left 5 keeps 5 - lead([1, 1, 9]) = 5 - 9 = -4, the right 9 keeps
        # 9 - lead([5, 1, 1]) = 9 - 5 = 4: the lighter end costs 8.
        p = game([5, 1, 1, 9], ["l", "l"])
        self.assertIn("The first mistake: turn 1, the left end, which cost 8 "
                      "kilos of lead.\n", p.stdout)
        p = game([3, 9, 1, 2], ["r", "l"])
        self.assertIn("No mistakes: every one of your moves kept the best "
                      "lead.", p.stdout)


class Undo(unittest.TestCase):
    def test_take_back_a_move_and_the_reply(self):
        p = game([3, 9, 1, 2], ["u", "l", "u", "r", "l"])
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout
        self.assertEqual(out.count("Nothing to undo: you have not chosen a "
                                   "move yet."), 1)
        self.assertIn("You take back your move at turn 1 and the opponent's "
                      "reply.\n\nTurn 1 of 4: you 0, opponent 0.\n"
                      "  [3] 9 1 [2]\n", out)
        # The greedy 3 and the opponent's 9 are gone: 2, 9 against 3, 1.
        self.assertEqual(overs(self, out), [(11, 4, 7)])
        # By hand: on 3 9 1 2 the right end keeps 2 - lead(3 9 1) =
        # 2 - (-5) = 7; on 9 1 the left keeps 9 - 1 = 8.
        self.assertEqual(review_rows(out), [
            ["1", "right", "2", "7", "7", "0"],
            ["3", "left", "9", "8", "8", "0"]])

    def test_after_the_game(self):
        # Greedy, then take back the last move and play it worse.
        p = game([3, 9, 1, 2], ["l", "r", "u", "l", "q"])
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout
        self.assertIn("You take back your move at turn 3 and the opponent's "
                      "reply.\n\nTurn 3 of 4: you 3, opponent 9.\n", out)
        self.assertEqual(overs(self, out), [(5, 10, -5), (4, 11, -7)])
        # By hand: 3 keeps 3 - lead(9 1 2) = 3 - 8 = -5 of the 7 the right
        # end keeps; on 1 2 the 2 keeps 2 - 1 = 1, the 1 keeps 1 - 2 = -1.
        self.assertEqual(review_rows(out, 0), [
            ["1", "left", "3", "-5", "7", "12"],
            ["3", "right", "2", "1", "1", "0"]])
        self.assertEqual(review_rows(out, 1), [
            ["1", "left", "3", "-5", "7", "12"],
            ["3", "left", "1", "-1", "1", "2"]])
        self.assertIn("your moves cost 14 kilos.", out)

    def test_as_the_second_buyer(self):
        # The opponent's opening move is not the person's to take back; a
        # last wheel, taken unasked, is undone with the move before it.
        p = game([3, 9, 1, 2], ["u", "l", "u", "r", "q"], "--second")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout
        self.assertEqual(out.count("Nothing to undo"), 1)
        self.assertIn("You take back your move at turn 2 and the moves after "
                      "it.\n\nTurn 2 of 4: you 0, opponent 2.\n"
                      "  [3] 9 [1]\n", out)
        # By hand: on 3 9 1 both ends keep -5 (3 - 8, 1 - 6).
        self.assertEqual(review_rows(out, 0), [
            ["2", "left", "3", "-5", "-5", "0"],
            ["4", "last", "1", "1", "1", "0"]])
        self.assertEqual(review_rows(out, 1), [
            ["2", "right", "1", "-5", "-5", "0"],
            ["4", "last", "3", "3", "3", "0"]])
        self.assertEqual(overs(self, out), [(4, 11, -7), (4, 11, -7)])

    def test_random_games(self):
        # Random moves and undos, during and after the game; Replay checks
        # every turn's totals and every review against the DP.
        rng = random.Random(11)
        undone = 0
        for _ in range(40):
            n = rng.randint(1, 14)
            weights = [rng.randint(-5, 9) for _ in range(n)]
            second = rng.random() < 0.5
            ends = iter(range(3))
            lines, replay, status = play_live(
                self, weights,
                lambda r: rng.choice(["l", "r", "u", "undo", "right"]),
                *(["--second"] if second else []),
                after=lambda r: "u" if next(ends, None) is not None else "q")
            self.assertEqual(status, 0)
            over = overs(self, "\n".join(lines))
            self.assertGreaterEqual(len(over), 1)
            perfect = lead_table(weights)[0][n - 1] * (-1 if second else 1)
            # The moves that stand: perfect play's margin less their costs.
            self.assertEqual(over[-1][2], perfect - replay.costs, weights)
            # A review for each game in which the person moved.
            moved = n > 1 or not second
            self.assertEqual(len(replay.reviews), len(over) * moved)
            undone += replay.undone
        self.assertGreater(undone, 40)


class Again(unittest.TestCase):
    def test_the_same_shelf_again(self):
        p = game([3, 9, 1, 2], ["l", "r", "a", "r", "l", "q"])
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout
        self.assertEqual(out.count("A new game on the same shelf."), 1)
        again = out.split("A new game on the same shelf.\n")[1]
        self.assertTrue(again.startswith("\nTurn 1 of 4: you 0, opponent "
                                         "0.\n  [3] 9 1 [2]\n"), again)
        self.assertEqual(overs(self, out), [(5, 10, -5), (11, 4, 7)])
        self.assertEqual(review_rows(out, 1), [
            ["1", "right", "2", "7", "7", "0"],
            ["3", "left", "9", "8", "8", "0"]])

    def test_yes_and_no(self):
        p = game([3, 9, 1, 2], ["l", "r", "y", "n", "r", "l", "yes", "r",
                                "l", "no", "l"])
        self.assertEqual(p.returncode, 0, p.stderr)
        # During a game, "n" is no command; after it, "no" quits.
        self.assertEqual(p.stdout.count("Unknown command 'n': type l"), 1)
        self.assertEqual(p.stdout.count("A new game on the same shelf."), 2)
        self.assertEqual(len(overs(self, p.stdout)), 3)
        self.assertTrue(p.stdout.endswith("Play again? (a, u, q):\n"))

    def test_random_games(self):
        rng = random.Random(12)
        for _ in range(20):
            n = rng.randint(1, 12)
            weights = [rng.randint(0, 9) for _ in range(n)]
            second = rng.random() < 0.5
            games = rng.randint(1, 4)
            lines, replay, status = play_live(
                self, weights, lambda r: rng.choice(["l", "r"]),
                *(["--second"] if second else []),
                after=lambda r: "a" if r.games < games else "quit")
            self.assertEqual(status, 0)
            self.assertEqual(replay.games, games)
            self.assertEqual(len(overs(self, "\n".join(lines))), games)


class LastWheel(unittest.TestCase):
    def test_taken_without_asking(self):
        for weights, second, prompts in (([5], False, 0), ([6, 6], True, 0),
                                         ([1, 2, 3], False, 1),
                                         ([3, 9, 1, 2], True, 1)):
            options = ["--second"] if second else []
            p = game(weights, ["l"] * prompts + ["q"], *options)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(p.stdout.count("Your move ("), prompts, weights)
            self.assertIn("You take the last wheel", p.stdout)
            # Every command was read where it was meant.
            self.assertNotIn("Unknown command", p.stdout)
            self.assertEqual(len(overs(self, p.stdout)), 1)
