"""Numbers as a check compares them: exact when typed exact, nine significant figures otherwise.

A float is never exact: `3/36` is 0.08333333333333333 and `1500*1.1` is 1650.0000000000002.
So a float counts as its value rounded to nine significant figures (`round_sig`), which wipes
out the rounding noise of any short calculation while telling apart every two answers a
lesson can have. An exact value (int, Fraction, Decimal, sympy Rational) stays exact.

The registry cannot know on which side of a rounding boundary a student's float will fall when
the exact answer lies right next to one, so it registers the neighbouring rounding too
(`nearby_roundings`).
"""

from __future__ import annotations

import math
import numbers
from decimal import Decimal
from fractions import Fraction
from typing import Any

from kit.exercises import expressions
from kit.exercises.reading import Typed, Unreadable, read_text

SIGNIFICANT = 9
# How far (relative) a float may stray from the exact value: far above the noise of a short
# calculation (about 1e-15), far below the ninth significant figure (1e-9).
_NOISE = Fraction(1, 10**11)
_HALF = Fraction(1, 2)
# An inexact value this close to 0 is 0: no lesson's answer is that small.
_ZERO = Fraction(1, 10**12)


class WrongKind(ValueError):
    """The answer is not the kind of value the exercise asks for."""


def read_number(value: Any, rounded: bool = True) -> tuple[Fraction, bool]:
    """(the value as a Fraction, whether it is exact); `WrongKind` for what is not a number.

    Floats, sympy Floats and irrational sympy numbers (pi, log(2), taken to 30 digits) are
    inexact: they come back rounded to nine significant figures, or as they are when not
    `rounded` (the teacher's answer, whose nearby roundings are all registered).
    """
    number, exact = _read(value)
    if exact or not rounded:
        return number, exact
    return compared(number), False


def compared(number: Fraction) -> Fraction:
    """An inexact value as a check compares it: nine significant figures (0 when tiny)."""
    if abs(number) < _ZERO:  # 0.1 + 0.2 - 0.3 is 5.6e-17: the noise of a calculation of 0
        return Fraction(0)
    return round_sig(number)


def _read(value: Any) -> tuple[Fraction, bool]:
    if isinstance(value, str):  # an element of a set written as text: "0,5"
        value = _only_reading(value)
    if isinstance(value, Typed):
        try:
            return value.number()
        except Unreadable as error:
            raise WrongKind(str(error)) from None
    if isinstance(value, bool):
        raise WrongKind("a truth value is not a number")
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator)), True
    if expressions.is_sympy(value):
        try:
            return expressions.number_value(value)
        except expressions.NotAnExpression as error:
            raise WrongKind(str(error)) from None
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise WrongKind("not a finite number")
        return Fraction(value), True
    if isinstance(value, numbers.Real):
        as_float = float(value)
        if not math.isfinite(as_float):
            raise WrongKind("not a finite number")
        return Fraction(as_float), False
    raise WrongKind(f"{type(value).__name__} is not a number")


def _only_reading(text: str) -> Typed:
    """A text with exactly one reading (an element of a set cannot ask «¿2 659 o 2,659?»)."""
    try:
        readings = read_text(text)
    except Unreadable as error:
        raise WrongKind(str(error)) from None
    if len(readings) != 1:
        raise WrongKind("a dot that may group thousands or mark decimals")
    return readings[0]


def _round_half_up(value: Fraction) -> int:
    """The nearest whole number, halves away from zero (2.5 → 3, −2.5 → −3)."""
    rounded = math.floor(abs(value) + _HALF)
    return -rounded if value < 0 else rounded


def _exponent(value: Fraction) -> int:
    """The e with 10**e ≤ |value| < 10**(e+1), exactly (value ≠ 0)."""
    size = abs(value)
    guess = math.floor(math.log10(size.numerator) - math.log10(size.denominator))
    while Fraction(10) ** guess > size:
        guess -= 1
    while Fraction(10) ** (guess + 1) <= size:
        guess += 1
    return guess


def round_sig(value: Fraction, figures: int = SIGNIFICANT) -> Fraction:
    """`value` rounded half away from zero to `figures` significant figures."""
    if value == 0:
        return Fraction(0)
    scale = Fraction(10) ** (figures - 1 - _exponent(value))
    return _round_half_up(value * scale) / scale


def nearby_roundings(value: Fraction) -> set[Fraction]:
    """Every nine-figure rounding a float within calculation noise of `value` can have."""
    spread = abs(value) * _NOISE
    return {round_sig(value - spread), round_sig(value), round_sig(value + spread)}


def number_text(value: Fraction, digits: int | None) -> str:
    """Exact "p/q", or the value rounded half away from zero to `digits` decimals ("6667e-4")."""
    if digits is None:
        return f"{value.numerator}/{value.denominator}"
    rounded = _round_half_up(value * 10**digits)
    return f"{rounded}e-{digits}"
