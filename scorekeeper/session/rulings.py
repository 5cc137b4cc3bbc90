"""The referee's rulings, for ``GameSession``: a proven renege's penalty applied or waived.

Proving a renege is the rules core's job; charging for it is the referee's (docs/rules.md
5.2). Kept apart from ``game_session.py`` so each stays readable: ``RulingsMixin`` holds

- for the hand in progress, entered card by card: ``ruling_question()``, the next renege to
  rule on once the hand is over, with the hand scored both ways; and ``verify_ruling`` /
  ``can_rule`` / ``rule``, which record the decision on the referee hand (an entry like a card:
  saved with the draft, ctrl+z takes it back, and the log hand keeps it);
- for a confirmed hand: ``hand_rulings(n)``, its reneges with their decisions and scores both
  ways, which the correction dialog shows (``correct_hand(n, rulings=...)`` in
  ``changes.py`` changes them, with history and undo).

The scores both ways come from ``analyse_game`` on the game with the hand as it would be, so
they are the very figures the sheet, ``score`` and the standings will show.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..analysis.game import GameAnalysis, analyse_game
from ..logs.models import GameLog, HandLog
from ..rules.findings import Finding
from ..rules.record import Ruling
from ..rules.replay import HandReplay
from ..rules.rulings import RULED_CODES, ruled_penalties, ruling_on
from ..rules.settings import RuleSet
from .events import CardByCardError, RulingError, RulingMade, RulingQuestion, SideOutcome

if TYPE_CHECKING:
    from ..referee.play import RefereeHand

#: Who a ruling is by when the app knows no name ('scorekeeper' is the app's default, which
#: names nobody): docs/rules.md 5.2's "by".
DEFAULT_BY = "referee"


def ruled_by(name: str | None) -> str:
    """The name a ruling is written with: ``name`` when it names someone, else 'referee'."""
    name = (name or "").strip()
    return name if name and name != "scorekeeper" else DEFAULT_BY


def ruling_entry(ruling: Ruling) -> dict[str, Any]:
    """A ruling as the log writes it (``RulingEntry``)."""
    return {"code": ruling.code, "trick": ruling.trick, "seat": ruling.seat.name,
            "decision": ruling.decision, **({"by": ruling.by} if ruling.by else {}),
            **({"note": ruling.note} if ruling.note else {})}


def decision_text(decision: str | None) -> str:
    return {"apply": "applied", "waive": "waived"}.get(decision or "", "not ruled on")


class RulingsMixin:
    """The rulings half of ``GameSession`` (see the module doc)."""

    _log: GameLog
    _analysis: GameAnalysis
    _referee: RefereeHand | None

    if TYPE_CHECKING:  # defined by GameSession
        rules: RuleSet
        hand_number: int

    # --- scoring a hand both ways --------------------------------------------------------

    def _outcomes(self, number: int, hand: dict[str, Any]) -> tuple[SideOutcome, ...]:
        """Hand ``number`` (one past the last: the hand in progress) scored with ``hand`` (a
        log hand as a dict) in its place: the change and the running score of each side."""
        hands = list(self._log.hands)
        model = HandLog.model_validate(hand)
        if number > len(hands):
            hands.append(model)
        else:
            hands[number - 1] = model
        analysis = analyse_game(self._log.model_copy(update={"hands": hands}), self._analysis)
        return tuple(SideOutcome(side, r.points, r.score)
                     for side, r in analysis.score.hands[number - 1].sides.items())

    def _question(self, number: int, hand: dict[str, Any], replay: HandReplay,
                  finding: Finding, rulings: tuple[Ruling, ...]) -> RulingQuestion:
        """The question on ``finding``: the hand with its other rulings as they are, scored
        with this penalty waived and applied."""
        others = tuple(r for r in rulings if not r.names(finding))
        applied = Ruling(finding.code, finding.trick, finding.seat, "apply")

        def scored(extra: tuple[Ruling, ...]) -> tuple[SideOutcome, ...]:
            data = {k: v for k, v in hand.items() if k != "rulings"}
            if others or extra:
                data["rulings"] = [ruling_entry(r) for r in (*others, *extra)]
            return self._outcomes(number, data)

        head = f"{finding.code} by {finding.seat} at trick {finding.trick}"
        penalty = next((p.describe().removeprefix(f"{head}: ")
                        for p in ruled_penalties(replay, (*others, applied), self.rules).penalties
                        if (p.revoke.trick, p.revoke.seat) == (finding.trick, finding.seat)),
                       "no penalty")
        done = ruling_on(finding, rulings)
        return RulingQuestion(
            number, finding.code, finding.trick, str(finding.seat), finding.message, penalty,
            waived=scored(()), applied=scored((applied,)),
            as_played=not any(r.decision == "apply" for r in others),
            decision=done.decision if done is not None else None)

    # --- the hand in progress (card by card) ---------------------------------------------

    def _ruled_hand(self) -> RefereeHand:
        hand = self._referee
        if hand is None:
            raise CardByCardError("no hand is being entered card by card")
        return hand

    def ruling_question(self) -> RulingQuestion | None:
        """The next renege of the hand in progress the referee has not ruled on, with the
        hand scored both ways; None when there is none (or the hand is not over yet: the
        penalty's size is known only then)."""
        hand = self._ruled_hand()
        pending = hand.unruled()
        if not pending or not hand.is_over:
            return None
        return self._question(self.hand_number, hand.to_log_hand(), hand.replay,
                              pending[0].finding, hand.rulings)

    def verify_ruling(self, trick: int, seat: str, decision: str, *,
                      code: str = "revoke") -> None:
        from ..referee.view import EntryRefused

        try:
            self._ruled_hand().verify_rule(code, trick, seat, decision)
        except EntryRefused as exc:
            raise RulingError(str(exc)) from None

    def can_rule(self, trick: int, seat: str, decision: str, *, code: str = "revoke") -> bool:
        try:
            self.verify_ruling(trick, seat, decision, code=code)
        except (RulingError, CardByCardError):
            return False
        return True

    def rule(self, trick: int, seat: str, decision: str, *, code: str = "revoke",
             by: str | None = None, note: str | None = None) -> RulingMade:
        """The referee's decision on a renege of the hand in progress; ``by``: who rules
        (``ruled_by`` words a missing name)."""
        self.verify_ruling(trick, seat, decision, code=code)
        who = ruled_by(by)
        done = self._ruled_hand().rule(code, trick, seat, decision, by=who,  # type: ignore[arg-type]
                                       note=note)
        r = done.ruling
        return RulingMade(self.hand_number, r.code, r.trick, r.seat.name, r.decision, who)

    # --- confirmed hands ------------------------------------------------------------------

    def hand_rulings(self, number: int) -> tuple[RulingQuestion, ...]:
        """Every renege of confirmed hand ``number`` a ruling may name, with its decision
        (None: not ruled on, so scored as played) and the hand scored both ways."""
        if not 1 <= number <= len(self._log.hands):
            raise RulingError(f"there is no hand {number} (hands 1 to {len(self._log.hands)}"
                              " are confirmed)")
        replay = self._analysis.replays[number - 1]
        hand = self._log.hands[number - 1].model_dump(mode="json", by_alias=True,
                                                       exclude_none=True)
        rulings = replay.record.rulings
        return tuple(self._question(number, hand, replay, f, rulings)
                     for f in rulable(replay.findings))


def rulable(findings: Iterable[Finding]) -> list[Finding]:
    """The findings a ruling may name (a renege: the one breach with a penalty)."""
    return [f for f in findings if f.code in RULED_CODES and f.trick is not None]


__all__ = ["DEFAULT_BY", "RulingsMixin", "decision_text", "rulable", "ruled_by",
           "ruling_entry"]
