#!/usr/bin/env python3
"""readme_test.py - every example in the README runs as written, and shows
what the README says it shows.

    readme_test.py SHELF SOURCE_DIR

The README's examples are typed from the top of a clone after `make run`,
as `build/shelf ...`. This test runs them so, in a scratch directory that
looks like the clone (each top-level entry of SOURCE_DIR linked in, and a
build/ whose `shelf` is SHELF and whose other entries are those of SHELF's
own build directory), one after another, so that a file one example writes
is there for the next.

What is an example:

  - in a ```console block, each line `$ COMMAND`; the lines after it, up to
    the next `$ ` line or the end of the block, are its output. A line
    `...` there stands for any lines (none included). `$ echo $?` and the
    number after it give the status the command before it must exit with;
    without one, it must exit with 0;
  - in a ```sh block, each line starting with `build/shelf ` or `shelf `:
    run, and it must exit with 0; its output is not shown, so not checked.

A command runs under sh with standard input empty; its output is standard
output and standard error together, compared line by line with runs of
blanks made one and blanks at either end dropped (the command aligns its
columns on a terminal only).

Not run, since they set a machine up rather than use shelf: commands
starting with make, apt-get, pip, chromium or jupyter (`make run` and
`make test` are what build the program this test runs). An example that
needs a tool this machine lacks (mpirun, or build/shelf-mpi where CMake
found no MPI) is passed over; when every other example passed, the test
then says which with `skipped: ...` and exits 77.

The Python examples (```python blocks, doctests) of the pages that took
over the README's manual, docs/python.md and docs/judge.md, are run too,
with the module of SHELF's build (build/python): python/tests/test_docs.py
runs the README's own. Without that module they are passed over and named.

Exit status 0 when every example ran as shown; otherwise each failure is
reported with its README line, and the status is 1.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import skipped

NOT_RUN = ("make", "apt-get", "pip", "chromium", "jupyter")
# A tool an example needs, and how to tell whether it is here: where it
# is missing, the example is passed over and the test says so.
NEEDS = {
    "mpirun": lambda: shutil.which("mpirun") is not None,
    "build/shelf-mpi": lambda: os.path.exists(BUILD_MPI),
}
BUILD_MPI = ""  # set in main(): shelf-mpi beside SHELF, if it was built
FENCE = re.compile(r"^```(\w*)\s*$")


class Example:
    def __init__(self, line, command, output, status):
        self.line = line  # 1-based line of the README
        self.command = command
        self.output = output  # None: not shown
        self.status = status


def examples(text):
    """The examples of a Markdown text, in order."""
    out = []
    lang = None  # inside a block: its language
    block = []  # (line number, text) of the block's lines
    for number, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m and lang is None:
            lang, block = m.group(1), []
        elif line.startswith("```") and lang is not None:
            if lang == "console":
                out += console(block)
            elif lang == "sh":
                out += [Example(n, l.strip(), None, 0) for n, l in block
                        if l.startswith(("build/shelf ", "shelf "))]
            lang = None
        elif lang is not None:
            block.append((number, line))
    return out


def console(block):
    """The examples of one ```console block."""
    out = []
    for number, line in block:
        if line.startswith("$ "):
            command = line[2:].strip()
            if command == "echo $?" and out:
                out[-1].status = None  # the next output line is the status
                continue
            out.append(Example(number, command, [], 0))
        elif out and out[-1].status is None:
            out[-1].status = int(line.strip())
        elif out:
            out[-1].output.append(line)
    return out


# The docs pages whose Python examples are run here.
PYTHON_PAGES = ("docs/python.md", "docs/judge.md")
DOCTEST = """
import doctest, sys
import shelf
name, text = sys.argv[1], sys.stdin.read()
test = doctest.DocTestParser().get_doctest(
    text, dict(vars(shelf), shelf=shelf), name, name, 0)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
sys.exit(1 if runner.run(test).failed or not test.examples else 0)
"""


def python_examples(source, build, env):
    """Runs the Python examples of PYTHON_PAGES; returns (failures, missing)."""
    env = dict(env, PYTHONPATH=os.path.join(build, "python"))
    here = subprocess.run([sys.executable, "-c", "import shelf"], env=env,
                          capture_output=True)
    if here.returncode != 0:
        return [], ["the Python examples of %s (no Python module in %s)"
                    % (", ".join(PYTHON_PAGES), os.path.join(build, "python"))]
    failures = []
    for page in PYTHON_PAGES:
        with open(os.path.join(source, page), encoding="utf-8") as f:
            text = "".join(re.findall(r"```python\n(.*?)```", f.read(), re.S))
        p = subprocess.run([sys.executable, "-c", DOCTEST, page], env=env,
                           input=text.encode(), capture_output=True,
                           timeout=600)
        if p.returncode != 0:
            failures.append("%s: its Python examples fail:\n%s"
                            % (page, p.stdout.decode(errors="replace")))
    return failures, []


def squeeze(line):
    return " ".join(line.split())


def matches(shown, got):
    """Whether the lines got are the lines shown, where a shown `...` is any
    lines."""
    shown = [squeeze(l) for l in shown]
    got = [squeeze(l) for l in got]
    if not shown or shown[0] != "...":
        if not got or not shown or shown[0] != got[0]:
            return not shown and not got
        return matches(shown[1:], got[1:])
    rest = shown[1:]
    return any(matches(rest, got[i:]) for i in range(len(got) + 1))


def scratch(source, shelf):
    """A directory that looks like the clone after `make run`."""
    source = os.path.abspath(source)
    root = tempfile.mkdtemp(prefix="shelf-readme-")
    for name in os.listdir(source):
        if name == ".git" or name.startswith("build"):
            continue
        os.symlink(os.path.join(source, name), os.path.join(root, name))
    build = os.path.join(root, "build")
    os.mkdir(build)
    built = os.path.dirname(os.path.abspath(shelf))
    for name in os.listdir(built):
        if name != "shelf":
            os.symlink(os.path.join(built, name), os.path.join(build, name))
    os.symlink(os.path.abspath(shelf), os.path.join(build, "shelf"))
    return root


def main(argv):
    global BUILD_MPI
    if len(argv) != 3:
        sys.exit("usage: readme_test.py SHELF SOURCE_DIR")
    shelf, source = argv[1], argv[2]
    BUILD_MPI = os.path.join(os.path.dirname(os.path.abspath(shelf)),
                             "shelf-mpi")
    with open(os.path.join(source, "README.md"), encoding="utf-8") as f:
        found = examples(f.read())
    if not found:
        sys.exit("README.md: no examples found")
    root = scratch(source, shelf)
    env = dict(os.environ, NO_COLOR="1")
    if os.geteuid() == 0:  # Open MPI refuses root without these
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1",
                   OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    env["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
    failures, missing, ran = [], [], 0
    try:
        for ex in found:
            words = ex.command.split()
            if words[0] in NOT_RUN:
                continue
            lacking = [t for t, here in NEEDS.items()
                       if t in words and not here()]
            if lacking:
                missing.append("README.md:%d: %s (no %s)"
                               % (ex.line, ex.command, ", ".join(lacking)))
                continue
            p = subprocess.run(["sh", "-c", ex.command], cwd=root, env=env,
                               stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=300)
            ran += 1
            got = p.stdout.decode("utf-8", "replace").split("\n")
            if got and got[-1] == "":
                got.pop()
            why = []
            if p.returncode != ex.status:
                why.append("exit status %d, not %d"
                           % (p.returncode, ex.status))
            if ex.output is not None and not matches(ex.output, got):
                why.append("output differs")
            if why:
                failures.append("README.md:%d: %s: %s\n  shown:\n%s\n  got:\n%s"
                                % (ex.line, ex.command, "; ".join(why),
                                   "\n".join("    " + l for l in ex.output or []),
                                   "\n".join("    " + l for l in got)))
        more, lacking = python_examples(
            source, os.path.dirname(os.path.abspath(shelf)), env)
        failures += more
        missing += lacking
    finally:
        shutil.rmtree(root, ignore_errors=True)
    for f in failures:
        print(f)
    print("%d README examples and the Python examples of %d pages run, "
          "%d failed, %d passed over"
          % (ran, len(PYTHON_PAGES), len(failures), len(missing)))
    if failures:
        return 1
    if missing:
        skipped.skip("examples that need a missing tool",
                     "; ".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
