"""PROP-01..16: the rules the three property games share, on every rule set and a hand-made one."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest
from conftest import conserved, fresh, game_of, give, put_on_top, refused, roll, sq_of

from kit.games.core import TooManyOutcomes
from kit.games.property.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    Mortgage,
    PassBid,
    ProposeTrade,
    Redeem,
    RejectTrade,
    RollDice,
    SellBuilding,
    UseJailCard,
)
from kit.games.property.game import BANK, CardRef


def card_ref(state, effect):
    g = state.game
    for d, deck in enumerate(g.decks):
        for c, card in enumerate(deck.cards):
            if card.effect == effect:
                return deck.name, card.id, CardRef(d, c)
    pytest.skip(f"no {effect} card in {g.rules.name}")


def deck_square(state, deck_name):
    return next(s.index for s in state.game.rules.squares if s.deck == deck_name)


def test_prop_01_opening_roll_highest_total_starts_and_turns_pass_to_the_left(name):
    g = game_of(name, 3)
    s = g.new_state()
    assert s.is_chance() and s.phase == "order" and s.roll_off == [0, 1, 2]
    assert s.chance_outcomes() == g.dice_outcomes and len(g.dice_outcomes) == 36
    for dice in ((3, 4), (1, 2), (5, 4)):  # 7, 3, 9: seat 2 starts
        s.apply_chance(dice)
    assert s.first == 2 and [e["kind"] for e in s.events] == ["start_roll", "starts"]
    rng = Random(1)
    while s.is_chance():  # the decks are shuffled: sampled, too many orders to list
        with pytest.raises(TooManyOutcomes):
            s.chance_outcomes()
        s.apply_chance(s.sample_chance(rng))
    assert s.current_player() == 2
    roll(s, 6, 4)  # to the jail square: only a visit
    s.apply(EndTurn())
    assert s.current_player() == 0
    roll(s, 4, 6)
    assert s.pos[0] == s.pos[2] == 10  # several tokens share a square
    s.apply(EndTurn())
    assert s.current_player() == 1


def test_prop_01_players_tied_for_the_highest_roll_again_the_others_do_not(name):
    s = game_of(name, 4).new_state()
    for dice in ((6, 5), (2, 2), (5, 6), (3, 3)):  # 11, 4, 11, 6: seats 0 and 2 roll again
        s.apply_chance(dice)
    assert s.phase == "order" and s.roll_off == [0, 2] and s.roll_off_dice == []
    assert s.events[-1] == {"kind": "roll_off", "players": [0, 2]}
    s.apply_chance((1, 1))
    s.apply_chance((1, 2))
    assert s.first == 2 and s.phase != "order"


def test_prop_01_the_opening_roll_is_an_exact_chance_node_for_each_roll():
    """Walking the engine's own chance nodes for one round of two players: seat 0 starts with
    575/1296, seat 1 too, and 146/1296 of the time (a tie) they roll again."""
    from fractions import Fraction as F

    s = game_of("fixture", 2).new_state()
    result = {"0": F(0), "1": F(0), "again": F(0)}
    for first, p in s.chance_outcomes():
        after_first = s.chance_child(first)
        for second, q in after_first.chance_outcomes():
            child = after_first.chance_child(second)
            key = "again" if child.phase == "order" else str(child.first)
            result[key] += p * q
    assert result == {"0": F(575, 1296), "1": F(575, 1296), "again": F(146, 1296)}
    from kit.games.property.chance import opening_round

    assert opening_round((0, 1)) == {(0,): F(575, 1296), (1,): F(575, 1296), (0, 1): F(146, 1296)}


def test_prop_01_every_seat_starts_with_the_same_chance_ties_included():
    from fractions import Fraction as F

    from kit.games.property.chance import opening_round, start_chances

    assert start_chances(2) == [F(1, 2)] * 2
    assert start_chances(3) == [F(1, 3)] * 3
    three = opening_round((0, 1, 2))
    assert sum(three.values()) == 1 and three[(0,)] == three[(2,)]
    assert three[(0, 1, 2)] == sum(F(c, 36) ** 3 for c in (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1))


def test_prop_02_moves_by_the_sum_of_two_dice_forward_round_the_board(name):
    s = fresh(name)
    roll(s, 2, 3)
    assert s.pos[0] == 5
    s = fresh(name)
    s.pos[0] = 36
    cash = s.cash[0]
    roll(s, 6, 4)
    assert s.pos[0] == 6 and s.phase == "buy"
    assert s.cash[0] == cash + s.game.rules.salary  # passed the start square


def test_prop_02_dice_node_lists_36_ordered_pairs_exactly(name):
    s = fresh(name)
    s.apply(RollDice())
    outs = s.chance_outcomes()
    assert len(outs) == 36 and sum(p for _, p in outs) == 1
    assert set(p for _, p in outs) == {Fraction(1, 36)}


def test_prop_03_double_rolls_again_third_double_sends_to_jail_first_moves_stand(name):
    s = fresh(name)
    start = s.cash[0]
    tax = s.game.rules.squares[4].tax
    roll(s, 2, 2)  # to the tax square: pays, and rolls again
    assert s.cash[0] == start - tax
    assert RollDice() in s.legal_actions() and EndTurn() not in s.legal_actions()
    roll(s, 3, 3)
    assert s.pos[0] == 10 and s.jail[0] == -1
    roll(s, 5, 5)  # the third double: straight to jail, not to square 20
    assert s.pos[0] == s.game.rules.jail.square and s.jail[0] == 0
    assert s.cash[0] == start - tax  # the first two moves stand
    assert RollDice() not in s.legal_actions() and EndTurn() in s.legal_actions()


def test_prop_04_buy_at_the_printed_price(name):
    s = fresh(name)
    roll(s, 1, 2)
    t = sq_of(s, 3)
    assert s.phase == "buy" and Buy(3) in s.legal_actions() and Decline() in s.legal_actions()
    s.apply(Buy(3))
    assert s.owner[t] == 0 and s.cash[0] == s.game.rules.start_money - s.game.t_price[t]
    assert conserved(s)


def test_prop_04_declined_title_goes_to_auction_among_all_players(name):
    s = fresh(name)
    roll(s, 1, 2)
    s.apply(Decline())
    assert s.phase == "auction" and s.current_player() == 0  # the decliner may bid too
    first = s.min_bid()
    s.apply(Bid(0, first))
    assert s.current_player() == 1
    s.apply(Bid(1, first + s.game.min_raise))
    s.apply(PassBid(2))
    s.apply(PassBid(3))
    s.apply(PassBid(0))
    t = sq_of(s, 3)
    assert s.owner[t] == 1 and s.cash[1] == s.game.rules.start_money - first - s.game.min_raise
    assert s.phase == "after" and s.current_player() == 0


def test_prop_04_auction_where_nobody_bids_leaves_the_title_with_the_bank(name):
    s = fresh(name)
    roll(s, 1, 2)
    s.apply(Decline())
    for p in range(4):
        s.apply(PassBid(p))
    assert s.owner[sq_of(s, 3)] == BANK and s.phase == "after"


def test_prop_05_rent_grows_with_buildings_and_a_mortgaged_title_pays_none(name):
    s = fresh(name)
    give(s, 1, 3)
    t = sq_of(s, 3)
    rents = s.game.t_rents[t]
    roll(s, 1, 2)
    assert s.cash[1] - s.game.rules.start_money == rents[0]
    s = fresh(name)
    give(s, 1, 1, 3)
    s.level[sq_of(s, 1)] = 2
    s.level[t] = 2
    roll(s, 1, 2)
    assert s.cash[1] - s.game.rules.start_money == rents[2]
    s = fresh(name)
    give(s, 1, 3)
    s.mortgaged[t] = True
    roll(s, 1, 2)
    assert s.cash[1] == s.cash[0] == s.game.rules.start_money


def test_prop_05_station_and_utility_rents(name):
    s = fresh(name)
    give(s, 1, 5, 15)
    roll(s, 2, 3)
    assert s.cash[1] - s.game.rules.start_money == s.game.t_rents[sq_of(s, 5)][1]
    s = fresh(name)
    give(s, 1, 12)
    s.pos[0] = 7
    roll(s, 1, 4)
    assert s.cash[1] - s.game.rules.start_money == s.game.t_rents[sq_of(s, 12)][0] * 5


def test_prop_06_rent_claim_is_a_chance_node_and_unclaimed_rent_is_lost(name):
    s = fresh(name, claims_rent=Fraction(3, 4))
    give(s, 1, 3)
    roll(s, 1, 2)
    assert s.is_chance() and s.chance_outcomes() == [
        (True, Fraction(3, 4)),
        (False, Fraction(1, 4)),
    ]
    s.apply_chance(False)
    assert s.cash[1] == s.cash[0] == s.game.rules.start_money and s.phase == "after"
    s = fresh(name)  # the default: owners always claim
    give(s, 1, 3)
    roll(s, 1, 2)
    assert not s.is_chance() and s.cash[1] > s.game.rules.start_money


def test_prop_07_cards_are_drawn_from_the_top_and_put_at_the_bottom(name):
    s = fresh(name)
    deck, card_id, _ = card_ref(s, "receive")
    put_on_top(s, deck, card_id)
    d = s.game.deck_index[deck]
    before = list(s.decks[d])
    sq = deck_square(s, deck)
    s.pos[0] = sq - 3
    roll(s, 1, 2)
    assert s.decks[d] == before[1:] + before[:1]


def test_prop_07_get_out_card_is_kept_used_then_goes_to_the_bottom_and_may_be_sold(name):
    s = fresh(name)
    deck, card_id, ref = card_ref(s, "get_out_of_jail")
    put_on_top(s, deck, card_id)
    d = s.game.deck_index[deck]
    sq = deck_square(s, deck)
    s.pos[0] = sq - 3
    roll(s, 1, 2)
    assert s.held[0] == [ref] and ref.card not in s.decks[d]
    s.apply(ProposeTrade(to_player=1, give_cards=(ref,), money=-1000))  # sold to player 1
    s.apply(AcceptTrade())
    assert s.held[1] == [ref] and s.cash[0] == s.game.rules.start_money + 1000
    s.apply(EndTurn())
    s.pos[1], s.jail[1] = 10, 0
    s.apply(UseJailCard())
    assert s.jail[1] == -1 and s.held[1] == [] and s.decks[d][-1] == ref.card


def test_prop_08_go_to_jail_square_sends_without_salary(name):
    s = fresh(name)
    s.pos[0] = 25
    roll(s, 2, 3)
    assert s.pos[0] == s.game.rules.jail.square and s.jail[0] == 0
    assert s.cash[0] == s.game.rules.start_money


def test_prop_08_go_to_jail_card_never_pays_the_salary(name):
    s = fresh(name)
    deck, card_id, _ = card_ref(s, "go_to_jail")
    put_on_top(s, deck, card_id)
    s.pos[0] = max(i for i, sq in enumerate(s.game.rules.squares) if sq.deck == deck) - 3
    roll(s, 1, 2)
    assert s.jail[0] == 0 and s.pos[0] == 10 and s.cash[0] == s.game.rules.start_money


def test_prop_08_landing_on_the_jail_square_is_only_a_visit(name):
    s = fresh(name)
    roll(s, 6, 4)
    assert s.pos[0] == 10 and s.jail[0] == -1 and EndTurn() in s.legal_actions()


def test_prop_09_in_jail_a_player_collects_rent_and_builds(name):
    s = fresh(name)
    give(s, 1, 1, 3)
    s.pos[1], s.jail[1] = 10, 0
    roll(s, 1, 2)
    assert s.cash[1] > s.game.rules.start_money  # rent collected while in jail
    s.apply(EndTurn())
    assert s.current_player() == 1 and s.jail[1] == 0
    assert Build(1) in s.legal_actions() and Mortgage(1) in s.legal_actions()
    s.apply(Build(1))
    assert s.level[sq_of(s, 1)] == 1


def test_prop_10_houses_need_the_whole_group(name):
    s = fresh(name)
    give(s, 0, 1)
    assert Build(1) not in s.legal_actions()
    with refused("rules_property.whole_group"):
        s.apply(Build(1))
    give(s, 0, 3)
    assert Build(1) in s.legal_actions()


def test_prop_10_build_evenly_sell_evenly_at_half_price(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    t1, t3 = sq_of(s, 1), sq_of(s, 3)
    cost = s.game.t_house[t1]
    s.apply(Build(1))
    with refused("rules_property.build_evenly"):
        s.apply(Build(1))
    s.apply(Build(3))
    s.apply(Build(3))
    assert (s.level[t1], s.level[t3]) == (1, 2)
    with refused("rules_property.sell_evenly"):
        s.apply(SellBuilding(1))
    cash = s.cash[0]
    s.apply(SellBuilding(3))
    assert s.cash[0] == cash + cost // 2 and s.level[t3] == 1
    assert conserved(s)


def test_prop_11_no_house_in_the_bank_means_waiting(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    s.houses = 0
    assert Build(1) not in s.legal_actions()
    with refused("rules_property.no_houses_left"):
        s.apply(Build(1))
    s.houses = 1
    s.apply(Build(1))
    assert s.houses == 0


def test_prop_11_hotels_are_finite_too(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    s.level[sq_of(s, 1)] = s.level[sq_of(s, 3)] = 4
    s.hotels = 0
    big = "castles" if s.game.rules.hotel_name == "castle" else "hotels"  # RUT-09
    with refused("rules_property.no_hotels_left") as error:
        s.apply(Build(1))
    assert f"no {big} left" in str(error.value)  # La Ruta's castles are named as such


def test_prop_12_unbuilt_titles_trade_at_an_agreed_price(name):
    s = fresh(name)
    give(s, 0, 1)
    give(s, 1, 3)
    s.apply(ProposeTrade(to_player=1, give=(1,), take=(3,), money=500))
    assert s.phase == "trade" and s.current_player() == 1
    s.apply(AcceptTrade())
    assert s.owner_of(1) == 1 and s.owner_of(3) == 0
    assert s.cash[0] == s.game.rules.start_money - 500 and s.phase == "turn"


def test_prop_12_rejected_trade_changes_nothing(name):
    s = fresh(name)
    give(s, 0, 1)
    before = s.to_json()
    s.apply(ProposeTrade(to_player=1, give=(1,), money=-500))
    s.apply(RejectTrade())
    after = s.to_dict()
    assert after["trades_made"] == 1
    s.trades_made = 0
    assert s.to_json() == before


def test_prop_12_built_lots_cannot_be_traded_and_players_do_not_lend(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    s.level[sq_of(s, 1)] = 1
    with refused("rules_property.trade_buildings"):
        s.apply(ProposeTrade(to_player=1, give=(1,), money=-100))
    with refused("rules_property.trade_lend"):
        s.apply(ProposeTrade(to_player=1, money=-100))


def test_prop_13_mortgage_for_the_deed_value_and_redeem_plus_ten_percent(name):
    s = fresh(name)
    give(s, 0, 6)
    t = sq_of(s, 6)
    value = s.game.t_mortgage[t]
    s.apply(Mortgage(6))
    assert s.mortgaged[t] and s.cash[0] == s.game.rules.start_money + value
    s.apply(Redeem(6))
    interest = s.game.rules.mortgage_interest
    assert s.cash[0] == s.game.rules.start_money - value * interest
    assert not s.mortgaged[t] and conserved(s)


def test_prop_13_buildings_must_be_sold_before_mortgaging(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    s.apply(Build(1))
    with refused("rules_property.sell_first"):
        s.apply(Mortgage(1))


def test_prop_14_debtor_must_raise_money_before_bankruptcy(name):
    s = fresh(name)
    give(s, 1, 1, 3)
    give(s, 0, 6)
    s.level[sq_of(s, 3)] = 5
    rent = s.game.t_rents[sq_of(s, 3)][5]
    value = s.game.t_mortgage[sq_of(s, 6)]
    s.cash[0] = rent - value  # short, but a mortgage covers it
    roll(s, 1, 2)
    assert s.phase == "debt" and s.current_player() == 0
    assert s.legal_actions() == [Mortgage(6)]
    with refused("rules_property.bankrupt_raise"):
        s.apply(DeclareBankruptcy())
    s.apply(Mortgage(6))
    assert s.phase == "after" and s.cash[0] == 0


def test_prop_14_bankrupt_to_a_player_hands_everything_to_the_creditor(name):
    s = fresh(name)
    give(s, 1, 1, 3)
    give(s, 0, 6)
    s.level[sq_of(s, 3)] = 5
    s.cash[0] = 10
    roll(s, 1, 2)
    assert s.phase == "debt" and DeclareBankruptcy() in s.legal_actions()
    s.apply(Mortgage(6))
    cash = s.cash[0]
    s.apply(DeclareBankruptcy())
    assert not s.alive[0] and s.owner_of(6) == 1 and s.cash[0] == 0
    assert s.cash[1] == s.game.rules.start_money + cash
    assert s.phase == "redeem" and s.current_player() == 1  # a mortgaged title received


def test_prop_14_debt_paid_after_selling_buildings(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    s.level[sq_of(s, 1)] = s.level[sq_of(s, 3)] = 1
    s.houses -= 2
    give(s, 1, 6)
    s.cash[0] = 0
    s.pos[0] = 3
    roll(s, 1, 2)
    rent = s.game.t_rents[sq_of(s, 6)][0]
    assert s.phase == "debt" and s.debts == [(0, 1, rent, "rent")]
    s.apply(SellBuilding(1))
    assert s.debts == [] and s.phase == "after" and s.cash[1] == s.game.rules.start_money + rent


def test_prop_14_last_player_standing_wins(name):
    s = fresh(name, players=2)
    give(s, 1, 3)
    s.level[sq_of(s, 3)] = 5
    s.cash[0] = 0
    roll(s, 1, 2)
    s.apply(DeclareBankruptcy())
    assert s.is_terminal() and s.winner() == 1 and s.returns() == [0.0, 1.0]


def test_prop_15_abbreviated_game_deals_two_titles_each_paid_to_the_bank(name):
    g = game_of(name, 3, abbreviated=True)
    s = g.new_state()
    for dice in ((6, 6), (1, 2), (1, 2)):  # PROP-01: seat 0 starts
        s.apply_chance(dice)
    rng = Random(3)
    while s.phase == "shuffle":
        s.apply_chance(s.sample_chance(rng))
    assert s.phase == "deal"
    with pytest.raises(TooManyOutcomes):
        s.chance_outcomes()
    s.apply_chance((0, 1, 2, 3, 4, 5))
    assert [s.owner[t] for t in range(6)] == [0, 1, 2, 0, 1, 2]
    price = g.t_price
    assert s.cash[0] == g.rules.start_money - price[0] - price[3]
    assert s.phase == "turn" and conserved(s)


def test_prop_16_fixed_time_game_ends_and_the_richest_wins(name):
    s = fresh(name, players=2, time_limit=2)
    give(s, 1, 39)
    roll(s, 6, 4)
    s.apply(EndTurn())
    roll(s, 6, 4)
    s.apply(EndTurn())
    assert s.is_terminal() and s.winner() == 1  # same cash, player 1 owns a title
    assert s.fortune(1) > s.fortune(0)


def test_prop_11_last_houses_wanted_by_several_are_auctioned(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    give(s, 1, 37, 39)
    give(s, 2, 6, 8, 9)
    s.houses = 1
    house1 = s.game.t_house[sq_of(s, 1)]
    s.apply(Build(1))  # three players could build, the bank has one house: auction
    assert s.phase == "auction" and s.auction.building == "house"
    assert s.current_player() == 0 and s.min_bid() == house1
    s.apply(Bid(0, house1))
    s.apply(Bid(1, house1 + s.game.min_raise))
    s.apply(PassBid(2))
    s.apply(PassBid(0))
    assert s.houses == 0 and s.level[sq_of(s, 37)] == 1 and s.level[sq_of(s, 1)] == 0
    assert s.cash[1] == s.game.rules.start_money - house1 - s.game.min_raise
    assert s.phase == "turn" and s.current_player() == 0 and conserved(s)
    assert s.events[0] == {
        "kind": "auction", "square": 37, "building": "house", "player": 1,
        "price": house1 + s.game.min_raise,
    }  # fmt: skip
    back = s.to_json()
    assert type(s).from_json(back, s.game).to_json() == back


def test_prop_11_last_hotels_wanted_by_several_are_auctioned_too(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    give(s, 1, 37, 39)
    give(s, 2, 6, 8, 9)
    for sq in (1, 3, 37, 39, 6, 8, 9):
        s.level[sq_of(s, sq)] = 4
    s.houses -= 28
    s.hotels = 2  # three players could put up a hotel, the bank has two: auction
    hotel1 = s.game.t_hotel[sq_of(s, 1)]
    s.apply(Build(1))
    assert s.phase == "auction" and s.auction.building == "hotel"
    assert s.current_player() == 0 and s.min_bid() == hotel1
    s.apply(PassBid(0))
    s.apply(Bid(1, hotel1))
    s.apply(PassBid(2))
    assert s.hotels == 1 and s.level[sq_of(s, 37)] == 5 and s.level[sq_of(s, 1)] == 4
    assert s.houses == s.game.rules.houses - 28 + 4  # the four houses go back to the bank
    assert s.phase == "turn" and s.current_player() == 0 and conserved(s)


def test_prop_11_enough_hotels_for_everyone_who_wants_one_means_no_auction(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    give(s, 1, 37, 39)
    for sq in (1, 3, 37, 39):
        s.level[sq_of(s, sq)] = 4
    s.houses -= 16
    s.hotels = 2
    s.apply(Build(1))
    assert s.phase == "turn" and s.hotels == 1 and s.level[sq_of(s, 1)] == 5


def test_prop_11_enough_houses_for_everyone_who_wants_one_means_no_auction(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    give(s, 1, 37, 39)
    s.houses = 2
    s.apply(Build(1))
    assert s.phase == "turn" and s.houses == 1 and s.level[sq_of(s, 1)] == 1
