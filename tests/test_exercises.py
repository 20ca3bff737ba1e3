"""check(): right answers of every kind pass, wrong ones and junk get a friendly ✘.

Most tests use a small registry built here with `registry_entry`, so each kind of answer is
tested on its own; the kit's own dice exercises are tested with answers the kit computes.
"""

from __future__ import annotations

import contextlib
import io
import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.exercises import Feedback, check, load_registry, registry_entry
from kit.exercises.canonical import canonical
from kit.exercises.registry import parse_registry, registry_header, secrets_for

# Test registries stretch their fingerprints 1 000 times instead of 500 000: the same code,
# cheap enough for property tests (the kit's own registry is tested at its own work factor).
WORK = 1000
PROPERTY = settings(deadline=None, derandomize=True)

ROOT = Path(__file__).resolve().parents[1]
X, Y = sympy.symbols("x y")


@pytest.fixture(autouse=True)
def spanish():
    """Every test starts in Spanish and leaves the language as it found it."""
    kit.set_language("es")
    yield
    kit.set_language("es")


def _entry(exercise_id: str, value, **spec) -> str:
    return registry_entry(exercise_id, value, hint_es="pista", hint_en="hint", work=WORK, **spec)


def make_registry(*entries: str):
    return parse_registry(registry_header(WORK) + "\n".join(entries))


TEST_REGISTRY = make_registry(
    *(
        [
            _entry("exacto", 12),
            _entry("decimal", Fraction(2, 3), digits=4),
            _entry("conjunto", {Fraction(1, 2), 3}, kind="set"),
            _entry("palabras", {"Salida", "Estación"}, kind="set", element="text"),
            _entry("palabra", "Estación", kind="text"),
            _entry("binomio", (X + 1) ** 2, kind="expression", symbols=("x",)),
            _entry("dos", X * Y - X, kind="expression", symbols=("x", "y")),
            _entry("aprox", 7 * X / 3, kind="expression", digits=4, symbols=("x",)),
            _entry("constante", sympy.Rational(5, 2), kind="expression"),
            _entry("fraccion", Fraction(1, 12), fraction=True),
            _entry("doceavo", Fraction(1, 12)),
        ]
    )
)


def run(exercise_id, answer, capsys, registry=TEST_REGISTRY) -> tuple[Feedback, str]:
    feedback = check(exercise_id, answer, registry=registry)
    return feedback, capsys.readouterr().out


def assert_right(exercise_id, answer, capsys, registry=TEST_REGISTRY) -> None:
    feedback, out = run(exercise_id, answer, capsys, registry)
    assert feedback and out.startswith("✔ ¡Correcto!") and "✘" not in out, (answer, out)


def assert_wrong(exercise_id, answer, capsys, registry=TEST_REGISTRY) -> str:
    feedback, out = run(exercise_id, answer, capsys, registry)
    assert not feedback, (answer, out)
    assert out.startswith("✘") and "✔" not in out, (answer, out)
    return out


# -- numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer", [12, 12.0, Fraction(24, 2), Decimal("12"), sympy.Integer(12), sympy.Float(12)]
)
def test_exact_number_accepts_every_spelling(answer, capsys):
    assert_right("exacto", answer, capsys)


@pytest.mark.parametrize("answer", [11, 12.0001, Fraction(25, 2), -12, 0])
def test_exact_number_refuses_other_values(answer, capsys):
    out = assert_wrong("exacto", answer, capsys)
    assert out == "✘ Todavía no.\nPista: pista\n"


@pytest.mark.parametrize(
    "answer",
    [Fraction(2, 3), 0.6667, 0.66666, 0.66665, 2 / 3, sympy.Rational(2, 3), Decimal("0.6667")],
)
def test_decimal_number_accepts_the_value_rounded_to_its_digits(answer, capsys):
    assert_right("decimal", answer, capsys)


@pytest.mark.parametrize("answer", [0.67, 0.6666, 0.66664, 0.6668, Fraction(1, 3), 1])
def test_decimal_number_refuses_other_roundings(answer, capsys):
    out = assert_wrong("decimal", answer, capsys)
    assert "(se acepta con 4 decimales)" in out


