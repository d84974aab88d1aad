"""busy_core.py - a busy machine for a check, at the cost of one core.

    with BusyCore() as busy:
        subprocess.run(cmd, preexec_fn=busy.pin)

Inside the block a CPU-bound loop runs on one core, and busy.pin, given
as preexec_fn, puts a command on that core too: the program judged waits,
ready to run, about as long as it runs, as on a busy machine, while the
other cores stay free for the rest of the suite (make test runs tests side
by side, and loops on every core slowed all of them). A loop
and the program on one core test what a machine of loops tests: CPU time
and waiting while not ready are what the judge counts, and waiting while
ready is neither. Where processes cannot be pinned (no sched_setaffinity),
every core gets a loop and one more, and busy.pin is None.
"""

import os
import subprocess
import sys


class BusyCore:
    def __init__(self):
        self.loops = []
        self.pin = None

    def __enter__(self):
        count = (os.cpu_count() or 2) + 1
        if hasattr(os, "sched_setaffinity"):
            core = min(os.sched_getaffinity(0))
            self.pin = lambda: os.sched_setaffinity(0, {core})
            count = 1
        for _ in range(count):
            self.loops.append(subprocess.Popen(
                [sys.executable, "-c", "while True: pass"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, preexec_fn=self.pin))
        return self

    def __exit__(self, *exc):
        for p in self.loops:
            p.kill()
        for p in self.loops:
            p.wait()
        return False

    def describe(self):
        """How busy, in words for a test's output."""
        if self.pin:
            return "on one core with a CPU-bound loop"
        return "beside %d CPU-bound loops" % len(self.loops)
