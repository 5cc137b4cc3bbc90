"""``scorekeeper audit``: the dispute report of one or more logs (a thin layer)."""

from __future__ import annotations

import json

import click

from .common import CONTEXT_SETTINGS, EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK


@click.command("audit", context_settings=CONTEXT_SETTINGS)
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--hand", "hand", type=click.IntRange(min=1), default=None,
              help="Audit only this hand (1-based) of each log; scores still run from the"
                   " start of the game.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="table: for the players; json: for other tools (a"
                                      " contract).")
def audit_command(logs: tuple[str, ...], hand: int | None, fmt: str) -> None:
    """Audit disputed hands: replay every hand of every log and list every finding with its
    evidence (reneges, spades led unbroken, leads, bids and deals out of turn, cards not held,
    invalid exchanges, tricks or scores that disagree with the play, claims checked by
    exhaustive search), the revoke penalties, and the score as recorded, as played and as
    corrected.

    A log that is physically impossible is still audited: its problems are findings. Exit
    status 0 when there is no finding, 1 when there are findings, 2 when a log cannot be read
    (the others are still audited).
    """
    from ..audit import NoSuchHand, audit_game, audit_report
    from ..audit_report import format_audits
    from ..game import analyse_game
    from ..logio import LogError, read_log

    audits = []
    unreadable = False
    for path in logs:
        try:
            log = read_log(path)
            audits.append(audit_game(analyse_game(log), path, hand))
        except LogError as exc:
            unreadable = True
            for p in exc.problems:
                click.echo(f"error: {exc.source}: {p}", err=True)
        except NoSuchHand as exc:
            unreadable = True
            click.echo(f"error: {exc}", err=True)
    if audits or fmt == "json":
        if fmt == "json":
            # One line: the C encoder is many times faster than an indented dump, and 2,000
            # hands of report are for tools, not eyes (the table is for people).
            click.echo(json.dumps(audit_report(audits)))
        else:
            click.echo(format_audits(audits), nl=False)
    if unreadable:
        raise SystemExit(EXIT_BAD_INPUT)
    raise SystemExit(EXIT_FINDINGS if any(a.findings for a in audits) else EXIT_OK)
