"""The season database: every game kept whole (its validated JSON log and every revision) in
one SQLite file, with derived tables (games, hands, seats, players) for queries.

``Store.open(path)`` is the way in. The CLI imports this package only inside the commands
that use the database; sqlite-utils itself is loaded only to migrate a database (or when
``Store.db`` is used).
"""

from .db import default_db_path, is_damage
from .errors import NewerSchemaError, NoSuchDatabaseError, StorageError
from .store import GameRejected, GameSummary, Revision, SaveResult, Store, UnknownGameError

__all__ = ["default_db_path", "is_damage", "Store", "SaveResult", "GameSummary", "Revision",
           "StorageError", "NoSuchDatabaseError", "NewerSchemaError", "UnknownGameError",
           "GameRejected"]
