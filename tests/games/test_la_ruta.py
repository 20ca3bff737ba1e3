"""RUT-02..13: La Ruta del Tesoro's own rules (RUT-01 and RUT-14 are data: test_rulesets.py)."""

from __future__ import annotations

import pytest
from conftest import conserved, fresh, give, put_on_top, refused, roll, sq_of

from kit.games.core import IllegalAction
from kit.games.property.actions import (
    AcceptTrade,
    Bid,
    Build,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    Mortgage,
    PassBid,
    PayJailFine,
    ProposeTrade,
    Redeem,
    RollDice,
    SellBuilding,
    UseJailCard,
)
from kit.games.property.game import BANK

RUT = "la_ruta_del_tesoro"
START = 135_000


def draw(state, deck, card_id, square):
    """Player 0 lands on ``square`` (a card square of ``deck``) and draws ``card_id``."""
    put_on_top(state, deck, card_id)
    state.pos[0] = square - 3
    roll(state, 1, 2)
    return state


def test_rut_02_salary_20000_on_stopping_on_or_passing_start():
    s = fresh(RUT)
    s.pos[0] = 33
    roll(s, 3, 4)
    assert s.cash[0] == START + 20_000
    s = fresh(RUT)
    s.pos[0] = 36
    roll(s, 6, 4)
    assert s.cash[0] == START + 20_000


def test_rut_03_crown_auction_at_any_price_from_one_real():
    s = fresh(RUT)
    roll(s, 1, 2)
    s.apply(Decline())
    assert s.min_bid() == 1
    s.apply(Bid(0, 1))
    for p in (1, 2, 3):
        s.apply(PassBid(p))
    assert s.owner_of(3) == 0 and s.cash[0] == START - 1


def test_rut_04_mortgaged_plot_makes_the_group_incomplete():
    s = fresh(RUT)
    give(s, 1, 1, 3)
    roll(s, 1, 2)
    assert s.cash[1] - START == 2 * s.game.t_rents[sq_of(s, 3)][0]  # whole group: double
    s = fresh(RUT)
    give(s, 1, 1, 3)
    s.mortgaged[sq_of(s, 1)] = True
    roll(s, 1, 2)
    assert s.cash[1] - START == s.game.t_rents[sq_of(s, 3)][0]  # no double toll
    s.apply(EndTurn())
    assert Build(3) not in s.legal_actions()
    with refused("rules_property.group_mortgaged"):
        s.apply(Build(3))


def test_rut_05_plots_may_be_traded_to_complete_a_group_then_built():
    s = fresh(RUT)
    give(s, 0, 1)
    give(s, 1, 3)
    s.apply(ProposeTrade(to_player=1, take=(3,), money=8_000))
    s.apply(AcceptTrade())
    assert Build(1) in s.legal_actions()


def test_rut_06_alcabala_pays_the_crown_and_the_exemption_card_saves_it_once():
    s = fresh(RUT)
    roll(s, 1, 3)
    assert s.cash[0] == START - 20_000 and s.taken_in == 20_000
    s = fresh(RUT)
    ref = s.game.card_ref("cofre", "cofre-09")
    s.decks[1].remove(ref.card)
    s.held[0].append(ref)
    roll(s, 1, 3)
    assert s.cash[0] == START and s.held[0] == [] and s.decks[1][-1] == ref.card


def test_rut_07_mortgage_lends_half_the_price_after_selling_the_whole_groups_buildings():
    s = fresh(RUT)
    give(s, 0, 1, 3)
    t1, t3 = sq_of(s, 1), sq_of(s, 3)
    assert s.game.t_mortgage[t1] == s.game.t_price[t1] // 2
    s.apply(Build(3))
    with refused("rules_property.sell_group_first"):
        s.apply(Mortgage(1))  # no building on this plot, but one on its group
    s.apply(SellBuilding(3))
    cash = s.cash[0]
    s.apply(Mortgage(1))
    assert s.cash[0] == cash + 3_000
    assert Build(3) not in s.legal_actions()
    s.apply(Redeem(1))
    assert s.cash[0] == cash - 300 and not s.mortgaged[t1]
    assert s.level[t3] == 0 and conserved(s)


