"""test_reference.py - every computation of the package against the
pure-Python interval DP of tests/reference.py (and, for the greedy parts of
explain, reference.py's game of a greedy first buyer against the perfect
second), on random shelves with negatives, zeros,
ties and int64 extremes, given as lists and as array('q')."""

import array
import unittest

import support
import reference
import shelf

ROUNDS = 1500


def greedy_end(w, i, j):
    return "left" if w[i] >= w[j] else "right"


def both_greedy(w):
    totals, i, j = [0, 0], 0, len(w) - 1
    for t in range(len(w)):
        if greedy_end(w, i, j) == "left":
            totals[t % 2] += w[i]
            i += 1
        else:
            totals[t % 2] += w[j]
            j -= 1
    return totals


class Differential(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        r = support.rng("test_reference")
        cls.shelves = [support.random_shelf(r) for _ in range(ROUNDS)]
        cls.shelves += [[], [5], [3, 9, 1, 2], [support.INT64_MAX] * 9,
                        [support.INT64_MIN] * 8]

    def each(self):
        return [(w, reference.lead_table(w) if w else []) for w in self.shelves]

    def test_solve_and_result(self):
        for w, _ in self.each():
            with self.subTest(wheels=w):
                m = reference.margin(w)
                self.assertEqual(shelf.solve(w), m)
                self.assertEqual(shelf.solve(array.array("q", w)), m)
                self.assertEqual(shelf.solve(iter(w)), m)
                r = shelf.result(w)
                self.assertEqual(r.n, len(w))
                self.assertEqual(r.margin, m)
                self.assertEqual(r.first + r.second, sum(w))
                self.assertEqual(r.first - r.second, m)

    def test_line_keeps_every_lead(self):
        for w, lead in self.each():
            with self.subTest(wheels=w):
                moves = shelf.line(w)
                self.assertEqual(len(moves), len(w))
                i, j, totals = 0, len(w) - 1, [0, 0]
                for t, move in enumerate(moves):
                    self.assertEqual(move.turn, t + 1)
                    self.assertEqual(move.buyer, ("first", "second")[t % 2])
                    self.assertEqual(move.index, i if move.end == "left" else j)
                    self.assertEqual(move.weight, w[move.index])
                    self.assertEqual(reference.kept(w, lead, i, j, move.end), lead[i][j])
                    totals[t % 2] += move.weight
                    if move.end == "left":
                        i += 1
                    else:
                        j -= 1
                r = shelf.result(w)
                self.assertEqual(totals, [r.first, r.second])

    def test_best_move_and_lead_table(self):
        for w, lead in self.each():
            with self.subTest(wheels=w):
                table = shelf.lead_table(w)
                self.assertEqual(len(table), len(w))
                for i in range(len(w)):
                    self.assertEqual(table[i][:i], [None] * i)
                    for j in range(i, len(w)):
                        want = (lead[i][j], reference.kept(w, lead, i, j, "left"),
                                reference.kept(w, lead, i, j, "right"))
                        self.assertEqual(support.fields(table[i][j]), want)
                        b = shelf.best_move(w, i, j)
                        self.assertEqual(support.fields(b)[:3], want)
                        self.assertEqual(reference.kept(w, lead, i, j, b.best), lead[i][j])

    def test_solver(self):
        for w, lead in self.each():
            with self.subTest(wheels=w):
                s = shelf.Solver()
                for k, weight in enumerate(w):
                    s.push(weight)
                    self.assertEqual(s.result().margin, lead[0][k])
                self.assertEqual(len(s), len(w))
                s.reset()
                half = len(w) // 2
                s.extend(w[:half])
                s.extend(array.array("q", w[half:]))
                self.assertEqual(s.result(), shelf.result(w))

    def test_explain(self):
        for w, lead in self.each():
            with self.subTest(wheels=w):
                e = shelf.explain(w)
                first, second = both_greedy(w)
                self.assertEqual(e.n, len(w))
                self.assertEqual(e.margin, reference.margin(w))
                self.assertEqual((e.greedy_first, e.greedy_second,
                                  e.greedy_margin), (first, second, first - second))
                # A greedy first buyer against the game's perfect second,
                # played by reference.py with the DP's leads, and the first
                # turn where greedy loses lead there.
                game = reference.greedy_game(w)
                self.assertEqual(e.greedy_vs_perfect, game["margin"])
                self.assertFalse(e.limits_reached)
                want = None
                if game["trap"] is not None:
                    turn, end, index, weight, cost, _ = game["trap"]
                    want = (turn, "first", end, index, weight, cost)
                self.assertEqual(e.first_mistake and support.fields(e.first_mistake), want)
                if len(w) % 2:
                    self.assertIsNone(e.parity)
                else:
                    odd, even = sum(w[0::2]), sum(w[1::2])
                    self.assertEqual(support.fields(e.parity),
                                     (odd, even, abs(odd - even),
                                      e.margin - abs(odd - even)))

    def test_game(self):
        for w, _ in self.each():
            with self.subTest(wheels=w):
                g = shelf.Game(w)
                self.assertEqual(g.result, shelf.result(w))
                self.assertEqual(g.margin, shelf.solve(w))
                self.assertEqual(g.wheels, w)
                self.assertEqual(g.line(), shelf.line(w))
                self.assertEqual(g.explain(), shelf.explain(w))


if __name__ == "__main__":
    support.main()
