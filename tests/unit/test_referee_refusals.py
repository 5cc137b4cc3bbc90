"""The referee refuses exactly the entries the replay would find impossible.

Its refusals come from the rules core's own checks (the replay's card-play engine and
``rules.before_play``), so for every entry tried here, right or wrong: the referee takes it
if and only if replaying the hand with that entry finds nothing impossible about it, and a
refusal names the code of what the replay finds.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scorekeeper.referee.play import RefereeHand
from scorekeeper.referee.view import EntryRefused
from scorekeeper.rules.cards import CARDS
from scorekeeper.rules.record import DrawPair, Exchange, Redraw, TrickRecord
from scorekeeper.rules.replay import replay_hand
from scorekeeper.rules.seats import Seat

from test_referee import card_by_card, enter

# The referee's refusal code for a card, and the replay's codes for the same card.
CARD_CODES = {"card_duplicated": {"card_duplicated"}, "hand_over": {"hand_over"},
              "card_not_held": {"card_not_held", "exchange_invalid", "redraw_invalid"}}


def invalid(record, rules) -> list[tuple[str, str]]:
    return [(f.code, f.message) for f in replay_hand(record, rules, in_progress=True).invalid]


def new_problems(before, after) -> set[str]:
    """The codes of the impossible findings ``after`` has and ``before`` has not."""
    rest = list(before)
    out = set()
    for f in after:
        if f in rest:
            rest.remove(f)
        else:
            out.add(f[0])
    return out


def refusal_code(fn, *args) -> str | None:
    try:
        fn(*args)
    except EntryRefused as exc:
        return exc.code
    return None


def with_card(h: RefereeHand, card) -> object:
    """The hand's record with ``card`` played next by whose turn it is."""
    rec = h.record()
    tricks = list(rec.tricks)
    n = h.variant.n_seats
    if tricks and len(tricks[-1].cards) < n:
        tricks[-1] = TrickRecord(tricks[-1].leader, tricks[-1].cards + (card,))
    else:
        tricks.append(TrickRecord(h.turn, (card,)))
    return replace(rec, tricks=tuple(tricks))


@pytest.mark.parametrize("name, variant, deal", [
    ("partnership-card-by-card.json", "partnership", True),
    ("partnership-card-by-card.json", "partnership", False),
    ("two-player-game.json", "two_player", True),
    ("two-player-game.json", "two_player", False),
])
def test_a_card_is_refused_exactly_when_the_replay_finds_it_impossible(name, variant, deal):
    keys = ("exchanges",) if variant == "partnership" else ("draw", "redraws")
    hand = card_by_card(name, *keys)
    rng = random.Random(7)
    seen_refusals = set()
    for k in (0, 3, 9, 12):
        h, _ = enter(hand, variant, deal=deal, tricks=k)
        trick = hand["tricks"][k]
        for extra in range(rng.randrange(len(trick["cards"]))):
            h.play(trick["cards"][extra].lower())
        before = invalid(h.record(), h.rules)
        for c in CARDS:
            code = refusal_code(h.verify_play, c)
            found = new_problems(before, invalid(with_card(h, c), h.rules))
            assert (code is None) == (not found), (str(c), code, found)
            if code is not None:
                assert found & CARD_CODES[code], (str(c), code, found)
                seen_refusals.add(code)
    assert "card_duplicated" in seen_refusals
    assert "card_not_held" in seen_refusals  # a card elsewhere by the deal, exchange or redraw


def test_a_deal_is_refused_exactly_when_the_replay_finds_it_impossible():
    hand = card_by_card("partnership-card-by-card.json", "deal")
    rng = random.Random(3)
    for _ in range(60):
        deal = {s: list(cs) for s, cs in hand["deal"].items()}
        for _ in range(rng.randrange(3)):
            a, b = rng.sample(sorted(deal), 2)
            how = rng.randrange(3)
            if how == 0 and deal[a]:  # a card given twice
                deal[b][rng.randrange(len(deal[b]))] = rng.choice(deal[a])
            elif how == 1 and deal[a]:  # a card missing
                deal[a].pop(rng.randrange(len(deal[a])))
            else:  # a hand missing
                deal.pop(a)
                break
        h = RefereeHand("partnership", hand["dealer"])
        for b in hand["bids"]:
            h.bid(b["seat"], b["bid"], blind=b.get("blind", False))
        code = refusal_code(h.verify_deal, deal)
        record = replace(h.record(), deal={Seat[s]: tuple(CARDS[c] for c in map(_card, cs))
                                           for s, cs in deal.items()})
        found = {c for c, _ in invalid(record, h.rules) if c == "deal_invalid"}
        assert (code is None) == (not found), (deal, code)
        assert code in (None, "deal_invalid")


def _card(text: str) -> int:
    return int(CARDS[[str(c) for c in CARDS].index(text.upper())])


