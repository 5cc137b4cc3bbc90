"""Speed of ``scorekeeper audit`` against OpenSpiel replaying the same hands.

    python benchmarks/bench_audit.py [--hands 2000] [--logs 40] [--repeat 5] [--dir DIR]
                                     [--pycache DIR] [--shapes 2000x1,40x50,400x50|all]
                                     [--instructions]

Writes ``--logs`` game logs holding ``--hands`` card-by-card hands in all (deal recorded,
target score out of reach so every hand is a hand of the game; logs already in ``--dir`` are
reused), then times, each as a whole process reading the same files, ``--repeat`` runs each
taken in turns (A, B, C, A, B, C, ...: a shared machine that slows down for a while slows every
side alike), wall time and user CPU time (the process and every process it waited for):

- ``scorekeeper audit LOG... --format json`` (the whole audit: replay, findings, penalties,
  scores, the JSON document), as it runs by default (two processes on a machine with two
  cores) and with ``--jobs 1`` (one process);
- OpenSpiel (``pip install open-spiel``, the ``bench`` extra) replaying every hand with its own
  legality checks: deal, bids as actions 52..65, each card as action ``suit*13 + rank`` (suits
  C, D, H, S; ranks 2..A, the same numbers as ``scorekeeper.rules.cards``) after checking
  ``action in state.legal_actions()``. That process imports only json and pyspiel (the
  script exits before its other imports), as the audit imports only what it needs.

``--instructions`` also counts, once per one-process command, the instructions it executes
(under ``valgrind --tool=callgrind``, some 50 times slower): unlike CPU time, the count does
not depend on what else the machine is doing, so two sides can be compared on a shared, busy
machine. (An instruction is not a fixed time: the count leaves out cache misses and the like;
the CPU times remain the measure of the target. The default, forking command is not counted:
callgrind's forked process starts with its parent's count, so its work before the fork would
be counted twice.)

Both run in this environment as it is, or with ``--pycache DIR`` as an installed package runs:
Python's bytecode cache on (in DIR), after an untimed first run of each. (Where
``PYTHONDONTWRITEBYTECODE`` is set, every start compiles the audit's modules from source,
some 0.03 s; pyspiel is compiled C++ and does not pay it.)

OpenSpiel's rules differ (see FIELD-NOTES.md): North always bids and leads first, so seats
are rotated to put each hand's first leader at its North; it has no Blind Nil and caps a
partnership's bids at 13; it never marks spades broken, so it lets a spade be led only from an
all-spade hand. The hands are therefore played by random players (through the referee engine)
that never lead a spade while holding another suit, which is legal under both rule sets; each
hand is checked with OpenSpiel before it is kept, and the count is printed.
"""

from __future__ import annotations

import json
import sys

from machine import machine_line

# -- OpenSpiel ------------------------------------------------------------------------------
_SEATS = "NESW"
_CARD = {r + s: si * 13 + ri for si, s in enumerate("CDHS") for ri, r in enumerate("23456789TJQKA")}


def _openspiel_replay_hand(game, hand: dict) -> int:
    """Replay one hand in OpenSpiel with its legality checks; returns the illegal actions."""
    first = (_SEATS.index(hand["dealer"]) + 1) % 4
    rotate = {s: (i - first) % 4 for i, s in enumerate(_SEATS)}  # our seat -> its player
    state = game.new_initial_state()
    by_player = [[] for _ in range(4)]
    for seat, cards in hand["deal"].items():
        by_player[rotate[seat]] = [_CARD[c] for c in cards]
    for i in range(13):
        for p in range(4):
            state.apply_action(by_player[p][i])
    bad = 0
    for b in hand["bids"]:
        action = 52 + b["bid"]
        if rotate[b["seat"]] != state.current_player() or action not in state.legal_actions():
            return bad + 1
        state.apply_action(action)
    for t in hand["tricks"]:
        if rotate[t["leader"]] != state.current_player():
            return bad + 1
        for c in t["cards"]:
            action = _CARD[c]
            if action not in state.legal_actions():
                return bad + 1
            state.apply_action(action)
    return bad


