"""test_concurrency.py - pure Python must never corrupt memory, whatever
other threads do meanwhile (issue 19, defects 2 and 3).

- Threads rewrite the buffers being solved (array('q'), and NumPy arrays
  of several dtypes where NumPy is installed) between 0, 2**63 - 1 and
  -2**63 while others solve them with every function that takes a shelf:
  each weight is read once, into the module's own memory, so the library's
  invariants hold whatever values it sees, and each answer is one that a
  shelf of such weights has (checked where the buffer holds one value).
- Threads drive one Solver (extend, push, result, reset) at once: each
  call either works or raises RuntimeError "in use by another thread".
- push() with an argument whose __index__ starts extend() on another
  thread: RuntimeError, not a push into a stack that extend() is widening.
- Game.take() on a long shelf releases the GIL for its search: another
  thread makes progress meanwhile; a call on the game from that thread
  raises RuntimeError "in use by another thread" instead of racing.

Bounded in time (each part stops after a few seconds), no timed
assertion. Under the ASan build (CTest's python_ tests there preload
libasan), a heap error ends the run with ASan's report.
"""

import array
import sys
import threading
import time
import unittest

import support

import shelf

try:
    import numpy as np
except ImportError:
    np = None

SECONDS = 1.5  # each part
N = 4096  # the size of the report: one run_sums chunk
EXTREMES = (0, 2**63 - 1, -(2**63), 1, -1)


