"""shelf._game - Game: a shelf you play against a perfect or a greedy buyer,
or with a second person, move by move, with undo, a hint and the review.

The game is libshelf's (shelf_game): its rules (the program's replies, a
last wheel taken for you, undo to your last choice), its review and its
sentences are those of `shelf --interactive` and of the page. The C half
(shelf._shelf._Game) holds it; this class names its parts for Python.
"""

from . import _shelf

# shelf_player and shelf_game_sentence, from the library's lists: an
# opponent is any player but a person; you are a buyer, or "both".
_PLAYER = _shelf._values["player"]
_PERSON = _PLAYER["person"]
_OPPONENTS = {name: value for name, value in _PLAYER.items()
              if value != _PERSON}
_YOU = tuple(_shelf._values["buyer"]) + ("both",)
_SAID = _shelf._values["game_sentence"]
# What summary() says, in order, once the game is over.
_AFTER = (_SAID["summary"],
          _SAID["against-perfect"],
          _SAID["first-mistake"],
          _SAID["lesson"])


class Game(_shelf._Game):
    """One shelf and its perfect game, which you can also play: take("left")
    or take("right") at your turn, and the opponent (a perfect buyer, or a
    greedy one that takes the heavier end) replies at once; with
    you="both", two people take turns. undo() takes your last choice back,
    hint() says what each end keeps, review() lists your moves against
    perfect play, summary() says how the game went. In the REPL a game
    shows as a short line (its margins once it is over); in Jupyter as its picture with the greedy trap
    marked, or, where ipywidgets is installed, as buttons to play with
    (widget()). wheels is read as solve() reads it, and copied.

    >>> Game([3, 9, 1, 2])
    <shelf.Game of 4 wheels [3, 9, 1, 2]: turn 1 of 4>

    The margins wait for the end of the game, as on the page:

    >>> g = Game([3, 9, 1, 2])
    >>> moves = g.take("left") + g.take("left")
    >>> g
    <shelf.Game of 4 wheels [3, 9, 1, 2]: over, margin -7; perfect play 7>
    """

    __slots__ = ("_you", "_opponent")

    def __new__(cls, wheels, *, opponent="perfect", you="first"):
        if opponent not in _OPPONENTS:
            raise ValueError(
                "Game: opponent must be "
                f"{' or '.join(map(repr, _OPPONENTS))}, not {opponent!r}")
        if you not in _YOU:
            raise ValueError(
                "Game: you must be "
                f"{', '.join(map(repr, _YOU[:-1]))} or {_YOU[-1]!r}, "
                f"not {you!r}")
        other = _PERSON if you == "both" else _OPPONENTS[opponent]
        first = other if you == "second" else _PERSON
        second = _PERSON if you != "first" else other
        return super().__new__(cls, wheels, _first=first, _second=second)

    def __init__(self, wheels, *, opponent="perfect", you="first"):
        self._you = you
        self._opponent = opponent

    # ==== Where the game stands ====

    @property
    def you(self):
        """The buyer you play: 'first', 'second' or 'both'."""
        return self._you

    @property
    def opponent(self):
        """Who plays against you: 'perfect' or 'greedy' (with you='both',
        the other person)."""
        return self._opponent

    @property
    def turn(self):
        """The turn to be played, from 1 (len(wheels) + 1 when over)."""
        return self._at()[2] + 1

    @property
    def over(self):
        """True once every wheel is taken."""
        first, last = self._at()[:2]
        return first == last

    @property
    def block(self):
        """The wheels that remain, as (first, last), 0-based and inclusive;
        None when the game is over."""
        first, last = self._at()[:2]
        return None if first == last else (first, last - 1)

    @property
    def moves(self):
        """The moves made so far, one Move a turn (both buyers')."""
        return [m for m, _, _, _, _ in self._moves()]

    @property
    def totals(self):
        """The kilos taken so far: (the first buyer's, the second's)."""
        return self._at()[3:]

    # ==== Playing ====

    def take(self, end):
        """Takes the wheel at `end` ('left' or 'right') for you; the
        opponent replies, and a last wheel left to you is taken for you.
        Returns the moves made, yours first."""
        made = self.turn - 1
        self._take(end)
        return self.moves[made:]

    def undo(self):
        """Takes back your last choice and every move after it (the
        opponent's replies, a last wheel). Returns False if you have made
        no choice to take back."""
        return self._undo() > 0

    def again(self):
        """Starts the same shelf again, with the same players."""
        self._again()

    def hint(self):
        """What each end of the block keeps for you, as best_move(): a
        BestMove whose best is the end perfect play takes. None when the
        game is over."""
        return self._hint()

    def review(self):
        """Your moves against perfect play, one Review a move: the turn, the
        end ('last' for a last wheel taken for you), the weight, the lead
        the move kept, the best lead the block offered, and the cost."""
        return self._review()

    def summary(self):
        """How the game went, in the sentences the terminal game prints:
        the totals and how you finished, against perfect play, your first
        mistake and, for a known one, what it teaches. An empty list before
        the game is over."""
        if not self.over:
            return []
        said = [self._say(k) for k in _AFTER]
        return [s for s in said if s]

    def said(self, k):
        """Move k (0-based) as the game says it: "You take the left wheel
        (3 kilos): that cost you 12 kilos of lead (...)"."""
        return self._say(1, k)

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
