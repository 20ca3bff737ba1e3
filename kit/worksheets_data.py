"""Data a paper worksheet prints for an exercise that needs what the kit computes (kit/data/
worksheets.toml names them with `data = "…"`): computed when the sheet is built, never typed.

Each entry returns a pipe table in Markdown (the sheets' renderer draws it). The CLI may not
import kit.lessons (the floors in pyproject.toml), so this module asks the floors below for the
same values the lessons show: tests/test_worksheets.py checks each against the lesson's own.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

# El Palé's long-run shares: lesson 02 (kit.lessons.tablero.long_run) pays to leave jail.
JAIL_POLICY = "pay"
# Lesson 06's hand (kit.lessons.multiplicadores.mano_de_la_leccion): two players, the class
# dictionary of the 3000 commonest words, dealt with seed 142.
HAND_SEED = 142
COMMON_WORDS = 3000
# Exercise palabra-8's cards (exercises/05_palabra.ipynb): letter, stars, colour.
MALETAS = (
    ("M", 0, "blue"),
    ("A", 0, "red"),
    ("L", 0, "green"),
    ("E", 0, "green"),
    ("T", 0, "yellow"),
    ("A", 0, "blue"),
    ("S", 2, "yellow"),
)
COLOUR_NAMES = {"red": "rojo", "blue": "azul", "green": "verde", "yellow": "amarillo"}


def jail_shares() -> dict[str, Any]:
    """El Palé's long-run shares of the rolls that end at square 10 (visiting) and in jail."""
    from kit.analysis import markov

    long_run = markov.landing_probabilities("el_pale", jail_policy=JAIL_POLICY)
    return {"visita": long_run[10], "presos": long_run[markov.IN_JAIL]}


def carcel_el_pale() -> str:
    from kit.table import format_decimal

    shares = jail_shares()
    return "\n".join(
        [
            "| en la Cárcel | parte de las tiradas, a la larga |",
            "|:---|---:|",
            f"| de visita (casilla 10) | {format_decimal(shares['visita'], 4)} |",
            f"| presos | {format_decimal(shares['presos'], 4)} |",
        ]
    )


def lesson_hand() -> tuple[Any, ...]:
    """The seven cards of lesson 06's hand, dealt as the lesson deals them."""
    import kit
    from kit.games.palabra.dictionary import Dictionary

    game = kit.load("palabra", players=2, dictionary=Dictionary.bundled("es", common=COMMON_WORDS))
    state = game.new_state()
    rng = Random(HAND_SEED)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    return tuple(state.hand_cards(state.current_player()))


def maletas_cards() -> tuple[Any, ...]:
    """The deck's cards for MALETAS, each a different copy, as kit.lessons.palabra.cartas picks."""
    from kit.analysis.scoring import deck_cards

    used: set[int] = set()
    out = []
    for letter, stars, colour in MALETAS:
        card = next(
            c
            for c in deck_cards()
            if c.id not in used
            and c.kind == "letter"
            and (c.letter, c.stars, c.colours) == (letter, stars, frozenset({colour}))
        )
        used.add(card.id)
        out.append(card)
    return tuple(out)


def cards_table(cards: tuple[Any, ...]) -> str:
    """Cards side by side, one column each: letter, value, star factor and colours (as the
    lessons' card tables say them), so a hand takes four lines of paper."""
    from kit.games.palabra.cards import COLOURS

    rows = [
        ["letra"] + [c.letter or c.kind for c in cards],
        ["valor"] + [str(c.value) for c in cards],
        ["multiplica"] + [f"× {c.stars}" if c.stars else "" for c in cards],
        ["colores"] + ["/".join(COLOUR_NAMES[k] for k in COLOURS if k in c.colours) for c in cards],
    ]
    lines = ["| " + " | ".join(rows[0]) + " |", "|:---|" + ":---:|" * len(cards)]
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(lines)


def mano_multiplicadores() -> str:
    return cards_table(lesson_hand())


def cartas_maletas() -> str:
    return cards_table(maletas_cards())


DATA: dict[str, Callable[[], str]] = {
    "carcel_el_pale": carcel_el_pale,
    "mano_multiplicadores": mano_multiplicadores,
    "cartas_maletas": cartas_maletas,
}
