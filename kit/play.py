"""The play notebooks: a class game in one cell, as a lesson notebook or as an app.

`play_notebook` writes the three property lessons (`notebooks/jugar_*.ipynb`, read in
JupyterLab, with their instructions). `app_notebook` writes what `kit play` opens in Voilà, for
every game of the registry: a short title («Partida n.º 2 · semilla 48213») and one code cell
that resumes the game from its save file or starts it there (`open_game`), so the page opens on
the game and a new kernel goes on where the class stopped. Voilà shows no code, only outputs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kit.games.registry import game_type
from kit.messages import t

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
- Sin código a la vista: `kit play {ruleset}` abre la partida como aplicación de Voilà (sus archivos
  van a `classroom/partidas/`)."""

SETTINGS_HELP = """\
## La mesa

Escribe los nombres en el orden en que vais a jugar. Los bots se sientan después. Bots que hay:

| bot | cómo juega |
|---|---|
| `"Constructora"` | compra todo lo que puede y edifica en cuanto tiene un grupo entero |
| `"Con reserva de 100 000"` | compra y edifica, pero guarda siempre una reserva de dinero |
| `"Lo compra todo"` | compra todo, nunca edifica |
| `"Nunca compra"` | no compra nada (para comparar) |
| `"Negociante"` | como la Constructora, y además propone tratos para completar grupos |
| `"Al azar"` | elige al azar entre las jugadas permitidas |

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

STANDINGS = "mesa.session.tabla_de_fortunas()"


def _spanish(ruleset: str, name: str) -> str:
    """A bot as the class calls it («Constructora»), when that name leads back to the same bot;
    otherwise («cash_reserve:50000») its name in code."""
    kind = game_type(ruleset)
    title = kind.bot_title(name).replace("\u202f", " ")
    return title if kind.bot_key(title) == name else name


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
            f"BOTS = {[_spanish(ruleset, b) for b in bots]!r}  # llenan los asientos que faltan",
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
    return _notebook(cells)


def _notebook(cells: list[dict[str, Any]]) -> dict[str, Any]:
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


APP_START = """\
import kit
from kit.play import open_game

kit.set_language({language!r})
mesa = open_game(
    {save_as!r},
    {ruleset!r},
    humans={humans!r},
    bots={bots!r},
    seed={seed!r},{options}
)
mesa"""


def app_notebook(
    ruleset: str,
    *,
    humans: Sequence[str],
    bots: Sequence[str],
    seed: int,
    save_as: str,
    number: int = 1,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The notebook `kit play` opens in Voilà (any game of the registry), in the class
    language: a title naming the game, its number and seed, then the game itself; nothing a
    class has to read before it plays."""
    from kit.messages import language

    title = game_type(ruleset).titles[ruleset]
    line = t("play.app_game", number=number, seed=seed)
    extra = "".join(f"\n    {name}={value!r}," for name, value in (options or {}).items())
    start = APP_START.format(
        language=language(),
        save_as=save_as,
        ruleset=ruleset,
        humans=list(humans),
        bots=list(bots),
        seed=seed,
        options=extra,
    )
    # one line above the game: the board starts near the top of a 720 px window
    # the code cell is not folded in JupyterLab: folded, Run All showed no game in the browser test
    heading, game = _cell("markdown", f"## {title} · {line}", 1), _cell("code", start, 2)
    return _notebook([heading, game])


def open_game(path: str | Path, ruleset: str, **start: Any) -> Any:
    """The widget of the game saved in `path`, or of a new one there (`Session.start`'s
    arguments): PropertyTable, PaydayBoard or PalabraTable, chosen by the game's family."""
    from kit.session import Session

    family = game_type(ruleset).family
    if family == "property":
        from kit.widgets import PropertyTable

        return PropertyTable.resume_or_start(path, ruleset, **start)
    session = Session.resume_or_start(path, ruleset, **start)
    if family == "dia_de_paga":
        from kit.widgets import PaydayBoard

        return PaydayBoard(session)
    from kit.widgets import PalabraTable

    return PalabraTable(session)


def write_app_notebook(folder: str | Path, ruleset: str, **settings: Any) -> Path:
    """Write `kit play`'s notebook of `ruleset` into `folder` (replacing an earlier one: the
    game is in its save file, which is left alone)."""
    path = Path(folder) / notebook_name(ruleset)
    notebook = app_notebook(ruleset, **settings)
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def notebook_name(ruleset: str) -> str:
    return f"jugar_{ruleset}.ipynb"


def write_play_notebook(folder: str | Path, ruleset: str, **settings: Any) -> Path:
    """Write the play notebook of `ruleset` into `folder` (replacing an earlier one: the
    settings are in the notebook, the game is in its save file, which is left alone)."""
    path = Path(folder) / notebook_name(ruleset)
    notebook = play_notebook(ruleset, **settings)
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path
