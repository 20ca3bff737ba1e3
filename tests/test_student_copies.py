"""Student copies: solutions become `...`, and every check in a copy says "not yet".

Each exercise's solution cell (tagged `solution`) computes its answer in its own variable and
checks it: `respuesta_2 = ...` then `check("dados-2", respuesta_2)`. The master notebooks in
exercises/ are run too: every check there must say ✔, so a check that cannot pass (or cannot
fail) is caught here.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from kit.cli import main
from kit.exercises import load_registry
from kit.exercises.checking import answer_name
from kit.exercises.student import (
    assigned_names,
    blank_solution,
    check_call,
    check_calls,
    student_notebook,
    write_student_copies,
)

ROOT = Path(__file__).resolve().parents[1]
MASTERS = sorted((ROOT / "exercises").glob("*.ipynb"))
COMMENT = "# Escribe tu respuesta en lugar de ... y ejecuta la celda."
NAME_CELL = '# Escribe tu nombre entre las comillas\nnombre = ""'


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


def checks_in(source: str) -> list[tuple[str, str]]:
    """(exercise id, answer variable) of every top-level `check("ID", NAME)` in a cell."""
    return [
        (exercise_id, answer)
        for exercise_id, answer in check_calls(source)
        if answer.isidentifier()
    ]


def check_cells(notebook: nbformat.NotebookNode) -> list[tuple[int, str, str]]:
    """(cell index, exercise id, answer variable) of every check in the notebook's code."""
    return [
        (index, exercise_id, answer)
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        for exercise_id, answer in checks_in(cell.source)
    ]


def check_lines(source: str) -> list[str]:
    """The source lines of a cell's top-level check statements."""
    lines = source.splitlines()
    return [
        line
        for statement in ast.parse(source).body
        if check_call(statement)
        for line in lines[statement.lineno - 1 : statement.end_lineno]
    ]


def tags(cell: nbformat.NotebookNode) -> list[str]:
    return cell.metadata.get("tags", [])


def text_of(cell: nbformat.NotebookNode) -> str:
    return "".join(output.get("text", "") for output in cell.get("outputs", []))


def has_error(cell: nbformat.NotebookNode) -> bool:
    return any(output.output_type == "error" for output in cell.get("outputs", []))


def solution_sources(notebook: nbformat.NotebookNode) -> list[str]:
    return [c.source for c in notebook.cells if c.cell_type == "code" and "solution" in tags(c)]


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


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


def test_a_merged_solution_keeps_its_check_verbatim_after_the_blanked_names():
    source = (
        "dos = kit.dice_sum()\n"
        "respuesta_2 = dos.P({7})\n"
        "print(respuesta_2)\n"
        'check("dados-2",  respuesta_2)  # la comprobación'
    )
    assert blank_solution(source) == (
        f'{COMMENT}\ndos = ...\nrespuesta_2 = ...\ncheck("dados-2",  respuesta_2)'
    )
    assert blank_solution('r = 1\ncheck("a", r, registry=mios)').endswith(
        '\ncheck("a", r, registry=mios)'
    )


@pytest.mark.parametrize(
    "call", ['check("dados-2", Fraction(1, 6))', 'check("dados-2", 1 / 6)', "check(x, r)"]
)
def test_a_check_that_would_show_the_answer_is_refused(call):
    with pytest.raises(ValueError, match="check"):
        blank_solution(f"respuesta_2 = 1\n{call}")


def test_student_notebook_blanks_solutions_and_clears_outputs():
    master = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_markdown_cell("# Título"),
            nbformat.v4.new_markdown_cell("solución explicada", metadata={"tags": ["solution"]}),
            nbformat.v4.new_code_cell("x = 1", execution_count=3),
            nbformat.v4.new_code_cell(
                'r = 2 * x  # el doble\ncheck("d-1", r)', metadata={"tags": ["solution", "other"]}
            ),
            nbformat.v4.new_code_cell("print(r)"),
        ]
    )
    master.cells[2].outputs = [nbformat.v4.new_output("stream", text="1\n")]
    master.cells[3].metadata["execution"] = {"iopub.status.idle": "2026-11-29T13:54:05.170343Z"}
    copy = student_notebook(master)
    sources = [cell.source for cell in copy.cells]
    assert sources[:2] == ["# Título", "x = 1"]  # the teacher's note is left out
    assert sources[4:] == [f'{COMMENT}\nr = ...\ncheck("d-1", r)', "print(r)"]  # after the name
    assert copy.cells[4].metadata.tags == ["student", "other"]
    assert all(not c.outputs and c.execution_count is None for c in copy.cells if "outputs" in c)
    assert "execution" not in copy.cells[4].metadata  # a run time may spell an answer (5.17)
    assert master.cells[2].outputs and len(master.cells) == 5  # the master is untouched


