"""kit.lessons.dados: the numbers lesson 01 (probabilidad con dados) states, exactly.

Rule ids are those of ../shared/rules/RULES.md: PROP-03 three doubles send the token to the
Cárcel; DDP-15 the «En caso de necesidad» bet (read: the stake is lost in both cases, a 5 or 6
pays 10× on top); DDP-11 the kitty (bote) goes to the first player who rolls a six.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest

import kit
from kit.lessons import dados
from kit.widgets import DiceLab


def plain(text: str) -> str:
    """Spanish format uses narrow and no-break spaces (1 800,00 €); compare with plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


# -- the 6×6 table and Laplace's rule -------------------------------------------------------------


def test_the_6x6_table_holds_the_36_sums():
    tabla = dados.tabla_6x6()
    assert len(tabla) == 6 and len(tabla.columns) == 7
    for rojo, fila in enumerate(tabla, 1):
        assert [fila[str(azul)] for azul in range(1, 7)] == [rojo + azul for azul in range(1, 7)]
    cells = [fila[str(azul)] for fila in tabla for azul in range(1, 7)]
    assert len(cells) == 36 and cells.count(7) == 6 and cells.count(12) == 1


def test_the_sums_table_counts_cases_out_of_36():
    tabla = dados.tabla_de_sumas()
    assert tabla.column("suma") == list(range(2, 13))
    assert tabla.column("casos") == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert sum(tabla.column("casos")) == 36
    assert tabla.column("P")[5] == Fraction(1, 6)
    assert sum(tabla.column("P")) == 1


def test_seven_is_the_most_likely_sum_and_two_and_twelve_the_least():
    assert dados.casos_de(7) == [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)]
    tabla = dados.mas_probables()
    assert tabla.column("sumas") == ["7", "2 y 12"]
    assert tabla.column("P") == [Fraction(1, 6), Fraction(1, 36)]


def test_three_doubles_prop_03_is_six_times_rarer_than_a_twelve():
    turnos = kit.turn_rolls()
    p_carcel = turnos.P(dados.acaba_en_la_carcel)
    assert p_carcel == Fraction(1, 6) ** 3
    assert dados.SUMAS[12] / p_carcel == 6


# -- what the dice lab saw -------------------------------------------------------------------------


def test_the_seeded_counts_are_the_dice_labs_own():
    """sumas_tiradas draws exactly what DiceLab(seed).roll(n) draws, without a widget."""
    lab = DiceLab(seed=7)
    lab.roll(10_000)
    assert dados.sumas_tiradas(7, 10_000) == lab.counts_by_sum
    assert dados.sietes(7, 10_000) == lab.counts_by_sum[7] == 1688
    assert lab.doubles == 1691


def test_frequency_table_and_comparison():
    lab = DiceLab(seed=7)
    lab.roll(10_000)
    tabla = dados.tabla_de_frecuencias(lab)
    assert sum(tabla.column("veces")) == 10_000 and sum(tabla.column("frecuencia")) == 1
    assert "16,9 %" in plain(tabla._repr_html_())
    comparacion = dados.comparar(lab)
    assert comparacion.column("esperadas") == [
        Fraction(10_000, 36),
        Fraction(10_000, 6),
        Fraction(10_000, 36),
        Fraction(10_000, 6),
    ]
    assert comparacion.column("vistas") == [284, 1688, 275, 1691]
    assert dados.media_observada(lab) == Fraction(34951, 5000)
    assert plain(dados.decimal(dados.media_observada(lab))) == "6,99"


def test_the_law_of_large_numbers_table_ends_near_one_sixth():
    tabla = dados.frecuencias_del_siete(7)
    assert tabla.column("tiradas") == [10, 100, 1_000, 10_000, 100_000]
    assert tabla.column("sietes") == [2, 15, 178, 1688, 16607]
    assert abs(tabla.column("frecuencia")[-1] - Fraction(1, 6)) < Fraction(1, 100)
    assert "<svg" in dados.grafica_del_siete(7)._repr_svg_()


# -- Día de Paga: the bet (DDP-15) and the kitty (DDP-11) ------------------------------------------


