"""game_commands.py - what the game in a pipe does with each command and
each kind of input: hints, unknown commands and bytes, quit, the end of
input, --second, plain text without colour, an empty and a long shelf, a
closed output, usage errors; and read errors on standard input, which
exit with status 1."""

import errno
import os
import resource
import subprocess
import tempfile
import unittest

import game_replay
from game_replay import MOVE, WATCHDOG_SECONDS, command, final, game, run
from robustness_oom import is_sanitized


class Commands(unittest.TestCase):
    def test_hint(self):
        p = game([3, 9, 1, 2], ["?", "q"])
        self.assertEqual(p.returncode, 0)
        self.assertEqual(p.stdout.count("Hint:"), 1)
        hint = p.stdout[p.stdout.index("Hint:"):]
        # The library's sentence (shelf_game_say()), wrapped at spaces to
        # the width (80 in a pipe).
        self.assertTrue(" ".join(hint.split("Your move")[0].split()).startswith(
            "Hint: the left wheel (3 kilos) keeps a lead of -5 (5 kilos "
            "behind), the right wheel (2 kilos) keeps a lead of 7 (7 kilos "
            "ahead). Best: the right."), hint)

    def test_hint_on_a_tie(self):
        p = game([4, 4, 4, 4], ["?", "q"])
        self.assertIn("Both ends are best.", p.stdout)

    def test_unknown_commands(self):
        junk = ["x", "", "  ", "left right", "h", "\x1b[31m", "\xff\x00",
                "?" * 200]
        p = game([3, 9, 1, 2], junk + ["r", "LEFT  ", " Right"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.count("Unknown command"), len(junk) + 1)
        self.assertIn("Unknown command 'x': type l (or left), r (or right), "
                      "u (or undo), ? hint, q quit.", p.stdout)
        # The game is over: a move is not a command there.
        self.assertIn("Unknown command 'right': type a (or again), u (or "
                      "undo), q (or quit).", p.stdout)
        # Plain text only, even when the junk was an escape sequence.
        self.assertNotIn("\x1b", p.stdout)
        self.assertTrue(all(len(l) < 200 for l in p.stdout.splitlines()))
        self.assertEqual(final(self, p.stdout.splitlines())[2], 7)

    def test_keys_as_on_a_terminal(self):
        # l is left and r is right, as the terminal's keys; an arrow's
        # escape sequence on a line of its own is that arrow.
        p = game([3, 9, 1, 2], ["r", "l"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("You take the right wheel (2 kilos).", p.stdout)
        self.assertIn("You take the left wheel (9 kilos).", p.stdout)
        p = game([3, 9, 1, 2], ["\x1b[C", "\x1bOD", "q"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("You take the right wheel (2 kilos).", p.stdout)
        self.assertIn("You take the left wheel (9 kilos).", p.stdout)
        self.assertNotIn("Unknown command", p.stdout)

    def test_binary_input(self):
        p = subprocess.run(command("-i", "3", "9", "1", "2"),
                           input=b"\xff\xfe\x00\x07\nq\n",
                           capture_output=True, timeout=WATCHDOG_SECONDS)
        self.assertEqual(p.returncode, 0)
        self.assertIn(b"Unknown command", p.stdout)
        self.assertNotIn(b"\x1b", p.stdout)

    def test_quit(self):
        p = game([3, 9, 1, 2], ["r", "q", "l"])
        self.assertEqual(p.returncode, 0)
        self.assertEqual(p.stderr, "")
        self.assertIn("You quit at turn 3 of 4: you 2, opponent 3.",
                      p.stdout)
        self.assertNotIn("Game over", p.stdout)
        self.assertEqual(p.stdout.count("You take"), 1)

    def test_end_of_input(self):
        for commands in ([], ["r"]):
            p = game([3, 9, 1, 2], commands)
            self.assertEqual(p.returncode, 0)
            self.assertEqual(p.stderr, "")
            self.assertIn("Input ended at turn", p.stdout)
            self.assertNotIn("Game over", p.stdout)

    def test_second(self):
        p = game([3, 9, 1, 2], ["l", "r"], "--second")
        self.assertEqual(p.returncode, 0)
        lines = p.stdout.splitlines()
        self.assertIn("You are the second buyer; a perfect buyer plays "
                      "first.", lines)
        moves = [l for l in lines if MOVE.match(l)]
        # The opponent opens with the line's move: the 2 on the right.
        self.assertTrue(moves[0].startswith("The opponent takes the right "
                                            "wheel (2 kilos)"), moves)
        you, opponent, margin = final(self, lines)
        self.assertEqual(margin, you - opponent)
        self.assertIn("You matched perfect play", p.stdout)
        self.assertEqual(margin, -7)

    def test_plain_text(self):
        p = game([3, 9, 1, 2], ["?", "l", "?", "r"])
        self.assertNotIn("\x1b", p.stdout)
        p = subprocess.run(command("-i", "3", "9", "1", "2"), input="l\n",
                           capture_output=True, text=True,
                           env={**os.environ, "NO_COLOR": ""},
                           timeout=WATCHDOG_SECONDS)
        self.assertNotIn("\x1b", p.stdout)

    def test_empty_shelf(self):
        p = run("-i", "[]")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("The shelf is empty", p.stdout)

    def test_moves_and_explain_after_the_game(self):
        p = game([3, 9, 1, 2], ["l", "r"], "--moves", "--explain")
        self.assertEqual(p.returncode, 0)
        after = p.stdout.split("Perfect play on this shelf")[1]
        self.assertIn("\n7\n", after)
        self.assertIn("The greedy trap: at turn 1", after)

    def test_long_shelf(self):
        # 10^5 wheels: the shelf is abbreviated, the opponent answers.
        p = run("-i", "--random", "100000", "--seed", "11",
                stdin="l\nr\n?\nl\nq\n")
        self.assertEqual(p.returncode, 0, p.stderr)
        shelves = [l for l in p.stdout.splitlines() if l.startswith("  [")]
        self.assertGreaterEqual(len(shelves), 4)
        for s in shelves:
            self.assertLessEqual(len(s), 80)
            self.assertIn(" more ...", s)
        # l, (opponent), r, (opponent), ? and l, (opponent), q.
        self.assertIn("You quit at turn 7 of 100000", p.stdout)
        self.assertEqual(p.stdout.count("The opponent takes"), 3)

    def test_closed_output(self):
        # The reader goes away: the game ends with status 1, silently.
        proc = subprocess.Popen(command("-i", "--random", "1000", "--seed",
                                        "1"), stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        proc.stdout.readline()
        proc.stdout.close()
        _, err = proc.communicate(b"l\n" * 600, timeout=WATCHDOG_SECONDS)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(err, b"")

    def test_usage_errors(self):
        for args in (["-i"], ["-i", "-f", "-"], ["-i", "--json", "1", "2"],
                     ["-i", "--batch", "-f", "x"], ["--second", "1", "2"]):
            p = run(*args, stdin="1 2\n")
            self.assertEqual(p.returncode, 2, args)
            self.assertTrue(p.stderr.startswith("shelf: "), args)
            self.assertEqual(p.stdout, "", args)


class ReadErrors(unittest.TestCase):
    def run_with_stdin(self, fd):
        try:
            return subprocess.run(command("-i", "3", "9", "1", "2"),
                                  stdin=fd, capture_output=True, text=True,
                                  timeout=WATCHDOG_SECONDS)
        finally:
            os.close(fd)

    def test_a_directory(self):
        with tempfile.TemporaryDirectory() as tmp:
            p = self.run_with_stdin(os.open(tmp, os.O_RDONLY))
        self.assertEqual(p.returncode, 1)
        self.assertEqual(p.stderr, "shelf: standard input: %s\n" %
                         os.strerror(errno.EISDIR))
        self.assertNotIn("Input ended", p.stdout)

    def test_a_line_too_long_for_memory(self):
        # getline() fails to allocate: out of memory, not the end of input.
        if is_sanitized(game_replay.SHELF):
            self.skipTest("AddressSanitizer cannot run under RLIMIT_AS")
        limit = 256 << 20

        def small():
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        with tempfile.TemporaryFile() as f:
            f.truncate(2 * limit)  # a sparse line of NUL bytes
            p = subprocess.run(command("-i", "3", "9", "1", "2"), stdin=f,
                               capture_output=True, text=True,
                               preexec_fn=small, timeout=WATCHDOG_SECONDS)
        self.assertEqual(p.returncode, 1, p.stdout[-200:])
        self.assertEqual(p.stderr, "shelf: out of memory\n")
