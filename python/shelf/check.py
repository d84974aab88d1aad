"""shelf.check: the judge of `shelf check`, on a Python callable.

    >>> import shelf
    >>> def greedy(wheels):
    ...     ...
    >>> shelf.check(greedy)          # doctest: +SKIP
    shelf check: FAILED: wrong answer on try 2 of 327 ...

The callable takes the wheels (a list of ints) and returns the problem's
answer: the margin (problem "seed" or "atcoder"), the first buyer's total
("cses"), or a bool, True when the first buyer's total is at least the
second's ("leetcode486"). The tries are the command's, in its order and
from the same --seed: the seed's seven cases and the problem's samples,
the edge shelves, then random shelves of growing size (from the library's
shelf.random, so that `shelf check --seed S` and `shelf.check(f, seed=S)`
try the same shelves). A failure is shrunk as the command shrinks it and
its mistake named with the command's names.

An exception raised by the callable is never swallowed: the shelf is shrunk
to the smallest that raises the same type, and the exception from that
shelf is raised again with a note naming it. A callable cannot be stopped
from inside Python, so there is no time limit here; use the command on a
program for that.

The plan of tries, the shrink candidates, the mistake named and its
sentence are libshelf's (shelf_plan_shelf, shelf_plan_shrink,
shelf_mistake_of, shelf_mistake_sentence), the same calls the command
makes.
"""

import operator

from . import _shelf
from ._shelf import explain, result

__all__ = ["check", "CheckReport"]

# ==== The problems (the command's table, cli/check.c) ====

_PROBLEMS = {
    # name: (answer, max_n, lo, hi, samples)
    "cses": ("first", 5000, -10**9, 10**9, [[4, 5, 1, 3]]),
    "atcoder": ("margin", 3000, 1, 10**9,
                [[10, 80], [10, 100, 10], [10], [10**9, 1] * 5,
                 [4, 2, 9, 7, 1, 5]]),
    "leetcode486": ("winner", 20, 0, 10**7, [[1, 5, 2], [1, 5, 233, 7]]),
    "seed": ("margin", 500, 1, 10**4, []),
}
_TWICE_MAX = 16
_SHRINK_MAX = 600
_ANSWERS = ("margin", "first", "second", "winner")  # shelf_answer's order
_KINDS = ("one of the seed's cases", "a sample", "an edge shelf",
          "a random shelf")  # shelf_try's order

_ANSWER_WORDS = {
    "margin": "the margin",
    "first": "the first buyer's total",
    "second": "the second buyer's total",
    "winner": "whether the first buyer's total is at least the second's",
}


# ==== The plan, shrinking and mistakes (libshelf's judge.c) ====

def _plan(max_n, lo, hi, tries, seed, samples):
    """(kind, wheels) for every try in order; wheels None for a skipped
    one."""
    return [(_KINDS[k], w)
            for k, w in _shelf._plan(max_n, lo, hi, tries, seed, samples)]


def _shrink_candidates(w, lo, hi):
    c = 0
    while (cand := _shelf._shrink(w, lo, hi, c)) is not None:
        yield cand
        c += 1


def _answer(kind, r):
    return {"margin": r.margin, "first": r.first, "second": r.second,
            "winner": r.margin >= 0}[kind]


def _fits_31(w):
    return _shelf._fits_31_bits(w)


def _mistake(kind, failing, fitting_passed):
    return _shelf._mistake_of(_ANSWERS.index(kind), failing,
                              bool(fitting_passed))


# ==== The report ====

class CheckReport:
    """What shelf.check() found; its repr reads like the command's report.
    True when every try passed. On a failure, wheels is the shrunk shelf,
    expected and got the answers on it, verdict one of "wrong",
    "bad-output", "unstable", and mistake a name or None."""

    __slots__ = ("passed", "tried", "planned", "seed", "problem", "answer",
                 "try_index", "kind", "wheels", "original_wheels",
                 "expected", "got", "other", "verdict", "mistake")

    def __init__(self, **fields):
        for name in self.__slots__:
            setattr(self, name, fields.get(name))

    def __bool__(self):
        return bool(self.passed)

    def __repr__(self):
        p = self.problem
        if self.passed:
            return (f"shelf check: passed: the function gave the right "
                    f"answer on all {self.tried} tries (--problem {p}, "
                    f"--seed {self.seed}).")
        heads = {"wrong": "wrong answer", "bad-output": "bad output",
                 "unstable": "changes from run to run"}
        lines = [f"shelf check: FAILED: {heads[self.verdict]} on try "
                 f"{self.try_index} of {self.planned} ({self.kind}; "
                 f"--problem {p}, --seed {self.seed})"]
        n = len(self.wheels)
        unit = "wheel" if n == 1 else "wheels"
        lines.append(f"The shelf ({n} {unit}, shrunk from "
                     f"{self.original_wheels}): {self.wheels!r}")
        lines.append("As shelf's arguments: shelf " +
                     " ".join(map(str, self.wheels)))
        lines.append(f"Expected: {_show(self.expected)} "
                     f"({_ANSWER_WORDS[self.answer]})")
        if self.verdict == "unstable":
            lines.append(f"Got:      {_show(self.got)}, then on the same "
                         f"shelf {_show(self.other)}")
        elif self.verdict == "bad-output":
            lines.append(f"Got:      {self.got!r}, not one answer of the "
                         "asked form")
        else:
            lines.append(f"Got:      {_show(self.got)}")
        if self.mistake:
            lines.append(f"Mistake: {self.mistake}. "
                         f"{_shelf._mistake_sentence(self.mistake)}")
            if self.mistake == "greedy":
                lines.extend(_why_greedy(self.wheels))
        return "\n".join(lines)


