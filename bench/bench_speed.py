"""How fast the property engine and its bots play, as ratios to a bare dice-and-move loop.

The baseline is timed in every run: for each player-turn it rolls two dice with `random.Random`
(the engine's arithmetic), moves a token round a 40-square board and rolls again after a double
(three at most), so a ratio says "one player-turn of this = so many bare player-turns" whatever
the machine. Each run times, per player-turn (a turn counted as the engine's ``state.turns``):

    (a) the bare loop;
    (b) the engine alone, replaying the same recorded build_asap games (the bots' choices and the
        chance outcomes, recorded once) unchecked (``_apply_unchecked`` and
        ``_apply_chance_unchecked``) and checked (``apply`` and ``apply_chance``, which ask
        ``refusal`` first): target checked <= 2 x unchecked;
    (c) full games of four build_asap bots (``play_out``, bots and engine): target <= 8 x bare;
    (d) full games of four dealmaker bots (the trading bot): target <= 30 x bare;
    (c) and (d) are each timed as a new tournament (new game objects, the bots' tables emptied:
    what `kit sim` pays) and then on the same games again (what the games and bots keep per
    ownership pattern helps; a long tournament tends to it). The targets are read on the first;
    (e) ``kit.analysis.markov.simulate_landings``, per roll: target <= 15 x bare.

The work is seeded (games 0 .. N-1 on each rule set), so every run does the same; the figures are
medians over the runs, each ratio the median of the ratios within the runs. Times are this
process's CPU time (``time.process_time``), so other work on a shared machine counts less.

    python bench/bench_speed.py [--runs 5] [--games 20] [--rolls 30000] [--rules el_pale ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from random import Random
from typing import Any

from kit.analysis.markov import simulate_landings
from kit.games.property.bots import build_asap, dealmaker, forget
from kit.games.property.game import PropertyGame, play_out
from kit.games.property.load import BUNDLED, load_rules

MAX_TURNS = 1000
SQUARES = 40
TARGETS = {"checked": 2, "build_asap": 8, "dealmaker": 30, "landings": 15}


def bare_turns(turns: int, players: int = 4, seed: int = 0) -> float:
    """Seconds for ``turns`` player-turns of the bare loop: two dice, move, again on a double."""
    r = Random(seed).random
    pos = [0] * players
    p = 0
    start = time.process_time()
    for _ in range(turns):
        for _ in range(3):
            a = int(r() * 6) + 1
            b = int(r() * 6) + 1
            pos[p] = (pos[p] + a + b) % SQUARES
            if a != b:
                break
        p = (p + 1) % players
    return time.process_time() - start


Step = tuple[bool, Any]  # (is a chance outcome, the outcome or the action)


def _unchecked(state: Any) -> tuple[Callable[[Any], None], Callable[[Any], None]]:
    """What ``apply`` and ``apply_chance`` do once the refusal has said yes: a new list of
    events, then the effect (so the unchecked line differs from the checked one by the check
    alone, and the events do not pile up over a game)."""

    def act(action: Any) -> None:
        state.events = []
        state._apply_unchecked(action)

    def chance(outcome: Any) -> None:
        state.events = []
        state._apply_chance_unchecked(outcome)

    return act, chance


def record(game: PropertyGame, seed: int) -> tuple[list[Step], int]:
    """One seeded game of four build_asap bots, played unchecked: its steps and its turns."""
    s = game.new_state()
    rng = Random(seed)
    act, chance = _unchecked(s)
    steps: list[Step] = []
    while not s.is_terminal() and s.turns <= MAX_TURNS:
        if s.is_chance():
            outcome = s.sample_chance(rng)
            steps.append((True, outcome))
            chance(outcome)
        else:
            action = build_asap(s, rng)
            steps.append((False, action))
            act(action)
    return steps, min(s.turns, MAX_TURNS)


def replay(game: PropertyGame, steps: list[Step], checked: bool) -> float:
    """Seconds to play ``steps`` again from a new state, checked or not."""
    s = game.new_state()
    act, chance = (s.apply, s.apply_chance) if checked else _unchecked(s)
    start = time.process_time()
    for is_chance, x in steps:
        if is_chance:
            chance(x)
        else:
            act(x)
    return time.process_time() - start


def games(games: list[PropertyGame], n: int, bot: Any) -> tuple[float, int]:
    """Seconds and player-turns for ``n`` seeded games of four ``bot`` on each game."""
    secs = 0.0
    turns = 0
    for g in games:
        for seed in range(n):
            start = time.process_time()
            s = play_out(g.new_state(), [bot] * g.n, Random(seed), MAX_TURNS)
            secs += time.process_time() - start
            turns += min(s.turns, MAX_TURNS)
    return secs, turns


def landings(rules: list[str], rolls: int) -> float:
    """Seconds for ``rolls`` rolls of ``simulate_landings`` on each rule set."""
    start = time.process_time()
    for name in rules:
        simulate_landings(name, "pay", rolls, seed=1)
    return time.process_time() - start


def one_run(
    tables: list[PropertyGame], recorded: list[tuple[PropertyGame, list[Step]]], ns: Any
) -> dict[str, float]:
    """Seconds per player-turn (per roll for the landings) of each measure, in one run."""
    replay_turns = ns.replay_turns
    out = {"bare": bare_turns(200_000) / 200_000}
    out["unchecked"] = sum(replay(g, st, False) for g, st in recorded) / replay_turns
    out["checked"] = sum(replay(g, st, True) for g, st in recorded) / replay_turns
    for bot in (build_asap, dealmaker):  # each as a new tournament: new games, nothing kept
        forget()
        fresh = [PropertyGame(g.rules, 4) for g in tables]
        secs, turns = games(fresh, ns.games, bot)
        out[bot.__name__] = secs / turns
        secs, turns = games(fresh, ns.games, bot)  # the same games again: what was kept helps
        out[bot.__name__ + "_again"] = secs / turns
    out["landings"] = landings(ns.rules, ns.rolls) / (ns.rolls * len(ns.rules))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5, help="runs; medians are reported")
    ap.add_argument("--games", type=int, default=20, help="seeded games per rule set and bot")
    ap.add_argument("--rolls", type=int, default=30_000, help="landing rolls per rule set")
    ap.add_argument("--rules", nargs="*", default=list(BUNDLED))
    ns = ap.parse_args()

    tables = [PropertyGame(load_rules(name), 4) for name in ns.rules]
    recorded, ns.replay_turns = [], 0
    for g in tables:
        for seed in range(ns.games):
            steps, turns = record(g, seed)
            recorded.append((g, steps))
            ns.replay_turns += turns
    games([PropertyGame(g.rules, 4) for g in tables], 1, dealmaker)  # warm up (imports)
    runs = [one_run(tables, recorded, ns) for _ in range(ns.runs)]

    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    def ratio(key: str, to: str = "bare") -> float:
        return statistics.median(r[key] / r[to] for r in runs)

    print(
        f"per player-turn, medians of {ns.runs} runs; {ns.games} seeded games per rule set "
        f"({', '.join(ns.rules)}), cap {MAX_TURNS} turns; {ns.rolls:,} landing rolls each"
    )
    print(f"{'':44} {'µs':>8} {'× bare':>8}   target")

    def verdict(value: float, limit: int | None) -> str:
        if limit is None:
            return ""
        return f"≤ {limit}×: {'met' if value <= limit else 'NOT met'}"

    def line(label: str, us: str, times: float, limit: int | None = None) -> None:
        print(f"{label:44} {us:>8} {times:7.1f}×   {verdict(times, limit)}")

    for label, key in (
        ("(a) bare dice-and-move loop", "bare"),
        ("(b) engine unchecked (build_asap's games)", "unchecked"),
        ("    engine checked (apply, apply_chance)", "checked"),
    ):
        line(label, f"{median(key) * 1e6:.3f}", ratio(key))
    line("    checked / unchecked", "", ratio("checked", "unchecked"), TARGETS["checked"])
    for label, key in (
        ("(c) 4 x build_asap, a new tournament", "build_asap"),
        ("    the same games again", "build_asap_again"),
        ("(d) 4 x dealmaker, a new tournament", "dealmaker"),
        ("    the same games again", "dealmaker_again"),
        ("(e) simulate_landings, per roll", "landings"),
    ):
        line(label, f"{median(key) * 1e6:.3f}", ratio(key), TARGETS.get(key))


if __name__ == "__main__":
    main()
