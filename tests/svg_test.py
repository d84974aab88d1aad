#!/usr/bin/env python3
"""svg_test.py - what `shelf --svg` draws, read back as XML.

Usage: svg_test.py PATH/TO/shelf

The pictures are parsed with xml.etree.ElementTree and checked for what they
show: one circle per wheel in shelf order, the weights, the 1-based indices,
the turn numbers of the line (`shelf --json --moves`), colours by buyer,
areas that follow the weights, the rows of one layout rule, the width, the
greedy trap with --explain (a greedy first buyer's game against the perfect
second, played out here with the DP), the lead table up to
30 wheels with its numbers and a colour scale in which every non-zero lead
is tinted by its sign (against tests/reference.py's DP), the explanation's
sentences as stdout prints them, a small summary for long shelves that still
gives greedy against perfect play. The one comparison of bytes is the
README's picture, docs/shelf-3-9-1-2.svg, which must be what shelf draws
now. Python 3 standard library only.
"""

# Running shelf and reading its pictures are svg_read.py's; this file holds
# the checks, and what they expect written out independently.

import json
import math
import os
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

import svg_read
from reference import (greedy_game, greedy_vs_perfect, lead_table, margin,
                       reduce_margin, reduction_agrees)
from svg_read import (SVG, circle_of, classes, colour_of, find_class, heading,
                      line, picture, rgb, row_lengths, run, sentences, size_of,
                      texts, wheels, words)

DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs")


def standing(margin):
    """How the first buyer stands, in words, written out independently."""
    if margin == 0:
        return "level"
    unit = "kilo" if abs(margin) == 1 else "kilos"
    return f"{abs(margin)} {unit} {'ahead' if margin > 0 else 'behind'}"


def first_mistake(weights):
    """(turn, wheel index, cost) of the first turn where a greedy first buyer
    (the heavier end, the left on equal weights) keeps less than the block's
    lead against the game's perfect second, or None: the reference's game
    with the DP, independently of the program."""
    trap = greedy_game(weights)["trap"]
    return None if trap is None else (trap[0], trap[2], trap[4])


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
        totals = " ".join(texts(root, "totals"))
        self.assertEqual(totals, "Perfect play: the first buyer finishes "
                         f"{standing(result['margin'])}, {result['first']} "
                         f"to {result['second']}.")
        self.assertIn(f"margin {result['margin']}", heading(root))
        # Each wheel carries its index, 1 to n, in shelf order.
        self.assertEqual([texts(g, "index") for g in groups],
                         [[str(k + 1)] for k in range(len(weights))])
        return root, groups

    def test_worked_examples(self):
        self.check_shelf([3, 9, 1, 2])
        self.check_shelf([7, 2, 9, 4])
        self.check_shelf([2, 4, 8, 1, 9, 3])
        self.check_shelf([5])

    def test_in_order_on_the_shelf(self):
        root, groups = self.check_shelf(list(range(1, 13)))
        # Row by row (the index's baseline), left to right.
        at = [(float([t for t in g.iter(SVG + "text")
                      if "index" in classes(t)][0].get("y")),
               float(circle_of(g).get("cx"))) for g in groups]
        self.assertEqual(at, sorted(at))
        self.assertEqual(len(set(at)), len(at))

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
        self.assertIn("at turn 1 greedy takes this wheel", title)
        self.assertIn("loses 12 kilos", title)
        # The tag says what the ring is, and no number that could be read as
        # the wheel's turn; it stands above the wheel's weight.
        self.assertEqual(texts(root, "trap-label"), ["trap"])
        group = wheels(root)[0]
        tag = [t for t in group.iter(SVG + "text")
               if "trap-label" in classes(t)][0]
        weight = [t for t in group.iter(SVG + "text")
                  if "weight" in classes(t)][0]
        self.assertLess(float(tag.get("y")), float(weight.get("y")))
        note = " ".join(texts(root, "trap-note"))
        self.assertIn("at turn 1 the first buyer's heavier end is the left "
                      "(wheel 1, 3 kilos)", note)
        self.assertIn("loses 12 kilos", note)

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

    def test_matches_brute_force_on_random_shelves(self):
        for seed in range(1, 21):
            p = run("--random", "12", "--seed", str(seed), "--range", "0..9")
            weights = json.loads(p.stdout)
            mistake = first_mistake(weights)
            root = picture("--explain", "--", *map(str, weights))
            rings = [el for el in root.iter(SVG + "circle")
                     if "trap" in classes(el)]
            if mistake is None:
                self.assertEqual(rings, [], weights)
                continue
            turn, index, cost = mistake
            self.assertEqual(len(rings), 1, weights)
            self.assertIn(rings[0], list(wheels(root)[index].iter()), weights)
            title = rings[0].find(SVG + "title").text
            self.assertIn(f"at turn {turn} greedy", title)
            self.assertIn(f"loses {cost} kilos", title)

    def test_every_sentence_once_in_order(self):
        """The picture gives each sentence --explain prints, once and in the
        same order. (Both come from shelf_explain_sentence(); their wording
        is checked against text written by hand in tests/test_words.c.)"""
        said_classes = ("totals", "explain", "trap-note", "trap-none")
        for weights in ([3, 9, 1, 2], [7, 2, 9, 4], [5, 1, 3],
                        [4, -2, 7, 7, 0, 3, -5, 9]):
            args = ["--", *map(str, weights)]
            said = run("--explain", *args).stdout.splitlines()[1:]
            root = picture("--explain", *args)
            drawn = [words(t) for t in root.iter(SVG + "text")
                     if set(classes(t)) & set(said_classes)]
            self.assertEqual(drawn, said, weights)


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
        self.assertIn(f"margin {reduce_margin(weights)}", heading(root))
        turns = texts(root, "summary-turn")
        self.assertTrue(turns[0].startswith("turn 1: first buyer"))
        self.assertTrue(turns[-1].startswith("turn 100000: second buyer"))

    def test_greedy_against_perfect(self):
        # Over 200 wheels the picture still gives every figure --explain
        # prints, greedy against perfect play included.
        p = run("--random", "300", "--seed", "12", "--range", "-50..99")
        weights = json.loads(p.stdout)
        root = picture("--explain", "--", *map(str, weights))
        self.assertEqual(wheels(root), [])
        expected = greedy_vs_perfect(weights)
        perfect = lead_table(weights)[0][-1]
        said = [s for s in sentences(root, "explain")
                if s.startswith("A greedy first buyer")]
        self.assertEqual(said, [
            "A greedy first buyer against a perfect second: the first buyer "
            f"finishes {standing(expected)}, {perfect - expected} kilos worse "
            "than perfect play."])

    def test_boundary(self):
        for n, detailed in ((200, True), (201, False)):
            p = run("--random", str(n), "--seed", "8", "--svg", "-")
            root = ET.fromstring(p.stdout)
            self.assertEqual(len(wheels(root)), n if detailed else 0)
            self.assertEqual(len(find_class(root, "summary")),
                             0 if detailed else 1)


