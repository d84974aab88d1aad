"""parallel_progress.py - progress on a threaded run: shown on a terminal in
a run of over a second and erased at the end; never in a pipe, never with
--json."""

import os
import pty
import select
import subprocess
import time

import parallel_run
from parallel_run import check
from reference import reduce_margin


def with_tty_stderr(args, chunks, pause):
    """Runs shelf with stderr on a terminal, feeding stdin slowly."""
    master, slave = pty.openpty()
    p = subprocess.Popen([parallel_run.SHELF] + args, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    err = b""
    for c in chunks:
        p.stdin.write(c)
        p.stdin.flush()
        end = time.monotonic() + pause
        while time.monotonic() < end:
            r, _, _ = select.select([master], [], [], 0.05)
            if r:
                err += os.read(master, 4096)
    p.stdin.close()
    out = p.stdout.read()
    p.wait()
    while True:
        try:
            r, _, _ = select.select([master], [], [], 0.2)
            if not r:
                break
            k = os.read(master, 4096)
        except OSError:
            break
        if not k:
            break
        err += k
    os.close(master)
    return out, err, p.returncode


def test_progress(tmp, quick):
    chunks = [b"%d " % k for k in range(1, 13)] + [b"\n"]
    try:
        os.close(os.open("/dev/ptmx", os.O_RDWR))
    except OSError as e:
        print("progress on a terminal: not checked (no terminal device: %s)"
              % e)
        return
    # Progress is the threaded reader's: ask for threads, whatever the
    # machine's core count.
    out, err, status = with_tty_stderr(["--threads", "2"], chunks, 0.2)
    check(out == b"%d\n" % reduce_margin(list(range(1, 13))) and status == 0,
          "slow input: %r, %d" % (out, status))
    check(b"shelf: read " in err and err.endswith(b"\r\x1b[K"),
          "progress shown on a terminal and erased: %r" % err)
    out, err, status = with_tty_stderr(["--threads", "2", "--json"], chunks,
                                       0.2)
    check(err == b"", "no progress with --json: %r" % err)
    # stderr a pipe: nothing on it.
    p = subprocess.Popen([parallel_run.SHELF], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for c in chunks:
        p.stdin.write(c)
        p.stdin.flush()
        time.sleep(0.2)
    out, err = p.communicate()
    check(err == b"", "no progress in a pipe: %r" % err)
