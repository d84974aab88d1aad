#!/usr/bin/env python3
"""scan_compare.py - shelf's scanner against the byte loop, side by side
(issue 46): for each input, the floor (bench/baseline.c, parse_sum: a
plain byte loop that parses and sums every integer) and one or more shelf
programs (builds to compare, e.g. before and after a change) run in
alternating rounds through bench/measure.c; each program's least CPU time
and least wall time over the rounds, and their ratios to the floor's in the
same run, as a Markdown table. Unlike bench/run.py it builds nothing and
writes no report: docs/benchmarks.md's scanner section quotes it.

The inputs are bench/gen.c's (random lines, ascending, ...) or any text.
Least, not median: on a machine shared with other work, the least time is
the one least disturbed.

Usage: bench/scan_compare.py --tools DIR --shelf NAME=PATH [--shelf ...]
                             [--runs N] [--threads T] INPUT[:FLAGS] ...

FLAGS are shelf's options for that input, joined with commas
(batch.txt:--batch,--counted). The load average is printed with the table.
Python 3 standard library only.
"""

import argparse
import os
import subprocess


def run(tools, cmd):
    """(wall s, cpu s) of one run of cmd through measure."""
    out = subprocess.run([os.path.join(tools, "measure")] + cmd, check=True,
                         capture_output=True, text=True).stdout.split()
    if int(out[4]) != 0:
        raise SystemExit("failed: %s" % " ".join(cmd))
    return float(out[0]), float(out[2]) + float(out[3])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", required=True)
    ap.add_argument("--shelf", action="append", required=True)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("inputs", nargs="+")
    a = ap.parse_args()
    shelves = [s.split("=", 1) for s in a.shelf]
    threads = a.threads.split(",")
    print("load before: %s" % open("/proc/loadavg").read().strip())
    print("| input | threads | program | CPU | wall | CPU / floor | "
          "wall / floor |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for spec in a.inputs:
        path, _, flags = spec.partition(":")
        flags = [f for f in flags.split(",") if f]
        for t in threads:
            best = {}
            for _ in range(a.runs):
                progs = [("floor", [os.path.join(a.tools, "baseline"), path])]
                progs += [(name, [exe, "--threads", t] + flags + ["-f", path])
                          for name, exe in shelves]
                for name, cmd in progs:
                    w, c = run(a.tools, cmd)
                    bw, bc = best.get(name, (w, c))
                    best[name] = (min(bw, w), min(bc, c))
            fw, fc = best["floor"]
            for name, (w, c) in best.items():
                print("| %s | %s | %s | %.1f ms | %.1f ms | %.2fx | %.2fx |" % (
                    os.path.basename(path) + (" `%s`" % " ".join(flags)
                                              if flags else ""),
                    t, name, c * 1e3, w * 1e3, c / fc, w / fw), flush=True)
    print("load after: %s" % open("/proc/loadavg").read().strip())


if __name__ == "__main__":
    main()
