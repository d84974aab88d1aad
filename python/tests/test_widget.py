"""test_widget.py - the game's ipywidgets buttons, clicked programmatically:
Button.click() (ipywidgets 7 and later) runs the on_click handlers, as a
person's click does; Debian's ipywidgets 6 has no click(), so the test sends
the message a browser sends on a click. Each click does what the game's own
method does."""

import unittest

import skipped
import support
import shelf

try:
    import ipywidgets
except ImportError:
    ipywidgets = None


def click(button):
    if hasattr(button, "click"):
        button.click()
    else:  # ipywidgets 6: the front end's message for a click
        button._handle_button_msg(None, {"event": "click"}, [])


def buttons(box):
    board, row, status = box.children
    left, right, undo, hint = row.children
    return board, status, left, right, undo, hint


class Widget(unittest.TestCase):
    def test_clicks_play_the_game(self):
        w = [3, 9, 1, 2, 5, 6]
        g = shelf.Game(w)
        twin = shelf.Game(w)  # played by its methods, beside the buttons
        board, status, left, right, undo, hint = buttons(g.widget())
        self.assertEqual(
            [b.description for b in (left, right, undo, hint)],
            ["Left", "Right", "Undo", "Hint"])
        self.assertIn("Turn 1 of 6: you 0, opponent 0.", board.value)
        self.assertIn("<b>[3]</b> 9 1 2 5 <b>[6]</b>", board.value)
        click(hint)
        h = twin.hint()
        self.assertIn(f"the {h.best} end keeps the best lead, {h.lead}",
                      status.value)
        click(left)
        twin.take("left")
        self.assertEqual(g.moves, twin.moves)
        self.assertIn("Turn 3 of 6: you 3, opponent 9.", board.value)
        click(undo)
        twin.undo()
        self.assertEqual(g.moves, twin.moves)
        for end, button in (("right", right), ("left", left), ("left", left)):
            click(button)
            twin.take(end)
        self.assertTrue(g.over)
        self.assertEqual(g.review(), twin.review())
        self.assertTrue(left.disabled and right.disabled and hint.disabled)
        self.assertIn("Review of your moves against perfect play", status.value)
        for row in g.review():
            self.assertIn(f"<td>{row.cost}</td>", status.value)

    def test_notebook_shows_buttons_or_the_picture(self):
        import IPython.display
        shown = []
        real = IPython.display.display
        IPython.display.display = shown.append
        try:
            shelf.Game([3, 9, 1, 2])._ipython_display_()
        finally:
            IPython.display.display = real
        self.assertEqual(len(shown), 1)
        if int(ipywidgets.__version__.split(".")[0]) >= 7:
            self.assertIsInstance(shown[0], ipywidgets.VBox)
        else:  # ipywidgets 6: front ends no longer read its widgets
            self.assertIsInstance(shown[0], IPython.display.SVG)
            self.assertIn('class="trap"', shown[0].data)

    def test_no_move_to_undo(self):
        g = shelf.Game([1, 2, 3, 4], you="second", opponent="greedy")
        board, status, left, right, undo, hint = buttons(g.widget())
        click(undo)
        self.assertIn("no move to take back", status.value)
        self.assertEqual(len(g.moves), 1)


if __name__ == "__main__":
    if ipywidgets is None:
        skipped.skip("the game's buttons", "ipywidgets is not installed")
    support.main()
