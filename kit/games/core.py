"""The Game/State contract shared by every game of the kit.

A game is immutable rules; a state is one position of one game. Chance is explicit: a state is
either a chance node (``is_chance()``: the dice, a shuffle, a coin a rule flips) or a decision of
one player (``current_player()``, ``legal_actions()``, ``apply(action)``).

- ``chance_outcomes()`` lists ``(outcome, Fraction)`` exactly, adding up to 1. A node with too many
  outcomes to list (a shuffled deck: 16! orders) raises :class:`TooManyOutcomes`; it is *sampled*
  with ``sample_chance(rng)`` using a ``random.Random`` the caller owns.
- One legality predicate per game: ``refusal(action)`` returns None for a legal action, else the
  :class:`IllegalAction` that says why (a message key and its values; the sentence is built only
  when it is read). ``is_legal``, ``why_not`` and ``apply`` all ask it, so a rule is checked in one
  place. ``apply(action)`` raises the refusal and changes nothing, or applies the action fully.
- ``child(action)`` does the same on a copy. ``to_json()`` / ``from_json(text, game)`` round-trip
  exactly.
- ``events``: what the last ``apply`` or ``apply_chance`` did, as JSON-ready dicts with a
  ``"kind"`` (one the game's registration declares) and plain values: the card drawn and its
  text, three doubles, an auction's result, a trade's terms, a payday line. A new list per call,
  never grown in place; not part of the position, so not in ``to_json``.

Nothing here calls a random generator of its own or reads a file at play time.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from random import Random
from typing import Any

from kit.messages import Say, t

CHANCE = -1  # current_player() at a chance node
TERMINAL = -2  # current_player() when the game is over


Event = dict[str, Any]  # {"kind": "card", "player": 0, "deck": "suerte", "text": "…"}


class IllegalAction(ValueError):
    """An action the rules do not allow now: the message says what, why not and what is allowed.

    It carries the message key of `kit.messages` and its values; the sentence is written in the
    class language when it is read, so refusing costs no formatting until someone looks, and
    tests assert the key, not the words.
    """

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self) -> str:
        return t(self.key, **self.values)

    def __repr__(self) -> str:
        return f"IllegalAction({self.key!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # picklable (dask workers) with its values
        return (_illegal, (self.key, self.values))


def _illegal(key: str, values: dict[str, Any]) -> IllegalAction:
    return IllegalAction(key, **values)


# -- the values an action may carry -----------------------------------------------------------
_LONGEST = 64  # no action of any game names more squares, cards or players than this
Check = Callable[[Any], bool]


def _checker(hint: Any) -> tuple[Check, str]:
    """A test for values of the annotation ``hint`` and the message key naming what it allows:
    ``int`` (a whole number, not True/False), ``str``, ``bool``, ``tuple[X, ...]``,
    ``tuple[X, Y]`` and ``X | None``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return (lambda v: type(v) is int), "rules_core.value_int"
    if hint is str:
        return (lambda v: type(v) is str and len(v) <= _LONGEST), "rules_core.value_str"
    if hint is bool:
        return (lambda v: type(v) is bool), "rules_core.value_bool"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item, _ = _checker(args[0])
        return (
            lambda v: isinstance(v, tuple) and len(v) <= _LONGEST and all(map(item, v))
        ), "rules_core.value_tuple"
    if origin is tuple:
        items = [_checker(a)[0] for a in args]
        return (
            lambda v: (
                isinstance(v, tuple)
                and len(v) == len(items)
                and all(ok(x) for ok, x in zip(items, v, strict=True))
            )
        ), "rules_core.value_tuple"
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        (other,) = [a for a in args if a is not type(None)]
        ok, key = _checker(other)
        return (lambda v: v is None or ok(v)), key
    raise TypeError(f"an action field of type {hint!r} cannot be checked")


_SHAPES: dict[type, list[tuple[str, Check, str]]] = {}  # each action class: its fields' tests


def _shape(kind: type) -> list[tuple[str, Check, str]]:
    """(field, test, what it allows) for each field of a dataclass action; none for another
    type (not an action of any game: the engine says so)."""
    if not is_dataclass(kind):
        return []
    hints = typing.get_type_hints(kind)
    return [(f.name, *_checker(hints[f.name])) for f in fields(kind)]


def value_refusal(action: Any) -> IllegalAction | None:
    """None if every field of the action (a dataclass) holds a value of its declared type, else
    a refusal saying which field, what was given and what is allowed: a square is a whole
    number, not 1.0 or True; squares are a tuple of them. The engines ask this before their
    rules, so a wrong value is refused in plain words instead of failing inside a rule."""
    kind = type(action)
    shape = _SHAPES.get(kind)
    if shape is None:
        shape = _SHAPES[kind] = _shape(kind)
    for name, ok, expected in shape:
        value = getattr(action, name)
        if not ok(value):
            try:
                shown = repr(value)
            except Exception:  # a value whose repr fails: named by its type
                shown = f"<{type(value).__name__}>"
            return IllegalAction(
                "rules_core.bad_value",
                action=type(action).__name__,
                field=name,
                value=shown if len(shown) <= 40 else shown[:39] + "…",
                expected=Say(expected),
            )
    return None


