"""The compiled check of a plain hand (``audit/_plain_play.c``) against its Python reference
(``plain_play.play_plain_py``, the rules core's ``play_tricks4`` after looking the names up).

The two must give the same answer for every input: the same (tricks won, winners) for a
clean hand, None for the same others. Random clean hands, hands with reneges and spades led
early, and every kind of damage to the shape, the names and the play: named ones, then
random ones (hypothesis: any JSON value put anywhere in the deal or the tricks).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_audit_random import play_with_breaches

from scorekeeper.audit import plain_play
from scorekeeper.audit.plain_play import play_plain_py
from scorekeeper.logs.random_logs import play_random_hand
from scorekeeper.rules.bitplay.clean_tricks import play_tricks4
from scorekeeper.rules.cards import Card
from scorekeeper.rules.seats import Seat, Variant

P = Variant.PARTNERSHIP
COMPILED = plain_play.play_plain_compiled
needs_compiled = pytest.mark.skipif(COMPILED is None, reason="_plain_play was not built")


def first_of(hand: dict[str, Any]) -> int:
    return int(P.first_to_act(Seat[hand["dealer"]]))


def clean_hand(rng: random.Random) -> dict[str, Any]:
    return play_random_hand(rng, P, rng.choice(P.seats), nil_rate=0.2, blind_rate=0)


def both(deal: Any, tricks: Any, first: int) -> Any:
    """The reference's answer, after checking the compiled one gives the same."""
    expected = play_plain_py(copy.deepcopy(deal), copy.deepcopy(tricks), first)
    if COMPILED is not None:
        assert COMPILED(deal, tricks, first) == expected
    return expected


def test_the_compiled_check_can_be_left_unused(monkeypatch):
    monkeypatch.setenv(plain_play.DISABLE_ENV, "1")
    assert plain_play._configured() is None
    monkeypatch.delenv(plain_play.DISABLE_ENV)
    assert plain_play._configured() is COMPILED


def test_clean_hands_give_the_plays_counts_and_winners():
    rng = random.Random(7)
    for _ in range(300):
        hand = clean_hand(rng)
        result = both(hand["deal"], hand["tricks"], first_of(hand))
        assert result is not None
        won, winners = result
        assert {s.name: n for s, n in zip(Seat, won)} == hand["tricks_won"]
        assert [Seat(w).name for w in winners[:-1]] == [t["leader"] for t in hand["tricks"][1:]]


def test_reneges_and_early_spade_leads_are_not_clean():
    rng = random.Random(11)
    dirty = 0
    for _ in range(300):
        hand, injected = play_with_breaches(rng, P, 0.08)
        result = both(hand["deal"], hand["tricks"], first_of(hand))
        assert (result is None) == bool(injected)
        dirty += bool(injected)
    assert dirty > 50


def _swap_cards_between_seats(h):
    """A card of one trick exchanged for one of the next trick's: each seat plays a card it
    did not hold, or plays out of its turn."""
    t0, t1 = h["tricks"][3]["cards"], h["tricks"][4]["cards"]
    t0[1], t1[2] = t1[2], t0[1]


def _card_twice(h):
    h["tricks"][5]["cards"][2] = h["tricks"][2]["cards"][2]


def _deal_card_twice(h):
    h["deal"]["N"][0] = h["deal"]["N"][1]


def _deal_cards_traded(h):
    h["deal"]["N"][0], h["deal"]["E"][0] = h["deal"]["E"][0], h["deal"]["N"][0]


def _deal_overlapping(h):
    h["deal"]["N"][0] = h["deal"]["E"][0]


def _wrong_leader(h):
    t = h["tricks"][6]
    t["leader"] = next(s.name for s in Seat if s.name != t["leader"])


def _set(path, value):
    def change(h):
        obj = h
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    return change


def _delete(path):
    def change(h):
        obj = h
        for k in path[:-1]:
            obj = obj[k]
        del obj[path[-1]]
    return change


def _apply(path, fn):
    def change(h):
        obj = h
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = fn(obj[path[-1]])
    return change


