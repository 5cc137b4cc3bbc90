"""A long game log analysed in little memory: read hand by hand, each hand kept without its
play once it is replayed.

``analyse_file`` reads a log whole: the text, its parsed JSON (some 13 KB of Python objects a
card-by-card hand), then every hand's record and replay (4 and 4 KB). For a 10,000-hand log
that is over 200 MB at the peak, for a score sheet of 3 MB. ``score`` and ``validate`` read of
each hand only what scoring and the findings need, so :func:`analyse_file_lean` reads the
hands in groups of :data:`GROUP` with ``json``'s own scanner, turns each group into records
with the trusted reader (``logs.trusted_reader.read_fast_data``), replays them, and keeps of
each hand its record without the play and the deal (``tricks`` and ``deal`` None) and its
replay without the tricks and holdings. A hand with rulings is kept whole (the ruled score and
the rulings' findings read the play). The analysis is then ``analyse_records``'s, the very
function ``analyse_file`` ends in, so the score, findings and sheet are the same
(``tests/unit/test_long_logs.py``); only ``replays[i].record.tricks``, ``.deal`` and
``replays[i].tricks``, ``.dealt``, ``.held`` are left out, which no report of those commands
reads.

It takes only what the normal reading takes, as it takes it: for anything else (a shape the
trusted reader leaves to the models, a text that is not I-JSON, a game-level key after the
hands other than ``history``) it gives the text to ``analyse_text``, which reads it whole and
words any problem. The I-JSON checks of ``logs.json_text`` are made piece by piece: a key
twice in an object (each piece's keys against its colons, a piece with a colon in a text
parsed again with every pair seen), a number too large for a float, NaN, and any surrogate
escape (left to the normal reading).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
from typing import Any

from ..logs.json_text import JsonTextError, read_log_text
from ..logs.trusted_reader import FastLog, read_fast_data
from ..rules.bitplay.quick_replay import replay_quick
from ..rules.replay import HandReplay
from ..rules.scoring import initial_totals
from .game import GameAnalysis, analyse_file, analyse_records, analyse_text

GROUP = 256
"""Hands read, turned into records and replayed at a time."""

STREAM_MIN_CHARS = 1 << 20
"""Below this much text a log is read whole, the usual way (a second's worth of hands)."""

_WS = re.compile(r"[ \t\n\r]*").match
"""JSON's white space, as ``json`` skips it."""
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class _NotHere(Exception):
    """Not a log this reading takes: the normal reading decides."""


_GIVE_UP = (_NotHere, ValueError, RecursionError, KeyError, TypeError)


def analyse_file_lean(path: str | os.PathLike[str], warnings: list[str] | None = None, *,
                      stream_min_chars: int = STREAM_MIN_CHARS) -> GameAnalysis:
    """``analysis.game.analyse_file`` for ``score`` and ``validate``: the same analysis (see
    the module doc for the parts of the replays left out), a long log read hand by hand.
    Raises ``logs.files.LogError`` as ``analyse_file`` does."""
    try:
        text = read_log_text(path)
    except JsonTextError:  # missing, a folder, not UTF-8...: analyse_file words it
        return analyse_file(path, warnings)
    if len(text) < stream_min_chars:
        return analyse_text(path, text, None, warnings)
    try:
        read = _LeanReader(text).read()
    except _GIVE_UP:
        read = None
    if read is None:
        return analyse_text(path, text, None, warnings)
    del text  # the text (as long as the log) is not needed while the game is scored
    fast, replays, recorded = read
    return analyse_records(fast.facts._replace(recorded=recorded), fast.variant, fast.rules,
                           [r.record for r in replays],
                           initial_totals(fast.facts.initial, fast.variant), recorded, replays)


def _slim(replay: HandReplay) -> HandReplay:
    """The replay as the score and the findings read it (see the module doc)."""
    record = replay.record
    if record.rulings:
        return replay
    return HandReplay(dataclasses.replace(record, tricks=None, deal=None),
                      findings=replay.findings, tricks_won=replay.tricks_won,
                      dealt_known=replay.dealt_known, spades_broken=replay.spades_broken,
                      turn=replay.turn)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotHere  # json_text refuses it, with its message
    return value


def _constant(name: str) -> float:
    raise _NotHere  # NaN, Infinity: not JSON


def _pairs_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _NotHere  # a key twice: json_text refuses it, with its message
    return obj


class _LeanReader:
    """One reading of a log's text, the top-level object walked here, every value and every
    hand parsed by ``json``'s scanner."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.keys = 0

        def counted(obj: dict[str, Any]) -> dict[str, Any]:
            self.keys += len(obj)
            return obj

        self.scan = json.JSONDecoder(object_hook=counted, parse_constant=_constant,
                                     parse_float=_finite).raw_decode
        self.careful = json.JSONDecoder(object_pairs_hook=_pairs_once,
                                        parse_constant=_constant, parse_float=_finite).raw_decode
        self.head: dict[str, Any] = {}
        self.fast: FastLog | None = None
        self.replays: list[HandReplay] = []
        self.recorded: list[Any] = []

    def value(self, pos: int) -> tuple[Any, int]:
        """The JSON value at ``pos`` and where it ends, its keys checked (none twice)."""
        before = self.keys
        value, end = self.scan(self.text, pos)
        if self.keys - before != self.text.count(":", pos, end):
            # A colon in a text, or a key twice: parse it again, every pair seen.
            self.careful(self.text, pos)
        return value, end

    def read(self) -> tuple[FastLog, list[HandReplay], tuple[Any, ...]] | None:
        text = self.text
        if _SURROGATE_ESCAPE.search(text) is not None:
            return None
        pos = _WS(text, 0).end()
        if text[pos:pos + 1] != "{":
            return None
        pos = _WS(text, pos + 1).end()
        head = self.head
        seen_hands = False
        while True:
            if text[pos:pos + 1] != '"':
                return None
            key, pos = self.scan(text, pos)
            pos = _WS(text, pos).end()
            if text[pos:pos + 1] != ":":
                return None
            pos = _WS(text, pos + 1).end()
            if key in head or (key == "hands" and seen_hands):
                return None  # a key twice
            if key == "hands":
                seen_hands = True
                pos = self.hands(pos)
            elif seen_hands and key != "history":
                return None  # the hands were read with a game-level part not yet whole
            else:
                head[key], pos = self.value(pos)
            pos = _WS(text, pos).end()
            mark = text[pos:pos + 1]
            pos = _WS(text, pos + 1).end()
            if mark == "}":
                break
            if mark != ",":
                return None
        if pos != len(text) or not seen_hands:
            return None
        whole = read_fast_data({**head, "hands": []})  # the game-level part, history too
        if whole is None:
            return None
        fast = self.fast or whole
        if whole.facts != fast.facts._replace(recorded=()) or whole.rules != fast.rules:
            return None
        return whole, self.replays, tuple(self.recorded)

    def hands(self, pos: int) -> int:
        text = self.text
        if text[pos:pos + 1] != "[":
            raise _NotHere
        pos = _WS(text, pos + 1).end()
        group: list[Any] = []
        if text[pos:pos + 1] == "]":
            return pos + 1
        while True:
            hand, pos = self.value(pos)
            group.append(hand)
            if len(group) == GROUP:
                self.take(group)
                group = []
            pos = _WS(text, pos).end()
            mark = text[pos:pos + 1]
            pos = _WS(text, pos + 1).end()
            if mark == "]":
                break
            if mark != ",":
                raise _NotHere
        if group:
            self.take(group)
        return pos

    def take(self, group: list[Any]) -> None:
        """A group of hands to records, replayed, kept slim."""
        fast = read_fast_data({**self.head, "hands": group})
        if fast is None:
            raise _NotHere
        if self.fast is None:
            self.fast = fast._replace(records=(), facts=fast.facts._replace(recorded=()))
        rules = fast.rules
        self.replays.extend(_slim(replay_quick(r, rules)) for r in fast.records)
        self.recorded.extend(fast.facts.recorded)


__all__ = ["GROUP", "STREAM_MIN_CHARS", "analyse_file_lean"]
