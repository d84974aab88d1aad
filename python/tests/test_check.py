"""test_check.py - shelf.check on Python functions right and wrong (those of
tests/check/solution.py): the failing shelf and the report's numbers
against the rules (reference.py, none of shelf's code); the time limit on
an exponential search and on a memo that forgets zeros; what is not an
answer. And shelf.testing.shelves, where Hypothesis is installed. The
command's judge, which shares the library's loop, has its own tests against
the rules (tests/check_test.py)."""

import importlib.util
import os
import random
import subprocess
import sys
import textwrap
import threading
import time
import unittest

import support
import shelf
from reference import greedy_vs_perfect, lead_table, margin

SOLUTION = os.path.join(support.ROOT, "tests", "check", "solution.py")
spec = importlib.util.spec_from_file_location("solution", SOLUTION)
solution = importlib.util.module_from_spec(spec)
spec.loader.exec_module(solution)

# The problems' limits and samples, from their statements.
LIMITS = {"shelf": (500, 1, 10**4), "cses": (5000, -10**9, 10**9),
          "atcoder": (3000, 1, 10**9), "leetcode486": (20, 0, 10**7)}
SAMPLES = {"cses": [[4, 5, 1, 3]],
           "atcoder": [[10, 80], [10, 100, 10], [10], [10**9, 1] * 5,
                       [4, 2, 9, 7, 1, 5]],
           "leetcode486": [[1, 5, 2], [1, 5, 233, 7]]}

# The wall limit of the checks whose subject is the CPU limit and a
# mistake's name, not waiting: with the sanitizers' suite beside two others
# a run once got 0.7 s of CPU in 50.6 s by the clock, and the default
# limit (3 s past the CPU used) judged it waiting.
STARVED = 600


def first_total(way):
    return lambda w: (sum(w) + way(w)) // 2


def winner(way, strict=False):
    return lambda w: way(w) > 0 if strict else way(w) >= 0


def overflow32_margin(w):
    return solution.overflow32(w)[1]


def crash(w):
    """solution.py's crash: right, but raises on three wheels or more."""
    m = solution.right(w)
    if len(w) >= 3:
        raise IndexError("list index out of range")
    return m


def asked(problem, w):
    """The right answer of the problem on w, by the rules."""
    m = margin(w)
    return {"cses": (sum(w) + m) // 2, "leetcode486": m >= 0}.get(problem, m)


def zero_blocks(w):
    lead = lead_table(w)
    return sum(lead[i][j] == 0 for i in range(len(w))
               for j in range(i, len(w)))


class _Over(Exception):
    pass


def calls(f, w, most):
    """How many Python calls f(w) makes, counting to most + 1 at most: a
    measure of its work that no machine's speed changes."""
    count = 0

    def profile(frame, event, arg):
        nonlocal count
        if event == "call":
            count += 1
            if count > most:
                raise _Over
    sys.setprofile(profile)
    try:
        f(w)
    except _Over:
        pass
    finally:
        sys.setprofile(None)
    return count


# A recursion without a memo whose bare `except:` (a learner's guard
# against an IndexError) catches every stop the watchdog raises: the issue's
# check() that never returned.
SWALLOWING = """
import os, signal, sys, threading
import shelf

def swallowing(w):
    def best(i, j):
        if i > j:
            return 0
        try:
            return max(w[i] - best(i + 1, j), w[j] - best(i, j - 1))
        except:  # noqa: E722
            return 0
    return (sum(w) + best(0, len(w) - 1)) // 2
"""


def run_python(code, timeout):
    """code run by a Python of its own, within `timeout` seconds (a
    regression fails the test, not hangs it): (exit status, stdout,
    stderr); None for the status when it ran out of time."""
    try:
        p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                           text=True, timeout=timeout, env=os.environ.copy())
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or "", e.stderr or ""
    return p.returncode, p.stdout, p.stderr


def watchdogs():
    return [t for t in threading.enumerate()
            if t.name == "shelf.check watchdog"]


WRONG = [("shelf", "greedy", solution.greedy),
         ("shelf", "added", solution.added),
         ("shelf", "left-index", solution.left_index),
         ("cses", "wrong-quantity", solution.right),
         ("cses", "greedy", first_total(solution.greedy)),
         ("atcoder", "overflow32", overflow32_margin),
         ("leetcode486", "strict-tie", winner(solution.right, True))]


