"""Corrections and undo, for ``GameSession``.

Kept apart from ``game_session.py`` so each stays readable: ``ChangesMixin`` holds the
corrections of confirmed hands and the undo stack. Undo takes back the last change, whatever
it was: a trick count, a bid, the confirmation of a hand (which comes back for entry) or a
correction (the hand goes back to what it was, and the history says so, as a correction of
its own: the log's history only ever grows).

The stack holds the changes of the log made in this session (confirmations, corrections),
each with the number of entries the hand in progress had just after it: entries made since
are taken back first, one by one, so the order of undo is the order things were done. The
entries themselves are the hand in progress (``_bids``, ``_tricks``). A game opened again
starts with an empty stack (the stack is not saved): undo then takes back the entries of the
hand in progress, then reopens the confirmed hands one by one, as before this stack existed.

Before a change, ``undo_effect()`` and ``correction_effect()`` say what it would do to the
game's result, so that a finished game is never un-finished without the scorekeeper being
asked (the standings count finished games only).

Time called between hands (``time_call.py``) changes the last confirmed hand: a change like a
confirmation, undone alike; time called during a hand is an entry of the hand in progress.

A correction may also change the referee's rulings on a hand's reneges (``rulings``: (code,
trick, seat) -> 'apply' or 'waive'): the penalty is the referee's ruling, and a ruling
changed later is a change of the record like any other, in the history and undone alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..analysis.game import GameAnalysis, analyse_game
from ..logs.models import Correction, GameLog, HandLog
from ..rules.bidding import bid_refusal
from ..rules.scoring import Bid
from ..rules.seats import Seat
from .events import ChangeEffect, CorrectionError, EntryUndone, HandCorrected, UndoError
from .rulings import decision_text, rulable
from .typed import bid_text, tricks_text

#: A ruling as a correction names it: (code, trick, seat), e.g. ('revoke', 4, 'W').
RulingKey = tuple[str, int, str]


@dataclass(frozen=True, slots=True)
class Change:
    """One change of the log, as undo takes it back."""

    kind: Literal["confirm", "played", "correction", "time"]
    hand: int
    """The hand confirmed, corrected or on which time was called (1-based)."""
    after: tuple[int, int]
    """(hand in progress, its entries) just after the change: entries beyond are newer."""
    before: HandLog | None = None
    """A correction or a time call: the hand as it was."""
    revision: int | None = None
    """A correction: its revision in the log's history."""
    dropped: tuple[tuple[Any, ...], tuple[Any, ...], Any, int | None] | None = None
    """A correction that ended the game: the hand in progress it dropped (bids, tricks,
    referee hand, time call), given back by its undo."""


@dataclass(frozen=True)
class _UndoPlan:
    """What an undo would do, worked out without doing it (``undo_effect`` shows it)."""

    what: str
    bids: list[tuple[Seat, int, bool]]
    tricks: list[tuple[Seat, int]]
    referee: Any = None
    time_call: int | None = None
    """The hand in progress's time call after the undo (``GameSession._time_call``)."""
    log: GameLog | None = None
    """The log after the undo, when the undo changes it."""
    pop: bool = False
    """The undo takes back the last change on the stack (not an entry)."""
    hand: int | None = None
    reopens: int | None = None
    correction: Correction | None = None


def hand_changes(old: HandLog, new: HandLog) -> list[str]:
    """What differs between two versions of a hand, as the history words it: 'N bid 5, was
    4', 'E won 3 tricks, was 4' (bids, then tricks won, seat by seat)."""
    changes = []
    was = {b.seat: b for b in old.bids}
    for b in new.bids:
        o = was.get(b.seat)
        if o is not None and (o.bid, o.blind) != (b.bid, b.blind):
            changes.append(f"{b.seat} bid {bid_text(b.bid, b.blind)}, was"
                           f" {bid_text(o.bid, o.blind)}")
    old_won, new_won = old.tricks_won or {}, new.tricks_won or {}
    for seat, n in new_won.items():
        if old_won.get(seat) != n:
            changes.append(f"{seat} won {tricks_text(n)}, was {old_won.get(seat, 0)}")
    changes += ruling_changes(old, new)
    if not changes and old != new:
        changes.append("the hand as it was recorded")
    return changes


