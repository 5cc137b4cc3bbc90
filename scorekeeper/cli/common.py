"""What every command shares: how problems are printed and the exit codes.

click is imported where it prints: ``cli.run`` reads a plain ``audit`` command line without it
(``audit_run``), and that path uses the exit codes from here."""

from __future__ import annotations

import sys
from typing import NoReturn

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_BAD_INPUT = 2


def fail(lines: list[str] | str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print problems to standard error and exit with ``code`` (2: bad input)."""
    import click

    for line in [lines] if isinstance(lines, str) else lines:
        click.echo(f"error: {line}", err=True)
    sys.exit(code)


def log_problems(exc: Exception) -> list[str] | None:
    """The problems of ``exc`` if it is a ``logs.files.LogError`` (a log that cannot be read),
    else None.

    ``logs.files`` imports pydantic and the models (some 0.1 s); a log read the trusted fast
    way never loads them. Only that module raises a ``LogError``, so when it is not loaded the
    error is not one, and the command need not import it just to name the class it catches.
    """
    files = sys.modules.get("scorekeeper.logs.files")
    if files is None or not isinstance(exc, files.LogError):
        return None
    return exc.problems


def finding_place(hand: int | None, trick: int | None) -> str:
    parts = []
    if hand is not None:
        parts.append(f"hand {hand}")
    if trick is not None:
        parts.append(f"trick {trick}")
    return ", ".join(parts) if parts else "game"
