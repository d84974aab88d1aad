#!/usr/bin/env python3
"""side_by_side.py - make test's steps at the same time, each line marked
with the step it came from.

    side_by_side.py NAME=COMMAND [NAME=COMMAND ...]

Each COMMAND is run by the shell (it comes from the Makefile, not from a
user) with its output and errors together; every line it writes is printed
as soon as it is whole, after the step's NAME, so that two CTest runs can
share one terminal and a failure still says which build it was in. When
all have ended, one line a step gives its status and its time; the exit
status is 1 if any step failed, else 0.

Why at the same time: on a 2-core machine one CTest run leaves a core idle
for much of its time (a test waiting on mpirun's start-up, on Chromium, on a
program run under a limit; the last long test running alone), and the other
step's tests fill it. The steps share nothing: each has its own build
directory.
"""

import subprocess
import sys
import threading
import time


def minutes(seconds):
    m, s = divmod(int(round(seconds)), 60)
    return "%d min %d s" % (m, s) if m else "%d s" % s


def main(argv):
    steps = []
    for arg in argv:
        name, sep, command = arg.partition("=")
        if not sep or not name or not command:
            print("usage: side_by_side.py NAME=COMMAND [NAME=COMMAND ...]",
                  file=sys.stderr)
            return 2
        steps.append((name, command))
    width = max(len(name) for name, _ in steps)
    lock = threading.Lock()
    results = {}

    def run(name, command):
        start = time.monotonic()
        p = subprocess.Popen(command, shell=True, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)
        for raw in p.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            with lock:
                print("%-*s | %s" % (width, name, line), flush=True)
        results[name] = (p.wait(), time.monotonic() - start)

    threads = [threading.Thread(target=run, args=step) for step in steps]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    failed = False
    for name, _ in steps:
        status, seconds = results[name]
        failed |= status != 0
        print("%-*s : %s in %s" % (width, name, "passed" if status == 0 else
                                   "FAILED (exit status %d)" % status,
                                   minutes(seconds)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
