"""PAL-02..10: El Palé's own rules (PAL-01 is data: tests/games/test_rulesets.py)."""

from __future__ import annotations

from random import Random

from conftest import fresh, game_of, give, refused, roll, sq_of

from kit.games.core import CHANCE, TERMINAL
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
    RollDice,
    SellBuilding,
    UseJailCard,
)
from kit.games.property.bots import build_asap, buy_everything
from kit.games.property.game import BANK, play_out

PAL = "el_pale"


def jailed(state, player=0):
    state.pos[player], state.jail[player] = 10, 0
    return state


def test_pal_02_salary_200000_on_passing_and_on_landing_exactly_on_salida():
    s = fresh(PAL)
    s.pos[0] = 33
    roll(s, 3, 4)  # exactly onto SALIDA
    assert s.pos[0] == 0 and s.cash[0] == 1_500_000 + 200_000
    s = fresh(PAL)
    s.pos[0] = 36
    roll(s, 6, 4)
    assert s.cash[0] == 1_500_000 + 200_000


def test_pal_03_auction_opens_at_half_the_printed_price():
    s = fresh(PAL)
    roll(s, 1, 2)  # Leganitos, 60,000
    s.apply(Decline())
    assert s.min_bid() == 30_000
    with refused("rules_property.bid_low"):
        s.apply(Bid(0, 29_000))
    s.apply(Bid(0, 30_000))
    for p in (1, 2, 3):
        s.apply(PassBid(p))
    assert s.owner_of(3) == 0 and s.cash[0] == 1_500_000 - 30_000


def test_pal_04_whole_group_doubles_rent_even_with_a_mortgaged_lot():
    s = fresh(PAL)
    give(s, 1, 1, 3)
    s.mortgaged[sq_of(s, 1)] = True
    roll(s, 1, 2)
    assert s.cash[1] - 1_500_000 == 2 * s.game.t_rents[sq_of(s, 3)][0]


def test_pal_05_double_in_jail_frees_and_moves_by_that_roll_without_rolling_again():
    s = jailed(fresh(PAL))
    roll(s, 3, 3)
    assert s.jail[0] == -1 and s.pos[0] == 16
    s.apply(s.legal_actions()[1])  # decline the lot; auction
    while s.phase == "auction":
        s.apply(PassBid(s.current_player()))
    assert s.legal_actions()[0] == EndTurn()  # no extra roll for that double


def test_pal_05_pay_100000_then_roll():
    s = jailed(fresh(PAL))
    s.apply(PayJailFine())
    assert s.jail[0] == -1 and s.cash[0] == 1_400_000 and s.phase == "turn"
    roll(s, 6, 4)
    assert s.pos[0] == 20


def test_pal_05_get_out_card():
    s = jailed(fresh(PAL))
    ref = s.game.card_ref("suerte", next(c.id for c in s.game.decks[0].cards if c.kept))
    s.decks[0].remove(ref.card)
    s.held[0].append(ref)
    s.apply(UseJailCard())
    assert s.jail[0] == -1 and s.decks[0][-1] == ref.card and s.cash[0] == 1_500_000


def test_pal_05_third_roll_without_double_leaves_with_no_fine_and_moves():
    s = jailed(fresh(PAL, players=2))
    for _ in range(2):
        roll(s, 1, 2)
        assert s.jail[0] >= 1 and s.pos[0] == 10
        s.apply(EndTurn())
        roll(s, 6, 4)
        s.apply(EndTurn())
    roll(s, 6, 4)
    assert s.jail[0] == -1 and s.pos[0] == 20 and s.cash[0] == 1_500_000


def test_pal_06_stock_and_hotel_returns_four_houses_for_a_fifth_house_price():
    s = fresh(PAL)
    assert (s.houses, s.hotels) == (32, 12)
    give(s, 0, 1, 3)
    for _ in range(4):
        s.apply(Build(1))
        s.apply(Build(3))
    t = sq_of(s, 1)
    assert s.houses == 24 and s.level[t] == 4
    cash = s.cash[0]
    s.apply(Build(1))
    assert s.level[t] == 5 and s.houses == 28 and s.hotels == 11
    assert s.cash[0] == cash - s.game.t_house[t]
    with refused("rules_property.has_hotel"):
        s.apply(Build(1))


