"""The rules core: pure functions and small immutable values, no I/O.

It imports nothing from pydantic, textual, click or sqlite (a test proves it).

The names below are loaded on first use (PEP 562): importing one module of the core (say
``rules.scoring`` for a bulk audit) does not load the others (the replay, the hand engine),
which keeps a command's start-up to what it needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "errors": ("IllegalPlay", "ImpossiblePlay", "InvalidBid", "InvalidExchange", "OutOfTurn",
               "RuleError"),
    "hand": ("Breach", "CardPlayed", "HandPlay", "TrickTaken"),
    "record": ("Claim", "DrawPair", "Exchange", "HandRecord", "Redraw", "TrickRecord"),
    "replay": ("INVALID_CODES", "Finding", "HandReplay", "replay_hand"),
    "scoring": ("Bid", "GameScore", "HandInput", "ScoredHand", "SideHandPoints",
                "SideHandResult", "SideTotals", "apply_hand", "game_winner", "score_game",
                "score_hand"),
    "settings": ("DEFAULT_RULES", "HOUSE_RULES", "PRESETS", "RuleSet", "Setting", "preset"),
    "trick": ("legal_plays", "trick_winner"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

__all__ = [name for names in _WHERE.values() for name in names]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next lookup is a plain module attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from .errors import (IllegalPlay, ImpossiblePlay, InvalidBid, InvalidExchange, OutOfTurn,
                         RuleError)
    from .hand import Breach, CardPlayed, HandPlay, TrickTaken
    from .record import Claim, DrawPair, Exchange, HandRecord, Redraw, TrickRecord
    from .replay import INVALID_CODES, Finding, HandReplay, replay_hand
    from .scoring import (Bid, GameScore, HandInput, ScoredHand, SideHandPoints,
                          SideHandResult, SideTotals, apply_hand, game_winner, score_game,
                          score_hand)
    from .settings import DEFAULT_RULES, HOUSE_RULES, PRESETS, RuleSet, Setting, preset
    from .trick import legal_plays, trick_winner
