"""Standings from empty caches (a database older than them: every game summed and rated at
once, the store's fast path) are the reference standings: ``compute_standings`` over
``Store.game_results``, summed and rated in plain Python, game by game. Compared to the
last bit of every rating, with the same order and ranks, over a varied season: the
partnership and the two-player game, unfinished games, Nil and Blind Nil, one player
written several ways (case, composed and decomposed accents), two seasons and games with
none, undated games, several tables a night, games saved out of date order; every scope,
from empty caches, again from the caches they filled, and from rows read without them.
"""

import random
from dataclasses import asdict

import pytest

from scorekeeper.logs.files import log_from_data
from scorekeeper.logs.identifiers import player_key
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import RuleSet
from scorekeeper.season.standings import compute_standings, date_order
from scorekeeper.season.storage import Store, cache, scope_reads
from scorekeeper.season.storage.db import write_transaction

NAMES = ["Ann", "ann", "ANN ", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida",
         "Jos\u00e9", "Jose\u0301"]
SEASONS = ["Fall 2026", "Spring 2027", None]


def _players(rng: random.Random, variant: Variant) -> dict[str, str]:
    """Distinct players (a log may not seat one player twice), each as one of his ways."""
    chosen: list[str] = []
    for name in rng.sample(NAMES, len(NAMES)):
        if all(player_key(name) != player_key(other) for other in chosen):
            chosen.append(name)
    return {str(seat): name for seat, name in zip(variant.seats, chosen)}


def _season_logs(seed: int, n_games: int) -> list:
    rng = random.Random(seed)
    logs = []
    for i in range(n_games):
        variant = Variant.TWO_PLAYER if rng.random() < 0.2 else Variant.PARTNERSHIP
        event = {"table": str(rng.randint(1, 3))}
        if rng.random() < 0.9:  # some undated
            event["date"] = f"2026-{rng.randint(1, 3):02d}-{rng.randint(1, 28):02d}"
        season = rng.choice(SEASONS)
        if season:
            event["season"] = season
        # A low target, so that most games finish within their few hands.
        data = random_game_log(rng, variant, card_by_card=False, max_hands=14,
                               rules=RuleSet(target_score=120), players=_players(rng, variant),
                               event=event, nil_rate=0.15, blind_rate=0.05)
        logs.append(log_from_data(data))
    return logs  # in no date order: most saves are back-dated


@pytest.fixture(scope="module")
def season_db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("cold") / "season.db")
    with Store.open(path) as store:
        for log in _season_logs(5, 90):
            store.save_game(log)
        finished = store.db.execute("SELECT count(*), sum(finished) FROM games").fetchone()
        nils = store.db.execute("SELECT count(*), sum(blind) FROM nil_bids").fetchone()
    # The season is as varied as meant: finished and unfinished games, Nils, Blind Nils.
    assert finished[0] == 90 and 30 < finished[1] < 90 and nils[0] > 20 and nils[1] > 0
    return path


def _scopes(store):
    return [None, *store.seasons()]


def _assert_same(got, expected):
    assert [asdict(r) for r in got.players] == [asdict(r) for r in expected.players]
    assert [asdict(r) for r in got.partnerships] == [asdict(r) for r in expected.partnerships]
    assert got.unfinished == expected.unfinished and got.games == expected.games
    assert (got.season, got.ranking, got.rating) == (
        expected.season, expected.ranking, expected.rating)


def _openskill_ratings(results) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma) by openskill itself, one ``model.rate`` per finished game
    in date order: the rating's own reference (the plain-Python standings rate with the
    same code as the store, ``two_team_rating``)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {}
    for g in sorted(results, key=date_order):
        if g.finished:
            teams = [[ratings.get(player_key(m)) or model.rating() for m in side.members]
                     for side in g.sides]
            ranks = [1 if i == g.winner else 2 for i in range(len(teams))]
            for side, team in zip(g.sides, model.rate(teams, ranks=ranks)):
                for name, rating in zip(side.members, team):
                    ratings[player_key(name)] = rating
    return {key: (r.mu, r.sigma) for key, r in ratings.items()}


