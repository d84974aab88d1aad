"""test_buffers.py - every integer buffer is read exactly, by its items'
kind, size and byte order (issue 19 defect 8, issue 23): array of each
integer code, memoryviews cast to each format, big-endian ctypes arrays,
strided, reversed and non-contiguous views, and NumPy arrays of every
integer dtype in both byte orders where NumPy is installed; each against
the same weights given as a list. Bool buffers read as 0 and 1; unsigned
values above 2**63 - 1 raise OverflowError naming their index; floats are
refused with how to convert them; bytes and bytearray are refused as text.
"""

import array
import ctypes
import sys
import unittest

import support

import shelf

try:
    import numpy as np
except ImportError:
    np = None

# Every function that takes a shelf, as one tuple of answers.
def answers(wheels):
    n = len(wheels)
    out = [shelf.solve(wheels), support.fields(shelf.result(wheels)), shelf.line(wheels)]
    if n:
        out.append(shelf.best_move(wheels, 0, n - 1))
    if n <= 40:
        out.append(shelf.lead_table(wheels))
        out.append(str(shelf.explain(wheels)))
        out.append(shelf.svg(wheels))
    s = shelf.Solver()
    s.extend(wheels)
    out.append(support.fields(s.result()))
    return out


def limits(size, signed):
    bits = 8 * size
    return (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2**bits - 1)


def weights_for(r, size, signed, n):
    lo, hi = limits(size, signed)
    hi = min(hi, 2**63 - 1)  # what a weight can be
    edge = [lo, hi, lo + 1, hi - 1, 0, 1]
    return [r.choice(edge) if r.random() < 0.3 else r.randint(lo, hi) for _ in range(n)]


class Arrays(unittest.TestCase):
    def test_every_array_code(self):
        r = support.rng("test_buffers")
        for code in "bBhHiIlLqQ":
            a = array.array(code)
            signed = code.islower()
            for n in (0, 1, 2, 7, 40, 300):
                w = weights_for(r, a.itemsize, signed, n)
                if code in "LQ" and a.itemsize == 8:
                    w = [min(x, 2**63 - 1) for x in w]
                a = array.array(code, w)
                with self.subTest(code=code, n=n):
                    self.assertEqual(answers(a), answers(w))
                    view = memoryview(a)
                    self.assertEqual(answers(view[::-1]), answers(w[::-1]))
                    self.assertEqual(answers(view[1::3]), answers(w[1::3]))

    def test_memoryview_casts(self):
        data = array.array("q", [3, 9, 1, 2, -5, 0, 7, 4])
        raw = memoryview(data).cast("B")
        for fmt in "bBhHiIlLqQ":
            view = raw.cast(fmt)
            with self.subTest(fmt=fmt):
                if view.itemsize == 8 and fmt in "LQ":  # -5 read as 2**64 - 5
                    for form in (view, view.tolist()):
                        with self.assertRaisesRegex(OverflowError, r"^wheels\[4\]"):
                            shelf.result(form)
                else:
                    self.assertEqual(shelf.result(view), shelf.result(view.tolist()))

    def test_big_endian_ctypes(self):
        for ctype, w in ((ctypes.c_int64, [3, 9, 1, 2, -(2**63), 2**63 - 1]),
                         (ctypes.c_int32, [3, 9, 1, 2, -(2**31)]),
                         (ctypes.c_int16, [3, -9, 1, 2]),
                         (ctypes.c_uint16, [3, 9, 65535, 2]),
                         (ctypes.c_uint32, [2**32 - 1, 9, 1, 2])):
            other = ctype.__ctype_be__ if sys.byteorder == "little" else ctype.__ctype_le__
            buf = (other * len(w))(*w)
            with self.subTest(ctype=ctype.__name__):
                self.assertEqual(answers(memoryview(buf)), answers(w))

    def test_bool_reads_as_0_and_1(self):
        view = memoryview(bytes([1, 0, 1, 1, 0])).cast("?")
        self.assertEqual(answers(view), answers([1, 0, 1, 1, 0]))

    def test_unsigned_above_int64(self):
        a = array.array("Q", [1, 2, 2**63 - 1, 2**63, 5])
        with self.assertRaisesRegex(OverflowError, r"^wheels\[3\] is outside the 64-bit"):
            shelf.solve(a)
        s = shelf.Solver()
        s.push(4)
        with self.assertRaisesRegex(OverflowError, r"wheels\[3\]"):
            s.extend(a)
        self.assertEqual(len(s), 1)  # nothing of it was pushed
        self.assertEqual(s.result().margin, 4)

    def test_floats_say_how_to_convert(self):
        for code in "fd":
            with self.assertRaisesRegex(TypeError, r"astype\(np\.int64\).*int\(x\)"):
                shelf.solve(array.array(code, [1.0, 2.0]))
        with self.assertRaisesRegex(TypeError, r"^wheels\[1\] is float, not an int; .*int\(x\)"):
            shelf.solve([1, 2.0])

    def test_text_is_refused(self):
        for text in (b"3 9 1 2", bytearray(b"3 9")):
            with self.assertRaisesRegex(TypeError, "shelf.parse"):
                shelf.solve(text)

    def test_shapes(self):
        two_d = memoryview(array.array("q", [1, 2, 3, 4])).cast("B").cast("q", shape=[2, 2])
        with self.assertRaisesRegex(TypeError, "2-dimensional"):
            shelf.solve(two_d)


