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
its own columns from the final state (a small ``row`` function per game). The property games use
their fast ``play_out`` instead, which counts turns and stops at a turn cap. The core
(``play_games``) is standard library only; pandas and tqdm are imported inside ``simulate``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from kit.games.core import play

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
@dataclass(frozen=True)
class Engine:
    """What the tournament needs to know about one game family."""

    name: str
    bots: Callable[[], Mapping[str, Policy]]  # imported when asked for
    default: str  # the bot of every seat when none is given
    options: tuple[str, ...]  # keyword options of the game
    row: Callable[[Any, Any], dict[str, Any]]  # (final state, watcher or None) -> game columns
    watcher: Callable[[int], Any] | None = None  # players -> a fresh watcher for one game


def _dia_de_paga_bots() -> Mapping[str, Policy]:
    from kit.games.dia_de_paga.bots import POLICIES

    return POLICIES


def _palabra_bots() -> Mapping[str, Policy]:
    from kit.games.palabra.bots import BOTS

    return BOTS


def _property_bots() -> Mapping[str, Policy]:
    from kit.games.property.bots import POLICIES

    return POLICIES


class DiaDePagaLog:
    """What the Día de Paga state does not keep: euros borrowed during the game and kitty wins.

    A loan is a ``TakeLoan`` action of its actor. The kitty (DDP-11) goes to the player who rolls
    a six for a move (phase ``move``, the player to move) or on an "En caso de necesidad" bet
    (phase ``necessity``), when there is money in it.
    """

    __slots__ = ("borrowed", "kitty_wins", "kitty_won")

    def __init__(self, players: int):
        self.borrowed = [0] * players
        self.kitty_wins = [0] * players
        self.kitty_won = [0] * players  # euros

    def __call__(self, state: Any, move: Any, chance: bool) -> None:
        if chance:
            if move == 6 and state.kitty and state.phase in ("move", "necessity"):
                p = state.task["p"] if state.phase == "necessity" else state.cur
                self.kitty_wins[p] += 1
                self.kitty_won[p] += state.kitty
        elif type(move).__name__ == "TakeLoan":
            self.borrowed[state.actor()] += move.amount


def _property_row(state: Any, log: Any) -> dict[str, Any]:
    n = len(state.alive)
    fortunes = state.fortunes()
    return {
        "turns": state.turns,
        "bankruptcies": n - sum(state.alive),
        **{f"fortune_{p}": fortunes[p] for p in range(n)},
    }


def _dia_de_paga_row(state: Any, log: DiaDePagaLog) -> dict[str, Any]:
    n = state.game.n
    fortunes = state.fortunes()
    return {
        "months": state.game.months,
        **{f"fortune_{p}": fortunes[p] for p in range(n)},
        **{f"loans_{p}": state.loans[p] for p in range(n)},  # still owed at the end
        **{f"borrowed_{p}": log.borrowed[p] for p in range(n)},  # taken during the game
        **{f"kitty_wins_{p}": log.kitty_wins[p] for p in range(n)},
        **{f"kitty_won_{p}": log.kitty_won[p] for p in range(n)},
    }


def _palabra_row(state: Any, log: Any) -> dict[str, Any]:
    return {"turns": state.turns, **{f"score_{p}": s for p, s in enumerate(state.scores)}}


ENGINES: dict[str, Engine] = {
    "property": Engine(
        "property",
        _property_bots,
        "build_asap",
        ("abbreviated", "claims_rent", "time_limit"),
        _property_row,
    ),
    "dia_de_paga": Engine(
        "dia_de_paga",
        _dia_de_paga_bots,
        "cautious_saver",
        ("months", "youngest"),
        _dia_de_paga_row,
        DiaDePagaLog,
    ),
    "palabra": Engine(
        "palabra",
        _palabra_bots,
        "greedy",
        ("language", "rounds", "dictionary", "deck", "common"),
        _palabra_row,
    ),
}


def engine_of(game: Any) -> Engine:
    """The engine that plays ``game``: a bundled name, a teacher's .toml file or a RuleSet."""
    from kit.games import engine_family
    from kit.games.property.rules import RuleSet

    if isinstance(game, RuleSet):
        return ENGINES["property"]
    return ENGINES[engine_family(game)]  # a plain error listing the games for anything else


def _bot(engine: Engine, name: str) -> Policy:
    if engine.name == "property":  # parametrised names too: cash_reserve:AMOUNT, trader:BOT
        from kit.games.property.bots import policy_named

        return policy_named(name)
    bots = engine.bots()
    if name not in bots:
        raise ValueError(
            f"no bot called {name!r} in {engine.name}; the bots are: {', '.join(bots)}"
        )
    return bots[name]


def bot(game: Any, name: str) -> Policy:
    """The bot called `name` in the engine that plays `game` (a name, a .toml file)."""
    return _bot(engine_of(game), name)


def _policies(
    engine: Engine, policies: Sequence[Policy | str] | None, players: int
) -> list[Policy]:
    chosen = list(policies or [engine.default])
    resolved = [_bot(engine, p) if isinstance(p, str) else p for p in chosen]
    if len(resolved) == 1:
        resolved *= players
    if len(resolved) != players:
        raise ValueError(
            f"give one policy for all seats or one per seat ({players}), not {len(resolved)}"
        )
    return resolved


def _game(engine: Engine, rules: Any, players: int, edition: str | None, options: dict) -> Any:
    unknown = sorted(set(options) - set(engine.options))
    if unknown:
        allowed = ", ".join(engine.options)
        raise ValueError(
            f"{engine.name} has no option {', '.join(unknown)}; its options: {allowed}"
        )
    if engine.name == "property":
        from kit.games.property.game import PropertyGame
        from kit.games.property.load import load_rules
        from kit.games.property.rules import RuleSet

        if not isinstance(rules, RuleSet):
            rules = load_rules(str(rules), edition=edition)
        return PropertyGame(rules, players, **options)
    if edition is not None:
        raise ValueError(f"editions are for the property games, not {engine.name}")
    if engine.name == "dia_de_paga":
        from kit.games.dia_de_paga.game import DiaDePagaGame

        return DiaDePagaGame(rules, players, **options)
    from kit.games.palabra.game import PalabraGame

    return PalabraGame(players, **options)


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
    engine: Engine,
    game: Any,
    bots: list[Policy],
    games: int,
    seed: int,
    max_turns: int,
    max_steps: int,
) -> Iterator[dict[str, Any]]:
    if engine.name == "property":
        from kit.games.property.game import play_out
    players = len(bots)
    names = [getattr(b, "__name__", repr(b)) for b in bots]
    for i in range(games):
        rng = game_rng(seed, i)
        if engine.name == "property":
            state, log = play_out(game.new_state(), bots, rng, max_turns), None
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
            **engine.row(state, log),
        }
        if engine.name == "property" and not finished:
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
