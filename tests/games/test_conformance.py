"""One conformance test for every registered game (OpenSpiel's random-simulation test is the model).

Seeded random play of each game; at every node:

- a chance node's outcomes are exact and add up to 1 (or the node says it must be sampled), and
  the sampled outcome is one the node accepts; a garbage outcome is refused and changes nothing;
- every legal action passes the legality predicate (`refusal` is None, `why_not` is None);
- an action seen elsewhere in the game is either legal here (and then `child` plays it) or refused
  with a message key of the catalogue, and refusing it changes nothing (`to_json` unchanged);
- a child leaves its parent unchanged; the JSON round trip is exact;
- every event is JSON data of a kind the game's registration declares;
- the game's money and stock invariants hold (`audit()` is empty).
"""

from __future__ import annotations

import json
from fractions import Fraction
from random import Random
from typing import Any

import pytest

from kit.games import load
from kit.games.core import IllegalAction, TooManyOutcomes
from kit.games.registry import game_names, game_type
from kit.messages import catalogue

GAMES = game_names()
SEEDS = (1, 2)
NODES = 260  # nodes checked per game and seed (the full checks cost a JSON round trip each)
PLAYERS = {"palabra": 3}


def _check_events(state: Any, kinds: tuple[str, ...]) -> None:
    assert isinstance(state.events, list)
    for event in state.events:
        assert isinstance(event, dict) and event.get("kind") in kinds, event
        json.dumps(event)  # plain JSON data, nothing else


def _check_refused(state: Any, action: Any) -> None:
    before = state.to_json()
    problem = state.refusal(action)
    if problem is None:
        state.child(action)  # legal here although listed elsewhere: it plays
        assert state.to_json() == before, "child changed its parent"
        return
    assert isinstance(problem, IllegalAction)
    assert problem.key in catalogue()["es"], f"unknown message key {problem.key}"
    assert str(problem) and state.why_not(action) == str(problem)
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.key == problem.key
    assert state.to_json() == before, "a refused action changed the state"


def _check_chance(state: Any, rng: Random) -> Any:
    try:
        outcomes = state.chance_outcomes()
    except TooManyOutcomes:
        outcomes = None
    if outcomes is not None:
        assert outcomes, "a chance node with no outcome"
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
    outcome = state.sample_chance(rng)
    assert state.chance_refusal(outcome) is None
    if outcomes is not None:
        assert outcome in [o for o, _ in outcomes]
    before = state.to_json()
    for garbage in (object(), True, "six", [3, 4]):
        problem = state.chance_refusal(garbage)
        assert isinstance(problem, IllegalAction), garbage
        with pytest.raises(IllegalAction):
            state.apply_chance(garbage)
        assert state.to_json() == before
    return outcome


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", GAMES)
def test_every_node_of_random_play_keeps_the_contract(name, seed):
    kind = game_type(name)
    game = load(name, players=PLAYERS.get(kind.family, 3))
    state = game.new_state()
    assert state.events == [] and game_type(state) is kind
    rng = Random(f"conformance:{name}:{seed}")
    seen: list[Any] = []  # actions legal somewhere in this game, tried elsewhere
    for _ in range(NODES):
        if state.is_terminal():
            break
        text = state.to_json()
        back = kind.state_class.from_json(text, game)
        assert back.to_json() == text and back == state, "JSON round trip"
        assert back.events == []
        assert state.audit() == [], state.audit()
        if state.is_chance():
            state.apply_chance(_check_chance(state, rng))
        else:
            legal = state.legal_actions()
            assert legal, "a decision with nothing to do"
            for action in legal:
                assert state.refusal(action) is None and state.why_not(action) is None, action
            for action in rng.sample(seen, min(4, len(seen))):
                _check_refused(state, action)
            action = rng.choice(legal)
            seen.extend(legal[:3])
            before = state.to_json()
            child = state.child(action)
            assert state.to_json() == before, "child changed its parent"
            state.apply(action)
            assert state.to_json() == child.to_json()
        _check_events(state, kind.events)
    assert state.audit() == []


@pytest.mark.parametrize("name", GAMES)
def test_a_loaded_state_has_no_events_and_the_same_position(name):
    kind = game_type(name)
    game = load(name, players=PLAYERS.get(kind.family, 3))
    state = game.new_state()
    rng = Random(7)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    back = kind.state_class.from_json(state.to_json(), game)
    assert back == state and back.events == []
    with pytest.raises(ValueError):
        kind.state_class.from_json("[]", game)
