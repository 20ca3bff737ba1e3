"""Data a paper worksheet prints for an exercise that needs what the kit computes (kit/data/
worksheets.toml names them with `data = "…"`): computed when the sheet is built, never typed.

Each entry returns a pipe table in Markdown (the sheets' renderer draws it). The lesson modules
are imported only when a sheet asks for their data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MALETAS = ("M azul", "A rojo", "L verde", "E verde", "T amarillo", "A azul", "S★★ amarillo")


def jail_shares() -> dict[str, Any]:
    """El Palé's long-run shares of the rolls that end at square 10 (visiting) and in jail."""
    from kit.analysis import markov
    from kit.lessons import tablero

    long_run = tablero.long_run("el_pale")
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
    """The seven cards of lesson 06's hand (its seed), as the lesson deals them."""
    from kit.lessons import multiplicadores as mx

    state = mx.mano_de_la_leccion()
    return tuple(state.hand_cards(state.current_player()))


def cards_table(cards: tuple[Any, ...]) -> str:
    """Cards side by side, one column each (letter, value, star factor, colours), as the lesson
    modules name them (kit.lessons.multiplicadores.tabla): a hand takes four lines of paper."""
    from kit.lessons import multiplicadores as mx

    table = mx.tabla(cards)
    names = [name for name in table.columns if name != "nº"]
    rows = [[table.labels.get(name, name)] + [str(v) for v in table.column(name)] for name in names]
    lines = ["| " + " | ".join(rows[0]) + " |", "|:---|" + ":---:|" * len(cards)]
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(lines)


def mano_multiplicadores() -> str:
    return cards_table(lesson_hand())


def maletas_cards() -> tuple[Any, ...]:
    from kit.lessons import palabra as pl

    return pl.cartas(*MALETAS)


def cartas_maletas() -> str:
    return cards_table(maletas_cards())


DATA: dict[str, Callable[[], str]] = {
    "carcel_el_pale": carcel_el_pale,
    "mano_multiplicadores": mano_multiplicadores,
    "cartas_maletas": cartas_maletas,
}
