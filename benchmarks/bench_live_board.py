"""The live board under a room's worth of browsers: 50 clients polling ``/board`` as the page
does (every second, with the ETag of the board they hold: an unchanged board is a bodyless
304), optionally a few real Chromium pages running the page's own script, and hands confirmed
by another process (saved to the database as the app saves them). Measured: the delay from
each hand's commit until every client holds the new board, the server's answers and the CPU
it used.

Run: python benchmarks/bench_live_board.py [--clients 50] [--hands 5] [--browsers 3]
Target (issue 16): 50 browsers polling at once, every one sees a hand within 2 s.

The server is ``scorekeeper serve`` in its own process, on a demo database (a season and
tonight's card night, ``web.live_demo``); the clients are asyncio connections kept alive
(HTTP/1.1), each starting at a random moment of the first second as browsers would. Each
hand is saved by a fresh ``python`` process that prints the wall-clock time of its commit.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from scorekeeper.web.live_demo import write_demo_database

POLL_SECONDS = 1.0
"""As the page polls (``live_board.POLL_SECONDS``)."""

_ADD_HAND = """\
import sys, time
from scorekeeper.season.storage import Store
from scorekeeper.web.live_demo import add_hand
with Store.open(sys.argv[1]) as store:
    add_hand(store, sys.argv[2], seed=int(sys.argv[3]))
    print(time.time(), flush=True)
