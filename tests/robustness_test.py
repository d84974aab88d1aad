#!/usr/bin/env python3
"""robustness_test.py - shelf at the edges: every bad input the grammar
rejects, the edges it accepts, huge inputs, and faults around the program
(a full disk, a closed pipe, too little memory, bad lines in batch mode).

Usage: robustness_test.py PATH/TO/shelf [--group NAME]... [--quick]

Groups (all but oom and memcheck run when none is named):
  grammar   each bad input: exit status 1, nothing on stdout, exactly one
            line on stderr, "shelf: line L, column C: message"; each
            accepted edge: the right margin. Also writes or checks
            docs/robustness.md, the table of what every bad input gets.
  big       a number of 10^6 digits, and a single line of 1 GB streamed
            through a pipe in little memory.
  faults    > /dev/full, a reader that goes away, batch mode stopping at a
            bad line, --keep-going in text and JSON; pictures written into
            links, devices, folders and over files under a file-size limit
            (nothing shelf did not create is ever removed); file names and
            option values that hold newlines and escape sequences. Also
            writes or checks the faults table of docs/robustness.md.
  oom       too little address space (RLIMIT_AS): "out of memory", exit
            status 1, no crash. Not under AddressSanitizer, which cannot
            run with RLIMIT_AS: the sanitized build skips it (it is told
            by SHELF_SANITIZED=1, or finds the ASan runtime in the binary).

--quick runs each bad input once (on standard input), not also from a file
and in batch mode, and leaves out the accepted edges; it is meant for slow
wrappers such as valgrind. The table is then not checked.

--sample K runs one bad input in K in the grammar group, those whose place
in the list leaves SHELF_TEST_SEED's remainder when divided by K; also for
valgrind (memcheck_robustness), where each run costs about half a second
of CPU before the program starts. The table is then not checked.

Environment:
  SHELF_WRAPPER      a command put before the program (for example valgrind
                     with its options), for the grammar and faults groups.
  SHELF_UPDATE_DOCS  1: rewrite docs/robustness.md from this run instead of
                     failing when it differs.
  SHELF_SANITIZED    1: the program is built with sanitizers.

Only the Python standard library is used. Exit status 0 if every check
passed, 1 otherwise; each failure names its case and what differed.
"""

import json
import os
import resource
import shlex
import signal
import subprocess
import sys
import tempfile
import threading

from reference import margin as solve
from reference import reduce_margin, reduction_agrees
from sampling import sampler
from skipped import skip, skip_line

HERE = os.path.dirname(os.path.abspath(__file__))
DOC = os.path.join(os.path.dirname(HERE), "docs", "robustness.md")

# A run still going after this long is stopped and counts as a hang. It is
# a safety net against an endless loop, not a timing check: every input
# here takes milliseconds, or a few seconds for the 1 GB line and the big
# shelves (times ten under a wrapper such as valgrind, and ten again on a
# machine whose load is ten times its cores).
HANG_SECONDS = 300
BIG_HANG_SECONDS = 600

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
                            stderr=stderr, preexec_fn=preexec_fn, cwd=cwd)
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


def show(data, limit=60):
    """Bytes as readable text for messages and the table."""
    text = ""
    for b in data[:limit]:
        c = chr(b)
        if c == "\n":
            text += "\\n"
        elif c == "\r":
            text += "\\r"
        elif c == "\t":
            text += "\\t"
        elif c == "\\":
            text += "\\\\"
        elif 0x20 <= b < 0x7f:
            text += c
        else:
            text += "\\x%02X" % b
    if len(data) > limit:
        text += "..."
    return text


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


# ==== The grammar: bad inputs ====

