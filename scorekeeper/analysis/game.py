"""A whole game log through the rules core: convert, replay every hand, score.

This is the layer between the pydantic models and the pure rules core. ``analyse_game``
replays every hand (the same engine the app and the audit use), scores the game from the
tricks as played, and adds the game-level findings: dealer rotation, a hand after the game
was won, a Blind Nil the rules did not allow, a written score that departs from the rules.

The analysis itself, ``analyse_records``, reads only the core's records and a few facts of
the log, so a log read by the trusted fast reader (``trusted_reader.py``, no pydantic) goes through
the very same path (``analyse_fast``). This module imports pydantic only for type checking.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from ..rules.cards import CARDS, Card
from ..logs.identifiers import repeated_players
from ..logs.json_text import JsonTextError, read_log_text
from ..logs.trusted_reader import read_fast, read_fast_data
from ..rules.record import Claim, DrawPair, Exchange, HandRecord, Redraw, Ruling, TrickRecord
from ..rules.rulings import ruled_input, unfounded_rulings
from ..rules.bitplay.quick_replay import replay_quick
from ..rules.replay import Finding, HandReplay
from ..rules.bidding import blind_bid_allowed
from ..rules.scoring import (Bid, GameScore, HandInput, SideTotals, behind_by, blind_nil_allowed,
                             GameScoring, blind_number_counts, initial_totals, score_game)
from ..rules.settings import (DEFAULT_RULES, RuleSet, contradictions, not_for_variant,
                              rules_with_preset)
from ..rules.seats import Seat, Variant

if TYPE_CHECKING:
    from ..logs.trusted_reader import FastLog, LogFacts
    from ..logs.models import GameLog, HandLog

    LogLike = GameLog | LogFacts
    """The log an analysis belongs to: read by pydantic, or its facts read the fast way."""


_CARD_BY_TEXT = {str(c): c for c in CARDS}


def _card(text: str) -> Card:
    # The model has already checked the canonical text, so a dict lookup is enough.
    return _CARD_BY_TEXT[text]


def _cards(texts) -> tuple[Card, ...]:
    return tuple(map(_CARD_BY_TEXT.__getitem__, texts))


def ruleset_of(log: GameLog) -> RuleSet:
    """The log's house rules over the docs/rules.md defaults."""
    if log.rules is None:
        return DEFAULT_RULES
    # A setting written as null is kept (None): beside a preset it sets the default back.
    written = log.rules.model_fields_set
    changes = {f.name: getattr(log.rules, f.name) for f in fields(RuleSet)
               if getattr(log.rules, f.name, None) is not None or f.name in written}
    return rules_with_preset(log.rules.preset, changes)


def hand_record(variant: Variant, hand: HandLog) -> HandRecord:
    """One logged hand as the rules core's plain record."""
    seat = Seat.__getitem__
    return HandRecord(
        variant=variant,
        dealer=seat(hand.dealer),
        bids=tuple(Bid(seat(b.seat), b.bid, b.blind) for b in hand.bids),
        tricks_won=None if hand.tricks_won is None else {seat(k): v for k, v in hand.tricks_won.items()},
        tricks=None if hand.tricks is None else tuple(
            TrickRecord(seat(t.leader), _cards(t.cards)) for t in hand.tricks),
        deal=None if hand.deal is None else {seat(k): _cards(v) for k, v in hand.deal.items()},
        exchanges=None if hand.exchanges is None else tuple(
            Exchange(seat(x.from_), seat(x.to), _cards(x.cards)) for x in hand.exchanges),
        draw=None if hand.draw is None else tuple(
            DrawPair(seat(d.seat), _card(d.kept), _card(d.discarded)) for d in hand.draw),
        redraws=None if hand.redraws is None else tuple(
            Redraw(seat(r.seat), _cards(r.discarded), _cards(r.drawn)) for r in hand.redraws),
        claim=None if hand.claim is None else Claim(
            seat(hand.claim.seat), hand.claim.after_trick,
            {seat(k): v for k, v in hand.claim.tricks.items()}, hand.claim.accepted),
        rulings=tuple(Ruling(r.code, r.trick, seat(r.seat), r.decision, r.by, r.note)
                      for r in hand.rulings or ()),
        time_called=bool(hand.time_called),
    )


