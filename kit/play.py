"""The play notebooks: a class game of El Palé, La Ruta del Tesoro or Superpoly in one cell.

One template writes all three (`notebooks/jugar_*.ipynb`) and every notebook `kit play` starts,
so they cannot drift apart. A notebook holds the table's settings (people, bots, edition, turn
limit, seed, save file) and one cell that resumes the game from its file or starts it there:
run again after a kernel restart, or opened again in Voilà, it goes on where the class stopped.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kit.games.registry import game_type

TITLES = {
    "el_pale": "El Palé",
    "la_ruta_del_tesoro": "La Ruta del Tesoro",
    "superpoly": "Superpoly",
}
EDITIONS = {
    "el_pale": '"economico" (hasta 4 jugadores) o "lujo" (hasta 6)',
    "la_ruta_del_tesoro": '"14-3502" o "14-3501"',
    "superpoly": "ninguna: deja `None`",
}
DEFAULT_BOTS = ("build_asap", "cash_reserve")

INTRO = """\
# Jugar a {title} en clase

Una partida de verdad con las reglas exactas del juego: el ordenador tira los dados, cobra los
alquileres y no deja hacer trampas. Los botones del tablero son las jugadas que las reglas
permiten **ahora**; si algo no se puede, el tablero dice por qué y no cambia nada.

- **Por turnos en el mismo ordenador**: cada persona juega cuando el tablero dice «Le toca a …».
- **Bots** ocupan los asientos que falten y juegan solos cuando les toca.
- **Se guarda sola** en el archivo de la partida después de cada jugada. Si el núcleo (kernel) se
  reinicia o cerráis el cuaderno, ejecutad otra vez las celdas: la partida sigue donde estaba.
- **Partida nueva**: cambia `ARCHIVO` (por ejemplo `"partida_2.json"`) o borra el archivo.
- Sin código a la vista: `kit play {ruleset}` abre este cuaderno como aplicación de Voilà."""

SETTINGS_HELP = """\
## La mesa

Escribe los nombres en el orden en que vais a jugar. Los bots se sientan después. Bots que hay:

| bot | cómo juega |
|---|---|
| `build_asap` | compra todo lo que puede y edifica en cuanto tiene un grupo entero |
| `cash_reserve` | compra y edifica, pero guarda siempre una reserva de dinero |
| `buy_everything` | compra todo, nunca edifica |
| `never_buy` | no compra nada (para comparar) |
| `dealmaker` | como `build_asap`, y además propone tratos para completar grupos |
| `random` | elige al azar entre las jugadas permitidas |

Edición: {editions}. Límite de turnos: `None` para jugar hasta el final, o un número de turnos
para una partida con hora de acabar (gana quien tenga más fortuna al llegar al límite)."""

TABLE_HELP = """\
## La partida

El tablero con sus botones, y debajo: las pujas de una subasta, los tratos entre jugadores, los
jugadores (dinero, títulos, cartas para salir, Cárcel), el banco y lo que ha pasado."""

END_HELP = """\
## ¿Quién va ganando?

La fortuna de cada jugador: dinero + títulos + edificios, como se cuenta al final de la partida.
Ejecuta esta celda cuando quieras."""

START = """\
from kit.widgets import PropertyTable

mesa = PropertyTable.resume_or_start(
    ARCHIVO,
    JUEGO,
    humans=JUGADORES,
    bots=BOTS,
    seed=SEMILLA,
    edition=EDICION,
    time_limit=LIMITE_DE_TURNOS,
)
mesa"""

STANDINGS = """\
partida = mesa.session
{nombre: fortuna for nombre, fortuna in zip(partida.names, partida.state.fortunes())}"""


def _settings(
    ruleset: str,
    humans: Sequence[str],
    bots: Sequence[str],
    edition: str | None,
    time_limit: int | None,
    seed: int,
    save_as: str,
) -> str:
    return "\n".join(
        [
            f"JUEGO = {ruleset!r}",
            f"JUGADORES = {list(humans)!r}  # las personas, en orden de juego",
            f"BOTS = {list(bots)!r}  # llenan los asientos que faltan",
            f"EDICION = {edition!r}",
            f"LIMITE_DE_TURNOS = {time_limit!r}",
            f"SEMILLA = {seed!r}  # los mismos dados para la misma semilla",
            f"ARCHIVO = {save_as!r}  # aquí se guarda la partida tras cada jugada",
        ]
    ).replace("'", '"')


def _cell(kind: str, source: str, number: int) -> dict[str, Any]:
    cell: dict[str, Any] = {
        "cell_type": kind,
        "id": f"jugar-{number}",
        "metadata": {},
        "source": source,
    }
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def play_notebook(
    ruleset: str,
    *,
    humans: Sequence[str] = ("Ana", "Luis"),
    bots: Sequence[str] = DEFAULT_BOTS,
    edition: str | None = None,
    time_limit: int | None = None,
    seed: int = 2026,
    save_as: str | None = None,
) -> dict[str, Any]:
    """The play notebook of a property game, as notebook JSON (nbformat 4, no outputs)."""
    if ruleset not in TITLES:  # the games this notebook template knows (issue 15: all five)
        game_type(ruleset)  # an unknown name is told as such
        raise ValueError(f"kit play plays the property games: {', '.join(TITLES)}; not {ruleset!r}")
    save_as = save_as or f"partida_{ruleset}.json"
    settings = _settings(ruleset, humans, bots, edition, time_limit, seed, save_as)
    parts = [
        ("markdown", INTRO.format(title=TITLES[ruleset], ruleset=ruleset)),
        ("markdown", SETTINGS_HELP.format(editions=EDITIONS[ruleset])),
        ("code", settings),
        ("markdown", TABLE_HELP),
        ("code", START),
        ("markdown", END_HELP),
        ("code", STANDINGS),
    ]
    cells = [_cell(kind, source, number) for number, (kind, source) in enumerate(parts, 1)]
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def notebook_name(ruleset: str) -> str:
    return f"jugar_{ruleset}.ipynb"


def write_play_notebook(folder: str | Path, ruleset: str, **settings: Any) -> Path:
    """Write the play notebook of `ruleset` into `folder` (replacing an earlier one: the
    settings are in the notebook, the game is in its save file, which is left alone)."""
    path = Path(folder) / notebook_name(ruleset)
    notebook = play_notebook(ruleset, **settings)
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path
