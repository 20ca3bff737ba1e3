"""Multiple choice, «explica» answers, tiers and the registry kept one file per master."""

from __future__ import annotations

import collections
import contextlib
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import kit
from kit.analysis import interest
from kit.exercises import check, explica, load_registry, registry_entry, summary
from kit.exercises.checking import answer_form, form_is_right
from kit.exercises.regenerate import option_texts
from kit.exercises.registry import parse_registry, registry_header
from kit.games.palabra.scoring import LOCK_FACTOR
from kit.table import format_decimal, format_percent

WORK = 3  # a cheap stretch: these tests hash many answers


def _registry(*entries: str):
    return parse_registry(registry_header(WORK) + "\n".join(entries))


WHY = {
    "a": "Sumar 1/6 tres veces cuenta dos veces las tiradas con más de un 6.",
    "c": "12 × 10 % no es 120 %: cada interés se calcula sobre lo que ya hay.",
}
CHOICES = _registry(
    registry_entry(
        "prueba-1",
        "b",
        kind="choice",
        options=4,
        tier="básico",
        why_es=WHY,
        why_en={"a": "Adding 1/6 three times counts twice the rolls with more than one 6."},
        hint_es="Piensa en el suceso contrario.",
        hint_en="Think of the opposite event.",
        work=WORK,
    ),
    registry_entry("prueba-2", 7, tier="medio", hint_es="Suma.", hint_en="Add.", work=WORK),
    registry_entry("prueba-3", 3, tier="reto", hint_es="Cuenta.", hint_en="Count.", work=WORK),
)


def quiet(exercise_id, answer, registry=CHOICES):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        feedback = check(exercise_id, answer, registry=registry)
    return feedback, out.getvalue()


@pytest.mark.parametrize(
    "answer",
    [
        "b",
        "B",
        " b ",
        "b)",
        "(b)",
        "b.",
        "«b»",
        "la b",
        "opción b",
        "Opción (B)",
        "la respuesta es b",
    ],
)
def test_choice_every_way_of_writing_the_right_letter_is_right(answer):
    feedback, out = quiet("prueba-1", answer)
    assert feedback and out.startswith("✔")


def test_choice_a_wrong_option_is_told_what_it_misunderstands():
    feedback, out = quiet("prueba-1", "a")
    assert not feedback and WHY["a"] in out and out.startswith("✘")
    kit.set_language("en")
    try:
        _, out = quiet("prueba-1", "a")
        assert "counts twice" in out
        _, out = quiet("prueba-1", "c")  # no English text: the Spanish one
        assert WHY["c"] in out
    finally:
        kit.set_language("es")


def test_choice_a_wrong_option_without_explanation_gets_the_hint():
    feedback, out = quiet("prueba-1", "d")
    assert not feedback and "Piensa en el suceso contrario" in out


@pytest.mark.parametrize("answer", ["e", "z", 2, "ab", "opción b o c", None])
def test_choice_not_an_option_says_what_is_expected(answer):
    feedback, out = quiet("prueba-1", answer)
    assert not feedback and '"a", "b", "c" o "d"' in out


def test_choice_needs_its_options_and_whys_name_options():
    text = registry_entry("x-1", "a", kind="choice", options=3, hint_es="h", hint_en="h", work=1)
    with pytest.raises(ValueError, match="options"):
        parse_registry(registry_header(1) + text.replace("options = 3\n", ""))
    bad = registry_entry(
        "x-2", "a", kind="choice", options=2, why_es={"c": "?"}, hint_es="h", hint_en="h", work=1
    )
    with pytest.raises(ValueError, match="why must map option letters"):
        parse_registry(registry_header(1) + bad)


def test_a_tier_must_be_one_of_three():
    text = registry_entry("x-1", 1, tier="fácil", hint_es="h", hint_en="h", work=1)
    with pytest.raises(ValueError, match="tier"):
        parse_registry(registry_header(1) + text)


def test_summary_counts_each_tier():
    quiet("prueba-1", "b")
    quiet("prueba-2", 7)
    quiet("prueba-3", 4)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        feedback = summary("prueba", registry=CHOICES)
    assert not feedback
    assert "2 de 3 ✔" in out.getvalue()
    assert "Básico 1/1 · medio 1/1 · reto 0/1" in out.getvalue()
    assert "Te faltan: 3" in out.getvalue()


@pytest.mark.parametrize(
    ("text", "written"),
    [("Porque 7 sale más.", True), ("", False), ("   ", False), (..., False), (None, False)],
)
def test_explica_acknowledges_without_marking(text, written):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        feedback = explica(text)
    assert bool(feedback) is written
    assert out.getvalue().startswith("✎")
    assert ("Anotado" in out.getvalue()) is written


def test_the_kits_registry_is_one_file_per_master_and_an_id_in_two_files_is_refused(tmp_path):
    ids = load_registry()
    assert {key.rsplit("-", 1)[0] for key in ids} >= {"dados", "tablero", "interes"}
    one = registry_entry("dup-1", 1, hint_es="h", hint_en="h", work=1)
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text(registry_header(1) + one, encoding="utf-8")
    with pytest.raises(ValueError, match=r"dup-1 is in both a\.toml and b\.toml"):
        load_registry(tmp_path)
    (tmp_path / "b.toml").unlink()
    assert set(load_registry(tmp_path)) == {"dup-1"}


