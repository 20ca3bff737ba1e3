"""Día de Paga: the 31-day month, mail, acquisitions, lottery, kitty, savings book and loans.

rules.py    the rule set as frozen data          load.py   read and check kit/data/*.toml
actions.py  the players' actions                 game.py   DiaDePagaGame and its State
bots.py     plain-function players and play_game
"""

from kit.games.dia_de_paga.game import DiaDePagaGame, DiaDePagaState
from kit.games.dia_de_paga.rules import DiaDePagaRules
from kit.games.dia_de_paga.tally import DiaDePagaLog, result
from kit.games.registry import GameType, register_game


def _load(rules: object = "dia_de_paga", players: int | list[str] = 4, **options) -> DiaDePagaGame:
    return DiaDePagaGame(rules, players, **options)


def _bots() -> dict:
    from kit.games.dia_de_paga.bots import POLICIES

    return POLICIES


register_game(
    GameType(
        family="dia_de_paga",
        names=("dia_de_paga",),
        titles={"dia_de_paga": "Día de Paga"},
        load=_load,
        game_class=DiaDePagaGame,
        state_class=DiaDePagaState,
        bots=_bots,
        default_bot="cautious_saver",
        options={"months": "months a game lasts (1)", "youngest": "the seat who starts (0)"},
        events=("rolled", "did"),
        claims=lambda data: "days" in data,
        result=result,
        watcher=DiaDePagaLog,
        rules_class=DiaDePagaRules,
    )
)

__all__ = ["DiaDePagaGame", "DiaDePagaLog", "DiaDePagaRules", "DiaDePagaState"]