def openspiel_main(paths: list[str]) -> None:
    """The OpenSpiel side of the benchmark, run as its own process."""
    import pyspiel

    game = pyspiel.load_game("spades")
    hands = illegal = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        for hand in log["hands"]:
            hands += 1
            illegal += _openspiel_replay_hand(game, hand)
    print(f"openspiel: {hands} hands replayed, {illegal} refused")


if __name__ == "__main__" and sys.argv[1:2] == ["--openspiel-replay"]:
    # The OpenSpiel side runs as its own process and imports only what it needs (json,
    # pyspiel), as the audit imports only what it needs: the rest of this script is not loaded.
    openspiel_main(sys.argv[2:])
    sys.exit(0)

# The benchmark's own imports, below the OpenSpiel process's early exit.
import argparse
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from scorekeeper.logs.random_logs import estimate_bid, random_deal
from scorekeeper.rules.cards import NON_SPADES_MASK, SPADES_MASK, cards_in
from scorekeeper.rules.hand import HandPlay
from scorekeeper.rules.seats import Variant

V = Variant.PARTNERSHIP


def play_hand(rng: random.Random, dealer) -> dict:
    """A legal hand whose play OpenSpiel's rules accept as well (no spade led from a hand with
    another suit), bids capped at 13 a partnership."""
    deal = random_deal(rng, V)
    first = V.first_to_act(dealer)
    bids = {}
    for seat in V.turn_order(first):
        bid = max(1, estimate_bid(deal[seat], rng)) if rng.random() > 0.08 else 0
        bids[seat] = min(bid, 13 - bids.get(seat.partner, 0))
    engine = HandPlay(V, first, deal)
    tricks = []
    while not engine.is_over:
        seat = engine.turn
        if not engine.current:
            tricks.append({"leader": seat.name, "cards": []})
        moves = engine.legal_moves(seat)
        if not engine.current and engine.holdings[seat] & NON_SPADES_MASK:
            moves = [c for c in moves if not SPADES_MASK >> c & 1]
        card = rng.choice(moves)
        engine.play(seat, card)
        tricks[-1]["cards"].append(str(card))
    return {"dealer": dealer.name,
            "bids": [{"seat": s.name, "bid": bids[s]} for s in V.turn_order(first)],
            "deal": {s.name: [str(c) for c in cards_in(deal[s])] for s in V.seats},
            "tricks": tricks,
            "tricks_won": {s.name: engine.tricks_won[s] for s in V.seats}}


