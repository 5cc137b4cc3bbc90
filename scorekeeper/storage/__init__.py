"""The season database: every game kept whole (its validated JSON log and every revision) in
one SQLite file, with derived tables (games, hands, seats, players) for queries.

``Store.open(path)`` is the way in. This package imports sqlite-utils; the CLI imports it
only inside the commands that use the database.
"""

from .db import default_db_path
from .store import (GameRejected, GameSummary, Revision, SaveResult, StorageError, Store,
                    UnknownGameError)

__all__ = ["default_db_path", "Store", "SaveResult", "GameSummary", "Revision",
           "StorageError", "UnknownGameError", "GameRejected"]
