"""robustness_grammar.py - robustness_test.py's grammar group: every bad
input the grammar rejects, each of which must get exactly one line on
stderr (from standard input, and but for --quick also from a file and in
batch mode); the edges it accepts, each with the right margin; and batch
mode at the edges. The runs of the bad inputs become the rows of the first
table of docs/robustness.md (robustness_doc.py).
"""

import json
import os
import signal

from reference import margin as solve
from robustness_run import (HANG_SECONDS, INT64_MAX, INT64_MIN, one_error_line,
                            run)


# ==== Bad inputs ====

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


# ==== Accepted edges ====

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


# ==== The group ====

def grammar_group(shelf, tmp, wrapper, quick, sampled, checks):
    """Runs the group; returns the table's rows, (what it is, input, how the
    table shows a long input or None, the run on standard input)."""
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
