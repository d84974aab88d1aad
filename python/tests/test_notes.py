"""test_notes.py - shelf.parse warns the library's notes on input, with the
words the command prints on stderr ("shelf: note: line L: ..."), for text
that looks counted or grouped by thousands; other text warns nothing."""

import subprocess
import unittest
import warnings

import support
import shelf


def command_notes(text):
    p = subprocess.run([support.CLI], input=text, capture_output=True,
                       text=True, timeout=60)
    prefix = "shelf: note: "
    return [line[len(prefix):] for line in p.stderr.splitlines()
            if line.startswith(prefix)]


def parse_notes(text):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        weights = shelf.parse(text)
    return weights, [str(w.message) for w in caught
                     if issubclass(w.category, UserWarning)]


class Notes(unittest.TestCase):
    def test_as_the_command_notes(self):
        for text in ("3\n1 2 3\n", "1,000 5\n", "4\n1,500 2 3 4\n",
                     "7 2 9 4\n", "[1, 2, 3]", "2\n5 6", "12,345,678\n"):
            with self.subTest(text=text):
                weights, said = parse_notes(text)
                want = command_notes(text)
                self.assertEqual(len(said), len(want))
                for ours, theirs in zip(said, want):
                    # The same note; only how to read a count differs.
                    self.assertEqual(ours.split("; parse(text)")[0],
                                     theirs.split("; --counted")[0])

    def test_by_hand(self):
        weights, said = parse_notes("3\n1 2 3\n")
        self.assertEqual(weights, [3, 1, 2, 3])
        self.assertEqual(said, [
            "line 1: 3 looks like a count of the 3 weights after it, but it "
            "was read as a wheel; parse(text)[1:] reads it as a count"])
        self.assertEqual(parse_notes("7 2 9 4")[1], [])

    def test_warning_as_error(self):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with self.assertRaisesRegex(UserWarning, "grouped by thousands"):
                shelf.parse("1,000 5")
            self.assertEqual(shelf.parse("1 2"), [1, 2])

    def test_parse_error_is_the_librarys_line(self):
        # The one-line message every surface shows, from libshelf.
        p = subprocess.run([support.CLI], input="1 2\n3 x\n",
                           capture_output=True, text=True, timeout=60)
        with self.assertRaises(shelf.ParseError) as caught:
            shelf.parse("1 2\n3 x\n")
        self.assertIn(str(caught.exception), p.stderr)
        self.assertEqual(str(caught.exception),
                         'line 2, column 3: expected an integer, found "x"')


if __name__ == "__main__":
    support.main()
