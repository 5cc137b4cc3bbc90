"""Schema migrations: a new database gets every one; an older one is brought up to date with
its games kept and its derived tables rebuilt."""

import sqlite3

from scorekeeper.logs.files import log_from_data
from scorekeeper.season.storage import Store
from scorekeeper.season.storage.converters import content_hash, game_id_for, stored_text
from scorekeeper.season.storage.db import SCHEMA
from scorekeeper.season.storage.migrations import LATEST, migrations

ALL = ["m001_initial", "m002_nils_against_drafts", "m003_game_sides", "m004_standings_cache",
       "m005_rating_heads", "m006_events", "m007_import_sources", "m008_game_sides_nils"]

LOG = log_from_data({
    "format": "spades-game", "format_version": "1.0", "variant": "partnership",
    "players": {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"},
    "event": {"season": "Fall 2026", "date": "2026-11-01", "table": "1"},
    "hands": [
        {"dealer": "W", "bids": [{"seat": "N", "bid": 4}, {"seat": "E", "bid": 3},
                                 {"seat": "S", "bid": 2}, {"seat": "W", "bid": 2}],
         "tricks_won": {"N": 4, "E": 3, "S": 3, "W": 3}},
        {"dealer": "N", "bids": [{"seat": "E", "bid": 3}, {"seat": "S", "bid": 3},
                                 {"seat": "W", "bid": 2}, {"seat": "N", "bid": 0}],
         "tricks_won": {"N": 0, "E": 4, "S": 5, "W": 4}},
    ],
})

# The schema as m001 left it (written out here, as a database of that version holds it):
# no points_against in hands, no nil_bids, no drafts.
V1_SCHEMA = """
CREATE TABLE _sqlite_migrations (id INTEGER PRIMARY KEY, migration_set TEXT, name TEXT,
    applied_at TEXT);
CREATE UNIQUE INDEX idx__sqlite_migrations_migration_set_name
    ON _sqlite_migrations (migration_set, name);
INSERT INTO _sqlite_migrations (migration_set, name, applied_at)
    VALUES ('scorekeeper', 'm001_initial', '2026-09-01 10:00:00+00:00');
CREATE TABLE game_logs (game_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, json TEXT NOT NULL,
    content_hash TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
    saved_by TEXT, why TEXT);
CREATE TABLE game_log_history (game_id TEXT NOT NULL, revision INTEGER NOT NULL,
    json TEXT NOT NULL, content_hash TEXT NOT NULL, saved_at TEXT NOT NULL, saved_by TEXT,
    why TEXT, replaced_at TEXT NOT NULL, PRIMARY KEY (game_id, revision));
CREATE TABLE games (game_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, variant TEXT NOT NULL,
    season TEXT, date TEXT, table_name TEXT, hands INTEGER NOT NULL, finished INTEGER NOT NULL,
    winner TEXT, won_at_hand INTEGER, players_json TEXT NOT NULL, scores_json TEXT NOT NULL,
    bags_json TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE INDEX games_by_season ON games (season, date);
CREATE TABLE seats (game_id TEXT NOT NULL, seat TEXT NOT NULL, side TEXT NOT NULL,
    player TEXT NOT NULL, PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
CREATE INDEX seats_by_player ON seats (player);
CREATE TABLE hands (game_id TEXT NOT NULL, side TEXT NOT NULL, hand INTEGER NOT NULL,
    dealer TEXT NOT NULL, bid INTEGER NOT NULL, tricks INTEGER NOT NULL, made INTEGER NOT NULL,
    points INTEGER NOT NULL, bags INTEGER NOT NULL, bag_penalties INTEGER NOT NULL,
    score INTEGER NOT NULL, PRIMARY KEY (game_id, side, hand)) WITHOUT ROWID;
CREATE TABLE players (name TEXT PRIMARY KEY, first_seen TEXT NOT NULL);
"""


def _columns(db, table):
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})").fetchall()]


def test_empty_database_gets_every_migration(tmp_path):
    with Store.open(tmp_path / "new.db") as store:
        assert [m.name for m in migrations.applied(store.db)] == ALL
        assert ALL[-1] == LATEST
        assert list(SCHEMA) == ALL  # what Store.open checks without loading sqlite-utils
        assert "points_against" in _columns(store.db, "hands")
        assert store.db["nil_bids"].exists() and store.db["drafts"].exists()
    with Store.open(tmp_path / "new.db") as store:  # opening again applies nothing twice
        assert [m.name for m in migrations.applied(store.db)] == ALL


