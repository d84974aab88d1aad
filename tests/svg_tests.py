#!/usr/bin/env python3
"""svg_tests.py - what `shelf --svg` draws, read back as XML.

Usage: svg_tests.py PATH/TO/shelf

The pictures are parsed with xml.etree.ElementTree and checked for what they
show: one circle per wheel in shelf order, the weights, the turn numbers of
the line (`shelf --json --moves`), colours by buyer, areas that follow the
weights, the greedy trap with --explain, the lead table up to 30 wheels, a
small summary for long shelves. Bytes are never compared. Python 3 standard
library only.
"""

import json
import math
import os
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

from reference import lead_table, margin, reduce_margin, reduction_agrees

SHELF = None
SVG = "{http://www.w3.org/2000/svg}"


def run(*args, stdin=""):
    return subprocess.run([SHELF, *args], input=stdin, capture_output=True,
                          text=True)


def picture(*args):
    """The root element of `shelf --svg - ARGS`."""
    p = run("--svg", "-", *args)
    if p.returncode != 0:
        raise AssertionError(f"shelf {args} failed: {p.stderr}")
    return ET.fromstring(p.stdout)


def classes(el):
    return (el.get("class") or "").split()


def find_class(root, name):
    return [el for el in root.iter() if name in classes(el)]


def wheels(root):
    """The wheel groups, in document order."""
    return [el for el in root.iter(SVG + "g") if "wheel" in classes(el)]


def texts(el, name):
    return [t.text for t in el.iter(SVG + "text") if name in classes(t)]


def line(*weights):
    """turn_of[index] and the JSON result of `shelf --json --moves`."""
    p = run("--json", "--moves", "--", *map(str, weights))
    assert p.returncode == 0, p.stderr
    result = json.loads(p.stdout)
    turn_of = {m["index"]: m["turn"] for m in result["moves"]}
    return turn_of, result


def circle_of(group):
    circles = list(group.iter(SVG + "circle"))
    # The first circle is the wheel; a trap's ring may follow it.
    return circles[0]


def colour_of(circle):
    fill = circle.get("fill")
    return circle.get("stroke") if fill in ("#ffffff", "none") else fill


class Document(unittest.TestCase):
    def test_valid_svg_11(self):
        root = picture("3", "9", "1", "2")
        self.assertEqual(root.tag, SVG + "svg")
        self.assertEqual(root.get("version"), "1.1")
        width, height = int(root.get("width")), int(root.get("height"))
        self.assertGreater(width, 100)
        self.assertGreater(height, 100)
        self.assertEqual(root.get("viewBox").split(),
                         ["0", "0", str(width), str(height)])
        self.assertIsNotNone(root.find(SVG + "title"))

    def test_every_element_is_svg(self):
        root = picture("--explain", "--", "5", "-3", "0", "8")
        for el in root.iter():
            self.assertTrue(el.tag.startswith(SVG), el.tag)

    def test_file_and_margin_together(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "game.svg")
            p = run("--svg", path, "3", "9", "1", "2")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(p.stdout, "7\n")
            root = ET.parse(path).getroot()
            self.assertEqual(len(wheels(root)), 4)

    def test_file_that_cannot_be_written(self):
        p = run("--svg", "/nonexistent-dir/x.svg", "3", "9", "1", "2")
        self.assertEqual(p.returncode, 1)
        self.assertEqual(p.stdout, "")
        self.assertTrue(p.stderr.startswith("shelf: /nonexistent-dir/x.svg"))

    def test_empty_shelf(self):
        p = run("--svg", "-", stdin="\n")
        self.assertEqual(p.returncode, 0, p.stderr)
        root = ET.fromstring(p.stdout)
        self.assertEqual(wheels(root), [])

    def test_usage_errors(self):
        for args in (["--svg", "-", "--json", "1", "2"],
                     ["--svg", "-", "--moves", "1", "2"],
                     ["--svg", "x.svg", "--batch"],
                     ["--svg", "-", "-i", "1", "2"],
                     ["--svg"]):
            p = run(*args)
            self.assertEqual(p.returncode, 2, args)
            self.assertTrue(p.stderr.startswith("shelf: "), args)
            self.assertEqual(p.stdout, "")