@settings(PROPERTY, max_examples=300)
@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-2, max_value=2))
def test_a_float_passes_exactly_when_it_rounds_half_up_to_the_answer(value):
    """An oracle that shares no code with the kit: Decimal rounding of the float's value,
    first to nine significant figures (the noise of a calculation), then to 4 decimals."""
    nine = Decimal(value).quantize(Decimal(1).scaleb(Decimal(value).adjusted() - 8), ROUND_HALF_UP)
    typed = nine.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP) if value else Decimal(0)
    expected = typed == Decimal("0.6667")
    assert bool(check("decimal", value, registry=TEST_REGISTRY)) is expected


def test_a_decimal_comma_gets_told_to_use_a_point(capsys):
    out = assert_wrong("decimal", (0, 6667), capsys)
    assert "0.6667" in out and "punto" in out


# -- sets, texts, expressions ------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        {Fraction(1, 2), 3},
        frozenset({0.5, 3}),
        [3, Fraction(1, 2)],
        (3, 0.5, 3),
        {sympy.Rational(1, 2), sympy.Integer(3)},
        {0.5: 1, 3: 1}.keys(),
        sympy.FiniteSet(3, sympy.Rational(1, 2)),
        {3, "1/2"},  # elements written as text, the way they are written on paper
        ["3", "0,5"],
    ],
)
def test_set_accepts_any_collection_with_the_same_elements(answer, capsys):
    assert_right("conjunto", answer, capsys)


@pytest.mark.parametrize("answer", [{3}, {Fraction(1, 2), 3, 4}, set(), [3, 1]])
def test_set_refuses_other_elements(answer, capsys):
    assert_wrong("conjunto", answer, capsys)


@pytest.mark.parametrize("answer", [3, "3, 1/2", {3: 0.5}, {3, "medio"}, {3, None}, {3, "2.659"}])
def test_set_refuses_what_is_not_a_set_of_numbers(answer, capsys):
    out = assert_wrong("conjunto", answer, capsys)
    assert "Se esperaba un conjunto de números" in out


def test_set_of_texts_normalises_each_element(capsys):
    assert_right("palabras", ["  estacion", "SALIDA."], capsys)
    assert_wrong("palabras", ["estacion"], capsys)


@pytest.mark.parametrize(
    "answer", ["Estación", "estacion", " ESTACIÓN. ", "¡Estación!", "'estación'", "Esta\u0301cion"]
)
def test_text_ignores_case_accents_spaces_and_punctuation(answer, capsys):
    assert_right("palabra", answer, capsys)


@pytest.mark.parametrize("answer", ["Estaciones", "estación de tren", "Salida", "la salida"])
def test_text_refuses_other_words(answer, capsys):
    assert_wrong("palabra", answer, capsys)


def test_text_keeps_the_tilde_of_n_apart():
    registry = make_registry(_entry("anyo", "año", kind="text"))
    assert check("anyo", "AÑO", registry=registry)
    assert not check("anyo", "ano", registry=registry)


@pytest.mark.parametrize(
    "answer",
    [
        (X + 1) ** 2,
        X**2 + 2 * X + 1,
        (X + 1) * (1 + X),
        sympy.expand((X + 1) ** 2),
        (sympy.Symbol("x", positive=True) + 1) ** 2,
    ],
)
def test_expression_is_compared_by_value_not_spelling(answer, capsys):
    assert_right("binomio", answer, capsys)


@pytest.mark.parametrize("answer", [X**2 + 1, (X + 1) ** 3, X**2 + 2.0001 * X + 1, 2])
def test_expression_refuses_other_values(answer, capsys):
    assert_wrong("binomio", answer, capsys)


@pytest.mark.parametrize("answer", [(Y + 1) ** 2, sympy.Eq(X, 1), sympy.Matrix([X])])
def test_expression_refuses_other_symbols_and_non_expressions(answer, capsys):
    out = assert_wrong("binomio", answer, capsys)
    assert "Se esperaba una expresión de sympy con x" in out


def test_expression_in_two_symbols(capsys):
    assert_right("dos", X * (Y - 1), capsys)
    assert_wrong("dos", Y * X - Y, capsys)


def test_expression_with_digits_forgives_float_coefficients(capsys):
    assert_right("aprox", 10 * X * (1 / 3) - X, capsys)
    assert_right("aprox", sympy.Rational(7, 3) * X, capsys)
    assert_wrong("aprox", 2.33 * X, capsys)
    assert not check("binomio", X**2 + 2.0 * X + 1.0000001, registry=TEST_REGISTRY)


