"""Messages the widgets post up to their screens (past tense: what the user did)."""

from __future__ import annotations

from textual.message import Message


class BidTyped(Message):
    """A bid was typed for the seat whose turn it is (the text as typed: '4', 'n', 'b')."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class TricksTyped(Message):
    """A trick count was typed for the seat whose count is wanted."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ConfirmPressed(Message):
    """The scorekeeper confirmed the hand in progress."""


class HandPicked(Message):
    """A confirmed hand was picked on the score sheet (to correct it)."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
