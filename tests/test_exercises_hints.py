"""Hints that leave the key step to the student, every option of a choice explained, and
palabra-12 strict (issue 24, points 6 and 8).

The second hint may name the method, the kit tool or what to look at, never fill in the numbers,
the equation or the exact code key: these tests pin what can be pinned mechanically.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from kit.exercises import load_registry
from kit.exercises.checking import answer_form, form_is_right
from kit.exercises.regenerate import OPTION_TEXTS, option_texts
from kit.lessons import interes, paga, tablero
from kit.lessons import multiplicadores as mx
from kit.lessons import palabra as pl

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = load_registry()
LANGUAGES = ("es", "en")

# The giveaways the second hints (and paga-7's first) used to carry, each a phrase that wrote
# out the computation, the equation or the exact code key; none may come back.
OLD_GIVEAWAYS = {
    "dados-5": ["multiplícala por las 600 tiradas", "multiply it by the 600 rolls"],
    "dados-8": ["La rama «6» vale 1/6", "branch is 1/6"],
    "dados-9": ["Resta ese número de 1", "Take that number away from 1"],
    "dados-10": ["Multiplica ese número por sí mismo", "Multiply that number by itself"],
    "dados-11": ["10 · 150 €", "2 faces out of 6"],
    "dados-12": ["m · 1/3 − 1 = 0", "despeja m"],
    "dados-13": ["Resta eso de 1 para tener p", "5/6"],
    "dados-14": ["35/36", "x ** 24"],
    "tablero-3": ["30/36", "5/6"],
    "tablero-4": ["multiplica tres veces", "multiply three times"],
    "tablero-5": ["tablero.PRESO"],
    "tablero-7": ['"roll"', '"tirar"'],
    "tablero-9": ["su último número son las casas que ya hay", "the houses already there"],
    "tablero-10": ["level"],
    "tablero-11": ["la estación es la casilla 15", "the station is square 15"],
    "tablero-12": ["divide el precio entre eso", "divide the price by that"],
    "tablero-13": ["Divide lo que devuelves entre eso", "Divide what you pay back by that"],
    "tablero-14": ["tablero.PRESO", "multiplicar por 40", "multiplying by 40"],
    "paga-6": ["9 veces la apuesta", "9 times the stake"],
    "paga-7": ["7/3", ".valor_esperado()"],
    "paga-8": ['.column("despues")', '"despues"', ".column("],
    "paga-9": ["eso menos 1", "that minus 1"],
    "paga-11": ["Multiplícala por sí misma", "Multiply it by itself"],
    "paga-12": ["Ganancia = lo que cobra", "Gain = what"],
    "paga-13": [".share(", "wins_table"],
    "interes-3": ["por el número de tarjetas y por el de meses", "by the number of cards and"],
    "interes-4": ["90 000 + 10 % y 90 000 + 20 %", "90 000 + 10 %"],
    "interes-5": ["(1,1)¹² − 1", "(1.1)¹² − 1"],
    "interes-9": ["150 × 1,1¹¹", "150 × 1.1¹¹"],
    "interes-11": ["× 100 lo da en %", "× 100 gives it in %"],
    "interes-14": ["(0 + 200) × 1,1", "(0 + 200) × 1.1"],
    "interes-15": ["150 × 1,05³", "150 × 1.05³", "1500 × 1,05⁴", "1500 × 1.05⁴"],
    "interes-17": ["n · log(a) = log(3)", "with a = 1"],
    "interes-18": ["1,06ⁿ = 2", "1.06ⁿ = 2"],
    "palabra-2": ["Escribe (suma) * 2", "Write (sum) * 2"],
    "palabra-6": ["(4 + 1 + 5 + 1)"],
    "palabra-12": ['"OA"', '"HG"'],
    "palabra-14": ["5 × m × 2 = 60", "despeja m"],
    "multiplicadores-1": ["3 · 3 · 3 = 3³"],
    "multiplicadores-3": ["Divide 18 entre 2 y entre 3", "Divide 18 by 2 and by 3"],
    "multiplicadores-5": ["Divide ese número entre 122", "Divide that number by 122"],
    "multiplicadores-6": ["3 · 2 · 2"],
    "multiplicadores-8": ["Queda valor ÷ suma", "value ÷ sum"],
    "multiplicadores-9": ["(★★ × 2, ★★★ × 3)"],
    "multiplicadores-11": ["96/122", "95 sin estrellas entre 121"],
    "multiplicadores-12": ["96/122 · 95/121"],
    "multiplicadores-13": ["quedan 95 sin estrellas entre 121", "¿Qué opción lo tiene en cuenta?"],
    "multiplicadores-14": ["10/122"],
    "multiplicadores-15": ["empezando por 7", "starting with 7"],
}

# An equation with a bare number on its right («= 0», «= 60»): the equation the student sets up.
_EQUATION = re.compile(r"=\s*[−-]?\d")
_SOLVE_FOR = re.compile(r"\bdespej|\bsolve for\b|\bplantea\b.*=", re.IGNORECASE)
# The numbers a hint states, as each language writes them (24 000, 0,5, 5/6; 0.5 in English).
_NUMBER = {
    "es": re.compile(r"(?<![\w,.])\d+(?:[ \u202f]\d{3})*(?:,\d+)?(?:/\d+)?"),
    "en": re.compile(r"(?<![\w,.])\d+(?:[ \u202f]\d{3})*(?:\.\d+)?(?:/\d+)?"),
}
_LETTER_NAMED = re.compile(r"(?:opción|option)\s+«?([a-h])\b|«([a-h])»|\"([a-h])\"", re.IGNORECASE)
# `tablero.mejor_grupo`, `pl.afeitar`…: a kit call a hint names, by the module the master imports.
_MODULES = {"tablero": tablero, "paga": paga, "interes": interes, "pl": pl, "mx": mx}
_CALL = re.compile(r"\b(tablero|paga|interes|pl|mx)\.(\w+)")
_METHOD = re.compile(r"(?<![\w.])\.(\w+)\(")


def _number(text: str) -> Fraction | None:
    """The value of a number a hint writes, or None for «x/0»."""
    text = text.replace(" ", "").replace("\u202f", "").replace(",", ".")
    top, _, bottom = text.partition("/")
    if bottom and Fraction(bottom) == 0:
        return None
    return Fraction(top) / Fraction(bottom or 1)


def _second_hints():
    for exercise in REGISTRY.values():
        for language in LANGUAGES:
            yield exercise, language, exercise.hint(language, 2)


def _all_hints():
    for exercise in REGISTRY.values():
        for language, level in itertools.product(LANGUAGES, (1, 2)):
            yield exercise, language, exercise.hint(language, level)


def _text(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


@functools.cache
def _shown_to_students(prefix: str) -> str:
    """The text of the exercise master and its lesson: what a student has seen written."""
    (master,) = [p for p in (ROOT / "exercises").glob("*.ipynb") if f'check("{prefix}-' in _text(p)]
    lesson = ROOT / "notebooks" / master.name
    return _text(master) + (_text(lesson) if lesson.exists() else "")


def test_every_choice_option_has_its_text_in_both_languages():
    """Point 6: the right letter is not the one without a text."""
    choices = [e for e in REGISTRY.values() if e.kind == "choice"]
    assert len(choices) >= 18
    texts = option_texts(ROOT / "exercises" / OPTION_TEXTS)
    for exercise in choices:
        letters = set("abcdefgh"[: exercise.options])
        mine = texts[exercise.id]
        assert set(mine) == letters == {letter for letter, _ in exercise.why}, exercise.id
        for language in ("es", "en"):
            assert all(mine[letter].get(language, "").strip() for letter in letters), exercise.id
        assert min(len(mine[letter]["es"]) for letter in letters) >= 30, exercise.id
        sizes = {len(sealed) for _, sealed in exercise.why}  # they all look the same
        assert len(sizes) == 1, exercise.id


def test_every_exercise_has_a_second_hint_that_is_not_the_first():
    for exercise in REGISTRY.values():
        for language in LANGUAGES:
            first, second = exercise.hint(language, 1), exercise.hint(language, 2)
            assert second.strip() and second != first, (exercise.id, language)
        assert exercise.hint2_es != exercise.hint2_en, exercise.id  # translated, not copied


def test_no_second_hint_writes_the_equation_to_solve():
    for exercise, language, hint in _second_hints():
        assert not _EQUATION.search(hint), (exercise.id, language, hint)
        assert not _SOLVE_FOR.search(hint), (exercise.id, language, hint)


@pytest.mark.parametrize("exercise_id", sorted(OLD_GIVEAWAYS))
def test_the_rewritten_hints_lost_their_giveaway(exercise_id):
    exercise = REGISTRY[exercise_id]
    hints = [exercise.hint2_es, exercise.hint2_en]
    if exercise_id == "paga-7":  # its first hint named the method too
        hints += [exercise.hint_es, exercise.hint_en]
    for phrase in OLD_GIVEAWAYS[exercise_id]:
        for hint in hints:
            assert phrase not in hint, (exercise_id, phrase)


def test_no_second_hint_states_a_right_answer():
    """Every number a number exercise's second hint writes, every word of a text exercise's,
    is checked against the exercise's own fingerprints; a choice's hint names no letter."""
    said: set[tuple[str, str]] = set()
    for exercise, language, hint in _second_hints():
        if exercise.kind == "number":
            for token in _NUMBER[language].findall(hint):
                value = _number(token)
                if value is not None:
                    said.add((exercise.id, tuple(answer_form(exercise.id, value) or ())))
        elif exercise.kind == "text":  # the letters and the quoted words a student may answer
            quoted = {
                w.lower() for w in re.findall(r'"(\w+)"', _shown_to_students(exercise.prefix))
            }
            for word in re.findall(r"\w+", hint):
                if len(word) == 1 or word.lower() in quoted:
                    said.add((exercise.id, tuple(answer_form(exercise.id, word) or ())))
        elif exercise.kind == "choice":
            assert not _LETTER_NAMED.search(hint), (exercise.id, language, hint)
    assert len(said) > 50
    told = sorted(pair for pair in said if pair[1] and form_is_right(pair[0], list(pair[1])))
    assert told == [], told


def test_hints_name_only_the_spanish_kit_calls_a_student_has_seen():
    """«tablero.tiradas_para_pagar_la_casa», not «rent.house_payback»: every kit call a hint
    names exists under that name and is written in the exercise master or its lesson."""
    named = 0
    for exercise, language, hint in _all_hints():
        shown = _shown_to_students(exercise.prefix)
        for module, name in _CALL.findall(hint):
            named += 1
            assert hasattr(_MODULES[module], name), (exercise.id, language, module, name)
            assert f"{module}.{name}" in shown, (exercise.id, language, module, name)
        for method in _METHOD.findall(hint):
            assert f".{method}(" in shown, (exercise.id, language, method)
    assert named > 20


def _palabra_12() -> tuple[pl.Jugada, str, int]:
    """The play palabra-12 shaves, the letters its solution names and the points they rob."""
    book = json.loads((ROOT / "exercises" / "05_palabra.ipynb").read_text(encoding="utf-8"))
    (code,) = [
        "".join(c["source"])
        for c in book["cells"]
        if "solution" in c["metadata"].get("tags", [])
        and 'check("palabra-12"' in "".join(c["source"])
    ]
    (letters,) = re.findall(r'pl\.afeitar\(\w+, "(\w+)"\)', code)
    namespace: dict = {"pl": pl}
    exec("\n".join(line for line in code.splitlines() if not line.startswith("check(")), namespace)
    (play,) = [v for v in namespace.values() if isinstance(v, pl.Jugada) and v.cartas != ()]
    return play, letters, namespace["respuesta_12"]


def test_palabra_12_cannot_be_right_with_the_wrong_letters():
    """Issue 24: counting positions from 1 used to shave other letters worth the same. Now every
    other choice of letters of the play robs a different number of points."""
    play, letters, right = _palabra_12()
    asked = tuple(sorted(play.texto.upper().index(letter) for letter in letters))
    assert pl.afeitar(play, list(asked)).total == right
    for size in range(1, len(play.cartas) + 1):
        for where in itertools.combinations(range(len(play.cartas)), size):
            if where != asked:
                assert pl.afeitar(play, list(where)).total != right, (where, right)
    shifted = [i + 1 for i in asked]  # a student who counts positions from 1
    assert max(shifted) >= len(play.cartas) or pl.afeitar(play, shifted).total != right
