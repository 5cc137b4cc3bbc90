"""``scorekeeper audit``: the dispute report of one or more logs (a thin layer)."""

from __future__ import annotations

import click

from .common import CONTEXT_SETTINGS


@click.command("audit", context_settings=CONTEXT_SETTINGS)
# Not click.Path(dir_okay=False): a folder is one file that cannot be read, the others are
# still audited.
@click.argument("logs", nargs=-1, required=True)
@click.option("--hand", "hand", type=click.IntRange(min=1), default=None,
              help="Audit only this hand (1-based) of each log; scores still run from the"
                   " start of the game.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="table: for the players; json: for other tools (a"
                                      " contract).")
@click.option("--jobs", "jobs", type=click.IntRange(min=1), default=None,
              help="With --format json: 1 audits in one process; 2 (or more) lets a second"
                   " process audit half of many large enough logs. Default: 2 when this"
                   " machine gives the command two cores. The document is the same either"
                   " way.")
def audit_command(logs: tuple[str, ...], hand: int | None, fmt: str, jobs: int | None) -> None:
    """Audit disputed hands: replay every hand of every log and list every finding with its
    evidence (reneges, spades led unbroken, leads, bids and deals out of turn, cards not held,
    invalid exchanges, tricks or scores that disagree with the play, claims checked by
    exhaustive search), the revoke penalties, and the score as recorded, as played and as
    corrected.

    A log that is physically impossible is still audited: its problems are findings. Exit
    status 0 when there is no finding, 1 when there are findings, 2 when a log cannot be read
    (the others are still audited).
    """
    # The work is audit_run's, which cli.run also calls without click for a plain command line.
    from .audit_run import audit_logs

    raise SystemExit(audit_logs(logs, hand, fmt, jobs, click.echo))
