"""kit.analysis.markov: exact landing probabilities from the engine's own movement step.

Published comparison (classic): Truman Collins, "Probabilities in the Game of Monopoly"
(tkcs-collins.com/truman/monopoly), the standard published long-run table of the US game. It
counts, as here, every roll (doubles included), "in jail" apart from "just visiting", and a card's
move at its destination; its "short jail" strategy is our jail_policy="pay", "long jail" is "roll".
Its Markov matrix used simulated estimates of the chance that the two previous rolls were doubles
on each square, where this chain tracks the doubles exactly, so its figures can differ from ours in
the last digit: they are checked to 0.05 percentage points.

The simulation check plays 2 x 10^5 rolls through the engine by default (10^6 per rule set and
policy with KIT_LONG=1), with errors by batch means (the rolls of a chain are not independent).
"""

from __future__ import annotations

import math
import os
from fractions import Fraction

import pytest

from kit.analysis.markov import (
    IN_JAIL,
    chain,
    landing_probabilities,
    landing_probabilities_float,
    simulate_landings,
    top_squares,
)
from kit.games.property.load import load_rules

GAMES = ("classic", "el_pale", "la_ruta_del_tesoro", "superpoly")
POLICIES = ("pay", "roll")
LONG = os.environ.get("KIT_LONG") == "1"


@pytest.fixture(scope="module", params=[(g, p) for g in GAMES for p in POLICIES], ids=str)
def case(request):
    game, policy = request.param
    return game, policy, landing_probabilities(game, policy)


def test_exact_distribution_sums_to_one_and_is_exact(case):
    _, _, probs = case
    assert set(probs) == {*range(40), IN_JAIL}
    assert all(isinstance(v, Fraction) and v >= 0 for v in probs.values())
    assert sum(probs.values()) == 1


def test_exact_and_float_agree(case):
    game, policy, probs = case
    floats = landing_probabilities_float(game, policy)
    assert set(floats) == set(probs)
    assert all(isinstance(v, float) for v in floats.values())
    assert max(abs(floats[k] - float(probs[k])) for k in probs) < 1e-12


def test_prop_08_never_ends_on_go_to_jail_and_jail_is_apart_from_visiting(case):
    game, _, probs = case
    rules = load_rules(game)
    assert probs[rules.jail.go_to_square] == 0  # PROP-08: the square sends to jail at once
    assert 0 < probs[rules.jail.square] < probs[IN_JAIL]  # just visiting vs in jail


def test_prop_02_prop_03_chain_states_are_square_doubles_and_jail(case):
    game, policy, _ = case
    c = chain(game, policy)
    assert c.states[0] == (0, 0, -1)
    assert all(sum(row.values()) == 1 for row in c.rows)
    free = [s for s in c.states if s[2] < 0]
    jailed = [s for s in c.states if s[2] >= 0]
    assert {d for _, d, _ in free} == {0, 1, 2}  # PROP-03: up to two doubles, then jail
    max_turns = load_rules(game).jail.max_turns
    expected = {0} if policy == "pay" else set(range(max_turns))
    assert {j for _, _, j in jailed} == expected
    assert len(c.states) <= 40 * 3 + max_turns


@pytest.mark.parametrize("game", GAMES)
def test_pal_05_rut_08_sup_05_rolling_in_jail_puts_more_mass_in_jail(game):
    pay = landing_probabilities(game, "pay")
    roll = landing_probabilities(game, "roll")
    assert roll[IN_JAIL] > 2 * pay[IN_JAIL]
    assert roll[24] < pay[24]  # the mass comes from the board


def test_prop_07_card_squares_lose_what_their_movement_cards_send_away():
    probs = landing_probabilities("classic", "pay")
    rules = load_rules("classic")
    chance = [s.index for s in rules.squares if s.kind == "chance"]
    chest = [s.index for s in rules.squares if s.kind == "chest"]
    # 10 of 16 Chance cards move the token: a Chance square keeps 6/16 of its arrivals
    assert all(probs[c] < Fraction(11, 1000) for c in chance)
    assert min(probs[c] for c in chest) > max(probs[c] for c in chance)  # 2 of 16 move


# ------------------------------------------------------------------------- published figures

PUBLISHED = {  # Collins's table, percent of rolls: (short jail = "pay", long jail = "roll")
    IN_JAIL: (3.94, 9.39),
    24: (3.18, 2.99),  # Illinois Avenue
    0: (3.09, 2.92),  # Go
    25: (3.06, 2.89),  # B. & O. Railroad
    39: (2.62, 2.48),  # Boardwalk
}


@pytest.mark.parametrize("policy", POLICIES)
def test_classic_matches_the_published_long_run_table(policy):
    probs = landing_probabilities("classic", policy)
    column = POLICIES.index(policy)
    for key, figures in PUBLISHED.items():
        assert abs(100 * float(probs[key]) - figures[column]) < 0.05, key
    top = [name for name, _ in top_squares(probs, 3, "classic")]
    assert top[:2] == ["in_jail", "Illinois Avenue"]


# ------------------------------------------------------------------------- simulation


def _z_scores(game: str, policy: str, rolls: int, seed: int) -> dict:
    batches = simulate_landings(game, policy, rolls, seed=seed, batches=50)
    assert sum(sum(b.values()) for b in batches) == rolls
    exact = landing_probabilities(game, policy)
    out = {}
    for key, p in exact.items():
        shares = [b[key] / sum(b.values()) for b in batches]
        mean = sum(shares) / len(shares)
        var = sum((x - mean) ** 2 for x in shares) / (len(shares) - 1)
        se = math.sqrt(var / len(shares))
        if se == 0:
            out[key] = 0.0 if mean == p else math.inf
        else:
            out[key] = (mean - float(p)) / se
    return out


SIMULATED = (
    [(g, p) for g in GAMES for p in POLICIES] if LONG else [("classic", "pay"), ("el_pale", "roll")]
)


@pytest.mark.parametrize(("game", "policy"), SIMULATED)
def test_exact_answer_agrees_with_simulation_through_the_engine(game, policy):
    rolls = 1_000_000 if LONG else 200_000
    z = _z_scores(game, policy, rolls, seed=2026)
    worst = max(z, key=lambda k: abs(z[k]))
    assert abs(z[worst]) < 4, (worst, z[worst])
