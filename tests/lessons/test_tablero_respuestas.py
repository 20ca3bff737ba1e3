"""Lesson 02's corrected conclusions (issue 23, point 1) pinned to computed values, its
«¿Acertaste?» answers (kit.lessons.respuestas.tablero) and the lesson's predict-then-look cells."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from kit.analysis import markov, rent
from kit.exercises.predictions import ACERTASTE, PREDICCION, RESULTADO, predice
from kit.lessons import tablero
from kit.lessons.respuestas import tablero as respuestas
from kit.table import format_count, format_decimal

LESSON = Path(__file__).parents[2] / "notebooks" / "02_tablero.ipynb"


@pytest.fixture(scope="module")
def lesson():
    return nbformat.read(LESSON, as_version=4)


def markdown(lesson) -> str:
    text = "\n".join(c.source for c in lesson.cells if c.cell_type == "markdown")
    return spaced(text)


def spaced(text: str) -> str:
    """The kit writes thousands with a narrow no-break space; a lesson's Markdown with a space."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


# -- point 1: the conclusions, each pinned to a computed value ---------------------------------


def test_the_dice_put_the_token_on_7_but_the_roll_ends_there_less_than_on_6_and_8():
    deck = next(d for d in tablero.game("el_pale").rules.decks if d.name == "suerte")
    moving = sum(1 for c in deck.cards if c.effect in tablero.MOVING_EFFECTS)
    dice = tablero.after_rolls(1)
    ends = tablero.first_roll_ends("el_pale")
    assert dice[7] == Fraction(tablero.ways(7), 36) == max(dice.values())
    assert ends[7] == dice[7] * Fraction(len(deck.cards) - moving, len(deck.cards))
    assert ends[7] == Fraction(5, 48)  # the value issue 23 quotes
    assert ends[6] == ends[8] == Fraction(tablero.ways(6), 36) == Fraction(5, 36)
    assert max(c for c in ends.values()) == ends[6] > ends[7]
    assert sum(ends.values()) == 1


def test_the_brown_group_is_last_for_its_low_rent_not_for_want_of_visitors():
    p = tablero.long_run("el_pale")
    curtidores = next(
        t.square for t in tablero.game("el_pale").rules.titles if t.name == "Curtidores"
    )
    assert p[curtidores] > tablero.UNIFORM
    assert round(float(p[curtidores]), 4) == 0.0262
    rows = tablero.group_paybacks("el_pale", 3)
    assert rows[-1].group == "marrón"
    per_cost = {r.group: r.extra / r.cost for r in rows}
    assert min(per_cost, key=per_cost.get) == "marrón"
    # in every game the last group is the one whose houses add least per peseta they cost
    for key in tablero.GAMES.values():
        rows = tablero.group_paybacks(key, 3)
        assert rows[-1] == min(rows, key=lambda r: r.extra / r.cost)


def test_the_first_house_raises_the_rent_150_percent_and_is_the_smallest_step():
    r = [rent.title_rent("el_pale", 19, level=lv) for lv in range(6)]
    assert (r[1] - r[0]) / r[0] == Fraction(3, 2)
    steps = [b - a for a, b in itertools.pairwise(r)]
    assert steps[0] == min(steps) and steps[2] == max(steps)
    for key in tablero.GAMES.values():  # the general claim: every lot of the three games
        for t in tablero.game(key).rules.titles:
            if t.kind == "lot":
                rs = [rent.title_rent(key, t.square, level=lv) for lv in range(6)]
                assert rs[1] - rs[0] == min(b - a for a, b in itertools.pairwise(rs))


def test_mortgaging_a_street_of_a_whole_group_for_third_houses_pays_back_in_under_13_rolls():
    arenal_carretas = tablero.deal_on("el_pale", 39, [16, 18], level=2, also_own=[37])
    ibiza_ciudadela = tablero.deal_on("la_ruta_del_tesoro", 39, [16, 18], level=2, also_own=[37])
    assert format_decimal(arenal_carretas.rolls, 1) == "12,8"
    assert format_decimal(ibiza_ciudadela.rolls, 1) == "12,6"
    best_pale = tablero.deal("el_pale", 39, 16, level=2, also_own=[37])
    best_ruta = tablero.deal("la_ruta_del_tesoro", 39, 16, level=2, also_own=[37])
    for d in (arenal_carretas, ibiza_ciudadela, best_pale, best_ruta):
        assert d.rolls is not None and d.rolls < 13
    assert best_pale.rolls < arenal_carretas.rolls and best_ruta.rolls < ibiza_ciudadela.rolls
    assert best_ruta.lost > ibiza_ciudadela.lost - 1  # RUT-04: the blue group is broken too


def test_the_rule_holds_in_every_deal_of_the_three_games():
    for key in tablero.GAMES.values():
        first = tablero.every_deal(key, 0)
        third = tablero.every_deal(key, 2)
        assert len(first) == len(third) > 50
        assert all(r is None or r > 200 for r in first)
        assert all(r is not None for r in third)
        assert min(third) < 11