# -- the name cell -----------------------------------------------------------------------------


def test_a_copy_asks_for_the_name_after_its_setup_cell():
    master = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell("# Título"), nbformat.v4.new_code_cell("import kit")]
    )
    copy = student_notebook(master)
    title, first, prompt, name_cell = copy.cells
    assert (title.source, first.source) == ("# Título", "import kit")
    assert prompt.cell_type == "markdown" and "nombre" in prompt.source
    assert name_cell.cell_type == "code" and name_cell.source == NAME_CELL
    assert tags(name_cell) == ["name"]
    assert nbformat.validate(copy) is None
    assert student_notebook(copy).cells == copy.cells  # a copy of a copy asks only once
    ids = [cell.id for cell in student_notebook(master).cells]
    assert ids == [cell.id for cell in copy.cells]  # the same master, the same copy


def test_a_copy_of_an_old_notebook_gets_name_cells_without_ids():
    old = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import kit")])
    old.nbformat_minor = 4
    for cell in old.cells:
        del cell["id"]
    copy = student_notebook(old)
    assert [cell.get("id") for cell in copy.cells] == [None, None, None]
    assert nbformat.validate(copy) is None


def test_every_student_copy_has_its_name_cell_once_after_the_setup(student_dir, name):
    copy = read(student_dir / name)
    name_cells = [i for i, cell in enumerate(copy.cells) if "name" in tags(cell)]
    first_code = next(i for i, cell in enumerate(copy.cells) if cell.cell_type == "code")
    assert "from kit.exercises import" in copy.cells[first_code].source
    assert name_cells == [first_code + 2] and copy.cells[first_code + 2].source == NAME_CELL
    assert copy.cells[0].cell_type == "markdown" and copy.cells[0].source.startswith("# ")


# -- the masters -------------------------------------------------------------------------------


def test_every_master_checks_each_answer_in_its_own_solution_cell(name):
    notebook = read(ROOT / "exercises" / name)
    checks = check_cells(notebook)
    assert len(checks) >= 8
    for index, exercise_id, answer in checks:
        cell = notebook.cells[index]
        assert "solution" in tags(cell), cell.source
        assert answer == answer_name(exercise_id), cell.source
        assert answer in assigned_names(cell.source), cell.source
    ids = [exercise_id for _, exercise_id, _ in checks]
    assert len(set(ids)) == len(ids)
    assert set(ids) <= set(load_registry())


def test_every_registered_exercise_is_in_a_master():
    used = {exercise_id for path in MASTERS for _, exercise_id, _ in check_cells(read(path))}
    assert used == set(load_registry())


def test_masters_pass_every_check_when_run(name):
    notebook = execute(read(ROOT / "exercises" / name))
    assert not [cell.source for cell in notebook.cells if has_error(cell)]
    for index, exercise_id, _ in check_cells(notebook):
        cell = notebook.cells[index]
        said = text_of(cell)  # a choice also says why its option is right
        assert said.startswith("✔ ¡Correcto!") and "✘" not in said, (exercise_id, said)
        assert [output.output_type for output in cell.outputs] == ["stream"]  # no echoed value


# -- the student copies ------------------------------------------------------------------------


def test_student_copies_have_no_solution_left(student_dir, name):
    master = read(ROOT / "exercises" / name)
    copy = read(student_dir / name)
    assert len(copy.cells) == len(master.cells) + 2  # the name cells
    assert not solution_sources(copy)
    for cell in copy.cells:
        if "student" in tags(cell):
            first, *lines = cell.source.splitlines()
            assert first == COMMENT
            checks = check_lines(cell.source)
            blanks = lines[: len(lines) - len(checks)]
            assert blanks and all(re.fullmatch(r"(\w+ = )?\.\.\.", line) for line in blanks)
            assert lines[len(blanks) :] == checks
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None