def _empty_caches(store):
    with write_transaction(store.db.conn) as conn:
        cache.clear(conn)


@pytest.mark.parametrize("checkpoint_every", [1000, 7])
def test_standings_from_empty_caches_are_the_reference_standings(season_db, monkeypatch,
                                                                checkpoint_every):
    # 7: the pass from empty caches stores checkpoints on its way too.
    monkeypatch.setattr(cache, "CHECKPOINT_EVERY", checkpoint_every)
    with Store.open(season_db) as store:
        for season in _scopes(store):
            expected = compute_standings(store.game_results(season), season)
            assert expected.players and expected.unfinished
            _empty_caches(store)
            cold = store.standings(season)  # sums and rates every game
            _assert_same(cold, expected)
            by_openskill = _openskill_ratings(store.game_results(season))
            assert {player_key(r.name): (r.rating_mu, r.rating_sigma) for r in cold.players
                    } == by_openskill  # to the last bit
            _assert_same(store.standings(season), expected)  # from the caches it filled
            _assert_same(store._read_standings(season, True, cached=False), expected)
            unrated = store.standings(season, rate=False)
            assert [r.rating for r in unrated.players] == [0.0] * len(unrated.players)
        # Every scope's caches empty at once; the season's first (its games are also
        # every game's), then every game's.
        _empty_caches(store)
        for season in reversed(_scopes(store)):
            _assert_same(store.standings(season),
                         compute_standings(store.game_results(season), season))


def test_the_end_of_an_import_fills_the_same_caches(season_db):
    with Store.open(season_db) as store:
        _empty_caches(store)
        assert store.bring_standings_up_to_date()
        for season in _scopes(store):
            _assert_same(store.standings(season),
                         compute_standings(store.game_results(season), season))


def test_the_games_to_rate_read_a_row_per_game_as_they_are_read_a_row_per_side(season_db):
    with Store.open(season_db) as store:
        conn = store.db.conn
        for season in _scopes(store):
            games = cache.rated_games(conn, season)
            assert games == scope_reads._rated_games_any_shape(
                conn, *scope_reads._where_after(season, None))
            after = games[len(games) // 2].order
            assert cache.rated_games(conn, season, after) == games[len(games) // 2 + 1:]


ODD_ROWS = {
    "a third side": "INSERT INTO game_sides (game_id, side, season, finished, won, member1,"
                    " member2, hands, points_for, points_against, bags, bag_penalties, sets,"
                    " score) SELECT game_id, 'X', season, finished, 0, 'Zed',"
                    " NULL, hands, points_for, points_against, bags, bag_penalties, sets,"
                    " score FROM game_sides WHERE game_id = ? AND side = 'NS'",
    "two winners": "UPDATE game_sides SET won = 1 WHERE game_id = ?",
    "no winner": "UPDATE game_sides SET won = 0 WHERE game_id = ?",
    "one side only": "DELETE FROM game_sides WHERE game_id = ? AND side = 'EW'",
}


@pytest.mark.parametrize("odd", ODD_ROWS)
def test_rows_of_any_other_shape_are_read_a_row_per_side(season_db, tmp_path, odd):
    """Rows written behind the store's back: a finished game of another shape. The games
    are read as before (a row per side), that game as its rows are."""
    import shutil

    path = str(tmp_path / "odd.db")
    shutil.copyfile(season_db, path)
    with Store.open(path) as store:
        conn = store.db.conn
        game_id = conn.execute("SELECT game_id FROM games WHERE finished = 1 AND variant ="
                               " 'partnership' ORDER BY game_id").fetchone()[0]
        with write_transaction(conn):
            conn.execute(ODD_ROWS[odd], (game_id,))
        for season in _scopes(store):
            assert cache.rated_games(conn, season) == scope_reads._rated_games_any_shape(
                conn, *scope_reads._where_after(season, None))
        sides = {g.order[3]: g.sides for g in cache.rated_games(conn, None)}
        assert len(sides[game_id]) == {"a third side": 3, "one side only": 1}.get(odd, 2)
