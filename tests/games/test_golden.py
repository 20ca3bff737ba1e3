"""Golden playthroughs: one seeded bot game per rule set, recorded in tests/games/golden/*.json
(every chance outcome and action, and a hash of the final state); replaying it through the checked
``apply`` must give the identical game. Regenerate after a deliberate rule change with
KIT_REGOLD=1 pytest tests/games/test_golden.py (and say why in the commit)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from random import Random

import pytest
from conftest import REAL, game_of

from kit.games.property.actions import action_from_dict, action_to_dict
from kit.games.property.bots import build_asap, buy_everything, cash_reserve, never_buy

GOLDEN = Path(__file__).parent / "golden"
SEED = 2024
MAX_TURNS = 100


def seats(name):
    reserve = game_of(name).rules.start_money // 10
    return [build_asap, buy_everything, cash_reserve(reserve), never_buy]


def record(name: str) -> dict:
    g = game_of(name)
    rng = Random(SEED)
    s = g.new_state()
    steps = []
    bots = seats(name)
    while not s.is_terminal() and s.turns <= MAX_TURNS:
        if s.is_chance():
            outcome = s.sample_chance(rng)
            steps.append(["chance", list(outcome) if isinstance(outcome, tuple) else outcome])
            s.apply_chance(outcome)
        else:
            action = bots[s.current_player()](s, rng)
            steps.append(["action", action_to_dict(action)])
            s.apply(action)
    return {
        "rules": name,
        "seed": SEED,
        "players": g.names,
        "bots": [b.__name__ for b in bots],
        "max_turns": MAX_TURNS,
        "final_sha256": hashlib.sha256(s.to_json().encode()).hexdigest(),
        "final_turns": s.turns,
        "steps": steps,
    }


def dump(data: dict) -> str:
    """One step a line, so that a diff shows where two playthroughs part."""
    head = {k: v for k, v in data.items() if k != "steps"}
    lines = [json.dumps(step, separators=(",", ":")) for step in data["steps"]]
    text = json.dumps(head, indent=1)[:-2] + ',\n "steps": [\n' + ",\n".join(lines) + "\n]}\n"
    assert json.loads(text) == data
    return text


@pytest.mark.parametrize("name", REAL)
def test_golden_playthrough_replays_identically(name):
    path = GOLDEN / f"{name}.json"
    if os.environ.get("KIT_REGOLD") == "1" or not path.exists():
        path.write_text(dump(record(name)), encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    g = game_of(name)
    s = g.new_state()
    for kind, item in golden["steps"]:
        if kind == "chance":
            s.apply_chance(tuple(item) if isinstance(item, list) else item)
        else:
            s.apply(action_from_dict(item))
    assert hashlib.sha256(s.to_json().encode()).hexdigest() == golden["final_sha256"]
    assert s.turns == golden["final_turns"]
    assert record(name)["steps"] == golden["steps"]  # the bots and the seed still agree