def test_rut_07_no_toll_on_a_mortgaged_plot_and_a_buyer_lifts_it_for_ten_percent():
    s = fresh(RUT)
    give(s, 1, 3)
    t = sq_of(s, 3)
    s.mortgaged[t] = True
    roll(s, 1, 2)
    assert s.cash[1] == START
    s.apply(ProposeTrade(to_player=1, take=(3,), money=1_000))
    s.apply(AcceptTrade())
    s.apply(s.legal_actions()[1])  # keep it mortgaged for now
    cash = s.cash[0]
    s.apply(Redeem(3))
    assert s.cash[0] == cash - 3_300  # the buyer also pays +10 %, not more


def test_rut_08_galleys_no_exit_before_the_next_turn():
    s = fresh(RUT)
    s.pos[0] = 25
    roll(s, 2, 3)
    assert s.jail[0] == 0 and s.legal_actions()[0] == EndTurn()
    assert PayJailFine() not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(PayJailFine())


def test_rut_08_galleys_exits_double_card_bought_or_fine():
    s = fresh(RUT)
    s.pos[0], s.jail[0] = 10, 0
    s.apply(PayJailFine())
    assert s.cash[0] == START - 10_000 and s.jail[0] == -1
    s = fresh(RUT)
    s.pos[0], s.jail[0] = 10, 0
    roll(s, 4, 4)
    assert s.jail[0] == -1 and s.pos[0] == 18
    s = fresh(RUT)  # buying the card from another player, then using it
    s.pos[0], s.jail[0] = 10, 0
    ref = s.game.card_ref("suerte", "suerte-09")
    s.decks[0].remove(ref.card)
    s.held[1].append(ref)
    s.apply(ProposeTrade(to_player=1, take_cards=(ref,), money=5_000))
    s.apply(AcceptTrade())
    s.apply(UseJailCard())
    assert s.jail[0] == -1 and s.cash[0] == START - 5_000


def test_rut_08_third_turn_without_double_pays_the_fine_and_moves():
    s = fresh(RUT, players=2)
    s.pos[0], s.jail[0] = 10, 0
    for _ in range(2):
        roll(s, 1, 2)
        s.apply(EndTurn())
        roll(s, 6, 4)
        s.apply(EndTurn())
    roll(s, 6, 4)
    assert s.jail[0] == -1 and s.pos[0] == 20 and s.cash[0] == START - 10_000


def test_rut_09_houses_from_the_crown_evenly_sold_back_in_decreasing_order_at_half():
    s = fresh(RUT)
    assert (s.houses, s.hotels) == (32, 12)
    give(s, 0, 6, 8, 9)
    for sq in (6, 8, 9, 6):
        s.apply(Build(sq))
    with refused("rules_property.sell_evenly"):
        s.apply(SellBuilding(8))
    cash = s.cash[0]
    s.apply(SellBuilding(6))
    assert s.cash[0] == cash + s.game.t_house[sq_of(s, 6)] // 2 and s.houses == 29


def test_rut_10_castle_returns_four_houses_unpaid_and_costs_its_own_price():
    s = fresh(RUT)
    give(s, 0, 1, 3)
    t1, t3 = sq_of(s, 1), sq_of(s, 3)
    s.level[t1] = s.level[t3] = 4
    s.houses -= 8
    cash = s.cash[0]
    s.apply(Build(1))
    assert s.level[t1] == 5 and s.houses == 28 and s.hotels == 11
    assert s.cash[0] == cash - s.game.titles[t1].hotel_cost
    cash = s.cash[0]
    s.apply(SellBuilding(1))  # half the castle price only: its houses went back unpaid
    assert s.cash[0] == cash + s.game.titles[t1].hotel_cost // 2