@dataclass(frozen=True)
class HandFinding:
    """A finding with the 1-based hand it belongs to (None: the game as a whole)."""

    hand: int | None
    finding: Finding


@dataclass
class GameAnalysis:
    log: LogLike
    """The ``GameLog`` (normal path) or the ``trusted_reader.LogFacts`` (fast path): both have the
    ``variant``, ``players``, ``initial``, ``event`` and ``game_id`` the reports read."""
    variant: Variant
    rules: RuleSet
    replays: list[HandReplay]
    score: GameScore
    """The game as scored: each hand as played, or as ruled where the referee ruled on a
    breach (``rules.rulings``). The sheet, ``score`` and the standings show this."""
    findings: list[HandFinding] = field(default_factory=list)
    initial: dict[str, SideTotals] = field(default_factory=dict)
    """Scores and bags carried in, for every side."""
    recorded: tuple[Mapping[str, int] | None, ...] = ()
    """Each hand's running scores as the table wrote them down (None: not written)."""
    played_score: GameScore | None = None
    """The game with every hand as played, no penalty (None: the same as ``score``, no hand
    has a ruling applied)."""

    ruled_tricks: tuple[Mapping[Seat, int] | None, ...] = ()
    """Each hand's tricks per seat as ruled (None, or no entry: as played)."""
    scoring: GameScoring | None = field(default=None, repr=False, compare=False)
    """The game as played, scored up to its last hand: ``analyse_game`` goes on from it when
    hands are added (None: not kept)."""

    @property
    def as_played(self) -> GameScore:
        return self.score if self.played_score is None else self.played_score

    def tricks_scored(self, index: int) -> Mapping[Seat, int]:
        """The tricks per seat hand ``index`` (0-based) is scored with: as ruled, else as
        played."""
        ruled = self.ruled_tricks[index] if index < len(self.ruled_tricks) else None
        return self.replays[index].tricks_won if ruled is None else ruled

    @property
    def invalid(self) -> list[HandFinding]:
        return [f for f in self.findings if f.finding.invalid]

    @property
    def breaches(self) -> list[HandFinding]:
        return [f for f in self.findings if not f.finding.invalid]


def analyse_game(log: GameLog, previous: GameAnalysis | None = None) -> GameAnalysis:
    """Replay and score every hand of a log; collect every finding, never stopping early.

    ``previous``: the analysis of an earlier version of the same game (the app's, before a
    hand was added or corrected). A hand's replay depends only on the hand and the rules, so
    the replays of hands that are the very same (immutable) objects under the same rules are
    reused. When the log is ``previous``'s with hands added (its hands the very same objects,
    the same scores carried in), the game is scored on from ``previous``'s last hand, not
    from the first (the same score: ``tests/unit/test_analysis_scored_on.py``).
    """
    variant = Variant(log.variant)
    rules = ruleset_of(log)
    initial = initial_totals(log.initial, variant)
    reuse: dict[int, HandReplay] = {}
    scored_on: GameScoring | None = None
    if previous is not None and previous.rules == rules and previous.variant is variant:
        old_hands = getattr(previous.log, "hands", ())
        reuse = {id(h): r for h, r in zip(old_hands, previous.replays)}
        # Scored on only from a scoring of exactly those hands (an analysis read the fast
        # way, ``analyse_text``, has no hands to compare: scored from the first).
        if (previous.scoring is not None and previous.initial == initial
                and len(previous.scoring.hands) == len(old_hands) <= len(log.hands)
                and all(a is b for a, b in zip(old_hands, log.hands))):
            scored_on = previous.scoring
    replays = [reuse.get(id(h)) for h in log.hands]
    records = [r.record if r is not None else hand_record(variant, h)
               for h, r in zip(log.hands, replays)]
    return analyse_records(log, variant, rules, records, initial,
                           [h.recorded for h in log.hands], replays, scored_on)


