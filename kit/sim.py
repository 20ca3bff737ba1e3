"""Seeded Monte Carlo tournaments of the property games, with a progress bar.

    >>> from kit.sim import simulate
    >>> df = simulate("el_pale", players=4, games=200, seed=1,
    ...               policies=["build_asap", "buy_everything", "cash_reserve", "never_buy"])
    >>> df.winner_policy.value_counts()

Game ``i`` of a run with seed ``s`` is played with ``random.Random(f"kit-sim:{s}:{i}")``, so the
same seed gives the same table on every machine, and any single game can be replayed alone.
The core (``play_games``) is standard library only; pandas and tqdm are imported inside
``simulate`` when the table and the bar are made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from random import Random
from typing import Any

from kit.games.property.bots import policy_named
from kit.games.property.game import PropertyGame, play_out
from kit.games.property.rules import RuleSet

Policy = Callable[[Any, Random], Any]


def game_rng(seed: int, index: int) -> Random:
    """The generator of game ``index`` in a run seeded ``seed``."""
    return Random(f"kit-sim:{seed}:{index}")


def _rules(rules: str | Path | RuleSet, edition: str | None) -> RuleSet:
    if isinstance(rules, RuleSet):
        return rules
    from kit.games.property.load import load_rules

    return load_rules(str(rules), edition=edition)


def _policies(policies: Sequence[Policy | str] | None, players: int) -> list[Policy]:
    chosen = list(policies or ["build_asap"])
    resolved = [policy_named(p) if isinstance(p, str) else p for p in chosen]
    if len(resolved) == 1:
        resolved *= players
    if len(resolved) != players:
        raise ValueError(
            f"give one policy for all seats or one per seat ({players}), not {len(resolved)}"
        )
    return resolved


def play_games(
    rules: str | Path | RuleSet,
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    policies: Sequence[Policy | str] | None = None,
    max_turns: int = 1000,
    *,
    edition: str | None = None,
    **options: Any,
) -> Iterator[dict[str, Any]]:
    """One record (a plain dict) per game: the standard-library core of ``simulate``."""
    game = PropertyGame(_rules(rules, edition), players, **options)
    bots = _policies(policies, players)
    names = [getattr(b, "__name__", repr(b)) for b in bots]
    for i in range(games):
        state = play_out(game.new_state(), bots, game_rng(seed, i), max_turns)
        winner = state.winner() if state.is_terminal() else None
        record: dict[str, Any] = {
            "game": i,
            "winner": winner,
            "winner_policy": names[winner] if winner is not None else None,
            "finished": state.is_terminal(),
            "turns": state.turns if state.is_terminal() else min(state.turns, max_turns),
            "bankruptcies": players - sum(state.alive),
        }
        fortunes = state.fortunes()
        for p in range(players):
            record[f"fortune_{p}"] = fortunes[p]
        for p in range(players):
            record[f"policy_{p}"] = names[p]
        yield record


def simulate(
    rules: str | Path | RuleSet,
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    policies: Sequence[Policy | str] | None = None,
    max_turns: int = 1000,
    progress: bool = True,
    *,
    edition: str | None = None,
    **options: Any,
):
    """Play ``games`` seeded games and return a pandas DataFrame, one row per game.

    Columns: game, winner (seat, or missing when the turn cap ended the game), winner_policy,
    finished, turns, bankruptcies, fortune_0..n-1 (cash + titles + buildings as the fixed-time
    game counts them, 0 for a bankrupt player), policy_0..n-1.
    ``options`` go to PropertyGame (``abbreviated``, ``claims_rent``, ``time_limit``).
    """
    import pandas as pd

    rows = play_games(rules, players, games, seed, policies, max_turns, edition=edition, **options)
    if progress:
        from tqdm.auto import tqdm

        rows = tqdm(rows, total=games, desc=str(getattr(rules, "name", rules)), unit="game")
    df = pd.DataFrame(list(rows))
    df["winner"] = df["winner"].astype("Int64")
    return df
