"""`check()` always answers (issue 24, point 7): what cannot be bounded is refused unevaluated.

Every hostile input of the issue — `exp(exp(100))`, `exp(10**30)`, `E**(10**30)`,
`sinh(10**30)`, an unevaluated `9**9**9` — and its relatives is refused by the guard
(`TooBig`) before anything is evaluated, and `check` says so in one sentence; an answer of each
kind the lessons teach still passes the guard. `HOSTILE_OBJECTS` (below) are the student objects
that raise a BaseException (SystemExit, KeyboardInterrupt, GeneratorExit) when read: checking.py
turns them into one sentence (the lead's part), and its tests can take them from here.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

import pytest
import sympy

import kit
from kit.exercises import check, registry_entry
from kit.exercises.guards import MOST_DIGITS, TooBig, digits_bound, guard
from kit.exercises.registry import Exercise, parse_registry, registry_header

s, x = sympy.symbols("s x")
E = sympy.E
LOW_WORK = 1000


def _hostile_sympy() -> dict[str, object]:
    """Answers of a few nodes whose value has astronomically many digits (or none known)."""

    class Student(sympy.Function):  # a student's own function: its evaluation may do anything
        @classmethod
        def eval(cls, arg):
            return None

    return {
        "exp(exp(100))": sympy.exp(sympy.exp(100)),
        "exp(10**30)": sympy.exp(10**30),
        "exp(-10**30)": sympy.exp(-(10**30)),
        "E**(10**30)": E ** (10**30),
        "Pow(E, 10**30) unevaluated": sympy.Pow(E, 10**30, evaluate=False),
        "sinh(10**30)": sympy.sinh(10**30),
        "cosh(10**30)": sympy.cosh(10**30),
        "tanh(10**30)": sympy.tanh(10**30),
        "coth(10**30)": sympy.coth(10**30),
        "exp(sinh(100))": sympy.exp(sympy.sinh(100)),
        "9**9**9 unevaluated": sympy.Pow(9, sympy.Pow(9, 9, evaluate=False), evaluate=False),
        'sympify("9**9**9", evaluate=False)': sympy.sympify("9**9**9", evaluate=False),
        "2**(10**30) unevaluated": sympy.Pow(2, 10**30, evaluate=False),
        "10**(10**5) unevaluated": sympy.Pow(10, 10**5, evaluate=False),
        "Float 1e100000": sympy.Float("1e100000"),
        "x**x**x": x ** (x**x),
        "exp(exp(exp(x)))": sympy.exp(sympy.exp(sympy.exp(x))),
        "exp(2**(10*x))": sympy.exp(2 ** (10 * x)),
        "exp(10**30*x)": sympy.exp(10**30 * x),
        "exp(x)**(10**6)": sympy.Pow(sympy.exp(x), 10**6, evaluate=False),
        "exp(5000)": sympy.exp(5000),
        "gamma(10**30)": sympy.gamma(sympy.Integer(10) ** 30, evaluate=False),
        "factorial(10**6) unevaluated": sympy.factorial(10**6, evaluate=False),
        "factorial(factorial(10))": sympy.factorial(sympy.factorial(10), evaluate=False),
        "fibonacci(10**30)": sympy.fibonacci(sympy.Integer(10) ** 30, evaluate=False),
        "sin(sin(sin(sin(x))))": sympy.sin(sympy.sin(sympy.sin(sympy.sin(x)))),
        "Integral": sympy.Integral(sympy.exp(x**2), (x, 0, 10)),
        "Sum": sympy.Sum(1 / x**2, (x, 1, sympy.oo)),
        "Product": sympy.Product(x, (x, 1, 10**6)),
        "Limit": sympy.Limit(sympy.sin(x) / x, x, 0),
        "Derivative": sympy.Derivative(x**3, x),
        "a student's function": Student(x),
        "{exp(10**30)}": sympy.FiniteSet(sympy.exp(10**30)),
        "[1, sinh(10**30)]": [1, sympy.sinh(10**30)],
    }


HOSTILE_SYMPY = _hostile_sympy()

NORMAL = {
    "1000*(1+s)**3": 1000 * (1 + s) ** 3,
    "exp(-2)": sympy.exp(-2),
    "Rational(5, 36)": sympy.Rational(5, 36),
    "log(2)/log(Rational(11, 10))": sympy.log(2) / sympy.log(sympy.Rational(11, 10)),
    "sqrt(2)": sympy.sqrt(2),
    "pi*x**2": sympy.pi * x**2,
    "1500*1.1**12": 1500 * sympy.Float(1.1) ** 12,
    "(1 + s/12)**360": (1 + s / 12) ** 360,
    "1000*1.1**s": 1000 * sympy.Float(1.1) ** s,
    "2**x": 2**x,
    "x**x": x**x,
    "1000*exp(3*s)": 1000 * sympy.exp(3 * s),
    "exp(exp(2))": sympy.exp(sympy.exp(2)),
    "exp(1000)": sympy.exp(1000),
    "sinh(3) + tanh(x)": sympy.sinh(3) + sympy.tanh(x),
    "factorial(10)/factorial(7)": sympy.factorial(10, evaluate=False) / sympy.factorial(7),
    "factorial(200)": sympy.factorial(200),
    "binomial(10, 3)*Rational(1, 6)**3": sympy.binomial(10, 3) * sympy.Rational(1, 6) ** 3,
    "sin(x) + cos(x)": sympy.sin(x) + sympy.cos(x),
    "Abs(x - 3)": sympy.Abs(x - 3),
    "log(x, 2)": sympy.log(x, 2),
    "Piecewise": sympy.Piecewise((x, x > 1), (0, True)),
    "Pow(1.1, 3) unevaluated": sympy.Pow(sympy.Float(1.1), 3, evaluate=False),
    "9**9 unevaluated": sympy.Pow(9, 9, evaluate=False),
    "(s + 1)**60": (s + 1) ** 60,
    "2**3999": sympy.Integer(2) ** 3999,
    "Eq(x, 1)": sympy.Eq(x, 1),
    "FiniteSet(1, 2, 3)": sympy.FiniteSet(1, 2, 3),
    "f(x), an undefined function": sympy.Function("f")(x),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_SYMPY))
def test_hostile_expressions_are_refused_before_any_evaluation(name):
    with pytest.raises(TooBig):
        guard(HOSTILE_SYMPY[name])


@pytest.mark.parametrize("name", sorted(NORMAL))
def test_answers_the_lessons_teach_pass_the_guard(name):
    guard(NORMAL[name])  # does not raise


def _registry() -> dict[str, Exercise]:
    entries = [
        ("e-1", 1000 * (1 + s) ** 3, "expression"),
        ("e-2", sympy.Rational(5, 36), "number"),
        ("e-3", {1, 2}, "set"),
    ]
    tables = [
        registry_entry(key, value, kind=kind, hint_es="idea", hint_en="idea", work=LOW_WORK)
        for key, value, kind in entries
    ]
    return parse_registry(registry_header(LOW_WORK) + "\n".join(tables))


REGISTRY = _registry()


@pytest.fixture(autouse=True)
def spanish():
    kit.set_language("es")
    yield
    kit.set_language("es")


@pytest.mark.parametrize("name", sorted(HOSTILE_SYMPY))
@pytest.mark.parametrize("exercise_id", ["e-1", "e-2", "e-3"])
def test_check_answers_a_hostile_expression_with_one_sentence(name, exercise_id):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        feedback = check(exercise_id, HOSTILE_SYMPY[name], registry=REGISTRY)
    assert not feedback
    assert out.getvalue().startswith("✘ Esta respuesta es demasiado grande")


def test_the_right_expression_is_still_right():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert check("e-1", 1000 + 3000 * s + 3000 * s**2 + 1000 * s**3, registry=REGISTRY)
        assert check("e-2", sympy.Rational(10, 72), registry=REGISTRY)


def test_the_bound_follows_the_value():
    """B bounds the digits of the value at the points, both ways."""
    assert 434 <= digits_bound(sympy.exp(1000)) <= 460
    assert digits_bound(sympy.exp(-1000)) >= 434
    assert digits_bound(sympy.Integer(10) ** 300) >= 300
    assert digits_bound(sympy.Rational(1, 10**300)) >= 300
    assert digits_bound(x**10) >= 10 * 1.1  # the points reach 139/11
    assert digits_bound(sympy.Float("1e-500")) >= 500
    assert MOST_DIGITS < 4300  # Python prints whole numbers of up to 4300 digits


# -- for checking.py: student objects that raise a BaseException when read -------------------


def _raising(error: type[BaseException], *methods: str) -> object:
    """An object whose `methods` raise `error` (what a student's class may do)."""

    def boom(*args, **kwargs):
        raise error("from a student's object")

    namespace: dict[str, Callable[..., object]] = dict.fromkeys(methods, boom)
    return type(f"Raises{error.__name__}", (), namespace)()


_METHODS = (
    "__eq__", "__hash__", "__float__", "__int__", "__index__", "__bool__", "__str__",
    "__repr__", "__len__", "__iter__", "__format__", "__abs__", "__lt__",
)  # fmt: skip


def _strange_str(error: type[BaseException]) -> str:
    class Text(str):
        def strip(self, *args):
            raise error("from a student's text")

        def lower(self):
            raise error("from a student's text")

    return Text("b")


def _strange_int(error: type[BaseException]) -> int:
    class Number(int):
        def __eq__(self, other):
            raise error("from a student's number")

        __hash__ = int.__hash__

        def __float__(self):
            raise error("from a student's number")

    return Number(3)


# For the lead's tests of checking.py: check(exercise_id, answer) must print one sentence for
# each, whatever the exercise kind, and let no BaseException escape.
HOSTILE_OBJECTS: list[object] = [
    maker(error)
    for error in (SystemExit, KeyboardInterrupt, GeneratorExit)
    for maker in (
        lambda e: _raising(e, *_METHODS),
        lambda e: _raising(e, "__float__"),
        lambda e: _raising(e, "__iter__", "__len__"),
        lambda e: _raising(e, "__eq__", "__hash__"),
        _strange_str,
        _strange_int,
    )
]


def test_the_hostile_objects_raise_base_exceptions():
    """The list is what it says: reading each object raises something that is no Exception."""
    for thing in HOSTILE_OBJECTS:
        attempts = (
            lambda thing=thing: float(thing),
            lambda thing=thing: thing == 1,
            lambda thing=thing: list(iter(thing)),
            lambda thing=thing: thing.strip(),
        )
        raised = set()
        for attempt in attempts:
            try:
                attempt()
            except (SystemExit, KeyboardInterrupt, GeneratorExit) as error:
                raised.add(type(error))
            except Exception:
                pass
        assert raised, type(thing)
