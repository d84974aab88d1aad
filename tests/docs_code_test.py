#!/usr/bin/env python3
"""docs_code_test.py - docs/architecture.md said against the code: every
function it names exists, and every fact's home is called where its table
says (and tests/README.md names every unit test).

    docs_code_test.py SOURCE_DIR

Seven checks:

  - every name of code the document gives in backticks (`shelf_replay`,
    `shelf__scan_plain`, `fast_push`, `REDUCE_PEAK`, `shelf_game_*`,
    `shelf.solve_file`) is a word of the sources (src/, include/, cli/,
    report/, mpi/, web/, python/, examples/); the section on `__int128`
    plans calls still to be built, and is left out of this check;
  - in "The library, file by file", each function a row names is in that
    row's files (found by name anywhere under src/), and each other name
    there too or in the public headers (a type, a macro);
  - in "Where each fact lives", each row's home calls (the names of its
    second column) are called by each caller its third column gives: a
    file named there in backticks (`report/report.c`, `web/wasm.c`), or a
    surface by its words ("the pictures", "Python"), as SURFACES lists
    them; a caller this test does not know fails it, so that a new row
    says where its caller is;
  - the calls that take a shelf_i128 by value, listed in the `__int128`
    section, are those the public headers declare;
  - "Everything above the header uses the public API and nothing else":
    no program includes a header of src/;
  - shelf.h's conventions list every public call that returns something
    other than a shelf_status (and say what it does with NULL): each
    SHELF_API and static inline function by its name, and the names of
    values that SHELF_ENUM_NAMES defines by the rule "each enum's
    shelf_<enum>_name()";
  - tests/README.md names every tests/test_*.c, so that each module's test
    is found where the README says.

Exit status 0 when all hold; otherwise one line per failure and exit 1.
"""

import fnmatch
import os
import re
import sys

SOURCE_DIRS = ("src", "include", "cli", "report", "mpi", "web", "python",
               "examples")
SOURCE_EXT = (".c", ".h", ".py", ".js")

# The surfaces the table names by words, as the files that hold their
# calls of the library (globs under SOURCE_DIR, searched at any depth, so
# that a file moved into a folder is still found).
SURFACES = {
    "the report": ["report/*.c"],
    "the pictures": ["src/**/svg*.c"],
    "the pictures' lead table": ["src/**/svg_table.c"],
    "the game": ["src/**/game.c"],
    "the game's first mistake": ["src/**/game.c"],
    "the page": ["web/*.c"],
    "the page's exercise": ["web/*.c"],
    "the page's reduction view": ["web/*.c"],
    "python": ["python/src/*.c"],
    "python's `game`": ["python/src/py_game.c"],
    "python's `parseerror`": ["python/src/*.c"],
    "`shelf.check`": ["python/src/*.c"],
    "`shelf.testing`": ["python/src/*.c"],
    "`shelf.solve_file`": ["python/src/*.c"],
    "`shelf check`": ["cli/check*.c"],
    "`shelf-mpi`": ["mpi/*.c"],
    "the command": ["cli/*.c"],
}


def sources(root):
    """Every source file under the source directories, as paths from
    root."""
    found = []
    for top in SOURCE_DIRS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if x not in ("tests", "node_modules")]
            found += [os.path.relpath(os.path.join(d, f), root)
                      for f in files if f.endswith(SOURCE_EXT)]
    return sorted(found)


def code_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith((".c", ".h", ".js")):
        text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    return text


def matching(files, pattern):
    """The files a glob names: `a/**/b` at any depth below a/."""
    if "**/" in pattern:
        head, tail = pattern.split("**/", 1)
        return [f for f in files if f.startswith(head) and
                fnmatch.fnmatch(os.path.basename(f), tail)]
    return [f for f in files if fnmatch.fnmatch(f, pattern)]


def by_name(files, name):
    """The files a backticked file name means: a path, or a bare name."""
    if "/" in name:
        return [f for f in files if f == name or f.startswith(name)]
    return [f for f in files if os.path.basename(f) == name]


