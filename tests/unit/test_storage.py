"""The Store: games kept whole with every revision, derived tables, drafts, game ids."""

import json
import sqlite3

import pytest

from scorekeeper.logs.files import dump_log, log_from_data
from scorekeeper.season.storage import (GameRejected, SaveResult, Store, UnknownGameError,
                                 default_db_path)
from scorekeeper.season.storage.converters import game_id_for

PLAYERS = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


def bids(*pairs):
    return [{"seat": s, "bid": b} for s, b in pairs]


def make_log(*, game_id=None, date="2026-11-01", table="1", season="Fall 2026",
             north_tricks=4, east_tricks=3, players=PLAYERS, extra_hand=False, target=None):
    hands = [{"dealer": "W", "bids": bids(("N", 4), ("E", 3), ("S", 2), ("W", 2)),
              "tricks_won": {"N": north_tricks, "E": east_tricks, "S": 7 - north_tricks,
                             "W": 3}}]
    if extra_hand:
        hands.append({"dealer": "N", "bids": bids(("E", 3), ("S", 3), ("W", 2), ("N", 0)),
                      "tricks_won": {"N": 0, "E": 4, "S": 5, "W": 4}})
    data = {"format": "spades-game", "format_version": "1.0", "variant": "partnership",
            "players": dict(players), "hands": hands}
    if game_id:
        data["game_id"] = game_id
    if target:
        data["rules"] = {"target_score": target}
    event = {k: v for k, v in (("season", season), ("date", date), ("table", table)) if v}
    if event:
        data["event"] = event
    return log_from_data(data)


@pytest.fixture
def store():
    s = Store.open(":memory:")
    yield s
    s.close()


def test_saved_game_loads_back_equal_and_its_json_is_the_normalised_log(store):
    log = make_log()
    result = store.save_game(log)
    assert result == SaveResult(result.game_id, 1, created=True, changed=True)
    assert store.load_game(result.game_id) == log
    assert json.loads(store.game_json(result.game_id)) == json.loads(dump_log(log))
    assert store.export_json(result.game_id) == dump_log(log)


def test_double_import_stores_once_without_a_new_revision(store):
    first = store.save_game(make_log())
    again = store.save_game(make_log())
    assert again == SaveResult(first.game_id, 1, created=False, changed=False)
    assert len(store.games()) == 1
    assert [r.revision for r in store.revisions(first.game_id)] == [1]


def test_edited_log_replaces_the_game_and_keeps_the_earlier_version(store):
    first = store.save_game(make_log(north_tricks=4))
    edited = make_log(north_tricks=5)  # N took 5 and S 2 instead of 4 and 3: same game
    second = store.save_game(edited, by="referee", why="N won trick 9")
    assert second == SaveResult(first.game_id, 2, created=False, changed=True)
    assert store.load_game(first.game_id) == edited
    history = store.revisions(first.game_id)
    assert [(r.revision, r.current, r.saved_by, r.why) for r in history] == [
        (1, False, None, None), (2, True, "referee", "N won trick 9")]
    assert history[0].saved_at <= history[1].saved_at
    assert store.export_json(first.game_id, 1) == dump_log(make_log(north_tricks=4))
    [summary] = store.games()
    assert summary.revision == 2
    # Derived rows were rewritten, not added to: one hand, two sides.
    assert store.db.execute("SELECT count(*) FROM hands").fetchone()[0] == 2


def test_game_id_rules():
    # 1. The log's own id wins.
    assert game_id_for(make_log(game_id="club-night-7")) == "club-night-7"
    # 2. Dated: from variant, players, season, date, table, initial; not from the hands.
    dated = game_id_for(make_log())
    assert dated.startswith("2026-11-01-") and len(dated) == len("2026-11-01-") + 10
    assert game_id_for(make_log(north_tricks=6, extra_hand=True)) == dated
    assert game_id_for(make_log(table="2")) != dated
    assert game_id_for(make_log(players={**PLAYERS, "E": "Erin"})) != dated
    # 3. Undated: the whole content, so any change is another game.
    undated = game_id_for(make_log(date=None, table=None, season=None))
    assert undated.startswith("log-")
    assert game_id_for(make_log(date=None, table=None, season=None, north_tricks=5)) != undated


