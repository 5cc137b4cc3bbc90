"""What the live board shows, read from the season database without ever writing to it.

The board runs beside the app (another process) that writes the same file. It opens the file
with SQLite's ``mode=ro`` (a write through that connection fails: no request of the board
can change the database) and asks ``PRAGMA data_version``, which changes when another
connection commits: a check costs a few microseconds and reads no table, so the board
rebuilds what it shows only when something was written.

Every figure comes from where the commands take it: the standings from ``Store.standings``
laid out by ``standings_formats.row_data`` (the rows of ``standings --format json``), the
games from ``Store.games`` (``games``); the board adds no arithmetic of its own.
"""

from __future__ import annotations

import datetime
import os
import pathlib
import sqlite3
from typing import Any

from ..event.results import night_results
from ..event.store import EventStore
from ..season.standings_formats import row_data
from ..season.storage import NoSuchDatabaseError, StorageError, Store
from ..season.storage.cache import CACHE_VERSION
from ..season.storage.db import (
    BUSY_TIMEOUT_SECONDS,
    SCHEMA,
    applied_migrations,
    newer_schema_problem,
    user_version,
)

RECENT_GAMES = 8
"""Finished games listed under "Recent games" (the newest)."""
PLAYING_WITHIN = datetime.timedelta(hours=6)
"""An unfinished game is shown as being played if it was saved this recently: the app saves
the game at every hand confirmed, and a game left unfinished weeks ago is not on tonight."""