def test_ddp_15_bet_is_read_from_the_rule_file():
    assert dados.la_apuesta() == dados.Apuesta(tope=300, caras=(5, 6), premio=10)


def test_ddp_15_expected_gain_is_seven_thirds_of_the_stake():
    assert dados.ganancia(200) == kit.Dist({1800: Fraction(1, 3), -200: Fraction(2, 3)})
    assert dados.ganancia(200).mean() == Fraction(1400, 3)
    assert dados.ganancia(1).mean() == Fraction(7, 3)
    assert dados.ganancia(150).mean() == 350  # exercise dados-11
    assert plain(dados.euros(Fraction(1400, 3))) == "466,67 €"
    tabla = dados.tabla_de_la_apuesta(200)
    assert tabla.column("ganancia") == [1800, -200]
    assert tabla.column("sale") == ["5 y 6", "1, 2, 3 y 4"]


def test_simulated_bets_are_seeded():
    tabla = dados.apuestas_simuladas(2026, 10_000, 200)
    assert tabla.column("ganadas") == [3211]
    assert tabla.column("media") == [Fraction(2211, 5)]  # 442,20 €
    assert dados.apuestas_simuladas(2026, 10_000, 200) == tabla


def test_ddp_11_kitty_lasts_1296_671_rounds_not_three_halves():
    """Issue 13: with 4 players the mean in whole rounds is 1/(1 − (5/6)^4), not 6/4."""
    p = dados.p_alguien_saca_un_seis(4)
    assert p == Fraction(671, 1296)
    assert 1 / p == Fraction(1296, 671) != Fraction(3, 2)
    assert plain(dados.decimal(1 / p)) == "1,93"
    assert plain(dados.porcentaje(p)) == "51,8 %"
    # the same mean as the series sum of r · P(won in round r), summed far enough
    mean = sum(r * (1 - p) ** (r - 1) * p for r in range(1, 200))
    assert abs(mean - Fraction(1296, 671)) < Fraction(1, 10**40)
    tabla = dados.tabla_de_vueltas(4)
    assert tabla.column("P")[0] == p and tabla.column("P")[1] == (1 - p) * p


def test_the_round_of_a_six_counts_whole():
    """One player: a round is a roll. More players: the rounds are the rolls ÷ players rounded
    up, so their mean is above the mean rolls ÷ players (the 1,5 of the issue)."""
    solo = dados.botes_simulados(3, 500, 1)
    assert solo.column("tiradas") == solo.column("vueltas")
    cuatro = dados.botes_simulados(3, 500, 4)
    assert cuatro.column("tiradas") == solo.column("tiradas")  # the same seeded rolls
    assert cuatro.column("vueltas")[0] > cuatro.column("tiradas")[0] / 4
    rng = Random(1)
    assert all(dados.tiradas_hasta_un_seis(rng) >= 1 for _ in range(50))


def test_simulated_kitties_are_near_the_exact_means():
    tabla = dados.botes_simulados(2026, 10_000, 4)
    tiradas, vueltas = tabla.column("tiradas")[0], tabla.column("vueltas")[0]
    assert tiradas == Fraction(15291, 2500)  # 6,12
    assert vueltas == Fraction(19591, 10000)  # 1,96
    assert abs(tiradas - 6) < Fraction(1, 5) and abs(vueltas - Fraction(1296, 671)) < Fraction(
        1, 10
    )


def test_waiting_table_is_geometric():
    tabla = dados.tabla_de_esperas()
    assert tabla.column("P") == [Fraction(5, 6) ** (k - 1) * Fraction(1, 6) for k in range(1, 7)]


# -- Ampliación (Bachillerato) ---------------------------------------------------------------------


def test_variance_terms_add_up_to_35_6():
    tabla = dados.tabla_de_la_varianza()
    assert sum(tabla.column("producto")) == Fraction(35, 6) == dados.SUMAS.variance()
    assert tabla.column("cuadrado")[0] == 25


def test_errors_shrink_from_100_to_100000_rolls():
    errores = dados.tabla_de_errores(7).column("error")
    assert errores[0] > errores[-1]
    assert errores[-1] == pytest.approx(0.0029, abs=1e-4)
