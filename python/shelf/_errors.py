"""shelf._errors - the package's exception, written in Python so that it is
an ordinary class; the C module imports it when it is loaded."""

__all__ = ["ParseError"]


class ParseError(ValueError):
    """Text that is not a shelf in the command's grammar.

    str(error) reads as the command's message without its "shelf: " prefix,
    for example 'line 2, column 3: expected an integer, found "x"'.

    It is raised by the module with the library's message; the attributes
    give its parts.

    Attributes:
        msg: what is wrong, such as "expected an integer".
        line: the line of the offending text, from 1.
        column: the column where it starts, from 1 (as the command prints it;
            accepted text is ASCII, so bytes and characters agree up to it).
        offset: its byte offset in the UTF-8 text, from 0.
        found: the offending text, printable (empty at the end of the text).
    """

    __module__ = "shelf"  # where users import it from, and how it pickles

    def __init__(self, text, msg, line, column, offset, found=""):
        # text is libshelf's one-line message (shelf_parse_error_format),
        # the words every surface shows; the module passes it in.
        super().__init__(text)
        self.msg = msg
        self.line = line
        self.column = column
        self.offset = offset
        self.found = found

    def __reduce__(self):
        return (type(self), (str(self), self.msg, self.line, self.column,
                             self.offset, self.found))
