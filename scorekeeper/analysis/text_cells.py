"""A name (or any text from a log) made safe in a cell of a table that other programs read:
Markdown here; CSV's formula guard is the standings' (``season.standings_formats``).

One home, so that the standings and the score sheet escape alike."""

from __future__ import annotations

_MARKDOWN = str.maketrans({"\\": "\\\\", "|": "\\|", "<": "&lt;", ">": "&gt;",
                           "\r": " ", "\n": " "})


def markdown_text(text: str) -> str:
    """``text`` as one Markdown table cell or list item shows it: a line break would end the
    row, a bar the cell, and ``<`` would start raw HTML (a name ``<script>`` is shown as
    written, never run); a backslash is kept as itself."""
    return text.replace("\r\n", " ").translate(_MARKDOWN)


__all__ = ["markdown_text"]
