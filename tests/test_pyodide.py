"""The exercises in the browser's Python: Pyodide (JupyterLite's runtime), run by node.

`make pyodide` unpacks npm's `pyodide` at the version jupyterlite-pyodide-kernel pins and the
IPython wheels its lock names into build/pyodide, then runs these tests with KIT_PYODIDE set.
They show that the slips advice (installed through IPython's custom exception hook) works with
Pyodide's IPython, where the kernel keeps an error's traceback as the shell gives it, and that
a check answers there (no OpenSSL: the fingerprints are chained sha256).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module")
def pyodide_run():
    folder = os.environ.get("KIT_PYODIDE")
    if not folder:
        pytest.skip("set KIT_PYODIDE (make pyodide does) to run the kit in Pyodide")
    folder = Path(folder)
    assert (folder / "package" / "pyodide.mjs").exists(), f"no Pyodide in {folder}"
    assert shutil.which("node"), "node is needed to run Pyodide"
    runner = ROOT / "tests" / "pyodide" / "run.mjs"
    done = subprocess.run(
        [
            "node",
            str(runner),
            str(folder / "package"),
            str(folder / "wheels"),
            str(ROOT / "tests" / "pyodide" / "slips.py"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_it_is_the_python_of_jupyterlite(pyodide_run):
    assert pyodide_run["python"].startswith("3.14")


@pytest.mark.parametrize(
    ("slip", "advice"),
    [
        ("comma", "escribe 0.0278 en lugar de 0,0278"),
        ("name", "Si es un texto, escríbelo entre comillas"),
        ("percent", "escribe 50/100 en lugar de 50%"),
        ("times", "escribe 2*x en lugar de 2x"),
        ("spaces", "escribe 24000 en lugar de 24 000"),
        ("power_raises", "En Python la potencia se escribe **: 1000*1.1**3"),
        ("power_xor", "En Python la potencia se escribe **: 5**4"),
    ],
)
def test_slips_get_spanish_advice_as_the_cells_error(pyodide_run, slip, advice):
    error = pyodide_run["errors"][slip]
    assert error["failed"]  # the cell still fails, so "Run all" stops there
    text = "\n".join(error["traceback"])
    assert text.startswith("✘") and advice in text
    assert "SyntaxError" not in text and "Traceback" not in text and "octal" not in text


def test_a_check_answers_in_pyodide(pyodide_run):
    assert pyodide_run["checks"].startswith("✔ ¡Correcto!")
    assert "escribe 0.1667" in pyodide_run["checks"]


def test_caret_between_numbers_never_runs_but_between_sets_it_does(pyodide_run):
    """Issue 24, point 2: an AST check, so `5^4` is refused before Python computes xor."""
    assert pyodide_run["errors"]["sets"] == {"failed": False, "traceback": None}
    assert pyodide_run["sets"] == [1, 3]
    assert not pyodide_run["xor_ran"]
    assert pyodide_run["errors"]["power_xor"]["traceback"] == [
        "✘ En Python la potencia se escribe **: 5**4"
    ]


def test_the_raw_cell_is_recorded_in_pyodide(pyodide_run):
    assert pyodide_run["typed"] == "respuesta = 800*1,1\ntyped = typed_cells.current_cell()\n"
