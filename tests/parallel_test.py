#!/usr/bin/env python3
"""parallel_test.py - the threaded command against the one-thread engine
and against an independent reduction.

Usage: parallel_test.py PATH/TO/shelf [--quick]

`shelf` reads a file in byte ranges and a pipe in blocks, each on its own
thread, cut at a digit or sign after a blank or a comma (libshelf's
shelf_piece_cut(), which libshelf's src/read.c calls). The test aid
SHELF_TEST_PIECE=N makes the pieces about N bytes long and threads files of
any size, so that short texts are cut many times; file_cuts() below
computes where the cuts of a file fall, so that errors are put exactly on
them. Checked:

  - values: random, monotone and extreme-weight shelves, bracketed and not,
    CRLF, with a byte-order mark, from a file and from a pipe, cut into
    pieces of many sizes, against the peak-merging reduction written again
    in Python (tests/reference.py, itself checked there against the
    interval DP) and against `--threads 1`;
  - errors on every cut of a file, and just before and after it: the
    message, names the line and column computed here from the text, and is
    the same as `--threads 1` gives (stdout, stderr and exit status);
  - a randomized comparison: random texts with random errors, threaded
    (file and pipe, random piece sizes) against `--threads 1`;
  - the cut rule: JSON written without spaces, commas only and named
    lists (across lines too), cut into pieces, give the values and errors
    of one thread; an error in a late piece of a real
    (multi-megabyte) file is placed exactly, as one thread places it;
  - an early error ends the run early (issue 19, defect 6): a 2 GB sparse
    file that opens `1 2 3 x 5`, and a 60 MB text with an error on its
    first line, are answered with the one-thread error after reading a
    few megabytes, counted by the kernel (rchar in /proc/self/io, which
    takes in a child's reads when it is reaped): deterministic, where a
    time limit would not be;
  - one counted shelf: its count read from the head, its weights cut into
    ranges; right texts give one thread's answer, wrong ones (too many or
    too few weights, brackets, a name, a bad weight, a bad count) one
    thread's error, and the file is seen to be read by the threads;
  - --batch keeps its output in input order, with --keep-going too;
  - --batch --counted, cut between shelves by the reader: the reference's
    margins, and one thread's output on wrong texts and on texts the reader
    leaves to one thread (a plus sign, a comma, a lone CR, no line ends...);
  - memory on strictly decreasing input stays under 16 bytes a wheel on
    many threads;
  - progress: shown on a terminal in a run of over a second and erased at
    the end; never in a pipe, never with --json.

No time is asserted. Exit status 0 if every check passed.
"""

import json
import os
import pty
import random
import select
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import reduce_margin, reduction_agrees  # noqa: E402
from scale_test import write  # noqa: E402

SHELF = None
FAILED = []
# Under ASan and UBSan a run of shelf costs about 0.1 s of CPU, some twenty
# times as much as in the optimised build and nearly all of it the
# sanitizers' start and exit; and what they look for (memory errors,
# undefined behaviour) shows on one case of a kind as well as on all of
# them. There, each loop that starts a process a case still meets every
# kind of text, every set of options and every source (file, pipe) it
# lists, but not every combination of them with each other and with the
# piece sizes and cuts: sampled() takes one case in SAMPLE of each list,
# and at least one, and the randomized comparison one text in SAMPLE.
# (Taking one case in ten, the test cost 93 s of CPU there, 40 s of it on
# errors at every cut; now 33 s.) The optimised build takes all.
SAMPLE = 60 if os.environ.get("SHELF_SANITIZED") else 1
SEED = int(os.environ.get("SHELF_TEST_SEED", "0"))

_SAMPLED = [SEED]


def sampled(cases):
    """Every SAMPLE-th of the cases (all of them outside a sanitizer), and
    at least one, from an offset that moves on by one at each call and
    starts at SHELF_TEST_SEED, so that another seed samples another part.
    A loop calling this on lists shorter than SAMPLE takes their cases in
    turn: as many calls in a row as a list is long meet all of it. (The
    sampler of tests/sampling.py keeps one place for the whole run, so it
    would take the same piece size and source at every call of a loop.)"""
    cases = list(cases)
    _SAMPLED[0] += 1
    return cases[_SAMPLED[0] % min(SAMPLE, len(cases))::SAMPLE]


