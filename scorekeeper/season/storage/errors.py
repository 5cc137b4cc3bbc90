"""The season database's errors, in a module of their own so that every module of the
package can raise them (``store`` imports the others)."""

from __future__ import annotations


class StorageError(ValueError):
    """A problem with the season database or what is asked of it."""


class NoSuchDatabaseError(StorageError):
    """Reading asked of a database file that is not there (reading never creates one)."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__("no such database")


class NewerSchemaError(StorageError):
    """The database was changed by a later scorekeeper (a migration this one does not
    know): it is not written to."""