def bad_inputs():
    """(what it is, input, expected stderr line without "shelf: ", or a list
    of acceptable ones[, how the table shows a long input]). Grouped by kind: other number
    notations, bytes, separators, brackets, quotes, signs, the range."""
    def at(line, col, msg, found):
        return 'line %d, column %d: %s, found "%s"' % (line, col, msg, found)
    nonint, expint = "not an integer", "expected an integer"
    ctrl, utf8 = "control character", "invalid UTF-8"
    empty, rng = "empty item", "weight outside the 64-bit range"
    no_list = "expected a bracketed list after '='"
    return [
        ("exponent", b"1e3", at(1, 1, nonint, "1e3")),
        ("hexadecimal", b"0x10", at(1, 1, nonint, "0x10")),
        ("decimal point", b"1.0", at(1, 1, nonint, "1.0")),
        ("trailing point", b"1.", at(1, 1, nonint, "1.")),
        ("leading point", b".5", at(1, 1, nonint, ".5")),
        ("not a number", b"nan", at(1, 1, expint, "nan")),
        ("infinity", b"inf", at(1, 1, expint, "inf")),
        ("a word", b"seven", at(1, 1, expint, "seven")),
        ("Unicode minus sign (U+2212)", "\u22125".encode(),
         at(1, 1, "unexpected character", "U+2212")),
        ("NUL byte", b"1\x002", at(1, 2, ctrl, "\\x00")),
        ("only a NUL byte", b"\x00", at(1, 1, ctrl, "\\x00")),
        ("invalid UTF-8 byte", b"1 \xff 2", at(1, 3, utf8, "\\xFF")),
        ("UTF-8 continuation byte alone", b"\x80", at(1, 1, utf8, "\\x80")),
        ("overlong UTF-8", b"\xc0\xaf", at(1, 1, utf8, "\\xC0")),
        ("UTF-8 surrogate", b"\xed\xa0\x80", at(1, 1, utf8, "\\xED\\xA0")),
        ("UTF-8 cut short at the end", b"1 \xe2\x88", at(1, 3, utf8, "\\xE2\\x88")),
        ("Latin-1 text", b"caf\xe9", at(1, 1, expint, "caf")),
        ("escape sequence", b"1\x1b[0m", at(1, 2, ctrl, "\\x1B")),
        ("form feed", b"1\x0c2", at(1, 2, ctrl, "\\x0C")),
        ("vertical tab", b"1\x0b2", at(1, 2, ctrl, "\\x0B")),
        ("DEL", b"1\x7f", at(1, 2, ctrl, "\\x7F")),
        ("carriage return alone", b"1\r2", at(1, 2, ctrl, "\\x0D")),
        ("carriage return at the end", b"1 2\r", at(1, 4, ctrl, "\\x0D")),
        ("old Mac line ends", b"1\r2\r", at(1, 2, ctrl, "\\x0D")),
        ("two commas", b"1,,2", at(1, 3, empty, ",")),
        ("comma after the bracket", b"[,1]", at(1, 2, empty, ",")),
        ("leading comma", b",1", at(1, 1, empty, ",")),
        ("two commas with a space", b"1, ,2", at(1, 4, empty, ",")),
        ("only a comma in brackets", b"[,]", at(1, 2, empty, ",")),
        ("no closing bracket", b"[1, 2", at(1, 1, "missing closing bracket", "[")),
        ("no closing bracket, over lines", b"[1,\n2\n",
         at(1, 1, "missing closing bracket", "[")),
        ("text after the closing bracket", b"[1, 2] 3",
         at(1, 8, "text after the closing bracket", "3")),
        ("comma after the closing bracket", b"[1],",
         at(1, 4, "text after the closing bracket", ",")),
        ("two lists", b"[1] [2]", at(1, 5, "text after the closing bracket", "[")),
        ("two closing brackets", b"[1]]",
         at(1, 4, "text after the closing bracket", "]")),
        ("nested list", b"[[1]]", at(1, 2, "nested lists are not allowed", "[")),
        ("nested list later", b"[1, [2]]",
         at(1, 5, "nested lists are not allowed", "[")),
        ("closing bracket alone", b"1, 2]",
         at(1, 5, "closing bracket without opening one", "]")),
        ("opening bracket after a weight", b"1 [2]",
         at(1, 3, "opening bracket after a weight", "[")),
        # Other brackets are printable ASCII that no weight holds: the
        # parser reads each as the start of a word, up to a blank or a
        # comma, and says what it expected.
        ("parentheses", b"(1, 2)", at(1, 1, expint, "(1")),
        ("braces", b"{1, 2}", at(1, 1, expint, "{1")),
        ("angle brackets", b"<1>", at(1, 1, expint, "<1>")),
        ("double-quoted number", b'"1"', at(1, 1, expint, '\\"1\\"')),
        ("single-quoted number", b"'1'", at(1, 1, expint, "'1'")),
        ("list of strings", b'["1", "2"]', at(1, 2, expint, '\\"1\\"')),
        ("sign alone", b"-", at(1, 1, expint, "-")),
        ("plus alone", b"+ 1", at(1, 1, expint, "+")),
        ("two signs", b"--1", at(1, 1, expint, "--1")),
        ("mixed signs", b"+-1", at(1, 1, expint, "+-1")),
        ("subtraction", b"5-3", at(1, 1, nonint, "5-3")),
        ("a long word", b"a" * 100, at(1, 1, expint, "a" * 40 + "..."),
         "`a` \u00d7 100"),
        ("a number of 10^6 digits", b"1" * 10**6, at(1, 1, rng, "1" * 40 + "..."),
         "`1` \u00d7 10^6"),
        ("2^63", b"9223372036854775808", at(1, 1, rng, "9223372036854775808")),
        ("-2^63 - 1", b"-9223372036854775809", at(1, 1, rng, "-9223372036854775809")),
        ("2^64", b"18446744073709551616", at(1, 1, rng, "18446744073709551616")),
        ("20 nines", b"99999999999999999999", at(1, 1, rng, "99999999999999999999")),
        ("2^63 with leading zeros", b"0009223372036854775808",
         at(1, 1, rng, "0009223372036854775808")),
        ("error on line 3", b"1 2\n3 4\n  5x\n", at(3, 3, nonint, "5x")),
        # Long enough for the parser's fast path, with a weight of more than
        # 16 digits at the end of a line: the line feed must count once.
        ("error after a 17-digit weight ending a line",
         b"1 " * 10 + b"2" * 17 + b"\n3 x" + b" " * 80, at(2, 3, expint, "x"),
         "`1 ` \u00d7 10, `2` \u00d7 17, `\\n3 x`, 80 spaces"),
        ("20-digit weight ending a line",
         b"1 " * 10 + b"2" * 20 + b"\n" + b" " * 80, at(1, 21, rng, "2" * 20),
         "`1 ` \u00d7 10, `2` \u00d7 20, `\\n`, 80 spaces"),
        ("a sign before 70 digits", b"1 " * 10 + b"-" + b"8" * 70 + b" " * 80,
         at(1, 21, rng, "-" + "8" * 39 + "..."),
         "`1 ` \u00d7 10, `-`, `8` \u00d7 70, 80 spaces"),
        ("error on a CRLF line", b"1\r\n2 x\r\n", at(2, 3, expint, "x")),
        ("error after a byte-order mark", b"\xef\xbb\xbf x", at(1, 2, expint, "x")),
        # A mark anywhere else is U+FEFF, a character of no width: shown by
        # its code point, as every unexpected character is.
        ("byte-order mark not at the start", b"1 \xef\xbb\xbf2",
         at(1, 3, "unexpected character", "U+FEFF")),
        # Named lists, `wheels = [7, 2, 9, 4]`: after the '=' only a list
        # may come, and the error names the place where it should begin.
        ("a name without a list", b"wheels = 7",
         "line 1, column 10: " + no_list),
        ("a name and '=' at the end", b"wheels =",
         "line 1, column 9: " + no_list),
        ("a second '='", b"wheels = = [1]", "line 1, column 10: " + no_list),
        ("a name alone", b"wheels", at(1, 1, expint, "wheels")),
        ("a name without '='", b"wheels [1]", at(1, 1, expint, "wheels")),
        ("a name after a weight", b"1 w = [2]", at(1, 3, expint, "w")),
        ("a name with a point", b"w1.5 = [2]", at(1, 1, expint, "w1.5")),
        ("text after a named list", b"wheels = [1] 2",
         at(1, 14, "text after the closing bracket", "2")),
        ("a nested named list", b"wheels = [[1]]",
         at(1, 11, "nested lists are not allowed", "[")),
    ]


def accepted_inputs():
    """(what it is, input, weights it means)."""
    return [
        ("CRLF line ends", b"3\r\n9\r\n1\r\n2\r\n", [3, 9, 1, 2]),
        ("byte-order mark", b"\xef\xbb\xbf[3, 9, 1, 2]\n", [3, 9, 1, 2]),
        ("byte-order mark, CRLF", b"\xef\xbb\xbf3 9\r\n1 2\r\n", [3, 9, 1, 2]),
        ("trailing comma in brackets", b"[3, 9, 1, 2,]", [3, 9, 1, 2]),
        ("trailing comma, no brackets", b"3, 9, 1, 2,\n", [3, 9, 1, 2]),
        ("commas without spaces", b"[7,2,9,4]", [7, 2, 9, 4]),
        ("space before a comma", b"7 , 2 ,9, 4", [7, 2, 9, 4]),
        ("tabs and blank lines", b"\t3\n\n9\t1\n 2 \n", [3, 9, 1, 2]),
        ("brackets over lines", b"[\n  3,\n  9,\n  1,\n  2,\n]\n", [3, 9, 1, 2]),
        ("leading zeros", b"003 09 01 0002", [3, 9, 1, 2]),
        ("minus zero", b"-0 5", [0, 5]),
        ("plus sign", b"+5", [5]),
        ("signs mixed", b"+3 -0 -4 +10", [3, 0, -4, 10]),
        ("64-bit limits", b"9223372036854775807 -9223372036854775808",
         [INT64_MAX, INT64_MIN]),
        ("64-bit limit with leading zeros", b"000000009223372036854775807",
         [INT64_MAX]),
        ("-2^63 with leading zeros", b"-00009223372036854775808", [INT64_MIN]),
        ("10^6 zeros, then 5", b"0" * 10**6 + b"5", [5]),
        ("empty file", b"", []),
        ("only whitespace", b" \t\n\r\n  \n", []),
        ("empty brackets", b"[]", []),
        ("empty brackets with spaces", b"[ \n ]", []),
        ("named list", b"wheels = [7, 2, 9, 4]\n", [7, 2, 9, 4]),
        ("named list without spaces", b"w=[3,9,1,2]", [3, 9, 1, 2]),
        ("named list over lines", b"_x1 =\n  [3,\n  4]\n", [3, 4]),
        ("named empty list after a byte-order mark",
         b"\xef\xbb\xbfwheels = []", []),
    ]