def check(ok, what):
    if not ok:
        FAILED.append(what)
        print("FAIL: " + what, flush=True)
    return ok


def run(args, stdin=None, data=None, piece=None):
    """Runs shelf; stdin is a path (a regular file) or data goes through a
    pipe. Returns (stdout, stderr, status) as bytes, bytes, int."""
    env = dict(os.environ)
    env.pop("SHELF_TEST_PIECE", None)
    if piece is not None:
        env["SHELF_TEST_PIECE"] = str(piece)
    if stdin is not None:
        with open(stdin, "rb") as f:
            p = subprocess.run([SHELF] + args, stdin=f, capture_output=True,
                               env=env)
    else:
        p = subprocess.run([SHELF] + args, input=data if data is not None
                           else b"", capture_output=True, env=env)
    return p.stdout, p.stderr, p.returncode


def run_on(how, args, path, text, piece=None):
    """Runs shelf on text that is in the file at path: read from the file
    (how "file") or through a pipe (how "pipe")."""
    if how == "file":
        return run(args + ["-f", path], piece=piece)
    return run(args, data=text, piece=piece)


def one_thread(outputs, how, args, path, text):
    """One thread's output (run_on) with these options and source, kept in
    outputs, a dict for one text, so that each runs once, when needed."""
    key = (tuple(args), how)
    if key not in outputs:
        outputs[key] = run_on(how, args + ["--threads", "1"], path, text)
    return outputs[key]


