"""Opening the season database: where it lives, WAL, the busy timeout, write transactions.

Two processes may import into one file at the same time. SQLite allows one writer at a time;
WAL lets readers go on while a writer works, the busy timeout makes a second writer wait
for the lock instead of failing, and every write starts with ``BEGIN IMMEDIATE`` so that it
takes the write lock before reading anything (a deferred transaction that reads first and
writes later can fail at once with "database is locked", whatever the timeout).
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import sqlite3
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when first needed: it loads numpy, a good part of a command's time
    import sqlite_utils

APP_NAME = "scorekeeper"
DB_FILE_NAME = "scorekeeper.db"
BUSY_TIMEOUT_SECONDS = 30.0
MEMORY = ":memory:"
SCHEMA = ("m001_initial", "m002_nils_against_drafts", "m003_game_sides", "m004_standings_cache",
          "m005_rating_heads")
"""The names of the migrations in ``migrations.py`` (a test keeps the two equal), so that
opening an up-to-date database need not load sqlite-utils."""


def default_db_path() -> pathlib.Path:
    """``scorekeeper.db`` in the user's data folder (platformdirs), e.g.
    ``~/.local/share/scorekeeper/scorekeeper.db`` on Linux."""
    from platformdirs import user_data_dir

    return pathlib.Path(user_data_dir(APP_NAME, appauthor=False)) / DB_FILE_NAME


def resolve_path(path: str | os.PathLike | None) -> str:
    """The path to open: the default file when None, ``:memory:`` kept as is."""
    if path is None:
        return str(default_db_path())
    return os.fspath(path)


def connect(path: str | os.PathLike | None = None) -> sqlite3.Connection:
    """A connection to ``path`` (None: the default file; ``:memory:``: in memory).

    For a file: the parent folders are created, WAL journal mode is switched on (it stays on
    in the file), writers wait up to 30 s for each other, and ``synchronous=NORMAL`` (safe
    with WAL: a power cut can lose the last commits, never corrupt the file).
    """
    target = resolve_path(path)
    if target == MEMORY:
        return sqlite3.connect(MEMORY)
    pathlib.Path(target).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_SECONDS)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
        conn.execute("PRAGMA journal_mode = wal")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def schema_up_to_date(conn: sqlite3.Connection) -> bool:
    try:
        applied = {r[0] for r in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = 'scorekeeper'")}
    except sqlite3.OperationalError:  # no migrations table: a new database
        return False
    return applied >= set(SCHEMA)


@contextlib.contextmanager
def write_transaction(db: sqlite_utils.Database | sqlite3.Connection
                      ) -> Iterator[sqlite3.Connection]:
    """One write transaction that holds the write lock from its first statement.

    Commits on success and rolls back on any error. sqlite-utils calls made inside it
    (``db.atomic()``, ``table.insert``) join it through savepoints.
    """
    conn = getattr(db, "conn", db)
    if conn.in_transaction:
        raise RuntimeError("write_transaction() cannot be nested in an open transaction")
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    else:
        conn.execute("COMMIT")