DAMAGE = {
    "cards swapped between tricks": _swap_cards_between_seats,
    "a card played twice": _card_twice,
    "a card twice in a dealt hand": _deal_card_twice,
    "cards traded between dealt hands": _deal_cards_traded,
    "two hands holding one card": _deal_overlapping,
    "a trick led by the wrong seat": _wrong_leader,
    "the first trick led by the wrong seat": _apply(("tricks", 0, "leader"), lambda s: {
        "N": "E", "E": "S", "S": "W", "W": "N"}[s]),
    "a card name in lower case": _apply(("tricks", 2, "cards", 1), str.lower),
    "a card name with a space": _apply(("tricks", 2, "cards", 1), lambda c: c + " "),
    "a card name of one letter": _apply(("tricks", 2, "cards", 1), lambda c: c[0]),
    "a card name not ASCII": _set(("tricks", 2, "cards", 1), "A\u2660"),
    "a card name with a NUL": _set(("tricks", 2, "cards", 1), "A\x00"),
    "a card name of high ASCII letters": _set(("tricks", 2, "cards", 1), "\u00c1S"),
    "a card as a number": _set(("tricks", 2, "cards", 1), 12),
    "a card as a list": _set(("tricks", 2, "cards", 1), ["AS"]),
    "a card as null": _set(("tricks", 2, "cards", 1), None),
    "a dealt card as a number": _set(("deal", "S", 4), 3),
    "a dealt card unknown": _set(("deal", "S", 4), "1S"),
    "a seat name unknown": _set(("tricks", 2, "leader"), "X"),
    "a seat name in lower case": _apply(("tricks", 2, "leader"), str.lower),
    "a seat as a number": _set(("tricks", 2, "leader"), 0),
    "a seat of two letters": _set(("tricks", 2, "leader"), "NN"),
    "a trick of three cards": _apply(("tricks", 2, "cards"), lambda c: c[:3]),
    "a trick of five cards": _apply(("tricks", 2, "cards"), lambda c: c + c[:1]),
    "a trick's cards as a tuple": _apply(("tricks", 2, "cards"), tuple),
    "a trick's cards as a text": _set(("tricks", 2, "cards"), "AS"),
    "a trick with a third key": _apply(("tricks", 2), lambda t: {**t, "x": 1}),
    "a trick without its leader": _delete(("tricks", 2, "leader")),
    "a trick with another key for its leader": _apply(
        ("tricks", 2), lambda t: {"lead": t["leader"], "cards": t["cards"]}),
    "a trick as a list": _apply(("tricks", 2), lambda t: [t["leader"], t["cards"]]),
    "a trick as a text of two": _set(("tricks", 2), "NS"),
    "twelve tricks": _apply(("tricks",), lambda t: t[:12]),
    "fourteen tricks": _apply(("tricks",), lambda t: t + t[:1]),
    "the tricks as a tuple": _apply(("tricks",), tuple),
    "the tricks as a dict": _apply(("tricks",), lambda t: dict(enumerate(t))),
    "a dealt hand of twelve": _apply(("deal", "W"), lambda c: c[:12]),
    "a dealt hand as a tuple": _apply(("deal", "W"), tuple),
    "a dealt hand as a text": _set(("deal", "W"), "AS"),
    "three hands dealt": _delete(("deal", "W")),
    "a fifth hand dealt": _apply(("deal",), lambda d: {**d, "X": d["N"]}),
    "a hand dealt to an unknown seat": _apply(
        ("deal",), lambda d: {("X" if k == "W" else k): v for k, v in d.items()}),
    "a hand dealt to a seat in lower case": _apply(
        ("deal",), lambda d: {k.lower() if k == "W" else k: v for k, v in d.items()}),
    "the deal as a list": _apply(("deal",), lambda d: list(d.values())),
    "the deal as null": _set(("deal",), None),
}


@pytest.mark.parametrize("name", list(DAMAGE))
def test_every_kind_of_damage_gets_the_same_answer(name):
    rng = random.Random(name)
    for _ in range(5):
        hand = clean_hand(rng)
        DAMAGE[name](hand)
        assert both(hand["deal"], hand["tricks"], first_of(hand)) is None, name


def test_the_first_to_act_is_checked_and_must_be_a_seat():
    hand = clean_hand(random.Random(3))
    first = first_of(hand)
    assert both(hand["deal"], hand["tricks"], first) is not None
    for other in range(4):
        if other != first:
            assert both(hand["deal"], hand["tricks"], other) is None
    if COMPILED is not None:
        for bad in (-1, 4, 100):
            assert COMPILED(hand["deal"], hand["tricks"], bad) is None


