"""What every command shares: how problems are printed and the exit codes."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_BAD_INPUT = 2


def fail(lines: list[str] | str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print problems to standard error and exit with ``code`` (2: bad input)."""
    for line in [lines] if isinstance(lines, str) else lines:
        click.echo(f"error: {line}", err=True)
    sys.exit(code)


def finding_place(hand: int | None, trick: int | None) -> str:
    parts = []
    if hand is not None:
        parts.append(f"hand {hand}")
    if trick is not None:
        parts.append(f"trick {trick}")
    return ", ".join(parts) if parts else "game"
