"""shelf.check: the judge of `shelf check`, on a Python function.

    >>> import shelf
    >>> def greedy(wheels):
    ...     ...
    >>> shelf.check(greedy)          # doctest: +SKIP
    shelf check: FAILED: wrong answer on try 2 of 332 ...

The function takes the wheels (a list of ints) and returns the problem's
answer: the margin (problem "shelf", docs/problem.md's, or "atcoder"), the
first buyer's total ("cses", "algolab"), or a bool, True when the first
buyer's total is at least the second's ("leetcode486"). A function takes
one shelf: AlgoLab's files of many cases are for `shelf check`.

The judge is libshelf's (shelf_judge_run()), the one `shelf check` runs: the
same tries in the same order from the same seed, the same verdicts,
shrinking, mistakes, and the same words in the report, which is the
CheckReport's repr. What is Python's is here: calling the function under a
time limit, and reading what it returned.

- A run may use `time_limit` seconds of CPU time of the calling thread (the
  problem's by default: 1 for cses, else 2). One watchdog thread per call
  of check() reads that thread's CPU clock every 10 ms and stops a run past
  the limit by raising a private exception in it (a BaseException, so that
  `except Exception` in the function does not catch it); an exponential
  search is stopped, and named. The exception is raised at the function's
  next call or loop iteration in Python: a single long call into C (one
  huge sum(), a NumPy call) ends first. A function that catches it (a bare
  `except:`) gets it again at its next line: the stop arms a trap (stop.c)
  until the run ends. On the main thread, a timer of the process's CPU
  time (SIGVTALRM, where no handler of the caller's has it) stops a run
  that keeps the watchdog from the GIL (a spin under
  sys.setswitchinterval(1000)); on another thread such a run is stopped
  once the switch interval lets the watchdog run.
- A run may wait `wall_limit` seconds (3 times the time limit, at least 3):
  time by the clock in which the thread neither ran nor was ready to run
  (Linux's /proc/self/task/TID/schedstat tells the second). A function that
  waits (input(), a lock, a queue) is judged idle. A wait inside C, such
  as time.sleep(), ends before the run can be stopped.
- An answer of the asked form is an int (anything with __index__, such as
  np.int64, but not a bool) or, for a winner, a bool (np.bool_ too).
  Anything else (None, a float, a str, a generator, an array) is bad
  output, not an exception.
- An exception from the function is a crash. It is never swallowed: the
  shelf is shrunk to the smallest that raises the same type, and the
  exception from that shelf is raised again with a note naming it. A
  MemoryError is judged as a memory limit, and reported. KeyboardInterrupt
  stops the check, and Ctrl-C does even when the function swallows it (on
  the main thread, where Python's default SIGINT handler is in place).
- An int beyond 128 bits is a wrong answer, shown as it is (or by its
  number of digits).
"""

import hashlib
import operator
import os
import sys
import threading
import time

from . import _shelf

__all__ = ["check", "CheckReport"]

# shelf_verdict's values and shelf_answer's names, from the library's lists.
_VERDICT = _shelf._values["verdict"]
_OK = _VERDICT["ok"]
_CRASH = _VERDICT["crash"]
_TIMEOUT = _VERDICT["timeout"]
_MEMORY = _VERDICT["memory"]
_BAD_OUTPUT = _VERDICT["bad-output"]
_IDLE = _VERDICT["idle"]
_ANSWERS = tuple(_shelf._values["answer"])
_POLL = 0.01      # seconds between the watchdog's looks at a run
_AGAIN = 0.1      # seconds before a stopped run that goes on is stopped again
# Seconds of CPU past the limit before the main thread's timer looks at a
# run: a fallback for a watchdog kept from the GIL, it comes after the
# watchdog's stop, never before it (near the recursion limit a signal
# handler cannot be called, and a RecursionError comes in its place).
_LATE = 2 * _AGAIN


# ==== The report ====

