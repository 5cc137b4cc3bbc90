"""The machine line every benchmark prints above its figures (CPU, cores, load, Python, when),
so that figures from different runs and machines can be told apart."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def machine_line(*, with_load: bool = True) -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = f", load average {load_average()}" if with_load else ""
    return (f"{cpu}, {os.cpu_count()} CPUs{load}; Python {sys.version.split()[0]};"
            f" {time.strftime('%Y-%m-%d %H:%M %Z')}")
