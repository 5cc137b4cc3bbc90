"""Season database speed: importing 10,000 games, standings over 1,000,000 hands.

    python benchmarks/bench_season.py            # both, full size
    python benchmarks/bench_season.py --games 1000 --hands 100000   # smaller

1. Import: random legal games in the quick form (``simulate.random_game_log``, bids and
   tricks won, up to 15 hands each). Simulating 10,000 games takes minutes, so a pool of
   distinct simulated games is written out 10,000 times under different players, dates and
   tables (each file a different game to the database). Timed: the real command,
   ``scorekeeper --db FILE import <10,000 files>`` (read, validate, replay and score, store
   with its derived rows, one transaction per game).
2. Standings: a database of 1,000,000 hands built quickly by inserting derived rows
   (games, seats, hands, game_sides, nil_bids) directly in bulk, random but consistent
   (each side's points per hand and its totals, the winner). Timed, as whole processes
   (wall and user time, with the load average): ``scorekeeper --db FILE standings`` with
   the standings caches empty (the first run: every game summed and rated), then with the
   caches filled (the database as it is after imports), as a table and as JSON; after
   importing one later game; one season. Then its parts (CPU time): summing, the openskill
   pass over every finished game, standings from the caches, the table, the JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.seats import Variant
from scorekeeper.simulate import random_game_log

NAMES = [f"{first} {last}" for first in ("Alex", "Beth", "Cy", "Dana", "Eli", "Fay", "Gus",
                                          "Hal", "Ida", "Jo")
         for last in ("Ames", "Bell", "Cole", "Diaz", "Eng")]


def _write_logs(folder: Path, n_games: int, pool_size: int, seed: int) -> tuple[list[str], int]:
    rng = random.Random(seed)
    pool = []
    for i in range(pool_size):
        variant = Variant.TWO_PLAYER if i % 10 == 0 else Variant.PARTNERSHIP
        pool.append(random_game_log(rng, variant, card_by_card=False, max_hands=15))
    paths, hands = [], 0
    for i in range(n_games):
        base = pool[i % pool_size]
        names = rng.sample(NAMES, len(base["players"]))
        log = {**base, "players": dict(zip(base["players"], names)),
               "event": {"season": f"Season {i % 4 + 1}",
                         "date": f"2026-{i % 12 + 1:02d}-{i % 28 + 1:02d}",
                         "table": str(i)}}
        path = folder / f"game-{i:05d}.json"
        path.write_text(json.dumps(log))
        paths.append(str(path))
        hands += len(log["hands"])
    return paths, hands


def bench_import(n_games: int, pool_size: int = 300) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        paths, hands = _write_logs(folder, n_games, min(pool_size, n_games), seed=7)
        print(f"import: wrote {n_games:,} logs ({hands:,} hands) in"
              f" {time.perf_counter() - t0:.1f} s (not timed)")
        db = str(folder / "season.db")
        t0 = time.perf_counter()
        result = CliRunner().invoke(main, ["--db", db, "import", *paths])
        took = time.perf_counter() - t0
        assert result.exit_code == 0, result.output[-2000:]
        print(f"import: {result.stdout.splitlines()[-1]}")
        print(f"import: {n_games:,} games, {hands:,} hands in {took:.1f} s"
              f" ({took / n_games * 1000:.2f} ms a game; target: under 60 s for 10,000)")
        t0 = time.perf_counter()
        again = CliRunner().invoke(main, ["--db", db, "import", *paths])
        print(f"import again (all unchanged): {time.perf_counter() - t0:.1f} s;"
              f" {again.stdout.splitlines()[-1]}")


def build_hands_db(path: str, n_hands: int, hands_per_game: int = 15, seed: int = 11) -> int:
    """A database of ``n_hands`` hands (derived rows only) through the real schema."""
    from scorekeeper.storage import Store

    rng = random.Random(seed)
    store = Store.open(path)
    conn = store.db.conn
    players = [f"Player {i:03d}" for i in range(200)]
    n_games = n_hands // hands_per_game
    games, seats, hands, nils, sides = [], [], [], [], []
    for g in range(n_games):
        gid = f"bench-{g:06d}"
        four = rng.sample(players, 4)
        totals = {"NS": 0, "EW": 0}
        for h in range(1, hands_per_game + 1):
            ns_bid, ew_bid = rng.randint(3, 8), rng.randint(3, 8)
            ns_tricks = rng.randint(2, 11)
            for side, bid, tricks in (("NS", ns_bid, ns_tricks), ("EW", ew_bid, 13 - ns_tricks)):
                made = tricks >= bid
                points = 10 * bid + (tricks - bid) if made else -10 * bid
                totals[side] += points
                hands.append((gid, side, h, "NESW"[h % 4], bid, tricks, int(made), points, 0,
                              tricks - bid if made else 0, 0, totals[side]))
            if rng.random() < 0.1:
                seat = rng.choice("NESW")
                nils.append((gid, h, seat, "NS" if seat in "NS" else "EW",
                             int(rng.random() < 0.2), int(rng.random() < 0.6),
                             four["NESW".index(seat)]))
        # points against: the other side's points in the same hand
        for i in range(len(hands) - 2 * hands_per_game, len(hands), 2):
            a, b = hands[i], hands[i + 1]
            hands[i] = a[:8] + (b[7],) + a[9:]
            hands[i + 1] = b[:8] + (a[7],) + b[9:]
        finished = rng.random() < 0.9
        winner = max(totals, key=totals.get) if finished else None
        games.append((gid, 1, "partnership", f"Season {g % 4 + 1}",
                      f"2026-{g % 12 + 1:02d}-{g % 28 + 1:02d}", str(g % 20), hands_per_game,
                      int(finished), winner, hands_per_game if finished else None,
                      json.dumps(dict(zip("NESW", four))), json.dumps(totals),
                      json.dumps({"NS": 0, "EW": 0}), "2026-12-01T00:00:00+00:00"))
        seats += [(gid, s, "NS" if s in "NS" else "EW", p) for s, p in zip("NESW", four)]
        season = f"Season {g % 4 + 1}"
        for side, members in (("NS", (four[0], four[2])), ("EW", (four[1], four[3]))):
            mine = [r for r in hands[-2 * hands_per_game:] if r[1] == side]
            sides.append((gid, side, season, int(finished), int(winner == side),
                          *sorted(members), len(mine), sum(r[7] for r in mine),
                          sum(r[8] for r in mine), sum(r[9] for r in mine), 0,
                          sum(1 for r in mine if not r[6]), totals[side]))
        if len(hands) >= 200_000:
            _flush(conn, games, seats, hands, nils, sides)
    _flush(conn, games, seats, hands, nils, sides)
    conn.executemany("INSERT OR IGNORE INTO players VALUES (?, '2026-12-01')",
                     [(p,) for p in players])
    conn.commit()
    store.close()
    return n_games


def _flush(conn, games, seats, hands, nils, sides) -> None:
    conn.executemany(f"INSERT INTO games VALUES ({', '.join('?' * 14)})", games)
    conn.executemany("INSERT INTO seats (game_id, seat, side, player) VALUES (?, ?, ?, ?)",
                     seats)
    conn.executemany("INSERT INTO hands (game_id, side, hand, dealer, bid, tricks, made, points,"
                     " points_against, bags, bag_penalties, score)"
                     f" VALUES ({', '.join('?' * 12)})", hands)
    conn.executemany("INSERT INTO nil_bids VALUES (?, ?, ?, ?, ?, ?, ?)", nils)
    conn.executemany(f"INSERT INTO game_sides VALUES ({', '.join('?' * 14)})", sides)
    for rows in (games, seats, hands, nils, sides):
        rows.clear()


def _timed_process(db: str, *args: str) -> tuple[float, float, str]:
    """``scorekeeper --db DB standings ARGS`` as a whole process (interpreter start and
    imports included): wall time, user CPU time, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    t0 = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", db, "standings",
                             *args], capture_output=True, text=True, check=True)
    took = time.perf_counter() - t0
    return took, resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before, result.stdout


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def bench_standings(n_hands: int, runs: int = 3) -> None:
    from scorekeeper.export import format_json, format_table
    from scorekeeper.storage import Store
    from scorekeeper.storage.cache import CACHE_TABLES

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "big.db")
        t0 = time.perf_counter()
        n_games = build_hands_db(db, n_hands)
        print(f"standings: built {n_hands:,} hands in {n_games:,} games in"
              f" {time.perf_counter() - t0:.1f} s (not timed; derived rows only, so the"
              " standings caches start empty)")

        def clear_caches() -> None:
            store = Store.open(db)
            for table in CACHE_TABLES:
                store.db.execute(f"DELETE FROM {table}")
            store.db.conn.commit()
            store.close()

        outputs = set()
        for i in range(runs):
            clear_caches()
            took, user, out = _timed_process(db)
            outputs.add(out)
            print(f"standings: first run (caches empty: summed and every game rated)"
                  f" {took:.2f} s wall, {user:.2f} s user ({_load()})")
        for fmt in ("table", "json"):
            for i in range(runs):
                took, user, out = _timed_process(db, "--format", fmt)
                if fmt == "table":
                    outputs.add(out)
                print(f"standings: `scorekeeper --db BIG standings --format {fmt}`, caches"
                      f" filled: {took:.2f} s wall, {user:.2f} s user ({_load()};"
                      " target: under 2 s)")
        assert len(outputs) == 1, "cached and uncached standings differ"
        log = Path(tmp) / "new.json"
        log.write_text(json.dumps(random_game_log(
            random.Random(5), card_by_card=False, max_hands=15, players={
                "N": "Player 001", "E": "Player 002", "S": "Player 003", "W": "Player 004"},
            event={"season": "Season 1", "date": "2027-01-01", "table": "1"})))
        CliRunner().invoke(main, ["--db", db, "import", str(log)])
        took, user, _ = _timed_process(db)
        print(f"standings: after importing one more (later) game, only it is rated:"
              f" {took:.2f} s wall, {user:.2f} s user")
        took, user, _ = _timed_process(db, "--season", "Season 1")
        print(f"standings: one season (a quarter of the games), first time:"
              f" {took:.2f} s wall, {user:.2f} s user")
        took, user, _ = _timed_process(db, "--season", "Season 1")
        print(f"standings: one season again: {took:.2f} s wall, {user:.2f} s user")

        clear_caches()
        store = Store.open(db)
        t0 = time.process_time()
        unrated = store.standings(rate=False)  # sums the scope (and stores the sums)
        t1 = time.process_time()
        rated = store.standings()  # rates every game (and stores the checkpoints)
        t2 = time.process_time()
        rated = store.standings()  # both from the caches
        t3 = time.process_time()
        store.close()
        format_table(rated)
        t4 = time.process_time()
        format_json(rated)
        t5 = time.process_time()
        print(f"  where the time goes (CPU): summing {t1 - t0:.2f} s; the openskill pass over"
              f" {unrated.games:,} finished games {t2 - t1:.2f} s; standings from the caches"
              f" {t3 - t2:.2f} s; the table ({len(rated.players)} players,"
              f" {len(rated.partnerships):,} partnerships) {t4 - t3:.2f} s; JSON"
              f" {t5 - t4:.2f} s")


def main_(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--only", choices=("import", "standings"))
    args = parser.parse_args(argv)
    if args.only != "standings":
        bench_import(args.games)
    if args.only != "import":
        bench_standings(args.hands)


if __name__ == "__main__":
    main_(sys.argv[1:])