class Scale(unittest.TestCase):
    """The heat map's colours: any non-zero lead tinted by its sign, more
    strongly the larger it is, and a numbered scale that uses the same
    colours."""

    # The shelf: -5 3 0 -2 8 between the int64 extremes. Its margin,
    # -3, was drawn white because the extremes dwarfed it.
    EXTREMES = [9223372036854775807, -5, 3, 0, -2, 8, -9223372036854775808]

    def cells(self, root):
        """{lead: fill} over the table's cells, with each cell's title
        checked against the reference DP."""
        colours = {}
        for c in root.iter(SVG + "rect"):
            if "lead" not in classes(c):
                continue
            value = int(c.find(SVG + "title").text.split(" = ")[1])
            colours.setdefault(value, set()).add(c.get("fill"))
        for value in colours:
            self.assertEqual(len(colours[value]), 1, value)
        return {v: colours[v].pop() for v in colours}

    def check_signs(self, weights):
        root = picture("--", *map(str, weights))
        lead = lead_table(weights)
        colours = self.cells(root)
        values = {lead[i][j] for i in range(len(weights))
                  for j in range(i, len(weights))}
        self.assertEqual(set(colours), values)
        for v, fill in colours.items():
            r, g, b = rgb(fill)
            if v == 0:
                self.assertEqual(fill, "#ffffff")
                continue
            # Visibly tinted: some channel at least 40 below white.
            self.assertLess(min(r, g, b), 215, (v, fill))
            if v > 0:  # green: g above r and b
                self.assertGreater(g, r, (v, fill))
                self.assertGreater(g, b, (v, fill))
            else:  # purple: r and b above g
                self.assertGreater(r, g, (v, fill))
                self.assertGreater(b, g, (v, fill))
        # Larger leads of one sign are never lighter.
        for sign in (1, -1):
            same = sorted((abs(v), sum(rgb(f))) for v, f in colours.items()
                          if v * sign > 0)
            light = [l for _, l in same]
            self.assertEqual(light, sorted(light, reverse=True), sign)
        return root, colours

    def test_small_leads_beside_int64_extremes(self):
        root, colours = self.check_signs(self.EXTREMES)
        self.assertEqual(lead_table(self.EXTREMES)[0][6], -3)
        self.assertNotEqual(colours[-3], "#ffffff")

    def test_random_shelves(self):
        for seed in (1, 2, 3):
            p = run("--random", "15", "--seed", str(seed), "--range",
                    "-40..40")
            self.check_signs(json.loads(p.stdout))

    def test_numbered_scale(self):
        root, colours = self.check_signs([3, 9, 1, 2])
        marks = [(int(t.text.split()[0]), t) for t in
                 root.iter(SVG + "text") if "scale-value" in classes(t)]
        swatches = [el for el in root.iter(SVG + "rect")
                    if "scale" in classes(el)]
        self.assertEqual(len(marks), len(swatches))
        values = [v for v, _ in marks]
        # The largest lead of [3, 9, 1, 2] is 9 (the block of the 9 alone).
        self.assertEqual(values, [-9, -1, 0, 1, 9])
        for (v, _), swatch in zip(marks, swatches):
            if v in colours:
                self.assertEqual(swatch.get("fill"), colours[v])
        self.assertEqual(swatches[2].get("fill"), "#ffffff")
        self.assertNotEqual(swatches[1].get("fill"), "#ffffff")
        self.assertNotEqual(swatches[3].get("fill"), "#ffffff")

    def test_every_number_in_its_cell(self):
        for n in (4, 10, 30):
            p = run("--random", str(n), "--seed", "9", "--range", "-999..999")
            weights = json.loads(p.stdout)
            root = picture("--", *map(str, weights))
            lead = lead_table(weights)
            shown = [t.text for t in root.iter(SVG + "text")
                     if "lead-value" in classes(t)]
            self.assertEqual(sorted(map(int, shown)),
                             sorted(lead[i][j] for i in range(n)
                                    for j in range(i, n)))


    def test_long_numbers_written_short(self):
        # 30 wheels of any int64: a lead too long for its cell is written
        # to three figures, cut, never rounded: 9223372036854775807 is
        # "9.22e18"; each cell's title keeps the whole number.
        p = run("--random", "30", "--seed", "2", "--range",
                "-9223372036854775808..9223372036854775807")
        weights = json.loads(p.stdout)
        root = picture("--", *map(str, weights))
        table = [g for g in root.iter(SVG + "g")
                 if "lead-table" in classes(g)][0]
        children = list(table)
        short = 0
        for k, el in enumerate(children):
            if "lead" not in classes(el):
                continue
            exact = el.find(SVG + "title").text.split(" = ")[1]
            shown = words(children[k + 1])
            if shown == exact:
                continue
            short += 1
            digits = exact.lstrip("-")
            sign = "-" if exact.startswith("-") else ""
            self.assertEqual(shown, f"{sign}{digits[0]}.{digits[1:3]}e"
                                    f"{len(digits) - 1}", exact)
        self.assertGreater(short, 0)


