"""Referee mode, the entries before the play: bids, the deal, the partnership Blind Nil
exchange, the two-player draw and Blind Nil redraw.

``PrePlayEntries`` is a mixin of ``scorekeeper.referee.play.RefereeHand``, kept apart so each
module stays readable: these entries are all made before the first card, and each is checked
by the rules core's own checks (``rules.before_play``, which the replay runs on a log) on the
entries so far plus the new one: the first problem the new entry causes refuses it, worded
here for the person at the table. What is the referee's own is the order of entry (bids in
turn, the deal before an exchange, the draw before a redraw), which a log does not have. The
play, the claim, undo, the findings and drafts stay with ``RefereeHand``, which owns the state
these methods read and append to. Every entry keeps the pokerkit triad: ``verify_x``,
``can_x``, ``x``.

It also holds the coercions every entry starts with (a card or seat given as text or
index), so that ``play.py`` imports them from here and no import cycle arises.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..rules.cards import CARDS, Card, card, mask_of
from .view import (
    BidEntered,
    BidRefused,
    DealEntered,
    DealRefused,
    DrawEntered,
    DrawRefused,
    ExchangeEntered,
    ExchangeRefused,
    LiveFinding,
    NotNow,
    NotYourTurn,
    RedrawEntered,
    RedrawRefused,
)
from ..rules.bidding import bid_refusal
from ..rules.before_play import Problem, check_deal, check_draw, check_exchanges, check_redraws
from ..rules.record import Claim, DrawPair, Exchange, Redraw
from ..rules.replay import HandReplay
from ..rules.scoring import Bid
from ..rules.settings import RuleSet
from ..rules.seats import Seat, Variant

CardLike = Card | str | int
SeatLike = Seat | str


def _card(value: CardLike) -> Card:
    return CARDS[value] if isinstance(value, Card) else card(value)


def _seat(value: SeatLike) -> Seat:
    return value if isinstance(value, Seat) else Seat.parse(value)


def _cards(values: Iterable[CardLike]) -> tuple[Card, ...]:
    return tuple(_card(v) for v in values)



def _first_of(problems: list[Problem], index: int) -> Problem | None:
    """The first problem of the entry at ``index`` (the one being entered)."""
    return next((p for p in problems if p.index == index), None)


def _can(verify, *args, **kwargs) -> bool:
    try:
        verify(*args, **kwargs)
    except ValueError:
        return False
    return True


class PrePlayEntries:
    """The entries made before the first card, as methods of ``RefereeHand``.

    The state is ``RefereeHand``'s (set in its ``__init__``), as are ``seats``,
    ``cards_played``, ``next_bidder()`` and ``_push()``, which records an entry and
    refreshes the findings; the annotations below name the state these methods use.
    """

    variant: Variant
    dealer: Seat
    rules: RuleSet
    _bids: list[Bid]
    _deal: dict[Seat, tuple[Card, ...]] | None
    _exchanges: list[Exchange]
    _draw: list[DrawPair]
    _redraws: list[Redraw]
    _claim: Claim | None
    _replay: HandReplay

    if TYPE_CHECKING:  # defined by RefereeHand; declared here for readers and type checkers
        seats: tuple[Seat, ...]
        cards_played: int

        def next_bidder(self) -> Seat | None: ...

        def _push(self, action: dict[str, Any]) -> tuple[LiveFinding, ...]: ...

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
        if blind and tricks == 0 and not self.rules.allow_blind_nil:
            raise BidRefused(f"{seat} cannot bid Blind Nil: this game's rules do not allow it",
                             code="blind_nil_not_allowed", seat=seat)
        # The bidding house rules (rules.bidding); how far a side trails is the session's.
        why = bid_refusal(self.variant, self._bids, Bid(seat, tricks, blind), self.rules, None)
        if why is not None:
            raise BidRefused(f"bid by {seat}: {why}", code="bid_refused", seat=seat)

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
        parsed = self._parse_hands(hands)
        problems, _ = check_deal(self.variant, parsed)
        if problems:
            p = problems[0]
            text = p.message
            if p.kind == "card_twice":
                first = next(s for s in self.seats if p.card in parsed.get(s, ()))
                where = "twice" if first == p.seat else f"to {first} and to {p.seat}"
                text = f"the deal gives {p.card} {where}"
            raise DealRefused(text, code=p.code, seat=p.seat, card=p.card)

    @staticmethod
    def _parse_hands(hands: Mapping[SeatLike, Iterable[CardLike]]) -> dict[Seat, tuple[Card, ...]]:
        return {_seat(k): _cards(v.split() if isinstance(v, str) else v)
                for k, v in hands.items()}

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
        receiver = giver.partner
        tried = [*self._exchanges, Exchange(giver, receiver, cs)]
        dealt = (None if self._deal is None
                 else {s: mask_of(self._deal[s]) for s in self.seats})
        problems, _ = check_exchanges(self.variant, self._bids, tried, dealt, {}, complete=False,
                                      rules=self.rules)
        p = _first_of(problems, len(tried) - 1)
        if p is None:
            return
        blinds = {b.seat for b in self._bids if b.blind}
        text = {
            "no_lone_blind_nil": (f"{giver} and {receiver} both bid Blind Nil: no cards are"
                                  " exchanged" if giver in blinds and receiver in blinds else
                                  f"exchange from {giver}: neither {giver} nor {receiver} bid"
                                  " Blind Nil"),
            "second_exchange": f"{giver} has already passed three cards to {receiver}",
            "card_count": f"{giver} passes {len(set(cs))} different cards, not three",
        }.get(p.kind, p.message)
        if p.kind == "not_dealt":
            holder = next(s for s, held in self._deal.items() if p.card in held)
            text = f"{giver} cannot pass {p.card}: it was dealt to {holder}"
        elif p.kind == "passed_twice":
            x = next(x for x in self._exchanges if p.card in x.cards)
            text = f"{giver} cannot pass {p.card}: {x.giver} passed it to {x.receiver}"
        raise ExchangeRefused(text, code=p.code, seat=giver, card=p.card)

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
        tried = [*self._draw, DrawPair(seat, k, d)]
        n = len(tried)
        problems, _, _ = check_draw(self.variant, self.dealer, tried, complete=False)
        if any(p.kind == "turn_count" for p in problems):
            raise DrawRefused("the draw is complete: 26 turns, 13 cards kept each",
                              code="draw_invalid", seat=seat)
        p = _first_of(problems, n - 1)
        if p is None:
            return
        if p.kind == "wrong_turn":
            raise NotYourTurn(f"draw turn {n} is {self._draw_turn_seat()}'s ({self.dealer} draws"
                              " first)", code="not_your_turn", seat=seat)
        c = p.card
        if k == d:
            text = f"draw turn {n}: {k} cannot be both kept and discarded"
        elif p.kind == "card_twice":
            i, before = next((i, q) for i, q in enumerate(self._draw, start=1)
                             if c in (q.kept, q.discarded))
            how = "kept" if c == before.kept else "discarded"
            text = f"draw turn {n}: {c} was already drawn ({how} by {before.seat} at turn {i})"
        else:
            text = p.message
        raise DrawRefused(text, code=p.code, seat=seat, card=c)

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
        blind = any(b.seat == seat and b.blind for b in self._bids)
        if blind and self._draw and len(self._draw) < 26:
            raise NotNow(f"the draw is not finished ({len(self._draw)} of 26 turns)",
                         code="draw_incomplete", seat=seat)
        tried = [*self._redraws, Redraw(seat, out, back)]
        dealt = self._replay.dealt if self._replay.dealt_known else None
        pile = mask_of(p.discarded for p in self._draw) if self._draw else None
        problems, _ = check_redraws(self.variant, self._bids, tried, dealt, pile, {})
        p = _first_of(problems, len(tried) - 1)
        if p is None:
            return
        c = p.card
        text = {
            "not_blind": f"{seat} did not bid Blind Nil: only a Blind Nil bidder redraws",
            "second_redraw": f"{seat} has already redrawn",
            "count_mismatch": f"{seat} discards {len(out)} and draws {len(back)}: up to three,"
                              " the same number each way",
            "card_twice": f"{seat}'s redraw names a card twice",
            "not_held": f"{seat} cannot discard {c}: he does not hold it",
            "drawn_back": f"{seat} cannot draw back {c}, the card he discards",
            "not_in_pile": f"{seat} cannot draw {c}: it is not among the cards discarded in the"
                           " draw",
            "held_by_other": f"{seat} cannot draw {c}: the other player holds it",
        }.get(p.kind, p.message)
        if p.kind == "too_many":
            text = (f"{seat} discards {len(out)} and draws {len(back)}: up to three, the same"
                    " number each way")
        elif p.kind == "moved_before":
            r = next(r for r in self._redraws if c in r.drawn or c in r.discarded)
            text = (f"{seat} cannot draw {c}: {r.seat} {'drew' if c in r.drawn else 'discarded'}"
                    " it in his redraw")
        raise RedrawRefused(text, code=p.code, seat=seat, card=c)

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
