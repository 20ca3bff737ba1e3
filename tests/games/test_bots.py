"""The bots: plain functions policy(state, rng) -> action that only play legal moves."""

from __future__ import annotations

from random import Random

import pytest
from conftest import REAL, game_of

from kit.games.property.actions import Buy
from kit.games.property.bots import (
    build_asap,
    buy_everything,
    cash_reserve,
    never_buy,
    policy_named,
    random_legal,
)
from kit.games.property.game import play_out

BOTS = [buy_everything, build_asap, never_buy, cash_reserve(50_000), random_legal]


@pytest.mark.parametrize("name", REAL)
def test_bots_play_only_legal_actions_and_games_end_within_the_cap(name):
    g = game_of(name)
    for seed in range(4):
        rng = Random(seed)
        seats = [BOTS[(seed + i) % len(BOTS)] for i in range(4)]
        s = play_out(g.new_state(), seats, rng, max_turns=300, checked=True)
        assert s.is_terminal() or s.turns > 300


@pytest.mark.parametrize("name", REAL)
def test_builders_reach_the_end_of_a_game(name):
    g = game_of(name)
    ended = 0
    for seed in range(20):
        s = play_out(g.new_state(), [build_asap] * 4, Random(seed), max_turns=1000)
        ended += s.is_terminal()
        if s.is_terminal():
            assert s.winner() is not None and sum(s.alive) == 1
    assert ended >= 1


def test_never_buy_owns_nothing():
    g = game_of("superpoly")
    s = play_out(g.new_state(), [never_buy] * 4, Random(1), max_turns=200, checked=True)
    assert all(o == -1 for o in s.owner)


def test_cash_reserve_keeps_its_reserve_when_buying():
    g = game_of("el_pale")
    bot = cash_reserve(1_000_000)
    bought = []

    def watched(state, rng):
        a = bot(state, rng)
        if type(a) is Buy:
            p = state.current_player()
            assert state.cash[p] - g.t_price[g.sq_title[a.square]] >= 1_000_000
            bought.append(a)
        return a

    play_out(g.new_state(), [watched] * 4, Random(2), max_turns=200, checked=True)
    assert bought


def test_policy_named():
    assert policy_named("build_asap") is build_asap
    assert policy_named("cash_reserve:1000").__name__ == "cash_reserve(1000)"
    with pytest.raises(ValueError, match="no bot called"):
        policy_named("greedy")
