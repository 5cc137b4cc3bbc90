"""The database schema, as sqlite-utils migrations applied in order when a Store opens.

Tables:
- ``game_logs``: the authority. One row per game: the current version's normalised JSON
  log, its revision, content hash, when created and last changed, by whom and why.
- ``game_log_history``: every replaced version, with its revision and when it was saved.
- derived, for queries (always rebuildable from ``game_logs``): ``games`` (one row per
  game), ``seats`` (who sat where, on which side), ``hands`` (one row per hand per side:
  bid, tricks, points for and against, bags, bag penalties, running score), ``game_sides``
  (each side's totals per game), ``nil_bids`` (every Nil and Blind Nil, made or not) and
  ``players`` (every name seen).
- standings caches (m004, see ``cache.py``): ``player_totals`` and ``pair_totals`` (the
  standings figures summed per scope, kept up to date by every game write in the same
  transaction), ``totals_scopes`` (which scopes are summed) and ``rating_checkpoints``
  (players' ratings after the first N finished games in date order, dropped by any write
  of a game at or before them). Emptied with the derived tables, rebuilt on demand.
- ratings as of the latest game (m005, see ``cache.py``): ``rating_heads`` (per scope, how
  many finished games are rated and the order key of the last) and ``player_ratings`` (each
  player's mu and sigma after them), moved one game forward by every save of a finished
  game that comes after every rated one, in the same transaction.
- ``drafts``: the app's hand in progress, one per game.
- card nights (m006, see ``scorekeeper.event.store``): ``events`` (name, date, venue, house
  rules, movement, how a round ends, rounds planned and started), ``event_players`` (who
  checked in, when, and who left), ``event_rounds`` (each round planned: who sits out,
  started or not) and ``event_tables`` (each round's tables: seats, the game played there,
  and the director's word on a table that did not finish or where a side did not come).
  The games themselves are ordinary rows of ``game_logs``; nothing here is derived.
- ``import_sources`` (m007): the canonical hash of each log file imported, with the game it
  made and that game's content hash then, so that importing an unchanged file again is a
  hash comparison (``Store.unchanged_source``).
- m008: each member's own Nil counts on ``game_sides`` (``member1_nil_bids`` ...), and an
  index, ``game_sides_pair_sums``, holding every figure the standings sum per partnership
  in the grouping's order (``scope_reads.sum_scope``).

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


_TOTALS = """
    scope TEXT NOT NULL, {key}, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    hands INTEGER NOT NULL, points_for INTEGER NOT NULL, points_against INTEGER NOT NULL,
    bags INTEGER NOT NULL, bag_penalties INTEGER NOT NULL, sets INTEGER NOT NULL,
    nil_bids INTEGER NOT NULL, nil_made INTEGER NOT NULL, blind_nil_bids INTEGER NOT NULL,
    blind_nil_made INTEGER NOT NULL"""


@migrations(name="m004_standings_cache")
def m004_standings_cache(db: Database) -> None:
    """Standings read summed rows and stored ratings instead of summing every game and
    rating every game again (a database of 1,000,000 hands in under two seconds). The
    caches start empty; standings fill them the first time. ``rating_cache`` (m003), which
    had to fingerprint every game to know it was still good, goes."""
    _script(db, f"""
    DROP TABLE rating_cache;
    CREATE TABLE totals_scopes (scope TEXT PRIMARY KEY, games INTEGER NOT NULL);
    CREATE TABLE player_totals ({_TOTALS.format(key="player TEXT NOT NULL")},
        PRIMARY KEY (scope, player)) WITHOUT ROWID;
    CREATE TABLE pair_totals ({_TOTALS.format(
        key="member1 TEXT NOT NULL, member2 TEXT NOT NULL")},
        PRIMARY KEY (scope, member1, member2)) WITHOUT ROWID;
    CREATE TABLE rating_checkpoints (
        scope TEXT NOT NULL, games INTEGER NOT NULL, undated INTEGER NOT NULL,
        date TEXT NOT NULL, table_name TEXT NOT NULL, game_id TEXT NOT NULL,
        ratings_json TEXT NOT NULL, PRIMARY KEY (scope, games));
    CREATE INDEX games_rating_order ON games (finished, date IS NULL, coalesce(date, ''),
        coalesce(table_name, ''), game_id);
    CREATE INDEX games_season_rating_order ON games (season, finished, date IS NULL,
        coalesce(date, ''), coalesce(table_name, ''), game_id)
    """)


@migrations(name="m005_rating_heads")
def m005_rating_heads(db: Database) -> None:
    """Ratings kept up to date by the saves themselves, so that standings after a season of
    imports rate nothing: the latest ratings per player (a row each, so that a save reads
    and writes only its own players') and where they stand in the rating order. The
    "latest" checkpoints m004 kept between multiples of the interval are replaced by
    them; both start empty and standings (or the next import) fill them."""
    _script(db, """
    CREATE TABLE rating_heads (
        scope TEXT PRIMARY KEY, games INTEGER NOT NULL, undated INTEGER NOT NULL,
        date TEXT NOT NULL, table_name TEXT NOT NULL, game_id TEXT NOT NULL);
    CREATE TABLE player_ratings (
        scope TEXT NOT NULL, player TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
        PRIMARY KEY (scope, player)) WITHOUT ROWID;
    DELETE FROM rating_checkpoints
    """)


@migrations(name="m006_events")
def m006_events(db: Database) -> None:
    """Card nights (issue 15): the event, its players, its planned rounds and tables. A
    table's game is a ``game_logs`` row like any other (so it counts in the standings);
    ``game_id`` is NULL until its round starts. A row is never deleted to score a bye, a
    no-show or an unfinished table: ``status`` and ``absent`` say what happened."""
    _script(db, """
    CREATE TABLE events (
        event_id TEXT PRIMARY KEY, name TEXT NOT NULL, date TEXT NOT NULL, venue TEXT,
        season TEXT, preset TEXT NOT NULL, movement TEXT NOT NULL,
        target_score INTEGER NOT NULL, hand_limit INTEGER, round_minutes INTEGER,
        rounds INTEGER NOT NULL,
        rounds_given INTEGER NOT NULL, current_round INTEGER NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
    CREATE TABLE event_players (
        event_id TEXT NOT NULL REFERENCES events (event_id), position INTEGER NOT NULL,
        name TEXT NOT NULL, pair INTEGER, status TEXT NOT NULL,
        joined_round INTEGER NOT NULL, left_round INTEGER,
        PRIMARY KEY (event_id, position)) WITHOUT ROWID;
    CREATE TABLE event_rounds (
        event_id TEXT NOT NULL REFERENCES events (event_id), round INTEGER NOT NULL,
        sitting_out_json TEXT NOT NULL, started INTEGER NOT NULL,
        PRIMARY KEY (event_id, round)) WITHOUT ROWID;
    CREATE TABLE event_tables (
        event_id TEXT NOT NULL, round INTEGER NOT NULL, table_no INTEGER NOT NULL,
        seat_n TEXT NOT NULL, seat_e TEXT NOT NULL, seat_s TEXT NOT NULL,
        seat_w TEXT NOT NULL, game_id TEXT, status TEXT, absent TEXT,
        PRIMARY KEY (event_id, round, table_no),
        FOREIGN KEY (event_id, round) REFERENCES event_rounds (event_id, round)
        ) WITHOUT ROWID;
    CREATE INDEX event_tables_by_game ON event_tables (game_id)
    """)


@migrations(name="m007_import_sources")
def m007_import_sources(db: Database) -> None:
    """Importing a file again costs a hash, not a replay (issue 14): each log file's text
    as imported, hashed in a canonical form (``converters.source_hash``), with the game
    it made and that game's content hash then. A file whose hash is here, for a game whose
    current content hash is still the one recorded, is that game unchanged; any other file
    (or the game changed since) is read, validated and saved as before. Starts empty: the
    first import of each file afterwards fills it."""
    _script(db, """
    CREATE TABLE import_sources (
        source_hash TEXT PRIMARY KEY, game_id TEXT NOT NULL, content_hash TEXT NOT NULL
        ) WITHOUT ROWID
    """)


_M008_NIL_COLUMNS = ("member1_nil_bids", "member1_nil_made", "member1_blind_nil_bids",
                     "member1_blind_nil_made", "member2_nil_bids", "member2_nil_made",
                     "member2_blind_nil_bids", "member2_blind_nil_made")
"""m008's columns of ``game_sides``: each member's own Nil and Blind Nil bids in the game,
bid and made (``converters.SIDE_NIL_COLUMNS``, written by every save from then on)."""


def _nil_sums(member: str, other: str | None) -> str:
    """The Nil counts of ``game_sides.<member>`` among the side's ``nil_bids n``, as the
    standings count them (``sum(n.blind = 0)``, ``sum(n.blind = 0 AND n.made)``,
    ``sum(n.blind)``, ``sum(n.blind AND n.made)``); a Nil counts for member2 only when
    member2 is not member1's very name (each Nil once, for its bidder)."""
    own = f"(n.player IS game_sides.{member})"
    if other is not None:
        own = f"(n.player IS game_sides.{member} AND n.player IS NOT game_sides.{other})"
    return (f"sum({own} AND n.blind = 0), sum({own} AND n.blind = 0 AND n.made),"
            f" sum({own} * n.blind), sum({own} AND n.blind AND n.made)")


@migrations(name="m008_game_sides_nils")
def m008_game_sides_nils(db: Database) -> None:
    """Standings from empty caches (a database older than them) sum every finished side
    per partnership at once. With each member's Nil counts on the side's row, and an
    index holding every figure summed in the grouping's order, that is one read of the
    index, summed as it comes: no join of ``nil_bids``, no sort, no row of the table
    itself (``scope_reads.sum_scope``; on 1,000,000 hands about 0.2 s instead of two
    grouped queries of 0.35-0.5 s). The counts of the games already stored are summed
    here from their ``nil_bids``, in SQL; each save writes them from then on."""
    # Columns already there are kept (a database whose migration record went astray).
    have = {r[1] for r in db.execute("PRAGMA table_info(game_sides)").fetchall()}
    for column in _M008_NIL_COLUMNS:
        if column not in have:
            db.execute(f"ALTER TABLE game_sides ADD COLUMN {column} INTEGER NOT NULL"
                       " DEFAULT 0")
    side_nils = ("FROM nil_bids n WHERE n.game_id = game_sides.game_id"
                 " AND n.side = game_sides.side")
    db.execute(f"UPDATE game_sides SET ({', '.join(_M008_NIL_COLUMNS)}) = (SELECT"
               f" {_nil_sums('member1', None)}, {_nil_sums('member2', 'member1')}"
               f" {side_nils}) WHERE EXISTS (SELECT 1 {side_nils})")
    db.execute("CREATE INDEX IF NOT EXISTS game_sides_pair_sums ON game_sides (finished,"
               " member1, member2, won, hands, points_for, points_against, bags,"
               f" bag_penalties, sets, {', '.join(_M008_NIL_COLUMNS)})")


REBUILDS_DERIVED = frozenset({"m002_nils_against_drafts", "m003_game_sides"})
LATEST = "m008_game_sides_nils"


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
