"""test_game.py - shelf.Game played move by move: against the reference DP,
against the library's line, and against the review `shelf --interactive`
prints for the same moves (run in a pipe, as tests/interactive_test.py
runs it)."""

import subprocess
import unittest

import support
import reference
import shelf


def command_game(weights, choices, options=()):
    """The text `shelf --interactive` prints for a game where the people
    answer the prompts with `choices` ('l' or 'r'), then quit."""
    stdin = "".join(c + "\n" for c in choices) + "q\n"
    p = subprocess.run([support.CLI, "--interactive", *options, "--",
                        *map(str, weights)], input=stdin, capture_output=True,
                       text=True, timeout=60)
    return p.stdout


def words(text):
    """Text with its wrapping undone: the terminal wraps at its width."""
    return " ".join(text.split())


def command_review(weights, choices, second=False):
    """The review rows the command prints after a game where the person
    answers the prompts with `choices` ('l' or 'r'), as lists of str."""
    options = ["--second"] if second else []
    stdin = "".join(c + "\n" for c in choices) + "q\n"
    p = subprocess.run([support.CLI, "--interactive", *options, "--",
                        *map(str, weights)], input=stdin, capture_output=True,
                       text=True, timeout=60)
    lines = p.stdout.splitlines()
    at = lines.index("Review of your moves against perfect play:")
    rows = []
    for line in lines[at + 2:]:  # after the header row
        if not line.strip() or line.startswith("("):
            break
        rows.append(line.split())
    return rows


