"""test_records.py - the result types read as what they are: immutable
records whose repr is an expression that recreates them (eval round-trips),
compared and hashed by their fields, pickled, matched by field, and not
tuples, so help() shows their fields and no tuple methods."""

import inspect
import pickle
import pydoc
import unittest

import support
import shelf

W = [3, 9, 1, 2]


def every_record():
    """One of each result type, from the functions that make them."""
    e = shelf.explain(W)
    g = shelf.Game([3, 9, 1, 2, 5, 6])
    g.take("left")
    return [shelf.result(W), shelf.line(W)[0], shelf.best_move(W, 0, 3),
            shelf.lead_table(W)[0][3], e, e.first_mistake, e.parity,
            g.review()[0], shelf.explain([1, 2, 3])]


class Records(unittest.TestCase):
    def test_repr_round_trips(self):
        for record in every_record():
            with self.subTest(record=record):
                text = repr(record)
                self.assertTrue(text.startswith(f"shelf.{type(record).__name__}("))
                self.assertNotIn("0x", text)  # no addresses
                again = eval(text, {"shelf": shelf})
                self.assertEqual(again, record)
                self.assertEqual(repr(again), text)
                self.assertEqual(hash(again), hash(record))

    def test_by_hand(self):
        self.assertEqual(repr(shelf.result(W)),
                         "shelf.Result(n=4, margin=7, first=11, second=4)")
        self.assertEqual(repr(shelf.best_move(W, 0, 3)),
                         "shelf.BestMove(lead=7, left=-5, right=7, best='right')")
        big = shelf.result([2**63 - 1] * 3)
        self.assertEqual(eval(repr(big), {"shelf": shelf}).first, 2 * (2**63 - 1))

    def test_immutable_and_not_tuples(self):
        r = shelf.result(W)
        with self.assertRaises(AttributeError):
            r.margin = 0
        with self.assertRaises(AttributeError):
            r.other = 0
        for record in every_record():
            self.assertNotIsInstance(record, tuple)
            self.assertFalse(hasattr(record, "count"))
            self.assertFalse(hasattr(record, "index") and
                             "index" not in record.__match_args__)

    def test_help_shows_fields_not_tuple_methods(self):
        text = pydoc.render_doc(shelf.Result, renderer=pydoc.plaintext)
        self.assertIn("Result(n, margin, first, second)", text)
        for record in every_record():
            self.assertEqual(list(inspect.signature(type(record)).parameters),
                             list(record.__match_args__))
        for field in ("n", "margin", "first", "second"):
            self.assertIn(field, text)
        for tuple_method in ("count(", "index(", "__getitem__", "__len__",
                             "n_fields", "n_sequence_fields"):
            self.assertNotIn(tuple_method, text)

    def test_keywords_and_errors(self):
        r = shelf.Result(4, 7, second=4, first=11)
        self.assertEqual(r, shelf.result(W))
        self.assertNotEqual(r, shelf.Result(4, 7, 11, 5))
        self.assertNotEqual(r, (4, 7, 11, 4))
        with self.assertRaisesRegex(TypeError, "missing the field 'second'"):
            shelf.Result(4, 7, 11)
        with self.assertRaisesRegex(TypeError, "no field 'lead'"):
            shelf.Result(4, 7, 11, 4, lead=1)
        with self.assertRaisesRegex(TypeError, "twice"):
            shelf.Result(4, 7, 11, 4, n=4)
        with self.assertRaisesRegex(TypeError, "takes 4 arguments"):
            shelf.Result(1, 2, 3, 4, 5)

    def test_pickle_and_match(self):
        for record in every_record():
            self.assertEqual(pickle.loads(pickle.dumps(record)), record)
        match shelf.best_move(W, 0, 3):
            case shelf.BestMove(lead, left, right, best):
                self.assertEqual((lead, left, right, best), (7, -5, 7, "right"))
            case _:
                self.fail("no match")

    def test_cycles_are_collected(self):
        import gc
        import weakref

        class Box(list):
            pass
        box = Box()
        r = shelf.Result(box, 0, 0, 0)
        box.append(r)
        ref = weakref.ref(box)
        del box, r
        gc.collect()
        self.assertIsNone(ref())


if __name__ == "__main__":
    support.main()
