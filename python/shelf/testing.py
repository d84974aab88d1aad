"""shelf.testing: Hypothesis strategies for people who test that way.

    from hypothesis import given
    from shelf.testing import shelves

    @given(shelves(problem="shelf"))
    def test_my_solve(wheels):
        assert my_solve(wheels) == shelf.solve(wheels)

Hypothesis is optional: this module imports without it, and shelves()
raises ImportError saying what to install where it is missing (Debian:
python3-hypothesis; pip: hypothesis).
"""

__all__ = ["shelves"]

def shelves(problem=None, *, min_size=1, max_size=None, lo=None, hi=None):
    """A Hypothesis strategy for shelves: lists of min_size to max_size
    weights in lo..hi, by default the problem's limits (libshelf's table,
    the one shelf.check and `shelf check` read; the problem's, "shelf",
    when problem is None). Hypothesis shrinks them toward fewer wheels and
    weights near 0, as shelf.check does; a third of the shelves draw their
    weights from the bottom four of the range, so that ties and equal ends
    come up."""
    try:
        from hypothesis import strategies as st
    except ImportError as e:
        raise ImportError(
            "shelf.testing.shelves needs Hypothesis, which is not installed "
            "(Debian: apt install python3-hypothesis; elsewhere: pip install "
            "hypothesis)") from e
    from . import _shelf
    p = _shelf._problem(problem or "shelf")
    if p is None:
        raise ValueError(f"unknown problem {problem!r} (use shelf, cses, "
                         "atcoder, leetcode486 or algolab)")
    top, low, high = p["max_n"], p["lo"], p["hi"]
    max_size = top if max_size is None else max_size
    lo = low if lo is None else lo
    hi = high if hi is None else hi
    if not 0 <= min_size <= max_size or lo > hi:
        raise ValueError("shelves() needs min_size <= max_size and lo <= hi")
    weights = st.one_of(st.integers(lo, hi), st.integers(lo, min(hi, lo + 3)))
    return st.lists(weights, min_size=min_size, max_size=max_size)