class CheckReport:
    """What shelf.check() found; its repr is the library's report, the same
    words as the command's. True when every try passed.

    On a failure: verdict ("wrong", "crash", "timeout", "memory",
    "bad-output", "unstable", "idle"), try_index (1-based) and kind
    ("case": one of the seven cases of docs/problem.md; "sample", "edge", "random")
    of the failing try, wheels
    the shelf (shrunk from shrunk_from wheels), expected and got the answers
    on it (got: what the function returned, for bad output; None without
    one), other the second run's answer when unstable, mistake a name or
    None, cpu_seconds the failing run's CPU seconds (cpu, its old name, is
    kept as a deprecated alias), sentinel for "sentinel-memo"
    the memo's value for "not computed" and what it is a value of, as
    (-1, "total") or (-1, "lead"), else None. tried counts the tries run,
    skipped those of the planned ones that do not fit the problem, cut_tries
    the random tries a budget of CPU time left out of the plan (0 here:
    shelf.check has no budget; `shelf check --budget` has)."""

    __slots__ = ("passed", "tried", "planned", "skipped", "cut_tries", "seed",
                 "problem", "answer", "try_index", "kind", "wheels",
                 "shrunk_from", "expected", "got", "other", "verdict",
                 "mistake", "cpu_seconds", "sentinel", "_text")

    def __init__(self, **fields):
        for name in self.__slots__:
            setattr(self, name, fields.get(name))

    def __bool__(self):
        return bool(self.passed)

    @property
    def cpu(self):
        """Deprecated: the old name of cpu_seconds (the key of
        `shelf check --json` too)."""
        return self.cpu_seconds

    def __repr__(self):
        return (self._text or "").rstrip("\n")


# ==== What a run gave ====

class _TimeLimit(BaseException):
    """Raised by the watchdog into a run past its limit; never leaves
    check(). The watchdog arms the trap (stop.c) as it sends one
    (_shelf._stop): a function that swallows it with a bare `except:` gets
    it again at its next line."""

    def __init__(self, *args):
        # Made on the run's thread (CPython makes a raised class's instance
        # where it is raised): arms the trap there too, for a Python (3.13
        # on) where the watchdog cannot set another thread's.
        super().__init__(*args)
        watch = _RUNS.get(threading.get_ident())
        if watch is not None and watch.active and watch.stopped is not None:
            _shelf._arm(_TimeLimit, _EXEMPT)


_RUNS = {}  # thread id -> the _Watch of the check() running on it
_EXEMPT = globals()  # the trap never raises in this file's code


def _stable_id(t):
    """A number for a type that is the same in every process (hash() of a
    str is not): its module and qualified name, never its repr, which may
    hold an address."""
    try:
        name = f"{t.__module__}.{t.__qualname__}"
    except Exception:  # a type with odd names: still one id for it
        name = "?"
    return int.from_bytes(hashlib.blake2b(name.encode("utf-8", "replace"),
                                          digest_size=8).digest(), "little")


def _numpy_bool(value):
    np = sys.modules.get("numpy")  # only if the caller has imported it
    return np is not None and isinstance(value, getattr(np, "bool_", ()))


def _read(value, winner):
    """(verdict, answer, output) for what the function returned: OK and the
    answer for one of the asked form, else bad output, fingerprinted by its
    type. Never raises an Exception (a broken __index__ is bad output)."""
    if winner:
        if isinstance(value, bool) or _numpy_bool(value):
            return _OK, 1 if value else 0, 0
    elif not isinstance(value, bool) and not _numpy_bool(value):
        try:
            return _OK, operator.index(value), 0
        except Exception:
            pass
    return _BAD_OUTPUT, None, _stable_id(type(value))


def _line(text, most=160):
    text = " ".join(str(text).split())
    return text if len(text) <= most else text[:most - 3] + "..."


def _exception_words(e):
    t = type(e)
    try:
        said = _line(e)
    except Exception:
        said = ""
    return f"raised {t.__qualname__}" + (f": {said}" if said else "")


