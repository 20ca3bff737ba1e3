"""Student copies of exercise notebooks: the teacher's solutions become `...`.

In a copy, every code cell tagged `solution` keeps only the names it assigned at top level
(`respuesta_2 = Fraction(2, 3)` → `respuesta_2 = ...`), under one comment line, in the current
language of `kit.messages`, that tells the student to write their answer, followed by the cell's
top-level `check("id", respuesta_2)` calls, verbatim, so running the cell checks the answer. A
solution cell that assigns nothing becomes `...`. Its `solution` tag becomes `student`, so tools
can still find the answer cells while the tag no longer claims that a solution is inside.
Markdown or raw cells tagged `solution` (teacher's notes) are left out. Every output, execution
count and run time is cleared, so nothing computed from a solution survives.

A copy starts with a name cell (`nombre = ""`, tagged `name`) after its setup cell: the
gradebook reads `nombre` to know whose notebook it is.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat

from kit.messages import os_reason, t

SOLUTION_TAG = "solution"
STUDENT_TAG = "student"
NAME_TAG = "name"
NAME_VARIABLE = "nombre"  # what the gradebook reads, whatever the class language
CHECK = "check"


def _target_names(target: ast.expr) -> list[str]:
    """Names bound by one assignment target: `a`, `a, b`, `[a, *rest]`; not `x.y` or `x[0]`."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _target_names(element)]
    return []


def _parse(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except SyntaxError:  # IPython magics or a broken cell: nothing to read
        return None


def assigned_names(source: str) -> list[str]:
    """Names a cell assigns at top level, in first-assigned order; [] if it does not parse."""
    module = _parse(source)
    names: list[str] = []
    for statement in module.body if module else []:
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign | ast.AugAssign):
            targets = [statement.target]
        else:
            continue
        for target in targets:
            names += [name for name in _target_names(target) if name not in names]
    return names


def check_call(statement: ast.stmt) -> ast.Call | None:
    """The call of a statement that is a bare `check(...)`, else None."""
    if (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Call)
        and isinstance(statement.value.func, ast.Name)
        and statement.value.func.id == CHECK
    ):
        return statement.value
    return None


def check_calls(source: str) -> list[tuple[str, str]]:
    """(exercise id, answer expression) of each top-level `check("ID", answer)` in a cell."""
    module = _parse(source)
    calls = []
    for statement in module.body if module else []:
        call = check_call(statement)
        if call is None or len(call.args) < 2:
            continue
        first = call.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            calls.append((first.value, ast.unparse(call.args[1])))
    return calls


def _names_only(call: ast.Call) -> bool:
    """`check("id", respuesta_2)`: a literal id, then names only — so it can quote no answer."""
    first, *rest = call.args or [None]
    return (
        isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and all(isinstance(arg, ast.Name) for arg in rest)
        and all(isinstance(keyword.value, ast.Name) for keyword in call.keywords)
    )


def kept_checks(source: str) -> list[str]:
    """The top-level `check(...)` statements of a solution cell, verbatim, in order.

    A check that passes anything but names (`check("dados-2", Fraction(2, 7))`) would hand the
    answer to the student, so it is refused with a ValueError rather than copied.
    """
    module = _parse(source)
    kept = []
    for statement in module.body if module else []:
        call = check_call(statement)
        if call is None:
            continue
        text = ast.get_source_segment(source, statement) or ""
        if not _names_only(call):
            raise ValueError(t("student.check_quotes_answer", check=text))
        kept.append(text)
    return kept


def blank_solution(source: str) -> str:
    """The student's version of a solution cell's source."""
    names = assigned_names(source)
    body = [f"{name} = ..." for name in names] or ["..."]
    return "\n".join([t("student.answer_here"), *body, *kept_checks(source)])


