"""``bitplay.clean_tricks``: its tables are the reference's, and its loop agrees with the replay.

The tables are the reference's (``BEATS`` is ``trick.BEATS``, built from
``trick.winning_index`` and proven in ``test_solver_core_rules.py``) or built from it at
import (``LED_MASK`` from ``cards.SUIT_MASKS``, ``ORDER`` from ``Variant.turn_order``); here
they are checked, with what the loops rely on: the revoke and spade-lead tests written on
``LED_MASK`` are ``trick.breach``'s. ``play_tricks4`` (which the bulk audit calls directly) is checked against
``replay_hand`` on random legal partnership hands and on hands with injected problems.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

# tests/unit is on sys.path (pytest's rootdir import mode):
from test_hand_check import (_make_early_spade_lead, _make_renege, _swap, play_with_one_breach,
                             random_records)

from scorekeeper.rules.bitplay.clean_tricks import BEATS, LED_MASK, ORDER, play_tricks4
from scorekeeper.rules.cards import BIT, NON_SPADES_MASK, SPADES_MASK, SUIT_MASKS, mask_of
from scorekeeper.rules.record import HandRecord, TrickRecord
from scorekeeper.rules.replay import replay_hand
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.rules.trick import BEATS as TRICK_BEATS
from scorekeeper.rules.trick import breach, legal_plays

P = Variant.PARTNERSHIP
#: What ``play_tricks4`` calls not clean, among the replay's codes for 13 full tricks.
PLAY_CODES = {"lead_out_of_turn", "card_not_held", "card_duplicated", "revoke",
              "spade_led_unbroken"}


# -- the tables ------------------------------------------------------------------------------
def test_beats_is_the_cores_table():
    # trick.BEATS is proven against winning_index (every pair, every three-card trick, random
    # tricks) in test_solver_core_rules.py, which the solver shares it with.
    assert BEATS is TRICK_BEATS


def test_led_mask_and_order_are_the_references():
    assert LED_MASK == tuple(SUIT_MASKS[c // 13] for c in range(52))
    for v in Variant:
        assert ORDER[v] == tuple(
            tuple(v.turn_order(s)) if s in v.seats else None for s in Seat)
    assert ORDER[Variant.TWO_PLAYER] == ((0, 2), None, (2, 0), None)


MASKS = st.sets(st.integers(0, 51), max_size=13).map(mask_of)


@settings(max_examples=500, deadline=None)
@given(hand=MASKS, lead=st.integers(0, 51), card=st.integers(0, 51), played=MASKS)
def test_the_loops_tests_are_trick_breach(hand, lead, card, played):
    hand |= BIT[card]  # the seat holds the card it plays
    broken = bool(played & SPADES_MASK)
    # A follower: not following while holding the suit led.
    led = LED_MASK[lead]
    revoke = bool(not BIT[card] & led and hand & led)
    assert revoke == (breach(hand, lead // 13, broken, card) is not None)
    assert revoke == (not legal_plays(hand, lead // 13, broken) & BIT[card])
    # A leader: a spade before any spade was played, holding another suit.
    early = bool(card >= 39 and not played & SPADES_MASK and hand & NON_SPADES_MASK)
    assert early == (breach(hand, None, broken, card) is not None)
    assert early == (not legal_plays(hand, None, broken) & BIT[card])


# -- the loop against the replay -------------------------------------------------------------
def run_loop(record: HandRecord) -> tuple[bool, list[int], list[int], int]:
    """``play_tricks4`` on a record's 13 tricks from the holdings the replay starts from."""
    hold = [int(replay_hand(record).held.get(Seat(s), 0)) for s in range(4)]
    winners: list[int] = []
    clean, won, played = play_tricks4(
        [int(t.leader) for t in record.tricks], [c for t in record.tricks for c in t.cards],
        hold, int(P.first_to_act(record.dealer)), winners)
    return clean, won, winners, played


def test_clean_hands_are_clean_with_the_replays_winners():
    for r in random_records(P, 60, 31):
        full = replay_hand(r)
        clean, won, winners, played = run_loop(r)
        assert clean and not full.findings
        assert winners == [int(t.winner) for t in full.tricks]
        assert {Seat(s): won[s] for s in range(4)} == full.tricks_won
        assert played == (1 << 52) - 1


def test_damaged_hands_are_not_clean_exactly_when_the_replay_finds_a_play_problem():
    rng = random.Random(32)
    kinds = {"renege": 0, "spade": 0, "other": 0}
    for r in random_records(P, 80, 33):
        damaged = []
        renege, spade = _make_renege(r), _make_early_spade_lead(r)
        if renege is not None:
            damaged.append(("renege", renege))
        if spade is not None:
            damaged.append(("spade", spade))
        places = [(i, j) for i in range(13) for j in range(4)]
        damaged.append(("other", _swap(r, rng.choice(places), rng.choice(places))))
        t = r.tricks[rng.randrange(1, 13)]
        moved = tuple(TrickRecord(rng.choice(list(Seat)), x.cards) if x is t else x
                      for x in r.tricks)
        damaged.append(("other", replace(r, tricks=moved)))
        for kind, bad in damaged:
            codes = {f.code for f in replay_hand(bad).findings}
            clean = run_loop(bad)[0]
            assert clean == (not codes & PLAY_CODES), (kind, codes)
            kinds[kind] += not clean
    assert kinds["renege"] >= 40 and kinds["spade"] >= 10 and kinds["other"] >= 40, kinds


@pytest.mark.parametrize("kind", ["revoke", "spade_led_unbroken"])
def test_a_single_breach_is_seen_whatever_the_card(kind):
    # The breach is the hand's only problem, so the loop's verdict rests on its own check.
    rng = random.Random(kind)
    breaking = set()
    for _ in range(150):
        r, bad = play_with_one_breach(rng, P, kind)
        assert run_loop(r)[0] == (bad is None)
        breaking.add(bad)
    if kind == "spade_led_unbroken":
        assert set(range(39, 52)) <= breaking  # every spade led, the king and ace too