def run_for(seconds, workers):
    """Runs each worker(stop) on its own thread until `seconds` pass; the
    first exception any worker raised, re-raised here."""
    stop = threading.Event()
    errors = []

    def wrap(work):
        try:
            work(stop)
        except BaseException as e:  # reported in the main thread
            errors.append(e)
            stop.set()

    threads = [threading.Thread(target=wrap, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    stop.wait(seconds)
    stop.set()
    for t in threads:
        t.join(30)
    if errors:
        raise errors[0]


def possible(value, n):
    """Whether `value` is a margin some shelf of n weights from EXTREMES'
    range can have: within n * 2^63 in magnitude (a weak check: the point
    is that nothing crashes and the numbers stay exact)."""
    return abs(value) <= n * 2**63


class Buffers(unittest.TestCase):
    def buffers(self):
        out = [array.array("q", [0]) * N]
        if np is not None:
            out += [np.zeros(N, dtype=np.int64), np.zeros(2 * N, dtype=np.int64)[::2],
                    np.zeros(N, dtype=">i8"), np.zeros(N, dtype=np.int32)]
        return out

    def test_rewritten_while_solved(self):
        bufs = self.buffers()

        def mutate(stop):
            while not stop.is_set():
                for b in bufs:
                    for v in EXTREMES:
                        if isinstance(b, array.array):
                            b[:] = array.array("q", [v]) * N
                        else:
                            info = np.iinfo(b.dtype)
                            b[:] = min(max(v, info.min), info.max)

        def solve(stop):
            while not stop.is_set():
                for b in bufs:
                    m = shelf.solve(b)
                    self.assertTrue(possible(m, len(b)))
                    r = shelf.result(b)
                    self.assertEqual(r.n, len(b))
                    self.assertEqual(r.first - r.second, r.margin)
                    s = shelf.Solver()
                    s.extend(b)
                    s.extend(b)
                    self.assertEqual(len(s), 2 * len(b))
                    self.assertTrue(possible(s.result().margin, 2 * len(b)))

        def others(stop):
            small = [memoryview(b)[:64] if isinstance(b, array.array) else b[:64]
                     for b in bufs]  # views: the same memory, rewritten
            while not stop.is_set():
                for b in small:
                    self.assertEqual(len(shelf.line(b)), len(b))
                    shelf.best_move(b, 0, len(b) - 1)
                    shelf.explain(b)
                    self.assertIn("<svg", shelf.svg(b[:50]))
                    shelf.lead_table(b[:40])

        run_for(SECONDS, [mutate, mutate, solve, solve, others])

    def test_one_value_gives_its_answer(self):
        # While one thread rewrites the buffer with one value at a time,
        # every solve sees some mix; rewritten to 5 everywhere and left,
        # the answer is exactly that shelf's.
        a = array.array("q", [0]) * N

        def mutate(stop):
            while not stop.is_set():
                for v in EXTREMES:
                    a[:] = array.array("q", [v]) * N

        def solve(stop):
            while not stop.is_set():
                shelf.solve(a)

        run_for(SECONDS / 2, [mutate, solve])
        a[:] = array.array("q", [5]) * N
        self.assertEqual(shelf.solve(a), 0)
        self.assertEqual(support.fields(shelf.result(a)),
                         (N, 0, 5 * N // 2, 5 * N // 2))


class OneSolver(unittest.TestCase):
    def test_driven_from_threads(self):
        s = shelf.Solver()
        big = array.array("q", [2**62, -(2**62), 7]) * 20000
        busy = []

        def call(f, *args):
            try:
                return f(*args)
            except RuntimeError as e:
                self.assertIn("in use by another thread", str(e))
                busy.append(1)

        def extend(stop):
            while not stop.is_set():
                call(s.extend, big)
                call(s.extend, [1, 2, 3])

        def push(stop):
            while not stop.is_set():
                call(s.push, 2**63 - 1)
                call(s.push, -(2**63))

        def read(stop):
            while not stop.is_set():
                r = call(s.result)
                if r is not None:
                    self.assertEqual(r.first - r.second, r.margin)
                call(len, s)
                call(repr, s)

        def reset(stop):
            while not stop.is_set():
                call(s.reset)
                time.sleep(0.001)

        run_for(SECONDS, [extend, extend, push, read, reset])
        # And it still solves.
        s.reset()
        s.extend([3, 9, 1])
        s.push(2)
        self.assertEqual(s.result().margin, 7)

    def test_push_whose_index_starts_extend(self):
        # Defect 3: push() checked "busy" before converting its argument;
        # this __index__ starts extend() on another thread and returns once
        # that extend() is at work, so push() must now see it busy.
        s = shelf.Solver()
        # Weights that widen the stack: pushed one at a time, slowly.
        big = array.array("q", [2**62, -(2**62), 7]) * 10**6
        outcomes = []

        class Sneaky:
            def __index__(self):
                for _ in range(50):
                    t = threading.Thread(target=s.extend, args=(big,))
                    t.start()
                    while t.is_alive():
                        try:
                            s.result()
                        except RuntimeError:  # extend() is at work
                            self.thread = t
                            return 2**63 - 1
                    t.join()
                self.thread = None
                return 2**63 - 1

        sneaky = Sneaky()
        with self.assertRaisesRegex(RuntimeError, "in use by another thread"):
            try:
                s.push(sneaky)
            finally:
                if sneaky.thread is not None:
                    sneaky.thread.join()
                    outcomes.append(len(s))
        self.assertEqual(outcomes[0] % len(big), 0)  # only whole extends


class OneGame(unittest.TestCase):
    def test_take_lets_other_threads_run(self):
        """While take() searches 2M wheels, a counter on another thread
        advances. The switch interval is long, so the counter runs only
        when the GIL is released (by take(), or by waiting): no timing
        threshold, only whether it ran at all. Tried a few times: a busy
        machine may not schedule the counter during one take."""
        g = shelf.Game(array.array("q", [3, 9, 1, 2]) * 500000)
        count = [0]
        started, stop = threading.Event(), threading.Event()
        busy = []

        def counter():
            started.set()
            while not stop.is_set():
                count[0] += 1
                try:
                    g._at()
                except RuntimeError as e:  # take() at work
                    self.assertIn("in use by another thread", str(e))
                    busy.append(1)
                time.sleep(0)  # lets the GIL go: the main thread's turn

        interval = sys.getswitchinterval()
        t = threading.Thread(target=counter)
        t.start()
        started.wait()
        sys.setswitchinterval(10)
        progressed = False
        try:
            for _ in range(20):
                before = count[0]
                g.take("left")
                after = count[0]
                g.undo()
                if after > before:
                    progressed = True
                    break
        finally:
            sys.setswitchinterval(interval)
            stop.set()
            t.join(60)
        self.assertTrue(progressed, "no other thread ran during take()")
        self.assertEqual(g.turn, 1)
        g.take("right")  # and it still plays
        self.assertEqual(g.turn, 3)


if __name__ == "__main__":
    if np is None:
        support.skipped_part("NumPy buffers changed under a call",
                             "NumPy is not installed for %s" % sys.executable)
    support.main()