def connect_read_only(path: str | os.PathLike) -> sqlite3.Connection:
    """A connection that cannot write: SQLite's ``mode=ro``, which still sees what other
    processes commit (unlike ``immutable``, which ``storage.db`` uses for files that cannot
    be written). Usable from any one thread at a time (the board reads from a worker
    thread, one read at a time)."""
    target = pathlib.Path(path)
    if not target.is_file():
        raise NoSuchDatabaseError(str(path))
    conn = sqlite3.connect(f"{target.absolute().as_uri()}?mode=ro", uri=True,
                           timeout=BUSY_TIMEOUT_SECONDS, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    return conn


def read_only_store(conn: sqlite3.Connection, path: str) -> Store:
    """The season store over a ``connect_read_only`` connection. (``Store.open`` would open
    a file that can be written for writing: migrations, caches.) A database this
    scorekeeper must first bring up to date (an older schema) is refused: the app or
    ``import`` does that when it opens it; one of a newer schema too."""
    applied = applied_migrations(conn)
    newer = newer_schema_problem(applied)
    if newer is not None:
        raise StorageError(newer)
    if not applied >= set(SCHEMA):
        raise StorageError(
            "this database is not up to date for this scorekeeper (or is not a season"
            " database); open it once with the app or `scorekeeper import` first")
    return Store(conn, path, writable=False, caches=user_version(conn) == CACHE_VERSION)


class LiveSource:
    """The season database as the board reads it: one read-only connection, used by one
    thread at a time (the board's watcher)."""

    def __init__(self, conn: sqlite3.Connection, store: Store, *, season: str | None = None,
                 event_id: str | None = None, recent: int = RECENT_GAMES) -> None:
        self.conn = conn
        self.store = store
        self.events = EventStore(store)
        """The card nights, over the same read-only connection."""
        self.season = season
        """Only this season's games (None: every game, as ``standings`` without --season)."""
        self.event_id = event_id
        """The night shown; None: the one dated today, if any (``night``)."""
        self.recent = recent

    @classmethod
    def open(cls, path: str | os.PathLike, *, season: str | None = None,
             event_id: str | None = None, recent: int = RECENT_GAMES) -> LiveSource:
        """Open the database at ``path`` read-only; raises ``NoSuchDatabaseError``,
        ``StorageError`` (``UnknownEventError`` for an ``event_id`` not in it) or
        ``sqlite3.Error`` with the reason it cannot be shown."""
        conn = connect_read_only(path)
        try:
            source = cls(conn, read_only_store(conn, os.fspath(path)), season=season,
                         event_id=event_id, recent=recent)
            if event_id is not None:
                source.events.event(event_id)  # an unknown event raises, naming it
            return source
        except BaseException:
            conn.close()
            raise

    def night(self, today: datetime.date | None = None) -> str | None:
        """The event shown: the one asked for, else the newest dated today (a night created
        while the board runs appears at its next read), else None."""
        if self.event_id is not None:
            return self.event_id
        day = (today or datetime.date.today()).isoformat()
        return next((e.id for e in self.events.events() if e.date == day), None)

    def version(self) -> int:
        """SQLite's ``data_version``: it changes whenever another connection commits."""
        return self.conn.execute("PRAGMA data_version").fetchone()[0]

    def read(self) -> dict[str, Any]:
        """Everything the board shows, as JSON-able data: ``night`` (None without an event)
        and ``season``. The night's games are shown at its tables, not again among the
        games being played."""
        event_id = self.night()
        night = None if event_id is None else night_data(self.events, event_id)
        season = season_data(self.store, self.season, self.recent)
        if night is not None:
            at_tables = {t["game_id"] for t in night["tables"]}
            season["in_progress"] = [g for g in season["in_progress"]
                                     if g["game_id"] not in at_tables]
        return {"night": night, "season": season}

    def close(self) -> None:
        self.conn.close()


def _side(names: dict[str, str], side: str) -> str:
    return " & ".join(names[seat] for seat in side)


def game_data(game) -> dict[str, Any]:
    """A stored game (``GameSummary``) as the board lists it: its sides with their names
    and scores, in the game's side order."""
    return {
        "game_id": game.game_id, "date": game.date, "table": game.table, "hands": game.hands,
        "finished": game.finished,
        "sides": [{"side": side, "names": _side(game.players, side), "score": score,
                   "won": game.winner == side} for side, score in game.scores.items()],
    }


def season_data(store: Store, season: str | None = None, recent: int = RECENT_GAMES,
                now: datetime.datetime | None = None) -> dict[str, Any]:
    """The season part of the board: the standings (the rows of ``standings --format
    json``), the games being played (unfinished and saved within ``PLAYING_WITHIN`` of
    ``now``, newest first) and the latest finished games."""
    standings = store.standings(season)
    games = store.games(season)
    since = ((now or datetime.datetime.now(datetime.UTC)) - PLAYING_WITHIN
             ).isoformat(timespec="microseconds")
    return {
        "season": season,
        "ranking": standings.ranking,
        "games": standings.games,
        "players": [row_data(r, False) for r in standings.players],
        "partnerships": [row_data(r, True) for r in standings.partnerships],
        "in_progress": [game_data(g) for g in games
                        if not g.finished and g.updated_at >= since],
        "recent": [game_data(g) for g in games if g.finished][:recent],
    }


def _shared(ranks: list[int]) -> list[bool]:
    return [ranks.count(r) > 1 for r in ranks]


def table_data(table) -> dict[str, Any]:
    """A table of the night (``TableView``) as the board shows it: its two sides' names
    and scores, its state, the hands played and who deals next."""
    return {
        "table": table.table, "game_id": table.game_id, "status": table.status,
        "hands": table.hands, "dealer": table.dealer, "absent": table.absent,
        "dealer_name": table.seats.get(table.dealer) if table.dealer else None,
        "sides": [{"side": side, "names": " & ".join(table.side_players(side)),
                   "score": table.scores.get(side, 0), "won": table.winner == side}
                  for side in ("NS", "EW")],
    }


def night_data(events: EventStore, event_id: str) -> dict[str, Any]:
    """The night part of the board: the event, the current round's tables (or the first
    round's plan before it starts), who sits out, and the night's results as
    ``event results --format json`` has them (plus whether a rank is shared)."""
    view = events.event(event_id)
    shown_round = max(view.current_round, 1)
    tables = events.tables(event_id, shown_round)
    results = night_results(events, event_id).to_json()
    rows = results["rows"]
    for row, shared in zip(rows, _shared([r["rank"] for r in rows])):
        row["shared_rank"] = shared
    return {
        "event_id": view.id, "name": view.name, "date": view.date, "venue": view.venue,
        "movement": view.movement, "by": results["by"], "rounds": view.rounds,
        "current_round": view.current_round, "shown_round": shown_round,
        "complete": results["complete"],
        "playing": any(t.status == "playing" for t in tables),
        "tables": [table_data(t) for t in tables],
        "sitting_out": list(events.sitting_out(event_id, shown_round)),
        "results": rows,
    }
