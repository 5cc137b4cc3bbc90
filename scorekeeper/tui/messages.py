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


class CardPicked(Message):
    """A card was picked on the grid of unseen cards (by keyboard or mouse)."""

    def __init__(self, card: int) -> None:
        super().__init__()
        self.card = card


class ClaimChecked(Message):
    """A worker finished judging a claim. ``hand`` is the copy of the referee hand it judged
    (now holding the verdict), ``verdict`` its ``ClaimVerdict``, ``error`` the text of a
    failure instead."""

    def __init__(self, hand: object, verdict: object | None, error: str | None = None) -> None:
        super().__init__()
        self.hand = hand
        self.verdict = verdict
        self.error = error
