"""`check(exercise_id, answer)`: the instant ✔ / ✘ a student sees under an exercise.

`check` prints its verdict and returns a `Feedback`. Printing (rather than displaying a return
value) means the verdict shows even when `check` is not the last line of a cell, and reads the
same in JupyterLab, Voilà and JupyterLite. The `Feedback` is true when the answer is right, so a
test or a teacher's script can use it, but it displays nothing in a notebook: a student never
sees a stray `True` or `Feedback(...)` under the ✔.

Whatever the student writes, `check` answers with a sentence, never a traceback.
"""

from __future__ import annotations

import hmac
import sys
from collections.abc import Mapping
from typing import Any

from kit.exercises.canonical import canonical
from kit.exercises.fingerprints import digest
from kit.exercises.registry import Exercise, default_registry
from kit.messages import language, t

_LONGEST_ECHO = 60


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


def _echo(value: Any) -> _Shown:
    """A short repr of any value; objects whose repr fails are named by their type."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    if len(text) > _LONGEST_ECHO:
        text = text[: _LONGEST_ECHO - 1] + "…"
    return _Shown(text)


def _is_missing(answer: Any) -> bool:
    """`...` (the student copy's placeholder) or an empty text: nothing answered yet."""
    return answer is Ellipsis or (isinstance(answer, str) and not answer.strip())


def _expected(exercise: Exercise) -> str:
    """What kind of answer the exercise wants, in the class language."""
    if exercise.kind == "expression" and exercise.symbols:
        return t("kind.expression_in", symbols=", ".join(exercise.symbols))
    if exercise.kind == "set":
        return t(f"kind.{exercise.element}_set")
    return t(f"kind.{exercise.kind}")


def _hint(exercise: Exercise) -> str:
    return t("check.hint", hint=exercise.hint(language()))


def _wrong(exercise: Exercise) -> str:
    verdict = t("check.wrong")
    if exercise.digits is not None and exercise.kind in ("number", "set"):
        verdict += " " + t("check.precision", digits=exercise.digits)
    return f"{verdict}\n{_hint(exercise)}"


def _judge(exercise: Exercise, answer: Any) -> Feedback:
    """The verdict on `answer` for a known exercise."""
    if _is_missing(answer):
        return Feedback(False, t("check.missing"))
    try:
        form = canonical(
            answer, exercise.kind, exercise.digits, exercise.element, exercise.symbols or None
        )
    except Exception:  # WrongKind, or a student's object that misbehaves when it is read
        return _wrong_kind(exercise, answer)
    if hmac.compare_digest(digest(exercise.id, form), exercise.fingerprint):
        return Feedback(True, t("check.right"))
    return Feedback(False, _wrong(exercise))


def _decimal_comma(answer: Any) -> str | None:
    """`0,6667` is the tuple (0, 6667) in Python: the decimal a Spanish student meant."""
    if (
        type(answer) is tuple
        and len(answer) == 2
        and all(type(part) is int and part >= 0 for part in answer)
    ):
        return f"{answer[0]}.{answer[1]}"
    return None


def _wrong_kind(exercise: Exercise, answer: Any) -> Feedback:
    """Say what kind of answer is expected, echoing what was written."""
    message = t("check.wrong_type", expected=_expected(exercise), got=_echo(answer))
    meant = _decimal_comma(answer) if exercise.kind in ("number", "expression") else None
    advice = t("check.decimal_comma", number=meant) if meant else _hint(exercise)
    return Feedback(False, f"{message}\n{advice}")


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
        feedback = _judge(exercise, answer)
    sys.stdout.write(feedback.message + "\n")  # one write: one stream output in a notebook
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
) -> str | None:
    """The canonical text of `answer` (what is fingerprinted), None when it is missing or unreadable.

    The gradebook computes this inside the student's kernel and judges the text outside it
    with `form_is_right`, so a forged `check` cannot change a mark.
    """
    exercises = default_registry() if registry is None else registry
    exercise = exercises[exercise_id]
    try:
        if _is_missing(answer):
            return None
        return canonical(
            answer, exercise.kind, exercise.digits, exercise.element, exercise.symbols or None
        )
    except Exception:
        return None


def form_is_right(
    exercise_id: str, form: str | None, *, registry: Mapping[str, Exercise] | None = None
) -> bool:
    """True when the canonical text `form` (from `answer_form`) is a right answer."""
    exercises = default_registry() if registry is None else registry
    exercise = exercises.get(exercise_id)
    if exercise is None or not isinstance(form, str):
        return False
    return hmac.compare_digest(digest(exercise.id, form), exercise.fingerprint)
