"""Palabra's scoring, with the breakdown the multipliers lesson shows (PLB-03..08, PLB-11, PLB-12).

    >>> s = score(Play("word", cards))
    >>> s.total, s.values, s.sum, s.stars, s.lock, s.bonus
    >>> print(s.explain())   # "(3 + 1 + 1) = 5 × 2 × 3 × 2 (bloqueo de color: rojo) = 60"

A word or straight: the sum of the card values, times each star card's factor (two stars ×2,
three stars ×3; they multiply each other), times 2 again when the play is colour-locked (every
card shares one colour; a two-colour, wild or vowel card counts as any of its colours). A flush
scores the sum only. A build scores the sum of the whole, times only the NEW star cards, times the
lock if the whole is still one colour. Vowels score 20 (six) or 40 (seven). A Palabra is a word
plus 70. A shave moves the shaved letters' values times the shaved play's own multipliers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from math import prod

from kit.messages import t

from .cards import ALPHABET, COLOURS, VOWELS, Card, common_colours
from .rules import LOCK_FACTOR, MIN_FLUSH, MIN_STRAIGHT, PALABRA_BONUS, PLAY_KINDS, VOWEL_SCORES

__all__ = [  # the rule numbers (the bonus, the lock...) are stated in .rules, named here too
    "LOCK_FACTOR",
    "MIN_FLUSH",
    "MIN_STRAIGHT",
    "PALABRA_BONUS",
    "PLAY_KINDS",
    "VOWEL_SCORES",
    "Play",
    "Score",
    "hand_penalty",
    "is_straight",
    "score",
    "score_shave",
]


@dataclass(frozen=True, slots=True)
class Play:
    """Cards laid as one play. ``letters``: what each card stands for ("" = the printed letters).

    For a build, ``new`` marks the cards added by the builder (the others are the base play).
    """

    kind: str
    cards: tuple[Card, ...]
    letters: str = ""
    new: tuple[bool, ...] | None = None


@dataclass(frozen=True, slots=True)
class Score:
    """A score and how it was made: total = sum × Π stars × lock + bonus (flush: the sum only)."""

    kind: str
    values: tuple[int, ...]  # the card values added up, in order
    sum: int
    stars: tuple[int, ...]  # the star factors that multiply, in card order (2 or 3 each)
    lock: int  # 2 when the colour lock applies, else 1
    bonus: int  # Palabra's 70; the vowel play's 20 or 40
    total: int
    colour: str = ""  # the locking colour(s), e.g. "red" or "red/blue"

    def as_data(self) -> dict[str, object]:
        """The breakdown as plain JSON values (what an event records of how a score was made)."""
        return {"kind": self.kind, "values": list(self.values), "sum": self.sum,
                "stars": list(self.stars), "lock": self.lock, "bonus": self.bonus,
                "total": self.total, "colour": self.colour}  # fmt: skip

    @property
    def multiplier(self) -> int:
        """The product of the star factors and the lock factor."""
        return prod(self.stars) * self.lock

    def explain(self) -> str:
        """The calculation in words a student can follow, in the class language (Spanish by
        default, ``kit.set_language``): "(3 + 1 + 2) = 6 × 2 × 3 × 2 (bloqueo de color: rojo)
        = 72", "6 vocales = 20", "anula una jugada de 12 puntos de su dueño"."""
        if self.kind == "vowels":
            return t("rules_palabra.explain_vowels", n=len(self.values), total=self.total)
        if self.kind == "joker":
            return t("rules_palabra.explain_joker", total=self.total)
        terms = " + ".join(map(str, self.values)) or "0"
        text = f"({terms}) = {self.sum}"
        for f in self.stars:
            text += f" × {f}"
        if self.lock == LOCK_FACTOR:
            text += " × " + self._lock_words()
        if self.bonus:
            text += " " + t("rules_palabra.explain_bonus", bonus=self.bonus)
        if self.stars or self.lock != 1 or self.bonus:
            text += f" = {self.total}"
        return text

    def _lock_words(self) -> str:
        """The lock factor in words: "2 (bloqueo de color: rojo)"; without a colour (a shave's
        score keeps none) "2 (bloqueo de color)"."""
        if not self.colour:
            return t("rules_palabra.explain_lock_factor", factor=LOCK_FACTOR)
        colour = "/".join(t(f"rules_palabra.colour_{c}") for c in self.colour.split("/"))
        return t("rules_palabra.explain_lock", factor=LOCK_FACTOR, colour=colour)


def is_straight(letters: str) -> bool:
    """Three or more letters in alphabetical order, wrapping from Z to A (PLB-04: XYZABC)."""
    if not MIN_STRAIGHT <= len(letters) <= len(ALPHABET):
        return False
    idx = [ALPHABET.find(ch) for ch in letters]
    if min(idx) < 0:
        return False
    return all((b - a) % 26 == 1 for a, b in pairwise(idx))


def _lock(cards: Sequence[Card]) -> tuple[int, str]:
    common = common_colours(cards)
    if not cards or not common:
        return 1, ""
    return LOCK_FACTOR, "/".join(c for c in COLOURS if c in common)


def _word(kind: str, cards: Sequence[Card], star_cards: Sequence[Card], bonus: int = 0) -> Score:
    values = tuple(c.value for c in cards)
    total_sum = sum(values)
    stars = tuple(c.stars for c in star_cards if c.stars)
    lock, colour = _lock(cards)
    total = total_sum * prod(stars) * lock + bonus
    return Score(kind, values, total_sum, stars, lock, bonus, total, colour)


def score(play: Play) -> Score:
    """The score of a play of any kind (the play's legality is checked by the game, not here)."""
    cards, kind = play.cards, play.kind
    if kind in ("word", "straight"):  # PLB-03, PLB-04
        return _word(kind, cards, cards)
    if kind == "palabra":  # PLB-08
        return _word(kind, cards, cards, PALABRA_BONUS)
    if kind == "build":  # PLB-06: all the values, only the new stars, the lock of the whole
        new = play.new or (True,) * len(cards)
        if len(new) != len(cards):
            raise ValueError("a build needs one 'new' flag per card")
        return _word(kind, cards, [c for c, n in zip(cards, new, strict=True) if n])
    if kind == "flush":  # PLB-05: the sum only
        values = tuple(c.value for c in cards)
        return Score(kind, values, sum(values), (), 1, 0, sum(values))
    if kind == "vowels":  # PLB-07
        values = tuple(c.value for c in cards)
        bonus = VOWEL_SCORES.get(len(cards), 0)
        return Score(kind, values, sum(values), (), 1, bonus, bonus)
    raise ValueError(f"unknown play kind {kind!r}; the kinds are {list(PLAY_KINDS)}")


def score_shave(values: Sequence[int], stars: Sequence[int], lock: int) -> Score:
    """PLB-11: the shaved letters' values × the shaved play's star and colour multipliers."""
    values = tuple(values)
    s = sum(values)
    stars = tuple(stars)
    return Score("shave", values, s, stars, lock, 0, s * prod(stars) * lock)


def hand_penalty(cards: Sequence[Card]) -> Score:
    """PLB-12: cards left in a hand at the end count as if played as a word (stars and lock)."""
    if not cards:
        return Score("penalty", (), 0, (), 1, 0, 0)
    s = _word("penalty", cards, cards)
    return s


def vowel_ok(card: Card, letter: str = "") -> bool:
    """Can this card be one of the vowels of a vowel play (PLB-07, PLB-13)?"""
    return not card.letters.isdisjoint(VOWELS)
