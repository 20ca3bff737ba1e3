"""Lesson 02, «El tablero»: the one module notebooks/02_tablero.ipynb imports
(``from kit.lessons import tablero``), so that a cell a student reads holds one idea in a few
short lines, in Spanish: ``tablero.casillas_mas_visitadas("el_pale")``.

The tables, charts and small helpers live in one module per topic, re-exported here:

- ``tablero_casillas``: the board, its squares' names, the long run, the playable board;
- ``tablero_tiradas``: §1-3, one, two, three rolls from Salida, the cards and the doubles;
- ``tablero_a_la_larga``: §4-6, the simulation, the long run ranked and drawn, the Cárcel,
  the heat map;
- ``tablero_alquiler``: §7-8 and §10, rents, paybacks, the three games side by side;
- ``tablero_hipoteca``: §9, mortgaging a title to build;
- ``tablero_ampliacion``: the two «Ampliación (Bachillerato)» sections.

Each function has a Spanish name with Spanish parameters (``casas=3``, ``tiradas=40_000``,
``semilla=2026``), listed in ``__all__``: that is what the lesson and the exercises show. The
English names stay for the kit's code and tests (``tablero.long_run`` is
``tablero.largo_plazo`` with the engine's parameters).

Light core only (the lesson runs in JupyterLite). Every number is exact (``Fraction``) until it
is shown.
"""

from __future__ import annotations

from kit.lessons.tablero_a_la_larga import (  # noqa: F401 (the English names, for code)
    HEAT_CHOICES,
    casilla_mas_visitada,
    casillas_mas_visitadas,
    grafica_a_la_larga,
    grafica_de_la_simulacion,
    heat,
    heat_explorer,
    jail_policies,
    landing_chart,
    large_numbers,
    largest_gap,
    ley_de_los_grandes_numeros,
    mapa_de_calor,
    ranked_squares,
    salir_de_la_carcel,
    simulated,
    simulation_chart,
    top_square,
)
from kit.lessons.tablero_alquiler import (  # noqa: F401
    GroupPayback,
    alquiler,
    best_group,
    casillas_de_los_tres_juegos,
    games_groups,
    games_top,
    group_paybacks,
    grupos_de_los_tres_juegos,
    house_payback,
    mejor_grupo,
    payback_table,
    precio_de_una_casa,
    recuperacion_de_los_grupos,
    rent_table,
    tabla_de_alquileres,
    tabla_de_recuperacion,
    tiradas_para_pagar_la_casa,
)
from kit.lessons.tablero_ampliacion import (  # noqa: F401
    TOY_NAMES,
    batch_errors,
    batch_frequencies,
    cifras_del_denominador,
    dentro_de_los_errores,
    error_table,
    estacionaria_del_tablero_pequeno,
    estados,
    matriz_del_tablero_pequeno,
    naive_error,
    potencias_del_tablero_pequeno,
    stationary,
    tabla_de_errores,
    toy_matrix,
    toy_powers,
    toy_stationary,
    within,
)
from kit.lessons.tablero_casillas import (  # noqa: F401
    GAMES,
    JAIL_POLICIES,
    JUEGOS,
    MOVING_EFFECTS,
    PRESO,
    UNIFORM,
    UNIFORME,
    algunas_casillas,
    board,
    cantidad,
    carcel,
    corners,
    game,
    juega,
    juego,
    largo_plazo,
    long_run,
    name,
    nombre,
    ranked,
    redondea,
    signed,
    title,
    ve_a_la_carcel,
)
from kit.lessons.tablero_hipoteca import (  # noqa: F401 (§9: the exercises call tablero.trato)
    Deal,
    broken_group,
    broken_groups,
    deal,
    deal_levels,
    deal_on,
    deal_rules,
    deal_steps,
    deal_summary,
    every_deal,
    grupos_rotos,
    pasos_del_trato,
    resumen_del_trato,
    todos_los_tratos,
    trato,
    trato_segun_las_casas,
)
from kit.lessons.tablero_tiradas import (  # noqa: F401
    after_rolls,
    card_square_stays,
    cartas_que_mueven,
    casillas_mas_probables,
    dist_table,
    favourites,
    first_roll_ends,
    first_roll_table,
    formas,
    grafica_de_tiradas,
    mas_probable,
    most_likely,
    moving_cards,
    rolls_chart,
    rolls_end,
    suma_de_dos_dados,
    tabla_de_dos_tiradas,
    tabla_de_la_primera_tirada,
    tabla_de_probabilidades,
    three_doubles,
    tras_tiradas,
    tres_dobles,
    two_rolls_count,
    ways,
)
from kit.messages import PlainError
from kit.plain_calls import choose, in_range, one_of, ranged, wrap_module