def identifiers(cell):
    """The names of code in backticks in a piece of the document: C names
    with an underscore, `name()` or a wildcard (`shelf_game_*`)."""
    names = []
    for span in re.findall(r"`([^`]+)`", cell):
        span = span.strip()
        if span.endswith("()"):
            span = span[:-2]
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*\*?[A-Za-z0-9_]*", span) and \
                "_" in span:
            # A prefix (`shelf__`) stands for the names that start with it.
            names.append(span + "*" if span.endswith("_") else span)
        elif re.fullmatch(r"shelf\.[a-z_]+", span):
            names.append(span)
    return names


def name_pattern(name):
    """A regular expression for a name's use as a word; `*` any word
    characters."""
    if name.startswith("shelf."):
        name = name[len("shelf."):]
    return r"\b" + r"\w*".join(re.escape(p) for p in name.split("*")) + r"\b"


def split_top(cell):
    """A table cell's list, split at the commas outside parentheses."""
    parts, depth, word = [], 0, ""
    for ch in cell:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(word.strip())
            word = ""
        else:
            word += ch
    return parts + [word.strip()] if word.strip() else parts


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    root = argv[1]
    os.chdir(root)
    files = sources(".")
    files = [os.path.normpath(f) for f in files]
    code = {f: code_of(f) for f in files}
    everything = "\n".join(code.values())
    with open("docs/architecture.md", encoding="utf-8") as f:
        doc = f.read()
    failures = []

    # Every name of code exists, the plans of the __int128 section apart.
    planned = re.search(r"^### `__int128` in the API.*?(?=^## )", doc,
                        re.S | re.M)
    said = doc.replace(planned.group(0), "") if planned else doc
    said = re.sub(r"^```.*?^```", "", said, flags=re.S | re.M)  # figures
    for name in sorted(set(identifiers(said))):
        if not re.search(name_pattern(name), everything):
            failures.append("docs/architecture.md names `%s`, which no "
                            "source has" % name)

    # The library, file by file: each name a row gives is in its files.
    headers = "\n".join(code[f] for f in files
                        if f.startswith("include" + os.sep))
    table = re.search(r"^## The library, file by file\n(.*?)(?=^The judge)",
                      doc, re.S | re.M)
    if table is None:
        failures.append("no table \"The library, file by file\"")
    for row in table.group(1).splitlines() if table else []:
        if not row.startswith("| `"):
            continue
        cells = [c.strip() for c in
                 re.split(r"(?<!\\)\|", row.strip().strip("|"))]
        named = re.findall(r"`([^`]+\.[ch])`", cells[0])
        where = [f for n in named for f in by_name(files, os.path.join("src", n))
                 or by_name(files, n) if f.startswith("src" + os.sep)]
        if len(where) < len(named):
            failures.append("file by file: no such file in src/: %s" %
                            cells[0])
            continue
        text = "\n".join(code[f] for f in where)
        for name in identifiers(cells[1]):
            # A type or a macro of the public headers (`shelf_parse_error`)
            # may live there; a function lives in the row's files.
            public = not re.search(name_pattern(name) + r"\s*\(", headers) \
                and re.search(name_pattern(name), headers)
            if not public and not re.search(name_pattern(name), text):
                failures.append("file by file: %s names `%s`, which is not "
                                "in %s" % (cells[0], name, ", ".join(where)))

    # Each fact's home, called by each of its callers.
    table = re.search(r"^## Where each fact lives\n(.*?)(?=^## )", doc,
                      re.S | re.M).group(1)
    rows = [r for r in table.splitlines() if r.startswith("| ") and
            not r.startswith("| fact") and not r.startswith("| ---")]
    if not rows:
        failures.append("no rows in \"Where each fact lives\"")
    for row in rows:
        cells = [c.strip() for c in
                 re.split(r"(?<!\\)\|", row.strip().strip("|"))]
        if len(cells) != 3:
            failures.append("a row of three cells expected: %s" % row)
            continue
        fact, home, callers = cells
        calls = [n for n in identifiers(home) if n.lower().startswith("shelf")]
        if not calls:
            continue  # a home that is a file, a macro or a directory
        pattern = re.compile("|".join(name_pattern(n) for n in calls))
        for caller in split_top(callers):
            named = [n for n in re.findall(r"`([^`]+\.(?:c|h|js|py))`", caller)]
            if named:
                where = [f for n in named for f in by_name(files, n)]
            else:
                key = re.sub(r"\s*\(.*\)", "", caller).strip().lower()
                key = re.sub(r"`([^`]*)`", lambda m: "`%s`" % m.group(1), key)
                if key not in SURFACES:
                    failures.append("%s: a caller the test does not know: "
                                    "%r (add it to SURFACES)" % (fact, caller))
                    continue
                where = [f for g in SURFACES[key] for f in matching(files, g)]
            if not where:
                failures.append("%s: no file for the caller %r" %
                                (fact, caller))
            elif not any(pattern.search(code[f]) for f in where):
                failures.append("%s: %s does not call %s" %
                                (fact, caller, ", ".join(calls)))

    # The calls that take a shelf_i128 by value.
    byvalue = set()
    for f in files:
        if f.startswith("include" + os.sep):
            for m in re.finditer(r"SHELF_API[^;]*?\b(shelf_\w+)\s*\(([^)]*)\)",
                                 code[f], re.S):
                if re.search(r"(^|,)\s*(const\s+)?shelf_i128\s+\w+\s*(,|$)",
                             m.group(2)):
                    byvalue.add(m.group(1))
    listed = re.search(r"take one by value today,(.*?);", doc, re.S)
    if listed is None:
        failures.append("the __int128 section lists no calls by value")
    else:
        named = set(identifiers(listed.group(1)))
        for name in sorted(byvalue - named):
            failures.append("%s takes a shelf_i128 by value, and the "
                            "__int128 section does not say so" % name)
        for name in sorted(named - byvalue):
            failures.append("the __int128 section says %s takes a shelf_i128 "
                            "by value; its header does not" % name)

    # No program reaches below the header.
    for f in files:
        if f.split(os.sep)[0] in ("src", "include"):
            continue
        for m in re.finditer(r'#\s*include\s*"([^"]*)"', code[f]):
            if "src/" in m.group(1) or m.group(1) == "internal.h":
                failures.append("%s includes %s, a header of the library's "
                                "own" % (f, m.group(1)))

    # shelf.h's conventions name every call that returns no status.
    with open(os.path.join("include", "shelf.h"), encoding="utf-8") as f:
        shelf_h = f.read()
    conventions = shelf_h[shelf_h.index("Conventions that hold"):
                          shelf_h.index("Weights are int64_t")]
    for m in re.finditer(r"(?:SHELF_API|static inline)\s+([^;(]*?)\b"
                         r"(shelf_\w+)\s*\(", headers):
        if m.group(1).strip() != "shelf_status" and \
                m.group(2) + "()" not in conventions:
            failures.append("%s returns no shelf_status, and shelf.h's "
                            "conventions do not list it" % m.group(2))
    # Each enum's shelf_<enum>_name() (SHELF_ENUM_NAMES) by that rule.
    enums = re.findall(r"^SHELF_ENUM_NAMES\((\w+),", headers, re.M)
    if enums and "shelf_<enum>_name()" not in conventions:
        failures.append("%s_name() and the other names of values return no "
                        "shelf_status, and shelf.h's conventions do not say "
                        "\"each enum's shelf_<enum>_name()\"" % enums[0])

    # Each unit test in the README's tables.
    with open(os.path.join("tests", "README.md"), encoding="utf-8") as f:
        readme = f.read()
    for name in sorted(os.listdir("tests")):
        if re.fullmatch(r"test_\w+\.c", name) and "`%s`" % name not in readme:
            failures.append("tests/README.md does not name %s" % name)

    for line in failures:
        print(line)
    if failures:
        return 1
    print("docs/architecture.md and tests/README.md agree with the code")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
