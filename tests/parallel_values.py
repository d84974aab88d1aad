"""parallel_values.py - right texts on many threads: random, monotone
and extreme-weight shelves, bracketed and not, CRLF, with a byte-order
mark, from a file and from a pipe, cut into pieces of many sizes, against
the peak-merging reduction written again in Python (tests/reference.py,
itself checked there against the interval DP) and against `--threads 1`;
and the options that keep the weights, the notes, --counted and --threads
itself; and files whose size is not their bytes (procfs says 0, sysfs
4096), read whole, as a copy of their bytes is."""

import json
import os
import random

from parallel_run import check, one_thread, run, run_on, sampled
from reference import reduce_margin
from scale_test import write
from skipped import skip_line


def expected_json(weights):
    m, s = reduce_margin(weights), sum(weights)
    return json.dumps({"n": len(weights), "margin": m,
                       "first": (s + m) // 2, "second": (s - m) // 2})


def shelves(rnd, n):
    return [
        ("random", [rnd.randint(1, 10**4) for _ in range(n)]),
        ("random signed", [rnd.randint(-50, 50) for _ in range(n)]),
        ("ascending", list(range(1, n + 1))),
        ("descending", list(range(n, 0, -1))),
        ("extreme", [rnd.choice([2**63 - 1, -2**63, 2**63 - 2, -2**63 + 1,
                                 0]) for _ in range(n)]),
        ("random int64", [rnd.randint(-2**63, 2**63 - 1) for _ in range(n)]),
    ]


def test_values(tmp, quick):
    rnd = random.Random(15)
    path = os.path.join(tmp, "v.txt")
    n = 3000 if quick else 20000
    for name, w in shelves(rnd, n):
        for layout in ("lines", "crlf", "line", "json"):
            write(path, w, layout)
            want = expected_json(w).encode() + b"\n"
            with open(path, "rb") as f:
                data = f.read()
            one = run(["--json", "--threads", "1", "-f", path])
            check(one == (want, b"", 0), "%s %s: --threads 1 gives %r"
                  % (name, layout, one[:2]))
            for piece, how in sampled(
                    (piece, how) for piece in (1, 7, 100, 4096)
                    for how in ("file", "pipe", "stdin file")):
                if how == "file":
                    got = run(["--json", "--threads", "4", "-f", path],
                              piece=piece)
                elif how == "pipe":
                    got = run(["--json", "--threads", "3"], data=data,
                              piece=piece)
                else:
                    got = run(["--json", "--threads", "2"], stdin=path,
                              piece=piece)
                check(got == (want, b"", 0), "%s %s, %s, pieces of %d: %r"
                      % (name, layout, how, piece, got[:2]))
    # The default pieces (no test aid) on a file large enough to be cut.
    w = [rnd.randint(-10**6, 10**6) for _ in range(400000)]
    write(path, w, "line")
    want = expected_json(w).encode() + b"\n"
    for threads in ("2", "4"):
        got = run(["--json", "--threads", threads, "-f", path])
        check(got == (want, b"", 0), "default pieces, %s threads" % threads)
    # ... and where every guess is wrong (the '[' lies beyond what the
    # command reads to see how the text opens), so each range is parsed
    # twice, the second time from the place the range before ended.
    with open(path, "wb") as f:
        f.write(b" " * 70000 + b"[" + b", ".join(b"%d" % x for x in w) + b"]")
    for threads in ("2", "4"):
        got = run(["--json", "--threads", threads, "-f", path])
        check(got == (want, b"", 0), "default pieces, every guess wrong, %s "
              "threads: %r" % (threads, got))
    # A byte-order mark, a text that has no cut point at all, named lists,
    # and blanks longer than the command looks back over (so that its guess
    # of where a piece starts is wrong and the piece is parsed again).
    ws = list(range(1, 400))
    listed = b", ".join(b"%d" % x for x in ws)
    for text, w in ((b"\xef\xbb\xbf[1, 2,\n 3, 4]\n", [1, 2, 3, 4]),
                    (b"wheels = [" + listed + b"]\n", ws),
                    (b"\xef\xbb\xbf w_2\n =\n [" + listed + b"]", ws),
                    (b"[1," + b" " * 5000 + b"2 3]", [1, 2, 3]),
                    (b"[1" + b"\n" * 5000 + b", 2 3]", [1, 2, 3]),
                    (b" " * 70000 + b"[" + listed + b"]", ws),
                    (b"\n" * 70000 + b"wheels =\n[" + listed + b"]", ws),
                    (b"\xef\xbb\xbf 5 6 7", [5, 6, 7]),
                    (b",".join(b"%d" % x for x in range(1, 3000)),
                     list(range(1, 3000)))):
        with open(path, "wb") as f:
            f.write(text)
        want = expected_json(w).encode() + b"\n"
        for piece, how in sampled((piece, how) for piece in (1, 2, 5, 64, 4000)
                                  for how in ("file", "pipe")):
            got = run_on(how, ["--json"], path, text, piece)
            check(got == (want, b"", 0), "%r..., %s, pieces of %d: %r"
                  % (text[:20], how, piece, got))
    # The same with errors that only the true place shows.
    for text in (b"[1," + b" " * 5000 + b",2 3]", b"1" + b" " * 5000 + b"]",
                 b"[1] " + b"\n" * 5000 + b"2 3", b"w\n" + b" " * 5000 + b"2",
                 b"w = \n" + b" " * 5000 + b"2 3", b" " * 70000 + b"[1 2",
                 b"\xef\xbb\xbf" + b" " * 70000 + b"[1 [2 3]]",
                 b"[1 2] 3 " + b" " * 9000 + b"4 x"):
        with open(path, "wb") as f:
            f.write(text)
        outputs = {}
        one = one_thread(outputs, "file", [], path, text)
        check(one[2] == 1, "an error in %r...: %r" % (text[:12], one))
        for piece, how in sampled((piece, how) for piece in (1, 2, 5, 64, 4000)
                                  for how in ("file", "pipe")):
            one = one_thread(outputs, how, [], path, text)
            got = run_on(how, ["--threads", "4"], path, text, piece)
            check(got == one, "%r...%s, pieces of %d: %r, not %r"
                  % (text[:12], "" if how == "file" else " piped", piece, got,
                     one))


def test_options(tmp, quick):
    """Options that keep the weights read them on many threads too; a bad
    --threads is a usage error."""
    rnd = random.Random(5)
    path = os.path.join(tmp, "o.txt")
    write(path, [rnd.randint(-9, 99) for _ in range(300)], "lines")
    for args in (["--moves"], ["--moves", "--json"], ["--explain"],
                 ["-a", "dp"], ["-a", "dp", "--json"]):
        one = run(args + ["--threads", "1", "-f", path])
        check(one[2] == 0, "%s: %r" % (args, one))
        for piece in sampled((7, 100)):
            got = run(args + ["--threads", "3", "-f", path], piece=piece)
            check(got == one, "%s on 3 threads, pieces of %d" % (args, piece))
    # Notes (a count first, numbers grouped by thousands) come out as on
    # one thread: the threads show the notes the text they read.
    for text in (b"3\n1 2 3\n", b"4\n5 6\n7 8", b"1,000 2 3\n",
                 b"[1,000, 2]\n", b"9 8\n1,234,567 5\n", b"5 1,000"):
        with open(path, "wb") as f:
            f.write(text)
        outputs = {}
        if not text.startswith(b"["):
            one = one_thread(outputs, "file", [], path, text)
            check(b"note" in one[1], "a note on %r: %r" % (text, one))
        for piece, how, args in sampled(
                (piece, how, args) for piece in (1, 3, 8)
                for how in ("file", "pipe")
                for args in ([], ["--batch"], ["--batch", "-k"])):
            one = one_thread(outputs, how, args, path, text)
            got = run_on(how, args + ["--threads", "4"], path, text, piece)
            check(got == one, "notes%s, %s %r, pieces of %d: %r, not %r"
                  % ("" if how == "file" else " piped", args, text, piece,
                     got, one))
    # --counted reads on one thread, whatever --threads says.
    text = b"5\n3 9 1 2 7\n"
    with open(path, "wb") as f:
        f.write(text)
    for piece in sampled((1, 4)):
        check(run(["--counted", "--threads", "4", "-f", path], piece=piece)
              == (b"%d\n" % reduce_margin([3, 9, 1, 2, 7]), b"", 0),
              "--counted, pieces of %d" % piece)
        check(run(["--counted", "--threads", "4"], data=text, piece=piece)
              == run(["--counted", "--threads", "1"], data=text),
              "--counted from a pipe, pieces of %d" % piece)
    for bad in ("0", "x", "-1", "1025", "2x", ""):
        got = run(["--threads", bad, "1", "2"])
        check(got[2] == 2 and got[1].startswith(
            b"shelf: --threads takes a number from 1 to 1024, not '"),
            "--threads %r: %r" % (bad, got))
    check(run(["--threads", "1024", "3", "9", "1", "2"]) == (b"7\n", b"", 0),
          "--threads 1024 on arguments")


# Stable files of the kernel's: procfs gives each the size 0, sysfs 4096,
# whatever they hold.
KERNEL_FILES = ("/proc/sys/kernel/pid_max", "/proc/sys/kernel/printk",
                "/proc/sys/net/ipv4/ip_local_port_range",
                "/sys/devices/system/cpu/kernel_max",
                "/sys/devices/system/cpu/online")


def test_unsized(tmp, quick):
    """A file whose size says nothing of its bytes (issue: `shelf -f
    /proc/sys/kernel/pid_max` printed 0) is read whole, on one thread and
    on four, plain, --batch and --counted: what shelf says is what it says
    of a regular file holding the same bytes, the name aside; and
    pid_max's answer is its number."""
    files = [f for f in KERNEL_FILES if os.path.isfile(f)]
    if not any(os.stat(f).st_size == 0 for f in files):
        print(skip_line("files of size 0 that hold text",
                        "no procfs here"), flush=True)
        return
    copy = os.path.join(tmp, "copy.txt")
    for name in files:
        with open(name, "rb") as f:
            data = f.read()
        with open(copy, "wb") as f:
            f.write(data)
        for args in ([], ["--batch"], ["--counted"], ["--batch", "--counted"],
                     ["--json"]):
            want = run(args + ["--threads", "1", "-f", copy])
            want = (want[0], want[1].replace(copy.encode(), name.encode()),
                    want[2])
            for threads, how in sampled((threads, how)
                                        for threads in ("1", "4")
                                        for how in ("-f", "stdin")):
                if how == "-f":
                    got = run(args + ["--threads", threads, "-f", name])
                    said = want
                else:
                    got = run(args + ["--threads", threads], stdin=name)
                    said = (want[0], want[1].replace((name + ": ").encode(),
                                                     b""), want[2])
                check(got == said, "%s %s, %s, --threads %s: %r, not %r "
                      "(its bytes %r)" % (name, args, how, threads, got, said,
                                          data))
        if name.endswith("pid_max"):
            for args in ([], ["--batch"]):
                got = run(args + ["-f", name])
                check(got == (data.strip() + b"\n", b"", 0),
                      "%s %s: %r, its bytes %r" % (name, args, got, data))
