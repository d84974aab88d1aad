#!/usr/bin/env python3
"""named_files_test.py - every file that a comment or a document names
exists, so that a deleted or renamed file is not still sent for.

    named_files_test.py SOURCE_DIR

Looks in the comments of the C, Python and JavaScript sources and in every
Markdown file for two kinds of names:

  - paths under one of the project's directories (`src/pieces/read.c`,
    `tests/check/hostile/`, `web/tests/page_*.js`): the file, directory or
    glob must exist in SOURCE_DIR;
  - bare file names of the source languages (`read.c`, `skipped.py`): in
    a Markdown file, some file in the tree must have that name; in a
    source file, some file under the same top directory (cli/, python/...)
    or under the library's (src/, include/) or the tests' (tests/).

A name with a placeholder (`test_<module>.c`, `{name}.py`) stands for many
and is not looked up. CHANGELOG.md is history and names files that are gone
on purpose; what is built (build/...) is not in the tree. A name that is
not the project's own (another project's file, a file the user writes) is
listed in NOT_OURS with where it is used.

Exit status 0 when every name is found; otherwise one line per missing name,
FILE:LINE: NAME, and exit 1.
"""

import collections
import glob
import io
import os
import re
import sys
import tokenize

# The project's top-level directories; a path naming one of them is a path
# in this tree.
TOP = ("src", "cli", "include", "tests", "docs", "web", "mpi", "python",
       "report", "fuzz", "bench", "man", "examples", "cmake", ".ci")
PATH = re.compile(r"(?<![\w./-])(?:%s)/[\w.*/-]*"
                  % "|".join(re.escape(t) for t in TOP))
# A bare name: a word, a dot and one of the sources' extensions, not part of
# a path (no slash before it) nor of a longer word (shelf.h, not shelf.hpp).
BARE = re.compile(r"(?<![\w./<>{}*-])[A-Za-z_][\w-]*\.(?:c|h|py|js)(?![\w(])")
# What comes right after a name that makes it a template, not a file.
TEMPLATE = re.compile(r"^[<{$]")

SKIP_DIRS = {".git", "node_modules", "__pycache__", ".hypothesis"}
SKIP_FILES = {"CHANGELOG.md"}
# What the build and the benchmarks write, which is not in the tree.
GENERATED = ("bench/out",)
# Where a bare name in a source file is looked for, beside its own top
# directory: every part of the project names the library's files, and the
# tests, by their names alone.
SHARED = ("src", "include", "tests")
# Words that look like file names and are not.
WORDS = {"Node.js"}

# Names that are not files of this tree, and the file each is used in:
# (file relative to SOURCE_DIR, name).
NOT_OURS = {
    ("README.md", "greedy.py"),  # the user's solution that the judge fails
    ("web/inline.js", "shelf.js"),  # emscripten's output, in the build
    ("web/inline.js", "app.js"),  # web/page/*.js joined by build.sh
    ("web/page/base.js", "app.js"),  # the same joined file
    ("docs/benchmarks.md", "bench/measure"),  # built from bench/measure.c
}

C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def comments(path, text):
    """The comments of a source file (with their offsets), or the whole of
    a Markdown file."""
    if path.endswith(".md"):
        return [(0, text)]
    if path.endswith(".py"):
        return python_comments(text)
    return [(m.start(), m.group(0)) for m in C_COMMENT.finditer(text)]


def python_comments(text):
    """The comments and the docstrings (a string standing alone as a
    statement) of Python source; other strings are data."""
    starts = [0]
    for line in io.StringIO(text):
        starts.append(starts[-1] + len(line))
    out = []
    before = tokenize.NEWLINE
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            offset = starts[tok.start[0] - 1] + tok.start[1]
            if tok.type == tokenize.COMMENT:
                out.append((offset, tok.string))
            elif tok.type == tokenize.STRING and before in (
                    tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                out.append((offset, tok.string))
            if tok.type not in (tokenize.COMMENT, tokenize.NL):
                before = tok.type
    except (tokenize.TokenError, SyntaxError):
        pass
    return out


def walk(root):
    """(directory relative to root, its file names) for the tree's own
    directories: not the builds, the benchmarks' output or node's."""
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(
            d for d in dirnames
            if d not in SKIP_DIRS and not (rel == "." and d.startswith("build"))
            and not (rel == "bench" and d == "out"))
        yield rel, sorted(filenames)


def names(text):
    """(offset, name, is_path) for every name in a piece of text."""
    for m in PATH.finditer(text):
        if not TEMPLATE.match(text[m.end():m.end() + 1]):
            yield m.start(), m.group(0).rstrip(".-"), True
    for m in BARE.finditer(text):
        if not TEMPLATE.match(text[m.end():m.end() + 1]):
            yield m.start(), m.group(0), False


def exists(root, rel, name, is_path, basenames):
    if name.startswith(GENERATED):
        return True
    if not is_path:
        if rel.endswith(".md"):
            return name in basenames["."]
        top = rel.split("/")[0] if "/" in rel else "."
        return any(name in basenames[t] for t in (top,) + SHARED)
    if "*" in name:
        return bool(glob.glob(os.path.join(root, name)))
    return os.path.exists(os.path.join(root, name))


def missing(root):
    files = []
    # The names of the files under each top directory, and under "." all.
    basenames = collections.defaultdict(set)
    for rel, filenames in walk(root):
        top = rel.split(os.sep)[0]
        basenames[top].update(filenames)
        basenames["."].update(filenames)
        files += [os.path.normpath(os.path.join(rel, f)) for f in filenames
                  if f.endswith((".c", ".h", ".py", ".js", ".md"))
                  and f not in SKIP_FILES]
    found = []
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        for start, comment in comments(rel, text):
            for at, name, is_path in names(comment):
                if (rel, name) in NOT_OURS or name in WORDS:
                    continue
                if not exists(root, rel, name, is_path, basenames):
                    line = text.count("\n", 0, start + at) + 1
                    found.append("%s:%d: %s" % (rel, line, name))
    return found


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: named_files_test.py SOURCE_DIR\n")
        return 2
    gone = missing(argv[1])
    for line in gone:
        print(line)
    if gone:
        print("named_files: %d names of files that do not exist" % len(gone))
        return 1
    print("named_files: every file named in a comment or document exists")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
