"""The bulk audit of plain logs (``scorekeeper/audit/plain_logs.py``) against the full audit.

The contract: ``audit_json(paths).text`` is exactly ``json.dumps(audit_report(...))`` of the
full audit, whichever way each file went. Clean card-by-card partnership logs must really go
the bulk way (else it proves nothing); logs with a finding or of another shape must be left to
the full audit; and the bulk way never takes a log the schema refuses.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

# tests/unit is on sys.path (pytest's rootdir import mode):
from test_audit_random import log_of, play_with_breaches
from test_trusted_reader import NEAR_KEYS, NEAR_MISSES, at, near, single_changes, spots

from scorekeeper.audit.batch import audit_paths
from scorekeeper.audit.engine import audit_report
from scorekeeper.audit.batch import audit_json
from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import LogError, log_from_data, parse_log
from scorekeeper.logs.json_text import JsonTextError, load_log_json
from scorekeeper.rules.scoring import Bid, GameScore, HandInput, SideTotals, score_game
from scorekeeper.rules.settings import DEFAULT_RULES, RuleSet
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.logs.random_logs import play_random_hand, random_game_log
from scorekeeper.audit.plain_logs import sweep_log

P = Variant.PARTNERSHIP


# -- helpers ----------------------------------------------------------------------------------
def write(directory: Path, name: str, log: Any) -> str:
    path = directory / f"{name}.json"
    path.write_text(json.dumps(log) if not isinstance(log, str) else log, encoding="utf-8")
    return str(path)


def full_document(paths: list[str]) -> str:
    return json.dumps(audit_report(audit_paths(paths)[0]))


def assert_same_document(paths: list[str]) -> dict[str, Any]:
    """The bulk document equals the full audit's; returns the full audit's report."""
    expected = full_document(paths)
    assert audit_json(paths, workers=1).text == expected
    return json.loads(expected)


def swept(path: str) -> tuple[int, str] | None:
    with open(path, encoding="utf-8") as f:
        return sweep_log(json.load(f), path)


def rules_of(log: dict[str, Any]) -> RuleSet:
    return DEFAULT_RULES.with_changes(**log.get("rules", {}))


def game_score(log: dict[str, Any]) -> GameScore:
    """The game scored from each hand's ``tricks_won`` (``random_game_log`` writes the play's)
    and the scores carried in."""
    inputs = [HandInput(Seat[h["dealer"]],
                        tuple(Bid(Seat[b["seat"]], b["bid"], b.get("blind", False))
                              for b in h["bids"]),
                        {Seat[s]: n for s, n in h["tricks_won"].items()})
              for h in log["hands"]]
    start = log.get("initial", {})
    initial = {side: SideTotals(**start.get(side, {})) for side in P.sides}
    return score_game(P, inputs, rules_of(log), initial)


def clean_log(rng: random.Random, rules: RuleSet = DEFAULT_RULES, max_hands: int = 8,
              initial: dict[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    """A legal card-by-card partnership game without Blind Nil, ended where it is won (with
    the scores ``initial`` carried in, which ``random_game_log`` does not know of)."""
    log = random_game_log(rng, P, rules=rules, max_hands=max_hands, blind_rate=0, **kw)
    if initial is not None:
        log["initial"] = initial
        won = game_score(log).won_at_hand
        if won is not None:
            del log["hands"][won:]
    return log


SEEN: dict[str, int] = {}


def decorate(log: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Everything else a plain hand may hold: the right running scores (both sides, in either
    order, or one), ``tricks_won`` in full, left out, or without the seats that won nothing,
    notes, an explicit ``"blind": false``, the deal's seats in another order."""
    score = game_score(log)
    for h, scored in zip(log["hands"], score.hands):
        right = {s: r.score for s, r in scored.sides.items()}
        r = rng.random()
        if r < 0.35:
            h["recorded"] = right
        elif r < 0.45:
            h["recorded"] = dict(reversed(right.items()))
        elif r < 0.55:
            side = rng.choice(P.sides)
            h["recorded"] = {side: right[side]}
        elif r < 0.6:
            h["recorded"] = rng.choice([None, {}])
        won = h["tricks_won"]
        kind = rng.choice(["full", "absent", "partial", "null"])
        if kind == "absent":
            del h["tricks_won"]
        elif kind == "null":
            h["tricks_won"] = None
        elif kind == "partial" and 0 in won.values():
            h["tricks_won"] = {s: n for s, n in won.items() if n}
            SEEN["partial"] = SEEN.get("partial", 0) + 1
        if rng.random() < 0.3:
            h["notes"] = rng.choice(["revoke claimed, withdrawn", "N \"fast\" — é", "", None])
        if rng.random() < 0.2:
            rng.choice(h["bids"])["blind"] = False
        if rng.random() < 0.3:
            h["deal"] = dict(rng.sample(list(h["deal"].items()), 4))
        if h.get("recorded") is not None:
            SEEN["recorded"] = SEEN.get("recorded", 0) + 1
    return log


