"""game_terminal.py - the game on a pseudo-terminal: keys (arrows, undo,
again), a last wheel taken without a key, two people and the greedy
opponent on keys, and the terminal's mode as it was after every way out
(the end, signals, a read error)."""

import errno
import os
import re
import select
import signal
import subprocess
import termios
import threading
import unittest

from game_replay import WATCHDOG_SECONDS, command, overs, review_rows


class Terminal(unittest.TestCase):
    """The game on a pseudo-terminal: keys, raw mode, and the terminal as it
    was on every way out."""

    ANSI = re.compile(r"\x1b\[[0-9;]*m")

    def start(self, *args, readable=True):
        self.master, self.slave = os.openpty()
        self.addCleanup(os.close, self.master)
        self.addCleanup(os.close, self.slave)
        self.mode = termios.tcgetattr(self.slave)
        stdin = self.slave
        if not readable:
            stdin = os.open(os.ttyname(self.slave), os.O_WRONLY)
            self.addCleanup(os.close, stdin)
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env["TERM"] = "xterm"
        self.proc = subprocess.Popen(
            command("-i", *args), stdin=stdin,
            stdout=self.slave, stderr=subprocess.PIPE, env=env,
            start_new_session=True)
        watchdog = threading.Timer(WATCHDOG_SECONDS, self.proc.kill)
        watchdog.start()
        self.addCleanup(watchdog.cancel)
        self.text = ""

    def wait_for(self, what, count=1):
        """Reads the screen until `what` has appeared `count` times."""
        while self.plain().count(what) < count:
            # The test holds the terminal open, so the end of the game
            # shows as a process that has exited with nothing more to read
            # (the watchdog ends one that hangs).
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                self.text += os.read(self.master, 65536).decode()
            else:
                self.assertIsNone(self.proc.poll(),
                                  f"no {what!r} in {self.plain()!r}")

    def plain(self):
        return self.ANSI.sub("", self.text).replace("\r\n", "\n")

    def key(self, data):
        os.write(self.master, data)

    def finish(self):
        """Waits for the end; the terminal must be as it was."""
        status = self.proc.wait(timeout=WATCHDOG_SECONDS)
        err = self.proc.stderr.read().decode()
        self.proc.stderr.close()
        self.assertEqual(termios.tcgetattr(self.slave), self.mode)
        return status, err

    def test_keys_undo_again_and_a_last_wheel(self):
        self.start("--second", "3", "9", "1", "2")
        self.wait_for("q quit): ")
        self.key(b"u")
        self.wait_for("Nothing to undo")
        self.key(b"l")  # the 3; the opponent's 9, then the last wheel
        self.wait_for("Play again? (a again, u undo, q quit): ")
        self.assertIn("You take the last wheel (1 kilo).", self.plain())
        self.assertIn("\x1b[", self.text)  # colour on a terminal
        self.key(b"u")
        self.wait_for("You take back your move at turn 2 and the moves after "
                      "it.")
        self.wait_for("q quit): ", 3)
        self.key(b"\x1b[C")  # Right arrow: the 1
        self.wait_for("Play again?", 2)
        self.key(b"a")
        self.wait_for("A new game on the same shelf.")
        self.wait_for("q quit): ", 4)
        self.key(b"q")
        status, err = self.finish()
        self.assertEqual((status, err), (0, ""))
        screen = self.plain()
        self.assertEqual(overs(self, screen), [(4, 11, -7), (4, 11, -7)])
        self.assertEqual(review_rows(screen, 1), [
            ["2", "right", "1", "-5", "-5", "0"],
            ["4", "last", "3", "3", "3", "0"]])

    def test_l_is_left_and_r_is_right(self):
        # The keys are the lines' words: l the left wheel, r the right, as
        # from a pipe; vi's h is no key.
        self.start("3", "9", "1", "2")
        self.wait_for("Keys: l or Left the left wheel, r or Right the right, "
                      "u undo, ? hint, q quit.")
        self.wait_for("(l/Left, r/Right, u undo, ? hint, q quit): ")
        self.key(b"r")
        self.wait_for("You take the right wheel (2 kilos).")
        self.wait_for("q quit): ", 2)
        self.key(b"h")  # unknown: the keys again
        self.wait_for("Keys: l or Left", 2)
        self.key(b"L")
        self.wait_for("You take the left wheel (9 kilos).")
        self.wait_for("Play again?")
        self.key(b"q")
        status, err = self.finish()
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(overs(self, self.plain()), [(11, 4, 7)])

    def test_two_people_and_greedy_on_keys(self):
        # Two people at one keyboard: both buyers' keys, then undo takes
        # back the last move whoever made it.
        self.start("--vs", "person", "3", "9", "1", "2")
        self.wait_for("First buyer's move")
        self.key(b"\x1b[C")  # the 2
        self.wait_for("Second buyer's move")
        self.key(b"l")  # the 3
        self.wait_for("First buyer's move", 2)
        self.key(b"u")
        self.wait_for("Taken back: the move at turn 2.")
        self.key(b"q")
        status, err = self.finish()
        self.assertEqual((status, err), (0, ""))
        self.assertIn("The first buyer takes the right wheel (2 kilos).",
                      self.plain())
        # Against greedy: the 3 is left to the person, greedy takes the 9.
        self.start("--vs", "greedy", "3", "9", "1", "2")
        self.wait_for("q quit): ")
        self.key(b"l")
        self.wait_for("The opponent takes the left wheel (9 kilos).")
        self.wait_for("q quit): ", 2)
        self.key(b"q")
        status, err = self.finish()
        self.assertEqual((status, err), (0, ""))

    def test_signals(self):
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            with self.subTest(sig=sig):
                self.start("3", "9", "1", "2")
                self.wait_for("q quit): ")
                self.key(b"l")
                self.wait_for("q quit): ", 2)
                self.proc.send_signal(sig)
                status, _ = self.finish()
                self.assertEqual(status, -sig)

    def test_read_error(self):
        # A terminal that cannot be read (open for writing only): an error,
        # not the end of input.
        self.start("3", "9", "1", "2", readable=False)
        status, err = self.finish()
        self.assertEqual(status, 1)
        self.assertEqual(err, "shelf: standard input: %s\n" %
                         os.strerror(errno.EBADF))
