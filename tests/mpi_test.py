#!/usr/bin/env python3
"""mpi_test.py - shelf-mpi on 1 to 4 ranks against the shelf command.

Usage: mpi_test.py --shelf PATH/TO/shelf --shelf-mpi PATH/TO/shelf-mpi
                    --mpirun PATH/TO/mpirun

Each case writes one or more files and runs
`mpirun -n P --oversubscribe shelf-mpi [--json] FILE...` for several P. Its
standard output and exit status must equal those of `shelf -f` on the same
text (several files: their texts joined by line feeds), and on bad input
its message must be shelf's, word for word after the program's name (the
file, line, column, message and the text found). Some cases are also
checked against values computed here without shelf's code: the problem's DP
(reference.py) and the peak-merging reduction of scale_test.py.

The cases: random shelves whose range boundaries fall inside numbers,
monotone shelves (the largest states), weights at the 64-bit edges,
bracketed shelves (spaced, compact, over lines, with a trailing comma),
CRLF lines, a byte-order mark, fewer weights than ranks, an empty file,
bad input placed at and around every range boundary, and sets of files.
With SHELF_MPI_MISGUESS=1 every rank's guess of its starting place is
wrong, so each rank must parse its range again from the true place; the
answers stay the same. The cut rule: JSON without spaces, commas only, a
named list over lines, errors in a late piece; and an early error in a
2 GB sparse file read in a bounded number of bytes (/proc/self/io).

Where mpirun is missing, prints "skipped: MPI (...)" and exits 77 (CMake
registers a skipped test of its own where shelf-mpi was not built). Never
checks time.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from reference import margin as dp_margin
from sampling import sampler
from scale_test import reduce_margin
from skipped import skip

ARGS = None
# mpirun's own notes (a rank's non-zero exit, an abort) are boxed in dashed
# lines. Only the boxes go: what a rank wrote may come after one of them
# (mpirun forwards the ranks' output in its own time), and it stays.
MPI_NOTE = re.compile(r"(?ms)^-{20,}\n.*?^-{20,}$\n?")
# Lines of Open MPI's own beside its boxes: its event library's warnings
# ("[warn] Epoll MOD(1) on fd 27 failed...", seen in CI as a job ended) and
# its "[host:pid] ..." notes. They say nothing of shelf-mpi.
MPI_LINE = re.compile(r"(?m)^(\[warn\] |\[[^\]\s]+:\d+\] ).*\n?")
# Open MPI's words when a rank could not start (MPI_Init failed): the job
# never reached shelf-mpi's code, so it says nothing of shelf-mpi.
MPI_NOT_STARTED = re.compile(
    r"MPI_INIT failed|error occurred in MPI_Init|orte_init failed")


def shelf(files, json_out, opts=()):
    """shelf -f on the file, or on the files' texts joined by line feeds;
    with options (--batch, --counted), on one thread, as the ranks read."""
    if len(files) == 1:
        path = files[0]
    else:
        path = files[0] + ".joined"
        with open(path, "wb") as out:
            out.write(b"\n".join(open(f, "rb").read() for f in files))
    cmd = [ARGS.shelf] + (["--json"] if json_out else []) + ["-f", path]
    if opts:
        cmd[1:1] = list(opts) + ["--threads", "1"]
    return subprocess.run(cmd, capture_output=True)


def shelf_mpi(ranks, files, json_out, env=None, program=None, opts=()):
    cmd = [ARGS.mpirun, "-n", str(ranks), "--oversubscribe"]
    if os.geteuid() == 0:
        cmd.append("--allow-run-as-root")
    cmd += [program or ARGS.shelf_mpi] + (["--json"] if json_out else [])
    cmd += list(opts)
    cmd += files
    for attempt in range(3):
        got = subprocess.run(cmd, capture_output=True, env=env, timeout=600)
        if got.returncode == 0 or \
                not MPI_NOT_STARTED.search(got.stderr.decode(errors="replace")):
            break
        # A job Open MPI could not start is not shelf-mpi's answer (CI saw
        # one status 1 without a word once, cause unknown): said, with
        # Open MPI's words, and run again, twice at most.
        print("note: Open MPI could not start the ranks (attempt %d); its "
              "words:\n%s" % (attempt + 1, got.stderr.decode(
                  errors="replace").strip()))
    return got


def message(stderr, program):
    """The program's own diagnostic, without its name and mpirun's notes."""
    text = MPI_LINE.sub("", MPI_NOTE.sub("", stderr.decode(errors="replace")))
    prefix = program + ": "
    if not text.startswith(prefix):
        return "?" + text
    # --keep-going writes a line a bad shelf, each with the name.
    return re.sub("(?m)^" + re.escape(prefix), "", text)


class Checker:
    def __init__(self, tmp):
        self.tmp = tmp
        self.count = 0
        self.failed = 0
        # Under the sanitizers every mpirun costs a few seconds of CPU:
        # there, one case in three (another seed, another third); the
        # optimised build runs them all.
        self.cases = 0
        self.sampled = sampler(3, "case") if \
            os.environ.get("SHELF_SANITIZED") else lambda k: True

    def write(self, name, data):
        path = os.path.join(self.tmp, name)
        with open(path, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
        return path

    def fail(self, what):
        self.failed += 1
        print("FAIL " + what)

    def check(self, name, files, ranks=(4,), json_out=True,
              margin=None, env=None, like=None, program=None, opts=(),
              mpi_opts=()):
        """shelf-mpi (or `program`) on each number of ranks gives shelf's
        answer (on the files `like`, if given); with `margin`, shelf's
        answer must be that value too. By default four ranks, the most
        boundaries: each mpirun costs about a second of CPU, more on a busy
        machine, where waiting ranks poll. Cases that ask for more: one
        rank (nothing shared) and three (the binomial tree's step where a
        rank has no partner) for whole shelves in each layout, files and
        errors; two and three for bad input at their boundaries. Under the
        sanitizers, where a run costs seconds, only the most ranks asked
        for: the most boundaries, and the same code as fewer ranks meet."""
        self.cases += 1
        if not self.sampled(self.cases - 1):
            return
        if os.environ.get("SHELF_SANITIZED"):
            ranks = ranks[-1:]
        want = shelf(like or files, json_out, opts)
        want_msg = message(want.stderr, "shelf")
        if margin is not None:
            got = json.loads(want.stdout)["margin"] if want.returncode == 0 \
                else None
            if got != margin:
                self.fail("%s: shelf says %s, computed here %s"
                          % (name, got, margin))
        for p in ranks:
            self.count += 1
            got = shelf_mpi(p, files, json_out, env, program,
                            list(opts) + list(mpi_opts))
            got_msg = message(got.stderr, "shelf-mpi")
            if (got.returncode, got.stdout, got_msg) != \
                    (want.returncode, want.stdout, want_msg):
                self.fail("%s, %d ranks: got %d %r %r, shelf gives %d %r %r; "
                          "mpirun's whole stderr:\n%s"
                          % (name, p, got.returncode, got.stdout, got_msg,
                             want.returncode, want.stdout, want_msg,
                             got.stderr.decode(errors="replace")))
                return
        print("ok   %s (%s ranks)" % (name, ",".join(map(str, ranks))))


def boundaries(size, ranks):
    return [r * size // ranks for r in range(1, ranks)]


def random_lines(rng, count, counted):
    """Lines of shelves, or counted shelves laid out every way (the count
    on the weights' line, on a line of its own, a weight a line), with bad
    items here and there."""
    def weights(n):
        return [str(rng.randint(-99, 99)) for _ in range(n)]
    lines = []
    for _ in range(count):
        n = rng.randint(0, 6)
        if not counted:
            lines.append(rng.choice([" ", ", "]).join(weights(n)))
            continue
        shape = rng.random()
        if shape < 0.3:
            lines.append(" ".join([str(n)] + weights(n)))
        elif shape < 0.7:
            lines += [str(n), " ".join(weights(n))]
        else:
            lines += [str(n)] + weights(n)
    return lines


def spoil(rng, lines, bad, count):
    for _ in range(count):
        k = rng.randrange(len(lines))
        lines[k] = (lines[k] + " " + rng.choice(bad)).strip()
    return lines


def batch_cases(c, tmp):
    """--batch, --batch --counted and --counted against shelf --threads 1,
    with and without --keep-going and --json; --threads 2 within ranks,
    their pieces small (SHELF_TEST_PIECE) so that errors fall on their
    edges too. Fewer under the sanitizers, where each run is slower."""
    quick = bool(os.environ.get("SHELF_SANITIZED"))
    rng = random.Random(30)
    two = dict(os.environ, SHELF_TEST_PIECE="64")
    for_batch = [("--batch",), ("--batch", "--keep-going"),
                 ("--batch", "--keep-going")]
    for counted in (False, True):
        bad = ["x", "[1", "1]", "99999999999999999999", "+"] if not counted \
            else ["x", "-3", "1,", "[", "+"]
        extra = ("--counted",) if counted else ()
        lines = spoil(rng, random_lines(rng, 300, counted), bad, 4)
        name = c.write("batch%d.txt" % counted, "\n".join(lines) + "\n")
        clean = c.write("batchok%d.txt" % counted,
                        "\n".join(random_lines(rng, 200, counted)))
        for k, opts in enumerate(for_batch):
            if quick and k:
                continue
            opts = opts + extra
            c.check("%s%s, bad lines" % (" ".join(opts),
                                          " --json" if k == 2 else ""),
                    [name], ranks=(2,) if quick else ((3,), (2,), (4,))[k],
                    json_out=k == 2,
                    opts=opts)
        c.check("%s, all good, no final line feed" % " ".join(
                ("--batch",) + extra), [clean], ranks=(4,), json_out=False,
                opts=("--batch",) + extra)
        if not quick:
            c.check("%s --keep-going --threads 2" % " ".join(
                    ("--batch",) + extra), [name], ranks=(4,),
                    json_out=False, opts=("--batch", "--keep-going") + extra,
                    mpi_opts=("--threads", "2"), env=two)
    # Every line boundary inside a shelf but one in two: most guesses miss.
    split = []
    for _ in range(200):
        n = rng.randint(1, 4)
        split += [str(n), " ".join(str(rng.randint(0, 9)) for _ in range(n))]
    c.check("--batch --counted, a count on each line", [c.write(
            "split.txt", "\n".join(split) + "\n")], ranks=(3, 4),
            json_out=False, opts=("--batch", "--counted"))
    # Lines that only one pass reads right: CRLF, a byte-order mark at the
    # start and one inside, a long line.
    c.check("--batch, CRLF, marks, a long line", [c.write(
            "marks.txt", "\ufeff1 2\r\n3\r\n\ufeff4 5\n" + "7 " * 3000 +
            "\n\n8")], ranks=(3,), json_out=False, opts=("--batch",))
    # One counted shelf: right, short, long, a trailing comma, bad inside.
    body = " ".join(str(rng.randint(-99, 99)) for _ in range(500))
    for label, text in [("right", "500\n" + body + "\n"),
                        ("too few", "501\n" + body),
                        ("too many", "499 " + body),
                        ("a trailing comma", "500\n" + body + ",\n"),
                        ("bad inside", "500\n" + body[:900] + " x " +
                         body[900:])]:
        if quick and label not in ("right", "bad inside"):
            continue
        c.check("--counted, " + label, [c.write("counted.txt", text)],
                ranks=(2, 4) if label == "right" else (3,),
                json_out=label == "right", opts=("--counted",),
                mpi_opts=("--threads", "2"))


def main():
    global ARGS
    ap = argparse.ArgumentParser()
    ap.add_argument("--shelf", required=True)
    ap.add_argument("--shelf-mpi", required=True)
    ap.add_argument("--small-messages", required=True,
                    help="shelf-mpi built to send at most 1000 bytes a message")
    ap.add_argument("--mpirun", required=True)
    ARGS = ap.parse_args()
    if not os.path.exists(ARGS.mpirun):
        skip("MPI", "mpirun not found: install openmpi-bin")
    # Where the tests run as root (CI), OpenMPI wants to be told it is fine.
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    # Most of a run's cost is Open MPI starting each rank. Two of its
    # defaults cost this one-machine test time and no coverage: every rank
    # starts UCX, a point-to-point layer Open MPI picks only with a
    # Mellanox device (ob1, over shared memory, is what one machine uses),
    # and hwloc reads every PCI device's configuration to place the ranks
    # near them. With neither the test took 59 machine CPU-seconds, not 75,
    # and 78 s by the clock, not 113. Set beforehand, either is kept.
    os.environ.setdefault("OMPI_MCA_pml", "ob1")
    os.environ.setdefault("HWLOC_COMPONENTS", "-pci,-linuxio")

    rnd = random.Random(int(os.environ.get("SHELF_TEST_SEED", "15")))
    print("seed %s" % os.environ.get("SHELF_TEST_SEED", "15"))
    with tempfile.TemporaryDirectory() as tmp:
        c = Checker(tmp)
        w = [rnd.randint(-10**6, 10**6) for _ in range(200000)]
        c.check("random, 200000 wheels", [c.write("random.txt", " ".join(
            map(str, w)) + "\n")], ranks=(1, 3, 4),
                margin=reduce_margin(w))
        c.check("random, one a line, text output",
                [c.write("lines.txt", "\n".join(map(str, w[:5000])) + "\n")],
                json_out=False)
        n = 100001
        c.check("ascending", [c.write("up.txt", "\n".join(
            map(str, range(1, n + 1))) + "\n")], margin=(n + 1) // 2)
        c.check("descending", [c.write("down.txt", " ".join(
            map(str, range(n, 0, -1))))], margin=(n + 1) // 2)
        edge = [rnd.choice([2**63 - 1 - rnd.randint(0, 9),
                            -2**63 + rnd.randint(0, 9), rnd.randint(-9, 9)])
                for _ in range(3000)]
        c.check("descending, states sent in messages of 1000 bytes",
                [os.path.join(tmp, "down.txt")], ranks=(2, 4),
                margin=(n + 1) // 2, program=ARGS.small_messages)
        c.check("64-bit edges", [c.write("edge.txt", "\n".join(
            map(str, edge)) + "\n")], margin=reduce_margin(edge))
        small = [rnd.randint(-50, 50) for _ in range(300)]
        c.check("small, against the DP", [c.write("small.txt", " ".join(
            map(str, small)))], margin=dp_margin(small))

        # Brackets, CRLF, a byte-order mark.
        c.check("bracketed", [c.write("list.txt", "[" + ", ".join(
            map(str, w[:20000])) + "]\n")], ranks=(1, 3, 4))
        c.check("bracketed, compact, trailing comma", [c.write(
            "compact.txt", "[" + ",".join(map(str, w[:20000])) + ",]")])
        c.check("bracketed over lines", [c.write("listlines.txt", "\n\n [\n" +
                ",\n".join(map(str, w[:3000])) + "\n]\n\n")])
        c.check("named list", [c.write("named.txt", "wheels = [" + ", ".join(
            map(str, w[:20000])) + "]\n")], ranks=(1, 3, 4))
        for p in (2, 3, 4):  # boundaries in the name, around '=' and '['
            c.check("short named list, %d ranks" % p, [c.write(
                "named%d.txt" % p, "\n  the_wheels\t=\n [ 5, 1, 9, 2 ]\n")],
                ranks=(p,))
        c.check("CRLF", [c.write("crlf.txt", "\r\n".join(
            map(str, w[:20000])) + "\r\n")])
        c.check("byte-order mark", [c.write("bom.txt", "\ufeff" + " ".join(
            map(str, w[:20000])) + "\n")])

        # Numbers cut by every boundary: one long number across each.
        for p in (2, 3, 4):
            text = list(" ".join(["7"] * 400))
            for b in boundaries(len(text), p):
                text[b - 3:b + 3] = "123456"
            c.check("%d ranks, boundaries inside numbers" % p,
                    [c.write("inside%d.txt" % p, "".join(text))], ranks=(p,))
        c.check("one long number", [c.write("long.txt", "9" * 18 + "\n")])
        c.check("fewer weights than ranks", [c.write("two.txt", "3 4\n")])
        c.check("one weight", [c.write("one.txt", "5")])
        c.check("empty file", [c.write("empty.txt", "")], ranks=(1, 3, 4))
        c.check("blanks only", [c.write("blanks.txt", "  \n\t\n")])
        c.check("empty list over lines", [c.write("emptylist.txt",
                                                  "[\n\n]\n")])

        # Bad input at and around the range boundaries of 2, 3 and 4 ranks.
        bad = ["x", "1.5", ",,", "\r ", "]", "\x01", "\u00e9", "9" * 20, "+",
               "[2", "ab ", "ab = ["]
        base = " ".join(str(rnd.randint(0, 99)) for _ in range(150)) + "\n"
        k = 0
        for p in (2, 3, 4):
            for b in boundaries(len(base), p)[:1 if p < 4 else 3]:
                for d in (-2, -1, 0, 1, 2):
                    item = bad[k % len(bad)]
                    k += 1
                    text = base[:b + d] + item + base[b + d:]
                    c.check("%d ranks, %r at boundary %+d" % (p, item, d),
                            [c.write("bad%d.txt" % k, text)], ranks=(p,),
                            json_out=False)
        c.check("unclosed bracket", [c.write("unclosed.txt", "\n [1, 2,\n" +
                                             base)], ranks=(1, 4))
        c.check("text after the list", [c.write("after.txt", "[1, 2]\n" +
                                                base)], ranks=(1, 4))
        c.check("error on a long first line after a byte-order mark",
                [c.write("bomline.txt", "\ufeff" + base[:-1] + " 5x\n")],
                ranks=(4,))
        c.check("error on the last line", [c.write("lastline.txt", base * 3 +
                                                   "1 2 3 zz 4\n")],
                ranks=(2, 3))
        c.check("lone CR at the end", [c.write("cr.txt", base + "4\r")],
                ranks=(3,))
        c.check("first error wins", [c.write("two_errors.txt", base[:100] +
                 "a" + base[100:300] + "b" + base[300:])], ranks=(2, 4))

        # A set of files, one per part: ranks take whole files and ranges.
        parts = [w[i:i + 7000] for i in range(0, 35000, 7000)]
        names = [c.write("part%d.txt" % i, " ".join(map(str, q)) + "\n")
                 for i, q in enumerate(parts)]
        c.check("five files", names, ranks=(1, 3, 4),
                margin=reduce_margin(w[:35000]))
        c.check("files, empty ones among them",
                [names[0], c.write("e1.txt", ""), names[1],
                 c.write("e2.txt", "\n")], ranks=(1, 3, 4))
        c.check("more ranks than files", names[:2], ranks=(3, 4))
        c.check("files, each in brackets",
                [c.write("l%d.txt" % i, json.dumps(q)) for i, q in
                 enumerate(parts[:3])], ranks=(2, 4), like=names[:3])
        bad_part = c.write("badpart.txt", "1 2\n3 4 x\n")
        c.check("an error in the second file, named as shelf names it",
                [names[0], bad_part, names[2]], ranks=(2, 3), like=[bad_part])

        # The cut rule (libshelf's shelf_piece_cut): after a blank or a
        # comma, so text without blanks is cut too.
        compact = json.dumps(w[:50000], separators=(",", ":"))
        c.check("JSON without spaces", [c.write("nospace.json", compact)],
                margin=reduce_margin(w[:50000]))
        c.check("commas only", [c.write("commas.txt", compact[1:-1])],
                margin=reduce_margin(w[:50000]))
        c.check("named list over lines, no spaces", [c.write(
            "namedlines.txt", "wheels\n\n=\n" + compact + "\n")])
        cut = compact.rindex(",", 0, len(compact) - 2000) + 1
        late = compact[:cut] + "x" + compact[cut:]
        c.check("error in a late piece, no spaces",
                [c.write("latenospace.json", late)], json_out=False)
        c.check("error in a late piece, over lines", [c.write(
            "latelines.txt", "\n".join(map(str, w[:50000])) + "\n7 8 ?\n")],
            json_out=False)
        c.check("no cut point at all", [c.write("nocut.txt", "1" * 5000)])

        # An early error ends the run early (issue 19, defect 6): every rank
        # looks for a cut point in a window, and rank 0's parse stops at the
        # error, so a 2 GB sparse file is answered after reading a few
        # megabytes, counted by the kernel (rchar of this process takes in
        # those of the children it reaps, and theirs of theirs).
        sparse = os.path.join(tmp, "sparse.txt")
        with open(sparse, "wb") as f:
            f.write(b"1 2 3 x 5")
            f.truncate(2 * 10**9)
        if os.path.exists("/proc/self/io") and \
                os.stat(sparse).st_blocks * 512 < 1 << 20:
            def rchar():
                with open("/proc/self/io") as f:
                    return next(int(line.split()[1]) for line in f
                                if line.startswith("rchar:"))
            want = shelf([sparse], False)
            for p in (2, 4):
                c.count += 1
                before = rchar()
                got = shelf_mpi(p, [sparse], False)
                read = rchar() - before
                if (got.returncode, message(got.stderr, "shelf-mpi")) != \
                        (want.returncode, message(want.stderr, "shelf")) or \
                        read > 64 << 20:
                    c.fail("sparse file, %d ranks: %r, %d bytes read"
                           % (p, got, read))
                else:
                    print("ok   early error in a 2 GB sparse file, %d ranks, "
                          "%.1f MB read" % (p, read / 1e6))
        else:
            print("skipped: the sparse file (no /proc/self/io, or holes "
                  "filled)")
        os.remove(sparse)

        # Every guess wrong: each rank parses its own range again from the
        # true place, and nothing changes.
        env = dict(os.environ, SHELF_MPI_MISGUESS="1")
        for name in ("random.txt", "list.txt", "crlf.txt", "bomline.txt",
                     "lastline.txt", "nospace.json", "latenospace.json"):
            c.check("misguessed: " + name, [os.path.join(tmp, name)],
                    ranks=(4,), env=env)
        c.check("misguessed: five files", names, ranks=(4,), env=env)

        batch_cases(c, tmp)

        # What is not a shelf, and usage.
        missing = os.path.join(tmp, "missing.txt")
        c.check("a missing file", [missing], ranks=(2,))
        c.check("a directory", [tmp], ranks=(2,))
        version = subprocess.run([ARGS.shelf, "--version"],
                                 capture_output=True).stdout.decode()
        usage = "\nTry 'shelf-mpi --help' for more information.\n"
        for args, status, out, err in [
                ([], 2, "", "no file given" + usage),
                (["-"], 2, "", "standard input cannot be shared between "
                 "ranks; give files" + usage),
                (["--bogus", names[0]], 2, "", "unknown option '--bogus'" +
                 usage),
                (["--counted", names[0], names[1]], 2, "",
                 "--counted reads one FILE, not 2" + usage),
                (["--keep-going", names[0]], 2, "",
                 "--keep-going goes with --batch" + usage),
                # shelf's loop and words (report/command_line.c).
                (["--threads", "0", names[0]], 2, "",
                 "--threads takes a number from 1 to 1024, not '0'" + usage),
                ([names[0], "--threads"], 2, "",
                 "option '--threads' needs an argument" + usage),
                (["--version"], 0, "shelf-mpi" + version[len("shelf"):], "")]:
            c.count += 1
            got = shelf_mpi(2, args, False)
            got_err = message(got.stderr, "shelf-mpi") if err else \
                got.stderr.decode()
            if (got.returncode, got.stdout.decode(), got_err) != \
                    (status, out, err):
                c.fail("%s: got %d %r %r" % (args, got.returncode,
                                             got.stdout, got.stderr))
            else:
                print("ok   shelf-mpi %s" % " ".join(args))

    print("%d runs, %d failed" % (c.count, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