def test_the_deals_seats_in_any_order():
    rng = random.Random(5)
    for _ in range(20):
        hand = clean_hand(rng)
        seats = list(hand["deal"])
        rng.shuffle(seats)
        deal = {s: hand["deal"][s] for s in seats}
        assert both(deal, hand["tricks"], first_of(hand)) is not None


def test_the_reference_is_the_rules_cores_loop():
    """play_plain_py is play_tricks4 on the looked-up names (a hand-made case of each kind)."""
    hand = clean_hand(random.Random(9))
    hold = [0, 0, 0, 0]
    for name, cards in hand["deal"].items():
        hold[Seat[name]] = sum(1 << int(Card.parse(c)) for c in cards)
    winners: list[int] = []
    clean, won, _ = play_tricks4([int(Seat[t["leader"]]) for t in hand["tricks"]],
                                 [int(Card.parse(c)) for t in hand["tricks"] for c in t["cards"]],
                                 hold, first_of(hand), winners)
    assert clean and play_plain_py(hand["deal"], hand["tricks"], first_of(hand)) == (won, winners)


# Any JSON value, put anywhere in the deal or the tricks.
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
                    | st.sampled_from(["AS", "2C", "TD", "N", "E", "S", "W", "leader", "cards",
                                       "", "as", "A\u2660"]),
                    lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.sampled_from(["N", "E", "S", "W", "leader", "cards",
                                                       "x"]), inner, max_size=4),
                    max_leaves=8)


def _spots(obj: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(obj, dict):
        for k, v in obj.items():
            found += _spots(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += _spots(v, (*path, i))
    return found


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), value=JSON, pick=st.integers(0, 10**6),
       action=st.sampled_from(["set", "delete", "swap"]))
def test_random_damage_gets_the_same_answer(seed, value, pick, action):
    rng = random.Random(seed)
    hand = clean_hand(rng)
    root = {"deal": hand["deal"], "tricks": hand["tricks"]}
    spots = [p for p in _spots(root) if p]
    path = spots[pick % len(spots)]
    parent = root
    for k in path[:-1]:
        parent = parent[k]
    if action == "set":
        parent[path[-1]] = value
    elif action == "delete":
        del parent[path[-1]]
    else:  # two values of the same container exchanged
        keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
        other = keys[rng.randrange(len(keys))]
        parent[path[-1]], parent[other] = parent[other], parent[path[-1]]
    both(root.get("deal"), root.get("tricks"), first_of(hand))


@needs_compiled
def test_configure_refuses_tables_of_the_wrong_shape():
    from scorekeeper.audit import _plain_play  # type: ignore[attr-defined]

    good = plain_play._configure_args()
    for i, bad in enumerate([{}, {}, b"\x00" * 10, (0,) * 51, ((0, 1, 2, 3),) * 3]):
        args = list(good)
        args[i] = bad
        with pytest.raises(ValueError):
            _plain_play.configure(*args)
    renamed = {("10S" if k == "TS" else k): v for k, v in good[0].items()}
    with pytest.raises(ValueError):
        _plain_play.configure(renamed, *good[1:])
    with pytest.raises(ValueError):
        _plain_play.configure(*good[:4], ((0, 1, 2, 9),) * 4, *good[5:])
    _plain_play.configure(*good)  # as it was: the rest of the session checks with it
    hand = clean_hand(random.Random(1))
    assert both(hand["deal"], hand["tricks"], first_of(hand)) is not None


def test_the_bulk_audit_writes_the_same_document_with_either(tmp_path, monkeypatch):
    """The sweep of whole logs (``plain_logs``) gives the same document through either
    check, and takes the clean logs either way."""
    import json

    from scorekeeper.audit import plain_logs
    from scorekeeper.audit.batch import audit_json
    from scorekeeper.logs.random_logs import random_game_log

    rng = random.Random(21)
    paths = []
    for i in range(12):
        log = random_game_log(rng, P, max_hands=4, blind_rate=0)
        if i % 3 == 2:  # one card of the last hand played by another seat
            _swap_cards_between_seats(log["hands"][-1])
        path = tmp_path / f"game-{i}.json"
        path.write_text(json.dumps(log), encoding="utf-8")
        paths.append(str(path))
    answers: list[bool] = []

    def counted(check):
        def play(*args):
            played = check(*args)
            answers.append(played is not None)
            return played
        return play

    monkeypatch.setattr(plain_logs, "play_plain", counted(plain_play.play_plain))
    compiled = audit_json(paths, workers=1).text
    first = answers[:]
    answers.clear()
    monkeypatch.setattr(plain_logs, "play_plain", counted(play_plain_py))
    assert audit_json(paths, workers=1).text == compiled
    assert answers == first
    assert False in first and first.count(True) >= 20  # the clean hands were swept
    assert '"findings": []' not in compiled  # the damaged logs were audited in full


