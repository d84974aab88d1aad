"""parallel_cost.py - what a threaded run spends. An early error ends the
run early (issue 19, defect 6): a 2 GB sparse file that opens `1 2 3 x 5`,
and a 60 MB text with an error on its first line, are answered with the
one-thread error after reading a few megabytes, counted by the kernel
(rchar in /proc/self/io, which takes in a child's reads when it is
reaped): deterministic, where a time limit would not be. Memory on
strictly decreasing input stays under 16 bytes a wheel on many
threads."""

import os
import subprocess

import parallel_run
from parallel_run import check, read_chars, run
from scale_test import write


def test_early_error(tmp, quick):
    if not os.path.exists("/proc/self/io"):
        print("skipped: early error reads (no /proc/self/io)")
        return
    sparse = os.path.join(tmp, "sparse.txt")
    with open(sparse, "wb") as f:
        f.write(b"1 2 3 x 5")
        f.truncate(2 * 10**9)
    if os.stat(sparse).st_blocks * 512 > 1 << 20:
        print("skipped: the 2 GB sparse file (this file system fills holes)")
        os.remove(sparse)
        sparse = None
    dense = os.path.join(tmp, "dense.txt")
    with open(dense, "wb") as f:
        f.write(b"1 2 x 4\n")
        chunk = b"7 " * (1 << 20)
        for _ in range(30):  # 60 MB of weights after the error
            f.write(chunk)
    for path in filter(None, (sparse, dense)):
        one = run(["--threads", "1", "-f", path])
        before = read_chars()
        got = run(["--threads", "2", "-f", path])
        read = read_chars() - before
        check(got == one and got[2] == 1 and b"column" in got[1],
              "early error in %s: %r, one thread %r" % (path, got, one))
        # Before: every range was scanned for a cut point, or parsed to its
        # end, first: the whole file (2 GB, or 60 MB) was read.
        check(read < 16 << 20, "early error in %s: %d bytes read"
              % (path, read))
        os.remove(path)


def peak_kib(args):
    p = subprocess.Popen([parallel_run.SHELF] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    out = p.stdout.read()
    p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = 0
    return out, usage.ru_maxrss


def test_memory(tmp, quick):
    if os.environ.get("SHELF_SANITIZED"):
        print("memory: not measured under a sanitizer (its shadow memory)")
        return
    n = 300000 if quick else 10**6
    path = os.path.join(tmp, "m.txt")
    write(path, list(range(n, 0, -1)), "lines")
    want = b"%d\n" % ((n + 1) // 2)
    _, base = peak_kib(["--threads", "1", "7"])
    for threads in ("1", "2", "8"):
        out, kib = peak_kib(["--threads", threads, "-f", path])
        per = (kib - base) * 1024 / n
        check(out == want and per <= 16, "descending, %s threads: %r, %.1f "
              "bytes a wheel" % (threads, out, per))
