"""Fair checks (issue 10): floats up to rounding, the fraction message, hints in two levels,
one answer per exercise, bounded work, and fingerprints that cost what they claim.

Small registries are built here at a low work factor; the kit's own registry is tested at its
own, with answers computed by running the master notebooks.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import math
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.exercises import answer_name, check, load_registry, registry_entry, summary
from kit.exercises import checking as checking_module
from kit.exercises.canonical import canonical
from kit.exercises.fingerprints import WORK, stretched
from kit.exercises.guards import LONGEST_TEXT, MOST_ITEMS, TooBig, guard
from kit.exercises.numbers import nearby_roundings, round_sig
from kit.exercises.regenerate import run_master
from kit.exercises.registry import parse_registry, registry_header, registry_path
from kit.exercises.student import check_calls

ROOT = Path(__file__).resolve().parents[1]
LOW_WORK = 1000
PROPERTY = settings(deadline=None, derandomize=True)
X, S = sympy.symbols("x s")


@pytest.fixture(autouse=True)
def spanish_and_fresh():
    """Spanish, and no tries or verdicts left over from another test."""
    kit.set_language("es")
    checking_module._wrong_tries.clear()
    checking_module._verdicts.clear()
    yield
    kit.set_language("es")


def registry(*entries: tuple) -> dict:
    tables = [
        registry_entry(
            exercise_id,
            value,
            hint_es="idea",
            hint_en="idea-en",
            hint2_es="paso",
            hint2_en="step",
            work=LOW_WORK,
            **spec,
        )
        for exercise_id, value, spec in entries
    ]
    return parse_registry(registry_header(LOW_WORK) + "\n".join(tables))


def quiet_check(exercise_id, answer, exercises):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        feedback = check(exercise_id, answer, registry=exercises)
    return feedback, out.getvalue()


# -- floats up to rounding -------------------------------------------------------------------


FRACTIONS = st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=10**4)


@settings(PROPERTY, max_examples=150)
@given(FRACTIONS)
def test_the_float_of_any_fraction_is_right(value):
    exercises = registry(("e", value, {}))
    as_float = float(value)
    for answer in (value, as_float, math.nextafter(as_float, math.inf)):
        assert quiet_check("e", answer, exercises)[0], (value, answer)


@settings(PROPERTY, max_examples=100)
@given(FRACTIONS, st.integers(2, 9))
def test_a_float_computed_the_long_way_is_right(value, parts):
    """The answer as a sum of float parts: the rounding noise of a real calculation."""
    exercises = registry(("e", value, {}))
    long_way = sum([float(value) / parts] * parts)
    assert quiet_check("e", long_way, exercises)[0], (value, long_way)


@settings(PROPERTY, max_examples=100)
@given(
    FRACTIONS.filter(lambda v: v != 0), st.sampled_from([Fraction(1, 1000), Fraction(-1, 10**6)])
)
def test_a_float_that_differs_in_the_visible_figures_is_wrong(value, change):
    exercises = registry(("e", value, {}))
    other = float(value * (1 + change))
    assert not quiet_check("e", other, exercises)[0], (value, other)


def test_the_floats_a_student_types_the_natural_way_pass(capsys):
    c, m = sympy.symbols("c m")
    exercises = registry(
        ("tablero-1", Fraction(1, 12), {}),
        ("tablero-2", Fraction(125, 1296), {}),
        ("interes-1", 1650, {}),
        ("interes-6", 150 * c * m, {"kind": "expression", "symbols": ("c", "m")}),
        ("interes-13", 9000, {}),
        ("mult-10", Fraction(math.comb(96, 7), math.comb(122, 7)), {}),
        ("mult-8", (X + 3) * 6, {"kind": "expression", "symbols": ("x",)}),
    )
    typed = {
        "tablero-1": 3 / 36,
        "tablero-2": 125 / 1296,
        "interes-1": 1500 * 1.1,
        "interes-6": 1500 * 0.1 * c * m,
        "interes-13": 90000 * 1.2 - 90000 * 1.1,
        "mult-10": math.comb(96, 7) / math.comb(122, 7),
        "mult-8": (X + 1 + 2) * 3 * 2.0,
    }
    for exercise_id, answer in typed.items():
        assert check(exercise_id, answer, registry=exercises), exercise_id
    assert capsys.readouterr().out.count("✔ ¡Correcto!") == len(typed)


def test_nine_figure_rounding_and_its_neighbours():
    assert round_sig(Fraction(2, 3)) == Fraction(666666667, 10**9)
    assert round_sig(Fraction(-1, 8)) == Fraction(-1, 8)
    assert round_sig(Fraction(123456789012)) == 123456789000
    assert nearby_roundings(Fraction(1, 3)) == {Fraction(333333333, 10**9)}
    boundary = Fraction(1234567885, 10**10)  # exactly halfway at the ninth figure
    assert nearby_roundings(boundary) == {Fraction(123456788, 10**9), Fraction(123456789, 10**9)}


# -- where the fraction is the point ---------------------------------------------------------


def test_a_right_decimal_is_told_that_the_fraction_is_asked_for():
    exercises = registry(("e", Fraction(1, 12), {"fraction": True}), ("n", 12, {"fraction": True}))
    for answer in (1 / 12, 3 / 36, math.nextafter(1 / 12, 0)):
        feedback, out = quiet_check("e", answer, exercises)
        assert not feedback
        assert out.startswith("✘ Tu 0,0833333 es correcto en decimal") and "fracción" in out
    assert quiet_check("e", Fraction(3, 36), exercises)[0]
    assert quiet_check("e", sympy.Rational(1, 12), exercises)[0]
    assert "Pista: idea" in quiet_check("e", 0.0843, exercises)[1]
    assert quiet_check("n", 12.0, exercises)[0]  # a whole number is the same in decimal


def test_a_decimal_that_agrees_to_three_figures_is_told_apart_from_a_wrong_one():
    """One fingerprint, of the answer to 3 figures: the student's own decimal is rounded to
    them before it is compared, so no fingerprint per precision can be walked digit by digit."""
    exercises = registry(("e", Fraction(1, 6), {}), ("d", Fraction(1, 6), {"digits": 4}))
    assert len(exercises["e"].rounded) == 1
    for typed in (0.167, 0.1667, 0.16667, 0.166667, 0.1666, "0,1667"):
        feedback, out = quiet_check("e", typed, exercises)
        shown = typed if isinstance(typed, str) else str(typed).replace(".", ",")
        assert not feedback and out.startswith(f"✘ Casi: tu {shown} coincide"), out
    for typed in (0.17, 0.2, 0.168, 0.1675):  # fewer than 3 figures, or another value
        assert quiet_check("e", typed, exercises)[1].startswith("✘ Todavía no."), typed
    assert quiet_check("e", 1 / 6, exercises)[0]
    assert quiet_check("d", 0.1667, exercises)[0]  # where 4 decimals are asked, it is right
    assert not exercises["d"].rounded


# -- hints in two levels ---------------------------------------------------------------------


def test_the_second_hint_comes_after_two_different_wrong_answers():
    exercises = registry(("e", 7, {}))
    first = quiet_check("e", 5, exercises)[1]
    assert first == "✘ Todavía no.\nPista: idea\n"
    assert quiet_check("e", 5, exercises)[1] == first  # the same answer again is not a new try
    assert quiet_check("e", "cinco", exercises)[1].count("Otra pista") == 0  # not a number
    second = quiet_check("e", 6, exercises)[1]
    assert second == "✘ Todavía no.\nPista: idea\nOtra pista: paso\n"
    assert quiet_check("e", 7, exercises)[1] == "✔ ¡Correcto!\n"  # never locked out


def test_no_hint_of_the_kit_holds_its_solution_code():
    """A hint may name the idea, never the solution cell's code (issue 10, point 2)."""
    import nbformat

    for master in sorted((ROOT / "exercises").glob("*.ipynb")):
        book = nbformat.read(master, as_version=4)
        for cell in book.cells:
            if "solution" not in cell.metadata.get("tags", []):
                continue
            for exercise_id, _ in check_calls(cell.source):
                exercise = load_registry()[exercise_id]
                hints = " ".join(
                    exercise.hint(language, level) for language in ("es", "en") for level in (1, 2)
                )
                squeezed = hints.replace(" ", "")
                for line in cell.source.splitlines():
                    code = line.split("=", 1)[-1].strip().replace(" ", "")
                    if len(code) >= 12 and not line.startswith("check("):
                        assert code not in squeezed, (exercise_id, line)


