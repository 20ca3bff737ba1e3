"""kit.analysis.rent: expected rent per opponent roll, building costs and paybacks, exactly."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest

from kit.analysis.markov import landing_probabilities
from kit.analysis.rent import (
    HOTEL,
    LEVELS,
    best_value_group,
    build_cost,
    expected_rent,
    group_ranking,
    group_table,
    house_payback,
    title_rent,
)
from kit.games.property.load import load_rules
from kit.table import Table

REAL = ("el_pale", "la_ruta_del_tesoro", "superpoly")
POLICIES = ("pay", "roll")


def p_of(game: str, square: int, policy: str = "pay") -> Fraction:
    return landing_probabilities(game, policy)[square]


# -- the engine's rent, checked by hand against the printed title deeds ------------------------


@pytest.mark.parametrize(
    ("game", "printed"),
    [("el_pale", 2000), ("la_ruta_del_tesoro", 200), ("superpoly", 400)],
)
def test_prop_05_pal_04_rut_04_sup_04_unbuilt_whole_group_pays_double_by_hand(game, printed):
    # square 1 (the first brown / A lot): printed bare rent, doubled for the whole group
    assert load_rules(game).title_at(1).rents[0] == printed
    assert title_rent(game, 1, level=0) == 2 * printed
    assert expected_rent(game, level=0)[1] == p_of(game, 1) * printed * 2


def test_prop_10_built_lot_pays_its_printed_rent_by_hand():
    # El Palé, Gran Vía (39): 3 houses 1.400.000, hotel 2.000.000 pesetas
    p = p_of("el_pale", 39)
    assert expected_rent("el_pale", level=3)[39] == p * 1_400_000
    assert expected_rent("el_pale", level=HOTEL)[39] == p * 2_000_000
    q = p_of("el_pale", 39, "roll")
    assert expected_rent("el_pale", "roll", level=3)[39] == q * 1_400_000


def test_prop_05_station_rent_by_number_owned():
    p = p_of("el_pale", 5)
    assert expected_rent("el_pale", level=0)[5] == p * 200_000  # all four stations
    assert expected_rent("el_pale", level=3, owned=1)[5] == p * 25_000
    assert expected_rent("el_pale", level=0, owned=2)[5] == p * 50_000


def test_prop_05_utility_rent_is_the_multiplier_times_the_mean_dice_total():
    p = p_of("superpoly", 12)
    assert title_rent("superpoly", 12, level=0) == 10 * 7
    assert expected_rent("superpoly", level=0)[12] == p * 10 * 7
    assert expected_rent("superpoly", level=0, owned=1)[12] == p * 4 * 7


def test_every_expected_rent_is_an_exact_fraction_for_every_title():
    rules = load_rules("la_ruta_del_tesoro")
    rents = expected_rent("la_ruta_del_tesoro", level=2)
    assert set(rents) == {t.square for t in rules.titles}
    assert all(isinstance(v, Fraction) and v > 0 for v in rents.values())


@pytest.mark.parametrize("game", REAL)
@pytest.mark.parametrize("policy", POLICIES)
def test_prop_10_expected_rent_grows_with_the_building_level(game, policy):
    rules = load_rules(game)
    by_level = [expected_rent(game, policy, level=lv) for lv in LEVELS]
    for t in rules.titles:
        values = [by_level[lv][t.square] for lv in LEVELS]
        if t.kind == "lot":
            assert all(a < b for a, b in pairwise(values)), t.name
        else:  # nothing is built on stations and utilities
            assert len(set(values)) == 1, t.name


# -- costs and paybacks ------------------------------------------------------------------------


def test_prop_10_build_cost_houses_then_the_hotel_or_castle():
    # La Ruta, Constantinopla (39): houses 20.000, castle 20.000 reales
    assert [build_cost("la_ruta_del_tesoro", 39, lv) for lv in LEVELS] == [
        0, 20_000, 40_000, 60_000, 80_000, 100_000,
    ]  # fmt: skip
    # El Palé, Curtidores (1): houses 50.000; the hotel costs one more house (PAL-06)
    assert build_cost("el_pale", 1, HOTEL) == 5 * 50_000
    assert build_cost("el_pale", 5, 3) == 0  # a station


@pytest.mark.parametrize("game", REAL)
def test_group_payback_is_cost_over_rent_exactly(game):
    rows = group_table(game)
    rules = load_rules(game)
    lot_groups = {t.group for t in rules.titles if t.kind == "lot"}
    assert {r.group for r in rows} == lot_groups
    assert len(rows) == len(lot_groups) * len(LEVELS)
    for r in rows:
        rents = expected_rent(game, level=r.level)
        assert r.rent_per_roll == sum(rents[sq] for sq in r.squares)
        assert r.cost == sum(build_cost(game, sq, r.level) for sq in r.squares)
        if r.level == 0:
            assert r.cost == 0 and r.payback == 0
        else:
            assert isinstance(r.payback, Fraction)
            assert r.payback == Fraction(r.cost) / r.rent_per_roll


@pytest.mark.parametrize("game", REAL)
@pytest.mark.parametrize("policy", POLICIES)
def test_best_value_group_is_a_real_colour_group_with_the_shortest_payback(game, policy):
    best = best_value_group(game, 3, policy)
    rows = [r for r in group_table(game, policy) if r.level == 3]
    assert best in {t.group for t in load_rules(game).titles if t.kind == "lot"}
    assert next(r for r in rows if r.group == best).payback == min(r.payback for r in rows)


def test_best_value_group_at_level_zero_is_refused():
    with pytest.raises(ValueError):
        best_value_group("el_pale", 0)


def test_pal_04_house_payback_first_house_against_the_doubled_bare_rent():
    # El Palé, Gran Vía: bare 50.000 (doubled: 100.000), 1 house 200.000, house cost 200.000
    p = p_of("el_pale", 39)
    assert house_payback("el_pale", 39) == Fraction(200_000) / (p * (200_000 - 2 * 50_000))
    # from 4 houses (1.700.000) to the hotel (2.000.000), which costs one more house
    assert house_payback("el_pale", 39, level=4) == Fraction(200_000) / (p * 300_000)


def test_house_payback_refuses_stations_and_a_building_past_the_hotel():
    with pytest.raises(ValueError):
        house_payback("el_pale", 5)
    with pytest.raises(ValueError):
        house_payback("el_pale", 39, level=HOTEL)


def test_bad_levels_and_squares_are_refused():
    with pytest.raises(ValueError):
        expected_rent("el_pale", level=6)
    with pytest.raises(ValueError):
        title_rent("el_pale", 0, level=1)  # the start square has no title
    with pytest.raises(ValueError):
        expected_rent("el_pale", level=0, owned=5)  # only four stations
    with pytest.raises(ValueError):
        expected_rent("el_pale", "stay", level=0)


def test_group_ranking_is_sorted_for_the_lesson():
    table = group_ranking("la_ruta_del_tesoro")
    assert isinstance(table, Table) and table.columns == (
        "group", "level", "building", "lots", "rent_per_roll", "cost", "payback", "rank",
    )  # fmt: skip
    levels = table.column("level")
    assert levels == sorted(levels)
    three = table.where(lambda fila: fila.level == 3)
    assert three.column("payback") == sorted(three.column("payback"))
    assert three.row(0).group == best_value_group("la_ruta_del_tesoro", 3)
    assert three.column("rank") == list(range(1, len(three) + 1))
    assert {f.building for f in table if f.level == HOTEL} == {"castillo"}
    exact = {(r.group, r.level): r.payback for r in group_table("la_ruta_del_tesoro")}
    assert all(f.payback == exact[f.group, f.level] for f in table)  # exact Fractions kept
    assert table.labels["payback"] == "Tiradas hasta pagarse"


def test_importing_rent_needs_no_numpy_pandas_sympy_or_matplotlib(run_light):
    out = run_light(
        """
        from kit.analysis.rent import best_value_group, expected_rent
        rents = expected_rent("superpoly", level=3)
        print(type(rents[39]).__name__, best_value_group("superpoly", 3))
        """
    )
    assert out[0].startswith("Fraction ")