def count_note(data, weights):
    """The note shelf adds when the first line is a lone number equal to the
    count of the weights after it (issue 11): one weight a line can look
    like that, and is told so."""
    first, newline, _ = data.partition(b"\n")
    first = first.replace(b"\xef\xbb\xbf", b"", 1).strip(b" \t\r")
    if newline and first.isdigit() and len(weights) >= 2 and \
            int(first) == len(weights) - 1:
        return (b"shelf: note: line 1: %d looks like a count of the %d weights after "
                b"it, but it was read as a wheel; --counted reads it as a count\n"
                % (int(first), int(first)))
    return b""


def grammar_group(shelf, tmp, wrapper, quick, sampled, checks):
    rows = []
    path = os.path.join(tmp, "input.txt")
    for k, (name, data, want, *display) in enumerate(bad_inputs()):
        if not sampled(k):
            continue
        label = "bad input: %s" % name
        wants = [("shelf: " + w) for w in (want if isinstance(want, list)
                                           else [want])]
        r = run(shelf, [], data, wrapper)
        one_error_line(checks, r, wants, "stdin")
        rows.append((name, data, display[0] if display else None, r))
        if r.status == -signal.SIGKILL:
            checks.expect(False, "stdin: still running after %d s: a hang" %
                          HANG_SECONDS)
        elif not quick:
            # From a file: the same, with the file's name before the place.
            with open(path, "wb") as f:
                f.write(data)
            r2 = run(shelf, ["-f", path], b"", wrapper)
            one_error_line(checks, r2, [w.replace("shelf: ", "shelf: %s: " % path, 1)
                                        for w in wants], "-f FILE")
            # In batch mode a one-line input gets the same line.
            if b"\n" not in data.rstrip(b"\n"):
                r3 = run(shelf, ["--batch"], data, wrapper)
                one_error_line(checks, r3, wants, "--batch")
        checks.done(label)

    # Under a slow wrapper (--quick) the accepted edges are left to the
    # plain run: they share the code paths of the worked examples.
    for name, data, weights in [] if quick else accepted_inputs():
        want = "%d\n" % solve(weights)
        r = run(shelf, ["--json"], data, wrapper)
        checks.expect(r.status == 0 and r.err == count_note(data, weights),
                      "exit status %d, stderr %r" % (r.status, r.err[:300]))
        try:
            got = json.loads(r.out.decode())
            checks.expect(got["n"] == len(weights) and
                          got["margin"] == solve(weights) and
                          got["first"] + got["second"] == sum(weights),
                          "--json %r, expected n %d, margin %d, total %d" %
                          (got, len(weights), solve(weights), sum(weights)))
        except (ValueError, KeyError, UnicodeDecodeError) as e:
            checks.expect(False, "--json output %r: %s" % (r.out[:300], e))
        r = run(shelf, [], data, wrapper)
        checks.expect(r.out.decode() == want and r.status == 0,
                      "stdout %r, expected %r" % (r.out, want))
        checks.done("accepted: %s" % name)

    # Batch mode at the edges: CRLF, a mark, blank lines, no final newline.
    for name, data, want in [
            ("batch, CRLF", b"3 9 1 2\r\n7 2 9 4\r\n", b"7\n10\n"),
            ("batch, byte-order mark", b"\xef\xbb\xbf3 9 1 2\n[5]\n", b"7\n5\n"),
            ("batch, blank and whitespace lines", b"\n \t\n[]\n", b"0\n0\n0\n"),
            ("batch, no final newline", b"1\n2", b"1\n2\n"),
            ("batch, only a byte-order mark", b"\xef\xbb\xbf", b""),
            ("batch, trailing commas", b"1,\n[2,]\n", b"1\n2\n"),
            ("batch, named lines", b"a = [3, 9, 1, 2]\nb = [7, 2, 9, 4]\n",
             b"7\n10\n")]:
        r = run(shelf, ["--batch"], data, wrapper)
        checks.expect(r.status == 0 and r.err == b"" and r.out == want,
                      "status %d, stdout %r, stderr %r; expected stdout %r" %
                      (r.status, r.out, r.err, want))
        checks.done("accepted: %s" % name)
    return rows


# ==== docs/robustness.md ====

def md_code(text):
    """A Markdown code span that survives the text inside it."""
    text = text.replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return fence + pad + text + pad + fence


def input_cell(data, display):
    if display is not None:
        return display  # a long input, described
    return md_code(show(data)) if data else "(empty)"


def shell_word(arg):
    """An argument as a shell would need it typed."""
    if arg in (">",):
        return arg
    if any(ord(c) < 0x20 or c == "\x7f" for c in arg):
        return "$'" + show(arg.encode()).replace("'", "\\'") + "'"
    return shlex.quote(arg)


def render_faults(rows):
    out = ["", "## Faults around the program", "",
           "Written by the `faults` group of the same test, which runs each of these "
           "(in a scratch folder) and checks what is left afterwards. `ulimit -f 1` "
           "stands for a file-size limit of 1024 bytes; SIGXFSZ is left at its "
           "default, and shelf ignores it so that the write that meets the limit "
           "fails with EFBIG. shelf removes nothing it did not create: a picture is "
           "written as a temporary file beside its target and renamed into place "
           "(through a symbolic link, beside the link's real target, so the link "
           "stays and a failed write leaves the target as it was), and a device or "
           "pipe is written in place and never unlinked (run as root, the test also "
           "writes into a device node made with `mknod` and checks that it is still "
           "there). The temporary file is removed on a failed write and on SIGINT, "
           "SIGTERM, SIGHUP and SIGQUIT, after which shelf dies of the signal as "
           "before (the SIGTERM row needs strace). The out-of-memory cases "
           "are in the `oom` group: each says `out of memory` in one line, naming "
           "the file where there is one.", "",
           "| What is tried | Command | Exit | Standard error | Afterwards |",
           "|---|---|---|---|---|"]
    for what, args, status, err, after in rows:
        cmd = "shelf " + " ".join(shell_word(a) for a in args)
        out.append("| %s | %s | %s | %s | %s |" % (
            what, md_code(cmd),
            signal.Signals(-status).name if status < 0 else str(status),
            md_code(err.replace("\n", " / ")) if err else "(nothing)",
            after or ""))
    out.append("")
    return "\n".join(out)


