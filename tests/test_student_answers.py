"""Issue 24: what a student types, the kit understands — in CPython and in Pyodide.

The cases (tests/student_answers.py) are answers as students write them: right ones in text and
Spanish notation get ✔, wrong ones ✘, and each slip its own sentence. The same cases run in the
browser's Python (Pyodide) below, when `make pyodide` has set KIT_PYODIDE.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
import student_answers

import kit
from kit.exercises import checking

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = student_answers.registry()


@pytest.fixture(autouse=True)
def spanish():
    kit.set_language("es")
    yield
    kit.set_language("es")


def test_the_cases_cover_every_kind_and_slip():
    assert len(student_answers.CASES) >= 200
    kinds = {EXERCISES[case[0]].kind for case in student_answers.CASES}
    assert kinds == {"number", "expression", "set", "text", "choice"}
    verdicts = Counter(case[2] for case in student_answers.CASES)
    for verdict in (
        student_answers.RIGHT,
        student_answers.WRONG,
        student_answers.PERCENT_SLIP,
        student_answers.PROPORTION_SLIP,
        student_answers.NO_UNIT,
        student_answers.AMBIGUOUS,
        student_answers.NEARLY,
        student_answers.FRACTION,
        student_answers.UNREADABLE,
    ):
        assert verdicts[verdict] >= 2, verdict


@pytest.mark.parametrize(("exercise_id", "typed", "expected"), student_answers.CASES)
def test_a_typed_answer_gets_its_verdict(exercise_id, typed, expected):
    said = student_answers.said(exercise_id, typed, EXERCISES)
    assert said.startswith(expected), said
    assert "Traceback" not in said and "Error" not in said
    if expected == student_answers.RIGHT:
        assert "✘" not in said
    else:
        assert "✔" not in said


def test_the_reading_taken_of_a_dot_is_said():
    assert "(He leído 1.331 € como 1331.)" in student_answers.said("libreta", "1.331 €", EXERCISES)
    assert "como 2,659" in student_answers.said("decimales", "2.659", EXERCISES)
    said = student_answers.said("caja", "3.543", EXERCISES)
    assert said.startswith("✘ ¿3.543 es 3543 o 3,543? Ninguna de las dos es la respuesta.")


def test_the_slips_say_what_was_meant():
    said = student_answers.said("prob", "13,89", EXERCISES)
    assert "13,89 % se escribe 0,1389" in said
    said = student_answers.said("porcentaje", 0.2778, EXERCISES)
    assert "0,2778 son 27,78 %" in said


def test_slips_and_readings_are_in_english_too():
    kit.set_language("en")
    assert student_answers.said("prob", 50, EXERCISES).startswith("✘ Did you write a percentage?")
    assert student_answers.said("caja", "3.543", EXERCISES).startswith("✘ Is 3.543 3543 or 3,543?")
    assert student_answers.said("media", "siete", EXERCISES).startswith("✘ I cannot read 'siete'")


@pytest.mark.parametrize(
    ("exercise_id", "typed", "hashes"),
    [
        ("prob", "5/36", 1),  # right: one fingerprint
        ("prob", "1/7", 1),  # wrong, exact: nothing to compare at 3 figures
        ("prob", "0,1389", 2),  # a decimal: its own fingerprint, then the one at 3 figures
        ("prob", "13,89", 1),  # the percentage slip is seen on the value, not hashed
        ("libreta", "1.330", 2),  # both readings of the dot, and nothing more
        ("libreta", "1.331", 1),  # the first reading is right
        ("decision", "sacar el dinero", 1),  # a synonym is one more right fingerprint, not a hash
        ("media", "siete", 0),
    ],
)
def test_a_check_computes_at_most_two_fingerprints(exercise_id, typed, hashes, monkeypatch):
    calls = []
    real = checking.stretched

    def counted(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(checking, "stretched", counted)
    student_answers.said(exercise_id, typed, EXERCISES)
    assert len(calls) == hashes


def tries(exercise_id: str, *typed) -> str:
    """What the last of several tries in a row is told (the tries remembered)."""
    import contextlib
    import io

    checking._wrong_tries.clear()
    for answer in typed[:-1]:
        with contextlib.redirect_stdout(io.StringIO()):
            kit.exercises.check(exercise_id, answer, registry=EXERCISES)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        kit.exercises.check(exercise_id, typed[-1], registry=EXERCISES)
    return out.getvalue()


def test_the_second_hint_needs_two_tries_that_show_work():
    assert "Otra pista" not in tries("media", 0, 1)  # typed to see what happens
    assert "Otra pista" not in tries("media", 0, 1, -1, "siete", "7 y pico")
    assert "Otra pista" not in tries("media", 6, "6", 6.0)  # one answer, three spellings
    assert "Otra pista" in tries("media", 6, 8)
    assert "Otra pista" in tries("media", "6,5", 0, "8")


def test_a_choice_never_gives_the_second_hint():
    assert "Otra pista" not in tries("elige", "a", "c", "d")


@pytest.mark.pyodide
def test_the_same_answers_get_the_same_verdicts_in_pyodide(tmp_path):
    """Every case again in the browser's Python (JupyterLite's runtime), run by node."""
    folder = os.environ.get("KIT_PYODIDE")
    if not folder:
        pytest.skip("set KIT_PYODIDE (make pyodide does) to run the kit in Pyodide")
    assert shutil.which("node"), "node is needed to run Pyodide"
    script = tmp_path / "student_answers.py"
    corpus = (ROOT / "tests" / "student_answers.py").read_text(encoding="utf-8")
    script.write_text(
        corpus + "\nimport json as _json\n_json.dumps([len(CASES), failures()])\n", encoding="utf-8"
    )
    done = subprocess.run(
        [
            "node",
            str(ROOT / "tests" / "pyodide" / "run.mjs"),
            str(Path(folder) / "package"),
            str(Path(folder) / "wheels"),
            str(script),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    count, failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert count == len(student_answers.CASES)
    assert failed == []


@pytest.fixture
def shell():
    """An IPython shell of its own (the singleton is cleared after, for the other tests)."""
    from IPython.core.interactiveshell import InteractiveShell

    from kit.exercises import typed_cells

    InteractiveShell.clear_instance()
    shell = InteractiveShell.instance()
    typed_cells.install(shell)
    yield shell
    InteractiveShell.clear_instance()


def test_in_a_notebook_how_a_number_was_typed_is_read_too(shell):
    """`respuesta = 24.000` is the float 24.0 to Python: the cell's text says it was 24 000."""
    shell.user_ns.update(check=kit.exercises.check, EXERCISES=EXERCISES)

    def run(code: str) -> str:
        """Run `respuesta = …  # exercise` and its check as one cell; what the check said."""
        import contextlib
        import io

        exercise_id = code.split("#")[1].strip()
        checking._wrong_tries.clear()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            shell.run_cell(f'{code}\ncheck("{exercise_id}", respuesta, registry=EXERCISES)')
        return out.getvalue()

    assert run("respuesta = 24.000  # grande").startswith(
        "✔ ¡Correcto! (He leído 24.000 como 24 000.)"
    )
    assert run("respuesta = 2.659  # miles").startswith("✔ ¡Correcto! (He leído 2.659 como 2659.)")
    assert run("respuesta = 2.659  # decimales").startswith(
        "✔ ¡Correcto! (He leído 2.659 como 2,659.)"
    )
    assert run("respuesta = 3.543  # caja").startswith("✘ ¿3.543 es 3543 o 3,543?")
    said = run("respuesta = 1000*1,1  # libreta")
    assert "escribe 1000*1.1 en lugar de 1000*1,1" in said
    assert run("respuesta = 24.5  # grande").startswith("✘ Todavía no")