def test_constant_expression_accepts_plain_numbers(capsys):
    for answer in (Fraction(5, 2), 2.5, sympy.Rational(5, 2), sympy.Integer(5) / 2):
        assert_right("constante", answer, capsys)


@settings(PROPERTY, max_examples=60)
@given(st.integers(-9, 9), st.integers(-9, 9), st.integers(-9, 9))
def test_expanded_and_factored_forms_share_a_canonical_form(a, b, c):
    factored = (a * X + b) * (X - c)
    expanded = sympy.expand(factored)
    assert canonical(factored, "expression") == canonical(expanded, "expression")
    assert canonical(factored, "expression") != canonical(factored + 1, "expression")


# -- junk never raises -------------------------------------------------------------------------


class EqRaises:
    def __eq__(self, other):
        raise RuntimeError("no")

    __hash__ = object.__hash__


class EverythingRaises:
    def __repr__(self):
        raise RuntimeError("no repr")

    def __eq__(self, other):
        raise RuntimeError("no eq")

    def __hash__(self):
        raise RuntimeError("no hash")

    def __iter__(self):
        raise RuntimeError("no iter")

    def __float__(self):
        raise RuntimeError("no float")


class BrokenFraction(Fraction):
    @property
    def numerator(self):
        raise ZeroDivisionError("broken")


class HugeRepr:
    def __repr__(self):
        return "x" * 10_000


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.binary(max_size=8),
    st.complex_numbers(allow_nan=True, allow_infinity=True).filter(lambda z: z.imag != 0),
    st.sampled_from([math.nan, math.inf, -math.inf, Decimal("NaN"), Decimal("sNaN")]),
    st.dictionaries(st.integers(), st.integers(), max_size=3),
    st.lists(st.none() | st.booleans() | st.binary(max_size=3), min_size=1, max_size=3),
    st.sampled_from([bytearray, slice, type, complex, bool]).flatmap(st.from_type),
    st.builds(object),
    st.builds(EqRaises),
    st.builds(EverythingRaises),
    st.builds(HugeRepr),
    st.just(BrokenFraction(1, 3)),
    st.just(sympy.nan) | st.just(sympy.zoo) | st.just(sympy.oo),
    st.just(range(3)),
    st.just(kit.dice_sum()),
)

ALL_EXERCISES = sorted({**load_registry(), **TEST_REGISTRY}.items())


@settings(PROPERTY, max_examples=400)
@given(st.sampled_from(ALL_EXERCISES), JUNK)
def test_junk_gets_a_friendly_cross_and_never_a_traceback(item, junk):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        feedback = check(item[0], junk, registry=dict(ALL_EXERCISES))
    text = out.getvalue()
    assert not feedback
    assert text.startswith("✘") and "✔" not in text and "Traceback" not in text
    assert "Se esperaba" in text
    assert max(len(line) for line in text.splitlines()) < 400


@settings(PROPERTY, max_examples=200)
@given(
    st.sampled_from([e for e in ALL_EXERCISES if e[1].kind not in ("text", "choice")]),
    st.text(max_size=20).filter(str.strip),
)
def test_text_where_a_number_is_due_says_what_is_expected(item, text):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        feedback = check(item[0], text, registry=dict(ALL_EXERCISES))
    assert not feedback
    assert out.getvalue().startswith(("✘ Se esperaba", "✘ No entiendo", "✘ Todavía no", "✘ ¿"))


@pytest.mark.parametrize("junk", [None, [1, 2], {"a": 1}, True, math.nan])
def test_wrong_type_says_what_is_expected_and_echoes_the_answer(junk, capsys):
    out = assert_wrong("exacto", junk, capsys)
    assert out.startswith("✘ Se esperaba un número")
    assert repr(junk) in out
    assert "Pista" not in out  # how it is written is the problem, not the mathematics


@pytest.mark.parametrize("text", ["seis", "1/6 de 12", "x + 1", "==3"])
def test_a_text_that_is_not_a_number_says_how_to_write_one(text, capsys):
    out = assert_wrong("exacto", text, capsys)
    assert out.startswith(f"✘ No entiendo {text!r} como un número")
    assert "Pista" not in out


def test_object_that_cannot_be_shown_is_named_by_its_type(capsys):
    out = assert_wrong("exacto", EverythingRaises(), capsys)
    assert "<EverythingRaises>" in out


