"""The Game/State contract (kit/games/core.py) as the property games keep it."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest
from conftest import fresh, game_of, give, roll, sq_of

from kit.games.core import CHANCE, IllegalAction, State, TooManyOutcomes
from kit.games.property.actions import (
    Bid,
    Build,
    Decline,
    ProposeTrade,
    RollDice,
    action_from_dict,
    action_to_dict,
)
from kit.games.property.game import PropertyGame, PropertyState


def round_trip(s: PropertyState) -> PropertyState:
    back = PropertyState.from_json(s.to_json(), s.game)
    assert back.to_json() == s.to_json() and back == s
    return back


def test_a_state_is_a_core_state_and_the_setup_is_a_chance_node(name):
    s = game_of(name).new_state()
    assert isinstance(s, State) and s.is_chance() and s.current_player() == CHANCE
    assert sum(p for _, p in s.chance_outcomes()) == 1
    while s.phase == "order":  # PROP-01: the opening roll, one chance node a roll
        s.apply_chance((6, 6) if not s.roll_off_dice else (1, 2))
    with pytest.raises(TooManyOutcomes, match="sample_chance"):
        s.chance_outcomes()
    order = s.sample_chance(Random(0))
    assert sorted(order) == list(range(len(s.game.decks[0].cards)))


def test_json_round_trip_at_every_kind_of_node(name):
    s = fresh(name)
    round_trip(s)
    s.apply(RollDice())
    round_trip(s)  # a dice node
    s.apply_chance((1, 2))
    round_trip(s)  # buy
    s.apply(Decline())
    s.apply(Bid(0, s.min_bid()))
    back = round_trip(s)  # mid-auction
    back.apply(Bid(1, back.min_bid()))
    s.apply(Bid(1, s.min_bid()))
    assert back == s
    t = fresh(name)
    give(t, 0, 1)
    t.apply(ProposeTrade(1, give=(1,), money=-10))
    round_trip(t)  # a trade waiting for an answer


def test_json_names_its_rule_set_and_refuses_another_game(name):
    s = fresh(name)
    other = "superpoly" if name != "superpoly" else "el_pale"
    with pytest.raises(ValueError, match="not of"):
        PropertyState.from_json(s.to_json(), game_of(other))
    with pytest.raises(ValueError, match="players"):
        PropertyState.from_json(s.to_json(), game_of(name, 3))


def test_child_copies_and_leaves_the_parent_unchanged(name):
    s = fresh(name)
    give(s, 0, 1, 3)
    before = s.to_json()
    c = s.child(Build(1))
    assert s.to_json() == before and c.level[sq_of(c, 1)] == 1
    d = s.chance_child((1, 2)) if s.is_chance() else s.child(RollDice()).chance_child((1, 2))
    assert d.pos[0] == 3 and s.pos[0] == 0
    with pytest.raises(IllegalAction):
        s.child(Build(6))
    assert s.to_json() == before


def test_actions_have_readable_reprs_and_round_trip_as_dicts():
    a = ProposeTrade(2, give=(1, 3), money=5000)
    assert repr(Bid(player=2, amount=120000)) == "Bid(player=2, amount=120000)"
    assert action_from_dict(action_to_dict(a)) == a


def test_player_count_is_checked(name):
    rules = game_of(name).rules
    with pytest.raises(ValueError, match="players"):
        PropertyGame(rules, rules.max_players + 1)
    g = PropertyGame(rules, ["Ana", "Luis"])
    assert g.names == ["Ana", "Luis"] and g.n == 2


def test_claims_rent_must_be_a_probability(name):
    with pytest.raises(ValueError, match="probability"):
        game_of(name, claims_rent=Fraction(3, 2))


def test_utility_rent_uses_the_last_roll(name):
    s = fresh(name)
    give(s, 1, 12, 28)
    s.pos[0] = 9
    roll(s, 1, 2)
    assert s.cash[1] - s.game.rules.start_money == s.game.t_rents[sq_of(s, 12)][1] * 3


def test_new_game_by_name_and_edition_and_the_generic_driver():
    from kit.games.core import play
    from kit.games.property import new_game
    from kit.games.property.bots import buy_everything

    g = new_game("el_pale", edition="lujo", players=["Ana", "Luis", "Marta"], time_limit=30)
    assert g.rules.start_money == 2_341_000 and g.n == 3
    s = play(g.new_state(), [buy_everything] * 3, Random(0))
    assert s.is_terminal() and s.turns == 30 and sum(s.returns()) in (0.0, 1.0)


def test_from_json_refuses_bad_data_with_a_value_error_naming_it(name):
    import json

    s = fresh(name)
    data = json.loads(s.to_json())
    with pytest.raises(ValueError, match="not a saved property game"):
        PropertyState.from_json("{not json", s.game)
    data["auction"] = [1]  # no bidders
    with pytest.raises(ValueError, match="bad 'auction'"):
        PropertyState.from_json(json.dumps(data), s.game)
    del data["auction"]
    with pytest.raises(ValueError, match="without auction"):
        PropertyState.from_json(json.dumps(data), s.game)


def test_the_records_round_trip_mid_auction_and_with_a_kept_card(name):
    s = fresh(name)
    s.apply(RollDice())
    s.apply_chance((1, 2))
    s.apply(Decline())
    s.apply(Bid(0, s.min_bid()))
    s.held[1].append(s.game.card_ref(s.game.decks[0].name, s.game.decks[0].cards[0].id))
    s.decks[0].remove(0)
    back = round_trip(s)
    assert back.auction == s.auction and back.auction is not s.auction
    assert back.held == s.held and type(back.held[1][0]) is type(s.held[1][0])


def test_a_game_saved_before_the_records_still_loads():
    """A class game saved by the engine of last week (bank -1, debts of three, the auction as a
    list beside house_auction, kept cards as deck*100+card, no opening roll-off) resumes."""
    import json

    from kit.games.property.game import BANK, Auction, CardRef

    s = fresh("scarce")
    give(s, 0, 1, 3)
    give(s, 1, 37, 39)
    give(s, 2, 6, 8, 9)
    s.held[3].append(s.game.card_ref("suerte", "s4"))
    s.decks[0].remove(3)
    s.apply(Build(1))  # two houses in the bank, three players want one: a house auction
    new = json.loads(s.to_json())
    old = {k: v for k, v in new.items() if k not in ("roll_off", "roll_off_dice")}
    old["owner"] = [-1 if o == BANK else o for o in new["owner"]]
    old["held"] = [[d * 100 + c for d, c in hand] for hand in new["held"]]
    a = s.auction
    old["auction"] = [a.title, a.high, a.bidder, a.bidders, a.turn]
    old["house_auction"] = [a.opening, a.lots]
    old["debts"] = [[0, -1, 15]]
    back = PropertyState.from_json(json.dumps(old), s.game)
    assert back.owner == s.owner and back.held == [[], [], [], [CardRef(0, 3)]]
    assert back.auction == Auction(a.title, a.bidders, 0, -1, 0, "house", a.opening, a.lots)
    assert back.debts == [(0, BANK, 15, "debt")] and back.roll_off == []
    assert PropertyState.from_json(back.to_json(), s.game) == back
