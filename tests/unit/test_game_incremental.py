"""analyse_game(log, previous) reuses the replays of unchanged hands and gives the same
analysis as a full one: after a hand is added, after a hand is corrected, after the rules
change."""

import random

from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import log_from_data
from scorekeeper.logs.models import HandLog
from scorekeeper.rules.seats import Variant
from scorekeeper.logs.random_logs import random_game_log


def same(a, b):
    assert a.score == b.score
    assert a.findings == b.findings
    assert [(r.record, r.tricks_won, r.findings) for r in a.replays] == \
        [(r.record, r.tricks_won, r.findings) for r in b.replays]


def test_a_hand_added_reuses_the_earlier_replays():
    log = log_from_data(random_game_log(random.Random(3), Variant.PARTNERSHIP))
    first = log.model_copy(update={"hands": log.hands[:-1]})
    before = analyse_game(first)
    after = analyse_game(log, before)
    same(after, analyse_game(log))
    assert all(a is b for a, b in zip(after.replays[:-1], before.replays))


def test_a_corrected_hand_is_replayed_and_later_hands_rescored():
    log = log_from_data(random_game_log(random.Random(4), Variant.TWO_PLAYER,
                                        card_by_card=False))
    before = analyse_game(log)
    old = log.hands[1]
    won = dict(old.tricks_won)
    seats = sorted(won)
    won[seats[0]], won[seats[1]] = won[seats[1]], won[seats[0]]
    corrected = HandLog.model_validate(old.model_dump(by_alias=True) | {"tricks_won": won})
    log2 = log.model_copy(update={"hands": [log.hands[0], corrected, *log.hands[2:]]})
    after = analyse_game(log2, before)
    same(after, analyse_game(log2))
    assert after.replays[1] is not before.replays[1]
    assert after.replays[1].tricks_won == {s: won[s.name] for s in after.replays[1].tricks_won}


def test_changed_rules_replay_everything():
    data = random_game_log(random.Random(5), Variant.PARTNERSHIP, card_by_card=False)
    log = log_from_data(data)
    before = analyse_game(log)
    log2 = log_from_data(data | {"rules": {"allow_blind_nil": False}})
    after = analyse_game(log2, before)
    same(after, analyse_game(log2))
    assert not any(a is b for a, b in zip(after.replays, before.replays))
