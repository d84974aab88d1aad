#!/usr/bin/env python3
"""skipped.py - one format for the parts of `make test` that did not run,
and the summary of them that `make test` prints at its end.

A test that needs something this machine lacks (a tool, a library, a build
kind) prints one line `skipped: <what> (<why>)` and exits 77, which CTest
reports as "Not Run" when the test is registered with SKIP_RETURN_CODE 77.
A Python test calls skip(what, why); anything else prints the line itself.

    skipped.py --skip WHAT WHY
        prints the line and exits 77 (for a CTest test that stands in for
        one that cannot be registered here, e.g. when valgrind is missing);

    skipped.py LABEL=LOG [LABEL=LOG ...]
        reads each LOG (a CTest log such as build/Testing/Temporary/
        LastTest.log, or any file of such lines) and prints every skip line
        found, under "Skipped:", or "Skipped: nothing". A LOG that does not
        exist holds nothing. Exit status 0.
"""

import sys

PREFIX = "skipped: "
SKIP_STATUS = 77


def skip_line(what, why):
    return "%s%s (%s)" % (PREFIX, what, why)


def skip(what, why):
    """Reports the skip on standard output and exits with CTest's skip
    status; never returns."""
    print(skip_line(what, why), flush=True)
    sys.exit(SKIP_STATUS)


def found(path):
    """The skip lines in the file at path, each once, in order."""
    lines = []
    try:
        with open(path, errors="replace") as f:
            for line in f:
                line = line.strip()
                if line.startswith(PREFIX) and line not in lines:
                    lines.append(line)
    except FileNotFoundError:
        pass
    return lines


def summary(labelled_logs):
    out = []
    for label, path in labelled_logs:
        out += ["  %s: %s" % (label, line[len(PREFIX):])
                for line in found(path)]
    return "Skipped:\n" + "\n".join(out) if out else "Skipped: nothing"


def main(argv):
    if len(argv) == 4 and argv[1] == "--skip":
        skip(argv[2], argv[3])
    logs = [a.split("=", 1) for a in argv[1:]]
    if not logs or any(len(pair) != 2 for pair in logs):
        sys.stderr.write(__doc__)
        return 2
    print(summary(logs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
