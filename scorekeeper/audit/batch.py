"""``scorekeeper audit --format json`` over many files: the document, on two cores.

Each file is read once (``_text``) and parsed once, by ``json``'s scanner alone where the
bulk way can vouch for the text (``plain_logs.sweep_text``), else the careful way
(``json_text.load_log_json``). A clean card-by-card log goes the bulk way (``plain_logs``: no
records, no replay objects); any other log, and any log with a finding, is audited in full
(``engine.audit_file``, loaded only then). Both write the file's
part with the same writer (``json_writer``), so the document is exactly
``json.dumps(engine.audit_report(...))`` of all the files in order. ``audit_paths`` audits
many files for the table.
"""

from __future__ import annotations

import json
import marshal
import os
from collections.abc import Iterable, Sequence
from stat import S_ISREG
from typing import TYPE_CHECKING, Any, NamedTuple

from ..analysis.cycle_collector import paused_cycle_collector

if TYPE_CHECKING:
    from .engine import GameAudit

# Not imported here: ``logs.json_text`` (the careful reading, for the files the quick one
# cannot vouch for) and ``engine`` (the full audit): a bulk audit of clean logs, most often
# from a command line read without click (``cli/audit_run.py``), starts without them.


class JsonAudit(NamedTuple):
    """``scorekeeper audit --format json`` over some files: the document and the problems."""

    text: str
    """The ``audit_report`` document as one line of JSON."""
    errors: list[str]
    """A message for each file that could not be audited, in file order."""
    findings: int


PARALLEL_MIN_BYTES = 256 * 1024
"""Below this much log text, one process is quicker than starting a second."""


def audit_json(paths: Sequence[str], only_hand: int | None = None, *,
               workers: int | None = None,
               min_bytes: int = PARALLEL_MIN_BYTES) -> JsonAudit:
    """The JSON audit of ``paths``, on two cores when there are several files and enough
    text (``workers``: None for the cores this process may use, 1 for one process).

    The second process is a ``fork`` of this one after the imports: it audits the first part
    of the files and sends back its part of the document already encoded, which is joined to
    this process's part. If the second process fails in any way, its files are audited here.
    """
    paths = list(paths)
    from . import plain_logs  # noqa: F401  (loaded before a fork, not in both processes)

    if workers is None:
        workers = _usable_cores()
    split = _split_point(paths, min_bytes) if workers > 1 and hasattr(os, "fork") else None
    with paused_cycle_collector():
        if split is None:
            return _join([_json_part(paths, only_hand)])
        first, second = paths[:split], paths[split:]
        return _join(_forked(first, second, only_hand))


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _split_point(paths: list[str], min_bytes: int) -> int | None:
    """Where to cut the files into two parts of about the same size (None: don't)."""
    if len(paths) < 2:
        return None
    try:
        sizes = [os.path.getsize(p) for p in paths]
    except OSError:  # a missing file: one process words the problem as usual
        return None
    total = sum(sizes)
    if total < min_bytes:
        return None
    run = 0
    for i, size in enumerate(sizes[:-1], start=1):
        run += size
        if run * 2 >= total:
            return i
    return len(paths) - 1


_Part = tuple[int, str, str, list[str], int]
"""(hands audited, findings encoded, files encoded, problems, findings counted)."""


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)


def _text(path: str) -> str | None:
    """The file's text as ``json_text.read_log_text`` reads it (None: it cannot be read; the
    full audit words why).

    The common case the quick way, some 6 µs a file less (a sweep of one-hand files spends a
    tenth of its time opening and reading them): a regular file (as ``read_log_text`` asks,
    so that a pipe is never opened) read as bytes and decoded. Anything else is read by
    ``read_log_text`` itself: a file it would refuse, and one with a carriage return (text
    mode turns "\r\n" and "\r" into "\n", which may move the line and column a message
    names).
    """
    try:
        st = os.stat(path)
        if S_ISREG(st.st_mode):
            fd = os.open(path, _READ_FLAGS)
            try:
                raw = os.read(fd, st.st_size + 1)
            finally:
                os.close(fd)
            # Not the size it had (it changed, or a short read): the usual way reads it.
            if len(raw) == st.st_size and b"\r" not in raw:
                return raw.decode("utf-8")
    except (OSError, ValueError):  # ValueError: a NUL in the name, or not UTF-8
        pass
    from ..logs.json_text import JsonTextError, read_log_text

    try:
        return read_log_text(path)
    except JsonTextError:  # never opens a pipe or a device: the full audit words it
        return None


