"""How fast the property engine plays: complete games per second on one core.

Four bots of one kind (`build_asap` by default: buy everything, build whenever allowed; any name
`policy_named` knows, e.g. `dealmaker`), a 1000-turn cap, on each rule set. Each run plays the
same seeded games; the figure is the median over the runs. The baselines, measured in the same
run, are a bare loop of two-dice rolls with `random.Random` and bench_speed's bare dice-and-move
loop per player-turn, so the ratios "one game = so many bare rolls" and "one player-turn = so
many bare ones" do not depend on how fast or busy the machine is.

    python bench/bench_property.py [--games 30] [--runs 5] [--rules el_pale ...] [--policy P]

Target: >= 150 games/s per rule set (aim 450).
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random
from typing import Any

from bench_speed import bare_turns

from kit.games.property.bots import policy_named
from kit.games.property.game import PropertyGame, play_out
from kit.games.property.load import BUNDLED, load_rules

MAX_TURNS = 1000


def bare_rolls(n: int) -> float:
    """Seconds for n rolls of two dice, the same arithmetic the engine's dice node uses."""
    r = Random(0).random
    start = time.perf_counter()
    for _ in range(n):
        _ = (int(r() * 6) + 1, int(r() * 6) + 1)
    return time.perf_counter() - start


def one_run(game: PropertyGame, games: int, bot: Any) -> tuple[float, int, int]:
    """Seconds for ``games`` seeded games; total turns; games that ended before the cap."""
    turns = ended = 0
    start = time.perf_counter()
    for seed in range(games):
        s = play_out(game.new_state(), [bot] * game.n, Random(seed), MAX_TURNS)
        turns += min(s.turns, MAX_TURNS)
        ended += s.is_terminal()
    return time.perf_counter() - start, turns, ended


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=30, help="games per run")
    ap.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    ap.add_argument("--rules", nargs="*", default=list(BUNDLED))
    ap.add_argument("--policy", default="build_asap", help="the bot in all four seats")
    ns = ap.parse_args()
    bot = policy_named(ns.policy)

    n_rolls = 200_000
    roll_s = statistics.median(bare_rolls(n_rolls) for _ in range(ns.runs)) / n_rolls
    turn_s = statistics.median(bare_turns(n_rolls) for _ in range(ns.runs)) / n_rolls
    print(f"baseline: bare two-dice roll with random.Random  {roll_s * 1e6:6.3f} µs (median)")
    print(f"baseline: bare dice-and-move player-turn         {turn_s * 1e6:6.3f} µs (median)")
    print(f"4 x {ns.policy}, cap {MAX_TURNS} turns, {ns.games} games x {ns.runs} runs, one core")
    for name in ns.rules:
        game = PropertyGame(load_rules(name), 4)
        one_run(game, 2, bot)  # warm up
        runs = [one_run(game, ns.games, bot) for _ in range(ns.runs)]
        secs = statistics.median(r[0] for r in runs)
        _, turns, ended = runs[0]
        per_game = secs / ns.games
        print(
            f"{name:20s} {ns.games / secs:7.1f} games/s  {turns / secs:9.0f} turns/s  "
            f"mean {turns / ns.games:5.0f} turns, {ended}/{ns.games} ended before the cap  "
            f"1 game = {per_game / roll_s:8.0f} bare rolls, "
            f"1 turn = {secs / turns / turn_s:5.1f} bare turns"
        )


if __name__ == "__main__":
    main()
