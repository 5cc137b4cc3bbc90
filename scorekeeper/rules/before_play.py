"""The checks of what happens before the first card: the deal, the two-player draw, the
partnership Blind Nil exchanges and the two-player Blind Nil redraws.

Each check returns every ``Problem`` it finds, never stopping at the first, and the hands it
could work out. The replay (``rules.replay``) turns the problems into the findings that
``validate`` and the audit report; the referee (``scorekeeper.referee``) runs the very same
checks on an entry before it takes it, and refuses the entry with the first problem it
causes, worded for the person at the table. So a deal, a draw turn, an exchange or a redraw
the referee takes is one the replay finds nothing wrong with, and the other way round.

Each problem names its finding ``code`` (``deal_invalid``, ``draw_invalid``,
``exchange_invalid``, ``redraw_invalid``) and, in ``kind``, exactly what is wrong, so that a
caller can word it; ``index`` is the 0-based draw turn, exchange or redraw it belongs to
(None: the entries as a whole).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .cards import BIT, Card, mask_of
from .record import DrawPair, Exchange, Redraw
from .scoring import Bid
from .seats import Seat, Variant
from .settings import DEFAULT_RULES, RuleSet


class Problem(NamedTuple):
    code: str
    """The finding code: 'deal_invalid', 'draw_invalid', 'exchange_invalid', 'redraw_invalid'."""
    kind: str
    """What exactly is wrong (see each check): for a caller that words it its own way."""
    message: str
    """What is wrong, as the replay's finding says it."""
    seat: Seat | None = None
    card: Card | None = None
    index: int | None = None
    """The 0-based draw turn, exchange or redraw at fault (None: the entries as a whole)."""



# -- the deal -------------------------------------------------------------------------------
def check_deal(variant: Variant, deal: Mapping[Seat, Sequence[Card]]
               ) -> tuple[list[Problem], dict[Seat, int] | None]:
    """Every seat of the variant 13 cards, no card dealt twice, no hand for a seat the game
    has not. Returns the problems and each seat's hand as a mask (None when a seat's hand is
    missing)."""
    problems: list[Problem] = []
    seen = 0
    hands = {}
    for s in variant.seats:
        cards = deal.get(s)
        if cards is None:
            problems.append(Problem("deal_invalid", "hand_missing",
                                    f"the deal has no hand for {s}", seat=s))
            continue
        m = 0
        for c in cards:
            if seen & BIT[c]:
                problems.append(Problem("deal_invalid", "card_twice", f"{c} is dealt twice",
                                        seat=s, card=c))
            seen |= BIT[c]
            m |= BIT[c]
        if len(cards) != 13:
            problems.append(Problem("deal_invalid", "hand_size",
                                    f"{s} is dealt {len(cards)} cards, not 13", seat=s))
        hands[s] = m
    for s in sorted(set(deal) - set(variant.seats)):
        problems.append(Problem("deal_invalid", "seat_invalid", f"the deal has a hand for {s},"
                                f" who has no seat in the {variant} game", seat=s))
    return problems, hands if len(hands) == variant.n_seats else None


# -- the two-player draw ----------------------------------------------------------------------
def check_draw(variant: Variant, first: Seat, draw: Sequence[DrawPair], *,
               complete: bool = True) -> tuple[list[Problem], dict[Seat, int] | None, int]:
    """The 26 turns of the two-player draw: the players in turn from ``first``, no card drawn
    twice (kept or discarded). ``complete`` False: a draw still being entered, which may have
    fewer turns. Returns the problems, the cards each player kept (masks; None in a
    partnership game) and the cards discarded (a mask)."""
    if variant is not Variant.TWO_PLAYER:
        return [Problem("draw_invalid", "wrong_game",
                        "a draw is recorded in a partnership game")], None, 0
    problems: list[Problem] = []
    order = variant.turn_order(first)
    kept = {s: 0 for s in variant.seats}
    seen = 0
    discards = 0
    for i, p in enumerate(draw):
        want = order[i % 2]
        if p.seat != want:
            problems.append(Problem("draw_invalid", "wrong_turn", f"draw turn {i + 1} is by"
                                    f" {p.seat}, but it is {want}'s turn ({first} draws first)",
                                    seat=p.seat, index=i))
        for c in (p.kept, p.discarded):
            if seen & BIT[c]:
                problems.append(Problem("draw_invalid", "card_twice", f"{c} is drawn twice (draw"
                                        f" turn {i + 1})", seat=p.seat, card=c, index=i))
            seen |= BIT[c]
        if p.seat in kept:
            kept[p.seat] |= BIT[p.kept]
        discards |= BIT[p.discarded]
    if len(draw) > 26 or (complete and len(draw) != 26):
        problems.append(Problem("draw_invalid", "turn_count",
                                f"the draw has {len(draw)} turns, not 26"))
    return problems, kept, discards


