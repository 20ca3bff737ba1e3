"""Multiple choice, «explica» answers, tiers and the registry kept one file per master."""

from __future__ import annotations

import contextlib
import io

import pytest

import kit
from kit.exercises import check, explica, load_registry, registry_entry, summary
from kit.exercises.registry import parse_registry, registry_header

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


@pytest.mark.parametrize("answer", ["b", "B", " b ", "b)", "(b)", "b.", "«b»"])
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


@pytest.mark.parametrize("answer", ["e", "z", 2, "ab", "opción b", None])
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
    with pytest.raises(ValueError, match="why_es"):
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
