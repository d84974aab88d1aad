"""random_shelf.py - `shelf --random`: the shelves it makes, pinned for a
seed, within --range, from a seed it reports when none is given, solved
with the other options as a typed shelf is; a long list refused on a
terminal (a pseudo-terminal here) and made for a pipe; and its usage
errors."""

import json
import os
import re
import select
import subprocess
import unittest

import leak_check
from game_replay import WATCHDOG_SECONDS, command, run
from reference import margin as dp_margin
from reference import reduce_margin


class Random(unittest.TestCase):
    def listed(self, *args):
        p = run("--random", *args)
        self.assertEqual(p.returncode, 0, p.stderr)
        return json.loads(p.stdout)

    def test_pinned(self):
        # SplitMix64 from seed 1, rejection-sampled into 1..10000: the same
        # on every machine and in every release.
        p = run("--random", "5", "--seed", "1")
        self.assertEqual(p.stdout, "[2466, 8520, 591, 236, 8762]\n")
        self.assertEqual(p.stderr, "")

    def test_same_seed_same_shelf(self):
        a = self.listed("50", "--seed", "123")
        self.assertEqual(a, self.listed("50", "--seed", "123"))
        self.assertNotEqual(a, self.listed("50", "--seed", "124"))
        self.assertEqual(len(a), 50)
        # A longer shelf from the same seed starts the same way.
        self.assertEqual(self.listed("80", "--seed", "123")[:50], a)

    def test_range(self):
        w = self.listed("2000", "--seed", "4", "--range", "-5..5")
        self.assertTrue(all(-5 <= x <= 5 for x in w))
        self.assertEqual(set(w), set(range(-5, 6)))
        self.assertEqual(self.listed("7", "--seed", "4", "--range", "3..3"),
                         [3] * 7)
        lo, hi = -2**63, 2**63 - 1
        w = self.listed("100", "--seed", "9", "--range", f"{lo}..{hi}")
        self.assertTrue(all(lo <= x <= hi for x in w))
        self.assertEqual(len(set(w)), 100)
        w = self.listed("1000", "--seed", "2")
        self.assertTrue(all(1 <= x <= 10000 for x in w))

    def test_seed_from_the_clock(self):
        p = run("--random", "6")
        self.assertEqual(p.returncode, 0)
        m = re.fullmatch(r"shelf: random shelf from --seed (\d+)\n", p.stderr)
        self.assertIsNotNone(m, p.stderr)
        self.assertEqual(json.loads(p.stdout),
                         self.listed("6", "--seed", m.group(1)))

    def test_solved_with_other_options(self):
        w = self.listed("9", "--seed", "77")
        typed = json.loads(run("--json", "--moves", "--",
                               *map(str, w)).stdout)
        made = json.loads(run("--random", "9", "--seed", "77", "--json",
                              "--moves").stdout)
        self.assertEqual(made, typed)
        self.assertEqual(typed["margin"], dp_margin(w))
        p = run("--random", "9", "--seed", "77", "--algorithm", "dp")
        self.assertEqual(int(p.stdout), typed["margin"])
        p = run("--random", "9", "--seed", "77", "--explain")
        self.assertTrue(p.stdout.startswith(f"{typed['margin']}\n"))

    def on_terminal(self, *args):
        """Runs shelf with standard output a pseudo-terminal; returns the
        exit status, what the terminal showed and standard error."""
        master, slave = os.openpty()
        try:
            proc = subprocess.Popen(command(*args), stdin=subprocess.DEVNULL,
                                    stdout=slave, stderr=subprocess.PIPE,
                                    env=leak_check.env())
            os.close(slave)
            slave = None
            shown = b""
            while True:
                ready, _, _ = select.select([master], [], [],
                                            WATCHDOG_SECONDS)
                self.assertTrue(ready, "shelf hangs")
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the terminal's last writer is gone
                    break
                if not data:
                    break
                shown += data
            status = proc.wait(timeout=WATCHDOG_SECONDS)
            err = proc.stderr.read().decode()
            proc.stderr.close()
            return status, shown.decode().replace("\r\n", "\n"), err
        finally:
            os.close(master)
            if slave is not None:
                os.close(slave)

    def test_long_list_on_a_terminal(self):
        # A million wheels to a terminal, nothing asked of them: one line
        # on how to solve them or where to send them, and no list.
        status, shown, err = self.on_terminal("--random", "1000000")
        self.assertEqual((status, shown), (1, ""))
        self.assertEqual(
            err, "shelf: --random 1000000: more wheels than a terminal shows "
            "(it lists at most 1000); add --answer margin to solve the "
            "shelf, or send the list to a file or a pipe: shelf --random "
            "1000000 > shelf.txt\n")
        # The options that make the same list are in the line; a range
        # whose top is over the limit is refused whatever it draws.
        status, shown, err = self.on_terminal(
            "--random", "5..1001", "-c", "--seed", "3", "--range", "1..9")
        self.assertEqual((status, shown), (1, ""))
        self.assertTrue(err.endswith(
            ": shelf --random 5..1001 -c --seed 3 --range 1..9 > "
            "shelf.txt\n"), err)
        # At the limit, the list; solved, the answer; a pipe, any number.
        status, shown, err = self.on_terminal("--random", "1000", "--seed",
                                              "2")
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(json.loads(shown), self.listed("1000", "--seed", "2"))
        w = self.listed("1000000", "--seed", "5")
        self.assertEqual(len(w), 1000000)
        status, shown, err = self.on_terminal("--random", "1000000", "--seed",
                                              "5", "--answer", "first")
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(int(shown), (sum(w) + reduce_margin(w)) // 2)

    def test_usage_errors(self):
        for args in (["--random", "0"], ["--random", "x"],
                     ["--random", "-3"], ["--random", ""],
                     ["--random", "1000000001"],
                     ["--random", "5", "1", "2"],
                     ["--random", "5", "-f", "x"],
                     ["--random", "5", "--batch"],
                     ["--random", "3", "--range", "5..1"],
                     ["--random", "3", "--range", "1-5"],
                     ["--random", "3", "--range", "a..b"],
                     ["--random", "3", "--range", "1..9223372036854775808"],
                     ["--random", "3", "--seed", "-1"],
                     ["--random", "3", "--seed", "18446744073709551616"],
                     ["--seed", "3", "1", "2"], ["--range", "1..2", "1"]):
            p = run(*args)
            self.assertEqual(p.returncode, 2, args)
            self.assertTrue(p.stderr.startswith("shelf: "), args)
            self.assertEqual(p.stdout, "", args)
