"""The bitmask check agrees with the replay on the entries before the play, kind by kind.

``rules.before_play`` (which the replay and the referee run) checks a Blind Nil exchange or
redraw for more than its shape: a card passed by two exchanges, a second redraw, a card
named twice, a card drawn back, a card the other player holds, a card an earlier redraw
moved. ``bitplay.hand_check`` repeats those checks for speed; here each is injected into
random legal hands, with and without the deal, and both must give the same finding codes.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scorekeeper.analysis.game import hand_record
from scorekeeper.logs.models import HandLog
from scorekeeper.logs.random_logs import play_random_hand
from scorekeeper.rules.bitplay.hand_check import check_hand, codes_of
from scorekeeper.rules.cards import CARDS
from scorekeeper.rules.record import Exchange, HandRecord, Redraw
from scorekeeper.rules.replay import replay_hand
from scorekeeper.rules.seats import Seat, Variant

P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER


def hands_with(variant: Variant, key: str, n: int, seed: int) -> list[HandRecord]:
    """Random legal hands with exchanges (partnership) or redraws (two-player) recorded.

    The random games make the exchanges of a lone Blind Nil themselves; a two-player hand
    gets its redraw here: the first player bids Blind Nil and swaps two of his cards for two
    of the draw's discards. The play is dropped (the hands keep ``tricks_won``, as the quick
    form has it), so that the entries alone decide whether the hand is clean: a problem
    elsewhere would hide a missed one."""
    rng = random.Random(seed)
    out = []
    dealer = variant.seats[0]
    while len(out) < n:
        h = play_random_hand(rng, variant, dealer, nil_rate=0.1, blind_rate=0.3)
        r = replace(hand_record(variant, HandLog.model_validate(h)), tricks=None)
        dealer = variant.next_dealer(dealer)
        if key == "exchanges" and r.exchanges:
            out.append(r)
        elif key == "redraws" and r.draw is not None:
            seat = r.bids[0].seat
            bids = tuple(b if b.seat != seat else b._replace(tricks=0, blind=True)
                         for b in r.bids)
            kept = [p.kept for p in r.draw if p.seat == seat]
            pile = [p.discarded for p in r.draw]
            out.append(replace(r, bids=bids,
                               redraws=(Redraw(seat, tuple(kept[:2]), tuple(pile[:2])),)))
    return out


def codes(record: HandRecord) -> tuple[frozenset[str], frozenset[str]]:
    return codes_of(check_hand(record)), frozenset(f.code for f in replay_hand(record).findings)


def damaged_exchanges(r: HandRecord, rng: random.Random) -> tuple[Exchange, ...]:
    xs = list(r.exchanges)
    first, i = xs[0], rng.randrange(len(xs))
    x = xs[i]
    how = rng.randrange(3)
    if how == 0 and len(xs) > 1:  # pass again a card the first exchange passed
        cards = (first.cards[0], *x.cards[1:]) if i else x.cards
        xs[i] = replace(x, cards=cards)
    elif how == 1:  # a card named twice
        xs[i] = replace(x, cards=(x.cards[0], x.cards[0], x.cards[2]))
    else:  # a card of the other side
        other = next(c for c in CARDS if all(c not in y.cards for y in xs))
        xs[i] = replace(x, cards=(other, *x.cards[1:]))
    return tuple(xs)


def both_blind(r: HandRecord) -> HandRecord:
    """The hand with both players bidding Blind Nil, so that both may redraw."""
    return replace(r, bids=tuple(b._replace(tricks=0, blind=True) for b in r.bids))


def kept_by(r: HandRecord, seat: Seat) -> list:
    return [p.kept for p in r.draw if p.seat == seat]


def damaged_redraws(r: HandRecord, rng: random.Random) -> HandRecord:
    rs = list(r.redraws)
    x = rs[rng.randrange(len(rs))]
    seat, other = x.seat, x.seat.partner
    held_by_other = [c for c in CARDS if r.deal is not None and c in r.deal.get(other, ())]
    how = rng.randrange(6)
    if how == 0:  # a second redraw by the same player
        rs.append(Redraw(seat, (), ()))
    elif how == 1 and x.discarded:  # a card named twice
        rs[rs.index(x)] = replace(x, discarded=x.discarded[:1] * 2, drawn=x.drawn[:1] * 2)
    elif how == 2 and x.discarded:  # a card drawn back
        rs[rs.index(x)] = replace(x, drawn=(x.discarded[0], *x.drawn[1:]))
    elif how == 3 and x.discarded and held_by_other:  # a card the other player holds
        rs[rs.index(x)] = replace(x, drawn=(rng.choice(held_by_other), *x.drawn[1:]))
    elif how == 4 and x.drawn:  # the other player draws a card the first redraw drew
        rs.append(Redraw(other, (kept_by(r, other)[0],), (x.drawn[0],)))
        return both_blind(replace(r, redraws=tuple(rs)))
    else:  # the other player redraws too
        rs.append(Redraw(other, (), ()))
    return replace(r, redraws=tuple(rs))


def damage_agrees(hands, damage, tries: int, seed: int, drop: dict) -> frozenset[str]:
    """Each hand damaged ``tries`` times (with ``drop`` fields set to None): the bitmask
    check and the replay name the same codes. Returns every code the replay found."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for r in hands:
        for _ in range(tries):
            bad = replace(damage(r, rng), **drop)
            fast, full = codes(bad)
            assert fast == full, (bad.exchanges, bad.redraws, fast, full)
            seen |= full
    return frozenset(seen)