class EventReader:
    """A tournament watcher that reads each move's events once. A tournament calls its watcher
    before every move (``watch(state, move, chance)``) and once more at the end; the list read
    last is skipped, so each event reaches ``count`` exactly once. Subclasses say what to count."""

    _read: list[Event] | None = None

    def __call__(self, state: Any, move: Any = None, chance: bool = False) -> None:
        events = state.events
        if events is self._read:
            return
        self._read = events
        for event in events:
            self.count(event)

    def count(self, event: Event) -> None:
        raise NotImplementedError


class TooManyOutcomes(ValueError):
    """A chance node whose outcomes are too many to list (a shuffle): sample it instead."""


class State:
    """What every game state offers; the games subclass it."""

    __slots__ = ()

    # -- who acts -------------------------------------------------------------------------------
    def is_chance(self) -> bool:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def current_player(self) -> int:
        raise NotImplementedError

    # -- chance -----------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Any, Any]]:
        raise NotImplementedError

    def chance_refusal(self, outcome: Any) -> IllegalAction | None:
        """None if `outcome` can happen at this chance node, else why not."""
        raise NotImplementedError

    def apply_chance(self, outcome: Any) -> None:
        """Apply one outcome of this chance node (checked first; a bad one changes nothing)."""
        problem = self.chance_refusal(outcome)
        if problem is not None:
            raise problem
        self.events = []  # type: ignore[attr-defined]  # every game's slots hold `events`
        self._apply_chance_unchecked(outcome)

    def _apply_chance_unchecked(self, outcome: Any) -> None:
        raise NotImplementedError

    def sample_chance(self, rng: Random) -> Any:
        """Draw one outcome of this chance node with the caller's generator (not applied)."""
        raise NotImplementedError

    # -- decisions --------------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        raise NotImplementedError

    def refusal(self, action: Any) -> IllegalAction | None:
        """The one legality predicate: None if `action` is legal now, else why not (not raised).

        It tests the action it is given (not the whole list of legal actions) and builds no
        sentence: the message is written only if someone reads it."""
        raise NotImplementedError

    def is_legal(self, action: Any) -> bool:
        return self.refusal(action) is None

    def why_not(self, action: Any) -> str | None:
        """Why the rules refuse `action` now, in the class language, or None if it is legal."""
        problem = self.refusal(action)
        return None if problem is None else str(problem)

    def apply(self, action: Any) -> None:
        """Play `action`: refused with `IllegalAction` (nothing changes) or applied fully."""
        problem = self.refusal(action)
        if problem is not None:
            raise problem
        self.events = []  # type: ignore[attr-defined]
        self._apply_unchecked(action)

    def _apply_unchecked(self, action: Any) -> None:
        """Apply a legal action, appending what happened to `self.events`."""
        raise NotImplementedError

    def copy(self) -> State:
        raise NotImplementedError

    def child(self, action: Any) -> State:
        """A new state: this one after ``action`` (which is validated); this one is unchanged."""
        new = self.copy()
        new.apply(action)
        return new

    def chance_child(self, outcome: Any) -> State:
        new = self.copy()
        new.apply_chance(outcome)
        return new

    # -- the end ----------------------------------------------------------------------------------
    def winner(self) -> int | None:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def audit(self) -> list[str]:
        """What is wrong with this state, in plain words: empty when the game's money and stock
        invariants hold (money conserved through the one ledger, buildings and cards all
        somewhere, no negative cash). The conformance test asks it at every node; a resumed save
        file can be checked with it."""
        raise NotImplementedError

    # -- saving -----------------------------------------------------------------------------------
    def to_json(self) -> str:
        raise NotImplementedError

    @classmethod
    def from_json(cls, text: str, game: Any) -> State:
        """The state `to_json` wrote, for `game` (checked: a bad file is a ValueError)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        """Two states are equal when they belong to the same game and save to the same JSON."""
        if type(other) is not type(self):
            return NotImplemented
        return self.game is other.game and self.to_json() == other.to_json()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # states change in place: not hashable


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def action_to_dict(action: Any) -> dict[str, Any]:
    """An action (a frozen dataclass) as JSON-ready data: its class name and its fields."""
    return {
        "type": type(action).__name__,
        **{f.name: _plain(getattr(action, f.name)) for f in fields(action)},
    }


def action_from_dict(data: Mapping[str, Any], actions: Mapping[str, type]) -> Any:
    """The action `action_to_dict` wrote, rebuilt from the game's `actions` by class name."""
    values = dict(data)
    kind = values.pop("type", None)
    if kind not in actions:
        raise ValueError(t("rules_core.unknown_action", kind=repr(kind), actions=sorted(actions)))
    return actions[kind](**{k: _frozen(v) for k, v in values.items()})


def random_legal(state: State, rng: Random) -> Any:
    """A bot for any game: a legal action chosen uniformly (invariant runs, empty seats)."""
    return rng.choice(state.legal_actions())


def play(state: State, policies: list[Any], rng: Random, max_steps: int = 1_000_000) -> State:
    """Play ``state`` to the end in place: chance sampled with ``rng``, seat i by policies[i].

    A policy is a plain function ``policy(state, rng) -> action``.
    """
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(policies[state.current_player()](state, rng))
        steps += 1
    return state
