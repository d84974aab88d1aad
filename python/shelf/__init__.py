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
and Game, which shows itself as its picture in Jupyter. check judges a
solution as `shelf check` does, and testing.shelves is a Hypothesis strategy.
"""

from ._shelf import (
    BestMove,
    Cell,
    Explanation,
    Game,
    Mistake,
    Move,
    Parity,
    ParseError,
    Result,
    Solver,
    __version__,
    best_move,
    explain,
    lead_table,
    line,
    parse,
    random,
    result,
    solve,
    svg,
)

from . import testing
from .check import CheckReport, check

__all__ = [
    "solve", "result", "line", "best_move", "explain", "lead_table", "parse",
    "random", "svg", "Solver", "Game", "ParseError", "Result", "Move",
    "BestMove", "Cell", "Explanation", "Mistake", "Parity",
    "check", "CheckReport", "testing",
]
