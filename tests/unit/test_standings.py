"""Standings from plain game results: sums, the ranking rule, shared ranks, ratings, and
the export formats of a tied table."""

import pytest

from scorekeeper.season.standings_formats import format_csv, format_markdown, format_table, standings_data
from scorekeeper.season.standings import (GameResult, NilCounts, SideResult, StandingRow,
                                   compute_standings, rank_rows)


def side(members, hands, pf, pa, bags=0, pen=0, sets=0, nils=None, score=None):
    return SideResult(tuple(members), hands, pf, pa, bags, pen, sets,
                      tuple(nils or [NilCounts()] * len(members)),
                      pf if score is None else score)


def game(gid, date, sides, winner, table="1", variant="partnership"):
    return GameResult(gid, variant, "Fall 2026", date, table, sides[0].hands, tuple(sides),
                      winner)


# A small season, its side totals given (the hands behind them are checked in the storage
# and CLI tests):
# g1 11-01: Ann & Bob 520 beat Cy & Di 310, 12 hands; Ann bid Nil once and made it;
#           A&B 14 bags 1 penalty 1 set; C&D 6 bags 0 penalties 2 sets.
# g2 11-08: Ann & Cy 505 beat Bob & Di 480, 10 hands; Di bid Blind Nil and failed;
#           A&C 8 bags 0 pen 0 sets; B&D 11 bags 1 pen 1 set.
# g3 11-08 (two-player): Ann 500 beat Bob 200, 8 hands; Bob bid Nil twice, made one.
# g4 11-15: unfinished, Ann & Bob 120 v Cy & Di 90 after 3 hands.
SEASON = [
    game("g1", "2026-11-01", [side(["Ann", "Bob"], 12, 520, 310, 14, 1, 1,
                                   [NilCounts(1, 1), NilCounts()]),
                              side(["Cy", "Di"], 12, 310, 520, 6, 0, 2)], 0),
    game("g2", "2026-11-08", [side(["Ann", "Cy"], 10, 505, 480, 8),
                              side(["Bob", "Di"], 10, 480, 505, 11, 1, 1,
                                   [NilCounts(), NilCounts(0, 0, 1, 0)])], 0),
    game("g3", "2026-11-08", [side(["Ann"], 8, 500, 200),
                              side(["Bob"], 8, 200, 500, 3, 0, 2, [NilCounts(2, 1)])], 0,
         table="2", variant="two_player"),
    game("g4", "2026-11-15", [side(["Ann", "Bob"], 3, 120, 90), side(["Cy", "Di"], 3, 90, 120)],
         None),
]


def test_player_figures_summed_by_hand():
    s = compute_standings(SEASON, "Fall 2026")
    rows = {r.name: r for r in s.players}
    ann = rows["Ann"]
    # Ann: won g1, g2, g3. Hands 12 + 10 + 8 = 30. For 520 + 505 + 500 = 1525,
    # against 310 + 480 + 200 = 990. Per hand 1525 / 30 = 50.83. Bags 14 + 8 + 0 = 22,
    # penalties 1, sets 1 (all from g1's side). Her own Nil: 1 bid, 1 made.
    assert (ann.games, ann.wins, ann.losses, ann.hands) == (3, 3, 0, 30)
    assert (ann.points_for, ann.points_against, round(ann.points_per_hand, 2)) == (1525, 990,
                                                                                   50.83)
    assert (ann.bags, ann.bag_penalties, ann.sets) == (22, 1, 1)
    assert (ann.nil_bids, ann.nil_made, ann.blind_nil_bids, ann.win_pct) == (1, 1, 0, 100.0)
    bob = rows["Bob"]
    # Bob: won g1, lost g2 and g3. For 520 + 480 + 200 = 1200, against 310 + 505 + 500 =
    # 1315. Bags 14 + 11 + 3 = 28, penalties 1 + 1 = 2, sets 1 + 1 + 2 = 4.
    # His own Nils: g3 2 bid 1 made (Ann's Nil in g1 is not his).
    assert (bob.games, bob.wins, bob.losses, round(bob.win_pct, 1)) == (3, 1, 2, 33.3)
    assert (bob.points_for, bob.points_against, bob.bags, bob.bag_penalties, bob.sets) == (
        1200, 1315, 28, 2, 4)
    assert (bob.nil_bids, bob.nil_made) == (2, 1)
    di = rows["Di"]
    # Di: lost g1 and g2; Blind Nil 1 bid 0 made; sets 2 + 1 = 3.
    assert (di.games, di.wins, di.blind_nil_bids, di.blind_nil_made, di.sets) == (2, 0, 1, 0, 3)
    # The unfinished game counts nowhere and is listed apart.
    assert [u.game_id for u in s.unfinished] == ["g4"] and s.games == 3


