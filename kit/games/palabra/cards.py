"""Palabra's cards: letter cards with a value, colours and stars, and the special cards.

A card is a small frozen dataclass; every card of a game has a stable ``id`` (its place in the
deck as loaded: the red deck first, then the blue deck when two decks are used), so states,
actions and JSON refer to cards by number.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("red", "blue", "green", "yellow")
SYMBOLS = {"red": "circle", "blue": "triangle", "green": "diamond", "yellow": "square"}
KINDS = ("letter", "wild", "joker", "vowel")
VOWELS = frozenset("AEIOUY")  # PLB-07: Y counts as a vowel
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
STAR_FACTORS = (0, 2, 3)  # stars printed on a card: none, ** (doubles), *** (triples)


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``letter`` is "" for the special cards (wild, joker, vowel)."""

    id: int
    letter: str
    value: int
    colours: frozenset[str]
    stars: int = 0
    kind: str = "letter"
    deck: str = "red"

    @property
    def factor(self) -> int:
        """The card's multiplier: 1, 2 (two stars) or 3 (three stars)."""
        return self.stars or 1

    @property
    def is_wild(self) -> bool:
        return self.kind == "wild"

    @property
    def is_vowel_card(self) -> bool:
        return self.kind == "vowel"

    def can_be(self, letter: str) -> bool:
        """Can this card stand for ``letter`` in a play? (PLB-13: wild any, vowel card a vowel)."""
        if self.kind == "letter":
            return self.letter == letter
        if self.kind == "wild":
            return len(letter) == 1 and letter in ALPHABET
        if self.kind == "vowel":
            return letter in VOWELS
        return False

    @property
    def label(self) -> str:
        """A short readable name: 'C3**' (letter, value, stars), 'wild', 'joker', 'vowel'."""
        if self.kind != "letter":
            return self.kind
        return f"{self.letter}{self.value}{'*' * self.stars}"

    def __repr__(self) -> str:
        colours = "/".join(c for c in COLOURS if c in self.colours) or "-"
        return f"Card({self.id}: {self.label} {colours})"


def common_colours(cards) -> frozenset[str]:
    """The colours every card has (a multicoloured, wild or vowel card counts as either colour).

    A play is colour-locked (PLB-03) when this is not empty.
    """
    out = frozenset(COLOURS)
    for c in cards:
        out &= c.colours
        if not out:
            break
    return out
