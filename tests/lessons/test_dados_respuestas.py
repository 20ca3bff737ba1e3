"""Lesson 01's corrected conclusions and its predictions (issue 23): every «¿Acertaste?» answer
holds the numbers the kit computes, and the notebook asks for each prediction before its answer.

The conclusions pinned here: the kitty lasts 1296/671 rounds, which are 4 · 1296/671 ≈ 7,7 roll
slots (not the 6 rolls the first six takes); the 10 000 simulated bets of seed 2026 ended 2,6
standard errors below the expected 466,67 € (not «cerca»); the rounds model assumes a kitty
starts a round, and a kitty that starts later in a round touches more rounds.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from kit.exercises.predictions import ACERTASTE, PREDICCION, RESULTADO
from kit.lessons import dados
from kit.lessons.respuestas import dados as respuestas

LESSON = Path(__file__).parents[2] / "notebooks" / "01_dados.ipynb"


def plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


# -- the kitty in rounds and in roll slots --------------------------------------------------------


def test_the_kitty_lasts_1296_671_rounds_that_are_7_7_roll_slots_not_6_rolls():
    p = dados.p_alguien_saca_un_seis(4)
    assert 1 / p == Fraction(1296, 671)
    assert dados.turnos_de_media(4) == 4 * Fraction(1296, 671) == Fraction(5184, 671)
    assert plain(dados.decimal(dados.turnos_de_media(4), 1)) == "7,7"
    assert dados.turnos_de_media(4) > 1 / dados.DADO.P({6}) == 6
    texto = plain(respuestas.acertaste.texto(5))
    assert "1296⁄671 ≈ **1,93 vueltas**" in texto
    assert "≈ 7,7 turnos de tirada" in texto and "6 tiradas" in texto
    assert "1,96 vueltas" in texto and "6,12 tiradas" in texto
    assert "1 296/671" not in texto  # a mixed number's look


def test_the_rounds_model_assumes_a_kitty_starts_a_round():
    """A kitty begun by the round's k-th player touches 1 + q^(5−k)/(1 − q⁴) rounds, q = 5/6:
    checked against the sum over the first six's roll."""
    q = Fraction(5, 6)
    for puesto in range(1, 5):
        by_roll = sum(
            math.ceil((t + puesto - 1) / 4) * q ** (t - 1) * (1 - q) for t in range(1, 400)
        )
        assert abs(dados.vueltas_si_empieza(4, puesto) - by_roll) < Fraction(1, 10**25)
    assert dados.vueltas_si_empieza(4, 1) == Fraction(1296, 671)
    assert dados.vueltas_si_empieza(4, 4) == Fraction(1751, 671)
    vueltas = dados.tabla_segun_quien_empieza(4).column("vueltas")
    assert vueltas == sorted(vueltas) and len(set(vueltas)) == 4
    with pytest.raises(ValueError):
        dados.vueltas_si_empieza(4, 5)
    assert "empieza al principio de una vuelta" in respuestas.acertaste.texto(5)


# -- the spread of the simulated bets -------------------------------------------------------------


def test_the_simulated_mean_of_seed_2026_is_2_6_standard_errors_below():
    d = dados.dispersion(2026, 10_000, 200)
    assert d.media == Fraction(2211, 5) and d.esperada == Fraction(1400, 3)
    assert d.varianza == Fraction(8_000_000, 9)  # one bet: 1800 € or −200 €
    assert d.distancia == Fraction(-367, 15)
    # z² exactly: distance² · n / variance
    assert d.distancia**2 * d.veces / d.varianza == Fraction(134689, 20000)
    assert d.en_errores == pytest.approx(-math.sqrt(134689 / 20000))
    assert plain(dados.decimal(d.en_errores, 1)) == "-2,6"
    assert plain(dados.euros(d.error_tipico)) == "9,43 €"
    assert plain(dados.euros(d.desviacion)) == "942,81 €"
    assert d.media == Fraction(d.ganadas * 10 * 200, d.veces) - 200  # the mean is fixed by the wins
    assert Fraction(9, 1000) < d.prob_tan_lejos() < Fraction(1, 100)
    texto = plain(respuestas.acertaste.texto(4))
    for number in ("7/3", "466,67 €", "442,20 €", "24,47 €", "9,43 €", "2,6 errores típicos"):
        assert number in texto
    assert "1,0 %" in texto and "mala suerte" in texto and "cerca" not in texto
    tabla = plain(str(dados.tabla_de_la_dispersion(2026, 10_000, 200)))
    assert "942,81 €" in tabla and "9,43 €" in tabla and "-2,6" in tabla


