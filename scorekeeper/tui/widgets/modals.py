"""Modal dialogs: a yes/no question, the end of the game, and a hand's correction (its bids,
tricks and the referee's rulings on its reneges)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input
from .plain_text import Label, Static

from ...session.game_session import (
    RulingQuestion, SessionError, SideOutcome, parse_bid, parse_tricks,
)
from .footer import KeysFooter
from .score_sheet import side_style


class ConfirmModal(ModalScreen[bool]):
    """A question with two answers: y answers yes, Escape/n no, Enter the ``default``."""

    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", *,
                 default: bool = True) -> None:
        super().__init__()
        self.question, self.yes, self.no, self.default = question, yes, no, default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question")
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="primary" if self.default else "default")
                yield Button(self.no, id="no", variant="default" if self.default else "primary")
        yield KeysFooter()

    def on_mount(self) -> None:
        # At once, not after the next refresh: an Enter typed ahead answers the default.
        self.set_focus(self.query_one("#yes" if self.default else "#no"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class GameOverModal(ModalScreen[str]):
    """The winner with the final scores; answers 'export', 'home' or 'stay'."""

    BINDINGS = [Binding("x", "choose('export')", "Export JSON"),
                Binding("h", "choose('home')", "Home"),
                Binding("escape", "choose('stay')", "See the sheet")]

    def __init__(self, result: str, side: int) -> None:
        super().__init__()
        self.result, self.side = result, side

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text("Game over", style="bold"), classes="question")
            yield Static(Text(self.result, style=side_style(self.side)), id="result")
            with Horizontal(classes="buttons"):
                yield Button("Export JSON (x)", id="export", variant="primary")
                yield Button("Home (h)", id="home")
                yield Button("See the sheet (Esc)", id="stay")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_focus(self.query_one("#stay"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


@dataclass(frozen=True)
class SeatValues:
    """A seat's entries in a confirmed hand, as the correction dialog shows them."""

    seat: str
    label: str
    bid: str
    tricks: int
    side: int


#: A ruling as typed in the correction dialog: the key the referee prompt uses too.
DECISION_KEYS = {"a": "apply", "w": "waive"}


def _ways(outcomes: Sequence[SideOutcome]) -> str:
    return " ".join(f"{o.side} {o.points:+d}" for o in outcomes)


class CorrectionModal(ModalScreen[dict[str, Any] | None]):
    """Change a confirmed hand's bids or tricks, and the referee's ruling on each of its
    reneges (``rulings``, the session's ``hand_rulings``: a for apply, w for waive, with the
    hand's points both ways). ``check`` raises a ``SessionError`` when the change cannot be
    made; its message is shown here, and the dialog stays open. Dismissed with the changes:
    ``bids``, ``tricks``, ``rulings`` ((code, trick, seat) -> 'apply' or 'waive'), ``by``,
    ``why``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Save")]

    def __init__(self, number: int, seats: Sequence[SeatValues], *, card_by_card: bool,
                 by: str, check: Callable[[dict[str, Any]], None],
                 rulings: Sequence[RulingQuestion] = ()) -> None:
        super().__init__()
        self.number, self.seats, self.card_by_card = number, list(seats), card_by_card
        self.by, self.check, self.rulings = by, check, list(rulings)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog correction" + (" with-rulings" if self.rulings else "")):
            yield Static(Text(f"Correct hand {self.number}", style="bold"), classes="question")
            with Grid(classes="correction-grid"):
                yield Label("")
                yield Label("bid")
                yield Label("tricks won")
                for s in self.seats:
                    yield Label(Text(s.label, style=side_style(s.side)))
                    yield Input(s.bid, id=f"bid-{s.seat}", restrict=r"[0-9nNbB]{0,3}",
                                compact=True)
                    yield Input(str(s.tricks), id=f"tricks-{s.seat}", restrict=r"[0-9]{0,2}",
                                disabled=self.card_by_card, compact=True)
            if self.rulings:
                with Grid(classes="correction-rulings"):
                    for i, q in enumerate(self.rulings):
                        yield Label(f"Renege {q.seat} trick {q.trick}")
                        yield Input({"apply": "a", "waive": "w"}.get(q.decision or "", ""),
                                    id=f"ruling-{i}", restrict=r"[aAwW]?", compact=True,
                                    placeholder="a/w")
                        yield Label(f"a apply: {_ways(q.applied)}   w waive:"
                                    f" {_ways(q.waived)}", classes="description")
            with Grid(classes="correction-who"):
                yield Label("who corrects")
                yield Input(self.by, id="by", placeholder="who corrects", compact=True)
                yield Label("why")
                yield Input(id="why", placeholder="optional", compact=True)
            yield Static(id="message", classes="message error")
            with Horizontal(classes="buttons"):
                yield Button("Save (ctrl+s)", id="save", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        # The dialog's own keys, over the game screen's (which do nothing here).
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_focus(self.query_one(f"#bid-{self.seats[0].seat}", Input))

    def on_input_changed(self) -> None:
        # What the message said was wrong is being changed: it no longer applies.
        self.query_one("#message", Static).update("")

    def _changes(self) -> dict[str, Any]:
        bids = {s.seat: parse_bid(self.query_one(f"#bid-{s.seat}", Input).value)
                for s in self.seats}
        tricks = None
        if not self.card_by_card:
            tricks = {s.seat: parse_tricks(self.query_one(f"#tricks-{s.seat}", Input).value)
                      for s in self.seats}
        rulings = {}
        for i, q in enumerate(self.rulings):
            typed = self.query_one(f"#ruling-{i}", Input).value.strip().lower()
            if typed:  # left empty: no ruling (a renege no one ruled on scores as played)
                rulings[q.key] = DECISION_KEYS[typed]
        return {"bids": bids, "tricks": tricks, "rulings": rulings or None,
                "by": self.query_one("#by", Input).value.strip() or "scorekeeper",
                "why": self.query_one("#why", Input).value.strip() or None}

    def action_save(self) -> None:
        try:
            changes = self._changes()
            self.check(changes)
        except SessionError as exc:
            self.query_one("#message", Static).update(str(exc))
            return
        self.dismiss(changes)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()
