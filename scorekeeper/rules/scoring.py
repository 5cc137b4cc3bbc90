"""Scoring: one hand's points by side, the running score with bags, and the game's end.

Pure functions over small frozen values. ``score_hand`` knows nothing of the running score;
``apply_hand`` adds a hand to the running totals (bag penalties need the bags carried in);
``game_winner`` decides the end. ``score_game`` strings them together for a whole game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .seats import Seat, Variant
from .settings import DEFAULT_RULES, RuleSet


class Bid(NamedTuple):
    seat: Seat
    tricks: int
    """0 to 13; 0 is Nil."""
    blind: bool = False
    """Bid before looking at the cards: a Blind Nil (0), or a blind number where the rules
    have blind bids (``blind_bid_min``)."""

    @property
    def is_nil(self) -> bool:
        return self.tricks == 0

    def __str__(self) -> str:
        if self.tricks == 0:
            return "Blind Nil" if self.blind else "Nil"
        return str(self.tricks)


# The values built for every hand (Bid, SideTotals, SideHandPoints, SideHandResult,
# ScoredHand, HandInput, GameScore) are NamedTuples: immutable like a frozen dataclass, three
# to four times quicker to build, which counts when a season or an audit scores thousands of
# hands, and quicker to define, which counts when a command starts.
class SideTotals(NamedTuple):
    score: int = 0
    bags: int = 0


def initial_totals(initial: Mapping[str, object] | None,
                   variant: Variant) -> dict[str, SideTotals]:
    """Every side's score and bags carried into a game (a game begun on paper): ``initial``
    maps a side to anything with ``score`` and ``bags`` (a log's ``SideStart``, a
    ``SideTotals``); a side it leaves out starts at 0 and 0."""
    start = initial or {}
    return {side: SideTotals(start[side].score, start[side].bags) if side in start
            else SideTotals() for side in variant.sides}


class SideHandPoints(NamedTuple):
    """How one side's points in one hand arose, part by part (bag penalty not yet known)."""

    side: str
    bid: int
    """The contract: the side's bids added up (Nil counts 0)."""
    tricks: int
    """Tricks won by all the side's seats."""
    contract_tricks: int
    """Tricks that count toward the contract (a Nil bidder's only under 'help_partner')."""
    made: bool
    contract: int
    """+10 per bid trick when made, -10 per bid trick when set."""
    bags: int
    """Bags earned this hand: overtricks, and a failed Nil's tricks under 'bags'."""
    nil: int
    blind_nil: int
    nil_results: tuple[tuple[Seat, bool, bool], ...] = ()
    """(seat, blind, made) for each Nil or Blind Nil of the side."""

    @property
    def points_before_penalty(self) -> int:
        return self.contract + self.bags + self.nil + self.blind_nil


class SideHandResult(NamedTuple):
    """One side's hand with its running totals after it."""

    hand: SideHandPoints
    bag_penalties: int
    """How many times the bag limit was reached in this hand (more than one is possible)."""
    bag_penalty: int
    """Points lost to bag penalties this hand (0 or negative)."""
    points: int
    """The change to the side's score this hand, every bonus and penalty included."""
    score: int
    bags: int
    """Running bag count after any penalty."""


def blind_number_counts(bid: Bid, rules: RuleSet) -> bool:
    """Whether ``bid`` is a blind bid of a number these rules take (its side's contract
    scores double); one the rules do not take is scored as a plain bid, and reported."""
    return bid.blind and bid.tricks > 0 and rules.blind_bid_min is not None and (
        bid.tricks >= rules.blind_bid_min)


