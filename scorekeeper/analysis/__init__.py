"""A log through the rules core: every hand replayed, the game scored, the game-level
findings (``game``); the score sheet as data and text (``score_sheet``)."""
