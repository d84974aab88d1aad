"""test_check.py - shelf.check on Python functions right and wrong (those of
tests/check/solution.py), against the rules (reference.py) and against the
command: the same tries from the same seed, the same mistake sentences; and
shelf.testing.shelves, where Hypothesis is installed."""

import importlib.util
import json
import os
import subprocess
import sys
import unittest

import support
import shelf
from reference import margin

SOLUTION = os.path.join(support.ROOT, "tests", "check", "solution.py")
spec = importlib.util.spec_from_file_location("solution", SOLUTION)
solution = importlib.util.module_from_spec(spec)
spec.loader.exec_module(solution)


def first_total(way):
    return lambda w: (sum(w) + way(w)) // 2


def winner(way, strict=False):
    return lambda w: way(w) > 0 if strict else way(w) >= 0


def overflow32_margin(w):
    return solution.overflow32(w)[1]


class Check(unittest.TestCase):
    def test_right_ones_pass(self):
        for problem, func in [("seed", solution.right),
                              ("atcoder", solution.right),
                              ("cses", first_total(solution.right)),
                              ("leetcode486", winner(solution.right))]:
            with self.subTest(problem=problem):
                r = shelf.check(func, problem, tries=20, seed=3, max_n=40)
                self.assertTrue(r.passed, repr(r))
                self.assertTrue(r)
                self.assertIn("passed", repr(r))

    def test_wrong_ones_named(self):
        for problem, func, mistake in [
                ("seed", solution.greedy, "greedy"),
                ("seed", solution.added, "added"),
                ("seed", solution.left_index, "left-index"),
                ("cses", solution.right, "wrong-quantity"),
                ("cses", first_total(solution.greedy), "greedy"),
                ("atcoder", overflow32_margin, "overflow32"),
                ("leetcode486", winner(solution.right, True), "strict-tie")]:
            with self.subTest(problem=problem, mistake=mistake):
                r = shelf.check(func, problem, tries=20, seed=3)
                self.assertFalse(r.passed)
                self.assertEqual((r.verdict, r.mistake), ("wrong", mistake),
                                 repr(r))
                # The shrunk shelf fails, by the rules.
                m = margin(r.wheels)
                want = {"cses": (sum(r.wheels) + m) // 2,
                        "leetcode486": m >= 0}.get(problem, m)
                self.assertEqual(r.expected, want)
                self.assertNotEqual(func(r.wheels), want)
                self.assertEqual(func(r.wheels), r.got)
                self.assertIn("Mistake: " + mistake, repr(r))

    def test_bad_output_and_unstable(self):
        r = shelf.check(lambda w: str(solution.right(w)), tries=5, seed=1)
        self.assertEqual((r.verdict, len(r.wheels)), ("bad-output", 1))
        r = shelf.check(lambda w: solution.right(w) >= 0, tries=5, seed=1)
        self.assertEqual(r.verdict, "bad-output")  # a bool for a margin
        r = shelf.check(lambda w: 1 if solution.right(w) >= 0 else 0,
                        "leetcode486", tries=5, seed=1)
        self.assertEqual(r.verdict, "bad-output")  # an int for a bool
        try:
            import numpy as np
        except ImportError:
            return
        r = shelf.check(lambda w: np.int64(solution.right(w)), tries=5,
                        seed=1, max_n=30)
        self.assertTrue(r.passed, repr(r))
        calls = []

        def flaky(w):
            calls.append(1)
            return solution.right(w) + len(calls) % 2
        r = shelf.check(flaky, tries=5, seed=1)
        self.assertEqual(r.verdict, "unstable")

    def test_exception_is_raised_on_the_shrunk_shelf(self):
        def crash(w):
            if len(w) >= 3:
                raise IndexError("list index out of range")
            return solution.right(w)
        with self.assertRaises(IndexError) as caught:
            shelf.check(crash, tries=5, seed=1)
        self.assertEqual(len(caught.exception.shelf_wheels), 3)
        if hasattr(caught.exception, "__notes__"):
            self.assertIn("shelf.check: raised on try",
                          caught.exception.__notes__[0])

    def test_same_tries_as_the_command(self):
        """The command's --json on a recording program and shelf.check on a
        recording function try the same shelves in the same order."""
        seen = []

        def record(w):
            seen.append(list(w))
            return solution.right(w)
        shelf.check(record, "seed", tries=6, seed=11, max_n=30)
        env = dict(os.environ, SHELF_CHECK_RECORD=os.path.join(
            self.tmp, "record"))
        p = subprocess.run([support.CLI, "check", "--seed", "11", "--tries",
                            "6", "--max-n", "30", sys.executable, SOLUTION,
                            "seed", "record"], env=env, capture_output=True,
                           text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(env["SHELF_CHECK_RECORD"]) as f:
            command = [json.loads(line) for line in f]
        self.assertEqual(command, seen)

    def test_sentences_match_the_command(self):
        p = subprocess.run([support.CLI, "check", "--seed", "1", "--tries",
                            "3", sys.executable, SOLUTION, "seed", "greedy"],
                           capture_output=True, text=True)
        line = next(l for l in p.stdout.splitlines()
                    if l.startswith("Mistake: "))
        r = shelf.check(solution.greedy, tries=3, seed=1)
        self.assertIn(line, repr(r))

    def test_every_sentence_matches_the_library(self):
        """The sentences of check.py are libshelf's, as the command prints
        them (the Python solution of tests/check/). The program runs without
        the sanitizer build's LD_PRELOAD of libasan: ASan reserves terabytes
        of address space, and the problems' memory limits (RLIMIT_AS) would
        stop it before it starts."""
        check_module = sys.modules["shelf.check"]  # shelf.check is the function
        program = [sys.executable, SOLUTION]
        env = {k: v for k, v in os.environ.items()
               if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "PYTHONMALLOC")}
        for mistake, problem in [("greedy", "seed"), ("added", "seed"),
                                 ("left-index", "seed"),
                                 ("wrong-quantity", "cses"),
                                 ("overflow32", "atcoder"),
                                 ("strict-tie", "leetcode486")]:
            with self.subTest(mistake=mistake):
                p = subprocess.run([support.CLI, "check", "--problem",
                                    problem, "--seed", "1", "--tries", "10",
                                    *program, problem, mistake],
                                   capture_output=True, text=True, env=env)
                line = next(l for l in p.stdout.splitlines()
                            if l.startswith("Mistake: "))
                self.assertEqual(line, "Mistake: %s. %s" % (
                    mistake, check_module._shelf._mistake_sentence(mistake)))

    def setUp(self):
        import tempfile
        self._dir = tempfile.TemporaryDirectory()
        self.tmp = self._dir.name

    def tearDown(self):
        self._dir.cleanup()


class Strategy(unittest.TestCase):
    def test_shelves(self):
        try:
            import hypothesis
        except ImportError:
            self.skipTest("skipped: shelf.testing.shelves (Hypothesis is not "
                          "installed for this Python)")
        from hypothesis import given, settings
        from shelf.testing import shelves

        @settings(max_examples=50, deadline=None)
        @given(shelves("leetcode486"))
        def agrees(wheels):
            self.assertTrue(1 <= len(wheels) <= 20)
            self.assertTrue(all(0 <= x <= 10**7 for x in wheels))
            self.assertEqual(shelf.solve(wheels), margin(wheels))
        agrees()
        with self.assertRaises(ValueError):
            shelves(lo=5, hi=1)


if __name__ == "__main__":
    support.main()
