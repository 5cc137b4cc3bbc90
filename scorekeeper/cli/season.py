"""Commands on the season database: import, export, games, standings.

The database layer (sqlite-utils) and the rating package (openskill) are imported inside
the commands, so ``score`` and ``validate`` never load them.
"""

from __future__ import annotations

import click

from .common import CONTEXT_SETTINGS, EXIT_BAD_INPUT, fail


def _open_store(ctx: click.Context):
    import sqlite3

    from ..season.storage import StorageError, Store

    path = (ctx.obj or {}).get("db_path")
    try:
        return Store.open(path)
    except (sqlite3.Error, OSError, StorageError) as exc:
        from ..season.storage import default_db_path

        fail(f"{path or default_db_path()}: cannot open the season database: {exc}")


@click.command("import", context_settings=CONTEXT_SETTINGS)
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--by", default=None, help="Who imports (kept with each new revision).")
@click.option("--why", default=None, help="Why (kept with each new revision).")
@click.pass_context
def import_command(ctx: click.Context, logs: tuple[str, ...], by: str | None,
                   why: str | None) -> None:
    """Import game logs into the season database.

    A game imported twice is stored once. A log whose game is already stored with other
    content (same game_id, or same date, table, players and season) becomes its next
    revision; the earlier version is kept. Logs that `scorekeeper validate` refuses are
    refused with its messages; the others are imported all the same, each in its own
    transaction. Exit status 2 if any log was refused.
    """
    import sqlite3

    from ..analysis.game import analyse_game
    from ..logs.files import LogError, read_log
    from ..season.storage import StorageError
    from .logs import invalid_lines

    store = _open_store(ctx)
    counts = {"imported": 0, "updated": 0, "unchanged": 0, "refused": 0}
    try:
        for path in logs:
            try:
                log = read_log(path)
            except LogError as exc:
                problems = [f"{path}: {p}" for p in exc.problems]
            else:
                analysis = analyse_game(log)
                problems = invalid_lines(path, analysis)
            if problems:
                counts["refused"] += 1
                click.echo("\n".join(problems + [f"{path}: refused, not imported"]), err=True)
                continue
            try:
                result = store.save_game(log, by=by, why=why, analysis=analysis)
            except (StorageError, sqlite3.Error) as exc:
                counts["refused"] += 1
                click.echo(f"{path}: not imported: {exc}", err=True)
                continue
            if result.created:
                counts["imported"] += 1
                click.echo(f"{path}: imported as {result.game_id}")
            elif result.changed:
                counts["updated"] += 1
                click.echo(f"{path}: {result.game_id} updated to revision {result.revision}"
                           f" (revision {result.revision - 1} kept)")
            else:
                counts["unchanged"] += 1
                click.echo(f"{path}: {result.game_id} already stored (revision"
                           f" {result.revision}), unchanged")
        if counts["imported"] or counts["updated"]:
            # Games imported out of date order are rated here, once for the whole batch.
            store.bring_standings_up_to_date()
    finally:
        store.close()
    click.echo(", ".join(f"{n} {what}" for what, n in counts.items()))
    if counts["refused"]:
        raise SystemExit(EXIT_BAD_INPUT)


@click.command("export", context_settings=CONTEXT_SETTINGS)
@click.argument("game_id")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the log to this file (default: standard output).")
@click.option("--revision", type=click.IntRange(min=1), default=None,
              help="An earlier revision of the game (default: the current one).")
@click.pass_context
def export_command(ctx: click.Context, game_id: str, output: str | None,
                   revision: int | None) -> None:
    """Write a stored game back as its JSON log, valid under the schema (laid out as
    scorekeeper writes logs)."""
    from ..season.storage import UnknownGameError

    store = _open_store(ctx)
    try:
        text = store.export_json(game_id, revision)
    except UnknownGameError as exc:
        fail(f"{store.path}: {exc} (scorekeeper games lists them)")
    finally:
        store.close()
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror}")
    click.echo(f"wrote {output}")


def format_games(games) -> str:
    """The games list as an aligned table (the ``games`` command's output)."""
    if not games:
        return ""
    headers = ("Date", "Table", "Players", "Score", "Result", "Game")
    rows = []
    for g in games:
        sides = list(g.scores)
        players = " v ".join(g.side_names(s) for s in sides)
        score = " v ".join(str(g.scores[s]) for s in sides)
        hands = f"{g.hands} hand{'s' if g.hands != 1 else ''}"
        result = (f"{g.winner_names} won ({hands})" if g.finished
                  else f"unfinished ({hands})")
        rows.append((g.date or "-", g.table or "-", players, score, result, g.game_id))
    widths = [max(len(c) for c in col) for col in zip(headers, *rows)]
    return "".join("  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip() + "\n"
                   for cells in [headers, *rows])


@click.command("games", context_settings=CONTEXT_SETTINGS)
@click.option("--season", default=None, help="Only this season's games.")
@click.pass_context
def games_command(ctx: click.Context, season: str | None) -> None:
    """List the stored games, newest first: date, table, players, score, winner (or
    unfinished) and the game id (for export)."""
    store = _open_store(ctx)
    try:
        games = store.games(season)
    finally:
        store.close()
    if not games:
        click.echo(f"no games{f' in season {season!r}' if season is not None else ''}")
        return
    click.echo(format_games(games), nl=False)


@click.command("standings", context_settings=CONTEXT_SETTINGS)
@click.option("--season", default=None, help="Only this season's games (default: all).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json", "markdown"]),
              default="table", show_default=True,
              help="table: for the terminal; csv: for a spreadsheet; json: for other tools"
                   " (a contract); markdown: to paste into a page.")
@click.pass_context
def standings_command(ctx: click.Context, season: str | None, fmt: str) -> None:
    """Season standings per player and per partnership: games, wins, losses, win
    percentage, hands, points for and against, points per hand, Nil and Blind Nil bids
    made, bags, bag penalties, sets and an openskill rating.

    Finished games only (unfinished ones are listed apart). The ranking rule and its
    tie-breaks are printed with the standings; equal rows share a rank. A two-player
    game counts its player as a partnership of one, "Name (alone)".
    """
    from ..season.standings_formats import format_standings

    store = _open_store(ctx)
    try:
        standings = store.standings(season)
    finally:
        store.close()
    click.echo(format_standings(standings, fmt), nl=False)
