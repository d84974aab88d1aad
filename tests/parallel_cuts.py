"""parallel_cuts.py - texts cut where `shelf` cuts them for its threads,
against one thread. file_cuts() computes where the cuts of a file fall,
so that errors are put exactly on them: errors on every cut of a file,
and just before and after it, give the message `--threads 1` gives
(stdout, stderr and exit status), naming the line and column computed
here from the text. The cut rule: JSON written without spaces, commas
only and named lists (across lines too), cut into pieces, give the values
and errors of one thread; an error in a late piece of a real
(multi-megabyte) file is placed exactly, as one thread places it."""

import os
import random

from parallel_run import check, one_thread, run, run_on, sampled
from reference import reduce_margin
from scale_test import write


# ==== Where the cuts fall ====

def is_cut(b, i):
    """libshelf's cut rule (shelf_piece_cut): after a blank or a comma,
    before a weight."""
    return b[i - 1] in b" \t\n," and (48 <= b[i] <= 57 or b[i] in b"+-")


def file_cuts(b, piece):
    """The starts of the byte ranges of a file, as src/pieces/read.c cuts it
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


# ==== A late error ====

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
