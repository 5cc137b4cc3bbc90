"""The bridge to DDS (the bridge double-dummy solver, through the endplay package's ctypes
binding): which of our positions it may judge, and its answers in our card encoding.

Spades' play and bridge play with spades as trumps differ in one rule only: a spade may not be
led before spades are broken unless the leader holds only spades. So DDS's answer is ours
exactly when that rule can no longer bind (:func:`bridge_rules_hold`): spades are broken
(then they stay broken), or no spade is left in any hand, or, at a trick boundary, the leader
holds only spades (he must lead one, which breaks them before any later lead). DDS knows
nothing of Nil and plays four hands, so it answers only a side's tricks in the four-seat game.

The library is loaded on first use, not with this module: a ``score`` of a log never pays for
it. DDS is called on its thread slot 0 under a lock, so the app's worker and
any other caller never share that slot's memory at once.
"""

from __future__ import annotations

import ctypes
import importlib.util
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..cards import NON_SPADES_MASK, SPADES_MASK

_LOCK = threading.Lock()
_SPADES_DENOM = 0  # DDS's strain numbers: 0 spades, 1 hearts, 2 diamonds, 3 clubs, 4 notrump


class _Deal(ctypes.Structure):
    """DDS's ``struct deal`` (dll.h): hands as rank bits 2..14 by DDS suit, spades first."""

    _fields_ = [("trump", ctypes.c_int), ("first", ctypes.c_int),
                ("currentTrickSuit", ctypes.c_int * 3), ("currentTrickRank", ctypes.c_int * 3),
                ("remainCards", (ctypes.c_uint * 4) * 4)]


class _FutureTricks(ctypes.Structure):
    """DDS's ``struct futureTricks``: the cards of the seat to move and their scores."""

    _fields_ = [("nodes", ctypes.c_int), ("cards", ctypes.c_int),
                ("suit", ctypes.c_int * 13), ("rank", ctypes.c_int * 13),
                ("equals", ctypes.c_int * 13), ("score", ctypes.c_int * 13)]


_DLL: Any = None
#: DDS's memory limit (SetResources): room for one thread with the small table (up to 30 MB),
#: below a large one's 160 MB.
_MEMORY_MB = 80


def _library() -> Any:
    """libdds as endplay ships it, loaded by ctypes on first use. Not through ``import
    endplay``: its package imports matplotlib and its dealer, over a second of start-up."""
    global _DLL
    if _DLL is None:
        spec = importlib.util.find_spec("endplay")  # finds the package without running it
        if spec is None or not spec.submodule_search_locations:
            raise RuntimeError("endplay (which ships DDS) is not installed")
        dll = ctypes.CDLL(str(Path(spec.submodule_search_locations[0]) / "_dds" / "libdds.so"))
        # One thread (the claims call slot 0 only, under _LOCK) with DDS's small table: its
        # set-up on every call is half the large one's (0.1 against 0.22 ms for an 8-card
        # ending; full deals solve as fast), and the compiled search asks DDS thousands of
        # times a verdict. DDS takes 1.3 x 80 MB as its limit: one small thread, not a large.
        dll.SetResources(_MEMORY_MB, 1)
        _DLL = dll
    return _DLL


def available() -> bool:
    """Whether DDS can be loaded here (endplay installed, with its library for this
    platform); without it the claims go to the exhaustive search, only slower."""
    try:
        with _LOCK:
            _library()
    except (OSError, RuntimeError):
        return False
    return True


def bridge_rules_hold(hands: Sequence[int], leader: int, trick_cards: Sequence[int],
                      spades_broken: bool) -> bool:
    """Whether every play from here is legal under bridge's rules exactly when it is under
    ours (so DDS's answer is ours): spades broken, none left, or a leader about to lead who
    holds only spades. A spade in ``trick_cards`` counts as broken (``apply_move`` says so)."""
    if spades_broken or any(c >= 39 for c in trick_cards):
        return True
    left = hands[0] | hands[1] | hands[2] | hands[3]
    if not left & SPADES_MASK:
        return True
    return not trick_cards and not hands[leader] & NON_SPADES_MASK


def _deal(hands: Sequence[int], leader: int, trick_cards: Sequence[int]) -> _Deal:
    """DDS's ``deal``: hands as rank bits 2..14 by DDS suit (spades first, ours last)."""
    dl = _Deal()
    dl.trump = _SPADES_DENOM
    dl.first = leader  # N, E, S, W are 0..3 in both
    for i in range(3):
        if i < len(trick_cards):
            c = trick_cards[i]
            dl.currentTrickSuit[i] = 3 - c // 13
            dl.currentTrickRank[i] = c % 13 + 2
        else:
            dl.currentTrickSuit[i] = 0
            dl.currentTrickRank[i] = 0
    for seat in range(4):
        h = hands[seat]
        for suit in range(4):
            dl.remainCards[seat][3 - suit] = ((h >> (13 * suit)) & 0x1FFF) << 2
    return dl


def _solve(hands: Sequence[int], leader: int, trick_cards: Sequence[int], target: int,
           solutions: int) -> _FutureTricks:
    """One ``SolveBoard`` call (target -1: the most tricks; mode 1: search even when only one
    card is legal)."""
    dl = _deal(hands, leader, trick_cards)
    fut = _FutureTricks()
    with _LOCK:  # loading sizes DDS's memory: not while another thread solves
        code = _library().SolveBoard(dl, target, solutions, 1, ctypes.byref(fut), 0)
    if code != 1:
        raise RuntimeError(f"DDS failed (error {code}) on a position given to it")
    return fut


def tricks_to_mover(hands: Sequence[int], leader: int,
                    trick_cards: Sequence[int] = ()) -> int:
    """Most tricks left (the current trick included) that the side of the seat to move can
    take, bridge rules, spades trumps. Four-seat positions only."""
    return int(_solve(hands, leader, trick_cards, -1, 1).score[0])


def mover_reaches(hands: Sequence[int], leader: int, trick_cards: Sequence[int],
                  target: int) -> bool:
    """Whether the side of the seat to move can take ``target`` (at least 1) of the tricks
    left, the current one included: one yes/no search, cheaper than :func:`tricks_to_mover`."""
    # With a target DDS gives one card that reaches it, or a score of -1 when none does.
    return _solve(hands, leader, trick_cards, target, 1).score[0] >= target


def best_cards(hands: Sequence[int], leader: int,
               trick_cards: Sequence[int] = ()) -> tuple[int, frozenset[int]]:
    """The most tricks left (the current trick included) that the side of the seat to move
    can take, and the cards (our encoding) that take them."""
    fut = _solve(hands, leader, trick_cards, -1, 2)
    out = []
    for i in range(fut.cards):
        suit = 3 - fut.suit[i]
        ranks = 1 << fut.rank[i] | fut.equals[i]  # the card and the cards equal to it
        out.extend(13 * suit + r - 2 for r in range(2, 15) if ranks >> r & 1)
    return int(fut.score[0]), frozenset(out)


__all__ = ["available", "best_cards", "bridge_rules_hold", "mover_reaches", "tricks_to_mover"]
