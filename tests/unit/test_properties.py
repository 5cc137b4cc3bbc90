"""Property-based tests: random legal hands, whole games' arithmetic, injected breaches, and
logs that round-trip. The oracles here (legality, trick winner, hand score) are written from
docs/rules.md independently of the rules core."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from log_strategies import logs

from scorekeeper.analysis.game import analyse_game, hand_record
from scorekeeper.logs.files import dump_log, log_to_data, parse_log
from scorekeeper.logs.models import GameLog, HandLog
from scorekeeper.rules import (
    Bid,
    HandInput,
    RuleSet,
    SideTotals,
    replay_hand,
    score_game,
)
from scorekeeper.rules.cards import card
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.logs.random_logs import play_random_hand, random_game_log

P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER
SPADES = 3
FAST = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

variants = st.sampled_from([P, T])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


# -- independent oracles ------------------------------------------------------------------
def seats_of(variant):
    return ["N", "E", "S", "W"] if variant is P else ["N", "S"]


def order_from(variant, leader):
    seats = seats_of(variant)
    i = seats.index(leader)
    return seats[i:] + seats[:i]


def trick_winner_index(cards):
    """Highest spade, else the highest card of the suit led (card = suit * 13 + rank)."""
    spades = [c for c in cards if c // 13 == SPADES]
    if spades:
        return cards.index(max(spades))
    led = cards[0] // 13
    return cards.index(max(c for c in cards if c // 13 == led))


def referee(variant, dealer, held, tricks):
    """docs/rules.md by hand: (findings as (code, trick, seat), tricks won per seat)."""
    seats = seats_of(variant)
    hand = {s: set(cs) for s, cs in held.items()}
    leader_due = seats[(seats.index(dealer) + 1) % len(seats)]
    broken = False
    findings = []
    won = {s: 0 for s in seats}
    for n, (leader, cards) in enumerate(tricks, start=1):
        if leader != leader_due:
            findings.append(("lead_out_of_turn", n, leader))
        order = order_from(variant, leader)
        for i, (seat, c) in enumerate(zip(order, cards)):
            suits = {x // 13 for x in hand[seat]}
            if i == 0:
                if c // 13 == SPADES and not broken and suits - {SPADES}:
                    findings.append(("spade_led_unbroken", n, seat))
            elif c // 13 != cards[0] // 13 and cards[0] // 13 in suits:
                findings.append(("revoke", n, seat))
            hand[seat].discard(c)
            if c // 13 == SPADES:
                broken = True
        leader_due = order[trick_winner_index(cards)]
        won[leader_due] += 1
    return findings, won


def random_hand(seed, variant):
    rng = random.Random(seed)
    dealer = rng.choice(seats_of(variant))
    h = play_random_hand(rng, variant, Seat[dealer], nil_rate=0.1, blind_rate=0.05)
    tricks = [(t["leader"], [int(card(c)) for c in t["cards"]]) for t in h["tricks"]]
    held = {s: [] for s in seats_of(variant)}
    for leader, cards in tricks:
        for seat, c in zip(order_from(variant, leader), cards):
            held[seat].append(c)
    return h, tricks, held


def record_of(variant, h, tricks, with_deal=True):
    data = dict(h, tricks=[{"leader": lead, "cards": [str(card(c)) for c in cards]}
                           for lead, cards in tricks])
    data.pop("tricks_won")
    if not with_deal:
        for key in ("deal", "exchanges", "draw"):
            data.pop(key, None)
    return hand_record(variant, HandLog.model_validate(data))


# -- random legal hands ---------------------------------------------------------------------
@FAST
@given(variants, seeds)
def test_random_legal_hand(variant, seed):
    h, tricks, held = random_hand(seed, variant)
    n = variant.n_seats
    assert len(tricks) == 13
    assert all(len(cards) == n for _, cards in tricks)
    seen = [c for _, cards in tricks for c in cards]
    assert len(seen) == len(set(seen)) == 13 * n           # 52 or 26, each once
    assert all(len(cs) == 13 for cs in held.values())
    findings, won = referee(variant, h["dealer"], held, tricks)
    assert findings == []
    assert sum(won.values()) == 13
    assert h["tricks_won"] == won
    for with_deal in (True, False):
        r = replay_hand(record_of(variant, h, tricks, with_deal))
        assert r.findings == []
        assert {s.name: k for s, k in r.tricks_won.items()} == won
        assert [t.winner.name for t in r.tricks] == [
            order_from(variant, lead)[trick_winner_index(cards)] for lead, cards in tricks]


# -- injected breaches -----------------------------------------------------------------------
def inject_revoke(variant, dealer, tricks, held):
    """Swap a card X followed suit with at trick t for a card of another suit X plays at a
    later trick t2, when the independent referee finds exactly one breach: X's revoke at t."""
    for t, (lead_t, cards_t) in enumerate(tricks):
        order_t = order_from(variant, lead_t)
        for i in range(1, len(cards_t)):
            x, c = order_t[i], cards_t[i]
            if c // 13 != cards_t[0] // 13:
                continue
            for t2 in range(t + 1, 13):
                lead2, cards2 = tricks[t2]
                j = order_from(variant, lead2).index(x)
                d = cards2[j]
                if d // 13 == c // 13:
                    continue
                new = [(lead, list(cs)) for lead, cs in tricks]
                new[t][1][i], new[t2][1][j] = d, c
                found, _ = referee(variant, dealer, held, new)
                if found == [("revoke", t + 1, x)]:
                    return new, t + 1, x
    return None


