#!/usr/bin/env python3
"""check_run_test.py - the runner under `shelf check` (cli/check_run.c)
against programs that misbehave (tests/check/hostile/): each must get its
verdict, and no process it started may be alive once `shelf check` returns;
and right programs must pass on a busy machine (busy_core.py).

Usage: check_run_test.py SHELF SOLUTION_C NAME=PROGRAM...

Each hostile program gets a marker argument unique to this test and the
case; its children are forked without exec, so they carry it too, and a
scan of /proc/PID/cmdline after the check finds any the judge left alive
(the right solutions, which take no extra argument, carry it in their
environment instead). Those are killed here, so that the test cleans up
after itself, and the case fails.

No timed assertions: the limits are CPU limits, and the cases that must
pass have wide margins on any machine. The only clock is a generous
timeout per check, which turns a hang into a failure instead of a stuck
test.
"""

import json
import os
import signal
import subprocess
import sys
import time

from busy_core import BusyCore

HERE = os.path.dirname(os.path.abspath(__file__))
SOLUTION_PY = os.path.join(HERE, "check", "solution.py")
HANG_SECONDS = 300
MARKER_VARIABLE = "SHELF_CHECK_RUN_MARKER"
FAILURES = []


def fail(what):
    FAILURES.append(what)
    print("FAIL " + what)


# ==== Processes left behind ====

def marked(marker):
    """Pids of live processes whose command line holds the marker, or whose
    environment does (MARKER_VARIABLE, for programs that take no extra
    argument)."""
    found = []
    words = {marker.encode(), ("%s=%s" % (MARKER_VARIABLE, marker)).encode()}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        held = []
        for part in ("cmdline", "environ"):
            try:
                with open("/proc/%s/%s" % (entry, part), "rb") as f:
                    held += f.read().split(b"\0")
            except OSError:
                pass  # it ended while we looked
        if words.intersection(held):
            found.append(int(entry))
    return found


def kill_marked(marker):
    """Kills what a check left behind; returns how many there were."""
    left = marked(marker)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return len(left)


# ==== One check ====