# -- one answer per exercise, and the notebook's tally ---------------------------------------


def test_each_exercise_has_its_own_answer_variable():
    assert answer_name("dados-2") == "respuesta_2"
    assert answer_name("tablero-11") == "respuesta_11"
    names = {answer_name(key) for key in load_registry() if key.startswith("dados-")}
    assert len(names) == 13


def test_summary_counts_this_kernels_right_answers(capsys):
    exercises = registry(("t-1", 1, {}), ("t-2", 2, {}), ("t-3", 3, {}), ("u-1", 1, {}))
    check("t-1", 1, registry=exercises)
    check("t-2", 5, registry=exercises)
    check("u-1", 1, registry=exercises)
    capsys.readouterr()
    assert not summary("t", registry=exercises)
    assert capsys.readouterr().out == "1 de 3 ✔\nTe faltan: 2, 3.\n"
    check("t-2", 2, registry=exercises)
    check("t-3", 3.0, registry=exercises)
    capsys.readouterr()
    assert summary("t", registry=exercises)
    assert capsys.readouterr().out == "3 de 3 ✔\n"
    check("t-3", 4, registry=exercises)  # a later wrong answer counts: the last verdict
    assert not summary("t", registry=exercises)


# -- bounded work ----------------------------------------------------------------------------


