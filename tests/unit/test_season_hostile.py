"""The season database and its commands against hostile input (issue 11): an empty
database path, logs whose values SQLite cannot take, a revision beyond 64 bits, a damaged
file, an existing export file, a missing database, a database of a newer schema, one that
cannot be written, names that a spreadsheet or a Markdown table would misread, and one
player written several ways.

The games are the examples (examples/*.json), imported as in the README.
"""

import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.season.standings import GameResult, NilCounts, SideResult, compute_standings
from scorekeeper.season.standings_formats import format_csv, format_markdown
from scorekeeper.season.storage import NewerSchemaError, StorageError, Store
from scorekeeper.season.storage.db import SCHEMA

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LOGS = ("partnership-card-by-card.json", "partnership-game.json", "two-player-game.json")
CARD_BY_CARD, PARTNERSHIP, TWO_PLAYER = ("2026-11-27-table-3-game-2", "2026-11-27-ddc5f656ba",
                                         "2026-11-28-47f704a385")
IMPORTED = f"""\
partnership-card-by-card.json: imported as {CARD_BY_CARD}
partnership-game.json: imported as {PARTNERSHIP}
two-player-game.json: imported as {TWO_PLAYER}
3 imported, 0 updated, 0 unchanged, 0 refused
"""


def run(db, *args, **kwargs):
    return CliRunner().invoke(main, ["--db", db, *args], catch_exceptions=False, **kwargs)


@pytest.fixture
def logs(tmp_path, monkeypatch):
    """The example logs in the working directory (a temporary folder)."""
    monkeypatch.chdir(tmp_path)
    # Should a test fall through to the default database, it is not the user's.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))
    for name in LOGS:
        shutil.copy(EXAMPLES / name, name)
    return tmp_path


@pytest.fixture
def imported(logs):
    db = str(logs / "season.db")
    result = run(db, "import", *LOGS)
    assert (result.exit_code, result.stdout) == (0, IMPORTED)
    return db


