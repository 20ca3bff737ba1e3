"""Exercises with instant feedback: `check(exercise_id, answer)` prints ✔ or ✘ with a hint.

Answers are never stored: the registry (`kit/data/exercises/<notebook>.toml`, one file per
master notebook) holds, per exercise, the kind of answer, the precision, two hints, a salt and
salted, stretched *fingerprints* of the canonical forms of the right answers (see
`kit.exercises.canonical` and `kit.exercises.fingerprints`). A student copy or the kit's source
therefore shows no answer, and each guess costs a fingerprint's time. Importing this package
needs the standard library only; sympy is imported only when an answer is a sympy object.

What `check` accepts:

- number: int, Fraction, Decimal, float, sympy number — or a text written as on paper in Spain:
  "0,5", "1/2", "50 %", "350 €", "24 000", "3 543,12 €", "1000·1,1³", "2 × 3" (see
  `kit.exercises.reading`; a text of whole numbers and fractions is exact, one with a decimal
  is like a float). A float equal to the answer up to rounding is right (`3/36`,
  `1500*1.1`); with `digits` the answer is compared rounded half away from zero to that many
  decimals (2/3 and 0.6667 pass at 4 decimals, 0.67 does not); with `fraction = true` a right
  decimal is told that the fraction is asked for; where the exact value is asked, a decimal
  that agrees to 3 figures is told «casi». «2.659» is both 2 659 and 2,659: the right reading
  is taken and said, and when neither is right the student is asked which was meant.
- expression: a sympy expression, equal in value to the solution (spelling does not matter:
  (x + 1)**2 passes for x**2 + 2*x + 1, and 1.5*x for 3*x/2), a text in the exercise's
  symbols ("1000·(1+s)³"), or a plain number when the solution is a constant.
- set: a set, frozenset, list, tuple or sympy FiniteSet, of values or texts ("0,5"); order and
  repeats do not matter.
- text: a short text; case, accents (but not ñ), spaces, surrounding punctuation and the words
  in front («el», «grupo», «la respuesta es») do not matter ("el grupo D" passes for "D"); the
  other words a teacher accepts are written in the master's solution cell,
  «# también vale: retiro | sacar el dinero», and kept only as fingerprints.
- choice: one letter of a multiple-choice question ("b", "B", "b)", "la b", "opción b"); every
  option has a text in the registry (why a wrong one misunderstands, said at once; why the
  right one is right, said with the ✔), so the texts do not tell the right letter. With four
  options an answer cannot be kept secret from someone who tries them all: choices are for
  practice, not marks, and they never give the second hint.

The slips a value shows by itself are named without more hashing: a percentage given for a
probability (`scale = "proportion"`) or a proportion for a percentage (`scale = "percent"`),
euros where no unit is asked. A check computes at most two stretched fingerprints.

`explica(texto)` acknowledges an «explica» answer without marking it: the teacher reads it.
Each entry may have a `tier` ("básico", "medio", "reto"); `summary` counts each tier.

Anything else — `...`, None, a text that is not a number where one is due, nan, `1,5` (a tuple
in Python), an object that raises (SystemExit too), an answer too big to check — gets a friendly
✘ that says how to write the answer (no content hint: the mathematics is not in question),
never a traceback. The second hint comes after two different wrong answers of the right kind
that show work (0 and ±1, typed to see what happens, do not count). In a
notebook, importing this package also installs `kit.exercises.slips`: a decimal comma or
another common slip gets a Spanish sentence instead of Python's SyntaxError.

Each exercise keeps its answer in its own variable, `answer_name(id)` (respuesta_2 for
dados-2), and its answer and check share one cell, so no check reads another's answer.

How a teacher adds an exercise:

1. In the master notebook (in `exercises/`), write the prompt and a code cell tagged
   `solution` that computes `respuesta_14` and ends with `check("dados-14", respuesta_14)`.
2. Add a table `[dados-14]` to `kit/data/exercises/01_dados.toml` with `kind` (and
   `digits`, `fraction`, `tier`, …) and the hints, then write its salt and fingerprints from
   the masters with one command:

       kit fingerprints exercises/

   (`registry_entry(id, answer, kind=..., hint_es=..., hint_en=...)` makes a whole table for a
   registry of one's own.)
3. Run the master notebook: the check prints ✔. `kit student` (or `make lab`) then writes the
   copies in which every solution is `...`.
"""

from __future__ import annotations

from typing import Any

from kit.exercises.checking import Feedback, answer_name, check, explica, summary
from kit.exercises.registry import Exercise, load_registry, registry_entry

__all__ = [
    "Exercise",
    "Feedback",
    "answer_name",
    "check",
    "explica",
    "load_registry",
    "registry_entry",
    "summary",
    "write_student_copies",
]


def __getattr__(name: str) -> Any:
    """`write_student_copies` loads nbformat, so it is imported only when asked for."""
    if name == "write_student_copies":
        from kit.exercises.student import write_student_copies

        return write_student_copies
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _install_slips() -> None:
    """In IPython (JupyterLab, Voilà, JupyterLite), turn students' slips into Spanish advice,
    refuse a cell with `^` between numbers, and keep each cell's raw text for `check`
    (kit.exercises.typed_cells). Both installs are idempotent: a second import adds nothing."""
    import sys

    if "IPython" not in sys.modules:
        return
    from kit.exercises import slips, typed_cells

    slips.install()
    typed_cells.install()


_install_slips()
