"""The Textual app: run a real card night from the terminal (``scorekeeper`` with no command)."""

import os

# Textual paints at most TEXTUAL_FPS frames a second (60 by default), and a change waits for
# the next frame's turn: up to 17 ms after a confirmed hand is drawn before it is painted,
# a third of the 50 ms the table may wait. At 120 it waits at most 8 ms; a frame is painted
# only when something changed, so an idle screen costs no more. Set before Textual is first
# imported (every module of the app imports it after this package); a TEXTUAL_FPS already in
# the environment wins.
os.environ.setdefault("TEXTUAL_FPS", "120")