def test_student_copies_keep_every_check_of_the_master_in_its_answer_cell(student_dir, name):
    master = read(ROOT / "exercises" / name)
    copy = read(student_dir / name)
    copied = check_cells(copy)
    assert [check[1:] for check in copied] == [check[1:] for check in check_cells(master)]
    assert all("student" in tags(copy.cells[index]) for index, _, _ in copied)


def test_student_copies_run_and_every_check_says_not_yet(student_dir, name):
    notebook = execute(read(student_dir / name))
    assert not [cell.source for cell in notebook.cells if has_error(cell)]
    checks = check_cells(notebook)
    assert len(checks) >= 8
    for index, exercise_id, _ in checks:
        out = text_of(notebook.cells[index])
        assert "✘" in out and "✔" not in out, (exercise_id, out)


# -- kit student with bad input: a plain message, never a traceback ----------------------------


def test_kit_student_refuses_a_broken_notebook_and_writes_nothing(tmp_path):
    masters = tmp_path / "masters"
    masters.mkdir()
    (masters / "bien.ipynb").write_bytes(MASTERS[0].read_bytes())
    (masters / "roto.ipynb").write_text('{"cells": [', encoding="utf-8")
    out = tmp_path / "out"
    with pytest.raises(SystemExit, match=r"kit student: .*roto\.ipynb no es un archivo de Jupyter"):
        main(["student", str(masters), "--out", str(out)])
    assert not out.exists()


def test_kit_student_refuses_to_overwrite_the_masters():
    with pytest.raises(SystemExit, match="sobrescribirían los originales"):
        main(["student", str(ROOT / "exercises"), "--out", str(ROOT / "exercises")])
    with pytest.raises(SystemExit, match="sobrescribirían los originales"):
        main(["student", str(MASTERS[0]), "--out", str(ROOT / "exercises")])


def test_kit_student_refuses_an_out_that_is_a_file(tmp_path):
    out = tmp_path / "copias.ipynb"
    out.write_text("mine", encoding="utf-8")
    with pytest.raises(SystemExit, match="es un archivo, no una carpeta"):
        main(["student", str(MASTERS[0]), "--out", str(out)])
    assert out.read_text(encoding="utf-8") == "mine"


def test_the_kit_command_prints_no_traceback_for_a_broken_notebook(tmp_path):
    (tmp_path / "roto.ipynb").write_text("no soy json", encoding="utf-8")
    kit = Path(sys.executable).parent / "kit"
    run = subprocess.run(
        [kit, "student", tmp_path / "roto.ipynb", "--out", tmp_path / "out"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2  # a refused command, as argparse refuses
    assert run.stderr.startswith("kit student: ") and "Traceback" not in run.stderr


# -- no answer in plain text -------------------------------------------------------------------

# Answers to the exercises, as a person would write them (distinctive ones only: a bare 8 or
# 9000 would match unrelated text).
ANSWER_LITERALS = [  # answers of the masters that no student copy or kit file may quote
    # dice (exercises/01_dados.ipynb)
    "Fraction(5, 18)",
    "5/18",
    "0.4914",
    "7776/4651",
    # compound interest (exercises/04_interes_compuesto.ipynb)
    "728.2",
    "2000*(11/10)**n",
    "2000 * 1.1**n",
    "79.6",
    "{8, 9, 10, 11, 12}",
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
    """Every line of every solution, except its checks (which a copy keeps: they name no
    answer, only the variable that holds it)."""
    lines = set()
    for path in MASTERS:
        for source in solution_sources(read(path)):
            checks = set(check_lines(source))
            lines |= {line.strip() for line in source.splitlines() if line.strip()} - {
                line.strip() for line in checks
            }
    return lines


def test_no_solution_or_answer_is_readable_in_the_kit():
    texts = kit_texts()
    assert "kit/data/exercises/01_dados.toml" in texts
    for where, text in texts.items():
        for line in solution_lines():
            assert line not in text, (where, line)
        for literal in ANSWER_LITERALS:
            assert literal not in text or (where, literal) in ALLOWED, (where, literal)


def test_no_solution_or_answer_is_readable_in_the_student_copies(student_dir, name):
    text = (student_dir / name).read_text(encoding="utf-8")
    for line in solution_lines():
        assert line not in text, line
    for literal in ANSWER_LITERALS:
        assert literal not in text, literal