BIG = st.one_of(
    st.text(min_size=LONGEST_TEXT + 1, max_size=LONGEST_TEXT + 50),
    st.integers(min_value=2**4001, max_value=2**4100),
    st.lists(st.integers(0, 9), min_size=MOST_ITEMS + 1, max_size=MOST_ITEMS + 5),
    st.integers(1001, 10**9).map(lambda n: S**n),
    st.integers(101, 10**6).map(lambda n: (S**50 + 1) ** n),
    st.integers(10**5, 10**9).map(lambda n: sympy.factorial(n, evaluate=False)),
    st.integers(10**6, 10**9).map(lambda n: 2 ** (S * n)),
)


@settings(PROPERTY, max_examples=120)
@given(BIG)
def test_answers_too_big_to_check_are_refused_before_any_evaluation(answer):
    with pytest.raises(TooBig):
        guard(answer)
    exercises = registry(("e", 10 * S / 3, {"kind": "expression", "symbols": ("s",)}))
    feedback, out = quiet_check("e", answer, exercises)
    assert not feedback and out.startswith("✘ Esta respuesta es demasiado grande")


@settings(PROPERTY, max_examples=80)
@given(
    st.one_of(
        st.text(max_size=LONGEST_TEXT),
        st.integers(-(2**3000), 2**3000),
        st.lists(st.integers(0, 9), max_size=MOST_ITEMS),
        st.integers(1, 60).map(lambda n: (S + 1) ** n),
    )
)
def test_answers_of_reasonable_size_are_read(answer):
    guard(answer)  # does not raise


class StripRaises(str):
    def strip(self, *args):
        raise RuntimeError("no strip")


class LenLies(list):
    def __len__(self):
        return 1

    def __iter__(self):
        return iter(range(10**9))


@pytest.mark.parametrize("answer", [StripRaises("7"), StripRaises(""), LenLies()])
def test_objects_that_misbehave_never_escape_check(answer):
    exercises = registry(("e", 7, {}), ("c", {1, 2}, {"kind": "set"}))
    for exercise_id in ("e", "c"):
        feedback, out = quiet_check(exercise_id, answer, exercises)
        assert not feedback and out.startswith("✘")


# -- the kit's own registry ------------------------------------------------------------------


