"""game_replay.py - how the parts of interactive_test.py run `shelf`, play
`shelf --interactive` through a pipe and follow its text: the game run
with all its commands given up front, or move by move (play_live());
Replay, which checks every move, every turn's totals, every move taken
back and every review against the interval DP of reference.py; and the
game's lines read back (final(), overs(), review_rows())."""

import re
import subprocess
import threading

import leak_check
from reference import kept, lead_table

SHELF = None  # the binary under test, set by interactive_test.py
# A game that hangs is killed after this long, so the run fails instead of
# hanging; no assertion depends on time.
WATCHDOG_SECONDS = 300


def command(*args):
    """The command line of shelf with these arguments."""
    return [SHELF, *args]


def run(*args, stdin=""):
    return subprocess.run(command(*args), input=stdin, capture_output=True,
                          text=True, timeout=WATCHDOG_SECONDS,
                          env=leak_check.env())


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
        command("--interactive", *options, "--", *map(str, weights)),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        env=leak_check.env())
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