def test_rut_11_bankrupt_to_the_crown_the_properties_are_auctioned_buildings_excluded():
    s = fresh(RUT)
    give(s, 0, 1, 3, 5)
    s.level[sq_of(s, 1)] = s.level[sq_of(s, 3)] = 1
    s.houses -= 2
    s.mortgaged[sq_of(s, 5)] = True
    s.cash[0] = 0
    s.pos[0] = 1
    roll(s, 1, 2)  # the alcabalas: 20,000 to the Crown
    assert s.phase == "debt" and s.debts == [(0, BANK, 20_000, "tax")]
    s.apply(SellBuilding(1))
    s.apply(SellBuilding(3))
    s.apply(Mortgage(1))
    s.apply(Mortgage(3))
    assert DeclareBankruptcy() in s.legal_actions()
    s.apply(DeclareBankruptcy())
    assert not s.alive[0] and s.houses == 32
    assert s.phase == "auction" and s.auction.title == sq_of(s, 1)
    assert s.current_player() == 1 and not any(s.mortgaged)
    s.apply(Bid(1, 1))
    s.apply(PassBid(2))
    s.apply(PassBid(3))
    assert s.owner_of(1) == 1 and s.auction.title == sq_of(s, 3)
    for _ in range(2):  # plot 3 and the lonja: nobody bids, the Crown keeps them
        for p in (1, 2, 3):
            s.apply(PassBid(p))
    assert s.phase == "turn" and s.current_player() == 1


def test_rut_11_bankrupt_to_a_player_all_money_to_the_creditor():
    s = fresh(RUT)
    give(s, 1, 1, 3)
    s.level[sq_of(s, 3)] = 5
    s.cash[0] = 7_000
    roll(s, 1, 2)
    s.apply(DeclareBankruptcy())
    assert s.cash[1] == START + 7_000 and s.cash[0] == 0 and not s.alive[0]


def test_rut_12_quick_game_fortune():
    s = fresh(RUT, time_limit=20)
    give(s, 0, 1, 3, 39)
    t1, t3, t39 = sq_of(s, 1), sq_of(s, 3), sq_of(s, 39)
    s.level[t1], s.level[t3] = 2, 5
    s.mortgaged[t39] = True
    house = s.game.t_house[t1]
    expected = START + 6_000 + 6_000 + 40_000 // 2 + 2 * house + 5 * house
    assert s.fortune(0) == expected


def test_rut_13_lose_two_turns():
    s = draw(fresh(RUT, players=3), "suerte", "suerte-04", 7)
    assert s.skip[0] == 2
    s.apply(EndTurn())
    for expected in (1, 2, 1, 2, 1, 2, 0):
        assert s.current_player() == expected
        roll(s, 6, 4)
        s.apply(EndTurn())


def test_rut_13_lose_two_turns_drawn_after_a_double_ends_the_turn():
    """The kit's reading (docs/rules.md): the card also ends the doubles sequence it came in."""
    put_on_top(s := fresh(RUT, players=3), "suerte", "suerte-04")
    s.pos[0] = 7 - 4
    roll(s, 2, 2)  # a double onto the Suerte square
    assert s.skip[0] == 2 and not s.again
    assert RollDice() not in s.legal_actions()
    s.apply(EndTurn())
    assert s.current_player() == 1


def test_rut_13_move_back_four_resolves_the_square_reached():
    s = draw(fresh(RUT), "suerte", "suerte-11", 7)
    assert s.pos[0] == 3 and s.phase == "buy"


def test_rut_13_advance_five_resolves_the_square_reached():
    s = draw(fresh(RUT), "suerte", "suerte-15", 36)
    assert s.pos[0] == 1 and s.phase == "buy" and s.cash[0] == START + 20_000


