"""Lesson 02, «El tablero», §7-8 and §10: the rent you expect per opponent roll, which group's
houses pay for themselves first, and the three games side by side. ``kit.lessons.tablero``
re-exports them, in Spanish and in English.

One definition of **payback** (tiempo de recuperación) is used everywhere in the lesson: what
you pay ÷ the rent per opponent roll it ADDS to what you had (compared with not buying). For a
group that is the houses' cost ÷ (rent with the houses − rent of the bare group, which is
already double); for one house ``kit.analysis.rent.house_payback``.

Light core only: the standard library, ``kit.analysis.rent`` and ``kit.table``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from kit.analysis import rent
from kit.lessons.tablero_casillas import GAMES, long_run, name, ranked
from kit.table import Table, format_decimal, format_percent

# -- rent, and one definition of payback -------------------------------------------------------


def rent_table(key: str = "el_pale", level: int = 3, k: int = 8) -> Table:
    """The ``k`` streets that earn most per opponent roll with ``level`` houses:
    P(a roll ends there) × rent."""
    per_roll = rent.expected_rent(key, level=level)
    probs = long_run(key)
    order = sorted(per_roll, key=per_roll.get, reverse=True)[:k]
    rows = [
        (name(c, key), probs[c], rent.title_rent(key, c, level=level), per_roll[c]) for c in order
    ]
    return Table(
        rows,
        ["calle", "P", "alquiler", "por tirada"],
        formats={"P": "decimal:4", "alquiler": "count", "por tirada": "decimal:1"},
    )


@dataclass(frozen=True)
class GroupPayback:
    """One colour group built up to ``level`` houses on every lot, against the bare group."""

    group: str
    lots: str
    cost: int  # the houses (or hotels) of the whole group
    extra: Fraction  # rent per opponent roll the houses add to the bare (double) rent
    rolls: Fraction  # cost / extra: opponent rolls for the houses to pay for themselves


def group_paybacks(key: str = "el_pale", level: int = 3) -> list[GroupPayback]:
    """Every colour group, fastest payback first (the lesson's one definition)."""
    rows = rent.group_table(key)
    bare = {r.group: r.rent_per_roll for r in rows if r.level == 0}
    out = []
    for r in rows:
        if r.level == level:
            extra = r.rent_per_roll - bare[r.group]
            out.append(GroupPayback(r.group, ", ".join(r.names), r.cost, extra, r.cost / extra))
    return sorted(out, key=_rolls)


def _rolls(row: GroupPayback) -> Fraction:
    return row.rolls


def best_group(key: str = "el_pale", level: int = 3) -> str:
    """The group whose houses pay for themselves first."""
    return group_paybacks(key, level)[0].group


def payback_table(key: str = "el_pale", level: int = 3) -> Table:
    """Each group: what its houses cost, the rent they add per opponent roll, the rolls."""
    rows = [(r.group, r.lots, r.cost, r.extra, r.rolls) for r in group_paybacks(key, level)]
    return Table(
        rows,
        ["grupo", "calles", "coste de las casas", "alquiler extra por tirada", "tiradas"],
        formats={
            "coste de las casas": "count",
            "alquiler extra por tirada": "decimal:1",
            "tiradas": "decimal:1",
        },
    )


def house_payback(key: str, square: int, level: int) -> Fraction:
    """One more house on ``square`` (from ``level`` houses): its price ÷ the rent it adds."""
    return rent.house_payback(key, square, level=level)


# -- three games side by side ------------------------------------------------------------------


def games_top(k: int = 5) -> Table:
    """The ``k`` most visited squares (prisoners included) of each game."""
    columns = []
    for key in GAMES.values():
        probs = long_run(key)
        columns.append(
            [f"{name(c, key)}: {format_percent(probs[c], 2)}" for c in ranked(probs)[:k]]
        )
    rows = [(i, *row) for i, row in enumerate(zip(*columns, strict=True), 1)]
    return Table(rows, ["puesto", *GAMES])


def games_groups(level: int = 3) -> Table:
    """Each game's groups by payback with ``level`` houses (rolls rounded to whole ones)."""
    columns = []
    for key in GAMES.values():
        columns.append(
            [f"{r.group} ({format_decimal(r.rolls, 0)})" for r in group_paybacks(key, level)]
        )
    rows = [(i, *row) for i, row in enumerate(zip(*columns, strict=True), 1)]
    return Table(rows, ["puesto", *GAMES])


# -- the Spanish names the lesson and the exercises show ---------------------------------------


def alquiler(juego: str, casilla: int, casas: int = 0) -> Fraction:
    """El alquiler de la calle ``casilla`` con su grupo entero y ``casas`` casas en cada calle."""
    return rent.title_rent(juego, casilla, level=casas)


def precio_de_una_casa(juego: str, casilla: int) -> int:
    """Lo que cuesta poner una casa en la calle ``casilla``."""
    return rent.build_cost(juego, casilla, 1)


def tabla_de_alquileres(juego: str = "el_pale", casas: int = 3, calles: int = 8) -> Table:
    """Las ``calles`` calles que más dan por tirada de un rival con ``casas`` casas:
    P(la tirada termina allí) × alquiler."""
    return rent_table(juego, casas, calles)


def recuperacion_de_los_grupos(juego: str = "el_pale", casas: int = 3) -> list[GroupPayback]:
    """Cada grupo con ``casas`` casas en cada calle, del que antes recupera sus casas al último."""
    return group_paybacks(juego, casas)


def tabla_de_recuperacion(juego: str = "el_pale", casas: int = 3) -> Table:
    """Cada grupo: lo que cuestan sus casas, el alquiler extra que añaden y las tiradas."""
    return payback_table(juego, casas)


def mejor_grupo(juego: str = "el_pale", casas: int = 3) -> str:
    """El grupo cuyas casas se pagan antes, con ``casas`` ya puestas en cada calle."""
    return best_group(juego, casas)


def tiradas_para_pagar_la_casa(juego: str, casilla: int, casas: int) -> Fraction:
    """Una casa más en ``casilla`` (que ya tiene ``casas``): su precio ÷ el alquiler que añade."""
    return house_payback(juego, casilla, casas)


def casillas_de_los_tres_juegos(puestos: int = 5) -> Table:
    """Las ``puestos`` casillas más visitadas de cada juego (presos incluidos)."""
    return games_top(puestos)


def grupos_de_los_tres_juegos(casas: int = 3) -> Table:
    """Los grupos de cada juego por tiradas para recuperar ``casas`` casas en cada calle."""
    return games_groups(casas)
