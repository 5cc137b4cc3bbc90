"""``scorekeeper sheet``: a stored game's score sheet to print or share."""

from __future__ import annotations

import click

from .common import CONTEXT_SETTINGS, fail
from .season import REVISION_MAX, _open_store, _reading, refuse_overwrite, write_output


@click.command("sheet", context_settings=CONTEXT_SETTINGS)
@click.argument("game_id")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "html"]),
              default="text", show_default=True,
              help="text: for a terminal; markdown: to paste into a chat or a wiki; html: one"
                   " file to open in a browser or print (one A4 or Letter page for a typical"
                   " game).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the sheet to this file (default: standard output); an existing file"
                   " only with --force.")
@click.option("--force", is_flag=True, help="Replace the --output file if it exists.")
@click.option("--revision", type=click.IntRange(min=1, max=REVISION_MAX), default=None,
              help="An earlier revision of the game (default: the current one).")
@click.pass_context
def sheet_command(ctx: click.Context, game_id: str, fmt: str, output: str | None, force: bool,
                  revision: int | None) -> None:
    """The score sheet of a stored game: the players, every hand with its bids, tricks and
    points (with their parts), the running totals, the referee's rulings and the result.

    The figures are those of `scorekeeper score` on the game's log (rulings applied).
    """
    from ..analysis.game import analyse_game
    from ..logs.files import LogError, parse_log
    from ..season.storage import UnknownGameError
    from ..web.sheet import render_sheet

    refuse_overwrite(output, force)
    store = _open_store(ctx, create=False)
    try:
        with _reading(store):
            text = (store.game_json(game_id) if revision is None
                    else store.revision_json(game_id, revision))
    except UnknownGameError as exc:
        fail(f"{store.path}: {exc} (scorekeeper games lists them)")
    finally:
        store.close()
    try:
        log = parse_log(text, f"{store.path}: game {game_id}")
    except LogError as exc:  # stored by an older version, or edited by hand
        fail([f"{exc.source}: {p}" for p in exc.problems])
    write_output(output, render_sheet(analyse_game(log), fmt))
