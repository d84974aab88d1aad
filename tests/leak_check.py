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
test, at the places SHELF_TEST_SEED picks (another seed, another
quarter). The unit tests, one process each, check for leaks every time,
and valgrind's runs (memcheck_cli, memcheck_robustness) look for leaks in
cases of their own.

Outside the sanitizer build (SHELF_SANITIZED unset) the environment is
returned as it is.
"""

import os

EVERY = 4
_runs = 0


def env(base=None):
    """A copy of `base` (by default this process's environment) for the
    next run of shelf: with detect_leaks=0 added to ASAN_OPTIONS unless the
    run is in the sample."""
    global _runs
    out = dict(os.environ if base is None else base)
    if not os.environ.get("SHELF_SANITIZED"):
        return out
    seed = int(os.environ.get("SHELF_TEST_SEED", "11"))
    if _runs == 0:
        print("leak checks at exit: one run of shelf in %d, those at places "
              "%d, %d, ... (SHELF_TEST_SEED=%d)"
              % (EVERY, seed % EVERY, seed % EVERY + EVERY, seed), flush=True)
    if _runs % EVERY != seed % EVERY:
        opts = out.get("ASAN_OPTIONS", "")
        out["ASAN_OPTIONS"] = (opts + ":" if opts else "") + "detect_leaks=0"
    _runs += 1
    return out
