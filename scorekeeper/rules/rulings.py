"""The referee's rulings: a proven breach's penalty applied or waived, as the record keeps it.

A penalty is a ruling, and a ruling belongs in the record (as a director's ruling does in
bridge): the log's hand says ``{"code": "revoke", "trick": 4, "seat": "W", "decision":
"apply"}`` and every figure of the hand follows it. Three scores of one hand can then be told:

- **as played**: the tricks as the play gave them, no penalty;
- **as ruled**: each ruling applied or waived as the referee decided, and nothing else (the
  score of the game: the sheet, ``score``, the standings);
- **as the rules would correct it**: the rulings as ruled, and the penalty for every proven
  breach that no one ruled on (the audit's "corrected").

Only a revoke has a penalty (``penalties``); a ruling must name a breach the play proves, or
it is ``ruling_unfounded`` (the log is refused: a ruling without its breach cannot be scored).
"""

from __future__ import annotations

from .penalties import HandPenalties, corrected_input, hand_penalties
from .replay import Finding, HandReplay
from .scoring import HandInput
from .record import Decision, Ruling
from .seats import Seat
from .settings import DEFAULT_RULES, RuleSet

RULED_CODES = ("revoke",)
"""The findings a ruling may name: those with a penalty."""


def unfounded_rulings(replay: HandReplay, rulings: tuple[Ruling, ...]) -> list[Finding]:
    """A ``ruling_unfounded`` finding for each ruling that names no breach the play proves,
    and for a second ruling on the same breach (which decision would count?)."""
    out = []
    seen: set[tuple[str, int, Seat]] = set()
    for ruling in rulings:
        key = (ruling.code, ruling.trick, ruling.seat)
        if key in seen:
            out.append(Finding("ruling_unfounded", f"a second ruling on the {ruling.code} by"
                               f" {ruling.seat} at trick {ruling.trick}: keep one",
                               trick=ruling.trick, seat=ruling.seat))
            continue
        seen.add(key)
        if not any(ruling.names(f) for f in replay.findings):
            out.append(Finding(
                "ruling_unfounded", f"a ruling on a {ruling.code} by {ruling.seat} at trick"
                f" {ruling.trick}, which the play does not prove", trick=ruling.trick,
                seat=ruling.seat, evidence={"ruling": {"code": ruling.code, "trick": ruling.trick,
                                                       "seat": str(ruling.seat),
                                                       "decision": ruling.decision}}))
    return out


def ruling_on(finding: Finding, rulings: tuple[Ruling, ...]) -> Ruling | None:
    return next((r for r in rulings if r.names(finding)), None)


def ruled_penalties(replay: HandReplay, rulings: tuple[Ruling, ...],
                    rules: RuleSet = DEFAULT_RULES) -> HandPenalties:
    """The hand's penalties as ruled: only the breaches whose penalty a ruling applied."""
    applied = [f for f in replay.findings
               if (r := ruling_on(f, rulings)) is not None and r.decision == "apply"]
    return hand_penalties(replay, rules, applied)


def corrected_penalties(replay: HandReplay, rulings: tuple[Ruling, ...],
                        rules: RuleSet = DEFAULT_RULES) -> HandPenalties:
    """The hand's penalties as the rules would correct it: every proven breach penalised
    unless a ruling waived it."""
    if not rulings:
        return hand_penalties(replay, rules)
    kept = [f for f in replay.findings
            if (r := ruling_on(f, rulings)) is None or r.decision == "apply"]
    return hand_penalties(replay, rules, kept)


def ruled_input(replay: HandReplay, rulings: tuple[Ruling, ...],
                rules: RuleSet = DEFAULT_RULES) -> HandInput:
    """The hand as scoring reads it as ruled (the play as played where nothing is applied)."""
    if not rulings:
        rec = replay.record
        return HandInput(rec.dealer, rec.bids, replay.tricks_won,
                         time_called=rec.time_called)
    return corrected_input(replay, ruled_penalties(replay, rulings, rules))


__all__ = ["Decision", "RULED_CODES", "Ruling", "corrected_penalties", "ruled_input",
           "ruled_penalties", "ruling_on", "unfounded_rulings"]
