#!/usr/bin/env python3
"""python_read.py - shelf.solve_file on one thread against two, on a file
of 10^7 wheels, as a ratio.

Usage: bench/python_read.py [--build-dir DIR] [--runs N] [--report FILE]
                            [--wheels N]

The file is written once into DIR/bench-out/ (random weights from
-10^9 to 10^9, seed 1, one line). The two take turns, --runs rounds each,
so that load slows both alike; the answers must agree. Medians are
reported; the ratio is one thread's time over two threads'. The page cache
holds the file after the first round, so this is the parse, not the disk.
bench/run.py calls write_section() to put the table into docs/benchmarks.md
between its own markers; run alone, this prints the table.
"""

import argparse
import os
import statistics
import sys
import time

from python_solve import load_shelf, put_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN, END = "<!-- python-read: begin -->", "<!-- python-read: end -->"


def shelf_file(shelf, build_dir, wheels):
    """A file of `wheels` random weights, written once."""
    out = os.path.join(build_dir, "bench-out")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "python-read-%d.txt" % wheels)
    if not os.path.exists(path):
        with open(path + ".tmp", "w") as f:
            for start in range(0, wheels, 10**6):
                k = min(10**6, wheels - start)
                w = shelf.random(k, seed=1 + start, lo=-10**9, hi=10**9)
                f.write(" ".join(map(str, w)))
                f.write(" " if start + k < wheels else "\n")
        os.replace(path + ".tmp", path)
    return path


def measure(shelf, path, runs):
    """{threads: median seconds} for 1 and 2 threads."""
    times = {1: [], 2: []}
    answers = set()
    shelf.solve_file(path)  # into the page cache
    for _ in range(runs):
        for threads in (1, 2):
            start = time.perf_counter()
            answers.add(shelf.solve_file(path, threads=threads))
            times[threads].append(time.perf_counter() - start)
    if len(answers) != 1:
        raise SystemExit("solve_file's answers differ: %r" % answers)
    return {k: statistics.median(v) for k, v in times.items()}


def table(result, runs, wheels, size):
    return ["## Python: shelf.solve_file on one thread and on two", "",
            "`bench/python_read.py`: `shelf.solve_file(path, threads=T)` on a "
            "file of %d wheels (%.0f MB, in the page cache), the two taking "
            "turns, %d rounds, median time (load average %.2f)."
            % (wheels, size / 1e6, runs, os.getloadavg()[0]), "",
            "| threads | time | ratio to one thread |",
            "|---:|---:|---:|",
            "| 1 | %.3f s | 1.00 |" % result[1],
            "| 2 | %.3f s | %.2f |" % (result[2], result[1] / result[2])]


def run(build_dir, runs, wheels):
    shelf = load_shelf(build_dir)
    path = shelf_file(shelf, build_dir, wheels)
    return table(measure(shelf, path, runs), runs, wheels,
                 os.path.getsize(path))


def write_section(report, build_dir, runs, wheels=10**7):
    """Measures and puts the table into `report` between BEGIN and END
    (replacing the last one, or at the end)."""
    put_section(report, BEGIN, END, run(build_dir, runs, wheels))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--wheels", type=int, default=10**7)
    ap.add_argument("--report", help="a report to write the table into")
    args = ap.parse_args()
    if args.report:
        write_section(args.report, args.build_dir, args.runs, args.wheels)
    else:
        print("\n".join(run(args.build_dir, args.runs, args.wheels)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
