"""Label and Static that show their text as given, never read as markup.

The app styles its text with Rich ``Text`` and CSS, never with markup; but much of what it
shows holds names as people typed them, and Textual reads a ``str`` as markup by default: a
player called ``[/b]Ann`` stopped the app with a MarkupError, and ``Ann [guest]`` lost its
bracket. Every screen and widget imports these two instead of Textual's.
"""

from __future__ import annotations

from textual.widgets import Label as _Label
from textual.widgets import Static as _Static


class Static(_Static):
    def __init__(self, content="", *, markup: bool = False, **kwargs) -> None:
        super().__init__(content, markup=markup, **kwargs)


class Label(_Label):
    def __init__(self, content="", *, markup: bool = False, **kwargs) -> None:
        super().__init__(content, markup=markup, **kwargs)
