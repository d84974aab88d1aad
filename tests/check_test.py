#!/usr/bin/env python3
"""check_test.py - `shelf check`, the judge, on solutions whose faults are
known (tests/check/solution.c, solution.cpp, solution.py): every right one
passes, every wrong one fails with its verdict and its mistake, and every
shrunk shelf in a report really fails when this test runs the program on
it itself, with the answer computed here from the rules (reference.py).

Usage: check_test.py SHELF SOLUTION_C ONE_SHORT [SOLUTION_CPP]

ONE_SHORT is tests/check/one_short.c built: a CSES solution in 64 bits
whose table is one column short, wrong only at 5000 wheels.

No timed assertions: the limits count CPU time, and the programs that must
time out are exponential (C on shelves of up to 300 wheels, Python on up to
40), so no machine finishes the largest tries within the limit.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from reference import margin

HERE = os.path.dirname(os.path.abspath(__file__))
SOLUTION_PY = os.path.join(HERE, "check", "solution.py")
FAILURES = []
SOLUTION_C_HOLDER = []  # the C solution's path, from the arguments


def fail(what):
    FAILURES.append(what)
    print("FAIL " + what)


# ==== The problems, as the tests see them ====

COUNTED = {"cses", "atcoder"}


def layout(problem, wheels):
    if problem in COUNTED:
        return "%d\n%s\n" % (len(wheels), " ".join(map(str, wheels)))
    return "[%s]\n" % ", ".join(map(str, wheels))


def expected(problem, wheels):
    m = margin(wheels)
    if problem == "cses":
        return str((sum(wheels) + m) // 2)
    if problem == "leetcode486":
        return "true" if m >= 0 else "false"
    return str(m)


def run_check(shelf, args, timeout=1200):
    return subprocess.run([shelf, "check"] + args, capture_output=True,
                          text=True, timeout=timeout)


def replay_cpu(program, problem, wheels, limit):
    """Whether the program, run here on the shelf, needs more than `limit`
    seconds of CPU: it runs under RLIMIT_CPU a little above the limit and
    its CPU time is read from wait4, so a slow or busy machine cannot make
    a fast program look slow. RLIMIT_CPU counts whole seconds, and stops
    the program at a clock tick past the cap: the first whole second
    strictly past the limit is enough to tell."""
    import math
    import resource

    def cap():
        s = math.floor(limit) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (s, s + 1))

    with tempfile.TemporaryFile() as stdin:
        stdin.write(layout(problem, wheels).encode())
        stdin.seek(0)
        p = subprocess.Popen(program, stdin=stdin, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, preexec_fn=cap)
        _, _, usage = os.wait4(p.pid, 0)
        p.returncode = 0
    return usage.ru_utime + usage.ru_stime >= limit


def replay(program, problem, wheels, timeout=60):
    """Runs the program on a shelf here; (status, stdout)."""
    p = subprocess.run(program, input=layout(problem, wheels),
                       capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout


# ==== One solution ====

def check_one(shelf, name, program, problem, verdict, mistake, extra=(),
              tries="40", same_each_run=True, sentinel=None):
    """shelf check on one solution; `verdict` None means it must pass, else
    a verdict name or a set of them. A program whose answer may change from
    run to run (same_each_run False) must still answer wrongly on the shelf
    reported, but not with the same number. `sentinel`: for sentinel-memo,
    the (value, quantity) the report must name."""
    args = ["--problem", problem, "--seed", "7", "--tries", tries,
            "--time-limit", "10", "--json"] + list(extra) + program
    p = run_check(shelf, args)
    try:
        report = json.loads(p.stdout)
    except ValueError:
        fail("%s: not one JSON object: %r %r" % (name, p.stdout, p.stderr))
        return
    if verdict is None:
        if p.returncode != 0 or not report["passed"] or report["failure"]:
            fail("%s: expected to pass, got %r" % (name, report))
        else:
            print("ok   %s passes (%d tries)" % (name, report["tried"]))
        return
    f = report["failure"]
    if p.returncode != 1 or report["passed"] or f is None:
        fail("%s: expected to fail, exit %d: %r" % (name, p.returncode, report))
        return
    allowed = verdict if isinstance(verdict, set) else {verdict}
    if f["verdict"] not in allowed:
        fail("%s: verdict %s, expected %s (%r)" % (name, f["verdict"],
                                                 "/".join(sorted(allowed)), f))
        return
    if f["mistake"] != mistake:
        fail("%s: mistake %r, expected %r (%r)" % (name, f["mistake"],
                                                   mistake, f))
        return
    if sentinel is not None and (f.get("sentinel"),
                                 f.get("sentinel_of")) != sentinel:
        fail("%s: sentinel %r of %r, expected %r" %
             (name, f.get("sentinel"), f.get("sentinel_of"), sentinel))
        return
    wheels = f["wheels"]
    want = expected(problem, wheels)
    shown = json.dumps(f["expected"])
    if shown != want:
        fail("%s: the report expects %s on %r, the rules say %s" %
             (name, shown, wheels, want))
        return
    # The shrunk shelf fails when run here, the same way.
    if f["verdict"] in ("wrong", "crash", "bad-output"):
        status, out = replay(program, problem, wheels)
        if f["verdict"] == "crash" and status == 0:
            fail("%s: %r does not crash when run here" % (name, wheels))
            return
        if f["verdict"] == "wrong":
            if status != 0 or out.strip().lower() == want:
                fail("%s: %r gives %r here, not a wrong answer (want %s)" %
                     (name, wheels, out, want))
                return
            if same_each_run and out.strip().lower() != json.dumps(f["got"]):
                fail("%s: %r gives %r here, the report says %r" %
                     (name, wheels, out, f["got"]))
                return
        if f["verdict"] == "bad-output" and out.strip() == want:
            fail("%s: %r prints just the answer here" % (name, wheels))
            return
    if f["verdict"] == "timeout" and len(wheels) <= 200 and \
            not replay_cpu(program, problem, wheels, report["time_limit"]):
        fail("%s: %r runs within %s s of CPU here" %
             (name, wheels, report["time_limit"]))
        return
    print("ok   %s fails: %s%s on %d wheels" %
          (name, f["verdict"], ", " + mistake if mistake else "",
           len(wheels)))


# ==== The tries themselves ====

def problem_cases_first(shelf):
    """The problem's seven cases come first, in the order of the data file,
    and the same --seed gives the same tries."""
    cases = []
    with open(os.path.join(HERE, "check", "problem_cases.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                wheels, answer = line.split("->")
                cases.append(([int(t) for t in wheels.split()], int(answer)))
    for wheels, answer in cases:
        if margin(wheels) != answer:
            fail("problem_cases.txt: %r -> %d, the rules say %d" %
                 (wheels, answer, margin(wheels)))
    runs = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as tmp:
            record = os.path.join(tmp, "record")
            env = dict(os.environ, SHELF_CHECK_RECORD=record)
            p = subprocess.run(
                # One job: the record is in the order the runs started.
                [shelf, "check", "--seed", "5", "--tries", "3", "--max-n",
                 "12", "--time-limit", "10", "--jobs", "1",
                 SOLUTION_C_HOLDER[0], "shelf", "record"],
                capture_output=True, text=True, env=env, timeout=600)
            if p.returncode != 0:
                fail("record: exit %d: %s %s" % (p.returncode, p.stdout,
                                                  p.stderr))
                return
            with open(record) as f:
                runs.append(f.read().splitlines())
    seen = runs[0]
    # Short shelves are run twice each, so each case appears twice in a row.
    firsts = [seen[k] for k in range(0, 2 * len(cases), 2)]
    want = ["[%s]" % ", ".join(map(str, w)) for w, _ in cases]
    if firsts != want:
        fail("the first tries are %r, not the problem's cases %r" %
             (firsts, want))
    elif runs[0] != runs[1]:
        fail("the same --seed gave different tries")
    elif any(len(json.loads(s)) > 12 for s in seen):
        fail("a try is longer than --max-n 12")
    else:
        print("ok   the problem's seven cases first, then %d more tries, the "
              "same twice" % (len(seen) // 2 - len(cases)))


def usage(shelf):
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "sol.py")
        with open(script, "w") as f:
            f.write("print(0)\n")
        os.chmod(script, 0o644)
        p = run_check(shelf, [script], timeout=60)
        if p.returncode != 2 or "not executable" not in p.stderr or \
                "python3 " + script not in p.stderr:
            fail("a script that is not executable: %d %r" %
                 (p.returncode, p.stderr))
        else:
            print("ok   a script that is not executable: run it with python3")
    for args, status, words in [
            (["--problem", "seed", "true"], 2,
             "the problem is called 'shelf' (--problem shelf); --seed is the "
             "random seed"),
            (["true", "--problem", "cses"], 2, "comes after the PROGRAM"),
            (["--wall-limit", "x", "true"], 2, "--wall-limit"),
            ([], 2, "name the PROGRAM"),
            (["--problem", "codeforces", "true"], 2, "unknown problem"),
            (["--time-limit", "0", "true"], 2, "--time-limit"),
            (["--range", "5..1", "true"], 2, "--range"),
            (["/nonexistent/solution"], 2, "cannot run"),
            (["--bogus", "true"], 2, "unknown option")]:
        p = run_check(shelf, args, timeout=60)
        # A usage error is its line and the pointer to --help, as shelf's
        # and shelf-mpi's are; a PROGRAM that cannot start, one line.
        lines = 1 if "cannot run" in words else 2
        if p.returncode != status or words not in p.stderr or \
                p.stderr.count("\n") != lines or (lines == 2 and not \
                p.stderr.endswith("\nTry 'shelf check --help' for more "
                                  "information.\n")):
            fail("shelf check %s: exit %d, stderr %r" %
                 (" ".join(args), p.returncode, p.stderr))
            continue
        print("ok   shelf check %s: exit %d" % (" ".join(args), status))
    p = run_check(shelf, ["--help"], timeout=60)
    if p.returncode != 0 or "Usage: shelf check" not in p.stdout:
        fail("shelf check --help: %d %r" % (p.returncode, p.stdout))
    # The words report: the shelf in the layout and as arguments.
    p = run_check(shelf, ["--problem", "shelf", "--seed", "1", "--tries",
                          "5", SOLUTION_C_HOLDER[0], "shelf", "greedy"])
    text = p.stdout
    for words in ["FAILED: wrong answer", "As shelf's arguments: shelf ",
                  "(one of the seven cases of docs/problem.md;",
                  "Mistake: greedy.", "The greedy trap: at turn"]:
        if words not in text:
            fail("the report lacks %r:\n%s" % (words, text))
            return
    print("ok   the report in words")
    # The same failure in JSON: the try's kind is "case".
    p = run_check(shelf, ["--problem", "shelf", "--seed", "1", "--tries",
                          "5", "--json", SOLUTION_C_HOLDER[0], "shelf",
                          "greedy"])
    try:
        f = json.loads(p.stdout)["failure"]
    except (ValueError, KeyError):
        f = None
    if not f or f.get("kind") != "case" or f.get("try_index") != 2:
        fail("greedy's failure on the problem's second case: %r" % p.stdout)
    else:
        print("ok   the problem's cases are of kind \"case\" in JSON")
    # A program checked in the wrong layout is told which one it reads.
    p = run_check(shelf, ["--seed", "1", "--tries", "0", SOLUTION_C_HOLDER[0],
                          "cses", "right"])
    if p.returncode != 1 or "Hint: given the count first" not in p.stdout:
        fail("a counted solution in the list layout: %r" % p.stdout)
    else:
        print("ok   a counted solution checked as a list gets the hint")
    # Standard error as it was written: quotes as they are, a NUL shown.
    noisy = [sys.executable, "-c", "import sys; sys.stderr.write("
             "'say \"hi\"\\x00there\\n'); sys.exit(3)"]
    p = run_check(shelf, ["--seed", "1", "--tries", "0"] + noisy)
    if 'say "hi"\\0there' not in p.stdout:
        fail("standard error quoted: %r" % p.stdout)
    else:
        print("ok   standard error shown as written")
    p = run_check(shelf, ["--seed", "1", "--tries", "0", "--json"] + noisy)
    f = json.loads(p.stdout)["failure"]
    if "shrunk_from" not in f or "original_wheels" in f:
        fail("JSON failure fields: %r" % sorted(f))


def random_files(shelf):
    """--random N --counted prints a count-first file; --random LO..HI
    varies n with the seed, and the same seed gives the same shelf."""
    p = subprocess.run([shelf, "--random", "5", "--seed", "1", "--counted"],
                       capture_output=True, text=True)
    lines = p.stdout.splitlines()
    listed = subprocess.run([shelf, "--random", "5", "--seed", "1"],
                            capture_output=True, text=True).stdout
    if p.returncode != 0 or len(lines) != 2 or lines[0] != "5" or \
            json.loads(listed) != [int(t) for t in lines[1].split()]:
        fail("--random 5 --counted: %r, listed %r" % (p.stdout, listed))
        return
    back = subprocess.run([shelf, "--counted"], input=p.stdout,
                          capture_output=True, text=True).stdout
    if back.strip() != str(margin(json.loads(listed))):
        fail("the counted file does not read back: %r" % back)
        return
    sizes = set()
    for seed in range(40):
        out = subprocess.run([shelf, "--random", "3..9", "--seed", str(seed)],
                             capture_output=True, text=True).stdout
        again = subprocess.run([shelf, "--random", "3..9", "--seed",
                                str(seed)], capture_output=True,
                               text=True).stdout
        if out != again:
            fail("--random 3..9 --seed %d differs between runs" % seed)
            return
        sizes.add(len(json.loads(out)))
    if not sizes <= set(range(3, 10)) or len(sizes) < 5:
        fail("--random 3..9 made shelves of %r wheels" % sorted(sizes))
        return
    p = subprocess.run([shelf, "--random", "9..3"], capture_output=True,
                       text=True)
    if p.returncode != 2 or "LO..HI" not in p.stderr:
        fail("--random 9..3: %d %r" % (p.returncode, p.stderr))
        return
    print("ok   --random N --counted and --random LO..HI")


def report_words(shelf, solution_c, solution_cpp):
    """The report in words says what a person needs for each verdict: the
    signal and the first lines of standard error for a crash, how the time
    grows for a time limit, what was printed for bad output."""
    # Which growth sentence comes depends on the times measured (a factor a
    # wheel, or a bound): only that there is one is checked. A quarter of a
    # second is ample for a C program to start, and each run that times out
    # costs the whole limit (see main).
    checks = [([solution_c, "shelf", "exponential"], ["--time-limit", "0.25"],
               ["FAILED: time limit", "Growth: ",
                "Mistake: exponential.", "it was stopped, with every "
                "process it started"]),
              ([solution_c, "cses", "crash"], ["--problem", "cses"],
               ["FAILED: crash", "was killed by signal 11 (Segmentation "
                "fault)", "As shelf's arguments: shelf 0 0 0"]),
              ([solution_c, "atcoder", "extra-words"], ["--problem",
                                                        "atcoder"],
               ["FAILED: bad output", "it printed:", "    The answer is 1\n"])]
    checks.append(([solution_c, "cses", "memo-zero"],
                   ["--problem", "cses", "--max-n", "300", "--time-limit",
                    "0.25"],
                   ["FAILED: time limit", "Mistake: zero-memo.",
                    "have a lead of 0", "As shelf's arguments: shelf 0 0 0"]))
    if solution_cpp:
        checks.append(([solution_cpp, "cses", "crash"], ["--problem", "cses"],
                       ["was killed by signal 6", "Standard error (its first "
                        "lines):", "std::out_of_range"]))
    for program, options, words in checks:
        p = run_check(shelf, options + ["--seed", "3", "--tries", "5"] +
                      program)
        missing = [w for w in words if w not in p.stdout]
        if p.returncode != 1 or missing:
            fail("%s: exit %d, missing %r in:\n%s" % (" ".join(program[1:]),
                                                      p.returncode, missing,
                                                      p.stdout))
        else:
            print("ok   the words of %s" % " ".join(program[1:]))


def words_audit(shelf, solution_c, one_short):
    """Each mistake named only when shown. A 64-bit program wrong only at the
    problem's largest n is named largest-n (after a shelf one wheel shorter
    passed), never overflow32; its failing input is saved as it reads it,
    and the report says how to run it. A right CSES program checked as
    AtCoder (which asks for the margin) gets no hint of another layout."""
    with tempfile.TemporaryDirectory() as tmp:
        saved = os.path.join(tmp, "failing input.txt")
        p = run_check(shelf, ["--problem", "cses", "--seed", "7", "--tries",
                              "0", "--save-input", saved, one_short])
        words = ["Mistake: largest-n.", "its first 4999 wheels alone pass",
                 "The failing input, as the program reads it, is in " + saved,
                 "to run the program on it: " + one_short + " < "]
        missing = [w for w in words if w not in p.stdout]
        if p.returncode != 1 or missing or "overflow" in p.stdout.lower():
            fail("one_short: exit %d, missing %r in:\n%s" %
                 (p.returncode, missing, p.stdout))
        else:
            with open(saved) as f:
                text = f.read()
            lines = text.splitlines()
            wheels = [int(t) for t in lines[1].split()]
            want = expected("cses", wheels)
            got = subprocess.run([one_short], input=text, capture_output=True,
                                 text=True, timeout=60).stdout.strip()
            shorter = subprocess.run(
                [one_short], input=layout("cses", wheels[:-1]),
                capture_output=True, text=True, timeout=60).stdout.strip()
            if lines[0] != "5000" or len(wheels) != 5000 or got == want or \
                    shorter != expected("cses", wheels[:-1]):
                fail("one_short's saved input: %s wheels, %r (want %s), "
                     "one shorter %r" % (lines[0], got, want, shorter))
            else:
                print("ok   one_short: largest-n, its input saved and wrong "
                      "when run here, one wheel shorter right")
    p = run_check(shelf, ["--problem", "atcoder", "--seed", "7", "--tries",
                          "5", solution_c, "cses", "right"])
    if p.returncode != 1 or "Hint:" in p.stdout or \
            "Mistake: wrong-quantity." not in p.stdout:
        fail("a CSES solution checked as AtCoder: %r" % p.stdout)
    else:
        print("ok   a CSES solution checked as AtCoder: wrong-quantity, no "
              "layout hint")


def stack_limits(shelf, solution_c):
    """The stack is the problem's judge's, not the shell's: a table in a
    stack array (long long dp[n][n], 32 MB at 2000 wheels) passes under the
    8 MB soft limit shells start with and under none alike; a stack too
    small for it (--stack 8), or recursion without end, is a crash named a
    stack overflow. `ulimit -S -s 8192` is the shell's usual state (soft
    8 MB, hard unlimited); `ulimit -s 8192` lowers the hard limit too, which
    no unprivileged judge can raise again (shelf check then says so)."""
    hard = subprocess.run(["bash", "-c", "ulimit -H -s"], capture_output=True,
                          text=True).stdout.strip()
    if hard != "unlimited" and int(hard) < 64 * 1024:
        print("skipped: the stack tests (the hard stack limit here is %s KB, "
              "below the 32 MB table's need)" % hard)
        return
    args = ["--problem", "cses", "--seed", "7", "--tries", "20", "--max-n",
            "2000", "--json", solution_c, "cses", "stack-table"]
    verdicts = []
    for ulimit in ("ulimit -S -s 8192", "ulimit -s unlimited"):
        p = subprocess.run(["bash", "-c", ulimit + ' && exec "$@"', "bash",
                            shelf, "check"] + args, capture_output=True,
                           text=True, timeout=1200)
        try:
            report = json.loads(p.stdout)
        except ValueError:
            fail("stack-table under %s: %r %r" % (ulimit, p.stdout, p.stderr))
            return
        verdicts.append((ulimit, p.returncode, report["passed"],
                         report["stack_limit"]))
    # CSES's stack is its 512 MB memory limit, of which a run gets 15/16.
    if any(v[1:] != (0, True, 480) for v in verdicts):
        fail("stack-table: not passed, under CSES's 480 MB stack, under each "
             "ulimit: %r" % verdicts)
    else:
        print("ok   a table on the stack passes whatever ulimit -s says")
    cases = [(["--stack", "8", "--max-n", "2000", solution_c, "cses",
               "stack-table"], "stack is too small for it"),
             (["--stack", "64", solution_c, "cses", "recurse"],
              "the whole of its 64 MB stack")]
    for options, words in cases:
        p = run_check(shelf, ["--problem", "cses", "--seed", "7", "--tries",
                              "20", "--json"] + options)
        try:
            f = json.loads(p.stdout)["failure"]
        except (ValueError, KeyError):
            fail("%s: %r" % (options[-1], p.stdout))
            continue
        if p.returncode != 1 or f is None or f["verdict"] != "crash" or \
                not f["stack_overflow"]:
            fail("%s: not a crash named a stack overflow: %r" %
                 (options[-1], f))
            continue
        p = run_check(shelf, ["--problem", "cses", "--seed", "7", "--tries",
                              "20"] + options)
        if "a stack overflow; " not in p.stdout or words not in p.stdout:
            fail("%s: the words miss %r:\n%s" % (options[-1], words,
                                                  p.stdout))
        else:
            print("ok   %s: a crash named a stack overflow" % options[-1])


def python_pypy(shelf):
    """A right Python program out of time: the report says every earlier
    try was right, and runs the same shelf under pypy3 where it is
    installed (what it saw, whichever way it went: no timed assertion), or
    says that pypy3 is not there to try ($SHELF_CHECK_PYPY empty). 3000
    wheels take CPython seconds (4.5 million cells), 12 times the limit."""
    args = ["check", "--problem", "cses", "--seed", "7", "--tries", "0",
            "--max-n", "3000", "--time-limit", "0.25", sys.executable,
            SOLUTION_PY, "cses", "right"]
    p = subprocess.run([shelf] + args, capture_output=True, text=True,
                       timeout=1200, env=dict(os.environ, SHELF_CHECK_PYPY=""))
    if p.returncode != 1 or "FAILED: time limit" not in p.stdout or \
            "earlier tries were right" not in p.stdout or \
            "pypy3 is not installed here" not in p.stdout:
        fail("python right, out of time, no pypy3: %d\n%s" % (p.returncode,
                                                              p.stdout))
    else:
        print("ok   python right, out of time: its earlier tries were right")
    pypy = shutil.which("pypy3")
    if pypy is None:
        print("skipped: python under pypy3 (pypy3 not installed; .ci/run "
              "installs it)")
        return
    # Each run is judged on its own: PyPy's time may fall either side of
    # the limit from one run to the next.
    p = subprocess.run([shelf] + args[:1] + ["--json"] + args[1:],
                       capture_output=True, text=True, timeout=1200)
    try:
        f = json.loads(p.stdout)["failure"]
    except (ValueError, KeyError):
        fail("python under pypy3: %r %r" % (p.stdout, p.stderr))
        return
    if f is None or f["verdict"] != "timeout" or f["pypy"] is None or \
            f["pypy"]["verdict"] not in ("ok", "timeout"):
        fail("python under pypy3: not run, or neither right nor slow: %r" %
             (f and f.get("pypy"),))
        return
    p = subprocess.run([shelf] + args, capture_output=True, text=True,
                       timeout=1200)
    said = [w for w in ("with the right answer", "ran out of time too")
            if "Under pypy3" in p.stdout and w in p.stdout]
    if p.returncode != 1 or len(said) != 1:
        fail("python under pypy3: the words say %r:\n%s" % (said, p.stdout))
    else:
        print("ok   python under pypy3: %s" % said[0])


def algolab_files(shelf, solution_c):
    """A problem of several cases a file (AlgoLab's Burning Coins: up to 30
    of 2500 coins, one limit a file): each try is a file of one case, then
    full files. A right program passes; one that is right and in time on
    each case alone but does 128 times the work (0.18 s a case here, some
    5 s a file) runs out of time on a full file; one that keeps the sum
    from case to case is wrong on case 2, and right on it alone."""
    base = ["--problem", "algolab", "--seed", "7", "--tries", "10"]
    p = run_check(shelf, base + [solution_c, "algolab", "right"])
    if p.returncode != 0 or "2 full files of 30 cases" not in p.stdout:
        fail("algolab right: exit %d:\n%s" % (p.returncode, p.stdout))
    else:
        print("ok   algolab right passes, full files too")
    for how, verdict, case, alone in (("slow-file", "timeout", 1, "ok"),
                                      ("stale", "wrong", 2, "ok")):
        p = run_check(shelf, base + ["--json", solution_c, "algolab", how])
        try:
            report = json.loads(p.stdout)
            f = report["failure"]
        except (ValueError, KeyError):
            fail("algolab %s: %r %r" % (how, p.stdout, p.stderr))
            continue
        got = f and (f.get("kind"), f["verdict"], f["cases"], f["n"],
                     f["case"], f["alone"], len(f["wheels"]))
        if p.returncode != 1 or report["passed"] or \
                got != ("file", verdict, 30, 2500, case, alone, 2500):
            fail("algolab %s: exit %d, %r" % (how, p.returncode, got))
            continue
        # The isolated case, run here alone as a file of one case, gets the
        # right answer, as the report says (computed here from the rules).
        wheels = f["wheels"]
        text = "1\n" + layout("cses", wheels)
        out = subprocess.run([solution_c, "algolab", how], input=text,
                             capture_output=True, text=True,
                             timeout=600).stdout.strip()
        if out != expected("cses", wheels) or \
                json.dumps(f["expected"]) != out:
            fail("algolab %s: case %d alone gives %r here, the rules %s" %
                 (how, case, out, expected("cses", wheels)))
        else:
            print("ok   algolab %s fails on a full file: %s, case %d" %
                  (how, verdict, case))


def facts(shelf, args):
    """What a check reports of a program, from its JSON: the same for every
    --jobs."""
    p = run_check(shelf, ["--json"] + args)
    try:
        d = json.loads(p.stdout)
    except ValueError:
        return ("no JSON", p.returncode, p.stderr[-300:])
    f = d.get("failure") or {}
    return (p.returncode, d["passed"], d["tried"], d["planned"],
            d["skipped"], f.get("try"), f.get("verdict"), f.get("mistake"),
            f.get("wheels"), f.get("shrunk_from"), d["cut_tries"])


def jobs_budget_quiet(shelf, solution_c):
    """--jobs: runs side by side give the verdict, the try and the shelf of
    one run at a time; --budget cuts the random tries, --tries alone does
    not; the progress line shows on a terminal only, and not with
    --quiet."""
    cases = [(["--problem", "cses", "--seed", "5", "--tries", "40"],
              [solution_c, "cses", how])
             for how in ("right", "greedy", "crash", "overflow32")]
    cases.append((["--problem", "shelf", "--seed", "5", "--tries", "5",
                   "--time-limit", "0.25"],
                  [solution_c, "shelf", "exponential"]))
    for options, program in cases:
        one = facts(shelf, options + ["--jobs", "1"] + program)
        two = facts(shelf, options + ["--jobs", "2"] + program)
        if one != two or one[0] not in (0, 1):
            fail("--jobs 1 and --jobs 2 differ on %s:\n%r\n%r" %
                 (program[-1], one, two))
        else:
            print("ok   --jobs 1 and --jobs 2 agree on %s (%s)" %
                  (program[-1], one[6] or "passed"))
    base = ["--problem", "cses", "--seed", "5"]
    right = [solution_c, "cses", "right"]
    whole = facts(shelf, base + ["--tries", "40"] + right)
    # 1 ms of CPU is spent by the fixed tries on any machine: the least is
    # left, 12 random tries.
    cut = facts(shelf, base + ["--tries", "40", "--budget", "0.001"] + right)
    if whole[0] != 0 or cut[0] != 0 or whole[3] - cut[3] != 40 - 12 or \
            whole[10] != 0 or cut[10] != 40 - 12:
        fail("--budget: planned %r with --tries 40, %r with --budget "
             "0.001" % (whole, cut))
    else:
        print("ok   --budget cuts the random tries; --tries alone does not")
    p = run_check(shelf, ["--budget", "x", "true"], timeout=60)
    if p.returncode != 2 or "--budget" not in p.stderr:
        fail("--budget x: %d %r" % (p.returncode, p.stderr))
    p = run_check(shelf, ["--jobs", "0", "true"], timeout=60)
    if p.returncode != 2 or "--jobs" not in p.stderr:
        fail("--jobs 0: %d %r" % (p.returncode, p.stderr))
    # The progress line: on a terminal (standard error a pty), not in a
    # pipe, and not with --quiet.
    import pty
    args = base + ["--tries", "10"] + right
    for quiet in (False, True):
        master, slave = pty.openpty()
        p = subprocess.Popen([shelf, "check"] + (["--quiet"] if quiet else [])
                             + args, stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
        shown = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the pty's last holder is gone
                break
            if not chunk:
                break
            shown += chunk
        p.communicate(timeout=600)
        os.close(master)
        line = b"shelf check: try " in shown and b" wheels, " in shown and \
            b"all right so far" in shown
        if quiet == line or p.returncode != 0:
            fail("the progress line %s: %r" %
                 ("with --quiet" if quiet else "on a terminal", shown[-300:]))
        else:
            print("ok   the progress line %s" %
                  ("left out with --quiet" if quiet else "on a terminal"))
    p = run_check(shelf, args)
    if p.returncode != 0 or p.stderr != "":
        fail("a check whose standard error is a pipe wrote %r" % p.stderr)
    else:
        print("ok   no progress line when standard error is not a terminal")


def main():
    shelf, solution_c, one_short = sys.argv[1], sys.argv[2], sys.argv[3]
    SOLUTION_C_HOLDER.append(solution_c)
    solution_cpp = sys.argv[4] if len(sys.argv) > 4 else None
    py = [sys.executable, SOLUTION_PY]
    usage(shelf)
    jobs_budget_quiet(shelf, solution_c)
    report_words(shelf, solution_c, solution_cpp)
    words_audit(shelf, solution_c, one_short)
    stack_limits(shelf, solution_c)
    python_pypy(shelf)
    algolab_files(shelf, solution_c)
    random_files(shelf)
    problem_cases_first(shelf)
    langs = [("c", [solution_c])]
    if solution_cpp:
        langs.append(("c++", [solution_cpp]))
    else:
        print("skipped: the C++ solutions (no C++ compiler)")
    for lang, prog in langs:
        for problem in ("cses", "atcoder", "leetcode486", "shelf"):
            check_one(shelf, "%s right %s" % (lang, problem),
                      prog + [problem, "right"], problem, None, None)
        for how in ("greedy", "added", "left-index", "wrong-quantity",
                    "overflow32"):
            problem = "cses" if lang == "c" else "atcoder"
            check_one(shelf, "%s %s %s" % (lang, how, problem),
                      prog + [problem, how], problem, "wrong", how)
        check_one(shelf, "%s strict-tie" % lang,
                  prog + ["leetcode486", "strict-tie"], "leetcode486",
                  "wrong", "strict-tie")
        check_one(shelf, "%s crash" % lang, prog + ["cses", "crash"], "cses",
                  "crash", None)
        check_one(shelf, "%s extra-words" % lang,
                  prog + ["atcoder", "extra-words"], "atcoder", "bad-output",
                  None)
    # A timeout costs the judge about 20 times its limit in CPU (each run out
    # of time spends the whole limit, and the second chance, the shrink and
    # the zero-memo probe run several), and its verdict does not depend on
    # the language: once in C, with a quarter of a second (a C program starts
    # in a millisecond), and once in Python below. The mistake is named when
    # a shelf half as long as the slow one ran in an eighth of the limit, so
    # Python, whose 16 wheels take tens of milliseconds, keeps 1 s, on
    # shelves of at most 40 wheels so that its shrink starts short.
    check_one(shelf, "c exponential", [solution_c, "shelf", "exponential"],
              "shelf", "timeout", "exponential",
              extra=["--time-limit", "0.25"], tries="5")
    check_one(shelf, "c uninit", [solution_c, "shelf", "uninit"], "shelf",
              {"wrong", "unstable", "crash"}, None, same_each_run=False)
    check_one(shelf, "c memo-zero", [solution_c, "cses", "memo-zero"], "cses",
              "timeout", "zero-memo",
              extra=["--max-n", "300", "--time-limit", "0.25"], tries="0")
    # As the published CSES solutions: a memo of the mover's total with -1
    # for "not computed", which CSES's weights (-10^9..10^9) let a block
    # have: the judge's sentinel shelf finds it, and names the value.
    check_one(shelf, "c memo-minus-one", [solution_c, "cses",
                                          "memo-minus-one"], "cses",
              "timeout", "sentinel-memo",
              extra=["--max-n", "300", "--time-limit", "0.25"], tries="0",
              sentinel=(-1, "total"))
    check_one(shelf, "c table, memory", [solution_c, "cses", "table"], "cses",
              "memory", None, extra=["--memory-limit", "64"], tries="0")
    # A Python program: the judge runs an interpreter as it runs any
    # program, and the mistakes are named from the answers alone, which the
    # C and C++ solutions above cover one by one. So here: a right one, a
    # wrong one, and what only Python does (a traceback, output not text,
    # an interpreter's time). Python starts slowly, so fewer tries.
    check_one(shelf, "python right shelf", py + ["shelf", "right"], "shelf",
              None, None, tries="5")
    check_one(shelf, "python greedy shelf", py + ["shelf", "greedy"], "shelf",
              "wrong", "greedy", tries="5")
    check_one(shelf, "python crash", py + ["shelf", "crash"], "shelf",
              "crash", None, tries="5")
    check_one(shelf, "python extra-words", py + ["shelf", "extra-words"],
              "shelf", "bad-output", None, tries="5")
    # Output that is not text: the JSON report stays valid (run_check decodes
    # it as UTF-8) and keeps every byte, the NUL escaped, the bad byte as
    # U+FFFD.
    p = run_check(shelf, ["--seed", "7", "--tries", "0", "--json"] + py +
                  ["shelf", "binary"])
    try:
        f = json.loads(p.stdout)["failure"]
        want = "%d\u0000\ufffd\n" % margin(f["wheels"])
        if f["verdict"] != "bad-output" or f["output"] != want:
            fail("binary output: %s, output %r, not %r" %
                 (f["verdict"], f["output"], want))
        else:
            print("ok   binary output kept whole in valid JSON")
    except (ValueError, KeyError, TypeError) as e:
        fail("binary output: %s in %r" % (e, p.stdout[:200]))
    check_one(shelf, "python exponential", py + ["shelf", "exponential"],
              "shelf", "timeout", "exponential",
              extra=["--time-limit", "1", "--max-n", "40"], tries="3")
    print("%d failed" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
