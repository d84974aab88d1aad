#!/usr/bin/env python3
"""interactive_tests.py - `shelf --interactive` driven through pipes, and
`shelf --random`.

Usage: interactive_tests.py PATH/TO/shelf

With standard input a pipe the game reads one command a line and writes
plain text, so these tests play it: the perfect line gets the perfect
margin, greedy play on [3, 9, 1, 2] is told its cost, every cost the game
reports is checked against an interval DP written here, and the opponent's
every move is checked to be optimal. Python 3 standard library only.
"""

import json
import os
import random
import re
import subprocess
import sys
import threading
import unittest

from reference import kept, lead_table, margin as dp_margin

SHELF = None
# A game that hangs is killed after this long, so the run fails instead of
# hanging; no assertion depends on time.
WATCHDOG_SECONDS = 300


def run(*args, stdin=""):
    return subprocess.run([SHELF, *args], input=stdin, capture_output=True,
                          text=True, timeout=WATCHDOG_SECONDS)


def game(weights, commands, *options):
    """Plays with all commands given up front; returns the process."""
    return run("--interactive", *options, "--", *map(str, weights),
               stdin="".join(c + "\n" for c in commands))


MOVE = re.compile(r"^(You take|The opponent takes) the (left|right) wheel "
                  r"\((-?\d+) kilos?\)[.:]")
COST = re.compile(r"that cost you (\d+) kilos? of lead")
OVER = re.compile(r"^Game over: you (-?\d+), opponent (-?\d+)\. "
                  r"You finished .*\(margin (-?\d+)\)\.$")


class Replay:
    """Follows a game's text, checking every move against the DP."""

    def __init__(self, test, weights):
        self.test, self.weights = test, weights
        self.lead = lead_table(weights)
        self.i, self.j = 0, len(weights) - 1
        self.costs = 0
        self.totals = {"you": 0, "opponent": 0}

    def line(self, text):
        m = MOVE.match(text)
        if not m:
            return
        who = "you" if m.group(1) == "You take" else "opponent"
        end, weight = m.group(2), int(m.group(3))
        w, i, j, lead = self.weights, self.i, self.j, self.lead
        self.test.assertEqual(weight, w[i] if end == "left" else w[j], text)
        value = kept(w, lead, i, j, end)
        if who == "opponent":
            # The perfect buyer keeps the block's lead, every time.
            self.test.assertEqual(value, lead[i][j], text)
        else:
            cost = COST.search(text)
            expected = lead[i][j] - value
            if expected == 0:
                self.test.assertIn("A perfect move.", text)
            else:
                self.test.assertIsNotNone(cost, text)
                self.test.assertEqual(int(cost.group(1)), expected, text)
            self.costs += expected
        self.totals[who] += weight
        if end == "left":
            self.i += 1
        else:
            self.j -= 1