def render_doc(rows, fault_rows):
    out = []
    out.append("# What shelf answers to bad input\n")
    out.append("This table is written by `tests/robustness_test.py`, which "
               "feeds each input to `shelf` on standard input and records the "
               "exit status and the line on standard error. The test fails if "
               "this file no longer matches what `shelf` does; to regenerate "
               "it, run the test with `SHELF_UPDATE_DOCS=1` (for example "
               "`SHELF_UPDATE_DOCS=1 ctest --test-dir build -R robustness`).\n")
    out.append("Every input here is rejected with exit status 1, nothing on "
               "standard output, and one line on standard error that names "
               "the line and the column (in bytes, from 1; a byte-order mark "
               "at the start takes no column) and shows the offending text, "
               "escaped where it is not printable (where something is "
               "missing, such as the list after a name's `=`, it says what "
               "was expected instead). Given with `-f FILE`, the "
               "line names the file too; in batch mode (`--batch`) it is the "
               "same, and `--keep-going` reports it and goes on with the next "
               "line. Inputs are shown with `\\n`, `\\r`, `\\t` and `\\xHH` "
               "escapes.\n")
    out.append("| Input | What it is | Exit | Standard error |")
    out.append("|---|---|---|---|")
    for name, data, display, r in rows:
        err = r.err.decode("utf-8", "replace").rstrip("\n").replace("\n", " / ")
        out.append("| %s | %s | %d | %s |" % (input_cell(data, display), name,
                                              r.status,
                                              md_code(err)))
    out.append("")
    out.append("Accepted at the edges (each checked by the same test): CRLF "
               "line ends, a UTF-8 byte-order mark at the start, a trailing "
               "comma, commas with or without spaces, blank lines, leading "
               "zeros (even a million of them), `-0`, `+5`, the 64-bit limits "
               "`-9223372036854775808` and `9223372036854775807`, an empty "
               "file, a file of only whitespace, `[]`, named lists "
               "(`wheels = [7, 2, 9, 4]`, `w=[1]`, a name on one line and "
               "its list on the next, one a line in batch mode), and a single "
               "line of 1 GB, read in constant memory.\n")
    out.append("The counted layout of competitive programming (`4`, then "
               "`10 80 90 30`; `shelf --counted`, the library's "
               "`SHELF_PARSE_COUNTED`) is checked by tests/cli_test.py and "
               "tests/test_parse.c: a negative count (`BAD_COUNT`), fewer "
               "weights than the count (`TOO_FEW`, at the end of the input), "
               "text after the last counted weight (`TOO_MANY`), brackets "
               "(which the layout does not have). Saved solver states "
               "(`shelf_solver_load`) must be either refused (`BAD_STATE`, "
               "`STATE_VERSION`) or loaded exactly: tests/test_state.c "
               "changes every bit and cuts every length, and states made by "
               "hand that no shelf gives are refused. Both are fuzzed too: "
               "`fuzz_parse` checks every parser mode against a reference "
               "parser of its own, and `fuzz_state` loads any bytes. So are "
               "the pictures: `fuzz_svg` checks that every picture of any "
               "shelf is well-formed XML, its text escaped, every wheel "
               "drawn with its index.\n")
    return "\n".join(out) + render_faults(fault_rows) + render_elsewhere()


# Inputs and faults of the other surfaces (issue 19), each checked by the
# test it names rather than by this one; kept here so that the file has one
# writer.
ELSEWHERE = [
    ("A saved state of n = 2^63 + 1 wheels, total 2^126, one entry 2^126 "
     "(checksum right)", "`shelf_solver_load`", "`BAD_STATE`: at most 2^63 wheels, "
     "and a total and entries within n * 2^63 (it loaded, and gave first + second "
     "!= total, with 128-bit overflow)", "tests/test_state.c, fuzz_state"),
    ("States `[-2^126]` and `[2^125, -2^125]`, appended twice", "`shelf_solver_load`",
     "`BAD_STATE`: no 2^63 int64 weights reach them", "tests/test_state.c, fuzz_state"),
    ("One wheel of 2^63 saved as a 128-bit entry", "`shelf_solver_load`",
     "`BAD_STATE`: unmerged entries are the wheels, each an int64", "tests/test_state.c"),
    ("Two states of 2^63 - 1 wheels appended", "`shelf_solver_append`",
     "`SHELF_RANGE`, the solver unchanged (the count wrapped to 2^64 - 2)",
     "tests/test_state.c, fuzz_state"),
    ("A 4096-wheel `int64` NumPy array or `array('q')` rewritten by another thread "
     "during `shelf.solve`, `result`, `Solver.extend`, `line`, `explain`, `svg`",
     "Python", "some answer, never a crash: each weight is read once into the module's "
     "own memory (it was a double free, or ASan's heap-buffer-overflow)",
     "python/tests/test_concurrency.py, also under ASan"),
    ("`Solver.push(x)` where `x.__index__` starts `extend` on another thread",
     "Python", "`RuntimeError: this Solver is in use by another thread` (it was a "
     "use-after-free)", "python/tests/test_concurrency.py"),
    ("`shelf.random(2**61, seed=1)`", "Python", "`MemoryError` (n * 8 wrapped: a "
     "heap overflow)", "python/tests/test_buffers.py"),
    ("int8 to int64, unsigned, big-endian (`'>i8'`), strided, reversed and "
     "non-contiguous arrays, `array('i')`, bool arrays", "Python",
     "read exactly, as the same weights in a list (`array('i')` and int32 were "
     "refused while strided views were solved); bool as 0 and 1",
     "python/tests/test_buffers.py"),
    ("A `uint64` value above 2^63 - 1", "Python", "`OverflowError` naming its index, "
     "before anything is pushed", "python/tests/test_buffers.py"),
    ("A float array, or a float in a list", "Python", "`TypeError` saying how to "
     "convert: `a.astype(np.int64)` or `[int(x) for x in wheels]`",
     "python/tests/test_buffers.py"),
    ("A `TypeError` raised inside a user's `__index__`", "Python",
     "`TypeError: wheels[i] is T, whose __index__ raised TypeError`, the user's "
     "exception as its `__cause__` (it was replaced)", "python/tests/test_buffers.py"),
    ("`#w=%EF%BB%BF%20x` (an error after a byte-order mark)", "the page",
     "the message as the command's, `x` marked and selected (it marked U+FFFD)",
     "web/tests/page_address.js"),
    ("`#w=1,2&step=` and 400 nines", "the page", "the last step, written back as "
     "`step=2` (it was `step=Infinity`)", "web/tests/page_address.js"),
    ("A typed shelf of 5001 wheels", "the page", "a note under the box: the address "
     "holds at most 5000, so a link will not show it (it was dropped without a word)",
     "web/tests/page_address.js"),
]


def render_elsewhere():
    out = ["", "## Beyond the command", "",
           "What the library, the Python module and the page do with hostile input "
           "of their own (issue 19). Each row is checked by the test it names; the "
           "command's own faults are in the table above.", "",
           "| Input or fault | Where | What it gets now | Checked by |",
           "|---|---|---|---|"]
    for row in ELSEWHERE:
        out.append("| %s | %s | %s | %s |" % row)
    out.append("")
    return "\n".join(out)


def check_doc(rows, fault_rows, checks):
    text = render_doc(rows, fault_rows)
    if os.environ.get("SHELF_UPDATE_DOCS") == "1":
        os.makedirs(os.path.dirname(DOC), exist_ok=True)
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote %s" % DOC)
    else:
        try:
            with open(DOC, encoding="utf-8") as f:
                old = f.read()
        except OSError as e:
            old = None
            checks.expect(False, "cannot read %s: %s" % (DOC, e))
        if old is not None and old != text:
            a, b = old.splitlines(), text.splitlines()
            diff = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                        min(len(a), len(b)))
            checks.expect(False, "%s is stale (first difference at line %d); "
                          "rerun with SHELF_UPDATE_DOCS=1" % (DOC, diff + 1))
    checks.done("docs/robustness.md matches what shelf does")


# ==== Big inputs ====

