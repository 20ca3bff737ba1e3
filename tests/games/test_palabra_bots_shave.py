"""The greedy bot spends its pre-play only on a shave that scores (a 0-point shave wastes it)."""

from random import Random

import kit
from kit.games.palabra.bots import greedy
from kit.games.palabra.finder import find_plays


def test_greedy_never_shaves_for_nothing():
    """PLB-11 (PLB-02: one pre-play a turn): over many seeded turns the bot's shaves all score."""
    shaves = 0
    for seed in range(12):
        game = kit.load("palabra", players=3, language="es")
        state = game.new_state()
        rng = Random(seed)
        for _ in range(150):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
                continue
            action = greedy(state, rng)
            if type(action).__name__ == "Shave":
                shaves += 1
                scored = {c.action: c.total for c in find_plays(state)}
                assert scored[action] > 0
            state.apply(action)
    assert shaves > 0  # the situation does occur, so the check above is not vacuous