def test_games_newest_first_with_summary_figures(store):
    store.save_game(make_log(date="2026-11-01", extra_hand=True))
    store.save_game(make_log(date="2026-11-08", season="Winter"))
    older, newer = store.games()[::-1]
    assert newer.date == "2026-11-08" and not newer.finished and newer.winner is None
    # Hand 1: NS bid 6 took 7 = 61, EW bid 5 took 6 = 51. Hand 2: NS (N Nil made +100, S bid 3
    # took 5 = 32) 132 -> 193; EW bid 5 took 8 = 53 -> 104. Target 500: still going.
    assert older.scores == {"NS": 193, "EW": 104} and older.bags == {"NS": 3, "EW": 4}
    assert older.hands == 2 and older.players == PLAYERS and older.table == "1"
    assert older.side_names("NS") == "Alex & Charlie"
    assert [g.date for g in store.games("Winter")] == ["2026-11-08"]


def test_player_names_are_every_name_seen_sorted(store):
    store.save_game(make_log(players={"N": "dora", "E": "Beth", "S": "alex", "W": "Carl"}))
    assert store.player_names() == ["alex", "Beth", "Carl", "dora"]


def test_physically_impossible_log_is_refused_and_nothing_written(store):
    log = make_log(east_tricks=5)  # 4 + 5 + 3 + 3 = 15 tricks
    with pytest.raises(GameRejected) as exc:
        store.save_game(log)
    assert exc.value.problems == ["hand 1: tricks won add up to 15, not 13 [tricks_won_total]"]
    assert store.games() == []


def test_unknown_game_is_a_typed_error(store):
    with pytest.raises(UnknownGameError) as exc:
        store.load_game("nope")
    assert isinstance(exc.value, KeyError) and isinstance(exc.value, ValueError)
    assert str(exc.value) == "no game 'nope' in the database"


def test_drafts_one_per_game_replaced_and_cleared_even_for_an_unsaved_game(store):
    assert store.load_draft("g1") is None
    store.save_draft("g1", {"hand": 3, "bids": {"N": 4}})
    store.save_draft("g1", {"hand": 3, "bids": {"N": 4, "E": 2}})
    assert store.load_draft("g1") == {"hand": 3, "bids": {"N": 4, "E": 2}}
    store.clear_draft("g1")
    assert store.load_draft("g1") is None


def test_file_database_uses_wal_and_a_busy_timeout(tmp_path):
    path = tmp_path / "nested" / "season.db"
    with Store.open(path) as s:
        s.save_game(make_log())
        assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s.db.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    with Store.open(str(path)) as s:
        assert len(s.games()) == 1


def test_default_path_is_in_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "scorekeeper" / "scorekeeper.db"


def test_a_failed_write_leaves_nothing_behind(store, monkeypatch):
    import scorekeeper.season.storage.store as store_module

    def broken(*args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store_module, "write_derived", broken)
    with pytest.raises(sqlite3.OperationalError):
        store.save_game(make_log())
    assert store.db.execute("SELECT count(*) FROM game_logs").fetchone()[0] == 0
    assert not store.db.conn.in_transaction


def test_nil_bids_table_records_each_nil(store):
    store.save_game(make_log(extra_hand=True))
    rows = store.db.execute("SELECT hand, seat, side, blind, made FROM nil_bids").fetchall()
    assert rows == [(2, "N", "NS", 0, 1)]
    assert json.loads(store.game_json(store.games()[0].game_id))["players"] == PLAYERS


def _same_standings(store, season=None):
    """The cached standings equal the plain-Python ones to the last bit of every rating."""
    from dataclasses import asdict

    from scorekeeper.season.standings import compute_standings

    cached = store.standings(season)
    fresh = compute_standings(store.game_results(season), season)
    assert [asdict(r) for r in cached.players] == [asdict(r) for r in fresh.players]
    assert [asdict(r) for r in cached.partnerships] == [asdict(r) for r in fresh.partnerships]
    assert cached.unfinished == fresh.unfinished and cached.games == fresh.games
    return cached