class IndexErrors(unittest.TestCase):
    def test_type_error_inside_index_is_the_cause(self):
        class Weight:
            def __index__(self):
                raise TypeError("the user's own")

        with self.assertRaises(TypeError) as caught:
            shelf.solve([1, Weight()])
        self.assertRegex(str(caught.exception), r"^wheels\[1\] is Weight")
        self.assertIsInstance(caught.exception.__cause__, TypeError)
        self.assertEqual(str(caught.exception.__cause__), "the user's own")
        s = shelf.Solver()
        with self.assertRaises(TypeError) as caught:
            s.push(Weight())
        self.assertEqual(str(caught.exception.__cause__), "the user's own")

    def test_index_returning_a_non_int(self):
        class Weight:
            def __index__(self):
                return 1.5

        with self.assertRaises(TypeError) as caught:
            shelf.solve([Weight()])
        self.assertIsNotNone(caught.exception.__cause__)


class Sizes(unittest.TestCase):
    def test_random_too_large(self):
        # (size_t)n * 8 wrapped: 2**61 weights asked for 0 bytes.
        for n in (2**61, 2**62, 2**63 - 1):
            with self.assertRaises((MemoryError, OverflowError)):
                shelf.random(n, seed=1)


@unittest.skipIf(np is None, f"numpy is not installed for {sys.executable}")
class NumPy(unittest.TestCase):
    DTYPES = ["i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8"]

    def test_every_integer_dtype(self):
        r = support.rng("test_buffers numpy")
        for dt in self.DTYPES:
            for order in "<>=":
                dtype = np.dtype(order + dt)
                for n in (0, 1, 5, 33, 500):
                    w = weights_for(r, dtype.itemsize, dtype.kind == "i", n)
                    a = np.array(w, dtype=dtype)
                    with self.subTest(dtype=dtype.str, n=n):
                        self.assertEqual(answers(a), answers(w))
                        self.assertEqual(answers(a[::-1]), answers(w[::-1]))
                        self.assertEqual(answers(a[::3]), answers(w[::3]))

    def test_non_contiguous(self):
        m = np.arange(60, dtype=np.int32).reshape(6, 10) * 7 - 200
        w = [int(x) for x in m[:, 3]]
        self.assertEqual(answers(m[:, 3]), answers(w))  # a column: stride 40
        f = np.asfortranarray(m)
        self.assertEqual(answers(f[2]), answers([int(x) for x in m[2]]))

    def test_bool(self):
        a = np.array([True, False, True, True])
        self.assertEqual(answers(a), answers([1, 0, 1, 1]))

    def test_uint64_above_int64(self):
        a = np.array([5, 2**63, 1], dtype=np.uint64)
        with self.assertRaisesRegex(OverflowError, r"wheels\[1\]"):
            shelf.solve(a)
        self.assertEqual(shelf.solve(np.array([5, 2**63 - 1, 1], dtype=np.uint64)),
                         shelf.solve([5, 2**63 - 1, 1]))

    def test_floats(self):
        for dt in (np.float16, np.float32, np.float64):
            with self.assertRaisesRegex(TypeError, r"a\.astype\(np\.int64\)"):
                shelf.solve(np.array([1, 2], dtype=dt))

    def test_objects(self):
        a = np.array([3, 9, 2**63 - 1, -(2**63)], dtype=object)
        self.assertEqual(answers(a), answers([3, 9, 2**63 - 1, -(2**63)]))


if __name__ == "__main__":
    if np is None:
        support.skipped_part("NumPy arrays as shelves",
                             "NumPy is not installed for %s" % sys.executable)
    support.main()
