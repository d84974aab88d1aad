"""test_notebook.py - the tour (python/examples/tour.ipynb) executed as the
README tells a reader to run it: from a virtual environment whose kernel is
registered (`python -m ipykernel install --name ...`), with `jupyter
nbconvert --to notebook --execute` on that kernel and a cell timeout, so
that it cannot go stale: any cell that raises fails the test.

The venv is made with --system-site-packages (nbconvert and ipykernel come
from the system, as on Debian) and finds the module under test through a
.pth file, where the README's reader has `pip install ./python`
(pip_install.py tests that step); its kernel is registered under a
temporary prefix, so nothing of the user's Jupyter is touched. Skips where
nbconvert or ipykernel is missing, or no venv can be made."""

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


KERNEL = "shelf-tour"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


class Tour(unittest.TestCase):
    def venv_kernel(self, tmp):
        """Makes the venv, puts the module under test on its path, and
        registers its kernel; returns the environment that finds it."""
        venv = os.path.join(tmp, "venv")
        p = run([sys.executable, "-m", "venv", "--system-site-packages",
                 "--without-pip", venv])
        if p.returncode != 0:
            support.skip_part(self, "the tour notebook", "no venv: "
                              + (p.stderr.strip().splitlines() or ["?"])[-1])
        python = os.path.join(venv, "bin", "python")
        p = run([python, "-c",
                 "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
        self.assertEqual(p.returncode, 0, p.stderr)
        site = p.stdout.strip()
        os.makedirs(site, exist_ok=True)
        package = os.path.dirname(os.path.dirname(os.path.abspath(shelf.__file__)))
        with open(os.path.join(site, "shelf-under-test.pth"), "w") as f:
            f.write(package + "\n")
        prefix = os.path.join(tmp, "jupyter")
        p = run([python, "-m", "ipykernel", "install", "--prefix", prefix,
                 "--name", KERNEL, "--display-name", "Python (shelf)"])
        self.assertEqual(p.returncode, 0, p.stderr[-4000:])
        # The venv's python finds shelf by its own path, not by the
        # test's PYTHONPATH; Jupyter finds the kernel under the prefix.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        env.update(JUPYTER_PATH=os.path.join(prefix, "share", "jupyter"),
                   PYDEVD_DISABLE_FILE_VALIDATION="1")
        return python, env

    def test_tour_runs(self):
        with tempfile.TemporaryDirectory(prefix="shelf-tour-") as tmp:
            python, env = self.venv_kernel(tmp)
            out = os.path.join(tmp, "out")
            p = run([python, "-m", "jupyter", "nbconvert", "--to",
                     "notebook", "--execute",
                     f"--ExecutePreprocessor.kernel_name={KERNEL}",
                     f"--ExecutePreprocessor.timeout={CELL_TIMEOUT}",
                     "--output-dir", out, "--output", "tour", TOUR],
                    env=env, timeout=CELL_TIMEOUT * 10)
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
