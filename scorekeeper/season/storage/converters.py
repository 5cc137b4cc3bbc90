"""Game logs to database rows and back: the stable game id, the content hash, the derived
rows (games, seats, hands, nil_bids, players) and the summaries the app lists.

Every figure in a derived row comes from ``analyse_game`` (the bids and tricks replayed and
scored); a score written in the log is never trusted.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from ..standings import partnership_key
from . import cache
from .errors import StorageError

if TYPE_CHECKING:  # the log layer (pydantic) is imported only where a log is handled
    from ...analysis.game import GameAnalysis
    from ...logs.models import GameLog


def stored_text(log: GameLog) -> str:
    """The log as stored: the same JSON as ``files.dump_log`` (same keys, same order) but
    compact, which the C encoder writes many times faster than an indented dump.

    A log that cannot be written out raises ``store.StorageError``: one whose ``x-``
    field nests lists or objects deeper than pydantic serialises (it stops at a depth
    limit with a ValueError) or than Python recurses."""
    from ...logs.compact_text import compact_log_text

    try:
        # Each hand's text is kept: the app's save after a confirmed hand writes out only
        # the new hand (byte for byte the same text, tests/unit/test_compact_text.py).
        return compact_log_text(log)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, RecursionError) or "depth" in str(exc):
            raise StorageError(f"a value in it is nested too deeply to be stored ({exc})"
                               ) from None
        raise StorageError(f"it cannot be written out to be stored: {exc}") from None


def pretty_text(text: str) -> str:
    """A stored log laid out as ``files.dump_log`` writes it (what ``export`` prints)."""
    return json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


SOURCE_FORM = "scorekeeper import source 1\n"
"""Prefixed to the canonical text before hashing: a later change of the canonical form
changes it, so that hashes of the old form are never taken for the new."""


TEXT_FORM = "scorekeeper import text 1\n"
"""Prefixed to a file's text before hashing, so that a text hash never equals a
``source_hash``."""


def text_hash(text: str) -> str:
    """The hash of a log file's text as read (strict UTF-8): the very same file again is
    known by it without being parsed (``source_hash`` knows the same data laid out
    otherwise)."""
    return hashlib.sha256((TEXT_FORM + text).encode("utf-8")).hexdigest()


def source_hash(data: object) -> str:
    """The hash of a log file's parsed JSON (as ``json_text.load_log_json`` reads it) in a
    canonical form: keys sorted, no whitespace. The same data written with other spacing
    or key order hashes the same; any other difference (a value, a number written as
    1.0 instead of 1) hashes apart. No pydantic: importing an unchanged file needs only
    this and ``Store.unchanged_source``."""
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256((SOURCE_FORM + canonical).encode("utf-8")).hexdigest()


def game_id_for(log: GameLog, text: str | None = None) -> str:
    """The game's stable id.

    1. The log's ``game_id`` when it has one.
    2. A dated game (``event.date``): ``<date>-<10 hex>``, the hex a hash of what makes it
       the same game: variant, players by seat, season, date, table and the scores carried
       in. Correcting a bid or adding hands keeps the id, so the edited log replaces the
       earlier version. (The same four players at the same table twice on one day need a
       ``game_id`` or distinct table names; otherwise the second replaces the first, which
       is kept as an earlier revision.)
    3. Otherwise ``log-<12 hex>``, a hash of the whole normalised log: only the very same
       log is recognised again; an edited one is a new game.
    """
    if log.game_id:
        return log.game_id
    event = log.event
    if event is not None and event.date:
        identity = {
            "variant": log.variant, "players": dict(sorted(log.players.items())),
            "season": event.season, "date": event.date, "table": event.table,
            "initial": {k: v.model_dump() for k, v in sorted((log.initial or {}).items())},
        }
        key = json.dumps(identity, sort_keys=True, ensure_ascii=False)
        return f"{event.date}-{content_hash(key)[:10]}"
    return f"log-{content_hash(text if text is not None else stored_text(log))[:12]}"


def finding_lines(analysis: GameAnalysis) -> list[str]:
    """The analysis's validity problems, placed as ``validate`` places them."""
    lines = []
    for f in analysis.invalid:
        place = ", ".join(p for p in (f"hand {f.hand}" if f.hand is not None else "",
                                      f"trick {f.finding.trick}" if f.finding.trick is not None
                                      else "") if p) or "game"
        lines.append(f"{place}: {f.finding.message} [{f.finding.code}]")
    return lines


