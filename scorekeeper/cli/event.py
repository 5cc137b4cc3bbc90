"""``scorekeeper event``: run a card night from the command line (create it, start its
rounds, check players in and out, settle tables, print the schedule and the results, move it
to another machine). A thin layer over ``scorekeeper.event``; the JSON outputs are
contracts."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import click

from ..event.records import ROUND_MINUTES_MAX
from .common import CONTEXT_SETTINGS, fail
from .season import _open_store, _reading, refuse_overwrite, write_output

MOVEMENT_CHOICES = ("individual", "round-robin", "swiss")
ROUND_MAX = 10_000


@contextlib.contextmanager
def _events(ctx: click.Context, *, create: bool, write: bool) -> Iterator:
    """The event store on ``--db``; ``create``: make the file if need be; ``write``: refuse
    a database that cannot be written. Event errors become a message and exit status 2."""
    from ..event.records import EventError
    from ..event.store import EventStore

    store = _open_store(ctx, create=create)
    if write and not store.writable:
        store.close()
        fail(f"{store.path}: the database cannot be written to here"
             f"{f' ({store.newer_schema})' if store.newer_schema else ''}")
    events = EventStore(store)
    try:
        with _reading(store):
            yield events
    except EventError as exc:
        hint = " (scorekeeper event list lists them)" if isinstance(exc, KeyError) else ""
        fail(f"{store.path}: {exc}{hint}")
    finally:
        events.close()


def _names(text: str, option: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(","))
    if not any(names):
        fail(f"{option}: no names given")
    if not all(names):
        fail(f"{option}: an empty name in {text!r} (names are separated by commas)")
    return names


def _pairs(text: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for item in _names(text, "--pairs"):
        members = [m.strip() for m in item.split("+")]
        if len(members) != 2 or not all(members):
            fail(f"--pairs: {item!r} is not a pair (write two names joined by '+', e.g."
                 " 'Ann+Bob')")
        pairs.append((members[0], members[1]))
    return tuple(pairs)


@click.group("event", context_settings=CONTEXT_SETTINGS)
def event_group() -> None:
    """Card nights: several tables, rounds, a movement, the night's results.

    A night is created with its players and movement, then each round is started; the
    tables' games are ordinary games of the season database (entered in the app), so they
    count in the season standings too. See docs/events.md.
    """


@event_group.command("create", context_settings=CONTEXT_SETTINGS)
@click.option("--name", required=True, help="The night's name, e.g. 'Friday club night'.")
@click.option("--date", required=True, help="The day, YYYY-MM-DD.")
@click.option("--movement", required=True, type=click.Choice(MOVEMENT_CHOICES),
              help="individual: rotating partners (results per player); round-robin: fixed"
                   " pairs, each meets each; swiss: fixed pairs paired by standing.")
@click.option("--players", default=None,
              help="Individual movement: the players, separated by commas: \"A,B,C,...\".")
@click.option("--pairs", default=None,
              help="Fixed pairs (round-robin, swiss): \"A+B,C+D,...\", in seeding order.")
@click.option("--rounds", type=click.IntRange(1, ROUND_MAX), default=None,
              help="Rounds to play (default: the full movement; swiss: ceil(log2(pairs))).")
@click.option("--rules", "preset", default="standard", show_default=True,
              help="The house-rule preset the games are played under (docs/rules.md §10).")
@click.option("--venue", default=None, help="Where the night is played.")
@click.option("--season", default=None, help="The season its games count in.")
@click.option("--target", type=click.IntRange(1, None), default=None,
              help="A round ends when a side reaches this score (default: the preset's"
                   " target).")
@click.option("--hands", type=click.IntRange(1, None), default=None,
              help="A round ends after this many hands (default: no limit).")
@click.option("--minutes", type=click.IntRange(1, ROUND_MINUTES_MAX), default=None,
              help="The round's length in minutes: the app's round clock counts it down from"
                   " the round's start and, when it is over, asks the director to call time"
                   " (default: no clock; time may always be called).")
@click.option("--id", "event_id", default=None,
              help="The event's id (default: the date and the name, e.g."
                   " 2026-11-27-friday-club-night).")
@click.pass_context
def create_command(ctx: click.Context, name: str, date: str, movement: str,
                   players: str | None, pairs: str | None, rounds: int | None, preset: str,
                   venue: str | None, season: str | None, target: int | None,
                   hands: int | None, minutes: int | None, event_id: str | None) -> None:
    """Create a night and plan its rounds; prints the event's id."""
    from ..event.records import EventSpec
    from ..rules.settings import PRESETS

    fixed = movement != "individual"
    if fixed and players is not None:
        fail(f"--players: the {movement} movement plays fixed pairs: give --pairs"
             " \"A+B,C+D,...\"")
    if not fixed and pairs is not None:
        fail("--pairs: the individual movement rotates partners: give --players \"A,B,C,...\"")
    if fixed and pairs is None:
        fail(f"--pairs: the {movement} movement needs the pairs: --pairs \"A+B,C+D,...\"")
    if not fixed and players is None:
        fail("--players: the individual movement needs the players: --players \"A,B,C,...\"")
    if preset not in PRESETS:
        fail(f"--rules: no house-rule preset {preset!r} (known: {', '.join(PRESETS)})")
    spec = EventSpec(
        name=name, date=date, movement=movement,
        players=_names(players, "--players") if players is not None else (),
        pairs=_pairs(pairs) if pairs is not None else (), rounds=rounds, preset=preset,
        venue=venue, target=target, hands=hands, minutes=minutes, season=season,
        event_id=event_id)
    with _events(ctx, create=True, write=True) as events:
        created = events.create_event(spec)
    click.echo(created)


