"""test_explain_text.py - str() of an explanation, the text `shelf --explain`
prints too: its sentences against numbers worked out here by the rules
(reference.py: the interval DP, greedy against a perfect reply; both
buyers greedy and the parity floor played out below), none of them from
shelf's code."""

import unittest

import support
import shelf
from reference import greedy_vs_perfect, margin


def kilos(k):
    return "1 kilo" if abs(k) == 1 else "%d kilos" % abs(k)


def finishes(m):
    """How the first buyer finishes, margin m."""
    if m == 0:
        return "level"
    return "%s %s" % (kilos(m), "ahead" if m > 0 else "behind")


def both_greedy(w):
    """Both buyers take the heavier end, the left on equal weights: the
    first's kilos and the second's."""
    lo, hi, got = 0, len(w) - 1, [0, 0]
    for turn in range(len(w)):
        if w[lo] >= w[hi]:
            got[turn % 2] += w[lo]
            lo += 1
        else:
            got[turn % 2] += w[hi]
            hi -= 1
    return got


def expected_lines(w):
    """Every line of the explanation but the trap's, by the rules."""
    m, total = margin(w), sum(w)
    first, second = (total + m) // 2, (total - m) // 2
    g1, g2 = both_greedy(w)
    gp = greedy_vs_perfect(w)
    lines = {
        "Perfect play": "Perfect play: the first buyer finishes %s, %d to %d."
                        % (finishes(m), first, second),
        "Both greedy": "Both greedy (always the heavier end, the left on "
                       "equal weights): the first buyer finishes %s, %d to "
                       "%d." % (finishes(g1 - g2), g1, g2),
        "A greedy first": "A greedy first buyer against a perfect second: "
                          "the first buyer finishes %s, %s worse than "
                          "perfect play." % (finishes(gp), kilos(m - gp)),
    }
    if len(w) % 2:
        lines["Parity floor"] = ("Parity floor: none, the shelf has an odd "
                                 "number of wheels.")
    else:
        odd, even = sum(w[0::2]), sum(w[1::2])
        floor = abs(odd - even)
        lines["Parity floor"] = (
            "Parity floor: the odd positions weigh %d, the even %d; by "
            "taking every %s position the first buyer is sure to finish "
            "%s, and perfect play gets %d more."
            % (odd, even, "odd" if odd >= even else "even", finishes(floor),
               m - floor))
    return lines


class ExplainText(unittest.TestCase):
    def test_against_the_rules(self):
        r = support.rng("test_explain_text")
        shelves = [[3, 9, 1, 2], [1], [5, 5], [1, 2, 3], [2, 1], [-4, 0, 7, 9]]
        shelves += [support.random_shelf(r, 12) for _ in range(80)]
        for w in shelves:
            if not w:
                continue
            with self.subTest(wheels=w):
                text = str(shelf.explain(w)).split("\n")
                self.assertEqual(list(shelf.explain(w).sentences), text)
                self.assertEqual(len(text), 5, text)
                self.assertTrue(text[3].startswith("The greedy trap: "))
                want = expected_lines(w)
                got = [line for line in text
                       if not line.startswith("The greedy trap: ")]
                self.assertEqual(got, [want["Perfect play"],
                                       want["Both greedy"],
                                       want["A greedy first"],
                                       want["Parity floor"]])

    def test_by_hand(self):
        text = str(shelf.explain([3, 9, 1, 2]))
        self.assertTrue(text.startswith(
            "Perfect play: the first buyer finishes 7 kilos ahead, 11 to 4.\n"))
        self.assertIn("The greedy trap: at turn 1", text)
        self.assertEqual(len(text.splitlines()), 5)

    def test_game_explains_alike(self):
        self.assertEqual(str(shelf.Game([3, 9, 1, 2]).explain()),
                         str(shelf.explain([3, 9, 1, 2])))


if __name__ == "__main__":
    support.main()