class Layout(unittest.TestCase):
    """One rule for the rows, and labels that stay apart."""

    def test_balanced_rows(self):
        previous = None
        for n in range(1, 61):
            root = picture("--random", str(n), "--seed", "4")
            rows = row_lengths(root)
            self.assertEqual(sum(rows), n)
            if n <= 30:  # one row, the wheels smaller: still one shelf
                self.assertEqual(rows, [n])
                continue
            # Every row but the last is full, and the last not much shorter.
            self.assertEqual(len(set(rows[:-1])), min(1, len(rows) - 1), n)
            self.assertLessEqual(rows[-1], rows[0])
            self.assertGreater(rows[-1], rows[0] - len(rows), (n, rows))
            # One more wheel never makes the rows much longer.
            if previous is not None:
                self.assertLessEqual(rows[0], previous + 1, n)
            previous = rows[0]
        # At the narrowest width four wheels are still one row.
        root = picture("--svg-width", "320", "3", "9", "1", "2")
        self.assertEqual(row_lengths(root), [4])

    def test_long_weights_stay_apart(self):
        # 19 and 20 characters: at 13 px in DejaVu Sans (digits 0.636 em,
        # the minus sign 0.361 em) a label is up to 162 px wide.
        weights = [9223372036854775807, -9223372036854775808,
                   1234567890123456789, -1, 5000000000000000000]
        root = picture("--", *map(str, weights))
        groups = wheels(root)
        for a, b in zip(groups, groups[1:]):
            ta = [t for t in a.iter(SVG + "text") if "weight" in classes(t)][0]
            tb = [t for t in b.iter(SVG + "text") if "weight" in classes(t)][0]
            if ta.get("y") != tb.get("y"):
                continue  # another row
            def half(t):
                digits = sum(c.isdigit() for c in t.text)
                return 13 * (0.636 * digits + 0.361 * t.text.count("-")) / 2
            gap = (float(tb.get("x")) - half(tb)) - (float(ta.get("x"))
                                                     + half(ta))
            self.assertGreaterEqual(gap, 8, (ta.text, tb.text))

    def test_width_option(self):
        for width in (320, 640, 1600):
            p = run("--svg", "-", "--svg-width", str(width), "--explain",
                    "3", "9", "1", "2")
            self.assertEqual(p.returncode, 0, p.stderr)
            root = ET.fromstring(p.stdout)
            # As wide as the content, never wider than asked.
            self.assertLessEqual(int(root.get("width")), width)
            self.assertGreater(int(root.get("width")), 250)
        for bad in ("319", "20001", "x", ""):
            p = run("--svg", "-", "--svg-width", bad, "3")
            self.assertEqual(p.returncode, 2, bad)
            self.assertTrue(p.stderr.startswith("shelf: --svg-width"), bad)
        p = run("--svg-width", "500", "3")
        self.assertEqual(p.returncode, 2)
        self.assertIn("go with --svg", p.stderr)


