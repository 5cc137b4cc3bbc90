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
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import BIT, CARDS, FULL_DECK, SPADES_MASK, Card, Suit, card, cards_in
from .referee_view import (
    BidEntered, BidRefused, CardAlreadyPlayed, CardEntered, CardNotHeld, ClaimEntered,
    ClaimRefused, ClaimVerdict, DealEntered, DealRefused, DraftError, DrawEntered, DrawRefused,
    EntryRefused, ExchangeEntered, ExchangeRefused, HandOver, HandResult, LiveFinding,
    NotNow, NotYourTurn, RedrawEntered, RedrawRefused, RefereeView, Undone,
    check_deal, check_draw_turn, log_hand_dict, check_exchange, check_redraw, claim_verdict_of, live_penalties,
    shown_out_suits,
)
from .penalties import Revoke, penalise_hand, set_side
from .rules.record import Claim, DrawPair, Exchange, HandRecord, Redraw, TrickRecord
from .rules.replay import HandReplay, replay_hand
from .rules.scoring import Bid, score_hand
from .rules.settings import DEFAULT_RULES, RuleSet
from .seats import Seat, Variant

DRAFT_FORMAT = "scorekeeper-referee-hand"
DRAFT_VERSION = 1

CardLike = Card | str | int
SeatLike = Seat | str


def _card(value: CardLike) -> Card:
    return CARDS[value] if isinstance(value, Card) else card(value)


def _seat(value: SeatLike) -> Seat:
    return value if isinstance(value, Seat) else Seat.parse(value)


def _cards(values: Iterable[CardLike]) -> tuple[Card, ...]:
    return tuple(_card(v) for v in values)


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


