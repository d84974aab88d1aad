"""test_fuzz.py - a short randomized fuzz of argument handling (issue 12):
every function and method is called with random arguments, positional and
keyword, of every kind. Each call must either return a correct answer (a
valid shelf is checked against tests/reference.py) or raise a Python
exception of the documented kinds; a crash fails the whole run."""

import array
import unittest

import support
import reference
import shelf


class Boom(Exception):
    pass


class BadIndex:
    def __index__(self):
        raise Boom("from __index__")


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


ALLOWED = (TypeError, ValueError, OverflowError, IndexError, MemoryError,
           RuntimeError, Boom)


def value(r, depth=0):
    """A random argument: often a plausible one, sometimes anything."""
    k = r.randrange(20)
    if k < 5:
        return support.random_shelf(r, 6)
    if k == 5:
        return array.array(r.choice("qbiBd"), [r.randint(0, 5) for _ in range(r.randint(0, 4))])
    if k == 6:
        return memoryview(array.array("q", support.random_shelf(r, 6)))
    if k == 7:
        return r.choice([0, 1, -1, 3, 2**63, -(2**63) - 1, 2**64, 10**30, True])
    if k == 8:
        return r.choice(["", "3 9 1 2", "[1,", "x", "1\x00", "\ud800"])
    if k == 9:
        return r.choice([b"", b"1 2", b"\xff", bytearray(b"7")])
    if k == 10:
        return r.choice([None, 1.5, float("nan"), object(), {}, set(), Index(4)])
    if k == 11:
        return iter(support.random_shelf(r, 6))
    if k == 12 and depth < 2:
        return [value(r, depth + 1) for _ in range(r.randint(0, 3))]
    if k == 13:
        return [1, BadIndex(), 2]
    if k == 14:
        return [Index(r.randint(-10, 10)) for _ in range(r.randint(0, 5))]
    if k == 15:
        return (r.randint(-3, 3) for _ in range(r.randint(0, 5)))
    return r.randint(-3, 8)


NAMES = {
    "solve": ["wheels"], "result": ["wheels"], "line": ["wheels"],
    "best_move": ["wheels", "first", "last"], "explain": ["wheels", "limit"],
    "lead_table": ["wheels"], "parse": ["text"],
    "random": ["n", "seed", "lo", "hi"], "svg": ["wheels", "explain"],
    "Game": ["wheels"], "Solver": [],
}


def arguments(r, names):
    """Random positional and keyword arguments, sometimes too many or an
    unknown keyword."""
    args, kwargs = [], {}
    count = (len(names) if r.random() < 0.7
             else r.randint(0, len(names) + 1))
    for i in range(count):
        name = names[i] if i < len(names) else "bogus"
        if r.random() < 0.5 or kwargs:
            kwargs[name] = value(r)
        else:
            args.append(value(r))
    return args, kwargs


def plain_shelf(x):
    """x as a list of ints if it is a list of int64 ints, else None."""
    if isinstance(x, list) and all(type(v) is int and -(2**63) <= v < 2**63
                                   for v in x):
        return x
    return None


class Fuzz(unittest.TestCase):
    def test_arguments(self):
        r = support.rng("test_fuzz")
        for _ in range(5000):
            name = r.choice(sorted(NAMES))
            args, kwargs = arguments(r, NAMES[name])
            try:
                out = getattr(shelf, name)(*args, **kwargs)
            except ALLOWED:
                continue
            wheels = plain_shelf(args[0] if args else kwargs.get("wheels"))
            if name == "solve" and wheels is not None:
                self.assertEqual(out, reference.margin(wheels), wheels)
            if name == "Solver":
                # And each method of a Solver, with random arguments too.
                for method in ("push", "extend", "result", "reset"):
                    margs, mkwargs = arguments(r, ["weight" if method == "push"
                                                   else "wheels"])
                    try:
                        getattr(out, method)(*margs, **mkwargs)
                    except ALLOWED:
                        pass
            if name == "Game":
                repr(out)
                for method in ("line", "explain", "svg", "_repr_svg_"):
                    margs, mkwargs = arguments(r, ["explain"])
                    try:
                        getattr(out, method)(*margs, **mkwargs)
                    except ALLOWED:
                        pass


if __name__ == "__main__":
    support.main()