# What the lesson and the exercises show: the Spanish names (the test of the lesson checks
# that its code cells call no other name of this module).
__all__ = [
    "JUEGOS",
    "PRESO",
    "UNIFORME",
    "algunas_casillas",
    "alquiler",
    "cantidad",
    "carcel",
    "cartas_que_mueven",
    "casilla_mas_visitada",
    "casillas_de_los_tres_juegos",
    "casillas_mas_probables",
    "casillas_mas_visitadas",
    "cifras_del_denominador",
    "dentro_de_los_errores",
    "estacionaria_del_tablero_pequeno",
    "estados",
    "formas",
    "grafica_a_la_larga",
    "grafica_de_la_simulacion",
    "grafica_de_tiradas",
    "grupos_de_los_tres_juegos",
    "grupos_rotos",
    "juega",
    "juego",
    "largo_plazo",
    "ley_de_los_grandes_numeros",
    "mapa_de_calor",
    "mas_probable",
    "matriz_del_tablero_pequeno",
    "mejor_grupo",
    "nombre",
    "pasos_del_trato",
    "potencias_del_tablero_pequeno",
    "precio_de_una_casa",
    "recuperacion_de_los_grupos",
    "redondea",
    "resumen_del_trato",
    "salir_de_la_carcel",
    "suma_de_dos_dados",
    "tabla_de_alquileres",
    "tabla_de_dos_tiradas",
    "tabla_de_errores",
    "tabla_de_la_primera_tirada",
    "tabla_de_probabilidades",
    "tabla_de_recuperacion",
    "tiradas_para_pagar_la_casa",
    "todos_los_tratos",
    "tras_tiradas",
    "trato",
    "trato_segun_las_casas",
    "tres_dobles",
    "ve_a_la_carcel",
]


# Every call a student types fails in one plain sentence (kit/plain_calls.py, issue 24): the
# Spanish names, then the English ones the kit's code also reaches through this module.
def _game_key(value: object, arguments: dict) -> None:
    """A game named by its key; a game or a state (``trato.despues``) is for the function."""
    if isinstance(value, str) and value not in GAMES.values():
        choose(value, GAMES.values(), "calls.word_game")


def _square(value: object, arguments: dict) -> None:
    if value == PRESO:
        return
    key = arguments.get("juego", arguments.get("key", "el_pale"))
    in_range(value, 0, len(game(key).rules.squares) - 1, "calls.word_square")


def _street(value: object, arguments: dict) -> None:
    """A square one builds on: a street (a lot), not a station, a company or a corner."""
    _square(value, arguments)
    key = arguments.get("juego", arguments.get("key", "el_pale"))
    squares = game(key).rules.squares
    if squares[int(value)].kind != "lot":  # type: ignore[call-overload]
        lots = [s.index for s in squares if s.kind == "lot"]
        raise PlainError(
            "calls.not_a_street",
            square=value,
            name=squares[int(value)].name,
            streets=", ".join(map(str, lots)),
        )


_JAIL = one_of((*JAIL_POLICIES, *JAIL_POLICIES.values()), "calls.word_jail")
_STREETS: dict = {
    **{p: _street for p in ("casilla", "square", "construye", "build")},
    **{p: _square for p in ("hipotecada", "mortgaged")},  # a station is mortgaged too
}
_NEXT_HOUSE = {
    "casas": ranged(0, 4, "calls.word_houses"),
    "level": ranged(0, 4, "calls.word_houses"),
}
PLAIN_CALLS = wrap_module(
    globals(),
    "tablero",
    [*__all__, *(n for n in sorted(globals()) if n not in __all__ and not n.startswith("_"))],
    checks={
        "*": {"juego": _game_key, "key": _game_key, "carcel": _JAIL, "jail_policy": _JAIL},
        "nombre": {"casilla": _square},
        "name": {"square": _square},
        **{
            n: {**_STREETS, **_NEXT_HOUSE}
            for n in ("tiradas_para_pagar_la_casa", "house_payback", "trato", "deal")
        },
        **{n: _STREETS for n in ("precio_de_una_casa", "alquiler")},
        "alquiler": {**_STREETS, "casas": ranged(0, 5, "calls.word_houses")},
        **{
            n: _NEXT_HOUSE
            for n in ("mejor_grupo", "tabla_de_recuperacion", "recuperacion_de_los_grupos")
        },
    },
)
