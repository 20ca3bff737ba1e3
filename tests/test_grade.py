"""kit grade: a class's notebooks marked from the values they compute, never from their ✔.

One grading run, shared by the tests of this module (kernels cost seconds each), marks a folder
of submissions built here with nbformat: a solved copy, a blank one, a forged one, one with a
cell that raises, and files that are not notebooks. The right answers are computed with the
kit, and a test checks them with `check` first, so the fixture cannot drift from the registry
unnoticed.

No test depends on the machine's speed: the shared run has the default time limit (300 s), far
more than any of its notebooks needs on a busy machine; the time limit is tested apart, with a
notebook that never ends beside one whose cells end at once (no imports: an assignment).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
import sympy
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

import kit
from kit.cli import main
from kit.exercises import check, load_registry
from kit.exercises.checking import answer_name
from kit.exercises.gradebook_html import page
from kit.exercises.grading import (
    Graded,
    GradeError,
    exercises_of,
    find_submissions,
    grade,
    mark_class,
    read_probe,
    write_csv,
)
from kit.messages import t

ROOT = Path(__file__).resolve().parents[1]
SETUP = "import kit\nimport sympy\nfrom fractions import Fraction\nfrom kit.exercises import check"
SYMBOL = 's = sympy.Symbol("s", positive=True)'
# Each dice exercise's answer, as a student would write it (exercises/01_dados.ipynb): some in
# Python, some as text the way it is written on paper ("18/36", "5^4"), which the kit reads.
SOLUTIONS = {
    "dados-1": "3 + 2 + 1",
    "dados-2": '"18/36"',
    "dados-3": '"la a"',
    "dados-4": '"d"',
    "dados-5": "600 * Fraction(6, 36)",
    "dados-6": "108",  # the sevens of DiceLab(seed=5) in 600 rolls
    "dados-8": "2 * Fraction(1, 6) * Fraction(5, 6)",
    "dados-9": '"b"',
    "dados-10": '"5^4"',
    "dados-11": "10 * 150 * Fraction(2, 6) - 150",
    "dados-12": '"3"',
    "dados-13": "round(float(1 / (1 - Fraction(5, 6) ** 5)), 2)",
    "dados-14": "round(1 - (35 / 36) ** 24, 4)",
}
DADOS = [exercise_id for exercise_id in load_registry() if exercise_id.startswith("dados-")]
TIME_LIMIT = 10  # seconds for the never-ending notebook, whose partner needs microseconds


@pytest.fixture(autouse=True)
def spanish():
    kit.set_language("es")
    yield
    kit.set_language("es")


def answer(exercise_id: str, code: str) -> nbformat.NotebookNode:
    """A student's answer cell: `respuesta_N = ...` and its check, as in the student copies."""
    name = answer_name(exercise_id)
    return new_code_cell(f'{name} = {code}\ncheck("{exercise_id}", {name})')


def notebook(
    path: Path, *cells: nbformat.NotebookNode, name: str | None = None, kernel: str = "python3"
) -> Path:
    """A submission: a title, the setup cell, the name cell, then `cells`."""
    head = [new_markdown_cell("# Ejercicios: los dados"), new_code_cell(SETUP)]
    if name is not None:
        head.append(new_code_cell(f"nombre = {name!r}"))
    path.parent.mkdir(parents=True, exist_ok=True)
    submission = new_notebook(cells=[*head, new_code_cell(SYMBOL), *cells])
    submission.metadata["kernelspec"] = {"name": kernel, "display_name": kernel}
    nbformat.write(submission, path)
    return path


