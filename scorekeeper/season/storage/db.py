"""Opening the season database: where it lives, WAL, the busy timeout, write transactions.

Two processes may import into one file at the same time. SQLite allows one writer at a time;
WAL lets readers go on while a writer works, the busy timeout makes a second writer wait
for the lock instead of failing, and every write starts with ``BEGIN IMMEDIATE`` so that it
takes the write lock before reading anything (a deferred transaction that reads first and
writes later can fail at once with "database is locked", whatever the timeout).
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import re
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
          "m005_rating_heads", "m006_events", "m007_import_sources", "m008_game_sides_nils")
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


def connect(path: str | os.PathLike | None = None, *, create: bool = True
            ) -> sqlite3.Connection:
    """A connection to ``path`` (None: the default file; ``:memory:``: in memory).

    For a file: the parent folders are created, WAL journal mode is switched on (it stays on
    in the file), writers wait up to 30 s for each other, and ``synchronous=NORMAL`` (safe
    with WAL: a power cut can lose the last commits, never corrupt the file). ``create``
    False: the file must exist already (SQLite's ``mode=rw``: a file removed meanwhile is
    not made again, empty).
    """
    target = resolve_path(path)
    if target == MEMORY:
        return sqlite3.connect(MEMORY)
    if create:
        pathlib.Path(target).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_SECONDS)
    else:
        conn = sqlite3.connect(f"{_uri(target)}?mode=rw", uri=True,
                               timeout=BUSY_TIMEOUT_SECONDS)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
        conn.execute("PRAGMA journal_mode = wal")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _uri(target: str) -> str:
    # as_uri percent-encodes what SQLite would read as the URI's own ("?", "#", "%").
    return pathlib.Path(target).absolute().as_uri()


def can_write(target: str) -> bool:
    """Whether this process may write the file and create files beside it (WAL keeps its
    ``-wal`` and ``-shm`` files in the same folder). ``access`` answers for this user and
    for a file system mounted read-only."""
    folder = os.path.dirname(os.path.abspath(target))
    return os.access(target, os.W_OK) and os.access(folder, os.W_OK)


def connect_read_only(target: str) -> sqlite3.Connection:
    """A read-only connection to an existing file that cannot be written (``can_write``),
    which writes nothing, beside it either.

    Without a ``-wal`` file (no connection has the database open in WAL mode, so every
    commit is in the file itself) it is opened ``immutable``: read as it is, without
    locks. SQLite's plain ``mode=ro`` would fail in a folder that cannot be written (it
    must create the ``-shm`` file of a WAL database) and, in one that can, would leave
    ``-shm`` and ``-wal`` files of this user's that the file's owner might then not be
    able to write. With a ``-wal`` file (a writer at work, or one that stopped short)
    ``mode=ro`` reads the commits it holds, through the writer's ``-shm``."""
    if not os.path.exists(f"{target}-wal"):
        conn = sqlite3.connect(f"{_uri(target)}?mode=ro&immutable=1", uri=True)
    else:
        conn = sqlite3.connect(f"{_uri(target)}?mode=ro", uri=True,
                               timeout=BUSY_TIMEOUT_SECONDS)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    return conn


def applied_migrations(conn: sqlite3.Connection) -> set[str]:
    """The names of the migrations applied to the database (none: a new database)."""
    try:
        return {r[0] for r in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = 'scorekeeper'")}
    except sqlite3.OperationalError as exc:  # no migrations table: a new database
        if "no such table" not in str(exc):
            raise
        return set()


def schema_version(applied: set[str]) -> int:
    """The schema version the migrations applied make: the number of the latest
    (``m007_...`` is 7), or how many there are when a name does not say."""
    numbers = [int(m.group(1)) for m in map(_NUMBERED.match, applied) if m]
    return max([len(applied), *numbers])


_NUMBERED = re.compile(r"^m(\d+)_")


def newer_schema_problem(applied: set[str]) -> str | None:
    """Why this program must not write the database: a migration it does not know was
    applied (a later scorekeeper's). None when it knows them all."""
    if applied <= set(SCHEMA):
        return None
    return (f"this database is of schema version {schema_version(applied)}, newer than this"
            f" scorekeeper ({len(SCHEMA)}); update scorekeeper to change it")


def user_version(conn: sqlite3.Connection) -> int:
    """SQLite's ``user_version``: here, the format of the standings caches
    (``cache.CACHE_VERSION``)."""
    return conn.execute("PRAGMA user_version").fetchone()[0]


def is_damage(exc: BaseException) -> bool:
    """Whether an error reading the database says that the file is damaged (rather than
    locked, or not there): SQLite's "malformed" and "not a database", a text that is not
    UTF-8 where SQLite keeps text, or JSON in a stored column that does not parse."""
    if isinstance(exc, (json.JSONDecodeError, UnicodeDecodeError)):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    name = getattr(exc, "sqlite_errorname", None)
    return (type(exc) is sqlite3.DatabaseError or name in ("SQLITE_CORRUPT", "SQLITE_NOTADB")
            or str(exc).startswith("Could not decode to UTF-8"))


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