"""


class Poller:
    """One browser's polling, over a kept-alive connection."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.etag = ""
        self.seen: dict[str, float] = {}
        """ETag -> wall-clock time this client first held it."""
        self.answers = {200: 0, 304: 0}
        self.latencies: list[float] = []

    async def run(self, stop: threading.Event, rng: random.Random) -> None:
        await asyncio.sleep(rng.random() * POLL_SECONDS)
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            while not stop.is_set():
                await self.poll(reader, writer)
                await asyncio.sleep(POLL_SECONDS)
        finally:
            writer.close()

    async def poll(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        started = time.perf_counter()
        held = f"If-None-Match: {self.etag}\r\n" if self.etag else ""
        writer.write(f"GET /board HTTP/1.1\r\nHost: {self.host}\r\n{held}\r\n".encode())
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        status = int(head.split(" ", 2)[1])
        headers = dict(line.split(": ", 1) for line in head.split("\r\n")[1:] if ": " in line)
        headers = {k.lower(): v for k, v in headers.items()}
        length = int(headers.get("content-length", "0"))
        if length:
            await reader.readexactly(length)
        self.latencies.append(time.perf_counter() - started)
        self.answers[status] = self.answers.get(status, 0) + 1
        if status == 200:
            self.etag = headers["etag"]
            self.seen.setdefault(self.etag, time.time())


def board_json(url: str) -> dict:
    with urllib.request.urlopen(url + "board.json", timeout=30) as response:
        return json.loads(response.read())


def playing_game(url: str) -> str | None:
    """A game the board shows being played (a table of the night, else any)."""
    board = board_json(url)
    night = board.get("night") or {"tables": []}
    for table in night["tables"]:
        if table["status"] == "playing":
            return table["game_id"]
    games = board["season"]["in_progress"]
    return games[0]["game_id"] if games else None


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Browsers:
    """A few real Chromium pages with the page's own script (optional: needs Playwright and
    the system's Chromium)."""

    def __init__(self, url: str, count: int) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync"])
        self.pages = []
        for _ in range(count):
            page = self.browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(url)
            self.pages.append(page)

    def etags(self) -> list[str]:
        return [p.get_attribute("#board", "data-etag") for p in self.pages]

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


def run_pollers(pollers: list[Poller], stop: threading.Event) -> threading.Thread:
    """The clients, in an event loop of their own thread (Playwright's sync API, in the main
    thread, cannot share one)."""
    async def all_of_them() -> None:
        rng = random.Random(16)
        await asyncio.gather(*(p.run(stop, rng) for p in pollers))

    thread = threading.Thread(target=asyncio.run, args=(all_of_them(),), daemon=True)
    thread.start()
    return thread


def measure(url: str, clients: int, hands: int, browsers: Browsers | None, server_pid: int,
            db: Path) -> None:
    host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()
    rng = random.Random(16)
    pollers = [Poller(host, int(port)) for _ in range(clients)]
    stop = threading.Event()
    thread = run_pollers(pollers, stop)
    time.sleep(2 * POLL_SECONDS + 0.5)  # every client holds the board
    cpu_before, wall_before = cpu_seconds(server_pid), time.monotonic()
    delays: list[list[float]] = []
    page_delays: list[list[float]] = []
    for hand in range(hands):
        game_id = playing_game(url)
        if game_id is None:
            print("no game being played any more: stopping early")
            break
        before = board_json(url)
        old_pages = browsers.etags() if browsers else []
        done = subprocess.run([sys.executable, "-c", _ADD_HAND, str(db), game_id, str(hand)],
                              capture_output=True, text=True, check=True)
        committed = float(done.stdout.split()[-1])
        deadline = time.monotonic() + 10
        new_tag = None
        while time.monotonic() < deadline:
            tags = {p.etag for p in pollers}
            if len(tags) == 1:
                tag = tags.pop()
                if pollers[0].seen.get(tag, 0) >= committed:
                    new_tag = tag
                    break
            time.sleep(0.02)
        else:
            print(f"hand {hand + 1}: not every client saw it within 10 s")
        delays.append([p.seen[new_tag] - committed for p in pollers if new_tag in p.seen])
        if browsers:
            seen_at: list[float | None] = [None] * len(browsers.pages)
            while None in seen_at and time.monotonic() < deadline + 5:
                for i, tag in enumerate(browsers.etags()):
                    if seen_at[i] is None and tag != old_pages[i]:
                        seen_at[i] = time.time() - committed
                time.sleep(0.02)
            page_delays.append([d for d in seen_at if d is not None])
        assert board_json(url) != before
        time.sleep(rng.uniform(0.5, 1.5))
    cpu = cpu_seconds(server_pid) - cpu_before
    wall = time.monotonic() - wall_before
    stop.set()
    thread.join(10)

    every = [d for hand in delays for d in hand]
    answers = {s: sum(p.answers.get(s, 0) for p in pollers) for s in (200, 304)}
    latencies = sorted(x for p in pollers for x in p.latencies)
    print(f"clients: {clients} polling every {POLL_SECONDS:.1f} s; hands confirmed: "
          f"{len(delays)}")
    for i, hand in enumerate(delays, 1):
        print(f"  hand {i}: seen by {len(hand)}/{clients} clients; delay from commit "
              f"median {statistics.median(hand):.2f} s, slowest {max(hand):.2f} s")
    print(f"delay until every client held the new board: worst {max(every):.2f} s "
          f"(target 2 s), median {statistics.median(every):.2f} s")
    for i, hand in enumerate(page_delays, 1):
        if hand:
            print(f"  Chromium pages, hand {i}: {len(hand)} saw it, slowest "
                  f"{max(hand):.2f} s after the commit")
    print(f"answers: {answers[200]} full boards, {answers[304]} unchanged (304); "
          f"{sum(answers.values()) / wall:.0f} requests/s")
    print(f"response time: median {latencies[len(latencies) // 2] * 1000:.1f} ms, "
          f"p99 {latencies[int(len(latencies) * 0.99)] * 1000:.1f} ms")
    print(f"server CPU: {cpu:.2f} s over {wall:.1f} s ({100 * cpu / wall:.0f}% of one core)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--browsers", type=int, default=0,
                        help="real Chromium pages besides the clients (default none)")
    parser.add_argument("--games", type=int, default=40,
                        help="finished games in the demo season (default 40)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "season.db"
        write_demo_database(db, finished=args.games)
        server = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "--db", str(db), "serve", "--port", "0"],
            stdout=subprocess.PIPE, text=True)
        try:
            url = re.search(r"http://\S+/", server.stdout.readline()).group(0)
            print(f"server: {url} (pid {server.pid}); database: {args.games} finished games "
                  "and a card night")
            browsers = Browsers(url, args.browsers) if args.browsers else None
            try:
                measure(url, args.clients, args.hands, browsers, server.pid, db)
            finally:
                if browsers:
                    browsers.close()
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)


if __name__ == "__main__":
    main()
