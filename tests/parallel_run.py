"""parallel_run.py - how the parts of parallel_test.py run `shelf` and
judge what it prints: the binary under test, cut into pieces of a chosen
size (the test aid SHELF_TEST_PIECE), reading a file or a pipe; one
thread's output to compare with; the checks that failed; and which cases
run under the sanitizers."""

import os
import subprocess

import leak_check

SHELF = None  # the binary under test, set by parallel_test.py
FAILED = []  # what each failed check says; parallel_test.py counts them
# Under ASan and UBSan a run of shelf costs 20 ms of CPU, 65 ms where
# LeakSanitizer looks at it as it exits (one run in four, leak_check.py):
# five to fifteen times as much as in the optimised build, nearly all of it
# the sanitizers' start and exit; and what they look for (memory errors,
# undefined behaviour) shows on one case of a kind as well as on all of
# them. There, each loop that starts a process a case still meets every
# kind of text, every set of options and every source (file, pipe) it
# lists, but not every combination of them with each other and with the
# piece sizes and cuts: sampled() takes one case in SAMPLE of each list,
# and at least one, and the randomized comparison one text in SAMPLE.
# (Taking one case in ten, the test cost 93 s of CPU there, 40 s of it on
# errors at every cut; 24 s with every run leak-checked, 15 s with one in
# four.) The optimised build takes all.
SAMPLE = 60 if os.environ.get("SHELF_SANITIZED") else 1
SEED = int(os.environ.get("SHELF_TEST_SEED", "0"))

_SAMPLED = [SEED]


def sampled(cases):
    """Every SAMPLE-th of the cases (all of them outside a sanitizer), and
    at least one, from an offset that moves on by one at each call and
    starts at SHELF_TEST_SEED, so that another seed samples another part.
    A loop calling this on lists shorter than SAMPLE takes their cases in
    turn: as many calls in a row as a list is long meet all of it. (The
    sampler of tests/sampling.py keeps one place for the whole run, so it
    would take the same piece size and source at every call of a loop.)"""
    cases = list(cases)
    _SAMPLED[0] += 1
    return cases[_SAMPLED[0] % min(SAMPLE, len(cases))::SAMPLE]


def check(ok, what):
    if not ok:
        FAILED.append(what)
        print("FAIL: " + what, flush=True)
    return ok


def run(args, stdin=None, data=None, piece=None):
    """Runs shelf; stdin is a path (a regular file) or data goes through a
    pipe. Returns (stdout, stderr, status) as bytes, bytes, int."""
    env = leak_check.env()
    env.pop("SHELF_TEST_PIECE", None)
    if piece is not None:
        env["SHELF_TEST_PIECE"] = str(piece)
    if stdin is not None:
        with open(stdin, "rb") as f:
            p = subprocess.run([SHELF] + args, stdin=f, capture_output=True,
                               env=env)
    else:
        p = subprocess.run([SHELF] + args, input=data if data is not None
                           else b"", capture_output=True, env=env)
    return p.stdout, p.stderr, p.returncode


def run_on(how, args, path, text, piece=None):
    """Runs shelf on text that is in the file at path: read from the file
    (how "file") or through a pipe (how "pipe")."""
    if how == "file":
        return run(args + ["-f", path], piece=piece)
    return run(args, data=text, piece=piece)


def one_thread(outputs, how, args, path, text):
    """One thread's output (run_on) with these options and source, kept in
    outputs, a dict for one text, so that each runs once, when needed."""
    key = (tuple(args), how)
    if key not in outputs:
        outputs[key] = run_on(how, args + ["--threads", "1"], path, text)
    return outputs[key]


def read_chars():
    """The bytes this process and its reaped children have read."""
    with open("/proc/self/io") as f:
        for line in f:
            if line.startswith("rchar:"):
                return int(line.split()[1])
    return None
