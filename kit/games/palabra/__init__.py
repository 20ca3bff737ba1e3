"""Palabra: the card game of words, straights and multipliers (rules PLB-01..13).

    >>> from kit.games.palabra import PalabraGame, Word, find_plays
    >>> game = PalabraGame(players=3, language="es")   # or dictionary=Dictionary.bundled(...)

Light core: only the standard library, ``kit.prob`` and ``kit.games.core`` are imported here;
the word lists are read lazily (gzip + json) when a dictionary is first used.
"""

from kit.games.registry import GameType, register_game

from .actions import (
    Build,
    Exchange,
    Flush,
    Joker,
    Palabra,
    Pass,
    Shave,
    Straight,
    Vowels,
    Word,
    action_from_dict,
    action_to_dict,
)
from .bots import beginner, greedy, random_legal
from .cards import Card, common_colours
from .dictionary import Dictionary
from .finder import Candidate, best_play, brute_force_plays, find_plays, plays_for
from .game import PalabraGame, PalabraState
from .load import DeckError, load_deck
from .rules import HAND_SIZE, cut_rank
from .scoring import Play, Score, hand_penalty, is_straight, score, score_shave

__all__ = [
    "EVENTS",
    "HAND_SIZE",
    "Build",
    "Candidate",
    "Card",
    "DeckError",
    "Dictionary",
    "Exchange",
    "Flush",
    "Joker",
    "Palabra",
    "PalabraGame",
    "PalabraState",
    "Pass",
    "Play",
    "Score",
    "Shave",
    "Straight",
    "Vowels",
    "Word",
    "action_from_dict",
    "action_to_dict",
    "beginner",
    "best_play",
    "brute_force_plays",
    "common_colours",
    "cut_rank",
    "find_plays",
    "greedy",
    "hand_penalty",
    "is_straight",
    "load_deck",
    "plays_for",
    "random_legal",
    "score",
    "score_shave",
]


# every kind of event the engine records (kit.games.palabra.game's docstring says what each holds)
EVENTS = ("cut", "cut_again", "first", "deal", "banked", "joker", "shave", "play", "exchange",
          "pass", "draw", "round", "penalty", "game_over")  # fmt: skip


def _load(game: object = "palabra", players: int | list[str] = 2, **options) -> PalabraGame:
    return PalabraGame(players, **options)


def _result(state: PalabraState, watcher: object = None) -> dict:
    return {"turns": state.turns, **{f"score_{p}": s for p, s in enumerate(state.scores)}}


def _bots() -> dict:
    from .bots import BOTS

    return BOTS


register_game(
    GameType(
        family="palabra",
        names=("palabra",),
        titles={"palabra": "Palabra"},
        load=_load,
        game_class=PalabraGame,
        state_class=PalabraState,
        bots=_bots,
        default_bot="greedy",
        options={
            "language": "the dictionary: es or en",
            "rounds": "stop after so many rounds",
            "dictionary": "a Dictionary or a list of words",
            "deck": "a deck file or spec",
            "common": "only the N commonest words",
        },
        events=EVENTS,
        claims=lambda data: False,
        result=_result,
    )
)