@dataclass
class DerivedRows:
    """Everything the query tables hold for one game (revision), ready for executemany."""

    game: tuple
    seats: list[tuple] = field(default_factory=list)
    hands: list[tuple] = field(default_factory=list)
    nil_bids: list[tuple] = field(default_factory=list)
    sides: list[tuple] = field(default_factory=list)
    players: list[str] = field(default_factory=list)


GAME_COLUMNS = ("game_id", "revision", "variant", "season", "date", "table_name", "hands",
                "finished", "winner", "won_at_hand", "players_json", "scores_json", "bags_json",
                "updated_at")
SEAT_COLUMNS = ("game_id", "seat", "side", "player")
HAND_COLUMNS = ("game_id", "side", "hand", "dealer", "bid", "tricks", "made", "points",
                "points_against", "bags", "bag_penalties", "score")
NIL_COLUMNS = ("game_id", "hand", "seat", "side", "blind", "made", "player")
SIDE_COLUMNS = ("game_id", "side", "season", "finished", "won", "member1", "member2", "hands",
                "points_for", "points_against", "bags", "bag_penalties", "sets", "score")
SIDE_NIL_COLUMNS = ("member1_nil_bids", "member1_nil_made", "member1_blind_nil_bids",
                    "member1_blind_nil_made", "member2_nil_bids", "member2_nil_made",
                    "member2_blind_nil_bids", "member2_blind_nil_made")
"""Each member's own Nil and Blind Nil bids in the game, bid and made: written after a
``game_sides`` row's ``SIDE_COLUMNS`` (``side_nil_counts``), so that standings sum them
with the side's other figures (m008)."""


def derive_rows(game_id: str, revision: int, updated_at: str,
                analysis: GameAnalysis) -> DerivedRows:
    log, variant, score = analysis.log, analysis.variant, analysis.score
    event = log.event
    sides = variant.sides
    final = score.final
    rows = DerivedRows(game=(
        game_id, revision, log.variant, event.season if event else None,
        event.date if event else None, event.table if event else None, len(log.hands),
        int(score.winner is not None), score.winner, score.won_at_hand,
        json.dumps(dict(log.players), ensure_ascii=False),
        json.dumps({s: final[s].score for s in sides}),
        json.dumps({s: final[s].bags for s in sides}), updated_at))
    for seat in variant.seats:
        rows.seats.append((game_id, seat.name, variant.side_of(seat), log.players[seat.name]))
    rows.players = sorted(set(log.players.values()))
    for scored in score.hands:
        points = {s: r.points for s, r in scored.sides.items()}
        total = sum(points.values())
        for side, r in scored.sides.items():
            h = r.hand
            # Two sides per game, so "against" is what the other side scored this hand.
            rows.hands.append((game_id, side, scored.number, scored.dealer.name, h.bid, h.tricks,
                               int(h.made), r.points, total - r.points, h.bags, r.bag_penalties,
                               r.score))
            for seat, blind, made in h.nil_results:
                rows.nil_bids.append((game_id, scored.number, seat.name, side, int(blind),
                                      int(made), log.players[seat.name]))
    for side in sides:
        members = partnership_key([log.players[seat.name] for seat in variant.members(side)])
        mine = [r for r in rows.hands if r[1] == side]
        rows.sides.append((
            game_id, side, event.season if event else None, int(score.winner is not None),
            int(score.winner == side), members[0], members[1] if len(members) > 1 else None,
            len(mine), sum(r[7] for r in mine), sum(r[8] for r in mine),
            sum(r[9] for r in mine), sum(r[10] for r in mine),
            sum(1 for r in mine if not r[6]), final[side].score))
    return rows


def _insert_sql(table: str, columns: tuple[str, ...]) -> str:
    return (f"INSERT INTO {table} ({', '.join(columns)})"
            f" VALUES ({', '.join('?' for _ in columns)})")


