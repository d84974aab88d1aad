"""shelf._widget - a Game played with buttons in Jupyter (ipywidgets).

Imported only by Game.widget(), so shelf itself never needs ipywidgets.
Every button only calls the game's own take/undo/hint and redraws; the
words are the game's, so the buttons and the REPL say the same.
"""

import html

import ipywidgets


def usable():
    """Whether front ends show these widgets: ipywidgets 7 or later."""
    try:
        return int(ipywidgets.__version__.split(".")[0]) >= 7
    except ValueError:
        return False


def _block_html(game):
    """The wheels that remain, the ends in bold, and both totals."""
    first, second = game.totals
    you, them = (first, second) if game.you == "first" else (second, first)
    if game.over:
        shelf_text = "(every wheel is taken)"
    else:
        i, j = game.block
        wheels = [str(w) for w in game.wheels[i:j + 1]]
        wheels[0] = f"<b>[{wheels[0]}]</b>"
        if len(wheels) > 1:
            wheels[-1] = f"<b>[{wheels[-1]}]</b>"
        shelf_text = " ".join(wheels)
    turn = min(game.turn, len(game))
    return (f"<p>Turn {turn} of {len(game)}: you {you}, opponent {them}.</p>"
            f"<p style='font-family: monospace'>{shelf_text}</p>")


def _review_html(game):
    rows = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in
                         (r.turn, r.end, r.weight, r.lead_kept, r.best_lead,
                          r.cost)) + "</tr>"
        for r in game.review())
    head = "".join(f"<th>{h}</th>" for h in
                   ("turn", "end", "weight", "lead kept", "best lead", "cost"))
    return ("<p>Review of your moves against perfect play:</p>"
            f"<table><tr>{head}</tr>{rows}</table>")


def game_widget(game):
    """A VBox: the block and totals, the buttons Left, Right, Undo and
    Hint, and a status line (the hint, or the review once the game is
    over). The buttons are reachable as .children of the box's row, in that
    order, so a test can click() them."""
    board = ipywidgets.HTML()
    status = ipywidgets.HTML()
    left = ipywidgets.Button(description="Left", tooltip="take the left wheel")
    right = ipywidgets.Button(description="Right",
                              tooltip="take the right wheel")
    undo = ipywidgets.Button(description="Undo",
                             tooltip="take your last move back")
    hint = ipywidgets.Button(description="Hint",
                             tooltip="what each end keeps for you")

    def redraw(said=""):
        board.value = _block_html(game)
        left.disabled = right.disabled = hint.disabled = game.over
        status.value = _review_html(game) if game.over else said

    def take(end):
        def click(_button):
            game.take(end)
            redraw()
        return click

    def on_undo(_button):
        redraw("" if game.undo() else "You have no move to take back.")

    def on_hint(_button):
        h = game.hint()
        redraw(f"Hint: the {h.best} end keeps the best lead, {h.lead} "
               f"(the left keeps {h.left}, the right {h.right}).")

    left.on_click(take("left"))
    right.on_click(take("right"))
    undo.on_click(on_undo)
    hint.on_click(on_hint)
    redraw()
    return ipywidgets.VBox(
        [board, ipywidgets.HBox([left, right, undo, hint]), status])
