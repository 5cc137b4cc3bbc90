"""Commands on the season database: import, export, games, standings.

The database layer (sqlite-utils) and the rating package (openskill) are imported inside
the commands, so ``score`` and ``validate`` never load them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

import click

from .common import CONTEXT_SETTINGS, EXIT_BAD_INPUT, fail

REVISION_MAX = 2**63 - 1
"""The largest revision number SQLite can hold (a larger one would not reach the query)."""


def _open_store(ctx: click.Context, *, create: bool):
    """The store on ``--db``: ``create`` to write (import), else only an existing
    database, opened read-only when it cannot be written (games, standings, export)."""
    import sqlite3

    from ..season.storage import (NoSuchDatabaseError, StorageError, Store, default_db_path,
                                  is_damage)

    path = (ctx.obj or {}).get("db_path")
    shown = path or default_db_path()
    try:
        return Store.open(path, create=create)
    except NoSuchDatabaseError:
        fail(f"{shown}: no such database")
    except StorageError as exc:  # of a newer (or, where read-only, older) schema
        fail(f"{shown}: {exc}")
    except (sqlite3.Error, OSError) as exc:
        if is_damage(exc):
            fail(f"{shown}: the season database is damaged: {exc}")
        fail(f"{shown}: cannot open the season database: {exc}")


@contextlib.contextmanager
def _reading(store) -> Iterator[None]:
    """Reading the store: what the file holds is input like any other, so an error from
    a damaged file (or from a table a later scorekeeper changed) becomes a message naming
    it, not a traceback."""
    import sqlite3

    from ..season.storage import StorageError, is_damage

    try:
        yield
    except StorageError:
        raise
    except (sqlite3.Error, ValueError) as exc:
        if store.newer_schema is not None and isinstance(exc, sqlite3.OperationalError):
            fail(f"{store.path}: {store.newer_schema}")
        if is_damage(exc):
            fail(f"{store.path}: the season database is damaged: {exc}")
        if isinstance(exc, sqlite3.Error):
            fail(f"{store.path}: cannot read the season database: {exc}")
        raise


def _not_imported(path: str, exc: Exception) -> str:
    if isinstance(exc, OverflowError):  # sqlite3 refuses integers beyond 64 bits
        return f"{path}: not imported: a number in it is too large for the database ({exc})"
    return f"{path}: not imported: {exc}"


@click.command("import", context_settings=CONTEXT_SETTINGS)
# Not click.Path(dir_okay=False): a folder among the logs is refused as one log is
# ("is a folder, not a log file"), and the others are still imported.
@click.argument("logs", nargs=-1, required=True)
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
    store = _open_store(ctx, create=True)
    counts = {"imported": 0, "updated": 0, "unchanged": 0, "refused": 0}
    try:
        with _reading(store):
            _import_each(store, logs, counts, by, why)
    finally:
        store.close()
    click.echo(", ".join(f"{n} {what}" for what, n in counts.items()))
    if counts["refused"]:
        raise SystemExit(EXIT_BAD_INPUT)


def _import_each(store, logs: tuple[str, ...], counts: dict[str, int], by: str | None,
                 why: str | None) -> None:
    """Import each log in its own transaction, counting and reporting each. A file saved
    before whose game has not changed since is known by its hash (``Store.unchanged_source``)
    and neither validated nor replayed again: the models and the rules are loaded only for
    a file that needs them."""
    import sqlite3

    from ..logs.json_text import JsonTextError, load_log_json, read_log_text
    from ..season.storage import StorageError, is_damage
    from ..season.storage.converters import source_hash, text_hash

    texts: list[tuple[str, ...]] = []  # (text hash, JSON hash) of files known by their JSON
    for path in logs:
        sources: tuple[str, ...] = ()
        try:
            text = read_log_text(path)
            # The very same text again: known before it is even parsed.
            sources = (text_hash(text),)
            known = store.unchanged_source(sources[0])
            if known is None:
                data = load_log_json(text)
        except JsonTextError as exc:  # as read_log words it
            problems = [f"{path}: {exc}"]
        else:
            if known is None:
                try:  # the same data laid out otherwise (spacing, key order)
                    sources += (source_hash(data),)
                except (RecursionError, ValueError):  # nested too deeply to write out again
                    pass
                else:
                    known = store.unchanged_source(sources[-1])
                    if known is not None:
                        texts.append(sources)
            if known is not None:
                counts["unchanged"] += 1
                click.echo(f"{path}: {known.game_id} already stored (revision"
                           f" {known.revision}), unchanged")
                continue
            log, analysis, problems = _checked_log(path, data)
        if problems:
            counts["refused"] += 1
            click.echo("\n".join(problems + [f"{path}: refused, not imported"]), err=True)
            continue
        try:
            result = store.save_game(log, by=by, why=why, analysis=analysis, sources=sources)
        except (StorageError, sqlite3.Error, OverflowError) as exc:
            if is_damage(exc):
                raise  # no log can be imported into a damaged file: _reading says so
            # This log's values, not the database: it is refused, the others go on.
            counts["refused"] += 1
            click.echo(_not_imported(path, exc), err=True)
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
    # Files known by their JSON, not their text (laid out otherwise, or imported before
    # texts were hashed): their texts are recorded, once for the batch.
    store.remember_texts(texts)
    if counts["imported"] or counts["updated"]:
        # Games imported out of date order are rated here, once for the whole batch.
        store.bring_standings_up_to_date()


def _checked_log(path: str, data: object):
    """The parsed log validated and replayed: (log, analysis, problems), problems as
    ``read_log`` and ``validate`` word them (none: it may be saved)."""
    from ..analysis.game import analyse_game
    from ..logs.files import LogError, log_from_data
    from .logs import invalid_lines

    try:
        log = log_from_data(data, str(path))
    except LogError as exc:
        return None, None, [f"{path}: {p}" for p in exc.problems]
    analysis = analyse_game(log)
    return log, analysis, invalid_lines(path, analysis)


@click.command("export", context_settings=CONTEXT_SETTINGS)
@click.argument("game_id")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the log to this file (default: standard output); an existing file"
                   " only with --force.")
@click.option("--force", is_flag=True, help="Replace the --output file if it exists.")
@click.option("--revision", type=click.IntRange(min=1, max=REVISION_MAX), default=None,
              help="An earlier revision of the game (default: the current one).")
@click.pass_context
def export_command(ctx: click.Context, game_id: str, output: str | None, force: bool,
                   revision: int | None) -> None:
    """Write a stored game back as its JSON log, valid under the schema (laid out as
    scorekeeper writes logs)."""
    from ..season.storage import UnknownGameError

    refuse_overwrite(output, force)
    store = _open_store(ctx, create=False)
    try:
        with _reading(store):
            text = store.export_json(game_id, revision)
    except UnknownGameError as exc:
        fail(f"{store.path}: {exc} (scorekeeper games lists them)")
    finally:
        store.close()
    write_output(output, text)


def refuse_overwrite(output: str | None, force: bool) -> None:
    """Exit 2 before any work if ``output`` exists and ``--force`` was not given."""
    if output is not None and not force and os.path.lexists(output):
        fail(f"{output}: already exists; use --force to replace it")


def write_output(output: str | None, text: str) -> None:
    """``text`` to standard output, or whole to the file ``output`` (then say so)."""
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        write_whole(output, text)
    except OSError as exc:
        fail(f"{output}: cannot write: {exc.strerror or exc}")
    click.echo(f"wrote {output}")


def write_whole(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a temporary file in the same
    folder, then renamed over ``path`` (``os.replace``, atomic within a file system), so
    that no reader sees half a log and a failed write leaves any earlier file as it was.
    The file gets the permissions ``open`` would give it (the replaced file's, or the
    umask's), not the temporary file's private ones."""
    import tempfile

    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temporary = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)),
                                     prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
    store = _open_store(ctx, create=False)
    try:
        with _reading(store):
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

    store = _open_store(ctx, create=False)
    try:
        with _reading(store):
            standings = store.standings(season)
    finally:
        store.close()
    click.echo(format_standings(standings, fmt), nl=False)
