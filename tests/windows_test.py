#!/usr/bin/env python3
"""windows_test.py - what the Windows build of the command (shelf.exe, run
under wine by make test-windows) must do on its own system, beyond the
command-line tests (cli_test.py --windows) that every build passes:

- bytes in and out as they are: the answers end in "\\n", never "\\r\\n"
  (stdout, --json, --batch, --svg -), and a Ctrl-Z in the input is a byte
  the grammar refuses, not the end of the input (text mode would read
  "3 9" and answer 12);
- CRLF input, from a pipe and from a file, whole or --batch, --counted,
  --keep-going --json, with errors placed on the line and column;
- files, pipes and --threads: the same answer from a file read on one
  thread, on two, on every core, and from a pipe, against the reduction in
  reference.py;
- --svg FILE: a new file, and an existing file replaced (Windows' rename
  will not replace one; cli/save_windows.c moves it with MoveFileEx), the same
  bytes as --svg -, no temporary file left, a missing folder refused;
- the parts left out say so in one line, with exit status 2: --interactive
  and shelf check;
- a reader that goes away (head) gets no message, as on POSIX.

Usage: windows_test.py PATH/TO/shelf (a program or a script that runs
shelf.exe, such as the build's shelf-emulated).
"""

import os
import random
import subprocess
import sys
import tempfile

import reference

failures = []


def run(shelf, args, stdin=b"", env=None):
    proc = subprocess.run([shelf] + args, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=600,
                          env=dict(os.environ, **(env or {})))
    return proc.returncode, proc.stdout, proc.stderr


def expect(name, got, status, out, err=b""):
    want = (status, out, err)
    if got != want:
        failures.append("%s: got %r, expected %r" % (name, got, want))
        print("FAIL " + name)
    else:
        print("ok   " + name)


def check(name, ok, detail):
    if not ok:
        failures.append("%s: %s" % (name, detail))
    print(("ok   " if ok else "FAIL ") + name)


def bytes_as_they_are(shelf):
    expect("stdout ends in LF", run(shelf, ["3", "9", "1", "2"]), 0, b"7\n")
    expect("--json ends in LF", run(shelf, ["--json", "-4", "10", "-7"]), 0,
           b'{"n": 3, "margin": -21, "first": -11, "second": 10}\n')
    out = run(shelf, ["--moves", "3", "9", "1", "2"])[1]
    check("--moves, every line in LF", out.count(b"\n") > 4 and b"\r" not in out, out)
    expect("Ctrl-Z is a byte, not the end", run(shelf, [], b"3 9\x1a 1 2"), 1, b"",
           b'shelf: line 1, column 4: control character, found "\\x1A"\n')
    expect("messages end in LF", run(shelf, ["3", "x"]), 1, b"",
           b'shelf: argument 2: expected an integer, found "x"\n')


