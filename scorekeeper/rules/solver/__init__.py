"""Double-dummy search under our rules (spades trump, no spade led before spades are broken,
Nil): ``search`` holds the search and its public API, ``position`` the ending it searches from
(with the rules of play, taken from ``rules.trick``), ``moves`` the cards it tries first."""
