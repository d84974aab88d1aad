#!/usr/bin/env python3
"""pip_install.py - the issue's done-when, as a user does it: in a fresh
virtual environment (python -m venv --system-site-packages), `pip install
./python` builds the package from source with no network, and then
`python -c "import shelf; print(shelf.solve([3, 9, 1, 2]))"` prints 7.

Usage: pip_install.py [PYTHON]   (default: Debian's /usr/bin/python3 where
it exists, since its setuptools and wheel come from apt-get).

The repository's python/, src/, include/ and report/ (the module compiles
report/read_at.c) are copied to a temporary directory first, so the build
leaves nothing in the source tree. Exit 0 on success, 1 on failure, 77
(with one `skipped:` line) if PYTHON cannot make a venv with pip.
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, **kw):
    print("$", " ".join(cmd), flush=True)
    return subprocess.run(cmd, **kw)


def main():
    python = sys.argv[1] if len(sys.argv) > 1 else (
        "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable)
    with tempfile.TemporaryDirectory(prefix="shelf-pip-") as tmp:
        ignore = shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
        for part in ("python", "src", "include", "report"):
            shutil.copytree(os.path.join(ROOT, part), os.path.join(tmp, part),
                            ignore=ignore)
        venv = os.path.join(tmp, "venv")
        made = run([python, "-m", "venv", "--system-site-packages", venv],
                   capture_output=True, text=True)
        if made.returncode != 0:
            print(f"skipped: pip install (no venv with pip for {python}: "
                  f"{made.stderr.strip().splitlines()[-1:]})")
            return 77
        bin_python = os.path.join(venv, "bin", "python")
        # PIP_NO_INDEX: should pip want anything from the network, fail at
        # once rather than wait for a timeout.
        env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
        env.pop("PYTHONPATH", None)
        if run([bin_python, "-m", "pip", "install", "./python"], cwd=tmp,
               env=env).returncode != 0:
            print("pip install ./python failed")
            return 1
        out = run([bin_python, "-c", "import shelf; print(shelf.solve([3, 9, 1, 2]))"],
                  cwd="/", env=env, capture_output=True, text=True)
        print(out.stdout + out.stderr, end="")
        if out.stdout != "7\n":
            print("expected 7")
            return 1
        files = run([bin_python, "-c", "import os, shelf; "
                     "print(sorted(os.listdir(os.path.dirname(shelf.__file__))))"],
                    cwd="/", env=env, capture_output=True, text=True).stdout
        for name in ("__init__.pyi", "py.typed"):
            if name not in files:
                print(f"{name} was not installed: {files}")
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
