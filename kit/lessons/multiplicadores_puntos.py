"""Lesson 06's Spanish names for the deck, the points of a play and the chances it computes.

A student of lesson 06 types ``mx.…`` only (`kit.lessons.multiplicadores` re-exports this
module): ``mx.baraja()``, ``mx.puntos(cartas)``, ``mx.ampliar(casa, detras=[erre])``,
``mx.p_alguna_estrella(7)``… Each is a thin call into the engine (``kit.games.palabra``) or
``kit.analysis.scoring``, whose English names stay for code; the numbers are theirs.

`Puntos` is the lesson's reading of the engine's `Score`: the same numbers, with the Spanish
names the lesson writes (suma × multiplicador = total). The engine is not touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kit.analysis import scoring as sa
from kit.games.palabra.cards import Card
from kit.games.palabra.rules import HAND_SIZE
from kit.games.palabra.scoring import Play, Score, score
from kit.messages import PlainError, t
from kit.plain_calls import listed, shown
from kit.prob import Dist
from kit.table import format_count, format_decimal, format_percent

__all__ = [
    "JUGADAS",
    "Puntos",
    "ampliar",
    "baraja",
    "cartas_de_estrellas",
    "decimal",
    "distribucion_estrellas",
    "mano",
    "mesa",
    "numero",
    "p_alguna_estrella",
    "p_bloqueo",
    "porcentaje",
    "puntos",
    "simula_mejor_jugada",
]

numero = format_count  # numero(66983637864): 66 983 637 864
decimal = format_decimal  # decimal(x, 4): 0,8256
porcentaje = format_percent  # porcentaje(x, 2): 17,79 %

JUGADAS = {"palabra": "word", "escalera": "straight", "color": "flush", "vocales": "vowels"}
"""The plays `puntos` counts, by their Spanish names (PLB-03, PLB-04, PLB-05, PLB-07)."""


# ------------------------------------------------------------------------------- the deck
def baraja() -> list[Card]:
    """Every card of the real deck (122), in deck order."""
    return list(sa.deck_cards())


def cartas_de_estrellas() -> dict[int, int]:
    """How many cards of the deck have ★★ (key 2) and ★★★ (key 3): {2: 16, 3: 10}."""
    return dict(sa.star_cards())


def mano(estado: Any) -> list[Card]:
    """The cards in the hand of the player to act."""
    return list(estado.hand_cards(estado.current_player()))


def mesa(estado: Any) -> Any:
    """The card table (kit.widgets.PalabraTable) for this very game: click cards to play."""
    from kit.widgets import PalabraTable

    return PalabraTable(estado)


# ------------------------------------------------------------------------- the points of a play
@dataclass(frozen=True, slots=True)
class Puntos:
    """The points of a play: (suma) × multiplicador + premio = total (PLB-03, PLB-08).

    ``multiplicador`` is every factor at once: the stars' and the colour lock's (``bloqueo``,
    2 or 1). ``detalle`` is the engine's own breakdown (`mx.cuenta` writes it out)."""

    suma: int
    estrellas: tuple[int, ...]
    bloqueo: int
    multiplicador: int
    premio: int
    total: int
    detalle: Score

    @classmethod
    def de(cls, p: Score) -> Puntos:
        """The lesson's reading of one of the engine's scores."""
        return cls(p.sum, p.stars, p.lock, p.multiplier, p.bonus, p.total, p)


def puntos(cartas: Sequence[Card], jugada: str = "palabra") -> Puntos:
    """What these cards are worth laid in this order as a «palabra» (PLB-03), an «escalera»
    (PLB-04), a «color» or «vocales»: the engine counts, it does not check the word."""
    if jugada not in JUGADAS:
        raise PlainError(
            "calls.unknown_name", what=t("calls.word_play_kind"), value=shown(jugada),
            options=listed(JUGADAS),
        )  # fmt: skip
    return Puntos.de(score(Play(JUGADAS[jugada], tuple(cartas))))


def ampliar(
    base: Sequence[Card], delante: Sequence[Card] = (), detras: Sequence[Card] = ()
) -> Puntos:
    """PLB-06: extend another player's play ``base`` with your cards ``delante`` (before it)
    and ``detras`` (after it). Every card's value counts, but only your new cards' stars
    multiply (and the colour lock, if every card still shares a colour)."""
    if not delante and not detras:
        raise PlainError("calls.extend_nothing")
    cartas = (*delante, *base, *detras)
    nuevas = (True,) * len(delante) + (False,) * len(base) + (True,) * len(detras)
    return Puntos.de(score(Play("build", cartas, new=nuevas)))


# ------------------------------------------------------------------------------- chances
def p_alguna_estrella(cartas: int = HAND_SIZE) -> Fraction:
    """P(at least one star card among ``cartas`` cards dealt from the deck), exactly."""
    return sa.p_at_least_one_star(cartas)


def distribucion_estrellas(cartas: int = HAND_SIZE) -> Dist[int]:
    """How many star cards ``cartas`` cards hold: 0, 1, 2… with their exact chances (the
    hypergeometric distribution); ``.media()`` is its mean."""
    return sa.star_count_distribution(cartas)


def p_bloqueo(cartas: int) -> Fraction:
    """P(``cartas`` cards at random can all count as one colour: the colour lock), exactly."""
    return sa.p_colour_locked(cartas)


def simula_mejor_jugada(manos: int, semilla: int) -> list[int]:
    """The points of the best play of each of ``manos`` random hands (the kit's finder, the
    class dictionary), dealt with ``semilla``: the same list every time."""
    return list(sa.expected_best_play(hands=manos, seed=semilla).scores)
