"""The ``scorekeeper`` command group: its options, and its commands loaded by name.

Each command parses its arguments, calls the library and prints; a bad input becomes a
message naming the file and place, with exit status 2, never a traceback. Heavy modules (the
app, the database) are imported inside the commands that need them, so ``score`` and
``validate`` start fast. (``scorekeeper audit`` of a plain command line does not even come
here: ``cli.run`` runs it without click, see ``cli/audit_run.py``.)
"""

from __future__ import annotations

import importlib
import os

import click

from .common import CONTEXT_SETTINGS, fail


class LazyGroup(click.Group):
    """A group whose commands are imported when one is run or listed (click's documented
    "lazily loading subcommands"): ``scorekeeper audit`` loads the audit command's module and
    not the season database's or the log commands'."""

    def __init__(self, *args, lazy_commands: dict[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = lazy_commands
        """Command name -> ``module:attribute`` of its click command, relative to here."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            module, attribute = self.lazy_commands[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module, __package__), attribute),
                             cmd_name)
        return super().get_command(ctx, cmd_name)


_COMMANDS = {
    "score": ".logs:score_command", "validate": ".logs:validate_command",
    "schema": ".logs:schema_command", "audit": ".audit:audit_command",
    "import": ".season:import_command", "export": ".season:export_command",
    "games": ".season:games_command", "standings": ".season:standings_command",
    "sheet": ".sheet:sheet_command",
    "event": ".event:event_group", "publish": ".publish:publish_command",
    "serve": ".serve:serve_command",
}


DB_VARIABLE = "SCOREKEEPER_DB"
_DB_COMMANDS = frozenset({"import", "export", "games", "standings", "sheet", "event", "publish",
                          "serve"})
"""The commands on the season database (besides the app, run without a command)."""


@click.group(cls=LazyGroup, lazy_commands=_COMMANDS, context_settings=CONTEXT_SETTINGS,
             invoke_without_command=True)
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              envvar=DB_VARIABLE,
              help="The season database (SQLite). Default: scorekeeper.db in your user data"
                   " folder. import and the app create it on first use; games, standings and"
                   " export read it (read-only where it cannot be written).")
@click.version_option(package_name="scorekeeper", message="scorekeeper %(version)s")
@click.pass_context
def main(ctx: click.Context, db_path: str | None) -> None:
    """Spades referee: score a card night, audit a disputed hand, keep a season.

    Without a command, opens the scorekeeping app on the season database.
    """
    if ctx.invoked_subcommand is None or ctx.invoked_subcommand in _DB_COMMANDS:
        # sqlite3 opens "" as a private temporary database, gone when closed: an import
        # would report games stored nowhere. click reads an empty SCOREKEEPER_DB as unset.
        if db_path == "":
            fail("--db: the database path is empty")
        if db_path is None and os.environ.get(DB_VARIABLE) == "":
            fail(f"{DB_VARIABLE}: the database path is empty")
    ctx.ensure_object(dict)
    ctx.obj["db_path"] = db_path
    if ctx.invoked_subcommand is None:
        from .app import run_app

        run_app(db_path)


__all__ = ["LazyGroup", "main"]