def _decisions(hand: HandLog) -> dict[RulingKey, str]:
    return {(r.code, r.trick, r.seat): r.decision for r in hand.rulings or ()}


def ruling_changes(old: HandLog, new: HandLog) -> list[str]:
    """How the rulings differ, as the history words it: 'revoke by W at trick 4: penalty
    waived, was applied'."""
    was, now = _decisions(old), _decisions(new)
    return [f"{code} by {seat} at trick {trick}: penalty {decision_text(now.get(key))}, was"
            f" {decision_text(was.get(key))}"
            for key in sorted(was.keys() | now.keys(), key=lambda k: (k[1], k[2]))
            for code, trick, seat in [key] if was.get(key) != now.get(key)]


def result_short(analysis: GameAnalysis) -> str | None:
    """'NS won 512-430' once the game is won, else None."""
    score = analysis.score
    if score.winner is None:
        return None
    others = [s for s in score.final if s != score.winner]
    points = "-".join(str(score.final[s].score) for s in [score.winner, *others])
    return f"{score.winner} won {points}"


class ChangesMixin:
    """The corrections and undo half of ``GameSession`` (see the module doc)."""

    _changes: list[Change]

    def _entries(self) -> int:
        # Time called during the hand in progress is one of its entries, in its turn.
        return len(self._bids) + len(self._tricks) + (self._time_call is not None)

    def _record_change(self, kind: Literal["confirm", "played", "correction", "time"], hand: int,
                       **more: Any) -> None:
        self._changes.append(Change(kind, hand, (self.hand_number, self._entries()), **more))

    # --- corrections --------------------------------------------------------------------

    def _correction(self, hand: int | None, what: str, by: str, why: str | None) -> Correction:
        revision = len(self._log.history or []) + 1
        return Correction(revision=revision, at=self._clock(), by=by or "scorekeeper",
                          hand=hand, what=what, why=why or None)

    def _corrected_hand(self, number: int, bids: Mapping[str, tuple[int, bool]] | None,
                        tricks: Mapping[str, int] | None,
                        rulings: Mapping[RulingKey, str] | None = None,
                        by: str = "scorekeeper") -> tuple[HandLog, str]:
        if not 1 <= number <= len(self._log.hands):
            raise CorrectionError(f"there is no hand {number} to correct (hands 1 to"
                                  f" {len(self._log.hands)} are confirmed)")
        old = self._log.hands[number - 1]
        changes: list[str] = []
        new_bids = []
        for b in old.bids:
            bid, blind = (bids or {}).get(b.seat, (b.bid, b.blind))
            if not 0 <= bid <= 13:  # what the rules allow blind: bid_refusal, below
                raise CorrectionError(f"hand {number}: {b.seat}'s bid {bid_text(bid, blind)} is"
                                      " not a bid (0 to 13)")
            if blind and bid == 0 and not b.blind and not self.rules.allow_blind_nil:
                raise CorrectionError(f"hand {number}: these rules do not allow Blind Nil")
            if (bid, blind) != (b.bid, b.blind):
                changes.append(f"{b.seat} bid {bid_text(bid, blind)}, was"
                               f" {bid_text(b.bid, b.blind)}")
            new_bids.append({"seat": b.seat, "bid": bid, **({"blind": True} if blind else {})})
        self._verify_corrected_bids(number, old, new_bids)
        update: dict[str, Any] = {"bids": new_bids}
        if tricks:
            if old.tricks is not None:
                raise CorrectionError(f"hand {number} was recorded card by card: its tricks come"
                                      " from the play and cannot be typed over")
            won = dict(old.tricks_won or {})
            for seat, n in tricks.items():
                if not 0 <= n <= 13:
                    raise CorrectionError(f"hand {number}: {seat} won {n}: a count is 0 to 13")
                if won.get(seat) != n:
                    changes.append(f"{seat} won {tricks_text(n)}, was {won.get(seat, 0)}")
                won[seat] = n
            total = sum(won.values())
            if total != 13:
                counts = " + ".join(f"{s} {won.get(s.name, 0)}" for s in self.variant.seats)
                raise CorrectionError(f"hand {number}: {counts} = {total}, not 13")
            update["tricks_won"] = {s.name: won.get(s.name, 0) for s in self.variant.seats}
        if rulings:
            update["rulings"] = self._corrected_rulings(number, old, rulings, by)
            new_rulings = HandLog.model_validate(
                old.model_dump(mode="json", by_alias=True, exclude_none=True)
                | {"rulings": update["rulings"]})
            changes += ruling_changes(old, new_rulings)
        if not changes:
            raise CorrectionError(f"hand {number}: nothing changed")
        data = old.model_dump(mode="json", by_alias=True, exclude_none=True) | update
        return HandLog.model_validate(data), "; ".join(changes)

    def _verify_corrected_bids(self, number: int, old: HandLog,
                               new_bids: list[dict[str, Any]]) -> None:
        """Refuse a changed bid the bidding house rules refuse at the table
        (``rules.bidding.bid_refusal``, with the scores before the hand); a bid left as it
        was is never refused (a log may hold one the rules forbid: it is a finding)."""
        was = {b.seat: (b.bid, b.blind) for b in old.bids}
        made = [Bid(Seat[b["seat"]], b["bid"], b.get("blind", False)) for b in new_bids]
        totals = (self._analysis.score.hands[number - 2].sides if number > 1 else None)
        scores = ({side: t.score for side, t in totals.items()} if totals is not None else
                  {side: t.score for side, t in self._analysis.initial.items()})
        for bid in made:
            if was.get(bid.seat.name) == (bid.tricks, bid.blind):
                continue
            why = bid_refusal(self.variant, [b for b in made if b.seat != bid.seat], bid,
                              self.rules, scores)
            if why is not None:
                raise CorrectionError(f"hand {number}: {bid.seat} cannot bid"
                                      f" {bid_text(bid.tricks, bid.blind)}: {why}")

    def _corrected_rulings(self, number: int, old: HandLog, rulings: Mapping[RulingKey, str],
                           by: str) -> list[dict[str, Any]]:
        """The hand's rulings with ``rulings`` decided: a changed one is by ``by`` now."""
        proven = {(f.code, f.trick, f.seat.name)
                  for f in rulable(self._analysis.replays[number - 1].findings)}
        out = [r.model_dump(mode="json", exclude_none=True) for r in old.rulings or ()]
        for key, decision in rulings.items():
            code, trick, seat = key
            if key not in proven:
                raise CorrectionError(f"hand {number}: no {code} by {seat} at trick {trick} is"
                                      " proven by the play: there is nothing to rule on")
            if decision not in ("apply", "waive"):
                raise CorrectionError(f"hand {number}: a ruling is apply or waive, not"
                                      f" {decision!r}")
            at = next((i for i, r in enumerate(out)
                       if (r["code"], r["trick"], r["seat"]) == key), None)
            if at is not None and out[at]["decision"] == decision:
                continue
            entry = {"code": code, "trick": trick, "seat": seat, "decision": decision,
                     "by": by or "scorekeeper"}
            if at is None:
                out.append(entry)
            else:  # the note said why the earlier decision was taken: it goes with it
                out[at] = entry
        return out

    def _with_hand(self, number: int, hand: HandLog) -> list[HandLog]:
        hands = list(self._log.hands)
        hands[number - 1] = hand
        return hands

    def _corrected_log(self, number: int, bids: Mapping[str, tuple[int, bool]] | None,
                       tricks: Mapping[str, int] | None,
                       rulings: Mapping[RulingKey, str] | None = None,
                       by: str = "scorekeeper") -> tuple[GameLog, GameAnalysis, str]:
        """The log with hand ``number`` corrected, its analysis, and what changed. Refused
        when the change ends the game before its last hand: the hands after it would be
        hands played after the game was won, which no log may hold (the store refuses it)."""
        hand, what = self._corrected_hand(number, bids, tricks, rulings, by)
        log = self._log.model_copy(update={"hands": self._with_hand(number, hand)})
        analysis = analyse_game(log, self._analysis)
        won = analysis.score.won_at_hand
        if won is not None and won < len(log.hands):
            later = (f"hand {won + 1}" if won + 1 == len(log.hands)
                     else f"hands {won + 1} to {len(log.hands)}")
            raise CorrectionError(f"hand {number}: with {what}, {analysis.score.winner} win the"
                                  f" game at hand {won}, but {later} came after it, and no hand"
                                  " can follow a won game")
        return log, analysis, what

    def verify_correction(self, number: int, *, bids: Mapping[str, tuple[int, bool]] | None = None,
                          tricks: Mapping[str, int] | None = None,
                          rulings: Mapping[RulingKey, str] | None = None) -> None:
        self._corrected_log(number, bids, tricks, rulings)

    def can_correct(self, number: int, **changes: Any) -> bool:
        try:
            self.verify_correction(number, **changes)
        except CorrectionError:
            return False
        return True

    def correction_effect(self, number: int, *,
                          bids: Mapping[str, tuple[int, bool]] | None = None,
                          tricks: Mapping[str, int] | None = None,
                          rulings: Mapping[RulingKey, str] | None = None) -> ChangeEffect:
        """What the correction would do to the game's result (nothing is changed)."""
        _, analysis, what = self._corrected_log(number, bids, tricks, rulings)
        return ChangeEffect(what, result_short(self._analysis), result_short(analysis))

    def correct_hand(self, number: int, *, bids: Mapping[str, tuple[int, bool]] | None = None,
                     tricks: Mapping[str, int] | None = None,
                     rulings: Mapping[RulingKey, str] | None = None, by: str = "scorekeeper",
                     why: str | None = None) -> HandCorrected:
        """Change a confirmed hand's bids (seat -> (bid, blind)), tricks (seat -> count) or
        rulings ((code, trick, seat) -> 'apply' or 'waive'; a changed ruling is by ``by``);
        every later hand is re-scored, and the change goes into the log's history."""
        log, _, what = self._corrected_log(number, bids, tricks, rulings, by)
        correction = self._correction(number, what, by, why)
        before = self._log.hands[number - 1]
        self._set_log(log.model_copy(update={
            "history": [*(self._log.history or []), correction]}))
        dropped = None
        if self.is_over and self.has_entries:
            # The correction ended the game: the hand in progress has no game to go into
            # (kept with the change, so that undoing it gives the hand back).
            dropped = (tuple(self._bids), tuple(self._tricks), self._referee, self._time_call)
            self._bids, self._tricks, self._referee, self._time_call = [], [], None, None
        self._record_change("correction", number, before=before,
                            revision=correction.revision, dropped=dropped)
        return HandCorrected(number, what, correction)

    # --- undo ---------------------------------------------------------------------------

    def _undo_plan(self, by: str) -> _UndoPlan:
        bids, tricks, called = list(self._bids), list(self._tricks), self._time_call
        call_back = f"time call on hand {self.hand_number} taken back"
        if self._referee is not None:
            if called is not None:  # the session's own entry; the cards are the referee's
                return _UndoPlan(call_back, bids, tricks, self._referee)
            raise UndoError(f"hand {self.hand_number} is being entered card by card: undo its"
                            " entries there (F2)")
        top = self._changes[-1] if self._changes else None
        newer = (top.after[1] if top is not None and top.after[0] == self.hand_number else 0)
        if self._entries() > newer:  # an entry made since the last change: it goes first
            if called is not None and called == len(bids) + len(tricks):
                return _UndoPlan(call_back, bids, tricks)
            if tricks:
                seat, n = tricks.pop()
                return _UndoPlan(f"{seat}'s {tricks_text(n)} taken back", bids, tricks,
                                 time_call=called)
            seat, b, blind = bids.pop()
            return _UndoPlan(f"{seat}'s bid {bid_text(b, blind)} taken back", bids, tricks,
                             time_call=called)
        if top is not None and top.kind == "correction":
            return self._undo_correction_plan(top, by)
        if top is not None and top.kind == "time":
            return self._undo_time_plan(top, by)
        number = len(self._log.hands)
        if not number:
            raise UndoError("nothing to undo: no entry has been made")
        last = self._log.hands[-1]
        if last.tricks is not None:
            raise UndoError(f"hand {number} was recorded card by card; correct it instead of"
                            " undoing it")
        what = f"hand {number} reopened for entry (undo of its confirmation)"
        correction = self._correction(number, what, by, None)
        log = self._log.model_copy(update={
            "hands": self._log.hands[:-1], "history": [*(self._log.history or []), correction]})
        bids = [(Seat[b.seat], b.bid, b.blind) for b in last.bids]
        won = last.tricks_won or {}
        order = self.variant.turn_order(self.variant.first_to_act(Seat[last.dealer]))
        tricks = [(s, won.get(s.name, 0)) for s in order[:-1]]
        # Time called on it is back with the hand, as called during its play (after the bids).
        called = len(bids) if last.time_called else None
        return _UndoPlan(what, bids, tricks, time_call=called, log=log, pop=top is not None,
                         hand=number, reopens=number, correction=correction)

    def _undo_time_plan(self, change: Change, by: str) -> _UndoPlan:
        """Undo of time called between hands: the last hand as it was, time not called."""
        number = change.hand
        assert change.before is not None
        what = f"time call on hand {number} taken back"
        correction = self._correction(number, what, by, None)
        log = self._log.model_copy(update={
            "hands": self._with_hand(number, change.before),
            "history": [*(self._log.history or []), correction]})
        return _UndoPlan(what, list(self._bids), list(self._tricks), log=log, pop=True,
                         hand=number, correction=correction)

    def _undo_correction_plan(self, change: Change, by: str) -> _UndoPlan:
        number = change.hand
        assert change.before is not None
        now = self._log.hands[number - 1]
        what = (f"undo of revision {change.revision}: "
                + "; ".join(hand_changes(now, change.before)))
        correction = self._correction(number, what, by, None)
        log = self._log.model_copy(update={
            "hands": self._with_hand(number, change.before),
            "history": [*(self._log.history or []), correction]})
        bids, tricks, referee = (list(self._bids), list(self._tricks), self._referee)
        called = self._time_call
        if change.dropped is not None:
            bids, tricks, referee = list(change.dropped[0]), list(change.dropped[1]), \
                change.dropped[2]
            called = change.dropped[3]
        return _UndoPlan(what, bids, tricks, referee, called, log=log, pop=True, hand=number,
                         correction=correction)

    def verify_undo(self) -> None:
        self._undo_plan("scorekeeper")

    def can_undo(self) -> bool:
        try:
            self.verify_undo()
        except UndoError:
            return False
        return True

    def undo_effect(self) -> ChangeEffect:
        """What ``undo()`` would take back, and what it would do to the game's result
        (nothing is changed)."""
        plan = self._undo_plan("scorekeeper")
        after = analyse_game(plan.log, self._analysis) if plan.log is not None \
            else self._analysis
        return ChangeEffect(plan.what, result_short(self._analysis), result_short(after),
                            plan.reopens)

    def undo(self, *, by: str = "scorekeeper") -> EntryUndone:
        """Take back the last change: a trick count, a bid, the confirmation of a hand (which
        comes back for entry with its bids and counts) or a correction (the hand goes back to
        what it was). A change of the log goes into its history."""
        plan = self._undo_plan(by)
        if plan.log is not None:
            self._set_log(plan.log)
        self._bids, self._tricks, self._referee = plan.bids, plan.tricks, plan.referee
        self._time_call = plan.time_call
        if plan.pop:
            self._changes.pop()
        return EntryUndone(plan.what, plan.hand, plan.correction)