def analyse_fast(fast: FastLog) -> GameAnalysis:
    """``analyse_game`` for a log read by ``trusted_reader.read_fast`` (the same analysis)."""
    return analyse_records(fast.facts, fast.variant, fast.rules, fast.records,
                           initial_totals(fast.facts.initial, fast.variant), fast.facts.recorded)


def analyse_file(path: str | os.PathLike[str], warnings: list[str] | None = None) -> GameAnalysis:
    """Read and analyse a log file, the trusted fast way when it can be.

    The text is read once. When ``trusted_reader.read_fast`` takes it (the common shapes of a valid
    log), the analysis needs no pydantic; otherwise the normal path reads it
    (``files.parse_log``, or ``files.read_log`` when the file cannot be read as text) and
    raises ``files.LogError`` with the same messages as ``validate``. Either way the analysis
    is the same (``tests/unit/test_trusted_reader.py``).
    """
    try:
        text = read_log_text(path)
    except JsonTextError:  # missing, a folder, a pipe, not UTF-8...: read_log words it
        from ..logs.files import read_log

        return analyse_game(read_log(path, warnings))
    return analyse_text(path, text, None, warnings)


def analyse_text(path: str | os.PathLike[str], text: str, data: object = None,
                 warnings: list[str] | None = None) -> GameAnalysis:
    """``analyse_file`` of a file's ``text`` already read, and ``data``, the text already
    parsed as JSON (None: not parsed yet, or not JSON)."""
    fast = read_fast(text) if data is None else read_fast_data(data)
    if fast is not None:
        return analyse_fast(fast)
    from ..logs.files import parse_log

    return analyse_game(parse_log(text, str(path), warnings))


def analyse_records(log: LogLike, variant: Variant, rules: RuleSet,
                    records: Sequence[HandRecord], initial: Mapping[str, SideTotals],
                    recorded: Sequence[Mapping[str, int] | None],
                    replays: Sequence[HandReplay | None] | None = None,
                    scored_on: GameScoring | None = None) -> GameAnalysis:
    """The analysis of a game given as the core's records: replay every hand, score the game
    from the play, and collect every finding (the hands' and the game's), never stopping
    early. ``initial``: every side's score and bags carried in; ``recorded``: each hand's
    written running scores (or None); ``replays``: replays already made of some of the
    records under these rules (None where a hand must be replayed); ``scored_on``: the game
    scored as played up to some hand, under these rules from these scores carried in, the
    records up to it the same (the rest are scored on from it)."""
    if replays is None:
        replays = [replay_quick(r, rules) for r in records]
    else:
        replays = [done if done is not None else replay_quick(r, rules)
                   for r, done in zip(records, replays)]
    inputs = [HandInput(r.record.dealer, r.record.bids, r.tricks_won,
                        time_called=r.record.time_called) for r in replays]
    scoring = GameScoring(variant, rules, initial) if scored_on is None else scored_on.copy()
    for h in inputs[len(scoring.hands):]:
        scoring.add(h)
    played = scoring.result()
    score, played_apart, ruled_tricks = played, None, ()
    if any(r.record.rulings for r in replays):  # the referee ruled: the game is scored so
        ruled = [ruled_input(r, r.record.rulings, rules) for r in replays]
        score = score_game(variant, ruled, rules, initial)
        played_apart = played
        ruled_tricks = tuple(i.tricks_won if r.record.rulings else None
                             for i, r in zip(ruled, replays))
    analysis = GameAnalysis(log, variant, rules, replays, score, initial=dict(initial),
                            recorded=tuple(recorded), played_score=played_apart,
                            ruled_tricks=ruled_tricks, scoring=scoring)
    for i, r in enumerate(replays, start=1):
        if r.findings:
            analysis.findings.extend(HandFinding(i, f) for f in r.findings)
        if r.record.rulings:
            analysis.findings.extend(HandFinding(i, f)
                                     for f in unfounded_rulings(r, r.record.rulings))
    _game_findings(analysis)
    if analysis.findings:
        analysis.findings.sort(key=lambda f: (f.hand or 0, f.finding.trick or 0))
    return analysis


