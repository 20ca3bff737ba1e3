"""The student path runs on the light core (issue 11, point 2): the offline JupyterLite site has
no numpy, pandas or matplotlib, so no lesson or exercise may import them, and nothing the kit
does for a lesson may need them (DESIGN.md, "A light core"; sympy, which JupyterLite has, is
allowed where a lesson uses it)."""

from __future__ import annotations

import ast
import json
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb")])
FORBIDDEN = {"numpy", "pandas", "matplotlib"}


def _code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def _python(source: str) -> str:
    """A cell's source without IPython's magics and shell lines, which ast cannot parse."""
    return "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()
    )


def _imports(source: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(_python(source))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", ""))
            in ("__import__", "import_module")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value).split(".")[0])
    return found


def test_the_notebooks_are_all_found():
    names = {p.name for p in NOTEBOOKS}
    assert {"02_tablero.ipynb", "04_interes_compuesto.ipynb", "06_multiplicadores.ipynb"} <= names
    assert len([p for p in NOTEBOOKS if p.parent.name == "exercises"]) >= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_cell_imports_numpy_pandas_or_matplotlib(path):
    for number, source in enumerate(_code_cells(path), 1):
        heavy = _imports(source) & FORBIDDEN
        assert not heavy, f"{path.name}, code cell {number} imports {sorted(heavy)}"


def test_the_import_finder_sees_every_form():
    assert _imports("import pandas as pd") == {"pandas"}
    assert _imports("from matplotlib import pyplot") == {"matplotlib"}
    assert _imports("%matplotlib inline\nimport numpy.linalg") == {"numpy"}
    assert _imports("importlib.import_module('pandas')") == {"pandas"}
    assert _imports("from . import x\nimport kit") == {"kit"}


RUN_NOTEBOOKS = """
import json, sys
from pathlib import Path
from IPython.core.interactiveshell import InteractiveShell

failed = []
for path in {paths!r}:
    shell = InteractiveShell()
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(c for c in cells if c["cell_type"] == "code"):
        result = shell.run_cell("".join(cell["source"]))
        if not result.success:
            error = result.error_in_exec or result.error_before_exec
            failed.append(f"{{Path(path).name}}, code cell {{number + 1}}: {{error!r}}")
            break
    InteractiveShell.clear_instance()
print("FAILED:", failed)
"""


def test_every_lesson_and_exercise_runs_without_numpy_pandas_matplotlib(run_light, tmp_path):
    """Each notebook's code cells, in an IPython shell, with the three blocked (sympy allowed);
    run in a scratch folder, since the play notebooks save their games beside them."""
    out = run_light(
        RUN_NOTEBOOKS.format(paths=[str(p) for p in NOTEBOOKS]), allow=("sympy",), cwd=tmp_path
    )
    assert out[-1] == "FAILED: []", "\n".join(out[-20:])


def test_the_kit_functions_of_the_lessons_need_not_even_sympy(run_light):
    """Tables, charts, schedules and the rent ranking are standard library only."""
    out = run_light(
        """
        from fractions import Fraction
        from kit.analysis import interest, markov, rent
        from kit.render.charts import bar_chart, line_chart
        from kit.table import Table
        from kit.widgets.interest import schedule

        libreta = interest.savings_schedule({1: 1500}, 12)
        prestamo = interest.loan_schedule(1, 12)
        grupos = rent.group_ranking("el_pale")
        p = markov.landing_probabilities("el_pale")
        chart = line_chart(range(13), {"libreta": [0, *libreta.column("closing")]}, title="t")
        bars = bar_chart(range(40), {"P": [p[c] for c in range(40)]}, title="El Palé")
        assert "<svg" in chart._repr_svg_() and "<svg" in bars._repr_svg_()
        assert "€" in libreta._repr_html_() and "Deuda" in prestamo._repr_html_()
        print(libreta.column("closing")[-1], grupos.row(-1).level)
        print(len(schedule("loan", 3000, 10, 3)))
        """
    )
    assert out == [f"{1500 * Fraction(11, 10) ** 12} 5", "3"]


def test_kit_sim_without_pandas_names_the_extra(run_light):
    out = run_light(
        """
        import contextlib, io
        from kit.cli import main
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            try:
                main(["sim", "el_pale", "--games", "1", "--quiet"])
            except SystemExit as stop:
                print(stop.code, " ".join(err.getvalue().split()))
        """
    )
    assert "kit[sim]" in out[0] and "pandas" in out[0] and "Traceback" not in "\n".join(out)
