"""The canonical text of an answer: equal answers give equal text, and only this text is hashed.

- number: a `Fraction`, exact ("3/1") or rounded half away from zero to the exercise's decimal
  places ("6667e-4"). A float counts as the decimal it prints as (0.145 is 145/1000), so what a
  student types is what is compared.
- set: the canonical texts of the elements, without repeats, sorted. Lists, tuples and sympy's
  FiniteSet count as sets (order and repeats do not matter).
- expression: the sorted names of the free symbols and the values at fixed rational points
  (see `kit.exercises.expressions`); a plain number is an expression without symbols.
- text: `kit.exercises.text.normalise_text`.

A value that cannot be read as the kind raises `WrongKind`, so `check` can say what is expected.
"""

from __future__ import annotations

import json
import math
import numbers
from collections.abc import Set
from decimal import Decimal
from fractions import Fraction
from typing import Any

from kit.exercises import expressions
from kit.exercises.text import normalise_text

KINDS = ("number", "expression", "set", "text")
ELEMENT_KINDS = ("number", "text")


class WrongKind(ValueError):
    """The answer is not the kind of value the exercise asks for."""


def as_fraction(value: Any) -> Fraction:
    """An exact Fraction for a number a student may type; `WrongKind` for anything else."""
    if isinstance(value, bool):
        raise WrongKind("a truth value is not a number")
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if expressions.is_sympy(value):
        try:
            return expressions.number_value(value)
        except expressions.NotAnExpression as error:
            raise WrongKind(str(error)) from None
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise WrongKind("not a finite number")
        return Fraction(value)
    if isinstance(value, numbers.Real):
        as_float = float(value)
        if not math.isfinite(as_float):
            raise WrongKind("not a finite number")
        return Fraction(repr(as_float))  # the decimal the float prints as: 0.1 is 1/10
    raise WrongKind(f"{type(value).__name__} is not a number")


def number_text(value: Fraction, digits: int | None) -> str:
    """Exact "p/q", or the value rounded half away from zero to `digits` decimals ("6667e-4")."""
    if digits is None:
        return f"{value.numerator}/{value.denominator}"
    scaled = abs(value) * 10**digits
    rounded = math.floor(scaled + Fraction(1, 2))
    sign = "-" if value < 0 and rounded else ""
    return f"{sign}{rounded}e-{digits}"


def _number(value: Any, digits: int | None) -> str:
    return number_text(as_fraction(value), digits)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise WrongKind(f"{type(value).__name__} is not a text")
    return normalise_text(value)


def _element(value: Any, element: str, digits: int | None) -> str:
    return _text(value) if element == "text" else _number(value, digits)


def _set(value: Any, element: str, digits: int | None) -> str:
    items = expressions.finite_set_items(value)
    if items is None:
        if not isinstance(value, Set | list | tuple):
            raise WrongKind(f"{type(value).__name__} is not a set")
        items = list(value)
    return json.dumps(sorted({_element(item, element, digits) for item in items}))


def _expression(value: Any, digits: int | None, symbols: tuple[str, ...] | None) -> str:
    if expressions.is_sympy(value):
        try:
            names, values = expressions.values_at_points(value, digits, number_text)
        except expressions.NotAnExpression as error:
            raise WrongKind(str(error)) from None
        if symbols is not None and not set(names) <= set(symbols):
            raise WrongKind(f"symbols {names} where {symbols} are expected")
    else:
        names, values = (), (_number(value, digits),)
    return f"{','.join(names)}|{';'.join(values)}"


def canonical(
    value: Any,
    kind: str,
    digits: int | None = None,
    element: str = "number",
    symbols: tuple[str, ...] | None = None,
) -> str:
    """The canonical text of `value` read as `kind`; raises `WrongKind` when it cannot be."""
    if kind == "number":
        body = _number(value, digits)
    elif kind == "set":
        body = _set(value, element, digits)
    elif kind == "expression":
        body = _expression(value, digits, symbols)
    elif kind == "text":
        body = _text(value)
    else:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    return f"{kind}:{body}"
