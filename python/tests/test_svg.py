"""test_svg.py - svg(width=...): the picture laid out for a width, as
shelf_svg() draws it (as wide as its content, at most the width); a long shelf's picture is no longer thousands
of pixels tall at a small width's expense, and a bad width is refused."""

import subprocess
import unittest
import xml.etree.ElementTree as ET

import support
import shelf


def size(doc):
    root = ET.fromstring(doc)
    return int(root.get("width")), int(float(root.get("height")))


class Width(unittest.TestCase):
    def test_width(self):
        w = list(range(1, 201))
        self.assertLessEqual(size(shelf.svg(w))[0], 1000)
        self.assertGreater(size(shelf.svg(w))[0], 900)  # 200 wheels fill it
        self.assertEqual(shelf.svg(w, width=0), shelf.svg(w))
        for px in (320, 640, 2000, 20000):
            with self.subTest(width=px):
                self.assertLessEqual(size(shelf.svg(w, width=px))[0], px)
        # Wider rows hold more wheels, so the picture is less tall.
        self.assertLess(size(shelf.svg(w, width=4000))[1],
                        size(shelf.svg(w, width=1000))[1])
        g = shelf.Game(w)
        self.assertEqual(g.svg(width=640), shelf.svg(w, explain=True, width=640))

    def test_as_the_command_draws(self):
        for w, px, explain in (([3, 9, 1, 2], 640, True), ([5, -1, 0, 7], 320, False),
                               (list(range(300)), 2000, False)):
            with self.subTest(n=len(w), width=px, explain=explain):
                argv = [support.CLI, "--svg", "-", "--svg-width", str(px)]
                argv += ["--explain"] if explain else []
                p = subprocess.run(argv + ["--", *map(str, w)],
                                   capture_output=True, text=True, timeout=60)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(shelf.svg(w, explain=explain, width=px),
                                 p.stdout)

    def test_teaching_versions_as_the_command_draws(self):
        """Each version of the picture the command's --svg-* options draw,
        byte for byte."""
        w = [3, 9, 1, 2, 7, 5]
        for kwargs, flags in (
                ({"question": True, "given": 1},
                 ["--svg-key", "/dev/null", "--svg-given", "1"]),
                ({"show": "shelf"}, ["--svg-show", "shelf"]),
                ({"show": "table"}, ["--svg-show", "table"]),
                ({"turn": 3}, ["--svg-turn", "3"]),
                ({"line": "greedy-first"}, ["--svg-line", "greedy-first"]),
                ({"line": "greedy"}, ["--svg-line", "greedy"]),
                ({"width": 1280, "height": 720}, ["--svg-size", "slide"])):
            with self.subTest(**kwargs):
                if "question" in kwargs:
                    continue  # the question goes to a file; checked below
                p = subprocess.run([support.CLI, "--svg", "-", *flags, "--",
                                    *map(str, w)], capture_output=True,
                                   text=True, timeout=60)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(shelf.svg(w, **kwargs), p.stdout)
        import tempfile, os
        with tempfile.TemporaryDirectory() as tmp:
            q, k = os.path.join(tmp, "q.svg"), os.path.join(tmp, "k.svg")
            p = subprocess.run([support.CLI, "--svg", q, "--svg-key", k,
                                "--svg-given", "1", "--", *map(str, w)],
                               capture_output=True, text=True, timeout=60)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(q) as f:
                self.assertEqual(shelf.svg(w, question=True, given=1),
                                 f.read())
            with open(k) as f:
                self.assertEqual(shelf.svg(w), f.read())

    def test_bad_teaching_options(self):
        for kwargs in ({"show": "both"}, {"line": "lazy"}, {"height": -1},
                       {"turn": 99}):
            with self.subTest(**kwargs), self.assertRaises(ValueError):
                shelf.svg([3, 9, 1, 2], **kwargs)

    def test_bad_width(self):
        for px in (1, 319, 20001, -5):
            with self.assertRaisesRegex(ValueError,
                                        r"svg: width must be from 320 to 20000"):
                shelf.svg([1, 2], width=px)
            with self.assertRaisesRegex(ValueError, "width must be"):
                shelf.Game([1, 2]).svg(width=px)
        with self.assertRaises(TypeError):
            shelf.svg([1], width="wide")

    def test_trap(self):
        doc = shelf.svg([3, 9, 1, 2], explain=True)
        self.assertRegex(doc, r'class="trap"')
        self.assertIn("The greedy trap: at turn 1", doc)
        self.assertNotRegex(shelf.svg([3, 9, 1, 2]), r'class="trap')


if __name__ == "__main__":
    support.main()
