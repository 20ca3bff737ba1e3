"""Answers are stored as fingerprints: a sha256 over the exercise id and the canonical answer.

The id is part of the hash, so two exercises with the same answer have different fingerprints
and a fingerprint cannot be copied from one exercise to another. The prefix names the version of
the canonical forms; changing them means new fingerprints for every exercise.
"""

from __future__ import annotations

import hashlib
from typing import Any

from kit.exercises.canonical import ELEMENT_KINDS, KINDS, WrongKind, canonical

_VERSION = "kit-exercises/1"


def digest(exercise_id: str, canonical_text: str) -> str:
    """The hex sha256 of one exercise's canonical answer."""
    message = f"{_VERSION}\n{exercise_id}\n{canonical_text}"
    return hashlib.sha256(message.encode("utf-8")).hexdigest()


def fingerprint(
    exercise_id: str,
    value: Any,
    kind: str = "number",
    digits: int | None = None,
    element: str = "number",
) -> str:
    """The fingerprint a teacher puts in the registry for the answer `value`.

    kind is "number", "expression", "set" or "text"; digits is the number of decimal places a
    number (or a set's numbers, or an expression's values) is compared to, None for exact;
    element is the kind of a set's elements ("number" or "text").
    """
    check_spec(kind, digits, element)
    try:
        text = canonical(value, kind, digits, element)
    except WrongKind as error:
        raise ValueError(f"{value!r} cannot be an answer of kind {kind!r}: {error}") from None
    return digest(exercise_id, text)


def check_spec(kind: str, digits: int | None, element: str) -> None:
    """Refuse a misspelt kind or a negative precision before anything is hashed."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    if element not in ELEMENT_KINDS:
        raise ValueError(f"unknown set element kind {element!r}; choose one of {ELEMENT_KINDS}")
    if digits is not None and (isinstance(digits, bool) or not isinstance(digits, int)):
        raise ValueError(f"digits must be a whole number of decimal places or None; got {digits!r}")
    if digits is not None and digits < 0:
        raise ValueError(f"digits must be ≥ 0; got {digits}")