def play_live(test, weights, choose, *options):
    """Plays a game move by move: at each prompt, choose(replay) gives the
    command. Returns (output lines, replay, exit status)."""
    proc = subprocess.Popen(
        [SHELF, "--interactive", *options, "--", *map(str, weights)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    watchdog = threading.Timer(WATCHDOG_SECONDS, proc.kill)
    watchdog.start()
    replay = Replay(test, weights)
    lines = []
    try:
        for text in proc.stdout:
            lines.append(text.rstrip("\n"))
            replay.line(lines[-1])
            if text.startswith("Your move"):
                proc.stdin.write(choose(replay) + "\n")
                proc.stdin.flush()
        proc.stdin.close()
        status = proc.wait()
    finally:
        watchdog.cancel()
        proc.stdout.close()
    return lines, replay, status


def perfect_choice(replay):
    w, lead, i, j = replay.weights, replay.lead, replay.i, replay.j
    left = kept(w, lead, i, j, "left")
    right = kept(w, lead, i, j, "right")
    return "l" if left >= right else "r"


def final(test, lines):
    over = [l for l in lines if l.startswith("Game over")]
    test.assertEqual(len(over), 1, lines)
    m = OVER.match(over[0])
    test.assertIsNotNone(m, over[0])
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


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
    def test_greedy_on_the_seed_shelf(self):
        # Greedy takes the 3 (the heavier end) and pays 12 for it.
        p = game([3, 9, 1, 2], ["l", "r"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr, "")
        out = p.stdout
        self.assertIn("You take the left wheel (3 kilos): that cost you 12 "
                      "kilos of lead.\n(The right would have kept a lead of "
                      "7; the left keeps -5.)\n", out)
        self.assertIn("The opponent takes the left wheel (9 kilos).", out)
        lines = out.splitlines()
        self.assertEqual(final(self, lines), (5, 10, -5))
        self.assertIn("Perfect play finishes 7 kilos ahead "
                      "(margin 7); your moves cost 12 kilos.", out)

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
            if replay.costs:
                self.assertIn(f"your moves cost {replay.costs} kilo",
                              lines[-1])


class Commands(unittest.TestCase):
    def test_hint(self):
        p = game([3, 9, 1, 2], ["?", "q"])
        self.assertEqual(p.returncode, 0)
        self.assertEqual(p.stdout.count("Hint:"), 1)
        hint = p.stdout[p.stdout.index("Hint:"):]
        self.assertTrue(hint.startswith(
            "Hint: the left wheel (3 kilos) keeps a lead of -5,\n"
            "      the right wheel (2 kilos) keeps a lead of 7.\n"
            "      Best: the right.\n"), hint)

    def test_hint_on_a_tie_and_a_last_wheel(self):
        p = game([6, 6], ["?", "l"], "--second")
        self.assertIn("Hint: the left wheel (6 kilos) keeps a lead of 6.\n"
                      "      One wheel left: take it.", p.stdout)
        p = game([4, 4, 4, 4], ["?", "q"])
        self.assertIn("Both ends are best.", p.stdout)

    def test_unknown_commands(self):
        junk = ["x", "", "  ", "left right", "h", "\x1b[31m", "\xff\x00",
                "?" * 200]
        p = game([3, 9, 1, 2], junk + ["r", "L", "RIGHT  "])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.count("Unknown command"), len(junk))
        self.assertIn("Unknown command 'x': type l (or left), r (or right), "
                      "? for a hint, q to quit.", p.stdout)
        # Plain text only, even when the junk was an escape sequence.
        self.assertNotIn("\x1b", p.stdout)
        self.assertTrue(all(len(l) < 200 for l in p.stdout.splitlines()))
        self.assertEqual(final(self, p.stdout.splitlines())[2], 7)

    def test_binary_input(self):
        p = subprocess.run([SHELF, "-i", "3", "9", "1", "2"],
                           input=b"\xff\xfe\x00\x07\nq\n",
                           capture_output=True, timeout=WATCHDOG_SECONDS)
        self.assertEqual(p.returncode, 0)
        self.assertIn(b"Unknown command", p.stdout)
        self.assertNotIn(b"\x1b", p.stdout)

    def test_quit(self):
        p = game([3, 9, 1, 2], ["r", "q", "l"])
        self.assertEqual(p.returncode, 0)
        self.assertEqual(p.stderr, "")
        self.assertIn("You quit at turn 3 of 4: you 2, opponent 3.",
                      p.stdout)
        self.assertNotIn("Game over", p.stdout)
        self.assertEqual(p.stdout.count("You take"), 1)

    def test_end_of_input(self):
        for commands in ([], ["r"]):
            p = game([3, 9, 1, 2], commands)
            self.assertEqual(p.returncode, 0)
            self.assertEqual(p.stderr, "")
            self.assertIn("Input ended at turn", p.stdout)
            self.assertNotIn("Game over", p.stdout)

    def test_second(self):
        p = game([3, 9, 1, 2], ["l", "r"], "--second")
        self.assertEqual(p.returncode, 0)
        lines = p.stdout.splitlines()
        self.assertIn("You are the second buyer; a perfect buyer plays "
                      "first.", lines)
        moves = [l for l in lines if MOVE.match(l)]
        # The opponent opens with the line's move: the 2 on the right.
        self.assertTrue(moves[0].startswith("The opponent takes the right "
                                            "wheel (2 kilos)"), moves)
        you, opponent, margin = final(self, lines)
        self.assertEqual(margin, you - opponent)
        self.assertIn("You matched perfect play", p.stdout)
        self.assertEqual(margin, -7)

    def test_plain_text(self):
        p = game([3, 9, 1, 2], ["?", "l", "?", "r"])
        self.assertNotIn("\x1b", p.stdout)
        p = subprocess.run([SHELF, "-i", "3", "9", "1", "2"], input="l\n",
                           capture_output=True, text=True,
                           env={**os.environ, "NO_COLOR": ""},
                           timeout=WATCHDOG_SECONDS)
        self.assertNotIn("\x1b", p.stdout)

    def test_empty_shelf(self):
        p = run("-i", "[]")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("The shelf is empty", p.stdout)

    def test_moves_and_explain_after_the_game(self):
        p = game([3, 9, 1, 2], ["l", "r"], "--moves", "--explain")
        self.assertEqual(p.returncode, 0)
        after = p.stdout.split("Perfect play on this shelf")[1]
        self.assertIn("\n7\n", after)
        self.assertIn("The greedy trap: at turn 1", after)

    def test_long_shelf(self):
        # 10^5 wheels: the shelf is abbreviated, the opponent answers.
        p = run("-i", "--random", "100000", "--seed", "11",
                stdin="l\nr\n?\nl\nq\n")
        self.assertEqual(p.returncode, 0, p.stderr)
        shelves = [l for l in p.stdout.splitlines() if l.startswith("  [")]
        self.assertGreaterEqual(len(shelves), 4)
        for s in shelves:
            self.assertLessEqual(len(s), 80)
            self.assertIn(" more ...", s)
        # l, (opponent), r, (opponent), ? and l, (opponent), q.
        self.assertIn("You quit at turn 7 of 100000", p.stdout)
        self.assertEqual(p.stdout.count("The opponent takes"), 3)

    def test_closed_output(self):
        # The reader goes away: the game ends with status 1, silently.
        proc = subprocess.Popen([SHELF, "-i", "--random", "1000", "--seed",
                                 "1"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        proc.stdout.readline()
        proc.stdout.close()
        _, err = proc.communicate(b"l\n" * 600, timeout=WATCHDOG_SECONDS)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(err, b"")

    def test_usage_errors(self):
        for args in (["-i"], ["-i", "-f", "-"], ["-i", "--json", "1", "2"],
                     ["-i", "--batch", "-f", "x"], ["--second", "1", "2"]):
            p = run(*args, stdin="1 2\n")
            self.assertEqual(p.returncode, 2, args)
            self.assertTrue(p.stderr.startswith("shelf: "), args)
            self.assertEqual(p.stdout, "", args)


class Random(unittest.TestCase):
    def listed(self, *args):
        p = run("--random", *args)
        self.assertEqual(p.returncode, 0, p.stderr)
        return json.loads(p.stdout)

    def test_pinned(self):
        # SplitMix64 from seed 1, rejection-sampled into 1..10000: the same
        # on every machine and in every release.
        p = run("--random", "5", "--seed", "1")
        self.assertEqual(p.stdout, "[2466, 8520, 591, 236, 8762]\n")
        self.assertEqual(p.stderr, "")

    def test_same_seed_same_shelf(self):
        a = self.listed("50", "--seed", "123")
        self.assertEqual(a, self.listed("50", "--seed", "123"))
        self.assertNotEqual(a, self.listed("50", "--seed", "124"))
        self.assertEqual(len(a), 50)
        # A longer shelf from the same seed starts the same way.
        self.assertEqual(self.listed("80", "--seed", "123")[:50], a)

    def test_range(self):
        w = self.listed("2000", "--seed", "4", "--range", "-5..5")
        self.assertTrue(all(-5 <= x <= 5 for x in w))
        self.assertEqual(set(w), set(range(-5, 6)))
        self.assertEqual(self.listed("7", "--seed", "4", "--range", "3..3"),
                         [3] * 7)
        lo, hi = -2**63, 2**63 - 1
        w = self.listed("100", "--seed", "9", "--range", f"{lo}..{hi}")
        self.assertTrue(all(lo <= x <= hi for x in w))
        self.assertEqual(len(set(w)), 100)
        w = self.listed("1000", "--seed", "2")
        self.assertTrue(all(1 <= x <= 10000 for x in w))

    def test_seed_from_the_clock(self):
        p = run("--random", "6")
        self.assertEqual(p.returncode, 0)
        m = re.fullmatch(r"shelf: random shelf from --seed (\d+)\n", p.stderr)
        self.assertIsNotNone(m, p.stderr)
        self.assertEqual(json.loads(p.stdout),
                         self.listed("6", "--seed", m.group(1)))

    def test_solved_with_other_options(self):
        w = self.listed("9", "--seed", "77")
        typed = json.loads(run("--json", "--moves", "--",
                               *map(str, w)).stdout)
        made = json.loads(run("--random", "9", "--seed", "77", "--json",
                              "--moves").stdout)
        self.assertEqual(made, typed)
        self.assertEqual(typed["margin"], dp_margin(w))
        p = run("--random", "9", "--seed", "77", "--algorithm", "dp")
        self.assertEqual(int(p.stdout), typed["margin"])
        p = run("--random", "9", "--seed", "77", "--explain")
        self.assertTrue(p.stdout.startswith(f"{typed['margin']}\n"))

    def test_usage_errors(self):
        for args in (["--random", "0"], ["--random", "x"],
                     ["--random", "-3"], ["--random", ""],
                     ["--random", "1000000001"],
                     ["--random", "5", "1", "2"],
                     ["--random", "5", "-f", "x"],
                     ["--random", "5", "--batch"],
                     ["--random", "3", "--range", "5..1"],
                     ["--random", "3", "--range", "1-5"],
                     ["--random", "3", "--range", "a..b"],
                     ["--random", "3", "--range", "1..9223372036854775808"],
                     ["--random", "3", "--seed", "-1"],
                     ["--random", "3", "--seed", "18446744073709551616"],
                     ["--seed", "3", "1", "2"], ["--range", "1..2", "1"]):
            p = run(*args)
            self.assertEqual(p.returncode, 2, args)
            self.assertTrue(p.stderr.startswith("shelf: "), args)
            self.assertEqual(p.stdout, "", args)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: interactive_tests.py PATH/TO/shelf")
    SHELF = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
