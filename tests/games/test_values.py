"""Every value an action carries is checked (issue 14, point 5): an action of any game whose
fields hold values of the wrong type (1.0 or True for a square, None for a player, a list for a
tuple, a tuple of texts for card numbers) is refused with `IllegalAction` naming the field, the
value and what is allowed, at any position, and refusing it changes nothing."""

from __future__ import annotations

import importlib
import typing
from dataclasses import fields, is_dataclass, replace
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kit
from kit.games import load
from kit.games.core import IllegalAction, value_refusal
from kit.games.registry import game_names, game_type

PLAYERS = {"palabra": 3}


def _actions(family: str) -> list[type]:
    """The action classes of a game: the dataclasses of its package's ``actions`` module."""
    module = importlib.import_module(f"kit.games.{family}.actions")
    return [
        c
        for c in vars(module).values()
        if isinstance(c, type) and is_dataclass(c) and c.__module__ == module.__name__
    ]


def _positions(name: str, count: int = 12) -> list:
    """Decision positions along a seeded random game."""
    game = load(name, players=PLAYERS.get(name, 4))
    state, rng, out = game.new_state(), Random(7), []
    for _ in range(400):
        if state.is_terminal() or len(out) >= count:
            break
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
            continue
        out.append(state.copy())
        state.apply(rng.choice(state.legal_actions()))
    return out


def _fine(hint) -> object:
    """A well-typed value for a field of type ``hint``."""
    if hint is int:
        return 0
    if hint is str:
        return "A"
    if hint is bool:
        return False
    if typing.get_origin(hint) is tuple:
        return ()
    return None  # X | None


WRONG = st.one_of(
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.text(max_size=5),
    st.lists(st.integers(-3, 40), max_size=3),
    st.tuples(st.text(max_size=2)),
    st.tuples(st.floats(), st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(10**40),
    st.just(tuple(range(200))),
)


def _is_allowed(hint, value) -> bool:
    """Whether ``value`` has the declared type (the test's own reading, to know what to expect)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return type(value) is int
    if hint is str:
        return type(value) is str and len(value) <= 64
    if hint is bool:
        return type(value) is bool
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return (
            isinstance(value, tuple)
            and len(value) <= 64
            and all(_is_allowed(args[0], x) for x in value)
        )
    if origin is tuple:
        return (
            isinstance(value, tuple)
            and len(value) == len(args)
            and all(_is_allowed(a, x) for a, x in zip(args, value, strict=True))
        )
    other = [a for a in args if a is not type(None)]
    return value is None or _is_allowed(other[0], value)


CASES = [
    (name, kind, field.name)
    for name in game_names()
    for kind in _actions(game_type(name).family)
    for field in fields(kind)
]
POSITIONS = {name: _positions(name) for name in game_names()}


@pytest.mark.parametrize(("name", "kind", "field"), CASES, ids=lambda x: getattr(x, "__name__", x))
@given(value=WRONG, where=st.integers(0, 11))
def test_a_wrong_value_is_refused_in_plain_words_and_changes_nothing(
    name, kind, field, value, where
):
    hints = typing.get_type_hints(kind)
    base = kind(**{f.name: _fine(hints[f.name]) for f in fields(kind)})
    action = replace(base, **{field: value})
    states = POSITIONS[name]
    state = states[where % len(states)]
    before = state.to_json()
    problem = state.refusal(action)  # never raises
    if _is_allowed(hints[field], value):
        return  # a value of the right type: the rules decide, not this test
    assert isinstance(problem, IllegalAction) and problem.key == "rules_core.bad_value"
    assert field in str(problem) and kind.__name__ in str(problem)
    assert not state.is_legal(action)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


def test_the_refusal_says_what_was_given_and_what_is_allowed_in_both_languages(spanish):
    from kit.games.property.actions import Build, ProposeTrade

    problem = value_refusal(Build(1.0))
    assert (
        str(problem)
        == "Build: el valor square=1.0 no vale; tiene que ser un número entero (como 3)"
    )
    kit.set_language("en")
    try:
        assert str(value_refusal(ProposeTrade(1, give=[1]))) == (
            "ProposeTrade: the value give=[1] is not allowed; it must be a tuple of whole "
            "numbers, such as (1, 3)"
        )
    finally:
        kit.set_language("es")
    assert value_refusal(Build(3)) is None
    assert value_refusal(ProposeTrade(1, give=(1, 3), give_cards=((0, 2),))) is None
