"""The Textual app: run a real card night from the terminal (``scorekeeper`` with no command)."""
