"""kit.analysis.mortgage: is mortgaging one title to build houses on another group worth it?"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

import pytest

from kit.analysis.markov import landing_probabilities
from kit.analysis.mortgage import (
    break_even_rolls,
    holdings,
    income_per_roll,
    lift_cost,
    mortgage_to_build,
)
from kit.games.property.actions import Build, Mortgage, Redeem
from kit.games.property.load import load_rules

REAL = ("el_pale", "la_ruta_del_tesoro", "superpoly")


def p_of(game: str, square: int) -> Fraction:
    return landing_probabilities(game, "pay")[square]


def title(game: str, square: int):
    return next(t for t in load_rules(game).titles if t.square == square)


# -- the pieces, by hand ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("interest", "gained", "lost", "rolls"),
    [
        (10, Fraction(3), Fraction(1), Fraction(5)),
        (7, Fraction(5, 2), Fraction(0), Fraction(14, 5)),
        (10, Fraction(1), Fraction(1), None),  # the houses only replace the lost rent
        (10, Fraction(1), Fraction(3), None),  # they bring less than the title loses
    ],
)
def test_break_even_is_interest_over_net_rent_per_roll(interest, gained, lost, rolls):
    assert break_even_rolls(interest, gained, lost) == rolls


@pytest.mark.parametrize(
    ("game", "square", "now", "late"),
    [
        ("el_pale", 1, 33_000, 36_000),  # PAL-08: mortgage 30 000, +10 % now, +20 % late
        ("superpoly", 39, 44_000, 48_000),  # SUP-07: mortgage 40 000
        ("la_ruta_del_tesoro", 5, 11_000, 11_000),  # RUT-07: +10 % in both cases
    ],
)
def test_prop_13_pal_08_sup_07_rut_07_lift_cost_by_hand(game, square, now, late):
    assert lift_cost(game, square) == now
    assert lift_cost(game, square, late=True) == late


@pytest.mark.parametrize("game", REAL)
def test_prop_13_lift_cost_is_what_the_engine_charges_on_redeem(game):
    for square, late in ((5, False), (39, False), (39, True)):
        s = holdings(game, [square])
        s.apply(Mortgage(square))
        t = s.game.sq_title[square]
        s.late[t] = late  # as after KeepMortgaged on a title bought mortgaged (PAL-08)
        s.cash[0] = 10**9
        s.apply(Redeem(square))
        assert 10**9 - s.cash[0] == lift_cost(game, square, late=late)
        assert not s.mortgaged[t]


def test_lift_cost_refuses_a_square_without_a_title():
    with pytest.raises(ValueError, match="no title deed"):
        lift_cost("el_pale", 0)
    with pytest.raises(ValueError, match="True or False"):
        lift_cost("el_pale", 1, late="yes")


def test_holdings_sets_owner_buildings_and_stock():
    s = holdings("el_pale", [16, 18, 19], {16: 2, 18: 2, 19: 5})
    g = s.game
    assert [s.owner[g.sq_title[sq]] for sq in (16, 18, 19)] == [0, 0, 0]
    assert sum(o == 0 for o in s.owner) == 3 and s.cash[0] == 0
    assert (s.houses, s.hotels) == (32 - 4, 12 - 1)  # PAL-06: 32 houses and 12 hotels
    with pytest.raises(ValueError, match="not among the titles owned"):
        holdings("el_pale", [16], {18: 1})
    with pytest.raises(ValueError, match="buildings go on lots"):
        holdings("el_pale", [5], {5: 1})


def test_prop_05_a_mortgaged_title_earns_nothing():
    s = holdings("el_pale", [5])
    assert income_per_roll(s)[5] == p_of("el_pale", 5) * title("el_pale", 5).rents[0]
    s.apply(Mortgage(5))
    assert income_per_roll(s) == {5: 0}


def test_utility_income_averages_the_dice():
    # one utility: rent = multiplier x the dice total; the dice average 7
    s = holdings("superpoly", [12])
    assert income_per_roll(s)[12] == p_of("superpoly", 12) * title("superpoly", 12).rents[0] * 7


# -- the deal, by hand ------------------------------------------------------------------------


def test_station_to_first_house_on_naranja_by_hand():
    # El Palé: the whole naranja group bare (double rent), one station (rent of 1 station).
    plan = mortgage_to_build("el_pale", mortgage=5, build=16)
    station = title("el_pale", 5)
    assert plan.loan == station.mortgage == 100_000
    assert plan.redeem == 110_000 and plan.interest == 10_000  # PROP-13: +10 %
    house = title("el_pale", 16).house_cost
    assert plan.spent == house * len(plan.builds) <= plan.loan
    assert len(plan.builds) == plan.loan // house == 1
    # the first house replaces the double bare rent (PAL-04) on the lot where it earns most
    gains = {
        sq: p_of("el_pale", sq)
        * (title("el_pale", sq).rents[1] - 2 * title("el_pale", sq).rents[0])
        for sq in (16, 18, 19)
    }
    assert plan.builds == (max(gains, key=gains.get),)
    assert plan.gained == max(gains.values())
    assert plan.lost == p_of("el_pale", 5) * station.rents[0]
    assert plan.break_even == Fraction(10_000) / (plan.gained - plan.lost)
    assert plan.net == plan.gained - plan.lost > 0


def test_worth_it_only_from_the_break_even_on():
    plan = mortgage_to_build("el_pale", mortgage=5, build=16)
    rolls = plan.break_even
    assert rolls.denominator != 1
    assert plan.worth_it(ceil(rolls)) and not plan.worth_it(floor(rolls))


def test_the_loan_builds_as_many_houses_as_it_pays_evenly():
    # Gran Vía lends 200 000: two celeste houses of 50 000 ... four (PROP-10: evenly)
    plan = mortgage_to_build("el_pale", mortgage=39, build=6)
    assert plan.loan == 200_000 and len(plan.builds) == 4 and plan.spent == 200_000
    levels = [plan.after.level[plan.after.game.sq_title[sq]] for sq in (6, 8, 9)]
    assert sorted(levels) == [1, 1, 2]
    two = mortgage_to_build("el_pale", mortgage=39, build=6, buildings=2)
    assert len(two.builds) == 2 and two.spent == 100_000
    assert two.gained < plan.gained


def test_the_plan_states_are_real_engine_states():
    plan = mortgage_to_build("superpoly", mortgage=25, build=16, level=2)
    s = plan.after
    t = s.game.sq_title[25]
    assert s.mortgaged[t] and s.cash[0] == plan.loan - plan.spent
    assert not plan.before.mortgaged[t] and plan.before.cash[0] == 0
    s.cash[0] += plan.redeem
    s.apply(Redeem(25))  # the engine charges exactly the plan's redeem cost
    assert s.cash[0] == plan.loan - plan.spent


def test_pal_04_vs_rut_04_a_mortgaged_lot_and_its_group():
    # Mortgage Toledo / Almería (6) while owning its whole group (6, 8, 9), build on 1 and 3.
    for game, breaks in (("el_pale", False), ("la_ruta_del_tesoro", True)):
        plan = mortgage_to_build(game, mortgage=6, build=1, also_own=[8, 9])
        own = 2 * p_of(game, 6) * title(game, 6).rents[0]  # its own double rent
        others = sum(p_of(game, sq) * title(game, sq).rents[0] for sq in (8, 9))
        assert plan.lost == own + (others if breaks else 0)


def test_more_houses_already_built_pays_back_sooner():
    # The third house adds far more rent than the first (the printed rents jump)
    first = mortgage_to_build("la_ruta_del_tesoro", mortgage=5, build=16, level=0)
    third = mortgage_to_build("la_ruta_del_tesoro", mortgage=5, build=16, level=2)
    assert third.interest == first.interest
    assert third.break_even < first.break_even


# -- refusals ---------------------------------------------------------------------------------


def test_rut_04_no_building_in_the_group_of_the_mortgaged_lot():
    with pytest.raises(ValueError, match="RUT-04"):
        mortgage_to_build("el_pale", mortgage=16, build=18)


def test_refuses_what_the_engine_refuses():
    with pytest.raises(ValueError, match="builds nothing"):
        mortgage_to_build("el_pale", mortgage=1, build=16)  # 30 000 for a 100 000 house
    with pytest.raises(ValueError, match="builds only 1 of the 3 buildings"):
        mortgage_to_build("el_pale", mortgage=5, build=16, buildings=3)
    with pytest.raises(ValueError, match="nothing is built"):
        mortgage_to_build("el_pale", mortgage=16, build=5)
    with pytest.raises(ValueError, match="no title deed"):
        mortgage_to_build("el_pale", mortgage=0, build=16)


def test_a_full_group_takes_no_more():
    with pytest.raises(ValueError, match=r"builds nothing.*Arenal"):
        mortgage_to_build("el_pale", mortgage=39, build=16, level=5)
    s = holdings("el_pale", [16, 18, 19], {16: 5, 18: 5, 19: 5})
    assert all(s.why_not(Build(sq)) for sq in (16, 18, 19))