def test_ranking_rule_and_order():
    s = compute_standings(SEASON)
    # Ann 3/3 = 100%; Cy 1/2 = 50% (diff 505-480 + 310-520 = -185); Bob 1/3 = 33.3%;
    # Di 0/2 = 0%.
    assert [(r.rank, r.name) for r in s.players] == [(1, "Ann"), (2, "Cy"), (3, "Bob"),
                                                     (4, "Di")]


def test_partnerships_are_sets_of_players_and_two_player_games_count_alone():
    s = compute_standings(SEASON)
    names = [(r.rank, r.name, r.members) for r in s.partnerships]
    # All winners are 1/1 = 100%, one win: by points difference, Ann alone +300, Ann & Bob
    # +210, Ann & Cy +25. The losers 0/1: Bob & Di -25, Cy & Di -210, Bob alone -300.
    assert names == [(1, "Ann (alone)", ("Ann",)), (2, "Ann & Bob", ("Ann", "Bob")),
                     (3, "Ann & Cy", ("Ann", "Cy")), (4, "Bob & Di", ("Bob", "Di")),
                     (5, "Cy & Di", ("Cy", "Di")), (6, "Bob (alone)", ("Bob",))]
    bob_di = s.partnerships[3]
    # A partnership's Nils are both members' own: Di's Blind Nil.
    assert (bob_di.blind_nil_bids, bob_di.bags, bob_di.bag_penalties) == (1, 11, 1)


def test_equal_rows_share_a_rank_and_the_next_rank_skips():
    rows = [StandingRow("Zed", ("Zed",), games=2, wins=0, losses=2),
            StandingRow("Amy", ("Amy",), games=2, wins=1, losses=1, points_for=300,
                        points_against=290),
            StandingRow("Kim", ("Kim",), games=4, wins=4),
            StandingRow("Bea", ("Bea",), games=4, wins=2, losses=2, points_for=500,
                        points_against=490)]
    ranked = rank_rows(rows)
    # Kim 100%. Bea 2/4 and Amy 1/2 are both 50%, but Bea has more wins. Then Amy, Zed.
    assert [(r.rank, r.shared_rank, r.name) for r in ranked] == [
        (1, False, "Kim"), (2, False, "Bea"), (3, False, "Amy"), (4, False, "Zed")]
    rows[1].wins, rows[1].games = 2, 4  # now Amy equals Bea on all three: shared, then 4
    ranked = rank_rows(rows)
    assert [(r.rank, r.shared_rank, r.name) for r in ranked] == [
        (1, False, "Kim"), (2, True, "Amy"), (2, True, "Bea"), (4, False, "Zed")]


def test_ratings_follow_results_in_date_order_whatever_the_input_order():
    s = compute_standings(SEASON)
    again = compute_standings(list(reversed(SEASON)))
    assert [(r.name, r.rating) for r in s.players] == [(r.name, r.rating)
                                                        for r in again.players]
    rating = {r.name: r.rating for r in s.players}
    assert rating["Ann"] > rating["Cy"] > rating["Di"]
    assert rating["Ann"] > rating["Bob"] > rating["Di"]
    for r in s.players:
        assert r.rating == pytest.approx(r.rating_mu - 3 * r.rating_sigma)
    assert compute_standings(SEASON, rate=False).players[0].rating == 0.0


