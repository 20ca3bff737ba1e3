"""Predict, then look (kit.exercises.predictions): a prediction is recorded in the kernel and in
the cell's output, an «¿Acertaste?» answer shows only once its prediction is in, and the
students' copies of the lessons have every prediction blank and no answer saved."""

from __future__ import annotations

from fractions import Fraction

import nbformat
import pytest

from kit.classroom import lesson_copy
from kit.exercises.predictions import (
    ACERTASTE,
    MIME,
    PREDICCION,
    RESULTADO,
    Respuestas,
    anotada,
    en_blanco,
    predice,
)
from kit.messages import PlainError

ANSWER = "La más probable es el **7** (6 casos de 36)."


def bundle(shown) -> dict:
    return shown._repr_mimebundle_()


def test_an_answer_is_hidden_until_its_prediction_is_recorded_and_shown_after():
    acertaste = Respuestas({1: lambda: ANSWER})
    before = bundle(acertaste(1))
    assert ANSWER not in before["text/markdown"] and ANSWER not in before["text/plain"]
    assert "predice(1, ...)" in before["text/plain"]
    predice(1, "el 7")
    after = bundle(acertaste(1))
    assert ANSWER in after["text/markdown"]
    assert "«el 7»" in after["text/plain"]


def test_a_blank_prediction_is_not_recorded_and_says_what_to_write():
    acertaste = Respuestas({1: lambda: ANSWER})
    for blank in (..., "", "   ", None):
        shown = bundle(predice(1, blank))
        assert MIME not in shown and "..." in shown["text/plain"]
        assert anotada(1) is None
        assert ANSWER not in bundle(acertaste(1))["text/plain"]


def test_blanking_a_prediction_again_forgets_it():
    predice(1, "el 7")
    predice(1, ...)
    assert anotada(1) is None


def test_the_saved_output_carries_the_prediction_for_the_gradebook():
    shown = bundle(predice(2, "unos 1700"))
    assert shown[MIME] == {"n": 2, "prediccion": "unos 1700"}
    assert "unos 1700" in shown["text/plain"]


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(1, 6), "1/6"), (0.5, "0,5"), (7, "7"), (" el 7 ", "el 7"), (True, "sí")],
)
def test_a_prediction_is_shown_as_the_student_writes_it(value, text):
    assert bundle(predice(1, value))[MIME]["prediccion"] == text


@pytest.mark.parametrize("bad", ["uno", 0, -1, 1.5, True, None])
def test_a_question_number_that_is_not_one_is_one_plain_sentence(bad):
    with pytest.raises(PlainError) as refused:
        predice(bad, "el 7")
    assert "número de la pregunta" in str(refused.value)
    assert anotada(1) is None


def test_a_question_the_lesson_does_not_have_is_refused_naming_the_ones_it_has():
    acertaste = Respuestas({1: lambda: ANSWER, 2: lambda: ANSWER})
    with pytest.raises(PlainError) as refused:
        acertaste(5)
    assert "1, 2" in str(refused.value)


@pytest.mark.parametrize(
    ("written", "blank"),
    [
        ('predice(1, "el 7; el 2 y el 12")', "predice(1, ...)"),
        ("predice(2, 1666)  # unos mil", "predice(2, ...)  # unos mil"),
        ('predice(3, "ñandú «x»")\npredice(4, Fraction(1, 6))', "predice(3, ...)\npredice(4, ...)"),
        ('predice(\n    5,\n    "dos\\nlíneas",\n)', "predice(\n    5,\n    ...,\n)"),
        ("predice(1, ...)", "predice(1, ...)"),
    ],
)
def test_a_students_copy_of_a_prediction_cell_is_blank(written, blank):
    assert en_blanco(written) == blank


def test_a_lesson_copy_strips_answers_and_results_and_keeps_the_rest():
    lesson = nbformat.v4.new_notebook()
    shown = [nbformat.v4.new_output("stream", text="salida\n")]
    cells = {
        PREDICCION: 'predice(1, "el 7")',
        RESULTADO: "grande.roll(10_000)",
        ACERTASTE: "acertaste(1)",
        "": "lab = DiceLab(seed=2026)\nlab",
    }
    for tag, source in cells.items():
        cell = nbformat.v4.new_code_cell(source, outputs=list(shown), execution_count=1)
        if tag:
            cell.metadata["tags"] = [tag]
        lesson.cells.append(cell)
    lesson.cells.append(nbformat.v4.new_markdown_cell("## 5. ¿Acertaste?"))
    copy = lesson_copy(lesson)
    by_source = {cell.source: cell for cell in copy.cells}
    assert by_source["predice(1, ...)"].outputs == []
    assert by_source["grande.roll(10_000)"].outputs == []
    assert by_source["acertaste(1)"].outputs == []
    assert by_source["lab = DiceLab(seed=2026)\nlab"].outputs == shown  # the picture stays
    assert lesson.cells[0].source == 'predice(1, "el 7")'  # the teacher's lesson is unchanged
    assert lesson.cells[2].outputs == shown
