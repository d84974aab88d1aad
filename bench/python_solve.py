#!/usr/bin/env python3
"""python_solve.py - shelf.solve (the Python package, on libshelf) against
the pure-Python solve the problem came with (docs/problem.md's interval
DP, copied verbatim below) at
n = 500 and 5000 wheels, as a ratio.

Usage: bench/python_solve.py [--build-dir DIR] [--runs N] [--report FILE]

The two take turns, --runs rounds each, on the same random shelf (weights
1..10^4 from shelf.random, seed 1); each answer is checked against the
other's, so a fast wrong answer cannot pass. shelf.solve is far below a
millisecond, so each of its rounds times a loop of calls long enough to
measure (at least 0.2 s) and divides. Medians are reported; the ratio is
the problem's solve's time over shelf's. bench/run.py calls write_section() to put the
table into docs/benchmarks.md between its own markers; run alone, this
prints the table. Needs the module built in DIR/python (bench/run.py's
build directory, or build/); it builds the target shelf_python there if it
is missing.
"""

import argparse
import glob
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN, END = "<!-- python-solve: begin -->", "<!-- python-solve: end -->"
SIZES = (500, 5000)


def problem_solve(wheels):
    """First buyer's kilos minus the second buyer's, when both take ends optimally."""
    n = len(wheels)
    # lead[i][j] = the most the buyer whose turn it is can finish ahead by,
    # counting only wheels i..j. One table serves both buyers because the roles
    # swap every turn: whatever lead the other forces on the rest is subtracted.
    lead = [[0] * n for _ in range(n)]
    for i in range(n):
        lead[i][i] = wheels[i]
    for span in range(2, n + 1):
        for i in range(n - span + 1):
            j = i + span - 1
            take_left = wheels[i] - lead[i + 1][j]
            take_right = wheels[j] - lead[i][j - 1]
            lead[i][j] = max(take_left, take_right)
    return lead[0][n - 1]


def load_shelf(build_dir):
    """The shelf package built in build_dir/python (built if missing)."""
    package = os.path.join(build_dir, "python")
    if not glob.glob(os.path.join(package, "shelf", "_shelf*.so")):
        subprocess.run(["cmake", "--build", build_dir, "--target",
                        "shelf_python", "-j", "2"], check=True,
                       stdout=subprocess.DEVNULL)
    sys.path.insert(0, package)
    import shelf
    return shelf


def timed(f, wheels, least=0.2):
    """(answer, seconds a call): calls f until `least` seconds pass."""
    calls, start = 0, time.perf_counter()
    while True:
        answer = f(wheels)
        calls += 1
        spent = time.perf_counter() - start
        if spent >= least:
            return answer, spent / calls


def measure(shelf, runs):
    """{n: {"problem": s, "shelf": s, "ratio": r}} in median seconds a call."""
    out = {}
    for n in SIZES:
        wheels = shelf.random(n, seed=1)
        times = {"problem": [], "shelf": []}
        for _ in range(runs):  # alternately, so that load slows both alike
            want, t = timed(problem_solve, wheels, least=0)
            times["problem"].append(t)
            got, t = timed(shelf.solve, wheels)
            times["shelf"].append(t)
            if got != want:
                raise SystemExit(f"shelf.solve says {got}, the problem's solve "
                                 f"{want}, at n = {n}")
        row = {k: statistics.median(v) for k, v in times.items()}
        row["ratio"] = row["problem"] / row["shelf"]
        out[n] = row
    return out


def table(results, runs):
    lines = ["## Python: shelf.solve against the problem's solve", "",
             "`bench/python_solve.py`: the package's `shelf.solve` (O(n), "
             "libshelf) against the problem's pure-Python interval DP "
             "([docs/problem.md](problem.md), O(n^2)), "
             "on the same random shelf, taking turns, %d rounds, median time "
             "a call (load average %.2f)." % (runs, os.getloadavg()[0]), "",
             "| n | the problem's solve | shelf.solve | ratio |",
             "|---:|---:|---:|---:|"]
    for n, r in results.items():
        lines.append("| %d | %.3g s | %.3g us | %.0fx |"
                     % (n, r["problem"], r["shelf"] * 1e6, r["ratio"]))
    return lines


def write_section(report, build_dir, runs):
    """Measures and puts the table into `report` between BEGIN and END
    (replacing the last one, or at the end)."""
    runs = max(1, min(runs, 3))  # the problem's solve takes seconds at 5000
    put_section(report, BEGIN, END,
                table(measure(load_shelf(build_dir), runs), runs))


def put_section(report, begin, end, lines):
    """Puts `lines` into the report between the markers `begin` and `end`,
    replacing what stood there, or at the end of the report."""
    text = "\n".join([begin] + lines + [end])
    with open(report, encoding="utf-8") as f:
        old = f.read()
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        new = head + text + rest.split(end, 1)[1]
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    with open(report, "w", encoding="utf-8") as f:
        f.write(new)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--report", help="a report to write the table into")
    args = ap.parse_args()
    if args.report:
        write_section(args.report, args.build_dir, args.runs)
    else:
        print("\n".join(table(measure(load_shelf(args.build_dir), args.runs),
                              args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
