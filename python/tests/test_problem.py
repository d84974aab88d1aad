"""test_problem.py - the problem's seven cases (docs/problem.md, its TESTS),
verbatim, against shelf.solve."""

import unittest

import support
import shelf

TESTS = [
    (([7, 2, 9, 4],), 10),
    (([3, 9, 1, 2],), 7),
    (([2, 4, 8, 1, 9, 3],), 11),
    (([6, 6],), 0),
    (([10, 1],), 9),
    (([5],), 5),
    (([4, 4, 4, 4],), 0),
]


class ProblemTests(unittest.TestCase):
    def test_seven_cases(self):
        for args, expected in TESTS:
            with self.subTest(args=args):
                self.assertEqual(shelf.solve(*args), expected)

    def test_examples_worked_by_hand(self):
        # The problem's text: the first buyer takes 2 and 9 against 3 and 1.
        self.assertEqual(shelf.result([3, 9, 1, 2]),
                         shelf.Result(n=4, margin=7, first=11, second=4))
        self.assertEqual(shelf.result([7, 2, 9, 4]).first, 16)


if __name__ == "__main__":
    support.main()
