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
   (each side's points per hand and its totals, the winner). Timed: ``scorekeeper --db FILE
   standings`` end to end, and its parts: the SQL sums (per player and per partnership over
   game_sides x seats, Nils over nil_bids) with the games read for the rating, the openskill
   pass over every finished game, and the table.
"""

from __future__ import annotations

import argparse
import json
import random
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


def bench_standings(n_hands: int) -> None:
    from scorekeeper.export import format_table
    from scorekeeper.storage import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "big.db")
        t0 = time.perf_counter()
        n_games = build_hands_db(db, n_hands)
        print(f"standings: built {n_hands:,} hands in {n_games:,} games in"
              f" {time.perf_counter() - t0:.1f} s (not timed)")
        for label in ("first run, ratings computed from scratch",
                      "again, ratings from the rating cache"):
            t0 = time.perf_counter()
            result = CliRunner().invoke(main, ["--db", db, "standings"])
            took = time.perf_counter() - t0
            assert result.exit_code == 0, result.output
            print(f"standings: `scorekeeper standings` over {n_hands:,} hands, {label}:"
                  f" {took:.2f} s (target: under 2 s)")
        log = Path(tmp) / "new.json"
        log.write_text(json.dumps(random_game_log(
            random.Random(5), card_by_card=False, max_hands=15, players={
                "N": "Player 001", "E": "Player 002", "S": "Player 003", "W": "Player 004"},
            event={"season": "Season 1", "date": "2027-01-01", "table": "1"})))
        CliRunner().invoke(main, ["--db", db, "import", str(log)])
        t0 = time.perf_counter()
        CliRunner().invoke(main, ["--db", db, "standings"])
        print(f"standings: after importing one more (later) game, only it is rated:"
              f" {time.perf_counter() - t0:.2f} s")
        t0 = time.perf_counter()
        store = Store.open(db)
        unrated = store.standings(rate=False)
        t1 = time.perf_counter()
        store.db.execute("DELETE FROM rating_cache")
        t2 = time.perf_counter()
        rated = store.standings()
        t3 = time.perf_counter()
        store.close()
        format_table(rated)
        t4 = time.perf_counter()
        print(f"  where the time goes: SQL sums, games read, ranking {t1 - t0:.2f} s; the"
              f" openskill pass over {unrated.games:,} finished games (no cache)"
              f" {(t3 - t2) - (t1 - t0):.2f} s; the table ({len(rated.players)} players,"
              f" {len(rated.partnerships):,} partnerships) {t4 - t3:.2f} s")
        t0 = time.perf_counter()
        result = CliRunner().invoke(main, ["--db", db, "standings", "--season", "Season 1"])
        print(f"standings: one season (a quarter of the games): {time.perf_counter() - t0:.2f} s")


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
