"""Referee mode: one hand entered card by card with live legality. ``play`` holds the
engine (``RefereeHand``), ``preplay`` the entries before the first card, ``rulings`` the
referee's rulings on a renege's penalty, ``view`` the values it hands the screen (refusals,
entry records, the live view)."""