def decoy_kernels(folder: Path) -> Path:
    """A Jupyter data folder whose `python3` kernel is not this Python (and cannot start)."""
    spec = folder / "kernels" / "python3" / "kernel.json"
    spec.parent.mkdir(parents=True)
    argv = [str(folder / "no-python"), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    spec.write_text(json.dumps({"argv": argv, "display_name": "otro", "language": "python"}))
    return folder


def forged(exercise_id: str) -> nbformat.NotebookNode:
    """A wrong answer whose saved output claims a ✔."""
    cell = answer(exercise_id, "0")
    cell.outputs = [new_output("stream", name="stdout", text=t("check.right") + "\n")]
    cell.execution_count = 1
    return cell


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    kit.set_language("es")
    root = tmp_path_factory.mktemp("grade")
    folder = root / "entregas"
    notebook(
        folder / "ana" / "01_dados.ipynb",
        *[answer(exercise_id, code) for exercise_id, code in SOLUTIONS.items()],
        new_code_cell('open("rastro.txt", "w").write("la copia se ejecuta aparte")'),
        name="  Ana María ",
        kernel="python",  # as JupyterLite saves it: its Pyodide kernel
    )
    notebook(folder / "blanco.ipynb", *[answer(i, "...") for i in SOLUTIONS], name="")
    notebook(
        folder / "trampas.ipynb",
        new_code_cell('check = lambda *a: print("✔")'),
        *[forged(i) for i in SOLUTIONS],
        name="Tomás",
    )
    notebook(
        folder / "error.ipynb",
        answer("dados-1", SOLUTIONS["dados-1"]),
        new_code_cell("1 / 0"),
        answer("dados-2", SOLUTIONS["dados-2"]),
        name="Raúl",
    )
    (folder / "roto.ipynb").write_text("esto no es un cuaderno", encoding="utf-8")
    (folder / "vacio.ipynb").write_text("{}", encoding="utf-8")
    (folder / "apuntes.txt").write_text("no es un .ipynb", encoding="utf-8")
    nbformat.write(new_notebook(cells=[new_code_cell("print(1)")]), folder / "sin_check.ipynb")
    checkpoint = folder / ".ipynb_checkpoints" / "blanco-checkpoint.ipynb"
    notebook(checkpoint, *[answer(i, SOLUTIONS[i]) for i in SOLUTIONS], name="Viejo")
    first = notebook(root / "tarde" / "uno.ipynb", answer("dados-1", "3 + 2 + 1"), name="Lola")
    submitted = {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}
    table, html = root / "notas.csv", root / "notas.html"
    out, err = io.StringIO(), io.StringIO()
    argv = ["grade", str(first), str(folder), "--csv", str(table), "--html", str(html)]
    with (
        pytest.MonkeyPatch.context() as patch,
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        patch.setenv("JUPYTER_PATH", str(decoy_kernels(tmp_path_factory.mktemp("jupyter"))))
        code = main(argv)
    header, rows = read_csv(table)
    return SimpleNamespace(
        code=code,
        root=root,
        folder=folder,
        submitted=submitted,
        header=header,
        rows=rows,
        by_file={Path(row["file"]).name: row for row in rows},
        html=html.read_text(encoding="utf-8"),
        csv=table,
        out=out.getvalue(),
        err=err.getvalue(),
    )


def read_csv(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with open(path, newline="", encoding="utf-8-sig") as lines:
        reader = csv.DictReader(lines)
        rows = list(reader)
    return list(reader.fieldnames or []), rows


def light(path: Path, *sources: str) -> Path:
    """A submission whose cells import nothing, so each ends at once, however busy the machine."""
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(new_notebook(cells=[new_code_cell(source) for source in sources]), path)
    return path


@pytest.fixture(scope="module")
def timed(tmp_path_factory):
    """A notebook that never ends, then one that ends at once, with a short time limit."""
    kit.set_language("es")
    root = tmp_path_factory.mktemp("tiempo")
    right = 'respuesta_1 = 3 + 2 + 1  # check("dados-1", respuesta_1)'
    forever = "while True:\n    pass"
    endless = light(root / "bucle.ipynb", 'nombre = "Lola"', right, forever, "x = 1")
    quick = light(root / "rapida.ipynb", 'nombre = "Rápida"', right)
    table = root / "notas.csv"
    argv = ["grade", str(endless), str(quick), "--csv", str(table), "--timeout", str(TIME_LIMIT)]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(argv) == 0
    return {Path(row["file"]).name: row for row in read_csv(table)[1]}


def marks(row: dict) -> dict[str, str]:
    return {exercise_id: row[exercise_id] for exercise_id in DADOS}


def test_the_fixture_answers_are_right_by_check():
    """The solved copy's answers, computed here with the kit, pass the kit's own check."""
    assert list(SOLUTIONS) == DADOS, "a dice exercise was added: give the solved copy its answer"
    space = {"kit": kit, "Fraction": Fraction, "sympy": sympy}
    exec(SYMBOL, space)
    with contextlib.redirect_stdout(io.StringIO()):
        wrong = [i for i, code in SOLUTIONS.items() if not check(i, eval(code, space))]
    assert wrong == []


def test_one_row_per_notebook_with_file_name_exercises_total_and_problem(graded):
    assert graded.code == 0
    assert graded.header == ["file", "name", *DADOS, "total", "problem"]
    assert sorted(graded.by_file) == sorted(
        [
            "uno.ipynb",
            "01_dados.ipynb",
            "blanco.ipynb",
            "error.ipynb",
            "roto.ipynb",
            "sin_check.ipynb",
            "trampas.ipynb",
            "vacio.ipynb",
        ]
    )
    assert Path(graded.rows[0]["file"]).name == "uno.ipynb"  # in the order of the arguments


def test_a_solved_copy_gets_every_exercise(graded):
    """Even saved by JupyterLite, with a `python3` kernelspec elsewhere on the machine: the
    notebooks run in this Python, with this kit."""
    row = graded.by_file["01_dados.ipynb"]
    assert marks(row) == dict.fromkeys(DADOS, "1")
    assert (row["name"], row["total"], row["problem"]) == ("Ana María", str(len(DADOS)), "")


def test_a_blank_copy_gets_nothing(graded):
    row = graded.by_file["blanco.ipynb"]
    assert marks(row) == dict.fromkeys(DADOS, "0")
    assert (row["name"], row["total"], row["problem"]) == ("", "0", "")


def test_a_forged_check_and_forged_outputs_get_nothing(graded):
    submitted = graded.submitted[graded.folder / "trampas.ipynb"].decode("utf-8")
    assert submitted.count(t("check.right")) == len(SOLUTIONS)  # the ✔ are there to be read
    row = graded.by_file["trampas.ipynb"]
    assert marks(row) == dict.fromkeys(DADOS, "0")
    assert (row["name"], row["total"]) == ("Tomás", "0")


def test_a_cell_that_raises_costs_only_its_own_exercise(graded):
    row = graded.by_file["error.ipynb"]
    assert marks(row) == {i: "1" if i in ("dados-1", "dados-2") else "0" for i in DADOS}
    # cells: title, setup, name, symbol, dados-1, then the 1 / 0 is the sixth
    error = t("grade.cell_error", cell=6, error="ZeroDivisionError: division by zero")
    assert (row["name"], row["total"], row["problem"]) == ("Raúl", "2", error)


def test_a_notebook_that_never_ends_is_stopped_and_keeps_what_it_had_answered(timed):
    row = timed["bucle.ipynb"]
    assert row["problem"] == "; ".join(
        [t("grade.cell_timeout", cell=3), t("grade.out_of_time", seconds=TIME_LIMIT)]
    )
    assert marks(row) == {i: "1" if i == "dados-1" else "0" for i in DADOS}
    assert (row["name"], row["total"]) == ("Lola", "1")
    quick = timed["rapida.ipynb"]  # named after it, marked all the same
    assert (quick["name"], quick["dados-1"], quick["problem"]) == ("Rápida", "1", "")


def test_files_that_are_not_notebooks_get_a_row_with_the_reason(graded):
    reasons = {
        "roto.ipynb": t("grade.not_json"),
        "vacio.ipynb": t("grade.not_a_notebook"),
        "sin_check.ipynb": t("grade.no_check"),
    }
    for file, reason in reasons.items():
        row = graded.by_file[file]
        assert (row["problem"], row["total"]) == (reason, "0"), file
        assert set(marks(row).values()) == {""}, file  # no exercise is that file's


def test_checkpoints_and_other_files_are_left_out(graded):
    assert not any(".ipynb_checkpoints" in row["file"] for row in graded.rows)
    assert "apuntes.txt" not in graded.by_file


def test_the_submitted_files_are_not_changed_and_nothing_is_written_beside_them(graded):
    for path, data in graded.submitted.items():
        assert path.read_bytes() == data, path
    written = {path for path in graded.root.rglob("*") if path.is_file()}
    assert written - set(graded.submitted) == {graded.csv, graded.csv.with_suffix(".html")}


def test_the_teacher_is_told_what_was_written(graded):
    assert t("grade.wrote_csv", count=8, path=graded.csv) in graded.out
    assert t("grade.with_problems", count=4) in graded.out
    assert t("grade.progress") in graded.err  # the progress bar
    assert "Traceback" not in graded.out + graded.err


def test_the_page_has_the_table_and_the_hardest_exercises_first(graded):
    html = graded.html
    assert t("grade.page_title") in html and "<table>" in html and "Ana María" in html
    svg = html[html.index("<svg") : html.index("</svg>")]
    # right among the five notebooks with dice exercises: dados-1 3, dados-2 2, dados-3 1
    shares = [t("number.percent", value=v) for v in ("60,0", "40,0", "20,0")]  # 60,0 %
    assert all(share in svg for share in shares)
    assert svg.index(">dados-3<") < svg.index(">dados-2<") < svg.index(">dados-1<")
    assert not any(tag in html for tag in ("<script", "<link", "src=", "<img"))


def test_the_page_escapes_what_students_wrote_and_is_the_same_every_time():
    rows = [
        Graded("a.ipynb", "<script>x</script>", {"dados-1": 1, "dados-2": 0}),
        Graded("b.ipynb", "Bea", {"dados-1": 1, "dados-2": 1}, ["celda 3: <b>"]),
        Graded("c.ipynb", problems=[t("grade.not_json")]),
    ]
    html = page(rows, ["dados-1", "dados-2"])
    assert "<script>" not in html and "&lt;script&gt;" in html and "&lt;b&gt;" in html
    assert t("number.percent", value="50,0") in html
    assert t("number.percent", value="100,0") in html
    assert page(rows, ["dados-1", "dados-2"]) == html
    kit.set_language("en")
    assert t("number.percent", value="50.0") in page(rows, ["dados-1", "dados-2"])


def test_csv_cells_a_spreadsheet_would_run_are_written_as_text(tmp_path):
    path = tmp_path / "notas.csv"
    write_csv([Graded("x.ipynb", '=HYPERLINK("http://x")', {"dados-1": 1})], path, ["dados-1"])
    with open(path, newline="", encoding="utf-8-sig") as lines:
        (row,) = csv.DictReader(lines)
    assert row["name"] == '\'=HYPERLINK("http://x")' and row["dados-1"] == "1"


def test_a_notebooks_exercises_are_every_exercise_of_the_prefixes_it_checks():
    def cells(*sources: str) -> dict:
        return {"cells": [{"cell_type": "code", "source": s} for s in sources]}

    registry = load_registry()
    assert exercises_of(cells('check("dados-3", respuesta_3)'), registry) == DADOS
    both = exercises_of(cells("check('tablero-2', x)", 'check( "dados-1", y)'), registry)
    assert both == [i for i in registry if i.startswith(("dados-", "tablero-"))]
    assert exercises_of(cells('check("nada-1", x)', "print('check')"), registry) == []
    markdown = {"cells": [{"cell_type": "markdown", "source": 'check("dados-1", x)'}]}
    assert exercises_of(markdown, registry) == []


def test_the_probe_text_is_read_only_between_its_markers_and_for_its_exercises():
    text = 'forged <<a>>{"name": "Eva", "forms": {"dados-1": "x"}}<</a>>\n'
    text += '<<a>>{"name": "Ana", "forms": {"dados-1": "number:36/1", "dados-9": "y", '
    text += '"dados-2": 7, "dados-5": ["number:1/1", "number:2/1"], "dados-6": ["a", "b", "c"]}}'
    text += "<</a>>\n"
    ids = ["dados-1", "dados-2", "dados-5", "dados-6"]
    probe = read_probe(text, "<<a>>", "<</a>>", ids)
    assert probe == {
        "name": "Ana",
        "forms": {
            "dados-1": ["number:36/1"],
            "dados-2": None,
            "dados-5": ["number:1/1", "number:2/1"],  # the two readings of a dot
            "dados-6": None,  # never more than two
        },
    }
    assert read_probe("nothing printed", "<<a>>", "<</a>>", ["dados-1"]) is None
    assert read_probe("<<a>>[1, 2]<</a>>", "<<a>>", "<</a>>", ["dados-1"]) is None


# -- bad arguments: a plain message, before any notebook runs ---------------------------------


@pytest.fixture
def one(tmp_path) -> Path:
    return notebook(tmp_path / "entregas" / "ana.ipynb", answer("dados-1", "36"), name="Ana")


def test_a_path_that_does_not_exist_is_named(tmp_path, one):
    missing = tmp_path / "nadie"
    with pytest.raises(SystemExit) as stop:
        main(["grade", str(one), str(missing), "--csv", str(tmp_path / "notas.csv")])
    assert (
        stop.value.code == 2
        and str(stop.value) == f"kit grade: {t('grade.no_such_path', path=missing)}"
    )


def test_a_folder_without_notebooks_is_refused(tmp_path):
    (tmp_path / "vacia").mkdir()
    with pytest.raises(SystemExit) as stop:
        main(["grade", str(tmp_path / "vacia"), "--csv", str(tmp_path / "notas.csv")])
    assert str(stop.value) == f"kit grade: {t('grade.no_notebooks', paths=tmp_path / 'vacia')}"


@pytest.mark.parametrize("where", ["no_folder", "folder", "submission"])
def test_a_result_file_that_cannot_be_written_is_refused(tmp_path, one, where):
    target = {
        "no_folder": tmp_path / "no" / "existe" / "notas.csv",
        "folder": tmp_path,
        "submission": one,
    }[where]
    expected = {
        "no_folder": t("grade.output_no_folder", path=target, folder=target.parent),
        "folder": t("grade.output_is_folder", path=target),
        "submission": t("grade.output_is_submission", path=target),
    }[where]
    data = one.read_bytes()
    for option in ("--csv", "--html"):
        csv_path = target if option == "--csv" else tmp_path / "notas.csv"
        argv = ["grade", str(one.parent), "--csv", str(csv_path)]
        if option == "--html":
            argv += ["--html", str(target)]
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2 and str(stop.value) == f"kit grade: {expected}"
    assert one.read_bytes() == data
    assert not (tmp_path / "notas.csv").exists()


@pytest.mark.parametrize("value", ["0", "-5", "abc", "nan", "inf"])
def test_a_time_limit_that_is_not_a_positive_number_is_refused(tmp_path, one, value, capsys):
    with pytest.raises(SystemExit):
        main(["grade", str(one), "--csv", str(tmp_path / "n.csv"), "--timeout", value])
    assert t("grade.bad_timeout", value=value) in capsys.readouterr().err
    with pytest.raises(GradeError, match="mayor que 0"):
        mark_class([one], tmp_path / "n.csv", timeout=0)


def test_find_submissions_searches_folders_and_takes_files_once(tmp_path, one):
    other = notebook(tmp_path / "entregas" / "sub" / "luis.ipynb", name="Luis")
    assert find_submissions([one.parent, one]) == [one, other]


def test_the_real_masters_get_every_mark_and_their_student_copies_none(tmp_path):
    """End to end on the kit's own exercises: each master's answers are all right when graded
    from what the notebook computes, and the blank student copies score 0 with no problem."""
    from kit.exercises.student import write_student_copies

    masters = sorted((ROOT / "exercises").glob("*.ipynb"))
    copies = write_student_copies(ROOT / "exercises", tmp_path / "copias")
    rows = grade([*masters, *copies], progress=False)
    registry = load_registry()
    for row in rows[: len(masters)]:
        assert row.marks and set(row.marks.values()) == {1}, (row.file, row.marks, row.problem)
        prefix = next(iter(row.marks)).rsplit("-", 1)[0]
        assert set(row.marks) == {key for key in registry if key.startswith(prefix + "-")}
    for row in rows[len(masters) :]:
        assert row.marks and set(row.marks.values()) == {0}, (row.file, row.problem)
        assert row.problem == "" and row.name == ""
