"""Exercises with instant feedback: `check(exercise_id, answer)` prints ✔ or ✘ with a hint.

Answers are never stored: `registry.toml` holds, per exercise, the kind of answer, the
precision, two hints and a *fingerprint* — a sha256 over the exercise id and the canonical form
of the answer (see `kit.exercises.canonical`). A student copy or the kit's source therefore
shows no answer. Importing this package needs the standard library only; sympy is imported only
when an answer is a sympy object.

What `check` accepts:

- number: int, Fraction, Decimal, float, sympy number. With `digits` the answer is rounded half
  away from zero to that many decimals before comparing (2/3 and 0.6667 pass at 4 decimals,
  0.67 does not); without `digits` it must be exact (3 and 3.0 pass for 3).
- expression: a sympy expression, equal in value to the solution (spelling does not matter:
  (x + 1)**2 passes for x**2 + 2*x + 1); or a plain number when the solution is a constant.
- set: a set, frozenset, list, tuple or sympy FiniteSet; order and repeats do not matter.
- text: a short text; case, accents (but not ñ), spaces and surrounding punctuation do not
  matter ("estacion" passes for "Estación").

Anything else — `...`, None, a text where a number is due, nan, an object that raises — gets a
friendly ✘ saying what kind of answer is expected, never a traceback.

How a teacher adds an exercise:

1. In the master notebook (in `exercises/`), write the prompt, a code cell tagged `solution`
   that computes `respuesta`, and a cell `check("dados-14", respuesta)`.
2. Make its registry entry from the solution's value and paste it into `registry.toml`:

       from kit.exercises import registry_entry
       print(registry_entry("dados-14", respuesta, kind="number", digits=4,
                            hint_es="…", hint_en="…"))

   (`fingerprint(exercise_id, value, kind=..., digits=...)` gives the fingerprint alone.)
3. Run the master notebook: the check prints ✔. `write_student_copies` (in
   `kit.exercises.student`) then writes the copies in which every solution is `...`.
"""

from __future__ import annotations

from typing import Any

from kit.exercises.checking import Feedback, check
from kit.exercises.fingerprints import fingerprint
from kit.exercises.registry import Exercise, load_registry, registry_entry

__all__ = [
    "Exercise",
    "Feedback",
    "check",
    "fingerprint",
    "load_registry",
    "registry_entry",
    "write_student_copies",
]


def __getattr__(name: str) -> Any:
    """`write_student_copies` loads nbformat, so it is imported only when asked for."""
    if name == "write_student_copies":
        from kit.exercises.student import write_student_copies

        return write_student_copies
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
