#!/usr/bin/env python3
"""scale_test.py - shelf at scale against an independent computation.

Usage: scale_test.py PATH/TO/shelf [--wheels N]

Writes shelves of 10^6 wheels (N with --wheels) in several shapes and text
layouts, runs `shelf --json -f FILE` on each, and compares n, the margin and
both totals with values computed here, in Python's exact integers, without
any of shelf's code:

  - by closed form where one is known: ascending 1..n and descending n..1
    give a margin of ceil(n/2) (the buyers take the ends in order of
    weight), and n equal weights give 0 for even n and the weight for odd n;
  - otherwise by the peak-merging reduction of tests/reference.py, written
    again from its definition and checked first against the interval DP
    on short random shelves, so that a mistake there cannot agree with a
    mistake in shelf.

Shapes include weights all over the 64-bit range (shelf's 64-bit stack must
widen to 128 bits there) and layouts of one weight a line, one huge line,
a JSON list and CRLF lines, so that numbers fall across every 1 MiB block
boundary of the command's reads. Only correctness is checked, never time.
Exit status 0 if every case passed.
"""

import json
import os
import random
import subprocess
import sys
import tempfile

from reference import reduce_margin, reduction_agrees


def write(path, weights, layout):
    """Writes weights as text in a layout."""
    with open(path, "w", newline="") as f:
        if layout == "lines":
            f.write("\n".join(map(str, weights)) + "\n")
        elif layout == "crlf":
            f.write("\r\n".join(map(str, weights)) + "\r\n")
        elif layout == "line":
            f.write(" ".join(map(str, weights)) + "\n")
        elif layout == "json":
            f.write("[" + ", ".join(map(str, weights)) + "]\n")
        else:
            raise ValueError(layout)


def run(shelf, path):
    out = subprocess.run([shelf, "--json", "-f", path], capture_output=True)
    if out.returncode != 0:
        return None, out.stderr.decode(errors="replace").strip()
    return json.loads(out.stdout), None


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    shelf = argv[1]
    n = 10**6
    if "--wheels" in argv:
        n = int(argv[argv.index("--wheels") + 1])
    if not reduction_agrees():
        return 1
    rnd = random.Random(20261129)
    half = (n + 1) // 2
    odd = n | 1
    cases = [
        # name, weights, layout, margin (None: compute by reduction)
        ("random 1..10^4, one a line",
         [rnd.randint(1, 10**4) for _ in range(n)], "lines", None),
        ("random 1..10^4, one huge line",
         [rnd.randint(1, 10**4) for _ in range(n)], "line", None),
        ("random -10^9..10^9, JSON list",
         [rnd.randint(-10**9, 10**9) for _ in range(n)], "json", None),
        ("random over all of int64, CRLF lines",
         [rnd.randint(-2**63, 2**63 - 1) for _ in range(n)], "crlf", None),
        ("random near the 64-bit edges",
         [rnd.choice([2**63 - 1 - rnd.randint(0, 9), -2**63 + rnd.randint(0, 9),
                      rnd.randint(-99, 99)]) for _ in range(n)], "lines",
         None),
        ("zigzag 1, 10^4, ...",
         [1 if i % 2 == 0 else 10**4 for i in range(n)], "line", None),
        ("ascending 1..n", list(range(1, n + 1)), "lines", half),
        ("descending n..1", list(range(n, 0, -1)), "lines", half),
        ("all equal, even n", [5000] * (n - n % 2), "line", 0),
        ("all equal, odd n", [5000] * odd, "json", 5000),
    ]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "shelf.txt")
        for name, weights, layout, margin in cases:
            if margin is None:
                margin = reduce_margin(weights)
            total = sum(weights)
            want = {"n": len(weights), "margin": margin,
                    "first": (total + margin) // 2,
                    "second": (total - margin) // 2}
            write(path, weights, layout)
            got, err = run(shelf, path)
            if got != want:
                failed += 1
                print("FAIL %s: got %s, expected %s" % (name, err or got, want))
            else:
                print("ok   %s (%d wheels)" % (name, len(weights)))
    print("%d cases, %d failed" % (len(cases), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
