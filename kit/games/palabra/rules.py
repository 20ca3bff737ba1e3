"""Palabra's rule facts, each stated once: the engine, the finder, the scoring and the hand widget
import them from here (PLB-01..13).

A fact that two modules need (the hand size, what can be built on or shaved, when a word is a
Palabra, how a cut card ranks) lives here and nowhere else, so a class that changes a rule
changes one line.
"""

from __future__ import annotations

from typing import Any

from .cards import ALPHABET, Card

__all__ = [
    "BUILDABLE",
    "CUT_FACES",
    "HAND_SIZE",
    "LOCK_FACTOR",
    "MAX_PLAYERS",
    "MIN_FLUSH",
    "MIN_PLAYERS",
    "MIN_STRAIGHT",
    "PALABRA_BONUS",
    "PLAY_KINDS",
    "PRE_PLAY_KINDS",
    "SHAVEABLE",
    "TWO_DECKS_FROM",
    "VOWEL_SCORES",
    "can_build_on",
    "can_shave",
    "cut_face",
    "cut_rank",
    "is_palabra",
    "word_kind",
]

HAND_SIZE = 7  # PLB-01 deal, PLB-02 d draw back up to seven
MIN_PLAYERS, MAX_PLAYERS = 2, 12
TWO_DECKS_FROM = 7  # PLB-01: 2-6 players one deck, 7 or more two (red and blue)
PALABRA_BONUS = 70  # PLB-08
VOWEL_SCORES = {6: 20, 7: 40}  # PLB-07
LOCK_FACTOR = 2  # PLB-03
MIN_FLUSH = 5  # PLB-05
MIN_STRAIGHT = 3  # PLB-04
PLAY_KINDS = ("word", "straight", "flush", "build", "vowels", "palabra")  # laid on the table
PRE_PLAY_KINDS = ("shave", "joker")  # PLB-02 b: at most one, before the play
BUILDABLE = ("word", "straight")  # PLB-06: the forms a build extends (a built word stays a word)
SHAVEABLE = ("word", "straight", "palabra", "build")  # PLB-11: what the prior play may be

# PLB-01: the faces a cut card shows, lowest first: the joker ranks below A, a wild outranks Z.
# Kit's reading: a vowel card ranks as its highest letter, Y (it ties with a Y).
CUT_FACES = ("joker", *ALPHABET, "vowel", "wild")
_CUT_RANK = {face: i for i, face in enumerate(("joker", *ALPHABET), start=0)}
_CUT_RANK.update(vowel=ALPHABET.index("Y") + 1, wild=len(ALPHABET) + 1)


def is_palabra(laid: int, hand: int) -> bool:
    """PLB-08: a seven-letter word with the whole hand of seven is a Palabra (a word + 70)."""
    return laid == HAND_SIZE == hand


def word_kind(laid: int, hand: int) -> str:
    """The kind a word of `laid` cards from a hand of `hand` cards is scored as."""
    return "palabra" if is_palabra(laid, hand) else "word"


def can_build_on(play: dict[str, Any] | None) -> bool:
    """PLB-06: only a word or a straight on the table is built on."""
    return play is not None and play["form"] in BUILDABLE


def can_shave(play: dict[str, Any] | None) -> bool:
    """PLB-11: only a word or a straight (a Palabra and a build are words too) is shaved."""
    return play is not None and play["kind"] in SHAVEABLE


def cut_face(card: Card) -> str:
    """What a cut card shows for the cut: its letter, or 'wild', 'joker', 'vowel'."""
    return card.letter if card.kind == "letter" else card.kind


def cut_rank(card_or_face: Card | str) -> int:
    """PLB-01: a cut's rank: a wild outranks Z (27), Z..A are 26..1, a joker is below A (0)."""
    face = card_or_face if isinstance(card_or_face, str) else cut_face(card_or_face)
    return _CUT_RANK[face]