def big_group(shelf, tmp, checks):
    # A single line of a little over 1 GB: weights of 3 written five ways
    # (so numbers straddle every read boundary), lost in spaces, tabs and
    # commas. Streamed through a pipe, generated on the fly.
    block = bytearray()
    count_in_block = 0
    forms = [b"3", b"03", b"+3", b"0003", b"+003"]
    while len(block) < 1_000_000:
        block += forms[count_in_block % 5] + b" " * 700 + b",\t" + b" " * 300
        count_in_block += 1
    # About 1 MB, not a power of two, so blocks and reads never line up;
    # each block ends in spaces, so no two numbers run together.
    block = bytes(block)
    repeats = (1 << 30) // len(block) + 1
    n = count_in_block * repeats
    total_bytes = len(block) * repeats

    def feed(pipe):
        for _ in range(repeats):
            pipe.write(block)

    r = run(shelf, ["--json"], feed=feed, hang=BIG_HANG_SECONDS)
    first = 3 * ((n + 1) // 2)
    want = {"n": n, "margin": 3 * (n % 2), "first": first, "second": 3 * n - first}
    try:
        got = json.loads(r.out.decode())
    except ValueError:
        got = None
    checks.expect(r.status == 0 and r.err == b"",
                  "exit status %d, stderr %r" % (r.status, r.err[:300]))
    checks.expect(got == want, "stdout %r, expected %r" % (r.out[:300], want))
    # Memory: a streaming parser needs nothing per byte or per wheel here
    # (equal weights merge on the solver's stack). 64 MiB is far below the
    # input and well above what the program and a sanitizer runtime need.
    checks.expect(r.maxrss_kib < 64 * 1024,
                  "peak memory %d KiB for %d bytes of input, expected < 64 MiB"
                  % (r.maxrss_kib, total_bytes))
    checks.done("a single line of %d bytes, %d wheels, in %d KiB" %
                (total_bytes, n, r.maxrss_kib))

    # 10^6 digits of one number, as a file and in batch mode.
    path = os.path.join(tmp, "digits.txt")
    with open(path, "wb") as f:
        f.write(b"1 2\n" + b"7" * 10**6 + b" 5\n")
    r = run(shelf, ["-f", path])
    one_error_line(checks, r, ['shelf: %s: line 2, column 1: weight outside the '
                               '64-bit range, found "%s..."' % (path, "7" * 40)],
                   "-f FILE")
    r = run(shelf, ["--batch", "-f", path])
    checks.expect(r.status == 1 and r.out == b"1\n",
                  "batch: status %d, stdout %r, expected 1 and '1\\n'" %
                  (r.status, r.out))
    checks.done("a number of 10^6 digits on line 2")


# ==== Faults ====

def big_shelf_block():
    """1000 pseudo-random weights 1..8191, repeated to make a big shelf."""
    state = 12345
    block = []
    for _ in range(1000):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        block.append(state >> 33 & 0x1FFF or 1)
    return block


def write_big_shelf(path, wheels):
    """A shelf of big_shelf_block() repeated to `wheels` weights (a multiple
    of 1000), one line."""
    text = (" ".join(map(str, big_shelf_block())) + " ").encode()
    with open(path, "wb") as f:
        for _ in range(wheels // 1000):
            f.write(text)
        f.write(b"\n")


def fault_row(rows, what, args, r, after):
    """A row of the faults table: what was tried, the command, its exit
    status, standard error and what was left afterwards."""
    rows.append((what, args, r.status,
                 r.err.decode("utf-8", "replace").rstrip("\n"), after))


def limit_file_size(size):
    """A preexec_fn: `ulimit -f`, in bytes. SIGXFSZ is left at its default
    (subprocess restores it), so a program that does not handle it dies."""
    def pre():
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return pre


# Why a faults row could not be made, if one could not: the table is then
# neither written nor checked.
DOC_SKIPPED = ""


def sigterm_during_write(shelf, work, wrapper, checks, rows, leftovers):
    """SIGTERM to shelf while its picture's temporary file exists (issue 19,
    defect 5): the file is removed and shelf dies of SIGTERM."""
    import shutil
    import time
    strace = shutil.which("strace")
    global DOC_SKIPPED
    if wrapper:
        # Not a skip: the signal would reach the wrapper (strace holds its
        # writes too), and the unwrapped run of this file checks it.
        print("--svg under SIGTERM: left to the unwrapped run")
        return
    if strace is None:
        DOC_SKIPPED = "strace not found"
        print(skip_line("--svg under SIGTERM", DOC_SKIPPED))
        return
    with open(os.path.join(work, "term.svg"), "w") as f:
        f.write("the earlier picture\n")
    args = ["--svg", "term.svg", "3", "9", "1", "2"]
    proc = subprocess.Popen([strace, "-f", "-qq", "-o", "/dev/null", "-e", "trace=write",
                             "-e", "inject=write:delay_enter=5000000", shelf] + args,
                            cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + HANG_SECONDS
    while not leftovers() and proc.poll() is None and time.time() < deadline:
        time.sleep(0.01)
    during = leftovers()
    try:
        with open("/proc/%d/task/%d/children" % (proc.pid, proc.pid)) as f:
            child = int(f.read().split()[0])
    except (OSError, IndexError, ValueError):
        child = None
    if not during or child is None:
        proc.kill()
        proc.communicate()
        DOC_SKIPPED = "strace did not hold the write"
        print(skip_line("--svg under SIGTERM", DOC_SKIPPED))
        return
    os.kill(child, signal.SIGTERM)
    out, err = proc.communicate(timeout=HANG_SECONDS)
    with open(os.path.join(work, "term.svg")) as f:
        same = f.read() == "the earlier picture\n"
    left = leftovers()
    checks.expect(left == [] and same and proc.returncode == -signal.SIGTERM,
                  "status %d, left %r, term.svg unchanged %s" % (proc.returncode, left, same))
    r = Result(proc.returncode, out, err, 0)
    fault_row(rows, "SIGTERM during `--svg`'s write (held by strace)", args, r,
              "%s, %s" % ("the file unchanged" if same else "the file changed",
                          "no temporary file" if not left else "a temporary file left"))
    checks.done("SIGTERM while --svg writes: no temporary file left")


def files_group(shelf, tmp, wrapper, checks, rows):
    """Issue 12, defects 1, 2 and 4: shelf removes only what it created,
    acts on EFBIG rather than dying of SIGXFSZ, and shows names escaped."""
    work = os.path.join(tmp, "files")
    os.makedirs(work)

    def leftovers():
        return sorted(f for f in os.listdir(work) if f.startswith(".shelf-"))

    # A link to a device that takes no bytes: the write fails and the link
    # stays (before, remove() took the link away, as it took /dev/stdout).
    os.symlink("/dev/full", os.path.join(work, "link.svg"))
    args = ["--svg", "link.svg", "3", "9", "1", "2"]
    r = run(shelf, args, b"", wrapper, cwd=work)
    kept = os.path.islink(os.path.join(work, "link.svg"))
    checks.expect(r.status == 1 and r.out == b"" and
                  r.err == b"shelf: link.svg: No space left on device\n",
                  "status %d, stdout %r, stderr %r" % (r.status, r.out, r.err))
    checks.expect(kept, "link.svg was removed")
    fault_row(rows, "`--svg` into a symbolic link to `/dev/full`", args, r,
              "the link is still there" if kept else "the link is gone")
    checks.done("--svg into a link to /dev/full: the link stays")

    # The game, with a folder for standard input: a read error, not the end
    # of the input (it once said "Input ended" and exited 0).
    def folder_stdin():
        fd = os.open(work, os.O_RDONLY)
        os.dup2(fd, 0)
        os.close(fd)
    args = ["--interactive", "3", "9", "1", "2"]
    r = run(shelf, args, b"", wrapper, preexec_fn=folder_stdin, cwd=work)
    checks.expect(r.status == 1 and
                  r.err.endswith(b"shelf: standard input: Is a directory\n"),
                  "status %d, stderr %r" % (r.status, r.err))
    fault_row(rows, "the game, with a folder as standard input "
              "(`< folder`)", args, r, "")
    checks.done("--interactive with a folder as standard input: exit 1")

    # A device node of our own (root only: mknod), as in the issue.
    if os.geteuid() == 0 and hasattr(os, "mknod"):
        dev = os.path.join(work, "full")
        import stat
        os.mknod(dev, 0o600 | stat.S_IFCHR, os.makedev(1, 7))
        r = run(shelf, ["--svg", "./full", "3", "9", "1", "2"], b"", wrapper, cwd=work)
        checks.expect(r.status == 1 and r.err == b"shelf: ./full: No space left on "
                      b"device\n", "status %d, stderr %r" % (r.status, r.err))
        checks.expect(os.path.exists(dev) and stat.S_ISCHR(os.stat(dev).st_mode),
                      "the device node ./full was removed")
        if os.path.lexists(dev):
            os.remove(dev)
        checks.done("--svg into a device node made with mknod: the node stays")
    else:
        print("skip --svg into a device node (mknod needs root)")

    # A file-size limit: EFBIG, and no file left half-written; a file that
    # was there is left as it was, with its mode.
    picture = ["--random", "300", "--seed", "1"]
    old = os.path.join(work, "old.svg")
    with open(old, "w") as f:
        f.write("the earlier picture\n")
    os.chmod(old, 0o640)
    for name, what in (("new.svg", "`--svg` to a new file under `ulimit -f 1`"),
                       ("old.svg", "`--svg` over a file under `ulimit -f 1`")):
        args = ["--svg", name] + picture
        r = run(shelf, args, b"", wrapper, cwd=work, preexec_fn=limit_file_size(1024))
        checks.expect(r.status == 1 and r.out == b"" and
                      r.err == b"shelf: %s: File too large\n" % name.encode(),
                      "status %d, stdout %r, stderr %r" % (r.status, r.out, r.err))
        path = os.path.join(work, name)
        if name == "new.svg":
            left = os.path.exists(path)
            checks.expect(not left, "a truncated new.svg was left behind")
            after = "no file" if not left else "a truncated file"
        else:
            with open(path) as f:
                same = f.read() == "the earlier picture\n"
            checks.expect(same, "old.svg was changed")
            after = "the file unchanged" if same else "the file changed"
        checks.expect(leftovers() == [], "temporary files left: %r" % leftovers())
        fault_row(rows, what, args, r, after + ", no temporary file")
        checks.done("%s under a 1 KiB file-size limit" % name)
    r = run(shelf, ["--svg", "old.svg", "3", "9", "1", "2"], b"", wrapper, cwd=work)
    mode = os.stat(old).st_mode & 0o777
    with open(old) as f:
        drawn = f.read().startswith("<?xml")
    checks.expect(r.status == 0 and r.out == b"7\n" and drawn and mode == 0o640,
                  "status %d, stdout %r, picture %s, mode %o" % (r.status, r.out, drawn, mode))
    checks.expect(leftovers() == [], "temporary files left: %r" % leftovers())
    checks.done("--svg over a file of mode 640: replaced, mode kept")

    # Issue 19, defect 5: a link to a regular file, under the limit. The
    # link's target is replaced beside itself, so a failed write leaves it
    # as it was (before, it was opened in place and cut to 1 kB of SVG);
    # and a write that works replaces the target, and the link stays.
    precious = os.path.join(work, "precious.txt")
    with open(precious, "w") as f:
        f.write("words that took a long time to write\n" * 4000)
    os.symlink("precious.txt", os.path.join(work, "to-precious.svg"))
    args = ["--svg", "to-precious.svg"] + picture
    r = run(shelf, args, b"", wrapper, cwd=work, preexec_fn=limit_file_size(1024))
    checks.expect(r.status == 1 and r.out == b"" and
                  r.err == b"shelf: to-precious.svg: File too large\n",
                  "status %d, stdout %r, stderr %r" % (r.status, r.out, r.err))
    with open(precious) as f:
        same = f.read() == "words that took a long time to write\n" * 4000
    checks.expect(same, "precious.txt, the link's target, was changed")
    checks.expect(leftovers() == [], "temporary files left: %r" % leftovers())
    fault_row(rows, "`--svg` into a symbolic link to a 148 kB file under `ulimit -f 1`",
              args, r, ("the target unchanged" if same else "the target truncated") +
              ", no temporary file")
    checks.done("--svg into a link to a file under a 1 KiB limit: the target stays")
    r = run(shelf, ["--svg", "to-precious.svg", "3", "9", "1", "2"], b"", wrapper, cwd=work)
    with open(precious) as f:
        drawn = f.read().startswith("<?xml")
    link = os.path.islink(os.path.join(work, "to-precious.svg"))
    checks.expect(r.status == 0 and drawn and link and leftovers() == [],
                  "status %d, picture %s, link %s, left %r" % (r.status, drawn, link,
                                                               leftovers()))
    checks.done("--svg into a link to a file: the target replaced, the link kept")

    # A SIGTERM while the temporary file exists: it is removed, and shelf
    # dies of the signal as before. strace holds the picture's one write()
    # for seconds, so the signal comes while the file is there.
    sigterm_during_write(shelf, work, wrapper, checks, rows, leftovers)

    # Standard output into a file under the limit: a write error, not a
    # death by SIGXFSZ.
    args = ["--random", "100000", "--seed", "1"]
    with open(os.path.join(work, "list.txt"), "wb") as f:
        r = run(shelf, args, b"", wrapper, stdout=f, preexec_fn=limit_file_size(1024))
    checks.expect(r.status == 1 and r.err == b"shelf: write error: File too large\n",
                  "status %d, stderr %r" % (r.status, r.err))
    size = os.path.getsize(os.path.join(work, "list.txt"))
    checks.expect(size == 1024, "list.txt has %d bytes, expected the limit, 1024" % size)
    fault_row(rows, "standard output into a file under `ulimit -f 1`", args + [">", "list.txt"],
              r, "the first 1024 bytes of the list")
    checks.done("> a file under a 1 KiB file-size limit: a write error")

    # A folder where the picture should go: refused, the folder untouched.
    os.makedirs(os.path.join(work, "pictures"))
    args = ["--svg", "pictures", "1", "2"]
    r = run(shelf, args, b"", wrapper, cwd=work)
    checks.expect(r.status == 1 and r.err == b"shelf: pictures: Is a directory\n",
                  "status %d, stderr %r" % (r.status, r.err))
    checks.expect(os.path.isdir(os.path.join(work, "pictures")), "the folder is gone")
    fault_row(rows, "`--svg` into a folder", args, r, "the folder untouched")
    checks.done("--svg into a folder")

    # Names and values with a newline or an escape sequence: one line on
    # stderr, nothing that moves the cursor or colours the terminal.
    for what, args, status in [
            ("a file name with a newline", ["-f", "nope\nshelf: forged line"], 1),
            ("a file name with an escape sequence", ["-f", "\x1b[31mred"], 1),
            ("a picture's name with a newline", ["--svg", "no\n/x.svg", "1"], 1),
            ("an option value with an escape sequence", ["-a", "\x1b[2J", "1"], 2),
            ("an unknown option with a newline", ["--x\ny"], 2),
            ("reading a folder", ["-f", "pictures"], 1)]:
        r = run(shelf, args, b"", wrapper, cwd=work)
        err = r.err.decode("utf-8", "replace")
        first = err.split("\n")[0]
        checks.expect(r.status == status and "\x1b" not in err and
                      err.count("\n") == (2 if status == 2 else 1) and
                      first.startswith("shelf: ") and r.out == b"",
                      "%s: status %d, stderr %r" % (what, r.status, err))
        r.err = (first + "\n").encode()  # the table shows the error, not the hint
        fault_row(rows, what, args, r, "")
        checks.done("escaped in messages: %s" % what)


def faults_group(shelf, tmp, wrapper, checks, rows):
    big = os.path.join(tmp, "big.txt")
    write_big_shelf(big, 200_000)

    # A full disk: a message and a non-zero exit, however the output goes.
    for args in (["3", "9", "1", "2"], ["--moves", "-f", big],
                 ["--batch", "--json", "-f", big]):
        with open("/dev/full", "wb") as full:
            r = run(shelf, args, b"", wrapper, stdout=full)
        lines = r.err_lines()
        checks.expect(r.status != 0 and r.status > 0,
                      "exit status %d, expected a non-zero exit, no signal" % r.status)
        checks.expect(len(lines) == 1 and lines[0].startswith("shelf: ") and
                      "write error" in lines[0],
                      "stderr %r, expected one line 'shelf: write error: ...'" % r.err)
        fault_row(rows, "standard output on `/dev/full`",
                  [a if a != big else "big.txt" for a in args] + [">", "/dev/full"], r, "")
        checks.done("> /dev/full: shelf %s" % " ".join(a if a != big else "big.txt"
                                                      for a in args))

    # A reader that goes away (shelf --moves -f big.txt | head -1): quiet.
    # With SIGPIPE at its default the program dies of it, as cat would; with
    # SIGPIPE ignored it sees EPIPE and must still say nothing.
    for ignore in (False, True):
        pre = (lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN)) if ignore \
            else None
        r = run(shelf, ["--moves", "-f", big], b"", wrapper, preexec_fn=pre,
                read_limit=1)
        checks.expect(r.err == b"", "stderr %r, expected nothing" % r.err)
        checks.expect(r.status in (1, -signal.SIGPIPE, 128 + signal.SIGPIPE),
                      "exit status %d, expected SIGPIPE or 1" % r.status)
        checks.done("closed pipe (SIGPIPE %s): shelf --moves -f big.txt | head -1"
                    % ("ignored" if ignore else "default"))

    # Batch mode: a bad line stops the run; the lines before it are already
    # out, before the message (stdout and stderr into one pipe shows the
    # order).
    data = b"3 9 1 2\n7 2 9 4\n1 x\n5\n"
    r = run(shelf, ["--batch"], data, wrapper)
    checks.expect(r.status == 1, "exit status %d, expected 1" % r.status)
    checks.expect(r.out == b"7\n10\n", "stdout %r, expected the first two" % r.out)
    checks.expect(r.err == b'shelf: line 3, column 3: expected an integer, '
                  b'found "x"\n', "stderr %r" % r.err)
    r = run(shelf, ["--batch"], data, wrapper, stderr=subprocess.STDOUT)
    checks.expect(r.out == b'7\n10\nshelf: line 3, column 3: expected an '
                  b'integer, found "x"\n', "merged output %r: results first" % r.out)
    checks.done("batch: a bad line stops the run after the lines before it")

    # The same from a file, at the end of a long run (many output blocks).
    path = os.path.join(tmp, "many.txt")
    with open(path, "wb") as f:
        f.write(b"3 9 1 2\n" * 50_000 + b"[1, 2\n" + b"5\n")
    r = run(shelf, ["--batch", "-f", path], b"", wrapper, stderr=subprocess.STDOUT)
    checks.expect(r.status == 1, "exit status %d, expected 1" % r.status)
    checks.expect(r.out == b"7\n" * 50_000 + ("shelf: %s: line 50001, column 1: "
                                              "missing closing bracket, found "
                                              "\"[\"\n" % path).encode(),
                  "output ends %r" % r.out[-200:])
    checks.done("batch: a bad line after 50000 good ones")

    # --keep-going: each bad line reported, the good ones solved, status 1.
    data = (b"3 9 1 2\n1 x\n\xff\n7 2 9 4\n[1, 2\n1,,2\n5\n1\x002\n6")
    r = run(shelf, ["--batch", "--keep-going"], data, wrapper)
    checks.expect(r.status == 1, "exit status %d, expected 1" % r.status)
    checks.expect(r.out == b"7\n10\n5\n6\n", "stdout %r" % r.out)
    want_err = [
        'shelf: line 2, column 3: expected an integer, found "x"',
        'shelf: line 3, column 1: invalid UTF-8, found "\\xFF"',
        'shelf: line 5, column 1: missing closing bracket, found "["',
        'shelf: line 6, column 3: empty item, found ","',
        'shelf: line 8, column 2: control character, found "\\x00"']
    checks.expect(r.err_lines() == want_err, "stderr %r, expected %r" %
                  (r.err_lines(), want_err))
    checks.done("--keep-going: every bad line reported, the rest solved")

    r = run(shelf, ["--batch", "--keep-going", "--json"], data, wrapper)
    checks.expect(r.status == 1, "exit status %d, expected 1" % r.status)
    checks.expect(r.err == b"", "stderr %r, expected nothing" % r.err)
    try:
        objs = [json.loads(line) for line in r.out.decode().splitlines()]
    except ValueError as e:
        objs = []
        checks.expect(False, "not JSON lines: %r (%s)" % (r.out, e))
    errors = [(o.get("line"), o.get("column"), o.get("error")) for o in objs
              if "error" in o]
    margins = [o.get("margin") for o in objs if "margin" in o]
    checks.expect(errors == [(2, 3, "expected an integer"), (3, 1, "invalid UTF-8"),
                             (5, 1, "missing closing bracket"), (6, 3, "empty item"),
                             (8, 2, "control character")],
                  "error objects %r" % errors)
    checks.expect(margins == [7, 10, 5, 6], "margins %r" % margins)
    checks.expect(len(objs) == 9, "%d objects, expected one a line (9)" % len(objs))
    checks.done("--keep-going --json: an object with the line and error per bad line")

    # A bad line whose rest holds a lone CR: the line is skipped whole, so
    # it is reported once, and the next line is solved.
    r = run(shelf, ["--batch", "--keep-going"], b"x\r5\n7\n1 \r\n", wrapper)
    checks.expect(r.status == 1 and r.out == b"7\n1\n", "status %d, stdout %r" %
                  (r.status, r.out))
    checks.expect(r.err_lines() == ['shelf: line 1, column 1: expected an integer, '
                                    'found "x"'],
                  "stderr %r: one report for line 1, nothing from its skipped rest"
                  % r.err_lines())
    checks.done("--keep-going: the rest of a bad line is not looked at")

    # Many shelves in one run, each needing 128-bit arithmetic: the solver
    # is reset between lines and must not grow with the number of lines.
    line = b"9223372036854775807 -9223372036854775808 9223372036854775807\n"
    r = run(shelf, ["--batch"], line * 100, wrapper)
    want = solve([INT64_MAX, INT64_MIN, INT64_MAX])
    checks.expect(r.status == 0 and r.err == b"", "status %d, stderr %r" %
                  (r.status, r.err))
    checks.expect(r.out == (b"%d\n" % want) * 100,
                  "%d lines of output, expected 100 of %d" %
                  (r.out.count(b"\n"), want))
    checks.done("batch: 100 lines of 64-bit extremes")


# ==== Too little memory ====

def is_sanitized(shelf):
    if os.environ.get("SHELF_SANITIZED", "") not in ("", "0", "OFF"):
        return True
    try:
        with open(shelf, "rb") as f:
            return b"__asan_init" in f.read()
    except OSError:
        return False


def oom_group(shelf, tmp, checks):
    wheels = 12_000_000
    path = os.path.join(tmp, "huge.txt")
    write_big_shelf(path, wheels)

    def limit(mib):
        def pre():
            b = mib * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (b, b))
        return pre

    # --moves keeps every weight and the line: far more than 256 MiB here.
    r = run(shelf, ["--moves", "-f", path], preexec_fn=limit(256),
            hang=BIG_HANG_SECONDS)
    lines = r.err_lines()
    checks.expect(r.status == 1, "exit status %d, expected 1" % r.status)
    checks.expect(r.out == b"", "stdout has %d bytes: a half-finished result"
                  % len(r.out))
    checks.expect(len(lines) == 1 and lines[0].startswith("shelf: ") and
                  lines[0].endswith("out of memory"),
                  "stderr %r, expected one line ending 'out of memory'" % r.err[:300])
    checks.done("--moves on %d wheels under a 256 MiB address-space limit"
                % wheels)

    # Without a limit it works, so the limit was the only trouble. Then a
    # sweep of limits meets each allocation on the way failing in turn:
    # every run either gives the full answer or says "out of memory".
    full = run(shelf, ["--json", "--explain", "-f", path], hang=BIG_HANG_SECONDS)
    checks.expect(full.status == 0 and full.err == b"",
                  "unlimited: status %d, stderr %r" % (full.status, full.err[:200]))
    # The unlimited answer is the one the limited runs must repeat, so it is
    # checked against the reduction of tests/reference.py first.
    block = big_shelf_block()
    margin = reduce_margin(w for _ in range(wheels // 1000) for w in block)
    total = sum(block) * (wheels // 1000)
    want = {"n": wheels, "margin": margin, "first": (total + margin) // 2,
            "second": (total - margin) // 2}
    try:
        got = json.loads(full.out)
        got = {k: got.get(k) for k in want}
    except ValueError:
        got = full.out[:200]
    checks.expect(reduction_agrees() and got == want,
                  "unlimited: %r, expected %r" % (got, want))
    checks.done("--json --explain on %d wheels without a limit" % wheels)
    for mib in (8, 16, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768):
        r = run(shelf, ["--json", "--explain", "-f", path], preexec_fn=limit(mib),
                hang=BIG_HANG_SECONDS)
        if r.status == 0:
            checks.expect(r.out == full.out and r.err == b"",
                          "%d MiB: succeeded with different output" % mib)
        else:
            lines = r.err_lines()
            checks.expect(r.status == 1 and r.out == b"" and len(lines) == 1 and
                          lines[0].endswith("out of memory"),
                          "%d MiB: status %d, stdout %d bytes, stderr %r" %
                          (mib, r.status, len(r.out), r.err[:300]))
        checks.done("--json --explain under %d MiB: %s" %
                    (mib, "answered" if r.status == 0 else "out of memory"))

    # A plain run (two threads: one parses, one solves) of a strictly
    # decreasing shelf, whose solver keeps every wheel: the message names
    # the file and no line, the shelf being the whole file (issue 12; it
    # said "FILE: line 0").
    falling = os.path.join(tmp, "falling.txt")
    with open(falling, "wb") as f:
        for start in range(99_999_999, 93_999_999, -100_000):
            f.write(b" ".join(b"%d" % v for v in range(start, start - 100_000, -1)) + b" ")
    r = run(shelf, ["-f", falling], preexec_fn=limit(64), hang=BIG_HANG_SECONDS)
    checks.expect(r.status == 1 and r.out == b"" and
                  r.err == b"shelf: %s: out of memory\n" % falling.encode(),
                  "status %d, stdout %r, stderr %r" % (r.status, r.out[:100], r.err[:300]))
    checks.done("6 * 10^6 falling wheels from a file under 64 MiB: the file named")

    # Batch mode: the lines before the one that does not fit are answered.
    path2 = os.path.join(tmp, "batch.txt")
    with open(path2, "wb") as f:
        f.write(b"3 9 1 2\n")
    with open(path, "rb") as src, open(path2, "ab") as dst:
        while True:
            chunk = src.read(1 << 20)
            if not chunk:
                break
            dst.write(chunk)
    r = run(shelf, ["--batch", "--moves", "-f", path2], preexec_fn=limit(256),
            hang=BIG_HANG_SECONDS)
    lines = r.err_lines()
    checks.expect(r.status == 1 and r.out.startswith(b"7\nturn buyer end"),
                  "status %d, stdout starts %r" % (r.status, r.out[:60]))
    checks.expect(len(lines) == 1 and lines[0].endswith("out of memory"),
                  "stderr %r" % r.err[:300])
    checks.done("batch --moves: line 1 answered, line 2 out of memory")


# ==== Main ====

def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    shelf = os.path.abspath(args[0])
    groups, quick, every = [], False, 1
    i = 1
    while i < len(args):
        if args[i] == "--group" and i + 1 < len(args):
            groups.append(args[i + 1])
            i += 2
        elif args[i] == "--quick":
            quick = True
            i += 1
        elif args[i] == "--sample" and i + 1 < len(args) and args[i + 1].isdigit() \
                and int(args[i + 1]) > 0:
            every = int(args[i + 1])
            i += 2
        else:
            sys.exit("unknown argument %r\n%s" % (args[i], __doc__))
    known = ("grammar", "big", "faults", "oom")
    if not groups:
        groups = ["grammar", "big", "faults"]
    for g in groups:
        if g not in known:
            sys.exit("unknown group %r (use %s)" % (g, ", ".join(known)))
    if "oom" in groups and is_sanitized(shelf):
        what = "out-of-memory tests"
        why = "AddressSanitizer cannot run under an address-space limit"
        if groups == ["oom"]:
            skip(what, why)
        print(skip_line(what, why))
        groups.remove("oom")
    wrapper = shlex.split(os.environ.get("SHELF_WRAPPER", ""))
    sampled = sampler(every, "bad input")
    checks = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        rows, fault_rows = [], []
        if "grammar" in groups:
            rows = grammar_group(shelf, tmp, wrapper, quick, sampled, checks)
        if "big" in groups:
            big_group(shelf, tmp, checks)
        if "faults" in groups:
            faults_group(shelf, tmp, wrapper, checks, fault_rows)
            files_group(shelf, tmp, wrapper, checks, fault_rows)
        # The table needs both groups, unwrapped (valgrind adds lines).
        if "grammar" in groups and "faults" in groups and not quick and not wrapper \
                and every == 1:
            if DOC_SKIPPED:
                print(skip_line("docs/robustness.md check", DOC_SKIPPED))
            else:
                check_doc(rows, fault_rows, checks)
        if "oom" in groups:
            oom_group(shelf, tmp, checks)
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
