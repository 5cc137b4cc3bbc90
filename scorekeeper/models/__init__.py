"""Pydantic models of the documents the tool reads and writes: data only, no I/O."""

from .log import (
    FORMAT,
    FORMAT_VERSION,
    BidEntry,
    ClaimEntry,
    Correction,
    DrawTurn,
    EventInfo,
    ExchangeEntry,
    GameLog,
    HandLog,
    RedrawEntry,
    RulesSettings,
    SideStart,
    TrickEntry,
)

__all__ = [
    "FORMAT", "FORMAT_VERSION", "BidEntry", "ClaimEntry", "Correction", "DrawTurn", "EventInfo",
    "ExchangeEntry", "GameLog", "HandLog", "RedrawEntry", "RulesSettings", "SideStart",
    "TrickEntry",
]