def reader_gone(shelf):
    """A reader that stops reading (head) gets no message: Windows says
    EINVAL where POSIX says EPIPE (report/out.c)."""
    proc = subprocess.Popen([shelf, "--random", "2000000", "--seed", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.read(20)
    proc.stdout.close()
    err = proc.stderr.read()
    status = proc.wait(timeout=600)
    expect("a reader that went away", (status, first, err), 1, b"[2466, 8520, 591, 23")


def crlf_input(shelf, tmp):
    expect("CRLF from a pipe", run(shelf, [], b"3 9\r\n1 2\r\n"), 0, b"7\n")
    path = os.path.join(tmp, "crlf.txt")
    with open(path, "wb") as f:
        f.write(b"3 9\r\n1 2\r\n")
    expect("CRLF from a file", run(shelf, ["-f", path]), 0, b"7\n")
    expect("CRLF --batch", run(shelf, ["--batch"], b"3 9 1 2\r\n7 2 9 4\r\n"), 0,
           b"7\n10\n")
    expect("CRLF --batch --counted",
           run(shelf, ["--batch", "--counted"], b"4\r\n3 9 1 2\r\n4\r\n7 2 9 4\r\n"),
           0, b"7\n10\n")
    expect("CRLF --counted", run(shelf, ["--counted"], b"4\r\n3 9\r\n1 2\r\n"), 0,
           b"7\n")
    expect("CRLF --batch, an error placed",
           run(shelf, ["--batch"], b"3 9 1 2\r\n7 x 9 4\r\n"), 1, b"7\n",
           b'shelf: line 2, column 3: expected an integer, found "x"\n')
    expect("CRLF --batch --keep-going --json",
           run(shelf, ["--batch", "--keep-going", "--json"],
               b"3 9 1 2\r\n7 x 9 4\r\n7 2 9 4\r\n"), 1,
           b'{"n": 4, "margin": 7, "first": 11, "second": 4}\n'
           b'{"line": 2, "column": 3, "error": "expected an integer", "found": "x"}\n'
           b'{"n": 4, "margin": 10, "first": 16, "second": 6}\n')


def files_pipes_threads(shelf, tmp):
    if not reference.reduction_agrees():
        failures.append("reference.py's reduction disagrees with its DP")
        return
    rng = random.Random(33)
    weights = [rng.randint(-10**12, 10**12) for _ in range(300000)]
    text = (" ".join(map(str, weights)) + "\r\n").encode()
    path = os.path.join(tmp, "big.txt")
    with open(path, "wb") as f:
        f.write(text)
    want = b"%d\n" % reference.reduce_margin(weights)
    for args in (["--threads", "1"], ["--threads", "2"], ["--threads", "4"], []):
        expect("a file, %s" % (" ".join(args) or "every core"),
               run(shelf, ["-f", path] + args), 0, want)
    expect("a pipe, --threads 2", run(shelf, ["--threads", "2"], text), 0, want)
    # Small pieces put the cuts between threads everywhere, and an error
    # past the first cut is still placed (SHELF_TEST_PIECE, cli/parallel.c).
    bad = text[:-2] + b" 12x\r\n"
    for source, args, stdin in (("a file", ["-f", path], b""),
                                ("a pipe", [], bad)):
        if source == "a file":
            with open(path, "wb") as f:
                f.write(bad)
        expect("%s on 2 threads in small pieces, an error at its end" % source,
               run(shelf, args + ["--threads", "2"], stdin,
                   env={"SHELF_TEST_PIECE": "4096"}), 1, b"",
               ("shelf: %sline 1, column %d: not an integer, found \"12x\"\n"
                % (path + ": " if source == "a file" else "", bad.index(b"12x") + 1))
               .encode())
    lines = [[rng.randint(0, 99) for _ in range(rng.randint(1, 30))] for _ in range(2000)]
    batch = "".join(" ".join(map(str, w)) + "\r\n" for w in lines).encode()
    want = "".join("%d\n" % reference.margin(w) for w in lines).encode()
    expect("--batch on 2 threads in small pieces",
           run(shelf, ["--batch", "--threads", "2"], batch,
               env={"SHELF_TEST_PIECE": "1024"}), 0, want)


def pictures(shelf, tmp):
    status, picture, err = run(shelf, ["--svg", "-", "3", "9", "1", "2"])
    expect("--svg - writes a picture", (status, picture[:5], err), 0, b"<?xml")
    check("--svg -, every line in LF", b"\r" not in picture, picture[:200])
    path = os.path.join(tmp, "game.svg")
    expect("--svg FILE, a new file", run(shelf, ["--svg", path, "3", "9", "1", "2"]), 0,
           b"7\n")
    with open(path, "rb") as f:
        check("--svg FILE, the bytes of --svg -", f.read() == picture, "they differ")
    status, other, _ = run(shelf, ["--svg", "-", "7", "2", "9", "4"])
    expect("--svg FILE, a file replaced", run(shelf, ["--svg", path, "7", "2", "9", "4"]),
           0, b"10\n")
    with open(path, "rb") as f:
        check("--svg FILE, the replaced file's bytes", f.read() == other, "they differ")
    check("--svg FILE, no temporary file left", os.listdir(tmp) == ["game.svg"],
          os.listdir(tmp))
    missing = os.path.join(tmp, "no", "x.svg")
    expect("--svg into a missing folder", run(shelf, ["--svg", missing, "3", "9"]), 1,
           b"", ("shelf: %s: No such file or directory\n" % missing).encode())


def left_out(shelf):
    expect("--interactive is left out", run(shelf, ["-i", "3", "9", "1", "2"]), 2, b"",
           b"shelf: --interactive is not available on Windows: the game needs a "
           b"POSIX terminal\n")
    expect("shelf check is left out", run(shelf, ["check", "prog.exe"]), 2, b"",
           b"shelf: shelf check is not available on Windows: the judge needs POSIX "
           b"process control (fork, process groups, resource limits)\n")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: windows_test.py PATH/TO/shelf")
    shelf = sys.argv[1]
    bytes_as_they_are(shelf)
    left_out(shelf)
    reader_gone(shelf)
    with tempfile.TemporaryDirectory() as tmp:
        crlf_input(shelf, tmp)
    with tempfile.TemporaryDirectory() as tmp:
        pictures(shelf, tmp)
    with tempfile.TemporaryDirectory() as tmp:
        files_pipes_threads(shelf, tmp)
    for f in failures:
        print(f)
    print("%d failed" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
