#!/usr/bin/env python3
"""cli_tests.py - run the built shelf program and check stdout, stderr and
the exit status of each case.

Usage: cli_tests.py PATH/TO/shelf

Each case is (name, arguments, standard input, expected stdout, expected
stderr, expected exit status). An expected text is compared exactly, unless
it is a compiled regular expression, which must match the whole text.

SHELF_WRAPPER, if set, is a command put before the program (for example
valgrind with its options), so the same cases check memory too.
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ANY = re.compile(r"(?s).*")
SHELF = None  # the program under test, from the command line


def cases(tmp):
    """The cases; files they need are written into tmp."""
    seed_file = os.path.join(tmp, "seed.txt")
    with open(seed_file, "w") as f:
        f.write("[3, 9, 1, 2]\n")
    batch_file = os.path.join(tmp, "batch.txt")
    with open(batch_file, "w") as f:
        f.write("7 2 9 4\n3 9 1 2\n2, 4, 8, 1, 9, 3\n[6, 6]\n[10, 1]\n5\n4 4 4 4\n")
    bad_file = os.path.join(tmp, "bad.txt")
    with open(bad_file, "w") as f:
        f.write("1 2\n3 4 x\n")

    # Big enough to pass through many blocks on the two-thread path of a
    # plain run; --batch takes the one-thread path, so the two must agree.
    state, weights = 7, []
    for _ in range(300000):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        weights.append(str((state >> 33) % 10000 - 100))
    big_text = " ".join(weights) + "\n"
    big_file = os.path.join(tmp, "big.txt")
    with open(big_file, "w") as f:
        f.write(big_text)
    big_margin = run_plain(["--batch", "-f", big_file])
    bad_big = os.path.join(tmp, "bad_big.txt")
    with open(bad_big, "w") as f:
        f.write(big_text * 3 + "12 x\n")

    usage = "Try 'shelf --help' for more information.\n"
    yield from [
        # The seed's seven cases, on the command line.
        ("seed 1", ["7", "2", "9", "4"], None, "10\n", "", 0),
        ("seed 2", ["3", "9", "1", "2"], None, "7\n", "", 0),
        ("seed 3", ["2", "4", "8", "1", "9", "3"], None, "11\n", "", 0),
        ("seed 4", ["6", "6"], None, "0\n", "", 0),
        ("seed 5", ["10", "1"], None, "9\n", "", 0),
        ("seed 6", ["5"], None, "5\n", "", 0),
        ("seed 7", ["4", "4", "4", "4"], None, "0\n", "", 0),
        # What people paste.
        ("list as one argument", ["[7, 2, 9, 4]"], None, "10\n", "", 0),
        ("list split by the shell", ["[7,", "2,", "9,", "4]"], None, "10\n", "", 0),
        ("stdin list", [], "[3, 9, 1, 2]\n", "7\n", "", 0),
        ("stdin lines and commas", [], "3,\n9\t1 ,2\r\n", "7\n", "", 0),
        ("stdin dash", ["-f", "-"], "3 9 1 2", "7\n", "", 0),
        ("file", ["-f", seed_file], None, "7\n", "", 0),
        ("empty stdin", [], "", "0\n", "", 0),
        ("negatives after --", ["--", "-3", "5", "-1"], None, "-9\n", "", 0),
        ("json", ["--json", "7", "2", "9", "4"], None,
         '{"n": 4, "margin": 10, "first": 16, "second": 6}\n', "", 0),
        ("json negatives", ["--json", "--", "-4", "10", "-7"], None,
         '{"n": 3, "margin": -21, "first": -11, "second": 10}\n', "", 0),
        ("beyond 64 bits", ["--json"] + ["9223372036854775807"] * 7, None,
         '{"n": 7, "margin": 9223372036854775807, "first": 36893488147419103228, '
         '"second": 27670116110564327421}\n', "", 0),
        ("beyond 64 bits, negative", ["--"] + ["-9223372036854775808", "9223372036854775807"] * 4,
         None, "73786976294838206460\n", "", 0),
        # Engines.
        ("dp", ["-a", "dp", "3", "9", "1", "2"], None, "7\n", "", 0),
        ("brute", ["--algorithm=brute", "3", "9", "1", "2"], None, "7\n", "", 0),
        ("brute too long", ["-a", "brute"] + [str(k) for k in range(30)], None, "",
         "shelf: the brute engine takes at most 25 wheels; this shelf has 30\n", 1),
        ("batch brute too long", ["-b", "-a", "brute"], "1 2\n" + " 1" * 26 + "\n3\n",
         "1\n", "shelf: line 2: the brute engine takes at most 25 wheels; this shelf has 26\n", 1),
        ("batch keep going counts lines", ["-b", "-k", "-a", "brute"], "1 x\n" + " 1" * 26 + "\n3\n",
         "3\n", 'shelf: line 1, column 3: expected an integer, found "x"\n'
         "shelf: line 2: the brute engine takes at most 25 wheels; this shelf has 26\n", 1),
        ("batch keep going json, runtime error", ["-b", "-k", "-j", "-a", "brute"],
         "1 2\n" + " 1" * 26 + "\n3\n",
         '{"n": 2, "margin": 1, "first": 2, "second": 1}\n'
         '{"line": 2, "error": "the brute engine takes at most 25 wheels; this shelf has 26"}\n'
         '{"n": 1, "margin": 3, "first": 3, "second": 0}\n', "", 1),
        ("two threads agree with one", ["-f", big_file], None, big_margin, "", 0),
        ("two threads, from a pipe", [], big_text, big_margin, "", 0),
        ("two threads, an error far in", ["-f", bad_big], None, "",
         'shelf: %s: line 4, column 4: expected an integer, found "x"\n' % bad_big, 1),
        # Batch.
        ("batch file", ["--batch", "-f", batch_file], None,
         "10\n7\n11\n0\n9\n5\n0\n", "", 0),
        ("batch empty lines", ["--batch"], "3 9 1 2\n\n[]\n7 2 9 4", "7\n0\n0\n10\n", "", 0),
        ("batch no final newline", ["-b"], "1\n2", "1\n2\n", "", 0),
        ("batch empty input", ["-b"], "", "", "", 0),
        ("batch json", ["-b", "-j"], "7 2 9 4\n[]\n",
         '{"n": 4, "margin": 10, "first": 16, "second": 6}\n'
         '{"n": 0, "margin": 0, "first": 0, "second": 0}\n', "", 0),
        ("batch stops at a bad line", ["--batch"], "3 9 1 2\n1 x\n5\n", "7\n",
         'shelf: line 2, column 3: expected an integer, found "x"\n', 1),
        ("batch keep going", ["--batch", "--keep-going"], "3 9 1 2\n1 x\n5\n[1\n6\n", "7\n5\n6\n",
         'shelf: line 2, column 3: expected an integer, found "x"\n'
         'shelf: line 4, column 1: missing closing bracket, found "["\n', 1),
        ("batch keep going json", ["-b", "-k", "-j"], "3 9 1 2\n1 x\n5\n",
         '{"n": 4, "margin": 7, "first": 11, "second": 4}\n'
         '{"line": 2, "column": 3, "error": "expected an integer", "found": "x"}\n'
         '{"n": 1, "margin": 5, "first": 5, "second": 0}\n', "", 1),
        # Bad input: one line naming the place, exit 1, nothing on stdout.
        ("bad argument", ["1", "x"], None, "",
         'shelf: argument 2: expected an integer, found "x"\n', 1),
        ("bad argument column", ["[1,", "2,", "3x]"], None, "",
         'shelf: argument 3: not an integer, found "3x"\n', 1),
        ("bad stdin", [], "1 2\n3 x\n", "",
         'shelf: line 2, column 3: expected an integer, found "x"\n', 1),
        ("bad file names the file", ["-f", bad_file], None, "",
         'shelf: %s: line 2, column 5: expected an integer, found "x"\n' % bad_file, 1),
        ("fraction", [], "1.5", "", 'shelf: line 1, column 1: not an integer, found "1.5"\n', 1),
        ("empty item", [], "1,,2", "", 'shelf: line 1, column 3: empty item, found ","\n', 1),
        ("unclosed", [], "[1, 2\n", "",
         'shelf: line 1, column 1: missing closing bracket, found "["\n', 1),
        ("stray bracket", [], "1, 2]", "",
         'shelf: line 1, column 5: closing bracket without opening one, found "]"\n', 1),
        ("nested", [], "[[1]]", "",
         'shelf: line 1, column 2: nested lists are not allowed, found "["\n', 1),
        ("too big", ["9223372036854775808"], None, "",
         'shelf: argument 1: weight outside the 64-bit range, found "9223372036854775808"\n', 1),
        ("missing file", ["-f", os.path.join(tmp, "nope")], None, "",
         "shelf: %s: No such file or directory\n" % os.path.join(tmp, "nope"), 1),
        # Usage errors: exit 2.
        ("unknown option", ["--bogus"], None, "", "shelf: unknown option '--bogus'\n" + usage, 2),
        ("unknown short option", ["-x"], None, "", "shelf: unknown option '-x'\n" + usage, 2),
        ("missing option argument", ["-f"], None, "",
         "shelf: option '-f' needs an argument\n" + usage, 2),
        ("unknown algorithm", ["-a", "quick", "1"], None, "",
         "shelf: unknown algorithm 'quick' (use linear, dp or brute)\n" + usage, 2),
        ("file and weights", ["-f", seed_file, "1"], None, "",
         "shelf: give weights either as arguments or with -f, not both\n" + usage, 2),
        ("keep going without batch", ["-k", "1"], None, "",
         "shelf: --keep-going goes with --batch\n" + usage, 2),
        ("help", ["--help"], None, re.compile(r"Usage: shelf .*Exit status: .*", re.S), "", 0),
        ("version", ["-V"], None, re.compile(r"shelf \d+\.\d+\.\d+\n"), "", 0),
        # The line and the explanation.
        ("moves in a pipe", ["--moves", "3", "9", "1", "2"], None,
         "7\n"
         "turn buyer end wheel weight first second\n"
         "1 first right 4 2 2 0\n"
         "2 second left 1 3 2 3\n"
         "3 first left 2 9 11 3\n"
         "4 second left 3 1 11 4\n"
         "first 11, second 4, margin 7\n", "", 0),
        ("moves json", ["--json", "--moves", "7", "2", "9", "4"], None,
         '{"n": 4, "margin": 10, "first": 16, "second": 6, "moves": ['
         '{"turn": 1, "buyer": "first", "end": "left", "index": 0, "weight": 7}, '
         '{"turn": 2, "buyer": "second", "end": "left", "index": 1, "weight": 2}, '
         '{"turn": 3, "buyer": "first", "end": "left", "index": 2, "weight": 9}, '
         '{"turn": 4, "buyer": "second", "end": "left", "index": 3, "weight": 4}]}\n', "", 0),
        ("moves empty", ["--moves"], "", "0\nturn buyer end wheel weight first second\n"
         "first 0, second 0, margin 0\n", "", 0),
        ("explain", ["--explain", "3", "9", "1", "2"], None,
         "7\n"
         "Perfect play: the first buyer finishes 7 kilos ahead, 11 to 4.\n"
         "Both greedy (always the heavier end, the left on equal weights): the first buyer "
         "finishes 5 kilos behind, 5 to 10.\n"
         "A greedy first buyer against a perfect second: the first buyer finishes 5 kilos "
         "behind, 12 kilos worse than perfect play.\n"
         "The greedy trap: at turn 1 the first buyer's heavier end is the left (wheel 1, 3 "
         "kilos), but taking it costs 12 kilos of lead; perfect play takes the right "
         "(wheel 4).\n"
         "Parity floor: the odd positions weigh 4, the even 11; by taking every even position "
         "the first buyer is sure to finish 7 kilos ahead, and perfect play gets 0 more.\n",
         "", 0),
        ("explain json", ["--json", "--explain", "3", "9", "1", "2"], None,
         '{"n": 4, "margin": 7, "first": 11, "second": 4, '
         '"greedy": {"first": 5, "second": 10, "margin": -5}, "greedy_vs_perfect": -5, '
         '"first_mistake": {"turn": 1, "buyer": "first", "end": "left", "index": 0, '
         '"weight": 3, "cost": 12}, "parity": {"odd": 4, "even": 11, "floor": 7, "gain": 0}}\n',
         "", 0),
        ("explain odd, no mistake", ["-j", "-e", "5", "1", "3"], None,
         '{"n": 3, "margin": 3, "first": 6, "second": 3, '
         '"greedy": {"first": 6, "second": 3, "margin": 3}, "greedy_vs_perfect": 3, '
         '"first_mistake": null, "parity": null}\n', "", 0),
    ]


def run(shelf, args, stdin):
    wrapper = shlex.split(os.environ.get("SHELF_WRAPPER", ""))
    proc = subprocess.run(wrapper + [shelf] + args, input=(stdin or "").encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    return proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace"), proc.returncode


def run_plain(args):
    """The standard output of a run that must succeed (without a wrapper)."""
    return subprocess.run([SHELF] + args, stdout=subprocess.PIPE, check=True,
                          timeout=600).stdout.decode()


def matches(want, got):
    if isinstance(want, re.Pattern):
        return want.fullmatch(got) is not None
    return want == got


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: cli_tests.py PATH/TO/shelf")
    global SHELF
    shelf = SHELF = sys.argv[1]
    failed = passed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, stdin, out, err, status in cases(tmp):
            got_out, got_err, got_status = run(shelf, args, stdin)
            problems = []
            if got_status != status:
                problems.append("exit status %d, expected %d" % (got_status, status))
            if not matches(out, got_out):
                problems.append("stdout %r, expected %r" % (got_out, out))
            if not matches(err, got_err):
                problems.append("stderr %r, expected %r" % (got_err, err))
            # Every JSON line must parse.
            if "--json" in args or "-j" in args:
                for line in got_out.splitlines():
                    try:
                        json.loads(line)
                    except ValueError:
                        problems.append("not JSON: %r" % line)
            if problems:
                failed += 1
                print("FAIL %s (%s)" % (name, " ".join(args)))
                for p in problems:
                    print("     " + p)
            else:
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