def _checkpoints(store):
    return store.db.execute("SELECT scope, games FROM rating_checkpoints"
                            " ORDER BY scope, games").fetchall()


def _heads(store):
    """Each scope's head: how many games are rated, up to which game (its date)."""
    return store.db.execute("SELECT scope, games, date FROM rating_heads ORDER BY scope"
                            ).fetchall()


@pytest.fixture
def no_rating_pass(monkeypatch):
    """Standings that find the ratings ready: reading the games to rate them fails."""
    from scorekeeper.season.storage import cache

    def refuse(*args):
        raise AssertionError("standings rated games again")

    monkeypatch.setattr(cache, "rated_games", refuse)
    yield
    monkeypatch.undo()


# Target 50: hand 1 ends each game, NS 61 beat EW 51 (EW 6 tricks short of 7: NS wins).
SEATINGS = [dict(zip("NESW", names)) for names in (
    ("Ann", "Bob", "Cy", "Di"), ("Bob", "Cy", "Di", "Ann"), ("Cy", "Ann", "Bob", "Di"))]
ALL = "\x00all"


def test_saves_in_date_order_rate_each_game_as_it_is_saved(store, no_rating_pass):
    for day, players in enumerate(SEATINGS, start=1):
        store.save_game(make_log(date=f"2026-11-0{day}", players=players, target=50))
        # Every scope is kept from its first finished game: no standings asked yet.
        assert _heads(store) == [(ALL, day, f"2026-11-0{day}"),
                                 ("Fall 2026", day, f"2026-11-0{day}")]
    _same_standings(store)  # rates nothing (no_rating_pass)
    _same_standings(store, "Fall 2026")
    # An unfinished game, even a later one, is not rated and moves nothing.
    store.save_game(make_log(date="2026-11-09", players=SEATINGS[0]))
    assert _heads(store)[0] == (ALL, 3, "2026-11-03")
    _same_standings(store)


def test_a_save_out_of_date_order_drops_the_head_and_it_is_rated_again_once(store):
    for day, players in enumerate(SEATINGS, start=1):
        store.save_game(make_log(date=f"2026-11-0{day}", players=players, target=50))
    # Back-dated (before the last rated game): the heads go, until standings or the end
    # of an import rate from the last checkpoint before it.
    store.save_game(make_log(date="2026-11-02", players={**SEATINGS[0], "N": "Eve"},
                             target=50))
    assert _heads(store) == []
    _same_standings(store)
    assert _heads(store) == [(ALL, 4, "2026-11-03")]
    assert store.bring_standings_up_to_date()
    assert _heads(store) == [(ALL, 4, "2026-11-03"), ("Fall 2026", 4, "2026-11-03")]
    # Editing the last game: the head was at it.
    store.save_game(make_log(date="2026-11-03", players=SEATINGS[2], target=50,
                             north_tricks=5))
    assert _heads(store) == []
    assert store.bring_standings_up_to_date()
    _same_standings(store, "Fall 2026")
    # The next game in date order is rated onto the head again.
    store.save_game(make_log(date="2026-11-04", players=SEATINGS[1], target=50))
    assert _heads(store) == [(ALL, 5, "2026-11-04"), ("Fall 2026", 5, "2026-11-04")]
    _same_standings(store)


def test_checkpoints_every_n_games_survive_later_saves_and_limit_the_rating_again(
        store, monkeypatch):
    from scorekeeper.season.storage import cache

    monkeypatch.setattr(cache, "CHECKPOINT_EVERY", 2)
    for day in range(1, 6):
        store.save_game(make_log(date=f"2026-11-0{day}", players=SEATINGS[day % 3],
                                 target=50))
    assert _checkpoints(store) == [(ALL, 2), (ALL, 4), ("Fall 2026", 2), ("Fall 2026", 4)]
    # A game between the 3rd and 4th drops the checkpoint at 4 only; the games after the
    # one at 2 are rated again from it.
    store.save_game(make_log(date="2026-11-03", table="2", players=SEATINGS[0], target=50))
    assert _checkpoints(store) == [(ALL, 2), ("Fall 2026", 2)]
    rated = []
    original = cache.rated_games

    def counting(conn, season, after=None):
        games = original(conn, season, after)
        rated.append(len(games))
        return games

    monkeypatch.setattr(cache, "rated_games", counting)
    _same_standings(store)
    assert rated == [4] and _checkpoints(store) == [(ALL, 2), (ALL, 4), (ALL, 6),
                                                    ("Fall 2026", 2)]
    assert _heads(store) == [(ALL, 6, "2026-11-05")]


