"""The classroom: the folder students work in, made from the lessons and the exercise masters.

    classroom/lessons/     working copies of notebooks/ (play notebooks too), predictions blank
                           and no «¿Acertaste?» answer saved (kit.exercises.predictions)
    classroom/exercises/   student copies of exercises/ (solutions blanked, a name cell)

Running a lesson in the classroom never modifies a committed notebook, and the lessons' links
`../exercises/NAME.ipynb` open the master in the repository and the student copy here.

A copy that exists is never overwritten: it may hold a student's work. Each copy records in its
metadata (`kit.sha256`) a fingerprint of what it was made with — its cell kinds and sources,
not the master's bytes, so re-running a master or a lesson (new outputs, run times) is not a
change, while a new exercise or an edited prompt is. When no copy of a notebook has the current
fingerprint, the new copy is written beside the old one as `NAME-2.ipynb` (`-3`, … next time).
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import nbformat

from kit.exercises.predictions import ACERTASTE, PREDICCION, RESULTADO, en_blanco
from kit.exercises.student import (
    check_out_folder,
    masters,
    read_notebook,
    student_notebook,
    write_notebook,
)
from kit.messages import t

LESSONS, EXERCISES = "lessons", "exercises"
STAMP = "kit"  # the notebook metadata key of the fingerprint


@dataclass(frozen=True)
class Placed:
    """Where one source's copy is: `written` now, `current` already, or `beside` an older copy
    (`kept`, left as the student saved it)."""

    source: Path
    path: Path
    status: str
    kept: Path | None = None


def lesson_copy(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A student's copy of a lesson (the lesson is not changed): every prediction blank, and no
    output that gives an answer away before the prediction is recorded — the «¿Acertaste?»
    cells' and the experiment results they discuss (tagged). Other outputs stay, so the boards
    and drawings still show their saved pictures."""
    copy = nbformat.from_dict(notebook)
    for cell in copy.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        if PREDICCION in tags:
            cell.source = en_blanco(cell.source)
        if {PREDICCION, ACERTASTE, RESULTADO} & set(tags):
            cell.outputs = []
            cell.execution_count = None
    return copy


def fingerprint(notebook: nbformat.NotebookNode) -> str:
    """sha256 of the cells' kinds and sources: what a student would get in a fresh copy."""
    cells = [[cell.cell_type, cell.source] for cell in notebook.cells]
    return hashlib.sha256(json.dumps(cells, ensure_ascii=False).encode()).hexdigest()


def stamp_of(path: Path) -> str | None:
    """The fingerprint a copy on disk was made with; None if it has none or cannot be read."""
    try:
        stamp = json.loads(path.read_text(encoding="utf-8"))["metadata"][STAMP]["sha256"]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    return stamp if isinstance(stamp, str) else None


def versions(target: Path) -> list[Path]:
    """`target` and its later versions `STEM-2.ipynb`, `STEM-3.ipynb`, … that exist, in order."""
    pattern = re.compile(re.escape(target.stem) + r"-(\d+)" + re.escape(target.suffix))
    later = [
        (int(match.group(1)), path)
        for path in target.parent.glob(f"{target.stem}-*{target.suffix}")
        if (match := pattern.fullmatch(path.name))
    ]
    return [target, *(path for _, path in sorted(later))]


def place(source: Path, notebook: nbformat.NotebookNode, target: Path) -> Placed:
    """Write `notebook` (made from `source`) at `target` unless a copy of it is there already;
    beside the student's copy, under the next free `-N` name, when that copy is older."""
    sha = fingerprint(notebook)
    notebook.metadata[STAMP] = {"made_from": source.as_posix(), "sha256": sha}
    existing = [path for path in versions(target) if path.exists()]
    for path in existing:
        if stamp_of(path) == sha:
            return Placed(source, path, "current")
    if not target.exists():
        write_notebook(notebook, target)
        trust(target)
        return Placed(source, target, "written")
    number = 2
    while (new := target.with_name(f"{target.stem}-{number}{target.suffix}")).exists():
        number += 1
    write_notebook(notebook, new)
    trust(new)
    return Placed(source, new, "beside", kept=existing[-1])


def trust(path: Path) -> None:
    """Sign a copy the kit wrote in this computer's Jupyter database (as `jupyter trust`
    does). JupyterLab shows an unsigned notebook's boards and drawings as one line of text
    («PropertyBoard(<El Palé…>)») until the cells run; signed, a lesson opens on its board.
    A computer whose database cannot be written still gets the copy, shown as text."""
    from nbformat.sign import NotebookNotary

    with suppress(OSError, sqlite3.Error):  # a read-only home: the copy is written all the same
        NotebookNotary().sign(nbformat.read(path, as_version=4))


def build_classroom(lessons: Path, exercises: Path, out: Path) -> list[Placed]:
    """Write what is missing in `out`: lesson copies in out/lessons, student copies in
    out/exercises. Every copy is made before any is written, so a broken notebook leaves `out`
    as it was; bad input is a ValueError with a plain message."""
    lessons, exercises, out = Path(lessons), Path(exercises), Path(out)
    for folder in (lessons, exercises):
        if not folder.is_dir():
            raise ValueError(t("classroom.no_folder", folder=folder))
    if out.exists() and not out.is_dir():
        raise ValueError(t("student.out_is_a_file", out=out))
    for folder in (lessons, exercises):  # copies there would be read as sources next time
        if out.resolve().is_relative_to(folder.resolve()):
            raise ValueError(t("classroom.inside_sources", out=out, folder=folder))
    check_out_folder(lessons, out / LESSONS)
    check_out_folder(exercises, out / EXERCISES)
    made = [
        (path, lesson_copy(read_notebook(path)), out / LESSONS / relative)
        for path, relative in masters(lessons)
    ]
    made += [
        (path, student_notebook(read_notebook(path)), out / EXERCISES / relative)
        for path, relative in masters(exercises)
    ]
    return [place(source, notebook, target) for source, notebook, target in made]


def report(placed: list[Placed], out: Path) -> list[str]:
    """What a teacher reads after a build: each new or side-by-side copy, then a summary."""
    lines = []
    for item in placed:
        if item.status == "written":
            lines.append(t("classroom.written", path=item.path))
        elif item.status == "beside":
            lines.append(t("classroom.beside", source=item.source, kept=item.kept, path=item.path))
    current = sum(item.status == "current" for item in placed)
    lines.append(t("classroom.ready", folder=out, made=len(placed) - current, current=current))
    return lines
