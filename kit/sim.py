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

``simulate(..., workers=N)`` plays the same games on a ``dask.distributed`` LocalCluster of N
processes, ``scheduler="tcp://HOST:8786"`` on a Dask cluster already running: each worker is sent
a :class:`Tournament` (names and plain values) and a range of game numbers, loads the game and the
bots itself and plays game ``i`` with ``game_rng(seed, i)``, so the table is the serial one, row
for row. dask is imported only then (the ``cluster`` extra).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random
from typing import Any

from kit.games import load
from kit.games.core import play
from kit.games.registry import GameType, game_type
from kit.messages import t

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


@dataclass(frozen=True)
class Tournament:
    """One tournament as names and plain values: the game (a bundled name, a .toml path or a
    rules object), the seats' bots (names, or functions), the seed, the caps and the game's
    options. It is what a Dask worker is sent, so each worker loads the game and its bots itself
    instead of unpickling engine objects."""

    rules: Any
    players: int
    seed: int
    policies: tuple[Policy | str, ...]
    max_turns: int
    max_steps: int
    options: tuple[tuple[str, Any], ...]

    def prepare(self) -> tuple[GameType, Any, list[Policy]]:
        """The engine, the loaded game and one bot per seat; plain errors for a bad request."""
        engine = engine_of(self.rules)
        game = load(self.rules, players=self.players, **dict(self.options))
        return engine, game, _policies(engine, self.policies, self.players)

    def records(self, games: range) -> Iterator[dict[str, Any]]:
        """One record per game number in `games` (checked now, played as they are read)."""
        engine, game, bots = self.prepare()
        return _records(engine, game, bots, games, self.seed, self.max_turns, self.max_steps)


def tournament(
    rules: str | Path | Any,
    players: int = 4,
    seed: int = 0,
    policies: Sequence[Policy | str] | None = None,
    max_turns: int = 1000,
    *,
    edition: str | None = None,
    max_steps: int = 100_000,
    **options: Any,
) -> Tournament:
    """The :class:`Tournament` of `play_games`' arguments (an edition is one of the options)."""
    if edition is not None:
        engine = engine_of(rules)
        if "edition" not in engine.options:
            raise ValueError(f"editions are for the property games, not {engine.family}")
        options = {**options, "edition": edition}
    return Tournament(
        rules, players, seed, tuple(policies or ()), max_turns, max_steps, tuple(options.items())
    )


def _check_games(games: Any) -> None:
    """A tournament is one game or more (zero would be a table with no columns to read)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(t("sim.bad_games", value=repr(games)))


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
    _check_games(games)
    plan = tournament(
        rules, players, seed, policies, max_turns, edition=edition, max_steps=max_steps, **options
    )
    return plan.records(range(games))


def _records(
    engine: GameType,
    game: Any,
    bots: list[Policy],
    games: range,
    seed: int,
    max_turns: int,
    max_steps: int,
) -> Iterator[dict[str, Any]]:
    players = len(bots)
    names = [getattr(b, "__name__", repr(b)) for b in bots]
    for i in games:
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


# ------------------------------------------------------------------------- on a Dask cluster
SCHEDULER_TIMEOUT = 5  # seconds an existing scheduler has to answer before kit sim gives up
CHUNKS_PER_WORKER = 4  # tasks per worker thread: few tasks, yet no worker idle long at the end


class ClusterError(Exception):
    """A cluster that cannot be had (bad --workers, an unreachable scheduler, no dask): a key of
    kit.messages and its values, so the command can print it in both languages."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, values

    def __str__(self) -> str:
        return t(self.key, **self.values)


