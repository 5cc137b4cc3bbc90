"""The rules core: pure functions and small immutable values, no I/O.

It imports nothing from pydantic, textual, click or sqlite (a test proves it).
"""

from .errors import IllegalPlay, ImpossiblePlay, InvalidBid, InvalidExchange, OutOfTurn, RuleError
from .hand import Breach, CardPlayed, HandPlay, TrickTaken
from .record import Claim, DrawPair, Exchange, HandRecord, Redraw, TrickRecord
from .replay import INVALID_CODES, Finding, HandReplay, iter_replay, replay_hand
from .scoring import (
    Bid,
    GameScore,
    HandInput,
    ScoredHand,
    SideHandPoints,
    SideHandResult,
    SideTotals,
    apply_hand,
    game_winner,
    score_game,
    score_hand,
)
from .settings import DEFAULT_RULES, PRESETS, RuleSet, preset
from .trick import legal_plays, trick_winner

__all__ = [
    "IllegalPlay", "ImpossiblePlay", "InvalidBid", "InvalidExchange", "OutOfTurn", "RuleError",
    "Breach", "CardPlayed", "HandPlay", "TrickTaken", "Claim", "DrawPair", "Exchange",
    "HandRecord", "Redraw", "TrickRecord", "INVALID_CODES", "Finding", "HandReplay",
    "iter_replay", "replay_hand", "Bid", "GameScore", "HandInput", "ScoredHand",
    "SideHandPoints", "SideHandResult", "SideTotals", "apply_hand", "game_winner", "score_game",
    "score_hand", "DEFAULT_RULES", "PRESETS", "RuleSet", "preset", "legal_plays", "trick_winner",
]
