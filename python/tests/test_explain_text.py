"""test_explain_text.py - str() of an explanation is the command's --explain
text: the lines `shelf --explain` prints after the margin, for the same
shelf."""

import subprocess
import unittest

import support
import shelf


def command_explain(weights):
    p = subprocess.run([support.CLI, "--explain", "--", *map(str, weights)],
                       capture_output=True, text=True, timeout=60, check=True)
    lines = p.stdout.splitlines()
    return lines[1:]  # the first line is the margin


class ExplainText(unittest.TestCase):
    def test_as_the_command_says(self):
        r = support.rng("test_explain_text")
        shelves = [[3, 9, 1, 2], [1], [5, 5], [1, 2, 3], [-4, 0, 7, 2**62]]
        shelves += [support.random_shelf(r, 14) for _ in range(60)]
        for w in shelves:
            if not w:
                continue
            with self.subTest(wheels=w):
                e = shelf.explain(w)
                self.assertEqual(str(e).split("\n"), command_explain(w))
                self.assertEqual(list(e.sentences), command_explain(w))

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
