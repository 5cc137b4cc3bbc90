"""Each member's own Nil counts on ``game_sides`` (m008): what every save writes, and what
the migration sums for the games stored before it, are the counts ``nil_bids`` holds;
standings summed from them (through the covering index, without joining ``nil_bids``)
are the standings summed as before, from empty caches and from the caches they fill."""

import random
import sqlite3
from dataclasses import asdict

import pytest

from scorekeeper.logs.files import log_from_data
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import RuleSet
from scorekeeper.season.standings import compute_standings
from scorekeeper.season.storage import Store, cache, scope_reads
from scorekeeper.season.storage.converters import SIDE_NIL_COLUMNS, side_nil_counts
from scorekeeper.season.storage.db import write_transaction
from scorekeeper.season.storage.migrations import LATEST, migrations

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]

# Each side's Nils by member, summed from nil_bids as the standings counted them before
# m008 (per bidder, matched to the side's members by name as written).
RECOUNT = """
SELECT gs.game_id, gs.side,
    sum(n.player = gs.member1 AND n.blind = 0), sum(n.player = gs.member1 AND n.blind = 0
        AND n.made), sum((n.player = gs.member1) * n.blind),
    sum(n.player = gs.member1 AND n.blind AND n.made),
    sum(n.player IS gs.member2 AND n.blind = 0), sum(n.player IS gs.member2
        AND n.blind = 0 AND n.made), sum((n.player IS gs.member2) * n.blind),
    sum(n.player IS gs.member2 AND n.blind AND n.made)
FROM game_sides gs LEFT JOIN nil_bids n ON n.game_id = gs.game_id AND n.side = gs.side
GROUP BY gs.game_id, gs.side ORDER BY gs.game_id, gs.side
"""


def _stored_counts(conn: sqlite3.Connection) -> list[tuple]:
    return conn.execute(f"SELECT game_id, side, {', '.join(SIDE_NIL_COLUMNS)} FROM game_sides"
                        " ORDER BY game_id, side").fetchall()


def _recounted(conn: sqlite3.Connection) -> list[tuple]:
    return [(*r[:2], *(v or 0 for v in r[2:])) for r in conn.execute(RECOUNT)]


@pytest.fixture(scope="module")
def nil_db(tmp_path_factory):
    """Finished and unfinished games, two seasons, both variants, many Nils and Blind
    Nils, saved out of date order."""
    rng = random.Random(8)
    path = str(tmp_path_factory.mktemp("nils") / "season.db")
    with Store.open(path) as store:
        for i in range(40):
            variant = Variant.TWO_PLAYER if i % 5 == 0 else Variant.PARTNERSHIP
            players = dict(zip((str(s) for s in variant.seats),
                               rng.sample(NAMES, len(variant.seats))))
            store.save_game(log_from_data(random_game_log(
                rng, variant, card_by_card=False, max_hands=12,
                rules=RuleSet(target_score=150), players=players, nil_rate=0.3,
                blind_rate=0.1, event={"season": f"S{i % 2}", "table": "1",
                                       "date": f"2026-0{rng.randint(1, 9)}-1{i % 10}"})))
        counts = store.db.execute("SELECT count(*), sum(blind), sum(made) FROM nil_bids"
                                  ).fetchone()
        finished = store.db.execute("SELECT count(*), sum(finished) FROM games").fetchone()
    assert counts[0] > 60 and 0 < counts[1] < counts[0] and 0 < counts[2] < counts[0]
    assert 0 < finished[1] < finished[0]
    return path


def test_every_save_writes_each_members_own_nil_counts(nil_db):
    with Store.open(nil_db) as store:
        conn = store.db.conn
        stored = _stored_counts(conn)
        assert stored == _recounted(conn)
        # Not all zeros: Nils and Blind Nils of both members, made and not.
        for column in range(2, 10):
            assert any(row[column] for row in stored), SIDE_NIL_COLUMNS[column - 2]


def test_side_nil_counts_count_each_nil_once_for_its_bidder():
    sides = [("g", "NS", None, 1, 1, "Ann", "Cy", 3, 90, 80, 1, 0, 1, 90),
             ("g", "EW", None, 1, 0, "Bob", "Bob", 3, 80, 90, 0, 0, 2, 80),  # one name twice
             ("h", "N", None, 0, 0, "Di", None, 2, 40, 50, 0, 0, 1, 40)]  # two-player
    nils = [("g", 1, "N", "NS", 0, 1, "Ann"), ("g", 2, "N", "NS", 1, 0, "Ann"),
            ("g", 2, "S", "NS", 0, 0, "Cy"), ("g", 3, "E", "EW", 1, 1, "Bob"),
            ("h", 1, "N", "N", 0, 1, "Di")]
    assert [row[14:] for row in side_nil_counts(sides, nils)] == [
        (1, 1, 1, 0, 1, 0, 0, 0), (0, 0, 1, 1, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0, 0, 0)]
    assert [row[:14] for row in side_nil_counts(sides, nils)] == sides


def _before_m008(path: str) -> None:
    """The database as m007 left it: no counts on game_sides, no index, m008 not applied."""
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX game_sides_pair_sums")
    for column in SIDE_NIL_COLUMNS:
        conn.execute(f"ALTER TABLE game_sides DROP COLUMN {column}")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm008_game_sides_nils'")
    conn.commit()
    conn.close()


def _assert_same(got, expected):
    assert [asdict(r) for r in got.players] == [asdict(r) for r in expected.players]
    assert [asdict(r) for r in got.partnerships] == [asdict(r) for r in expected.partnerships]
    assert (got.unfinished, got.games) == (expected.unfinished, expected.games)


def test_an_older_database_gets_the_counts_of_its_stored_nils(nil_db, tmp_path):
    import shutil

    path = str(tmp_path / "m007.db")
    shutil.copyfile(nil_db, path)
    _before_m008(path)
    conn = sqlite3.connect(path)
    assert "member1_nil_bids" not in {r[1] for r in conn.execute(
        "PRAGMA table_info(game_sides)")}
    conn.close()
    with Store.open(path) as store:
        conn = store.db.conn
        assert [m.name for m in migrations.applied(store.db)][-1] == LATEST
        assert _stored_counts(conn) == _recounted(conn)
        for season in (None, "S0", "S1"):
            expected = compute_standings(store.game_results(season), season)
            with write_transaction(conn):
                cache.clear(conn)
            _assert_same(store.standings(season), expected)  # from empty caches
            _assert_same(store.standings(season), expected)  # from the caches filled


def test_every_games_partnership_sums_read_the_covering_index_alone(nil_db):
    with Store.open(nil_db) as store:
        conn = store.db.conn
        statements: list[str] = []
        conn.set_trace_callback(statements.append)
        try:
            scope_reads.sum_scope(conn, None)
        finally:
            conn.set_trace_callback(None)
        [query] = [s for s in statements if "GROUP BY" in s]
        plan = " | ".join(r[3] for r in conn.execute(f"EXPLAIN QUERY PLAN {query}"))
        assert "COVERING INDEX game_sides_pair_sums" in plan and "TEMP B-TREE" not in plan
        assert len(statements) == 1 and "JOIN" not in query  # nil_bids not joined
