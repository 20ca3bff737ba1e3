"""Lesson 02, «El tablero», §1-3: one, two, three rolls from Salida (the dice alone, then the
cards, the doubles and the Cárcel), and why the board is not uniform. ``kit.lessons.tablero``
re-exports them, in Spanish and in English.

Light core only: the standard library, the kit's exact dice (``kit.dice_sum``,
``kit.turn_rolls``), ``kit.analysis.markov``, ``kit.render.charts`` and ``kit.table``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import kit
from kit.analysis import markov
from kit.lessons.tablero_casillas import MOVING_EFFECTS, game, name
from kit.prob import Dist
from kit.render.charts import Chart, line_chart
from kit.table import Table, format_decimal

# -- one, two, three rolls from Salida (no doubles, cards or Cárcel yet) ------------------------


def after_rolls(n: int) -> Dist:
    """Where the token is after ``n`` rolls from Salida: the sum of ``n`` sums of two dice."""
    total = kit.dice_sum()
    for _ in range(n - 1):
        total = total + kit.dice_sum()
    return total


def dist_table(dist: Dist, label: str = "suma") -> Table:
    """A distribution as students read it: each outcome, its exact probability and the
    probability rounded, with a decimal comma (a ``Dist`` alone shows Python's point)."""
    rows = [(outcome, p, p) for outcome, p in dist.items()]
    return Table(rows, [label, "P exacta", "P"], formats={"P exacta": str, "P": "decimal:4"})


def most_likely(dist: Dist) -> tuple[Any, Fraction]:
    """The outcome with the largest probability (the first one on a tie) and its probability."""
    best = None
    for outcome, p in dist.items():
        if best is None or p > dist[best]:
            best = outcome
    return best, dist[best]


def ways(total: int) -> int:
    """How many of the 36 pairs (dado 1, dado 2) add up to ``total``."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)


def two_rolls_count(square: int) -> Table:
    """The count by hand of the ways to be on ``square`` after two rolls: first sum a, second
    sum square − a, ways(a) × ways(square − a) of the 36 × 36 = 1296 pairs of rolls."""
    rows = [
        (a, square - a, ways(a), ways(square - a), ways(a) * ways(square - a))
        for a in range(2, 13)
        if 2 <= square - a <= 12
    ]
    rows.append(("total", "", "", "", sum(r[4] for r in rows)))
    return Table(rows, ["1.ª suma", "2.ª suma", "formas 1.ª", "formas 2.ª", "formas"])


def favourites(rolls: Sequence[int] = (1, 2, 3), key: str = "el_pale") -> Table:
    """The most likely square after each number of rolls, exact and rounded."""
    rows = []
    for n in rolls:
        square, p = most_likely(after_rolls(n))
        rows.append((n, name(square, key), p, p))
    return Table(
        rows,
        ["tiradas", "casilla más probable", "P exacta", "P"],
        formats={"P exacta": str, "P": "decimal:4"},
    )


def rolls_chart(rolls: Sequence[int] = (1, 2, 3)) -> Chart:
    """Each roll flattens and widens the mountain: P(square) after 1, 2, 3 rolls."""
    xs = list(range(2, 6 * 2 * max(rolls) + 1))
    series = {}
    for n in rolls:
        dist = after_rolls(n)
        series[f"{n} tirada{'' if n == 1 else 's'}"] = [dist.get(x) for x in xs]
    return line_chart(
        xs,
        series,
        title="¿Dónde está la ficha tras 1, 2 y 3 tiradas desde Salida?",
        x_label="casilla",
        y_label="probabilidad",
    )


def rolls_end(key: str = "el_pale", rolls: int = 1) -> dict:
    """Square (or ``markov.IN_JAIL``) -> P(the token ends there after ``rolls`` rolls from
    Salida), with cards, doubles and the jail: the engine's Markov chain, step by step. Where
    the dice alone put it is ``after_rolls(rolls)``; a card that moves it counts where it ends."""
    c = markov.chain(key)
    states: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(rolls):
        step: dict[int, Fraction] = {}
        for i, q in states.items():
            for j, r in c.rows[i].items():
                step[j] = step.get(j, Fraction(0)) + q * r
        states = step
    out: dict = {}
    for j, q in states.items():
        out[c.key(j)] = out.get(c.key(j), Fraction(0)) + q
    return out


def first_roll_ends(key: str = "el_pale") -> dict:
    """Where the FIRST roll from Salida ends, cards included (``rolls_end(key, 1)``)."""
    return rolls_end(key, 1)


def first_roll_table(key: str = "el_pale", squares: Sequence[int] = (5, 6, 7, 8, 9)) -> Table:
    """For a few squares: P(the dice put the token there) and P(the roll ends there), exact
    and rounded, after one roll from Salida."""
    dice, ends = after_rolls(1), first_roll_ends(key)
    rows = [(name(c, key), _exact(dice[c]), _exact(ends.get(c, Fraction(0)))) for c in squares]
    return Table(rows, ["casilla", "los dados te dejan", "la tirada termina"])


def _exact(p: Fraction) -> str:
    """«5/48 ≈ 0,104»: a probability exact and rounded, as a student writes it."""
    return f"{p} ≈ {format_decimal(p, 3)}"


def card_square_stays(key: str = "el_pale", square: int = 7) -> Fraction:
    """The share of the cards of the deck drawn on ``square`` that leave the token there."""
    rules = game(key).rules
    deck = next(d for d in rules.decks if d.name.lower() == rules.squares[square].name.lower())
    moving = sum(1 for c in deck.cards if c.effect in MOVING_EFFECTS)
    return Fraction(len(deck.cards) - moving, len(deck.cards))


# -- why the board is not uniform --------------------------------------------------------------


def moving_cards(key: str = "el_pale") -> Table:
    """How many cards of each deck move the token (to a square, by some squares, to jail)."""
    rows = []
    for deck in game(key).rules.decks:
        moving = sum(1 for c in deck.cards if c.effect in MOVING_EFFECTS)
        rows.append((deck.name, moving, len(deck.cards)))
    return Table(rows, ["mazo", "mueven la ficha", "cartas"])


def three_doubles() -> Fraction:
    """P(three doubles in a row), from the kit's tree of a whole turn (1/6 · 1/6 · 1/6)."""
    return kit.turn_rolls().P(_sent_to_jail)


def _sent_to_jail(turn: Any) -> bool:
    return bool(turn.jail)


# -- the Spanish names the lesson shows --------------------------------------------------------


def suma_de_dos_dados() -> Dist:
    """La suma de dos dados: también dónde deja la ficha una tirada desde Salida."""
    return kit.dice_sum()


def tras_tiradas(tiradas: int) -> Dist:
    """Dónde está la ficha tras ``tiradas`` tiradas desde Salida (solo los dados)."""
    return after_rolls(tiradas)


def formas(suma: int) -> int:
    """Cuántas de las 36 parejas (dado 1, dado 2) suman ``suma``."""
    return ways(suma)


def tabla_de_probabilidades(reparto: Dist, etiqueta: str = "suma") -> Table:
    """Cada resultado con su probabilidad exacta y redondeada (con coma)."""
    return dist_table(reparto, etiqueta)


def mas_probable(reparto: Dist) -> tuple[Any, Fraction]:
    """El resultado más probable y su probabilidad."""
    return most_likely(reparto)


def tabla_de_dos_tiradas(casilla: int) -> Table:
    """Las formas de estar en ``casilla`` tras dos tiradas, contadas fila a fila."""
    return two_rolls_count(casilla)


def casillas_mas_probables(tiradas: Sequence[int] = (1, 2, 3), juego: str = "el_pale") -> Table:
    """La casilla más probable tras cada número de tiradas, exacta y redondeada."""
    return favourites(tiradas, juego)


def grafica_de_tiradas(tiradas: Sequence[int] = (1, 2, 3)) -> Chart:
    """P(casilla) tras 1, 2 y 3 tiradas desde Salida: la montaña se aplana y se ensancha."""
    return rolls_chart(tiradas)


def tabla_de_la_primera_tirada(
    juego: str = "el_pale", casillas: Sequence[int] = (5, 6, 7, 8, 9)
) -> Table:
    """Tras una tirada desde Salida: dónde te dejan los dados y dónde termina la tirada."""
    return first_roll_table(juego, casillas)


def cartas_que_mueven(juego: str = "el_pale") -> Table:
    """Cuántas cartas de cada mazo mueven la ficha."""
    return moving_cards(juego)


def tres_dobles() -> Fraction:
    """P(tres dobles seguidos), contando todos los turnos posibles."""
    return three_doubles()
