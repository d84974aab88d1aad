#!/usr/bin/env python3
"""check_languages_test.py - `shelf check`, the judge, on right solutions in
the languages learners use on the sites it knows: Node.js
(tests/check/solution.js), Java (tests/check/Solution.java), Python with
NumPy (tests/check/solution_fast.py) and C++ (tests/check/solution.cpp).
Each must pass CSES 1097 under its own limits: no --time-limit or
--memory-limit is given, since the point is that a right O(n^2) program in
each language fits the limits the problem states as the judge measures
them, CPU time and resident memory, interpreter or virtual machine start-up
included. Of the four problems the judge knows, cses is the strictest on
every count: 1 s of CPU (the others 2 s), 512 MB (AtCoder 1024 MB, the
problem and LeetCode none stated, so 2048), and the longest shelves (5000
wheels; AtCoder 3000, the problem 500, LeetCode 20). A program that fits
it fits the others' limits; the other problems' formats are checked by
check_test.py.

The Node.js solution is checked on one core shared with a CPU-bound loop
(busy_core.py): a busy machine delays a program but does not add to its
CPU time, so it must still pass. A program that passes on a busy machine
passes on a quiet one (the limits are CPU time and resident memory, and the
wait limit only grows more lenient), so Node.js is not also checked quiet.

Usage: check_languages_test.py SHELF [SOLUTION_CPP]

A language whose tools are missing (node; javac and java; a python3 that
imports numpy) is skipped with a line `skipped: <what> (<why>)`; the test
exits 77 (CTest's skip) only when every language was skipped. No timed
assertions: nothing here depends on how fast the machine is.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from busy_core import BusyCore
from skipped import SKIP_STATUS, skip_line

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK_DIR = os.path.join(HERE, "check")
# The strictest problem (see above); each language's run is mostly start-up,
# about 40 of them a check, so one problem each keeps the test short.
PROBLEM = "cses"
SEED = "20"
TRIES = "5"  # the fixed tries (about 40) are most of each check

PASSED, FAILED, SKIPPED = [], [], []


def fail(what):
    FAILED.append(what)
    print("FAIL " + what, flush=True)


def skip(what, why):
    SKIPPED.append(what)
    print(skip_line(what, why), flush=True)


# ==== The languages ====

def node_program(_workdir):
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        return None, "node not found: install nodejs"
    return [node, os.path.join(CHECK_DIR, "solution.js")], None


def java_program(workdir):
    javac, java = shutil.which("javac"), shutil.which("java")
    if javac is None or java is None:
        return None, "%s not found: install default-jdk-headless" % (
            "javac" if javac is None else "java")
    classes = os.path.join(workdir, "java")
    os.makedirs(classes)
    p = subprocess.run([javac, "-d", classes,
                        os.path.join(CHECK_DIR, "Solution.java")],
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        # javac is there, so a solution that does not compile is a failure.
        fail("java: javac exit %d: %s" % (p.returncode, p.stderr.strip()))
        return None, None
    return [java, "-cp", classes, "Solution"], None


def python_with_numpy():
    """The first python3 here that imports numpy: the one running this test,
    the one on PATH, Debian's (python3-numpy installs into Debian's)."""
    seen = []
    for python in (sys.executable, shutil.which("python3"), "/usr/bin/python3"):
        if python is None or not os.path.exists(python):
            continue
        real = os.path.realpath(python)
        if real in seen:
            continue
        seen.append(real)
        p = subprocess.run([python, "-c", "import numpy"],
                           capture_output=True, timeout=120)
        if p.returncode == 0:
            return python
    return None


def numpy_program(_workdir):
    python = python_with_numpy()
    if python is None:
        return None, "no python3 here imports numpy: install python3-numpy"
    return [python, os.path.join(CHECK_DIR, "solution_fast.py")], None


def cpp_program(_workdir, solution_cpp):
    if solution_cpp is None:
        return None, "no C++ compiler: check_solution_cpp was not built"
    # solution.cpp takes how it solves as its second argument, after the
    # problem, which the loop below adds; "right" follows it.
    return [solution_cpp], None


# ==== One check ====

def check(shelf, name, program, problem, args_after=(), pin=None):
    """shelf check under the problem's own limits; the program must pass.
    pin, if given, runs before the judge starts (busy_core.py)."""
    args = [shelf, "check", "--json", "--problem", problem, "--seed", SEED,
            "--tries", TRIES] + program + [problem] + list(args_after)
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=900,
                           preexec_fn=pin)
    except subprocess.TimeoutExpired:
        fail("%s %s: shelf check did not finish in 900 s" % (name, problem))
        return
    try:
        report = json.loads(p.stdout)
    except ValueError:
        fail("%s %s: not one JSON object, exit %d: %r %r" %
             (name, problem, p.returncode, p.stdout, p.stderr))
        return
    if p.returncode != 0 or report.get("passed") is not True \
            or report.get("failure") is not None:
        fail("%s %s: expected to pass, exit %d: %s" %
             (name, problem, p.returncode, json.dumps(report)))
        return
    PASSED.append("%s %s" % (name, problem))
    print("ok   %s %s passes (%d of %d tries, limits %s s CPU, %s MB)" %
          (name, problem, report["tried"], report["planned"],
           report["time_limit"], report["memory_limit"]), flush=True)


def busy_machine(shelf, program):
    """The Node.js solution under cses on a busy machine: it waits longer,
    but its CPU time is its own, so it must pass as on an idle one."""
    with BusyCore() as busy:
        check(shelf, "node (%s)" % busy.describe(), program, PROBLEM,
              pin=busy.pin)


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    shelf = argv[1]
    solution_cpp = argv[2] if len(argv) == 3 and argv[2] else None
    languages = (
        ("node", "the Node.js solution", node_program, ()),
        ("java", "the Java solution", java_program, ()),
        ("python-numpy", "the Python (NumPy) solution", numpy_program, ()),
        ("c++", "the C++ solution",
         lambda d: cpp_program(d, solution_cpp), ("right",)),
    )
    with tempfile.TemporaryDirectory(prefix="check_languages.") as workdir:
        for name, what, find, args_after in languages:
            program, why = find(workdir)
            if program is None:
                if why is not None:
                    skip(what, why)
            elif name == "node":
                busy_machine(shelf, program)
            else:
                check(shelf, name, program, PROBLEM, args_after)
    print("%d passed, %d failed, %d skipped" %
          (len(PASSED), len(FAILED), len(SKIPPED)))
    if FAILED:
        return 1
    if not PASSED:
        return SKIP_STATUS
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
