"""What a lesson notebook's code cells type, read with ast: the tests of lessons 04 and 06 check
that a student reads and types only Spanish names (issue 23, point 3)."""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat

LIBRARIES = {"sympy", "math", "Fraction"}  # sympy is the library of the «Ampliación»; stdlib
SPANISH = {"columna", "fila", "elige", "valor_esperado", "media", "varianza", "total"}
"""Names kit code shares with Spanish: a lesson may type them."""


def code_of(notebook: Path) -> dict[str, set[str]]:
    """What a notebook's code cells type: the attributes of each name (``interes.X``), the
    attributes of anything else (``tabla.columna``), the modules imported and the names called."""
    found: dict[str, set[str]] = {"imports": set(), "names": set(), "other": set(), "called": set()}
    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.ImportFrom):
                found["imports"].add(node.module or "")
            elif isinstance(node, ast.Import):
                found["imports"].update(a.name for a in node.names)
            elif isinstance(node, ast.Name):
                found["names"].add(node.id)
            elif isinstance(node, ast.Attribute):
                root = node.value
                while isinstance(root, ast.Attribute | ast.Call | ast.Subscript):
                    root = root.func if isinstance(root, ast.Call) else root.value
                if isinstance(root, ast.Name) and root.id in LIBRARIES:
                    continue
                if isinstance(node.value, ast.Name):
                    found.setdefault(node.value.id, set()).add(node.attr)
                else:
                    found["other"].add(node.attr)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                found["called"].add(node.func.id)
    return found


def english(*objects: object) -> set[str]:
    """The public English names of kit code a lesson must not type (its Spanish aliases aside)."""
    names = {n for o in objects for n in dir(o) if not n.startswith("_")}
    return names - SPANISH
