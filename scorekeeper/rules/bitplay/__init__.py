"""The rules again, on bitmasks, for speed: each module repeats a rule of the reference core
(``rules.trick``, ``rules.replay``) to sweep many hands quickly, and a differential test
(``tests/unit/test_hand_check.py``, ``test_quick_replay.py``) proves it equal to the reference."""
