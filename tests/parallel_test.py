#!/usr/bin/env python3
"""parallel_test.py - the threaded command against the one-thread engine
and against an independent reduction.

Usage: parallel_test.py PATH/TO/shelf [--quick]

`shelf` reads a file in byte ranges and a pipe in blocks, each on its own
thread, cut at a digit or sign after a blank or a comma (libshelf's
shelf_piece_cut(), which libshelf's src/pieces/read.c calls). The test aid
SHELF_TEST_PIECE=N makes the pieces about N bytes long and threads files of
any size, so that short texts are cut many times. Each part of the test is
a module of its own, run here in turn:

  - parallel_values.py: right texts, against the peak-merging reduction
    written again in Python (tests/reference.py, itself checked there
    against the interval DP) and against `--threads 1`; the options;
    files whose size is not their bytes (procfs, sysfs);
  - parallel_cuts.py: errors on every cut of a file and just before it,
    the texts the cut rule must cut, and an error late in a real file, as
    `--threads 1` reports them (stdout, stderr and exit status);
  - parallel_random.py: random texts with random errors;
  - parallel_counted.py: one counted shelf;
  - parallel_batch.py: --batch, and --batch --counted;
  - parallel_cost.py: an early error ends the run early (issue 19, defect
    6), counted in bytes read by the kernel: deterministic, where a time
    limit would not be; memory on many threads;
  - parallel_progress.py: progress on a terminal.

parallel_run.py runs `shelf` for them and says which cases run under the
sanitizers. No time is asserted. Exit status 0 if every check passed.
"""

import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parallel_run  # noqa: E402
from parallel_batch import test_batch, test_batch_counted  # noqa: E402
from parallel_cost import test_early_error, test_memory  # noqa: E402
from parallel_counted import test_counted  # noqa: E402
from parallel_cuts import (test_cut_rule, test_error_cuts,  # noqa: E402
                           test_late_error)
from parallel_progress import test_progress  # noqa: E402
from parallel_random import test_random  # noqa: E402
from parallel_values import (test_options, test_unsized,  # noqa: E402
                             test_values)
from reference import reduction_agrees  # noqa: E402


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    parallel_run.SHELF = argv[1]
    quick = "--quick" in argv
    if not reduction_agrees():
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for test in (test_values, test_options, test_unsized,
                     test_error_cuts, test_random, test_cut_rule,
                     test_counted, test_late_error, test_early_error,
                     test_batch, test_batch_counted,
                     test_memory, test_progress):
            t = time.monotonic()
            test(tmp, quick)
            print("%s: %.1f s" % (test.__name__, time.monotonic() - t),
                  flush=True)
    failed = parallel_run.FAILED
    print("%d failed" % len(failed) if failed else "all passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