@pytest.mark.parametrize(
    ("deck", "card", "square"), [("suerte", "suerte-14", 7), ("cofre", "cofre-11", 2)]
)
def test_rut_13_advance_to_start_pays_the_salary(deck, card, square):
    s = draw(fresh(RUT), deck, card, square)
    assert s.pos[0] == 0 and s.cash[0] == START + 20_000


def test_rut_13_crown_loan_is_a_gift_repaid_with_ten_percent_at_the_end():
    s = draw(fresh(RUT), "cofre", "cofre-05", 2)
    assert s.cash[0] == START + 20_000 and s.loans[0] == 22_000
    assert s.fortune(0) == START - 2_000


def test_rut_13_fire_destroys_two_houses_on_the_furthest_built_plot_ahead():
    s = fresh(RUT)
    give(s, 0, 1, 3, 37, 39)
    for sq in (1, 3, 37, 39):
        s.level[sq_of(s, sq)] = 3
    s.houses -= 12
    draw(s, "cofre", "cofre-13", 2)  # token on 2: the plot furthest ahead is 1 (39 squares on)
    assert s.level[sq_of(s, 1)] == 1 and s.level[sq_of(s, 3)] == 3 and s.houses == 22
    assert s.cash[0] == START


def test_rut_13_go_to_mahon_moves_forward_with_salary_when_passing_start():
    s = draw(fresh(RUT), "cofre", "cofre-14", 33)
    assert s.pos[0] == 19 and s.cash[0] == START + 20_000 and s.phase == "buy"
    s = draw(fresh(RUT), "cofre", "cofre-14", 17)
    assert s.pos[0] == 19 and s.cash[0] == START


def test_rut_13_ransom_card_is_kept_and_frees_for_20000():
    s = draw(fresh(RUT), "cofre", "cofre-06", 2)
    ref = s.game.card_ref("cofre", "cofre-06")
    assert s.held[0] == [ref]
    s.apply(EndTurn())
    for _ in range(3):
        roll(s, 6, 4)
        s.apply(EndTurn())
    s.pos[0], s.jail[0] = 10, 0
    s.apply(UseJailCard())
    assert s.jail[0] == -1 and s.cash[0] == START - 20_000 and s.held[0] == []


def test_rut_13_transit_rights_and_anniversary():
    s = draw(fresh(RUT), "cofre", "cofre-16", 2)
    assert s.cash == [START - 3_000, START + 1_000, START + 1_000, START + 1_000]
    s = draw(fresh(RUT), "cofre", "cofre-02", 2)
    assert s.cash == [START + 3_000, START - 1_000, START - 1_000, START - 1_000]


def test_rut_13_repairs_and_per_title_charges():
    s = fresh(RUT)
    give(s, 0, 1, 3, 5)
    s.level[sq_of(s, 1)] = 5
    s.level[sq_of(s, 3)] = 4
    draw(s, "suerte", "suerte-13", 7)
    assert s.cash[0] == START - 4 * 4_000 - 11_000
    s = fresh(RUT)
    give(s, 0, 1, 3, 5)
    draw(s, "cofre", "cofre-04", 2)
    assert s.cash[0] == START - 2 * 1_000  # plots only, not the lonja


@pytest.mark.parametrize("deck", ["suerte", "cofre"])
def test_rut_13_every_card_resolves_and_keeps_money_conserved(deck):
    for card in fresh(RUT).game.decks[fresh(RUT).game.deck_index[deck]].cards:
        s = fresh(RUT)
        give(s, 0, 1, 3)
        s.level[sq_of(s, 1)] = s.level[sq_of(s, 3)] = 2
        s.houses -= 4
        draw(s, deck, card.id, 7 if deck == "suerte" else 2)
        assert conserved(s) and s.phase in ("after", "buy"), card.id
        assert s.houses + sum(lv for lv in s.level if lv < 5) == 32
        if s.phase == "after":
            s.apply(s.legal_actions()[0])
            assert s.phase in ("turn", "dice") or s.is_terminal()
        else:
            assert RollDice() not in s.legal_actions()