def run_shelf(shelf, name, args, program, marker, pin=None):
    """Runs shelf check in a session of its own, with the marker in its
    environment (and pin run first, busy_core.py); returns (its status, or
    None when it hung, its output, its standard error). A check that hangs
    is killed with its session's group, and the case fails."""
    env = dict(os.environ)
    env[MARKER_VARIABLE] = marker
    p = subprocess.Popen([shelf, "check"] + args + program,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True, env=env, preexec_fn=pin)
    try:
        out, err = p.communicate(timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        fail("%s: shelf check still running after %d s" % (name, HANG_SECONDS))
        return None, out, err
    return p.returncode, out, err


def run_check(shelf, name, args, program, marker, pin=None):
    """run_shelf() with --json among args; returns (report or None,
    seconds)."""
    start = time.monotonic()
    status, out, err = run_shelf(shelf, name, args, program, marker, pin)
    seconds = time.monotonic() - start
    if status is None:
        return None, seconds
    try:
        report = json.loads(out)
    except ValueError:
        fail("%s: not one JSON object (status %d): %r %r"
             % (name, status, out[:400], err[:400]))
        return None, seconds
    want_status = 0 if report.get("passed") else 1
    if status != want_status:
        fail("%s: exit status %d, want %d: %r"
             % (name, status, want_status, err[:400]))
    return report, seconds


def check_case(shelf, name, program, verdict, extra=()):
    """One hostile program: `verdict` None means it must pass. A quarter of
    a second of CPU: a C program starts in a millisecond, and a program
    that runs out of time costs the judge that limit many times over (the
    second chance, each step of the shrink)."""
    marker = "shelf-hostile-%d-%s" % (os.getpid(), name)
    # One run at a time: these test what one run of the runner guarantees.
    # Runs side by side (--jobs 2, the default) are the worker pool's, and
    # check_bomb_side_by_side() tests them with the worst of these.
    args = ["--tries", "3", "--time-limit", "0.25", "--json", "--jobs",
            "1"] + list(extra)
    report, seconds = run_check(shelf, name, args, [program, marker], marker)
    left = kill_marked(marker)
    if left:
        fail("%s: %d of its processes still alive after shelf check "
             "returned (killed now)" % (name, left))
    if report is None:
        return
    failure = report.get("failure")
    got = failure["verdict"] if failure else None
    shown = got or "passed"
    print("%-16s %-10s %5.1f s%s" % (name, shown, seconds,
                                     ", left behind: %d" % left if left else ""))
    if got != verdict:
        fail("%s: verdict %s, want %s: %s"
             % (name, shown, verdict or "passed",
                json.dumps(failure)[:600] if failure else ""))


def cgroup_writable():
    """Whether a cgroup v2 can be made below this process's own, as the
    judge makes one (cli/check_run.c): only there are the children the kernel
    reaps counted."""
    mount = path = None
    try:
        with open("/proc/self/mountinfo") as f:
            for line in f:
                fields = line.split()
                if " - cgroup2 " in line and fields[3] == "/":
                    mount = fields[4]
                    break
        with open("/proc/self/cgroup") as f:
            for line in f:
                if line.startswith("0::"):
                    path = line[3:].strip()
    except OSError:
        return False
    if mount is None or path is None:
        return False
    probe = os.path.join(mount + path.rstrip("/"),
                         "shelf-probe-%d" % os.getpid())
    try:
        os.mkdir(probe)
        os.rmdir(probe)
        return True
    except OSError:
        return False


def check_cap_state(shelf, program):
    """A program waiting in state D (a vfork() whose child never execs)
    until the clock cap: no verdict, and the words name the state, not a
    busy machine."""
    name = "vfork_wait"
    marker = "shelf-hostile-%d-%s" % (os.getpid(), name)
    status, out, err = run_shelf(shelf, name, ["--tries", "3", "--time-limit",
                                               "0.25"], [program, marker],
                                 marker)
    left = kill_marked(marker)
    if left:
        fail("%s: %d of its processes still alive after shelf check "
             "returned (killed now)" % (name, left))
    said = err.decode(errors="replace")
    print("%-16s %s" % (name, said.strip()[:160]))
    if status != 1 or "no verdict" not in said:
        fail("%s: status %s, want 1 and no verdict: %r"
             % (name, status, said[:400]))
    if "state D" not in said or "too busy" in said:
        fail("%s: the words do not name state D: %r" % (name, said[:400]))


def check_bomb_side_by_side(shelf, program):
    """The fork bomb with two runs side by side (--jobs 2), the default.
    The cases above run one at a time, as they test what one run
    guarantees; this one tests the worker pool (cli/check_pool.c): two
    crowds of 200 spinning processes side by side starve each other's
    worker, and a program joining its cgroup beside a crowd holds the
    kernel's cgroup lock that the other run's kill needs, which once kept
    the judge past 300 s with 399 of the program's processes alive. So the
    pool goes one run at a time after such a run, and runs again alone one
    that got no verdict beside it. Asserted: the verdict in the learner's
    words (the text report, not --json), the exit status for a failure
    (1), and no process of the program alive afterwards. No timed
    assertion: HANG_SECONDS only turns a hang into a failure."""
    name = "fork_bomb_jobs2"
    marker = "shelf-hostile-%d-%s" % (os.getpid(), name)
    start = time.monotonic()
    status, out, err = run_shelf(shelf, name, ["--tries", "3", "--time-limit",
                                               "0.25", "--jobs", "2"],
                                 [program, marker], marker)
    left = kill_marked(marker)
    said = (out + err).decode(errors="replace")
    print("%-16s status %s, %5.1f s, left behind: %d"
          % (name, status, time.monotonic() - start, left))
    if left:
        fail("%s: %d of its processes still alive after shelf check "
             "returned (killed now)" % (name, left))
    if status != 1:
        fail("%s: status %s, want 1 (a failure): %r"
             % (name, status, said[-400:]))
    if "FAILED: time limit" not in said or "no answer within" not in said:
        fail("%s: the words do not say it ran out of time: %r"
             % (name, said[:600]))


def check_killed_judge(shelf, program):
    """A program that kills the judge (SIGKILL) after starting a child in a
    session of its own: the judge dies of it, and no process of the
    program's may be left alive."""
    name = "kill_judge"
    marker = "shelf-hostile-%d-%s" % (os.getpid(), name)
    args = ["--tries", "3", "--time-limit", "5", "--json"]
    cmd = [shelf, "check"] + args + [program, marker]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        p.communicate(timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        fail("%s: shelf check still running after %d s" % (name, HANG_SECONDS))
    # The guard kills what is left before it ends; a moment for the dead to
    # leave /proc is no timed assertion (more time only lets more escape).
    left = kill_marked(marker)
    print("%-16s status %d, left behind: %d" % (name, p.returncode, left))
    if left:
        fail("%s: %d of its processes still alive after the judge was "
             "killed (killed now)" % (name, left))
    if p.returncode != -signal.SIGKILL:
        fail("%s: status %d, want death by SIGKILL" % (name, p.returncode))


# ==== A busy machine ====

def check_busy(shelf, solution_c, programs):
    """Right programs pass on a machine kept busy: the limits are CPU time
    and time spent waiting, and a program ready to run but not given a CPU
    is neither. Margins: the C solution takes milliseconds of its 2 s of
    CPU; the Python one well under a second of its 10 s. Each check has
    the fixed tries and two random ones: every size the problem allows,
    each run on a busy machine."""
    cases = [
        ("busy C", ["--time-limit", "2"], [solution_c, "shelf", "right"]),
        ("busy Python", ["--time-limit", "10"],
         [sys.executable, SOLUTION_PY, "shelf", "right"]),
        ("busy reserve", ["--time-limit", "2", "--memory-limit", "64"],
         [programs["reserve"]]),
        ("busy escape", ["--time-limit", "2"], [programs["escape_children"]]),
    ]
    with BusyCore() as busy:
        print("busy: the checks below run %s" % busy.describe())
        for name, extra, program in cases:
            marker = "shelf-busy-%d-%s" % (os.getpid(), name.split()[1])
            if program[0] in programs.values():
                program = program + [marker]
            args = ["--tries", "2", "--seed", "3", "--json"] + extra
            report, seconds = run_check(shelf, name, args, program, marker,
                                        busy.pin)
            left = kill_marked(marker)
            if left:
                fail("%s: %d processes still alive after shelf check "
                     "returned (killed now)" % (name, left))
            if report is None:
                continue
            print("%-16s %-10s %5.1f s" % (
                name, "passed" if report["passed"] else "failed", seconds))
            if not report["passed"]:
                fail("%s: failed on a busy machine: %s"
                     % (name, json.dumps(report["failure"])[:600]))


def main():
    if len(sys.argv) < 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    if not os.path.isdir("/proc/self"):
        print("skipped: the runner's tests (no /proc to find processes left "
              "behind)")
        return 77
    shelf, solution_c = sys.argv[1], sys.argv[2]
    programs = dict(a.split("=", 1) for a in sys.argv[3:])
    cases = [
        ("leave_group", "idle", ()),
        ("escape_children", None, ()),
        ("ignore_term", "timeout", ()),
        ("close_loop", "timeout", ()),
        ("close_sleep", "idle", ()),
        ("nul_output", "bad-output", ()),
        # 10 s of CPU: writing 600 MB of pages is system time, which a
        # loaded machine makes slow (1 s ran out at 171 MB with load 29).
        ("memory_hog", "memory", ("--memory-limit", "256",
                                  "--time-limit", "10")),
        ("reserve", None, ("--memory-limit", "64")),
        ("fork_bomb", "timeout", ()),
        # 400 children of 5 ms each, the kernel reaping them (SIGCHLD
        # ignored): 2 s of CPU against 1.
        ("reaped_children", "timeout", ("--time-limit", "1")),
        # 300 MB in a memfd held open, never mapped.
        ("memfd_hold", "memory", ("--memory-limit", "256",
                                  "--time-limit", "10")),
        # SIGSTOP to the judge, then a loop without end.
        ("stop_judge", "timeout", ()),
        # SIGTSTP to the judge from a process, not a terminal.
        ("tstp_judge", "timeout", ()),
    ]
    for name, verdict, extra in cases:
        if name == "reaped_children" and not cgroup_writable():
            print("%-16s skipped: no cgroup v2 to make here, and without one "
                  "the CPU of children the kernel reaps is not seen "
                  "(check_run.c)" % name)
            continue
        check_case(shelf, name, programs[name], verdict, extra)
    check_bomb_side_by_side(shelf, programs["fork_bomb"])
    check_cap_state(shelf, programs["vfork_wait"])
    check_killed_judge(shelf, programs["kill_judge"])
    check_busy(shelf, solution_c, programs)
    if FAILURES:
        print("%d failed" % len(FAILURES))
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
