"""Season database speed: importing 10,000 games, standings over 1,000,000 hands.

    python benchmarks/bench_season.py            # both, full size
    python benchmarks/bench_season.py --games 1000 --hands 100000   # smaller
    python benchmarks/bench_season.py --only standings --keep /tmp/sk-season --cold-runs 5
        # the 1,000,000-hand database built once (about 1.5 minutes) and reused after;
        # standings from emptied caches timed five times (the median printed)

1. Import: random legal games in the quick form (``random_logs.random_game_log``, bids and
   tricks won, up to 15 hands each). Simulating 10,000 games takes minutes, so a pool of
   distinct simulated games is written out 10,000 times under different players, dates and
   tables (each file a different game to the database). Timed: the real command,
   ``scorekeeper --db FILE import <10,000 files>`` (read, validate, replay and score, store
   with its derived rows and the standings caches, one transaction per game; the dates
   cycle through the year, so most games come out of date order and the end of the
   import rates the season again, once). Then, as whole processes, the first standings
   after that import and the second, and importing all 10,000 files again unchanged
   (each known by the hash of its canonical JSON: target under 5 s); and, in-process, what rating every game again at
   the end of an import costs (the worst case: a whole season out of date order).
   These random games rarely reach 500 within 15 hands (about 2% finish), so ratings
   cost next to nothing there: a second import, of a fifth as many finished games
   (target 200) in date order, is timed with and without rating each game as it is
   saved (best of two each), then the first and second standings after it.
2. Standings: a database of 1,000,000 hands (66,666 games of 15 hands, 200 players, 4
   seasons one after the other, 20 tables a night) built as a club builds it, night after
   night in date order, and as quickly as the benchmark can: each game's derived rows
   (random but consistent: each side's points per hand and its totals, the winner) are
   written through ``converters.write_derived``, the very function every save calls
   after replaying and scoring the log, so the standings caches (summed totals, ratings
   rated game by game onto the head, checkpoints) are exactly what importing those games
   one by one would leave. Only the log's JSON and its replay are skipped (the import
   benchmark times those), and the writes share a transaction per 5,000 games. Timed, as
   whole processes (wall and user time, with the load average): ``scorekeeper --db FILE
   standings``: the first after the build (on a fresh copy of the built file, three
   times), the second, as a table and as JSON; importing one more (later) game and the
   standings after it; importing one back-dated game (it drops the ratings after it; the
   end of the import rates them again from the checkpoint before it) and the standings
   after it; one season; and, for a database older than the caches (caches emptied),
   the first standings, which sum and rate every game. Then its parts (CPU time). A
   database kept (``--keep``) from an older schema is brought up to date once first, its
   migration untimed (m008 sums the stored Nils onto ``game_sides``: 1.3-1.6 s here).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.rules.seats import Variant
from scorekeeper.logs.random_logs import random_game_log

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
        for which in ("first", "second"):
            took, user, _ = _timed_process(db)
            print(f"standings: the {which} after that import: {_figures(took, user)}")
        # Every file again, unchanged: a hash comparison each (m007's import_sources), as a
        # whole process; twice, the first after the standings above.
        for _ in range(2):
            took, user, out = _timed_process(db, *paths, command="import")
            print(f"import again, {n_games:,} files all unchanged, whole process:"
                  f" {_figures(took, user)}; {out.splitlines()[-1]}; target: under 5 s")
        _time_rating_again(db)


def bench_finished_import(n_games: int, pool_size: int = 100) -> None:
    """A season of finished games (the random games above mostly run out of hands before
    500: a target of 200 here), in date order, as a club imports them: the same import
    timed with and without rating each game as it is saved, and the first standings."""
    from scorekeeper.analysis.game import analyse_game
    from scorekeeper.logs.files import log_from_data
    from scorekeeper.rules.settings import RuleSet
    from scorekeeper.season.storage import Store
    from scorekeeper.season.storage import cache

    rng = random.Random(17)
    rules = RuleSet(target_score=200)
    pool = []
    while len(pool) < pool_size:
        variant = Variant.TWO_PLAYER if len(pool) % 10 == 0 else Variant.PARTNERSHIP
        log = random_game_log(rng, variant, card_by_card=False, max_hands=15, rules=rules)
        if analyse_game(log_from_data(log)).score.winner is not None:
            pool.append(log)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths, hands = [], 0
        for i in range(n_games):
            base = pool[i % pool_size]
            night, table = divmod(i, TABLES_PER_NIGHT)
            log = {**base, "players": dict(zip(base["players"],
                                               rng.sample(NAMES, len(base["players"])))),
                   "event": {"season": f"Season {i * 4 // n_games + 1}", "table": f"{table:02d}",
                             "date": (FIRST_NIGHT + datetime.timedelta(days=night)).isoformat()}}
            path = folder / f"finished-{i:05d}.json"
            path.write_text(json.dumps(log))
            paths.append(str(path))
            hands += len(log["hands"])
        took = {}
        for rating in (False, True, False, True):
            db = str(folder / f"finished-{rating}.db")
            for suffix in ("", "-wal", "-shm"):
                Path(db + suffix).unlink(missing_ok=True)
            saved = cache._follow_head, Store.bring_standings_up_to_date
            if not rating:  # neither at each save nor at the end
                cache._follow_head = lambda *args: None
                Store.bring_standings_up_to_date = lambda self: True
            try:
                t0 = time.perf_counter()
                result = CliRunner().invoke(main, ["--db", db, "import", *paths])
                took.setdefault(rating, []).append(time.perf_counter() - t0)
            finally:
                cache._follow_head, Store.bring_standings_up_to_date = saved
            assert result.exit_code == 0, result.output[-2000:]
        on, off = min(took[True]), min(took[False])
        print(f"import: {n_games:,} finished games ({hands:,} hands) in date order:"
              f" {on:.1f} s ({on / n_games * 1000:.2f} ms a game); without rating them as"
              f" they are saved {off:.1f} s: {(on - off) / n_games * 1000:.2f} ms a game"
              " (best of two each)")
        for which in ("first", "second"):
            took_, user, _ = _timed_process(str(folder / "finished-True.db"))
            print(f"standings: the {which} after that import: {_figures(took_, user)}")


def _time_rating_again(db: str) -> None:
    """What the end of an import pays when every game came out of date order: rating
    every scope again from scratch (the ratings caches emptied first)."""
    from scorekeeper.season.storage import Store

    store = Store.open(db)
    with store.db.conn:
        for table in ("rating_checkpoints", "rating_heads", "player_ratings"):
            store.db.execute(f"DELETE FROM {table}")
    t0 = time.perf_counter()
    store.bring_standings_up_to_date()
    took = time.perf_counter() - t0
    games = store.db.execute("SELECT count(*) FROM games WHERE finished = 1").fetchone()[0]
    scopes = store.db.execute("SELECT count(*) FROM rating_heads").fetchone()[0]
    store.close()
    print(f"import: rating {games:,} finished games again in each of {scopes} scopes"
          f" (every game and its season), as the end of an import out of date order does:"
          f" {took:.2f} s")


FIRST_NIGHT = datetime.date(2018, 1, 1)
TABLES_PER_NIGHT = 20
SAVED_AT = "2026-12-01T00:00:00+00:00"


def build_hands_db(path: str, n_hands: int, hands_per_game: int = 15, seed: int = 11) -> int:
    """A database of ``n_hands`` hands through the real schema, each game's derived rows
    written by ``converters.write_derived`` (as a save writes them, caches included) in
    date order: night after night, tables "00" to "19"."""
    from scorekeeper.season.storage import Store
    from scorekeeper.season.storage.converters import DerivedRows, write_derived

    rng = random.Random(seed)
    store = Store.open(path)
    conn = store.db.conn
    players = [f"Player {i:03d}" for i in range(200)]
    n_games = n_hands // hands_per_game
    conn.execute("BEGIN IMMEDIATE")
    for g in range(n_games):
        gid = f"bench-{g:06d}"
        night, table = divmod(g, TABLES_PER_NIGHT)
        date = (FIRST_NIGHT + datetime.timedelta(days=night)).isoformat()
        season = f"Season {g * 4 // n_games + 1}"
        four = rng.sample(players, 4)
        totals = {"NS": 0, "EW": 0}
        hands, nils = [], []
        for h in range(1, hands_per_game + 1):
            ns_bid, ew_bid = rng.randint(3, 8), rng.randint(3, 8)
            ns_tricks = rng.randint(2, 11)
            points = {}
            for side, bid, tricks in (("NS", ns_bid, ns_tricks), ("EW", ew_bid, 13 - ns_tricks)):
                made = tricks >= bid
                points[side] = 10 * bid + (tricks - bid) if made else -10 * bid
                totals[side] += points[side]
                hands.append([gid, side, h, "NESW"[h % 4], bid, tricks, int(made),
                              points[side], 0, tricks - bid if made else 0, 0, totals[side]])
            hands[-2][8], hands[-1][8] = points["EW"], points["NS"]  # points against
            if rng.random() < 0.1:
                seat = rng.choice("NESW")
                nils.append((gid, h, seat, "NS" if seat in "NS" else "EW",
                             int(rng.random() < 0.2), int(rng.random() < 0.6),
                             four["NESW".index(seat)]))
        finished = rng.random() < 0.9
        winner = max(totals, key=totals.get) if finished else None
        rows = DerivedRows(
            game=(gid, 1, "partnership", season, date, f"{table:02d}", hands_per_game,
                  int(finished), winner, hands_per_game if finished else None,
                  json.dumps(dict(zip("NESW", four))), json.dumps(totals),
                  json.dumps({"NS": 0, "EW": 0}), SAVED_AT),
            seats=[(gid, s, "NS" if s in "NS" else "EW", p) for s, p in zip("NESW", four)],
            hands=[tuple(r) for r in hands], nil_bids=nils, players=sorted(four))
        for side, members in (("NS", (four[0], four[2])), ("EW", (four[1], four[3]))):
            mine = [r for r in rows.hands if r[1] == side]
            rows.sides.append((gid, side, season, int(finished), int(winner == side),
                               *sorted(members), len(mine), sum(r[7] for r in mine),
                               sum(r[8] for r in mine), sum(r[9] for r in mine), 0,
                               sum(1 for r in mine if not r[6]), totals[side]))
        write_derived(conn, rows, SAVED_AT)
        if g % 5000 == 4999:
            conn.execute("COMMIT")
            conn.execute("BEGIN IMMEDIATE")
    conn.execute("COMMIT")
    store.close()
    return n_games


def _game_file(folder: Path, name: str, date: str, table: str) -> str:
    log = folder / name
    log.write_text(json.dumps(random_game_log(
        random.Random(5), card_by_card=False, max_hands=15, players={
            "N": "Player 001", "E": "Player 002", "S": "Player 003", "W": "Player 004"},
        event={"season": "Season 4", "date": date, "table": table})))
    return str(log)


def _timed_process(db: str, *args: str, command: str = "standings"
                   ) -> tuple[float, float, str]:
    """``scorekeeper --db DB standings ARGS`` (or another command) as a whole process
    (interpreter start and imports included): wall time, user CPU time, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    t0 = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", db, command,
                             *args], capture_output=True, text=True, check=True)
    took = time.perf_counter() - t0
    return took, resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before, result.stdout


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def _figures(took: float, user: float) -> str:
    return f"{took:.2f} s wall, {user:.2f} s user ({_load()})"


