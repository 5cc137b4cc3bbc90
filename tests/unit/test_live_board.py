"""The live board's server (scorekeeper.web.live_board): its routes over HTTP (uvicorn in a
thread, the real server), the figures against ``standings --format json``, read-only,
escaping, and the ETag polling that lets many browsers ask every second."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.logs.files import log_from_data
from scorekeeper.season.storage import Store
from scorekeeper.web.live_board import LiveBoard, create_app
from scorekeeper.web.live_data import LiveSource
from scorekeeper.web.live_demo import add_hand, demo_logs

SCRIPT_NAME = "<script>alert(1)</script>"
PLAYERS = ("Alex", "Beth", "Charlie", "David", "Eve", "Frank", "Grace", SCRIPT_NAME)


@pytest.fixture
def season_db(tmp_path: Path) -> Path:
    """A season of finished games and two being played, one player named like a script."""
    path = tmp_path / "season.db"
    with Store.open(path) as store:
        for log in demo_logs(7, players=PLAYERS, finished=6, playing=2):
            store.save_game(log_from_data(log, "demo"))
    return path


@pytest.fixture
def board(season_db: Path) -> Iterator[LiveBoard]:
    live = LiveBoard(LiveSource.open(season_db), title="Club night")
    yield live
    live.close()


@contextlib.contextmanager
def serving(board: LiveBoard, *, watch: bool = False) -> Iterator[str]:
    """The board's application served by uvicorn in a thread; yields its base URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(board, watch=watch), log_level="warning",
                                           lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def fetch(url: str, method: str = "GET", headers: dict[str, str] | None = None
          ) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of one request; errors are answers."""
    request = urllib.request.Request(url, method=method, headers=headers or {},
                                     data=b"x" if method in ("POST", "PUT", "PATCH") else None)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, \
                response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


def standings_json(db: Path) -> dict:
    result = CliRunner().invoke(main, ["--db", str(db), "standings", "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_board_shows_the_figures_of_standings_json(board, season_db):
    expected = standings_json(season_db)
    with serving(board) as url:
        status, headers, body = fetch(url + "board.json")
    assert status == 200 and headers["content-type"] == "application/json"
    season = json.loads(body)["season"]
    assert season["players"] == expected["players"]
    assert season["partnerships"] == expected["partnerships"]
    assert season["games"] == expected["games"] == 6
    assert [len(g["sides"]) for g in season["in_progress"]] == [2, 2]
    assert all(g["finished"] for g in season["recent"])


def test_every_name_is_shown_as_text_and_the_only_script_is_the_pages_own(board):
    with serving(board) as url:
        _, headers, page = fetch(url)
        _, _, fragment = fetch(url + "board")
    text = page.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert SCRIPT_NAME not in text and SCRIPT_NAME not in fragment.decode()
    assert text.count("<script") == 1
    # Inline script and style are allowed by their hashes only; nothing from elsewhere.
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "'unsafe-inline'" not in policy
    assert "://" not in text  # no address of another site (nor of this one) in the page


def test_only_get_and_head_are_answered_and_nothing_changes_the_database(board, season_db):
    before = hashlib.sha256(season_db.read_bytes()).hexdigest()
    with serving(board) as url:
        for path in ("", "board", "board.json"):
            assert fetch(url + path, "HEAD")[0] == 200
            for method in ("POST", "PUT", "PATCH", "DELETE"):
                status, headers, _ = fetch(url + path, method)
                assert status == 405, (method, path)
                assert set(headers["allow"].split(", ")) == {"GET", "HEAD"}
        assert fetch(url + "admin")[0] == 404
    assert hashlib.sha256(season_db.read_bytes()).hexdigest() == before


def test_the_database_connection_cannot_write(board):
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        board.source.conn.execute("CREATE TABLE scribble (x)")


def test_an_unchanged_board_is_a_304_without_a_body(board):
    with serving(board) as url:
        status, headers, body = fetch(url + "board")
        etag = headers["etag"]
        assert status == 200 and body and headers["cache-control"] == "no-cache"
        status, headers, body = fetch(url + "board", headers={"If-None-Match": etag})
        assert (status, body, headers["etag"]) == (304, b"", etag)
        json_tag = fetch(url + "board.json")[1]["etag"]
        assert fetch(url + "board.json", headers={"If-None-Match": json_tag})[0] == 304


def test_a_hand_saved_by_another_connection_changes_the_board(board, season_db):
    game_id = board.snapshot.data["season"]["in_progress"][0]["game_id"]
    hands = board.snapshot.data["season"]["in_progress"][0]["hands"]
    old = board.snapshot.html_etag
    assert board.refresh() is False  # nothing written yet: no read at all
    with Store.open(season_db) as app:
        assert add_hand(app, game_id, seed=1) == hands + 1
    assert board.refresh() is True
    shown = {g["game_id"]: g for g in board.snapshot.data["season"]["in_progress"]
             + board.snapshot.data["season"]["recent"]}
    assert shown[game_id]["hands"] == hands + 1
    assert board.snapshot.html_etag != old


def test_a_write_that_changes_nothing_shown_keeps_the_etag(board, season_db):
    old = board.snapshot.html_etag
    with Store.open(season_db) as app:
        app.save_draft("2026-11-27-anything", {"bids": []})  # the app's hand in progress
    assert board.refresh() is False
    assert board.snapshot.html_etag == old


def test_the_watcher_picks_up_a_hand_without_being_asked(board, season_db):
    game_id = board.snapshot.data["season"]["in_progress"][0]["game_id"]
    with serving(board, watch=True) as url:
        _, headers, _ = fetch(url + "board.json")
        with Store.open(season_db) as app:
            add_hand(app, game_id, seed=2)
        deadline = time.monotonic() + 10
        while fetch(url + "board.json", headers={"If-None-Match": headers["etag"]})[0] == 304:
            assert time.monotonic() < deadline, "the board did not change within 10 s"
            time.sleep(0.05)


class FailingSource:
    """A source whose database goes away after the first read."""

    def __init__(self, source: LiveSource) -> None:
        self.source, self.reads, self.versions = source, 0, 0

    def version(self) -> int:
        self.versions += 1
        return self.versions

    def read(self) -> dict:
        self.reads += 1
        if self.reads > 1:
            raise sqlite3.DatabaseError("file is not a database")
        return self.source.read()

    def close(self) -> None:
        self.source.close()


def test_a_database_that_cannot_be_read_keeps_the_last_board_and_says_so(season_db):
    board = LiveBoard(FailingSource(LiveSource.open(season_db)))
    try:
        shown = board.snapshot.data
        assert board.refresh() is True
        assert board.snapshot.data == shown
        assert b"the database cannot be read just now: file is not a database" in \
            board.snapshot.html
        assert json.loads(board.snapshot.json)["problem"].endswith("file is not a database")
        assert board.refresh() is False  # the same problem again: nothing new to send
    finally:
        board.close()


# -- the command ----------------------------------------------------------------------------

def run_serve(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_serve_refuses_a_missing_database(tmp_path):
    missing = tmp_path / "none.db"
    code, output = run_serve("--db", str(missing), "serve")
    assert code == 2
    assert output == f"error: {missing}: no such database\n"
    assert not missing.exists()


def test_serve_refuses_a_file_that_is_not_an_up_to_date_season_database(tmp_path):
    other = tmp_path / "other.db"
    sqlite3.connect(other).close()
    code, output = run_serve("--db", str(other), "serve")
    assert code == 2
    assert output == (f"error: {other}: this database is not up to date for this scorekeeper"
                      " (or is not a season database); open it once with the app or"
                      " `scorekeeper import` first\n")


def test_serve_refuses_an_unknown_event(season_db):
    code, output = run_serve("--db", str(season_db), "serve", "--event", "nope")
    assert code == 2
    assert output == (f"error: {season_db}: no event 'nope' in the database (scorekeeper"
                      " event list shows them)\n")


def test_serve_refuses_a_port_in_use(season_db):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, output = run_serve("--db", str(season_db), "serve", "--port", str(port))
    assert code == 2
    assert output.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")


def test_serve_refuses_a_host_that_is_not_an_address(season_db):
    code, output = run_serve("--db", str(season_db), "serve", "--host", "no such host.invalid")
    assert code == 2
    assert output.startswith("error: --host no such host.invalid: not an address to listen on")


def test_serve_on_every_address_prints_the_local_address_first_and_stops_on_ctrl_c(season_db):
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--db", str(season_db), "serve", "--host",
         "0.0.0.0", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline()
        found = re.fullmatch(r"Live board: (http://127\.0\.0\.1:(\d+)/) \(read-only; Ctrl\+C"
                             r" stops it\)\n", first)
        assert found, first
        assert fetch(found.group(1) + "board.json")[0] == 200
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    # The network's address, where this machine has a route to one.
    assert re.fullmatch(rf"(On this network: http://[\d.]+:{found.group(2)}/\n)?"
                        r"Live board stopped\.\n", out), out


def test_serve_refuses_a_file_that_is_not_a_database(tmp_path):
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"this is not SQLite" * 100)
    code, output = run_serve("--db", str(damaged), "serve")
    assert code == 2
    assert output == f"error: {damaged}: the season database is damaged: file is not a database\n"


def test_serve_warns_of_a_season_without_games_and_serves_it(season_db):
    """A board started before the season's first game: not refused, a warning on stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--db", str(season_db), "serve", "--season",
         "Spring 2099", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        first = process.stdout.readline()
        found = re.fullmatch(r"Live board: (http://127\.0\.0\.1:\d+/) .*\n", first)
        assert found, first
        assert fetch(found.group(1) + "board.json")[0] == 200
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert err == (f"warning: {season_db}: no games in season 'Spring 2099' yet; they appear"
                   " on the board as they are saved\n")
