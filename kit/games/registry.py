"""The games of the kit, each declared once (OpenSpiel's ``register_game`` is the model).

Every package under ``kit/games/`` that plays a game calls :func:`register_game` in its
``__init__.py`` with a :class:`GameType`: the names it answers to, how to load a game, its game
and state classes, its bots and default bot, its options, the kinds of event it records, and what a
finished game reports to a tournament. `kit.load`, `kit.session.Session`, `kit sim`, `kit play`
and the CLI read this table and never a game's name, so a sixth game touches only its own
package. The packages are found (and their engines imported) on the first question asked, so
`import kit` stays light.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Policy = Callable[[Any, Any], Any]


@dataclass(frozen=True)
class GameType:
    """What the rest of the kit needs to know about one engine and the games it plays."""

    family: str  # the package: kit.games.<family>
    names: tuple[str, ...]  # the bundled games it plays, e.g. ("el_pale", "superpoly")
    titles: Mapping[str, str]  # name -> how a class writes it ("El Palé")
    load: Callable[..., Any]  # (name, a .toml path or a rules object; **options) -> game
    game_class: type
    state_class: type
    bots: Callable[[], Mapping[str, Policy]]  # name -> policy, imported when asked for
    default_bot: str  # every seat's bot when none is named
    options: Mapping[str, str]  # keyword option of load -> what it does
    events: tuple[str, ...]  # the "kind" of every event the engine records
    claims: Callable[[Mapping[str, Any]], bool]  # does a teacher's TOML file hold this game?
    result: Callable[[Any, Any], dict[str, Any]]  # (final state, watcher) -> tournament columns
    named_bot: Callable[[str], Policy] | None = None  # parametrised names ("cash_reserve:200")
    watcher: Callable[[int], Any] | None = None  # players -> what a tournament counts on the way
    rules_class: type | None = None  # a rules object `load` also takes (property: RuleSet)
    play_out: Callable[..., Any] | None = None  # a faster whole-game loop a tournament may use

    def bot_title(self, name: str) -> str:
        """What a class calls the bot ``name``, in the class language: «Negociante» for
        dealmaker, «Con reserva de 50 000» for cash_reserve:50000; a name the catalogue
        does not know is shown as it is."""
        from kit.messages import catalogue, t
        from kit.table import format_count

        base, _, value = name.partition(":")
        key = f"bots.{self.family}_{base}"
        if key not in catalogue()["es"]:
            return name
        if not value:
            value = "100000" if base == "cash_reserve" else ""
        shown = format_count(int(value)) if value.isdigit() else value
        return t(key, reserve=shown)

    def bot_key(self, name: str) -> str:
        """The bot's name in code for the name a class calls it («Ambiciosa», «apostadora» →
        greedy, gambler); any other name as it is."""
        from kit.messages import typed

        bots = self.bots()
        if name in bots:
            return name
        by_title = {typed(self.bot_title(key)): key for key in bots}
        return by_title.get(typed(name), name)

    def bot(self, name: str) -> Policy:
        """The bot called `name` (in code or as the class calls it), or a plain error listing
        the bots there are."""
        name = self.bot_key(name)
        if self.named_bot is not None:
            return self.named_bot(name)
        bots = self.bots()
        if name not in bots:
            from kit.messages import t

            raise ValueError(
                t("rules_core.unknown_bot", name=repr(name), game=self.family, bots=", ".join(bots))
            )
        return bots[name]


_TYPES: dict[str, GameType] = {}  # family -> its type
_NAMES: dict[str, GameType] = {}  # every bundled name -> its type
_found = False


def register_game(game_type: GameType) -> None:
    """Declare a game engine (called once, from its package's ``__init__.py``)."""
    taken = [name for name in game_type.names if _NAMES.get(name, game_type) is not game_type]
    if taken or _TYPES.get(game_type.family, game_type) is not game_type:
        raise ValueError(f"game {game_type.family!r} (names {taken}) is registered twice")
    _TYPES[game_type.family] = game_type
    for name in game_type.names:
        _NAMES[name] = game_type


def _packages() -> list[str]:
    """The packages of kit.games (each a game engine that registers itself when imported)."""
    import pkgutil  # here, not at the top: `import kit` stays fast

    import kit.games

    return [m.name for m in pkgutil.iter_modules(kit.games.__path__) if m.ispkg]


def _find(name: str | None = None) -> None:
    """Import the packages of kit.games, each registering itself: all of them, or (given a
    game's name) only until one has registered it, so a lesson of one game does not pay for
    importing the others' engines."""
    global _found
    if _found or (name is not None and name in _NAMES):
        return
    for package in _packages():
        importlib.import_module(f"kit.games.{package}")
        if name is not None and name in _NAMES:
            return
    _found = True


def game_types() -> tuple[GameType, ...]:
    """Every registered type, by family name (not by import order, which varies)."""
    _find()
    return tuple(_TYPES[family] for family in sorted(_TYPES))


def game_names() -> tuple[str, ...]:
    """Every bundled game, in registration order."""
    return tuple(name for game_type in game_types() for name in game_type.names)


def _unknown(name: Any) -> ValueError:
    from kit.messages import t

    return ValueError(
        t("rules_core.unknown_game", name=repr(str(name)), games=", ".join(game_names()))
    )


def _toml_type(path: Path) -> GameType:
    import tomllib

    from kit.messages import t

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, IsADirectoryError):
        raise ValueError(t("rules_core.no_rule_file", path=path)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ValueError(t("rules_core.bad_toml", path=path, error=error)) from None
    for game_type in game_types():
        if game_type.claims(data):
            return game_type
    raise ValueError(t("rules_core.which_game", path=path))


def game_type(game: Any) -> GameType:
    """The type of a bundled name, a teacher's .toml file, a game object or one of its states."""
    if isinstance(game, str) and not game.endswith(".toml"):
        _find(game)
        if game in _NAMES:
            return _NAMES[game]
        raise _unknown(game)
    if isinstance(game, str | Path):
        if Path(game).suffix != ".toml":
            raise _unknown(game)
        return _toml_type(Path(game))
    # an object's own package is imported already, so its type is registered: no import here
    for candidate in list(_TYPES.values()):
        kinds = (candidate.game_class, candidate.state_class, candidate.rules_class or ())
        if isinstance(game, kinds):
            return candidate
    raise _unknown(type(game).__name__)


def load(game: Any, **options: Any) -> Any:
    """A game ready for `new_state()`: a bundled name, a teacher's TOML file or a rules object."""
    game_kind = game_type(game)
    unknown = sorted(set(options) - set(game_kind.options) - {"players"})
    if unknown:
        from kit.messages import t

        raise ValueError(
            t(
                "rules_core.unknown_option",
                game=game_kind.family,
                options=", ".join(unknown),
                allowed=", ".join(["players", *game_kind.options]),
            )
        )
    return game_kind.load(game, **options)
