#!/usr/bin/env python3
"""header_calls_test.py - keeps the claim of test_header.c (and of
test_null.c) true: it calls every function the public headers declare with
SHELF_API, and every static inline one they define (the names of values,
SHELF_ENUM_NAMES), so each is compiled as a user would call it, under the
strictest flags (and each call's NULLs are tried).

    header_calls_test.py INCLUDE_DIR C_FILE

Fails, naming them, if such a function is not called in the C file
(comments do not count), or if no SHELF_API function is found at all.
"""

import re
import sys

from exports_test import api_functions, inline_functions


def called(c_file):
    """The names followed by an opening parenthesis in c_file's code."""
    with open(c_file) as f:
        code = f.read()
    code = re.sub(r"/\*.*?\*/|//[^\n]*", " ", code, flags=re.S)
    return set(re.findall(r"\b(\w+)\s*\(", code))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    declared = api_functions(argv[1])
    if not declared:
        print("no SHELF_API declarations found in %s" % argv[1])
        return 1
    inline = inline_functions(argv[1])
    missing = sorted((declared | inline) - called(argv[2]))
    for name in missing:
        print("declared with SHELF_API (or static inline) but not called in"
              " %s: %s" % (argv[2], name))
    if missing:
        return 1
    print("all %d SHELF_API functions and the headers' %d static inline"
          " ones are called" % (len(declared), len(inline)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