def _value_words(v):
    """What a function returned, in words, without calling its own code (a
    repr may hold an address, or loop): only builtins' and NumPy's numbers
    are shown."""
    t = type(v)
    name = (t.__qualname__ if t.__module__ == "builtins"
            else f"{t.__module__}.{t.__qualname__}")
    article = "an" if name[:1] in "aeiou" else "a"
    if v is None:
        return ("it returned None: a function that ends without `return "
                "value` returns None")
    if t in (float, complex, bool, str, bytes):
        hint = "; // divides whole numbers" if t is float else ""
        return f"it returned {_line(repr(v), 60)} ({article} {name}{hint})"
    np = sys.modules.get("numpy")
    if np is not None and isinstance(v, (np.ndarray, np.generic)) and \
            v.dtype.kind in "biufc":
        shape = f" of shape {v.shape}" if isinstance(v, np.ndarray) else ""
        return f"it returned {_line(repr(v), 60)} ({article} {name}{shape})"
    if t is type((lambda: (yield))()):
        return ("it returned a generator: a function with `yield` in it "
                "returns one")
    if t in (list, tuple, dict, set):
        return f"it returned {article} {name} of {len(v)} items"
    if t is object:
        return "it returned an object()"
    return f"it returned {article} {name} object"


def _big_words(v):
    """An int beyond 128 bits, for the report's "Got:": itself up to 60
    digits, else "a number of N digits" and its first ones (str() of an
    int of more than 4300 digits raises, by default, since Python 3.11)."""
    a = abs(v)
    digits = max(1, int((a.bit_length() - 1) * 0.30102999566398120) - 1)
    while 10 ** digits <= a:
        digits += 1
    if digits <= 60:
        return str(v)
    head = str(a // 10 ** (digits - 12))
    sign = "-" if v < 0 else ""
    return (f"a number of {digits} digits ({sign}{head[0]}.{head[1:]}... "
            f"x 10^{digits - 1})")


# ==== The watchdog ====

def _due():
    """Raises here a stop sent to this thread and not raised yet: Python
    raises it at a call or a jump back, and a call's first line is one.
    (Clearing it instead, with PyThreadState_SetAsyncExc(id, NULL), leaves
    CPython 3.11's eval breaker set for good, which slows every call after,
    and hangs a profiler that raises.)"""
    for _ in (1, 2):
        pass


def _thread_clock():
    """The calling thread's CPU clock, readable from another thread, or
    None where there is none (then the wall clock stands in)."""
    try:
        return time.pthread_getcpuclockid(threading.get_ident())
    except (AttributeError, OSError):
        return None


class _Watch:
    """Times the runs of one check() call on the calling thread, and stops
    one past its limit. A run's start and the watchdog's look at it hold
    `lock`. A run ends when its thread clears `active`, in one bytecode,
    and _shelf._stop() sends a stop only if `active` is still set,
    read in the same C call: both under the GIL, so no stop is sent after
    a run's end. One sent just before is raised at the end (_due()), where
    it is caught."""

    __slots__ = ("lock", "thread", "clock", "schedstat", "time_limit",
                 "wall_limit", "scale", "active", "stopped", "stopped_at",
                 "cpu0", "wall0", "queued0", "interrupted", "exempt",
                 "_signals", "_outer", "_wakeup", "_done", "_watchdog")

    def __init__(self, time_limit, wall_limit):
        self.lock = threading.Lock()
        self.thread = threading.get_ident()
        self.clock = _thread_clock()
        self.schedstat = None
        try:  # Linux: the second field is the time spent ready to run
            self.schedstat = os.open(f"/proc/self/task/"
                                     f"{threading.get_native_id()}/schedstat",
                                     os.O_RDONLY)
        except (AttributeError, OSError):
            pass
        self.time_limit, self.wall_limit = time_limit, wall_limit
        self.scale = 1.0
        self.active = False
        self.stopped = None  # _TIMEOUT or _IDLE once the run was stopped
        self.stopped_at = self.cpu0 = self.wall0 = self.queued0 = 0.0
        self.interrupted = False  # Ctrl-C came during the check
        self.exempt = _EXEMPT
        self._signals = None  # {signum: the handler before}, main thread
        self._outer = None  # the watch of a check() this one runs inside
        self._wakeup = None  # (read end, write end, the fd before)
        self._done = threading.Event()
        self._watchdog = threading.Thread(target=self._watch, daemon=True,
                                          name="shelf.check watchdog")

    def start(self):
        self._outer = _RUNS.get(self.thread)
        _RUNS[self.thread] = self
        self._watchdog.start()
        self._take_signals()

    def stop(self):
        self._done.set()
        self._watchdog.join()  # first: it reads the wakeup fd
        self._give_signals()
        if self._outer is not None:
            _RUNS[self.thread] = self._outer
        else:
            _RUNS.pop(self.thread, None)
        if self.schedstat is not None:
            os.close(self.schedstat)
            self.schedstat = None

    # On the main thread, signals reach a run that holds the GIL (a spin
    # under sys.setswitchinterval(1000) keeps the watchdog thread from ever
    # running): SIGINT, whose handler (_shelf._sigint, in C) arms the trap
    # with KeyboardInterrupt, so that a bare `except:` cannot keep Ctrl-C
    # from the caller; and SIGVTALRM, from a timer of the process's CPU
    # time set at each run's start, whose handler stops a run past its
    # limit itself. Each only where Python's default is in place (a
    # handler of the caller's own stays); both given back at the end.

    def _take_signals(self):
        if threading.current_thread() is not threading.main_thread():
            return
        import functools
        import signal
        self._signals = {}
        vt = getattr(signal, "SIGVTALRM", None)
        try:
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                self._signals[signal.SIGINT] = signal.signal(
                    signal.SIGINT, functools.partial(_shelf._sigint, self))
                # Near the recursion limit Python cannot call a handler (a
                # RecursionError comes instead, which a bare `except:`
                # swallows, and the signal is spent); its wakeup fd still
                # hears of it, and the watchdog reads it (_woken).
                r, w = os.pipe()
                os.set_blocking(r, False)
                os.set_blocking(w, False)
                self._wakeup = (r, w, signal.set_wakeup_fd(
                    w, warn_on_full_buffer=False))
            if vt is not None and hasattr(signal, "setitimer") and \
                    signal.getsignal(vt) == signal.SIG_DFL:
                self._signals[vt] = signal.signal(vt, self._on_timer)
        except ValueError:  # not the main interpreter's main thread
            pass

    def _give_signals(self):
        if not self._signals:
            return
        import signal
        vt = getattr(signal, "SIGVTALRM", None)
        if vt in self._signals:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            for _ in (1, 2):  # a jump back: a tick already caught runs here
                pass
        for signum, handler in self._signals.items():
            signal.signal(signum, handler)
        self._signals = None
        if self._wakeup is not None:
            r, w, before = self._wakeup
            signal.set_wakeup_fd(before)
            self._wakeup = None
            self._woken(r, before)
            os.close(r)
            os.close(w)

    def _woken(self, r=None, before=-1):
        """Signals that reached the wakeup fd, read by the watchdog: Ctrl-C
        during a run stops it with KeyboardInterrupt (the trap armed), even
        where Python could not call the handler. What was read is passed
        on to the fd that was there before (asyncio's)."""
        wakeup = self._wakeup
        if wakeup is None and r is None:
            return
        if wakeup is not None:
            before = wakeup[2]
        try:
            got = os.read(r if r is not None else wakeup[0], 512)
        except OSError:  # nothing there, or closed meanwhile
            return
        if before >= 0:
            try:
                os.write(before, got)
            except OSError:
                pass
        import signal
        if signal.SIGINT in got and r is None:
            self.interrupted = True
            _shelf._stop(self.thread, KeyboardInterrupt, self)

    def _timer(self, seconds):
        """The CPU-time timer of the main thread's runs: set to `seconds`,
        or off with 0."""
        if self._signals:
            import signal
            if getattr(signal, "SIGVTALRM", None) in self._signals:
                signal.setitimer(signal.ITIMER_VIRTUAL, seconds)

    def _on_timer(self, signum, frame):
        """SIGVTALRM: the process's CPU time reached the run's limit; the
        thread's own may not have (other threads count), so it is read,
        and the timer set again for what is left."""
        if not self.active:
            return
        if self.stopped is None:
            left = self.time_limit * self.scale - (self.cpu() - self.cpu0)
            if left > 0:
                self._timer(left + _LATE)
                return
            self.stopped = _TIMEOUT
            self.stopped_at = time.monotonic()
        _shelf._arm(_TimeLimit, _EXEMPT)
        raise _TimeLimit

    def ended(self):
        """After a run's end (run_one's, written out there), on its thread:
        the trap disarmed and the timer off."""
        _shelf._disarm()
        self._timer(0)

    def cpu(self):
        return (time.clock_gettime(self.clock) if self.clock is not None
                else time.monotonic())

    def queued(self):
        """Seconds the thread has been ready to run and not running."""
        if self.schedstat is None:
            return 0.0
        try:
            return int(os.pread(self.schedstat, 128, 0).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    def begin(self, patience=1.0):
        """A run starts, with limits `patience` times the usual ones (the
        library's shelf_run.patience: 2 while it shrinks a time limit)."""
        with self.lock:
            self.scale = patience
            self.stopped = None
            self.queued0 = self.queued()
            self.wall0 = time.monotonic()
            self.cpu0 = self.cpu()
            self._timer(self.time_limit * patience + _LATE)
            self.active = True

    def spent(self):
        """(cpu, wall, waited) of the run that just ended."""
        cpu = self.cpu() - self.cpu0
        wall = time.monotonic() - self.wall0
        waited = wall - cpu
        if waited > self.wall_limit * self.scale:
            waited -= self.queued() - self.queued0
        return cpu, wall, waited

    def _watch(self):
        while not self._done.wait(_POLL):
            self._woken()
            with self.lock:
                if not self.active:
                    continue
                now = time.monotonic()
                if self.stopped is None:
                    cpu = self.cpu() - self.cpu0
                    wall_limit = self.wall_limit * self.scale
                    if cpu > self.time_limit * self.scale:
                        self.stopped = _TIMEOUT
                    elif (now - self.wall0 - cpu > wall_limit and
                          now - self.wall0 - cpu -
                          (self.queued() - self.queued0) > wall_limit):
                        self.stopped = _IDLE
                    else:
                        continue
                elif now - self.stopped_at < _AGAIN:
                    continue  # it caught the first, and went on
                self.stopped_at = now
                _shelf._stop(self.thread, _TimeLimit, self)


# ==== The check ====

def _statement(problem):
    p = _shelf._problem(problem) if isinstance(problem, str) else None
    if p is None and problem == "seed":
        raise ValueError("the problem is called 'shelf' (problem='shelf'); "
                         "seed= is the random seed")
    if p is None:
        raise ValueError(f"unknown problem {problem!r} (use shelf, cses, "
                         "atcoder, leetcode486 or algolab)")
    return p


def _seconds(what, value):
    try:
        s = float(value)
    except (TypeError, ValueError):
        s = float("nan")
    if not 0 < s <= 86400:
        raise ValueError(f"{what} needs seconds above 0, such as 2 or 0.5, "
                         f"not {value!r}")
    return s


class _Progress:
    """The line `shelf check` shows on a terminal, for check(): tries done
    of planned, the shelf's length, the time spent, the verdict so far. On
    standard error when it is a terminal, else in a notebook's output
    (IPython's display, when a kernel runs), else nowhere. At most five
    times a second; erased at the end."""

    def __init__(self, on):
        self.start = time.monotonic()
        self.shown = 0.0
        self.tty = self.handle = None
        self.stage = None  # no line shown yet
        self.on = False
        if not on:
            return
        try:
            if sys.stderr is not None and sys.stderr.isatty():
                self.tty = sys.stderr
                self.on = True
                return
        except (AttributeError, ValueError):
            pass
        try:
            from IPython import get_ipython
            from IPython.display import display
            shell = get_ipython()
            if shell is not None and getattr(shell, "kernel", None) is not None:
                self.handle = display("", display_id=True)
                self.on = self.handle is not None
        except Exception:  # no IPython, or no display: nothing shown
            self.handle = None

    def __call__(self, stage, done, total, n, verdict):
        now = time.monotonic()
        if now - self.shown < 0.2 and stage == self.stage:
            return
        self.shown, self.stage = now, stage
        # Worded by the library, as `shelf check` words it.
        line = _shelf._progress_line(stage, done, total, n, verdict,
                                     "shelf.check", now - self.start)
        if self.tty is not None:
            self.tty.write("\r" + line + "\033[K")
            self.tty.flush()
        else:
            self.handle.update(line)

    def end(self):
        if self.tty is not None and self.shown:
            self.tty.write("\r\033[K")
            self.tty.flush()
        elif self.handle is not None:
            self.handle.update("")


def check(func, problem="shelf", *, answer=None, max_n=None, range=None,
          tries=300, seed=None, time_limit=None, wall_limit=None,
          progress=True):
    """Judges func(wheels) as `shelf check --problem PROBLEM` judges a
    program: the problem's seven cases, the samples of the problem chosen,
    edge shelves and `tries` random shelves of growing size, each against
    the exact answer; the first failure shrunk, its mistake named.

    problem is "shelf" (the problem, docs/problem.md), "cses", "atcoder",
    "leetcode486" or "algolab" (its limits a file, here a call). answer ("margin", "first", "second", "winner"), max_n
    and range ((lo, hi)) override the problem's, as --answer, --max-n and
    --range do; seed makes the random shelves (a fresh one, shown in the
    report, when None). time_limit is the CPU seconds a run may take (the
    problem's: 1 for cses, else 2), wall_limit the seconds it may wait
    (3 times time_limit, at least 3). progress shows a line while it
    works (tries done of planned, the shelf's length, the time spent, the
    verdict so far), on standard error when it is a terminal, in a
    notebook's output when IPython runs one; progress=False shows nothing.

    Returns a CheckReport whose repr is the report. An exception from func
    propagates, raised on the smallest shelf found that raises the same
    type, with a note naming that shelf (and the shelf in its
    shelf_wheels attribute)."""
    p = _statement(problem)
    kind = p["answer"] if answer is None else answer
    if kind not in _ANSWERS:
        raise ValueError(f"unknown answer {answer!r} (use "
                         f"{', '.join(_ANSWERS[:-1])} or {_ANSWERS[-1]})")
    top = p["max_n"] if max_n is None else operator.index(max_n)
    lo, hi = (p["lo"], p["hi"]) if range is None else map(operator.index,
                                                          range)
    if lo > hi:
        raise ValueError("range needs lo <= hi")
    limit = p["time_limit"] if time_limit is None else _seconds(
        "time_limit", time_limit)
    waiting = max(3 * limit, 3.0) if wall_limit is None else _seconds(
        "wall_limit", wall_limit)
    if seed is None:
        import random as _random
        seed = _random.randrange(10**9)
    seed = operator.index(seed)
    name = getattr(func, "__qualname__", None) or getattr(
        func, "__name__", None) or type(func).__qualname__
    winner = kind == "winner"
    watch = _Watch(limit, waiting)

    def run_one(wheels, patience=1.0):
        """One run for the library's loop, with limits `patience` times the
        usual: (verdict, answer, how, output, cpu, detail)."""
        caught = value = None
        verdict, got, output = _OK, None, 0
        try:
            watch.begin(patience)
            value = func(wheels)
            verdict, got, output = _read(value, winner)
        except BaseException as e:  # noqa: B036 - sorted out below
            caught = e
        # The run's end: no stop is sent once `active` is clear (_Watch),
        # and one sent before is raised, and caught, here. Written out, not
        # called: a function's first line is a place where a stop is
        # raised, before the function's own `try` (CI saw one escape so).
        try:
            watch.active = False
            _due()
        except _TimeLimit:
            pass
        watch.ended()
        stopped = watch.stopped
        cpu, wall, waited = watch.spent()
        if isinstance(caught, KeyboardInterrupt):
            raise caught
        if watch.interrupted:  # Ctrl-C, and the function swallowed it
            raise KeyboardInterrupt
        if stopped is None and cpu > limit * patience:
            stopped = _TIMEOUT
        if stopped is None and waited > waiting * patience:
            stopped = _IDLE
        if stopped is not None:
            return stopped, None, 0, 0, cpu, ("spent", cpu, wall)
        if isinstance(caught, _TimeLimit):  # not ours: cannot be
            caught = RuntimeError("a stray time limit")
        if isinstance(caught, MemoryError):
            return _MEMORY, None, _stable_id(type(caught)), 0, cpu, (
                "raised", caught)
        if caught is not None:
            return _CRASH, None, _stable_id(type(caught)), 0, cpu, (
                "raised", caught)
        if verdict == _BAD_OUTPUT:
            return verdict, None, 0, output, cpu, ("returned", value)
        if not winner and not -2**127 <= got < 2**127:
            # Beyond what the library holds: it reads it as the nearest
            # end, which no answer on an int64 shelf is near (so it is
            # wrong); the report shows it as it is.
            return verdict, got, 0, output, cpu, ("big", got)
        return verdict, got, 0, output, cpu, None

    def describe(verdict, detail):
        """The failure in words for the report, or None."""
        if not isinstance(detail, tuple):
            return None
        try:
            if detail[0] == "raised":
                return _exception_words(detail[1])
            if detail[0] == "returned":
                return _value_words(detail[1])
            if detail[0] == "big":
                return _big_words(detail[1])
            if detail[0] == "spent" and verdict == _IDLE:
                return (f"it used {detail[1]:.3g} s of CPU in {detail[2]:.3g}"
                        f" s by the clock, and waited past the {waiting:.3g}"
                        " s wall limit")
        except Exception:
            pass
        return None

    shown = _Progress(progress)
    watch.start()
    try:
        j = _shelf._judge(run_one, describe, problem=p["name"], answer=kind,
                          max_n=top, lo=lo, hi=hi, tries=tries, seed=seed,
                          time_limit=limit, name=f"the function {name}",
                          progress=shown if shown.on else None)
    finally:
        shown.end()
        try:  # after a raise from _judge, as at a run's end in run_one
            watch.active = False
            _due()
        except _TimeLimit:
            pass
        watch.ended()
        watch.stop()
    detail = j["detail"]
    if j["verdict"] == "crash" and isinstance(detail, tuple):
        _raise_shrunk(detail[1], j["wheels"], j["try_index"])
    got = j["got"]
    if j["verdict"] == "bad-output" and isinstance(detail, tuple):
        got = detail[1]
    if j["verdict"] == "wrong" and isinstance(detail, tuple) and \
            detail[0] == "big":
        got = detail[1]
    return CheckReport(passed=j["passed"], tried=j["tried"],
                       planned=j["planned"], skipped=j["skipped"],
                       cut_tries=j["cut_tries"], seed=seed,
                       problem=p["name"], answer=kind,
                       try_index=j["try_index"], kind=j["kind"],
                       wheels=j["wheels"], shrunk_from=j["shrunk_from"],
                       expected=j["expected"], got=got, other=j["other"],
                       verdict=j["verdict"], mistake=j["mistake"],
                       cpu_seconds=j["cpu_seconds"], sentinel=_sentinel(j),
                       _text=j["text"])


def _sentinel(j):
    """sentinel-memo's value and quantity, from the growth of a timeout."""
    g = j.get("growth")
    if not g or g.get("sentinel") is None:
        return None
    return (g["sentinel"], g["sentinel_of"])


def _raise_shrunk(error, wheels, index):
    """Raises the function's exception from the smallest shelf that raises
    its type, with a note naming that shelf."""
    note = (f"shelf.check: raised on try {index}, shrunk to the shelf "
            f"{wheels!r} (shelf {' '.join(map(str, wheels))})")
    if hasattr(error, "add_note"):
        error.add_note(note)
    try:
        error.shelf_wheels = wheels
    except AttributeError:  # an exception class with __slots__
        pass
    raise error