@pytest.mark.parametrize("exercise_id", ["exacto", "conjunto", "palabra", "binomio"])
@pytest.mark.parametrize("missing", [..., "", "   "])
def test_no_answer_yet(exercise_id, missing, capsys):
    _, out = run(exercise_id, missing, capsys)
    assert out == "✘ Todavía no hay respuesta: sustituye ... por tu respuesta.\n"


@pytest.mark.parametrize("exercise_id", ["dados-0", "DADOS-1", "", None, 7, ("dados-1",)])
def test_unknown_exercise(exercise_id, capsys):
    feedback = check(exercise_id, 36)
    out = capsys.readouterr().out
    assert not feedback and out.startswith("✘ No existe el ejercicio")


# -- language, display -------------------------------------------------------------------------


def test_messages_and_hints_follow_the_class_language(capsys):
    kit.set_language("en")
    assert run("exacto", 12, capsys)[1] == "✔ Correct!\n"
    assert run("exacto", 13, capsys)[1] == "✘ Not yet.\nHint: hint\n"
    assert run("exacto", ..., capsys)[1] == "✘ No answer yet: replace ... with your answer.\n"
    assert run("decimal", 0.67, capsys)[1].startswith("✘ Not yet. (accepted to 4 decimal places)")
    assert run("exacto", "doce", capsys)[1].startswith("✘ I cannot read 'doce' as a number")
    kit.set_language("es")
    assert run("exacto", 13, capsys)[1] == "✘ Todavía no.\nPista: pista\n"


def test_feedback_is_truthy_but_displays_nothing_in_a_notebook():
    from IPython.core.formatters import DisplayFormatter

    feedback = check("exacto", 12, registry=TEST_REGISTRY)
    assert feedback == True  # noqa: E712 - a test or script may compare with a bool
    assert DisplayFormatter().format(feedback) == ({}, {})
    assert str(feedback) == "✔ ¡Correcto!"


# -- the kit's own dice exercises --------------------------------------------------------------


def test_dice_exercises_accept_what_the_kit_computes(capsys):
    """The dice set (exercises/01_dados.ipynb), answered with the kit or by hand."""
    sums = kit.dice_sum()
    die = kit.die()
    answers = {
        "dados-1": 3 + 2 + 1,  # the pairs that add up to 10, 11 and 12
        "dados-2": sums.P({2, 4, 6, 8, 10, 12}),
        "dados-3": "a",
        "dados-4": "D)",
        "dados-5": 600 * sums.P({7}),
        "dados-6": 108,
        "dados-8": 2 * die.P({6}) * die.P({1, 2, 3, 4, 5}),
        "dados-9": "b",
        "dados-10": 5**4,
        "dados-11": 10 * 150 * die.P({5, 6}) - 150,
        "dados-12": 3,
        "dados-13": 1 / (1 - (1 - die.P({6})) ** 5),
        "dados-14": 1 - (35 / 36) ** 24,
    }
    assert set(answers) == {key for key in load_registry() if key.startswith("dados-")}
    for exercise_id, answer in answers.items():
        assert_right(exercise_id, answer, capsys, registry=None)


def test_dice_exercises_refuse_near_misses(capsys):
    near_misses = {
        "dados-1": 3,
        "dados-2": Fraction(6, 11),
        "dados-3": "c",  # Luis's mistake
        "dados-8": Fraction(5, 36),
        "dados-10": 671,
        "dados-12": 10,
        "dados-13": 1.2,
        "dados-14": Fraction(2, 3),
    }
    for exercise_id, answer in near_misses.items():
        assert_wrong(exercise_id, answer, capsys, registry=None)


# -- the kit's own compound-interest exercises -------------------------------------------------


