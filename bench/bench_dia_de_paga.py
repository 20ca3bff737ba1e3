"""How fast Día de Paga plays: simulated months per second on one core.

Four bots, one of each (cautious_saver, borrower, gambler, do_nothing), in 1-month and 3-month
games, played by the tournament runner of ``kit.sim`` (``run``: the Game/State contract, the same
loop ``simulate`` uses, with its loan and kitty log). A "month" is one game-month of the whole
table (a 3-month game counts 3). Each run plays the same seeded games; the figure is the median
over the runs. The baseline, measured in the same run, is a bare loop of one-die rolls with
`random.Random`, so the ratio "one month = so many bare rolls" does not depend on how fast or busy
the machine is.

Checked against unchecked play (issue 12: at most 2×): seeded games of four cautious_savers
are recorded once (every chance outcome and action), then replayed through the checked path
(``apply`` / ``apply_chance``: the rules' ``refusal`` first) and through the unchecked one
(``_apply_unchecked`` / ``_apply_chance_unchecked``), interleaved, the fastest run of each; the
ratio of the two times is what checking costs. The same games played by the bot, checked and
unchecked, give the ratio a widget or a lesson's Monte Carlo sees (the bot's thinking included).

    python bench/bench_dia_de_paga.py [--games 40] [--runs 5] [--months 1 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

from kit.games.dia_de_paga.bots import BOTS, cautious_saver
from kit.games.dia_de_paga.game import DiaDePagaGame
from kit.games.dia_de_paga.tally import DiaDePagaLog
from kit.sim import game_rng, run

POLICIES = [BOTS[name] for name in ("cautious_saver", "borrower", "gambler", "do_nothing")]


def bare_rolls(n: int) -> float:
    """Seconds for n rolls of one die with random.Random (randint, as a student would write it)."""
    roll = Random(0).randint
    start = time.perf_counter()
    for _ in range(n):
        _ = roll(1, 6)
    return time.perf_counter() - start


def one_run(game: DiaDePagaGame, games: int) -> tuple[float, int]:
    """Seconds for ``games`` seeded games; decisions + chance outcomes in them (steps)."""
    steps = 0
    start = time.perf_counter()
    for i in range(games):
        log = DiaDePagaLog(game.n)
        counted = _Counting(log)
        state = run(game.new_state(), POLICIES, game_rng(0, i), 100_000, counted)
        if not state.is_terminal():
            raise SystemExit(f"game {i} did not end: a bot bug")
        steps += counted.steps
    return time.perf_counter() - start, steps


class _Counting:
    """The sim's watcher, counting the steps too (one call per step)."""

    __slots__ = ("log", "steps")

    def __init__(self, log: DiaDePagaLog):
        self.log, self.steps = log, 0

    def __call__(self, state, move, chance) -> None:
        self.steps += 1
        self.log(state, move, chance)


def record(game: DiaDePagaGame, seed: int) -> list[tuple[bool, object]]:
    """One seeded game of cautious_savers: (is chance, outcome or action) per step."""
    state, rng, steps = game.new_state(), Random(seed), []
    while not state.is_terminal():
        if state.is_chance():
            move = state.sample_chance(rng)
            steps.append((True, move))
            state.apply_chance(move)
        else:
            move = cautious_saver(state, rng)
            steps.append((False, move))
            state.apply(move)
    return steps


def replay(game: DiaDePagaGame, games: list[list[tuple[bool, object]]], checked: bool) -> float:
    """Seconds to replay the recorded games, checked or unchecked."""
    start = time.perf_counter()
    for steps in games:
        state = game.new_state()
        if checked:
            for chance, move in steps:
                state.apply_chance(move) if chance else state.apply(move)
        else:
            for chance, move in steps:
                if chance:
                    state._apply_chance_unchecked(move)
                else:
                    state._apply_unchecked(move)
    return time.perf_counter() - start


def played(game: DiaDePagaGame, seeds: range, checked: bool) -> float:
    """Seconds to play the seeded games with the bot choosing, checked or unchecked."""
    start = time.perf_counter()
    for seed in seeds:
        state, rng = game.new_state(), Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                move = state.sample_chance(rng)
                state.apply_chance(move) if checked else state._apply_chance_unchecked(move)
            else:
                move = cautious_saver(state, rng)
                state.apply(move) if checked else state._apply_unchecked(move)
    return time.perf_counter() - start


def checked_ratio(games: int, runs: int) -> None:
    game = DiaDePagaGame("dia_de_paga", 4, months=3)
    recorded = [record(game, seed) for seed in range(games)]
    steps = sum(len(r) for r in recorded)
    times = {True: [], False: []}
    for _ in range(3 * runs):  # interleaved, the fastest of each: a busy machine only slows
        for checked in (True, False):
            times[checked].append(replay(game, recorded, checked))
    sure, bare = min(times[True]), min(times[False])
    print(
        f"checked vs unchecked, {games} games of 4 cautious_savers (3 months), {steps} steps: "
        f"replay {sure / steps * 1e6:.2f} vs {bare / steps * 1e6:.2f} µs a step = "
        f"{sure / bare:.2f}x"
    )
    seeds = range(games)
    times = {True: [], False: []}
    for _ in range(3 * runs):
        for checked in (True, False):
            times[checked].append(played(game, seeds, checked))
    sure, bare = min(times[True]), min(times[False])
    print(f"  with the bot deciding: {sure:.3f} s vs {bare:.3f} s = {sure / bare:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40, help="games per run")
    ap.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    ap.add_argument("--months", type=int, nargs="*", default=[1, 3])
    ns = ap.parse_args()

    n_rolls = 200_000
    roll_s = statistics.median(bare_rolls(n_rolls) for _ in range(ns.runs)) / n_rolls
    print(f"baseline: bare one-die roll, random.Random.randint  {roll_s * 1e6:6.3f} µs (median)")
    print(f"4 bots (one of each), {ns.games} games x {ns.runs} runs, one core")
    for months in ns.months:
        game = DiaDePagaGame("dia_de_paga", 4, months=months)
        one_run(game, 2)  # warm up
        runs = [one_run(game, ns.games) for _ in range(ns.runs)]
        secs = statistics.median(r[0] for r in runs)
        steps = runs[0][1]
        per_month = secs / (ns.games * months)
        print(
            f"{months} month(s) a game: {ns.games * months / secs:7.1f} months/s  "
            f"{ns.games / secs:7.1f} games/s  {steps / secs:8.0f} steps/s  "
            f"{steps / ns.games:6.0f} steps a game  "
            f"1 month = {per_month / roll_s:7.0f} bare rolls"
        )
    checked_ratio(ns.games, ns.runs)


if __name__ == "__main__":
    main()
