"""The students' copies of the lessons, as `kit classroom` writes them: no «¿Acertaste?» answer
is on the screen before its prediction is recorded, and each shows once it is.

Every lesson's copy is built from the repository; then, in a real kernel, its setup cell, its
prediction cells and its «¿Acertaste?» cells run twice: as the copy holds them (every
prediction `...`) and with a prediction typed into each.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from kit.classroom import LESSONS, build_classroom
from kit.exercises.predictions import ACERTASTE, PREDICCION, RESULTADO, en_blanco

ROOT = Path(__file__).resolve().parents[1]
# Every lesson is converted to predice / acertaste (issue 23).
STEMS = [
    "01_dados",
    "02_tablero",
    "03_dia_de_paga",
    "04_interes_compuesto",
    "05_palabra",
    "06_multiplicadores",
]
CALL = re.compile(r"\b(predice|acertaste)\(\s*(\d+)")
ANSWERS = re.compile(r"from kit\.lessons\.respuestas\.(\w+) import")
LOCKED = "Anota antes tu predicción"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("aula") / "classroom"
    build_classroom(ROOT / "notebooks", ROOT / "exercises", out)
    return out / LESSONS


def tagged(notebook: nbformat.NotebookNode, tag: str) -> list[nbformat.NotebookNode]:
    return [cell for cell in notebook.cells if tag in cell.get("metadata", {}).get("tags", [])]


def numbers(cells: list[nbformat.NotebookNode], function: str) -> list[int]:
    return [
        int(number)
        for cell in cells
        for name, number in CALL.findall(cell.source)
        if name == function
    ]


def text_of(cell: nbformat.NotebookNode) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        parts.extend(str(value) for value in output.get("data", {}).values())
    return "\n".join(parts)


def run_cells(notebook: nbformat.NotebookNode, cells: list[nbformat.NotebookNode]) -> None:
    """Run `cells` of `notebook` in order in one fresh kernel, from the lessons' folder."""
    runner = nbformat.v4.new_notebook(metadata=notebook.metadata)
    runner.cells = cells
    NotebookClient(
        runner,
        timeout=180,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT / "notebooks")}},
    ).execute()


@pytest.mark.parametrize("stem", STEMS)
def test_a_lessons_copy_shows_no_answer_before_its_prediction(classroom, stem):
    copy = nbformat.read(classroom / f"{stem}.ipynb", as_version=4)
    predictions, answers = tagged(copy, PREDICCION), tagged(copy, ACERTASTE)
    assert answers, f"{stem}: no «¿Acertaste?» cell tagged {ACERTASTE!r}"
    asked = numbers(predictions, "predice")
    assert sorted(set(numbers(answers, "acertaste"))) == sorted(set(asked)), stem
    for cell in predictions:  # every prediction blank: the student writes it
        assert "..." in cell.source and en_blanco(cell.source) == cell.source, (stem, cell.source)
    for cell in [*predictions, *answers, *tagged(copy, RESULTADO)]:
        assert not cell.get("outputs"), (stem, cell.source)  # nothing saved gives it away

    setup = next(cell for cell in copy.cells if ANSWERS.search(cell.source))
    lesson = importlib.import_module(f"kit.lessons.respuestas.{ANSWERS.search(setup.source)[1]}")
    run_cells(copy, [setup, *predictions, *answers])
    for cell in answers:
        assert LOCKED in text_of(cell), (stem, cell.source, text_of(cell))

    for cell in predictions:
        cell.source = cell.source.replace("...", '"una predicción de la clase"')
    run_cells(copy, [setup, *predictions, *answers])
    for cell, number in zip(answers, numbers(answers, "acertaste"), strict=True):
        shown = text_of(cell)
        assert LOCKED not in shown and "«una predicción de la clase»" in shown, (stem, shown)
        assert lesson.acertaste.texto(number) in shown, (stem, number)