def _exchange_findings(record, rules, giver) -> list[str]:
    return [m for c, m in invalid(record, rules)
            if c == "exchange_invalid" and m.startswith(f"exchange {giver} to ")]


@pytest.mark.parametrize("deal", [True, False])
def test_an_exchange_is_refused_exactly_when_the_replay_finds_it_impossible(deal):
    hand = card_by_card("partnership-card-by-card.json", "exchanges", "deal")
    rng = random.Random(5)
    for trial in range(80):
        h = RefereeHand("partnership", hand["dealer"])
        for b in hand["bids"]:
            h.bid(b["seat"], b["bid"], blind=b.get("blind", False))
        if deal:
            h.deal(hand["deal"])
        if trial % 2:  # the first exchange made already
            x = hand["exchanges"][0]
            h.exchange(x["from"], x["cards"])
        giver = rng.choice(list(Seat))
        own = hand["deal"][giver.name]
        pool = own * 3 + [c for s, cs in hand["deal"].items() if s != giver.name for c in cs]
        cards = [rng.choice(pool) for _ in range(rng.choice((2, 3, 3, 3, 4)))]
        code = refusal_code(h.verify_exchange, giver, cards)
        before = _exchange_findings(h.record(), h.rules, giver)
        tried = Exchange(giver, giver.partner, tuple(CARDS[_card(c)] for c in cards))
        record = replace(h.record(), exchanges=(*(h.record().exchanges or ()), tried))
        after = _exchange_findings(record, h.rules, giver)
        assert (code is None) == (len(after) == len(before)), (giver, cards, code, after)
        assert code in (None, "exchange_invalid")


def test_a_draw_turn_is_refused_exactly_when_the_replay_finds_it_impossible():
    hand = card_by_card("two-player-game.json", "draw")
    first = Seat[hand["dealer"]]
    rng = random.Random(11)
    for trial in range(80):
        h = RefereeHand("two_player", first)
        done = rng.randrange(26)
        for p in hand["draw"][:done]:
            h.draw(p["seat"], p["kept"], p["discarded"])
        right = hand["draw"][done]
        drawn = [c for p in hand["draw"][:done] for c in (p["kept"], p["discarded"])]
        pool = [right["kept"], right["discarded"]] * 4 + drawn
        seat = right["seat"] if rng.random() < 0.8 else ("N" if right["seat"] == "S" else "S")
        kept, discarded = rng.choice(pool), rng.choice(pool)
        code = refusal_code(h.verify_draw, seat, kept, discarded)
        turn = DrawPair(Seat[seat], CARDS[_card(kept)], CARDS[_card(discarded)])
        record = replace(h.record(), draw=(*(h.record().draw or ()), turn))
        found = [m for c, m in invalid(record, h.rules)
                 if c == "draw_invalid" and f"draw turn {done + 1}" in m]
        assert (code is None) == (not found), (seat, kept, discarded, code, found)


def test_a_redraw_is_refused_exactly_when_the_replay_finds_it_impossible():
    hand = card_by_card("two-player-game.json", "draw", "redraws")
    rng = random.Random(13)
    r0 = hand["redraws"][0]
    blind = Seat[r0["seat"]]
    kept_by = {s: [p["kept"] for p in hand["draw"] if p["seat"] == s] for s in ("N", "S")}
    pile = [p["discarded"] for p in hand["draw"]]
    for trial in range(80):
        h = RefereeHand("two_player", hand["dealer"])
        for p in hand["draw"]:
            h.draw(p["seat"], p["kept"], p["discarded"])
        for b in hand["bids"]:
            h.bid(b["seat"], b["bid"], blind=b.get("blind", False))
        if trial % 3 == 0:
            h.redraw(r0["seat"], r0["discarded"], r0["drawn"])
        seat = blind if rng.random() < 0.85 else Seat.N if blind is Seat.S else Seat.S
        n = rng.choice((0, 1, 2, 3, 3, 4))
        out = [rng.choice(kept_by[seat.name] * 3 + kept_by["N" if seat is Seat.S else "S"])
               for _ in range(n)]
        back = [rng.choice(pile * 3 + out + kept_by["N"]) for _ in range(n + rng.choice((0, 0, 1)))]
        code = refusal_code(h.verify_redraw, seat, out, back)
        before = [m for c, m in invalid(h.record(), h.rules) if c == "redraw_invalid"]
        tried = Redraw(seat, tuple(CARDS[_card(c)] for c in out),
                       tuple(CARDS[_card(c)] for c in back))
        record = replace(h.record(), redraws=(*(h.record().redraws or ()), tried))
        after = [m for c, m in invalid(record, h.rules) if c == "redraw_invalid"]
        assert (code is None) == (len(after) == len(before)), (seat, out, back, code, after)
        assert code in (None, "redraw_invalid")
