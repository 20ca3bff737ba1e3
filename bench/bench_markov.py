"""How fast the landing chain is solved (kit.analysis.markov), beside a Monte Carlo estimate.

For each rule set and jail policy: the time to build the chain from the engine (once; it is
cached), the median time to solve it in floats and exactly (Fractions), and a simulation of
``--rolls`` rolls through the engine (``simulate_landings``): its time and its largest error on
any square against the exact answer, in percentage points. The float solve's target is 20 ms,
the exact one's 2 s.

    python bench/bench_markov.py [--runs 5] [--rolls 1000000] [--rules classic el_pale ...]
"""

from __future__ import annotations

import argparse
import statistics
import time

from kit.analysis import markov
from kit.analysis.markov import (
    POLICIES,
    chain,
    landing_probabilities,
    landing_probabilities_float,
    simulate_landings,
)

RULES = ("classic", "el_pale", "la_ruta_del_tesoro", "superpoly")


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5, help="runs per solve; the median is reported")
    ap.add_argument("--rolls", type=int, default=1_000_000, help="Monte Carlo rolls (0: none)")
    ap.add_argument("--rules", nargs="*", default=list(RULES))
    ap.add_argument("--policies", nargs="*", default=list(POLICIES))
    ns = ap.parse_args()

    print(f"solves: median of {ns.runs}; Monte Carlo: {ns.rolls:,} rolls through the engine")
    head = (
        f"{'rule set':<20} {'jail':<5} {'states':>6} {'build':>8} {'float':>9} {'exact':>8}"
        f" {'MC time':>8} {'MC max err':>11} {'in jail':>8}"
    )
    print(head)
    print("-" * len(head))
    for name in ns.rules:
        for policy in ns.policies:
            markov._CHAINS.clear()
            start = time.perf_counter()
            c = chain(name, policy)
            build = time.perf_counter() - start
            t_float = median_time(
                lambda n=name, p=policy: landing_probabilities_float(n, p), ns.runs
            )
            t_exact = median_time(
                lambda n=name, p=policy: landing_probabilities(n, p), max(1, ns.runs // 2)
            )
            exact = landing_probabilities(name, policy)
            mc_time = mc_err = float("nan")
            if ns.rolls:
                start = time.perf_counter()
                (counts,) = simulate_landings(name, policy, ns.rolls, seed=1)
                mc_time = time.perf_counter() - start
                mc_err = max(abs(counts[k] / ns.rolls - float(p)) for k, p in exact.items())
            print(
                f"{name:<20} {policy:<5} {len(c.states):>6} {build:>7.2f}s {t_float * 1e3:>7.2f}ms"
                f" {t_exact:>7.3f}s {mc_time:>7.1f}s {100 * mc_err:>9.4f}pp"
                f" {100 * float(exact['in_jail']):>7.3f}%"
            )


if __name__ == "__main__":
    main()