def write_logs(directory: Path, n_hands: int, n_logs: int,
               seed: int = 2026) -> tuple[list[Path], int]:
    """Write the logs; returns the paths and how many generated hands OpenSpiel refused."""
    rng = random.Random(seed)
    accept = _openspiel_checker()
    paths, refused = [], 0
    per_log = -(-n_hands // n_logs)
    made = 0
    for i in range(n_logs):
        dealer = rng.choice(V.seats)
        hands = []
        while len(hands) < per_log and made < n_hands:
            hand = play_hand(rng, dealer)
            if accept is not None and not accept(hand):
                refused += 1
                continue
            hands.append(hand)
            made += 1
            dealer = V.next_dealer(dealer)
        log = {"format": "spades-game", "format_version": "1.0", "variant": "partnership",
               "players": {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"},
               "rules": {"target_score": 1_000_000}, "hands": hands}
        path = directory / f"bench-{i:03d}.json"
        path.write_text(json.dumps(log))
        paths.append(path)
    return paths, refused


def _openspiel_checker():
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    return lambda hand: _openspiel_replay_hand(game, hand) == 0


# -- timing ---------------------------------------------------------------------------------
def _run_once(cmd: list[str], env: dict[str, str] | None
              ) -> tuple[float, float, subprocess.CompletedProcess]:
    """(wall seconds, user CPU seconds, the result) of one run: the user time of the process
    and of every process it waited for (a forked worker included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    t0 = time.perf_counter()
    result = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - t0
    return wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before, result


def _interleaved(cmds: dict[str, list[str]], repeat: int, env: dict[str, str] | None
                 ) -> tuple[dict[str, list[tuple[float, float]]],
                            dict[str, subprocess.CompletedProcess]]:
    """Run every command ``repeat`` times, taking turns (A, B, C, A, B, C, ...), so that a
    machine that is slower for a while (a shared VM) slows every side alike."""
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in cmds}
    results = {}
    if env is not None:  # a first run fills the bytecode cache; it is not timed
        for cmd in cmds.values():
            subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    for _ in range(repeat):
        for label, cmd in cmds.items():
            wall, user, results[label] = _run_once(cmd, env)
            runs[label].append((wall, user))
    return runs, results


def _describe(runs: list[tuple[float, float]]) -> str:
    walls = sorted(w for w, _ in runs)
    users = sorted(u for _, u in runs)
    return (f"wall best {walls[0]:.2f} s, median {statistics.median(walls):.2f} s; user CPU best"
            f" {users[0]:.2f} s, median {statistics.median(users):.2f} s"
            f" (runs: {', '.join(f'{w:.2f}/{u:.2f}' for w, u in runs)} wall/user)")


def _bytecode(env: dict[str, str] | None) -> str:
    if env is not None:
        return f"bytecode cached in {env['PYTHONPYCACHEPREFIX']}"
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return ("PYTHONDONTWRITEBYTECODE is set: modules without a cached .pyc are compiled"
                " at every start (see --pycache)")
    return "bytecode cached as Python does by default"


SHAPES = {"2000x1": (2000, 2000), "40x50": (40, 2000), "400x50": (400, 20000)}
"""The shapes of issue 14: name -> (logs, hands in all): 2,000 one-hand files (a folder of
disputed hands), 40 logs of 50 hands, 400 logs of 50."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--logs", type=int, default=40)
    ap.add_argument("--shapes", default=None,
                    help="instead of --hands/--logs, these shapes one after the other, comma"
                         f" separated ({', '.join(SHAPES)}; 'all' for every one), each in a"
                         " folder of its own under --dir")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--dir", type=Path, default=None,
                    help="keep the logs here (written only if not already there)")
    ap.add_argument("--instructions", action="store_true",
                    help="also count each command's instructions once, under valgrind")
    ap.add_argument("--pycache", type=Path, default=None,
                    help="run both sides with Python's bytecode cache in this folder (as an"
                         " installed package runs), after an untimed first run; default: as"
                         " this environment runs them")
    args = ap.parse_args()
    env = None
    if args.pycache is not None:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=str(args.pycache.resolve()))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    if args.shapes is None:
        shapes = [(f"{args.logs} logs", args.logs, args.hands)]
    else:
        names = list(SHAPES) if args.shapes == "all" else args.shapes.split(",")
        shapes = [(name, *SHAPES[name]) for name in names]
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        root = args.dir or Path(tmp)
        for name, n_logs, n_hands in shapes:
            directory = root if args.shapes is None else root / name
            print(f"-- {name}: {n_hands} hands in {n_logs} logs")
            summary.extend((name, *row) for row in _one_shape(directory, n_hands, n_logs,
                                                              args.repeat, env,
                                                              args.instructions))
    if len(shapes) > 1 and summary:
        print("\nsummary (wall best / median, user CPU best / median, seconds):")
        for name, label, ours, theirs in summary:
            print(f"  {name:<7} {label:<42} {_best(ours, 0):.3f} / {_median(ours, 0):.3f},"
                  f" {_best(ours, 1):.3f} / {_median(ours, 1):.3f}   OpenSpiel"
                  f" {_best(theirs, 0):.3f} / {_median(theirs, 0):.3f},"
                  f" {_best(theirs, 1):.3f} / {_median(theirs, 1):.3f}"
                  f"   ({_verdict(ours, theirs, 0, 'faster', 'SLOWER')} by wall,"
                  f" {_verdict(ours, theirs, 1, 'less', 'MORE')} CPU)")


