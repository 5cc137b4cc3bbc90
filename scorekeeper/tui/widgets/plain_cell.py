"""A DataTable cell of plain text that is cheap to lay out.

DataTable turns every ``str`` cell into Rich Text by parsing it as markup, then measures
every cell of every row (visible or not) to size its columns, each time rows are added. On
a database of 200 games that was most of the home screen's first paint. A ``PlainCell`` is
built once from the text, is not parsed as markup (a name such as ``[b]ob`` shows as typed),
and knows its width, so the measuring costs a lookup.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text


class PlainCell(Text):
    """One line of unstyled text, laid out as DataTable lays out a ``str`` cell of a
    one-line row (no wrapping, no end of line), with its width measured once."""

    def __init__(self, text: str) -> None:
        # One line: a newline would make the width below wrong (and a row one line high
        # shows only the first line anyway).
        line = text.split("\n", 1)[0]
        super().__init__(line, no_wrap=True, end="")
        width = cell_len(line)
        # What Text measures: the longest word as the minimum, the line as the maximum.
        longest_word = max((cell_len(w) for w in line.split()), default=width)
        self._measurement = Measurement(longest_word, width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return self._measurement
