"""A game being scored at the table, entry by entry, with no user interface:
``game_session`` (``GameSession``), ``card_by_card`` (a hand entered in referee mode),
``rulings`` (the referee's rulings on reneges), ``changes`` (corrections and undo),
``typed`` (bids and counts as typed) and ``events`` (its typed errors and records)."""
