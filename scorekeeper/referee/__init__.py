"""Referee mode: one hand entered card by card with live legality. ``play`` holds the
engine (``RefereeHand``), ``preplay`` the entries before the first card, ``view`` the values
it hands the screen (refusals, entry records, the live view)."""
