"""Start-up of the log commands: ``score``, ``validate`` and ``audit`` of a short log, as whole
processes.

    python benchmarks/bench_startup.py [--repeat 21] [--log LOG] [--pycache DIR]

Target (issue 14): each under 0.15 s wall on an idle machine, and none importing pydantic or
the log models where the trusted reader serves (a valid log of the common shapes).

Runs each command ``--repeat`` times, taking turns (A, B, C, ..., A, B, C, ...: a shared
machine that slows down for a while slows every command alike), and prints the median and
best wall time and CPU time (user + system) of each, beside ``python -c pass`` (Python's own
start-up) and ``python -c "import scorekeeper.logs.models"`` (what the models would cost).
Then it runs each command once more with ``-X importtime`` and says whether pydantic, the
models or the normal reader (``logs.files``) were imported, and the slowest imports.

``--pycache DIR`` runs everything with Python's bytecode cache on (in DIR), after an untimed
first run of each, as an installed package runs; without it, in an environment that sets
``PYTHONDONTWRITEBYTECODE`` (the development one does), every start compiles the project's
modules from source.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from machine import machine_line

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_LOG = ROOT / "examples" / "partnership-card-by-card.json"
HEAVY = ("pydantic", "scorekeeper.logs.models", "scorekeeper.logs.files", "textual",
         "sqlite_utils")


def _commands(log: str) -> dict[str, list[str]]:
    exe = str(Path(sys.executable).parent / "scorekeeper")
    py = sys.executable
    return {
        "python -c pass": [py, "-c", "pass"],
        "import the models": [py, "-c", "import scorekeeper.logs.models"],
        "scorekeeper --help": [exe, "--help"],
        "score LOG": [exe, "score", log],
        "score LOG --format json": [exe, "score", log, "--format", "json"],
        "validate LOG": [exe, "validate", log],
        "audit LOG": [exe, "audit", log],
        "audit LOG --format json": [exe, "audit", log, "--format", "json"],
    }


def _run_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    result = subprocess.run(cmd, capture_output=True, env=env, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({result.returncode}):"
                         f" {result.stderr.decode()[-800:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _imports(cmd: list[str], env: dict[str, str]) -> tuple[list[str], list[tuple[int, str]]]:
    """(the heavy modules the command imported, its five slowest imports by own time)."""
    if Path(cmd[0]).name == "scorekeeper":  # the console script: run the same as a module
        cmd = [sys.executable, "-X", "importtime", "-m", "scorekeeper", *cmd[1:]]
    else:
        cmd = [cmd[0], "-X", "importtime", *cmd[1:]]
    err = subprocess.run(cmd, capture_output=True, env=env, check=False).stderr.decode()
    loaded, own = set(), []
    for line in err.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = line.split("|")
        name = parts[-1].strip()
        loaded.add(name)
        try:
            own.append((int(parts[0].split(":")[1]), name))
        except ValueError:  # the header line
            continue
    heavy = [h for h in HEAVY if h in loaded]
    return heavy, sorted(own, reverse=True)[:5]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--log", type=Path, default=DEFAULT_LOG)
    ap.add_argument("--pycache", type=Path, default=None,
                    help="Python's bytecode cache in this folder (as an installed package"
                         " runs), after an untimed first run")
    args = ap.parse_args()
    env = dict(os.environ)
    if args.pycache is not None:
        env["PYTHONPYCACHEPREFIX"] = str(args.pycache.resolve())
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    cache = (f"bytecode cached in {args.pycache}" if args.pycache is not None else
             "PYTHONDONTWRITEBYTECODE set: the project's modules compiled at every start"
             if os.environ.get("PYTHONDONTWRITEBYTECODE") else "bytecode cached as usual")
    log = str(args.log)
    cmds = _commands(log)
    print(f"{machine_line()}; {cache}; log {args.log.name} ({args.log.stat().st_size:,} bytes);"
          f" {args.repeat} runs each, in turns")
    for cmd in cmds.values():  # untimed: fills the bytecode cache (and the disk cache)
        _run_once(cmd, env)
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in cmds}
    for _ in range(args.repeat):
        for label, cmd in cmds.items():
            runs[label].append(_run_once(cmd, env))
    width = max(map(len, cmds))
    print(f"{'command':<{width}}  wall median / best   CPU median / best   imported")
    for label, cmd in cmds.items():
        walls = [w for w, _ in runs[label]]
        cpus = [c for _, c in runs[label]]
        heavy, _ = _imports(cmd, env)
        verdict = ""
        if label.split()[0] in ("score", "validate", "audit"):
            verdict = "  under 0.15 s" if statistics.median(walls) < 0.15 else "  OVER 0.15 s"
        print(f"{label:<{width}}  {statistics.median(walls):.3f} / {min(walls):.3f} s"
              f"      {statistics.median(cpus):.3f} / {min(cpus):.3f} s"
              f"    {', '.join(heavy) or 'none of ' + '/'.join(HEAVY[:3])}{verdict}")
    print("slowest imports (own time, one run with -X importtime):")
    for label in ("score LOG", "validate LOG", "audit LOG"):
        _, slow = _imports(cmds[label], env)
        print(f"  {label}: " + ", ".join(f"{name} {us / 1000:.1f} ms" for us, name in slow))
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
