"""Revoke penalties and corrected scores on worked examples (scorekeeper.rules.penalties)."""

from scorekeeper.rules.penalties import Revoke, penalise_hand
from scorekeeper.rules.scoring import Bid, HandInput, SideTotals, score_game, score_hand
from scorekeeper.rules.settings import DEFAULT_RULES
from scorekeeper.rules.seats import Seat, Variant

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P = Variant.PARTNERSHIP
HEARTS = 2


def bids(n, e, s, w):
    return tuple(Bid(seat, b) for seat, b in zip((N, E, S, W), (n, e, s, w)))


def won(n, e, s, w):
    return {N: n, E: e, S: s, W: w}


# Trick winners for a 13-trick hand: EW take tricks 1-2 and 4-9, NS the rest.
WINNERS = [E, W, N, E, E, W, E, W, E, N, N, S, S]
PLAYED = won(3, 5, 2, 3)


def test_three_tricks_move_to_the_other_side():
    h = penalise_hand(P, bids(3, 4, 2, 3), WINNERS, PLAYED, [Revoke(4, W, HEARTS)])
    (p,) = h.penalties
    assert (p.kind, p.tricks_moved, p.won_from_revoke) == ("tricks", 3, 6)
    # E won more from trick 4 on (4 of 6), so the tricks come off E; N is credited.
    assert p.taken_from == ((E, 3),)
    assert p.credited_to == N
    assert h.tricks_won == won(6, 2, 2, 3)
    assert p.describe() == ("revoke by W at trick 4: 3 tricks move from EW to NS (3 from E;"
                            " credited to N; EW won 6 from trick 4 on)")


def test_never_more_than_the_offending_side_won_from_the_revoke_on():
    # Revoke at trick 9: EW won only trick 9 from there on.
    h = penalise_hand(P, bids(3, 4, 2, 3), WINNERS, PLAYED, [Revoke(9, E, HEARTS)])
    assert h.penalties[0].tricks_moved == 1
    assert h.tricks_won == won(4, 4, 2, 3)


def test_nothing_moves_when_the_side_won_nothing_after_the_revoke():
    h = penalise_hand(P, bids(3, 4, 2, 3), WINNERS, PLAYED, [Revoke(10, W, HEARTS)])
    assert h.penalties[0].tricks_moved == 0
    assert h.tricks_won == PLAYED


def test_a_nil_of_the_receiving_side_is_never_broken():
    # N bid Nil and took nothing: the tricks go to S.
    played = won(0, 5, 5, 3)
    winners = [E, W, S, E, E, W, E, W, E, S, S, S, S]
    h = penalise_hand(P, bids(0, 4, 4, 3), winners, played, [Revoke(4, W, HEARTS)])
    assert h.penalties[0].credited_to == S
    assert h.tricks_won == won(0, 2, 8, 3)


def test_both_receiving_nils_made_credit_nobody():
    played = won(0, 9, 0, 4)
    winners = [E, W, E, E, E, W, E, W, E, W, E, E, E]
    h = penalise_hand(P, bids(0, 6, 0, 4), winners, played, [Revoke(2, E, HEARTS)])
    p = h.penalties[0]
    assert p.tricks_moved == 3 and p.credited_to is None
    assert h.tricks_won == won(0, 6, 0, 4)
    points = score_hand(P, bids(0, 6, 0, 4), h.tricks_won)
    assert points["NS"].nil == 200  # both Nils still made


def test_a_failed_nil_of_the_offending_side_stays_failed():
    # W bid Nil and won 2 tricks after the revoke, E won 1: E gives 1, W only 1 (not his last).
    played = won(5, 1, 5, 2)
    winners = [N, N, S, N, S, W, N, S, W, E, N, S, S]
    h = penalise_hand(P, bids(4, 3, 4, 0), winners, played, [Revoke(6, W, HEARTS)])
    p = h.penalties[0]
    assert p.taken_from == ((E, 1), (W, 1))
    assert p.tricks_moved == 2
    assert h.tricks_won[W] == 1


def test_each_revoke_is_penalised_but_a_trick_moves_only_once():
    h = penalise_hand(P, bids(3, 4, 2, 3), WINNERS, PLAYED,
                      [Revoke(4, W, HEARTS), Revoke(7, E, 0)])
    first, second = h.penalties
    assert first.tricks_moved == 3
    # From trick 7 on EW won tricks 7, 8, 9 (E 2, W 1); E's three already moved: W gives 1.
    assert second.tricks_moved == 1 and second.taken_from == ((W, 1),)
    assert h.tricks_won == won(7, 2, 2, 2)


