"""The games: rules plus explicit chance, one Game/State contract (`kit.games.core`).

`load` is the one door to all of them, so a lesson says `kit.load("superpoly", players=3)`
whatever the game. Each game declares itself once in `kit.games.registry`; the engines are
imported only when a game is first asked for, so `import kit` stays light.
"""

from __future__ import annotations

from typing import Any

from kit.games.registry import game_names, game_type, game_types, register_game


def load(game: Any, **options: Any) -> Any:
    """A game ready for `new_state()`: a bundled one by name, or a teacher's own TOML file.

    `options` go to the game: `players`, and `edition` (el_pale: "lujo", "economico"),
    `abbreviated`, `time_limit`, `claims_rent` for the property games; `months` for
    Día de Paga; `language`, `rounds`, `common` (the N commonest words only) for Palabra.
    `kit.games.registry.game_type(name).options` lists each game's options.
    """
    from kit.games.registry import load as load_game

    return load_game(game, **options)


__all__ = ["game_names", "game_type", "game_types", "load", "register_game"]