def inject_spade_lead(variant, dealer, tricks, held):
    """Swap a non-spade trick led by X before spades are broken with a later spade-led trick
    X also led and the same seat won, when the referee finds exactly that one breach."""
    for t, (lead_t, cards_t) in enumerate(tricks):
        if cards_t[0] // 13 == SPADES:
            break  # from here on spades may be broken; look no further
        for t2 in range(t + 1, 13):
            lead2, cards2 = tricks[t2]
            if lead2 != lead_t or cards2[0] // 13 != SPADES:
                continue
            new = [(lead, list(cs)) for lead, cs in tricks]
            new[t], new[t2] = new[t2], new[t]
            found, _ = referee(variant, dealer, held, new)
            if found == [("spade_led_unbroken", t + 1, lead_t)]:
                return new, t + 1, lead_t
    return None


def breach_case(seed, variant, inject):
    """The first of up to 40 hands from ``seed`` where ``inject`` finds a swap."""
    for k in range(40):
        h, tricks, held = random_hand(seed * 41 + k, variant)
        case = inject(variant, h["dealer"], tricks, held)
        if case:
            return h, case
    raise AssertionError(f"no hand from seed {seed} admits the injection")


@FAST
@given(variants, seeds, st.booleans())
def test_injected_revoke_is_exactly_one_finding(variant, seed, with_deal):
    h, (tricks, t, x) = breach_case(seed, variant, inject_revoke)
    r = replay_hand(record_of(variant, h, tricks, with_deal))
    assert [(f.code, f.trick, f.seat.name) for f in r.findings] == [("revoke", t, x)]
    # The proof cites the first later card of the suit led that X plays.
    led = tricks[t - 1][1][0] // 13
    later = [(n, c) for n, (lead, cs) in enumerate(tricks, start=1) if n > t
             for seat, c in zip(order_from(variant, lead), cs) if seat == x and c // 13 == led]
    assert r.findings[0].evidence["held"]["card"] == str(card(later[0][1]))
    assert r.findings[0].evidence["held"]["trick"] == later[0][0]


@FAST
@given(variants, seeds, st.booleans())
def test_injected_spade_lead_is_exactly_one_finding(variant, seed, with_deal):
    h, (tricks, t, x) = breach_case(seed, variant, inject_spade_lead)
    r = replay_hand(record_of(variant, h, tricks, with_deal))
    assert [(f.code, f.trick, f.seat.name) for f in r.findings] == [("spade_led_unbroken", t, x)]


# -- whole games add up ------------------------------------------------------------------------
def hand_points(variant, bids, won, rules):
    """One side's points and bags per docs/rules.md section 7 'Scoring' and the house rules."""
    out = {}
    for side in variant.sides:
        members = [Seat[ch] for ch in side]
        bid = sum(b.tricks for b in bids if b.seat in members)
        nil_tricks = sum(won[b.seat] for b in bids if b.seat in members and b.tricks == 0)
        tricks = sum(won[s] for s in members)
        counted = tricks if rules.failed_nil_tricks == "help_partner" else tricks - nil_tricks
        if counted >= bid:
            points, bags = 10 * bid + counted - bid, counted - bid
        else:
            points, bags = -10 * bid, 0
        if rules.failed_nil_tricks == "bags":
            points, bags = points + nil_tricks, bags + nil_tricks
        for b in bids:
            if b.seat in members and b.tricks == 0:
                value = rules.blind_nil_bonus if b.blind else rules.nil_bonus
                points += value if won[b.seat] == 0 else -value
        out[side] = (points, bags)
    return out


@st.composite
def games(draw):
    variant = draw(variants)
    seats = variant.seats
    rules = RuleSet(bag_limit=draw(st.sampled_from([5, 10])),
                    bag_penalty=draw(st.sampled_from([100, 110])),
                    failed_nil_tricks=draw(st.sampled_from(["bags", "help_partner", "ignored"])),
                    target_score=draw(st.sampled_from([300, 500, 100000])))
    hands = []
    dealer = draw(st.sampled_from(seats))
    for _ in range(draw(st.integers(1, 30))):
        order = variant.turn_order(variant.first_to_act(dealer))
        bids = []
        for s in order:
            k = draw(st.integers(0, 13))
            bids.append(Bid(s, k, blind=k == 0 and draw(st.booleans())))
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=len(seats) - 1,
                                    max_size=len(seats) - 1)))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [13])]
        hands.append(HandInput(dealer, tuple(bids), dict(zip(seats, parts))))
        dealer = variant.next_dealer(dealer)
    initial = {side: SideTotals(draw(st.integers(-500, 500)),
                                draw(st.integers(0, rules.bag_limit - 1)))
               for side in variant.sides}
    return variant, rules, hands, initial