# -- 1. clean logs go the bulk way, with the full audit's document ----------------------------
RULE_SETS = {
    "default": (DEFAULT_RULES, None),
    "bags5": (DEFAULT_RULES.with_changes(bag_limit=5, bag_penalty=50), None),
    "nil_helps_partner": (DEFAULT_RULES.with_changes(failed_nil_tricks="help_partner"), None),
    "nil_ignored": (DEFAULT_RULES.with_changes(failed_nil_tricks="ignored", nil_bonus=50), None),
    "target_reachable": (DEFAULT_RULES.with_changes(target_score=150), None),
    "target_unreachable": (DEFAULT_RULES.with_changes(target_score=10 ** 6), None),
    "mercy": (DEFAULT_RULES.with_changes(mercy_score=-60), None),
    "no_blind_nil": (DEFAULT_RULES.with_changes(allow_blind_nil=False,
                                                blind_nil_min_deficit=100), None),
    "initial": (DEFAULT_RULES, {"NS": {"score": 380, "bags": 8}, "EW": {"score": -40}}),
    "initial_one_side": (DEFAULT_RULES.with_changes(bag_limit=5, revoke_penalty="set"),
                         {"EW": {"bags": 4}}),
}


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_clean_logs_are_swept_with_the_full_audits_document(tmp_path, name):
    rules, initial = RULE_SETS[name]
    rng = random.Random(f"sweep {name}")
    paths = []
    for i in range(3):
        log = decorate(clean_log(rng, rules, initial=initial, nil_rate=0.25), rng)
        if i == 1:
            log["game_id"] = f"club.{name}"
            log["event"] = {"season": "2026", "date": "2026-11-27", "x-app": {"v": 1}}
            log["x-tool"] = "test"
        if i == 2:  # a newer 1.y, a setting written as null (the default)
            log["format_version"] = "1.3"
            log["rules"] = {**log.get("rules", {}), "revoke_penalty_tricks": None}
        path = write(tmp_path, f"{name} \"{i}\" é", log)  # a name json.dumps escapes
        got = swept(path)
        assert got is not None, f"a clean log was not swept: {path}"
        assert got[0] == len(log["hands"])
        paths.append(path)
    report = assert_same_document(paths)
    assert report["findings"] == []
    assert report["hands_audited"] == sum(len(f["hands"]) for f in report["files"])


def test_the_clean_logs_had_every_decoration():
    # Runs after the test above (pytest keeps file order): the decorations must be reached.
    if SEEN:
        assert SEEN.get("partial", 0) > 0 and SEEN.get("recorded", 0) > 0


def test_a_game_won_at_its_last_hand_is_swept(tmp_path):
    rng = random.Random(11)
    log = clean_log(rng, DEFAULT_RULES.with_changes(target_score=120), max_hands=30)
    assert game_score(log).won_at_hand == len(log["hands"])
    path = write(tmp_path, "won", log)
    assert swept(path) is not None
    report = assert_same_document([path])
    assert report["files"][0]["winner"]["played"] is not None


# -- 2. findings and other shapes go to the full audit, with the same document ---------------
def base_log(rng: random.Random) -> dict[str, Any]:
    """A clean game of three or four hands, for the changes below to spoil."""
    while True:
        log = clean_log(rng, max_hands=4)
        if len(log["hands"]) >= 3:
            return log


def _recorded_right(log: dict[str, Any], k: int) -> dict[str, int]:
    return {s: r.score for s, r in game_score(log).hands[k].sides.items()}


def _score_mismatch(log, rng):
    right = _recorded_right(log, 1)
    log["hands"][1]["recorded"] = {"NS": right["NS"] + 10, "EW": right["EW"]}
    return log


def _recorded_side_of_two_player(log, rng):
    log["hands"][0]["recorded"] = {"N": 0}  # the schema's SideKey, not a partnership side
    return log


