"""``scorekeeper`` with no command: the app on the season database."""

from __future__ import annotations

from .common import fail


def run_app(db_path: str | None) -> None:
    """Open the database (default: the user data folder) and run the app until it quits."""
    import sqlite3

    from ..season.storage import StorageError, Store
    from ..tui.app import ScorekeeperApp

    try:
        store = Store.open(db_path)
    except (StorageError, OSError, sqlite3.Error) as exc:
        fail(f"{db_path or 'the default database'}: cannot open: {exc}")
    try:
        ScorekeeperApp(store).run()
    finally:
        store.close()