def test_interest_exercises_accept_what_a_student_would_write(capsys):
    """Written by hand, not with kit.analysis.interest, so a wrong fingerprint fails here
    (exercises/04_interes_compuesto.ipynb)."""
    n = sympy.Symbol("n")
    answers = {
        "interes-1": 800 * 1.1,
        "interes-2": "c",
        "interes-3": 3 * 150 * 5,
        "interes-4": 90_000 * Fraction(10, 100),  # redeemed late: 20 % instead of 10 % (PAL-08)
        "interes-5": "A",
        "interes-6": 1000 * 1.1**3,
        "interes-7": 2000 * 1.1**6,
        "interes-8": 2000 * sympy.Rational(11, 10) ** n,
        "interes-9": "d",
        "interes-10": 12,
        "interes-11": round(100 * (1.05**12 - 1), 1),
        "interes-12": {8, 9, 10, 11, 12},
        "interes-14": ((200 * 1.1 + 200) * 1.1 + 200) * 1.1,
        "interes-15": "Retirar",
        "interes-17": round(math.log(3) / math.log(1.1), 2),
        "interes-18": round(72 / 6 - math.log(2) / math.log(1.06), 3),
    }
    assert set(answers) == {key for key in load_registry() if key.startswith("interes-")}
    for exercise_id, answer in answers.items():
        assert_right(exercise_id, answer, capsys, registry=None)


def test_interest_exercises_refuse_near_misses(capsys):
    n = sympy.Symbol("n")
    near_misses = {
        "interes-1": 800,
        "interes-3": 150 * 5,
        "interes-6": 1300,  # simple interest: 1000 + 3 · 100
        "interes-7": 3200,  # simple interest: 2000 + 6 · 200
        "interes-8": 2000 * sympy.Rational(11, 10) ** (n - 1),
        "interes-10": 11,
        "interes-11": 60.0,  # 12 × 5 %
        "interes-12": {9, 10, 11, 12},
        "interes-15": "esperar",
        "interes-17": 11.52,
    }
    for exercise_id, answer in near_misses.items():
        assert_wrong(exercise_id, answer, capsys, registry=None)


# -- registry ----------------------------------------------------------------------------------


GOOD_TABLE = {
    "kind": '"number"',
    "hint_es": '""',
    "hint_en": '""',
    "salt": f'"{"a" * 32}"',
    "right": f'["{"0" * 64}"]',
}


def _table(**changes: str | None) -> str:
    """One registry table in TOML: a valid one, with some keys changed (None removes a key)."""
    fields = {**GOOD_TABLE, **changes}
    lines = "\n".join(f"{key} = {value}" for key, value in fields.items() if value)
    return registry_header(WORK) + "[a]\n" + lines


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (_table(kind='"numero"'), "kind"),
        (_table(right='["abc"]'), "right"),
        (_table(salt='"no"'), "salt"),
        (_table(salt=None), "missing"),
        (_table(hint_en=None), "missing"),
        (_table(answer="3"), "unknown keys"),
        (_table(fingerprint=f'"{"0" * 64}"'), "unknown keys"),
        (_table(digits="-1"), "digits"),
        (_table(symbols='"s"'), "symbols"),
        (_table().replace("format = 2", "format = 1"), "format"),
        (_table().replace(f"work = {WORK}", "work = 0"), "work"),
    ],
)
def test_registry_typos_fail_loudly(text, problem):
    assert parse_registry(_table())["a"].kind == "number"
    with pytest.raises(ValueError, match=problem):
        parse_registry(text)


def test_a_registry_entry_refuses_a_value_of_the_wrong_kind():
    with pytest.raises(ValueError, match="cannot be an answer"):
        secrets_for("e", "seis", kind="number", work=WORK)
    with pytest.raises(ValueError, match="unknown kind"):
        secrets_for("e", 6, kind="numero", work=WORK)


def test_fingerprints_depend_on_the_exercise_the_salt_and_the_precision():
    def right(exercise_id, value, salt="ab" * 16, **spec):
        return secrets_for(exercise_id, value, salt=salt, work=WORK, **spec)["right"]

    assert right("a", 6) != right("b", 6)
    assert right("a", 6) != right("a", 6, salt="cd" * 16)
    assert right("a", Fraction(2, 3), digits=4) != right("a", Fraction(2, 3), digits=3)
    assert right("a", Fraction(2, 3), digits=4) == right("a", 0.6667, digits=4)
    assert secrets_for("a", 6, work=WORK)["salt"] != secrets_for("a", 6, work=WORK)["salt"]


# -- a light import ----------------------------------------------------------------------------


def test_exercises_import_and_check_without_heavy_packages(run_light):
    out = run_light(
        """
        import kit
        from kit.exercises import check

        assert check("dados-1", 6)
        assert not check("dados-2", 0.17)
        assert not check("dados-12", 10)
        assert not check("dados-12", "tres")
        assert check("dados-9", "B")
        """
    )
    assert "✔ ¡Correcto!" in out
