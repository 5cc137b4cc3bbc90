"""The ``scorekeeper`` command: a thin click layer over the library.

The group and its options are in ``root`` (``main``, loaded on first use: ``from
scorekeeper.cli import main`` works as ever), each command in a module of its own, imported
when it runs. This module imports nothing heavy, not even click: ``run`` reads a plain
``scorekeeper audit`` command line itself (``audit_run``), so that a bulk audit starts
without click's 0.02 s.
"""

from __future__ import annotations

import gc
import sys
from typing import Any


def run() -> None:
    """The ``scorekeeper`` program: ``main`` in a process of its own (the console script).

    A plain ``audit`` command line (``audit_run.quick_audit_args``) runs without click, with
    the same output and exit status; every other goes through click.

    When the command is done the process ends: the heap is frozen first, so that the
    interpreter's last cycle collection at exit does not walk every object the command built
    (7 ms of a 2,000-hand audit's 0.15 s). The price: an object left in a reference cycle is
    not finalised at exit, so a command closes what it opens (the store, files) itself, as
    every command does. Not in ``main`` itself, which tests and other programs call in a
    process that goes on.
    """
    try:
        if sys.argv[1:2] == ["audit"]:  # (the other commands do not load audit_run)
            from .audit_run import quick_audit, quick_audit_args

            args = quick_audit_args(sys.argv[1:])
            if args is not None:
                sys.exit(quick_audit(args))
        from .root import main

        main(prog_name="scorekeeper")
    finally:
        gc.freeze()


def __getattr__(name: str) -> Any:
    """``main`` and ``LazyGroup`` (of ``root``), imported with click on first use."""
    if name in ("main", "LazyGroup"):
        from . import root

        return getattr(root, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["main", "run"]
