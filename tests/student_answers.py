"""Answers typed the way students of 3º-4º ESO write them, with the verdict each must get.

Shared by tests/test_student_answers.py (CPython) and tests/pyodide/student_answers.py (the
browser's Python), so both prove the same thing. Each case is (exercise, what was typed, what
must be said): "✔" for right, "✘" for a plain «Todavía no», or the start of the sentence a slip
must get. The exercises are built here at a low work factor; their answers are the lessons'
kinds of answers (a probability, a percentage, euros with interest, a group letter …).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

LOW_WORK = 50
RIGHT, WRONG = "✔", "✘ Todavía no"
PERCENT_SLIP = "✘ ¿Has escrito un porcentaje?"
PROPORTION_SLIP = "✘ ¿Has escrito una proporción?"
NO_UNIT = "✘ Aquí no se piden euros"
AMBIGUOUS = "✘ ¿"
NEARLY = "✘ Casi"
FRACTION = "✘ Tu "
UNREADABLE = "✘ No entiendo"
NOT_AN_OPTION = "✘ Se esperaba"

# id: (answer, registry spec). An expression's answer is a text the reader parses itself, so
# no sympy is needed in Pyodide.
EXERCISES: dict[str, tuple[Any, dict[str, Any]]] = {
    "prob": (Fraction(5, 36), {"scale": "proportion"}),
    "media": (7, {}),
    "libreta": (Fraction(1331), {"digits": 2}),
    "grande": (24000, {}),
    "miles": (2659, {}),
    "decimales": (Fraction(2659, 1000), {}),
    "porcentaje": (Fraction(2778, 100), {"digits": 2, "scale": "percent"}),
    "fraccion": (Fraction(3, 36), {"fraction": True, "scale": "proportion"}),
    "caja": (Fraction(354312, 100), {"digits": 2}),
    "veces": (Fraction(96, 122), {}),
    "formula": ("1000*(1+s)^3", {"kind": "expression", "symbols": ("s",)}),
    "conjunto": ({Fraction(1, 2), 3}, {"kind": "set"}),
    "decision": ("retirar", {"kind": "text", "also": ("retiro", "sacar el dinero", "sacarlo")}),
    "grupo": ("D", {"kind": "text"}),
    "elige": ("b", {"kind": "choice", "options": 4}),
}

CASES: list[tuple[str, Any, str]] = [
    # a probability, 5/36: fractions, decimals, percentages, the calculation
    *(
        ("prob", typed, RIGHT)
        for typed in (
            "5/36",
            " 5 / 36 ",
            "10/72",
            "5:36",
            "5÷36",
            "(1/6)·(5/6)",
            "1/6 × 5/6",
            "5/6*1/6",
            "0,138888889",
            "13,8888889 %",
            "13,8888889%",
            "13,8888889 por ciento",
            "«5/36»",
            "5/36.",
        )
    ),
    ("prob", 5 / 36, RIGHT),
    ("prob", Fraction(5, 36), RIGHT),
    *(("prob", typed, NEARLY) for typed in ("0,139", "0,1389", "13,89 %", 0.1389, 0.13889)),
    *(("prob", typed, WRONG) for typed in ("5/35", "0,5", "1/6", "6/36", 0.14, "1/7")),
    *(("prob", typed, PERCENT_SLIP) for typed in (13.89, "13,89", 50, "50", 55, 30, "13,9")),
    ("prob", "5/36 €", RIGHT),  # right is right, whatever the unit
    ("prob", "14 €", NO_UNIT),
    # a whole number
    *(
        ("media", typed, RIGHT)
        for typed in (
            "7",
            "7,0",
            "7.0",
            "7 tiradas",
            "14/2",
            "3,5·2",
            "3.5*2",
            "3,5 x 2",
            "3,5 × 2",
            "3,5X2",
            "(3+4)",
            "+7",
            "7,00",
            "21:3",
            7,
            7.0,
        )
    ),
    *(("media", typed, WRONG) for typed in ("6", "7,1", "-7", "3,5+2", "8", 6.9)),
    *(("media", typed, UNREADABLE) for typed in ("siete", "7 y pico", "7 3", "7++", "()")),
    # euros with interest, to 2 decimals
    *(
        ("libreta", typed, RIGHT)
        for typed in (
            "1000·1,1³",
            "1000*1.1^3",
            "1000·1,1^3",
            "1000*1,1**3",
            "1000(1+0,1)^3",
            "1000·(1+10 %)^3",
            "1000·(1 + 10/100)³",
            "1 331 €",
            "1331,00",
            "1.331,00 €",
            "1331 euros",
            "1 331",
            "1331",
            "1000 · 1,1 · 1,1 · 1,1",
            1331,
            1000 * 1.1**3,
        )
    ),
    ("libreta", "1.331 €", RIGHT),  # thousands with a dot: the right reading is taken
    *(("libreta", typed, WRONG) for typed in ("1330", "1000·1,1·3", "1300", "1000·1,3", 1330.99)),
    ("libreta", "1.330", AMBIGUOUS),  # neither 1 330 nor 1,330
    # thousands
    *(
        ("grande", typed, RIGHT)
        for typed in (
            "24 000",
            "24000",
            "24.000",
            "24 000 €",
            "24.000,00",
            "2,4·10^4",
            "2,4 · 10⁴",
            "24\u00a0000",
            "24\u202f000",
            "240 · 100",
            24000,
            24000.0,
        )
    ),
    *(("grande", typed, WRONG) for typed in ("2400", "24,000", "240 000", "24 001")),
    ("grande", "24 00", UNREADABLE),
    ("miles", "2.659", RIGHT),
    ("miles", "2 659", RIGHT),
    ("miles", "2659", RIGHT),
    ("miles", "2,659", WRONG),
    ("miles", "2.658", AMBIGUOUS),
    ("decimales", "2.659", RIGHT),
    ("decimales", "2,659", RIGHT),
    ("decimales", 2.659, RIGHT),
    ("decimales", "2 659", WRONG),
    # a percentage, asked as one
    *(
        ("porcentaje", typed, RIGHT)
        for typed in (
            "27,78 %",
            "27,78",
            "27.78",
            "27,78%",
            "27,78 por ciento",
            " 27,78 % ",
            "27,777",
            "1000/36",
            27.78,
            27.777,
            Fraction(1000, 36),
        )
    ),
    *(("porcentaje", typed, PROPORTION_SLIP) for typed in ("0,2778", 0.2778, 0.796, "0,28")),
    *(("porcentaje", typed, WRONG) for typed in ("27,8", "25 %", "28", 27.7)),
    ("porcentaje", "28 €", NO_UNIT),
    # the fraction is asked for
    *(
        ("fraccion", typed, RIGHT)
        for typed in ("3/36", "1/12", "2/24", " 3 / 36 ", Fraction(1, 12), Fraction(3, 36))
    ),
    *(("fraccion", typed, FRACTION) for typed in (3 / 36, "0,0833333333", 1 / 12)),
    *(("fraccion", typed, NEARLY) for typed in ("0,0833", 0.0833, "8,33 %")),
    ("fraccion", "4/36", WRONG),
    ("fraccion", "8,33", PERCENT_SLIP),
    # money with cents
    *(
        ("caja", typed, RIGHT)
        for typed in (
            "3 543,12 €",
            "3.543,12",
            "3543,12",
            "3543.12",
            "3 543,12",
            "3543,12 euros",
            "3 543,120",
            3543.12,
        )
    ),
    *(("caja", typed, WRONG) for typed in ("3 543,13", "3543,1", "354312")),
    ("caja", "3.543", AMBIGUOUS),
    # a ratio of whole numbers
    *(
        ("veces", typed, RIGHT)
        for typed in ("96/122", "48/61", "96 / 122", "0,786885246", 96 / 122)
    ),
    *(("veces", typed, NEARLY) for typed in ("0,787", "0,7869")),
    ("veces", "0,79", WRONG),
    # an expression in s
    *(
        ("formula", typed, RIGHT)
        for typed in (
            "1000·(1+s)³",
            "1000*(1+s)^3",
            "1000(1+s)^3",
            "1000·(s+1)^3",
            "1000*(1 + s)**3",
            "1000 + 3000s + 3000s^2 + 1000s^3",
            "1000·(1+s)·(1+s)·(1+s)",
            "(1+s)^3·1000",
            "1000·(1+s)^2·(1+s)",
        )
    ),
    *(
        ("formula", typed, WRONG)
        for typed in ("1000·(1+s)·3", "1000·(1+3s)", "1000*1+s^3", "1000·(1+s)^2", "1000")
    ),
    ("formula", "1000·(1+t)^3", UNREADABLE),
    # a set of numbers written as texts
    *(
        ("conjunto", typed, RIGHT)
        for typed in (["0,5", "3"], {"1/2", 3}, ("50 %", 3), [3, "0.5", "3"], ["3", "2/4"])
    ),
    *(("conjunto", typed, WRONG) for typed in (["0,5"], ["0,5", "4"], ["1/3", 3])),
    # words: a teacher's synonyms, and the words in front of the answer
    *(
        ("decision", typed, RIGHT)
        for typed in (
            "retirar",
            "Retirar.",
            "RETIRAR",
            "retiro",
            "sacar el dinero",
            "Sacar el dinero",
            "sacarlo",
            "la respuesta es retirar",
            "  retirar  ",
        )
    ),
    *(("decision", typed, WRONG) for typed in ("no retirar", "esperar", "mantener", "ahorrar")),
    *(
        ("grupo", typed, RIGHT)
        for typed in ("D", "d", "grupo D", "el D", "(D)", "el grupo D", "Grupo d.", "«D»", "la D")
    ),
    *(("grupo", typed, WRONG) for typed in ("C", "grupo C", "E", "el C")),
    # a multiple-choice item
    *(
        ("elige", typed, RIGHT)
        for typed in ("b", "B", "b)", "(b)", "la b", "opción b", "Opción B", "la respuesta es b")
    ),
    *(("elige", typed, WRONG) for typed in ("a", "c", "d", "la c")),
    *(("elige", typed, NOT_AN_OPTION) for typed in ("e", "bc", 2)),
]


def registry() -> dict[str, Any]:
    """The exercises above as a registry at a low work factor."""
    from kit.exercises import registry_entry
    from kit.exercises.reading import read_text
    from kit.exercises.registry import parse_registry, registry_header

    tables = []
    for exercise_id, (answer, spec) in EXERCISES.items():
        spec = dict(spec)
        if spec.get("kind") == "expression":
            answer = read_text(answer, spec["symbols"])[0]
        tables.append(
            registry_entry(
                exercise_id,
                answer,
                hint_es="idea",
                hint_en="idea",
                hint2_es="paso",
                hint2_en="step",
                work=LOW_WORK,
                **spec,
            )
        )
    return parse_registry(registry_header(LOW_WORK) + "\n".join(tables))


def said(exercise_id: str, typed: Any, exercises: dict[str, Any]) -> str:
    """What `check` prints for `typed` (the tries of earlier cases forgotten)."""
    import contextlib
    import io

    from kit.exercises import check, checking

    checking._wrong_tries.clear()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check(exercise_id, typed, registry=exercises)
    return out.getvalue()


def failures() -> list[tuple[str, str, str, str]]:
    """(exercise, typed, expected, said) for every case whose verdict is not the one expected."""
    exercises = registry()
    wrong = []
    for exercise_id, typed, expected in CASES:
        text = said(exercise_id, typed, exercises)
        if not text.startswith(expected) or "Traceback" in text:
            wrong.append((exercise_id, repr(typed), expected, text))
    return wrong
