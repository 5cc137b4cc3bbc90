"""The finished hand's summary for the referee's findings panel: tricks, the score as played
and as ruled, the reneges still to rule on, the claim. Words what it is given (the engine's
``HandResult`` and the hand's rulings); it decides nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from ...referee.view import HandResult, LiveFinding, RefereeView
from ...rules.record import Ruling
from ...rules.scoring import SideHandPoints
from .trick_table import cards_pretty


def points_text(points: Mapping[str, SideHandPoints], *, parts: bool = False) -> str:
    """'NS +52  EW +60' (with ``parts``: each side's bid and tricks too)."""
    return "  ".join(f"{side} {p.points_before_penalty:+d}"
                     + (f" (bid {p.bid}, won {p.tricks})" if parts else "")
                     for side, p in points.items())


def hand_summary(view: RefereeView, result: HandResult | None, rulings: Sequence[Ruling],
                 pending: Sequence[LiveFinding], *, checking: bool) -> Text:
    """``result``: None while the claim is unchecked (``checking``: a check is under way)."""
    text = Text()
    text.append("Hand over. ", style="bold")
    won = "  ".join(f"{s.name} {n}" for s, n in view.tricks_won.items())
    text.append(f"Tricks won: {won}\n")
    if checking:
        text.append("Checking the claim… the referee may go on meanwhile; F6 stops the"
                    " check.\n", style="italic")
        return text
    if result is None:
        text.append("The claim was not checked: `scorekeeper audit` will check it on the"
                    " exported log (F6 checks it now).\n", style="italic")
        return text
    text.append("As played: " + points_text(result.points, parts=True))
    if result.ruled_points is not None:  # what goes into the game
        text.append("\nAs ruled: " + points_text(result.ruled_points), style="bold")
        text.append("  (" + "; ".join(r.describe() for r in rulings) + ")")
    if pending:
        text.append("\nEvery penalty applied: " + points_text(result.corrected_points))
        seats = ", ".join(f"{f.finding.seat} at trick {f.finding.trick}" for f in pending)
        text.append(f"\nTo rule on: the renege by {seats}: Enter asks (apply or waive).",
                    style="bold")
    if result.claim is not None:
        text.append(f"\nClaim: {cards_pretty(result.claim.summary)}")
    # The keys (Enter puts the hand in, ctrl+z takes back) are on the prompt line and in
    # the footer: at 80x24 every line here is one less of the findings below.
    text.append("\n")
    return text
