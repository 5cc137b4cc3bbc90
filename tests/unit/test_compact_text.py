"""The compact log text with each hand's text kept (logs/compact_text.py) is byte for byte the
text the season database has always stored (``json.dumps(log_to_data(log))``, compact): for
random logs of every field, for logs read afresh, grown hand by hand as the app grows them,
with hands replaced (a correction) or dropped (undo), and with the format version raised or
not by a hand kept from before."""

from __future__ import annotations

import gc
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from log_strategies import logs

from scorekeeper.logs import compact_text
from scorekeeper.logs.compact_text import compact_log_text
from scorekeeper.logs.files import log_to_data
from scorekeeper.logs.models import GameLog, HandLog
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import RuleSet
from scorekeeper.season.storage.converters import stored_text

SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reference(log: GameLog) -> str:
    """The text as written before hands' texts were kept."""
    return json.dumps(log_to_data(log), ensure_ascii=False, separators=(",", ":"))


def with_hands(log: GameLog, hands: list[HandLog]) -> GameLog:
    return log.model_copy(update={"hands": hands})


@SLOW
@given(logs(hands=4), logs(hands=3), st.randoms(use_true_random=False))
def test_the_text_is_the_full_serialisation_whatever_was_kept(first, second, rng):
    log = GameLog.model_validate(first)
    assert compact_log_text(log) == reference(log) == stored_text(log)
    assert compact_log_text(log) == reference(log)  # every hand kept now
    more = GameLog.model_validate(second).hands
    # Hands added (a confirm), the same hands again, one replaced by another object (a
    # correction), the last dropped (undo), the order changed: each against the reference.
    grown = with_hands(log, [*log.hands, *more])
    changes = [grown, grown]
    if grown.hands:
        i = rng.randrange(len(grown.hands))
        copy = grown.hands[i].model_copy()  # equal, but another object: written afresh
        changes.append(with_hands(grown, [*grown.hands[:i], copy, *grown.hands[i + 1:]]))
        changes.append(with_hands(grown, grown.hands[:-1]))
        shuffled = list(grown.hands)
        rng.shuffle(shuffled)
        changes.append(with_hands(grown, shuffled))
    for changed in changes:
        assert compact_log_text(changed) == reference(changed)


def test_a_kept_hand_with_time_called_keeps_the_version_raised():
    data = random_game_log(random.Random(3), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6), max_hands=6, time_called_at=4)
    data["format_version"] = "1.2"
    log = GameLog.model_validate(data)
    base = log.model_copy(update={"format_version": "1.0"})  # a head as an older tool wrote it
    first = with_hands(base, log.hands[:5])
    assert '"format_version":"1.2"' in compact_log_text(first) == reference(first)
    # Hand 6 is new and plain; hand 4, kept, still makes the log 1.2.
    grown = with_hands(base, log.hands)
    assert compact_log_text(grown) == reference(grown)
    assert '"format_version":"1.2"' in compact_log_text(grown)
    # Without hand 4 the log is 1.0 again.
    without = with_hands(base, [*log.hands[:3], *log.hands[4:]])
    assert '"format_version":"1.0"' in compact_log_text(without) == reference(without)


def test_a_game_grown_hand_by_hand_as_the_app_saves_it():
    for seed in range(5):
        variant = (Variant.PARTNERSHIP, Variant.TWO_PLAYER)[seed % 2]
        data = random_game_log(random.Random(seed), variant, card_by_card=seed % 3 == 0,
                               max_hands=40)
        data["x-tool"] = {"seed": seed}
        data["hands"][0]["x-note"] = ["kept", {"as": "read"}]
        full = GameLog.model_validate(data)
        log = with_hands(full, [])
        for hand in full.hands:
            log = with_hands(log, [*log.hands, hand])
            assert compact_log_text(log) == reference(log) == stored_text(log)


def test_a_hands_text_goes_with_the_hand():
    log = GameLog.model_validate(random_game_log(random.Random(1), Variant.PARTNERSHIP,
                                                 card_by_card=False, max_hands=5))
    compact_log_text(log)
    kept = {id(h) for h in log.hands}
    assert kept <= set(compact_text._HAND_TEXTS)
    del log
    gc.collect()
    assert not kept & set(compact_text._HAND_TEXTS)


def _outcome(write, log):
    try:
        return write(log)
    except RecursionError:
        return RecursionError


def test_a_value_nested_too_deeply_is_never_written_where_the_whole_log_was_not():
    # A hand's text is written at the depth it has in the log, so the encoder's recursion
    # limit is met as when the whole log is written (never later: the text must load again).
    log = GameLog.model_validate(random_game_log(random.Random(4), Variant.PARTNERSHIP,
                                                 card_by_card=False, max_hands=3))
    compact_log_text(log)  # hands 1-3 kept; the deep one is new
    outcomes = set()
    value: list = []
    for depth in range(1, 1100):
        value = [value]
        if depth < 850 or depth % 3:
            continue
        deep = log.hands[0].model_copy(update={"x-deep": value})
        grown = with_hands(log, [*log.hands, deep])
        ours, whole = _outcome(compact_log_text, grown), _outcome(reference, grown)
        assert ours is RecursionError or ours == whole
        outcomes.add((ours is RecursionError, whole is RecursionError))
    assert (True, True) in outcomes and (False, False) in outcomes
