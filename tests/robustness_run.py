"""robustness_run.py - running shelf for robustness_test.py's groups and
judging what a run did: Result and run() (peak memory, a reader that goes
away, a watchdog against hangs), Checks (one line per case, each failure
naming what differed), one_error_line() (the contract for bad input), and
the values the groups share (how long a run may take, the 64-bit range).
"""

import os
import subprocess
import sys
import threading

import leak_check

# A run still going after this long is stopped and counts as a hang. It is
# a safety net against an endless loop, not a timing check: every input
# here takes milliseconds, or a few seconds for the 1 GB line and the big
# shelves (times ten under a wrapper such as valgrind, and ten again on a
# machine whose load is ten times its cores).
HANG_SECONDS = 300
BIG_HANG_SECONDS = 600

# The range of a weight: the grammar's accepted edges and the faults group's
# batch of extremes reach both ends.
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


# ==== Running the program ====

class Result:
    """What one run of shelf did."""

    def __init__(self, status, out, err, maxrss_kib):
        self.status = status        # exit status, or -signal
        self.out = out              # bytes
        self.err = err              # bytes
        self.maxrss_kib = maxrss_kib  # peak resident memory of the run

    def err_lines(self):
        return self.err.decode("utf-8", "replace").splitlines()


def run(shelf, args, stdin=b"", wrapper=(), stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=None, feed=None, read_limit=None,
        hang=HANG_SECONDS, cwd=None):
    """Runs shelf and waits with wait4, so that the peak memory of this very
    run is known (getrusage(RUSAGE_CHILDREN) would give the largest of all
    runs so far). `feed` is a function that writes standard input itself;
    `read_limit` closes stdout after that many bytes (a reader going away).
    A run that takes more than `hang` seconds is killed: status -9.
    """
    if wrapper:
        hang *= 10
    proc = subprocess.Popen(list(wrapper) + [shelf] + list(args),
                            stdin=subprocess.PIPE, stdout=stdout,
                            stderr=stderr, preexec_fn=preexec_fn, cwd=cwd,
                            env=leak_check.env())
    chunks = {"out": [], "err": []}

    def writer():
        try:
            if feed is not None:
                feed(proc.stdin)
            elif stdin:
                proc.stdin.write(stdin)
        except BrokenPipeError:
            pass  # shelf stopped reading: an error, or a test of one
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    def reader(stream, key, limit):
        total = 0
        while True:
            data = stream.read1(1 << 16) if hasattr(stream, "read1") else \
                stream.read(1 << 16)
            if not data:
                break
            chunks[key].append(data)
            total += len(data)
            if limit is not None and total >= limit:
                break
        stream.close()

    threads = [threading.Thread(target=writer)]
    if proc.stdout is not None:
        threads.append(threading.Thread(target=reader,
                                        args=(proc.stdout, "out", read_limit)))
    if proc.stderr is not None:
        threads.append(threading.Thread(target=reader,
                                        args=(proc.stderr, "err", None)))
    for t in threads:
        t.start()
    timer = threading.Timer(hang, proc.kill)
    timer.start()
    _, wait_status, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(wait_status) \
        if hasattr(os, "waitstatus_to_exitcode") else \
        (-os.WTERMSIG(wait_status) if os.WIFSIGNALED(wait_status)
         else os.WEXITSTATUS(wait_status))
    for t in threads:
        t.join()
    return Result(proc.returncode, b"".join(chunks["out"]),
                  b"".join(chunks["err"]), usage.ru_maxrss)


# ==== Checks ====

class Checks:
    """Collects failures; each case either passes or lists what differed."""

    def __init__(self):
        self.failed = 0
        self.passed = 0
        self.problems = []

    def expect(self, cond, what):
        if not cond:
            self.problems.append(what)

    def done(self, name):
        if self.problems:
            self.failed += 1
            print("FAIL %s" % name)
            for p in self.problems:
                print("     " + p)
        else:
            self.passed += 1
            print("ok   %s" % name)
        sys.stdout.flush()
        self.problems = []


def one_error_line(c, r, want, label):
    """The contract for bad input: exit status 1, no stdout, one stderr
    line "shelf: ..." that names the line and column. `want` is the exact
    line, or a list of acceptable ones."""
    c.expect(r.status == 1, "%s: exit status %d, expected 1" % (label, r.status))
    c.expect(r.out == b"", "%s: stdout %r, expected nothing" % (label, r.out[:200]))
    lines = r.err_lines()
    c.expect(len(lines) == 1 and r.err.endswith(b"\n"),
             "%s: %d lines on stderr, expected one: %r" % (label, len(lines),
                                                            r.err[:400]))
    if not lines:
        return
    line = lines[0]
    c.expect(line.startswith("shelf: "), "%s: %r does not start 'shelf: '" %
             (label, line))
    c.expect(", column " in line and "line " in line,
             "%s: %r does not name the line and column" % (label, line))
    wants = want if isinstance(want, list) else [want]
    c.expect(line in wants, "%s: stderr %r, expected %s" %
             (label, line, " or ".join(repr(w) for w in wants)))
