"""kit.lessons.tablero: the numbers lesson 02 states, exact (issue 13)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kit.analysis import markov, mortgage, rent
from kit.lessons import tablero


def test_after_rolls_counts_the_pairs_of_rolls():
    assert tablero.most_likely(tablero.after_rolls(1)) == (7, Fraction(1, 6))
    assert tablero.most_likely(tablero.after_rolls(2)) == (14, Fraction(73, 648))
    assert tablero.most_likely(tablero.after_rolls(3)) == (21, Fraction(361, 3888))
    assert tablero.after_rolls(2)[12] == Fraction(125, 1296)  # exercise tablero-2
    assert [tablero.ways(s) for s in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def test_the_count_by_hand_adds_up_to_the_convolution():
    table = tablero.two_rolls_count(14)
    total = table.row(-1)["formas"]
    assert total == 146 and Fraction(total, 36 * 36) == tablero.after_rolls(2)[14]
    assert tablero.two_rolls_count(12).row(-1)["formas"] == 125


def test_names_and_moving_cards():
    assert tablero.name(21) == "21 Princesa"
    assert tablero.name(markov.IN_JAIL) == "Cárcel (preso)"
    assert tablero.name(markov.IN_JAIL, "superpoly").startswith("Prisión")
    cards = tablero.moving_cards("el_pale")
    assert [(r["mazo"], r["mueven la ficha"], r["cartas"]) for r in cards] == [
        ("suerte", 6, 16),
        ("sorpresa", 3, 16),
    ]
    assert tablero.three_doubles() == Fraction(1, 6) ** 3


def test_the_long_run_is_not_uniform():
    p = tablero.long_run("el_pale")
    assert sum(p.values()) == 1
    assert p[30] == 0  # «De aquí a la Cárcel»: nobody ends a roll there
    assert tablero.top_square("el_pale", prisoners=True) == markov.IN_JAIL
    assert tablero.top_square("el_pale") == 21
    rows = list(tablero.ranked_squares("el_pale"))
    assert rows[0]["casilla"] == "Cárcel (preso)"
    assert rows[-1]["casilla"] == "30 De aquí a la Cárcel"
    assert rows[1]["veces 1/40"] == p[21] * 40


def test_staying_in_jail_keeps_more_prisoners():
    row = tablero.jail_policies("el_pale").row(0)
    assert row["tirar"] > row["pagar"]
    assert row["diferencia"] == 1000 * (
        tablero.long_run("el_pale", "roll")[markov.IN_JAIL]
        - tablero.long_run("el_pale")[markov.IN_JAIL]
    )


def test_heat_adds_visitors_and_prisoners_at_the_cárcel():
    p = tablero.long_run("el_pale")
    heat = tablero.heat("el_pale")
    assert heat[10] == pytest.approx(100 * float(p[10] + p[markov.IN_JAIL]))
    assert sum(tablero.heat("el_pale", 2).values()) == pytest.approx(100)
    assert tablero.heat("el_pale", 1)[7] == pytest.approx(100 / 6)


def test_the_law_of_large_numbers_table_shrinks():
    gaps = tablero.large_numbers("el_pale").column("mayor diferencia")
    assert gaps == sorted(gaps, reverse=True)
    assert tablero.largest_gap("el_pale", 40_000) < Fraction(1, 100)


def test_one_payback_everywhere_cost_over_extra_rent():
    """The group's payback counts only the rent its houses add to the bare (double) rent,
    as rent.house_payback does for one house (PAL-04: a whole unbuilt group pays double)."""
    by = {(r.group, r.level): r for r in rent.group_table("el_pale")}
    naranja = next(r for r in tablero.group_paybacks("el_pale", 3) if r.group == "naranja")
    extra = by[("naranja", 3)].rent_per_roll - by[("naranja", 0)].rent_per_roll
    assert naranja.extra == extra and naranja.rolls == Fraction(900_000) / extra
    assert tablero.best_group("el_pale", 3) == "naranja"
    assert tablero.best_group("superpoly", 1) == "D"  # by total rent it would be H
    assert rent.best_value_group("superpoly", level=1) == "H"
    order = [r.rolls for r in tablero.group_paybacks("el_pale", 3)]
    assert order == sorted(order)


def test_the_mortgage_deal_repays_the_house_and_the_interest():
    """PROP-13 / PAL-08: lifting costs the loan + 10 %; the loan went into the house."""
    d = tablero.deal("el_pale", 5, 16)
    assert (d.plan.loan, d.plan.redeem, d.spent, d.interest) == (100_000, 110_000, 100_000, 10_000)
    assert d.cost == 110_000
    assert d.rolls == Fraction(110_000) / (d.gained - d.lost)
    assert d.rolls == 11 * d.plan.break_even  # the old count saw only the 10 000 of interest
    assert round(float(d.rolls), 1) == 125.7
    ex11 = tablero.deal("el_pale", 15, 16, level=1)
    assert round(float(ex11.rolls), 1) == 32.0
    assert tablero.deal_levels("el_pale").column("tiradas") == ["125,7", "30,2", "10,1", "20,2"]


def test_a_broken_group_never_pays_back():
    """RUT-04: in La Ruta a mortgaged plot breaks its group's double toll."""
    pale, ruta = tablero.broken_group("el_pale"), tablero.broken_group("la_ruta_del_tesoro")
    assert pale[1] == ruta[1] == "nunca"
    assert ruta[0] > pale[0]
    plan = mortgage.mortgage_to_build("la_ruta_del_tesoro", mortgage=6, build=1, also_own=[8, 9])
    assert plan.break_even is None


def test_three_games():
    top = tablero.games_top(5)
    assert len(top) == 5 and top.row(0)["Superpoly"].startswith("Prisión (preso)")
    firsts = tablero.games_groups(3).row(0)
    assert [firsts[t].split()[0] for t in tablero.GAMES] == ["naranja", "naranja", "D"]


def test_toy_chain_stationary_is_exact():
    matrix = tablero.toy_matrix()
    assert all(sum(row) == 1 for row in matrix)
    pi = tablero.stationary(matrix)
    expected = [Fraction(4, 21), Fraction(11, 84), Fraction(3, 28), Fraction(31, 84)]
    assert pi == [*expected, Fraction(17, 84), Fraction(0)]
    assert tablero.toy_powers((1,)).row(0)["Cárcel"] == Fraction(1, 3)


def test_batch_errors_do_not_assume_independent_rolls():
    errors = tablero.batch_errors("el_pale", rolls=4_000, batches=10)
    assert errors[30] == 0  # nobody ends on «De aquí a la Cárcel», in any batch
    assert all(e >= 0 for e in errors.values())
    inside, total = tablero.within("el_pale", rolls=4_000, batches=10)
    assert total == 41 and 0 <= inside <= total
    assert tablero.naive_error(Fraction(1, 2), 100) == pytest.approx(0.05)


def test_the_spanish_names_students_type_give_the_engines_numbers():
    assert tablero.nombre(19) == tablero.name(19) == "19 Carrera de San Jerónimo"
    assert tablero.largo_plazo("el_pale")[tablero.PRESO] == tablero.long_run()[markov.IN_JAIL]
    assert tablero.mejor_grupo("superpoly", casas=1) == tablero.best_group("superpoly", 1)
    assert tablero.tiradas_para_pagar_la_casa("superpoly", 19, 2) == tablero.house_payback(
        "superpoly", 19, 2
    )
    assert (
        tablero.trato("el_pale", 15, 16, casas=1).rolls
        == tablero.deal("el_pale", 15, 16, level=1).rolls
    )
