"""How long ``scorekeeper score`` takes on a game log of 1,000 hands, beyond Python's start-up.

Target (the issue): under one second of its own time beyond Python's start-up.

Writes two 1,000-hand partnership logs with ``make_logs`` (card by card, and the quick form
of bids and tricks won; ``target_score`` 1,000,000 so that every hand counts), then runs
``scorekeeper score LOG`` and ``scorekeeper score LOG --format json`` as whole processes
several times and takes the median wall time, minus the median of ``python -c pass`` (the
interpreter's own start-up). It also shows what importing the CLI costs (``python -X
importtime``) and, with ``--profile``, where the time of one card-by-card run goes (cProfile,
in this process).

    python benchmarks/bench_score.py [--hands 1000] [--runs 7] [--profile]
                                     [--memory-hands 10000]

Then the memory target (issue 14: ``score`` of a 10,000-hand card-by-card log under 100 MiB
peak): a ``--memory-hands`` log (written once into ``benchmarks/out``), the peak resident
memory of ``score LOG`` and ``score LOG --format json`` as whole processes, beside reading
the same log whole (``analysis.game.analyse_file``, as ``score`` did before it read long logs
hand by hand). ``--memory-hands 0`` skips it.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_rules import machine_line  # noqa: E402
from make_logs import OUT, write_long_game_log  # noqa: E402

PY = sys.executable
CLI = [PY, "-m", "scorekeeper"]
TARGET = 1.0


def timed(cmd: list[str], runs: int) -> tuple[float, float, int, float]:
    """(median wall, best wall, output bytes, median CPU) of ``runs`` runs, in seconds.

    CPU is the child's user + system time (``resource.getrusage``): what the process itself
    used, which other work on a shared machine does not inflate as it does wall time.
    """
    times = []
    cpus = []
    size = 0
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True)
        times.append(time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}:\n"
                             f"{done.stderr.decode()[-2000:]}")
        size = len(done.stdout)
    return statistics.median(times), min(times), size, statistics.median(cpus)


def peak_memory(cmd: list[str]) -> tuple[int, float]:
    """(peak resident memory in KiB, wall seconds) of one run of ``cmd``, its output thrown
    away: measured by a small parent process of its own, whose only child it is."""
    probe = ("import resource, subprocess, sys\n"
             "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
             "sys.exit(done.returncode) if done.returncode else"
             " print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    t0 = time.perf_counter()
    done = subprocess.run([PY, "-c", probe, *cmd], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr[-2000:]}")
    return int(done.stdout), wall


def memory_figures(n_hands: int, seed: int) -> None:
    log = OUT / f"long-card-by-card-{n_hands}.json"
    if not log.exists():
        write_long_game_log(log, n_hands, seed, card_by_card=True)
    print(f"\npeak memory, a {n_hands:,}-hand card-by-card log ({log.stat().st_size / 1e6:.1f} MB;"
          " target: under 100 MiB):")
    whole = ("import sys\nfrom scorekeeper.analysis.game import analyse_file\n"
             "from scorekeeper.analysis.score_sheet import format_score_table\n"
             "format_score_table(analyse_file(sys.argv[1]))")
    rows = [("python -c pass", [PY, "-c", "pass"]),
            ("score LOG", CLI + ["score", str(log)]),
            ("score LOG --format json", CLI + ["score", str(log), "--format", "json"]),
            ("the log read whole (analyse_file + table)", [PY, "-c", whole, str(log)])]
    for label, cmd in rows:
        kib, wall = peak_memory(cmd)
        verdict = "" if label.startswith(("python", "the log")) else (
            "  under 100 MiB" if kib < 100 * 1024 else "  OVER 100 MiB")
        print(f"  {label:<42} {kib / 1024:7.1f} MiB  ({wall:.1f} s wall){verdict}")


def import_cost() -> list[tuple[float, str]]:
    """Cumulative import time (seconds) of the heaviest top-level imports of the CLI."""
    done = subprocess.run([PY, "-X", "importtime", "-c", "import scorekeeper.cli"],
                          capture_output=True, text=True)
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cum_us, name = line.split("|", 2)
        depth = (len(name) - len(name.lstrip())) // 2  # two spaces per level of nesting
        if depth <= 2:
            rows.append((int(cum_us) / 1e6, "  " * (depth - 1) + name.strip()))
    return sorted(rows, reverse=True)


def profile_run(log: Path, top: int = 18) -> str:
    """cProfile of one ``score`` run in this process (the click command, output discarded)."""
    from click.testing import CliRunner

    from scorekeeper.cli import main

    runner = CliRunner()
    prof = cProfile.Profile()
    prof.enable()
    result = runner.invoke(main, ["score", str(log)])
    prof.disable()
    if result.exit_code != 0:
        raise SystemExit(f"score failed in-process: {result.output[-2000:]}")
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def stage_times(log: Path) -> list[tuple[str, float]]:
    """The library stages of one ``score`` run, timed in this process (best of 3)."""
    from scorekeeper.analysis.game import analyse_game
    from scorekeeper.logs.files import read_log
    from scorekeeper.analysis.score_sheet import format_score_table, score_report

    stages = []
    best: dict[str, float] = {}
    for _ in range(3):
        t0 = time.perf_counter()
        lg = read_log(log)
        t1 = time.perf_counter()
        analysis = analyse_game(lg)
        t2 = time.perf_counter()
        format_score_table(analysis)
        t3 = time.perf_counter()
        score_report(analysis)
        t4 = time.perf_counter()
        for name, dt in (("read_log (json + pydantic)", t1 - t0),
                         ("analyse_game (replay + score)", t2 - t1),
                         ("format_score_table", t3 - t2), ("score_report (json form)", t4 - t3)):
            best[name] = min(best.get(name, dt), dt)
    stages.extend(best.items())
    return stages


def prototype_times(log: Path) -> list[tuple[str, float]]:
    """A prototype of a faster ``score`` path, stage by stage (best of 3), to size the
    proposals in README.md: the log is read as today (``read_log``), cards are looked up
    rather than parsed, and each hand is checked with ``hand_check.check_and_count`` (replaying only a hand
    that is not clean, to word its findings) before ``score_game``."""
    from scorekeeper.rules.cards import CARDS
    from scorekeeper.analysis.game import hand_record, ruleset_of
    from scorekeeper.rules.scoring import initial_totals
    from scorekeeper.logs.files import read_log
    from scorekeeper.rules.bitplay.hand_check import check_and_count
    from scorekeeper.rules.replay import replay_hand
    from scorekeeper.rules.scoring import HandInput, score_game
    from scorekeeper.rules.seats import Variant

    import scorekeeper.analysis.game as game_module

    by_text = {str(c): c for c in CARDS}
    fast_cards = lambda texts: tuple(map(by_text.__getitem__, texts))  # noqa: E731
    best: dict[str, float] = {}
    for _ in range(3):
        t0 = time.perf_counter()
        lg = read_log(log)
        t1 = time.perf_counter()
        v = Variant(lg.variant)
        saved = game_module._cards
        game_module._cards = fast_cards  # the prototype's card lookup, for this timing only
        try:
            records = [hand_record(v, h) for h in lg.hands]
        finally:
            game_module._cards = saved
        t2 = time.perf_counter()
        rules = ruleset_of(lg)
        inputs = []
        for r in records:
            mask, won = check_and_count(r, rules)
            if mask:
                won = replay_hand(r, rules).tricks_won
            inputs.append(HandInput(r.dealer, r.bids, won))
        t3 = time.perf_counter()
        score_game(v, inputs, rules, initial_totals(lg.initial, v))
        t4 = time.perf_counter()
        for name, dt in (("read_log (as today)", t1 - t0),
                         ("hand_record with a card lookup table", t2 - t1),
                         ("hand_check.check_and_count per hand", t3 - t2),
                         ("score_game", t4 - t3)):
            best[name] = min(best.get(name, dt), dt)
    return list(best.items())


def main() -> None:
    parser = argparse.ArgumentParser(description="Time `scorekeeper score` on a long game log.")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7, help="process runs per command")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profile", action="store_true", help="cProfile one card-by-card run")
    parser.add_argument("--memory-hands", type=int, default=10000,
                        help="hands of the log whose peak memory is measured (0: skip)")
    args = parser.parse_args()

    logs = {
        "card by card": write_long_game_log(OUT / f"long-card-by-card-{args.hands}.json",
                                            args.hands, args.seed, card_by_card=True),
        "quick form": write_long_game_log(OUT / f"long-quick-{args.hands}.json", args.hands,
                                          args.seed, card_by_card=False),
    }
    print(f"machine: {machine_line()}")
    print(f"sample: one partnership log of {args.hands} hands per form (seed {args.seed},"
          f" target_score 1,000,000); each command run {args.runs} times as a new process;"
          " median (best) wall time")
    for name, p in logs.items():
        print(f"        {name}: {p} ({p.stat().st_size / 1e6:.1f} MB)")

    base_med, base_best, _, base_cpu = timed([PY, "-c", "pass"], args.runs)
    print(f"\npython -c pass (Python's start-up): wall {base_med * 1000:.0f} ms"
          f" (best {base_best * 1000:.0f} ms), CPU {base_cpu * 1000:.0f} ms")
    help_med, help_best, _, help_cpu = timed(CLI + ["--help"], args.runs)
    print(f"python -m scorekeeper --help (start-up + CLI imports): wall {help_med * 1000:.0f} ms"
          f" (best {help_best * 1000:.0f} ms), CPU {help_cpu * 1000:.0f} ms")

    print(f"\n  {'log':<13} {'command':<24} {'wall':>6} {'own wall':>9} {'best':>6}"
          f" {'own CPU':>8} {'output':>7}  target")
    worst = 0.0
    for name, p in logs.items():
        for label, extra in (("score LOG", []), ("score LOG --format json", ["--format", "json"])):
            med, best, size, cpu = timed(CLI + ["score", str(p)] + extra, args.runs)
            own, own_cpu = med - base_med, cpu - base_cpu
            worst = max(worst, min(own, own_cpu))
            verdict = ("ok (< 1 s)" if max(own, own_cpu) < TARGET
                       else "ok by CPU" if own_cpu < TARGET else "OVER 1 s")
            print(f"  {name:<13} {label:<24} {med * 1000:>6.0f} {own * 1000:>9.0f}"
                  f" {(best - base_best) * 1000:>6.0f} {own_cpu * 1000:>8.0f}"
                  f" {size / 1024:>6.0f}K  {verdict}")
    print("  (ms; own = the median minus the median of `python -c pass`; best = fastest run minus"
          " the fastest start-up;\n   CPU = the process's user + system time)")

    print("\nimport cost of scorekeeper.cli (python -X importtime, cumulative):")
    for secs, name in import_cost()[:8]:
        print(f"  {secs * 1000:7.1f} ms  {name}")

    print("\nlibrary stages, in this process, card-by-card log (best of 3):")
    for name, secs in stage_times(logs["card by card"]):
        print(f"  {secs * 1000:7.1f} ms  {name}")
    print("\nprototype of a faster path, same log, in this process (best of 3):")
    total = 0.0
    for name, secs in prototype_times(logs["card by card"]):
        total += secs
        print(f"  {secs * 1000:7.1f} ms  {name}")
    print(f"  {total * 1000:7.1f} ms  in all (plus the output, as above)")
    print(f"\nworst own time (the lower of wall and CPU): {worst * 1000:.0f} ms -> "
          f"{'within' if worst < TARGET else 'OVER'} the 1 s target")
    if args.memory_hands:
        memory_figures(args.memory_hands, args.seed)
    if args.profile:
        print("\ncProfile of one card-by-card `score` run (cumulative):")
        print(profile_run(logs["card by card"]))
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    if load:
        print(f"load average when done: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
