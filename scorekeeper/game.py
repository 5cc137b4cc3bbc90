"""A whole game log through the rules core: convert, replay every hand, score.

This is the layer between the pydantic models and the pure rules core. ``analyse_game``
replays every hand (the same engine the app and the audit use), scores the game from the
tricks as played, and adds the game-level findings: dealer rotation, a hand after the game
was won, a Blind Nil the rules did not allow, a written score that departs from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .cards import CARDS, Card
from .models import GameLog, HandLog
from .rules.record import Claim, DrawPair, Exchange, HandRecord, Redraw, TrickRecord
from .rules.replay import Finding, HandReplay, replay_fast
from .rules.scoring import Bid, GameScore, HandInput, SideTotals, score_game
from .rules.settings import DEFAULT_RULES, RuleSet
from .seats import Seat, Variant


_CARD_BY_TEXT = {str(c): c for c in CARDS}


def _card(text: str) -> Card:
    # The model has already checked the canonical text, so a dict lookup is enough.
    return _CARD_BY_TEXT[text]


def _cards(texts) -> tuple[Card, ...]:
    return tuple(map(_CARD_BY_TEXT.__getitem__, texts))


def ruleset_of(log: GameLog) -> RuleSet:
    """The log's house rules over the RULES.md defaults."""
    if log.rules is None:
        return DEFAULT_RULES
    changes = {f.name: getattr(log.rules, f.name) for f in fields(RuleSet)
               if getattr(log.rules, f.name, None) is not None}
    return DEFAULT_RULES.with_changes(**changes)


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
    )


@dataclass(frozen=True)
class HandFinding:
    """A finding with the 1-based hand it belongs to (None: the game as a whole)."""

    hand: int | None
    finding: Finding


@dataclass
class GameAnalysis:
    log: GameLog
    variant: Variant
    rules: RuleSet
    replays: list[HandReplay]
    score: GameScore
    findings: list[HandFinding] = field(default_factory=list)

    @property
    def invalid(self) -> list[HandFinding]:
        return [f for f in self.findings if f.finding.invalid]

    @property
    def breaches(self) -> list[HandFinding]:
        return [f for f in self.findings if not f.finding.invalid]


def initial_totals(log: GameLog, variant: Variant) -> dict[str, SideTotals]:
    start = log.initial or {}
    return {side: SideTotals(start[side].score, start[side].bags) if side in start
            else SideTotals() for side in variant.sides}


def analyse_game(log: GameLog) -> GameAnalysis:
    """Replay and score every hand of a log; collect every finding, never stopping early."""
    variant = Variant(log.variant)
    rules = ruleset_of(log)
    replays = [replay_fast(hand_record(variant, h), rules) for h in log.hands]
    inputs = [HandInput(r.record.dealer, r.record.bids, r.tricks_won) for r in replays]
    score = score_game(variant, inputs, rules, initial_totals(log, variant))
    analysis = GameAnalysis(log, variant, rules, replays, score)
    for i, r in enumerate(replays, start=1):
        analysis.findings.extend(HandFinding(i, f) for f in r.findings)
    _game_findings(analysis)
    analysis.findings.sort(key=lambda f: (f.hand or 0, f.finding.trick or 0))
    return analysis


def _game_findings(a: GameAnalysis) -> None:
    v, rules, log = a.variant, a.rules, a.log
    add = a.findings.append
    totals = initial_totals(log, v)
    for i, (hand, scored) in enumerate(zip(log.hands, a.score.hands), start=1):
        if i > 1:
            want = v.next_dealer(Seat[log.hands[i - 2].dealer])
            if hand.dealer != want.name:
                add(HandFinding(i, Finding(
                    "dealer_out_of_rotation", f"hand {i} is dealt by {hand.dealer}, but the deal"
                    f" passes to {want} after {log.hands[i - 2].dealer}", seat=Seat[hand.dealer],
                    evidence={"previous_dealer": log.hands[i - 2].dealer, "expected": str(want),
                              "dealer": hand.dealer})))
        if a.score.won_at_hand is not None and i > a.score.won_at_hand:
            add(HandFinding(i, Finding(
                "hand_after_game_won", f"recorded after {a.score.winner} won the game at hand"
                f" {a.score.won_at_hand}")))
        if rules.blind_nil_min_deficit is not None and rules.allow_blind_nil:
            for b in hand.bids:
                if not b.blind:
                    continue
                side = v.side_of(Seat[b.seat])
                behind = max(t.score for s, t in totals.items() if s != side) - totals[side].score
                if behind < rules.blind_nil_min_deficit:
                    add(HandFinding(i, Finding(
                        "blind_nil_not_allowed", f"{b.seat} bid Blind Nil with {side} behind by"
                        f" {behind}; the rules allow it only {rules.blind_nil_min_deficit} or more"
                        " behind", seat=Seat[b.seat],
                        evidence={"behind_by": behind,
                                  "blind_nil_min_deficit": rules.blind_nil_min_deficit})))
        if hand.recorded is not None:
            right = {s: r.score for s, r in scored.sides.items()}
            wrong = {s: n for s, n in hand.recorded.items() if right.get(s) != n}
            if wrong:
                shown = ", ".join(f"{s} {n}" for s, n in hand.recorded.items())
                should = ", ".join(f"{s} {n}" for s, n in right.items())
                add(HandFinding(i, Finding(
                    "score_mismatch", f"the score written after hand {i} ({shown}) should be"
                    f" {should}", evidence={"recorded": dict(hand.recorded), "correct": right})))
        totals = {s: SideTotals(r.score, r.bags) for s, r in scored.sides.items()}


def card_texts(mask: int) -> list[str]:
    return [str(CARDS[i]) for i in range(52) if mask >> i & 1]
