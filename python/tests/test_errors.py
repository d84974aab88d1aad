"""test_errors.py - every way the package refuses its input: each error is a
Python exception naming its place, never a crash and never a wrong answer.
Parse errors are checked against what the command prints for the same text."""

import array
import os
import subprocess
import unittest

import support
import shelf

BIG = 2**63


class Weights(unittest.TestCase):
    def test_overflow_names_the_index(self):
        for bad, index in (([1, BIG], 1), ([-BIG - 1], 0), ([0, 0, 10**100], 2)):
            with self.assertRaisesRegex(OverflowError, rf"^wheels\[{index}\] "):
                shelf.solve(bad)
        # Both int64 extremes themselves are weights.
        self.assertEqual(shelf.solve([BIG - 1]), BIG - 1)
        self.assertEqual(shelf.solve([-BIG]), -BIG)

    def test_huge_int_is_not_printed(self):
        # More digits than str() allows: the message must not try.
        with self.assertRaisesRegex(OverflowError, r"wheels\[0\]"):
            shelf.solve([10**10000])

    def test_type_error_names_the_index(self):
        for bad, index, kind in (([1, "2"], 1, "str"), ([1.0], 0, "float"),
                                 ([1, 2, None], 2, "NoneType"),
                                 ([[1]], 0, "list")):
            with self.assertRaisesRegex(TypeError,
                                        rf"^wheels\[{index}\] is {kind}, not an int"):
                shelf.solve(bad)

    def test_not_a_shelf(self):
        for bad in (5, None, 2.5, object()):
            with self.assertRaisesRegex(TypeError, "iterable of ints"):
                shelf.solve(bad)
        with self.assertRaisesRegex(TypeError, "shelf.parse"):
            shelf.solve("3 9 1 2")

    def test_bool_counts_as_one(self):
        # Decided: bool is an int, as in the problem's own solve.
        self.assertEqual(shelf.solve([True, False]), 1)
        self.assertEqual(shelf.result([False, True, True]),
                         shelf.Result(n=3, margin=0, first=1, second=1))

    def test_index_protocol(self):
        class Weight:
            def __init__(self, v):
                self.v = v

            def __index__(self):
                return self.v

        self.assertEqual(shelf.solve([Weight(3), Weight(9), 1, Weight(2)]), 7)
        with self.assertRaisesRegex(OverflowError, r"wheels\[1\]"):
            shelf.solve([1, Weight(BIG)])

    def test_exception_from_index_passes_through(self):
        class Broken:
            def __index__(self):
                raise ZeroDivisionError("inside __index__")

        with self.assertRaises(ZeroDivisionError):
            shelf.solve([1, Broken()])

    def test_iterator_errors_pass_through(self):
        def wheels():
            yield 1
            raise TypeError("from the iterator")

        with self.assertRaisesRegex(TypeError, "^from the iterator$"):
            shelf.solve(wheels())

    def test_list_shrinking_while_read(self):
        wheels = [1, 2, 3, 4]

        class Shrink:
            def __index__(self):
                wheels.clear()
                return 5

        wheels[1] = Shrink()
        with self.assertRaisesRegex(RuntimeError, "changed size"):
            shelf.solve(wheels)

    def test_bad_buffer_formats(self):
        # Integers of every format are read (test_buffers.py); floats and
        # text are not, and more than one dimension is not a shelf.
        for code in "fd":
            with self.assertRaisesRegex(TypeError, f"format '{code}'"):
                shelf.solve(array.array(code, [1, 2]))
        with self.assertRaisesRegex(TypeError, "bytes.*shelf.parse"):
            shelf.solve(b"\x01\x02")
        two_d = memoryview(array.array("q", [1, 2, 3, 4])).cast("B").cast(
            "q", shape=[2, 2])
        with self.assertRaisesRegex(TypeError, "2-dimensional"):
            shelf.solve(two_d)

    def test_good_buffer_formats(self):
        data = array.array("q", [3, 9, 1, 2])
        self.assertEqual(shelf.solve(memoryview(data)), 7)
        self.assertEqual(shelf.solve(memoryview(data).cast("B").cast("l")), 7)
        self.assertEqual(shelf.solve(memoryview(array.array("q", [3, 0, 9, 0, 1, 0, 2]))[::2]), 7)
        self.assertEqual(shelf.solve(_big_endian()), shelf.solve([1, 2]))


def _big_endian():
    """A buffer whose format is '>q', which this machine does not read
    natively (memoryview cannot make one, so a ctypes array does)."""
    import ctypes
    import sys
    other = ctypes.c_int64.__ctype_be__ if sys.byteorder == "little" else \
        ctypes.c_int64.__ctype_le__
    return memoryview((other * 2)(1, 2))