def score_hand(
    variant: Variant,
    bids: Iterable[Bid],
    tricks_won: Mapping[Seat, int],
    rules: RuleSet = DEFAULT_RULES,
    set_sides: frozenset[str] = frozenset(),
    credited_sides: frozenset[str] = frozenset(),
) -> dict[str, SideHandPoints]:
    """Each side's points for one hand, before bag penalties, by docs/rules.md and ``rules``.

    A side in ``set_sides`` is set by a penalty: every bid of the side fails (the contract
    scores -10 per bid trick, each Nil or Blind Nil of the side fails) and it earns no bags.
    A side in ``credited_sides`` is credited its contract exactly ("set and credit"): made,
    no bags; its Nils as played.
    """
    by_seat = {b.seat: b for b in bids}
    get_won = tricks_won.get
    failed_nil = rules.failed_nil_tricks
    result = {}
    plain = rules.bags == "penalty" and rules.big_contract_min is None and not (
        rules.both_nil_as_one or set_sides or credited_sides or rules.blind_bid_min is not None)
    for side, members in _SIDE_MEMBERS[variant]:
        bid = tricks = nil_tricks = nil = blind_nil = 0
        nil_results = []
        for s in members:
            won = get_won(s, 0)
            tricks += won
            b = by_seat.get(s)
            if b is None:
                continue
            if b.tricks:
                bid += b.tricks
                continue
            nil_tricks += won
            made = won == 0
            nil_results.append((s, b.blind, made))
            if b.blind:
                blind_nil += rules.blind_nil_bonus if made else -rules.blind_nil_bonus
            else:
                nil += rules.nil_bonus if made else -rules.nil_bonus
        contract_tricks = tricks if failed_nil == "help_partner" else tricks - nil_tricks
        made = contract_tricks >= bid
        if made:
            contract = 10 * bid
            bags = contract_tricks - bid
        else:
            contract = -10 * bid
            bags = 0
        if failed_nil == "bags":
            bags += nil_tricks
        points = SideHandPoints(side, bid, tricks, contract_tricks, made, contract, bags,
                                nil, blind_nil, tuple(nil_results))
        if not plain:
            doubled = any(blind_number_counts(by_seat[s], rules) for s in members
                          if s in by_seat)
            points = _house_rules(points, len(members), rules, side in set_sides,
                                  side in credited_sides, doubled)
        result[side] = points
    return result


def _house_rules(p: SideHandPoints, seats: int, rules: RuleSet, is_set: bool,
                 credited: bool, doubled: bool = False) -> SideHandPoints:
    """A side's points once the scoring house rules are applied to RULES.md's: both Nils as
    one, a big contract, a blind bid doubling the contract, the bags rule, and a penalty
    that sets or credits the side."""
    made, contract, bags, nil, blind_nil = p.made, p.contract, p.bags, p.nil, p.blind_nil
    results = p.nil_results
    if rules.both_nil_as_one and seats > 1 and len(results) == seats:
        # One unit: the two values together, won if the side takes no trick, else lost.
        clean = p.tricks == 0
        sign = 1 if clean else -1
        nil = sign * rules.nil_bonus * sum(1 for _, blind, _ in results if not blind)
        blind_nil = sign * rules.blind_nil_bonus * sum(1 for _, blind, _ in results if blind)
        results = tuple((s, blind, clean) for s, blind, _ in results)
        bags = 0
    if credited:  # "set and credit": the contract exactly, as if made, no bags
        made, bags = True, 0
    if is_set:
        made, bags = False, 0
    value = (rules.big_contract_value if rules.big_contract_min is not None
             and p.bid >= rules.big_contract_min else 10 * p.bid)
    if rules.big_contract_min is not None or credited or is_set:
        contract = value if made else -value
        nil = -rules.nil_bonus * sum(1 for _, blind, _ in results if not blind)
        blind_nil = -rules.blind_nil_bonus * sum(1 for _, blind, _ in results if blind)
        results = tuple((s, blind, False) for s, blind, _ in results)
    if doubled:  # a blind bid: the side's whole contract scores double (bags as usual)
        contract *= 2
    if rules.bags == "off":
        bags = 0
    return p._replace(made=made, contract=contract, bags=bags, nil=nil, blind_nil=blind_nil,
                      nil_results=results)


_SIDE_MEMBERS = {v: tuple((side, v.members(side)) for side in v.sides) for v in Variant}
"""Each variant's sides with their seats, worked out once (``score_hand`` runs per hand)."""


def apply_hand(
    totals: SideTotals, hand: SideHandPoints, rules: RuleSet = DEFAULT_RULES
) -> SideHandResult:
    """Add one hand to a side's running totals: bags accumulate; each time they reach the
    bag limit the side loses the bag penalty and the limit is taken off the count."""
    bags = totals.bags + hand.bags
    penalties = 0
    if bags >= rules.bag_limit and rules.bags == "penalty":
        # At once, not a limit at a time: bags carried in can be any number a log holds.
        penalties, bags = divmod(bags, rules.bag_limit)
    penalty = -rules.bag_penalty * penalties
    points = hand.points_before_penalty + penalty
    # Positional: a NamedTuple is built quicker so than with keywords.
    return SideHandResult(hand, penalties, penalty, points, totals.score + points, bags)