# -- the right option's position (issue 23, point 7) -----------------------------------------

MASTERS = sorted((Path(__file__).resolve().parents[1] / "exercises").glob("*.ipynb"))
_LETTER = re.compile(r'^respuesta_\w+ = "([a-h])"$', re.M)
_OPTION = re.compile(r"^([a-h])\) (.*?)[ \\]*$", re.M)
FEWEST, MOST = Fraction(15, 100), Fraction(40, 100)


def _cells(master: Path) -> list[dict]:
    return json.loads(master.read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def choice_items() -> dict[str, tuple[str, str, dict[str, str]]]:
    """Every multiple-choice exercise of the masters: id → (master, the right letter its
    solution cell writes, its options {letter: text} from the prompt above)."""
    registry = load_registry()
    items = {}
    for master in MASTERS:
        cells = _cells(master)
        for k, cell in enumerate(cells):
            called = re.search(r'check\("([\w-]+)"', _text(cell))
            if not called or registry[called.group(1)].kind != "choice":
                continue
            prompt = max(i for i in range(k) if cells[i]["cell_type"] == "markdown")
            (letter,) = _LETTER.findall(_text(cell))
            options = dict(_OPTION.findall(_text(cells[prompt])))
            items[called.group(1)] = (master.stem, letter, options)
    return items


def position_problems(letters: list[str], options: int = 4) -> list[str]:
    """What is wrong with where the right options sit: a letter holding more than 40 % or
    fewer than 15 % of the items."""
    counts = collections.Counter(letters)
    problems = []
    for letter in "abcdefgh"[:options]:
        share = Fraction(counts[letter], len(letters))
        if not FEWEST <= share <= MOST:
            problems.append(f"«{letter}» is right in {counts[letter]} of {len(letters)}")
    return problems


def test_the_position_rule_fails_on_a_tell():
    assert position_problems(list("b" * 9 + "c" * 8 + "d")) == [
        "«a» is right in 0 of 18",
        "«b» is right in 9 of 18",
        "«c» is right in 8 of 18",
        "«d» is right in 1 of 18",
    ]
    assert position_problems(list("abcd" * 4 + "ab")) == []


def test_right_options_are_spread_over_the_letters_and_are_the_registrys():
    items = choice_items()
    assert len(items) >= 12 and all(len(options) == 4 for _, _, options in items.values())
    registry = load_registry()
    for exercise_id, (_, letter, options) in items.items():
        assert registry[exercise_id].options == len(options) == 4
        form = answer_form(exercise_id, letter, registry=registry)
        assert form_is_right(exercise_id, form, registry=registry), (exercise_id, letter)
    assert position_problems([letter for _, letter, _ in items.values()]) == []
    for master in MASTERS:  # within one master the right letter is never the same throughout
        letters = [letter for stem, letter, _ in items.values() if stem == master.stem]
        assert len(letters) < 2 or len(set(letters)) > 1, (master.stem, letters)


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _fraction_of_36(p: Fraction) -> str:
    return f"{p * 36}/36"


def _distractor_numbers() -> dict[tuple[str, str], list[str]]:
    """The numbers the options of issue 23's rewritten items state, computed by the kit; keyed
    by (exercise, what the option says), so a reordering cannot detach them."""
    sums = kit.dice_sum()
    die = len(kit.die())
    year = Fraction(str(interest.effective_annual_rate(interest.MONTHLY_RATE))) + 1
    house, before, after = 100_000, 1_500, 5_500
    return {
        ("dados-3", "doble"): [_fraction_of_36(sums.P({11})), _fraction_of_36(sums.P({12}))],
        ("dados-3", "caras"): [f"{die * 2} caras"],
        ("tablero-12", "+"): [format_decimal(Fraction(house, before + after), 1)],
        ("tablero-12", "4000"): [format_decimal(Fraction(house, after - before), 0)],
        ("interes-5", "313"): [format_percent(year, 1), format_decimal(year, 3)],
        ("multiplicadores-4", "24"): [f"{3 * LOCK_FACTOR**3}:"],
    }


def test_the_rewritten_distractors_state_the_kits_numbers():
    items = choice_items()
    die, pairs = len(kit.die()), len(kit.two_dice())
    why = option_texts(Path(__file__).resolve().parents[1] / "exercises" / "porques.toml")[
        "dados-3"
    ]
    why = {letter: texts["es"] for letter, texts in why.items()}
    said = (f"{die} + {die} = {2 * die}", f"{die} · {die} = {pairs}")
    assert any(all(part in w for part in said) for w in why.values())
    for (exercise_id, marker), numbers in _distractor_numbers().items():
        options = items[exercise_id][2]
        (text,) = [_plain(o) for o in options.values() if marker in o]
        for number in numbers:
            assert _plain(number) in text, (exercise_id, number, text)
