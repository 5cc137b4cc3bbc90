"""Commands on game-log files: score, validate, schema."""

from __future__ import annotations

import json

import click

from .common import CONTEXT_SETTINGS, EXIT_BAD_INPUT, fail, finding_place


def load_analysis(path: str):
    """Read and replay a log, or exit 2 with every problem named."""
    from ..analysis.game import analyse_file
    from ..logs.files import LogError

    warnings: list[str] = []
    try:
        analysis = analyse_file(path, warnings)
    except LogError as exc:
        fail([f"{exc.source}: {p}" for p in exc.problems])
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
        click.echo(json.dumps(score_report(analysis), indent=2))
    else:
        click.echo(format_score_table(analysis), nl=False)


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
    from ..analysis.game import analyse_file
    from ..logs.files import LogError

    failed = False
    for path in logs:
        warnings: list[str] = []
        try:
            analysis = analyse_file(path, warnings)
        except LogError as exc:
            failed = True
            for p in exc.problems:
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
