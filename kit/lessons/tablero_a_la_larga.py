"""Lesson 02, «El tablero», §4-6: the long run, checked by a simulation (the law of large
numbers), ranked, drawn, with the two ways out of the Cárcel, and the board's heat map.
``kit.lessons.tablero`` re-exports them, in Spanish and in English.

Light core only: the standard library, ``kit.analysis.markov``, ``kit.render.charts``,
``kit.table`` (and, for the heat map, ipywidgets and ``kit.widgets``, which run in JupyterLite).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from kit.analysis import markov
from kit.lessons.tablero_casillas import (
    JAIL_POLICIES,
    UNIFORM,
    board,
    game,
    long_run,
    name,
    ranked,
    signed,
    title,
)
from kit.lessons.tablero_tiradas import after_rolls
from kit.render.charts import Chart, bar_chart
from kit.table import Table, format_count

# -- checking the long run with a simulation (the law of large numbers) ------------------------


@cache
def simulated(key: str = "el_pale", rolls: int = 40_000, seed: int = 2026) -> dict:
    """Square (or IN_JAIL) -> the relative frequency in ``rolls`` rolls played by the engine."""
    (counts,) = markov.simulate_landings(key, rolls=rolls, seed=seed)
    return {c: Fraction(counts[c], rolls) for c in long_run(key)}


def largest_gap(key: str = "el_pale", rolls: int = 40_000, seed: int = 2026) -> Fraction:
    """The largest |relative frequency − probability| over the squares and the prisoners."""
    freq, probs = simulated(key, rolls, seed), long_run(key)
    return max(abs(freq[c] - probs[c]) for c in probs)


def large_numbers(
    key: str = "el_pale", sizes: Sequence[int] = (400, 4_000, 40_000), seed: int = 2026
) -> Table:
    """The law of large numbers: the largest gap shrinks as the rolls grow."""
    rows = [(format_count(n), largest_gap(key, n, seed)) for n in sizes]
    return Table(rows, ["tiradas", "mayor diferencia"], formats={"mayor diferencia": "decimal:4"})


def simulation_chart(key: str = "el_pale", rolls: int = 40_000, seed: int = 2026) -> Chart:
    """The simulated frequencies as bars, the exact long-run shares as points."""
    freq, probs = simulated(key, rolls, seed), long_run(key)
    xs = list(range(40))
    return bar_chart(
        xs,
        {f"simulación ({format_count(rolls)} tiradas)": [freq[x] for x in xs]},
        points={"exacto": [probs[x] for x in xs]},
        title=f"{title(key)}: simulación frente al cálculo exacto",
        x_label="casilla",
        y_label="probabilidad",
    )


# -- the long run, ranked and drawn ------------------------------------------------------------


def ranked_squares(key: str = "el_pale", top: int = 6, bottom: int = 3) -> Table:
    """The most and the least visited squares in the long run, against 1/40."""
    probs = long_run(key)
    order = ranked(probs)
    chosen = order[:top] + order[-bottom:]
    rows = [(name(c, key), probs[c], probs[c] / UNIFORM) for c in chosen]
    return Table(
        rows, ["casilla", "P", "veces 1/40"], formats={"P": "decimal:4", "veces 1/40": "decimal:2"}
    )


def top_square(key: str = "el_pale", prisoners: bool = False) -> int | str:
    """The most visited square in the long run (without the prisoners unless asked)."""
    probs = long_run(key)
    order = [c for c in ranked(probs) if prisoners or c != markov.IN_JAIL]
    return order[0]


def landing_chart(key: str = "el_pale") -> Chart:
    """Where the rolls end in the long run, against the line of 1/40 (prisoners stacked)."""
    probs = long_run(key)
    jail = game(key).rules.jail.square
    xs = list(range(40))
    return bar_chart(
        xs,
        {
            "caer en la casilla": [probs[x] for x in xs],
            "preso en la Cárcel": [probs[markov.IN_JAIL] if x == jail else 0 for x in xs],
        },
        reference=("1/40", UNIFORM),
        title=f"{title(key)}: dónde terminan las tiradas a la larga",
        x_label="casilla",
        y_label="probabilidad a la larga",
    )


def jail_policies(key: str = "el_pale") -> Table:
    """Paying at once against staying to roll for doubles: prisoners and the orange group, in
    rolls of every 1000."""
    pay, roll = long_run(key, "pay"), long_run(key, "roll")
    orange = [t.square for t in game(key).rules.titles if t.group == "naranja"]
    rows = [
        ("preso en la Cárcel", 1000 * pay[markov.IN_JAIL], 1000 * roll[markov.IN_JAIL]),
        ("grupo naranja", 1000 * sum(pay[c] for c in orange), 1000 * sum(roll[c] for c in orange)),
    ]
    rows = [(label, a, b, b - a) for label, a, b in rows]
    formats: dict = dict.fromkeys(JAIL_POLICIES, "decimal:1")
    formats["diferencia"] = signed
    return Table(rows, ["de cada 1000 tiradas", *JAIL_POLICIES, "diferencia"], formats=formats)


# -- the heat map ------------------------------------------------------------------------------


def heat(key: str = "el_pale", rolls: int | None = None) -> dict[int, float]:
    """Square -> % of rolls ending there: after ``rolls`` rolls from Salida (dice only), or in
    the long run (None; the Cárcel square adds its visitors and its prisoners)."""
    if rolls is not None:
        dist = after_rolls(rolls)
        return {c: 100 * float(dist.get(c, 0)) for c in range(40)}
    probs = long_run(key)
    out = {c: 100 * float(probs[c]) for c in range(40)}
    out[game(key).rules.jail.square] += 100 * float(probs[markov.IN_JAIL])
    return out


HEAT_CHOICES = {"1 tirada": 1, "2 tiradas": 2, "3 tiradas": 3, "a la larga": None}


def heat_explorer(key: str = "el_pale", seed: int = 2026) -> Any:
    """The board coloured by where the token ends: buttons switch between 1, 2, 3 rolls from
    Salida and the long run (ipywidgets + ``PropertyBoard``; both run in JupyterLite)."""
    import ipywidgets

    shown = board(key, seed)
    buttons = ipywidgets.ToggleButtons(options=list(HEAT_CHOICES), value="a la larga")

    def show(_change: Any = None) -> None:
        shown.show_heat(heat(key, HEAT_CHOICES[buttons.value]), label="% de las tiradas")

    buttons.observe(show, names="value")
    show()
    return ipywidgets.VBox([buttons, shown])


# -- the Spanish names the lesson shows --------------------------------------------------------


def grafica_de_la_simulacion(
    juego: str = "el_pale", tiradas: int = 40_000, semilla: int = 2026
) -> Chart:
    """Las frecuencias de ``tiradas`` tiradas simuladas (barras) frente al cálculo exacto."""
    return simulation_chart(juego, tiradas, semilla)


def ley_de_los_grandes_numeros(
    juego: str = "el_pale", tiradas: Sequence[int] = (400, 4_000, 40_000), semilla: int = 2026
) -> Table:
    """La mayor diferencia entre frecuencia y probabilidad, con cada vez más tiradas."""
    return large_numbers(juego, tiradas, semilla)


def casillas_mas_visitadas(juego: str = "el_pale", mas: int = 6, menos: int = 3) -> Table:
    """Las ``mas`` casillas más visitadas y las ``menos`` menos visitadas, frente a 1/40."""
    return ranked_squares(juego, mas, menos)


def casilla_mas_visitada(juego: str = "el_pale", presos: bool = False) -> int | str:
    """La casilla más visitada a la larga (sin contar a los presos, salvo ``presos=True``)."""
    return top_square(juego, presos)


def grafica_a_la_larga(juego: str = "el_pale") -> Chart:
    """Dónde terminan las tiradas a la larga, frente a la línea de 1/40."""
    return landing_chart(juego)


def salir_de_la_carcel(juego: str = "el_pale") -> Table:
    """Pagar enseguida o quedarse y tirar: presos y grupo naranja, de cada 1000 tiradas."""
    return jail_policies(juego)


def mapa_de_calor(juego: str = "el_pale", semilla: int = 2026) -> Any:
    """El tablero coloreado según dónde termina la ficha: 1, 2 o 3 tiradas, o a la larga."""
    return heat_explorer(juego, semilla)
