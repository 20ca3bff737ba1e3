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
# PLB-13: what each kind of card can stand for (a letter card: its own letter)
_LETTERS = {"wild": frozenset(ALPHABET), "vowel": VOWELS, "joker": frozenset()}
_LETTERS.update({ch: frozenset(ch) for ch in ALPHABET})


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

    @property
    def letters(self) -> frozenset[str]:
        """What this card can stand for in a play (PLB-13): its letter; a wild card any letter,
        a vowel card A E I O U Y; a joker none."""
        return _LETTERS[self.letter if self.kind == "letter" else self.kind]

    def can_be(self, letter: str) -> bool:
        """Can this card stand for ``letter`` in a play?"""
        return letter in self.letters

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
