"""``scorekeeper audit``'s work, without click: the command calls it, and so does ``cli.run``
straight from a plain command line.

Importing click is a quarter of the CPU time of a bulk audit of one-hand files (0.02 s of
some 0.08 s of start-up), and an audit of a folder's files needs none of it: ``run`` hands a
command line that click would read one way only (``audit`` then log paths, ``--format``,
``--jobs``, ``--hand`` each at most once, with a value click would take as it is) to
:func:`quick_audit`, which reads it and prints as the click command would, byte for byte
(``tests/unit/test_audit_quick_command_line.py``). Anything else (help, a typo, an option
written ``--jobs=2``, a path starting with ``-``, tab completion, ``SCOREKEEPER_DB`` set)
goes to click, which words it.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .common import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK

Echo = Callable[..., None]
"""``click.echo``'s signature, as used here: ``echo(message, nl=True, err=False)``."""


def audit_logs(logs: Sequence[str], hand: int | None, fmt: str, jobs: int | None,
               echo: Echo) -> int:
    """Audit ``logs`` and print the report (``fmt``: ``table`` or ``json``) with ``echo``;
    returns the exit status: 0 no finding, 1 findings, 2 a log that cannot be read."""
    # The library reads each file once, the trusted fast way when it can (no pydantic), and
    # with --format json audits many files on two cores (scorekeeper.audit.batch).
    if fmt == "json":
        from ..audit.batch import audit_json

        run = audit_json(logs, hand, workers=jobs)
        errors, has_findings = run.errors, run.findings > 0
        for line in errors:
            echo(f"error: {line}", err=True)
        # One line: the C encoder is many times faster than an indented dump, and 2,000
        # hands of report are for tools, not eyes (the table is for people).
        echo(run.text)
    else:
        from ..audit.batch import audit_paths
        from ..audit.text_report import format_audits

        audits, errors = audit_paths(logs, hand)
        has_findings = any(a.findings for a in audits)
        for line in errors:
            echo(f"error: {line}", err=True)
        if audits:
            echo(format_audits(audits), nl=False)
    if errors:
        return EXIT_BAD_INPUT
    return EXIT_FINDINGS if has_findings else EXIT_OK


_OPTIONS = frozenset({"--format", "--jobs", "--hand"})
_FORMATS = frozenset({"table", "json"})
_CLICK_VARIABLES = ("_SCOREKEEPER_COMPLETE", "SCOREKEEPER_DB")
"""Read by click before the command runs: tab completion, and the group's ``--db`` (checked
as a path even for ``audit``, so a folder there is refused)."""


def quick_audit_args(argv: Sequence[str]) -> tuple[list[str], int | None, str, int | None] | None:
    """(logs, hand, format, jobs) of ``scorekeeper`` + ``argv`` if it is an audit click would
    read exactly so and run without a word of its own; None for any other command line."""
    if not argv or argv[0] != "audit" or sys.platform == "win32":
        return None
    if any(os.environ.get(name) for name in _CLICK_VARIABLES):
        return None
    logs: list[str] = []
    given: dict[str, str] = {}
    i, n = 1, len(argv)
    while i < n:
        token = argv[i]
        if token[:1] != "-":  # "" is an argument to click too; "-" alone goes to click
            logs.append(token)
            i += 1
            continue
        # click takes the next token as the value whatever it is; a repeated option, its
        # last value: to click.
        if token not in _OPTIONS or token in given or i + 1 == n:
            return None
        given[token] = argv[i + 1]
        i += 2
    fmt = given.get("--format", "table")
    if not logs or fmt not in _FORMATS:
        return None
    counts: list[int | None] = []
    for option in ("--hand", "--jobs"):
        value = given.get(option)
        if value is not None and not _is_count(value):
            return None
        counts.append(None if value is None else int(value))
    return logs, counts[0], fmt, counts[1]


def _is_count(value: str) -> bool:
    """Whether ``value`` of ``--jobs`` or ``--hand`` is plain digits, 1 to 999999999, which
    click's ``IntRange(min=1)`` reads as the same int (it also takes "01", "+1", " 1", "1_0"
    and more: those go to click)."""
    return 0 < len(value) < 10 and value.isascii() and value.isdigit() and value[0] != "0"


def _is_ascii(stream: Any) -> bool:
    """Whether click would call the stream's encoding misconfigured (and write through a
    UTF-8 wrapper of its own)."""
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name == "ascii"
    except LookupError:
        return False


def quick_echo(message: str, nl: bool = True, err: bool = False) -> None:
    """``click.echo(message, nl=nl, err=err)`` of a text, without importing click when the
    result is the same: the text written to the standard stream and flushed. click also
    removes ANSI escape sequences when the stream is not a terminal, and writes to an ASCII
    stream through a UTF-8 one: a text with an escape character, or such a stream, is
    printed by click itself."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # no stream to write to: click writes nothing either
        return
    if "\x1b" in message or _is_ascii(stream):
        import click

        click.echo(message, nl=nl, err=err)
        return
    if nl:
        message += "\n"
    if message:
        stream.write(message)
    stream.flush()


class _QuietFlush:
    """A standard stream after a broken pipe, as click leaves it: a flush that fails for
    that reason (at exit) is ignored."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def quick_audit(args: tuple[list[str], int | None, str, int | None]) -> int:
    """Run the audit of ``quick_audit_args``' reading; returns the exit status, as click's
    standalone mode ends: 1 after an interrupt (with "Aborted!") or a broken pipe."""
    try:
        try:
            return audit_logs(*args, quick_echo)
        except (EOFError, KeyboardInterrupt):
            quick_echo("", err=True)  # the blank line closes the terminal's ^C echo
            quick_echo("Aborted!", err=True)
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise
            sys.stdout = _QuietFlush(sys.stdout)  # type: ignore[assignment]
            sys.stderr = _QuietFlush(sys.stderr)  # type: ignore[assignment]
    except (EOFError, KeyboardInterrupt):  # a second interrupt while saying so
        pass
    return 1


__all__ = ["audit_logs", "quick_audit", "quick_audit_args", "quick_echo"]