def _tags(cell: nbformat.NotebookNode) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def name_cells(with_ids: bool) -> list[nbformat.NotebookNode]:
    """The markdown line asking for the student's name and the cell `nombre = ""` below it."""
    prompt = nbformat.v4.new_markdown_cell(t("student.name_prompt"))
    code = nbformat.v4.new_code_cell(
        f'{t("student.name_comment")}\n{NAME_VARIABLE} = ""', metadata={"tags": [NAME_TAG]}
    )
    for cell, cell_id in ((prompt, "kit-name-prompt"), (code, "kit-name")):
        if with_ids:
            cell.id = cell_id  # fixed, so the same master always makes the same copy
        else:
            cell.pop("id", None)  # nbformat < 4.5 has no cell ids
    return [prompt, code]


def _with_name_cells(
    cells: list[nbformat.NotebookNode], with_ids: bool
) -> list[nbformat.NotebookNode]:
    """`cells` with the name cells after the first code cell (unless they are there).

    The first code cell imports `kit.exercises`, which installs the Spanish advice for slips:
    so `nombre = Ana` (no quotes) already gets a sentence instead of a traceback.
    """
    if any(NAME_TAG in _tags(cell) for cell in cells):
        return cells
    first_code = next((i for i, c in enumerate(cells) if c.cell_type == "code"), len(cells) - 1)
    after = first_code + 1
    return [*cells[:after], *name_cells(with_ids), *cells[after:]]


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
    copy.cells = _with_name_cells(cells, (copy.nbformat, copy.nbformat_minor) >= (4, 5))
    copy.metadata.pop("widgets", None)  # saved widget state belongs to the teacher's run
    return copy


def masters(source: Path) -> list[tuple[Path, Path]]:
    """(notebook, its path relative to `source`) pairs, in a stable order; `source` is a
    notebook or a folder of them."""
    if source.is_file():
        return [(source, Path(source.name))]
    if not source.is_dir():
        raise ValueError(t("student.no_source", source=source))
    return [
        (path, path.relative_to(source))
        for path in sorted(source.rglob("*.ipynb"))
        if ".ipynb_checkpoints" not in path.parts
    ]


def read_notebook(path: Path) -> nbformat.NotebookNode:
    """A notebook from disk, or a ValueError that names the file in plain words."""
    try:
        notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        nbformat.validate(notebook)
    except (OSError, UnicodeDecodeError, ValueError, nbformat.ValidationError) as err:
        raise ValueError(t("student.unreadable", path=path, reason=_first_line(err))) from None
    if notebook.get("nbformat") != 4:
        raise ValueError(t("student.unreadable", path=path, reason=f"nbformat {notebook.nbformat}"))
    return notebook


def _first_line(err: Exception) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]


def check_out_folder(source: Path, out: Path) -> None:
    """Refuse an `out` that would overwrite the masters or that is a file, in plain words."""
    folder = source if source.is_dir() else source.parent
    if out.resolve() == folder.resolve():
        raise ValueError(t("student.would_overwrite", folder=folder))
    if out.exists() and not out.is_dir():
        raise ValueError(t("student.out_is_a_file", out=out))


def write_notebook(notebook: nbformat.NotebookNode, target: Path) -> None:
    """Write `notebook` to `target` (making its folder), or a ValueError in plain words."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, target)
    except OSError as err:
        raise ValueError(t("student.cannot_write", path=target, reason=os_reason(err))) from None


def write_student_copies(source: Path, out: Path) -> list[Path]:
    """Write a student copy of every notebook in `source` (a folder or one notebook) to `out`.

    Sub-folders are mirrored; the written paths are returned. Every copy is made before any is
    written, so a broken master leaves `out` as it was. Bad input (a missing or broken notebook,
    an `out` that is the masters' folder or a file) is a ValueError with a plain message.
    """
    source, out = Path(source), Path(out)
    found = masters(source)
    check_out_folder(source, out)
    copies = [(out / relative, student_notebook(read_notebook(path))) for path, relative in found]
    for target, copy in copies:
        write_notebook(copy, target)
    return [target for target, _ in copies]