# -- the partnership Blind Nil exchange -------------------------------------------------------
def lone_blind_nils(variant: Variant, bids: Iterable[Bid]) -> dict[str, Seat]:
    """The sides with exactly one Blind Nil bidder, and that bidder: those sides exchange
    cards (both partners blind: no exchange)."""
    blinds = {b.seat for b in bids if b.blind and b.tricks == 0}
    return {variant.side_of(s): s for s in blinds if s.partner not in blinds}


def exchanging_nils(variant: Variant, bids: Iterable[Bid], rules: RuleSet = DEFAULT_RULES
                    ) -> dict[str, tuple[Seat, int]]:
    """The sides whose Nil bidder exchanges cards with his partner, the bidder and the cards
    passed each way: a Blind Nil whose partner did not bid Blind Nil, three
    (:func:`lone_blind_nils`); with ``nil_passing`` N, a plain Nil whose partner bid no Nil,
    N. Partnership only."""
    if variant is not Variant.PARTNERSHIP:
        return {}
    bids = tuple(bids)
    out = {side: (seat, 3) for side, seat in lone_blind_nils(variant, bids).items()}
    if rules.nil_passing:
        nils = {b.seat for b in bids if b.tricks == 0}
        for b in bids:
            side = variant.side_of(b.seat)
            if b.tricks == 0 and not b.blind and b.seat.partner not in nils and side not in out:
                out[side] = (b.seat, rules.nil_passing)
    return out


def check_exchanges(variant: Variant, bids: Iterable[Bid], exchanges: Sequence[Exchange] | None,
                    dealt: Mapping[Seat, int] | None, played: Mapping[Seat, int], *,
                    complete: bool = True, rules: RuleSet = DEFAULT_RULES
                    ) -> tuple[list[Problem], dict[Seat, int] | None]:
    """The partnership Nil exchanges (:func:`exchanging_nils`): three different cards each way
    between a lone Blind Nil bidder and his partner (with ``nil_passing``, N between a lone
    Nil bidder and his partner), once each way, cards the giver was dealt (``dealt``,
    when known) and not passed already, none played by a seat that did not end up with it
    (``played``: each seat's cards in the play). ``complete`` False: exchanges still being
    entered, so one not yet recorded is not a problem. Returns the problems and the hands
    after the exchanges (None when ``dealt`` is)."""
    bids = tuple(bids)
    held = dict(dealt) if dealt is not None else None
    exchanging = exchanging_nils(variant, bids, rules)
    needs = {side: seat for side, (seat, _) in exchanging.items()}
    count = {seat: n for seat, n in exchanging.values()}
    kind_of = {b.seat: "Blind Nil" if b.blind else "Nil" for b in bids}
    if exchanges is None:
        if dealt is not None and variant is Variant.PARTNERSHIP and complete:
            return [Problem("exchange_invalid", "exchange_missing", f"{nil} bid"
                            f" {kind_of[nil]} but no exchange is recorded, so the play cannot"
                            " be checked against the deal", seat=nil)
                    for nil in needs.values()], held
        return [], held
    if variant is Variant.TWO_PLAYER:
        return [Problem("exchange_invalid", "wrong_game", "exchanges are recorded in a"
                        " two-player game (a Blind Nil bidder there discards and redraws)")], held
    problems: list[Problem] = []
    done: set[tuple[Seat, Seat]] = set()
    passed: dict[Card, Exchange] = {}
    for i, x in enumerate(exchanges):
        def bad(kind: str, text: str, card: Card | None = None) -> None:
            problems.append(Problem("exchange_invalid", kind, text, seat=x.giver, card=card,
                                    index=i))
        if x.receiver != x.giver.partner:
            bad("not_partner", f"{x.receiver} is not {x.giver}'s partner")
        nil = next((s for s in (x.giver, x.receiver) if s in count), None)
        if nil is None:
            bad("no_lone_blind_nil", f"neither {x.giver} nor {x.receiver} bid a lone Blind Nil"
                + (" or a lone Nil" if rules.nil_passing else ""))
        want = count.get(nil, 3)
        if len(x.cards) != want or len(set(x.cards)) != want:
            bad("card_count", f"{len(x.cards)} cards passed, not {_NUMBER_WORDS[want]}"
                              f" different card{'s' if want != 1 else ''}")
        if (x.giver, x.receiver) in done:
            bad("second_exchange", f"a second exchange from {x.giver} to {x.receiver}")
        done.add((x.giver, x.receiver))
        for c in x.cards:
            if dealt is not None and not dealt.get(x.giver, 0) & BIT[c]:
                bad("not_dealt", f"{x.giver} was not dealt {c}", c)
            elif dealt is None and c in passed and passed[c] is not x:
                bad("passed_twice", f"{c} was passed already, by {passed[c].giver}", c)
            passed.setdefault(c, x)
            for s, m in played.items():
                if m & BIT[c] and s != x.receiver:
                    bad("played_elsewhere", f"{c} went to {x.receiver}, but {s} played it", c)
        if held is not None and x.giver in held and x.receiver in held:
            m = mask_of(x.cards)
            held[x.giver] &= ~m
            held[x.receiver] |= m
    if complete:
        for nil in needs.values():
            for pair in ((nil, nil.partner), (nil.partner, nil)):
                if pair not in done:
                    problems.append(Problem("exchange_invalid", "exchange_missing",
                                            f"{nil} bid {kind_of[nil]} but no exchange from"
                                            f" {pair[0]} to {pair[1]} is recorded",
                                            seat=pair[0]))
    return problems, held