def test_summed_totals_follow_edits_season_moves_and_unfinished_games(store):
    store.save_game(make_log(game_id="g1", date="2026-11-01", players=SEATINGS[0], target=50))
    # Hand 2 (a Nil made) ends it: NS 193, EW 104 against the target of 150.
    store.save_game(make_log(game_id="g2", date="2026-11-02", players=SEATINGS[1], target=150,
                             extra_hand=True))
    store.save_game(make_log(game_id="g3", date="2026-11-03", players=SEATINGS[2]))  # going on
    _same_standings(store)
    _same_standings(store, "Fall 2026")
    # Edits after the scopes were summed: a player replaced, a game moved to another season
    # (and changed), a finished game made unfinished again.
    store.save_game(make_log(game_id="g1", date="2026-11-01", target=50,
                             players={**SEATINGS[0], "N": "Eve"}))
    store.save_game(make_log(game_id="g2", date="2026-11-02", players=SEATINGS[1],
                             season="Spring 2027", target=50))
    _same_standings(store)
    assert _same_standings(store, "Fall 2026").games == 1
    assert _same_standings(store, "Spring 2027").games == 1
    store.save_game(make_log(game_id="g1", date="2026-11-01", players=SEATINGS[0]))
    fall = _same_standings(store, "Fall 2026")
    assert fall.games == 0 and fall.players == [] and len(fall.unfinished) == 2
    assert sorted(r.name for r in _same_standings(store).players) == ["Ann", "Bob", "Cy", "Di"]
    totals = store.db.execute("SELECT scope, games FROM totals_scopes ORDER BY scope")
    assert totals.fetchall() == [("\x00all", 1), ("Fall 2026", 0), ("Spring 2027", 1)]
    assert store.db.execute("SELECT count(*) FROM player_totals WHERE player = 'Eve'"
                            ).fetchone() == (0,)


def test_rows_written_behind_the_stores_back_are_noticed(store):
    store.save_game(make_log(date="2026-11-05", players=SEATINGS[0], target=50))
    _same_standings(store)
    # A later program (or a bulk load) writes derived rows without the caches knowing.
    store.db.execute("DELETE FROM totals_scopes")
    store.db.execute("UPDATE rating_heads SET games = 7")
    _same_standings(store)
    _same_standings(store, "Fall 2026")
    assert _heads(store) == [(ALL, 1, "2026-11-05"), ("Fall 2026", 1, "2026-11-05")]
    # A head of the right count but not at the scope's last game.
    store.db.execute("UPDATE rating_heads SET date = '2026-11-04'")
    assert store.bring_standings_up_to_date()
    assert _heads(store) == [(ALL, 1, "2026-11-05"), ("Fall 2026", 1, "2026-11-05")]


def test_a_database_that_cannot_be_written_gets_the_same_standings(store, monkeypatch):
    import scorekeeper.season.storage.store as store_module

    def read_only(*args):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    store.save_game(make_log(date="2026-11-05", players=SEATINGS[0], target=50))
    store.save_game(make_log(date="2026-11-06", players=SEATINGS[1]))
    store.db.execute("DELETE FROM totals_scopes")
    store.db.execute("DELETE FROM rating_heads")
    store.db.conn.commit()
    monkeypatch.setattr(store_module, "write_transaction", read_only)
    _same_standings(store)
    assert store.bring_standings_up_to_date() is False
    assert store.db.execute("SELECT count(*) FROM totals_scopes").fetchone() == (0,)
    assert not store.db.conn.in_transaction
