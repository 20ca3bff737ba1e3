"""Student copies of exercise notebooks: the teacher's solutions become `...`.

In a copy, every code cell tagged `solution` keeps only the names it assigned at top level
(`respuesta = Fraction(2, 3)` → `respuesta = ...`), under one comment line, in the current
language of `kit.messages`, that tells the student to write their answer; a solution cell that
assigns nothing becomes `...`. Its `solution` tag becomes `student`, so tools can still find the
answer cells while the tag no longer claims that a solution is inside. Markdown or raw cells
tagged `solution` (teacher's notes) are left out. Every output, execution count and run time
is cleared, so nothing computed from a solution survives.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat

from kit.messages import t

SOLUTION_TAG = "solution"
STUDENT_TAG = "student"


def _target_names(target: ast.expr) -> list[str]:
    """Names bound by one assignment target: `a`, `a, b`, `[a, *rest]`; not `x.y` or `x[0]`."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _target_names(element)]
    return []


def assigned_names(source: str) -> list[str]:
    """Names a cell assigns at top level, in first-assigned order; [] if it does not parse."""
    try:
        module = ast.parse(source)
    except SyntaxError:  # IPython magics or a broken cell: nothing to keep
        return []
    names: list[str] = []
    for statement in module.body:
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign | ast.AugAssign):
            targets = [statement.target]
        else:
            continue
        for target in targets:
            names += [name for name in _target_names(target) if name not in names]
    return names


def blank_solution(source: str) -> str:
    """The student's version of a solution cell's source."""
    names = assigned_names(source)
    body = [f"{name} = ..." for name in names] or ["..."]
    return "\n".join([t("student.answer_here"), *body])


def _tags(cell: nbformat.NotebookNode) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def student_notebook(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A student copy of a master notebook (the master is not changed)."""
    copy = nbformat.from_dict(notebook)
    cells = []
    for cell in copy.cells:
        tags = _tags(cell)
        is_solution = SOLUTION_TAG in tags
        if is_solution and cell.cell_type != "code":
            continue
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)  # the teacher's run times, nothing to copy
        if is_solution:
            cell.source = blank_solution(cell.source)
            cell.metadata["tags"] = [STUDENT_TAG if tag == SOLUTION_TAG else tag for tag in tags]
        cells.append(cell)
    copy.cells = cells
    copy.metadata.pop("widgets", None)  # saved widget state belongs to the teacher's run
    return copy


def _masters(source: Path) -> list[tuple[Path, Path]]:
    """(master notebook, its path relative to `source`) pairs, in a stable order."""
    if source.is_file():
        return [(source, Path(source.name))]
    if not source.is_dir():
        raise FileNotFoundError(f"no notebook or folder at {source}")
    return [
        (path, path.relative_to(source))
        for path in sorted(source.rglob("*.ipynb"))
        if ".ipynb_checkpoints" not in path.parts
    ]


def write_student_copies(source: Path, out: Path) -> list[Path]:
    """Write a student copy of every notebook in `source` (a folder or one notebook) to `out`.

    Sub-folders are mirrored; the written paths are returned. `out` must not be `source`
    itself, so a master is never overwritten.
    """
    source, out = Path(source), Path(out)
    if out.resolve() == (source if source.is_dir() else source.parent).resolve():
        raise ValueError(f"the student copies would overwrite the masters in {source}")
    written = []
    for master, relative in _masters(source):
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = nbformat.read(master, as_version=nbformat.NO_CONVERT)
        nbformat.write(student_notebook(notebook), target)
        written.append(target)
    return written
