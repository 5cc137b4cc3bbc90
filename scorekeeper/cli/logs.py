"""Commands on game-log files: score, validate, schema."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

import click

from .common import CONTEXT_SETTINGS, EXIT_BAD_INPUT, fail, finding_place, log_problems


def load_analysis(path: str):
    """Read and replay a log, or exit 2 with every problem named."""
    from ..analysis.long_logs import analyse_file_lean

    warnings: list[str] = []
    try:
        analysis = analyse_file_lean(path, warnings)
    except ValueError as exc:  # a LogError, named without importing pydantic (see common)
        problems = log_problems(exc)
        if problems is None:
            raise
        fail([f"{exc.source}: {p}" for p in problems])
    for w in warnings:
        click.echo(f"warning: {w}", err=True)
    return analysis


def invalid_lines(path: str, analysis) -> list[str]:
    return [f"{path}: {finding_place(f.hand, f.finding.trick)}: {f.finding.message}"
            f" [{f.finding.code}]" for f in analysis.invalid]


@click.command("score", context_settings=CONTEXT_SETTINGS)
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="table: for people; json: for other tools (a contract).")
def score_command(log: str, fmt: str) -> None:
    """Score a game log hand by hand: bids, tricks, points with their parts, running score
    and bags, who deals next and the winner.

    Tricks of a card-by-card hand are taken from its play. A log that is physically
    impossible (see validate) is refused.
    """
    from ..analysis.score_sheet import format_score_table, score_report

    analysis = load_analysis(log)
    bad = invalid_lines(log, analysis)
    if bad:
        fail(bad + [f"{log}: not scored; fix the log (scorekeeper validate lists every problem)"])
    if fmt == "json":
        report = score_report(analysis)
        del analysis  # (a long game's hands: let them go while the text is written)
        echo_pieces(report_pieces(report))
    else:
        click.echo(format_score_table(analysis), nl=False)


def echo_pieces(pieces: Iterable[str], size: int = 1 << 20) -> None:
    """Print the text made of ``pieces`` and a line break, about ``size`` characters at a
    time (not the whole text at once: click.echo copies a text to add the line break, then
    again to encode it)."""
    batch: list[str] = []
    held = 0
    for piece in pieces:
        batch.append(piece)
        held += len(piece)
        if held >= size:
            click.echo("".join(batch), nl=False)
            batch, held = [], 0
    click.echo("".join(batch))


_HANDS_MARK = "\x00hands\x00"


def report_pieces(report: dict) -> Iterator[str]:
    """``json.dumps(report, indent=2)`` in pieces, its ``hands`` written one at a time, each
    hand's objects let go once written (the report is used up): a 10,000-hand game's report
    as objects, and as the pieces ``json``'s indenting encoder makes, is some 100 MB; its text
    13 MB."""
    hands = report.get("hands")
    if not isinstance(hands, list) or not hands:
        yield json.dumps(report, indent=2)
        return
    report["hands"] = _HANDS_MARK
    outline = json.dumps(report, indent=2)
    report["hands"] = hands
    marked = f'\n  "hands": {json.dumps(_HANDS_MARK)}'
    if outline.count(marked) != 1:
        yield json.dumps(report, indent=2)
        return
    before, after = outline.split(marked)
    yield f'{before}\n  "hands": ['
    for i, hand in enumerate(hands):
        # An element of a list at the second level: four spaces in (json never writes a
        # line break inside a text, so every line break is the layout's).
        yield ("\n    " if i == 0 else ",\n    ") + json.dumps(hand, indent=2).replace(
            "\n", "\n    ")
        hands[i] = None
    yield f"\n  ]{after}"


@click.command("validate", context_settings=CONTEXT_SETTINGS)
# Not click.Path(dir_okay=False): a folder among the files would stop every file from being
# checked; it gets its own line in the report ("is a folder, not a log file") instead.
@click.argument("logs", nargs=-1, required=True)
def validate_command(logs: tuple[str, ...]) -> None:
    """Check game logs: the schema, and that every hand could physically have happened
    (every card once, 13 tricks of the right size, each seat bids once, counts add up to 13,
    no hand after the game was won, the draw and exchanges possible).

    Lists every problem of every file. Rule breaches by players (a renege) are not validity
    problems: `scorekeeper audit` reports them. Exit status 0 when all are valid, 2 if not.
    """
    from ..analysis.long_logs import analyse_file_lean

    failed = False
    for path in logs:
        warnings: list[str] = []
        try:
            analysis = analyse_file_lean(path, warnings)
        except ValueError as exc:  # a LogError, named without importing pydantic (see common)
            problems = log_problems(exc)
            if problems is None:
                raise
            failed = True
            for p in problems:
                click.echo(f"{path}: {p}")
            continue
        for w in warnings:
            click.echo(f"warning: {w}", err=True)
        bad = invalid_lines(path, analysis)
        if bad:
            failed = True
            click.echo("\n".join(bad))
            continue
        n = len(analysis.replays)
        note = ""
        if analysis.breaches:
            k = len(analysis.breaches)
            note = f"; {k} rule breach{'es' if k > 1 else ''} for the audit"
        click.echo(f"{path}: valid ({n} hand{'s' if n != 1 else ''}{note})")
    if failed:
        raise SystemExit(EXIT_BAD_INPUT)


@click.command("schema", context_settings=CONTEXT_SETTINGS)
@click.option("--check", is_flag=True, help="Only check that schemas/ matches the models;"
              " exit 1 if it does not.")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="Where the schemas go (default: the project's schemas/ folder).")
def schema_command(check: bool, directory: str | None) -> None:
    """Write the JSON Schemas of the log format (generated from the models) into schemas/."""
    from pathlib import Path

    from ..logs.schema import SCHEMA_DIR, check_schemas, write_schemas

    target = Path(directory) if directory else SCHEMA_DIR
    if check:
        stale = check_schemas(target)
        for name in stale:
            click.echo(f"{target / name}: out of date; run 'scorekeeper schema'", err=True)
        if stale:
            raise SystemExit(1)
        click.echo(f"{target}: the schemas match the models")
        return
    for path in write_schemas(target):
        click.echo(f"wrote {path}")