def _dealer_out_of_rotation(log, rng):
    wrong = Seat((P.seats.index(Seat[log["hands"][1]["dealer"]]) + 2) % 4)
    log["hands"][2] = play_random_hand(rng, P, wrong, blind_rate=0)
    return log


def _hand_after_game_won(log, rng):
    log = clean_log(rng, DEFAULT_RULES.with_changes(target_score=120), max_hands=30)
    assert game_score(log).winner is not None
    dealer = P.next_dealer(Seat[log["hands"][-1]["dealer"]])
    log["hands"].append(play_random_hand(rng, P, dealer, blind_rate=0))
    return log


def _initial_already_won(log, rng):
    log["initial"] = {"NS": {"score": 600}}
    return log


def _tricks_mismatch(log, rng):
    won = log["hands"][1]["tricks_won"]
    a, b = min(won, key=won.get), max(won, key=won.get)
    won[a], won[b] = won[b], won[a]
    return log


def _breach(code):
    def make(log, rng):
        while True:
            hand, injected = play_with_breaches(rng, P, 0.1)
            if any(c == code for c, *_ in injected):
                return log_of(P, [hand])
    return make


def _bid_out_of_turn(log, rng):
    bids = log["hands"][1]["bids"]
    bids[0], bids[1] = bids[1], bids[0]
    return log


def _blind_nil(log, rng):
    while True:
        log = random_game_log(rng, P, max_hands=4, blind_rate=0.2)
        if any(b.get("blind") for h in log["hands"] for b in h["bids"]):
            return log


def _blind_on_a_clean_hand(log, rng):
    log["hands"][0]["bids"][2] = {**log["hands"][0]["bids"][2], "bid": 0, "blind": True}
    return log


def _two_player(log, rng):
    return random_game_log(rng, Variant.TWO_PLAYER, max_hands=3)


def _no_deal(log, rng):
    del log["hands"][1]["deal"]
    return log


def _twelve_tricks(log, rng):
    del log["hands"][0]["tricks"][12]
    return log


def _twelve_tricks_no_count(log, rng):
    del log["hands"][0]["tricks"][12]
    del log["hands"][0]["tricks_won"]
    return log


def _extension_key(log, rng):
    log["hands"][0]["x-scorer"] = {"app": "paper"}
    return log


def _empty_exchanges(log, rng):
    log["hands"][0]["exchanges"] = []
    return log


def _null_claim(log, rng):
    log["hands"][1]["claim"] = None
    return log


def _claim(log, rng):
    """Hand 1 ends in a claim after trick 10 of the last three tricks as they were played."""
    winners = [t.winner.name for t in analyse_game(log_from_data(log)).replays[0].tricks]
    h = log["hands"][0]
    del h["tricks"][10:]
    rest = {s: winners[10:].count(s) for s in "NESW" if s in winners[10:]}
    h["claim"] = {"seat": winners[9], "after_trick": 10, "tricks": rest}
    return log


def _leader_changed(log, rng):
    t = log["hands"][1]["tricks"][4]
    t["leader"] = P.seats[(P.seats.index(Seat[t["leader"]]) + 1) % 4].name
    return log


def _cards_swapped_between_seats(log, rng):
    deal = log["hands"][1]["deal"]
    deal["N"][0], deal["E"][0] = deal["E"][0], deal["N"][0]
    return log


def _time_called(log, rng):
    """Time called on the last hand (log format 1.2): a field the sweep leaves to the full
    audit, which writes it on the hand."""
    log["format_version"] = "1.2"
    log["hands"][-1]["time_called"] = True
    return log


def _time_not_called(log, rng):
    log["format_version"] = "1.2"
    rng.choice(log["hands"])["time_called"] = False
    return log


