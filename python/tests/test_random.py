"""test_random.py - random(n) without a seed takes one from the clock and
says it, as the command does on stderr ("random shelf from --seed S"): a
warning naming the seed, with which the same shelf comes again."""

import re
import subprocess
import unittest
import warnings

import support
import shelf


class ClockSeed(unittest.TestCase):
    def test_seed_is_shown_and_repeats(self):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            w = shelf.random(20)
        self.assertEqual(len(caught), 1)
        self.assertEqual(caught[0].filename, __file__)  # the caller's line
        m = re.fullmatch(r"random shelf from seed=(\d+)", str(caught[0].message))
        self.assertIsNotNone(m, str(caught[0].message))
        seed = int(m.group(1))
        self.assertEqual(shelf.random(20, seed=seed), w)
        # The command gives the same shelf for the seed shown.
        p = subprocess.run([support.CLI, "--random", "20", "--seed", str(seed),
                            "--json"], capture_output=True, text=True,
                           timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(f"{shelf.solve(w)}", p.stdout)

    def test_a_given_seed_says_nothing(self):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.assertEqual(shelf.random(5, seed=1),
                             [2466, 8520, 591, 236, 8762])
            self.assertEqual(shelf.random(3, seed=0, lo=4, hi=4), [4, 4, 4])


if __name__ == "__main__":
    support.main()
