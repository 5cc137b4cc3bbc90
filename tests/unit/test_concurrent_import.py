"""Two processes importing into one database file at the same time lose nothing."""

import json
import subprocess
import sys
from dataclasses import asdict

from scorekeeper.season.standings import compute_standings
from scorekeeper.season.storage import Store

GAMES_PER_PROCESS = 50

# Each process runs the real command, `scorekeeper --db FILE import ...`, over its own logs.
IMPORTER = "from scorekeeper.cli import main\nmain()\n"


def _log(i: int) -> dict:
    return {
        "format": "spades-game", "format_version": "1.0", "variant": "partnership",
        "game_id": f"game-{i:03d}",
        "players": {"N": f"P{i % 7}", "E": f"Q{i % 5}", "S": f"R{i % 3}", "W": "S"},
        "event": {"season": "Fall 2026", "date": "2026-11-01", "table": str(i)},
        "rules": {"target_score": 50},  # EW 61 beat NS 60: finished, so rated
        "hands": [{"dealer": "W", "bids": [{"seat": s, "bid": 3} for s in "NESW"],
                   "tricks_won": {"N": 3, "E": 3, "S": 3, "W": 4}}],
    }


def test_two_processes_importing_at_once_lose_nothing(tmp_path):
    db = tmp_path / "season.db"
    batches = []
    for p in range(2):
        paths = []
        for i in range(p * GAMES_PER_PROCESS, (p + 1) * GAMES_PER_PROCESS):
            path = tmp_path / f"g{i:03d}.json"
            path.write_text(json.dumps(_log(i)))
            paths.append(str(path))
        batches.append(paths)
    # Both start on a database that does not exist yet: they race for the migrations too.
    procs = [subprocess.Popen([sys.executable, "-c", IMPORTER, "--db", str(db), "import",
                               *paths], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for paths in batches]
    outputs = [p.communicate(timeout=120) for p in procs]
    for proc, (out, err) in zip(procs, outputs):
        assert proc.returncode == 0, err
        assert out.splitlines()[-1] == (f"{GAMES_PER_PROCESS} imported, 0 updated,"
                                        " 0 unchanged, 0 refused")
    with Store.open(db) as store:
        ids = sorted(g.game_id for g in store.games())
        assert ids == [f"game-{i:03d}" for i in range(2 * GAMES_PER_PROCESS)]
        assert store.db.execute("SELECT count(*) FROM hands").fetchone()[0] == 200
        # The saves of both rated what came in date order, each import's end the rest:
        # the standings caches hold every game, as summing and rating afresh gives.
        assert store.db.execute("SELECT scope, games FROM rating_heads ORDER BY scope"
                                ).fetchall() == [("\x00all", 100), ("Fall 2026", 100)]
        cached, fresh = store.standings(), compute_standings(store.game_results())
        assert [asdict(r) for r in cached.players] == [asdict(r) for r in fresh.players]
        assert [asdict(r) for r in cached.partnerships] == [
            asdict(r) for r in fresh.partnerships]
