"""leak_check.py - the environment for one run of shelf: in the sanitizer
build, LeakSanitizer's check at exit on one run in EVERY.

At exit LeakSanitizer reads every global of the process, the sanitizer
runtimes' own among them: some 13 MB of pages never written, each of which
the kernel maps on first reading. On the 2-core virtual machines shelf is
tested on, that costs about 45 ms of the 65 a run of shelf takes under
the sanitizers, and the tests that use this run shelf some 2,100 times in
make test's sanitizer step. So each of those runs asks here for its
environment: AddressSanitizer and UndefinedBehaviorSanitizer check every
run; the leak check takes one run in EVERY, counted over the runs of one
test (sampling.py; another seed may take another quarter). Its places are
one past the seed's, so that they never meet the cases valgrind's runs
(memcheck_cli, memcheck_robustness, one case in eight at the seed's
places) look at for leaks. The unit tests, one process each, check for
leaks every time, and the few runs a test starts without this helper are
checked too.

A test that uses this is given SHELF_SANITIZED=1 in tests/CMakeLists.txt
under SHELF_SANITIZE; without it (and outside the sanitizer build) the
environment is returned as it is.
"""

import os

from sampling import sampler

EVERY = 4
_sampled = None
_runs = 0


def env(base=None):
    """A copy of `base` (by default this process's environment) for the
    next run of shelf: with detect_leaks=0 added to ASAN_OPTIONS unless the
    run is in the sample."""
    global _sampled, _runs
    out = dict(os.environ if base is None else base)
    if not os.environ.get("SHELF_SANITIZED"):
        return out
    if _sampled is None:
        _sampled = sampler(EVERY, "run of shelf (the leak check at exit)", 1)
    if not _sampled(_runs):
        opts = out.get("ASAN_OPTIONS", "")
        out["ASAN_OPTIONS"] = (opts + ":" if opts else "") + "detect_leaks=0"
    _runs += 1
    return out