def expected_json(weights):
    m, s = reduce_margin(weights), sum(weights)
    return json.dumps({"n": len(weights), "margin": m,
                       "first": (s + m) // 2, "second": (s - m) // 2})


# ==== Where the cuts fall ====

def is_cut(b, i):
    """libshelf's cut rule (shelf_piece_cut): after a blank or a comma,
    before a weight."""
    return b[i - 1] in b" \t\n," and (48 <= b[i] <= 57 or b[i] in b"+-")


def file_cuts(b, piece):
    """The starts of the byte ranges of a file, as src/read.c cuts it
    with SHELF_TEST_PIECE=piece: from each nominal start (piece bytes after
    the last cut), the first cut point within the next piece bytes."""
    cuts, nominal = [0], piece
    while nominal < len(b):
        if nominal > cuts[-1]:
            limit = min(nominal + piece, len(b))
            c = next((i for i in range(nominal, limit) if is_cut(b, i)), None)
            if c is not None:
                cuts.append(c)
                nominal = c
        nominal += piece
    return cuts


def place(b, off):
    """Line and column of byte `off`, counted here from the text."""
    line = b.count(b"\n", 0, off) + 1
    start = b.rfind(b"\n", 0, off) + 1
    if start == 0 and b.startswith(b"\xef\xbb\xbf"):
        start = 3
    return line, off - start + 1


# ==== Values ====

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


# ==== Errors on the cuts ====

BAD = [b"x", b"1.5", b"99999999999999999999", b"-", b"+x", b"]", b"[",
       b",,", b"\x01", b"\xff", b"\xe2\x88\x92", b"\r"]


def error_near(b, cut, bad, where):
    """The text b with the bad text near its cut `cut`, and the place of the
    error: where 0 puts it for the weight at the cut, 1 at the cut, 2 right
    before it."""
    if where == 0:  # the weight at the cut is bad
        end = cut
        while end < len(b) and b[end] not in b" \t\r\n,]":
            end += 1
        return b[:cut] + bad + b[end:], cut
    if where == 1:  # bad text at the cut
        return b[:cut] + bad + b" " + b[cut:], cut
    return b[:cut - 1] + bad + b[cut - 1:], cut - 1  # right before it


def test_error_cuts(tmp, quick):
    rnd = random.Random(1515)
    path = os.path.join(tmp, "e.txt")
    cuts = []  # (text, piece size, cut) for every cut of every layout
    for layout in ("line", "lines", "crlf", "json"):
        w = [rnd.randint(-999, 999) for _ in range(40)]
        write(path, w, layout)
        with open(path, "rb") as f:
            b = f.read()
        for piece in ((23,) if quick else (11, 23, 57)):
            at = file_cuts(b, piece)
            check(len(at) > 2, "few cuts: %r" % at)
            cuts += [(b, piece, cut) for cut in at[1:]]
    # Every bad text at every place, on every cut, from a file and through a
    # pipe. Sampled, each of the 36 errors (12 texts, 3 places) takes the
    # next of the 58 pairs of source and cut of --quick: 36 pairs in a row
    # meet every cut, and both sources.
    for bad in BAD:
        for where in range(3):
            for how, (b, piece, cut) in sampled(
                    (how, c) for how in ("file", "pipe") for c in cuts):
                text, at = error_near(b, cut, bad, where)
                if how == "file":
                    with open(path, "wb") as f:
                        f.write(text)
                    # The bad text may move the cuts near it; wherever they
                    # fall, the threads must report what one thread does.
                    one = run(["--threads", "1", "-f", path])
                    got = run(["--threads", "4", "-f", path], piece=piece)
                    check(got == one,
                          "error %r at a cut (%d, pieces of %d): threaded %r, "
                          "one thread %r" % (text[at:at + 6], cut, piece,
                                             got, one))
                    if (text[at:at + 1] == b"x" and
                            text[at - 1:at] in (b" ", b"\n") and
                            text[at + 1:at + 2] in (b" ", b"\n", b"\r", b",")):
                        line, col = place(text, at)
                        want = ("shelf: %s: line %d, column %d: expected an "
                                "integer, found \"x\"\n" % (path, line, col))
                        check(got[1] == want.encode(), "placed: %r, not %r"
                              % (got[1], want))
                else:
                    piped = run(["--threads", "4"], data=text, piece=piece)
                    one_piped = run(["--threads", "1"], data=text)
                    check(piped == one_piped, "error %r at a cut, piped: %r "
                          "against %r" % (text[at:at + 6], piped, one_piped))


# ==== Randomized: threaded against one thread ====

def random_text(rnd):
    seps = [b" ", b"\n", b"\r\n", b", ", b",", b"\t", b"  \n ", b" ,\n"]
    items = []
    for _ in range(rnd.randint(0, 50)):
        items.append(rnd.choice([b"%d" % rnd.randint(-20, 20),
                                 b"%d" % rnd.randint(-2**63, 2**63 - 1),
                                 b"+5", b"007", b"-0"]))
        items.append(rnd.choice(seps))
    text = b"".join(items)
    if rnd.random() < 0.2:
        k = rnd.randint(0, len(text))
        text = text[:k] + rnd.choice([b" ", b"\n"]) * 5000 + text[k:]
    if rnd.random() < 0.4:
        text = rnd.choice([b"[", b" [", b"\n[\n", b"w = [", b"w\n=\n ["]
                          ) + text + rnd.choice(
            [b"]", b"]\n", b",]\n", b"", b"] \n"])
    if rnd.random() < 0.1:
        text = b"\xef\xbb\xbf" + text
    for _ in range(rnd.choice([0, 0, 1, 1, 2])):
        k = rnd.randint(0, len(text))
        text = text[:k] + rnd.choice(BAD + [b" x ", b"\n"]) + text[k:]
    return text


def test_random(tmp, quick):
    seed = SEED or random.randrange(1, 10**9)
    rnd = random.Random(seed)
    path = os.path.join(tmp, "r.txt")
    for i in range((150 if quick else 600) // SAMPLE):
        text = random_text(rnd)
        with open(path, "wb") as f:
            f.write(text)
        piece = rnd.randint(1, 40)
        one = run(["--threads", "1", "-f", path])
        got = run(["--threads", "4", "-f", path], piece=piece)
        if not check(got == one, "seed %d, text %d (%r), pieces of %d: file "
                     "%r, one thread %r" % (seed, i, text, piece, got, one)):
            break
        one = run(["--threads", "1"], data=text)
        got = run(["--threads", "4"], data=text, piece=piece)
        if not check(got == one, "seed %d, text %d (%r), pieces of %d: pipe "
                     "%r, one thread %r" % (seed, i, text, piece, got, one)):
            break
        # The same text, one shelf a line.
        args = rnd.choice([["--batch"], ["--batch", "-k"],
                           ["--batch", "-k", "--json"]])
        one = run(args + ["--threads", "1", "-f", path])
        got = run(args + ["--threads", "4", "-f", path], piece=piece * 4)
        if not check(got == one, "seed %d, text %d (%r), %s, pieces of %d: "
                     "%r, one thread %r" % (seed, i, text, args, piece * 4,
                                            got, one)):
            break


# ==== The cut rule ====

def test_cut_rule(tmp, quick):
    rnd = random.Random(1818)
    path = os.path.join(tmp, "c.txt")
    n = 2000 if quick else 8000
    w = [rnd.randint(-10**6, 10**6) for _ in range(n)]
    body = b",".join(b"%d" % x for x in w)
    texts = [
        ("JSON without spaces", b"[" + body + b"]"),
        ("commas only", body),
        ("a named list", b"wheels=[" + body + b"]"),
        ("a named list across lines", b"wheels\n\n =\n[" + body + b",]\n"),
    ]
    for name, text in texts:
        with open(path, "wb") as f:
            f.write(text)
        check(len(file_cuts(text, 97)) > 10, "%s: no cut points" % name)
        want = (b"%d\n" % reduce_margin(w), b"", 0)
        for piece, how in sampled((piece, how) for piece in (7, 97, 1000)
                                  for how in ("file", "pipe")):
            got = run_on(how, ["--threads", "4"], path, text, piece)
            check(got == want, "%s%s, pieces of %d: %r"
                  % (name, "" if how == "file" else " piped", piece, got))
    # Errors the cut rule must not move: a name without its '=' before
    # weights, and text after the closing bracket.
    for text in (b"wheels 1,2,3,4,5,6,7,8,9", b"wheels\n  1 2 3 4 5 6 7",
                 b"w = 1,2,3,4,5,6,7,8", b"[1,2,3] 4,5,6,7,8,9",
                 b"[1,2,3,4,5,6,7,8,9", b"1,2,3,,4,5,6,7,8,9",
                 b"[1,2,3,4,5,6,7,8,9]]", b"1,2,3\n4,5,6\n7,x,9"):
        with open(path, "wb") as f:
            f.write(text)
        outputs = {}
        for piece, how in sampled((piece, how) for piece in (1, 2, 3, 5)
                                  for how in ("file", "pipe")):
            one = one_thread(outputs, how, [], path, text)
            got = run_on(how, ["--threads", "4"], path, text, piece)
            check(got == one, "%r%s, pieces of %d: %r, one thread %r"
                  % (text, "" if how == "file" else " piped", piece, got, one))


# ==== One counted shelf ====

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
    after it cut into ranges (src/read.c, read_counted()). Right
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


def test_late_error(tmp, quick):
    """An error near the end of a file cut into real ranges (no test aid):
    the line and column of the whole text, as one thread reports them."""
    rnd = random.Random(1919)
    path = os.path.join(tmp, "late.txt")
    n = 250000 if quick else 400000
    w = [rnd.randint(0, 10**6) for _ in range(n)]
    for sep, name in ((b",", "JSON without spaces"), (b" ", "spaces"),
                      (b"\n", "lines")):
        text = bytearray(b"[" + sep.join(b"%d" % x for x in w) + b"]\n")
        at = len(text) - 1000
        while text[at - 1:at] != sep:
            at += 1
        text[at:at + 1] = b"x"  # the first byte of a weight
        text = bytes(text)
        with open(path, "wb") as f:
            f.write(text)
        check(len(text) > 1 << 20, "the file is threaded (over 1 MiB)")
        found = text[at:text.index(sep, at)].decode()
        line, col = place(text, at)
        want = ("shelf: %s: line %d, column %d: expected an integer, found "
                "\"%s\"\n" % (path, line, col, found)).encode()
        one = run(["--threads", "1", "-f", path])
        got = run(["--threads", "2", "-f", path])
        check(got == one and got[1] == want, "%s, late error: %r, one thread "
              "%r, want %r" % (name, got, one, want))


def read_chars():
    """The bytes this process and its reaped children have read."""
    with open("/proc/self/io") as f:
        for line in f:
            if line.startswith("rchar:"):
                return int(line.split()[1])
    return None


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


# ==== --batch ====

def test_batch(tmp, quick):
    rnd = random.Random(99)
    path = os.path.join(tmp, "b.txt")
    lines, want = [], []
    for i in range(3000 if quick else 20000):
        w = [rnd.randint(-100, 100) for _ in range(rnd.randint(0, 12))]
        lines.append(" ".join(map(str, w)))
        want.append(str(reduce_margin(w)))
    text = ("\n".join(lines) + "\n").encode()
    with open(path, "wb") as f:
        f.write(text)
    out = ("\n".join(want) + "\n").encode()
    for piece in sampled((None, 1, 100, 5000)):
        check(run(["--batch", "-f", path], piece=piece) == (out, b"", 0),
              "--batch in order, pieces of %s" % piece)
        check(run(["--batch"], data=text, piece=piece) == (out, b"", 0),
              "--batch from a pipe in order, pieces of %s" % piece)
    # Bad lines, with and without --keep-going.
    bad = list(lines)
    for k in (5, 777, 2000, len(bad) - 1):
        bad[k] = bad[k] + " x"
    text = ("\n".join(bad) + "\n").encode()
    with open(path, "wb") as f:
        f.write(text)
    for args in (["--batch"], ["--batch", "--keep-going"],
                 ["--batch", "--keep-going", "--json"]):
        one = run(args + ["--threads", "1", "-f", path])
        for piece in sampled((None, 100, 5000)):
            got = run(args + ["--threads", "4", "-f", path], piece=piece)
            check(got == one, "%s with bad lines, pieces of %s" % (args, piece))
            got = run(args + ["--threads", "4"], data=text, piece=piece)
            check(got == run(args + ["--threads", "1"], data=text),
                  "%s with bad lines from a pipe, pieces of %s"
                  % (args, piece))


def test_batch_counted(tmp, quick):
    """--batch --counted: counted shelves over any lines, cut between
    shelves at line ends by the reader (src/counted_cut.c) and parsed on
    threads; against the reference and against one thread, from files and
    pipes, right and wrong."""
    rnd = random.Random(7)
    path = os.path.join(tmp, "bc.txt")
    blanks = [" ", "\n", "\t", "\r\n", "\n\n"]
    parts, want = [], []
    for i in range(2000 if quick else 12000):
        w = [rnd.randint(-10**6, 10**6) for _ in range(rnd.randint(0, 12))]
        text = str(len(w)) + rnd.choice(blanks)
        text += "".join(str(x) + rnd.choice(blanks) for x in w)
        parts.append(text + ("\n" if rnd.random() < 0.7 else ""))
        want.append(str(reduce_margin(w)))
    good = "".join(parts).encode()
    out = ("\n".join(want) + "\n").encode()
    with open(path, "wb") as f:
        f.write(good)
    for piece in sampled((None, 1, 64, 700, 5000)):
        check(run(["--batch", "--counted", "-f", path], piece=piece) ==
              (out, b"", 0), "--batch --counted, pieces of %s" % piece)
        check(run(["--batch", "--counted"], data=good, piece=piece) ==
              (out, b"", 0),
              "--batch --counted from a pipe, pieces of %s" % piece)
    # Wrong texts, and texts the reader is not sure of (read on one thread
    # from there): the one-thread output, byte for byte.
    variants = {
        "a count one too many": lambda t: t.replace(b"\n3\n", b"\n4\n", 3),
        "a count one too few": lambda t: t.replace(b"\n3\n", b"\n2\n", 3),
        "a name": lambda t: t[:len(t) // 2] + b" x " + t[len(t) // 2:],
        "a plus sign": lambda t: t[:len(t) // 3] + b" +5 " + t[len(t) // 3:],
        "a comma": lambda t: t[:len(t) // 4] + b"," + t[len(t) // 4:],
        "a lone CR": lambda t: t[:len(t) // 5] + b"\r" + t[len(t) // 5:],
        "a weight past 64 bits":
            lambda t: t[:len(t) // 2] + b" 99999999999999999999 " +
            t[len(t) // 2:],
        "a negative count": lambda t: t.replace(b"\n3\n", b"\n-3\n", 1),
        "a byte-order mark": lambda t: b"\xEF\xBB\xBF" + t,
        "the last shelf short": lambda t: t + b"5\n1 2\n",
        "no line ends": lambda t: t.replace(b"\n", b" "),
        "a number grouped by thousands": lambda t: t.replace(b"\n3\n",
                                                          b"\n3\n1,000 ", 1),
    }
    # A grouped number on a later line than its shelf's number (found in
    # review: the note went with the shelf whose number was the note's line,
    # and on threads only if the notes had not read past it yet).
    text = b"1 5 " * 40 + b"\n2 1,000\n"
    with open(path, "wb") as f:
        f.write(text)
    one = run(["--batch", "--counted", "--threads", "1", "-f", path])
    check(one[1].startswith(b"shelf: note: ") and b"line 2: 1,000" in one[1],
          "the grouped number's note, once at the end: %r" % (one[1],))
    for piece in sampled((None, 7, 100)):
        got = run(["--batch", "--counted", "--threads", "3", "-f", path],
                  piece=piece)
        check(got == one, "a grouped number, pieces of %s" % piece)
    for name, change in variants.items():
        text = change(good)
        with open(path, "wb") as f:
            f.write(text)
        outputs = {}
        for piece, how, args in sampled(
                (piece, how, args) for piece in (None, 64, 3000)
                for how in ("file", "pipe")
                for args in (["--batch", "--counted"],
                             ["--batch", "--counted", "--keep-going"],
                             ["--batch", "--counted", "--keep-going",
                              "--json"])):
            one = one_thread(outputs, how, args, path, text)
            got = run_on(how, args + ["--threads", "3"], path, text, piece)
            check(got == one, "%s: %s, %s, pieces of %s"
                  % (name, args, how, piece))


# ==== Memory ====

def peak_kib(args):
    p = subprocess.Popen([SHELF] + args, stdout=subprocess.PIPE,
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


# ==== Progress ====

def with_tty_stderr(args, chunks, pause):
    """Runs shelf with stderr on a terminal, feeding stdin slowly."""
    master, slave = pty.openpty()
    p = subprocess.Popen([SHELF] + args, stdin=subprocess.PIPE,
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
    p = subprocess.Popen([SHELF], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for c in chunks:
        p.stdin.write(c)
        p.stdin.flush()
        time.sleep(0.2)
    out, err = p.communicate()
    check(err == b"", "no progress in a pipe: %r" % err)


def main(argv):
    global SHELF
    if len(argv) < 2:
        print(__doc__)
        return 2
    SHELF = argv[1]
    quick = "--quick" in argv
    if not reduction_agrees():
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for test in (test_values, test_options, test_error_cuts, test_random,
                     test_cut_rule, test_counted, test_late_error,
                     test_early_error,
                     test_batch, test_batch_counted,
                     test_memory, test_progress):
            t = time.monotonic()
            test(tmp, quick)
            print("%s: %.1f s" % (test.__name__, time.monotonic() - t),
                  flush=True)
    print("%d failed" % len(FAILED) if FAILED else "all passed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
