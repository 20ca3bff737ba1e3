"""The gradebook's files (`kit grade --csv`, `--html`): checked before marking, written safely.

A result path is refused before any notebook runs when it could not be written (tried, not
guessed from permission bits: as root those always say yes), when it is a folder, one of the
submissions, or a symbolic link (a link at `notas.html` pointing at a teacher's file would have
had that file overwritten). Writing goes to a new file in the same folder, then replaces the
path in one step (`os.replace`, which replaces a link itself, never what it points to), so a
half-written or redirected gradebook cannot happen.
"""

from __future__ import annotations

import csv
import io
import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kit.exercises.registry import default_registry
from kit.messages import t

if TYPE_CHECKING:
    from kit.exercises.grading import Graded

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet would run these as formulas


class GradeError(ValueError):
    """A bad argument of `kit grade`, in plain words for the teacher."""


def columns(rows: Sequence[Graded]) -> list[str]:
    """The exercises any row has, in registry order."""
    present = {exercise_id for row in rows for exercise_id in row.marks}
    return [exercise_id for exercise_id in default_registry() if exercise_id in present]


def _cell(value: object) -> object:
    """A text a spreadsheet shows as text: names and errors come from students."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def csv_text(rows: Sequence[Graded], exercise_ids: Sequence[str]) -> str:
    """One line per notebook: file, name, 1/0 per exercise (empty if not its own), total, problem.

    With a byte-order mark, so a spreadsheet shows the accents of the names.
    """
    out = io.StringIO(newline="")
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow(["file", "name", *exercise_ids, "total", "problem"])
    for row in rows:
        marks = [row.marks.get(exercise_id, "") for exercise_id in exercise_ids]
        writer.writerow(map(_cell, [row.file, row.name, *marks, row.total, row.problem]))
    return out.getvalue()


def write_csv(rows: Sequence[Graded], path: Path, exercise_ids: Sequence[str]) -> None:
    """Write the CSV of `csv_text` to `path` (UTF-8), as `write_safely` does."""
    write_safely(path, csv_text(rows, exercise_ids))


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _can_create_in(folder: Path) -> bool:
    """Whether a file can be made in `folder`, by making one (and removing it)."""
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=".kit-grade-")
    except OSError:
        return False
    os.close(handle)
    os.unlink(name)
    return True


def check_output(path: Path, submissions: Sequence[Path]) -> None:
    """Refuse, before any notebook runs, a result file that cannot be written safely."""
    path = Path(path)
    folder = _folder(path)
    if path.is_symlink():
        raise GradeError(t("grade.output_is_link", path=path))
    if path.resolve() in {Path(p).resolve() for p in submissions}:
        raise GradeError(t("grade.output_is_submission", path=path))
    if path.is_dir():
        raise GradeError(t("grade.output_is_folder", path=path))
    if not folder.is_dir():
        raise GradeError(t("grade.output_no_folder", path=path, folder=folder))
    if path.exists() and not path.is_file():
        raise GradeError(t("grade.output_not_a_file", path=path))
    if not _can_create_in(folder) or (path.exists() and not os.access(path, os.W_OK)):
        raise GradeError(t("grade.output_unwritable", path=path))


def write_safely(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` through a new file in its folder, then one rename; never
    through a symbolic link: a link that appeared while marking is replaced, its target kept,
    and the class's marks are not lost."""
    path = Path(path)
    try:
        handle, name = tempfile.mkstemp(dir=_folder(path), prefix=".kit-grade-")
    except OSError:
        raise GradeError(t("grade.output_unwritable", path=path)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.chmod(name, 0o666 & ~_umask())
        os.replace(name, path)
    except OSError:
        Path(name).unlink(missing_ok=True)
        raise GradeError(t("grade.output_unwritable", path=path)) from None


def _umask() -> int:
    """The process's umask (a new gradebook gets the modes a plain `open` would give it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask & (stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO)
