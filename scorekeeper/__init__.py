"""scorekeeper: the Spades referee. Score a real card night, audit a disputed hand, keep a
season's standings.

The folders are the layers, inner to outer: ``rules`` (the pure core), ``logs`` (the game-log
documents), ``analysis`` (a log through the core), then ``audit``, ``referee`` and ``season``
side by side, ``session``, and the ``tui`` and ``cli`` (README, "Layout").
"""

from .rules.cards import Card, Suit, card
from .rules.seats import Seat, Variant

__version__ = "0.1.0"
__all__ = ["Card", "Suit", "card", "Seat", "Variant", "__version__"]