def greedy_ends(w):
    """Both buyers greedy, written out here: the heavier end, the left on
    equal weights. Returns each wheel's turn (from 1) and the margin."""
    i, j, turn_of, total = 0, len(w) - 1, [0] * len(w), [0, 0]
    for t in range(len(w)):
        if w[i] >= w[j]:
            k, i = i, i + 1
        else:
            k, j = j, j - 1
        turn_of[k] = t + 1
        total[t % 2] += w[k]
    return turn_of, total[0] - total[1]


class Versions(unittest.TestCase):
    """The pictures for a sheet and for a lecture: a question and its key,
    the shelf or the table alone, a moment, the greedy lines, a slide."""

    W = [3, 9, 1, 2, 5]

    def both(self, *args):
        with tempfile.TemporaryDirectory() as d:
            q, k = os.path.join(d, "q.svg"), os.path.join(d, "k.svg")
            p = run("--svg", q, "--svg-key", k, *args)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(q) as f, open(k) as g:
                return ET.fromstring(f.read()), ET.fromstring(g.read()), p

    def test_question_and_key(self):
        q, k, p = self.both("--", *map(str, self.W))
        self.assertEqual(p.stdout, f"{margin(self.W)}\n")
        self.assertEqual([classes(g) for g in wheels(q)],
                         [["wheel", "open"]] * 5)
        self.assertEqual(texts(q, "turn"), [])
        self.assertNotIn(f"margin {margin(self.W)}", " ".join(q.itertext()))
        self.assertEqual(len(find_class(q, "blank")), 15)
        self.assertEqual(texts(q, "lead-value"), [])
        # The key: every wheel in its buyer's colour, every lead written.
        lead = lead_table(self.W)
        self.assertEqual(sorted(int(v) for v in texts(k, "lead-value")),
                         sorted(lead[i][j] for i in range(5)
                                for j in range(i, 5)))
        self.assertTrue(all(("first" in classes(g)) != ("second" in classes(g))
                            for g in wheels(k)))

    def test_question_blanks(self):
        """A blank under each wheel, in the row headed "buyer", and one for
        the margin; the key has none."""
        q, k, _ = self.both("--", *map(str, self.W))
        blanks = find_class(q, "answer-blank")
        self.assertEqual(len(blanks), len(self.W))
        for g, rect in zip(wheels(q), blanks):
            middle = float(rect.get("x")) + float(rect.get("width")) / 2
            self.assertAlmostEqual(middle, float(circle_of(g).get("cx")), delta=0.5)
        self.assertIn("buyer", [words(t) for t in q.iter(SVG + "text")])
        self.assertEqual(len(find_class(q, "answer-margin")), 1)
        self.assertEqual(texts(q, "answer-label"),
                         ["Margin, the first buyer's kilos minus the second's:"])
        for name in ("answer-blank", "answer-margin", "answer-label", "question-trap"):
            self.assertEqual(find_class(k, name), [], name)

    def test_question_says_greedy_loses_only_where_it_does(self):
        """The line "Taking the heavier end every turn loses here." on a
        question exactly where the reference finds that a greedy first
        buyer against a perfect second ends below perfect play."""
        seen = set()
        for seed in range(24):
            w = json.loads(run("--random", "6", "--seed", str(seed), "--range",
                               "-4..12").stdout)
            q, k, _ = self.both("--", *map(str, w))
            loses = greedy_vs_perfect(w) < margin(w)
            seen.add(loses)
            said = texts(q, "question-trap")
            self.assertEqual(said, ["Taking the heavier end every turn loses here."]
                             if loses else [], w)
            self.assertEqual(texts(k, "question-trap"), [], w)
        self.assertEqual(seen, {True, False}, "both kinds of shelf were drawn")

    def test_cells_given(self):
        q, _, _ = self.both("--svg-given", "2", "--", *map(str, self.W))
        lead = lead_table(self.W)
        given = find_class(q, "given")
        self.assertEqual(len(given), 5 + 4)
        want = sorted(lead[i][j] for i in range(5) for j in range(i, 5)
                      if j - i < 2)
        self.assertEqual(sorted(int(v) for v in texts(q, "lead-value")), want)
        self.assertEqual(len(find_class(q, "blank")), 15 - 9)

    def test_parts_alone(self):
        root = picture("--svg-show", "shelf", "3", "9", "1", "2")
        self.assertEqual(len(wheels(root)), 4)
        self.assertEqual(find_class(root, "lead"), [])
        root = picture("--svg-show", "table", "3", "9", "1", "2")
        self.assertEqual(wheels(root), [])
        self.assertEqual(len(find_class(root, "lead")), 10)
        # The headers carry the weights, a row's and a column's each.
        self.assertEqual(sorted(texts(root, "axis-weight")),
                         sorted(["3", "9", "1", "2"] * 2))
        p = run("--svg", "-", "--svg-show", "table", "--random", "31",
                "--seed", "1")
        self.assertEqual(p.returncode, 1)
        self.assertIn("at most 30 wheels", p.stderr)

    def test_moment(self):
        p = run("--json", "--moves", "--random", "10", "--seed", "5",
                "--range", "-9..20")
        moves = json.loads(p.stdout)["moves"]
        for turn in (1, 4, 10):
            root = picture("--svg-turn", str(turn), "--random", "10",
                           "--seed", "5", "--range", "-9..20")
            taken = {m["index"] for m in moves[:turn]}
            for k, g in enumerate(wheels(root)):
                self.assertEqual("taken" in classes(g), k in taken, (turn, k))
                self.assertEqual("open" in classes(g), k not in taken)
            first = sum(m["weight"] for m in moves[:turn:2])
            second = sum(m["weight"] for m in moves[1:turn:2])
            said = texts(root, "moment")[0]
            self.assertTrue(said.startswith(
                f"After turn {turn} of 10: the first buyer has {first} "), said)
            self.assertIn(f", the second {second} ", said)
            self.assertEqual(len(find_class(root, "now")), turn < 10)
        p = run("--svg", "-", "--svg-turn", "5", "3", "9", "1", "2")
        self.assertEqual(p.returncode, 1)
        self.assertIn("--svg-turn 5: this shelf has 4 turns", p.stderr)

    def test_greedy_lines(self):
        for seed in range(8):
            args = ("--random", "12", "--seed", str(seed), "--range", "-5..9")
            w = json.loads(run("--random", "12", "--seed", str(seed),
                               "--range", "-5..9").stdout)
            turn_of, m = greedy_ends(w)
            root = picture("--svg-line", "greedy", *args)
            for k, g in enumerate(wheels(root)):
                self.assertIn("first" if turn_of[k] % 2 else "second",
                              classes(g))
            self.assertIn(f"both buyers greedy, margin {m}", heading(root))
            root = picture("--svg-line", "greedy-first", *args)
            self.assertIn(f"greedy first buyer against perfect, margin "
                          f"{greedy_vs_perfect(w)}", heading(root))

    def test_slide(self):
        root = picture("--svg-size", "slide", "3", "9", "1", "2")
        self.assertEqual(size_of(root), (1280, 720))
        vb = [int(v) for v in root.get("viewBox").split()]
        self.assertLessEqual(abs(vb[2] * 720 - vb[3] * 1280), 1280)  # 16:9
        for bad in ("wide", "100x100", "1280x", "x720"):
            p = run("--svg", "-", "--svg-size", bad, "3")
            self.assertEqual(p.returncode, 2, bad)

    def test_palette_of_the_header(self):
        """The colours are the palette macros of include/shelf_svg.h, which
        the page uses too: read from the header, not written here."""
        import re
        header = os.path.join(DOCS, "..", "include", "shelf_svg.h")
        with open(header) as f:
            palette = dict(re.findall(r'#define SHELF_COLOUR_(\w+) "(#[0-9a-f]{6})"',
                                      f.read()))
        root = picture("--explain", "3", "9", "1", "2")
        for g in wheels(root):
            circle = next(g.iter(SVG + "circle"))
            buyer = "FIRST" if "first" in classes(g) else "SECOND"
            self.assertEqual(circle.get("fill"), palette[buyer])
        self.assertEqual(find_class(root, "trap")[0].get("stroke"),
                         palette["TRAP"])
        fills = {c.get("fill") for c in find_class(root, "lead")}
        self.assertIn(palette["AHEAD"], fills)  # the biggest lead, 9

    def test_usage(self):
        for args in (["--svg-given", "1", "--svg", "-", "3"],
                     ["--svg-key", "k.svg", "3"],
                     ["--svg", "q.svg", "--svg-key", "k.svg",
                      "--svg-turn", "1", "3"],
                     ["--svg", "-", "--svg-key", "k.svg", "3"],
                     ["--svg", "-", "--svg-line", "lazy", "3"],
                     ["--svg", "-", "--svg-show", "wheels", "3"]):
            p = run(*args)
            self.assertEqual(p.returncode, 2, args)
            self.assertTrue(p.stderr.startswith("shelf: --svg"), p.stderr)

    def test_sizes_and_versions(self):
        """4, 10, 30, 31, 200 and 1000 wheels, negative and int64 weights,
        each version: valid, no wider than asked, one row up to 30, never a
        tall strip."""
        versions = [[], ["--svg-show", "shelf"], ["--svg-turn", "1"],
                    ["--svg-line", "greedy"], ["--svg-line", "greedy-first"],
                    ["--explain"]]
        big = ["-9223372036854775808", "9223372036854775807", "0", "-1"]
        for n in (4, 10, 30, 31, 200, 1000):
            for weights in (["--random", str(n), "--seed", "3", "--range",
                             "-1000..1000"],
                            ["--"] + [big[k % 4] for k in range(n)]):
                for v in versions + ([["--svg-show", "table"]]
                                     if n <= 30 else []):
                    root = picture(*v, *weights)
                    w, h = size_of(root)
                    self.assertLessEqual(w, 1000, (n, v))
                    if n <= 200:
                        self.assertEqual(len(wheels(root)),
                                         0 if "table" in v else n)
                    if n <= 30 and "table" not in v:
                        self.assertEqual(row_lengths(root), [n])
                    self.assertLess(h, 2 * w, (n, v, w, h))
                with tempfile.TemporaryDirectory() as d:
                    q, k = os.path.join(d, "q.svg"), os.path.join(d, "k.svg")
                    p = run("--svg", q, "--svg-key", k, *weights)
                    self.assertEqual(p.returncode, 0, p.stderr)
                    ET.parse(q), ET.parse(k)


class Docs(unittest.TestCase):
    def test_readme_picture_is_current(self):
        """docs/shelf-3-9-1-2.svg is what shelf draws now, byte for byte.
        To refresh it: shelf --explain --svg docs/shelf-3-9-1-2.svg 3 9 1 2"""
        p = run("--explain", "--svg", "-", "3", "9", "1", "2")
        with open(os.path.join(DOCS, "shelf-3-9-1-2.svg"),
                  encoding="ascii") as f:
            committed = f.read()
        self.assertEqual(p.stdout, committed,
                         "docs/shelf-3-9-1-2.svg is stale; regenerate it with "
                         "shelf --explain --svg docs/shelf-3-9-1-2.svg "
                         "3 9 1 2")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: svg_test.py PATH/TO/shelf")
    svg_read.SHELF = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