def _one_shape(directory: Path, n_hands: int, n_logs: int, repeat: int,
               env: dict[str, str] | None, instructions: bool = False
               ) -> list[tuple[str, list, list]]:
    """Write (or reuse) the logs of one shape, time the commands, print the figures; returns
    (label, our runs, OpenSpiel's runs) for each of our commands (none without OpenSpiel)."""
    directory.mkdir(parents=True, exist_ok=True)
    existing = sorted(directory.glob("bench-*.json"))
    if len(existing) == n_logs:
        paths = existing
        print(f"using the {len(paths)} logs already in {directory}")
    else:
        for old in existing:
            old.unlink()
        t0 = time.perf_counter()
        paths, refused = write_logs(directory, n_hands, n_logs)
        print(f"wrote {n_hands} hands in {len(paths)} logs to {directory}"
              f" ({time.perf_counter() - t0:.1f} s; {refused} generated hands refused by"
              f" OpenSpiel and replaced)")
    print(f"{machine_line()}; {_bytecode(env)}")
    files = [str(p) for p in paths]
    exe = Path(sys.executable).parent / "scorekeeper"
    cmds = {"scorekeeper audit --format json": [str(exe), "audit", *files, "--format",
                                                "json"],
            "scorekeeper audit --format json --jobs 1": [str(exe), "audit", *files,
                                                         "--format", "json", "--jobs", "1"]}
    has_openspiel = _openspiel_checker() is not None
    if has_openspiel:
        cmds["openspiel"] = [sys.executable, __file__, "--openspiel-replay", *files]
    runs, results = _interleaved(cmds, repeat, env)
    for label in cmds:
        res = results[label]
        if label == "openspiel":
            print(f"{res.stdout.strip()}; {_describe(runs[label])}")
            continue
        doc = json.loads(res.stdout)
        print(f"{label}: {doc['hands_audited']} hands, {len(doc['findings'])} findings,"
              f" exit {res.returncode}; {_describe(runs[label])}")
    if instructions:
        counts = {label: _instructions(cmd, env) for label, cmd in cmds.items()
                  if label != "scorekeeper audit --format json"}  # (it forks: see the doc)
        print("instructions executed (valgrind): " + "; ".join(
            f"{label} {n / 1e6:,.0f} M" if n else f"{label} (valgrind failed)"
            for label, n in counts.items()))
    if not has_openspiel:
        print("openspiel: not installed (pip install open-spiel); no comparison")
        return []
    theirs = runs["openspiel"]
    rows = []
    for label in cmds:
        if label == "openspiel":
            continue
        ours = runs[label]
        rows.append((label, ours, theirs))
        print(f"{label} vs OpenSpiel: wall best {_best(ours, 0):.3f} s vs"
              f" {_best(theirs, 0):.3f} s, median {_median(ours, 0):.3f} s vs"
              f" {_median(theirs, 0):.3f} s ({_verdict(ours, theirs, 0, 'faster', 'SLOWER')});"
              f" user CPU best {_best(ours, 1):.3f} s vs {_best(theirs, 1):.3f} s, median"
              f" {_median(ours, 1):.3f} s vs {_median(theirs, 1):.3f} s"
              f" ({_verdict(ours, theirs, 1, 'less', 'MORE')})")
    return rows


def _instructions(cmd: list[str], env: dict[str, str] | None) -> int | None:
    """The instructions ``cmd`` executes, a command of one process (None: valgrind is not
    installed or failed)."""
    try:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               *cmd], capture_output=True, text=True, check=False, env=env)
    except FileNotFoundError:
        return None
    # "==pid== Collected : N" (once for each process there is).
    counts = [int(line.rsplit(":", 1)[1]) for line in done.stderr.splitlines()
              if "Collected :" in line]
    return sum(counts) if done.returncode in (0, 1) and counts else None


def _best(runs: list[tuple[float, float]], i: int) -> float:
    return min(r[i] for r in runs)


def _median(runs: list[tuple[float, float]], i: int) -> float:
    return statistics.median(r[i] for r in runs)


def _verdict(ours, theirs, i: int, better: str, worse: str) -> str:
    """Better only when both the best and the median run are."""
    if _best(ours, i) < _best(theirs, i) and _median(ours, i) < _median(theirs, i):
        return better
    return worse


if __name__ == "__main__":
    main()
