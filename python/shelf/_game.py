"""shelf._game - Game: a shelf you play against a perfect or a greedy buyer,
move by move, with undo, a hint and the command's review of your moves.

The C half (shelf._shelf._Game) holds the shelf and its perfect game; what
each move is worth comes from libshelf (best_move, the greedy rule), so the
game says what `shelf --interactive` says.
"""

from . import _shelf

_ENDS = ("left", "right")
_OPPONENTS = ("perfect", "greedy")
_BUYERS = ("first", "second")


class Game(_shelf._Game):
    """One shelf and its perfect game, which you can also play: take("left")
    or take("right") at your turn, and the opponent (a perfect buyer, or a
    greedy one that takes the heavier end) replies at once. undo() takes
    your last move back, hint() says what each end keeps, review() lists
    your moves against perfect play as the command's review does. In the
    REPL a game shows as a short line; in Jupyter as its picture with the
    greedy trap marked, or, where ipywidgets is installed, as buttons to
    play with (widget()). wheels is read as solve() reads it, and copied.

    >>> Game([3, 9, 1, 2])
    <shelf.Game of 4 wheels [3, 9, 1, 2]: margin 7>
    """

    __slots__ = ("_w", "_you", "_opponent", "_moves", "_first", "_last")

    def __new__(cls, wheels, *, opponent="perfect", you="first"):
        return super().__new__(cls, wheels)

    def __init__(self, wheels, *, opponent="perfect", you="first"):
        if opponent not in _OPPONENTS:
            raise ValueError(
                f"Game: opponent must be 'perfect' or 'greedy', not {opponent!r}")
        if you not in _BUYERS:
            raise ValueError(
                f"Game: you must be 'first' or 'second', not {you!r}")
        self._w = self.wheels  # one copy, for the calls each move makes
        self._you = _BUYERS.index(you)
        self._opponent = opponent
        self._moves = []  # (Move, lead before, lead kept), in turn order
        self._first, self._last = 0, len(self._w)  # the block [first, last)
        self._play_on()

    # ==== Where the game stands ====

    @property
    def you(self):
        """The buyer you play: 'first' or 'second'."""
        return _BUYERS[self._you]

    @property
    def opponent(self):
        """Who plays against you: 'perfect' or 'greedy'."""
        return self._opponent

    @property
    def turn(self):
        """The turn to be played, from 1 (len(wheels) + 1 when over)."""
        return len(self._moves) + 1

    @property
    def over(self):
        """True once every wheel is taken."""
        return self._first == self._last

    @property
    def block(self):
        """The wheels that remain, as (first, last), 0-based and inclusive;
        None when the game is over."""
        return None if self.over else (self._first, self._last - 1)

    @property
    def moves(self):
        """The moves made so far, one Move a turn (both buyers')."""
        return [m for m, _, _ in self._moves]

    @property
    def totals(self):
        """The kilos taken so far: (the first buyer's, the second's)."""
        return self._totals([m.end for m, _, _ in self._moves])

    # ==== Playing ====

    def take(self, end):
        """Takes the wheel at `end` ('left' or 'right') for you; the
        opponent replies, and a last wheel left to you is taken for you.
        Returns the moves made, yours first."""
        if end not in _ENDS:
            raise ValueError(f"take: end must be 'left' or 'right', not {end!r}")
        if self.over:
            raise ValueError("take: the game is over (undo() takes a move back)")
        made = len(self._moves)
        self._move(end)
        self._play_on()
        return self.moves[made:]

    def undo(self):
        """Takes back your last move and the opponent's replies to it.
        Returns False if you have made no move to take back."""
        mine = [k for k, (m, _, _) in enumerate(self._moves)
                if self._is_yours(m.turn) and
                not (k == len(self._moves) - 1 and self._forced(k))]
        if not mine:
            return False
        while len(self._moves) > mine[-1]:
            m, _, _ = self._moves.pop()
            if m.end == "left":
                self._first -= 1
            else:
                self._last += 1
        return True

    def hint(self):
        """What each end of the block keeps for you, as best_move(): a
        BestMove whose best is the end perfect play takes. None when the
        game is over."""
        if self.over:
            return None
        return _shelf.best_move(self._w, self._first, self._last - 1)

    def review(self):
        """Your moves against perfect play, one Review a move: the turn, the
        end ('last' for a last wheel taken for you), the weight, the lead
        the move kept, the best lead the block offered, and the cost."""
        rows = []
        for k, (m, lead, kept) in enumerate(self._moves):
            if self._is_yours(m.turn):
                end = "last" if self._forced(k) else m.end
                rows.append(_shelf.Review(m.turn, end, m.weight, kept, lead,
                                          lead - kept))
        return rows

    def widget(self):
        """Buttons to play the game in Jupyter (ipywidgets): Left, Right,
        Undo and Hint, the block, the totals and, once over, the review.
        Shown in a notebook, a game shows these where ipywidgets 7 or later
        is installed, and its picture otherwise."""
        from ._widget import game_widget
        return game_widget(self)

    def _ipython_display_(self):
        # Buttons where ipywidgets 7 or later is installed, the picture
        # otherwise: ipywidgets 6 (Debian 12's) speaks a protocol that
        # JupyterLab and nbclient no longer read.
        from IPython.display import SVG, display
        try:
            from ._widget import usable
        except ImportError:  # no ipywidgets
            display(SVG(self._repr_svg_()))
            return
        display(self.widget() if usable() else SVG(self._repr_svg_()))

    # ==== The moves ====

    def _is_yours(self, turn):
        return (turn - 1) % 2 == self._you

    def _forced(self, k):
        """Whether move k took a last wheel (no choice)."""
        return k == len(self._w) - 1

    def _move(self, end):
        """The buyer to move takes `end`; records what it kept."""
        first, last = self._first, self._last - 1
        best = _shelf.best_move(self._w, first, last)
        kept = best.left if end == "left" else best.right
        index = first if end == "left" else last
        turn = len(self._moves) + 1
        move = _shelf.Move(turn, _BUYERS[(turn - 1) % 2], end, index,
                           self._w[index])
        self._moves.append((move, best.lead, kept))
        if end == "left":
            self._first += 1
        else:
            self._last -= 1

    def _play_on(self):
        """The opponent's moves, and a last wheel of yours, until you have
        a choice to make or the game is over."""
        while not self.over:
            if not self._is_yours(self.turn):
                first, last = self._first, self._last - 1
                if self._opponent == "greedy":
                    end = _shelf._greedy_end(self._w, first, last)
                else:
                    end = _shelf.best_move(self._w, first, last).best
                self._move(end)
            elif self._last - self._first == 1:
                self._move("left")  # as the command does: no choice to ask
            else:
                return