CASES = {
    "score_mismatch": (_score_mismatch, "score_mismatch"),
    "recorded_side_of_two_player": (_recorded_side_of_two_player, "score_mismatch"),
    "dealer_out_of_rotation": (_dealer_out_of_rotation, "dealer_out_of_rotation"),
    "hand_after_game_won": (_hand_after_game_won, "hand_after_game_won"),
    "initial_already_won": (_initial_already_won, "hand_after_game_won"),
    "tricks_mismatch": (_tricks_mismatch, "tricks_mismatch"),
    "revoke": (_breach("revoke"), "revoke"),
    "spade_led_unbroken": (_breach("spade_led_unbroken"), "spade_led_unbroken"),
    "bid_out_of_turn": (_bid_out_of_turn, "bid_out_of_turn"),
    "blind_nil": (_blind_nil, None),
    "blind_on_a_clean_hand": (_blind_on_a_clean_hand, None),
    "two_player": (_two_player, None),
    "no_deal": (_no_deal, None),
    "twelve_tricks": (_twelve_tricks, None),
    "twelve_tricks_no_count": (_twelve_tricks_no_count, None),
    "extension_key": (_extension_key, None),
    "empty_exchanges": (_empty_exchanges, None),
    "null_claim": (_null_claim, None),
    "claim": (_claim, None),
    "leader_changed": (_leader_changed, None),
    "cards_swapped_between_seats": (_cards_swapped_between_seats, None),
    "time_called": (_time_called, None),
    "time_not_called": (_time_not_called, None),
}


@pytest.mark.parametrize("name", list(CASES))
def test_findings_and_other_shapes_go_to_the_full_audit(tmp_path, name):
    make, code = CASES[name]
    rng = random.Random(f"case {name}")
    log = make(base_log(rng), rng)
    path = write(tmp_path, name, log)
    assert swept(path) is None
    report = assert_same_document([path])
    if code is not None:
        assert code in {f["code"] for f in report["findings"]}


def test_a_mix_of_swept_and_full_logs_in_one_document(tmp_path):
    rng = random.Random(5)
    paths = []
    for name, (make, _) in CASES.items():
        paths.append(write(tmp_path, f"mix {name}", make(base_log(rng), rng)))
        paths.append(write(tmp_path, f"mix clean {name}", decorate(clean_log(rng, max_hands=3),
                                                                   rng)))
    assert [swept(p) is not None for p in paths] == [False, True] * len(CASES)
    assert_same_document(paths)


# -- 3. the bulk way never takes what the schema refuses --------------------------------------
def _base_for_mutations() -> dict[str, Any]:
    rng = random.Random(2026)
    log = clean_log(rng, max_hands=2, nil_rate=0.3)
    while len(log["hands"]) < 2:
        log = clean_log(rng, max_hands=2, nil_rate=0.3)
    h0, h1 = log["hands"]
    h0["recorded"] = _recorded_right(log, 0)
    h0["notes"] = "the first hand"
    zeros = [s for s, n in h1["tricks_won"].items() if n == 0]
    h1["tricks_won"] = {s: n for s, n in h1["tricks_won"].items() if n} if zeros else None
    return log


def schema_takes(text: str) -> bool:
    try:
        parse_log(text, "x.json")
    except LogError:
        return False
    return True


def check_strict(text: str, tmp_path: Path | None = None) -> bool:
    """If the bulk way takes ``text``, the schema takes it and the full audit finds nothing
    (and, given ``tmp_path``, the documents agree). Returns whether it was taken."""
    try:
        data = load_log_json(text)  # as the bulk audit reads a file
    except JsonTextError:
        return False
    if sweep_log(data, "x.json") is None:
        return False
    assert schema_takes(text), f"the sweep took a log the schema refuses: {text[:300]}"
    if tmp_path is not None:
        path = write(tmp_path, "taken", text)
        assert assert_same_document([path])["findings"] == []
    return True


def _map(path, fn):
    """A change: the value at ``path`` replaced by ``fn`` of it."""
    def change(log):
        parent = at(log, path[:-1])
        parent[path[-1]] = fn(parent[path[-1]])
    return change


def _set(path, value):
    def change(log):
        at(log, path[:-1])[path[-1]] = value
    return change


def _add(path, key, value):
    return _map(path, lambda obj: {**obj, key: value})


def _delete(path):
    def change(log):
        del at(log, path[:-1])[path[-1]]
    return change


