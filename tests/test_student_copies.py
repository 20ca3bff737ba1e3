"""Student copies: solutions become `...`, and every check in a copy says "not yet".

The master notebooks in exercises/ are run too: every check there must say ✔, so a check that
cannot pass (or cannot fail) is caught here.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from kit.exercises import load_registry
from kit.exercises.student import (
    assigned_names,
    blank_solution,
    student_notebook,
    write_student_copies,
)

ROOT = Path(__file__).resolve().parents[1]
MASTERS = sorted((ROOT / "exercises").glob("*.ipynb"))
CHECK = re.compile(r'^check\("([^"]+)", \w+\)$')
COMMENT = "# Escribe tu respuesta en lugar de ... y ejecuta la celda."


def execute(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Run every cell in a fresh kernel from the repository root; errors stay in the outputs."""
    client = NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(ROOT)}},
    )
    return client.execute()


def check_cells(notebook: nbformat.NotebookNode) -> list[tuple[int, str]]:
    """(index, exercise id) of every check cell."""
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and (match := CHECK.match(cell.source.strip())):
            found.append((index, match.group(1)))
    return found


def text_of(cell: nbformat.NotebookNode) -> str:
    return "".join(output.get("text", "") for output in cell.get("outputs", []))


def has_error(cell: nbformat.NotebookNode) -> bool:
    return any(output.output_type == "error" for output in cell.get("outputs", []))


def solution_sources(notebook: nbformat.NotebookNode) -> list[str]:
    return [
        cell.source
        for cell in notebook.cells
        if cell.cell_type == "code" and "solution" in cell.metadata.get("tags", [])
    ]


@pytest.fixture(scope="module")
def student_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("student")
    written = write_student_copies(ROOT / "exercises", out)
    assert [path.name for path in written] == [path.name for path in MASTERS]
    return out


@pytest.fixture(scope="module", params=[path.name for path in MASTERS])
def name(request) -> str:
    return request.param


# -- the blanking of one cell ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "names"),
    [
        ("answer = Fraction(1, 6)", ["answer"]),
        ("sumas = kit.dice_sum()\nrespuesta = max(sumas, key=sumas.get)", ["sumas", "respuesta"]),
        ("a, (b, *c) = 1, (2, 3)\nd: int = 4\ne += 1\nx.y = 2\nz[0] = 1", list("abcde")),
        ("r = 1\nr = r + 1", ["r"]),
        ("print(kit.die())", []),
        ("for i in range(3):\n    j = i", []),
        ("%time r = 1", []),
    ],
)
def test_assigned_names_are_the_top_level_targets(source, names):
    assert assigned_names(source) == names


def test_a_blank_solution_keeps_the_names_under_a_comment():
    assert blank_solution("answer = Fraction(1, 6)") == f"{COMMENT}\nanswer = ..."
    assert blank_solution("kit.die().P({6})") == f"{COMMENT}\n..."


def test_student_notebook_blanks_solutions_and_clears_outputs():
    master = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("solución explicada", metadata={"tags": ["solution"]}),
            nbformat.v4.new_code_cell("x = 1", execution_count=3),
            nbformat.v4.new_code_cell(
                "r = 2 * x  # el doble", metadata={"tags": ["solution", "other"]}
            ),
            nbformat.v4.new_code_cell("print(r)"),
        ]
    )
    master.cells[1].outputs = [nbformat.v4.new_output("stream", text="1\n")]
    master.cells[2].metadata["execution"] = {"iopub.status.idle": "2026-11-29T13:54:05.170343Z"}
    copy = student_notebook(master)
    assert [cell.source for cell in copy.cells] == ["x = 1", f"{COMMENT}\nr = ...", "print(r)"]
    assert copy.cells[1].metadata.tags == ["student", "other"]
    assert all(not c.outputs and c.execution_count is None for c in copy.cells)
    assert "execution" not in copy.cells[1].metadata  # a run time may spell an answer (5.17)
    assert master.cells[1].outputs and len(master.cells) == 4  # the master is untouched


def test_copies_never_overwrite_the_masters(tmp_path):
    with pytest.raises(ValueError, match="overwrite"):
        write_student_copies(ROOT / "exercises", ROOT / "exercises")
    (single,) = write_student_copies(MASTERS[0], tmp_path)
    assert single == tmp_path / MASTERS[0].name


# -- the masters -------------------------------------------------------------------------------