@pytest.mark.parametrize("drop", [{}, {"deal": None}])
def test_exchange_damage_agrees(drop):
    def damage(r, rng):
        return replace(r, exchanges=damaged_exchanges(r, rng))

    seen = damage_agrees(hands_with(P, "exchanges", 40, 5), damage, 5, 31, drop)
    assert "exchange_invalid" in seen


# Without the draw, the deal alone: the other player's hand shows what he holds.
@pytest.mark.parametrize("drop", [{}, {"draw": None}])
def test_redraw_damage_agrees(drop):
    seen = damage_agrees(hands_with(T, "redraws", 30, 9), damaged_redraws, 6, 37, drop)
    assert "redraw_invalid" in seen


def test_the_undamaged_hands_are_clean():
    for r in hands_with(P, "exchanges", 10, 5) + hands_with(T, "redraws", 10, 9):
        assert codes(r) == (frozenset(), frozenset())
        assert codes(replace(r, deal=None, draw=None)) == (frozenset(), frozenset())


def test_each_new_kind_is_found_by_both():
    """One hand per kind, so that a kind the random damage happens to miss still counts."""
    r = hands_with(T, "redraws", 1, 9)[0]
    x = r.redraws[0]
    kinds = {
        "second redraw": (*r.redraws, Redraw(x.seat, (), ())),
        "drawn back": (replace(x, drawn=(x.discarded[0], *x.drawn[1:])),) if x.discarded else None,
    }
    for kind, redraws in kinds.items():
        if redraws is None:
            continue
        fast, full = codes(replace(r, redraws=redraws))
        assert "redraw_invalid" in full and fast == full, kind
    # Both players bid Blind Nil, and the second draws the card the first drew: only the
    # card's having been moved already is wrong (it was in the pile, the other did not hold it).
    other = x.seat.partner
    moved = both_blind(replace(r, redraws=(x, Redraw(other, (kept_by(r, other)[0],),
                                                     (x.drawn[0],)))))
    fast, full = codes(moved)
    assert full == {"redraw_invalid"} and fast == full
    assert codes(replace(moved, redraws=moved.redraws[:1])) == (frozenset(), frozenset())
    p = hands_with(P, "exchanges", 1, 5)[0]
    xs = p.exchanges
    twice = (xs[0], replace(xs[1], cards=(xs[0].cards[0], *xs[1].cards[1:])))
    fast, full = codes(replace(p, exchanges=twice, deal=None))
    assert "exchange_invalid" in full and fast == full
