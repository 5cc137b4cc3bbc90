"""A log's compact JSON text (the form the season database stores), with each hand's text kept.

``compact_log_text(log)`` is ``json.dumps(files.log_to_data(log), ensure_ascii=False,
separators=(",", ":"))``, byte for byte (``tests/unit/test_compact_text.py`` compares them
on random logs), but a hand already written out is not serialised again: the app saves the
whole log after every confirmed hand, and a game of 200 hands took 4 ms to serialise where
one hand takes 0.05 ms.

Why keeping a hand's text is safe: log objects are frozen (``models.LogModel``), so a hand's
text depends only on the hand object itself, and a hand is known by its identity for as long
as it lives (a weak reference drops the text with the hand). Frozen is shallow (a hand's lists
and dicts could be changed in place): no code changes them, as ``models.LogModel`` says. A changed hand (a correction,
time called) is a new object, written out afresh. With compact separators, the text of an
object or array is its members' texts joined by commas, which is how the log's text is put
together here from its head (every other field) and its hands.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from .files import content_version, log_to_data
from .models import GameLog, HandLog

_HAND_TEXTS: dict[int, tuple[weakref.ref[HandLog], str]] = {}
"""id(hand) -> (a weak reference to the hand, its compact text). An entry goes when its hand
is freed; the reference is checked on every look-up all the same (ids are reused)."""


def _dumps(value: Any, depth: int) -> str:
    """``value``'s text, written nested ``depth`` arrays deep: at the depth it has in the
    log's text, so that a value nested too deeply to be written out (the encoder's recursion
    limit) fails here as it does when the whole log is written at once."""
    text = json.dumps([value] if depth == 1 else [[value]], ensure_ascii=False,
                      separators=(",", ":"))
    return text[depth:-depth]


def _forget(ref: weakref.ref[HandLog], key: int) -> None:
    entry = _HAND_TEXTS.get(key)
    if entry is not None and entry[0] is ref:
        _HAND_TEXTS.pop(key, None)


def _keep(hand: HandLog, text: str) -> None:
    key = id(hand)
    _HAND_TEXTS[key] = (weakref.ref(hand, lambda ref, key=key: _forget(ref, key)), text)


def _kept(hand: HandLog) -> str | None:
    entry = _HAND_TEXTS.get(id(hand))
    if entry is None or entry[0]() is not hand:
        return None
    return entry[1]


def _minor(version: str) -> int:
    # As files.log_to_data reads it: the model checked the form ('1.' and digits).
    return int(version.partition(".")[2])


def compact_log_text(log: GameLog) -> str:
    """The log as ``json.dumps(log_to_data(log))`` writes it compactly (see the module).

    Raises what ``log_to_data`` and ``json.dumps`` raise for a log that cannot be written
    out (a ``ValueError`` at pydantic's nesting limit, a ``RecursionError``)."""
    hands = log.hands
    texts = [_kept(h) for h in hands]
    new = [h for h, text in zip(hands, texts) if text is None]
    if len(new) == len(hands):  # nothing kept (a log read or imported): one pass, as ever
        data = log_to_data(log)
    else:
        # The head and the new hands only. The format version is the whole log's: the
        # lowest that holds every hand (a kept hand with time called needs 1.2).
        data = log_to_data(log.model_copy(update={"hands": new}))
        needed = content_version(log)
        if _minor(needed) > _minor(data.get("format_version", "1.0")):
            data["format_version"] = needed
    fresh = iter(data["hands"])
    hand_texts = []
    for hand, text in zip(hands, texts):
        if text is None:
            text = _dumps(next(fresh), 2)  # in the log: {"hands": [hand]}
            _keep(hand, text)
        hand_texts.append(text)
    parts = []
    for key, value in data.items():
        value_text = "[" + ",".join(hand_texts) + "]" if key == "hands" else _dumps(value, 1)
        parts.append(f"{_dumps(key, 1)}:{value_text}")
    return "{" + ",".join(parts) + "}"


__all__ = ["compact_log_text"]