@event_group.command("list", context_settings=CONTEXT_SETTINGS)
@click.pass_context
def list_command(ctx: click.Context) -> None:
    """List the nights, newest first: date, id, name, movement, round (started of planned)
    and players present."""
    from ..event.formats import format_events

    with _events(ctx, create=False, write=False) as events:
        text = format_events(events.events())
    click.echo(text, nl=False)


@event_group.command("schedule", context_settings=CONTEXT_SETTINGS)
@click.argument("event_id", metavar="EVENT")
@click.option("--round", "round_number", type=click.IntRange(1, ROUND_MAX), default=None,
              help="Only this round (default: every round planned).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="table: for the terminal; json: for other tools (a"
                                      " contract).")
@click.option("--counts", is_flag=True,
              help="After the schedule, how often each two players partner and oppose each"
                   " other over the rounds shown, and the rounds each sits out (table format"
                   " only).")
@click.pass_context
def schedule_command(ctx: click.Context, event_id: str, round_number: int | None,
                     fmt: str, counts: bool) -> None:
    """The night's schedule: per round, each table's seats (N-S against E-W) and who sits
    out. A Swiss round is paired when it starts."""
    from ..event.formats import format_schedule

    if counts and fmt != "table":
        fail("--counts: the partner and opponent counts are printed with --format table")

    with _events(ctx, create=False, write=False) as events:
        view = events.event(event_id)
        plans = events.schedule(event_id)
    if round_number is not None:
        plans = [p for p in plans if p.round == round_number]
        if not plans:
            fail(f"{event_id}: no round {round_number} planned (scorekeeper event schedule"
                 f" {event_id} lists them)")
    click.echo(format_schedule(view, plans, fmt, whole=round_number is None), nl=False)
    if counts and plans:
        from ..event.movements import meeting_report

        click.echo("\nPartners and opponents over " + (
            f"round {round_number}" if round_number is not None else
            f"the {len(plans)} rounds planned") + ":\n")
        click.echo(meeting_report(plans).render_table(), nl=False)


@event_group.command("results", context_settings=CONTEXT_SETTINGS)
@click.argument("event_id", metavar="EVENT")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json", "markdown"]),
              default="table", show_default=True,
              help="table: for the terminal; csv: for a spreadsheet; json: for other tools"
                   " (a contract); markdown: to paste into a page.")
@click.pass_context
def results_command(ctx: click.Context, event_id: str, fmt: str) -> None:
    """The night's results per player (individual) or per pair (fixed): rounds played, byes,
    games won, points, points difference and rank, with the tie-break that placed each row
    (docs/events.md declares the rules)."""
    from ..event.results import format_results, night_results

    with _events(ctx, create=False, write=False) as events:
        results = night_results(events, event_id)
    click.echo(format_results(results, fmt), nl=False)


@event_group.command("start-round", context_settings=CONTEXT_SETTINGS)
@click.argument("event_id", metavar="EVENT")
@click.pass_context
def start_round_command(ctx: click.Context, event_id: str) -> None:
    """Start the next round: its tables' games are created (enter them in the app). Refused
    while a table of the current round is still playing."""
    from ..event.formats import format_tables

    with _events(ctx, create=False, write=True) as events:
        tables = events.start_round(event_id)
        sitting = events.sitting_out(event_id, tables[0].round) if tables else ()
        minutes = events.event(event_id).round_end.minutes
    number = tables[0].round if tables else 0
    clock = (f": {minutes} minute{'s' if minutes != 1 else ''} on the app's round clock"
             if minutes else "")
    click.echo(f"round {number} of {event_id} started{clock}")
    click.echo(format_tables(tables, sitting), nl=False)


@event_group.command("check-in", context_settings=CONTEXT_SETTINGS)
@click.argument("event_id", metavar="EVENT")
@click.argument("name")
@click.pass_context
def check_in_command(ctx: click.Context, event_id: str, name: str) -> None:
    """Check a player in (fixed pairs: "A+B"), late arrivals too: seated from the next
    round; the rounds not started are planned again."""
    with _events(ctx, create=False, write=True) as events:
        view = events.check_in(event_id, name)
    _say_replanned(view, f"{_as_entered(view, name)} checked in to {view.id}")


