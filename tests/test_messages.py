"""The message catalogue: every text in both languages, with the same blanks to fill in."""

from string import Formatter

import pytest

from kit import messages
from kit.messages import CATALOGUE, set_language, t


def _blanks(text: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(text) if field}


def test_both_languages_have_the_same_keys():
    assert set(CATALOGUE["es"]) == set(CATALOGUE["en"])


@pytest.mark.parametrize("key", sorted(CATALOGUE["es"]))
def test_a_translation_fills_in_the_same_values(key):
    assert _blanks(CATALOGUE["es"][key]) == _blanks(CATALOGUE["en"][key]), key


def test_switching_language_switches_every_text():
    try:
        set_language("en")
        assert t("dice.reset") == "Reset"
        set_language("es")
        assert t("dice.reset") == "Reiniciar"
    finally:
        set_language("es")


def test_an_unknown_language_is_refused_and_changes_nothing():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        set_language("fr")
    assert messages.language() == "es"


def test_an_entry_without_both_languages_is_named(tmp_path, monkeypatch):
    (tmp_path / "demo.toml").write_text('[hello]\nes = "Hola"\n', encoding="utf-8")
    monkeypatch.setattr(messages, "FOLDER", tmp_path)
    with pytest.raises(ValueError, match=r"demo.toml: \[hello\] needs exactly the keys"):
        messages._load()  # the loader itself, not the cached catalogue
