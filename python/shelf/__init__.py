"""Exact answers to the ripening-shelf game, on libshelf.

A shelf holds wheels of cheese in a row; two buyers take turns lifting the
wheel at the left or the right end of what remains, and both play perfectly
to maximise their own kilos. The margin is the first buyer's total minus the
second's:

    >>> import shelf
    >>> shelf.solve([3, 9, 1, 2])
    7
    >>> shelf.result([3, 9, 1, 2])
    shelf.Result(n=4, margin=7, first=11, second=4)

A shelf (the argument named wheels) is any iterable of ints, or a buffer of
integers of any size, signed or unsigned, in either byte order, strided or
not, such as array('i'), array('q') or a NumPy integer array (a bool array
reads as 0 and 1; floats are refused: convert them with a.astype(np.int64)
or [int(x) for x in wheels]). Each weight is read once, so another thread
rewriting the buffer during a call gives some answer, never a crash. An int
outside the 64-bit range raises OverflowError and anything that is not an
int raises TypeError, each naming its index (wheels[3]); True counts as 1
and False as 0, as they do in Python arithmetic. Totals and
margins are exact ints of any size. Long work releases the GIL.

Also here: the line of perfect play (line), the best move on any block
(best_move), why greedy play loses (explain), the interval DP's table
(lead_table), the command's text grammar (parse, raising ParseError), a
streaming Solver, reproducible random shelves (random), the picture (svg),
and Game, which you can play (take, undo, hint, review) and which shows
itself as its picture, or as buttons, in Jupyter. Results are small
immutable records whose repr recreates them, and str(explain(w)) is the
command's --explain text.
check judges a solution as `shelf check` does, and testing.shelves is a
Hypothesis strategy.
"""

import time as _time
import warnings as _warnings

from . import _shelf
from ._game import Game
from ._shelf import (
    BestMove,
    Cell,
    Explanation,
    Mistake,
    Move,
    Parity,
    ParseError,
    Result,
    Review,
    Solver,
    __version__,
    best_move,
    explain,
    line,
    parse,
    result,
    solve,
    solve_file,
    svg,
)

from . import testing
from .check import CheckReport, check

__all__ = [
    "solve", "result", "solve_file", "line", "best_move", "explain", "lead_table", "parse",
    "random", "svg", "Solver", "Game", "ParseError", "Result", "Move",
    "BestMove", "Cell", "Explanation", "Mistake", "Parity", "Review",
    "check", "CheckReport", "testing",
]


def random(n, *, seed=None, lo=1, hi=10000):
    """A reproducible random shelf of n wheels, each weight uniform in
    lo..hi: the same shelf as `shelf --random N --seed S --range LO..HI`
    on every machine.

    Without a seed, one is taken from the clock and shown in a warning,
    "random shelf from seed=S", as the command shows it, so that the shelf
    can be made again.

    >>> random(5, seed=1)
    [2466, 8520, 591, 236, 8762]
    """
    if seed is None:
        seed = _time.time_ns() // 1000 % 1000000000  # short enough to type
        _warnings.warn(f"random shelf from seed={seed}", stacklevel=2)
    return _shelf.random(n, seed=seed, lo=lo, hi=hi)


def lead_table(wheels, *, form="cells"):
    """The interval DP's table of a small shelf (at most 1024 wheels).

    form="cells": table[i][j] is Cell(lead, left, right) for block i..j,
    what the buyer to move can finish ahead by and what taking each end
    keeps; None where i > j.
    form="lists": the problem's table (docs/problem.md) as a list of lists,
    lead[i][j] an int, 0 where i > j. (form="seed", its old name, still
    works but is deprecated: it warns with DeprecationWarning.)
    form="numpy": the same as a NumPy int64 array (OverflowError if a lead
    does not fit 64 bits; ImportError without NumPy).

    >>> lead_table([3, 9, 1, 2])[0][3]
    shelf.Cell(lead=7, left=-5, right=7)
    >>> lead_table([3, 9, 1, 2], form="lists")[0]
    [3, 6, -5, 7]
    """
    if form == "seed":
        _warnings.warn(
            "lead_table: form='seed' is deprecated; use form='lists'",
            DeprecationWarning, stacklevel=2)
        form = "lists"
    if form not in ("cells", "lists", "numpy"):
        raise ValueError(
            f"lead_table: form must be 'cells', 'lists' or 'numpy', not {form!r}")
    table = _shelf.lead_table(wheels)
    if form == "cells":
        return table
    lead = [[0 if c is None else c.lead for c in row] for row in table]
    if form == "lists":
        return lead
    import numpy
    for i, row in enumerate(lead):
        for j, v in enumerate(row):
            if not -2**63 <= v < 2**63:
                raise OverflowError(
                    f"lead_table: lead[{i}][{j}] = {v} does not fit in int64; "
                    "form='lists' gives exact ints")
    return numpy.array(lead, dtype=numpy.int64).reshape(len(lead), len(lead))
