"""What `kit sim --workers 2` gains: the same seeded tournament played serially and on a Dask
LocalCluster of two one-thread processes (``kit.sim.simulate(..., workers=2)``).

Each run times, separately: the serial tournament; the start-up of a fresh two-process cluster
(scheduler, workers and client, until each worker has imported the kit and loaded the game); the
same tournament on that cluster; the cluster's shut-down; and, end to end,
``simulate(..., workers=2)`` as `kit sim --workers 2` runs it (start-up, play, shut-down). The
figures are medians over the runs; the speed-ups are the serial median over the play median and
over the end-to-end median. Every run also checks that both cluster tables are the serial one,
CSV byte for byte. Two processes gain only from cores nobody else is using, so the first line
gives the machine's load average as well.

    python bench/bench_cluster.py [--game el_pale] [--games 2000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from distributed import Client, LocalCluster

from kit.sim import simulate


def timed(call, *args, **kwargs):
    start = time.perf_counter()
    result = call(*args, **kwargs)
    return time.perf_counter() - start, result


def warm_up(game: str) -> None:
    """A worker's imports and first load of the game: start-up, not play."""
    from kit.sim import play_games

    list(play_games(game, games=1, max_turns=1))


def one_run(game: str, games: int, workers: int) -> dict[str, float]:
    options = dict(games=games, seed=1, progress=False)
    serial, table = timed(simulate, game, **options)
    start = time.perf_counter()
    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = Client(cluster)
    client.wait_for_workers(workers)
    client.run(warm_up, game)  # on every worker
    up = time.perf_counter() - start
    play, on_cluster = timed(simulate, game, scheduler=cluster.scheduler_address, **options)
    down, _ = timed(lambda: (client.close(), cluster.close()))
    whole, local = timed(simulate, game, workers=workers, **options)
    for other in (on_cluster, local):
        if other.to_csv(index=False) != table.to_csv(index=False):
            raise SystemExit("the cluster's CSV differs from the serial one: a bug")
    return {"serial": serial, "start": up, "play": play, "stop": down, "whole": whole}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="el_pale")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--workers", type=int, default=2)
    ns = p.parse_args()
    simulate(ns.game, games=2, progress=False)  # imports and first loads, outside the timings
    runs = [one_run(ns.game, ns.games, ns.workers) for _ in range(ns.runs)]
    med = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"kit sim {ns.game} --games {ns.games}, default bots, {cores} cores (load average "
        f"{load:.1f} at the end), medians of {ns.runs} runs (CSV equal to serial in every run)"
    )
    w = f"--workers {ns.workers}:"
    lines = [
        ("serial", med["serial"], "s", ""),
        (f"{w} start-up", med["start"], "s", "  (cluster, client, the kit on the workers)"),
        (f"{w} play", med["play"], "s", ""),
        (f"{w} shut-down", med["stop"], "s", ""),
        (f"{w} end to end", med["whole"], "s", "  (start-up, play, shut-down)"),
        ("speed-up of the play", med["serial"] / med["play"], "×", ""),
        ("speed-up end to end", med["serial"] / med["whole"], "×", ""),
    ]
    for label, value, unit, note in lines:
        print(f"  {label:<26}{value:7.2f} {unit}{note}")


if __name__ == "__main__":
    main()
