"""The database schema, as sqlite-utils migrations applied in order when a Store opens.

Tables:
- ``game_logs``: the authority. One row per game: the current version's normalised JSON
  log, its revision, content hash, when created and last changed, by whom and why.
- ``game_log_history``: every replaced version, with its revision and when it was saved.
- derived, for queries (always rebuildable from ``game_logs``): ``games`` (one row per
  game), ``seats`` (who sat where, on which side), ``hands`` (one row per hand per side:
  bid, tricks, points for and against, bags, bag penalties, running score), ``game_sides``
  (each side's totals per game, what standings sum), ``rating_cache`` (the ratings after
  the first N finished games of a season in date order, so that standings rate only the
  games added since), ``nil_bids``
  (every Nil and Blind Nil, made or not) and ``players`` (every name seen).
- ``drafts``: the app's hand in progress, one per game.

A migration that changes a derived table lists its name in ``REBUILDS_DERIVED``; after the
pending migrations run, the derived tables are recomputed from the stored logs with the
current code (a migration itself never runs today's converters against yesterday's schema).
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")


def _script(db: Database, sql: str) -> None:
    for statement in (s.strip() for s in sql.split(";")):
        if statement:
            db.execute(statement)


@migrations(name="m001_initial")
def m001_initial(db: Database) -> None:
    _script(db, """
    CREATE TABLE game_logs (
        game_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, json TEXT NOT NULL,
        content_hash TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        saved_by TEXT, why TEXT);
    CREATE TABLE game_log_history (
        game_id TEXT NOT NULL, revision INTEGER NOT NULL, json TEXT NOT NULL,
        content_hash TEXT NOT NULL, saved_at TEXT NOT NULL, saved_by TEXT, why TEXT,
        replaced_at TEXT NOT NULL, PRIMARY KEY (game_id, revision));
    CREATE TABLE games (
        game_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, variant TEXT NOT NULL,
        season TEXT, date TEXT, table_name TEXT, hands INTEGER NOT NULL,
        finished INTEGER NOT NULL, winner TEXT, won_at_hand INTEGER,
        players_json TEXT NOT NULL, scores_json TEXT NOT NULL, bags_json TEXT NOT NULL,
        updated_at TEXT NOT NULL);
    CREATE INDEX games_by_season ON games (season, date);
    CREATE TABLE seats (
        game_id TEXT NOT NULL, seat TEXT NOT NULL, side TEXT NOT NULL, player TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
    CREATE INDEX seats_by_player ON seats (player);
    CREATE TABLE hands (
        game_id TEXT NOT NULL, side TEXT NOT NULL, hand INTEGER NOT NULL, dealer TEXT NOT NULL,
        bid INTEGER NOT NULL, tricks INTEGER NOT NULL, made INTEGER NOT NULL,
        points INTEGER NOT NULL, bags INTEGER NOT NULL, bag_penalties INTEGER NOT NULL,
        score INTEGER NOT NULL, PRIMARY KEY (game_id, side, hand)) WITHOUT ROWID;
    CREATE TABLE players (name TEXT PRIMARY KEY, first_seen TEXT NOT NULL)
    """)


@migrations(name="m002_nils_against_drafts")
def m002_nils_against_drafts(db: Database) -> None:
    """Standings need each side's points against and every Nil; the app keeps drafts."""
    _script(db, """
    ALTER TABLE hands ADD COLUMN points_against INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE nil_bids (
        game_id TEXT NOT NULL, hand INTEGER NOT NULL, seat TEXT NOT NULL, side TEXT NOT NULL,
        blind INTEGER NOT NULL, made INTEGER NOT NULL,
        PRIMARY KEY (game_id, hand, seat)) WITHOUT ROWID;
    CREATE TABLE drafts (game_id TEXT PRIMARY KEY, json TEXT NOT NULL, updated_at TEXT NOT NULL)
    """)


@migrations(name="m003_game_sides")
def m003_game_sides(db: Database) -> None:
    """Each side's totals per game, so standings sum a few rows per game, not every hand;
    its players in name order (member2 empty in two-player), so players and partnerships
    are summed without a join; each Nil's player."""
    _script(db, """
    CREATE TABLE game_sides (
        game_id TEXT NOT NULL, side TEXT NOT NULL, season TEXT, finished INTEGER NOT NULL,
        won INTEGER NOT NULL, member1 TEXT NOT NULL, member2 TEXT, hands INTEGER NOT NULL,
        points_for INTEGER NOT NULL, points_against INTEGER NOT NULL, bags INTEGER NOT NULL,
        bag_penalties INTEGER NOT NULL, sets INTEGER NOT NULL, score INTEGER NOT NULL,
        PRIMARY KEY (game_id, side)) WITHOUT ROWID;
    CREATE INDEX game_sides_by_season ON game_sides (season, finished);
    ALTER TABLE nil_bids ADD COLUMN player TEXT NOT NULL DEFAULT '';
    CREATE TABLE rating_cache (
        scope TEXT PRIMARY KEY, games INTEGER NOT NULL, fingerprint TEXT NOT NULL,
        ratings_json TEXT NOT NULL, computed_at TEXT NOT NULL)
    """)


REBUILDS_DERIVED = frozenset({"m002_nils_against_drafts", "m003_game_sides"})
LATEST = "m003_game_sides"


def apply_migrations(db: Database) -> list[str]:
    """Apply the pending migrations inside the caller's write transaction; rebuild the
    derived tables if one of them asks for it. Returns the names applied."""
    from .converters import rebuild_derived

    pending = [m.name for m in migrations.pending(db)]
    if pending:
        migrations.apply(db)
        if REBUILDS_DERIVED & set(pending):
            rebuild_derived(db.conn)
    return pending
