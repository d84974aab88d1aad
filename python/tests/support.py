"""support.py - what the Python tests share: where the module, the reference
DP and the command are, the random seed, and the unittest entry point.

CTest sets PYTHONPATH (build/python and tests/) and SHELF_CLI; run by hand
from the repository, the defaults below find the same things in build/.
"""

import os
import random
import sys
import tracemalloc
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for path in (os.path.join(ROOT, "build", "python"), os.path.join(ROOT, "tests")):
    if path not in sys.path:
        sys.path.append(path)

CLI = os.environ.get("SHELF_CLI", os.path.join(ROOT, "build", "shelf"))
SANITIZED = os.environ.get("SHELF_SANITIZED") == "1"
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def rng(name):
    """A random.Random seeded from SHELF_TEST_SEED (or fresh), its seed
    printed so that a failure can be replayed."""
    seed = int(os.environ.get("SHELF_TEST_SEED", random.randrange(2**32)))
    print(f"{name}: SHELF_TEST_SEED={seed}", file=sys.stderr)
    return random.Random(seed)


def random_shelf(r, n_max=12):
    """A random shelf: small weights, negatives, zeros, ties, int64 extremes."""
    n = r.randint(0, n_max)
    kind = r.randrange(4)
    if kind == 0:
        return [r.randint(1, 10) for _ in range(n)]
    if kind == 1:
        return [r.randint(-5, 5) for _ in range(n)]
    extremes = [INT64_MIN, INT64_MIN + 1, -1, 0, 1, INT64_MAX - 1, INT64_MAX]
    if kind == 2:
        return [r.choice(extremes) for _ in range(n)]
    return [r.choice(extremes) if r.random() < 0.5 else r.randint(-10**12, 10**12)
            for _ in range(n)]


def traced_peak(f, *args):
    """f(*args) and the most memory tracemalloc saw in use during the call
    (which includes the raw buffers the module allocates)."""
    tracemalloc.start()
    try:
        out = f(*args)
        return out, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def skipped_part(what, why):
    """Says that a part of a file's tests does not run, while the others
    do, on a line of its own in the form `make test` gathers into its
    Skipped: summary (tests/skipped.py), as a whole file's skip is;
    unittest's own report of a skip is not gathered."""
    import skipped
    # On a line of its own: unittest may have written a test's name.
    print("\n" + skipped.skip_line(what, why), file=sys.stderr, flush=True)


def skip_part(case, what, why):
    """Skips the test `case` is running, and says so as skipped_part()."""
    skipped_part(what, why)
    case.skipTest("%s (%s)" % (what, why))


def main():
    """Runs the file's tests; exit status 0 or 1."""
    unittest.main(verbosity=2)


def fields(record):
    """A record's fields as a tuple, in order (records are not tuples)."""
    return tuple(getattr(record, name) for name in record.__match_args__)
