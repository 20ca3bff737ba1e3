"""What a check costs, and what guessing answers costs now (kit.exercises).

Prints medians (CPU time, `time.process_time`) of: one plain sha256 of a candidate (the
baseline: what a guess cost when fingerprints were a bare sha256), one stretched fingerprint
(what a guess costs now), and one whole right check (`check("dados-1", 6)`, what a student
waits for), each with its ratio to the baseline; then the median time of a check of each
hostile answer of issue 24 (`exp(exp(100))`, `sinh(10**30)`, an unevaluated `9**9**9` …),
which the guard refuses before evaluating anything (kit.exercises.guards), and of the `^` check
a cell goes through in a notebook (kit.exercises.typed_cells).

With `--enumerate` it also replays the kind of attack that recovered 49 of 52 answers from the
old registry: it runs the master notebooks (for the right answers' canonical texts), walks a
fixed list of candidate texts for every number exercise — whole numbers, then fractions by
growing denominator, then rounded decimals — and reports, for a budget of CPU time, how many
answers that walk reaches at the old cost per candidate and at the new one.

    python bench/bench_exercises.py [--runs 7] [--enumerate] [--budget 180]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import itertools
import math
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from kit.exercises import check, load_registry
from kit.exercises.fingerprints import WORK, stretched

ROOT = Path(__file__).resolve().parents[1]


def median_cpu(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def plain_sha256() -> str:
    return hashlib.sha256(b"kit-exercises/1\ndados-1\nnumber:36/1").hexdigest()


def one_right_check() -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert check("dados-1", 6)


def hostile_answers() -> dict[str, object]:
    """The answers that kept `check` busy for minutes before the guard bounded their value."""
    import sympy

    x = sympy.Symbol("x")
    return {
        "exp(exp(100))": sympy.exp(sympy.exp(100)),
        "exp(10**30)": sympy.exp(10**30),
        "E**(10**30)": sympy.E ** (10**30),
        "sinh(10**30)": sympy.sinh(10**30),
        "cosh(10**30)": sympy.cosh(10**30),
        "9**9**9 unevaluated": sympy.sympify("9**9**9", evaluate=False),
        "x**x**x": x ** (x**x),
        "Product(x, (x, 1, 10**6))": sympy.Product(x, (x, 1, 10**6)),
        "int 2**5000": 2**5000,
    }


def hostile_checks(runs: int) -> None:
    from kit.exercises.typed_cells import power_advice

    print("\nrefused before evaluating (check of each hostile answer, dados-1), median CPU")
    for name, answer in hostile_answers().items():

        def refused(answer: object = answer) -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                assert not check("dados-1", answer)

        print(f"  {name:28} {median_cpu(refused, runs) * 1e3:8.2f} ms")
    cell = "respuesta_3 = 1000*1.1^3\ncheck('interes-3', respuesta_3)"
    advice = median_cpu(lambda: [power_advice(cell) for _ in range(100)], runs) / 100
    print(f"  the `^` check of a cell      {advice * 1e3:8.3f} ms")


def number_candidates(digits: int | None) -> Iterator[str]:
    """Candidate canonical texts in the order a patient attacker would try them."""
    if digits is not None:
        for n in itertools.count():
            yield f"number:{n}e-{digits}"
            yield f"number:{-n}e-{digits}"
    for n in range(0, 100_001):
        yield f"number:{n}/1"
        yield f"number:{-n}/1"
    for q in itertools.count(2):
        for p in range(-4 * q, 4 * q + 1):
            if math.gcd(p, q) == 1:
                yield f"number:{p}/{q}"


def rank(target: set[str], candidates: Iterator[str], limit: int) -> int | None:
    """How many candidates come before one of `target` is hit (None past `limit`)."""
    for index, text in enumerate(itertools.islice(candidates, limit)):
        if text in target:
            return index + 1
    return None


def enumeration(old_cost: float, new_cost: float, budget: float) -> None:
    from kit.exercises.regenerate import _specs, master_forms
    from kit.exercises.registry import registry_path

    specs, _work = _specs(registry_path())
    forms: dict[str, set[str]] = {}
    for master in sorted((ROOT / "exercises").glob("*.ipynb")):
        for exercise_id, (right, _decimal, _rounded) in master_forms(master, specs).items():
            forms[exercise_id] = set(right)
    exercises = load_registry()
    numbers = sorted(key for key, e in exercises.items() if e.kind == "number")
    limit = int(budget / old_cost)
    ranks = {
        key: rank(forms[key], number_candidates(exercises[key].digits), limit) for key in numbers
    }
    found = {key: r for key, r in ranks.items() if r is not None}
    old = [key for key, r in found.items() if r * old_cost <= budget]
    new = [key for key, r in found.items() if r * new_cost <= budget]
    print(
        f"\nenumeration of {len(numbers)} number exercises ({len(exercises)} in all), "
        f"budget {budget:.0f} s of CPU per exercise"
    )
    print(f"  within {limit:,} candidates: {len(found)} answers")
    print(f"  recovered at the old cost ({old_cost * 1e6:.2f} µs a guess): {len(old)}")
    print(f"  recovered at the new cost ({new_cost:.3f} s a guess): {len(new)}: {sorted(new)}")
    for label, cost in (("old", old_cost), ("new", new_cost)):
        spent, together = 0.0, 0
        for r in sorted(found.values()):
            spent += r * cost
            if spent > budget:
                break
            together += 1
        print(f"  with {budget:.0f} s for all of them together, at the {label} cost: {together}")
    slowest = max((r for r in found.values()), default=0)
    print(
        f"  the farthest answer found needs {slowest:,} guesses: "
        f"{slowest * old_cost:.1f} s before, {slowest * new_cost / 3600:,.0f} h now"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7, help="runs per measure; medians reported")
    ap.add_argument("--enumerate", action="store_true", help="replay the enumeration attack")
    ap.add_argument("--budget", type=float, default=180.0, help="CPU seconds per exercise")
    ns = ap.parse_args()

    baseline = median_cpu(lambda: [plain_sha256() for _ in range(1000)], ns.runs) / 1000
    candidate = median_cpu(lambda: stretched("dados-1", "ab" * 16, "number:36/1"), ns.runs)
    right = median_cpu(one_right_check, ns.runs)
    print(f"work factor {WORK:,} sha256 rounds; medians of {ns.runs} runs (CPU time)")
    print(f"  plain sha256 (baseline)   {baseline * 1e6:10.2f} µs   1×")
    print(f"  one stretched candidate   {candidate * 1e3:10.1f} ms   {candidate / baseline:,.0f}×")
    print(f"  one right check           {right * 1e3:10.1f} ms   {right / baseline:,.0f}×")
    hostile_checks(ns.runs)
    if ns.enumerate:
        enumeration(baseline, candidate, ns.budget)


if __name__ == "__main__":
    main()
