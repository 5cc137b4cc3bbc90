"""The compiled search (``_spades_dd.c``): ``search._Search``'s yes/no question, answered in C.

The C module holds the same game as the reference search (the rules of ``position.py``, the
goal's target and maximizers, the transposition table, the sure-trick bounds, ``nil_safe`` for
a Nil, the move ordering of ``moves.py``), in C: on full deals some fifty to a hundred times
faster. It is built by ``pip install -e .`` (``setup.py``) where a C compiler is found, and
is optional: without it :func:`load` answers None and the claims use the Python search, only
slower. ``tests/unit/test_solver_compiled.py`` compares its answers with the reference
search's on random positions; ``tests/unit/test_claim_search.py`` runs every claim test with
it and without it (the same verdicts, the same lines).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType

from .position import Goal, Position
from .search import _STOP, SearchStopped, trick_state

#: oracle(hands, leader, k): whether the maximizers can make the target take ``k`` tricks
#: from this trick boundary, spades broken (so the rules are bridge's: DDS answers).
Oracle = Callable[[tuple[int, int, int, int], int, int], bool]

_MODULE: ModuleType | None = None
_TRIED = False

#: Set (to anything) to leave the compiled search unused, as if it had not been built.
DISABLE_ENV = "SCOREKEEPER_PURE_SOLVER"


def load() -> ModuleType | None:
    """The compiled module, or None where it was not built (or ``DISABLE_ENV`` is set)."""
    global _MODULE, _TRIED
    if not _TRIED:
        _TRIED = True
        if not os.environ.get(DISABLE_ENV):
            try:
                from . import _spades_dd  # type: ignore[attr-defined]
            except ImportError:
                _spades_dd = None
            _MODULE = _spades_dd
    return _MODULE


class CompiledSearch:
    """One goal's compiled search; its table lives as long as it does, so the many questions
    a verdict and its line ask share what the first ones found."""

    __slots__ = ("_args", "_cards", "_module", "_oracle", "_searcher")

    def __init__(self, module: ModuleType, goal: Goal, two_player: bool,
                 nil_seat: int = -1, oracle: Oracle | None = None, oracle_from: int = 14) -> None:
        self._module = module
        self._args = (sum(1 << s for s in goal.target), sum(1 << s for s in goal.maximizers),
                      two_player, nil_seat)
        self._oracle = oracle, oracle_from
        # (position, k) -> the card with which the seat to move answered as suits him, where
        # a question searched the position itself (see answer_card).
        self._cards: dict[tuple[Position, int], int] = {}
        self._searcher: object | None = None

    @property
    def nodes(self) -> int:
        """Trick boundaries searched so far."""
        return int(self._searcher.nodes) if self._searcher is not None else 0

    def _for(self, pos: Position) -> object:
        """The searcher, made on the first question: its table sized for the ending asked. A
        full deal's is 2**20 buckets of 4 entries, 64 MB: a hard Nil visits some ten million
        positions, and in half that table (2**19) it lost entries it needed again and took
        1.6 to 2 times as long (2**21 gained nothing more). An 8-card ending's is 2 MB: a
        larger table would cost more to clear than the ending takes to solve."""
        if self._searcher is None:
            bits = max(10, min(20, pos.tricks_left + 7))
            oracle, oracle_from = self._oracle
            self._searcher = self._module.Searcher(*self._args, table_bits=bits, oracle=oracle,
                                                   oracle_from=oracle_from)
        return self._searcher

    def at_least(self, pos: Position, k: int) -> bool:
        """Can the maximizers make the target take at least ``k`` tricks from ``pos``?
        Raises :class:`search.SearchStopped` when the ``search.stoppable`` block says so."""
        idx, lead_suit, best, best_seat, played = trick_state(pos)
        searcher = self._for(pos)
        found = searcher.at_least(  # type: ignore[attr-defined]
            pos.hands, pos.leader, idx, lead_suit, best, best_seat, played, pos.spades_broken,
            k, _STOP.get())
        if found is None:
            raise SearchStopped
        card = int(searcher.proof_card)  # type: ignore[attr-defined]
        if card >= 0:
            self._cards[pos, k] = card
        return bool(found)

    def answer_card(self, pos: Position, k: int) -> int | None:
        """The card with which the seat to move gives the answer that suits him to "can the
        maximizers make ``k``?" (a maximizer yes, another seat no), or None if he cannot:
        one search, where asking each card would be one search a card; none when an earlier
        question on the position searched it."""
        known = self._cards.get((pos, k))
        if known is not None:
            return known
        idx, lead_suit, best, best_seat, played = trick_state(pos)
        searcher = self._for(pos)
        found = searcher.at_least(  # type: ignore[attr-defined]
            pos.hands, pos.leader, idx, lead_suit, best, best_seat, played, pos.spades_broken,
            k, _STOP.get(), True)
        if found is None:
            raise SearchStopped
        card = int(searcher.proof_card)  # type: ignore[attr-defined]
        return card if card >= 0 else None


__all__ = ["DISABLE_ENV", "CompiledSearch", "load"]