def _game_findings(a: GameAnalysis) -> None:
    v, rules = a.variant, a.rules
    add = a.findings.append
    for problem in contradictions(rules):
        add(HandFinding(None, Finding("rules_contradict", f"house rules: {problem}")))
    for problem in not_for_variant(rules, v.value):
        add(HandFinding(None, Finding("rules_not_for_variant", f"house rules: {problem}")))
    players = getattr(a.log, "players", None) or {}
    for seats in repeated_players(players):
        # One person cannot hold two hands; names are compared as people read them
        # ("Alex" and "ALEX", composed and decomposed "José" are one name).
        names = " and ".join(f"{players[s]!r} ({s})" for s in seats)
        add(HandFinding(None, Finding(
            "player_repeated", f"one player at {len(seats)} seats: {names}",
            evidence={"seats": list(seats), "names": [players[s] for s in seats]})))
    # Blind bids need the scores before each hand: Blind Nil's margin, a blind number's.
    check_blind = (rules.blind_nil_min_deficit is not None and rules.allow_blind_nil) or (
        rules.blind_bid_min is not None)
    totals = a.initial
    previous = None
    for i, (replay, scored, written) in enumerate(zip(a.replays, a.score.hands, a.recorded),
                                                  start=1):
        record = replay.record
        if previous is not None:
            want = v.next_dealer(previous)
            if record.dealer != want:
                add(HandFinding(i, Finding(
                    "dealer_out_of_rotation", f"hand {i} is dealt by {record.dealer}, but the"
                    f" deal passes to {want} after {previous}", seat=record.dealer,
                    evidence={"previous_dealer": str(previous), "expected": str(want),
                              "dealer": str(record.dealer)})))
        previous = record.dealer
        if a.score.won_at_hand is not None and i > a.score.won_at_hand:
            add(HandFinding(i, Finding(
                "hand_after_game_won", f"recorded after {a.score.winner} won the game at hand"
                f" {a.score.won_at_hand}")))
        if check_blind:
            scores = {s: t.score for s, t in totals.items()}
            for b in record.bids:
                if not b.blind:
                    continue
                side = v.side_of(b.seat)
                if b.tricks:  # a blind number: counted only where the rules have them
                    if blind_number_counts(b, rules) and not blind_bid_allowed(side, scores,
                                                                               rules):
                        behind = behind_by(side, scores)
                        add(HandFinding(i, Finding(
                            "blind_bid_not_allowed", f"{b.seat} bid {b.tricks} blind with"
                            f" {side} behind by {behind}; the rules allow it only"
                            f" {rules.blind_bid_min_deficit} or more behind", seat=b.seat,
                            evidence={"behind_by": behind,
                                      "blind_bid_min_deficit": rules.blind_bid_min_deficit})))
                    continue
                if rules.blind_nil_min_deficit is None or not rules.allow_blind_nil:
                    continue
                if not blind_nil_allowed(side, scores, rules):
                    behind = behind_by(side, scores)
                    add(HandFinding(i, Finding(
                        "blind_nil_not_allowed", f"{b.seat} bid Blind Nil with {side} behind by"
                        f" {behind}; the rules allow it only {rules.blind_nil_min_deficit} or more"
                        " behind", seat=b.seat,
                        evidence={"behind_by": behind,
                                  "blind_nil_min_deficit": rules.blind_nil_min_deficit})))
            totals = scored.sides
        if written is not None:
            right = {s: r.score for s, r in scored.sides.items()}
            wrong = {s: n for s, n in written.items() if right.get(s) != n}
            if wrong:
                shown = ", ".join(f"{s} {n}" for s, n in written.items())
                should = ", ".join(f"{s} {n}" for s, n in right.items())
                add(HandFinding(i, Finding(
                    "score_mismatch", f"the score written after hand {i} ({shown}) should be"
                    f" {should}", evidence={"recorded": dict(written), "correct": right})))
