"""robustness_faults.py - robustness_test.py's faults group: faults around
the program. Standard output on a full disk, a reader that goes away,
batch mode stopping at a bad line, --keep-going in text and JSON; pictures
written into links, devices, folders and over files under a file-size
limit, and a SIGTERM during the write (nothing shelf did not create is
ever removed); file names and option values that hold newlines and escape
sequences. What each run did becomes a row of the faults table of
docs/robustness.md (robustness_doc.py).
"""

import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import time

from reference import margin as solve
from robustness_big import write_big_shelf
from robustness_run import HANG_SECONDS, INT64_MAX, INT64_MIN, Result, run
from skipped import skip_line


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
# neither written nor checked (robustness_test.py looks here).
DOC_SKIPPED = ""


# ==== Files: pictures, devices, folders, names ====

def sigterm_during_write(shelf, work, wrapper, checks, rows, leftovers):
    """SIGTERM to shelf while its picture's temporary file exists (issue 19,
    defect 5): the file is removed and shelf dies of SIGTERM."""
    strace = shutil.which("strace")
    global DOC_SKIPPED
    if wrapper:
        # Not a skip: the signal would reach the wrapper (strace holds its
        # writes too), and the unwrapped run of robustness_test.py checks it.
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


# ==== Output and batch mode ====

def faults_group(shelf, tmp, wrapper, checks, rows):
    """Standard output on a full disk and into a closed pipe; batch mode at
    a bad line (with and without --keep-going) and over many lines of
    64-bit extremes."""
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
