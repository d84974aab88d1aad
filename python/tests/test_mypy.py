"""test_mypy.py - the stubs (shelf/__init__.pyi) checked with mypy --strict
on a small typed program (typed/usage.py), and shown to catch a wrong use:
a program that misuses the API must fail the same check. Skips where mypy
is missing."""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import shelf
import skipped
import support

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(shelf.__file__)))


def mypy_command():
    if importlib.util.find_spec("mypy") is not None:
        return [sys.executable, "-m", "mypy"]
    if shutil.which("mypy"):
        return [shutil.which("mypy")]
    return None


CACHE = tempfile.TemporaryDirectory()  # one for all checks: NumPy's stubs once


def check(path):
    env = dict(os.environ, MYPYPATH=PACKAGE_DIR)
    return subprocess.run(
        [*mypy_command(), "--strict", "--no-error-summary",
         "--cache-dir", CACHE.name, path],
        capture_output=True, text=True, env=env, timeout=600)


class Mypy(unittest.TestCase):
    def test_usage_passes(self):
        p = check(os.path.join(HERE, "typed", "usage.py"))
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)

    def test_misuse_fails(self):
        for wrong in ('x: str = shelf.solve([1])',
                      'shelf.Game([1]).take("middle")',
                      'shelf.random(5, seed="1")',
                      'y: list[int] = shelf.lead_table([1])'):
            with self.subTest(code=wrong):
                with tempfile.TemporaryDirectory() as d:
                    path = os.path.join(d, "wrong.py")
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(f"import shelf\n{wrong}\n")
                    p = check(path)
                    self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
                    self.assertIn("error:", p.stdout)


if __name__ == "__main__":
    if mypy_command() is None:
        skipped.skip("mypy on the stubs", f"mypy is not installed for {sys.executable}")
    support.main()
