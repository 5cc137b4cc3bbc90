"""Importing a file again that is already stored unchanged costs a hash comparison (issue
14): the file is parsed as JSON and hashed in a canonical form, and neither validated by
the models nor replayed, yet the command says exactly what it said before."""

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.season.storage import Store
from scorekeeper.season.storage.converters import source_hash, text_hash

from test_cli_season import G1, G4, LOGS


@pytest.fixture
def season(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, data in LOGS.items():
        Path(name).write_text(json.dumps(data, indent=2))
    db = str(tmp_path / "season.db")
    result = run(db, "import", *LOGS)
    assert result.exit_code == 0, result.output
    return db


def run(db, *args):
    return CliRunner().invoke(main, ["--db", db, *args], catch_exceptions=False)


@pytest.fixture
def no_replay(monkeypatch):
    """Validating or replaying a log fails the test: the fast path needs neither."""
    import scorekeeper.analysis.game as game
    import scorekeeper.logs.files as files

    def refused(*args, **kwargs):
        raise AssertionError("an unchanged file was validated or replayed")

    monkeypatch.setattr(game, "analyse_game", refused)
    monkeypatch.setattr(files, "log_from_data", refused)


def test_a_byte_identical_file_is_known_by_its_hash_alone(season, no_replay):
    result = run(season, "import", "g1.json", "g4.json")
    assert (result.exit_code, result.stdout) == (0, f"""\
g1.json: {G1} already stored (revision 1), unchanged
g4.json: {G4} already stored (revision 1), unchanged
0 imported, 0 updated, 2 unchanged, 0 refused
""")


def test_a_byte_identical_file_is_not_even_parsed(season, monkeypatch):
    import scorekeeper.logs.json_text as json_text

    def refused(text):
        raise AssertionError("the very same text was parsed again")

    monkeypatch.setattr(json_text, "load_log_json", refused)
    result = run(season, "import", "g1.json")
    assert result.stdout == (f"g1.json: {G1} already stored (revision 1), unchanged\n"
                             "0 imported, 0 updated, 1 unchanged, 0 refused\n")


def test_the_same_data_laid_out_otherwise_is_known_too(season, no_replay):
    data = LOGS["g1.json"]
    reordered = dict(reversed(list(data.items())))
    Path("compact.json").write_text(json.dumps(reordered, separators=(",", ":")))
    result = run(season, "import", "compact.json")
    assert result.stdout == (f"compact.json: {G1} already stored (revision 1), unchanged\n"
                             "0 imported, 0 updated, 1 unchanged, 0 refused\n")
    # Its text is recorded: next time it is known before being parsed.
    with Store.open(season) as store:
        known = store.unchanged_source(text_hash(Path("compact.json").read_text()))
    assert (known.game_id, known.revision) == (G1, 1)


def test_the_canonical_form_keeps_every_value_apart():
    data = {"b": [1, {"y": "é", "x": 2}], "a": None}
    assert source_hash(data) == source_hash(json.loads(json.dumps(data, indent=4)))
    assert source_hash(data) == source_hash({"a": None, "b": [1, {"x": 2, "y": "é"}]})
    assert source_hash(data) != source_hash({"a": None, "b": [1.0, {"x": 2, "y": "é"}]})
    assert source_hash(data) != source_hash({"a": None, "b": [{"x": 2, "y": "é"}, 1]})


def test_a_file_of_an_earlier_version_is_read_again_and_becomes_a_revision(season):
    edited = json.loads(Path("g4.json").read_text())
    edited["hands"][0]["tricks_won"].update(N=4, W=3)
    Path("g4-fixed.json").write_text(json.dumps(edited))
    assert run(season, "import", "g4-fixed.json").stdout.startswith(
        f"g4-fixed.json: {G4} updated to revision 2")
    # g4.json made revision 1, no longer the game's content: not "unchanged".
    back = run(season, "import", "g4.json")
    assert back.stdout == (f"g4.json: {G4} updated to revision 3 (revision 2 kept)\n"
                           "0 imported, 1 updated, 0 unchanged, 0 refused\n")
    again = run(season, "import", "g4.json", "g4-fixed.json")
    assert again.stdout == (f"g4.json: {G4} already stored (revision 3), unchanged\n"
                            f"g4-fixed.json: {G4} updated to revision 4 (revision 3 kept)\n"
                            "0 imported, 1 updated, 1 unchanged, 0 refused\n")


def test_a_refused_file_is_refused_again_never_remembered(season):
    bad = json.loads(json.dumps(LOGS["g1.json"]))
    bad["hands"][0]["tricks_won"]["N"] = 5  # 14 tricks
    Path("bad.json").write_text(json.dumps(bad))
    conn = sqlite3.connect(season)
    kept = conn.execute("SELECT * FROM import_sources ORDER BY 1").fetchall()
    assert len(kept) == 2 * len(LOGS)  # each file's text hash and its JSON's
    first = run(season, "import", "bad.json")
    second = run(season, "import", "bad.json")
    assert first.exit_code == second.exit_code == 2
    assert first.stderr == second.stderr
    assert "refused, not imported" in second.stderr
    assert conn.execute("SELECT * FROM import_sources ORDER BY 1").fetchall() == kept
    conn.close()


def test_a_file_stored_before_the_hashes_were_kept_is_read_once_then_known(season):
    conn = sqlite3.connect(season)
    conn.execute("DELETE FROM import_sources")  # as a database of before m007 holds it
    conn.commit()
    conn.close()
    assert run(season, "import", "g1.json").stdout == (
        f"g1.json: {G1} already stored (revision 1), unchanged\n"
        "0 imported, 0 updated, 1 unchanged, 0 refused\n")
    with Store.open(season) as store:
        known = store.unchanged_source(source_hash(LOGS["g1.json"]))
    assert (known.game_id, known.revision, known.created, known.changed) == (
        G1, 1, False, False)
