"""Widgets render the values handed down to them and post messages up; they keep no game state."""
