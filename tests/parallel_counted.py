"""parallel_counted.py - one counted shelf (--counted) on many threads: its
count read from the head, its weights cut into ranges; right texts give
one thread's answer, wrong ones (too many or too few weights, brackets, a
name, a bad weight, a bad count) one thread's error, and the file is seen
to be read by the threads."""

import os
import random

from parallel_run import check, read_chars, run, sampled
from reference import reduce_margin


def counted_variants(n, w):
    """Counted texts, right and wrong: (name, bytes)."""
    body = b" ".join(b"%d" % x for x in w)
    lines = b"\n".join(b"%d" % x for x in w)
    return [
        ("right", b"%d\n" % n + body + b"\n"),
        ("right, one a line", b"%d\n" % n + lines + b"\n"),
        ("right, CRLF", b"%d\r\n" % n + lines.replace(b"\n", b"\r\n")),
        ("right, a byte-order mark", b"\xef\xbb\xbf%d " % n + body),
        ("right, commas", b"%d," % n + b",".join(b"%d" % x for x in w)),
        ("a comma after the last weight", b"%d\n" % n + body + b",\n"),
        ("a comma and blanks after the last weight",
         b"%d\n" % n + body + b" ,\n\n  " + b" " * 5000),
        ("too many", b"%d\n" % (n - 1) + body + b"\n"),
        ("too few", b"%d\n" % (n + 1) + body + b"\n"),
        ("a bracket late", b"%d\n" % n + body[:len(body) // 2].rsplit(b" ", 1)[0]
         + b" [ " + body[len(body) // 2:].split(b" ", 1)[1]),
        ("brackets", b"%d [" % n + body + b"]"),
        ("a name", b"%d w = [" % n + body + b"]"),
        ("a bad weight late", b"%d\n" % n + body[:-20] + b" 5x " + body[-20:]),
        ("a negative count", b"-%d\n" % n + body),
        ("no count", b"x\n" + body),
        ("a count alone", b"%d\n" % n),
    ]


def test_counted(tmp, quick):
    """--counted on many threads: the count from the head, the weights
    after it cut into ranges (src/pieces/read.c, read_counted()). Right
    texts give the one-thread answer; wrong ones are read again on one
    thread and give its error, placed in the whole text."""
    rnd = random.Random(2412)
    path = os.path.join(tmp, "counted.txt")
    n = 2000 if quick else 8000
    w = [rnd.randint(-10**6, 10**6) for _ in range(n)]
    want = (b"%d\n" % reduce_margin(w), b"", 0)
    for name, text in counted_variants(n, w):
        with open(path, "wb") as f:
            f.write(text)
        one = run(["--counted", "--threads", "1", "-f", path])
        if name.startswith("right"):
            check(one == want, "counted %s, one thread: %r" % (name, one))
        else:
            check(one[2] == 1 and one[1].count(b"\n") == 1,
                  "counted %s, one thread: %r" % (name, one))
        for piece, how in sampled(((7, "file"), (50, "file"), (1000, "file"),
                                   (50, "pipe"))):
            if how == "file":
                got = run(["--counted", "--threads", "4", "-f", path],
                          piece=piece)
                check(got == one, "counted %s, pieces of %d: %r, one thread "
                      "%r" % (name, piece, got, one))
            else:
                one_piped = run(["--counted", "--threads", "1"], data=text)
                got = run(["--counted", "--threads", "4"], data=text,
                          piece=piece)
                check(got == one_piped, "counted %s piped: %r, one thread %r"
                      % (name, got, one_piped))
    if not os.path.exists("/proc/self/io"):
        print("skipped: counted reads (no /proc/self/io)")
        return
    # That the threads read it: a count one too high is found only at the
    # end, after the threads have read every range, so the file is read
    # twice; on one thread, once.
    big = os.path.join(tmp, "counted-big.txt")
    m = 300000
    with open(big, "wb") as f:
        f.write(b"%d\n" % (m + 1) + b"\n".join(b"%d" % (k % 9973)
                                               for k in range(m)) + b"\n")
    size = os.path.getsize(big)
    for threads, low, high in (("1", 0.9, 1.2), ("2", 1.9, 2.3)):
        before = read_chars()
        got = run(["--counted", "--threads", threads, "-f", big])
        read = read_chars() - before
        check(got[2] == 1 and b"fewer weights than the count" in got[1] and
              low * size <= read <= high * size,
              "counted, too few, --threads %s: %r, %d of %d bytes read"
              % (threads, got, read, size))
    os.remove(big)
