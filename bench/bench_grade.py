"""What the sandbox costs `kit grade`, and what marking two notebooks at once gains back.

A class of copies of one master exercise notebook (the solved answers: every cell runs, every
check is computed) is marked three ways in the same run, each `--runs` times:

- baseline: no operating-system sandbox (resource limits and a cleared environment only), one
  notebook at a time — the nearest the kit comes today to how `kit grade` marked before
  issue 22 (a kernel as the teacher, one at a time);
- sandbox, 1 at a time: each notebook in its own sandbox (bubblewrap where this computer has
  it), one at a time — the sandbox's own cost;
- sandbox, 2 at a time: what `kit grade` does now.

Printed: the containment in use, the load average, and for each way the median seconds per
notebook and the ratio to the baseline median. Every run also checks that the marks are the
same in all three ways (a sandbox that broke marking would be fast for the wrong reason).

    python bench/bench_grade.py [--notebook exercises/01_dados.ipynb] [--class-size 6] [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from kit.exercises import grading
from kit.exercises.sandbox import NONE, Sandboxes, containment

ROOT = Path(__file__).resolve().parents[1]


def a_class(notebook: Path, size: int, folder: Path) -> list[Path]:
    """`size` copies of `notebook`, named as students' hand-ins."""
    paths = []
    for i in range(size):
        path = folder / f"alumno_{i + 1:02d}.ipynb"
        shutil.copyfile(notebook, path)
        paths.append(path)
    return paths


def marked(paths: list[Path], mode: str | None, at_once: int) -> tuple[float, list[tuple]]:
    """Seconds to mark `paths` with the sandbox `mode` (None: the strongest there is),
    `at_once` notebooks at a time, and the marks."""
    sandboxes: Callable[[], Sandboxes] = functools.partial(Sandboxes, mode=mode)
    original_sandboxes, original_workers = grading.Sandboxes, grading.WORKERS
    grading.Sandboxes, grading.WORKERS = sandboxes, at_once  # type: ignore[misc,assignment]
    try:
        start = time.perf_counter()
        with contextlib.redirect_stderr(io.StringIO()):  # the baseline's "less contained" line
            rows = grading.grade(paths, progress=False)
        seconds = time.perf_counter() - start
    finally:
        grading.Sandboxes, grading.WORKERS = original_sandboxes, original_workers
    return seconds, [(row.marks, row.problems) for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebook", type=Path, default=ROOT / "exercises" / "01_dados.ipynb")
    parser.add_argument("--class-size", type=int, default=6)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    ways = {
        "baseline: no sandbox, 1 at a time": (NONE, 1),
        "sandbox, 1 at a time": (None, 1),
        "sandbox, 2 at a time (kit grade)": (None, 2),
    }
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"kit grade, {args.class_size} copies of {args.notebook.name}, {args.runs} runs")
    print(f"containment: {containment()}; cores: {os.cpu_count()}; load average: {load}")
    seconds: dict[str, list[float]] = {way: [] for way in ways}
    with tempfile.TemporaryDirectory() as folder:
        paths = a_class(args.notebook, args.class_size, Path(folder))
        for _ in range(args.runs):
            marks = []
            for way, (mode, at_once) in ways.items():  # interleaved: load changes hit all ways
                took, rows = marked(paths, mode, at_once)
                seconds[way].append(took / len(paths))
                marks.append(rows)
            if any(other != marks[0] for other in marks[1:]):
                raise SystemExit("the marks differ between the ways of marking: a bug")
    base = statistics.median(seconds["baseline: no sandbox, 1 at a time"])
    for way, times in seconds.items():
        median = statistics.median(times)
        print(f"{way:36} {median:6.2f} s a notebook   × {median / base:.2f} of the baseline")


if __name__ == "__main__":
    main()
