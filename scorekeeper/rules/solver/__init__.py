"""Double-dummy search under our rules (spades trump, no spade led before spades are broken,
Nil): ``search`` holds the search, ``position`` the ending it searches from."""