def _why_greedy(w):
    """Why greedy fails on this very shelf, in the library's sentences, as
    the command gives them: perfect play, both greedy, the trap."""
    said = explain(w).sentences
    return ["  " + said[k] for k in (0, 1, 3)]


def _show(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


# ==== The check ====

def _read(kind, got):
    """The answer got as a Python value of the asked form, or None: for a
    winner a bool (NumPy's included), else an int (anything with
    __index__, such as np.int64, but not a bool)."""
    if kind == "winner":
        if isinstance(got, bool):
            return got
        if getattr(getattr(got, "dtype", None), "kind", None) == "b":
            return bool(got)
        return None
    if isinstance(got, bool) or getattr(getattr(got, "dtype", None), "kind",
                                        None) == "b":
        return None
    try:
        return operator.index(got)
    except TypeError:
        return None


def check(func, problem="seed", *, answer=None, max_n=None, range=None,
          tries=300, seed=None):
    """Judges func(wheels) on the tries of `shelf check --problem PROBLEM`.

    answer ("margin", "first", "second", "winner"), max_n and range
    ((lo, hi)) override the problem's, as --answer, --max-n and --range do;
    tries is the number of random shelves; seed makes them (a fresh one,
    shown in the report, when None). Returns a CheckReport. An exception
    from func propagates, raised on the smallest shelf found that raises
    the same type, with a note naming that shelf."""
    if problem not in _PROBLEMS:
        raise ValueError(f"unknown problem {problem!r} (use cses, atcoder, "
                         "leetcode486 or seed)")
    kind, top, lo, hi, samples = _PROBLEMS[problem]
    kind = answer or kind
    if kind not in _ANSWER_WORDS:
        raise ValueError(f"unknown answer {answer!r}")
    top = max_n or top
    if range is not None:
        lo, hi = range
        if lo > hi:
            raise ValueError("range needs lo <= hi")
    if seed is None:
        import random as _random
        seed = _random.randrange(10**9)
    plan = _plan(top, lo, hi, tries, seed, samples)

    def expected(w):
        return _answer(kind, result(w))

    def judge(w):
        """(verdict, got); an exception from func propagates."""
        got = func(list(w))
        value = _read(kind, got)
        if value is None:
            return "bad-output", got
        return ("ok" if value == expected(w) else "wrong"), value

    tried = 0
    fitting = 0
    for index, (where, w) in enumerate(plan, 1):
        if w is None:
            continue
        tried += 1
        try:
            verdict, got = judge(w)
        except Exception as e:
            _raise_shrunk(func, w, lo, hi, e, index)
        other = None
        if len(w) <= _TWICE_MAX:
            try:
                again, other = judge(w)
            except Exception as e:
                _raise_shrunk(func, w, lo, hi, e, index)
            if (again, other) != (verdict, got):
                verdict = "unstable"
        if verdict == "ok":
            fitting += _fits_31(w)
            continue
        original = len(w)
        failing = [(w, got)] if verdict == "wrong" else []
        if verdict in ("wrong", "bad-output"):
            w, got, failing = _shrink(judge, w, got, verdict, lo, hi, failing)
        mistake = (_mistake(kind, [f for f in failing if f[0] == w] +
                            [f for f in failing if f[0] != w], fitting >= 3)
                   if verdict == "wrong" else None)
        return CheckReport(passed=False, tried=tried, planned=len(plan),
                           seed=seed, problem=problem, answer=kind,
                           try_index=index, kind=where, wheels=w,
                           original_wheels=original, expected=expected(w),
                           got=got, other=other, verdict=verdict,
                           mistake=mistake)
    return CheckReport(passed=True, tried=tried, planned=len(plan), seed=seed,
                       problem=problem, answer=kind)


def _smallest(w, lo, hi, fails):
    """Shrinks w while fails(candidate) says it still fails the same way,
    trying the library's candidates in order and starting again from each
    one that does, for at most _SHRINK_MAX runs. fails returns what to keep
    of a failing run, or None. Returns the smallest shelf and what was kept
    of its run (None when w itself was never re-run)."""
    kept = None
    runs = 0
    moved = True
    while moved and runs < _SHRINK_MAX:
        moved = False
        for cand in _shrink_candidates(w, lo, hi):
            if runs >= _SHRINK_MAX:
                break
            runs += 1
            seen = fails(cand)
            if seen is not None:
                w, kept, moved = cand, seen, True
                break
    return w, kept


def _shrink(judge, w, got, verdict, lo, hi, failing):
    def fails(cand):
        try:
            v, g = judge(cand)
        except Exception:
            return None  # another way of failing: not this failure
        if v != verdict:
            return None
        if v == "wrong" and len(failing) < 64:
            failing.append((cand, g))
        return (g,)

    w, kept = _smallest(w, lo, hi, fails)
    return w, (got if kept is None else kept[0]), failing


def _raise_shrunk(func, w, lo, hi, error, index):
    """Shrinks the shelf while func raises the same type on it, then raises
    the exception from the smallest one, with a note."""
    def fails(cand):
        try:
            func(list(cand))
        except Exception as e:
            return e if type(e) is type(error) else None
        return None

    w, kept = _smallest(w, lo, hi, fails)
    error = error if kept is None else kept
    note = (f"shelf.check: raised on try {index}, shrunk to the shelf "
            f"{w!r} (shelf {' '.join(map(str, w))})")
    if hasattr(error, "add_note"):
        error.add_note(note)
    error.shelf_wheels = w
    raise error