H0, H1 = ("hands", 0), ("hands", 1)
# The bids changed are those of hand 2, which has no written score: a bid read as another
# number would otherwise be caught by the score check instead.
NAMED_MUTATIONS = {
    "bid true": _set((*H1, "bids", 0, "bid"), True),
    "bid as float": _map((*H1, "bids", 0, "bid"), float),
    "bid as text": _map((*H1, "bids", 0, "bid"), str),
    "bid 14": _set((*H1, "bids", 0, "bid"), 14),
    "bid -1": _set((*H1, "bids", 0, "bid"), -1),
    "blind 0": _add((*H1, "bids", 1), "blind", 0),
    "blind null": _add((*H1, "bids", 1), "blind", None),
    "blind true bid 0": _map((*H1, "bids", 1), lambda b: {**b, "bid": 0, "blind": True}),
    "blind true bid 3": _map((*H1, "bids", 1), lambda b: {**b, "bid": 3, "blind": True}),
    "bid extra key": _add((*H1, "bids", 2), "x-note", 1),
    "bid seat lowercase": _map((*H1, "bids", 0, "seat"), str.lower),
    "three bids": _delete((*H1, "bids", 3)),
    "bids not a list": _map((*H1, "bids"), lambda bids: {b["seat"]: b for b in bids}),
    "lowercase card": _map((*H0, "tricks", 0, "cards", 1), str.lower),
    "lowercase deal card": _map((*H0, "deal", "E", 5), str.lower),
    "unknown card": _set((*H0, "tricks", 5, "cards", 2), "XH"),
    "card 10H": _map((*H0, "tricks", 2, "cards", 0), lambda c: "10" + c[1]),
    "card with space": _map((*H0, "tricks", 6, "cards", 0), lambda c: c + " "),
    "trick extra key": _add((*H0, "tricks", 4), "winner", "N"),
    "trick x- key": _add((*H0, "tricks", 4), "x-note", "fast"),
    "trick without leader": _delete((*H0, "tricks", 4, "leader")),
    "trick cards as dict": _map((*H0, "tricks", 3, "cards"), lambda c: dict(zip("NESW", c))),
    "trick cards as string": _map((*H0, "tricks", 3, "cards"), "".join),
    "trick as list": _map((*H0, "tricks", 3), lambda t: [t["leader"], t["cards"]]),
    "trick as string": _set((*H0, "tricks", 4), "AS"),
    "five-card trick": _map((*H0, "tricks", 12, "cards"), lambda c: c + c[:1]),
    "three-card trick": _map((*H0, "tricks", 12, "cards"), lambda c: c[:3]),
    "fourteen tricks": _map((*H0, "tricks"), lambda t: t + t[-1:]),
    "leader X": _set((*H0, "tricks", 7, "leader"), "X"),
    "leader 0": _set((*H0, "tricks", 7, "leader"), 0),
    "leader list": _map((*H0, "tricks", 7, "leader"), lambda s: [s]),
    "deal of 12": _map((*H0, "deal", "W"), lambda c: c[1:]),
    "deal of 14": _map((*H0, "deal", "W"), lambda c: c + c[:1]),
    "card twice in a deal": _map((*H0, "deal", "N"), lambda c: [c[0], *c[:-1]]),
    "deal seat X": _map((*H0, "deal"), lambda d: {k.replace("W", "X"): v for k, v in d.items()}),
    "deal of three seats": _delete((*H0, "deal", "S")),
    "deal as list": _map((*H0, "deal"), lambda d: list(d.values())),
    "deal null": _set((*H0, "deal"), None),
    "tricks_won as text": _map((*H0, "tricks_won"), lambda w: {s: str(n) for s, n in w.items()}),
    "tricks_won bool": _map((*H0, "tricks_won"),
                            lambda w: {s: n if n > 1 else bool(n) for s, n in w.items()}),
    "tricks_won seat X": _add((*H0, "tricks_won"), "X", 0),
    "tricks_won list": _map((*H0, "tricks_won"), lambda w: list(w.values())),
    "recorded side XX": _set((*H0, "recorded"), {"XX": 0}),
    "recorded float": _map((*H0, "recorded", "NS"), float),
    "recorded as text": _map((*H0, "recorded", "NS"), str),
    "recorded list": _set((*H0, "recorded"), [0, 0]),
    "recorded huge": _set((*H0, "recorded"), {"NS": 10 ** 20}),
    "notes number": _set((*H0, "notes"), 3),
    "notes list": _set((*H0, "notes"), ["a"]),
    "dealer X": _set((*H0, "dealer"), "X"),
    "dealer lowercase": _map((*H0, "dealer"), str.lower),
    "dealer missing": _delete((*H0, "dealer")),
    "hand extra key": _add(H0, "winner", "NS"),
    "hand as list": _set(H0, []),
    "no hands": _set(("hands",), []),
    "format wrong": _set(("format",), "spades"),
    "format_version 2.0": _set(("format_version",), "2.0"),
    "variant two_player": _set(("variant",), "two_player"),
    "player missing": _delete(("players", "W")),
    "rules unknown key": _set(("rules",), {"target": 300}),
    "rules bag_limit 0": _set(("rules",), {"bag_limit": 0}),
    "rules bag_limit true": _set(("rules",), {"bag_limit": True}),
    "initial side N": _set(("initial",), {"N": {"score": 0}}),
    "initial negative bags": _set(("initial",), {"NS": {"bags": -1}}),
    "game extra key": lambda log: log.update(scores={}),
}


