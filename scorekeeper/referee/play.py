"""Referee mode: one hand recorded card by card, with live legality.

``RefereeHand`` is the engine the referee screen drives. Every entry follows the pokerkit
triad: ``verify_x`` raises a typed ``EntryRefused`` (a ``ValueError``) with the reason,
``can_x`` answers yes or no, ``x`` records the entry and returns an immutable record.

Entries that cannot have happened are refused on the spot (a card played twice, a card not in
the seat's recorded hand, a fourteenth card, a card out of turn within a trick). Entries that
break the rules but did happen (a renege, a spade led before spades are broken, a lead out of
turn when the referee names another leader) are accepted and flagged once proven. Findings
come from ``scorekeeper.rules.replay.replay_hand`` run on the hand so far, the same replay
``scorekeeper audit`` runs on the exported log, so the app and the audit always agree.

The state is a list of entries (``to_draft``): restoring a draft replays them, and undo takes
the last one back.

This module holds that state and the play, the claim, undo, the findings, the record, the
view and drafts. The entries made before the first card (bids, the deal, the Blind Nil
exchange, the two-player draw and redraw) are ``PrePlayEntries`` methods, in
``scorekeeper.referee.preplay``, and the referee's rulings on a renege's penalty are
``RulingEntries`` methods, in ``scorekeeper.referee.rulings``; ``RefereeHand`` inherits both,
split off only to keep each module readable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..rules.cards import BIT, FULL_DECK, SPADES_MASK, Card, cards_in, mask_of
from ..rules.penalties import hand_penalties
from .preplay import (
    CardLike,
    PrePlayEntries,
    SeatLike,
    _can,
    _card,
    _seat,
)
from .rulings import RulingEntries
from .view import (
    CardAlreadyPlayed,
    CardEntered,
    CardNotHeld,
    ClaimEntered,
    ClaimRefused,
    ClaimVerdict,
    DraftError,
    EntryRefused,
    HandOver,
    HandResult,
    LiveFinding,
    NotNow,
    NotYourTurn,
    RefereeView,
    Undone,
    claim_verdict_of,
    live_penalties,
    log_hand_dict,
    shown_out_suits,
)
from ..rules.before_play import check_exchanges, check_redraws, exchanging_nils
from ..rules.errors import ImpossiblePlay, OutOfTurn
from ..rules.record import Claim, DrawPair, Exchange, HandRecord, Redraw, Ruling, TrickRecord
from ..rules.replay import HandReplay, replay_hand
from ..rules.scoring import Bid, score_hand
from ..rules.settings import DEFAULT_RULES, RuleSet
from ..rules.seats import Seat, Variant

DRAFT_FORMAT = "scorekeeper-referee-hand"
DRAFT_VERSION = 1


class RefereeHand(PrePlayEntries, RulingEntries):
    """One hand refereed card by card. Mutable; the records and views it returns are not.

    ``bids``: bids already entered in the app's quick flow (in the order made); they cannot
    be undone here. Otherwise enter them with :meth:`bid`, in turn.
    """

    def __init__(self, variant: Variant | str, dealer: SeatLike, rules: RuleSet = DEFAULT_RULES,
                 bids: Iterable[Bid] | None = None) -> None:
        self.variant = Variant(variant)
        self.dealer = _seat(dealer)
        if self.dealer not in self.variant.seats:
            raise NotYourTurn(f"the dealer {self.dealer} has no seat in the {self.variant} game",
                              code="seat_invalid", seat=self.dealer)
        self.rules = rules
        self._bids: list[Bid] = []
        self._deal: dict[Seat, tuple[Card, ...]] | None = None
        self._exchanges: list[Exchange] = []
        self._draw: list[DrawPair] = []
        self._redraws: list[Redraw] = []
        self._tricks: list[tuple[Seat, list[Card]]] = []
        self._claim: Claim | None = None
        self._rulings: list[Ruling] = []
        self._verdict: ClaimVerdict | None = None
        self._actions: list[dict[str, Any]] = []
        self._fixed = 0
        self._live: tuple[LiveFinding, ...] = ()
        self._replay: HandReplay = self._run_replay()
        for b in bids or ():
            self.bid(b.seat, b.tricks, blind=b.blind)
        self._fixed = len(self._actions)

    # == state ============================================================================
    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.variant.seats

    @property
    def bids(self) -> tuple[Bid, ...]:
        return tuple(self._bids)

    @property
    def deal_known(self) -> bool:
        return self._deal is not None or len(self._draw) == 26

    @property
    def cards_played(self) -> int:
        return sum(len(cs) for _, cs in self._tricks)

    @property
    def completed_tricks(self) -> int:
        n = len(self._tricks)
        return n - 1 if n and len(self._tricks[-1][1]) < self.variant.n_seats else n

    @property
    def is_over(self) -> bool:
        return self._claim is not None or self.completed_tricks == 13

    @property
    def findings(self) -> tuple[LiveFinding, ...]:
        """Every finding proven so far, each with the penalty the rules apply."""
        return self._live

    @property
    def replay(self) -> HandReplay:
        """The rules core's replay of the hand so far (tricks, turn, holdings)."""
        return self._replay

    @property
    def turn(self) -> Seat | None:
        return None if self.is_over else self._replay.turn

    def next_bidder(self) -> Seat | None:
        order = self.variant.turn_order(self.variant.first_to_act(self.dealer))
        return order[len(self._bids)] if len(self._bids) < len(order) else None

    def _played_mask(self) -> int:
        return mask_of(c for _, cs in self._tricks for c in cs)

    def _where_played(self, c: Card) -> tuple[Seat, int] | None:
        for n, (leader, cs) in enumerate(self._tricks, start=1):
            if c in cs:
                return self.variant.turn_order(leader)[cs.index(c)], n
        return None

    def holdings(self) -> dict[Seat, int] | None:
        """With a known deal, each seat's cards not yet played (masks); None otherwise."""
        if not self._replay.dealt_known:
            return None
        played = self._played_mask()
        return {s: self._replay.held.get(s, 0) & ~played for s in self.seats}

    def unseen(self) -> int:
        """The cards still to come (a mask): exactly the cards held once the deal is known."""
        held = self.holdings()
        if held is not None:
            m = 0
            for v in held.values():
                m |= v
            return m
        out = FULL_DECK & ~self._played_mask()
        for r in self._redraws:
            out &= ~mask_of(r.discarded)
        return out

    def _exchanges_needed(self) -> list[tuple[Seat, Seat]]:
        """(giver, receiver) pairs still to enter: a lone Blind Nil bidder's, and with
        ``nil_passing`` a lone Nil bidder's."""
        if self.variant is not Variant.PARTNERSHIP:
            return []
        done = {(x.giver, x.receiver) for x in self._exchanges}
        need = []
        for s in sorted(seat for seat, _ in exchanging_nils(self.variant, self._bids,
                                                             self.rules).values()):
            need += [p for p in ((s, s.partner), (s.partner, s)) if p not in done]
        return need

    @property
    def stage(self) -> str:
        if self.is_over:
            return "over"
        if self.cards_played:
            return "play"
        if self.next_bidder() is not None:
            return "bidding"
        if self._draw and len(self._draw) < 26:
            return "draw"
        if self._exchanges_needed():
            return "exchange"
        return "play"

    def prompt(self) -> str:
        stage = self.stage
        if stage == "over":
            return ("the hand is over: " + ("all 13 tricks are played" if self._claim is None
                                            else f"{self._claim.seat} claimed"))
        if stage == "bidding":
            return f"{self.next_bidder()} to bid"
        if stage == "draw":
            return f"draw turn {len(self._draw) + 1}: {self._draw_turn_seat()} keeps a card"
        if stage == "exchange":
            g, r = self._exchanges_needed()[0]
            return f"{g} gives {r} three cards (Blind Nil exchange)"
        return f"{self._replay.turn} to {'lead' if not self._on_table() else 'play'}"

    def _on_table(self) -> list[Card]:
        if self._tricks and len(self._tricks[-1][1]) < self.variant.n_seats:
            return self._tricks[-1][1]
        return []

    # == the play ============================================================================
    def _ready_to_play(self, what: str) -> None:
        nxt = self.next_bidder()
        if nxt is not None:
            raise NotNow(f"{what}: the bids are not complete ({nxt} to bid)",
                         code="bids_incomplete")
        if self._draw and len(self._draw) < 26:
            raise NotNow(f"{what}: the draw is not finished ({len(self._draw)} of 26 turns)",
                         code="draw_incomplete")
        need = self._exchanges_needed()
        if need:
            g, r = need[0]
            raise NotNow(f"{what}: enter the Blind Nil exchange first ({g} gives {r} three"
                         " cards)", code="exchange_missing", seat=g)

    def verify_play(self, card_: CardLike, seat: SeatLike | None = None) -> None:
        """Refuse a card that cannot have been played now. ``seat`` defaults to whose turn
        it is; naming another seat is accepted only for a lead (a lead out of turn, flagged).

        Whether the card can have been played is the rules core's to say: the card-play
        engine of the replay (``HandPlay.verify_possible``: the hand over, the turn within a
        trick, a card played already, a card the known deal says the seat does not hold) and,
        without a deal, the checks of the exchange and the redraw (a card passed to or drawn
        by another seat). This method only words the answer for the table."""
        c = _card(card_)
        trick = self.completed_tricks + 1
        if self._claim is not None:
            raise HandOver(f"{c}: the hand is over ({self._claim.seat} claimed after trick"
                           f" {self._claim.after_trick})", code="hand_over", card=c)
        if self.completed_tricks < 13:
            self._ready_to_play(f"{c}")
        turn = self._replay.turn
        who = turn if seat is None else _seat(seat)
        try:
            self._replay.engine.verify_possible(who, c)
        except OutOfTurn as exc:
            if exc.code == "seat_invalid":
                raise NotYourTurn(f"{c} by {who}: {who} has no seat in the {self.variant} game",
                                  code="seat_invalid", seat=who, card=c) from None
            raise NotYourTurn(f"{c} by {who} at trick {trick}: it is {turn}'s turn",
                              code="not_your_turn", seat=who, card=c, trick=trick) from None
        except ImpossiblePlay as exc:
            if exc.code == "hand_over":
                raise HandOver(f"{c}: the hand is over, all 13 tricks are played",
                               code="hand_over", card=c) from None
            if exc.code == "card_duplicated":
                s, n = self._where_played(c)
                at = "in this trick" if n == trick else f"at trick {n}"
                raise CardAlreadyPlayed(f"{c} by {who} at trick {trick}: {c} was already played"
                                        f" by {s} {at}", code="card_duplicated", seat=who,
                                        card=c, trick=trick) from None
            if exc.code != "card_not_held":  # worded below, with who holds the card
                raise
        reason = self._not_held_reason(who, c)
        if reason:
            raise CardNotHeld(f"{c} by {who} at trick {trick}: {reason}", code="card_not_held",
                              seat=who, card=c, trick=trick)

    def _not_held_reason(self, seat: Seat, c: Card) -> str | None:
        """Why ``seat`` cannot hold ``c`` (a card not played yet), as the referee says it; None
        when he may. The core decides: with a deal, the engine's exact holdings; without one,
        the exchange and redraw checks run as if ``seat`` played ``c``."""
        engine = self._replay.engine
        if engine.exact:
            if engine.holdings[seat] & BIT[c]:
                return None
            other = next((s for s in self.seats if engine.holdings[s] & BIT[c]), None)
            if other is not None:
                return f"{c} is not in {seat}'s recorded hand ({other} holds it)"
            if self.variant is Variant.TWO_PLAYER:
                return f"{c} is not in {seat}'s recorded hand (it is out of play, discarded)"
            return f"{c} is not in {seat}'s recorded hand"
        if not self._exchanges and not self._redraws:
            return None
        played = dict(engine.played_by)
        played[seat] = played.get(seat, 0) | BIT[c]
        problems, _ = check_exchanges(self.variant, self._bids, self._exchanges, None, played,
                                      complete=False, rules=self.rules)
        redraw_problems, _ = check_redraws(self.variant, self._bids, self._redraws, None, None,
                                           played)
        for p in (*problems, *redraw_problems):
            if p.kind != "played_elsewhere" or p.card != c:
                continue
            if p.code == "exchange_invalid":
                x = self._exchanges[p.index]
                return f"{x.giver} passed it to {x.receiver} in the Blind Nil exchange"
            r = self._redraws[p.index]
            if c in r.discarded:
                return f"{c} was discarded in the Blind Nil redraw and is out of play"
            return f"{r.seat} drew it in the Blind Nil redraw"
        return None

    def can_play(self, card_: CardLike, seat: SeatLike | None = None) -> bool:
        return _can(self.verify_play, card_, seat)

    def play(self, card_: CardLike, seat: SeatLike | None = None) -> CardEntered:
        """Record a card as it was played (by whose turn it is, or by ``seat`` leading)."""
        self.verify_play(card_, seat)
        c = _card(card_)
        who = self._replay.turn if seat is None else _seat(seat)
        if self._on_table():
            self._tricks[-1][1].append(c)
        else:
            self._tricks.append((who, [c]))
        trick, position = len(self._tricks), len(self._tricks[-1][1]) - 1
        new = self._push({"op": "card", "seat": who.name, "card": str(c)})
        done = self._replay.tricks[trick - 1] if position == self.variant.n_seats - 1 else None
        return CardEntered(who, c, trick, position, done, new)

    def playable(self, seat: SeatLike | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: whose turn) may be entered with now, for the grid:
        his remaining hand when the deal is known, else every unseen card not known to be
        elsewhere. Illegal plays (a renege) are included: they are accepted and flagged."""
        who = self._replay.turn if seat is None else _seat(seat)
        if who is None or self.is_over:
            return ()
        return tuple(c for c in cards_in(self.unseen()) if self._not_held_reason(who, c) is None)

    # == claims =============================================================================
    def verify_claim(self, seat: SeatLike, tricks: Mapping[SeatLike, int],
                     accepted: bool = True) -> None:
        seat = _seat(seat)
        if self.is_over:
            raise HandOver("the hand is over: there is nothing left to claim", code="hand_over",
                           seat=seat)
        self._ready_to_play("a claim")
        if seat not in self.seats:
            raise ClaimRefused(f"claim by {seat}: {seat} has no seat in the {self.variant}"
                               " game", code="claim_invalid", seat=seat)
        shares = {}
        for k, v in tricks.items():
            s = _seat(k)
            if s not in self.seats:
                raise ClaimRefused(f"the claim gives tricks to {s}, who has no seat in the"
                                   f" {self.variant} game", code="claim_invalid", seat=s)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ClaimRefused(f"the claim gives {s} {v!r} tricks", code="claim_invalid",
                                   seat=s)
            shares[s] = v
        left = 13 - self.completed_tricks
        if sum(shares.values()) != left:
            raise ClaimRefused(f"the claim shares out {sum(shares.values())} tricks, but {left}"
                               " remain", code="claim_invalid", seat=seat)

    def can_claim(self, seat: SeatLike, tricks: Mapping[SeatLike, int],
                  accepted: bool = True) -> bool:
        return _can(self.verify_claim, seat, tricks, accepted)

    def claim(self, seat: SeatLike, tricks: Mapping[SeatLike, int],
              accepted: bool = True) -> ClaimEntered:
        """Record a claim: ``tricks`` says how many of the tricks left (the one on the table
        included) each seat takes; ``accepted`` False when the other side disputes it.

        A claim made mid-trick ends the play there: the log holds the completed tricks and
        the claim, and the cards on the table are kept under the hand's ``x-claim-trick``.
        """
        self.verify_claim(seat, tricks, accepted)
        shares = {s: 0 for s in self.seats}
        shares.update({_seat(k): v for k, v in tricks.items()})
        self._claim = Claim(_seat(seat), self.completed_tricks, shares, accepted)
        self._verdict = None
        new = self._push({"op": "claim", "seat": self._claim.seat.name,
                          "tricks": {s.name: v for s, v in shares.items()}, "accepted": accepted})
        return ClaimEntered(self._claim, new, self._verdict)

    def claim_verdict(self) -> ClaimVerdict:
        """The verdict on the claim entered, as ``scorekeeper audit`` gives it: with the deal
        known, the double-dummy solver decides whether the claiming side can force its tricks
        (and each live Nil of the side is safe); its findings join :attr:`findings`.

        Solving is exact. A trick claim is answered at once once spades are broken (DDS
        decides those positions); before that, and for a Nil, a full partnership deal can
        still take tens of seconds: call it in a worker thread, then read
        :meth:`view`. The verdict is kept until the claim is undone."""
        cl = self._claim
        if cl is None:
            raise NotNow("no claim has been entered", code="no_claim")
        if self._verdict is None:
            verdict = claim_verdict_of(self._replay, self.rules)
            if self._claim is cl:  # not undone meanwhile
                self._verdict = verdict
                self._refresh()
            return verdict
        return self._verdict

    # == undo ===============================================================================
    def can_undo(self) -> bool:
        return len(self._actions) > self._fixed

    def undo(self) -> Undone:
        """Take back the last entry (a card, a claim, a draw turn, an exchange, the deal...)."""
        if not self.can_undo():
            raise NotNow("nothing to undo", code="nothing_to_undo")
        action = self._actions.pop()
        op = action["op"]
        if op == "card":
            self._tricks[-1][1].pop()
            if not self._tricks[-1][1]:
                self._tricks.pop()
        elif op == "deal":
            self._deal = None
        elif op == "claim":
            self._claim = self._verdict = None
        elif op == "ruling":
            self._rulings.pop()
        else:
            {"bid": self._bids, "exchange": self._exchanges, "draw": self._draw,
             "redraw": self._redraws}[op].pop()
        before = self._live
        self._refresh()
        keys = {f.key for f in self._live}
        return Undone(dict(action), tuple(f for f in before if f.key not in keys))

    # == findings, the record and the view ===================================================
    def _push(self, action: dict[str, Any]) -> tuple[LiveFinding, ...]:
        self._actions.append(action)
        before = {f.key for f in self._live}
        self._refresh()
        return tuple(f for f in self._live if f.key not in before)

    def record(self) -> HandRecord:
        """The hand so far as the rules core's record (a mid-trick claim drops the trick on
        the table, as the log does)."""
        tricks = [(leader, cs) for leader, cs in self._tricks]
        if self._claim is not None and tricks and len(tricks[-1][1]) < self.variant.n_seats:
            tricks.pop()
        return HandRecord(
            variant=self.variant, dealer=self.dealer, bids=tuple(self._bids),
            tricks=tuple(TrickRecord(leader, tuple(cs)) for leader, cs in tricks),
            deal=dict(self._deal) if self._deal is not None else None,
            exchanges=tuple(self._exchanges) if self._exchanges else None,
            draw=tuple(self._draw) if self._draw else None,
            redraws=tuple(self._redraws) if self._redraws else None,
            claim=self._claim, rulings=tuple(self._rulings),
        )

    def _run_replay(self) -> HandReplay:
        return replay_hand(self.record(), self.rules, in_progress=not self.is_over)

    def _refresh(self) -> None:
        self._replay = rep = self._run_replay()
        found = [f for f in rep.findings if not self._pending(f, rep)]
        live = tuple(LiveFinding(f, p) for f, p in
                     zip(found, live_penalties(found, self.rules, rep)))
        if self._claim is not None and self._verdict is None and not rep.dealt_known:
            # Nothing to solve: the audit's verdict is at once "cannot be checked".
            self._verdict = claim_verdict_of(rep, self.rules)
        if self._verdict is not None:
            live += self._verdict.findings
        live = self._with_rulings(live)
        # Ordered as the audit orders a hand's findings: by trick, hand-wide ones first.
        self._live = tuple(sorted(live, key=lambda f: f.finding.trick or 0))

    def _pending(self, f, rep: HandReplay) -> bool:
        """Findings about entries not finished yet, not faults: the trick on the table is
        short, the draw or the exchange is still being entered (both are checked entry by
        entry before the first card may be played)."""
        if self.is_over:
            return False
        if f.code == "trick_size" and f.trick == len(rep.record.tricks or ()) and self._on_table():
            return True
        return not self.cards_played and f.code in ("exchange_invalid", "draw_invalid")

    def view(self) -> RefereeView:
        rep = self._replay
        table = self._on_table()
        leader = (self._tricks[-1][0] if table else rep.turn)
        order = self.variant.turn_order(leader) if leader is not None else ()
        held = self.holdings()
        won = {s: rep.tricks_won.get(s, 0) for s in self.seats}
        return RefereeView(
            variant=self.variant, dealer=self.dealer, stage=self.stage, prompt=self.prompt(),
            bids=self.bids, deal_known=held is not None,
            trick=self.completed_tricks + 1, leader=None if self.is_over else leader,
            table=tuple(zip(order, table)) if self._claim is None else (),
            turn=self.turn, last_trick=rep.tricks[-1] if rep.tricks else None,
            tricks_won=won,
            side_tricks={side: sum(won[s] for s in self.variant.members(side))
                         for side in self.variant.sides},
            spades_broken=bool(self._played_mask() & SPADES_MASK),
            shown_out={s: shown_out_suits(rep.shown_out.get(s, 0)) for s in self.seats},
            unseen=tuple(cards_in(self.unseen())),
            remaining=None if held is None else {s: tuple(cards_in(m)) for s, m in held.items()},
            findings=self._live, claim=self._claim, is_over=self.is_over,
            can_undo=self.can_undo(),
        )

    def to_log_hand(self) -> dict[str, Any]:
        """The hand as a game log hand (``HandLog``), as ``scorekeeper audit`` reads it."""
        won = ({s: self._replay.tricks_won.get(s, 0) for s in self.seats} if self.is_over
               else None)
        hand = log_hand_dict(self.record(), won)
        if self._claim is not None and self._on_table():
            leader, cs = self._tricks[-1]
            hand["x-claim-trick"] = {"leader": leader.name, "cards": [str(c) for c in cs]}
        return hand

    def result(self) -> HandResult:
        """The finished hand: findings, tricks won, each side's points and the log hand."""
        if not self.is_over:
            raise NotNow(f"the hand is not over ({self.completed_tricks} of 13 tricks played)",
                         code="hand_not_over")
        verdict = self.claim_verdict() if self._claim is not None else None
        rep = self._replay
        won = {s: rep.tricks_won.get(s, 0) for s in self.seats}
        points = score_hand(self.variant, self._bids, won, self.rules)
        pen = hand_penalties(rep, self.rules)
        corrected = score_hand(self.variant, self._bids, pen.tricks_won, self.rules,
                               pen.set_sides)
        return HandResult(self._live, won, points, pen, corrected, verdict, self.to_log_hand(),
                          self._ruled_points(rep))

    # == drafts =============================================================================
    def to_draft(self) -> dict[str, Any]:
        """The hand in progress as a JSON-able dict: every entry in order (save it after
        each one; :meth:`from_draft` restores the hand, undo included)."""
        return {"format": DRAFT_FORMAT, "version": DRAFT_VERSION,
                "variant": self.variant.value, "dealer": self.dealer.name,
                "rules": self.rules.to_dict(), "fixed_entries": self._fixed,
                "entries": [dict(a) for a in self._actions]}

    @classmethod
    def from_draft(cls, data: Mapping[str, Any]) -> RefereeHand:
        """Restore a hand saved by :meth:`to_draft`; every entry is checked again."""
        if not isinstance(data, Mapping) or data.get("format") != DRAFT_FORMAT:
            raise DraftError(f"not a referee draft (format {DRAFT_FORMAT!r} expected)",
                             code="draft_invalid")
        if data.get("version") != DRAFT_VERSION:
            raise DraftError(f"referee draft version {data.get('version')!r} is not supported"
                             f" (expected {DRAFT_VERSION})", code="draft_invalid")
        try:
            hand = cls(data["variant"], data["dealer"], RuleSet(**data.get("rules", {})))
            for i, a in enumerate(data["entries"], start=1):
                hand._apply_action(a)
                if i == data.get("fixed_entries", 0):
                    hand._fixed = i
        except EntryRefused as exc:
            raise DraftError(f"referee draft entry {i}: {exc}", code="draft_invalid") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise DraftError(f"referee draft: {exc!r} in its fields", code="draft_invalid") from exc
        return hand

    def _apply_action(self, a: Mapping[str, Any]) -> None:
        op = a["op"]
        if op == "bid":
            self.bid(a["seat"], a["bid"], blind=a.get("blind", False))
        elif op == "deal":
            self.deal(a["hands"])
        elif op == "exchange":
            self.exchange(a["from"], a["cards"])
        elif op == "draw":
            self.draw(a["seat"], a["kept"], a["discarded"])
        elif op == "redraw":
            self.redraw(a["seat"], a["discarded"], a["drawn"])
        elif op == "card":
            self.play(a["card"], a["seat"])
        elif op == "claim":
            self.claim(a["seat"], a["tricks"], a.get("accepted", True))
        elif op == "ruling":
            self._apply_ruling(a)
        else:
            raise DraftError(f"unknown entry {op!r}", code="draft_invalid")


__all__ = ["DRAFT_FORMAT", "DRAFT_VERSION", "RefereeHand"]