@settings(max_examples=60, deadline=None)
@given(games())
def test_scores_and_bags_add_up_over_a_game(game):
    variant, rules, hands, initial = game
    g = score_game(variant, hands, rules, initial)
    for side in variant.sides:
        total_points = total_bags = 0
        running = initial[side].score
        for h, scored in zip(hands, g.hands):
            points, bags = hand_points(variant, h.bids, h.tricks_won, rules)[side]
            r = scored.sides[side]
            assert (r.hand.points_before_penalty, r.hand.bags) == (points, bags)
            assert 0 <= r.bags < rules.bag_limit
            assert r.points == points + r.bag_penalty
            running += r.points
            assert r.score == running
            total_points += points
            total_bags += bags
        penalties = (initial[side].bags + total_bags) // rules.bag_limit
        assert sum(h.sides[side].bag_penalties for h in g.hands) == penalties
        assert g.final[side].bags == (initial[side].bags + total_bags) % rules.bag_limit
        assert g.final[side].score == (initial[side].score + total_points
                                       - penalties * rules.bag_penalty)


# -- logs round-trip -----------------------------------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs())
def test_random_logs_round_trip_unchanged(data):
    log = GameLog.model_validate(data)
    assert log_to_data(log) == data
    text = dump_log(log)
    again = parse_log(text, "round-trip.json")
    assert again == log
    assert dump_log(again) == text


@FAST
@given(variants, seeds)
def test_simulated_hands_round_trip_as_logs(variant, seed):
    h, _, _ = random_hand(seed, variant)
    data = {"format": "spades-game", "format_version": "1.0", "variant": variant.value,
            "players": {s: f"Player {s}" for s in seats_of(variant)}, "hands": [h]}
    log = GameLog.model_validate(data)
    assert parse_log(dump_log(log)) == log
    assert log_to_data(log)["hands"][0]["tricks"] == h["tricks"]


def test_null_extension_value_round_trips():
    data = {"format": "spades-game", "format_version": "1.0", "variant": "two_player",
            "players": {"N": "Kathy", "S": "Steve"},
            "hands": [{"dealer": "N", "bids": [], "tricks_won": {"N": 0, "S": 13},
                       "x-seen": None}],
            "x-app": None}
    assert log_to_data(parse_log(dump_log(GameLog.model_validate(data)))) == data


@settings(max_examples=8, deadline=None)
@given(variants, seeds)
def test_simulated_games_analyse_clean_and_add_up(variant, seed):
    log = GameLog.model_validate(random_game_log(random.Random(seed), variant, max_hands=12))
    a = analyse_game(log)
    assert a.findings == []
    for side in variant.sides:
        points = sum(h.sides[side].points for h in a.score.hands)
        assert a.score.final[side].score == points
        assert 0 <= a.score.final[side].bags < 10
