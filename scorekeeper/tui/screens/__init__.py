"""One screen per file: home, new game, the game itself, standings, help."""
