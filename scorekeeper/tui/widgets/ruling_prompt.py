"""The referee's ruling on a renege: apply the penalty or waive it, with the hand scored both
ways. It renders the session's ``RulingQuestion`` and answers with the decision; the screen
records it (no game state here)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button
from .plain_text import Static

from ...session.game_session import RulingQuestion, SideOutcome
from .footer import KeysFooter
from .score_sheet import side_style
from .trick_table import cards_pretty


def outcome_text(o: SideOutcome) -> str:
    """'+52 -> 52': the change this hand and the running score after it."""
    return f"{o.points:+d} → {o.score}"


def both_ways(question: RulingQuestion, labels: Sequence[str]) -> Table:
    """The hand waived and applied, a row each, a column per side (``labels``: the sides'
    names in the game's order of sides, which is the outcomes' and the colours' order)."""
    table = Table(box=None, padding=(0, 2, 0, 0), show_edge=False, expand=False)
    table.add_column(Text("points → score", style="dim"))
    for i, label in enumerate(labels):
        table.add_column(Text(label, style=side_style(i)), no_wrap=True, overflow="ellipsis",
                         max_width=26)
    waived = "Waived (as played)" if question.as_played else "Waived"
    table.add_row(waived, *(outcome_text(o) for o in question.waived))
    table.add_row(Text("Applied", style="bold"),
                  *(Text(outcome_text(o), style="bold") for o in question.applied))
    return table


class RulingPrompt(ModalScreen[str | None]):
    """Dismissed with 'apply' (Enter or a: the default), 'waive' (w), or None (Esc: the
    referee decides later; the hand cannot go into the game before)."""

    BINDINGS = [Binding("a", "answer('apply')", "Apply"),
                Binding("w", "answer('waive')", "Waive"),
                Binding("escape", "later", "Later")]

    def __init__(self, question: RulingQuestion, labels: Sequence[str]) -> None:
        super().__init__()
        self.question, self.labels = question, labels

    def compose(self) -> ComposeResult:
        q = self.question
        with Vertical(classes="dialog ruling"):
            yield Static(Text(f"Renege by {q.seat} at trick {q.trick}: apply the penalty?",
                              style="bold"), classes="question")
            yield Static(cards_pretty(q.message), id="ruling-finding")
            yield Static(Text.assemble(("Penalty: ", "italic"), cards_pretty(q.penalty)),
                         id="ruling-penalty")
            yield Static(both_ways(q, self.labels), id="ruling-scores")
            with Horizontal(classes="buttons"):
                yield Button("Apply (Enter, a)", id="apply", variant="primary", compact=True)
                yield Button("Waive (w)", id="waive", compact=True)
                yield Button("Later (Esc)", id="later", compact=True)
        yield KeysFooter()  # the prompt's own keys, over the referee screen's

    def on_mount(self) -> None:
        # At once: an Enter typed ahead answers the default, the penalty applied.
        self.set_focus(self.query_one("#apply", Button))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "later" else str(event.button.id))

    def action_answer(self, decision: str) -> None:
        self.dismiss(decision)

    def action_later(self) -> None:
        self.dismiss(None)
