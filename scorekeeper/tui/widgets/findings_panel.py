"""The referee's findings: each breach proven so far with its evidence and the penalty the
game's rules apply; and, once the hand is over, its summary. Renders what it is given."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from .plain_text import Static

from ...referee.view import LiveFinding
from .trick_table import cards_pretty


def evidence_text(evidence: Mapping[str, Any]) -> str:
    parts = []
    for key, value in evidence.items():
        if isinstance(value, (list, tuple)):
            value = " ".join(map(str, value))
        elif isinstance(value, Mapping):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        parts.append(f"{key.replace('_', ' ')}: {value}")
    return "; ".join(parts)


def finding_text(f: LiveFinding) -> Text:
    fd = f.finding
    text = Text()
    where = f"trick {fd.trick}" if fd.trick else "hand"
    text.append(f"{where} · {fd.code.replace('_', ' ')}", style="bold red"
                if fd.invalid else "bold")
    # Cards as the rest of the screen writes them (2♥, not 2H).
    text.append(f": {cards_pretty(fd.message)}\n")
    if fd.evidence:
        text.append(f"  evidence: {cards_pretty(evidence_text(fd.evidence))}\n", style="dim")
    text.append(f"  penalty: {cards_pretty(f.penalty.text)}", style="italic")
    return text


class FindingsPanel(VerticalScroll):
    """A scrolling list: the hand's summary (when over) above the findings."""

    def compose(self):  # noqa: ANN201 - textual API
        yield Static(id="findings-text")

    def show(self, findings: Sequence[LiveFinding], summary: Text | str | None = None) -> None:
        text = Text()
        if summary:
            text.append_text(summary if isinstance(summary, Text) else Text(summary))
            text.append("\n")
        if not findings:
            text.append("No finding: the play so far is legal.", style="dim")
        for i, f in enumerate(findings):
            if i:
                text.append("\n")
            text.append_text(finding_text(f))
        self.query_one("#findings-text", Static).update(text)
        self.border_title = f"Findings ({len(findings)})"
