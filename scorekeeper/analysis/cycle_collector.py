"""Python's cyclic garbage collector paused over bulk work that makes a few hundred thousand
small objects at once, none of them in a cycle: a bulk audit (every hand read, checked and
scored, all kept until the report is written) and a big club's standings (summed, rated,
then written out as text, 20,000 partnerships). The collector, started by every few hundred
new objects, walked the growing heap again and again: a third of the CPU time of a 2,000-hand
audit, a sixth of the standings' summing and rating, a tenth of their table. Reference
counting frees the objects as ever.

Here, below ``audit`` and ``season``, so that both pause it the one way.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

_F = TypeVar("_F", bound=Callable)


@contextmanager
def paused_cycle_collector() -> Iterator[None]:
    """The collector paused for the block, then as it was: the pause is process-wide, so a
    nested pause leaves it to the outer one, and a collector already off stays off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def cycle_collector_paused(function: _F) -> _F:
    """``function`` run with the collector paused (:func:`paused_cycle_collector`)."""

    @functools.wraps(function)
    def paused(*args, **kwargs):
        with paused_cycle_collector():
            return function(*args, **kwargs)

    return paused  # type: ignore[return-value]


__all__ = ["cycle_collector_paused", "paused_cycle_collector"]
