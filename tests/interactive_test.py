#!/usr/bin/env python3
"""interactive_test.py - `shelf --interactive` driven through pipes and a
pseudo-terminal, and `shelf --random`.

Usage: interactive_test.py PATH/TO/shelf

With standard input a pipe the game reads one command a line and writes
plain text, so these tests play it: the perfect line gets the perfect
margin, greedy play on [3, 9, 1, 2] is told its cost, every cost the game
reports and every row of its end-of-game review are checked against the
interval DP of reference.py (and on [3, 9, 1, 2] against leads worked out by
hand), the opponent's every move is checked to be optimal, and moves taken
back (undo) and games played again are followed turn by turn. On a
pseudo-terminal: keys, a last wheel taken without a key, and the terminal's
mode as it was after every way out (the end, signals, a read error). Read
errors on standard input exit with status 1. Python 3 standard library only.
"""

import errno
import json
import os
import random
import re
import resource
import select
import signal
import subprocess
import sys
import tempfile
import termios
import threading
import unittest

from reference import kept, lead_table, margin as dp_margin
from robustness_test import is_sanitized

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


MOVE = re.compile(r"^(You take|The opponent takes) the (left|right|last) "
                  r"wheel \((-?\d+) kilos?\)[.:]")
COST = re.compile(r"that cost you (\d+) kilos? of lead")
OVER = re.compile(r"^Game over: you (-?\d+), opponent (-?\d+)\. "
                  r"You finished .*\(margin (-?\d+)\)\.$")
TURN = re.compile(r"^Turn (\d+) of (\d+): you (-?\d+), opponent (-?\d+)\.$")
BACK = re.compile(r"^You take back your move at turn (\d+)( and the "
                  r"opponent's reply| and the moves after it)?\.$")
REVIEW = "Review of your moves against perfect play:"
REVIEW_HEADER = "turn  end    weight  lead kept  best lead  cost"


class Replay:
    """Follows a game's text, checking every move against the DP, every
    turn's totals, every move taken back and every review."""

    def __init__(self, test, weights, second=False):
        self.test, self.weights = test, weights
        self.person = "opponent" if second else "you"  # who moves first
        self.lead = lead_table(weights)
        self.reviews = []       # each review's rows, as printed
        self.expected = []      # each review's rows, from the DP
        self.undone = 0         # moves taken back
        self.games = 1
        self._review = None     # the rows of a review being read
        self.new_game()

    def new_game(self):
        self.i, self.j = 0, len(self.weights) - 1
        self.totals = {"you": 0, "opponent": 0}
        # (who, end, weight, lead kept, block's lead), one a turn.
        self.moves = []

    @property
    def costs(self):
        return sum(lead - kept for who, _, _, kept, lead in self.moves
                   if who == "you")

    def line(self, text):
        t = self.test
        if self._review is not None:
            if text.startswith("(A lead"):
                self.reviews.append(self._review)
                self._review = None
            else:
                self._review.append(text.split())
            return
        if text == REVIEW:
            self._review = []
            # The last turn takes the last wheel: its end is "last".
            last = len(self.weights) - 1
            self.expected.append([
                [str(k + 1), "last" if k == last else end, str(w), str(kept),
                 str(lead), str(lead - kept)]
                for k, (who, end, w, kept, lead) in enumerate(self.moves)
                if who == "you"])
            return
        if text == "A new game on the same shelf.":
            self.games += 1
            self.new_game()
            return
        if text.startswith("Your move ("):
            # Never asked with one wheel left: it is taken unasked.
            t.assertLess(self.i, self.j, text)
            return
        m = TURN.match(text)
        if m:
            t.assertEqual([int(x) for x in m.groups()],
                          [len(self.moves) + 1, len(self.weights),
                           self.totals["you"], self.totals["opponent"]], text)
            return
        m = BACK.match(text)
        if m:
            turn = int(m.group(1))
            t.assertEqual(self.moves[turn - 1][0], "you", text)
            back = len(self.moves) - turn + 1
            t.assertEqual({1: None, 2: " and the opponent's reply"}.get(
                back, " and the moves after it"), m.group(2), text)
            while len(self.moves) >= turn:
                who, end, w, _, _ = self.moves.pop()
                self.totals[who] -= w
                if end == "left":
                    self.i -= 1
                else:
                    self.j += 1
            self.undone += back
            return
        m = MOVE.match(text)
        if not m:
            return
        who = "you" if m.group(1) == "You take" else "opponent"
        end, weight = m.group(2), int(m.group(3))
        w, i, j, lead = self.weights, self.i, self.j, self.lead
        t.assertEqual(who, self.mover(), text)
        t.assertEqual(end == "last", i == j, text)
        if end == "last":
            end = "left"
        t.assertEqual(weight, w[i] if end == "left" else w[j], text)
        value = kept(w, lead, i, j, end)
        if who == "opponent":
            # The perfect buyer keeps the block's lead, every time.
            t.assertEqual(value, lead[i][j], text)
        elif i < j:
            cost = COST.search(text)
            expected = lead[i][j] - value
            if expected == 0:
                t.assertIn("A perfect move.", text)
            else:
                t.assertIsNotNone(cost, text)
                t.assertEqual(int(cost.group(1)), expected, text)
        self.moves.append((who, end, weight, value, lead[i][j]))
        self.totals[who] += weight
        if end == "left":
            self.i += 1
        else:
            self.j -= 1

    def mover(self):
        first, second = (("you", "opponent") if self.person == "you"
                         else ("opponent", "you"))
        return first if len(self.moves) % 2 == 0 else second

    def check_reviews(self):
        """Every review printed equals the one the DP gives."""
        self.test.assertEqual(len(self.reviews), len(self.expected))
        for got, want in zip(self.reviews, self.expected):
            self.test.assertEqual(got[0], REVIEW_HEADER.split())
            self.test.assertEqual(got[1:], want)


