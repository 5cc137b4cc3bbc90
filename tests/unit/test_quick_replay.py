"""``replay_quick`` gives ``replay_hand``'s result, and ``check_play`` what it says it does.

On random legal hands of both variants (deal recorded, and rebuilt from the play), and on
hands broken at random (reneges, spades led early, cards swapped between tricks), so that
both the clean path (built from the fast check) and the full replay are taken.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

# tests/unit is on sys.path (pytest's rootdir import mode):
from test_audit_random import play_with_breaches

from scorekeeper.rules.cards import SPADES_MASK
from scorekeeper.analysis.game import hand_record
from scorekeeper.logs.models import HandLog
from scorekeeper.rules.bitplay.hand_check import check_and_count, check_play
from scorekeeper.rules.record import TrickRecord
from scorekeeper.rules.bitplay.quick_replay import replay_quick
from scorekeeper.rules.replay import replay_hand
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.logs.random_logs import play_random_hand


def records(variant: Variant, n: int, seed: int):
    rng = random.Random(seed)
    dealer = rng.choice(variant.seats)
    out = []
    for i in range(n):
        if i % 3 == 2:
            h, _ = play_with_breaches(rng, variant, 0.1)
        else:
            h = play_random_hand(rng, variant, dealer, nil_rate=0.1, blind_rate=0.0)
        r = hand_record(variant, HandLog.model_validate(h))
        if i % 4 == 1:
            r = replace(r, deal=None, draw=None)
        if i % 7 == 3:  # two cards swapped between tricks: duplicates, cards not held...
            tricks = list(r.tricks)
            a, b = rng.sample(range(len(tricks)), 2)
            ca, cb = list(tricks[a].cards), list(tricks[b].cards)
            ca[0], cb[-1] = cb[-1], ca[0]
            tricks[a] = TrickRecord(tricks[a].leader, tuple(ca))
            tricks[b] = TrickRecord(tricks[b].leader, tuple(cb))
            r = replace(r, tricks=tuple(tricks))
        out.append(r)
        dealer = variant.next_dealer(dealer)
    return out


FIELDS = ("record", "findings", "tricks", "tricks_won", "dealt", "dealt_known", "held",
          "spades_broken", "turn")


@pytest.mark.parametrize("variant", list(Variant))
def test_replay_quick_equals_replay_hand(variant):
    clean = 0
    for r in records(variant, 150, 5 if variant is Variant.PARTNERSHIP else 6):
        fast, full = replay_quick(r), replay_hand(r)
        for name in FIELDS:
            assert getattr(fast, name) == getattr(full, name), name
        clean += not full.findings
    assert 50 < clean < 150  # both paths were taken


@pytest.mark.parametrize("variant", list(Variant))
def test_check_play_on_a_clean_hand(variant):
    for r in records(variant, 60, 9):
        full = replay_hand(r)
        c = check_play(r)
        assert (c.problems, {s: c.won[s] for s in variant.seats}) == check_and_count(r)
        if c.problems:
            continue
        assert [Seat(w) for w in c.winners] == [t.winner for t in full.tricks]
        assert {s: c.held[s] for s in variant.seats} == full.held
        assert bool(c.played & SPADES_MASK) == full.spades_broken
