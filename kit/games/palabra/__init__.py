"""Palabra: the card game of words, straights and multipliers (rules PLB-01..13).

    >>> from kit.games.palabra import PalabraGame, Word, find_plays
    >>> game = PalabraGame(players=3, language="es")   # or dictionary=Dictionary.bundled(...)

Light core: only the standard library, ``kit.prob`` and ``kit.games.core`` are imported here;
the word lists are read lazily (gzip + json) when a dictionary is first used.
"""

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
from .game import PalabraGame, PalabraState, cut_rank
from .load import DeckError, load_deck
from .scoring import Play, Score, hand_penalty, is_straight, score, score_shave

__all__ = [
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
