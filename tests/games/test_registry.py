"""The game registry: every game declared once; a sixth game needs only its own code and one
registration, and then `kit.load`, a class `Session` and `kit sim` play it. (The messages read
here are English: tests/games/conftest.py.)"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from kit.games import load, registry
from kit.games.core import CHANCE, TERMINAL, IllegalAction, State, random_legal
from kit.games.registry import GameType, game_names, game_type, register_game
from kit.session import Session
from kit.sim import play_games


def test_the_five_games_are_registered_once_each_by_their_packages():
    assert sorted(game_names()) == [
        "dia_de_paga",
        "el_pale",
        "la_ruta_del_tesoro",
        "palabra",
        "superpoly",
    ]
    families = {game_type(name).family for name in game_names()}
    assert families == {"property", "dia_de_paga", "palabra"}
    for name in game_names():
        kind = game_type(name)
        assert kind.default_bot in kind.bots() and name in kind.titles
        game = load(name)
        assert game_type(game) is kind and game_type(game.new_state()) is kind


def test_a_teachers_toml_file_is_claimed_by_the_game_it_holds(tmp_path):
    assert game_type("kit/data/el_pale.toml").family == "property"
    assert game_type("kit/data/dia_de_paga.toml").family == "dia_de_paga"
    other = tmp_path / "otro.toml"
    other.write_text('title = "nada"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="holds no game of the kit"):
        game_type(other)
    with pytest.raises(ValueError, match="no such rule-set file"):
        game_type(tmp_path / "missing.toml")


def test_unknown_names_and_options_are_refused_in_plain_words():
    with pytest.raises(ValueError, match="unknown game 'parchis'"):
        load("parchis")
    with pytest.raises(ValueError, match="has no option months"):
        load("superpoly", months=2)
    with pytest.raises(ValueError, match="registered twice"):
        register_game(
            game_type("palabra").__class__(**{**vars(game_type("palabra")), "family": "x"})
        )


# -- a sixth game, registered by the test alone -------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """Roll the die and move on."""


class RaceGame:
    """Two or more runners; whoever reaches square 10 first wins. A die moves the runner."""

    GOAL = 10

    def __init__(self, players: int | list[str] = 2):
        self.names = (
            [f"Jugador {i + 1}" for i in range(players)]
            if isinstance(players, int)
            else list(players)
        )
        self.n = len(self.names)

    def new_state(self) -> RaceState:
        return RaceState(self)


class RaceState(State):
    __slots__ = ("cur", "events", "game", "pos", "rolling")

    def __init__(self, game: RaceGame):
        self.game, self.cur, self.pos, self.rolling, self.events = game, 0, [0] * game.n, False, []

    def is_chance(self) -> bool:
        return self.rolling

    def is_terminal(self) -> bool:
        return max(self.pos) >= RaceGame.GOAL

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else CHANCE if self.rolling else self.cur

    def chance_outcomes(self) -> list[tuple[Any, Any]]:
        return [(k, Fraction(1, 6)) for k in range(1, 7)]

    def sample_chance(self, rng) -> int:
        return rng.randint(1, 6)

    def chance_refusal(self, outcome: Any) -> IllegalAction | None:
        if not self.rolling or type(outcome) is not int or not 1 <= outcome <= 6:
            return IllegalAction("rules_core.unknown_action", kind=repr(outcome), actions=["1-6"])
        return None

    def _apply_chance_unchecked(self, outcome: int) -> None:
        self.pos[self.cur] += outcome
        self.events.append({"kind": "moved", "player": self.cur, "square": self.pos[self.cur]})
        self.rolling = False
        if not self.is_terminal():
            self.cur = (self.cur + 1) % self.game.n

    def legal_actions(self) -> list[Any]:
        return [] if self.is_terminal() or self.rolling else [Roll()]

    def refusal(self, action: Any) -> IllegalAction | None:
        if action not in self.legal_actions():
            return IllegalAction("rules_core.unknown_action", kind=repr(action), actions=["Roll"])
        return None

    def _apply_unchecked(self, action: Any) -> None:
        self.rolling = True

    def copy(self) -> RaceState:
        return RaceState.from_json(self.to_json(), self.game)

    def winner(self) -> int | None:
        return self.cur if self.is_terminal() else None

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner() else 0.0 for p in range(self.game.n)]

    def audit(self) -> list[str]:
        return []

    def to_json(self) -> str:
        return json.dumps({"cur": self.cur, "pos": self.pos, "rolling": self.rolling})

    @classmethod
    def from_json(cls, text: str, game: RaceGame) -> RaceState:
        data = json.loads(text)
        state = cls(game)
        state.cur, state.pos, state.rolling = data["cur"], data["pos"], data["rolling"]
        return state


RACE = GameType(
    family="carrera",
    names=("carrera",),
    titles={"carrera": "La Carrera"},
    load=lambda name, players=2: RaceGame(players),
    game_class=RaceGame,
    state_class=RaceState,
    bots=lambda: {"random": random_legal},
    default_bot="random",
    options={},
    events=("moved",),
    claims=lambda data: "goal" in data,
    result=lambda state, watcher: {"leader": max(state.pos)},
)


@pytest.fixture
def race(monkeypatch):
    """The sixth game, registered for one test and gone after it."""
    monkeypatch.setattr(registry, "_TYPES", dict(registry._TYPES))
    monkeypatch.setattr(registry, "_NAMES", dict(registry._NAMES))
    register_game(RACE)
    return RACE


def test_a_sixth_game_is_one_registration_away_from_load_sessions_and_tournaments(race, tmp_path):
    game = load("carrera", players=["Ana", "Luis"])
    assert game_type(game) is race and game.names == ["Ana", "Luis"]
    table = Session.start(
        "carrera", humans=["Ana"], bots=["random"], seed=3, save_to=tmp_path / "c.json"
    )
    while not table.state.is_terminal():
        table.act(Roll())
    again = Session.resume(tmp_path / "c.json")
    assert again.state.to_json() == table.state.to_json() and again.log == table.log
    assert any(event["kind"] == "moved" for entry in table.log for event in entry["events"])
    rows = list(play_games("carrera", players=3, games=4, seed=1))
    assert [row["game"] for row in rows] == [0, 1, 2, 3]
    assert all(row["finished"] and row["leader"] >= RaceGame.GOAL for row in rows)
    assert rows == list(play_games("carrera", players=3, games=4, seed=1))  # seeded


def test_loading_one_game_imports_no_other_engine_and_import_kit_no_finder():
    """A lesson of Día de Paga pays for its own engine only; `import kit` lists no packages."""
    code = (
        "import sys, kit\n"
        "assert 'pkgutil' not in sys.modules and 'tomllib' not in sys.modules\n"
        "kit.load('dia_de_paga')\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('kit.games.')"
        " and m.count('.') == 2)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    engines = {"kit.games.dia_de_paga", "kit.games.palabra", "kit.games.property"}
    assert engines & set(out.stdout.split()) == {"kit.games.dia_de_paga"}


def test_every_bot_has_a_title_in_both_languages():
    """A lesson, a log or a table names a bot as a class would: «Negociante», not dealmaker."""
    import kit
    from kit.games.registry import game_types

    property_type = next(g for g in game_types() if g.family == "property")
    try:
        for language in ("es", "en"):
            kit.set_language(language)
            for game in game_types():
                for name in game.bots():
                    title = game.bot_title(name)
                    assert title and title != name and "{" not in title, (game.family, name)
        assert property_type.bot_title("cash_reserve:50000") == "Keeps 50,000 in reserve"
    finally:
        kit.set_language("es")
    assert property_type.bot_title("dealmaker") == "Negociante"
    assert property_type.bot_title("trader:never_buy") == "trader:never_buy"  # shown as it is
