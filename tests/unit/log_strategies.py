"""Hypothesis strategies for random game logs that fit the schema, reaching every field of
the format: shared by the round-trip property (test_properties.py) and the fast reader's
properties (test_trusted_reader.py). The house rules are drawn from their declarations
(``rules.settings.HOUSE_RULES``), inside their bounds or, for test_settings_*.py, past them."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.logs.identifiers import player_key
from scorekeeper.rules.settings import HOUSE_RULES, PARTNERSHIP_ONLY, Setting

CARD_TEXTS = [r + s for s in "CDHS" for r in "23456789TJQKA"]
card_texts = st.sampled_from(CARD_TEXTS)
small_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
json_leaf = st.one_of(st.booleans(), st.integers(-10**6, 10**6), small_text,
                      st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(st.one_of(st.none(), json_leaf),
                           lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                   st.dictionaries(small_text, inner, max_size=3)),
                           max_leaves=6)
game_ids = st.from_regex(r"\A[A-Za-z0-9_-]{1,8}(\.[A-Za-z0-9_-]{1,8}){0,3}\Z")
"""Game ids as the schema takes them (logs.identifiers.GAME_ID_PATTERN), at most 35 long."""
extensions = st.dictionaries(small_text.map(lambda k: "x-" + k), json_values, max_size=2)


RULES_OF_1_1 = frozenset({
    "target_score", "bag_limit", "bag_penalty", "nil_bonus", "blind_nil_bonus",
    "failed_nil_tricks", "allow_blind_nil", "blind_nil_min_deficit", "mercy_score",
    "revoke_penalty", "revoke_penalty_tricks"})
"""The house rules of a 1.1 log (files._RULES_OF_1_1): the others make a log 1.2."""


def optional(strategy):
    return st.one_of(st.none(), strategy)


def drop_none(d):
    return {k: v for k, v in d.items() if v is not None}


# -- house rules: drawn from their declarations (rules/settings.py) ---------------------------
UNBOUNDED_SPAN = 2000
"""How far past zero (or the other bound) a whole-number setting with an open side is drawn."""


def whole_number_range(rule: Setting) -> tuple[int, int]:
    """The least and greatest value drawn for a whole-number setting: its bounds, or
    ``UNBOUNDED_SPAN`` beyond them where it has none."""
    if rule.least is not None:
        least = rule.least
    else:
        least = (rule.greatest if rule.greatest is not None else 0) - UNBOUNDED_SPAN
    greatest = rule.greatest if rule.greatest is not None else max(least, 0) + UNBOUNDED_SPAN
    return least, greatest


def setting_values(rule: Setting):
    """Values the setting may take (never None, which means its default in a log)."""
    if rule.choices:
        return st.sampled_from(rule.choices)
    if rule.value_type is bool:
        return st.booleans()
    least, greatest = whole_number_range(rule)
    # Small values next to the least bound come up often: a bag limit of 1 to 20 is reached.
    return st.one_of(st.integers(least, min(greatest, least + 20)),
                     st.integers(least, greatest))


def refused_setting_values(rule: Setting):
    """Values the schema and the log model both refuse for the setting: just past a bound, a
    text not among the choices, a value of a type nothing converts."""
    if rule.choices:
        wrong = [c.upper() for c in rule.choices] + [c + "x" for c in rule.choices] + [
            "", 1, [rule.choices[0]], {}]
        return st.sampled_from(wrong)
    if rule.value_type is bool:
        return st.sampled_from([2, -1, "maybe", 0.5, [], {}])
    other_types = st.sampled_from([0.5, "x", "1e3", [], {}])
    past = ([rule.least - 1, rule.least - 1000] if rule.least is not None else []) + (
        [rule.greatest + 1, rule.greatest + 1000] if rule.greatest is not None else [])
    # Just past a bound is where a bound taken from the wrong place shows: drawn half the time.
    return st.one_of(st.sampled_from(past), other_types) if past else other_types


def loose_setting_values(rule: Setting):
    """Values pydantic's lax mode would convert: a number as text or as 3.0, 1 or "true" for
    yes. The schema refuses all but 3.0 (a JSON Schema integer), and so do the strict models;
    the trusted reader leaves them all to the normal path."""
    if rule.value_type is bool:
        return st.sampled_from([0, 1, "true", "false", "yes", "no"])
    if rule.choices:
        return st.nothing()
    least, greatest = whole_number_range(rule)
    return st.integers(least, greatest).flatmap(lambda v: st.sampled_from([str(v), float(v)]))


@st.composite
def rules_objects(draw, refused: bool | str = False):
    """A log's ``rules`` object: some settings, each a value it may take. With ``refused``, at
    least one setting (``refused`` itself, if it names one) has a value the schema refuses."""
    rules = drop_none({rule.name: draw(optional(setting_values(rule)))
                       for rule in HOUSE_RULES.values()})
    # Settings that contradict each other (rules.settings.contradictions) make a log
    # invalid, not misshapen: kept apart, so that these rules always score a game.
    target = rules.get("target_score", HOUSE_RULES["target_score"].default)
    if rules.get("mercy_score") is not None and rules["mercy_score"] >= target:
        rules["mercy_score"] = target - 1
    if rules.get("nil_allowed") is False and rules.get("nil_passing"):
        rules["nil_passing"] = 0
    if refused:
        wrong = [refused] if isinstance(refused, str) else draw(st.lists(
            st.sampled_from(list(HOUSE_RULES)), min_size=1, max_size=3, unique=True))
        for name in wrong:
            rules[name] = draw(refused_setting_values(HOUSE_RULES[name]))
    return rules


@st.composite
def bids_(draw, seat_names, nulls=False):
    k = draw(st.integers(0, 13))
    bid = {"seat": draw(seat_names), "bid": k}
    if k == 0 and draw(st.booleans()):
        bid["blind"] = True
    elif nulls and draw(st.integers(0, 9)) == 0:
        bid["blind"] = False  # the default written out (a log writes it only for a Blind Nil)
    return bid


@st.composite
def hands_(draw, seats, most=13, nulls=False):
    seat_names = st.sampled_from(list(seats))
    counts = st.dictionaries(seat_names, st.integers(0, 13), max_size=4)
    tricks = optional(st.lists(st.fixed_dictionaries({
        "leader": seat_names, "cards": st.lists(card_texts, min_size=1, max_size=4)}),
        max_size=most))
    h = {
        "dealer": draw(seat_names),
        "bids": draw(st.lists(bids_(seat_names, nulls), max_size=4)),
        "tricks_won": draw(optional(counts)),
        "tricks": draw(tricks),
        "deal": draw(optional(st.dictionaries(seat_names, st.lists(card_texts, max_size=most),
                                              max_size=4))),
        "exchanges": draw(optional(st.lists(st.fixed_dictionaries({
            "from": seat_names, "to": seat_names,
            "cards": st.lists(card_texts, max_size=3)}), max_size=2))),
        "draw": draw(optional(st.lists(st.fixed_dictionaries({
            "seat": seat_names, "kept": card_texts, "discarded": card_texts}),
            max_size=2 * most))),
        "redraws": draw(optional(st.lists(st.fixed_dictionaries({
            "seat": seat_names, "discarded": st.lists(card_texts, max_size=3),
            "drawn": st.lists(card_texts, max_size=3)}), max_size=2))),
        "claim": draw(optional(st.fixed_dictionaries({
            "seat": seat_names, "after_trick": st.integers(0, 13), "tricks": counts,
            "accepted": st.booleans()}))),
        "recorded": draw(optional(st.dictionaries(st.sampled_from(["NS", "EW", "N", "S"]),
                                                  st.integers(-1000, 1000), max_size=2))),
        "notes": draw(optional(small_text)),
        # (1.2) time called during the hand: true mostly, false now and then as a tool writes it
        "time_called": draw(st.sampled_from([None] * 6 + [True, True, False])),
    }
    if h["tricks_won"] is None and h["tricks"] is None:
        h["tricks_won"] = {seats[0]: 13}
    # With ``nulls``, some optional fields written as null, as a tool may write them (a
    # round trip drops them, so the round-trip property goes without).
    written_null = draw(st.sampled_from([{}, {"claim": None}, {"deal": None}])) if nulls else {}
    return drop_none(h) | written_null | draw(extensions)


@st.composite
def logs(draw, hands=3, most=13, nulls=False):
    variant = draw(st.sampled_from(["partnership", "two_player"]))
    seats = ["N", "E", "S", "W"] if variant == "partnership" else ["N", "S"]
    sides = ["NS", "EW"] if variant == "partnership" else ["N", "S"]
    rules = draw(rules_objects())
    if variant == "two_player":  # a partnership rule makes a two-player log invalid
        for name in PARTNERSHIP_ONLY:
            rules.pop(name, None)
    event = draw(optional(st.builds(
        lambda season, date, table, notes, event_id, round_, ext: drop_none(
            {"season": season, "date": date, "table": table, "notes": notes,
             "event_id": event_id, "round": round_}) | ext,
        optional(small_text), optional(st.dates().map(lambda d: d.isoformat())),
        optional(small_text), optional(small_text), optional(game_ids),
        optional(st.integers(1, 40)), extensions)))
    hands = draw(st.lists(hands_(seats, most, nulls), max_size=hands))
    if not draw(st.booleans()):
        rules = None
    # A log is written as the lowest version that holds it (files.content_version): one
    # that uses a field of 1.2 says so, so that it round-trips unchanged.
    newer = any("time_called" in h for h in hands) or any(
        k in (event or {}) for k in ("event_id", "round")) or any(
        k not in RULES_OF_1_1 for k in rules or {})
    version = draw(st.sampled_from(["1.0", "1.3"]))
    log = {
        "format": "spades-game",
        "format_version": "1.2" if newer and version == "1.0" else version,
        "game_id": draw(optional(game_ids)),
        "variant": variant,
        "players": dict(zip(seats, draw(st.lists(small_text, min_size=len(seats),
                                                 max_size=len(seats), unique_by=player_key)))),
        "rules": rules,
        "event": event,
        "initial": draw(optional(st.dictionaries(st.sampled_from(sides), st.fixed_dictionaries(
            {"score": st.integers(-500, 500), "bags": st.integers(0, 9)}), max_size=2))),
        "hands": hands,
        "history": draw(optional(st.lists(st.builds(
            lambda rev, hand, why: drop_none({"revision": rev, "at": "2026-11-27T21:00:00Z",
                                              "by": "referee", "hand": hand,
                                              "what": "E bid 3, was 4", "why": why}),
            st.integers(1, 9), optional(st.integers(1, 60)), optional(small_text)),
            max_size=2))),
    }
    return drop_none(log) | draw(extensions)
