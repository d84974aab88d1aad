"""test_lead_table.py - lead_table in its three forms against the problem's
interval DP (docs/problem.md, tests/reference.py): cells, the problem's
lead[i][j] as lists, and NumPy; and form="seed", the deprecated old name of
"lists"."""

import unittest
import warnings

import support
import reference
import shelf

try:
    import numpy
except ImportError:
    numpy = None


class LeadTable(unittest.TestCase):
    def shelves(self):
        r = support.rng("test_lead_table")
        return [[], [5], [3, 9, 1, 2], [7, 2, 9, 4]] + [
            support.random_shelf(r, 12) for _ in range(100)]

    def test_lists_form_is_the_dp(self):
        for w in self.shelves():
            with self.subTest(wheels=w):
                self.assertEqual(shelf.lead_table(w, form="lists"),
                                 reference.lead_table(w))

    def test_old_form_name_warns(self):
        # The old name of form="lists" still works, and says which to use.
        w = [7, 2, 9, 4]
        with self.assertWarnsRegex(DeprecationWarning, "form='lists'") as cm:
            old = shelf.lead_table(w, form="seed")
        self.assertEqual(old, shelf.lead_table(w, form="lists"))
        self.assertEqual(cm.filename, __file__)  # the caller's line
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            shelf.lead_table(w, form="lists")  # the new name does not warn

    def test_cells(self):
        for w in self.shelves():
            lead = reference.lead_table(w)
            table = shelf.lead_table(w, form="cells")
            self.assertEqual(table, shelf.lead_table(w))
            for i, row in enumerate(table):
                for j, cell in enumerate(row):
                    if i > j:
                        self.assertIsNone(cell)
                    else:
                        self.assertEqual(cell.lead, lead[i][j])

    def test_by_hand(self):
        # The problem's example: lead[0][3] of [7, 2, 9, 4] is 10.
        self.assertEqual(shelf.lead_table([7, 2, 9, 4], form="lists")[0][3],
                         10)
        self.assertEqual(shelf.lead_table([], form="lists"), [])
        with self.assertRaisesRegex(ValueError, "form must be"):
            shelf.lead_table([1], form="table")

    @unittest.skipIf(numpy is None, "NumPy is not installed")
    def test_numpy(self):
        for w in self.shelves():
            lead = reference.lead_table(w)
            if any(not -2**63 <= v < 2**63 for row in lead for v in row):
                with self.assertRaisesRegex(OverflowError,
                                            r"lead\[\d+\]\[\d+\] = .* int64"):
                    shelf.lead_table(w, form="numpy")
                continue
            a = shelf.lead_table(w, form="numpy")
            self.assertIsInstance(a, numpy.ndarray)
            self.assertEqual(a.dtype, numpy.int64)
            self.assertEqual(a.shape, (len(w), len(w)))
            self.assertEqual(a.tolist(), lead)


if __name__ == "__main__":
    if numpy is None:
        print("skipped: the NumPy form of lead_table (NumPy is not installed)")
    support.main()
