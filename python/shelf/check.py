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

Why the plan and the shrinking are written here again rather than called
from libshelf: the extension module (python/src/module.c) is being reworked
and offers no hook for them yet; tests/check_tests.py and
python/tests/test_check.py keep the two in step (the same shelves, the same
mistake sentences). The mistakes' margins come from the library where it
has them (greedy from shelf.explain, the true margin from shelf.solve).
"""

import math
import operator

from ._shelf import explain, random, result, solve

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
_SEED_CASES = [[7, 2, 9, 4], [3, 9, 1, 2], [2, 4, 8, 1, 9, 3], [6, 6],
               [10, 1], [5], [4, 4, 4, 4]]
_EDGE_SMALL = 6
_TWICE_MAX = 16
_SHRINK_MAX = 600
_U64 = 2**64

_SENTENCES = {  # libshelf's shelf_mistake_sentence(), word for word
    "greedy": "Greedy: the code takes the heavier end at every turn, but a "
    "heavy wheel can open the way to a heavier one for the other buyer; the "
    "lead of a block is the better of its two ends, each end's weight minus "
    "the lead the other buyer then has on the rest.",
    "added": "Added: the code adds the rest's lead to the wheel taken "
    "(w + lead) instead of subtracting it, as if one buyer took every "
    "wheel; after a move the other buyer is the one to move on the rest, so "
    "that lead counts against you: w - lead.",
    "left-index": "Left index: the code fills the lead table by left end i "
    "ascending, but lead[i][j] reads lead[i+1][j], a row not filled yet, "
    "and gets its initial value; fill by span length (every block of 1 "
    "wheel, then of 2, and so on), so that both blocks a cell reads are "
    "done before it.",
    "wrong-quantity": "Wrong quantity: the answer is another number of the "
    "game than the one asked (the margin, the first buyer's total or the "
    "second's); the first buyer's total is (sum + margin) / 2, the "
    "second's (sum - margin) / 2.",
    "strict-tie": "Strict tie: asked whether the first buyer wins, the code "
    "says no on a tie, but a first buyer's total equal to the second's "
    "counts as a win: margin >= 0, not margin > 0.",
    "overflow32": "Overflow: the code adds in 32-bit integers, which wrap "
    "past 2147483647 kilos; totals and leads need 64 bits (long long, "
    "int64_t).",
}

_ANSWER_WORDS = {
    "margin": "the margin",
    "first": "the first buyer's total",
    "second": "the second buyer's total",
    "winner": "whether the first buyer's total is at least the second's",
}


# ==== The plan (cli/check_plan.c) ====

def _clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def _edges(max_n, lo, hi):
    """The edge shelves, each small and at the largest n, in the command's
    order; None where the command skips one."""
    small = min(max_n, _EDGE_SMALL)

    def past(bits):
        if hi <= 0:
            return 0
        need = (1 << bits) // hi + 1
        return need if need <= max_n else 0

    shapes = []
    for shape in range(13):
        for big in (False, True):
            n = max_n if big else small
            if shape in (0, 1):
                w = None if big else [lo if shape == 0 else hi]
            elif shape == 2:
                w = None if big or max_n < 2 else [lo, hi]
            elif shape == 3:
                w = [_clamp(7, lo, hi)] * n
            elif shape == 4:
                w = None if lo > 0 or hi < 0 else [0] * n
            elif shape == 5:
                w = [_clamp(2 if k % 4 in (1, 2) else 1, lo, hi)
                     for k in range(n)]
            elif shape in (6, 7):
                w = [_clamp(lo + (k if shape == 6 else n - 1 - k), lo, hi)
                     for k in range(n)]
            elif shape == 8:
                w = [lo if k % 2 else hi for k in range(n)]
            elif shape in (9, 10):
                w = [lo if shape == 9 else hi] * n
            else:
                need = past(31 if shape == 11 else 32)
                if need == 0:
                    w = None
                else:
                    m = max_n if big else (need + 1 if need + 1 <= max_n
                                           else need)
                    w = [hi] * m
                    if m > need:
                        w[1 % m] = _clamp(1, lo, hi)
            if big and w is not None and len(w) <= _EDGE_SMALL + 2:
                w = None
            shapes.append(w)
    return shapes


def _random_try(seed, k, tries, max_n, lo, hi):
    s = (seed * 0x9e3779b97f4a7c15 + k) % _U64
    pick = random(2, seed=s, lo=0, hi=2**63 - 1)
    t = k / (tries - 1) if tries > 1 else 1.0
    top = math.pow(max_n, t)
    hi_n = min(max(int(top + 0.5), 1), max_n)
    lo_n = hi_n // 2 or 1
    n = lo_n + pick[0] % (hi_n - lo_n + 1)
    whi = lo + 3 if pick[1] % 3 == 0 and hi - lo > 3 else hi
    return random(n, seed=s ^ 0x5eed, lo=lo, hi=whi)


def _plan(max_n, lo, hi, tries, seed, samples):
    """(kind, wheels) for every try in order; wheels None for a skipped
    one."""
    def fits(w):
        return len(w) <= max_n and all(lo <= x <= hi for x in w)
    for w in _SEED_CASES:
        yield "one of the seed's cases", (w if fits(w) else None)
    for w in samples:
        yield "a sample", (w if fits(w) else None)
    for w in _edges(max_n, lo, hi):
        yield "an edge shelf", w
    for k in range(tries):
        yield "a random shelf", _random_try(seed, k, tries, max_n, lo, hi)


def _shrink_candidates(w, lo, hi):
    """The command's order: chunks of n/2, n/4, ..., 1 wheels deleted at
    each place, then each weight from the left toward the point of the
    range nearest 0 (to it, then keeping half the distance, ...)."""
    n = len(w)
    size = n // 2
    while size >= 1:
        for at in range(0, (n // size) * size, size):
            if n - size >= 1:
                yield w[:at] + w[at + size:]
        size //= 2
    target = _clamp(0, lo, hi)
    for k in range(n):
        d = abs(w[k] - target)
        c = 0
        while d >> c if c else d:
            left = 0 if c == 0 else d >> c
            out = list(w)
            out[k] = target + left if w[k] > target else target - left
            yield out
            c += 1


# ==== Answers and mistakes (cli/check_judge.c) ====

def _answer(kind, r):
    return {"margin": r.margin, "first": r.first, "second": r.second,
            "winner": r.margin >= 0}[kind]


def _left_index_margin(w):
    """The seed's DP filled by left index: only row 0 reaches the answer,
    and it reads the diagonal and itself (as src/mistakes.c argues)."""
    if not w:
        return 0
    row = w[0]
    for j in range(1, len(w)):
        below = w[1] if j == 1 else 0
        row = max(w[0] - below, w[j] - row)
    return row


def _mistake_margin(name, w):
    if name == "greedy":
        return explain(w, limit=1).greedy_margin
    if name == "added":
        return sum(w)
    return _left_index_margin(w)


def _half(got, v):
    """Half of v rounded toward zero (C) or toward minus infinity (Python):
    a program turns a wrong margin of the wrong parity into a total either
    way."""
    toward_zero = -((-v) // 2) if v < 0 else v // 2
    return got in (toward_zero, v // 2)


def _answers_margin(kind, got, m, total):
    if kind == "first":
        return _half(got, total + m)
    if kind == "second":
        return _half(got, total - m)
    if kind == "winner":
        return got == (m >= 0)
    return got == m


def _fits_31(w):
    return 2 * sum(abs(x) for x in w) <= 2**31 - 1


def _mistake(kind, failing, fitting_passed):
    if not failing:
        return None
    for name in ("greedy", "added", "left-index"):
        if all(_answers_margin(kind, got, _mistake_margin(name, w), sum(w))
               for w, got in failing):
            return name
    if kind == "winner" and all(solve(w) == 0 and got is False
                                for w, got in failing):
        return "strict-tie"
    if kind != "winner":
        others = [q for q in ("margin", "first", "second") if q != kind]
        if all(any(got == _answer(q, result(w)) for q in others)
               for w, got in failing):
            return "wrong-quantity"
    if fitting_passed and all(not _fits_31(w) for w, _ in failing):
        return "overflow32"
    return None


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
                         f"{_SENTENCES[self.mistake]}")
            if self.mistake == "greedy":
                lines.extend(_why_greedy(self.wheels))
        return "\n".join(lines)


def _why_greedy(w):
    """Why greedy fails on this very shelf, from shelf.explain."""
    e = explain(w)
    lines = [f"  Perfect play: margin {e.margin}; both greedy (the heavier "
             f"end, the left on equal weights): margin {e.greedy_margin}."]
    m = e.first_mistake
    if m is not None:
        lines.append(f"  The greedy trap: at turn {m.turn} the {m.buyer} "
                     f"buyer's heavier end is the {m.end} (wheel "
                     f"{m.index + 1}, {m.weight} kilos), but taking it costs "
                     f"{m.cost} kilos of lead.")
    return lines


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
    plan = list(_plan(top, lo, hi, tries, seed, samples))

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


def _shrink(judge, w, got, verdict, lo, hi, failing):
    runs = 0
    moved = True
    while moved and runs < _SHRINK_MAX:
        moved = False
        for cand in _shrink_candidates(w, lo, hi):
            if runs >= _SHRINK_MAX:
                break
            runs += 1
            try:
                v, g = judge(cand)
            except Exception:
                continue  # another way of failing: not this failure
            if v == verdict:
                w, got, moved = cand, g, True
                if v == "wrong" and len(failing) < 64:
                    failing.append((cand, g))
                break
    return w, got, failing


def _raise_shrunk(func, w, lo, hi, error, index):
    """Shrinks the shelf while func raises the same type on it, then raises
    the exception from the smallest one, with a note."""
    runs = 0
    moved = True
    while moved and runs < _SHRINK_MAX:
        moved = False
        for cand in _shrink_candidates(w, lo, hi):
            if runs >= _SHRINK_MAX:
                break
            runs += 1
            try:
                func(list(cand))
            except Exception as e:
                if type(e) is type(error):
                    w, error, moved = cand, e, True
                    break
    note = (f"shelf.check: raised on try {index}, shrunk to the shelf "
            f"{w!r} (shelf {' '.join(map(str, w))})")
    if hasattr(error, "add_note"):
        error.add_note(note)
    error.shelf_wheels = w
    raise error
