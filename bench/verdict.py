#!/usr/bin/env python3
"""verdict.py - how long `shelf check` takes to give its verdict (issue 43).

Usage: bench/verdict.py SHELF [--report FILE] [--only WORD] [--quiet-only]
                        [--timeout S]

SHELF is the shelf command to measure (a build's shelf, or an installed
one). Each row is one `shelf check --problem cses --seed 1` (CSES 1097) of
a program: the ones issue 43 measured (right in C++, Java, Node.js; CPython
out of time; C++ with a zero memo, without a memo, with an array bound at
n = 5000) and the project's own test solutions (tests/check/). Each check
runs twice: on the machine as it is ("quiet"), and with two CPU-bound loops
beside it ("busy", a loop for each core of a 2-core machine). A row gives
the verdict, the seconds by the clock and the CPU seconds (user + system)
of the check, the judge and the program's runs together (wait4 on shelf).
A verdict that differs between the two is named under the table.

The C++ of bench/verdict/ and tests/check/, the C and the Java are compiled
into a temporary directory first. A row whose tool is missing (g++, javac,
java, node) says skipped. The markdown table goes to standard output; with
--report, it also replaces its section of that file (docs/benchmarks.md)
between the markers "<!-- verdict: begin -->" and "<!-- verdict: end -->".
--only WORD keeps the rows whose name holds WORD; --timeout stops a check
after S seconds (the row says so). Python 3 standard library only.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from python_solve import put_section  # bench/python_solve.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECK = os.path.join(ROOT, "tests", "check")
HERE = os.path.join(ROOT, "bench", "verdict")
BEGIN, END = "<!-- verdict: begin -->", "<!-- verdict: end -->"

# Issue 43's goals on a quiet 2-core machine, in seconds by the clock.
GOAL_NATIVE, GOAL_MANAGED, GOAL_FAILING = 3, 20, 15


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ==== The programs ====


def compile_all(tmp):
    """Compiles what the rows run into tmp; returns {name: path or None}."""
    built = {}
    cxx, cc, javac = shutil.which("g++"), shutil.which("gcc"), \
        shutil.which("javac")
    sources = [("solution_cpp", cxx, os.path.join(CHECK, "solution.cpp")),
               ("memo_zero", cxx, os.path.join(HERE, "memo_zero.cpp")),
               ("one_short", cxx, os.path.join(HERE, "one_short.cpp")),
               ("solution_c", cc, os.path.join(CHECK, "solution.c"))]
    for name, compiler, source in sources:
        out = os.path.join(tmp, name)
        built[name] = None
        if compiler is not None:
            subprocess.run([compiler, "-O2", "-o", out, source], check=True)
            built[name] = out
    built["java"] = None
    if javac is not None and shutil.which("java") is not None:
        subprocess.run([javac, "-d", tmp, os.path.join(CHECK,
                                                       "Solution.java")],
                       check=True)
        built["java"] = tmp
    return built


def rows(built):
    """(name, goal in seconds, command or the missing tool's name)."""
    py, node = sys.executable, shutil.which("node")

    def cmd(path, *args):
        return [path] + list(args) if path is not None else None

    return [
        ("C++, right (tests/check/solution.cpp)", GOAL_NATIVE,
         cmd(built["solution_cpp"], "cses", "right") or "g++"),
        ("Java, right (tests/check/Solution.java)", GOAL_MANAGED,
         ["java", "-cp", built["java"], "Solution", "cses"]
         if built["java"] else "javac"),
        ("Node.js, right (tests/check/solution.js)", GOAL_MANAGED,
         [node, os.path.join(CHECK, "solution.js"), "cses"]
         if node else "node"),
        ("Python, O(n^2) table (tests/check/solution.py right)", GOAL_FAILING,
         [py, os.path.join(CHECK, "solution.py"), "cses", "right"]),
        ("C++ with a zero memo (bench/verdict/memo_zero.cpp)", GOAL_FAILING,
         cmd(built["memo_zero"]) or "g++"),
        ("C++ recursion without a memo (solution.cpp exponential)",
         GOAL_FAILING,
         cmd(built["solution_cpp"], "cses", "exponential") or "g++"),
        ("C++ array bound at n = 5000 (bench/verdict/one_short.cpp)",
         GOAL_FAILING, cmd(built["one_short"]) or "g++"),
        ("C, right (tests/check/solution.c)", GOAL_NATIVE,
         cmd(built["solution_c"], "cses", "right") or "gcc"),
        ("C with a zero memo (solution.c memo-zero)", GOAL_FAILING,
         cmd(built["solution_c"], "cses", "memo-zero") or "gcc"),
        ("C, published memo of -1 (solution.c memo-minus-one)", GOAL_FAILING,
         cmd(built["solution_c"], "cses", "memo-minus-one") or "gcc"),
    ]


# ==== One check ====


def run_check(shelf, command, timeout):
    """Runs one check; returns (verdict, wall seconds, CPU seconds or None).
    The rusage of shelf (wait4) holds the judge's and every run's, each
    reaped by its parent."""
    args = [shelf, "check", "--problem", "cses", "--seed", "1", "--json"]
    start = time.monotonic()
    out_file, err_file = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    p = subprocess.Popen(args + command, stdout=out_file, stderr=err_file,
                         cwd=ROOT)
    deadline = start + timeout
    try:
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                p.returncode = status
                break
            if time.monotonic() > deadline:
                return "over %d s" % timeout, time.monotonic() - start, None
            time.sleep(0.02)
    finally:
        if p.returncode is None:
            # SIGTERM to shelf (the guard) reaches the judge, which ends the
            # run and kills its tree.
            p.terminate()
            os.wait4(p.pid, 0)
            p.returncode = -15
    wall = time.monotonic() - start
    cpu = ru.ru_utime + ru.ru_stime
    out_file.seek(0)
    err_file.seek(0)
    out, err = out_file.read(), err_file.read()
    try:
        report = json.loads(out)
    except ValueError:
        line = err.decode(errors="replace").strip().splitlines()
        # "shelf: check: no verdict: the machine is too busy (...)": the
        # words before the figures.
        said = line[-1] if line else "exit %d" % status
        said = said.replace("shelf: check: ", "").split(" (")[0]
        return said if said.startswith("no verdict") else \
            "no verdict: " + said, wall, cpu
    if report.get("passed"):
        return "passed (%d tries)" % report["tried"], wall, cpu
    f = report.get("failure") or {}
    words = f.get("verdict", "?")
    if f.get("mistake"):
        words += ", " + f["mistake"]
    return "%s (try %s)" % (words, f.get("try_index", f.get("try", "?"))), wall, cpu


# ==== Loops beside it ====


class Loops:
    """Two CPU-bound loops for the life of the block."""

    def __enter__(self):
        self.procs = [subprocess.Popen([sys.executable, "-c",
                                        "while True: pass"])
                      for _ in range(2)]
        return self

    def __exit__(self, *exc):
        for p in self.procs:
            p.kill()
            p.wait()


# ==== The table ====


def seconds(x):
    return "-" if x is None else ("%.1f" % x if x < 100 else "%.0f" % x)


def measure(shelf, only, quiet_only, timeout, results):
    """Appends a row to `results` as each is measured."""
    with tempfile.TemporaryDirectory(prefix="shelf-verdict-") as tmp:
        built = compile_all(tmp)
        for name, goal, command in rows(built):
            if only and only not in name:
                continue
            if isinstance(command, str):
                results.append((name, goal, "skipped (no %s)" % command,
                                None, None, None))
                continue
            log("verdict: %s, quiet" % name)
            quiet = run_check(shelf, command, timeout)
            busy = None
            if not quiet_only:
                log("verdict: %s, two loops beside it" % name)
                with Loops():
                    busy = run_check(shelf, command, timeout)
            results.append((name, goal, None, quiet, busy, command))
            log("verdict: %s: %s" % (name, (quiet, busy)))


def table(results, quiet_only, load_before, stopped):
    load = os.getloadavg()[0]
    about = ("`bench/verdict.py SHELF`: `shelf check --problem cses --seed "
             "1` (CSES 1097) of each program, on the machine as it is and "
             "with two CPU-bound loops beside it (busy); seconds by the clock "
             "and CPU seconds (user + system, the judge's and every run's). "
             "%d cores, load average %.2f before the runs and %.2f after. "
             "Goal (issue 43, on a quiet 2-core machine): a right C or C++ "
             "program passes in %d s or less, a right Java, Node.js or "
             "Python one in %d s, a failing one fails in %d s."
             % (os.cpu_count() or 0, load_before, load, GOAL_NATIVE,
                GOAL_MANAGED, GOAL_FAILING))
    lines = ["## Time to verdict", "", about, "",
             "| program | verdict | wall | CPU | goal | busy: verdict | "
             "wall | CPU |",
             "|---|---|---:|---:|---:|---|---:|---:|"]
    changed, unjudged = [], []
    for name, goal, skipped, quiet, busy, _ in results:
        if skipped:
            lines.append("| %s | %s | | | | | | |" % (name, skipped))
            continue
        q_verdict, q_wall, q_cpu = quiet
        met = "met" if q_wall <= goal else "missed"
        cells = [name, q_verdict, seconds(q_wall), seconds(q_cpu),
                 "%d s, %s" % (goal, met)]
        if busy is not None:
            cells += [busy[0], seconds(busy[1]), seconds(busy[2])]
            if "no verdict" in busy[0] + q_verdict:
                unjudged.append(name)
            elif verdict_word(busy[0]) != verdict_word(q_verdict):
                changed.append(name)
        else:
            cells += ["-", "", ""]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    if stopped:
        lines.append("Stopped (SIGTERM) after the rows above.")
    if quiet_only:
        lines.append("Run without the loops (--quiet-only).")
    elif changed:
        lines.append("Verdicts that changed with two loops beside it: %s." %
                     "; ".join(changed))
    else:
        lines.append("No verdict changed with two loops beside it.")
    if unjudged:
        lines.append("No verdict at all, one of the two times (the judge's "
                     "answer when a run gets under a twentieth of a core): "
                     "%s." % "; ".join(unjudged))
    lines += ["", "Rerun: `python3 bench/verdict.py build/shelf "
              "--report docs/benchmarks.md` (`make bench-verdict`); 10 to "
              "20 minutes on 2 cores."]
    return lines


def verdict_word(v):
    """The verdict and mistake, without the try it came on."""
    return v.split(" (")[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shelf", help="the shelf command to measure")
    ap.add_argument("--report", help="a report to put the table into")
    ap.add_argument("--only", help="only the rows whose name holds this")
    ap.add_argument("--quiet-only", action="store_true",
                    help="no second run with loops beside it")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds a check may take (default 600)")
    args = ap.parse_args()
    # A kill ends the check under way and the loops too (the finally
    # blocks), removes the compiled programs, and the rows measured so far
    # are written.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    shelf = os.path.abspath(args.shelf)
    load_before = os.getloadavg()[0]
    results, stopped = [], False
    try:
        measure(shelf, args.only, args.quiet_only, args.timeout, results)
    except (SystemExit, KeyboardInterrupt):
        stopped = True
    lines = table(results, args.quiet_only, load_before, stopped)
    print("\n".join(lines))
    if args.report:
        put_section(args.report, BEGIN, END, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
