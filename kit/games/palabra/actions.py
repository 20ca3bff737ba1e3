"""Palabra's actions: small frozen dataclasses with readable reprs. Cards are card ids.

The eight plays (PLB-02 c): Word, Straight, Flush, Build, Vowels, Palabra, Exchange, Pass.
The two pre-plays (PLB-02 b): Joker (PLB-10), Shave (PLB-11).

``letters`` says what each card stands for, in order ("" = the printed letters; needed when a
wild or vowel card is used). For a Build, ``letters`` covers the new cards, ``before`` then
``after``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.games import core
from kit.games.core import action_to_dict

__all__ = [
    "ACTIONS",
    "PLAYS",
    "PRE_PLAYS",
    "Build",
    "Exchange",
    "Flush",
    "Joker",
    "Palabra",
    "Pass",
    "Shave",
    "Straight",
    "Vowels",
    "Word",
    "action_from_dict",
    "action_to_dict",
]


@dataclass(frozen=True, slots=True)
class Word:
    """Spell a word from the dictionary (PLB-03)."""

    cards: tuple[int, ...]
    letters: str = ""


@dataclass(frozen=True, slots=True)
class Straight:
    """Three or more letters in alphabetical order, Z wrapping to A (PLB-04)."""

    cards: tuple[int, ...]
    letters: str = ""


@dataclass(frozen=True, slots=True)
class Flush:
    """Five or more cards of one colour (PLB-05)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Build:
    """Extend an opponent's word or straight on the table at either end (PLB-06)."""

    target: int
    before: tuple[int, ...] = ()
    after: tuple[int, ...] = ()
    letters: str = ""


@dataclass(frozen=True, slots=True)
class Vowels:
    """Six or seven vowels, Y included (PLB-07)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Palabra:
    """A seven-letter word with the whole hand: a word + 70 (PLB-08)."""

    cards: tuple[int, ...]
    letters: str = ""


@dataclass(frozen=True, slots=True)
class Exchange:
    """Swap these cards with the draw deck (PLB-09)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn (PLB-09)."""


@dataclass(frozen=True, slots=True)
class Joker:
    """Pre-play: lay a joker on an opponent's play on the table to cancel it (PLB-10)."""

    card: int
    target: int


@dataclass(frozen=True, slots=True)
class Shave:
    """Pre-play: lay ``cards[i]`` on letter ``positions[i]`` of the prior play (PLB-11)."""

    cards: tuple[int, ...]
    positions: tuple[int, ...]


PLAYS = (Word, Straight, Flush, Build, Vowels, Palabra, Exchange, Pass)
PRE_PLAYS = (Joker, Shave)
ACTIONS = {cls.__name__: cls for cls in (*PLAYS, *PRE_PLAYS)}


def action_from_dict(data: dict[str, Any]) -> Any:
    """An action of this game from the data `action_to_dict` wrote (saved games, golden files)."""
    return core.action_from_dict(data, ACTIONS)
