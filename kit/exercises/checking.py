"""`check(exercise_id, answer)`: the instant ✔ / ✘ a student sees under an exercise.

`check` prints its verdict and returns a `Feedback`. Printing (rather than displaying a return
value) means the verdict shows even when `check` is not the last line of a cell, and reads the
same in JupyterLab, Voilà and JupyterLite. The `Feedback` is true when the answer is right, so a
test or a teacher's script can use it, but it displays nothing in a notebook: a student never
sees a stray `True` or `Feedback(...)` under the ✔.

Whatever the student writes, `check` answers with a sentence, never a traceback, and within a
fixed cost: sizes are guarded first (`kit.exercises.guards`), then one stretched fingerprint is
computed. The first ✘ gives the idea (hint 1); a second, more concrete hint comes once the
student has tried two different wrong answers.
"""

from __future__ import annotations

import hmac
import sys
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from kit.exercises import expressions, typed_cells
from kit.exercises.canonical import canonical
from kit.exercises.fingerprints import stretched
from kit.exercises.guards import TooBig, guard
from kit.exercises.numbers import WrongKind
from kit.exercises.reading import Typed, Unreadable
from kit.exercises.registry import Exercise, default_registry
from kit.exercises.typed_answers import (
    Reading,
    counts_for_second_hint,
    decimal_comma_fix,
    nearly_text,
    readings,
    slip,
    spanish,
    value_of,
)
from kit.messages import language, t

_LONGEST_ECHO = 60
_SHOWN_TYPES = (int, float, Fraction, Decimal, str, bool, type(None), type(Ellipsis), complex)

# What this kernel's student has tried: the wrong answers' texts per exercise (for the second
# hint) and the last verdict per exercise (for `summary`).
_wrong_tries: dict[str, set[str]] = {}
_verdicts: dict[str, bool] = {}


class Feedback:
    """The verdict of one check: truthy when right; `message` is what was printed."""

    __slots__ = ("message", "right")

    def __init__(self, right: bool, message: str):
        self.right = right
        self.message = message

    def __bool__(self) -> bool:
        return self.right

    def __eq__(self, other: object) -> bool:
        if isinstance(other, bool):
            return self.right == other
        if isinstance(other, Feedback):
            return (self.right, self.message) == (other.right, other.message)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.right)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Feedback(right={self.right})"

    def _ipython_display_(self) -> None:
        """Show nothing: the verdict was already printed."""