_INSERT_GAME = _insert_sql("games", GAME_COLUMNS)
_INSERT_SEAT = _insert_sql("seats", SEAT_COLUMNS)
_INSERT_HAND = _insert_sql("hands", HAND_COLUMNS)
_INSERT_NIL = _insert_sql("nil_bids", NIL_COLUMNS)
_INSERT_SIDE = _insert_sql("game_sides", SIDE_COLUMNS + SIDE_NIL_COLUMNS)
DERIVED_TABLES = ("games", "seats", "hands", "nil_bids", "game_sides")


def side_nil_counts(sides: list[tuple], nil_bids: list[tuple]) -> list[tuple]:
    """Each ``game_sides`` row (``SIDE_COLUMNS``) with its ``SIDE_NIL_COLUMNS`` after it:
    member1's Nils in the game (bid, made; Blind Nils bid, made), then member2's, from
    the game's ``nil_bids`` rows (``NIL_COLUMNS``). A Nil counts for the member who bid
    it (his name as written, which the side's member columns hold); for member2 only
    when member2 is not member1's very name (each Nil once), as m008 counts those of the
    games stored before it."""
    counts: dict[tuple[str, str], list[int]] = {}  # (side, player) -> the four counts
    for _, _, _, side, blind, made, player in nil_bids:
        own = counts.setdefault((side, player), [0, 0, 0, 0])
        if blind:
            own[2] += blind
            own[3] += bool(made)
        else:
            own[0] += 1
            own[1] += bool(made)
    none = [0, 0, 0, 0]
    rows = []
    for row in sides:
        side, member1, member2 = row[1], row[5], row[6]
        second = none if member2 == member1 else counts.get((side, member2), none)
        rows.append((*row, *counts.get((side, member1), none), *second))
    return rows


def delete_derived(conn: sqlite3.Connection, game_id: str) -> None:
    old = conn.execute("SELECT season, date, table_name, finished FROM games WHERE game_id = ?",
                       (game_id,)).fetchone()
    if old is not None and old[3]:
        cache.game_changed(
            conn, season=old[0], date=old[1], table=old[2], game_id=game_id, sign=-1,
            sides=conn.execute(
                "SELECT side, won, member1, member2, hands, points_for, points_against, bags,"
                " bag_penalties, sets FROM game_sides WHERE game_id = ?", (game_id,)
            ).fetchall(),
            nils=conn.execute("SELECT side, player, blind, made FROM nil_bids"
                              " WHERE game_id = ?", (game_id,)).fetchall())
    for table in DERIVED_TABLES:
        conn.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))


def write_derived(conn: sqlite3.Connection, rows: DerivedRows, seen_at: str) -> None:
    """Insert one game's derived rows (the caller deleted the old ones, same transaction),
    keeping the standings caches up to date."""
    conn.execute(_INSERT_GAME, rows.game)
    game_id, _, _, season, date, table, _, finished = rows.game[:8]
    if finished:
        cache.game_changed(conn, season=season, date=date, table=table, game_id=game_id,
                           sides=[(r[1], *r[4:13]) for r in rows.sides],
                           nils=[(r[3], r[6], r[4], r[5]) for r in rows.nil_bids], sign=1)
    conn.executemany(_INSERT_SEAT, rows.seats)
    conn.executemany(_INSERT_HAND, rows.hands)
    conn.executemany(_INSERT_SIDE, side_nil_counts(rows.sides, rows.nil_bids))
    if rows.nil_bids:
        conn.executemany(_INSERT_NIL, rows.nil_bids)
    conn.executemany("INSERT OR IGNORE INTO players (name, first_seen) VALUES (?, ?)",
                     [(name, seen_at) for name in rows.players])


def rebuild_derived(conn: sqlite3.Connection) -> int:
    """Recompute every game's derived rows from its stored log (after a schema change).
    Runs inside the caller's transaction; returns the number of games."""
    from ...analysis.game import analyse_game
    from ...logs.files import parse_log

    cache.clear(conn)
    for table in DERIVED_TABLES:
        conn.execute(f"DELETE FROM {table}")
    n = 0
    for game_id, revision, text, updated_at in conn.execute(
            "SELECT game_id, revision, json, updated_at FROM game_logs").fetchall():
        analysis = analyse_game(parse_log(text, f"stored game {game_id}"))
        write_derived(conn, derive_rows(game_id, revision, updated_at, analysis), updated_at)
        n += 1
    return n
