"""Size limits checked before any answer is read, so no answer can keep `check` busy.

`sympy.Symbol("s")**10**7` is built in an instant but takes minutes to evaluate at a point; a
10 MB text takes seconds to normalise. Every limit here is far above what an exercise's answer
needs and far below what costs noticeable time. Only sizes are looked at: nothing is evaluated.

A sympy expression also gets a bound on its value (`digits_bound`), worked out from its tree
alone: `exp(exp(100))`, `exp(10**30)`, `sinh(10**30)` or an unevaluated `9**9**9` are a few
nodes but have values of astronomically many digits, which evaluating at a point (and turning
into a fraction) never finishes. Each node gets B, a bound on how many decimal digits its value
can take, both ways (|log10 |value|| ≤ B) and, when it is a fraction, in its numerator and
denominator: a number its own size, a symbol the size of the points it is evaluated at, a sum
or a product the sum of its parts, b**e |e|·B(b) (or 10**B(e)·(B(b) + 1.4) when e is not a
number), exp and the hyperbolic functions 0.44·|a| from the bound |a| ≤ 10**B(a) on their
argument, factorials and gamma about |a|·log10|a|. Past `MOST_DIGITS` anywhere, or at any node
whose class is not one of the sympy classes whose growth is known (an integral, a sum, a
student's own subclass), the answer is refused: Pyodide has no signals or threads, so a
computation cannot be interrupted; it must not start.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Set
from decimal import Decimal
from fractions import Fraction
from typing import Any

from kit.exercises import expressions

LONGEST_TEXT = 500  # characters
MOST_ITEMS = 200  # elements of a set or list
LARGEST_BITS = 4000  # of a whole number, or of a fraction's numerator or denominator
MOST_NODES = 500  # of a sympy expression
LARGEST_DEGREE = 1000  # how far powers may multiply up (x**30 has 30; (x**30)**40 has 1200)
LARGEST_DECIMAL_EXPONENT = 1000
# Of a sympy value at a point, both ways, and of a fraction's terms: a 4000-bit number (1205
# digits) and (1 + s/12)**360 fit, and Python still prints them (its limit is 4300 digits).
MOST_DIGITS = 2000


class TooBig(ValueError):
    """The answer is too large to check."""


def guard(value: Any, depth: int = 0) -> None:
    """Raise `TooBig` if reading `value` as an answer could take long; else do nothing."""
    if depth > 2:
        raise TooBig("nested too deep")
    if isinstance(value, str):
        if len(value) > LONGEST_TEXT:
            raise TooBig(f"a text of {len(value)} characters")
    elif isinstance(value, bool | float | complex):
        return
    elif isinstance(value, int):
        _guard_int(value)
    elif isinstance(value, Fraction):
        _guard_int(value.numerator)
        _guard_int(value.denominator)
    elif isinstance(value, Decimal):
        _guard_decimal(value)
    elif expressions.is_sympy(value):
        _guard_sympy(value, depth)
    elif isinstance(value, Set | list | tuple | frozenset):
        items = list(itertools.islice(iter(value), MOST_ITEMS + 1))
        if len(items) > MOST_ITEMS:
            raise TooBig(f"more than {MOST_ITEMS} elements")
        for item in items:
            guard(item, depth + 1)


def _guard_int(number: int) -> None:
    if int.bit_length(number) > LARGEST_BITS:
        raise TooBig("a number with too many digits")


def _guard_decimal(number: Decimal) -> None:
    if number.is_finite():
        if len(number.as_tuple().digits) > LARGEST_DECIMAL_EXPONENT:
            raise TooBig("a decimal with too many digits")
        if abs(number.adjusted()) > LARGEST_DECIMAL_EXPONENT:
            raise TooBig("a decimal too large or too small")


def _guard_sympy(expression: Any, depth: int) -> None:
    """Count nodes, measure whole numbers and bound how far powers multiply up."""
    import sympy

    if isinstance(expression, sympy.FiniteSet):
        guard(list(itertools.islice(iter(expression.args), MOST_ITEMS + 1)), depth)
        return
    for nodes, node in enumerate(sympy.preorder_traversal(expression), start=1):
        if nodes > MOST_NODES:
            raise TooBig(f"an expression of more than {MOST_NODES} parts")
        if isinstance(node, sympy.Rational):
            _guard_int(int(node.p))
            _guard_int(int(node.q))
        elif isinstance(node, sympy.Float) and abs(node._prec) > 4 * LARGEST_BITS:
            raise TooBig("a decimal with too many digits")
    if _degree(expression) > LARGEST_DEGREE:
        raise TooBig("powers too high")
    if isinstance(expression, sympy.Expr) and not getattr(expression, "is_Matrix", False):
        # (a check refuses what is not an expression — Eq, a matrix — without evaluating it)
        digits_bound(expression)


def _degree(expression: Any) -> int:
    """An upper bound on the degree: how big a power evaluating the expression may build."""
    import sympy

    if isinstance(expression, sympy.Pow):
        exponent = expression.exp
        if exponent.is_Number:
            size = abs(exponent)
            times = int(size) + 1 if size.is_finite else LARGEST_DEGREE + 1
        else:  # a symbolic exponent: its size at a point (at most 4 or so) bounds the power
            times = 4 * (1 + _largest_number(exponent)) * max(1, _degree(exponent))
        return max(1, _degree(expression.base)) * times
    if isinstance(expression, sympy.Mul):
        return sum(max(1, _degree(arg)) for arg in expression.args)
    if expression.args:
        return max(_degree(arg) for arg in expression.args) + (
            LARGEST_DEGREE if _is_explosive(expression) else 0
        )
    return 1


def _largest_number(expression: Any) -> int:
    """The largest absolute value of a number written in the expression."""
    import sympy

    sizes = [abs(int(atom.p)) + abs(int(atom.q)) for atom in expression.atoms(sympy.Rational)]
    return max(sizes, default=0)


def _is_explosive(expression: Any) -> bool:
    """Functions whose value grows beyond any power (factorial(10**7)) are refused outright."""
    import sympy

    return isinstance(expression, sympy.factorial | sympy.gamma | sympy.binomial) and not all(
        arg.is_Integer and abs(arg) <= 200 for arg in expression.args
    )


# -- a bound on the digits of a sympy value (see the module's docstring) ---------------------

_LOG10_E = math.log10(math.e)
_ARG_SLACK = 1.4  # |arg b| / ln 10 ≤ π / 2.3: a power of a negative or complex base
_EXP_LIKE = ("exp", "exp_polar", "sinh", "cosh", "tanh", "coth", "sech", "csch")
_LOG_LIKE = (
    "log", "LambertW", "asin", "acos", "atan", "acot", "asec", "acsc", "atan2",
    "asinh", "acosh", "atanh", "acoth", "asech", "acsch",
)  # fmt: skip
_TRIG = ("sin", "cos", "tan", "cot", "sec", "csc", "sinc")
_PLAIN = (
    "Abs", "sign", "re", "im", "arg", "conjugate", "floor", "ceiling", "frac", "Min", "Max",
    "Mod", "Piecewise", "ExprCondPair", "Heaviside", "KroneckerDelta", "UnevaluatedExpr",
    "Tuple", "And", "Or", "Not", "Relational",
)  # fmt: skip
_GROWING = (
    "factorial", "factorial2", "subfactorial", "gamma", "loggamma", "binomial",
    "RisingFactorial", "FallingFactorial", "fibonacci", "lucas", "harmonic", "catalan", "beta",
)  # fmt: skip
_classes: dict[str, tuple[type, ...]] = {}


def _kinds() -> dict[str, tuple[type, ...]]:
    """The sympy classes of each family, looked up once (a name a version lacks is left out)."""
    if not _classes:
        import sympy
        from sympy.core import relational
        from sympy.functions.elementary import piecewise

        def found(names: tuple[str, ...]) -> tuple[type, ...]:
            where = (sympy, relational, piecewise)
            return tuple(
                cls
                for name in names
                for cls in [next((getattr(m, name) for m in where if hasattr(m, name)), None)]
                if isinstance(cls, type)
            )

        _classes.update(
            exp_like=found(_EXP_LIKE),
            log_like=found(_LOG_LIKE),
            trig=found(_TRIG),
            plain=(*found(_PLAIN), sympy.logic.boolalg.Boolean),
            growing=found(_GROWING),
        )
    return _classes


def _too_many(bound: float, what: str) -> float:
    if not bound <= MOST_DIGITS:  # also nan
        raise TooBig(f"{what} of more than {MOST_DIGITS} digits")
    return bound


def _at_most(bound: float) -> float:
    """10**bound, the largest absolute value a part bounded by `bound` digits can have."""
    return 10.0 ** min(bound, 300.0)


def digits_bound(expression: Any) -> float:
    """B of a sympy expression (see the module's docstring); `TooBig` when it is too large or
    cannot be known. Call it on a tree already counted (at most MOST_NODES parts)."""
    import sympy

    symbols = len({symbol.name for symbol in expression.free_symbols})
    # the points are p/q + position (kit.exercises.expressions): |p| ≤ 29, q ≤ 11
    symbol_digits = math.log10(29 + 11 * max(symbols, 1))
    return _bound(expression, symbol_digits, sympy)


def _bits_digits(number: int) -> float:
    return int.bit_length(abs(int(number))) * math.log10(2)


def _bound(node: Any, symbol_digits: float, sympy: Any) -> float:
    """B of one node, its arguments' bounds first."""
    from sympy.core.function import AppliedUndef

    sympys = isinstance(node, AppliedUndef) or (type(node).__module__ or "").startswith("sympy.")
    if not sympys:  # a student's own subclass: its methods may do anything
        raise TooBig(f"{type(node).__name__}, whose size cannot be known")
    if isinstance(node, sympy.Rational):
        return _too_many(max(_bits_digits(node.p), _bits_digits(node.q)), "a number")
    if isinstance(node, sympy.Float):
        # a Float stays a Float in sympy's arithmetic: only its size counts, not its digits
        _sign, _mantissa, exponent, bits = node._mpf_
        if not isinstance(exponent, int):  # inf or nan
            return 0.0
        return _too_many(abs(exponent + bits) * math.log10(2) + 1, "a decimal")
    if isinstance(node, sympy.Symbol):
        return symbol_digits
    if isinstance(node, sympy.Number | sympy.NumberSymbol) or node is sympy.I:
        return 1.0  # pi, E, I, oo, zoo, nan: a check refuses what is not finite unevaluated
    if isinstance(node, sympy.logic.boolalg.BooleanAtom):
        return 0.0
    kinds = _kinds()
    known = (sympy.Add, sympy.Mul, sympy.Pow, AppliedUndef, *itertools.chain(*kinds.values()))
    if not isinstance(node, known):  # an integral, a sum, a limit …: no bound is known
        raise TooBig(f"{type(node).__name__}, whose size cannot be known")
    parts = [_bound(arg, symbol_digits, sympy) for arg in node.args]
    if isinstance(node, sympy.Add):  # n fractions: a common denominator, n terms
        return _too_many(sum(parts) + math.log10(len(parts)), "a sum")
    if isinstance(node, sympy.Mul):
        return _too_many(sum(parts), "a product")
    if isinstance(node, sympy.Pow):
        base, exponent = parts
        if node.exp.is_Rational or node.exp.is_Float:
            size = abs(float(node.exp)) if abs(node.exp) < 10**300 else math.inf
            return _too_many(size * max(base, 1.0) + 1, "a power")
        return _too_many(_at_most(exponent) * (base + _ARG_SLACK), "a power")
    if isinstance(node, kinds["exp_like"]):
        (argument,) = parts[:1]
        return _too_many(_LOG10_E * _at_most(argument) + argument + 1, "an exponential")
    if isinstance(node, kinds["log_like"]):
        return _too_many(sum(parts) + 2, "a logarithm")
    if isinstance(node, kinds["trig"]):
        return _too_many(8 * (sum(parts) + 1), "a trigonometric function")
    if isinstance(node, kinds["growing"]):
        size = _at_most(max(parts, default=0.0)) * len(parts)
        return _too_many(size * math.log10(size + 2) + sum(parts) + 1, "a factorial")
    if isinstance(node, kinds["plain"] + (AppliedUndef,)):
        return _too_many(sum(parts) + 1, "an expression")
    raise TooBig(f"{type(node).__name__}, whose size cannot be known")