def _chunks(games: int, slots: int) -> list[range]:
    """The game numbers 0..games-1 cut into about CHUNKS_PER_WORKER ranges per worker thread."""
    size = max(1, -(-games // (slots * CHUNKS_PER_WORKER)))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def _play_chunk(plan: Tournament, start: int, stop: int) -> list[dict[str, Any]]:
    """A worker's task: the records of games start..stop-1, the game and bots loaded there."""
    return list(plan.records(range(start, stop)))


def _check_request(workers: int | None, scheduler: str | None) -> None:
    if workers is not None and scheduler is not None:
        raise ClusterError("sim.workers_or_scheduler")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ClusterError("sim.bad_workers", value=workers)


@contextmanager
def _client(workers: int | None, scheduler: str | None) -> Iterator[Any]:
    """A Dask client: of a new LocalCluster of `workers` one-thread processes, or of the
    cluster whose scheduler is at `scheduler`; closed (and the local cluster shut) on leaving."""
    try:
        import distributed
    except ImportError:
        raise ClusterError("sim.no_dask") from None
    if scheduler is None:
        with (
            distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,  # no dashboard, and the scheduler's bare HTTP server
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},  # on a free local port
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            yield client
        return
    try:
        client = distributed.Client(scheduler, timeout=SCHEDULER_TIMEOUT)
    except ValueError:  # dask's parse of the address: no port, an unknown scheme
        raise ClusterError("sim.bad_scheduler", address=scheduler) from None
    except Exception:  # refused, timed out, or something that is not a scheduler answered
        raise ClusterError(
            "sim.no_scheduler", address=scheduler, seconds=SCHEDULER_TIMEOUT
        ) from None
    with client:
        yield client


def play_on_cluster(
    plan: Tournament,
    games: int,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    done: Callable[[int], Any] | None = None,
) -> list[dict[str, Any]]:
    """The records of games 0..games-1 of `plan`, in game order, played in chunks on a Dask
    cluster (`workers` local processes, or the one at `scheduler`; neither: one local process
    per core); `done(n)` is called as each chunk of n games comes back. Bots given as
    functions travel by cloudpickle (dask's own fallback), so a lambda of a notebook works;
    names are resolved on the workers."""
    _check_request(workers, scheduler)
    plan.prepare()  # a bad game, bot or option is told here, before any cluster starts
    if isinstance(plan.rules, str | Path) and Path(plan.rules).suffix == ".toml":
        plan = replace(plan, rules=str(Path(plan.rules).resolve()))  # the workers' folder differs
    with _client(workers, scheduler) as client:
        from distributed import as_completed

        slots = max(1, sum(client.nthreads().values()))
        futures = [
            client.submit(_play_chunk, plan, chunk.start, chunk.stop, pure=False)
            for chunk in _chunks(games, slots)
        ]
        for _, rows in as_completed(futures, with_results=True):
            if done is not None:
                done(len(rows))
        return [row for future in futures for row in future.result()]


def _progress(rules: Any, games: int, rows: Iterator[Any] | None = None) -> Any:
    """tqdm's bar over `rows`, or one to update by hand (a chunk of games at a time)."""
    from tqdm.auto import tqdm

    return tqdm(rows, total=games, desc=str(getattr(rules, "name", rules)), unit="game")


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
    workers: int | None = None,
    scheduler: str | None = None,
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
    ``workers`` (a LocalCluster of so many processes) or ``scheduler`` (a Dask scheduler's
    address) plays the games on a Dask cluster (see :func:`play_on_cluster`): the same table.
    """
    try:
        import pandas as pd
    except ImportError:
        raise ImportError(
            "kit sim's tournament tables need pandas, which the light core leaves out: "
            "install the kit's sim extra, pip install 'kit[sim]' (play_games needs no pandas)"
        ) from None

    _check_games(games)
    plan = tournament(
        rules, players, seed, policies, max_turns, edition=edition, max_steps=max_steps, **options
    )
    if workers is None and scheduler is None:
        rows = plan.records(range(games))  # a bad game, bot or option is told before the bar
        records = list(_progress(rules, games, rows) if progress else rows)
    else:
        _check_request(workers, scheduler)
        plan.prepare()
        bar = _progress(rules, games) if progress else None
        try:
            done = bar.update if bar is not None else None
            records = play_on_cluster(plan, games, workers=workers, scheduler=scheduler, done=done)
        finally:
            if bar is not None:
                bar.close()
    df = pd.DataFrame(records)
    df["winner"] = df["winner"].astype("Int64")
    return df
