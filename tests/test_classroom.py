"""The classroom folder: lesson copies and student copies, and a student's work is never lost."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from kit import cli
from kit.classroom import build_classroom, fingerprint, lesson_copy, report, versions
from kit.cli import main

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
EXERCISES = sorted(p.name for p in (ROOT / "exercises").glob("*.ipynb"))
LINK = re.compile(r"\]\((\.\./exercises/[^)#]+\.ipynb)\)")


@pytest.fixture
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the kit's notebooks/ and exercises/ that a test may change; the copies are
    signed in a Jupyter database of the test's own."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter-data"))
    for folder in ("notebooks", "exercises"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


def build(sources: Path, out: str = "classroom"):
    return build_classroom(sources / "notebooks", sources / "exercises", sources / out)


def edit(path: Path, change) -> None:
    notebook = nbformat.read(path, as_version=4)
    change(notebook)
    nbformat.write(notebook, path)


def test_a_classroom_has_every_lesson_and_a_student_copy_of_every_master(sources):
    placed = build(sources)
    classroom = sources / "classroom"
    assert sorted(p.name for p in (classroom / "lessons").iterdir()) == LESSONS
    assert sorted(p.name for p in (classroom / "exercises").iterdir()) == EXERCISES
    assert {item.status for item in placed} == {"written"}
    copy = nbformat.read(classroom / "exercises" / EXERCISES[0], as_version=4)
    assert any("name" in cell.metadata.get("tags", []) for cell in copy.cells)
    assert not any("solution" in cell.metadata.get("tags", []) for cell in copy.cells)
    lesson = nbformat.read(classroom / "lessons" / LESSONS[0], as_version=4)
    master = lesson_copy(nbformat.read(ROOT / "notebooks" / LESSONS[0], as_version=4))
    assert lesson.cells == master.cells and lesson.metadata.kit["sha256"] == fingerprint(master)


def test_the_lessons_links_open_the_master_here_and_the_student_copy_in_the_classroom(sources):
    build(sources)
    links = [
        (name, link)
        for name in LESSONS
        for link in LINK.findall((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    ]
    assert len(links) >= len(EXERCISES)
    for name, link in links:
        assert (ROOT / "notebooks" / link).resolve().is_file(), (name, link)
        copy = sources / "classroom" / "lessons" / link
        assert copy.resolve().is_file(), (name, link)
        assert copy.resolve().parent == (sources / "classroom" / "exercises").resolve()


def test_a_second_build_writes_nothing_and_keeps_the_students_work(sources):
    build(sources)
    work = sources / "classroom" / "exercises" / EXERCISES[0]
    edit(work, lambda nb: setattr(nb.cells[2], "source", 'nombre = "Ana"'))
    lesson = sources / "classroom" / "lessons" / LESSONS[0]
    edit(lesson, lambda nb: nb.cells[0].update(source="mis notas"))  # an edited lesson too
    before = {p: p.read_bytes() for p in (sources / "classroom").rglob("*.ipynb")}
    placed = build(sources)
    assert {item.status for item in placed} == {"current"}
    assert {p: p.read_bytes() for p in (sources / "classroom").rglob("*.ipynb")} == before


def test_a_rerun_master_with_new_outputs_is_not_a_new_version(sources):
    build(sources)

    def rerun(notebook):
        for cell in notebook.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], 99

    edit(sources / "notebooks" / LESSONS[0], rerun)
    edit(sources / "exercises" / EXERCISES[0], rerun)
    assert {item.status for item in build(sources)} == {"current"}


def test_a_changed_master_is_written_beside_the_students_copy_with_a_message(sources):
    build(sources)
    work = sources / "classroom" / "exercises" / EXERCISES[0]
    edit(work, lambda nb: setattr(nb.cells[2], "source", 'nombre = "Ana"'))
    saved = work.read_bytes()
    edit(sources / "exercises" / EXERCISES[0], lambda nb: nb.cells[0].update(source="# Nuevo"))
    placed = build(sources)
    (changed,) = [item for item in placed if item.status != "current"]
    new = work.with_name(work.stem + "-2.ipynb")
    assert (changed.status, changed.path, changed.kept) == ("beside", new, work)
    assert work.read_bytes() == saved
    assert nbformat.read(new, as_version=4).cells[0].source == "# Nuevo"
    lines = report(placed, sources / "classroom")
    assert lines[0] == (
        f"{sources / 'exercises' / EXERCISES[0]} ha cambiado desde que se hizo {work}: esa copia "
        f"se queda como está (con el trabajo del alumno) y la versión nueva está en {new}."
    )
    assert {item.status for item in build(sources)} == {"current"}  # -2 is now up to date

    edit(sources / "exercises" / EXERCISES[0], lambda nb: nb.cells[0].update(source="# Otro"))
    (third,) = [item for item in build(sources) if item.status != "current"]
    assert third.path.name == work.stem + "-3.ipynb" and third.kept == new
    assert versions(work) == [work, new, third.path]


def test_a_lost_copy_is_written_again_and_an_unreadable_one_is_kept(sources):
    build(sources)
    exercises = sources / "classroom" / "exercises"
    (exercises / EXERCISES[0]).unlink()
    (exercises / EXERCISES[1]).write_text("{roto", encoding="utf-8")
    placed = {item.path.name: item.status for item in build(sources)}
    assert placed[EXERCISES[0]] == "written"
    assert placed[EXERCISES[1].replace(".ipynb", "-2.ipynb")] == "beside"
    assert (exercises / EXERCISES[1]).read_text(encoding="utf-8") == "{roto"


def test_kit_classroom_prints_what_it_wrote(sources, capsys, monkeypatch):
    monkeypatch.chdir(sources)
    assert main(["classroom"]) == 0
    out = capsys.readouterr().out.splitlines()
    total = len(LESSONS) + len(EXERCISES)
    assert out[:-1] == [
        *(f"nuevo: {Path('classroom', 'lessons', name)}" for name in LESSONS),
        *(f"nuevo: {Path('classroom', 'exercises', name)}" for name in EXERCISES),
    ]
    assert out[-1] == (
        f"El aula está en classroom (archivos escritos ahora: {total}; ya al día: 0)."
    )
    assert main(["classroom", "--out", "classroom"]) == 0
    assert capsys.readouterr().out.endswith(f"ya al día: {total}).\n")


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (".", "sobrescribirían los originales"),
        ("notebooks/aula", "está dentro de notebooks"),
        ("exercises/aula", "está dentro de exercises"),
        ("README.md", "es un archivo, no una carpeta"),
    ],
)
def test_kit_classroom_refuses_an_out_that_would_touch_the_sources(
    sources, monkeypatch, out, message
):
    monkeypatch.chdir(sources)
    (sources / "README.md").write_text("# kit", encoding="utf-8")
    before = sorted(p for p in sources.rglob("*"))
    with pytest.raises(SystemExit, match=f"kit classroom: .*{message}"):
        main(["classroom", "--out", out])
    assert sorted(p for p in sources.rglob("*")) == before


def test_kit_classroom_says_which_source_is_missing_or_broken(sources, monkeypatch):
    monkeypatch.chdir(sources)
    with pytest.raises(SystemExit, match="no hay ninguna carpeta lecciones"):
        main(["classroom", "--lessons", "lecciones"])
    (sources / "exercises" / "roto.ipynb").write_text("{", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"roto\.ipynb no es un archivo de Jupyter"):
        main(["classroom"])
    assert not (sources / "classroom").exists()  # nothing written before the refusal


def test_kit_lab_builds_and_opens_the_classroom(sources, monkeypatch, capsys):
    opened = []
    monkeypatch.setattr(cli, "_server", lambda program, args: opened.append((program, args)) or 0)
    monkeypatch.chdir(sources)
    assert main(["lab"]) == 0
    assert opened[-1][0] == "jupyter-lab" and opened[-1][1][-1] == "classroom"
    assert (sources / "classroom" / "exercises" / EXERCISES[0]).is_file()
    assert main(["lab", "notebooks"]) == 0 and opened[-1][1][-1] == "notebooks"


def test_kit_lab_without_a_classroom_or_lessons_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "_server", lambda program, args: pytest.fail("no server to start"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit, match="kit lab: no hay ninguna carpeta classroom"):
        main(["lab"])


def test_the_copies_record_what_they_were_made_from(sources):
    build(sources)
    copy = sources / "classroom" / "exercises" / EXERCISES[0]
    stamp = json.loads(copy.read_text(encoding="utf-8"))["metadata"]["kit"]
    assert stamp["made_from"] == (sources / "exercises" / EXERCISES[0]).as_posix()
    assert stamp["sha256"] == fingerprint(nbformat.read(copy, as_version=4))


def trusted(path: Path) -> bool:
    from nbformat.sign import NotebookNotary

    return NotebookNotary().check_signature(nbformat.read(path, as_version=4))


def test_the_copies_the_kit_writes_are_trusted_so_lab_shows_their_boards(sources):
    """Issue 15: JupyterLab showed an unsigned lesson's boards as one line of text until Run
    All; the kit signs the copies it writes, as `jupyter trust` would, and only those."""
    build(sources)
    copies = sorted((sources / "classroom").rglob("*.ipynb"))
    assert copies and all(trusted(path) for path in copies)
    work = sources / "classroom" / "exercises" / EXERCISES[0]
    edit(work, lambda nb: nb.cells.append(nbformat.v4.new_code_cell("mi_respuesta = 7")))
    assert not trusted(work)  # the student's own edit: the kit does not vouch for it
    build(sources)
    assert not trusted(work)  # kept as it is, and still not signed by the kit
    assert all(trusted(path) for path in copies if path != work)


def test_a_computer_that_cannot_sign_still_gets_its_classroom(sources, monkeypatch):
    blocked = sources / "not-a-folder"
    blocked.write_text("a file where Jupyter's data folder would be")
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(blocked))
    placed = build(sources)
    assert {item.status for item in placed} == {"written"}
    assert len(list((sources / "classroom").rglob("*.ipynb"))) == len(LESSONS) + len(EXERCISES)