def test_pal_06_up_to_four_houses_then_only_a_hotel():
    s = fresh(PAL)
    give(s, 0, 1, 3)
    s.level[sq_of(s, 1)] = 4
    s.level[sq_of(s, 3)] = 3
    with refused("rules_property.build_evenly"):
        s.apply(Build(1))


def test_pal_07_selling_a_hotel_pays_half_hotel_and_half_four_houses_lot_left_empty():
    s = fresh(PAL)
    give(s, 0, 1, 3)
    t1, t3 = sq_of(s, 1), sq_of(s, 3)
    s.level[t1], s.level[t3] = 5, 5
    s.hotels -= 2
    cash = s.cash[0]
    s.apply(SellBuilding(1))
    house = s.game.t_house[t1]
    assert s.cash[0] == cash + house // 2 + 4 * house // 2
    assert s.level[t1] == 0 and s.hotels == 11


def test_pal_08_mortgaged_title_bought_redeem_at_once_plus_ten_percent():
    s = fresh(PAL)
    give(s, 1, 6)
    t = sq_of(s, 6)
    s.mortgaged[t] = True
    s.apply(ProposeTrade(to_player=1, take=(6,), money=10_000))
    s.apply(AcceptTrade())
    assert s.phase == "redeem" and s.current_player() == 0
    cash = s.cash[0]
    s.apply(Redeem(6))
    assert s.cash[0] == cash - s.game.t_mortgage[t] * 11 // 10 and not s.mortgaged[t]
    assert s.phase == "turn"


def test_pal_08_mortgaged_title_bought_redeemed_later_costs_plus_twenty_percent():
    s = fresh(PAL)
    give(s, 1, 6)
    t = sq_of(s, 6)
    s.mortgaged[t] = True
    s.apply(ProposeTrade(to_player=1, take=(6,), money=10_000))
    s.apply(AcceptTrade())
    s.apply(KeepMortgaged(6))
    assert s.phase == "turn" and s.late[t]
    cash = s.cash[0]
    s.apply(Redeem(6))
    assert s.cash[0] == cash - s.game.t_mortgage[t] * 12 // 10


def test_pal_08_own_mortgage_redeemed_plus_ten_percent():
    s = fresh(PAL)
    give(s, 0, 6)
    t = sq_of(s, 6)
    s.mortgaged[t] = True
    assert s.redeem_cost(t) == s.game.t_mortgage[t] * 11 // 10


def test_pal_09_fixed_time_fortune_is_cash_plus_printed_values():
    s = fresh(PAL, time_limit=10)
    give(s, 0, 1, 3, 39)
    s.level[sq_of(s, 1)] = 3
    s.mortgaged[sq_of(s, 39)] = True
    assert s.fortune(0) == 1_500_000 + 60_000 + 60_000 + 400_000  # buildings not counted


def test_pal_10_the_bank_is_never_a_player():
    """PAL-10 (the banker should not play when more than five play): nothing to model, the bank is
    always the engine. Here: the bank never holds a seat, never acts, and no seat is the bank."""
    g = game_of(PAL, 4)
    s = play_out(g.new_state(), [buy_everything, build_asap] * 2, Random(5), max_turns=300)
    assert BANK not in range(g.n) and g.n == 4
    s2 = g.new_state()
    rng = Random(2)
    for _ in range(3000):
        if s2.is_terminal():
            break
        if s2.is_chance():
            assert s2.current_player() == CHANCE
            s2.apply_chance(s2.sample_chance(rng))
            continue
        p = s2.current_player()
        assert 0 <= p < g.n and p not in (BANK, CHANCE, TERMINAL)
        s2.apply(rng.choice(s2.legal_actions()))
    assert all(o == BANK or 0 <= o < g.n for o in s.owner)
    assert RollDice() not in s.legal_actions() or s.current_player() >= 0