def test_every_master_has_enough_checks_each_after_its_solution(name):
    notebook = nbformat.read(ROOT / "exercises" / name, as_version=4)
    checks = check_cells(notebook)
    assert len(checks) >= 8
    for index, _ in checks:
        before = notebook.cells[index - 1]
        assert "solution" in before.metadata.get("tags", []), notebook.cells[index].source
    ids = [exercise_id for _, exercise_id in checks]
    assert len(set(ids)) == len(ids)
    assert set(ids) <= set(load_registry())


def test_every_registered_exercise_is_in_a_master():
    used = {
        exercise_id
        for path in MASTERS
        for _, exercise_id in check_cells(nbformat.read(path, as_version=4))
    }
    assert used == set(load_registry())


def test_masters_pass_every_check_when_run(name):
    notebook = execute(nbformat.read(ROOT / "exercises" / name, as_version=4))
    assert not [cell.source for cell in notebook.cells if has_error(cell)]
    for index, exercise_id in check_cells(notebook):
        cell = notebook.cells[index]
        assert text_of(cell) == "✔ ¡Correcto!\n", (exercise_id, text_of(cell))
        assert [output.output_type for output in cell.outputs] == ["stream"]  # no echoed value


# -- the student copies ------------------------------------------------------------------------


def test_student_copies_have_no_solution_left(student_dir, name):
    master = nbformat.read(ROOT / "exercises" / name, as_version=4)
    copy = nbformat.read(student_dir / name, as_version=4)
    assert len(copy.cells) == len(master.cells)
    assert not solution_sources(copy)
    for cell in copy.cells:
        if "student" in cell.metadata.get("tags", []):
            assert cell.source.startswith(COMMENT)
            assert all(
                re.fullmatch(r"(\w+ = )?\.\.\.", line) for line in cell.source.splitlines()[1:]
            )
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None


def test_student_copies_run_and_every_check_says_not_yet(student_dir, name):
    notebook = execute(nbformat.read(student_dir / name, as_version=4))
    assert not [cell.source for cell in notebook.cells if has_error(cell)]
    checks = check_cells(notebook)
    assert len(checks) >= 8
    for index, exercise_id in checks:
        out = text_of(notebook.cells[index])
        assert "✘" in out and "✔" not in out, (exercise_id, out)


# -- no answer in plain text -------------------------------------------------------------------

# Answers to the exercises, as a person would write them (distinctive ones only: a bare 8 or
# 9000 would match unrelated text).
ANSWER_LITERALS = [
    "Fraction(1, 216)",
    "1/216",
    "Fraction(35, 6)",
    "35/6",
    "7*s/3",
    "7 * s / 3",
    "7s/3",
    "{4, 10}",
    "{10, 4}",
    "0.1667",
    "0.0278",
    "0.004630",
    "5.8333",
    "0.3333",
    # compound interest (exercises/04_interes_compuesto.ipynb)
    "3543.12",
    "2000*(11/10)**n",
    "2000 * 1.1**n",
    "11*D*((11/10)**n - 1)",
    "150*c*m",
    "150 * c * m",
    "11.53",
    "0.104",
    "79.6",
    "{8, 9, 10, 11, 12}",
    "5.17",
]
ALLOWED: set[tuple[str, str]] = set()  # (file, literal) pairs that may quote an answer


def kit_texts() -> dict[str, str]:
    texts = {}
    for path in sorted((ROOT / "kit").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            try:
                texts[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
    return texts


def solution_lines() -> set[str]:
    lines = set()
    for path in MASTERS:
        for source in solution_sources(nbformat.read(path, as_version=4)):
            lines |= {line.strip() for line in source.splitlines() if line.strip()}
    return lines


def test_no_solution_or_answer_is_readable_in_the_kit():
    texts = kit_texts()
    assert "kit/exercises/registry.toml" in texts
    for where, text in texts.items():
        for line in solution_lines():
            assert line not in text, (where, line)
        for literal in ANSWER_LITERALS:
            assert literal not in text or (where, literal) in ALLOWED, (where, literal)


def test_no_solution_or_answer_is_readable_in_the_student_copies(student_dir, name):
    text = (student_dir / name).read_text(encoding="utf-8")
    for line in solution_lines():
        assert line not in text, line
    # dados-6 asks for the name of the jail square: only its own notebook must not say it;
    # later notebooks use the Spanish game term freely.
    jail = ["Cárcel", "cárcel", "Carcel"] if name == "01_dados.ipynb" else []
    for literal in [*ANSWER_LITERALS, *jail]:
        assert literal not in text, literal
