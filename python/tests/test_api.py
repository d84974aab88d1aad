"""test_api.py - the parts of the package the differential does not cover:
random shelves equal to the command's, the SVG picture, Game's two faces
(a short line in the REPL, a picture in Jupyter), and the GIL released
while libshelf works."""

import array
import os
import re
import subprocess
import sys
import threading
import unittest
import xml.etree.ElementTree as ET

import support
import shelf

SVG = "{http://www.w3.org/2000/svg}"


class Random(unittest.TestCase):
    def test_by_hand(self):
        # The README's example.
        self.assertEqual(shelf.random(5, seed=1), [2466, 8520, 591, 236, 8762])
        self.assertEqual(shelf.random(0, seed=1), [])

    def test_in_range(self):
        w = shelf.random(2000, seed=7, lo=-3, hi=3)
        self.assertEqual(set(w), set(range(-3, 4)))
        self.assertEqual(shelf.random(4, seed=2, lo=2**63 - 1, hi=2**63 - 1),
                         [2**63 - 1] * 4)

    @unittest.skipUnless(os.access(support.CLI, os.X_OK),
                         f"the command is not built at {support.CLI}")
    def test_same_as_the_command(self):
        for n, seed, lo, hi in ((1, 0, 1, 10000), (50, 2**64 - 1, -5, 5),
                                (30, 12345, -(2**63), 2**63 - 1),
                                (10, 3, 42, 42)):
            with self.subTest(n=n, seed=seed, lo=lo, hi=hi):
                cli = subprocess.run(
                    [support.CLI, "--random", str(n), "--seed", str(seed),
                     "--range", f"{lo}..{hi}"],
                    capture_output=True, text=True, check=True)
                self.assertEqual(cli.stdout.strip(),
                                 str(shelf.random(n, seed=seed, lo=lo, hi=hi)))


class Explain(unittest.TestCase):
    def test_by_hand(self):
        # The problem's pitfall: greedy takes the 3 and finishes 5 behind;
        # taking it costs 7 - (-5) = 12 of lead.
        e = shelf.explain([3, 9, 1, 2])
        self.assertEqual((e.greedy_first, e.greedy_second), (5, 10))
        self.assertEqual(support.fields(e.first_mistake), (1, "first", "left", 0, 3, 12))
        self.assertEqual(support.fields(e.parity), (4, 11, 7, 0))

    def test_limit(self):
        e = shelf.explain(list(range(1, 30)), limit=4)
        self.assertIsNone(e.greedy_vs_perfect)
        self.assertTrue(e.limits_reached)
        self.assertIsNone(e.parity)  # 29 wheels
        self.assertFalse(shelf.explain(list(range(1, 30))).limits_reached)


class Pictures(unittest.TestCase):
    def wheels_of(self, text):
        root = ET.fromstring(text)
        self.assertEqual(root.tag, SVG + "svg")
        return [g.get("class") for g in root.iter(SVG + "g")
                if (g.get("class") or "").startswith("wheel")]

    def test_svg(self):
        wheels = self.wheels_of(shelf.svg([3, 9, 1, 2]))
        # The line: first takes 2, second 3, first 9, second 1.
        self.assertEqual(wheels, ["wheel second", "wheel first",
                                  "wheel second", "wheel first"])
        self.assertNotIn('class="trap"', shelf.svg([3, 9, 1, 2]))
        self.assertIn('class="trap"', shelf.svg([3, 9, 1, 2], explain=True))
        self.assertEqual(self.wheels_of(shelf.svg(array.array("q"))), [])

    def test_game(self):
        g = shelf.Game([3, 9, 1, 2])
        # The margins are hidden while the game is played, as on the page.
        self.assertEqual(repr(g), "<shelf.Game of 4 wheels [3, 9, 1, 2]: turn 1 of 4>")
        self.assertEqual(len(g), 4)
        self.assertEqual(g._repr_svg_(), shelf.svg([3, 9, 1, 2], explain=True))
        self.assertEqual(g.svg(explain=True), shelf.svg([3, 9, 1, 2], explain=True))
        long = shelf.Game(range(1, 1001))
        self.assertRegex(repr(long), r"^<shelf\.Game of 1000 wheels "
                                     r"\[1, 2, 3, 4, \.\.\., 1000\]: turn 1 of 1000>$")
        self.assertLess(len(repr(long)), 80)
        self.assertEqual(repr(shelf.Game([-5])),
                         "<shelf.Game of 1 wheel [-5]: over, margin -5; perfect play -5>")
        # By hand: you take the 3, the game's buyer the 9, you the 1, and
        # the last wheel, the 2, is the opponent's: 4 to 11.
        g.take("left")
        self.assertNotIn("margin", repr(g))
        g.take("left")
        self.assertEqual(repr(g), "<shelf.Game of 4 wheels [3, 9, 1, 2]: over, "
                                  "margin -7; perfect play 7>")
        # The Game keeps its own copy.
        w = [3, 9, 1, 2]
        g = shelf.Game(w)
        w[1] = 0
        self.assertEqual(g.margin, 7)

    def test_solver_repr(self):
        s = shelf.Solver()
        s.extend(range(5))
        self.assertEqual(repr(s), "<shelf.Solver of 5 wheels>")


class Threads(unittest.TestCase):
    def test_gil_is_released(self):
        # With a long switch interval the interpreter does not take the GIL
        # from the main thread while it solves, so the other thread counts
        # during solve() only if solve() releases the GIL. It stops by
        # itself, so that the main thread gets the GIL back at once.
        wheels = array.array("q", range(10**7))
        go, ticks = threading.Event(), []

        def count():
            go.wait()
            while len(ticks) < 10**4:
                ticks.append(1)

        interval = sys.getswitchinterval()
        sys.setswitchinterval(60)
        try:
            t = threading.Thread(target=count)
            t.start()
            go.set()
            # The machine may be busy: give the other thread a few chances.
            for _ in range(20):
                shelf.solve(wheels)
                during = len(ticks)
                if during:
                    break
            t.join()
        finally:
            sys.setswitchinterval(interval)
        self.assertGreater(during, 0)


if __name__ == "__main__":
    support.main()