def _json_part(paths: list[str], only_hand: int | None) -> _Part:
    # Here, not at the top: the table's audit (audit_paths) does not sweep.
    from .plain_logs import UNSURE, sweep_log, sweep_text

    hands = 0
    findings: list[dict[str, Any]] = []
    files: list[str] = []
    errors: list[str] = []
    for path in paths:
        text = _text(path)
        data = None
        if text is not None and only_hand is None:
            swept = sweep_text(text, path)
            if swept is UNSURE:  # the careful reading, then the sweep of what it read
                from ..logs.json_text import JsonTextError, load_log_json

                try:
                    data = load_log_json(text)
                except JsonTextError:
                    pass
                else:
                    swept = sweep_log(data, path)
            if swept:
                hands += swept[0]
                files.append(swept[1])
                continue
        from . import engine as audit

        try:
            a = audit.audit_file(path, only_hand, text, data)
        except ValueError as exc:
            errors.extend(audit.audit_errors(exc))
            continue
        hands += len(a.hands)
        findings.extend(f.to_dict() for f in a.findings)
        files.append(audit.audit_file_text(a))
    # Each list encoded without its brackets: parts join with ", " as json.dumps writes them.
    return hands, json.dumps(findings)[1:-1], ", ".join(files), errors, len(findings)


def _join(parts: list[_Part]) -> JsonAudit:
    findings = ", ".join(p[1] for p in parts if p[1])
    files = ", ".join(p[2] for p in parts if p[2])
    text = (f'{{"hands_audited": {sum(p[0] for p in parts)}, "findings": [{findings}],'
            f' "files": [{files}]}}')
    return JsonAudit(text, [e for p in parts for e in p[3]], sum(p[4] for p in parts))


def _forked(first: list[str], second: list[str], only_hand: int | None) -> list[_Part]:
    """Audit ``first`` in a forked child and ``second`` here, at the same time."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns, never runs the parent's exit handlers
        status = 1
        try:
            os.close(read_end)
            data = marshal.dumps(_json_part(first, only_hand))
            with os.fdopen(write_end, "wb") as out:
                out.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    reader = os.fdopen(read_end, "rb")
    try:
        mine = _json_part(second, only_hand)
        data = reader.read()
    finally:
        reader.close()  # if we failed, the child's write fails too instead of waiting
        _, status = os.waitpid(pid, 0)
    theirs = None
    if status == 0 and data:
        try:
            theirs = marshal.loads(data)
        except (ValueError, EOFError, TypeError):
            theirs = None
    if theirs is None:
        theirs = _json_part(first, only_hand)
    return [theirs, mine]


def audit_paths(paths: Iterable[str], only_hand: int | None = None
                ) -> tuple[list[GameAudit], list[str]]:
    """Audit log files in order (the table's way): the audits of those that can be read,
    and a message for each problem of those that cannot (``file: place: problem``, as
    ``validate`` words it) or that have no hand ``only_hand``. Each file goes the trusted
    fast way when it can (``analysis.game.analyse_file``)."""
    from . import engine

    audits, errors = [], []
    with paused_cycle_collector():
        for path in paths:
            try:
                audits.append(engine.audit_file(path, only_hand))
            except ValueError as exc:
                errors.extend(engine.audit_errors(exc))
    return audits, errors


__all__ = ["JsonAudit", "PARALLEL_MIN_BYTES", "audit_json", "audit_paths"]