def test_the_chance_of_a_mean_that_far_is_the_enumerated_one():
    """prob_tan_lejos against every sequence of 6 dice: P(|wins − 2| ≥ |k − 2|)."""
    for ganadas in range(7):
        hits = sum(
            1
            for faces in itertools.product(range(1, 7), repeat=6)
            if abs(sum(f in (5, 6) for f in faces) - 2) >= abs(ganadas - 2)
        )
        d = dados.Dispersion(
            200, 6, Fraction(1400, 3), Fraction(8_000_000, 9), Fraction(0), ganadas
        )
        assert d.prob_tan_lejos() == Fraction(hits, 6**6)


# -- the other answers ------------------------------------------------------------------------


def test_answers_one_to_three_hold_the_computed_numbers():
    uno = respuestas.acertaste.texto(1)
    assert "**7** (6 casos de 36)" in uno and "**2** y el **12** (1 caso" in uno
    lab = dados.DiceLab(seed=7)
    lab.roll(10_000)
    dos = plain(respuestas.acertaste.texto(2))
    assert f"**{plain(dados.format_count(lab.doubles))}**" in dos
    assert "1666,7" in dos and "16,9 %" in dos and "16,7 %" in dos
    tres = respuestas.acertaste.texto(3)
    assert "1/216" in tres and "**6 veces menos**" in tres


def test_an_answer_shows_only_after_its_prediction():
    before = respuestas.acertaste(4)._repr_mimebundle_()["text/markdown"]
    assert "442,20" not in plain(before)
    respuestas.predice(4, "no")
    after = respuestas.acertaste(4)._repr_mimebundle_()["text/markdown"]
    assert "442,20" in plain(after)


def test_the_lessons_point_3_tables_have_no_python_reprs():
    assert dados.tabla_de_casos(7).column("rojo") == [1, 2, 3, 4, 5, 6]
    regla = plain(str(dados.tabla_de_la_regla()))
    assert "300,00 €" in regla and "5 o 6" in regla and "10 veces" in regla


# -- the notebook: predict first, then the answer -----------------------------------------------


def _tags(cell) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def test_every_answer_cell_comes_after_its_prediction_cell():
    nb = nbformat.read(LESSON, as_version=4)
    predicted: set[int] = set()
    answered: list[int] = []
    for cell in nb.cells:
        if PREDICCION in _tags(cell):
            predicted |= {int(n) for n in re.findall(r"predice\((\d+),", cell.source)}
        if ACERTASTE in _tags(cell):
            (n,) = re.fullmatch(r"acertaste\((\d+)\)", cell.source.strip()).groups()
            assert int(n) in predicted, f"acertaste({n}) before predice({n}, …)"
            answered.append(int(n))
    assert answered == sorted(respuestas.acertaste.respuestas) == [1, 2, 3, 4, 5]
    assert predicted == set(answered)


def test_the_predice_cell_holds_only_the_questions_and_stays_on_paper():
    nb = nbformat.read(LESSON, as_version=4)
    (predice,) = [c for c in nb.cells if c.cell_type == "markdown" and "Predice" in c.source]
    assert "ficha" in _tags(predice)
    for word in ("cuaderno", "ejecuta", "predice(", "`"):
        assert word not in predice.source.lower()
    setup = nb.cells[1].source
    assert "from kit.lessons.respuestas.dados import acertaste, predice" in setup


def test_the_results_the_answers_discuss_are_tagged():
    nb = nbformat.read(LESSON, as_version=4)
    tagged = [c.source for c in nb.cells if RESULTADO in _tags(c)]
    for source in (
        "dados.apuestas_simuladas(2026, 10_000, 200)",
        "dados.botes_simulados(2026, 10_000, 4)",
        "dados.comparar(grande)",
        "dados.tabla_de_la_dispersion(2026, 10_000, 200)",
    ):
        assert source in tagged
    assert not any("DiceLab(" in source for source in tagged)  # the boards keep their pictures
