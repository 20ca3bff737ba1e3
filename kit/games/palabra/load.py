"""Load and check a Palabra deck from TOML (``kit/data/palabra.toml`` or a teacher's copy).

    >>> deck = load_deck()                 # the real deck (the published composition)
    >>> deck = load_deck("mi_baraja.toml")  # a teacher's own copy

A file that does not fit raises :class:`DeckError` (a ``ValueError``) whose message names the file,
the key (``letters[3].stars``) and what was expected there. Only the standard library is used.

The layout (see ``kit/data/palabra.toml``):

    letters = [ {letter, value, colours, stars, copies, source}, ... ]
    [deck]      source, title, decks = ["red", "blue"]
    [[specials]] kind = "wild" | "joker" | "vowel", copies, colours, value, source, readings

Every row has ``source = "rulebook" | "kit" | "published"`` ("published": public data with a
named source, given in the file's comments).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .cards import ALPHABET, COLOURS, STAR_FACTORS, Card

__all__ = ["DeckError", "DeckSpec", "build_cards", "load_deck"]

SOURCES = ("rulebook", "kit", "published")
SPECIAL_KINDS = ("wild", "joker", "vowel")


class DeckError(ValueError):
    """A deck file that does not fit: the message names the file, the key and the expectation."""


@dataclass(frozen=True)
class DeckSpec:
    """One deck as the file gives it (kinds of card with their copies), before dealing ids."""

    title: str
    source: str
    decks: tuple[str, ...]
    letters: tuple[dict[str, Any], ...]  # letter, value, colours (tuple), stars, copies, source
    specials: tuple[dict[str, Any], ...]  # kind, value, colours, copies, source
    path: str

    def size(self) -> int:
        """Playable cards in one deck (the real one: 115 letters + 3 wild + 2 jokers + 2 vowels)."""
        return sum(r["copies"] for r in self.letters) + sum(r["copies"] for r in self.specials)


def _fail(path: str, key: str, expected: str, got: Any) -> DeckError:
    return DeckError(f"{path}: {key} should be {expected}; it is {got!r}")


def _int(path: str, key: str, v: Any, low: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise _fail(path, key, f"a whole number >= {low}", v)
    return v


def _colours(path: str, key: str, v: Any, allow_empty: bool) -> tuple[str, ...]:
    ok = isinstance(v, list) and all(c in COLOURS for c in v) and len(set(v)) == len(v)
    if not ok or (not v and not allow_empty):
        raise _fail(path, key, f"a list of different colours from {list(COLOURS)}", v)
    return tuple(v)


def _source(path: str, key: str, v: Any) -> str:
    if v not in SOURCES:
        raise _fail(path, key, f"one of {list(SOURCES)}", v)
    return v


def load_deck(path: str | Path | None = None) -> DeckSpec:
    """Read and check a deck file; ``None`` is the bundled real deck."""
    if path is None:
        ref = resources.files("kit.data").joinpath("palabra.toml")
        name, text = "kit/data/palabra.toml", ref.read_text(encoding="utf-8")
    else:
        p = Path(path)
        if not p.exists():
            raise DeckError(f"{p}: no such deck file")
        name, text = str(p), p.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DeckError(f"{name}: not valid TOML ({e})") from None
    deck = data.get("deck")
    if not isinstance(deck, dict):
        raise _fail(name, "[deck]", "a table with source, title and decks", deck)
    source = _source(name, "deck.source", deck.get("source"))
    title = deck.get("title", "Palabra")
    if not isinstance(title, str):
        raise _fail(name, "deck.title", "a text", title)
    decks = deck.get("decks", ["red", "blue"])
    if not (isinstance(decks, list) and decks and all(isinstance(d, str) for d in decks)):
        raise _fail(name, "deck.decks", 'a list of deck names such as ["red", "blue"]', decks)
    rows = data.get("letters")
    if not isinstance(rows, list) or not rows:
        raise _fail(name, "letters", "a list of letter cards", rows)
    letters = []
    value_of: dict[str, int] = {}
    for i, r in enumerate(rows):
        key = f"letters[{i}]"
        if not isinstance(r, dict):
            raise _fail(name, key, "a table {letter, value, colours, stars, copies, source}", r)
        extra = set(r) - {"letter", "value", "colours", "stars", "copies", "source"}
        if extra:
            raise _fail(name, f"{key}", "without unknown keys", sorted(extra))
        letter = r.get("letter")
        if not (isinstance(letter, str) and len(letter) == 1 and letter in ALPHABET):
            raise _fail(name, f"{key}.letter", "one capital letter A-Z", letter)
        value = _int(name, f"{key}.value", r.get("value"), 0)
        if value_of.setdefault(letter, value) != value:
            raise _fail(
                name,
                f"{key}.value",
                f"{value_of[letter]}, the value of every other {letter}",
                value,
            )
        stars = r.get("stars", 0)
        if stars not in STAR_FACTORS or isinstance(stars, bool):
            raise _fail(name, f"{key}.stars", "0, 2 or 3", stars)
        letters.append(
            {
                "letter": letter,
                "value": value,
                "colours": _colours(name, f"{key}.colours", r.get("colours"), False),
                "stars": stars,
                "copies": _int(name, f"{key}.copies", r.get("copies"), 1),
                "source": _source(name, f"{key}.source", r.get("source")),
            }
        )
    specials = []
    for i, r in enumerate(data.get("specials", [])):
        key = f"specials[{i}]"
        if not isinstance(r, dict):
            raise _fail(name, key, "a table {kind, copies, colours, value, source}", r)
        kind = r.get("kind")
        if kind not in SPECIAL_KINDS:
            raise _fail(name, f"{key}.kind", f"one of {list(SPECIAL_KINDS)}", kind)
        readings = r.get("readings", [])
        if not (isinstance(readings, list) and all(isinstance(x, str) for x in readings)):
            raise _fail(name, f"{key}.readings", "a list of key names", readings)
        specials.append(
            {
                "kind": kind,
                "value": _int(name, f"{key}.value", r.get("value", 0), 0),
                "colours": _colours(name, f"{key}.colours", r.get("colours"), kind == "joker"),
                "copies": _int(name, f"{key}.copies", r.get("copies"), 1),
                "source": _source(name, f"{key}.source", r.get("source")),
            }
        )
    return DeckSpec(title, source, tuple(decks), tuple(letters), tuple(specials), name)


def build_cards(spec: DeckSpec, n_decks: int = 1) -> tuple[Card, ...]:
    """Every card of ``n_decks`` decks with stable ids 0, 1, ... (the first deck's cards first)."""
    if not 1 <= n_decks <= len(spec.decks):
        raise ValueError(f"this deck file has {len(spec.decks)} decks; {n_decks} were asked for")
    cards: list[Card] = []
    for d in spec.decks[:n_decks]:
        for r in spec.letters:
            for _ in range(r["copies"]):
                cards.append(
                    Card(
                        len(cards),
                        r["letter"],
                        r["value"],
                        frozenset(r["colours"]),
                        r["stars"],
                        "letter",
                        d,
                    )
                )
        for r in spec.specials:
            for _ in range(r["copies"]):
                cards.append(
                    Card(len(cards), "", r["value"], frozenset(r["colours"]), 0, r["kind"], d)
                )
    return tuple(cards)
