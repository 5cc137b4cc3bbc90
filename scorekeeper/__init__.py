"""scorekeeper: the Spades referee. Score a real card night, audit a disputed hand, keep a
season's standings.

The package's layers, inner to outer: ``cards``/``seats``/``rules`` (the pure rules core),
``models`` (pydantic, data only), ``game``/``logio`` (replay and score logs), then the
storage, the CLI and the app.
"""

from .rules.cards import Card, Suit, card
from .rules.seats import Seat, Variant

__version__ = "0.1.0"
__all__ = ["Card", "Suit", "card", "Seat", "Variant", "__version__"]
