"""usage.py - the package used as a typed program would use it; test_mypy.py
checks it with mypy --strict against the stubs (shelf/__init__.pyi). Each
result is assigned to a variable of the type it should have, so a stub that
says another type fails the check."""

import array

import numpy
import numpy.typing

import shelf

wheels: list[int] = [3, 9, 1, 2]
margin: int = shelf.solve(wheels) + shelf.solve(array.array("q", wheels))
r: shelf.Result = shelf.result(range(4))
total: int = r.first + r.second + r.n + r.margin
moves: list[shelf.Move] = shelf.line(wheels)
end: str = moves[0].end
b: shelf.BestMove = shelf.best_move(wheels, 0, 3)
e: shelf.Explanation = shelf.explain(wheels, limit=10)
text: str = str(e) + e.sentences[0]
cost: int | None = e.first_mistake.cost if e.first_mistake else None
cells: list[list[shelf.Cell | None]] = shelf.lead_table(wheels)
lead: list[list[int]] = shelf.lead_table(wheels, form="lists")
table: numpy.typing.NDArray[numpy.int64] = shelf.lead_table(wheels, form="numpy")
parsed: list[int] = shelf.parse(b"1 2 3") + shelf.parse("4")
shown: list[int] = shelf.random(5) + shelf.random(5, seed=1, lo=-3, hi=3)
picture: str = shelf.svg(wheels, explain=True, width=640)

g = shelf.Game(wheels, opponent="greedy", you="second")
made: list[shelf.Move] = g.take("left")
hint: shelf.BestMove | None = g.hint()
undone: bool = g.undo()
rows: list[shelf.Review] = g.review()
totals: tuple[int, int] = g.totals
block: tuple[int, int] | None = g.block
over: bool = g.over
s = shelf.Solver()
s.extend(wheels)
s.push(5)
n: int = len(s) + len(g)

try:
    shelf.parse("x")
except shelf.ParseError as err:
    place: int = err.line + err.column

match b:
    case shelf.BestMove(lead=best_lead, best="left"):
        lead_int: int = best_lead
    case _:
        pass