@pytest.mark.parametrize("name", list(NAMED_MUTATIONS))
def test_a_named_mutation_is_never_swept_past_the_schema(tmp_path, name):
    log = _base_for_mutations()
    NAMED_MUTATIONS[name](log)
    text = json.dumps(log)
    # None of these is a plain hand the sweep should take: each is refused by the schema, or
    # of a shape (or with a finding) the full audit words.
    assert not check_strict(text, tmp_path)
    if schema_takes(text):  # the full audit reads it: the document is still the same
        assert_same_document([write(tmp_path, "mutated", text)])


def test_the_base_of_the_mutations_is_swept(tmp_path):
    text = json.dumps(_base_for_mutations())
    assert check_strict(text, tmp_path)


@pytest.mark.parametrize("before,after,taken", [
    # a key twice in an object is refused before the sweep, whichever value is the right one
    ('"bid": true, ', "", False),
    ('"bid": 3.0, ', "", False),
    ("", ', "bid": true', False),
    ("", ', "bid": 13.5', False),
])
def test_a_repeated_key_is_never_swept(tmp_path, before, after, taken):
    text = json.dumps(_base_for_mutations())
    i = text.index('"bid": ')
    j = text.index("}", i)
    changed = text[:i] + before + text[i:j] + after + text[j:]
    assert changed != text
    assert check_strict(changed, tmp_path) is taken


def test_no_single_change_is_swept_past_the_schema():
    log = _base_for_mutations()
    del log["hands"][1]  # one hand: ~4,000 changes
    taken = total = 0
    for changed in single_changes(log):
        total += 1
        taken += check_strict(json.dumps(changed))
    assert 0 < taken < total


def test_random_stacked_changes_are_never_swept_past_the_schema(tmp_path):
    rng = random.Random(77)
    base = _base_for_mutations()
    taken = 0
    for _ in range(400):
        log = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            path = rng.choice([p for p in spots(log) if p])
            parent, last = at(log, path[:-1]), path[-1]
            change = rng.choice(["near", "near", "miss", "rename", "add", "remove"])
            if change == "near":
                parent[last] = rng.choice(near(parent[last]))
            elif change == "miss":
                parent[last] = rng.choice(NEAR_MISSES)
            elif change == "remove":
                del parent[last]
            elif change == "rename" and isinstance(parent, dict):
                parent[rng.choice(NEAR_KEYS)] = parent.pop(last)
            elif isinstance(parent[last], dict):
                parent[last][rng.choice(NEAR_KEYS)] = rng.choice(NEAR_MISSES)
            elif isinstance(parent[last], list):
                parent[last].append(rng.choice(parent[last] + NEAR_MISSES))
        # the full audit (slow) only for every tenth log the sweep takes
        taken += check_strict(json.dumps(log), tmp_path if taken % 10 == 0 else None)
    assert 0 < taken < 400


# -- 4. one process or two ---------------------------------------------------------------------
def test_two_processes_give_the_document_of_one(tmp_path):
    rng = random.Random(9)
    made = [decorate(clean_log(rng, max_hands=5), rng),
            _score_mismatch(base_log(rng), rng),
            decorate(clean_log(rng, max_hands=5), rng),
            _two_player(None, rng),
            decorate(clean_log(rng, max_hands=5), rng),
            _breach("revoke")(None, rng),
            decorate(clean_log(rng, max_hands=5), rng),
            _no_deal(base_log(rng), rng),
            decorate(clean_log(rng, max_hands=5), rng)]
    paths = [write(tmp_path, f"two {i}", log) for i, log in enumerate(made)]
    # Swept and fully audited files alternate: each process gets some of each.
    assert [swept(p) is not None for p in paths] == [True, False] * 4 + [True]
    one = audit_json(paths, workers=1)
    two = audit_json(paths, workers=2, min_bytes=0)
    assert two == one
    assert one.text == full_document(paths)