def game_winner(scores: Mapping[str, int], rules: RuleSet = DEFAULT_RULES) -> str | None:
    """The side that has won after a hand, or None while the game goes on.

    A side at or over the target wins; both: the higher score wins; a tie at the top plays
    another hand. With a mercy rule, a side at or below the mercy score loses (if every side
    is, the higher score wins, and a tie goes on).
    """
    at_target = [s for s, v in scores.items() if v >= rules.target_score]
    if not at_target and rules.mercy_score is not None:
        above = [s for s, v in scores.items() if v > rules.mercy_score]
        if len(above) < len(scores):
            at_target = above or list(scores)
    if not at_target:
        return None
    best = max(scores[s] for s in at_target)
    leaders = [s for s in at_target if scores[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def hand_events(
    variant: Variant, results: Mapping[str, SideHandResult], rules: RuleSet = DEFAULT_RULES
) -> list[str]:
    """What a scorekeeper announces after a hand: Nils made or failed, sets, bag penalties."""
    events = []
    for side, r in results.items():
        for seat, blind, made in r.hand.nil_results:
            kind = "Blind Nil" if blind else "Nil"
            events.append(f"{seat}'s {kind} {'is made' if made else 'fails'}")
        if r.hand.bid and not r.hand.made:
            events.append(f"{side} set: {r.hand.contract}")
        if r.bag_penalties:
            times = "" if r.bag_penalties == 1 else f" {r.bag_penalties} times"
            events.append(f"{side} reach{'es' if len(side) == 1 else ''} {rules.bag_limit} bags{times}:"
                          f" {r.bag_penalty}")
    return events


class HandInput(NamedTuple):
    """What scoring needs of a hand: who dealt, the bids, the tricks each seat won and the
    sides a ruling sets for the hand."""

    dealer: Seat
    bids: Sequence[Bid]
    tricks_won: Mapping[Seat, int]
    set_sides: frozenset[str] = frozenset()
    """Sides set for the hand by a penalty (``revoke_penalty: "set"``): see ``score_hand``."""
    credited_sides: frozenset[str] = frozenset()
    """Sides credited their contract exactly by a penalty (``"set_and_credit"``)."""
    revoking_sides: tuple[str, ...] = ()
    """The side of each penalised revoke of the hand (``second_revoke_forfeits``)."""
    time_called: bool = False
    """Time was called during the hand: the game ends after it, as at the hand limit."""


class ScoredHand(NamedTuple):
    number: int
    """1-based."""
    dealer: Seat
    sides: dict[str, SideHandResult]
    winner: str | None
    """The game's winner after this hand, if it ended the game."""
    events: tuple[str, ...]


class GameScore(NamedTuple):
    hands: tuple[ScoredHand, ...]
    final: dict[str, SideTotals]
    winner: str | None
    won_at_hand: int | None
    """The 1-based hand after which the game was won (a later hand is an error)."""
    next_dealer: Seat | None


def score_game(
    variant: Variant,
    hands: Iterable[HandInput],
    rules: RuleSet = DEFAULT_RULES,
    initial: Mapping[str, SideTotals] | None = None,
) -> GameScore:
    """Score a whole game hand by hand. Hands after the game was won are still scored (so a
    referee sees them), and ``won_at_hand`` says where the game really ended."""
    scoring = GameScoring(variant, rules, initial)
    for h in hands:
        scoring.add(h)
    return scoring.result()


class GameScoring:
    """A game scored so far: ``score_game`` adds every hand to one. A caller that keeps it
    (the app, after each confirmed hand) adds the next hand to a ``copy()`` instead of
    scoring the game again from the first hand; the result is the same."""

    def __init__(self, variant: Variant, rules: RuleSet = DEFAULT_RULES,
                 initial: Mapping[str, SideTotals] | None = None) -> None:
        self.variant, self.rules = variant, rules
        self.totals = initial_totals(initial, variant)
        self.hands: list[ScoredHand] = []
        self.winner: str | None = None
        self.won_at: int | None = None
        self.last_dealer: Seat | None = None
        # Below the target (and without a mercy rule) no side has won and none is tied at
        # the target: the common case skips both questions (scoring a season asks it every
        # hand).
        self._target = rules.target_score if rules.mercy_score is None else None
        self._ends = _GameEnds(variant.sides, rules) if _GameEnds.needed(rules) else None

    def copy(self) -> GameScoring:
        """The game so far, to go on from without changing this one."""
        other = object.__new__(GameScoring)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        if self._ends is not None:
            other._ends = self._ends.copy()
        return other

    def add(self, h: HandInput) -> ScoredHand:
        """Score the next hand."""
        variant, rules, sides = self.variant, self.rules, self.variant.sides
        totals = self.totals
        i = len(self.hands) + 1
        if self._ends is None and h.time_called:  # no other rule of _GameEnds is in force
            self._ends = _GameEnds(sides, rules)
        ends = self._ends
        bids = h.bids
        if rules.blind_bid_min is not None and any(b.blind and b.tricks for b in bids):
            # A blind number is doubled only when the side trailed enough before the hand;
            # otherwise it is scored as the plain bid it is (and reported).
            before = {s: t.score for s, t in totals.items()}
            bids = tuple(b._replace(blind=False) if b.blind and b.tricks and not
                         blind_bid_allowed(variant.side_of(b.seat), before, rules) else b
                         for b in bids)
        points = score_hand(variant, bids, h.tricks_won, rules, h.set_sides,
                            h.credited_sides)
        results = {side: apply_hand(totals[side], points[side], rules) for side in sides}
        totals = self.totals = {side: SideTotals(r.score, r.bags) for side, r in results.items()}
        events = [f"{s} set by a revoke penalty" for s in sorted(h.set_sides)]
        events += [f"{s} credited its contract by a revoke penalty"
                   for s in sorted(h.credited_sides)]
        events += hand_events(variant, results, rules)
        ended = None if ends is None else ends.after_hand(i, h, results, totals, events)
        if ended is not None:
            hand_winner, tied = ended
        elif self._target is not None and max(r.score for r in results.values()) < self._target:
            hand_winner = None
            tied = False
        else:
            hand_winner = game_winner({s: t.score for s, t in totals.items()}, rules)
            tied = tied_at_target({s: t.score for s, t in totals.items()}, rules)
        if hand_winner is None and ends is not None and self.winner is None:
            hand_winner = ends.at_hand_limit(i, totals, events, h.time_called)
        if hand_winner and self.winner is None:
            self.winner, self.won_at = hand_winner, i
            events.append(f"{hand_winner} win{'s' if len(hand_winner) == 1 else ''}"
                          f" {' to '.join(str(totals[s].score) for s in _winner_first(variant, hand_winner))}")
        elif self.winner is None and tied:
            events.append("tied at the target: another hand is played")
        scored = ScoredHand(i, h.dealer, results, hand_winner, tuple(events))
        self.hands.append(scored)
        self.last_dealer = h.dealer
        return scored

    def result(self) -> GameScore:
        last = self.last_dealer
        next_dealer = None if self.winner is not None or last is None \
            else self.variant.next_dealer(last)
        # A dict of its own: a scoring kept to go on from never shares its totals.
        return GameScore(tuple(self.hands), dict(self.totals), self.winner, self.won_at,
                         next_dealer)


class _GameEnds:
    """The house rules that end a game other than by the target or the mercy score, in the
    order they are asked after a hand: a second revoke forfeits, a set limit loses, all
    thirteen bid and taken wins (each before the target, RULES.md §4); then, with no winner
    by the target, the game's length: the hand limit, or time called."""

    @staticmethod
    def needed(rules: RuleSet) -> bool:
        return (rules.second_revoke_forfeits or rules.all_thirteen_wins
                or rules.set_limit_in_row is not None or rules.set_limit_in_game is not None
                or rules.hand_limit is not None)

    def __init__(self, sides: Sequence[str], rules: RuleSet) -> None:
        self.rules = rules
        self.revokes = {s: 0 for s in sides}
        self.sets_in_row = {s: 0 for s in sides}
        self.sets = {s: 0 for s in sides}
        self.time_called_at: int | None = None
        """The hand during which time was called (the first, should a log call it twice)."""

    def copy(self) -> _GameEnds:
        other = object.__new__(_GameEnds)
        other.__dict__.update(self.__dict__)
        other.revokes, other.sets_in_row, other.sets = (
            dict(self.revokes), dict(self.sets_in_row), dict(self.sets))
        return other

    def after_hand(self, number: int, h: HandInput, results: Mapping[str, SideHandResult],
                   totals: Mapping[str, SideTotals], events: list[str]
                   ) -> tuple[str | None, bool] | None:
        """(winner, tied) when a house rule decides the game after this hand, else None."""
        rules = self.rules
        for side in h.revoking_sides:
            self.revokes[side] += 1
        for side, r in results.items():
            set_now = r.hand.bid > 0 and not r.hand.made
            self.sets[side] += set_now
            self.sets_in_row[side] = self.sets_in_row[side] + 1 if set_now else 0
        losers: list[str] = []
        if rules.second_revoke_forfeits:
            lost = [s for s, n in self.revokes.items() if n >= 2]
            events += [f"{s}'s second revoke forfeits the game" for s in lost]
            losers += lost
        for n, counts, how in ((rules.set_limit_in_row, self.sets_in_row, " in a row"),
                               (rules.set_limit_in_game, self.sets, " in the game")):
            if n is None:
                continue
            lost = [s for s, k in counts.items() if k >= n and s not in losers]
            events += [f"{s} set {n} hand{'s' if n != 1 else ''}{how}: the game is lost"
                       for s in lost]
            losers += lost
        if losers:
            winner, tied = self._between([s for s in totals if s not in losers]
                                         or list(totals), totals)
            if tied:  # every side lost, level: neither wins, another hand is played
                events.append("every side lost, level on points: another hand is played")
                return None, False
            return winner, False
        if rules.all_thirteen_wins:
            clean = [s for s, r in results.items() if r.hand.bid == 13 and r.hand.tricks == 13]
            if clean:
                events.append(f"{clean[0]} bid and took all 13: the game is won")
                return clean[0], False
        return None

    def at_hand_limit(self, number: int, totals: Mapping[str, SideTotals],
                      events: list[str], time_called: bool = False) -> str | None:
        """The winner when the game's length is reached with no winner yet: the hand limit,
        or the end of the hand during which time was called (``time_called``: this one), both
        alike (RULES.md §4). None: a tie, or not reached; a tie plays one more hand at a
        time."""
        if time_called and self.time_called_at is None:
            self.time_called_at = number
        limit, called = self.rules.hand_limit, self.time_called_at
        if limit is not None and number >= limit and (called is None or limit <= called):
            reached = f"hand limit ({limit}) reached"
        elif called is not None:
            reached = "time called" if called == number else f"time called (hand {called})"
        else:
            return None
        winner, tied = self._between(list(totals), totals)
        if tied:
            events.append(f"{reached}, tied: another hand is played")
        else:
            events.append(f"{reached}: the higher score wins")
        return winner

    @staticmethod
    def _between(candidates: list[str], totals: Mapping[str, SideTotals]
                 ) -> tuple[str | None, bool]:
        """The higher score among ``candidates`` (a tie: nobody, and the tie)."""
        best = max(totals[s].score for s in candidates)
        top = [s for s in candidates if totals[s].score == best]
        return (top[0], False) if len(top) == 1 else (None, True)


def _winner_first(variant: Variant, winner: str) -> list[str]:
    return [winner] + [s for s in variant.sides if s != winner]


def tied_at_target(scores: Mapping[str, int], rules: RuleSet = DEFAULT_RULES) -> bool:
    """Whether the game goes on because the sides at the top are tied at or over the target
    (docs/rules.md: another hand is played)."""
    values = list(scores.values())
    top = max(values)
    return top >= rules.target_score and values.count(top) > 1


def behind_by(side: str, scores: Mapping[str, int]) -> int:
    """How far ``side`` trails the best other side (negative when it leads)."""
    return max(v for s, v in scores.items() if s != side) - scores[side]


def blind_bid_allowed(side: str, scores: Mapping[str, int], rules: RuleSet) -> bool:
    """Whether a seat of ``side`` may bid a number blind with the game at ``scores``: the
    rules have blind bids and the side trails by ``blind_bid_min_deficit``."""
    return rules.blind_bid_min is not None and behind_by(side, scores) >= (
        rules.blind_bid_min_deficit)


def blind_nil_allowed(side: str, scores: Mapping[str, int], rules: RuleSet = DEFAULT_RULES) -> bool:
    """Whether a seat of ``side`` may bid Blind Nil with the game at ``scores``: the rules
    allow it at all and, with ``blind_nil_min_deficit``, the side trails by that much."""
    if not rules.allow_blind_nil:
        return False
    deficit = rules.blind_nil_min_deficit
    return deficit is None or behind_by(side, scores) >= deficit
