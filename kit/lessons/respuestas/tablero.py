"""Lesson 02, «El tablero»: the «¿Acertaste?» answers, written from the kit's computed values
(``kit.lessons.tablero``) in Spanish number format. The lesson's setup cell imports
``acertaste`` and ``predice`` from here."""

from __future__ import annotations

from fractions import Fraction

from kit.analysis import markov
from kit.exercises.predictions import Respuestas, predice
from kit.lessons import tablero
from kit.table import format_count, format_decimal

__all__ = ["acertaste", "predice"]

KEY = "el_pale"
CARD_SQUARE = 7  # the Suerte square one roll from Salida reaches most often


def _p(p: Fraction, digits: int = 3) -> str:
    return f"{p} ≈ {format_decimal(p, digits)}"


def una_y_dos_tiradas() -> str:
    """Question 1: the most likely square after one and two rolls from Salida."""
    dice = tablero.after_rolls(1)
    ends = tablero.first_roll_ends(KEY)
    square, p1 = tablero.most_likely(dice)
    stays = tablero.card_square_stays(KEY, square)
    deck = len(next(d.cards for d in tablero.game(KEY).rules.decks if d.name == "suerte"))
    moving = deck - stays * deck
    free = {c: q for c, q in ends.items() if c != markov.IN_JAIL}
    best = max(free.values())
    tops = sorted(c for c, q in free.items() if q == best)
    two, p2 = tablero.most_likely(tablero.after_rolls(2))
    three, p3 = tablero.most_likely(tablero.after_rolls(3))
    ends2 = {c: q for c, q in tablero.rolls_end(KEY, 2).items() if c != markov.IN_JAIL}
    two_cards = max(ends2, key=ends2.get)
    tops_text = " y la ".join(str(c) for c in tops)
    return (
        f"Con **una** tirada, los dados dejan la ficha en la **{square}** con probabilidad "
        f"{_p(p1)}: la suma {square} es la más probable. Pero la {square} es una casilla de "
        f"Suerte, y {format_decimal(moving, 0)} de sus {deck} cartas mueven la ficha a otra "
        f"casilla. La tirada **termina** en la {square} solo con "
        f"{p1} × {format_decimal(deck - moving, 0)}/{deck} = "
        f"{_p(ends[square])}. Si la pregunta es dónde **termina** la tirada, las más probables "
        f"son la **{tops_text}**, con {_p(best)} cada una.\n\n"
        f"Con **dos** tiradas (contando solo los dados), la más probable es la **{two}** "
        f"({tablero.name(two, KEY).split(' ', 1)[1]}), con {p2} = {p2 * 1296}/1296 ≈ "
        f"{format_decimal(p2, 3)}; con cartas y dobles sigue siendo la {two_cards}, con "
        f"{_p(ends2[two_cards])}. La casilla más probable avanza {two - square} casillas por "
        f"tirada ({square}, {two}, {three}: {square} es la suma más probable) y su probabilidad "
        f"baja ({p1}, {p2}, {p3}): la ficha está cada vez más repartida."
    )


def a_la_larga() -> str:
    """Question 2: is the long run uniform? The most and least visited squares."""
    p = tablero.long_run(KEY)
    u = tablero.UNIFORM
    squares = tablero.game(KEY).rules.squares
    street = tablero.top_square(KEY)
    leave = 1 - tablero.card_square_stays(KEY, CARD_SQUARE)
    deck = len(next(d.cards for d in tablero.game(KEY).rules.decks if d.name == "suerte"))
    low = sorted(c for c in tablero.ranked(p)[-3:] if squares[c].name == "Suerte")
    low_text = " y ".join(f"la {c} ({format_decimal(p[c] / u, 2)} veces)" for c in low)
    return (
        f"**No.** A la larga la ficha no pasa el mismo tiempo en todas las casillas: la tabla va "
        f"de {format_decimal(p[markov.IN_JAIL] / u, 2)} veces 1/40 (los presos en la Cárcel, la "
        f"«casilla» más visitada) a {format_decimal(p[30] / u, 0)} (la casilla 30, «De aquí a la "
        f"Cárcel»: quien cae allí no termina allí, termina preso). La calle más visitada es la "
        f"{street}, {squares[street].name} ({format_decimal(p[street] / u, 2)} veces 1/40). "
        f"Las casillas de Suerte {' y '.join(map(str, low))} están entre las que menos reciben, "
        f"{low_text}: "
        f"{format_decimal(leave * deck, 0)} de las {deck} cartas de Suerte mandan la ficha a "
        "otra parte."
    )


def grupos() -> str:
    """Question 3: which group pays its 3 houses back first; why the brown group is last."""
    rows = tablero.group_paybacks(KEY, 3)
    first, last = rows[0], rows[-1]
    richest = max(rows, key=lambda r: r.extra)
    rules = tablero.game(KEY).rules
    brown = [t.square for t in rules.titles if t.group == last.group]
    p = tablero.long_run(KEY)
    busy = max(brown, key=p.get)
    quiet = min(brown, key=p.get)
    per = 100_000

    def per_100k(r: tablero.GroupPayback) -> str:
        return format_decimal(r.extra * per / r.cost, 1)

    return (
        f"Con 3 casas en cada calle gana el **{first.group}**, un grupo intermedio: recupera sus "
        f"casas en {format_decimal(first.rolls, 1)} tiradas de rivales. El {richest.group} cobra "
        f"más alquiler extra que ningún otro ({format_decimal(richest.extra, 1)} por tirada), "
        f"pero sus casas son las más caras ({format_count(richest.cost)} pesetas) y tarda "
        f"{format_decimal(richest.rolls, 1)}. El {last.group}, el más barato, es "
        f"el último ({format_decimal(last.rolls, 1)} tiradas), y **no** porque nadie caiga en "
        f"él: {rules.squares[busy].name} recibe {format_decimal(p[busy], 4)} de las tiradas, "
        f"más que 1/40 = {format_decimal(tablero.UNIFORM, 3)} ({rules.squares[quiet].name}, "
        f"{format_decimal(p[quiet], 4)}, algo menos). Tarda porque su **alquiler es bajo** para "
        f"lo que cuestan sus casas: cada 100 000 pesetas en casas añaden "
        f"{per_100k(last)} por tirada de un rival, frente a {per_100k(first)} en el "
        f"{first.group}."
    )


acertaste = Respuestas({1: una_y_dos_tiradas, 2: a_la_larga, 3: grupos})
