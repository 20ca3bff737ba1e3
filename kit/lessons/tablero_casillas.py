"""Lesson 02, «El tablero»: the board, its squares' names and the long run, which every other
part of the lesson uses (``kit.lessons.tablero`` re-exports them, in Spanish and in English).

Light core only (the lesson runs in JupyterLite): the standard library, ``kit.analysis.markov``
and ``kit.table``. Every number is exact (``Fraction``) until it is shown.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import kit
from kit.analysis import markov
from kit.plain_calls import Lookup
from kit.table import Table, format_count, format_decimal

GAMES = {"El Palé": "el_pale", "La Ruta del Tesoro": "la_ruta_del_tesoro", "Superpoly": "superpoly"}
MOVING_EFFECTS = frozenset({"move_to", "move_by", "go_to_jail", "move_to_nearest"})
UNIFORM = Fraction(1, 40)
JAIL_POLICIES = {"pagar": "pay", "tirar": "roll"}  # the Spanish words for the engine's policies


@cache
def game(key: str = "el_pale") -> Any:
    """The game with four players (cached: loading reads the rule file)."""
    return kit.load(key, players=4)


def name(square: int | str, key: str = "el_pale") -> str:
    """«21 Princesa»; the jail's prisoners (``markov.IN_JAIL``) as «Cárcel (preso)»."""
    rules = game(key).rules
    if square == markov.IN_JAIL:
        return f"{rules.squares[rules.jail.square].name} (preso)"
    return f"{square} {rules.squares[square].name}"


def corners(key: str = "el_pale") -> Table:
    """Every fifth square: a first look at the board."""
    squares = game(key).rules.squares
    return Table([(s.index, s.name) for s in squares[::5]], ["casilla", "nombre"])


def title(key: str) -> str:
    """«El Palé» for ``"el_pale"``: the game's name as the lesson writes it."""
    return next(t for t, k in GAMES.items() if k == key)


@cache
def long_run(key: str = "el_pale", jail_policy: str = "pay") -> dict:
    """Square (or ``markov.IN_JAIL``) -> the exact share of all rolls that end there."""
    return Lookup(markov.landing_probabilities(key, jail_policy=jail_policy), "calls.long_run_keys")


def ranked(probs: dict) -> list:
    """The squares from the most to the least likely."""
    return sorted(probs, key=probs.get, reverse=True)


def signed(x: Fraction) -> str:
    """A difference to one decimal with the minus sign of mathematics (−5,1, not -5,1)."""
    return format_decimal(x, 1).replace("-", "−")


def board(where: Any = "el_pale", seed: int = 2026) -> Any:
    """The playable board (``kit.widgets.PropertyBoard``) of a game (its key) or of a state."""
    from kit.widgets import PropertyBoard

    return PropertyBoard(game(where) if isinstance(where, str) else where, seed=seed)


# -- the Spanish names the lesson and the exercises show ---------------------------------------

JUEGOS = GAMES
UNIFORME = UNIFORM  # 1/40: cada casilla, si el tablero fuera uniforme
PRESO = markov.IN_JAIL  # the jail's prisoners in ``largo_plazo``: ``a_la_larga[tablero.PRESO]``


def juego(juego: str = "el_pale") -> Any:
    """El juego con cuatro jugadores (``"el_pale"``, ``"la_ruta_del_tesoro"``, ``"superpoly"``)."""
    return game(juego)


def juega(juego: Any = "el_pale", semilla: int = 2026) -> Any:
    """El tablero con sus botones, para jugar: el de un juego (``"el_pale"``) o el que queda
    tras un trato (``trato.despues``)."""
    return board(juego, semilla)


def nombre(casilla: int | str, juego: str = "el_pale") -> str:
    """«21 Princesa»: the square's number and name (``PRESO`` gives «Cárcel (preso)»)."""
    return name(casilla, juego)


def algunas_casillas(juego: str = "el_pale") -> Table:
    """Una de cada cinco casillas: un primer vistazo al tablero."""
    return corners(juego)


def carcel(juego: str = "el_pale") -> int:
    """La casilla de la Cárcel."""
    return game(juego).rules.jail.square


def ve_a_la_carcel(juego: str = "el_pale") -> int:
    """La casilla que manda a la Cárcel («De aquí a la Cárcel»)."""
    return game(juego).rules.jail.go_to_square


def largo_plazo(juego: str = "el_pale", carcel: str = "pagar") -> dict:
    """Casilla (o ``PRESO``) → la parte exacta de todas las tiradas que acaban en ella.
    ``carcel``: ``"pagar"`` (pagar enseguida para salir) o ``"tirar"`` (quedarse y tirar)."""
    return long_run(juego, JAIL_POLICIES.get(carcel, carcel))


def redondea(x: Any, cifras: int = 1) -> str:
    """Un número redondeado a ``cifras`` decimales, con coma: «0,1667»."""
    return format_decimal(x, cifras)


def cantidad(n: int) -> str:
    """Un número entero como se escribe en español: «1500», «110 000»."""
    return format_count(n)