# -- the two-player Blind Nil redraw ----------------------------------------------------------
def check_redraws(variant: Variant, bids: Iterable[Bid], redraws: Sequence[Redraw] | None,
                  held: Mapping[Seat, int] | None, draw_discards: int | None,
                  played: Mapping[Seat, int]) -> tuple[list[Problem], dict[Seat, int] | None]:
    """The two-player Blind Nil redraws: by a Blind Nil bidder, once; up to three different
    cards out and as many different ones back; out, cards he held (``held``, when known);
    back, cards discarded in the draw (``draw_discards``, when the draw is known), neither
    the cards he discards nor ones the other player holds or another redraw moved; none
    played by a seat that did not end up with it. Returns the problems and the hands after
    the redraws (None when ``held`` is)."""
    if not redraws:
        return [], dict(held) if held is not None else None
    if variant is not Variant.TWO_PLAYER:
        return [Problem("redraw_invalid", "wrong_game", "a Blind Nil redraw is recorded in a"
                        " partnership game (partners exchange cards instead)")], held
    blinds = {b.seat for b in bids if b.blind and b.tricks == 0}
    start = held
    held = dict(held) if held is not None else None
    problems: list[Problem] = []
    seats: set[Seat] = set()
    moved: dict[Card, Redraw] = {}
    for i, r in enumerate(redraws):
        def bad(kind: str, text: str, card: Card | None = None) -> None:
            problems.append(Problem("redraw_invalid", kind, text, seat=r.seat, card=card,
                                    index=i))
        other = r.seat.partner  # the other player: N and S face each other
        if r.seat not in blinds:
            bad("not_blind", f"{r.seat} did not bid Blind Nil")
        if r.seat in seats:
            bad("second_redraw", f"{r.seat} redraws a second time")
        seats.add(r.seat)
        if len(r.discarded) != len(r.drawn):
            bad("count_mismatch", f"{len(r.discarded)} discarded but {len(r.drawn)} drawn")
        if len(r.discarded) > 3:
            bad("too_many", f"{len(r.discarded)} cards discarded, at most three")
        if len(set(r.discarded)) != len(r.discarded) or len(set(r.drawn)) != len(r.drawn):
            bad("card_twice", "a card is named twice")
        for c in r.discarded:
            if start is not None and not start.get(r.seat, 0) & BIT[c]:
                bad("not_held", f"{r.seat} did not hold {c}", c)
            for s, m in played.items():
                if m & BIT[c]:
                    bad("played_elsewhere", f"{c} was discarded, but {s} played it", c)
        for c in r.drawn:
            if c in r.discarded:
                bad("drawn_back", f"{c} is both discarded and drawn", c)
            if c in moved:
                # Asked first: the hands before the redraws no longer say where it is.
                bad("moved_before", f"{c} was moved by {moved[c].seat}'s redraw already", c)
            elif draw_discards is not None and not draw_discards & BIT[c]:
                bad("not_in_pile", f"{c} is not among the cards discarded in the draw", c)
            elif start is not None and start.get(other, 0) & BIT[c]:
                # Without the draw (a recorded deal only), the other player's hand is all
                # that shows the card was not in the pile.
                bad("held_by_other", f"{c} was drawn by {r.seat}, but {other} holds it", c)
            for s, m in played.items():
                if m & BIT[c] and s != r.seat:
                    bad("played_elsewhere", f"{c} was drawn by {r.seat}, but {s} played it", c)
        for c in (*r.discarded, *r.drawn):
            moved.setdefault(c, r)
        if held is not None and r.seat in held:
            held[r.seat] = (held[r.seat] & ~mask_of(r.discarded)) | mask_of(r.drawn)
    return problems, held


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three"}

__all__ = ["Problem", "check_deal", "check_draw", "check_exchanges", "check_redraws",
           "exchanging_nils", "lone_blind_nils"]
