"""Random but legal game logs, for tests, benchmarks and demos.

Games are played by the same engine the referee uses (``HandPlay.play`` refuses illegal
cards), with simple random players: a random deal (or two-player draw), a random bid near the
hand's strength, a random legal card. Everything takes a ``random.Random`` so that a seed
gives the same games.

The game's house rules are played legally, each asked of the rules core: a bid the bidding
rules refuse (``rules.bidding.bid_refusal``: no Nil, a side's minimum, a blind number only
when trailing) is raised to a plain bid they take; Blind Nil only where the score allows it;
the Nil exchanges the rules call for (``before_play.exchanging_nils``: a lone Blind Nil's
three cards, ``nil_passing``'s cards) are made and recorded; the first lead and the spade
rule are the play engine's. Time may be called during a hand (``time_called_at``).
"""

from __future__ import annotations

import random
from typing import Any

from collections.abc import Mapping

from ..rules.before_play import exchanging_nils
from ..rules.bidding import bid_refusal
from ..rules.cards import CARDS, SPADES_MASK, Card, cards_in
from ..rules.hand import HandPlay
from ..rules.replay import first_leader
from ..rules.scoring import (Bid, HandInput, SideTotals, blind_bid_allowed, blind_nil_allowed,
                             score_game)
from ..rules.settings import DEFAULT_RULES, RuleSet
from ..rules.seats import Seat, Variant


def random_deal(rng: random.Random, variant: Variant) -> dict[Seat, int]:
    """Four hands of 13, or in two-player the 13 cards each player keeps in a random draw."""
    deck = list(range(52))
    rng.shuffle(deck)
    return {s: _mask(deck[13 * i: 13 * i + 13]) for i, s in enumerate(variant.seats)}


def random_draw(rng: random.Random, first: Seat) -> list[tuple[Seat, Card, Card]]:
    """A two-player draw: 26 turns of (seat, kept, discarded), ``first`` drawing first."""
    deck = list(range(52))
    rng.shuffle(deck)
    order = (first, Seat.S if first == Seat.N else Seat.N)
    turns = []
    for i in range(26):
        a, b = CARDS[deck[2 * i]], CARDS[deck[2 * i + 1]]
        keep_first = rng.random() < 0.5
        turns.append((order[i % 2], a, b) if keep_first else (order[i % 2], b, a))
    return turns


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def estimate_bid(hand: int, rng: random.Random) -> int:
    """A rough bid: aces and kings, long spades, a little noise; sometimes Nil on weak hands."""
    high = sum(1 for c in cards_in(hand) if c.rank >= 11)
    spades = (hand & SPADES_MASK).bit_count()
    bid = max(0, min(13, high + max(0, spades - 3) + rng.choice((-1, 0, 0, 1))))
    return bid


def _legal_bid(variant: Variant, made: list[Bid], wanted: Bid, rules: RuleSet,
               scores: Mapping[str, int] | None) -> Bid:
    """``wanted``, or where the bidding rules refuse it, the least plain bid they take (at
    least the hand's worth): a player who may not bid Nil, or must bring his side to its
    minimum, bids a number."""
    if bid_refusal(variant, made, wanted, rules, scores) is None:
        return wanted
    partner = next((b for b in made if b.seat == wanted.seat.partner), None)
    least = rules.min_side_bid or 1
    if partner is not None and variant is Variant.PARTNERSHIP:
        least -= partner.tricks
    return Bid(wanted.seat, max(1, least, 0 if wanted.blind else wanted.tricks))


def _random_bids(rng: random.Random, variant: Variant, dealer: Seat, deal: dict[Seat, int],
                 nil_rate: float, blind_rate: float, rules: RuleSet,
                 scores: Mapping[str, int] | None) -> list[Bid]:
    bids: list[Bid] = []
    first = variant.first_to_act(dealer)
    for seat in variant.turn_order(first):
        side = variant.side_of(seat)
        if rules.allow_blind_nil and rng.random() < blind_rate:
            wanted = Bid(seat, 0, True)
            if scores is not None and not blind_nil_allowed(side, scores, rules):
                wanted = Bid(seat, 0)  # not trailing enough: a plain Nil
        elif rng.random() < nil_rate:
            wanted = Bid(seat, 0)
        else:
            wanted = Bid(seat, max(1, estimate_bid(deal[seat], rng)))
        if (rules.blind_bid_min is not None and scores is not None
                and blind_bid_allowed(side, scores, rules) and rng.random() < blind_rate * 5):
            least = rules.blind_bid_min
            wanted = Bid(seat, rng.randint(least, min(13, least + 2)), True)
        bids.append(_legal_bid(variant, bids, wanted, rules, scores))
    return bids