def bench_standings(n_hands: int, runs: int = 3, keep: Path | None = None,
                    cold_runs: int = 1) -> None:
    from scorekeeper.season.standings import rate_in_date_order
    from scorekeeper.season.standings_formats import format_json, format_table
    from scorekeeper.season.storage import Store, cache
    from scorekeeper.season.storage.cache import CACHE_TABLES

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "big.db")
        built = str(Path(tmp) / "built.db")
        kept = None if keep is None else keep / f"built-{n_hands}.db"
        if kept is not None and kept.exists():
            shutil.copyfile(kept, built)
            n_games = n_hands // 15
            print(f"standings: {n_hands:,} hands in {n_games:,} games, built before: {kept}")
        else:
            t0 = time.perf_counter()
            n_games = build_hands_db(built, n_hands)
            took = time.perf_counter() - t0
            print(f"standings: built {n_hands:,} hands in {n_games:,} games in {took:.1f} s"
                  f" ({took / n_games * 1000:.2f} ms a game: derived rows and caches, as saves"
                  " write them, in date order; not timed)")
            if kept is not None:
                keep.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(built, kept)
        # A database kept from an older schema is migrated here, once, so that no timed
        # run below pays for it (m008 sums the Nils of 1,000,000 hands onto game_sides).
        t0 = time.perf_counter()
        Store.open(built).close()
        print(f"standings: opened once, brought up to this schema if older, in"
              f" {time.perf_counter() - t0:.1f} s (not timed below)")

        outputs = set()
        for i in range(runs):
            shutil.copyfile(built, db)  # the database as the imports left it
            took, user, out = _timed_process(db)
            outputs.add(out)
            print(f"standings: the first after the imports: {_figures(took, user)};"
                  " target: under 2 s")
        for fmt in ("table", "json"):
            for i in range(runs):
                took, user, out = _timed_process(db, "--format", fmt)
                if fmt == "table":
                    outputs.add(out)
                print(f"standings: again, --format {fmt}: {_figures(took, user)}")

        folder = Path(tmp)
        last_night = FIRST_NIGHT + datetime.timedelta(days=(n_games - 1) // TABLES_PER_NIGHT)
        later = _game_file(folder, "later.json",
                           (last_night + datetime.timedelta(days=1)).isoformat(), "00")
        took, user, _ = _timed_process(db, later, command="import")
        print(f"import: one more (later) game, rated as it is saved: {_figures(took, user)}")
        for i in range(2):
            took, user, _ = _timed_process(db)
            print(f"standings: after it: {_figures(took, user)}")
        # Back-dated by a week: the games after it are rated again from the checkpoint
        # before it, once, at the end of the import.
        earlier = _game_file(folder, "earlier.json",
                             (last_night - datetime.timedelta(days=7)).isoformat(), "99")
        took, user, _ = _timed_process(db, earlier, command="import")
        print(f"import: one game back-dated by a week ({7 * TABLES_PER_NIGHT} games after"
              f" it): {_figures(took, user)}")
        took, user, _ = _timed_process(db)
        print(f"standings: after it: {_figures(took, user)}")
        for i in range(2):
            took, user, _ = _timed_process(db, "--season", "Season 1")
            print(f"standings: one season (a quarter of the games): {_figures(took, user)}")

        emptied = str(Path(tmp) / "emptied.db")
        shutil.copyfile(built, emptied)
        store = Store.open(emptied)
        with store.db.conn:
            for table in CACHE_TABLES:
                store.db.execute(f"DELETE FROM {table}")
        store.close()
        walls = []
        for i in range(cold_runs):
            shutil.copyfile(emptied, db)
            took, user, out = _timed_process(db)
            walls.append(took)
            outputs.add(out)
            print(f"standings: caches emptied (a database older than them: every game summed"
                  f" and rated): {_figures(took, user)}; target: under 2 s")
        if cold_runs > 1:
            print(f"standings: caches emptied, median of {cold_runs} whole processes:"
                  f" {statistics.median(walls):.2f} s wall ({_load()})")
        assert len(outputs) == 1, "standings from the caches and afresh differ"

        shutil.copyfile(emptied, db)
        store = Store.open(db)
        conn = store.db.conn
        t0 = time.process_time()
        unrated = store.standings(rate=False)  # sums the scope (and stores the sums)
        t1 = time.process_time()
        games = cache.rated_games(conn, None)  # read as the rating pass reads them
        t2 = time.process_time()
        rate_in_date_order(games)
        t3 = time.process_time()
        rated = store.standings()  # rates every game (and stores the checkpoints)
        t4 = time.process_time()
        rated = store.standings()  # both from the caches
        t5 = time.process_time()
        store.close()
        format_table(rated)
        t6 = time.process_time()
        format_json(rated)
        t7 = time.process_time()
        print(f"  where the time goes (CPU, in one process): summing and storing the sums"
              f" {t1 - t0:.2f} s; the openskill pass over {unrated.games:,} finished games"
              f" (with its checkpoints) {t4 - t3:.2f} s: reading the games {t2 - t1:.2f} s,"
              f" rating them {t3 - t2:.2f} s (each timed apart); standings from the caches"
              f" {t5 - t4:.2f} s; the table"
              f" ({len(rated.players)} players, {len(rated.partnerships):,} partnerships)"
              f" {t6 - t5:.2f} s; JSON {t7 - t6:.2f} s")


def main_(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--only", choices=("import", "standings"))
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="keep the standings benchmark's built database in FOLDER"
                             " (built-HANDS.db) and reuse it when it is there already"
                             " (delete it after a change to how saves write the caches)")
    parser.add_argument("--cold-runs", type=int, default=1, metavar="N",
                        help="time the standings from emptied caches N times (a fresh copy"
                             " each time) and print the median")
    args = parser.parse_args(argv)
    if args.only != "standings":
        bench_import(args.games)
        bench_finished_import(args.games // 5)
    if args.only != "import":
        bench_standings(args.hands, keep=args.keep, cold_runs=args.cold_runs)


if __name__ == "__main__":
    main_(sys.argv[1:])
