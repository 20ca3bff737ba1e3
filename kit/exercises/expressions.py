"""Everything that touches sympy, imported only when an answer or a teacher's value is sympy.

`import kit.exercises` must stay light (JupyterLite, thirty kernels at once), so this module
never imports sympy at the top: a value can only be a sympy object if sympy is already loaded,
which `is_sympy` checks through `sys.modules`.

Two expressions are the same answer when they have the same free symbols (by name) and the same
exact values at fixed rational points: (x + 1)**2 and x**2 + 2*x + 1 agree everywhere, so they
agree at the points too. Spelling never matters, only value.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

# Fixed, "awkward" rationals: far from 0, ±1 and each other, so that different expressions
# almost never agree at all of them.
_POINT_VALUES = (
    Fraction(2, 7),
    Fraction(-5, 3),
    Fraction(11, 4),
    Fraction(13, 9),
    Fraction(-17, 5),
    Fraction(23, 6),
    Fraction(29, 11),
)
POINT_COUNT = 5
_DIGITS_FOR_IRRATIONALS = 30


class NotAnExpression(ValueError):
    """The value is a sympy object, but not one that has a numeric value (an equation, a set …)."""


def is_sympy(value: object) -> bool:
    """True for sympy objects; never imports sympy to find out."""
    sympy = sys.modules.get("sympy")
    return sympy is not None and isinstance(value, sympy.Basic)


def finite_set_items(value: Any) -> list[Any] | None:
    """The elements of a sympy FiniteSet such as FiniteSet(1, 2); None otherwise."""
    sympy = sys.modules.get("sympy")
    if sympy is None or not isinstance(value, sympy.FiniteSet):
        return None
    return list(value.args)


def symbol_names(expression: Any) -> tuple[str, ...]:
    """The names of the free symbols, sorted, without repeats."""
    return tuple(sorted({symbol.name for symbol in expression.free_symbols}))


def point(index: int, names: Sequence[str]) -> dict[str, Fraction]:
    """The `index`-th fixed point: one rational value per symbol name (names sorted)."""
    count = len(_POINT_VALUES)
    return {
        name: _POINT_VALUES[(index + 2 * position) % count] + position
        for position, name in enumerate(names)
    }


def values_at_points(expression: Any) -> tuple[tuple[str, ...], list[tuple[Fraction, bool] | None]]:
    """(symbol names, the value at each fixed point) of a sympy expression.

    Each value is (Fraction, exact) as `number_value` gives it, or None where the expression
    is undefined (a division by zero at that point).
    """
    import sympy

    if not isinstance(expression, sympy.Expr) or isinstance(expression, sympy.MatrixBase):
        raise NotAnExpression(type(expression).__name__)
    if expression.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        raise NotAnExpression("not finite")
    names = symbol_names(expression)
    by_name: dict[str, list[Any]] = {}
    for symbol in expression.free_symbols:
        by_name.setdefault(symbol.name, []).append(symbol)
    values = []
    for index in range(POINT_COUNT if names else 1):
        at = point(index, names)
        substitution = {
            symbol: sympy.Rational(at[name].numerator, at[name].denominator)
            for name, symbols in by_name.items()
            for symbol in symbols
        }
        value = expression.subs(substitution) if substitution else expression
        if value.free_symbols:
            raise NotAnExpression("a value that still depends on a symbol")
        if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
            values.append(None)
        else:
            values.append(number_value(value))
    return names, values


def number_value(value: Any) -> tuple[Fraction, bool]:
    """A sympy number as (Fraction, exact); a NotAnExpression for what is not a real number.

    Rationals are exact; a Float is the decimal sympy shows, and an irrational number (pi,
    log(3)) its first 30 digits, both inexact.
    """
    import sympy

    if not isinstance(value, sympy.Expr) or value.free_symbols or not value.is_number:
        raise NotAnExpression(type(value).__name__)
    if value.is_Rational:
        return Fraction(int(value.p), int(value.q)), True
    if value.is_Float and value.is_finite:
        return Fraction(str(value)), False
    approximate = value.evalf(_DIGITS_FOR_IRRATIONALS)
    if not (approximate.is_real and approximate.is_finite and approximate.is_Float):
        raise NotAnExpression("not a finite real number")
    return Fraction(str(approximate)), False
