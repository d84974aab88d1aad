"""robustness_doc.py - docs/robustness.md, rendered from robustness_test.py's
run: a table of the bad inputs (the rows of robustness_grammar.py), a table
of the faults (the rows of robustness_faults.py), and the hostile inputs of
the other surfaces, each checked by the test it names. check_doc() fails
when the file differs from what shelf does, or rewrites it under
SHELF_UPDATE_DOCS=1.
"""

import os
import shlex
import signal

DOC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                   "docs", "robustness.md")


def show(data, limit=60):
    """Bytes as readable text for the table."""
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
# test it names rather than by robustness_test.py; kept here so that the
# file has one writer.
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
