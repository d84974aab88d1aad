#!/usr/bin/env python3
"""interactive_test.py - `shelf --interactive` driven through pipes and a
pseudo-terminal, and `shelf --random`.

Usage: interactive_test.py PATH/TO/shelf [unittest options]

With standard input a pipe the game reads one command a line and writes
plain text, so most of these tests play it there. Each part is a module
of its own, whose test cases run here together:

  - game_play.py: whole games, every move, cost and review checked
    against the interval DP of reference.py (game_replay.py plays them
    and follows their text);
  - game_commands.py: each command and each kind of input, and read
    errors on standard input, which exit with status 1;
  - game_terminal.py: keys, and the terminal's mode as it was after every
    way out;
  - game_traps.py: greedy played on --trap shelves loses exactly what
    --explain states;
  - random_shelf.py: `shelf --random`.

Python 3 standard library only.
"""

import os
import sys
import unittest

import game_replay
from game_commands import Commands, ReadErrors  # noqa: F401
from game_play import (Again, LastWheel, Mistakes, Opponents,  # noqa: F401
                       Perfect, Undo)
from game_terminal import Terminal  # noqa: F401
from game_traps import GreedyOnTraps  # noqa: F401
from random_shelf import Random  # noqa: F401

if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: interactive_test.py PATH/TO/shelf")
    game_replay.SHELF = os.path.abspath(sys.argv.pop(1))
    # The test cases imported above are this module's, to unittest.
    unittest.main(verbosity=1)