@pytest.mark.parametrize("where", ["deal", "trick card", "leader", "deal key"])
@pytest.mark.parametrize("shift", [0x80, 0x100])
def test_a_name_equal_to_another_modulo_128_is_not_that_name(where, shift):
    """A name replaced in place by a text whose characters equal it modulo 128 or 256 (the
    compiled check reads ASCII texts only: such a name is not a card's or a seat's)."""
    hand = clean_hand(random.Random(3))

    def twin(s: str) -> str:
        return chr(ord(s[0]) + shift) + s[1:]

    if where == "deal":
        hand["deal"]["S"][4] = twin(hand["deal"]["S"][4])
    elif where == "trick card":
        hand["tricks"][2]["cards"][1] = twin(hand["tricks"][2]["cards"][1])
    elif where == "leader":
        hand["tricks"][2]["leader"] = twin(hand["tricks"][2]["leader"])
    else:
        hand["deal"] = {(twin(k) if k == "W" else k): v for k, v in hand["deal"].items()}
    assert both(hand["deal"], hand["tricks"], first_of(hand)) is None


NAMES = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def _played_out(deal: dict[str, list[str]], first_lead: str) -> list[dict[str, Any]]:
    """Tricks from ``deal`` (North leads ``first_lead``), then each seat's lowest legal card
    (no spade led before spades are broken unless the leader holds only spades); winners by
    the rules core's BEATS."""
    from scorekeeper.rules.bitplay.clean_tricks import BEATS

    hold = {s: sorted(NAMES.index(c) for c in cards) for s, cards in deal.items()}
    order, tricks, leader, broken = "NESW", [], "N", False
    for t in range(13):
        seats = [order[(order.index(leader) + i) % 4] for i in range(4)]
        if t == 0:
            lead = NAMES.index(first_lead)
        else:
            own = hold[leader]
            lead = own[0] if broken else ([c for c in own if c < 39] or own)[0]
        cards = [lead]
        for s in seats[1:]:
            cards.append(([c for c in hold[s] if c // 13 == lead // 13] or hold[s])[0])
        for s, c in zip(seats, cards):
            hold[s].remove(c)
        broken = broken or any(c >= 39 for c in cards)
        best, win = cards[0], 0
        for i in range(1, 4):
            if BEATS[best][cards[i]]:
                best, win = cards[i], i
        tricks.append({"leader": leader, "cards": [NAMES[c] for c in cards]})
        leader = seats[win]
    return tricks


def test_the_lowest_spade_led_early_is_refused_unless_the_leader_holds_only_spades():
    deal = {"N": ["2S"] + [r + "H" for r in "3456789TJQKA"],
            "E": ["2H"] + [r + "C" for r in "3456789TJQKA"],
            "S": [r + "D" for r in "23456789TJQKA"],
            "W": ["2C"] + [r + "S" for r in "3456789TJQKA"]}
    assert both(deal, _played_out(deal, "2S"), int(Seat.N)) is None
    deal["N"], deal["W"] = ["2S"] + deal["W"][1:], ["2C"] + deal["N"][1:]  # North: only spades
    assert both(deal, _played_out(deal, "2S"), int(Seat.N)) is not None


@needs_compiled
def test_a_key_that_runs_code_when_compared_is_refused_without_running_it():
    """A trick's key whose ``__eq__`` empties the tricks (no JSON makes one): a lookup by
    key would run it while the check reads the list it empties. The compiled check walks a
    trick's two entries instead, runs no Python code, and takes no subclass of str."""
    hand = clean_hand(random.Random(4))
    tricks = hand["tricks"]

    class Clearing(str):
        def __eq__(self, other):
            tricks.clear()
            return str.__eq__(self, other)

        __hash__ = str.__hash__

    tricks[3] = {Clearing("leader"): tricks[3]["leader"], "cards": tricks[3]["cards"]}
    assert COMPILED(hand["deal"], tricks, first_of(hand)) is None
    assert len(tricks) == 13
