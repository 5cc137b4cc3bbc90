"""The ``scorekeeper`` command: a thin click layer over the library.

Each command parses its arguments, calls the library and prints; a bad input becomes a
message naming the file and place, with exit status 2, never a traceback. Heavy modules (the
app, the database) are imported inside the commands that need them, so ``score`` and
``validate`` start fast.
"""

from __future__ import annotations

import gc

import click

from .common import CONTEXT_SETTINGS
from .logs import schema_command, score_command, validate_command


@click.group(context_settings=CONTEXT_SETTINGS, invoke_without_command=True)
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              envvar="SCOREKEEPER_DB",
              help="The season database (SQLite). Default: scorekeeper.db in your user data"
                   " folder, created on first use.")
@click.version_option(package_name="scorekeeper", message="scorekeeper %(version)s")
@click.pass_context
def main(ctx: click.Context, db_path: str | None) -> None:
    """Spades referee: score a card night, audit a disputed hand, keep a season.

    Without a command, opens the scorekeeping app on the season database.
    """
    ctx.ensure_object(dict)
    ctx.obj["db_path"] = db_path
    if ctx.invoked_subcommand is None:
        from .app import run_app

        run_app(db_path)


main.add_command(score_command)
main.add_command(validate_command)
main.add_command(schema_command)


def _register_optional() -> None:
    """Commands whose modules arrive with later parts of the tool (audit, season database)."""
    import importlib

    for module, names in (("audit", ("audit_command",)),
                          ("season", ("import_command", "export_command", "games_command",
                                      "standings_command"))):
        try:
            mod = importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{module}":
                raise
            continue
        for name in names:
            main.add_command(getattr(mod, name))


_register_optional()


def run() -> None:
    """The ``scorekeeper`` program: ``main`` in a process of its own (the console script).

    When the command is done the process ends: the heap is frozen first, so that the
    interpreter's last cycle collection at exit does not walk every object the command built
    (7 ms of a 2,000-hand audit's 0.15 s). Not in ``main`` itself, which tests and other
    programs call in a process that goes on.
    """
    try:
        main(prog_name="scorekeeper")
    finally:
        gc.freeze()