class _Shown:
    """Text that a message's `{…!r}` field shows as it is (a safe echo of a student's value)."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _safe_repr(value: Any, depth: int = 0) -> str:
    """repr of values whose repr is known to be quick; other objects are named by their type."""
    if type(value) in _SHOWN_TYPES:
        if type(value) is str and len(value) > _LONGEST_ECHO:
            return repr(value[:_LONGEST_ECHO])
        if type(value) is int and int.bit_length(value) > 200:
            return "<int>"
        return repr(value)
    if type(value) in (list, tuple, set, frozenset, dict) and depth < 2:
        items = list(value.items() if type(value) is dict else value)[:8]
        if type(value) is dict:
            inner = ", ".join(f"{_safe_repr(k, 1)}: {_safe_repr(v, 1)}" for k, v in items)
        else:
            inner = ", ".join(_safe_repr(item, depth + 1) for item in items)
        if len(value) > len(items):
            inner += ", …"
        brackets = {list: "[]", tuple: "()", set: "{}", frozenset: "{}", dict: "{}"}
        opening, closing = brackets[type(value)]
        return opening + inner + closing
    if expressions.is_sympy(value):
        return str(value)
    return f"<{type(value).__name__}>"


def _echo(value: Any) -> _Shown:
    """A short, safe repr of any value."""
    try:
        text = _safe_repr(value)
    except BaseException:
        text = f"<{type(value).__name__}>"
    if len(text) > _LONGEST_ECHO:
        text = text[: _LONGEST_ECHO - 1] + "…"
    return _Shown(text)


def _is_missing(answer: Any) -> bool:
    """`...` (the student copy's placeholder) or an empty text: nothing answered yet."""
    return answer is Ellipsis or (isinstance(answer, str) and not str.strip(answer))


def _expected(exercise: Exercise) -> str:
    """What kind of answer the exercise wants, in the class language."""
    if exercise.kind == "expression" and exercise.symbols:
        return t("kind.expression_in", symbols=", ".join(exercise.symbols))
    if exercise.kind == "set":
        return t(f"kind.{exercise.element}_set")
    if exercise.kind == "choice":
        letters = [f'"{c}"' for c in "abcdefgh"[: exercise.options]]
        word = " o " if language() == "es" else " or "
        return t("kind.choice", letters=", ".join(letters[:-1]) + word + letters[-1])
    return t(f"kind.{exercise.kind}")


def _hints(exercise: Exercise, level: int) -> str:
    """The first hint, and the second too from `level` 2 on (when there is one)."""
    lines = [t("check.hint", hint=exercise.hint(language()))]
    second = exercise.hint(language(), 2)
    if level >= 2 and second and exercise.kind != "choice":
        lines.append(t("check.hint2", hint=second))
    return "\n".join(lines)


def _wrong(exercise: Exercise, form: str, counts: bool) -> str:
    """«Todavía no» with the hints; the second comes once two different tries showed work."""
    tries = _wrong_tries.setdefault(exercise.id, set())
    if counts:
        tries.add(form)
    verdict = t("check.wrong")
    if exercise.digits is not None and exercise.kind in ("number", "set", "expression"):
        verdict += " " + t("check.precision", digits=exercise.digits)
    return f"{verdict}\n{_hints(exercise, len(tries))}"


def _decimal_text(answer: Any) -> str:
    """A student's decimal as a Spanish reader writes it: 0,08333."""
    if isinstance(answer, Typed):
        return answer.text.strip()
    try:
        return format(float(answer), ".6g").replace(".", ",")
    except BaseException:
        return str(answer)


def _form(exercise: Exercise, answer: Any) -> str:
    """The canonical text of an answer, sizes guarded first (TooBig, WrongKind or any error)."""
    guard(answer)
    return canonical(
        answer, exercise.kind, exercise.digits, exercise.element, exercise.symbols or None
    )


def _matches(fingerprint: str, fingerprints: tuple[str, ...]) -> bool:
    return any(hmac.compare_digest(fingerprint, known) for known in fingerprints)


def _current_cell() -> str:
    """The code of the cell being run ('' outside a notebook): how a number was typed."""
    return typed_cells.current_cell()


def _forms(exercise: Exercise, answer: Any, cell: str) -> list[tuple[Reading, str]]:
    """(reading, canonical text) of each reading of `answer`; TooBig, Unreadable or WrongKind
    when none can be read."""
    found: list[tuple[Reading, str]] = []
    failure: Exception | None = None
    for reading in readings(exercise, answer, cell):
        try:
            found.append((reading, _form(exercise, reading.value)))
        except TooBig:
            raise
        except BaseException as error:  # WrongKind, or a student's object that misbehaves
            failure = error
    if not found:
        raise failure or WrongKind("nothing to read")
    return found


def _judge(exercise: Exercise, answer: Any) -> Feedback:
    """The verdict on `answer` for a known exercise: at most two stretched fingerprints."""
    if _is_missing(answer):
        return Feedback(False, t("check.missing"))
    cell = _current_cell()
    try:
        guard(answer)  # the size of what was written, before it is read
        forms = _forms(exercise, answer, cell)
    except TooBig:
        return Feedback(False, t("check.too_big", expected=_expected(exercise)))
    except Unreadable:
        return Feedback(
            False, t("check.unreadable", typed=_echo(answer), expected=_expected(exercise))
        )
    except BaseException:
        return _wrong_kind(exercise, answer, cell)
    prints = []
    for reading, form in forms:  # one fingerprint each, stopping at the first right reading
        fingerprint = stretched(exercise.id, exercise.salt, form, exercise.work)
        if _matches(fingerprint, exercise.right):
            message = _right_message(exercise, reading, form, fingerprint, len(forms) > 1)
            return Feedback(True, message)
        prints.append((reading, form, fingerprint))
    if len(prints) > 1:
        thousands, decimal = (value_of(exercise, reading) for reading, _, _ in prints)
        return Feedback(
            False,
            t(
                "check.ambiguous",
                typed=prints[0][0].written,
                thousands=spanish(thousands[0]) if thousands else "?",
                decimal=spanish(decimal[0]) if decimal else "?",
            ),
        )
    reading, form, fingerprint = prints[0]
    if _matches(fingerprint, exercise.decimal):
        return Feedback(False, t("check.fraction_wanted", number=_decimal_text(reading.value)))
    value = value_of(exercise, reading)
    if advice := slip(exercise, reading, value):
        return Feedback(False, advice)
    nearly = nearly_text(exercise, reading, value)
    if nearly and _matches(
        stretched(exercise.id, exercise.salt, nearly, exercise.work), exercise.rounded
    ):
        return Feedback(False, t("check.rounded", number=_decimal_text(reading.value)))
    if exercise.kind == "choice":
        letter = form.split(":", 1)[1]
        if letter not in "abcdefgh"[: exercise.options]:  # no such option
            return _wrong_kind(exercise, answer, cell)
        if why := exercise.why_of(language(), letter, fingerprint):
            return Feedback(False, t("check.why", why=why))
    return Feedback(False, _wrong(exercise, form, counts_for_second_hint(value)))


def _right_message(
    exercise: Exercise, reading: Reading, form: str, fingerprint: str, ambiguous: bool
) -> str:
    """«¡Correcto!», with the reading taken of an ambiguous number and why a choice is right."""
    message = t("check.right")
    if ambiguous:
        value = value_of(exercise, reading)
        shown = spanish(value[0]) if value else reading.written
        message += " " + t("check.read_as", typed=reading.written, number=shown)
    letter = form.split(":", 1)[1]
    if exercise.kind == "choice" and (why := exercise.why_of(language(), letter, fingerprint)):
        message += " " + why
    return message


def _wrong_kind(exercise: Exercise, answer: Any, cell: str = "") -> Feedback:
    """Say what kind of answer is expected, echoing what was written (no content hint: the
    student's mathematics is not in question, only how it was written)."""
    message = t("check.wrong_type", expected=_expected(exercise), got=_echo(answer))
    fix = decimal_comma_fix(answer, cell) if exercise.kind in ("number", "expression") else None
    if fix:
        message += "\n" + t("check.decimal_comma", typed=fix[0], number=fix[1])
    return Feedback(False, message)


def check(
    exercise_id: str, answer: Any, *, registry: Mapping[str, Exercise] | None = None
) -> Feedback:
    """Print ✔ or ✘ (with a hint) for `answer` and return the verdict.

    `registry` defaults to the kit's own exercises; pass `load_registry(path)` for others.
    """
    exercises = default_registry() if registry is None else registry
    exercise = exercises.get(exercise_id) if isinstance(exercise_id, str) else None
    if exercise is None:
        feedback = Feedback(False, t("check.unknown", exercise_id=_echo(exercise_id)))
    else:
        try:
            feedback = _judge(exercise, answer)
        except BaseException:  # whatever the object raises (SystemExit too): a sentence
            feedback = _wrong_kind(exercise, answer)
        _verdicts[exercise.id] = feedback.right
    sys.stdout.write(feedback.message + "\n")  # one write: one stream output in a notebook
    return feedback


def summary(prefix: str, *, registry: Mapping[str, Exercise] | None = None) -> Feedback:
    """Print how many of a notebook's exercises («dados») are ✔ in this kernel: «9 de 13 ✔»,
    then, when the exercises have tiers, how many of each: «Básico 5/5 · medio 3/5 · reto 1/3»."""
    exercises = default_registry() if registry is None else registry
    ids = [key for key, exercise in exercises.items() if exercise.prefix == prefix]
    if not ids:
        feedback = Feedback(False, t("check.unknown", exercise_id=_echo(prefix)))
    else:
        done = [key for key in ids if _verdicts.get(key)]
        message = t("check.summary", right=len(done), total=len(ids))
        tiers = {exercises[key].tier for key in ids} - {""}
        if tiers:
            counts = {}
            for tier in ("básico", "medio", "reto"):
                mine = [key for key in ids if exercises[key].tier == tier]
                right = sum(1 for key in mine if key in done)
                counts[tier] = t("check.tier_count", right=right, total=len(mine))
            message += "\n" + t("check.tiers", **counts)
        if pending := [key.rsplit("-", 1)[-1] for key in ids if key not in done]:
            message += "\n" + t("check.pending", exercises=", ".join(pending))
        feedback = Feedback(len(done) == len(ids), message)
    sys.stdout.write(feedback.message + "\n")
    return feedback


def explica(texto: Any) -> Feedback:
    """An «explica» answer: not marked by the kit (the teacher reads it), only acknowledged,
    so a student knows it was written down. True when something is written."""
    written = isinstance(texto, str) and bool(texto.strip()) and texto is not Ellipsis
    feedback = Feedback(written, t("check.noted" if written else "check.not_noted"))
    sys.stdout.write(feedback.message + "\n")
    return feedback


def answer_name(exercise_id: str) -> str:
    """The variable that holds the answer of `exercise_id` in its notebook: dados-2 → respuesta_2.

    Each exercise has its own name, so a check (or the gradebook) can never read another
    exercise's answer.
    """
    suffix = exercise_id.rsplit("-", 1)[-1]
    return "respuesta_" + "".join(c if c.isalnum() else "_" for c in suffix)


def answer_form(
    exercise_id: str, answer: Any, *, registry: Mapping[str, Exercise] | None = None
) -> list[str] | None:
    """The canonical texts of `answer`'s readings (what is fingerprinted: one, or two for a
    number whose dot may group thousands); None if missing or unreadable.

    The gradebook computes this inside the student's kernel and judges the texts outside it
    with `form_is_right`, so a forged `check` cannot change a mark.
    """
    exercises = default_registry() if registry is None else registry
    exercise = exercises[exercise_id]
    try:
        if _is_missing(answer):
            return None
        return [form for _reading, form in _forms(exercise, answer, _current_cell())]
    except BaseException:
        return None


def form_is_right(
    exercise_id: str, form: Any, *, registry: Mapping[str, Exercise] | None = None
) -> bool:
    """True when a canonical text from `answer_form` (a list of at most two, or one text) is
    a right answer."""
    exercises = default_registry() if registry is None else registry
    exercise = exercises.get(exercise_id)
    forms = [form] if isinstance(form, str) else form
    if exercise is None or not isinstance(forms, list) or not 1 <= len(forms) <= 2:
        return False
    for text in forms:
        if not isinstance(text, str) or len(text) > 100_000:
            return False
    return any(
        _matches(stretched(exercise.id, exercise.salt, text, exercise.work), exercise.right)
        for text in forms
    )