def test_the_lesson_says_what_the_kit_computes(lesson):
    text = markdown(lesson)
    assert "casi nadie cae" not in text and "apenas mejora" not in text
    assert "casi nunca sale a cuenta**, y en La Ruta" not in text
    pale = tablero.deal("el_pale", 39, 16, level=2, also_own=[37])
    ruta = tablero.deal("la_ruta_del_tesoro", 39, 16, level=2, also_own=[37])
    station = tablero.deal("el_pale", 5, 16)
    third = tablero.deal("el_pale", 5, 16, level=2)
    r = [rent.title_rent("el_pale", 19, level=lv) for lv in range(4)]
    for number in (
        format_decimal(pale.rolls, 1),
        format_decimal(ruta.rolls, 1),
        format_decimal(tablero.deal_on("el_pale", 39, [16, 18], 2, [37]).rolls, 1),
        format_decimal(tablero.deal_on("la_ruta_del_tesoro", 39, [16, 18], 2, [37]).rolls, 1),
        format_decimal(station.rolls, 1),
        format_decimal(station.gained, 1),
        format_decimal(third.rolls, 1),
        f"{format_decimal(100 * (r[1] - r[0]) / r[0], 0)} %",
        *(format_count(int(x)) for x in r),
    ):
        assert spaced(number) in text, number
    table = tablero.jail_policies("el_pale")
    roll = [table.row(0), table.row(1)]
    assert format_decimal(roll[0]["diferencia"], 1) in text
    assert format_decimal(-roll[1]["diferencia"], 1) in text


# -- point 2: the answers and the cells --------------------------------------------------------


def test_every_answer_holds_its_computed_numbers():
    dice, ends = tablero.after_rolls(1), tablero.first_roll_ends("el_pale")
    one = respuestas.acertaste.texto(1)
    for value in (dice[7], ends[7], ends[6], tablero.after_rolls(2)[14]):
        assert str(value) in one and format_decimal(value, 3) in one
    p = tablero.long_run("el_pale")
    two = respuestas.acertaste.texto(2)
    for value in (p[markov.IN_JAIL], p[21], p[7], p[36]):
        assert format_decimal(value / tablero.UNIFORM, 2) in two
    rows = tablero.group_paybacks("el_pale", 3)
    three = respuestas.acertaste.texto(3)
    assert f"**{rows[0].group}**" in three
    for value in (rows[0].rolls, rows[-1].rolls):
        assert format_decimal(value, 1) in three
    assert format_decimal(p[1], 4) in three and format_decimal(tablero.UNIFORM, 3) in three
    for text in (one, two, three):
        assert not re.search(r"\d\.\d", text)  # Spanish decimals only


def test_an_answer_shows_only_after_its_prediction():
    answer = respuestas.acertaste.texto(3)
    assert answer not in respuestas.acertaste(3)._repr_mimebundle_()["text/markdown"]
    predice(3, "el verde")
    assert answer in respuestas.acertaste(3)._repr_mimebundle_()["text/markdown"]
    assert respuestas.predice is predice


def tags(cell) -> list[str]:
    return cell.metadata.get("tags", [])


def test_every_answer_cell_has_its_prediction_before_it(lesson):
    predicted: set[int] = set()
    answered = []
    for cell in lesson.cells:
        if PREDICCION in tags(cell):
            predicted |= {int(n) for n in re.findall(r"predice\((\d+),", cell.source)}
        if ACERTASTE in tags(cell):
            (n,) = re.findall(r"acertaste\((\d+)\)", cell.source)
            assert int(n) in predicted, n
            answered.append(int(n))
    assert answered == sorted(respuestas.acertaste.respuestas)


def test_predice_holds_only_the_questions_and_no_answer_shows_before_it(lesson):
    (ficha,) = [c for c in lesson.cells if c.source.startswith("## Predice")]
    assert "ficha" in tags(ficha)
    assert "cuaderno" not in ficha.source and "`" not in ficha.source
    assert "ejecuta" not in ficha.source.lower()
    first = lesson.cells.index(ficha)
    setup = lesson.cells[1].source
    assert "from kit.lessons.respuestas.tablero import acertaste, predice" in setup
    for cell in lesson.cells[first:]:
        if cell.cell_type == "markdown" and cell.source.startswith("### ¿Acertaste?"):
            assert not re.search(r"\d+/\d+|\d,\d", cell.source)  # no answer in the heading
    results = [c.source for c in lesson.cells if RESULTADO in tags(c)]
    assert any("mejor_grupo" in s for s in results)
    assert "tablero.casillas_mas_probables()" in results
    assert 'tablero.casillas_mas_visitadas("el_pale")' in results
    assert not any("tablero.juega(" in s or "mapa_de_calor" in s for s in results)


def test_the_three_games_conclusions_hold_in_every_game():
    """«En los tres juegos los presos son la casilla más visitada y el grupo más barato es el
    que más tarda»; «quedarse en la Cárcel quita un poco a casi todas las casillas que siguen»."""
    for key in tablero.GAMES.values():
        assert tablero.top_square(key, prisoners=True) == markov.IN_JAIL
        rows = tablero.group_paybacks(key, 3)
        assert rows[-1] == min(rows, key=lambda r: r.cost)
        pay, roll = tablero.long_run(key, "pay"), tablero.long_run(key, "roll")
        after = range(11, 26)
        assert sum(1 for c in after if roll[c] < pay[c]) >= len(after) - 2


def test_the_students_copy_shows_no_answer_before_the_prediction(lesson):
    from kit.classroom import lesson_copy

    copy = lesson_copy(lesson)
    for cell in copy.cells:
        if {ACERTASTE, RESULTADO} & set(tags(cell)):
            assert cell.outputs == []
        if PREDICCION in tags(cell):
            assert re.fullmatch(r"predice\(\d+, \.\.\.\)", cell.source)
    boards = [c for c in copy.cells if "tablero.juega(" in c.source and c.cell_type == "code"]
    assert boards and all(c.outputs for c in boards)  # the boards keep their saved pictures
