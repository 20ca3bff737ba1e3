"""Every kind of action, tried when it is illegal: IllegalAction with a message a student can read
(what was tried, why not, what is allowed now), and the state is exactly as before."""

from __future__ import annotations

import pytest
from conftest import fresh, give, refused, roll, sq_of

from kit.games.core import IllegalAction
from kit.games.property.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    KeepMortgaged,
    Mortgage,
    PassBid,
    PayJailFine,
    ProposeTrade,
    Redeem,
    RejectTrade,
    RollDice,
    SellBuilding,
    UseJailCard,
)


def at_turn(name):
    s = fresh(name)
    give(s, 0, 1)
    give(s, 1, 3, 6)
    return s


def at_buy(name):
    s = fresh(name)
    roll(s, 1, 2)
    return s


def at_auction(name):
    s = at_buy(name)
    s.apply(Decline())
    return s


CASES = [
    # (setup, action, words the message must contain, the message key of the reason)
    (
        at_buy,
        RollDice(),
        ["Roll the dice is not allowed now", "may now", "Buy", "Decline"],
        "buy_first",
    ),
    (at_turn, EndTurn(), ["End the turn is not allowed now", "may now", "RollDice"], "roll_first"),
    (at_turn, Buy(3), ["Buy ", "is not allowed now", "RollDice"], "refused_phase"),
    (at_buy, Buy(5), ["stands on square 3"], "buy_square"),
    (at_turn, Decline(), ["Do not buy is not allowed now", "RollDice"], "refused_phase"),
    (at_auction, Bid(0, 0), ["lowest bid"], "bid_low"),
    (at_auction, Bid(2, 10**9), ["turn to bid"], "bid_turn"),
    (at_auction, Bid(0, 10**12), ["has only"], "only_has"),
    (at_auction, PassBid(1), ["turn to bid"], "bid_turn"),
    (at_turn, Build(1), ["whole group"], "whole_group"),
    (at_turn, Build(3), ["belongs to"], "belongs"),
    (at_turn, Build(5), ["only lots"], "only_lots"),
    (at_turn, Build(0), ["no title deed"], "no_deed"),
    (at_turn, SellBuilding(1), ["no buildings"], "no_buildings"),
    (at_turn, Mortgage(6), ["belongs to"], "belongs"),
    (at_turn, Redeem(1), ["not mortgaged"], "not_mortgaged"),
    (at_turn, KeepMortgaged(1), ["mortgaged is not allowed now", "may now"], "refused_phase"),
    (at_turn, ProposeTrade(0, give=(1,)), ["another player"], "trade_whom"),
    (at_turn, ProposeTrade(1, give=(3,)), ["belongs to"], "belongs"),
    (at_turn, ProposeTrade(1, money=100), ["lend"], "trade_lend"),
    (at_turn, ProposeTrade(1, give=(1,), money=-(10**12)), ["cannot pay"], "cannot_pay"),
    (at_buy, ProposeTrade(1, give=(1,)), ["own turn"], "trade_when"),
    (at_turn, AcceptTrade(), ["Accept the trade is not allowed now", "may now"], "refused_phase"),
    (at_turn, RejectTrade(), ["Reject the trade is not allowed now", "may now"], "refused_phase"),
    (at_turn, PayJailFine(), ["not in jail"], "not_in_jail"),
    (at_turn, UseJailCard(), ["not in jail"], "not_in_jail"),
    (
        at_turn,
        DeclareBankruptcy(),
        ["Declare bankruptcy is not allowed now", "may now"],
        "refused_phase",
    ),
    (at_turn, "buy it please", ["'buy it please'", "may now"], "refused_phase"),
]


@pytest.mark.parametrize(
    ("setup", "action", "words", "key"), CASES, ids=[repr(c[1]) for c in CASES]
)
def test_illegal_action_explains_itself_and_changes_nothing(name, setup, action, words, key):
    s = setup(name)
    before = s.to_json()
    assert s.refusal(action).key == f"rules_property.{key}"
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.key == f"rules_property.{key}"
    for w in words:
        assert w in str(err.value), str(err.value)
    assert s.to_json() == before


def test_illegal_in_jail_without_a_card(name):
    s = fresh(name)
    s.pos[0], s.jail[0] = 10, 0
    s.cash[0] = 0
    before = s.to_json()
    with refused("rules_property.no_jail_card"):
        s.apply(UseJailCard())
    with refused("rules_property.jail_fine"):
        s.apply(PayJailFine())
    assert s.to_json() == before


def test_illegal_bankruptcy_while_money_can_be_raised(name):
    s = fresh(name)
    give(s, 1, 3)
    give(s, 0, 37, 39)
    s.cash[0] = 0
    roll(s, 1, 2)
    before = s.to_json()
    with refused("rules_property.bankrupt_raise"):
        s.apply(DeclareBankruptcy())
    with refused("rules_property.refused_phase"):
        s.apply(EndTurn())
    assert s.to_json() == before


def test_illegal_redeem_without_the_money(name):
    s = fresh(name)
    give(s, 0, 39)
    s.mortgaged[sq_of(s, 39)] = True
    s.cash[0] = 0
    before = s.to_json()
    with refused("rules_property.redeem_cost"):
        s.apply(Redeem(39))
    assert s.to_json() == before


def test_illegal_chance_outcomes_and_actions_at_chance_nodes(name):
    s = fresh(name)
    s.apply(RollDice())
    before = s.to_json()
    with refused("rules_property.chance_now"):
        s.apply(EndTurn())
    with refused("rules_property.bad_roll"):
        s.apply_chance((7, 1))
    with refused("rules_property.bad_roll"):
        s.apply_chance(8)
    assert s.to_json() == before
    s.apply_chance((1, 2))
    with refused("rules_property.not_chance"):
        s.apply_chance((1, 2))
    with refused("rules_property.not_chance"):
        s.chance_outcomes()


def test_illegal_after_the_game_is_over(name):
    s = fresh(name, players=2)
    give(s, 1, 3)
    s.level[sq_of(s, 3)] = 5
    s.cash[0] = 0
    roll(s, 1, 2)
    s.apply(DeclareBankruptcy())
    with refused("rules_property.game_over"):
        s.apply(RollDice())
    assert s.legal_actions() == []