TIED = [game("t1", "2026-11-01", [side(["Ann", "Bob"], 5, 300, 200),
                                  side(["Cy", "Di"], 5, 200, 300)], 0),
        game("t2", "2026-11-02", [side(["Cy", "Di"], 5, 300, 200),
                                  side(["Ann", "Bob"], 5, 200, 300)], 0)]


def test_tied_table_shows_shared_ranks_in_every_format():
    s = compute_standings(TIED, "Tie Cup", rate=False)
    # Everyone: 1 win in 2 (50%), points 500 for 500 against: all equal, all "=1".
    assert format_table(s) == """\
Standings: Tie Cup
Ranking: win percentage, then wins, then points difference (points for minus against); equal on all three share a rank.
Rating: openskill Plackett-Luce (Weng-Lin Bayesian) over every finished game in date order (undated games last, then by table and game id); shown: mu - 3 sigma, starting at 0; a partnership: its players' team rating, per player.
Finished games only; Nil and Blind Nil: made/bid; points, bags, bag penalties (times the bag limit was reached) and sets are the side's.

Rank  Player  Games  W  L  Win%  Hands  For  Against  Pts/hand  Nil  Blind Nil  Bags  Bag pen.  Sets  Rating
  =1  Ann         2  1  1  50.0     10  500      500     50.00  0/0        0/0     0         0     0    0.00
  =1  Bob         2  1  1  50.0     10  500      500     50.00  0/0        0/0     0         0     0    0.00
  =1  Cy          2  1  1  50.0     10  500      500     50.00  0/0        0/0     0         0     0    0.00
  =1  Di          2  1  1  50.0     10  500      500     50.00  0/0        0/0     0         0     0    0.00

Rank  Partnership  Games  W  L  Win%  Hands  For  Against  Pts/hand  Nil  Blind Nil  Bags  Bag pen.  Sets  Rating
  =1  Ann & Bob        2  1  1  50.0     10  500      500     50.00  0/0        0/0     0         0     0    0.00
  =1  Cy & Di          2  1  1  50.0     10  500      500     50.00  0/0        0/0     0         0     0    0.00
"""
    md = format_markdown(s)
    assert "| =1 | Ann & Bob | 2 | 1 | 1 | 50.0 | 10 | 500 | 500 | 50.00 | 0/0 | 0/0 | 0 | 0 | 0 | 0.00 |" in md
    assert format_csv(s).splitlines()[1] == (
        "player,1,yes,Ann,2,1,1,50.0,10,500,500,50.0,0,0,0,0,0,0,0,0.0")
    data = standings_data(s)
    assert [(p["rank"], p["shared_rank"]) for p in data["players"]] == [(1, True)] * 4


def test_csv_never_starts_a_name_with_a_formula():
    s = compute_standings([game("f", "2026-01-01", [side(["=cmd", "@x"], 1, 10, 0),
                                                    side(["+a", "-b"], 1, 0, 10)], 0)],
                          rate=False)
    names = [line.split(",")[3] for line in format_csv(s).splitlines()[1:]]
    assert names[:4] == ["'=cmd", "'@x", "'+a", "'-b"]


@pytest.mark.parametrize("season, rate, games", [
    ("Fall 2026", True, SEASON),
    (None, False, SEASON),
    ('Zoë "Q" \\ \n', True, [game("w", None, [side(['Ann "A"\n', "Zoë}],\n"], 4, 90, 40),
                                              side(["[\u2660]", "\t\u0001"], 4, 40, 90)],
                                  None)] + SEASON[:1]),
    ("Empty", True, []),
])
def test_json_is_exactly_the_indented_dump_of_the_contract(season, rate, games):
    """format_json writes the rows by hand, for speed: it must be json.dumps(indent=2)."""
    import json

    from scorekeeper.season.standings_formats import format_json

    s = compute_standings(games, season, rate=rate)
    data = standings_data(s)
    assert format_json(s) == json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    # CSV too writes row_data's figures without building it.
    rows = [line.split(",") for line in format_csv(s).splitlines()]
    header = rows[0]
    for line, row in zip(rows[1:], data["players"] + data["partnerships"]):
        assert [str(row[f]) for f in header[4:]] == line[4:]