def test_a_repeated_revoke_in_the_same_suit_is_not_penalised_again():
    h = penalise_hand(P, bids(3, 4, 2, 3), WINNERS, PLAYED,
                      [Revoke(4, W, HEARTS), Revoke(6, W, HEARTS)])
    assert [p.kind for p in h.penalties] == ["tricks", "none"]
    assert h.tricks_won == won(6, 2, 2, 3)


def test_two_player_tricks_go_to_the_other_player():
    tp = Variant.TWO_PLAYER
    winners = [N, S, S, N, S, S, S, N, N, S, S, N, N]
    h = penalise_hand(tp, (Bid(S, 7), Bid(N, 5)), winners, {N: 6, S: 7},
                      [Revoke(2, S, HEARTS)])
    assert h.penalties[0].offending_side == "S" and h.penalties[0].credited_to == N
    assert h.tricks_won == {N: 9, S: 4}


def test_set_penalty_sets_the_offending_side_once():
    rules = DEFAULT_RULES.with_changes(revoke_penalty="set")
    h = penalise_hand(P, bids(3, 4, 2, 3), WINNERS, PLAYED,
                      [Revoke(4, W, HEARTS), Revoke(7, E, 0)], rules)
    assert [p.kind for p in h.penalties] == ["set", "none"]
    assert h.set_sides == {"EW"} and h.tricks_won == PLAYED
    points = score_hand(P, bids(3, 4, 2, 3), PLAYED)["EW"]
    assert points.made and points.contract == 70 and points.bags == 1
    set_points = score_hand(P, bids(3, 4, 2, 3), PLAYED, set_sides=h.set_sides)
    assert (set_points["EW"].made, set_points["EW"].contract, set_points["EW"].bags) == (
        False, -70, 0)
    assert set_points["NS"] == score_hand(P, bids(3, 4, 2, 3), PLAYED)["NS"]


def test_set_side_fails_the_sides_nils():
    bids_ = (Bid(N, 4), Bid(E, 0, True), Bid(S, 3), Bid(W, 5))
    points = score_hand(P, bids_, won(4, 0, 3, 6))["EW"]
    assert points.blind_nil == 200
    set_points = score_hand(P, bids_, won(4, 0, 3, 6), set_sides=frozenset({"EW"}))["EW"]
    assert set_points.blind_nil == -200 and set_points.contract == -50
    assert set_points.nil_results == ((E, True, False),)


def test_no_set_side_scores_as_played():
    hands = [HandInput(W, bids(3, 4, 2, 3), won(6, 2, 2, 3)),
             HandInput(N, bids(4, 3, 2, 2), won(4, 4, 3, 2))]
    with_empty_sets = [h._replace(set_sides=frozenset()) for h in hands]
    assert score_game(P, with_empty_sets) == score_game(P, hands)


def test_a_set_side_keeps_running_totals_and_bags():
    hands = [HandInput(W, bids(3, 4, 2, 3), won(3, 5, 2, 3), frozenset({"EW"})),
             HandInput(N, bids(4, 3, 2, 2), won(4, 4, 3, 2))]
    start = {"NS": SideTotals(0, 0), "EW": SideTotals(0, 9)}
    g = score_game(P, hands, DEFAULT_RULES, start)
    first = g.hands[0].sides["EW"]
    assert (first.points, first.score, first.bags) == (-70, -70, 9)
    assert "EW set by a revoke penalty" in g.hands[0].events
    second = g.hands[1].sides["EW"]  # 50 made + 1 bag reaches 10: -100
    assert (second.points, second.score, second.bags) == (-49, -119, 0)


def test_the_corrected_score_announces_the_games_own_bag_limit():
    # A set side's hand goes through the one scoring loop, which announces the game's own
    # bag limit (a second loop for the corrected score would have to repeat it).
    rules = DEFAULT_RULES.with_changes(bag_limit=5)
    hands = [HandInput(W, bids(3, 4, 2, 3), won(3, 5, 2, 3), frozenset({"EW"})),
             HandInput(N, bids(2, 3, 2, 2), won(6, 2, 3, 2))]
    g = score_game(P, hands, rules)
    assert g.hands[1].sides["NS"].bag_penalties == 1
    assert "NS reach 5 bags: -100" in g.hands[1].events
    assert not any("10 bags" in e for h in g.hands for e in h.events)


def test_penalties_belong_with_the_rules_core():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import scorekeeper.rules.penalties, sys;"
                          " print(' '.join(sys.modules))"], capture_output=True, text=True,
                         check=True).stdout.split()
    assert not {m.split(".")[0] for m in out} & {"pydantic", "click", "textual", "sqlite3"}
