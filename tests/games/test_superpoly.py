"""SUP-02..08: Superpoly's own rules (SUP-01 is data: tests/games/test_rulesets.py)."""

from __future__ import annotations

from random import Random

import pytest
from conftest import fresh, game_of, give, roll, sq_of

from kit.games.core import IllegalAction
from kit.games.property.actions import (
    AcceptTrade,
    Bid,
    Build,
    Decline,
    EndTurn,
    KeepMortgaged,
    PassBid,
    PayJailFine,
    ProposeTrade,
    Redeem,
    SellBuilding,
)

SUP = "superpoly"
START = 300_000


def test_sup_02_salary_40000_on_passing_start():
    s = fresh(SUP)
    s.pos[0] = 36
    roll(s, 6, 4)
    assert s.cash[0] == START + 40_000


def test_sup_03_auction_opens_below_the_printed_price():
    s = fresh(SUP)
    roll(s, 1, 2)
    s.apply(Decline())
    price = s.game.t_price[sq_of(s, 3)]
    assert 0 < s.min_bid() < price
    with pytest.raises(IllegalAction):
        s.apply(Bid(0, s.min_bid() - 1))
    s.apply(Bid(0, s.min_bid()))
    s.apply(Bid(1, s.min_bid()))
    for p in (2, 3, 0):
        s.apply(PassBid(p))
    assert s.owner_of(3) == 1


def test_sup_04_whole_letter_group_doubles_unbuilt_unmortgaged_lots_even_with_one_mortgaged():
    s = fresh(SUP)
    give(s, 1, 1, 3)
    s.mortgaged[sq_of(s, 1)] = True
    roll(s, 1, 2)
    assert s.cash[1] - START == 2 * s.game.t_rents[sq_of(s, 3)][0]
    s = fresh(SUP)  # the mortgaged lot itself pays nothing
    give(s, 1, 1, 3)
    s.mortgaged[sq_of(s, 3)] = True
    roll(s, 1, 2)
    assert s.cash[1] == START


def test_sup_05_prison_exits_double_or_fine():
    s = fresh(SUP)
    s.pos[0], s.jail[0] = 10, 0
    roll(s, 2, 2)
    assert s.jail[0] == -1 and s.pos[0] == 14
    s = fresh(SUP)
    s.pos[0], s.jail[0] = 10, 0
    s.apply(PayJailFine())
    assert s.cash[0] == START - 10_000 and s.phase == "turn"


def test_sup_05_third_roll_is_mandatory_pays_10000_and_moves():
    s = fresh(SUP, players=2)
    s.pos[0], s.jail[0] = 10, 0
    for _ in range(2):
        roll(s, 1, 2)
        assert s.jail[0] > 0
        s.apply(EndTurn())
        roll(s, 6, 4)
        s.apply(EndTurn())
    roll(s, 6, 4)
    assert s.jail[0] == -1 and s.pos[0] == 20 and s.cash[0] == START - 10_000


def test_sup_06_hotels_as_el_pale_and_houses_sell_back_at_half():
    s = fresh(SUP)
    assert (s.houses, s.hotels) == (36, 18)
    give(s, 0, 1, 3)
    t1 = sq_of(s, 1)
    for _ in range(4):
        s.apply(Build(1))
        s.apply(Build(3))
    cash = s.cash[0]
    s.apply(Build(3))
    assert s.level[sq_of(s, 3)] == 5 and s.houses == 36 - 8 + 4 and s.hotels == 17
    assert s.cash[0] == cash - s.game.t_house[t1]
    cash = s.cash[0]
    s.apply(SellBuilding(3))
    s.apply(SellBuilding(1))
    house = s.game.t_house[t1]
    assert s.cash[0] == cash + (house + 4 * house) // 2 + house // 2


def test_sup_07_mortgaged_property_bought_redeem_now_ten_later_twenty_percent():
    for keep, rate in ((False, 11), (True, 12)):
        s = fresh(SUP)
        give(s, 1, 6)
        t = sq_of(s, 6)
        s.mortgaged[t] = True
        s.apply(ProposeTrade(to_player=1, take=(6,), money=1_000))
        s.apply(AcceptTrade())
        if keep:
            s.apply(KeepMortgaged(6))
        cash = s.cash[0]
        s.apply(Redeem(6))
        assert s.cash[0] == cash - s.game.t_mortgage[t] * rate // 10


def test_sup_08_abbreviated_and_fixed_time_game_as_el_pale():
    g = game_of(SUP, 3, abbreviated=True, time_limit=6)
    s = g.new_state()
    rng = Random(4)
    while s.is_chance():
        s.apply_chance(s.sample_chance(rng))
    assert sum(1 for o in s.owner if o >= 0) == 6
    assert sum(s.cash) == 3 * START - sum(g.t_price[t] for t, o in enumerate(s.owner) if o >= 0)
    for _ in range(6):
        s.apply(EndTurn()) if s.phase == "after" else None
        while not s.is_terminal() and s.phase != "after":
            if s.is_chance():
                s.apply_chance((6, 4) if s.phase == "dice" else s.sample_chance(rng))
            else:
                acts = s.legal_actions()
                s.apply(
                    next(
                        (a for a in acts if type(a).__name__ in ("RollDice", "Decline", "PassBid")),
                        acts[0],
                    )
                )
        if s.is_terminal():
            break
    if not s.is_terminal():
        s.apply(EndTurn())
    assert s.is_terminal()
    worth = [s.fortune(p) for p in range(3)]
    assert s.winner() == worth.index(max(worth)) or worth.count(max(worth)) > 1
    assert s.fortune(0) == s.cash[0] + sum(g.t_price[t] for t, o in enumerate(s.owner) if o == 0)
