"""`kit fingerprints`: every fingerprint of the registry, made again from the master notebooks.

The registry keeps what a teacher writes (kind, digits, hints) and what only a command should
write (salt and fingerprints). This module runs each master notebook in a fresh kernel, cell by
cell; after each cell that calls `check("ID", NAME)` it asks the kernel for the canonical texts
of NAME's value (`kit.exercises.canonical.answer_forms`), and then fingerprints them here.
Salts are kept unless `new_salts`, so regenerating an unchanged exercise changes nothing but
what the stretching makes anew.

It needs nbformat, nbclient and ipykernel (the teacher's `[lab]` install).
"""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path
from typing import Any

from kit.exercises.fingerprints import WORK, new_salt
from kit.exercises.registry import (
    HINT_KEYS,
    SPEC_KEYS,
    check_spec,
    registry_header,
    secrets_for,
    table_text,
)

_MARK = "@@kit-answer-forms@@"
_PROBE = """\
import json as _kit_json
from kit.exercises.canonical import answer_forms as _kit_forms
try:
    _kit_right, _kit_decimal = _kit_forms({name}, {kind!r}, {digits!r}, {element!r}, {symbols!r})
    print({mark!r} + _kit_json.dumps([sorted(_kit_right), sorted(_kit_decimal)]))
except Exception as _kit_error:
    print({mark!r} + _kit_json.dumps({{"error": repr(_kit_error)}}))
"""
_HEADER = """\
# The answers to the exercises, stored only as salted, stretched fingerprints
# (see kit/exercises/registry.py). A teacher writes kind, digits, fraction and the hints;
# `kit fingerprints exercises/` writes salt, right and decimal from the master notebooks.
"""


def check_calls(source: str) -> list[tuple[str, str]]:
    """(exercise id, answer expression) of each top-level `check("ID", answer)` in a cell."""
    try:
        module = ast.parse(source)
    except SyntaxError:
        return []
    calls = []
    for statement in module.body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "check"
            and len(call.args) >= 2
            and isinstance(call.args[0], ast.Constant)
            and isinstance(call.args[0].value, str)
        ):
            calls.append((call.args[0].value, ast.unparse(call.args[1])))
    return calls


def _probe_result(cell: Any) -> Any:
    for output in cell.get("outputs", []):
        for line in output.get("text", "").splitlines():
            if line.startswith(_MARK):
                return json.loads(line[len(_MARK) :])
    raise RuntimeError("the kernel gave no answer forms")


def master_forms(
    notebook: Path, specs: dict[str, dict[str, Any]], timeout: int = 600
) -> dict[str, tuple[list[str], list[str]]]:
    """{exercise id: (right texts, decimal texts)} of every check in one master notebook."""
    import nbformat
    from nbclient import NotebookClient

    book = nbformat.read(notebook, as_version=4)
    client = NotebookClient(
        book,
        timeout=timeout,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(notebook.resolve().parent)}},
    )
    found: dict[str, tuple[list[str], list[str]]] = {}
    with client.setup_kernel():
        for index, cell in enumerate(list(book.cells)):
            if cell.cell_type != "code":
                continue
            client.execute_cell(cell, index)
            for exercise_id, name in check_calls(cell.source):
                if exercise_id not in specs:
                    raise ValueError(
                        f"{notebook.name}: check({exercise_id!r}, …) has no registry entry; "
                        "add its kind and hints to the registry first"
                    )
                spec = specs[exercise_id]
                probe = nbformat.v4.new_code_cell(
                    _PROBE.format(
                        name=name,
                        kind=spec["kind"],
                        digits=spec.get("digits"),
                        element=spec.get("element", "number"),
                        symbols=tuple(spec.get("symbols", ())) or None,
                        mark=_MARK,
                    )
                )
                client.execute_cell(probe, index)
                result = _probe_result(probe)
                if isinstance(result, dict):
                    raise ValueError(
                        f"{notebook.name}: the answer of {exercise_id} cannot be read as "
                        f"{spec['kind']}: {result['error']}"
                    )
                found[exercise_id] = (result[0], result[1])
    return found


def _specs(registry: Path) -> tuple[dict[str, dict[str, Any]], int]:
    """The registry's tables without their secrets (any format), and its work factor."""
    tables = tomllib.loads(registry.read_text(encoding="utf-8"))
    tables.pop("format", None)
    work = tables.pop("work", WORK)
    specs = {}
    for exercise_id, table in tables.items():
        check_spec(table["kind"], table.get("digits"), table.get("element", "number"))
        specs[exercise_id] = dict(table)
    return specs, work


def regenerate(
    masters: Path, registry: Path, *, new_salts: bool = False, work: int | None = None
) -> list[str]:
    """Rewrite `registry`'s salts and fingerprints from the notebooks in `masters`.

    Returns the exercise ids written. Fails, changing nothing, when an entry has no check in
    the masters or a check has no entry.
    """
    masters, registry = Path(masters), Path(registry)
    specs, old_work = _specs(registry)
    work = work or old_work
    notebooks = [masters] if masters.is_file() else sorted(masters.glob("*.ipynb"))
    forms: dict[str, tuple[list[str], list[str]]] = {}
    origin: dict[str, str] = {}
    for notebook in notebooks:
        for exercise_id, found in master_forms(notebook, specs).items():
            forms[exercise_id] = found
            origin[exercise_id] = notebook.name
    if unchecked := sorted(set(specs) - set(forms)):
        raise ValueError(f"no master notebook checks {unchecked}: remove them or add the checks")
    blocks, last_notebook = [], None
    for exercise_id in sorted(specs, key=lambda key: (origin[key], _number(key))):
        table = specs[exercise_id]
        right, decimal = forms[exercise_id]
        salt = table.get("salt") if not new_salts and isinstance(table.get("salt"), str) else None
        secrets = secrets_for(
            exercise_id,
            None,
            kind=table["kind"],
            fraction=bool(table.get("fraction")),
            salt=salt or new_salt(),
            work=work,
            forms=(set(right), set(decimal)),
        )
        kept = {key: table.get(key) for key in (*SPEC_KEYS, *HINT_KEYS)}
        if origin[exercise_id] != last_notebook:
            blocks.append(f"# {masters.name}/{origin[exercise_id]}\n")
            last_notebook = origin[exercise_id]
        blocks.append(table_text(exercise_id, kept | secrets))
    text = _HEADER + registry_header(work) + "\n" + "\n".join(blocks)
    registry.write_text(text, encoding="utf-8")
    return sorted(forms)


def _number(exercise_id: str) -> tuple[int, str]:
    suffix = exercise_id.rsplit("-", 1)[-1]
    return (int(suffix), "") if suffix.isdigit() else (0, suffix)
