"""How fast a classroom kernel gets going: `import kit`, and the full nbval run.

Prints medians. The baseline is a bare interpreter start measured in the same run, so the figure
that matters, what `import kit` adds, does not depend on how busy the machine is.

    python bench/bench_foundation.py [--imports 21] [--nbval-runs 1]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def wall(cmd: list[str]) -> float:
    """Seconds one command takes, start to finish; it must succeed."""
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def median_ms(cmd: list[str], runs: int) -> float:
    wall(cmd)  # warm the file cache and the .pyc files
    return 1000 * statistics.median(wall(cmd) for _ in range(runs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--imports", type=int, default=21, help="interpreter starts to time")
    ap.add_argument("--nbval-runs", type=int, default=1, help="full nbval runs to time")
    ns = ap.parse_args()

    bare = median_ms([sys.executable, "-c", "pass"], ns.imports)
    with_kit = median_ms([sys.executable, "-c", "import kit"], ns.imports)
    widgets = median_ms([sys.executable, "-c", "import kit.widgets"], ns.imports)
    print(f"interpreter start (baseline)   median {bare:7.1f} ms  over {ns.imports} runs")
    print(f"python -c 'import kit'         median {with_kit:7.1f} ms  ratio {with_kit / bare:.2f}")
    print(f"  what import kit adds         median {with_kit - bare:7.1f} ms  (target <= 150 ms)")
    print(f"python -c 'import kit.widgets' median {widgets:7.1f} ms  ratio {widgets / bare:.2f}")

    nbval = [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
        "notebooks", "exercises", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg",
    ]  # fmt: skip
    runs = [wall(nbval) for _ in range(ns.nbval_runs)]
    if not runs:
        return
    print(f"full nbval run                 median {statistics.median(runs):7.1f} s   "
          f"over {ns.nbval_runs} run(s)")  # fmt: skip


if __name__ == "__main__":
    main()
