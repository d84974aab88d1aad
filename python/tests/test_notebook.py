"""test_notebook.py - the tour (python/examples/tour.ipynb) executed as a
reader would run it, with `jupyter nbconvert --to notebook --execute` and a
cell timeout, so that it cannot go stale: any cell that raises fails the
test. Skips where nbconvert or ipykernel is missing."""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest

import shelf
import skipped
import support

TOUR = os.path.join(support.ROOT, "python", "examples", "tour.ipynb")
CELL_TIMEOUT = 300  # seconds a cell may take; nbclient has none by default


class Tour(unittest.TestCase):
    def test_tour_runs(self):
        package = os.path.dirname(os.path.dirname(os.path.abspath(shelf.__file__)))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [package] + os.environ.get("PYTHONPATH", "").split(os.pathsep)),
            PYDEVD_DISABLE_FILE_VALIDATION="1")
        with tempfile.TemporaryDirectory() as out:
            p = subprocess.run(
                [sys.executable, "-m", "jupyter", "nbconvert", "--to",
                 "notebook", "--execute",
                 f"--ExecutePreprocessor.timeout={CELL_TIMEOUT}",
                 "--output-dir", out, "--output", "tour", TOUR],
                capture_output=True, text=True, env=env,
                timeout=CELL_TIMEOUT * 10)
            self.assertEqual(p.returncode, 0, p.stderr[-4000:])
            with open(os.path.join(out, "tour.ipynb"), encoding="utf-8") as f:
                executed = json.load(f)
        code = [c for c in executed["cells"] if c["cell_type"] == "code"]
        self.assertTrue(all(c.get("execution_count") for c in code))
        text = "".join("".join(o.get("text", "")) +
                       "".join(o.get("data", {}).get("text/plain", ""))
                       for c in code for o in c.get("outputs", []))
        # What the tour shows is the package's: a few facts of its shelf.
        self.assertIn("shelf.Result(n=4, margin=7, first=11, second=4)", text)
        self.assertIn(str(shelf.explain([3, 9, 1, 2])), text)
        self.assertIn("random shelf from seed=", text)
        self.assertIn("shelf check: passed", text)


if __name__ == "__main__":
    for module in ("nbconvert", "ipykernel"):
        if importlib.util.find_spec(module) is None:
            skipped.skip("the tour notebook",
                         f"{module} is not installed for {sys.executable}")
    support.main()
