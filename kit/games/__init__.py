"""The games: rules plus explicit chance, one Game/State contract (`kit.games.core`).

`load` is the one door to all of them, so a lesson says `kit.load("superpoly", players=3)`
whatever the game. The engines are imported only when asked for: `import kit` stays light.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

PROPERTY_GAMES = ("el_pale", "la_ruta_del_tesoro", "superpoly")
GAMES = (*PROPERTY_GAMES, "dia_de_paga", "palabra")


def engine_family(name_or_path: str | Path) -> str:
    """Which engine plays a bundled name, or a teacher's TOML file (by what the file holds)."""
    if isinstance(name_or_path, str) and name_or_path in GAMES:
        return "property" if name_or_path in PROPERTY_GAMES else name_or_path
    path = Path(name_or_path)
    if path.suffix != ".toml":
        from kit.messages import t

        raise ValueError(
            t("rules_core.unknown_game", name=repr(str(name_or_path)), games=", ".join(GAMES))
        )
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path}: no such rule-set file") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path}: not valid TOML ({error})") from None
    if "squares" in data:
        return "property"
    if "days" in data:
        return "dia_de_paga"
    raise ValueError(f"{path}: expected a property-game board (squares) or a month (days)")


def load(name_or_path: str | Path, **options: Any) -> Any:
    """A game ready for `new_state()`: a bundled one by name, or a teacher's own TOML file.

    `options` go to the game: `players`, and `edition` (el_pale: "lujo", "economico"),
    `abbreviated`, `time_limit`, `claims_rent` for the property games; `months` for
    Día de Paga; `language`, `rounds`, `common` (the N commonest words only) for Palabra.
    """
    family = engine_family(name_or_path)
    if family == "property":
        from kit.games.property import new_game

        return new_game(str(name_or_path), **options)
    if family == "dia_de_paga":
        from kit.games.dia_de_paga.game import DiaDePagaGame

        return DiaDePagaGame(name_or_path, **options)
    from kit.games.palabra import PalabraGame

    return PalabraGame(**options)
