"""Python's cyclic garbage collector paused over work that makes a few hundred thousand
small objects at once, none of them in a cycle: a big club's standings (summed, rated,
then written out as text, 20,000 partnerships). The collector, started by every few
hundred new objects, walked the growing heap again and again: a sixth of the summing and
rating, a tenth of the table. Reference counting frees the objects as ever.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import TypeVar

_F = TypeVar("_F", bound=Callable)


def cycle_collector_paused(function: _F) -> _F:
    """Run ``function`` with the collector paused. The pause is process-wide: taken only
    when the collector is running (so nested calls leave it to the outer one), and it
    runs again at the end."""

    @functools.wraps(function)
    def paused(*args, **kwargs):
        if not gc.isenabled():
            return function(*args, **kwargs)
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return paused  # type: ignore[return-value]