def play_live(test, weights, choose, *options, after=lambda replay: "q"):
    """Plays a game move by move: at each prompt, choose(replay) gives the
    command; after the game, after(replay). Returns (output lines, replay,
    exit status)."""
    proc = subprocess.Popen(
        [SHELF, "--interactive", *options, "--", *map(str, weights)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    watchdog = threading.Timer(WATCHDOG_SECONDS, proc.kill)
    watchdog.start()
    replay = Replay(test, weights, "--second" in options)
    lines = []
    try:
        for text in proc.stdout:
            lines.append(text.rstrip("\n"))
            replay.line(lines[-1])
            if text.startswith("Your move ("):
                proc.stdin.write(choose(replay) + "\n")
                proc.stdin.flush()
            elif text.startswith("Play again?"):
                proc.stdin.write(after(replay) + "\n")
                proc.stdin.flush()
        proc.stdin.close()
        status = proc.wait()
    finally:
        watchdog.cancel()
        proc.stdout.close()
    replay.check_reviews()
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
    def test_greedy_on_the_seed_shelf(self):
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


class Commands(unittest.TestCase):
    def test_hint(self):
        p = game([3, 9, 1, 2], ["?", "q"])
        self.assertEqual(p.returncode, 0)
        self.assertEqual(p.stdout.count("Hint:"), 1)
        hint = p.stdout[p.stdout.index("Hint:"):]
        # The library's sentence (shelf_game_say()), wrapped at spaces to
        # the width (80 in a pipe).
        self.assertTrue(" ".join(hint.split("Your move")[0].split()).startswith(
            "Hint: the left wheel (3 kilos) keeps a lead of -5 (5 kilos "
            "behind), the right wheel (2 kilos) keeps a lead of 7 (7 kilos "
            "ahead). Best: the right."), hint)

    def test_hint_on_a_tie(self):
        p = game([4, 4, 4, 4], ["?", "q"])
        self.assertIn("Both ends are best.", p.stdout)

    def test_unknown_commands(self):
        junk = ["x", "", "  ", "left right", "h", "\x1b[31m", "\xff\x00",
                "?" * 200]
        p = game([3, 9, 1, 2], junk + ["r", "LEFT  ", " Right"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.count("Unknown command"), len(junk) + 1)
        self.assertIn("Unknown command 'x': type l (or left), r (or right), "
                      "u (or undo), ? hint, q quit.", p.stdout)
        # The game is over: a move is not a command there.
        self.assertIn("Unknown command 'right': type a (or again), u (or "
                      "undo), q (or quit).", p.stdout)
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


def review_rows(text, k=0):
    """The rows of the k-th review in a game's text, split into cells."""
    part = text.split(REVIEW + "\n")[k + 1]
    lines = part.split("\n(A lead")[0].splitlines()
    return [l.split() for l in lines[1:]]


def overs(test, text):
    """(you, opponent, margin) of every game over in a text."""
    found = [OVER.match(l) for l in text.splitlines()
             if l.startswith("Game over")]
    test.assertTrue(all(found), text)
    return [tuple(int(x) for x in m.groups()) for m in found]


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


class ReadErrors(unittest.TestCase):
    def run_with_stdin(self, fd):
        try:
            return subprocess.run([SHELF, "-i", "3", "9", "1", "2"],
                                  stdin=fd, capture_output=True, text=True,
                                  timeout=WATCHDOG_SECONDS)
        finally:
            os.close(fd)

    def test_a_directory(self):
        with tempfile.TemporaryDirectory() as tmp:
            p = self.run_with_stdin(os.open(tmp, os.O_RDONLY))
        self.assertEqual(p.returncode, 1)
        self.assertEqual(p.stderr, "shelf: standard input: %s\n" %
                         os.strerror(errno.EISDIR))
        self.assertNotIn("Input ended", p.stdout)

    def test_a_line_too_long_for_memory(self):
        # getline() fails to allocate: out of memory, not the end of input.
        if is_sanitized(SHELF):
            self.skipTest("AddressSanitizer cannot run under RLIMIT_AS")
        limit = 256 << 20

        def small():
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        with tempfile.TemporaryFile() as f:
            f.truncate(2 * limit)  # a sparse line of NUL bytes
            p = subprocess.run([SHELF, "-i", "3", "9", "1", "2"], stdin=f,
                               capture_output=True, text=True,
                               preexec_fn=small, timeout=WATCHDOG_SECONDS)
        self.assertEqual(p.returncode, 1, p.stdout[-200:])
        self.assertEqual(p.stderr, "shelf: out of memory\n")


class Terminal(unittest.TestCase):
    """The game on a pseudo-terminal: keys, raw mode, and the terminal as it
    was on every way out."""

    ANSI = re.compile(r"\x1b\[[0-9;]*m")

    def start(self, *args, readable=True):
        self.master, self.slave = os.openpty()
        self.addCleanup(os.close, self.master)
        self.addCleanup(os.close, self.slave)
        self.mode = termios.tcgetattr(self.slave)
        stdin = self.slave
        if not readable:
            stdin = os.open(os.ttyname(self.slave), os.O_WRONLY)
            self.addCleanup(os.close, stdin)
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env["TERM"] = "xterm"
        self.proc = subprocess.Popen(
            [SHELF, "-i", *args], stdin=stdin,
            stdout=self.slave, stderr=subprocess.PIPE, env=env,
            start_new_session=True)
        watchdog = threading.Timer(WATCHDOG_SECONDS, self.proc.kill)
        watchdog.start()
        self.addCleanup(watchdog.cancel)
        self.text = ""

    def wait_for(self, what, count=1):
        """Reads the screen until `what` has appeared `count` times."""
        while self.plain().count(what) < count:
            # The test holds the terminal open, so the end of the game
            # shows as a process that has exited with nothing more to read
            # (the watchdog ends one that hangs).
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                self.text += os.read(self.master, 65536).decode()
            else:
                self.assertIsNone(self.proc.poll(),
                                  f"no {what!r} in {self.plain()!r}")

    def plain(self):
        return self.ANSI.sub("", self.text).replace("\r\n", "\n")

    def key(self, data):
        os.write(self.master, data)

    def finish(self):
        """Waits for the end; the terminal must be as it was."""
        status = self.proc.wait(timeout=WATCHDOG_SECONDS)
        err = self.proc.stderr.read().decode()
        self.proc.stderr.close()
        self.assertEqual(termios.tcgetattr(self.slave), self.mode)
        return status, err

    def test_keys_undo_again_and_a_last_wheel(self):
        self.start("--second", "3", "9", "1", "2")
        self.wait_for("q quit): ")
        self.key(b"u")
        self.wait_for("Nothing to undo")
        self.key(b"h")  # the 3; the opponent's 9, then the last wheel
        self.wait_for("Play again? (a again, u undo, q quit): ")
        self.assertIn("You take the last wheel (1 kilo).", self.plain())
        self.assertIn("\x1b[", self.text)  # colour on a terminal
        self.key(b"u")
        self.wait_for("You take back your move at turn 2 and the moves after "
                      "it.")
        self.wait_for("q quit): ", 3)
        self.key(b"\x1b[C")  # Right arrow: the 1
        self.wait_for("Play again?", 2)
        self.key(b"a")
        self.wait_for("A new game on the same shelf.")
        self.wait_for("q quit): ", 4)
        self.key(b"q")
        status, err = self.finish()
        self.assertEqual((status, err), (0, ""))
        screen = self.plain()
        self.assertEqual(overs(self, screen), [(4, 11, -7), (4, 11, -7)])
        self.assertEqual(review_rows(screen, 1), [
            ["2", "right", "1", "-5", "-5", "0"],
            ["4", "last", "3", "3", "3", "0"]])

    def test_two_people_and_greedy_on_keys(self):
        # Two people at one keyboard: both buyers' keys, then undo takes
        # back the last move whoever made it.
        self.start("--vs", "person", "3", "9", "1", "2")
        self.wait_for("First buyer's move")
        self.key(b"\x1b[C")  # the 2
        self.wait_for("Second buyer's move")
        self.key(b"h")  # the 3
        self.wait_for("First buyer's move", 2)
        self.key(b"u")
        self.wait_for("Taken back: the move at turn 2.")
        self.key(b"q")
        status, err = self.finish()
        self.assertEqual((status, err), (0, ""))
        self.assertIn("The first buyer takes the right wheel (2 kilos).",
                      self.plain())
        # Against greedy: the 3 is left to the person, greedy takes the 9.
        self.start("--vs", "greedy", "3", "9", "1", "2")
        self.wait_for("q quit): ")
        self.key(b"h")
        self.wait_for("The opponent takes the left wheel (9 kilos).")
        self.wait_for("q quit): ", 2)
        self.key(b"q")
        status, err = self.finish()
        self.assertEqual((status, err), (0, ""))

    def test_signals(self):
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            with self.subTest(sig=sig):
                self.start("3", "9", "1", "2")
                self.wait_for("q quit): ")
                self.key(b"h")
                self.wait_for("q quit): ", 2)
                self.proc.send_signal(sig)
                status, _ = self.finish()
                self.assertEqual(status, -sig)

    def test_read_error(self):
        # A terminal that cannot be read (open for writing only): an error,
        # not the end of input.
        self.start("3", "9", "1", "2", readable=False)
        status, err = self.finish()
        self.assertEqual(status, 1)
        self.assertEqual(err, "shelf: standard input: %s\n" %
                         os.strerror(errno.EBADF))


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
        sys.exit("usage: interactive_test.py PATH/TO/shelf")
    SHELF = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
