"""The shared action (de)serialisation of kit.games.core, used by every game's saved JSON."""

from dataclasses import dataclass

import pytest

from kit.games.core import action_from_dict, action_to_dict


@dataclass(frozen=True)
class Shave:
    cards: tuple[int, ...]
    positions: tuple[tuple[int, int], ...]


def test_actions_round_trip_with_tuples_as_json_lists():
    action = Shave(cards=(3, 9), positions=((0, 1), (2, 3)))
    data = action_to_dict(action)
    assert data == {"type": "Shave", "cards": [3, 9], "positions": [[0, 1], [2, 3]]}
    assert action_from_dict(data, {"Shave": Shave}) == action


def test_an_unknown_action_says_which_ones_exist():
    with pytest.raises(ValueError, match=r"unknown action 'Fly'.*\['Shave'\]"):
        action_from_dict({"type": "Fly"}, {"Shave": Shave})