def play_random_hand(
    rng: random.Random, variant: Variant, dealer: Seat, *, deal: dict[Seat, int] | None = None,
    nil_rate: float = 0.08, blind_rate: float = 0.02, rules: RuleSet = DEFAULT_RULES,
    scores: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """One legal hand, played card by card, as a log hand dict (``tricks``, ``deal`` and
    ``tricks_won`` all present; the Nil exchanges the rules call for). ``scores``: each
    side's score before the hand, which blind bids need (None: no blind number is bid, and
    Blind Nil's margin is not asked)."""
    draw = None
    if deal is None:
        if variant is Variant.TWO_PLAYER:
            draw = random_draw(rng, dealer)
            deal = {s: 0 for s in variant.seats}
            for seat, kept, _ in draw:
                deal[seat] |= 1 << kept
        else:
            deal = random_deal(rng, variant)
    bids = _random_bids(rng, variant, dealer, deal, nil_rate, blind_rate, rules, scores)
    held = dict(deal)
    exchanges = []
    if variant is Variant.PARTNERSHIP:
        # In the bidders' seat order, each side's exchange: both ways at the same time.
        for nil, count in sorted(exchanging_nils(variant, bids, rules).values()):
            give = rng.sample(list(cards_in(held[nil])), count)
            take = rng.sample(list(cards_in(held[nil.partner])), count)
            for giver, receiver, cards in ((nil, nil.partner, give), (nil.partner, nil, take)):
                exchanges.append({"from": giver.name, "to": receiver.name,
                                  "cards": [str(c) for c in cards]})
            m_give, m_take = _mask(give), _mask(take)
            held[nil] = (held[nil] & ~m_give) | m_take
            held[nil.partner] = (held[nil.partner] & ~m_take) | m_give
    # The play honours the game's play rules (who leads first, what may be led).
    first = first_leader(variant, dealer, held, rules)
    engine = HandPlay(variant, first, held, rules=rules)
    tricks = []
    current: list[str] = []
    leader = first
    while not engine.is_over:
        if not engine.current:
            leader = engine.turn
            current = []
        seat = engine.turn
        card = rng.choice(engine.legal_moves(seat))
        current.append(str(card))
        _, taken = engine.play(seat, card)
        if taken:
            tricks.append({"leader": leader.name, "cards": current})
    hand: dict[str, Any] = {
        "dealer": dealer.name,
        "bids": [{"seat": b.seat.name, "bid": b.tricks, **({"blind": True} if b.blind else {})}
                 for b in bids],
        "tricks_won": {s.name: engine.tricks_won[s] for s in variant.seats},
        "deal": {s.name: [str(c) for c in cards_in(deal[s])] for s in variant.seats},
        "tricks": tricks,
    }
    if exchanges:
        hand["exchanges"] = exchanges
    if draw is not None:
        hand["draw"] = [{"seat": s.name, "kept": str(k), "discarded": str(d)}
                        for s, k, d in draw]
    return hand


def random_game_log(
    rng: random.Random, variant: Variant = Variant.PARTNERSHIP, *, card_by_card: bool = True,
    rules: RuleSet = DEFAULT_RULES, max_hands: int = 60, players: dict[str, str] | None = None,
    event: dict[str, Any] | None = None, nil_rate: float = 0.08, blind_rate: float = 0.02,
    time_called_at: int | None = None,
) -> dict[str, Any]:
    """A whole random game as a log dict, played until a side wins (or ``max_hands``).

    With ``card_by_card`` False the hands keep only bids and ``tricks_won`` (the quick form).
    ``time_called_at``: the 1-based hand during which time is called (``time_called``); the
    game then ends after it, or, level, one hand at a time.
    """
    dealer = rng.choice(variant.seats)
    hands = []
    inputs = []
    totals = {side: SideTotals() for side in variant.sides}
    for number in range(1, max_hands + 1):
        scores = {side: t.score for side, t in totals.items()}
        h = play_random_hand(rng, variant, dealer, rules=rules, nil_rate=nil_rate,
                             blind_rate=blind_rate, scores=scores)
        called = number == time_called_at
        inputs.append(HandInput(dealer, tuple(Bid(Seat[b["seat"]], b["bid"], b.get("blind", False))
                                              for b in h["bids"]),
                                {Seat[k]: v for k, v in h["tricks_won"].items()},
                                time_called=called))
        if not card_by_card:
            h = {"dealer": h["dealer"], "bids": h["bids"], "tricks_won": h["tricks_won"]}
        if called:
            h["time_called"] = True
        hands.append(h)
        score = score_game(variant, inputs, rules)
        if score.winner is not None:
            break
        totals = score.final
        dealer = variant.next_dealer(dealer)
    names = players or {s.name: f"Player {s.name}" for s in variant.seats}
    log: dict[str, Any] = {"format": "spades-game", "format_version": "1.0",
                           "variant": variant.value, "players": names}
    changes = rules.changes()
    if changes:
        log["rules"] = changes
    if event:
        log["event"] = event
    log["hands"] = hands
    return log


__all__ = ["random_deal", "random_draw", "play_random_hand", "random_game_log", "estimate_bid"]
