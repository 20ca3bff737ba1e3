"""What a student typed, read before anything is fingerprinted.

A check hashes at most two texts (a stretched fingerprint costs time on purpose), so whatever
can be told from the student's own value is decided here, without hashing: the readings of a
text answer (`kit.exercises.reading`), a percentage given for a probability or the other way
round, euros where a probability is asked, and whether a decimal is precise enough to be
compared with the exact answer to 3 figures («casi»).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from kit.exercises import typed_cells
from kit.exercises.canonical import NEARLY_FIGURES, nearly_form
from kit.exercises.numbers import WrongKind, read_number
from kit.exercises.reading import Typed, read_text, significant
from kit.exercises.registry import Exercise
from kit.messages import t

_NUMERIC_KINDS = ("number", "expression")


@dataclass(frozen=True)
class Reading:
    """One way to read the answer: `value` is what `canonical` reads; `note` is "thousands" or
    "decimal" for a number whose dot may group thousands; `written` is how it was typed."""

    value: Any
    note: str = ""
    written: str = ""


def readings(exercise: Exercise, answer: Any, cell: str = "") -> list[Reading]:
    """The readings of `answer` (one, or two when a dot may group thousands).

    `cell` is the code of the cell being run, to see how a float was typed: `24.000` is the
    float 24.0 to Python but 24 000 to a Spanish student. Raises `Unreadable` for a text that
    is not a number or a calculation."""
    if exercise.kind not in _NUMERIC_KINDS:
        return [Reading(answer)]
    if isinstance(answer, str):
        typed = read_text(answer, exercise.symbols, exercise.scale)
        return [Reading(each, each.note, answer.strip()) for each in typed]
    if type(answer) is float and cell:
        for literal in typed_cells.spanish_thousands(cell):
            if literal.value == answer:
                return [
                    Reading(literal.thousands, "thousands", literal.typed),
                    Reading(answer, "decimal", literal.typed),
                ]
    return [Reading(answer)]


def value_of(exercise: Exercise, reading: Reading) -> tuple[Fraction, bool] | None:
    """The exact value of a numeric answer (None for letters, sets, texts and symbols)."""
    if exercise.kind not in _NUMERIC_KINDS:
        return None
    try:
        return read_number(reading.value, rounded=False)
    except (WrongKind, ValueError, TypeError, ArithmeticError):
        return None


def slip(exercise: Exercise, reading: Reading, value: tuple[Fraction, bool] | None) -> str:
    """The sentence for a slip the value shows by itself, or ""."""
    if value is None:
        return ""
    number = value[0]
    if exercise.scale and isinstance(reading.value, Typed) and reading.value.money:
        return t("check.no_unit")
    if exercise.scale == "proportion" and 1 < number <= 100:
        return t(
            "check.percent_for_proportion", number=spanish(number), proportion=spanish(number / 100)
        )
    if exercise.scale == "percent" and 0 < number < 1:
        return t(
            "check.proportion_for_percent", number=spanish(number), percent=spanish(number * 100)
        )
    return ""


def nearly_text(exercise: Exercise, reading: Reading, value: tuple[Fraction, bool] | None) -> str:
    """The text to compare with the answer to 3 figures, for a decimal with at least that many
    figures where the exact value is asked; "" when there is nothing to compare."""
    if not exercise.rounded or value is None or value[1]:
        return ""
    written = reading.value
    if isinstance(written, Typed):
        figures, number = written.digits_typed, value[0]
    elif isinstance(written, float | Decimal):
        shown = repr(float(written))
        if "e" in shown:
            return ""
        figures, number = significant(shown), Fraction(shown)
    else:
        return ""
    return nearly_form(number) if figures >= NEARLY_FIGURES else ""


def counts_for_second_hint(value: tuple[Fraction, bool] | None) -> bool:
    """Whether a wrong try shows work: 0 and ±1, typed to see what happens, do not count."""
    return value is None or abs(value[0]) not in (0, 1)


def decimal_comma_fix(answer: Any, cell: str) -> tuple[str, str] | None:
    """(what was typed, what to type) for `respuesta = 800*1,1`, which Python reads as the pair
    (800, 1): the comma of the cell's own expression made a point."""
    if not (type(answer) is tuple and len(answer) == 2):
        return None
    if not all(type(part) in (int, float) for part in answer):
        return None
    if slips := typed_cells.decimal_commas(cell):
        return slips[0].typed, slips[0].meant
    if all(type(part) is int and 0 <= part < 10**12 for part in answer):
        return f"{answer[0]},{answer[1]}", f"{answer[0]}.{answer[1]}"
    return None


def spanish(number: Fraction) -> str:
    """A number as a Spanish text writes it: 2 659, 24 000, 2,659, 0,278 (at most 10 figures)."""
    sign = "-" if number < 0 else ""
    number = abs(number)
    if number.denominator == 1:
        whole, decimals = str(number.numerator), ""
    else:
        shown = format(float(number), ".10g")
        if "e" in shown:
            return sign + shown.replace(".", ",")
        whole, _, decimals = shown.partition(".")
    if len(whole) > 4:  # 2659 stays together; 24 000 is grouped (the kit's tables do the same)
        groups = []
        while whole:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = " ".join(groups)
    return sign + whole + ("," + decimals if decimals else "")
