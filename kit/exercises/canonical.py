"""The canonical text of an answer: equal answers give equal text, and only this text is hashed.

- number: a `Fraction` as "p/q", exact as typed, or, for a float, its value rounded to nine
  significant figures (see `kit.exercises.numbers`); with the exercise's `digits`, the value
  rounded half away from zero to that many decimals ("6667e-4").
- set: the canonical texts of the elements, without repeats, sorted. Lists, tuples and sympy's
  FiniteSet count as sets (order and repeats do not matter).
- expression: the sorted names of the free symbols and the values at fixed rational points
  (see `kit.exercises.expressions`); a plain number is an expression without symbols.
- text: `kit.exercises.text.normalise_text`.

`canonical` gives the one text of a student's answer. `answer_forms` gives, for the teacher's
answer, every text a right answer can have: the exact one, and those of floats equal to it up
to rounding (kept apart, so an exercise that asks for the fraction can say so).

A value that cannot be read as the kind raises `WrongKind`, so `check` can say what is expected.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Set
from fractions import Fraction
from typing import Any

from kit.exercises import expressions
from kit.exercises.numbers import (
    WrongKind,
    compared,
    nearby_roundings,
    number_text,
    read_number,
    round_sig,
)
from kit.exercises.reading import Typed
from kit.exercises.text import answer_words

KINDS = ("number", "expression", "set", "text", "choice")
CHOICE_LETTERS = "abcdefgh"  # a multiple-choice answer is one of these letters
ELEMENT_KINDS = ("number", "text")
# A set or an expression's points multiply their alternatives; past this many the teacher's
# answer registers only its exact form and its plain rounding.
_MOST_FORMS = 64
NEARLY_FIGURES = 3  # a decimal that agrees with the exact answer to this many figures: «casi»

__all__ = ["ELEMENT_KINDS", "KINDS", "WrongKind", "answer_forms", "canonical"]


class _Forms:
    """The texts of one part of an answer: `exact` (None when irrational) and float roundings."""

    def __init__(self, exact: str | None, rounded: Iterable[str], central: str):
        self.exact = exact
        self.rounded = set(rounded)
        self.central = central  # the text of the plain nine-figure rounding

    def all(self) -> set[str]:
        return self.rounded | ({self.exact} if self.exact is not None else set())


# -- a student's answer: one text ------------------------------------------------------------


def _number(value: Any, digits: int | None) -> str:
    number, _exact = read_number(value)
    return number_text(number, digits)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise WrongKind(f"{type(value).__name__} is not a text")
    return answer_words(str(value))


def _items(value: Any) -> list[Any]:
    """The elements of what a student may give as a set."""
    items = expressions.finite_set_items(value)
    if items is not None:
        return items
    if isinstance(value, str) or not isinstance(value, Set | list | tuple):
        raise WrongKind(f"{type(value).__name__} is not a set")
    return list(value)


def _element(value: Any, element: str, digits: int | None) -> str:
    return _text(value) if element == "text" else _number(value, digits)


def _set_text(texts: Iterable[str]) -> str:
    return json.dumps(sorted(set(texts)))


def _point_values(
    value: Any, symbols: tuple[str, ...] | None, rounded: bool = True
) -> tuple[tuple[str, ...], list[tuple[Fraction, bool] | None]]:
    """(symbol names, values at the points) of an expression, or of a plain number.

    An inexact value is rounded to nine figures when `rounded` (a student's answer), and
    kept as it is for the teacher's answer, whose nearby roundings are all registered.
    """
    if isinstance(value, Typed):
        names = value.names
        if symbols is not None and not set(names) <= set(symbols):
            raise WrongKind(f"symbols {names} where {symbols} are expected")
        values = [value.evaluate(expressions.point(index, names)) for index in _indices(names)]
        if rounded:
            values = [_rounded_point(point) for point in values]
        return names, values
    if not expressions.is_sympy(value):
        return (), [read_number(value, rounded)]
    try:
        names, values = expressions.values_at_points(value)
    except expressions.NotAnExpression as error:
        raise WrongKind(str(error)) from None
    if symbols is not None and not set(names) <= set(symbols):
        raise WrongKind(f"symbols {names} where {symbols} are expected")
    if rounded:
        values = [
            point if point is None or point[1] else (round_sig(point[0]), False) for point in values
        ]
    return names, values


def _indices(names: tuple[str, ...]) -> range:
    return range(expressions.POINT_COUNT if names else 1)


def _rounded_point(point: tuple[Fraction, bool] | None) -> tuple[Fraction, bool] | None:
    if point is None or point[1]:
        return point
    return compared(point[0]), False


def _expression_text(names: tuple[str, ...], values: Iterable[str]) -> str:
    return f"{','.join(names)}|{';'.join(values)}"


def _value_text(point: tuple[Fraction, bool] | None, digits: int | None) -> str:
    return "undefined" if point is None else number_text(point[0], digits)


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
        body = _set_text(_element(item, element, digits) for item in _items(value))
    elif kind == "expression":
        names, points = _point_values(value, symbols)
        body = _expression_text(names, (_value_text(point, digits) for point in points))
    elif kind == "text":
        body = _text(value)
    elif kind == "choice":
        body = choice_letter(value)
    else:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    return f"{kind}:{body}"


def choice_letter(value: Any) -> str:
    """A multiple-choice answer as its letter: "b", "B", "b)", "(b)" and " b. " are all "b"."""
    if not isinstance(value, str):
        raise WrongKind("a multiple-choice answer is a letter in quotes")
    letter = answer_words(value).strip("() ")
    if len(letter) != 1 or letter not in CHOICE_LETTERS:
        raise WrongKind("a multiple-choice answer is one letter")
    return letter


# -- the teacher's answer: every text a right answer can have --------------------------------


def _number_forms(number: Fraction, exact: bool, digits: int | None) -> _Forms:
    """The exact text of a number and the texts of the floats that equal it up to rounding."""
    near = nearby_roundings(number)
    central = number_text(round_sig(number), digits)
    if digits is not None:  # rounding to the stated decimals is the comparison: all are right
        texts = {number_text(n, digits) for n in near | ({number} if exact else set())}
        return _Forms(None, texts, central)
    exact_text = number_text(number, None) if exact else None
    return _Forms(exact_text, (number_text(n, None) for n in near), central)


def _point_forms(point: tuple[Fraction, bool] | None, digits: int | None) -> _Forms:
    if point is None:
        return _Forms("undefined", (), "undefined")
    return _number_forms(point[0], point[1], digits)


def _combine(parts: list[_Forms], join: Any) -> tuple[str | None, set[str]]:
    """(exact text, rounded texts) of a whole made of parts: all exact, or all from floats.

    A student's floats make every part rounded at once (a float expression is a float at
    every point), so exact and rounded parts are not mixed.
    """
    exact = None
    if all(part.exact is not None for part in parts):
        exact = join(part.exact for part in parts)
    choices = [sorted(part.rounded or {part.central}) for part in parts]
    count = 1
    for options in choices:
        count *= len(options)
    if count > _MOST_FORMS:
        return exact, {join(part.central for part in parts)} - {exact}
    return exact, {join(combo) for combo in itertools.product(*choices)} - {exact}


def answer_forms(
    value: Any,
    kind: str,
    digits: int | None = None,
    element: str = "number",
    symbols: tuple[str, ...] | None = None,
) -> tuple[set[str], set[str], set[str]]:
    """(right texts, texts of a float equal to the answer, texts of the answer rounded).

    The second set is empty when a float is as good as the exact value (digits given, or an
    answer with few decimals); otherwise an exercise may answer it with «se pide la fracción».
    The third holds the answer to 3 significant figures (0.286 for 2/7): not right
    where the value itself is asked for, but worth telling apart from a wrong answer.
    """
    right, decimal = _right_and_decimal(value, kind, digits, element, symbols)
    by_hand = _by_hand(value, kind, digits) - right - decimal
    return right, decimal, by_hand


def _by_hand(value: Any, kind: str, digits: int | None) -> set[str]:
    """The text of a number exercise's answer to `NEARLY_FIGURES` significant figures.

    One precision only: a fingerprint per precision would let someone walk the answer digit
    by digit. A student's decimal is rounded to the same figures before it is compared
    (`nearly_form`)."""
    if kind != "number" or digits is not None:
        return set()
    number, _exact = read_number(value, rounded=False)
    return {nearly_form(number)}


def nearly_form(number: Fraction) -> str:
    """The text a decimal «casi» right is compared by: its value to 3 significant figures."""
    return f"number:{number_text(round_sig(number, NEARLY_FIGURES), None)}"


def _right_and_decimal(
    value: Any, kind: str, digits: int | None, element: str, symbols: tuple[str, ...] | None
) -> tuple[set[str], set[str]]:
    if kind == "number":
        forms = _number_forms(*read_number(value, rounded=False), digits)
        exact, rounded = forms.exact, forms.rounded - {forms.exact}
    elif kind == "set":
        if element == "text":
            return {canonical(value, kind, digits, element)}, set()
        items = _items(value)
        parts = [_number_forms(*read_number(item, rounded=False), digits) for item in items]
        exact, rounded = _combine(_dedupe(parts), _set_text)
    elif kind == "expression":
        names, points = _point_values(value, symbols, rounded=False)
        parts = [_point_forms(point, digits) for point in points]
        exact, rounded = _combine(parts, lambda texts: _expression_text(names, texts))
    elif kind in ("text", "choice"):
        return {canonical(value, kind)}, set()
    else:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    prefixed = {f"{kind}:{text}" for text in rounded}
    if exact is None:  # no exact form (digits, or an irrational answer): every rounding is right
        return prefixed, set()
    return {f"{kind}:{exact}"}, prefixed


def _dedupe(parts: list[_Forms]) -> list[_Forms]:
    """Elements of a set, without repeats (3 and 3.0 are one element)."""
    seen: dict[tuple, _Forms] = {}
    for part in parts:
        seen.setdefault((part.exact, part.central), part)
    return list(seen.values())