class Play(unittest.TestCase):
    def play_randomly(self, r, w, you, opponent):
        """Plays w with random ends for you; checks every move against the
        reference DP as it goes. Returns the game and your choices."""
        g = shelf.Game(w, you=you, opponent=opponent)
        lead = reference.lead_table(w)
        choices = []
        while not g.over:
            i, j = g.block
            self.assertGreater(j, i)  # a last wheel is taken for you
            self.assertEqual(g.turn % 2 == 1, you == "first")
            # The game's hint (shelf_game_hint) is best_move() on the
            # block, and both are the reference DP's: each end's lead, and
            # a best end that keeps the block's lead.
            hint = g.hint()
            self.assertIsInstance(hint, shelf.BestMove)
            self.assertEqual(hint, shelf.best_move(w, i, j))
            self.assertEqual((hint.lead, hint.left, hint.right),
                             (lead[i][j], reference.kept(w, lead, i, j, "left"),
                              reference.kept(w, lead, i, j, "right")))
            self.assertEqual(reference.kept(w, lead, i, j, hint.best),
                             lead[i][j])
            end = r.choice(["left", "right"])
            choices.append(end[0])
            made = g.take(end)
            self.assertEqual((made[0].end, made[0].index, made[0].weight),
                             (end, i if end == "left" else j,
                              w[i if end == "left" else j]))
        return g, choices

    def test_perfect_play(self):
        r = support.rng("test_game")
        for _ in range(200):
            w = support.random_shelf(r, 10)
            for you in ("first", "second"):
                with self.subTest(wheels=w, you=you):
                    # Both play perfectly: you the hint's end, which is
                    # the line's on the whole shelf.
                    g = shelf.Game(w, you=you)
                    if len(w) > 1 and you == "first":
                        self.assertEqual(g.hint().best, shelf.line(w)[0].end)
                    while not g.over:
                        g.take(g.hint().best)
                    lead = reference.lead_table(w)
                    i, j = 0, len(w) - 1
                    for m in g.moves:  # every move keeps the block's lead
                        self.assertEqual(
                            reference.kept(w, lead, i, j, m.end), lead[i][j])
                        i, j = (i + 1, j) if m.end == "left" else (i, j - 1)
                    res = shelf.result(w)
                    self.assertEqual(g.totals, (res.first, res.second))
                    self.assertTrue(all(row.cost == 0 for row in g.review()))

    def test_review_is_the_commands(self):
        r = support.rng("test_game")
        for _ in range(40):
            w = [r.randint(-9, 30) for _ in range(r.randint(2, 9))]
            for you in ("first", "second"):
                with self.subTest(wheels=w, you=you):
                    g, choices = self.play_randomly(r, w, you, "perfect")
                    want = command_review(w, choices, you == "second")
                    got = [[str(v) for v in support.fields(row)]
                           for row in g.review()]
                    self.assertEqual(got, want)
                    for row in g.review():
                        self.assertEqual(row.cost,
                                         row.best_lead - row.lead_kept)
                        self.assertGreaterEqual(row.cost, 0)

    def test_same_game_same_words(self):
        # The same scripted games in the terminal and in Python: the same
        # review rows, the same sentence for every move and the same
        # summary, from the one game in libshelf.
        r = support.rng("test_game")
        for _ in range(30):
            w = [r.randint(-9, 30) for _ in range(r.randint(2, 9))]
            for you, opponent, options in (
                    ("first", "perfect", ()),
                    ("second", "perfect", ("--second",)),
                    ("first", "greedy", ("--vs", "greedy")),
                    ("both", "perfect", ("--vs", "person"))):
                with self.subTest(wheels=w, you=you, opponent=opponent):
                    g = shelf.Game(w, you=you, opponent=opponent)
                    choices = []
                    while not g.over:
                        end = r.choice(["left", "right"])
                        choices.append(end[0])
                        g.take(end)
                    text = words(command_game(w, choices, options))
                    for k in range(len(g.moves)):
                        self.assertIn(g.said(k), text)
                    for said in g.summary():
                        self.assertIn(said, text)
                    rows = " ".join(" ".join(str(v) for v in
                                             support.fields(row))
                                    for row in g.review())
                    self.assertIn(rows, text)

    def test_greedy_opponent(self):
        r = support.rng("test_game")
        for _ in range(200):
            w = support.random_shelf(r, 10)
            g = shelf.Game(w, you="second", opponent="greedy")
            while not g.over:
                g.take(g.hint().best)  # you play perfectly
            i, j = 0, len(w) - 1
            for m in g.moves:
                if m.buyer == "first" and i < j:
                    want = "left" if w[i] >= w[j] else "right"
                    self.assertEqual(m.end, want, (w, m))
                i, j = (i + 1, j) if m.end == "left" else (i, j - 1)
            # Perfect play keeps the second buyer's lead whatever the first
            # does; against greedy it is the game explain() measures.
            first, second = g.totals
            self.assertLessEqual(first - second, shelf.solve(w))
            self.assertEqual(first - second, reference.greedy_vs_perfect(w))
            self.assertEqual(first - second, shelf.explain(w).greedy_vs_perfect)

    def test_undo(self):
        g = shelf.Game([3, 9, 1, 2, 5, 6])
        self.assertFalse(g.undo())
        g.take("left")
        g.take("right")
        before = (g.moves, g.totals, g.turn)
        g.take("left")
        self.assertTrue(g.undo())
        self.assertEqual((g.moves, g.totals, g.turn), before)
        self.assertTrue(g.undo())
        self.assertTrue(g.undo())
        self.assertEqual((g.moves, g.turn, g.block), ([], 1, (0, 5)))
        self.assertFalse(g.undo())
        # As the second buyer, the opponent's first move stays.
        g = shelf.Game([3, 9, 1, 2], you="second")
        self.assertEqual(len(g.moves), 1)
        self.assertFalse(g.undo())
        g.take("left")
        self.assertTrue(g.undo())
        self.assertEqual(len(g.moves), 1)

    def test_by_hand(self):
        # The command's own example: the left costs 12, the right nothing.
        g = shelf.Game([3, 9, 1, 2, 5, 6])
        g.take("left")
        g.take("right")
        self.assertEqual(g.review(), [
            shelf.Review(turn=1, end="left", weight=3, lead_kept=-4,
                         best_lead=8, cost=12),
            shelf.Review(turn=3, end="right", weight=6, lead_kept=2,
                         best_lead=2, cost=0)])
        g.take("left")
        self.assertTrue(g.over)
        self.assertIsNone(g.hint())
        self.assertIsNone(g.block)
        self.assertEqual(len(g.review()), 3)
        # A last wheel is taken for you, as "last" in the review.
        g = shelf.Game([1, 5, 2])
        g.take("left")
        self.assertTrue(g.over)
        self.assertEqual([row.end for row in g.review()], ["left", "last"])

    def test_long_shelf_take(self):
        """take() on 2M wheels, its search run with the GIL released
        (test_concurrency checks that another thread runs meanwhile): the
        reply is perfect play's, as best_move() says, and undo() goes
        back."""
        import array
        w = array.array("q", [3, 9, 1, 2]) * 500000
        g = shelf.Game(w)
        mine, reply = g.take("right")
        self.assertEqual((mine.index, mine.weight), (len(w) - 1, 2))
        best = shelf.best_move(w, 0, len(w) - 2)
        self.assertEqual(reply.end, best.best)
        self.assertEqual(g.turn, 3)
        self.assertTrue(g.undo())
        self.assertEqual(g.turn, 1)

    def test_bad_moves(self):
        g = shelf.Game([1, 2])
        with self.assertRaisesRegex(ValueError, "end must be 'left' or 'right'"):
            g.take("middle")
        with self.assertRaisesRegex(ValueError, "opponent must be"):
            shelf.Game([1], opponent="lucky")
        with self.assertRaisesRegex(ValueError, "you must be"):
            shelf.Game([1], you="third")
        g.take("left")
        with self.assertRaisesRegex(ValueError, "the game is over"):
            g.take("left")
        empty = shelf.Game([])
        self.assertTrue(empty.over)
        self.assertEqual(empty.review(), [])

    def test_picture_marks_the_trap(self):
        g = shelf.Game([3, 9, 1, 2])
        self.assertIn('class="trap"', g._repr_svg_())
        self.assertNotIn('class="trap"', g.svg(explain=False))
        # Never wider than asked: the picture fits its content.
        width = int(g.svg(width=400).split('width="')[1].split('"')[0])
        self.assertTrue(300 < width <= 400, width)

    def test_greedy_loses_what_explain_states(self):
        """On shelves where greedy loses (the ones `shelf --trap` makes),
        a person who takes the heavier end at every turn of shelf.Game
        finishes with explain()'s margin less the loss its trap sentence
        states, which reference.py's game with the DP also gives."""
        traps = 0
        for n, lo, hi in [(4, 0, 3), (5, -3, 3), (6, 0, 1), (7, -2, 2),
                          (8, 1, 10000), (10, -1000, 1000), (13, 0, 4)]:
            for seed in range(1, 40):
                w = shelf.random(n, seed=seed, lo=lo, hi=hi)
                e = shelf.explain(w)
                if e.margin - e.greedy_vs_perfect < 1:
                    continue
                traps += 1
                said = [t for t in e.sentences
                        if t.startswith("The greedy trap:")][0]
                loss = int(said.split("greedy loses ")[1].split(" kilo")[0])
                self.assertEqual(loss, reference.greedy_game(w)["lost"], w)
                g = shelf.Game(w)
                while not g.over:
                    i, j = g.block
                    g.take("left" if w[i] >= w[j] else "right")
                first, second = g.totals
                self.assertEqual(first - second, e.margin - loss, w)
                self.assertEqual(sum(r.cost for r in g.review()), loss, w)
        self.assertGreater(traps, 50)


if __name__ == "__main__":
    support.main()