class Arguments(unittest.TestCase):
    def test_best_move_block(self):
        for first, last in ((-1, 0), (2, 1), (0, 4), (4, 4)):
            with self.assertRaisesRegex(IndexError, "best_move"):
                shelf.best_move([3, 9, 1, 2], first, last)
        with self.assertRaises(IndexError):
            shelf.best_move([], 0, 0)

    def test_lead_table_too_long(self):
        with self.assertRaisesRegex(ValueError, "at most 1024"):
            shelf.lead_table([1] * 1025)
        self.assertEqual(len(shelf.lead_table([1] * 40)), 40)

    def test_random(self):
        with self.assertRaises(TypeError):
            shelf.random(3, seed="1")
        with self.assertRaisesRegex(OverflowError, "seed"):
            shelf.random(3, seed=-1)
        with self.assertRaisesRegex(OverflowError, "seed"):
            shelf.random(3, seed=2**64)
        with self.assertRaisesRegex(ValueError, "lo must be at most hi"):
            shelf.random(3, seed=1, lo=5, hi=4)
        with self.assertRaisesRegex(ValueError, "n must be"):
            shelf.random(-1, seed=1)
        with self.assertRaises(OverflowError):
            shelf.random(3, seed=1, hi=BIG)
        with self.assertRaises(TypeError):
            shelf.random(3, 1)  # seed is keyword-only

    def test_keywords_name_the_function(self):
        with self.assertRaisesRegex(TypeError, r"solve\(\)"):
            shelf.solve()
        with self.assertRaisesRegex(TypeError, r"svg\(\)"):
            shelf.svg([1], True)
        with self.assertRaises(TypeError):
            shelf.explain([1], limit="x")
        with self.assertRaisesRegex(ValueError, "limit"):
            shelf.explain([1], limit=-1)

    def test_parse_argument(self):
        with self.assertRaisesRegex(TypeError, "str or bytes"):
            shelf.parse(123)
        with self.assertRaises(UnicodeEncodeError):
            shelf.parse("1 \ud800")

    def test_solver(self):
        s = shelf.Solver()
        with self.assertRaisesRegex(OverflowError, "^weight is outside"):
            s.push(BIG)
        with self.assertRaisesRegex(TypeError, "^weight is str"):
            s.push("1")
        with self.assertRaisesRegex(TypeError, r"^wheels\[1\] is float"):
            s.extend([1, 2.0])
        self.assertEqual(len(s), 0)  # nothing was pushed
        with self.assertRaises(TypeError):
            shelf.Solver(1)


# Texts the command refuses, each with a different parse error.
BAD_TEXTS = [
    b"1 2\n3 x\n", b"[1, 2", b"1,,2", b"[,1]", b"[[1]]", b"1 2]", b"[1] 2",
    b"1 [2]", b"9223372036854775808", b"-9223372036854775809", b"1\x002",
    b"1 \xff", b"1.5", b"1e3", b"0x10", "\u22121".encode(), b"\xef\xbb\xbf1 x",
    b"1\r\n2 y\r\n", b"\n\n  7 ]", b"(1)",
]


class Parse(unittest.TestCase):
    def test_good_text(self):
        self.assertEqual(shelf.parse("[7, 2, 9, 4,]"), [7, 2, 9, 4])
        self.assertEqual(shelf.parse(b"-0 +5\r\n-9223372036854775808"),
                         [0, 5, -BIG])
        self.assertEqual(shelf.parse(""), [])
        self.assertEqual(shelf.parse(bytearray(b"1, 2")), [1, 2])

    @unittest.skipUnless(os.access(support.CLI, os.X_OK),
                         f"the command is not built at {support.CLI}")
    def test_errors_as_the_command_reports_them(self):
        for text in BAD_TEXTS:
            with self.subTest(text=text):
                cli = subprocess.run([support.CLI], input=text,
                                     capture_output=True)
                self.assertEqual(cli.returncode, 1)
                with self.assertRaises(shelf.ParseError) as caught:
                    shelf.parse(text)
                e = caught.exception
                self.assertIsInstance(e, ValueError)
                self.assertEqual(cli.stderr.decode(), f"shelf: {e}\n")
                self.assertIn(f"line {e.line}, column {e.column}:",
                              cli.stderr.decode())
                try:
                    as_str = text.decode()
                except UnicodeDecodeError:
                    continue
                with self.assertRaises(shelf.ParseError) as again:
                    shelf.parse(as_str)
                self.assertEqual(
                    (again.exception.line, again.exception.column,
                     again.exception.offset, again.exception.msg),
                    (e.line, e.column, e.offset, e.msg))

    def test_place_by_hand(self):
        with self.assertRaises(shelf.ParseError) as caught:
            shelf.parse("1 2\n3 x\n")
        e = caught.exception
        self.assertEqual((e.line, e.column, e.offset, e.msg, e.found),
                         (2, 3, 6, "expected an integer", "x"))
        self.assertEqual(str(e),
                         'line 2, column 3: expected an integer, found "x"')


if __name__ == "__main__":
    support.main()