class Check(unittest.TestCase):
    def test_right_ones_pass(self):
        for problem, func in [("shelf", solution.right),
                              ("atcoder", solution.right),
                              ("cses", first_total(solution.right)),
                              ("leetcode486", winner(solution.right))]:
            with self.subTest(problem=problem):
                r = shelf.check(func, problem, tries=20, seed=3, max_n=40)
                self.assertTrue(r.passed, repr(r))
                self.assertTrue(r)
                self.assertEqual(r.verdict, "ok")
                self.assertEqual(r.tried + r.skipped, r.planned)
                self.assertEqual(r.cut_tries, 0)  # no budget here
                self.assertTrue(repr(r).startswith("shelf check: passed"))
                self.assertIsNone(r.wheels)
        self.assertEqual(watchdogs(), [])

    def test_progress(self):
        # The progress line goes to standard error when it is a terminal
        # (a stand-in that says it is one), and progress=False shows none.
        class Terminal:
            def __init__(self):
                self.said = []

            def isatty(self):
                return True

            def write(self, text):
                self.said.append(text)

            def flush(self):
                pass

        saved = sys.stderr
        try:
            for shown in (True, False):
                sys.stderr = terminal = Terminal()
                r = shelf.check(solution.greedy, "shelf", tries=5, seed=1,
                                progress=shown)
                sys.stderr = saved
                text = "".join(terminal.said)
                self.assertEqual(r.verdict, "wrong")
                if shown:
                    self.assertIn("shelf.check: try ", text)
                    self.assertIn(" wheels, ", text)
                    self.assertTrue(text.endswith("\r\033[K"), text)
                else:
                    self.assertEqual(text, "")
        finally:
            sys.stderr = saved

    def test_kind_of_the_problems_cases(self):
        # Greedy fails on the problem's second case, [3, 9, 1, 2].
        r = shelf.check(solution.greedy, "shelf", tries=5, seed=1)
        self.assertEqual((r.try_index, r.kind), (2, "case"), repr(r))
        self.assertIn("(one of the seven cases of docs/problem.md;", repr(r))

    def test_wrong_ones_named(self):
        for problem, mistake, func in WRONG:
            with self.subTest(problem=problem, mistake=mistake):
                r = shelf.check(func, problem, tries=20, seed=3)
                self.assertFalse(r.passed)
                self.assertEqual((r.verdict, r.mistake), ("wrong", mistake),
                                 repr(r))
                self.assertIn(r.kind, ("case", "sample", "edge",
                                       "random"))
                self.assertGreaterEqual(r.shrunk_from, len(r.wheels))
                # The shrunk shelf fails, by the rules.
                self.assertEqual(r.expected, asked(problem, r.wheels))
                self.assertNotEqual(func(r.wheels), r.expected)
                self.assertEqual(func(r.wheels), r.got)
                self.assertIn("\nMistake: " + mistake + ". ", repr(r))

    def test_largest_n_named_and_shown_as_runs(self):
        """Wrong only at the largest n (as with a table one column short):
        largest-n, never overflow32, its weights shrunk to the least and the
        long shelf shown as Python writes it; a wrong answer on heavy
        shelves that is not 32-bit arithmetic is named nothing."""
        one_short = lambda w: solution.right(w) + (len(w) == 300)
        r = shelf.check(one_short, "atcoder", tries=5, seed=3, max_n=300)
        self.assertEqual((r.verdict, r.mistake), ("wrong", "largest-n"),
                         repr(r))
        self.assertEqual(r.wheels, [1] * 300)
        self.assertIn("[1] * 300\n", repr(r))
        self.assertIn("its first 299 wheels alone pass", repr(r))
        heavy = lambda w: solution.right(w) + (sum(w) >= 2**31)
        r = shelf.check(heavy, "atcoder", tries=5, seed=3, max_n=40)
        self.assertEqual((r.verdict, r.mistake), ("wrong", None), repr(r))

    def test_report_numbers_against_the_rules(self):
        """What the report says of its shelf, computed here by the rules."""
        r = shelf.check(solution.greedy, tries=5, seed=1)
        w = r.wheels
        self.assertEqual(r.mistake, "greedy")
        self.assertIn(f"Got:      {solution.greedy(w)}\n", repr(r))
        self.assertIn(f"Expected: {margin(w)} (the margin)", repr(r))
        self.assertNotEqual(greedy_vs_perfect(w), margin(w))
        self.assertIn("As shelf's arguments: shelf " +
                      " ".join(map(str, w)), repr(r))
        self.assertIn("\n%r\n" % (w,), repr(r))  # ready to paste

        r = shelf.check(solution.added, tries=5, seed=1)
        self.assertIn(f"that table gives a margin of {sum(r.wheels)}, and "
                      f"perfect play {margin(r.wheels)}.", repr(r))

        r = shelf.check(solution.left_index, tries=5, seed=1)
        self.assertIn(f"that table gives a margin of "
                      f"{solution.left_index(r.wheels)}, and perfect play "
                      f"{margin(r.wheels)}.", repr(r))

        r = shelf.check(solution.right, "cses", tries=5, seed=1)
        w, m = r.wheels, margin(r.wheels)
        self.assertIn(f"the margin is {m}, the first buyer's total "
                      f"{(sum(w) + m) // 2} and the second's "
                      f"{(sum(w) - m) // 2}", repr(r))

    def test_tries_fit_the_problem(self):
        """Every shelf tried is within the problem's limits; the samples are
        among them; the random ones grow to max_n; a seed makes the same
        tries, another seed others."""
        for problem, (_, lo, hi) in LIMITS.items():
            with self.subTest(problem=problem):
                def record(w, seen):
                    seen.append(list(w))
                    return asked(problem, w)
                runs = [[], [], []]
                for seen, seed in zip(runs, (11, 11, 12)):
                    r = shelf.check(lambda w: record(w, seen), problem,
                                    tries=12, seed=seed, max_n=40)
                    self.assertTrue(r, repr(r))
                seen = runs[0]
                self.assertEqual(seen, runs[1])
                self.assertNotEqual(seen, runs[2])
                for w in seen:
                    self.assertTrue(1 <= len(w) <= 40, w)
                    self.assertTrue(all(lo <= x <= hi for x in w), w)
                for sample in SAMPLES.get(problem, []):
                    self.assertIn(sample, seen)
                self.assertEqual(max(map(len, seen)), 40)
                # Each try ran once, and a second time right after when it
                # has at most 16 wheels (an answer that changes).
                k = tries = 0
                while k < len(seen):
                    if len(seen[k]) <= 16:
                        self.assertEqual(seen[k + 1], seen[k])
                        k += 1
                    k += 1
                    tries += 1
                self.assertEqual(tries, r.tried)

    def test_not_an_answer_is_bad_output(self):
        odd = [("nan", lambda w: float("nan")),
               ("object", lambda w: object()),
               ("generator", lambda w: (x for x in w)),
               ("None", lambda w: None),
               ("str", lambda w: str(solution.right(w))),
               ("bool for a margin", lambda w: solution.right(w) >= 0)]
        try:
            import numpy as np
            odd.append(("array", lambda w: np.array([1, 2])))
        except ImportError:
            support.skipped_part("an np.array returned to shelf.check",
                                 "NumPy is not installed for %s"
                                 % sys.executable)
            np = None
        for name, func in odd:
            with self.subTest(returned=name):
                r = shelf.check(func, tries=5, seed=1)
                self.assertEqual((r.verdict, len(r.wheels)),
                                 ("bad-output", 1), repr(r))
                self.assertNotIn(" at 0x", repr(r))  # no address in it
        r = shelf.check(lambda w: str(solution.right(w)), tries=5, seed=1)
        self.assertEqual(r.got, str(margin(r.wheels)))
        r = shelf.check(lambda w: 1 if solution.right(w) >= 0 else 0,
                        "leetcode486", tries=5, seed=1)
        self.assertEqual(r.verdict, "bad-output")  # an int for a bool
        if np is not None:
            r = shelf.check(lambda w: np.int64(solution.right(w)), tries=5,
                            seed=1, max_n=30)
            self.assertTrue(r.passed, repr(r))
            r = shelf.check(lambda w: np.bool_(solution.right(w) >= 0),
                            "leetcode486", tries=5, seed=1)
            self.assertTrue(r.passed, repr(r))

    def test_unstable(self):
        calls_made = []

        def flaky(w):
            calls_made.append(1)
            return solution.right(w) + len(calls_made) % 2
        r = shelf.check(flaky, tries=5, seed=1)
        self.assertEqual(r.verdict, "unstable")
        self.assertEqual(abs(r.got - r.other), 1)
        # Both answers, in the order the runs gave them.
        self.assertIn("Got:      %d, then on the same shelf %d;"
                      % (r.got, r.other), str(r))

    def test_exception_is_raised_on_the_shrunk_shelf(self):
        with self.assertRaises(IndexError) as caught:
            shelf.check(crash, tries=5, seed=1)
        self.assertEqual(len(caught.exception.shelf_wheels), 3)
        if hasattr(caught.exception, "__notes__"):
            self.assertIn("shelf.check: raised on try",
                          caught.exception.__notes__[0])
        self.assertEqual(watchdogs(), [])

    def test_trap_only_while_a_run_is_active(self):
        """The watchdog's _stop is sent only while the run is active, read
        in the same call that sends it (one sent after a run's end would be
        raised wherever the thread was, outside the run: CI saw one escape
        from shelf.check): nothing once the run has ended (no stop, no
        trap); during it, the stop and the trap, which
        raises again at each call of code outside the exempt globals (here
        this file's) until _disarm()."""
        from shelf import _shelf

        class Stop(BaseException):
            pass

        class Run:
            __slots__ = ("active", "exempt")
        run = Run()
        run.exempt = globals()  # this file's frames are never trapped
        elsewhere = {}
        exec("def lines():\n    for _ in range(3):\n        pass\n",
             elsewhere)
        me = threading.get_ident()
        run.active = False
        self.assertEqual(_shelf._stop(me, Stop, run), 0)
        for _ in range(3):
            len([])
        elsewhere["lines"]()
        self.assertIsNone(sys.gettrace())
        run.active = True
        raised = 0
        try:  # no unittest code (other globals) until _disarm()
            try:
                _shelf._stop(me, Stop, run)
                for _ in range(3):
                    len([])
            except Stop:
                raised += 1
            for _ in range(2):
                try:
                    elsewhere["lines"]()
                except Stop:
                    raised += 1
        finally:
            armed = _shelf._disarm()
        self.assertTrue(armed)
        self.assertEqual(raised, 3)
        elsewhere["lines"]()
        self.assertIsNone(sys.gettrace())
        self.assertFalse(_shelf._disarm())

    def test_keyboard_interrupt_stops_the_check(self):
        runs = []

        def interrupted(w):
            runs.append(1)
            if len(runs) == 3:
                raise KeyboardInterrupt
            return solution.right(w)
        with self.assertRaises(KeyboardInterrupt):
            shelf.check(interrupted, tries=5, seed=1)
        self.assertEqual(len(runs), 3)
        self.assertEqual(watchdogs(), [])

    def test_exponential_is_stopped_and_named(self):
        """The classic first try, a recursion without a memo: stopped at
        the CPU limit (not left to run for ages) and named; an `except
        Exception` in the function does not stop the stop. The limit stays
        1 s: the mistake is named when a shelf half as long ran in an eighth
        of the limit, and under the sanitizers 16 wheels take Python 0.07 s.
        Shelves of at most 40 wheels: each run out of time costs the whole
        limit, so the shrink starts short."""
        r = shelf.check(solution.exponential, tries=20, seed=3, time_limit=1,
                        max_n=40, wall_limit=STARVED)
        self.assertEqual((r.verdict, r.mistake), ("timeout", "exponential"),
                         repr(r))
        self.assertLessEqual(len(r.wheels), 40)
        self.assertGreaterEqual(r.cpu_seconds, 1.0)  # stopped past the limit
        self.assertIn("Got:      no answer within the 1 s limit", repr(r))
        self.assertEqual(watchdogs(), [])

        def spins(w):
            try:
                while len(w) > 2:
                    pass
            except Exception:
                return 0
            return solution.right(w)
        r = shelf.check(spins, tries=5, seed=1, time_limit=0.2)
        self.assertEqual(r.verdict, "timeout", repr(r))

    def test_swallowing_recursion_is_stopped_and_named(self):
        """A bare `except:` catches the first stop; the trap raises the
        next at its next line, so the run ends, judged a timeout, and the
        search named. In a Python of its own, with a generous limit: a
        check that never returns fails here."""
        code = SWALLOWING + textwrap.dedent("""
            r = shelf.check(swallowing, "cses", tries=20, seed=3,
                            time_limit=1, max_n=40)
            print(r.verdict, r.mistake, len(r.wheels))
            print(sys.gettrace())
            """)
        status, out, err = run_python(code, 600)
        self.assertIsNotNone(status, "shelf.check did not return:\n" + err)
        self.assertEqual(status, 0, err)
        verdict, mistake, n = out.split("\n")[0].split()
        self.assertEqual((verdict, mistake), ("timeout", "exponential"), out)
        self.assertLessEqual(int(n), 40)
        self.assertEqual(out.split("\n")[1], "None")  # the trap is off

    def test_trap_gives_back_the_trace_function(self):
        """Armed on a stopped run and disarmed at its end, the trap puts
        back the thread's own trace function (a debugger's, coverage's)."""
        seen = []

        def tracer(frame, event, arg):
            return None

        def spins(w):
            seen.append(sys.gettrace())
            while len(w) > 2:
                try:
                    pass
                except BaseException:  # noqa: B036 - swallows the stop
                    pass
            return solution.right(w)
        sys.settrace(tracer)
        try:
            r = shelf.check(spins, tries=5, seed=1, time_limit=0.2)
            after = sys.gettrace()
        finally:
            sys.settrace(None)
        self.assertEqual(r.verdict, "timeout", repr(r))
        self.assertIs(after, tracer)

    def test_spin_under_a_long_switch_interval(self):
        """sys.setswitchinterval(1000) and a spin: the watchdog thread waits
        1000 s for the GIL; on the main thread, the CPU-time timer's signal
        stops the run all the same."""
        code = textwrap.dedent("""
            import sys
            import shelf
            def spins(w):
                while len(w) > 2:
                    try:
                        pass
                    except:  # noqa: E722
                        pass
                return (sum(w) + shelf.solve(w)) // 2
            sys.setswitchinterval(1000)
            r = shelf.check(spins, "cses", tries=5, seed=1, time_limit=0.2)
            sys.setswitchinterval(0.005)
            print(r.verdict)
            """)
        status, out, err = run_python(code, 300)
        self.assertIsNotNone(status, "shelf.check did not return:\n" + err)
        self.assertEqual((status, out.strip()), (0, "timeout"), err)

    def test_ctrl_c_reaches_the_caller_through_a_bare_except(self):
        """SIGINT during a run of a function that swallows every exception:
        KeyboardInterrupt reaches check()'s caller. The run's limit (60 s)
        is beyond the test's patience: the interruption, not the limit,
        ends it. The recursion runs at the recursion limit, where Python
        cannot call a signal handler: the watchdog hears of it through the
        wakeup fd. Three times, as the signal lands at other depths."""
        code = SWALLOWING + textwrap.dedent("""
            # As in a terminal (a child of a background job starts with
            # SIGINT ignored, and Python then leaves it so).
            signal.signal(signal.SIGINT, signal.default_int_handler)
            threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
            try:
                shelf.check(swallowing, "cses", seed=1, time_limit=60)
            except KeyboardInterrupt:
                print("KeyboardInterrupt")
            print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)
            """)
        for _ in range(3):
            status, out, err = run_python(code, 45)
            self.assertIsNotNone(status, "Ctrl-C did not stop shelf.check:"
                                 "\n" + str(err))
            self.assertEqual((status, out.split()), (0, ["KeyboardInterrupt",
                                                          "True"]), err)

    def test_int_beyond_128_bits_is_shown_as_itself(self):
        """An int the library cannot hold is wrong, and shown as the
        function returned it, never as 2^127 - 1."""
        r = shelf.check(lambda w: 10**100000, tries=5, seed=1)
        self.assertEqual(r.verdict, "wrong", repr(r))
        self.assertEqual(r.got, 10**100000)
        self.assertIn("Got:      a number of 100001 digits (1.0", repr(r))
        self.assertNotIn(str(2**127 - 1), repr(r))
        r = shelf.check(lambda w: -(2**130) + len(w), tries=5, seed=1)
        self.assertEqual(r.verdict, "wrong", repr(r))
        self.assertEqual(r.got, -(2**130) + len(r.wheels))
        self.assertIn(f"Got:      {r.got}", repr(r))
        self.assertNotIn(str(2**127), repr(r))

    def test_sentinel_memo_is_named(self):
        """A memo of the mover's total where -1 means "not computed", as the
        published CSES solutions: right and fast on random shelves, out of
        time on the judge's sentinel shelf, named with its value. The shelf
        reported is slow by a count of calls, not by a clock."""
        r = shelf.check(first_total(solution.memo_minus_one), "cses",
                        tries=20, seed=3, max_n=300, wall_limit=STARVED)
        self.assertEqual((r.verdict, r.mistake), ("timeout", "sentinel-memo"),
                         repr(r))
        self.assertEqual(r.sentinel, (-1, "total"), repr(r))
        self.assertIn("a total for the buyer to move of -1", repr(r))
        w = r.wheels
        self.assertEqual(solution.memo_minus_one(w[:8]), margin(w[:8]))
        rnd = random.Random(1)
        fast = [rnd.randint(-10**9, 10**9) for _ in w]
        self.assertEqual(solution.memo_minus_one(fast), margin(fast))
        quick = calls(solution.memo_minus_one, fast, 10**6)
        self.assertLess(quick, 10 * len(w) ** 2)
        # 50 times the calls of the fast shelf and still not done.
        self.assertEqual(calls(solution.memo_minus_one, w, 50 * quick),
                         50 * quick + 1)

    def test_zero_memo_is_named(self):
        """A memo where 0 means "not computed": right and fast on shelves
        with no block at lead 0, out of time on a shelf of zeros. The
        report's shelf is slow by a count of calls, not by a clock."""
        r = shelf.check(first_total(solution.memo_zero), "cses", tries=20,
                        seed=3, max_n=300, wall_limit=STARVED)
        self.assertEqual((r.verdict, r.mistake), ("timeout", "zero-memo"),
                         repr(r))
        w = r.wheels
        self.assertGreater(zero_blocks(w), 0)
        self.assertEqual(solution.memo_zero(w[:8]), margin(w[:8]))
        rnd = random.Random(1)
        fast = [rnd.randint(-10**9, 10**9) for _ in w]
        self.assertEqual(zero_blocks(fast), 0)
        self.assertEqual(solution.memo_zero(fast), margin(fast))
        quick = calls(solution.memo_zero, fast, 10**6)
        self.assertLess(quick, 10 * len(w) ** 2)
        # 50 times the calls of the fast shelf and still not done.
        self.assertEqual(calls(solution.memo_zero, w, 50 * quick),
                         50 * quick + 1)

    def test_waiting_is_idle(self):
        def waits(w):
            while len(w) > 3:
                time.sleep(0.05)
            return solution.right(w)
        r = shelf.check(waits, tries=5, seed=1, wall_limit=1)
        self.assertEqual(r.verdict, "idle", repr(r))
        self.assertIn("waited past the 1 s wall limit", repr(r))

    def test_limits_and_problems(self):
        with self.assertRaisesRegex(ValueError, "the problem is called 'shelf'"):
            shelf.check(solution.right, "seed")
        with self.assertRaisesRegex(ValueError, "unknown problem"):
            shelf.check(solution.right, "codeforces")
        with self.assertRaisesRegex(ValueError, "unknown answer"):
            shelf.check(solution.right, answer="total")
        with self.assertRaisesRegex(ValueError, "time_limit"):
            shelf.check(solution.right, time_limit=0)
        with self.assertRaisesRegex(ValueError, "lo <= hi"):
            shelf.check(solution.right, range=(5, 1))
        self.assertEqual(watchdogs(), [])

    def test_report_names_the_call(self):
        """The report's first line, as written here by hand: the verdict,
        the try, and the problem and seed as the call spells them (the
        command's report, which shares the words, spells them as options;
        tests/check_test.py reads that one)."""
        r = shelf.check(solution.greedy, tries=3, seed=1)
        head = repr(r).splitlines()[0]
        self.assertRegex(head, r"^shelf check: FAILED: wrong answer on try "
                               r"\d+ of \d+ \(.*; problem='shelf', seed=1\)$")
        self.assertNotIn("--", head)


class Strategy(unittest.TestCase):
    def test_shelves(self):
        try:
            import hypothesis
        except ImportError:
            support.skip_part(self, "shelf.testing.shelves",
                              "Hypothesis is not installed for %s"
                              % sys.executable)
        from hypothesis import given, settings
        from shelf.testing import shelves

        @settings(max_examples=50, deadline=None)
        @given(shelves("leetcode486"))
        def agrees(wheels):
            self.assertTrue(1 <= len(wheels) <= 20)
            self.assertTrue(all(0 <= x <= 10**7 for x in wheels))
            self.assertEqual(shelf.solve(wheels), margin(wheels))
        agrees()
        with self.assertRaises(ValueError):
            shelves(lo=5, hi=1)


if __name__ == "__main__":
    support.main()