def test_the_registry_holds_only_salts_and_stretched_fingerprints():
    text = "".join(f.read_text(encoding="utf-8") for f in registry_path().glob("*.toml"))
    assert "fingerprint =" not in text
    exercises = load_registry()
    assert {exercise.work for exercise in exercises.values()} == {WORK}
    salts = [exercise.salt for exercise in exercises.values()]
    assert len(set(salts)) == len(salts)
    for exercise in exercises.values():
        assert exercise.right and all(len(d) == 64 for d in exercise.right + exercise.decimal)
        assert exercise.hint_es and exercise.hint_en


def test_a_fingerprint_matches_only_at_the_registrys_work_factor():
    """dados-1's answer is 6 (the pairs that add up to 10 or more): its fingerprint is the
    stretched one, not a cheaper hash."""
    exercise = load_registry()["dados-1"]
    form = canonical(3 + 2 + 1, "number")
    assert stretched(exercise.id, exercise.salt, form, WORK) in exercise.right
    for cheaper in (WORK - 1, WORK // 2, 1, 0):
        assert stretched(exercise.id, exercise.salt, form, cheaper) not in exercise.right
    plain = hashlib.sha256(f"kit-exercises/1\ndados-1\n{form}".encode()).hexdigest()
    assert plain not in exercise.right


_VALUE_PROBE = """\
import json as _j
from fractions import Fraction as _F
_v = {name}
if isinstance(_v, (int, _F)) and not isinstance(_v, bool):
    _out = {{"fraction": [int(_F(_v).numerator), int(_F(_v).denominator)]}}
elif isinstance(_v, float):
    _out = {{"float": _v.hex()}}
elif type(_v).__module__.startswith("sympy"):
    import sympy as _s
    _out = {{"sympy": _s.srepr(_v)}}
else:
    _out = {{"other": type(_v).__name__}}
print("@@kit-answer-forms@@" + _j.dumps(_out))
"""


@pytest.fixture(scope="module")
def master_numbers() -> dict[str, object]:
    """{exercise id: the master's answer} for every number exercise, from running the masters."""
    found = {}
    for master in sorted((ROOT / "exercises").glob("*.ipynb")):
        found |= run_master(master, lambda _id, name: _VALUE_PROBE.format(name=name))
    numbers = {}
    for exercise_id, value in found.items():
        if load_registry()[exercise_id].kind != "number":
            continue
        if "fraction" in value:
            numbers[exercise_id] = Fraction(*value["fraction"])
        elif "float" in value:
            numbers[exercise_id] = float.fromhex(value["float"])
        elif "sympy" in value:
            numbers[exercise_id] = sympy.sympify(value["sympy"])
    return numbers


def test_every_number_exercise_takes_its_answer_and_floats_next_to_it(master_numbers):
    """The master's answer passes; its float and a float one unit in the last place away pass
    or, where the fraction is asked for, get the fraction message (issue 10, point 1)."""
    exercises = load_registry()
    number_ids = {key for key, e in exercises.items() if e.kind == "number"}
    assert set(master_numbers) == number_ids
    for exercise_id, answer in sorted(master_numbers.items()):
        assert quiet_check(exercise_id, answer, None)[0], exercise_id
        as_float = float(answer)
        for near in (as_float, math.nextafter(as_float, math.inf), math.nextafter(as_float, 0)):
            feedback, out = quiet_check(exercise_id, near, None)
            fraction_message = "aquí se pide la fracción" in out
            assert feedback or (exercises[exercise_id].fraction and fraction_message), (
                exercise_id,
                near,
                out,
            )


def test_the_registry_is_what_the_masters_give(tmp_path):
    """`kit fingerprints` on a copy of the registry rewrites it to the same text: the salts
    are kept and every fingerprint is the one the masters' answers give (issue 10, point 4)."""
    import shutil

    from kit.exercises.regenerate import regenerate

    copy = tmp_path / "registry"
    shutil.copytree(registry_path(), copy)
    written = regenerate(ROOT / "exercises", copy)
    assert set(written) == set(load_registry())
    for committed in registry_path().glob("*.toml"):  # one file per master, named after it
        assert (ROOT / "exercises" / f"{committed.stem}.ipynb").exists()
        assert (copy / committed.name).read_text(encoding="utf-8") == committed.read_text(
            encoding="utf-8"
        ), committed.name