def digest(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# -- 1. an empty database path -----------------------------------------------------------------

@pytest.mark.parametrize("command", [["import", "partnership-game.json"], ["games"],
                                     ["standings"], ["export", PARTNERSHIP]])
def test_an_empty_db_option_is_refused_before_anything(logs, command):
    result = run("", *command)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", "error: --db: the database path is empty\n")


def test_an_empty_scorekeeper_db_variable_is_refused_but_not_where_no_database_is_used(logs):
    runner = CliRunner(env={"SCOREKEEPER_DB": ""})
    result = runner.invoke(main, ["import", "partnership-game.json"])
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", "error: SCOREKEEPER_DB: the database path is empty\n")
    validate = runner.invoke(main, ["validate", "partnership-game.json"])
    assert (validate.exit_code, validate.stdout) == (0, "partnership-game.json: valid (9 hands)\n")


def test_the_app_is_not_opened_on_an_empty_path(logs, monkeypatch):
    import scorekeeper.cli.app as app

    def refuse(db_path):
        raise AssertionError(f"the app was run on {db_path!r}")

    monkeypatch.setattr(app, "run_app", refuse)
    result = CliRunner().invoke(main, ["--db", ""], catch_exceptions=False)
    assert (result.exit_code, result.stderr) == (2, "error: --db: the database path is empty\n")
    with pytest.raises(StorageError, match="the database path is empty"):
        Store.open("")


# -- 2. one log that SQLite cannot take --------------------------------------------------------

def _spoil(monkeypatch, game_id, spoil):
    """Let ``spoil`` change the derived rows of one game on their way to SQLite."""
    import scorekeeper.season.storage.store as store_module

    derive = store_module.derive_rows

    def derive_rows(gid, *args):
        rows = derive(gid, *args)
        if gid == game_id:
            spoil(rows)
        return rows

    monkeypatch.setattr(store_module, "derive_rows", derive_rows)


def test_a_number_beyond_64_bits_refuses_that_log_and_the_others_are_imported(logs, monkeypatch):
    def overflow(rows):
        rows.game = (*rows.game[:6], 2**64, *rows.game[7:])  # the number of hands

    _spoil(monkeypatch, PARTNERSHIP, overflow)
    db = str(logs / "season.db")
    result = run(db, "import", *LOGS)
    assert (result.exit_code, result.stderr) == (2, (
        "partnership-game.json: not imported: a number in it is too large for the database"
        " (Python int too large to convert to SQLite INTEGER)\n"))
    assert result.stdout == f"""\
partnership-card-by-card.json: imported as {CARD_BY_CARD}
two-player-game.json: imported as {TWO_PLAYER}
2 imported, 0 updated, 0 unchanged, 1 refused
"""
    with Store.open(db) as store:
        assert sorted(g.game_id for g in store.games()) == [CARD_BY_CARD, TWO_PLAYER]
        # Nothing of the refused game is left behind, not even a row of its own.
        assert store.db.execute("SELECT count(*) FROM game_logs WHERE game_id = ?",
                                (PARTNERSHIP,)).fetchone() == (0,)


def test_any_sqlite_error_on_one_log_refuses_that_log_only(logs, monkeypatch):
    def same_seat_twice(rows):
        rows.seats.append(rows.seats[0])

    _spoil(monkeypatch, TWO_PLAYER, same_seat_twice)
    result = run(str(logs / "season.db"), "import", *LOGS)
    assert (result.exit_code, result.stderr) == (2, (
        "two-player-game.json: not imported: UNIQUE constraint failed: seats.game_id,"
        " seats.seat\n"))
    assert result.stdout.splitlines()[-1] == "2 imported, 0 updated, 0 unchanged, 1 refused"


def test_a_log_nested_500_deep_is_imported_and_exported_as_written(logs):
    # validate takes it (the schema has no depth limit), so import stores it and export
    # gives back its x- value untouched (pydantic's serialiser would stop at depth 255).
    data = json.loads(Path("partnership-game.json").read_text())
    data["game_id"] = "deep-one"
    data["x-deep"] = json.loads("[" * 500 + "]" * 500)
    Path("deep.json").write_text(json.dumps(data))
    db = str(logs / "season.db")
    result = run(db, "import", "deep.json", "two-player-game.json")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines()[-1] == "2 imported, 0 updated, 0 unchanged, 0 refused"
    exported = run(db, "export", "deep-one")
    assert exported.exit_code == 0
    assert json.loads(exported.stdout)["x-deep"] == data["x-deep"]


# -- 3. a revision beyond 64 bits -----------------------------------------------------------

def test_a_revision_beyond_64_bits_is_refused_and_the_largest_one_is_looked_for(imported):
    result = run(imported, "export", PARTNERSHIP, "--revision", str(2**64))
    assert result.exit_code == 2
    assert result.stderr.endswith(f"Error: Invalid value for '--revision': {2**64} is not in"
                                  " the range 1<=x<=9223372036854775807.\n")
    largest = run(imported, "export", PARTNERSHIP, "--revision", str(2**63 - 1))
    assert (largest.exit_code, largest.stderr) == (2, (
        f"error: {imported}: no game '{PARTNERSHIP} revision 9223372036854775807' in the"
        " database (scorekeeper games lists them)\n"))


# -- 4. a damaged database --------------------------------------------------------------------

READS = [["games"], ["standings"], ["standings", "--format", "json"],
         ["export", PARTNERSHIP], ["import", "two-player-game.json"]]


@pytest.mark.parametrize("command", READS)
def test_a_database_damaged_in_the_middle_is_named_not_a_traceback(imported, command):
    data = bytearray(Path(imported).read_bytes())
    assert not Path(f"{imported}-wal").exists()  # every commit is in the file itself
    page = 4096
    pages = len(data) // page
    rng = random.Random(11)
    start, end = pages // 3 * page, 2 * pages // 3 * page  # its header and schema kept
    data[start:end] = bytes(rng.randrange(256) for _ in range(end - start))
    Path(imported).write_bytes(data)
    result = run(imported, *command)
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: {imported}: the season database is damaged: ")


def test_stored_text_that_is_not_utf8_or_not_json_is_damage(imported):
    conn = sqlite3.connect(imported)
    conn.execute("UPDATE game_logs SET json = CAST(x'7b22ff' AS TEXT) WHERE game_id = ?",
                 (PARTNERSHIP,))
    conn.execute("UPDATE games SET players_json = '{\"N\": ' WHERE game_id = ?", (TWO_PLAYER,))
    conn.commit()
    conn.close()
    export = run(imported, "export", PARTNERSHIP)
    assert (export.exit_code, export.stderr) == (2, (
        f"error: {imported}: the season database is damaged: Could not decode to UTF-8"
        " column 'json' with text '{\"\ufffd'\n"))
    games = run(imported, "games")
    assert (games.exit_code, games.stderr) == (2, (
        f"error: {imported}: the season database is damaged: Expecting value: line 1"
        " column 7 (char 6)\n"))


# -- 5. export -o onto an existing file -------------------------------------------------------

def test_export_refuses_to_replace_a_file_without_force_and_replaces_it_whole_with(imported,
                                                                                  tmp_path):
    out = tmp_path / "out" / "game.json"
    out.parent.mkdir()
    out.write_text("keep me\n")
    out.chmod(0o640)
    refused = run(imported, "export", PARTNERSHIP, "-o", str(out))
    assert (refused.exit_code, refused.stdout, refused.stderr) == (
        2, "", f"error: {out}: already exists; use --force to replace it\n")
    assert out.read_text() == "keep me\n"
    forced = run(imported, "export", PARTNERSHIP, "-o", str(out), "--force")
    assert (forced.exit_code, forced.stdout) == (0, f"wrote {out}\n")
    assert out.read_text() == run(imported, "export", PARTNERSHIP).stdout
    assert out.stat().st_mode & 0o777 == 0o640  # the replaced file's permissions
    assert os.listdir(out.parent) == ["game.json"]  # no temporary file left


def test_a_failed_export_leaves_the_earlier_file_as_it_was(imported, tmp_path, monkeypatch):
    out = tmp_path / "out" / "game.json"
    out.parent.mkdir()
    out.write_text("keep me\n")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    result = run(imported, "export", PARTNERSHIP, "-o", str(out), "--force")
    assert (result.exit_code, result.stderr) == (
        2, f"error: {out}: cannot write: No space left on device\n")
    assert out.read_text() == "keep me\n"
    assert os.listdir(out.parent) == ["game.json"]


# -- 6. reading never creates a database --------------------------------------------------------

@pytest.mark.parametrize("command", [["games"], ["standings"], ["export", PARTNERSHIP]])
def test_reading_a_missing_database_creates_nothing(logs, command):
    db = logs / "new" / "season.db"
    result = run(str(db), *command)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", f"error: {db}: no such database\n")
    assert not db.parent.exists()
    assert run(str(db), "import", "partnership-game.json").exit_code == 0  # import creates it
    assert db.exists()


# -- 7. a database of a newer schema ------------------------------------------------------------

def _newer(db):
    conn = sqlite3.connect(db)
    conn.executemany("INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
                     " VALUES ('scorekeeper', ?, '2027-01-01')",
                     [("m008_later",), ("m009_later_still",)])
    conn.commit()
    conn.close()


def test_a_newer_database_is_never_written_but_read_while_its_tables_serve(imported):
    before = {f: run(imported, "standings", "--format", f).stdout for f in ("table", "json")}
    games = run(imported, "games").stdout
    exported = run(imported, "export", TWO_PLAYER).stdout
    _newer(imported)
    newer = (f"this database is of schema version 10, newer than this scorekeeper"
             f" ({len(SCHEMA)}); update scorekeeper to change it")
    unchanged = digest(imported)
    result = run(imported, "import", "two-player-game.json")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", f"error: {imported}: {newer}\n")
    with pytest.raises(NewerSchemaError) as refused:  # the app's way in
        Store.open(imported)
    assert str(refused.value) == newer
    for fmt, text in before.items():
        assert run(imported, "standings", "--format", fmt).stdout == text
    assert run(imported, "games").stdout == games
    assert run(imported, "export", TWO_PLAYER).stdout == exported
    assert digest(imported) == unchanged
    # A table the later scorekeeper changed: refused with the same reason.
    conn = sqlite3.connect(imported)
    conn.execute("ALTER TABLE game_sides RENAME TO game_sides_v7")
    conn.commit()
    conn.close()
    result = run(imported, "standings")
    assert (result.exit_code, result.stderr) == (2, f"error: {imported}: {newer}\n")


# -- 8. a database that cannot be written -----------------------------------------------------------

def _empty_the_caches(db):
    """Leave the standings nothing cached, so that computing them would fill the caches
    if it could write."""
    conn = sqlite3.connect(db)
    for table in ("totals_scopes", "player_totals", "pair_totals", "rating_checkpoints",
                  "rating_heads", "player_ratings"):
        conn.execute(f"DELETE FROM {table}")
    conn.commit()
    conn.close()


def test_a_database_that_cannot_be_written_is_read_read_only_and_left_as_it_was(
        imported, monkeypatch):
    import scorekeeper.season.storage.store as store_module

    reads = [["standings", "--format", f] for f in ("table", "csv", "json", "markdown")]
    reads += [["standings", "--season", "Fall 2026"], ["games"], ["export", PARTNERSHIP]]
    expected = [run(imported, *args).stdout for args in reads]
    _empty_the_caches(imported)
    unchanged, mtime = digest(imported), os.stat(imported).st_mtime_ns
    # What Store.open sees for a file (or folder) this user cannot write; run as root, the
    # test cannot make chmod say so (see the next test for a real one).
    monkeypatch.setattr(store_module, "can_write", lambda target: False)
    assert [run(imported, *args).stdout for args in reads] == expected
    assert (digest(imported), os.stat(imported).st_mtime_ns) == (unchanged, mtime)
    with Store.open(imported, create=False) as store:
        assert not store.writable
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store.db.execute("DELETE FROM games")


def test_an_older_database_that_cannot_be_written_says_how_to_bring_it_up_to_date(
        imported, monkeypatch):
    import scorekeeper.season.storage.store as store_module

    conn = sqlite3.connect(imported)
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = ?", (SCHEMA[-1],))
    conn.commit()
    conn.close()
    monkeypatch.setattr(store_module, "can_write", lambda target: False)
    result = run(imported, "standings")
    assert (result.exit_code, result.stderr) == (2, (
        f"error: {imported}: this database is of schema version {len(SCHEMA) - 1}, older than"
        f" this scorekeeper ({len(SCHEMA)}), and it cannot be written to here to be brought"
        " up to date; open it once where it can be\n"))


def test_read_only_reads_the_commits_a_writer_still_holds_in_its_wal(imported, monkeypatch):
    import scorekeeper.season.storage.store as store_module

    writer = sqlite3.connect(imported)
    try:
        writer.execute("PRAGMA wal_autocheckpoint = 0")  # the commit stays in the -wal file
        writer.execute("UPDATE games SET table_name = 'in the wal' WHERE game_id = ?",
                       (TWO_PLAYER,))
        writer.commit()
        assert Path(f"{imported}-wal").stat().st_size > 0
        monkeypatch.setattr(store_module, "can_write", lambda target: False)
        result = run(imported, "games")
        assert result.stdout.splitlines()[1].split("  ")[:2] == ["2026-11-28", "in the wal"]
    finally:
        writer.close()


@pytest.mark.parametrize("folder_mode, file_mode", [(0o555, 0o444), (0o555, 0o644),
                                                    (0o777, 0o444)])
def test_a_database_that_cannot_be_written_is_read_for_real(imported, folder_mode, file_mode):
    """As another user than root (who writes anywhere), the file root's (or this user's):
    in a folder nobody may write to, or in one anybody may but the file read-only. Nothing
    is written, not even beside the file."""
    as_root = os.geteuid() == 0
    if as_root and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv to run as another user")
    expected = run(imported, "standings", "--format", "json").stdout
    _empty_the_caches(imported)
    folder = Path(tempfile.mkdtemp())  # under /tmp, where another user can reach it
    try:
        db = folder / "ro" / "season.db"
        db.parent.mkdir()
        shutil.copy(imported, db)
        unchanged = digest(db)
        db.chmod(file_mode)
        db.parent.chmod(folder_mode)
        folder.chmod(0o755)
        command = [sys.executable, "-c", "from scorekeeper.cli import run; run()",
                   "--db", str(db)]
        user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if as_root \
            else []
        results = [subprocess.run(user + command + args, capture_output=True, text=True,
                                  cwd=folder) for args in (["standings", "--format", "json"],
                                                           ["games"], ["import", LOGS[2]])]
        assert [(r.returncode, r.stderr) for r in results[:2]] == [(0, ""), (0, "")]
        assert results[0].stdout == expected
        assert (results[2].returncode, results[2].stdout, results[2].stderr) == (
            2, "", f"error: {db}: the database cannot be written to here: the file or its"
                   " folder is read-only\n")
        assert digest(db) == unchanged
        assert sorted(os.listdir(db.parent)) == ["season.db"]
    finally:
        for path in (folder / "ro", folder):
            if path.exists():
                path.chmod(0o755)
        shutil.rmtree(folder)


# -- 9. names a spreadsheet or a Markdown table would misread -----------------------------------

def _one_game(*names):
    sides = tuple(SideResult((a, b), 1, pf, pa, 0, 0, 0, (NilCounts(), NilCounts()), pf)
                  for (a, b), pf, pa in ((names[:2], 10, 0), (names[2:], 0, 10)))
    return compute_standings([GameResult("g", "partnership", None, "2026-01-01", "1", 1,
                                         sides, 0)], rate=False)


def test_csv_guards_names_starting_with_a_tab_or_a_carriage_return_too():
    import csv
    import io

    s = _one_game("\t=1+2", "\r@SUM(A1)", "=cmd", "plain")
    text = format_csv(s)
    assert text.split("\n")[1:3] == [
        "player,1,yes,'\t=1+2,1,1,0,100.0,1,10,0,10.0,0,0,0,0,0,0,0,0.0",
        # Quoted: a bare carriage return would end the row in a spreadsheet.
        "player,1,yes,\"'\r@SUM(A1)\",1,1,0,100.0,1,10,0,10.0,0,0,0,0,0,0,0,0.0"]
    names = [row[3] for row in csv.reader(io.StringIO(text, newline=""))][1:]
    assert names == ["'\t=1+2", "'\r@SUM(A1)", "'=cmd", "plain", "'\t=1+2 & \r@SUM(A1)",
                     "'=cmd & plain"]
    assert "\r\n" not in text and text.endswith("0.0\n")


def test_markdown_keeps_a_name_with_line_breaks_on_its_row():
    s = _one_game("Two\nLines", "Carriage\rReturn", "Pipe|Name", "Both\r\nEnds")
    table = format_markdown(s)
    assert [line for line in table.splitlines() if line.startswith("| =") or
            line.startswith("| 1 ") or line.startswith("| 2 ")] == [
        "| =1 | Carriage Return | 1 | 1 | 0 | 100.0 | 1 | 10 | 0 | 10.00 | 0/0 | 0/0 | 0 | 0"
        " | 0 | 0.00 |",
        "| =1 | Two Lines | 1 | 1 | 0 | 100.0 | 1 | 10 | 0 | 10.00 | 0/0 | 0/0 | 0 | 0 | 0"
        " | 0.00 |",
        "| =3 | Both Ends | 1 | 0 | 1 | 0.0 | 1 | 0 | 10 | 0.00 | 0/0 | 0/0 | 0 | 0 | 0"
        " | 0.00 |",
        "| =3 | Pipe\\|Name | 1 | 0 | 1 | 0.0 | 1 | 0 | 10 | 0.00 | 0/0 | 0/0 | 0 | 0 | 0"
        " | 0.00 |",
        "| 1 | Carriage Return & Two Lines | 1 | 1 | 0 | 100.0 | 1 | 10 | 0 | 10.00 | 0/0"
        " | 0/0 | 0 | 0 | 0 | 0.00 |",
        "| 2 | Both Ends & Pipe\\|Name | 1 | 0 | 1 | 0.0 | 1 | 0 | 10 | 0.00 | 0/0 | 0/0"
        " | 0 | 0 | 0 | 0.00 |"]
    assert "\r" not in table


# -- 10. one player written several ways ------------------------------------------------------

NFC, NFD = unicodedata.normalize("NFC", "José"), unicodedata.normalize("NFD", "José")


def _write_game(name, date, players):
    data = json.loads((EXAMPLES / "partnership-game.json").read_text())
    data["players"], data["event"]["date"] = players, date
    Path(name).write_text(json.dumps(data))


def test_one_player_written_several_ways_is_one_shown_as_first_written(logs):
    # Imported out of date order: the earliest game (11-01) is the second file.
    spelled = [("a.json", "2026-11-02", {"N": "alex", "E": "Beth", "S": "Charlie", "W": NFD}),
               ("b.json", "2026-11-01", {"N": "Alex", "E": "beth", "S": "Charlie", "W": NFC}),
               ("c.json", "2026-11-03", {"N": "ALEX", "E": "BETH", "S": "charlie", "W": NFC})]
    # The same games with every player written as the earliest game writes him.
    first = {"N": "Alex", "E": "beth", "S": "Charlie", "W": NFC}
    for name, date, players in spelled:
        _write_game(name, date, players)
        _write_game(f"same-{name}", date, first)
    mixed, same = str(logs / "mixed.db"), str(logs / "same.db")
    assert run(mixed, "import", "a.json", "b.json", "c.json").exit_code == 0
    assert run(same, "import", "same-a.json", "same-b.json", "same-c.json").exit_code == 0
    for args in (["--format", "json"], ["--format", "table"], ["--season", "Fall 2026"]):
        assert run(mixed, "standings", *args).stdout == run(same, "standings", *args).stdout
    data = json.loads(run(mixed, "standings", "--format", "json").stdout)
    assert [(p["name"], p["games"]) for p in data["players"]] == [
        ("Alex", 3), ("Charlie", 3), ("beth", 3), (NFC, 3)]
    assert [p["members"] for p in data["partnerships"]] == [["Alex", "Charlie"], ["beth", NFC]]
    with Store.open(mixed) as store:
        assert store.player_names() == ["Alex", "beth", "Charlie", NFC]
        # The plain-Python sums group and name the players as the SQL ones do.
        from scorekeeper.season.standings_formats import standings_data

        assert standings_data(compute_standings(store.game_results())) == data
        assert sorted(r[0] for r in store.db.execute("SELECT player FROM player_ratings"
                                                     " WHERE scope = char(0) || 'all'")) == [
            "alex", "beth", "charlie", "jos\u00e9"]


def test_on_the_same_day_the_game_imported_first_names_the_player(logs):
    _write_game("a.json", "2026-11-01", {"N": "alex", "E": "Beth", "S": "Charlie", "W": "David"})
    data = json.loads(Path("a.json").read_text())
    data["event"]["table"] = "4"
    data["players"]["N"] = "ALEX"
    Path("b.json").write_text(json.dumps(data))
    db = str(logs / "season.db")
    assert run(db, "import", "b.json", "a.json").exit_code == 0
    names = [p["name"] for p in json.loads(run(db, "standings", "--format", "json").stdout
                                           )["players"]]
    assert "ALEX" in names and "alex" not in names


def test_caches_of_names_as_written_are_emptied_and_rebuilt(imported, monkeypatch):
    """A database whose caches a scorekeeper before player keys filled (user_version 0,
    rows keyed "Alex"): read without them where it cannot be written, emptied and filled
    again where it can."""
    import scorekeeper.season.storage.store as store_module

    expected = run(imported, "standings", "--format", "json").stdout
    conn = sqlite3.connect(imported)
    conn.execute("UPDATE player_totals SET player = 'Alex', games = 99 WHERE player = 'alex'")
    conn.execute("PRAGMA user_version = 0")
    conn.commit()
    conn.close()
    with monkeypatch.context() as m:
        m.setattr(store_module, "can_write", lambda target: False)
        assert run(imported, "standings", "--format", "json").stdout == expected
    assert run(imported, "standings", "--format", "json").stdout == expected
    conn = sqlite3.connect(imported)
    assert conn.execute("PRAGMA user_version").fetchone() == (1,)
    assert conn.execute("SELECT player, games FROM player_totals WHERE player LIKE 'alex'"
                        " AND scope = char(0) || 'all'").fetchall() == [("alex", 1)]
    conn.close()