@event_group.command("withdraw", context_settings=CONTEXT_SETTINGS)
@click.argument("event_id", metavar="EVENT")
@click.argument("name")
@click.pass_context
def withdraw_command(ctx: click.Context, event_id: str, name: str) -> None:
    """A player leaves (fixed: his pair leaves): not seated after the current round; his
    rounds played stay; the rounds not started are planned again."""
    with _events(ctx, create=False, write=True) as events:
        view = events.withdraw(event_id, name)
    _say_replanned(view, f"{_as_entered(view, name)} withdrawn from {view.id}")


def _as_entered(view, name: str) -> str:
    """``name`` as the event keeps it ('bob' is Bob); fixed pairs: the pair, "Cat+Dan"."""
    from ..logs.identifiers import player_key

    kept = {player_key(p.name): p for p in view.players}
    first = kept.get(player_key(name.split("+")[0]))
    if view.fixed and first is not None and first.pair is not None:
        return "+".join(p.name for p in view.players if p.pair == first.pair)
    return "+".join(kept[player_key(part)].name if player_key(part) in kept else part.strip()
                    for part in name.split("+"))


def _say_replanned(view, what: str) -> None:
    first = view.current_round + 1
    if view.movement == "swiss" and view.current_round:
        plan = "the next round is paired when it starts"
    elif first > view.rounds:
        plan = "no round left to plan"
    elif first == view.rounds:
        plan = f"round {first} planned again"
    else:
        plan = f"rounds {first}-{view.rounds} planned again"
    click.echo(f"{what}; {plan}")


@event_group.command("table-status", context_settings=CONTEXT_SETTINGS)
@click.argument("event_id", metavar="EVENT")
@click.argument("round_number", metavar="ROUND", type=click.IntRange(1, ROUND_MAX))
@click.argument("table", type=click.IntRange(1, ROUND_MAX))
@click.argument("status", metavar="STATUS",
                type=click.Choice(["unfinished", "no_show", "playing"]))
@click.option("--absent", type=click.Choice(["NS", "EW"]), default=None,
              help="no_show: the side that did not come.")
@click.pass_context
def table_status_command(ctx: click.Context, event_id: str, round_number: int, table: int,
                         status: str, absent: str | None) -> None:
    """Settle a table whose game did not end by the round's rules: unfinished (scored as it
    stands), no_show (with --absent: the side present wins by forfeit with the round's
    average), or playing (takes the word back). See docs/events.md."""
    with _events(ctx, create=False, write=True) as events:
        view = events.set_table_status(event_id, round_number, table, status, absent=absent)
    absent_text = f", {view.absent} absent" if view.absent else ""
    click.echo(f"{event_id} round {round_number}, table {table}: {view.status}{absent_text}")


@event_group.command("export", context_settings=CONTEXT_SETTINGS)
@click.argument("event_id", metavar="EVENT")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the bundle to this file (default: standard output); an existing"
                   " file only with --force.")
@click.option("--force", is_flag=True, help="Replace the --output file if it exists.")
@click.pass_context
def export_command(ctx: click.Context, event_id: str, output: str | None, force: bool) -> None:
    """Write the night as one bundle: its spades-event document (schemas/spades-event.v1.json)
    with its games, to import on another machine."""
    from ..event.bundle import bundle_text

    refuse_overwrite(output, force)
    with _events(ctx, create=False, write=False) as events:
        text = bundle_text(events, event_id)
    write_output(output, text)


@event_group.command("import", context_settings=CONTEXT_SETTINGS)
@click.argument("bundle", metavar="FILE")
@click.option("--by", default=None, help="Who imports (kept with each new revision).")
@click.option("--force", is_flag=True,
              help="Import over the database's night of the same id even when it is another"
                   " night, or further along than the bundle (its rows are replaced; its"
                   " games' earlier revisions are kept).")
@click.pass_context
def import_command(ctx: click.Context, bundle: str, by: str | None, force: bool) -> None:
    """Import a night's bundle (event export). Importing it again changes nothing; a game
    changed since becomes its next revision (the earlier one kept), as game imports do. A
    bundle of another night of the same id, or behind the database's night, is refused
    (each difference named) unless --force; nothing is written when anything is refused."""
    from ..event.bundle import ImportConflict, import_bundle
    from ..logs.event_document import EventDocumentError, read_event_document

    try:
        document = read_event_document(bundle)
    except EventDocumentError as exc:
        fail([f"{exc.source}: {p}" for p in exc.problems] + [f"{bundle}: not imported"])
    with _events(ctx, create=True, write=True) as events:
        try:
            report = import_bundle(events, document, bundle, by=by, force=force)
        except ImportConflict as exc:
            refusal = (f"{bundle}: not imported: the database's night {document.event_id}"
                       " would be replaced by it (--force imports it all the same)")
            fail([f"{exc.source}: {p}" for p in exc.problems] + [refusal])
        except EventDocumentError as exc:
            fail([f"{exc.source}: {p}" for p in exc.problems] + [f"{bundle}: not imported"])
    click.echo(f"{bundle}: {report.summary()}")
