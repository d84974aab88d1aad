"""test_numpy.py - NumPy arrays, where NumPy is installed: int64 arrays are
read without a copy of the whole (a chunk at a time), floats are refused
saying how to convert, and strided views and NumPy's integer scalars work
(every integer dtype: test_buffers.py)."""

import sys
import unittest

import support

try:
    import numpy as np
except ImportError:
    print(f"skipped: numpy (not installed for {sys.executable})")
    sys.exit(77)

import reference
import shelf


class NumPy(unittest.TestCase):
    def test_int64_arrays(self):
        r = support.rng("test_numpy")
        for _ in range(300):
            w = support.random_shelf(r)
            a = np.array(w, dtype=np.int64)
            with self.subTest(wheels=w):
                self.assertEqual(shelf.solve(a), reference.margin(w))
                self.assertEqual(shelf.result(a), shelf.result(w))
                self.assertEqual(shelf.line(a), shelf.line(w))

    def test_views_and_scalars(self):
        a = np.array([3, 0, 9, 0, 1, 0, 2], dtype=np.int64)
        self.assertEqual(shelf.solve(a[::2]), 7)  # strided: read by its stride
        self.assertEqual(shelf.solve(a[2:3]), 9)
        self.assertEqual(shelf.solve([np.int64(3), np.int32(9), np.uint8(1), 2]), 7)
        self.assertEqual(shelf.solve(np.array([], dtype=np.int64)), 0)

    def test_refused(self):
        # Every integer dtype is read (test_buffers.py); floats are not.
        for dtype in (np.float32, np.float64):
            with self.subTest(dtype=dtype):
                with self.assertRaisesRegex(TypeError, "astype"):
                    shelf.solve(np.array([1, 2], dtype=dtype))
        with self.assertRaisesRegex(TypeError, "2-dimensional"):
            shelf.solve(np.zeros((2, 2), dtype=np.int64))
        with self.assertRaisesRegex(TypeError, "0-dimensional"):
            shelf.solve(np.int64(5))
        self.assertEqual(shelf.solve(np.array([1, 2], dtype=">i8")), 1)

    def test_no_copy(self):
        # A copy of 10^6 weights would be 8 MB that tracemalloc sees.
        a = np.full(10**6 + 1, 5, dtype=np.int64)  # one wheel more for the first
        margin, peak = support.traced_peak(shelf.solve, a)
        self.assertEqual(margin, 5)
        self.assertLess(peak, 1 << 20)


if __name__ == "__main__":
    support.main()