class RefereeHand:
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
        return _mask(c for _, cs in self._tricks for c in cs)

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
            out &= ~_mask(r.discarded)
        return out

    def _known_owner(self) -> dict[Card, Seat | None]:
        """Without a deal: where entries put a card (an exchange, a redraw); None: out of play."""
        owner: dict[Card, Seat | None] = {}
        for x in self._exchanges:
            for c in x.cards:
                owner[c] = x.receiver
        for r in self._redraws:
            for c in r.discarded:
                owner[c] = None
            for c in r.drawn:
                owner[c] = r.seat
        return owner

    def _exchanges_needed(self) -> list[tuple[Seat, Seat]]:
        """(giver, receiver) pairs still to enter for the lone Blind Nil bidders."""
        if self.variant is not Variant.PARTNERSHIP:
            return []
        blinds = {b.seat for b in self._bids if b.blind}
        done = {(x.giver, x.receiver) for x in self._exchanges}
        need = []
        for s in sorted(blinds):
            if s.partner in blinds:
                continue
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

    # == bids ===============================================================================
    def verify_bid(self, seat: SeatLike, tricks: int, *, blind: bool = False) -> None:
        seat = _seat(seat)
        nxt = self.next_bidder()
        if self.cards_played or self._claim is not None:
            raise NotNow(f"bid by {seat}: the play has begun", code="bids_closed", seat=seat)
        if nxt is None:
            raise BidRefused(f"bid by {seat}: every seat has bid", code="bid_duplicated",
                             seat=seat)
        if seat not in self.seats:
            raise NotYourTurn(f"bid by {seat}: {seat} has no seat in the {self.variant} game",
                              code="seat_invalid", seat=seat)
        if any(b.seat == seat for b in self._bids):
            raise BidRefused(f"{seat} has already bid", code="bid_duplicated", seat=seat)
        if seat != nxt:
            raise NotYourTurn(f"bid by {seat}: it is {nxt}'s turn to bid", code="not_your_turn",
                              seat=seat)
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise BidRefused(f"bid by {seat}: {tricks!r} is not a bid (0 to 13)",
                             code="bid_invalid", seat=seat)
        if blind and tricks != 0:
            raise BidRefused(f"bid by {seat}: a Blind Nil is a bid of 0, not {tricks}",
                             code="bid_invalid", seat=seat)
        if blind and not self.rules.allow_blind_nil:
            raise BidRefused(f"{seat} cannot bid Blind Nil: this game's rules do not allow it",
                             code="blind_nil_not_allowed", seat=seat)

    def can_bid(self, seat: SeatLike, tricks: int, *, blind: bool = False) -> bool:
        return _can(self.verify_bid, seat, tricks, blind=blind)

    def bid(self, seat: SeatLike, tricks: int, *, blind: bool = False) -> BidEntered:
        """Record a bid (0 is Nil; ``blind`` for a Blind Nil), in turn from the dealer's left."""
        self.verify_bid(seat, tricks, blind=blind)
        b = Bid(_seat(seat), tricks, blind)
        self._bids.append(b)
        self._push({"op": "bid", "seat": b.seat.name, "bid": tricks, "blind": blind})
        return BidEntered(b)

    # == deal ===============================================================================
    def verify_deal(self, hands: Mapping[SeatLike, Iterable[CardLike]]) -> None:
        self._before_play("the deal")
        if self._deal is not None:
            raise NotNow("the deal is already recorded (undo it to enter it again)",
                         code="deal_duplicated")
        if self._draw:
            raise NotNow("the draw is being recorded: the cards kept in it are the deal",
                         code="deal_with_draw")
        if self._exchanges or self._redraws:
            raise NotNow("enter the deal before the Blind Nil exchange or redraw",
                         code="deal_late")
        check_deal(self.seats, self._parse_hands(hands))

    def _parse_hands(self, hands: Mapping[SeatLike, Iterable[CardLike]]) -> dict[Seat, tuple[Card, ...]]:
        parsed = {}
        for k, v in hands.items():
            s = _seat(k)
            if s not in self.seats:
                raise DealRefused(f"the deal has a hand for {s}, who has no seat in the"
                                  f" {self.variant} game", code="deal_invalid", seat=s)
            parsed[s] = _cards(v.split() if isinstance(v, str) else v)
        return parsed

    def can_deal(self, hands: Mapping[SeatLike, Iterable[CardLike]]) -> bool:
        return _can(self.verify_deal, hands)

    def deal(self, hands: Mapping[SeatLike, Iterable[CardLike]]) -> DealEntered:
        """Record the deal: each seat's 13 cards (two-player: the cards each player kept).
        A hand may be a list of cards or one string ('as kh 10d ...')."""
        self.verify_deal(hands)
        parsed = self._parse_hands(hands)
        self._deal = {s: parsed[s] for s in self.seats}
        self._push({"op": "deal", "hands": {s.name: [str(c) for c in self._deal[s]]
                                             for s in self.seats}})
        return DealEntered(dict(self._deal))

    def _before_play(self, what: str) -> None:
        if self.cards_played or self._claim is not None:
            raise NotNow(f"{what} must be entered before the first card", code="play_begun")

    # == partnership Blind Nil exchange =====================================================
    def verify_exchange(self, giver: SeatLike, cards: Iterable[CardLike]) -> None:
        giver = _seat(giver)
        cs = _cards(cards)
        if self.variant is not Variant.PARTNERSHIP:
            raise ExchangeRefused("no exchange in the two-player game: a Blind Nil bidder"
                                  " discards and redraws instead", code="exchange_invalid",
                                  seat=giver)
        self._before_play("the exchange")
        check_exchange(giver, cs, {b.seat for b in self._bids if b.blind}, self._exchanges,
                       self._deal)

    def can_exchange(self, giver: SeatLike, cards: Iterable[CardLike]) -> bool:
        return _can(self.verify_exchange, giver, cards)

    def exchange(self, giver: SeatLike, cards: Iterable[CardLike]) -> ExchangeEntered:
        """Record the three cards ``giver`` passes to his partner (Blind Nil, both ways)."""
        self.verify_exchange(giver, cards)
        g = _seat(giver)
        x = Exchange(g, g.partner, _cards(cards))
        self._exchanges.append(x)
        self._push({"op": "exchange", "from": g.name, "to": g.partner.name,
                    "cards": [str(c) for c in x.cards]})
        return ExchangeEntered(x.giver, x.receiver, x.cards)

    # == two-player draw and redraw ==========================================================
    def _draw_turn_seat(self) -> Seat:
        return self.variant.turn_order(self.dealer)[len(self._draw) % 2]

    def verify_draw(self, seat: SeatLike, kept: CardLike, discarded: CardLike) -> None:
        seat, k, d = _seat(seat), _card(kept), _card(discarded)
        if self.variant is not Variant.TWO_PLAYER:
            raise DrawRefused("the draw belongs to the two-player game", code="draw_invalid")
        self._before_play("the draw")
        if self._deal is not None:
            raise NotNow("the deal is already recorded: undo it to record the draw instead",
                         code="draw_with_deal")
        if self._redraws:
            raise NotNow("the draw comes before the Blind Nil redraw", code="draw_late")
        check_draw_turn(self._draw, self._draw_turn_seat(), self.dealer, seat, k, d)

    def can_draw(self, seat: SeatLike, kept: CardLike, discarded: CardLike) -> bool:
        return _can(self.verify_draw, seat, kept, discarded)

    def draw(self, seat: SeatLike, kept: CardLike, discarded: CardLike) -> DrawEntered:
        """Record one turn of the two-player draw: the card kept and the card discarded."""
        self.verify_draw(seat, kept, discarded)
        p = DrawPair(_seat(seat), _card(kept), _card(discarded))
        self._draw.append(p)
        self._push({"op": "draw", "seat": p.seat.name, "kept": str(p.kept),
                    "discarded": str(p.discarded)})
        return DrawEntered(len(self._draw), p.seat, p.kept, p.discarded)

    def verify_redraw(self, seat: SeatLike, discarded: Iterable[CardLike],
                      drawn: Iterable[CardLike]) -> None:
        seat, out, back = _seat(seat), _cards(discarded), _cards(drawn)
        if self.variant is not Variant.TWO_PLAYER:
            raise RedrawRefused("no redraw in the partnership game: partners exchange cards"
                                " instead", code="redraw_invalid", seat=seat)
        self._before_play("the redraw")
        if not any(b.seat == seat and b.blind for b in self._bids):
            raise RedrawRefused(f"{seat} did not bid Blind Nil: only a Blind Nil bidder redraws",
                                code="redraw_invalid", seat=seat)
        if self._draw and len(self._draw) < 26:
            raise NotNow(f"the draw is not finished ({len(self._draw)} of 26 turns)",
                         code="draw_incomplete", seat=seat)
        known = self._replay.dealt_known
        other = Seat.N if seat == Seat.S else Seat.S
        check_redraw(seat, out, back, self._redraws,
                     held=self._replay.held.get(seat, 0) if known else None,
                     other_held=self._replay.held.get(other, 0) if known else None,
                     pile=_mask(p.discarded for p in self._draw) if self._draw else None)

    def can_redraw(self, seat: SeatLike, discarded: Iterable[CardLike],
                   drawn: Iterable[CardLike]) -> bool:
        return _can(self.verify_redraw, seat, discarded, drawn)

    def redraw(self, seat: SeatLike, discarded: Iterable[CardLike],
               drawn: Iterable[CardLike]) -> RedrawEntered:
        """Record a two-player Blind Nil bidder's discard (up to three) and redraw."""
        self.verify_redraw(seat, discarded, drawn)
        r = Redraw(_seat(seat), _cards(discarded), _cards(drawn))
        self._redraws.append(r)
        self._push({"op": "redraw", "seat": r.seat.name, "discarded": [str(c) for c in r.discarded],
                    "drawn": [str(c) for c in r.drawn]})
        return RedrawEntered(r.seat, r.discarded, r.drawn)

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
        it is; naming another seat is accepted only for a lead (a lead out of turn, flagged)."""
        c = _card(card_)
        trick = self.completed_tricks + 1
        if self._claim is not None:
            raise HandOver(f"{c}: the hand is over ({self._claim.seat} claimed after trick"
                           f" {self._claim.after_trick})", code="hand_over", card=c)
        if self.completed_tricks == 13:
            raise HandOver(f"{c}: the hand is over, all 13 tricks are played", code="hand_over",
                           card=c)
        self._ready_to_play(f"{c}")
        turn = self._replay.turn
        who = turn if seat is None else _seat(seat)
        if who not in self.seats:
            raise NotYourTurn(f"{c} by {who}: {who} has no seat in the {self.variant} game",
                              code="seat_invalid", seat=who, card=c)
        if self._on_table() and who != turn:
            raise NotYourTurn(f"{c} by {who} at trick {trick}: it is {turn}'s turn",
                              code="not_your_turn", seat=who, card=c, trick=trick)
        where = self._where_played(c)
        if where is not None:
            s, n = where
            at = "in this trick" if n == trick else f"at trick {n}"
            raise CardAlreadyPlayed(f"{c} by {who} at trick {trick}: {c} was already played by"
                                    f" {s} {at}", code="card_duplicated", seat=who, card=c,
                                    trick=trick)
        reason = self._not_held_reason(who, c)
        if reason:
            raise CardNotHeld(f"{c} by {who} at trick {trick}: {reason}", code="card_not_held",
                              seat=who, card=c, trick=trick)

    def _not_held_reason(self, seat: Seat, c: Card) -> str | None:
        held = self.holdings()
        if held is not None:
            if held[seat] & BIT[c]:
                return None
            other = next((s for s in self.seats if held[s] & BIT[c]), None)
            if other is not None:
                return f"{c} is not in {seat}'s recorded hand ({other} holds it)"
            if self.variant is Variant.TWO_PLAYER:
                return f"{c} is not in {seat}'s recorded hand (it is out of play, discarded)"
            return f"{c} is not in {seat}'s recorded hand"
        owner = self._known_owner()
        if c in owner and owner[c] != seat:
            if owner[c] is None:
                return f"{c} was discarded in the Blind Nil redraw and is out of play"
            how = next((f"{x.giver} passed it to {x.receiver} in the Blind Nil exchange"
                        for x in self._exchanges if c in x.cards), None)
            return how or f"{owner[c]} drew it in the Blind Nil redraw"
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

        Solving is exact and can take long early in a partnership hand (minutes with 13
        tricks left, well under a second with 7): call it in a worker thread, then read
        :meth:`view`. The verdict is kept until the claim is undone."""
        cl = self._claim
        if cl is None:
            raise NotNow("no claim has been entered", code="no_claim")
        if self._verdict is None:
            verdict = claim_verdict_of(self._replay)
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
            claim=self._claim,
        )

    def _run_replay(self) -> HandReplay:
        return replay_hand(self.record(), self.rules, in_progress=not self.is_over)

    def _refresh(self) -> None:
        self._replay = rep = self._run_replay()
        found = [f for f in rep.findings if not self._pending(f, rep)]
        live = tuple(LiveFinding(f, p) for f, p in
                     zip(found, live_penalties(found, self.variant, self.rules, rep)))
        if self._claim is not None and self._verdict is None and not rep.dealt_known:
            # Nothing to solve: the audit's verdict is at once "cannot be checked".
            self._verdict = claim_verdict_of(rep)
        if self._verdict is not None:
            live += self._verdict.findings
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
        revokes = [Revoke(f.trick, f.seat, Suit.parse(f.evidence["led_suit"]))
                   for f in rep.findings if f.code == "revoke"]
        pen = penalise_hand(self.variant, self._bids, [t.winner for t in rep.tricks], won,
                            revokes, self.rules)
        corrected = score_hand(self.variant, self._bids, pen.tricks_won, self.rules)
        corrected = {side: set_side(p, self.rules) if side in pen.set_sides else p
                     for side, p in corrected.items()}
        return HandResult(self._live, won, points, pen, corrected, verdict, self.to_log_hand())

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
        else:
            raise DraftError(f"unknown entry {op!r}", code="draft_invalid")


def _can(verify, *args, **kwargs) -> bool:
    try:
        verify(*args, **kwargs)
    except ValueError:
        return False
    return True


__all__ = ["RefereeHand", "DRAFT_FORMAT", "DRAFT_VERSION"]