class Wheels(unittest.TestCase):
    def check_shelf(self, weights):
        root = picture("--", *map(str, weights))
        groups = wheels(root)
        self.assertEqual(len(groups), len(weights))
        turn_of, result = line(*weights)
        # The totals the picture must show, worked out by the reference DP.
        m, total = margin(weights), sum(weights)
        self.assertEqual((result["margin"], result["first"], result["second"]),
                         (m, (total + m) // 2, (total - m) // 2), weights)
        colour = {}
        for k, g in enumerate(groups):
            # In shelf order, one circle each.
            self.assertEqual(g.get("id"), f"wheel-{k + 1}")
            self.assertEqual(texts(g, "weight"), [str(weights[k])])
            # The turn it is taken in the line.
            self.assertEqual(texts(g, "turn"), [str(turn_of[k])])
            buyer = "first" if turn_of[k] % 2 == 1 else "second"
            self.assertIn(buyer, classes(g))
            colour.setdefault(buyer, set()).add(colour_of(circle_of(g)))
        # One colour per buyer, and the two differ.
        for buyer in colour:
            self.assertEqual(len(colour[buyer]), 1, colour)
        if len(colour) == 2:
            self.assertNotEqual(colour["first"], colour["second"])
        totals = " ".join(t.text for t in find_class(root, "totals"))
        self.assertIn(f"first buyer {result['first']} kilos", totals)
        self.assertIn(f"second buyer {result['second']} kilos", totals)
        self.assertIn(f"margin {result['margin']}", totals)
        return root, groups

    def test_worked_examples(self):
        self.check_shelf([3, 9, 1, 2])
        self.check_shelf([7, 2, 9, 4])
        self.check_shelf([2, 4, 8, 1, 9, 3])
        self.check_shelf([5])

    def test_in_order_on_the_shelf(self):
        root, groups = self.check_shelf(list(range(1, 13)))
        xs = [float(circle_of(g).get("cx")) for g in groups]
        self.assertEqual(xs, sorted(xs))
        self.assertEqual(len(set(xs)), len(xs))

    def test_area_follows_weight(self):
        weights = [100, 25, 400, 1, 9, 400]
        root, groups = self.check_shelf(weights)
        radius = [float(circle_of(g).get("r")) for g in groups]
        heaviest = radius[2]
        for w, r in zip(weights, radius):
            # A wheel too light to see is drawn at 2 pixels (shelf.h).
            expected = max(heaviest * math.sqrt(w / 400), 2.0)
            # Radii are written in tenths of a pixel.
            self.assertAlmostEqual(r, expected, delta=0.11 + expected * 0.01)

    def test_zero_and_negative_wheels(self):
        weights = [5, -3, 0, 8, -12, 4, 0, 1]
        root, groups = self.check_shelf(weights)
        for w, g in zip(weights, groups):
            c = circle_of(g)
            if w > 0:
                self.assertNotIn(c.get("fill"), ("#ffffff", "none"))
            else:
                self.assertEqual(c.get("fill"), "#ffffff")
                self.assertIsNotNone(c.get("stroke-dasharray"))

    def test_longer_shelves(self):
        for seed in (1, 2):
            for n in (31, 200):
                p = run("--random", str(n), "--seed", str(seed), "--range",
                        "-5..20")
                weights = json.loads(p.stdout)
                self.check_shelf(weights)


class Trap(unittest.TestCase):
    def test_marked_with_explain(self):
        root = picture("--explain", "3", "9", "1", "2")
        rings = [el for el in root.iter(SVG + "circle")
                 if "trap" in classes(el)]
        self.assertEqual(len(rings), 1)
        # Around wheel 1, the heavier end greedy takes at turn 1.
        wheel1 = circle_of(wheels(root)[0])
        self.assertEqual(rings[0].get("cx"), wheel1.get("cx"))
        self.assertEqual(rings[0].get("cy"), wheel1.get("cy"))
        title = rings[0].find(SVG + "title").text
        self.assertIn("turn 1", title)
        self.assertIn("12 kilos", title)
        self.assertEqual(texts(root, "trap-label"), ["trap, turn 1"])
        note = " ".join(texts(root, "trap-note"))
        self.assertIn("turn 1", note)
        self.assertIn("costs 12 kilos", note)

    def test_not_marked_without_explain(self):
        root = picture("3", "9", "1", "2")
        self.assertEqual(find_class(root, "trap"), [])
        self.assertEqual(find_class(root, "trap-note"), [])

    def test_nothing_to_mark(self):
        # [7, 2, 9, 4]: the heavier end is optimal at every turn.
        p = run("--json", "--explain", "7", "2", "9", "4")
        self.assertIsNone(json.loads(p.stdout)["first_mistake"])
        root = picture("--explain", "7", "2", "9", "4")
        self.assertEqual(find_class(root, "trap"), [])
        self.assertEqual(len(find_class(root, "trap-none")), 1)

    def test_matches_explain_on_random_shelves(self):
        for seed in range(1, 21):
            p = run("--random", "12", "--seed", str(seed), "--range", "0..9")
            weights = json.loads(p.stdout)
            p = run("--json", "--explain", "--", *map(str, weights))
            mistake = json.loads(p.stdout)["first_mistake"]
            root = picture("--explain", "--", *map(str, weights))
            rings = [el for el in root.iter(SVG + "circle")
                     if "trap" in classes(el)]
            if mistake is None:
                self.assertEqual(rings, [], weights)
                continue
            self.assertEqual(len(rings), 1, weights)
            wheel = circle_of(wheels(root)[mistake["index"]])
            self.assertEqual(rings[0].get("cx"), wheel.get("cx"), weights)
            self.assertIn(f"turn {mistake['turn']}:",
                          rings[0].find(SVG + "title").text)


class LeadTable(unittest.TestCase):
    def cells(self, root):
        return [el for el in root.iter(SVG + "rect") if "lead" in classes(el)]

    def test_worked_shelf(self):
        root = picture("3", "9", "1", "2")
        cells = self.cells(root)
        self.assertEqual(len(cells), 10)
        titles = {c.find(SVG + "title").text for c in cells}
        # The lead table by hand: lead(1, 4) is the margin, lead(1, 3)
        # of [3, 9, 1] is -5, the diagonal is the weights.
        for t in ("lead(1, 4) = 7", "lead(1, 3) = -5", "lead(2, 4) = 8",
                  "lead(1, 1) = 3", "lead(4, 4) = 2"):
            self.assertIn(t, titles)
        # The line's blocks: (1,4), then right (1,3), left (2,3), left (3,3).
        on_line = {c.find(SVG + "title").text.split(" =")[0]
                   for c in cells if "on-line" in classes(c)}
        self.assertEqual(on_line,
                         {"lead(1, 4)", "lead(1, 3)", "lead(2, 3)",
                          "lead(3, 3)"})

    def test_up_to_30_wheels_only(self):
        for n, expected in ((30, 30 * 31 // 2), (31, 0)):
            p = run("--random", str(n), "--seed", "5", "--svg", "-")
            root = ET.fromstring(p.stdout)
            self.assertEqual(len(self.cells(root)), expected, n)
            self.assertEqual(len(wheels(root)), n)

    def test_matches_interval_dp(self):
        weights = [4, -2, 7, 7, 0, 3, -5, 9]
        n = len(weights)
        lead = lead_table(weights)
        root = picture("--", *map(str, weights))
        titles = {c.find(SVG + "title").text for c in self.cells(root)}
        expected = {f"lead({i + 1}, {j + 1}) = {lead[i][j]}"
                    for i in range(n) for j in range(i, n)}
        self.assertEqual(titles, expected)


class Summary(unittest.TestCase):
    def test_hundred_thousand_wheels(self):
        p = run("--random", "100000", "--seed", "3", "--svg", "-",
                "--explain")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertLess(len(p.stdout), 100 * 1024)
        root = ET.fromstring(p.stdout)
        self.assertEqual(wheels(root), [])
        self.assertLess(len(list(root.iter(SVG + "circle"))), 10)
        self.assertEqual(len(find_class(root, "summary")), 1)
        bins = [el for el in root.iter(SVG + "rect") if "bin" in classes(el)]
        self.assertGreater(len(bins), 50)
        self.assertLessEqual(len(bins), 200)
        self.assertEqual(len(texts(root, "summary-turn")), 10)
        weights = json.loads(run("--random", "100000", "--seed", "3").stdout)
        self.assertTrue(reduction_agrees())
        totals = " ".join(t.text for t in find_class(root, "totals"))
        self.assertIn(f"margin {reduce_margin(weights)}", totals)
        turns = texts(root, "summary-turn")
        self.assertTrue(turns[0].startswith("turn 1: first buyer"))
        self.assertTrue(turns[-1].startswith("turn 100000: second buyer"))

    def test_boundary(self):
        for n, detailed in ((200, True), (201, False)):
            p = run("--random", str(n), "--seed", "8", "--svg", "-")
            root = ET.fromstring(p.stdout)
            self.assertEqual(len(wheels(root)), n if detailed else 0)
            self.assertEqual(len(find_class(root, "summary")),
                             0 if detailed else 1)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: svg_tests.py PATH/TO/shelf")
    SHELF = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
