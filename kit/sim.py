"""Seeded Monte Carlo tournaments of bots in any game of the kit, with a progress bar.

    >>> from kit.sim import simulate
    >>> df = simulate("el_pale", players=4, games=200, seed=1,
    ...               policies=["build_asap", "buy_everything", "cash_reserve", "never_buy"])
    >>> df.winner_policy.value_counts()
    >>> simulate("dia_de_paga", players=4, games=500, months=3,
    ...          policies=["cautious_saver", "borrower", "gambler", "do_nothing"])
    >>> simulate("palabra", players=2, games=20, rounds=5, policies=["greedy", "beginner"])

Game ``i`` of a run with seed ``s`` is played with ``random.Random(f"kit-sim:{s}:{i}")`` (chance
and bots alike), so the same seed gives the same table on every machine, and any single game can
be replayed alone: ``kit.games.core.play(game.new_state(), bots, game_rng(s, i))``.

One loop plays every game (``run``: the Game/State contract of ``kit.games.core``); each game adds
its own columns from the final state (the ``result`` of its registration in
``kit.games.registry``). A game that registers a faster ``play_out`` (the property games: it counts
turns and stops at a turn cap) is played with that instead. The core
(``play_games``) is standard library only; pandas and tqdm are imported inside ``simulate``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from random import Random
from typing import Any

from kit.games import load
from kit.games.core import play
from kit.games.registry import GameType, game_type

Policy = Callable[[Any, Random], Any]
Watch = Callable[[Any, Any, bool], None]


def game_rng(seed: int, index: int) -> Random:
    """The generator of game ``index`` in a run seeded ``seed``."""
    return Random(f"kit-sim:{seed}:{index}")


def run(
    state: Any,
    policies: Sequence[Policy],
    rng: Random,
    max_steps: int = 100_000,
    watch: Watch | None = None,
) -> Any:
    """Play ``state`` to the end in place, like ``kit.games.core.play`` (the same draws in the same
    order, so the same game), calling ``watch(state, move, is_chance)`` before each chance outcome
    or action is applied when a watcher is given. ``max_steps`` caps chance outcomes + actions."""
    if watch is None:
        return play(state, list(policies), rng, max_steps)
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.is_chance():
            outcome = state.sample_chance(rng)
            watch(state, outcome, True)
            state.apply_chance(outcome)
        else:
            action = policies[state.current_player()](state, rng)
            watch(state, action, False)
            state.apply(action)
        steps += 1
    return state


# ------------------------------------------------------------------------------------ the games
def engine_of(game: Any) -> GameType:
    """The registered type that plays ``game``: a bundled name, a .toml file or a rules object."""
    return game_type(game)


def bot(game: Any, name: str) -> Policy:
    """The bot called `name` in the engine that plays `game` (a name, a .toml file)."""
    return engine_of(game).bot(name)


def _policies(
    engine: GameType, policies: Sequence[Policy | str] | None, players: int
) -> list[Policy]:
    chosen = list(policies or [engine.default_bot])
    resolved = [engine.bot(p) if isinstance(p, str) else p for p in chosen]
    if len(resolved) == 1:
        resolved *= players
    if len(resolved) != players:
        raise ValueError(
            f"give one policy for all seats or one per seat ({players}), not {len(resolved)}"
        )
    return resolved


def _game(engine: GameType, rules: Any, players: int, edition: str | None, options: dict) -> Any:
    if edition is not None:
        if "edition" not in engine.options:
            raise ValueError(f"editions are for the property games, not {engine.family}")
        options = {**options, "edition": edition}
    return load(rules, players=players, **options)


def play_games(
    rules: str | Path | Any,
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    policies: Sequence[Policy | str] | None = None,
    max_turns: int = 1000,
    *,
    edition: str | None = None,
    max_steps: int = 100_000,
    **options: Any,
) -> Iterator[dict[str, Any]]:
    """One record (a plain dict) per game: the standard-library core of ``simulate``.

    The game, the bots and the options are checked here, before the first game is played."""
    engine = engine_of(rules)
    game = _game(engine, rules, players, edition, options)
    bots = _policies(engine, policies, players)
    return _records(engine, game, bots, games, seed, max_turns, max_steps)


def _records(
    engine: GameType,
    game: Any,
    bots: list[Policy],
    games: int,
    seed: int,
    max_turns: int,
    max_steps: int,
) -> Iterator[dict[str, Any]]:
    players = len(bots)
    names = [getattr(b, "__name__", repr(b)) for b in bots]
    for i in range(games):
        rng = game_rng(seed, i)
        if engine.play_out is not None:
            state, log = engine.play_out(game.new_state(), bots, rng, max_turns), None
        else:
            log = engine.watcher(players) if engine.watcher else None
            state = run(game.new_state(), bots, rng, max_steps, log)
        finished = state.is_terminal()
        winner = state.winner() if finished else None
        record: dict[str, Any] = {
            "game": i,
            "winner": winner,
            "winner_policy": names[winner] if winner is not None else None,
            "finished": finished,
            **engine.result(state, log),
        }
        if engine.play_out is not None and not finished:
            record["turns"] = min(state.turns, max_turns)
        for p in range(players):
            record[f"policy_{p}"] = names[p]
        yield record


def simulate(
    rules: str | Path | Any,
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    policies: Sequence[Policy | str] | None = None,
    max_turns: int = 1000,
    progress: bool = True,
    *,
    edition: str | None = None,
    max_steps: int = 100_000,
    **options: Any,
):
    """Play ``games`` seeded games and return a pandas DataFrame, one row per game.

    ``rules`` names the game: a property game (el_pale, la_ruta_del_tesoro, superpoly, a RuleSet
    or a board .toml), ``dia_de_paga`` (or a month .toml) or ``palabra``. ``policies`` are bots
    (functions or names), one for every seat or one per seat.

    Every game: game, winner (seat; missing on a tie or when a cap stopped the game),
    winner_policy, finished, ..., policy_0..n-1. In between:

    - property games: turns, bankruptcies, fortune_0..n-1 (cash + titles + buildings as the
      fixed-time game counts them, 0 for a bankrupt player); ``max_turns`` caps a game's turns;
      ``options``: ``abbreviated``, ``claims_rent``, ``time_limit``; ``edition``.
    - dia_de_paga: months, fortune_0..n-1 (cash + savings − loans owed), loans_0..n-1 (euros still
      owed at the end), borrowed_0..n-1 (euros borrowed during the game), kitty_wins_0..n-1 and
      kitty_won_0..n-1 (times and euros); ``options``: ``months`` (default 1), ``youngest``.
    - palabra: turns, score_0..n-1; ``options``: ``language`` ("es", "en"), ``rounds`` (None:
      play until the cards run out), ``dictionary``, ``deck``.

    ``max_steps`` caps the chance outcomes + actions of a Día de Paga or Palabra game.
    """
    try:
        import pandas as pd
    except ImportError:
        raise ImportError(
            "kit sim's tournament tables need pandas, which the light core leaves out: "
            "install the kit's sim extra, pip install 'kit[sim]' (play_games needs no pandas)"
        ) from None

    rows = play_games(
        rules,
        players,
        games,
        seed,
        policies,
        max_turns,
        edition=edition,
        max_steps=max_steps,
        **options,
    )
    if progress:
        from tqdm.auto import tqdm

        rows = tqdm(rows, total=games, desc=str(getattr(rules, "name", rules)), unit="game")
    df = pd.DataFrame(list(rows))
    df["winner"] = df["winner"].astype("Int64")
    return df
