"""Referee mode, the referee's rulings: a proven renege's penalty applied or waived.

Proving a renege is the engine's job; charging for it is the referee's (docs/rules.md 5.2),
as a director rules in bridge. A ruling is an entry of the hand like a card: it goes into the
draft, ctrl+z takes it back, and the hand's record (so its log hand) keeps it, which is what
makes the sheet, ``score`` and the standings score the hand as ruled.

``RulingEntries`` is a mixin of ``scorekeeper.referee.play.RefereeHand``, kept apart so that
each module stays readable; it keeps the pokerkit triad (``verify_rule``, ``can_rule``,
``rule``). A ruling may be made as soon as its breach is proven (the screen asks once the hand
is over, when the penalty's size is final).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..rules.record import Decision, Ruling
from ..rules.replay import HandReplay
from ..rules.rulings import RULED_CODES, ruled_input, ruling_on
from ..rules.scoring import Bid, SideHandPoints, score_hand
from ..rules.seats import Seat, Variant
from ..rules.settings import RuleSet
from .preplay import SeatLike, _can, _seat
from .view import EntryRefused, LiveFinding

DECISIONS: tuple[Decision, ...] = ("apply", "waive")


class RulingRefused(EntryRefused):
    """A ruling on a breach the play does not prove, one ruled already, or a decision that
    is neither 'apply' nor 'waive'."""


@dataclass(frozen=True, slots=True)
class RulingEntered:
    ruling: Ruling
    finding: LiveFinding
    """The finding ruled on, with the penalty as the rules price it."""


class RulingEntries:
    """The referee's rulings, as methods of ``RefereeHand`` (whose state they use)."""

    variant: Variant
    rules: RuleSet
    _bids: list[Bid]
    _rulings: list[Ruling]
    _live: tuple[LiveFinding, ...]

    if TYPE_CHECKING:  # defined by RefereeHand; declared here for readers and type checkers
        def _push(self, action: dict[str, Any]) -> tuple[LiveFinding, ...]: ...

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rulings made on this hand, in the order made."""
        return tuple(self._rulings)

    def ruling_of(self, finding: LiveFinding) -> Ruling | None:
        return ruling_on(finding.finding, tuple(self._rulings))

    def unruled(self) -> tuple[LiveFinding, ...]:
        """The proven breaches a ruling may name (a renege) with no ruling yet, by trick."""
        return tuple(f for f in self._live
                     if f.finding.code in RULED_CODES and self.ruling_of(f) is None)

    def verify_rule(self, code: str, trick: int, seat: SeatLike, decision: str) -> None:
        who = _seat(seat)
        if decision not in DECISIONS:
            raise RulingRefused(f"a ruling is 'apply' or 'waive', not {decision!r}",
                                code="ruling_invalid", seat=who, trick=trick)
        found = next((f for f in self._live if (f.finding.code, f.finding.trick,
                                                f.finding.seat) == (code, trick, who)), None)
        if found is None or code not in RULED_CODES:
            raise RulingRefused(f"no {code.replace('_', ' ')} by {who} at trick {trick} is"
                                " proven: there is nothing to rule on", code="ruling_unfounded",
                                seat=who, trick=trick)
        done = self.ruling_of(found)
        if done is not None:
            raise RulingRefused(f"the {code} by {who} at trick {trick} is ruled already"
                                f" ({done.describe()}): ctrl+z takes the ruling back",
                                code="ruling_duplicated", seat=who, trick=trick)

    def can_rule(self, code: str, trick: int, seat: SeatLike, decision: str) -> bool:
        return _can(self.verify_rule, code, trick, seat, decision)

    def rule(self, code: str, trick: int, seat: SeatLike, decision: Decision, *,
             by: str | None = None, note: str | None = None) -> RulingEntered:
        """Record the referee's decision on a proven breach's penalty."""
        self.verify_rule(code, trick, seat, decision)
        ruling = Ruling(code, trick, _seat(seat), decision, by or None, note or None)
        self._rulings.append(ruling)
        self._push({"op": "ruling", "code": code, "trick": trick, "seat": ruling.seat.name,
                    "decision": decision, **({"by": by} if by else {}),
                    **({"note": note} if note else {})})
        finding = next(f for f in self._live if ruling.names(f.finding))
        return RulingEntered(ruling, finding)

    def _with_rulings(self, live: tuple[LiveFinding, ...]) -> tuple[LiveFinding, ...]:
        """The findings with the referee's word on each penalty ruled (shown with it)."""
        if not self._rulings:
            return live
        out = []
        for f in live:
            r = self.ruling_of(f)
            if r is not None:
                verb = "applied" if r.decision == "apply" else "waived"
                f = LiveFinding(f.finding, replace(
                    f.penalty, text=f"{verb} by {r.by or 'the referee'}: {f.penalty.text}",
                    ruling=r.decision))
            out.append(f)
        return tuple(out)

    def _ruled_points(self, replay: HandReplay) -> Mapping[str, SideHandPoints] | None:
        """Each side's points as ruled (None: no ruling, the hand scores as played)."""
        if not self._rulings:
            return None
        i = ruled_input(replay, tuple(self._rulings), self.rules)
        return score_hand(self.variant, i.bids, i.tricks_won, self.rules, i.set_sides,
                          i.credited_sides)

    def _apply_ruling(self, a: dict[str, Any]) -> None:
        """A ruling entry of a draft, entered again."""
        self.rule(a["code"], a["trick"], Seat.parse(a["seat"]), a["decision"], by=a.get("by"),
                  note=a.get("note"))


__all__ = ["DECISIONS", "RulingEntered", "RulingEntries", "RulingRefused"]
