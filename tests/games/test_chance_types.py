"""A chance outcome is checked by exact type before anything of it is applied (issue 22, 6).

Día de Paga took an ``int`` subclass for a die: ``last_roll`` and the token moved, and then its
hostile ``==`` raised, half way. Every engine's ``apply_chance`` now refuses a value of the
wrong type, or of a subclass of the right one, in one sentence and with the state unchanged.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from kit.games.core import IllegalAction
from kit.games.registry import load


class HostileInt(int):
    """An int whose comparisons and hash raise: a value no engine may look into."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile ==")

    def __ne__(self, other: object) -> bool:
        raise RuntimeError("hostile !=")

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("hostile <")

    def __hash__(self) -> int:
        raise RuntimeError("hostile hash")


class HostileStr(str):
    """A str whose comparisons and hash raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile ==")

    def __hash__(self) -> int:
        raise RuntimeError("hostile hash")


def hostile(outcome: Any) -> Any:
    """`outcome` with every int and str in it made hostile (same values, subclass types)."""
    if type(outcome) is tuple:
        return tuple(hostile(x) for x in outcome)
    if type(outcome) is int:
        return HostileInt(outcome)
    if type(outcome) is str:
        return HostileStr(outcome)
    if type(outcome) is bool:  # bool cannot be subclassed: its int look-alike instead
        return HostileInt(int(outcome))
    return outcome


def wrong_type(outcome: Any) -> Any:
    """`outcome` in a plain but wrong type (a list for a tuple, a float for an int, ...)."""
    if type(outcome) is tuple:
        return list(outcome)
    if type(outcome) is bool:
        return int(outcome)
    if type(outcome) is int:
        return float(outcome)
    return outcome.encode()  # a str face as bytes


def chance_nodes(ruleset: str, moves: int = 400) -> dict[tuple[str, str], Any]:
    """One state per kind of chance node met along a seeded game of `ruleset` (its phase and
    the type of its outcome), each with the outcome chance would have drawn there."""
    state = load(ruleset, players=3).new_state()
    rng, found = Random(ruleset), {}
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance():
            outcome = state.sample_chance(rng)
            found.setdefault((str(state.phase), type(outcome).__name__), (state.copy(), outcome))
            state.apply_chance(outcome)
        else:
            state.apply(rng.choice(state.legal_actions()))
    return found


RULESETS = ("superpoly", "el_pale", "la_ruta_del_tesoro", "dia_de_paga", "palabra")
CASES = [
    pytest.param(state, outcome, id=f"{ruleset}-{phase}-{kind}")
    for ruleset in RULESETS
    for (phase, kind), (state, outcome) in chance_nodes(ruleset).items()
]


def test_every_family_meets_its_chance_nodes():
    """The cases below cover dice, shuffles and cuts of every family (not an empty list)."""
    kinds = {case.id.split("-", 1)[0] + "/" + case.id.rsplit("-", 1)[1] for case in CASES}
    assert {"superpoly/tuple", "dia_de_paga/int", "dia_de_paga/tuple", "palabra/str"} <= kinds
    assert {"palabra/tuple", "el_pale/tuple", "la_ruta_del_tesoro/tuple"} <= kinds


@pytest.mark.parametrize(("state", "outcome"), CASES)
@pytest.mark.parametrize("change", [hostile, wrong_type], ids=["subclass", "wrong_type"])
def test_a_chance_outcome_of_a_subclass_or_a_wrong_type_is_refused_and_changes_nothing(
    state, outcome, change
):
    """Refused with one sentence (IllegalAction, a ValueError) and the state as it was; the
    plain outcome is still taken afterwards."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply_chance(change(outcome))
    assert str(refused.value) and "\n" not in str(refused.value)
    assert state.to_json() == before
    state.copy().apply_chance(outcome)
