#!/usr/bin/env python3
"""enum_names_test.py - every enum's names are spelled once, in its list.

    enum_names_test.py ROOT

Each public enum is made from one list in its header (SHELF_<ENUM>_LIST:
X(NAME, value, "name", "words")), and every surface takes the names from
there: C through shelf_<enum>_name() and shelf_<enum>_from_name(), Python
through shelf._shelf._values, the page through web_named_*(). This test
reads the lists and fails on a hand copy of one in the code of the command,
the library, Python or the C side of the page:

- two or more names of one enum as string literals on one line (a table
  {"counted", "line", "list"}, a tuple ("left", "right"), a chain of
  comparisons);
- a name beside its own enumerator ({"linear", SHELF_ENGINE_LINEAR},
  [SHELF_MISTAKE_GREEDY] = "greedy", end == SHELF_LEFT ? "left"), a table
  of names written one entry a line;
- a C string comparison with a name (strcmp(arg, "greedy")), which
  shelf_<enum>_from_name() does;
- Python values numbered by hand: `_A, _B = 0, 1` or `... = range(8)`.

docs/ and the tests, which say and assert the names, are not read.
"""

import os
import re
import sys

# Where the code is; the lists themselves are in include/.
SCANNED = ["cli", "src", "report", "mpi", "python/src", "python/shelf", "web"]
CODE = (".c", ".h", ".py")


def name_lists(root):
    """{enum list: {name: its enumerator}}, from every public header."""
    lists = {}
    inc = os.path.join(root, "include")
    for f in sorted(os.listdir(inc)):
        if not f.endswith(".h"):
            continue
        with open(os.path.join(inc, f), encoding="utf-8") as h:
            text = h.read()
        for m in re.finditer(r"#define (SHELF_\w+_LIST)\(X\)(.*?)\n(?=\S)",
                             text, re.S):
            body = re.sub(r"/\*.*?\*/", " ", m.group(2), flags=re.S)
            names = {name: "SHELF_" + key for key, name in re.findall(
                r'X\((\w+),\s*\d+,\s*"([^"]*)"', body)}
            if names:
                lists[m.group(1)] = names
    return lists


def blank(match):
    """A comment or docstring as blank lines, keeping the line numbers."""
    return "\n" * match.group(0).count("\n")


def code_only(text, python):
    """The text without its comments and docstrings, which say the names in
    words as docs/ does."""
    if python:
        text = re.sub(r'"""(?:.|\n)*?"""', blank, text)
        return re.sub(r"#[^\n]*", "", text)
    text = re.sub(r"/\*(?:.|\n)*?\*/", blank, text)
    return re.sub(r"//[^\n]*", "", text)


def hits(path, text, lists):
    """(line number, what) for each hand copy in one file."""
    out = []
    python = path.endswith(".py")
    text = code_only(text, python)
    for k, line in enumerate(text.split("\n"), 1):
        literals = re.findall(r'"([^"\\]*)"' if not python
                              else r'"([^"\\]*)"|\'([^\'\\]*)\'', line)
        if python:
            literals = [a or b for a, b in literals]
        for name, names in lists.items():
            found = sorted(set(literals) & set(names))
            if len(found) >= 2:
                out.append((k, "%s's names %s" % (name, ", ".join(found))))
            for one in found:
                if re.search(r"\b%s\b" % names[one], line):
                    out.append((k, "%s's name %r beside %s"
                                % (name, one, names[one])))
        if not python:
            for m in re.finditer(r'strn?cmp\([^;]*?"([^"\\]*)"', line):
                for name, names in lists.items():
                    if m.group(1) in names:
                        out.append((k, "strcmp with %s's name %r"
                                    % (name, m.group(1))))
        else:
            if re.match(r"\s*_?[A-Z][A-Z0-9_]*(\s*,\s*_?[A-Z][A-Z0-9_]*)+\s*="
                        r"\s*(range\(\d+\)|\d+(\s*,\s*\d+)+)\s*$", line):
                out.append((k, "values numbered by hand"))
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    lists = name_lists(root)
    if len(lists) < 10:
        print("enum_names_test.py: found only %d name lists in include/"
              % len(lists))
        return 1
    failed = 0
    for top in SCANNED:
        base = os.path.join(root, top)
        for f in sorted(os.listdir(base)):
            path = os.path.join(base, f)
            if not f.endswith(CODE) or not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as h:
                text = h.read()
            for line, what in hits(path, text, lists):
                print("%s/%s:%d: %s spelled by hand; take them from the "
                      "list" % (top, f, line, what))
                failed += 1
    print("enum_names_test.py: %d lists, %d hand copies" % (len(lists),
                                                            failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
