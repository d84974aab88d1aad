"""parallel_batch.py - many shelves on many threads: --batch keeps its
output in input order, with --keep-going too; --batch --counted, cut
between shelves by the reader, gives the reference's margins, and one
thread's output on wrong texts and on texts the reader leaves to one
thread (a plus sign, a comma, a lone CR, no line ends...)."""

import os
import random

from parallel_run import check, one_thread, run, run_on, sampled
from reference import reduce_margin


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


def keep_going_on_threads(path, text, pieces, errors_seen, what):
    """--batch --counted --keep-going on three threads, from a file and a
    pipe in pieces of each size, gives one thread's output, in which
    errors_seen(output) holds."""
    with open(path, "wb") as f:
        f.write(text)
    outputs = {}
    args = ["--batch", "--counted", "--keep-going"]
    for piece, how in sampled((piece, how) for piece in pieces
                              for how in ("file", "pipe")):
        one = one_thread(outputs, how, args, path, text)
        got = run_on(how, args + ["--threads", "3"], path, text, piece)
        check(got == one and errors_seen(one),
              "%s, %s, pieces of %s" % (what, how, piece))


def test_batch_counted(tmp, quick):
    """--batch --counted: counted shelves over any lines, cut between
    shelves at line ends, by the reader or by a guess its parser checks
    (src/pieces/counted_cut.c, read_stream.c), and parsed on threads;
    against the reference and against one thread, from files and pipes,
    right and wrong."""
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
    # Shelves whose weights stand one a line after a count of 1 (1, 7, 1,
    # 3, ...): read from such a line, as the cutter's guess reads the lines
    # near a block's end (shelf__counted_guess()), they are shelves of one
    # weight, and the guess lands inside a longer shelf. Its parser, which
    # did not end there between shelves, goes on into the next block
    # (read_stream.c); with that parser thrown away, the answers differ.
    # Now and then a shelf on one long line, where a block may have no cut
    # point at all (the rest is then read on one thread, by that parser).
    parts, want = [], []
    for _ in range(800 if quick else 3000):
        kind = rnd.random()
        if kind < 0.3:
            w = [rnd.choice((1, rnd.randint(0, 9))) for _ in
                 range(2 * rnd.randint(3, 300))]
            w[0::2] = [1] * (len(w) // 2)
            text = "%d\n" % len(w) + "".join("%d\n" % x for x in w)
        elif kind < 0.32:
            w = [rnd.randint(0, 99) for _ in range(rnd.randint(30, 400))]
            text = "%d\n%s\n" % (len(w), " ".join(map(str, w)))
        else:
            w = [rnd.randint(-5, 9) for _ in range(rnd.randint(0, 4))]
            text = "%d\n%s\n" % (len(w), " ".join(map(str, w)))
        parts.append(text)
        want.append(str(reduce_margin(w)))
    trap = "".join(parts).encode()
    out = ("\n".join(want) + "\n").encode()
    with open(path, "wb") as f:
        f.write(trap)
    for piece, how in sampled((piece, how) for piece in (64, 700, 5000)
                              for how in ("file", "pipe")):
        got = run_on(how, ["--batch", "--counted", "--threads", "3"], path,
                     trap, piece)
        check(got == (out, b"", 0),
              "shelves read wrong by the guess, %s, pieces of %s"
              % (how, piece))
    # A shelf of 1, X, 1, X, ..., 1 (X from 50 to 99) then a count alone and
    # a long line of weights: every line 1 reads as a count, so the guess
    # cuts after the count, and the next block, all one line, has no cut
    # point: the rest is read on one thread, by the parser that went on
    # (read_stream.c's settle_lines_rest()), its errors placed from there.
    body = "".join("1\n%d\n" % rnd.randint(50, 99) for _ in range(40))
    long_line = " ".join(str(rnd.randint(10, 99)) for _ in range(40))
    text = ("2\n3 4\n1\n8\n81\n" + body + "1\n40\n" + long_line +
            " x\n2\n3 4\n1 y\n").encode()
    keep_going_on_threads(path, text, (64, 100),
                          lambda one: b"line 88" in one[1] and
                          b"line 91" in one[1],
                          "a block with no cut point after a guess that was "
                          "wrong")
    # Errors inside such shelves, placed by that parser: the lines it
    # counted from an earlier block are the lines before. After one wrong
    # guess the cutter reads the rest through, so the errors go where the
    # blocks cut by guess are: the first 3,000 lines.
    lines = trap.split(b"\n")
    for at in sorted(rnd.sample(range(min(3000, len(lines) - 1)), 24)):
        lines[at] += rnd.choice((b" x", b" 5", b" 99999999999999999999"))
    keep_going_on_threads(path, b"\n".join(lines), (64, 700),
                          lambda one: one[1].count(b"\n") >= 3,
                          "errors in shelves read wrong by the guess")
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
