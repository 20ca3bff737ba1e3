"""What a check of an answer typed as text costs, slips included (kit.exercises.reading).

Prints medians (CPU time, `time.process_time`) of checks against the kit's own registry, each
with its ratio to the baseline measured in the same run: a right answer given as a Python
number (`check("dados-1", 36)`, what a check cost before text answers were read). A text is
parsed before it is hashed, an ambiguous dot («2.659») costs two fingerprints, a decimal
compared at 3 figures («casi») two, and a slip seen on the value (a percentage for a
probability) none more than the plain check.

    python bench/bench_typed_answers.py [--runs 7]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time
from collections.abc import Callable

from kit.exercises import check, load_registry
from kit.exercises.reading import read_text

CASES = [
    ("a Python number, right (baseline)", "dados-1", 36),
    ("a text, right", "dados-1", "36"),
    ("a calculation as text, right", "dados-1", "6 × 6"),
    ("a text, wrong", "dados-1", "35"),
    ("an ambiguous dot, neither reading right", "dados-1", "3.600"),
    ("a percentage for a probability (slip)", "dados-8", "27,78"),
    ("a decimal where the exact value is asked («casi»)", "dados-8", "0,2778"),
    ("a word of a text answer", "tablero-10", "el grupo Z"),
]


def median_cpu(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def quiet_check(exercise_id: str, answer: object) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        check(exercise_id, answer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    load_registry()  # read once, outside the timings
    rows = [(label, median_cpu(lambda e=e, a=a: quiet_check(e, a), runs)) for label, e, a in CASES]
    baseline = rows[0][1]
    parse = median_cpu(lambda: [read_text("1000·(1+10 %)^3 €") for _ in range(1000)], runs) / 1000
    print(f"{'check':48} {'median s':>9} {'× baseline':>10}")
    for label, seconds in rows:
        print(f"{label:48} {seconds:9.3f} {seconds / baseline:10.2f}")
    print(f"{'reading one text (no hashing)':48} {parse:9.6f} {parse / baseline:10.4f}")


if __name__ == "__main__":
    main()