def test_older_database_is_migrated_and_its_games_rederived(tmp_path):
    path = tmp_path / "v1.db"
    text = stored_text(LOG)
    game_id = game_id_for(LOG)
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    # A v1 database holding one game; its v1 derived rows (hand 1 only, say) are stale anyway.
    conn.execute("INSERT INTO game_logs VALUES (?, 1, ?, ?, ?, ?, NULL, NULL)",
                 (game_id, text, content_hash(text), "2026-11-01T20:00:00+00:00",
                  "2026-11-01T20:00:00+00:00"))
    conn.execute("INSERT INTO hands VALUES (?, 'NS', 1, 'W', 6, 7, 1, 61, 1, 0, 61)", (game_id,))
    conn.commit()
    conn.close()

    with Store.open(path) as store:
        assert [m.name for m in migrations.applied(store.db)] == ALL
        assert store.load_game(game_id) == LOG
        # Rebuilt from the stored log: 2 hands x 2 sides, with points against.
        # Hand 1: NS 61, EW 51. Hand 2: NS 132 (Nil +100, 30 + 2 bags), EW 53.
        assert store.db.execute(
            "SELECT side, hand, points, points_against FROM hands ORDER BY side DESC, hand"
        ).fetchall() == [("NS", 1, 61, 51), ("NS", 2, 132, 53),
                         ("EW", 1, 51, 61), ("EW", 2, 53, 132)]
        assert store.db.execute("SELECT seat, made FROM nil_bids").fetchall() == [("N", 1)]
        assert store.player_names() == ["Alex", "Beth", "Charlie", "David"]
        [summary] = store.games()
        assert summary.scores == {"NS": 193, "EW": 104}
        store.save_draft(game_id, {"hand": 3})  # the table m002 added works
        assert store.load_draft(game_id) == {"hand": 3}


def test_m003_database_gets_the_standings_caches(tmp_path):
    from dataclasses import asdict

    from scorekeeper.season.standings import compute_standings

    path = tmp_path / "v3.db"
    with Store.open(path) as store:
        store.save_game(LOG)
    # Back to the schema m003 left: its derived tables are today's, plus rating_cache.
    conn = sqlite3.connect(path)
    conn.executescript("""
    DROP TABLE totals_scopes; DROP TABLE player_totals; DROP TABLE pair_totals;
    DROP TABLE rating_checkpoints; DROP INDEX games_rating_order;
    DROP INDEX games_season_rating_order; DROP TABLE rating_heads; DROP TABLE player_ratings;
    CREATE TABLE rating_cache (scope TEXT PRIMARY KEY, games INTEGER NOT NULL,
        fingerprint TEXT NOT NULL, ratings_json TEXT NOT NULL, computed_at TEXT NOT NULL);
    INSERT INTO rating_cache VALUES (char(0) || 'all', 1, 'x', '{}', '2026-11-02');
    DROP TABLE event_tables; DROP TABLE event_rounds; DROP TABLE event_players; DROP TABLE events;
    DROP TABLE import_sources;
    DELETE FROM _sqlite_migrations WHERE name IN ('m004_standings_cache', 'm005_rating_heads', 'm006_events',
        'm007_import_sources', 'm008_game_sides_nils');
    """)
    conn.close()

    with Store.open(path) as store:
        assert [m.name for m in migrations.applied(store.db)] == ALL
        assert not store.db["rating_cache"].exists()
        cached = store.standings()
        fresh = compute_standings(store.game_results())
        assert [asdict(r) for r in cached.players] == [asdict(r) for r in fresh.players]
        assert cached.unfinished == fresh.unfinished
        assert store.db.execute("SELECT scope, games FROM totals_scopes").fetchall() == [
            ("\x00all", 0)]


def test_m004_database_gets_rating_heads_and_loses_its_latest_checkpoints(tmp_path):
    """An m004 database kept a checkpoint at its latest game besides those on multiples
    of the interval; m005 drops them all (they were spaced for 5,000) and standings
    rate again and keep a head from then on."""
    import json
    from dataclasses import asdict

    from scorekeeper.logs.files import dump_log
    from scorekeeper.season.standings import compute_standings

    path = tmp_path / "v4.db"
    finished = json.loads(dump_log(LOG))  # NS 193 reach the target of 150 at hand 2
    finished["event"]["date"], finished["rules"] = "2026-11-02", {"target_score": 150}
    with Store.open(path) as store:
        store.save_game(LOG)
        store.save_game(log_from_data(finished))
    conn = sqlite3.connect(path)
    conn.executescript("""
    DROP TABLE rating_heads; DROP TABLE player_ratings;
    INSERT INTO rating_checkpoints VALUES (char(0) || 'all', 1, 0, '2026-11-02', '1', 'x',
        '{"Alex": [1.0, 2.0]}');
    DROP TABLE event_tables; DROP TABLE event_rounds; DROP TABLE event_players; DROP TABLE events;
    DROP TABLE import_sources;
    DELETE FROM _sqlite_migrations WHERE name IN ('m005_rating_heads', 'm006_events',
        'm007_import_sources', 'm008_game_sides_nils');
    """)
    conn.close()

    with Store.open(path) as store:
        assert [m.name for m in migrations.applied(store.db)] == ALL
        assert store.db.execute("SELECT count(*) FROM rating_checkpoints").fetchone() == (0,)
        assert store.db.execute("SELECT count(*) FROM rating_heads").fetchone() == (0,)
        cached = store.standings()
        fresh = compute_standings(store.game_results())
        assert [asdict(r) for r in cached.players] == [asdict(r) for r in fresh.players]
        assert cached.games == 1
        assert store.db.execute("SELECT scope, games, date FROM rating_heads").fetchall() == [
            ("\x00all", 1, "2026-11-02")]
