"""Double-dummy search under our rules (spades trump, no spade led before spades are broken,
Nil): ``search`` holds the exhaustive search (the reference) and its public API, ``position``
the ending it searches from (with the rules of play, taken from ``rules.trick``), ``moves`` the
cards it tries first; ``claim_search`` judges claims fast, asking DDS (``dds_positions``, the
bridge to endplay's libdds) wherever bridge's rules of play are ours, and ``compiled_search``
(``_spades_dd.c``, optional) elsewhere: the reference search's game, compiled."""
