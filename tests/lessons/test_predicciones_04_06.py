"""Lessons 04, 05 and 06 predict before they answer: each «Predice» cell holds only its
questions (paper-safe, tagged ficha), each question has a `predice(n, …)` cell tagged prediccion,
and each `acertaste(n)` cell (tagged acertaste) comes after its prediction."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = {
    "04_interes_compuesto.ipynb": "interes",
    "05_palabra.ipynb": "palabra",
    "06_multiplicadores.ipynb": "multiplicadores",
}
PREDICE = re.compile(r"^predice\((\d+),")
ACERTASTE = re.compile(r"^acertaste\((\d+)\)$")


def cells(name):
    return nbformat.read(NOTEBOOKS / name, as_version=4).cells


def tags(cell):
    return cell.metadata.get("tags", [])


@pytest.mark.parametrize("name", LESSONS)
def test_every_answer_comes_after_its_prediction(name):
    seen, answered = set(), []
    for cell in cells(name):
        if cell.cell_type != "code":
            continue
        source = cell.source.strip()
        if m := PREDICE.match(source):
            assert tags(cell) == ["prediccion"], source
            seen.add(int(m.group(1)))
        if m := ACERTASTE.match(source):
            assert tags(cell) == ["acertaste"], source
            assert int(m.group(1)) in seen, f"{name}: acertaste({m.group(1)}) before its predice"
            answered.append(int(m.group(1)))
    assert seen and sorted(answered) == sorted(seen) and len(set(answered)) == len(answered)


@pytest.mark.parametrize("name", LESSONS)
def test_the_predice_cell_holds_only_its_questions(name):
    lesson = cells(name)
    [i] = [k for k, c in enumerate(lesson) if c.cell_type == "markdown" and "Predice" in c.source]
    predice = lesson[i]
    assert "ficha" in tags(predice)
    for word in ("cuaderno", "ejecuta", "Ejecuta", "`", "celda", "pulsa"):
        assert word not in predice.source, word
    questions = re.findall(r"^(\d+)\. ", predice.source, flags=re.M)
    predictions = [
        PREDICE.match(c.source.strip()) for c in lesson[i + 1 :] if "prediccion" in tags(c)
    ]
    assert [m.group(1) for m in predictions] == questions
    assert lesson[i + 1].cell_type == "markdown" and "..." in lesson[i + 1].source
    assert not tags(lesson[i + 1])


@pytest.mark.parametrize(("name", "module"), LESSONS.items())
def test_the_setup_cell_imports_the_lessons_answers(name, module):
    setup = next(c for c in cells(name) if c.cell_type == "code")
    assert f"from kit.lessons.respuestas.{module} import acertaste, predice" in setup.source


@pytest.mark.parametrize("name", LESSONS)
def test_the_saved_answers_are_the_answers_text(name):
    """The teacher's copy shows each answer after its sample prediction (a clean run)."""
    for cell in cells(name):
        if "acertaste" in tags(cell):
            shown = "".join(o.get("data", {}).get("text/markdown", "") for o in cell.outputs)
            assert shown and "Tu predicción" in shown and "🔒" not in shown, cell.source
