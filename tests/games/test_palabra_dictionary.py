"""PLB-03 "spelling a word": the class dictionary (bundled Spanish and English, filters, files)."""

from __future__ import annotations

import pytest

from kit.games.palabra.dictionary import Dictionary, normalize


@pytest.fixture(scope="module")
def es():
    return Dictionary.bundled("es")


@pytest.fixture(scope="module")
def en():
    return Dictionary.bundled("en")


def test_plb_03_dictionary_words_in_and_non_words_out(es, en):
    assert "casa" in es and "CASA" in es and "gato" in es
    assert "xqzt" not in es and "casa" not in Dictionary(["perro"])
    assert "house" in en and "cat" in en and "xqzt" not in en
    assert len(es) > 50_000 and len(en) > 50_000


def test_plb_03_spanish_accents_are_stripped_and_words_with_n_tilde_left_out(es):
    assert normalize("canción") == "CANCION" and "canción" in es and "CANCION" in es
    assert normalize("pingüino") == "PINGUINO"
    assert normalize("año") is None and "año" not in es  # the deck has no Ñ: not spelt as ANO
    assert normalize("l'eau") is None and normalize("e-mail") is None
    assert all(set(w) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for w in es.words)


def test_plb_03_one_letter_is_not_a_word_by_default(es):
    assert "y" not in es and "a" not in es
    assert "Y" in Dictionary.bundled("es", common=50, min_length=1)


def test_plb_03_common_words_filter_keeps_the_most_frequent(es):
    common = Dictionary.bundled("es", common=3000)
    assert len(common) == 3000 and common.words < es.words
    assert "casa" in common and "que" in common
    rare = "ababillarse"
    assert rare in es and rare not in common
    with pytest.raises(ValueError, match="common"):
        Dictionary.bundled("es", common=0)


def test_plb_03_teachers_own_word_list(tmp_path):
    path = tmp_path / "clase.txt"
    path.write_text("# palabras de la clase\nCasa\nárbol  # con tilde\n\nniño\nsol\n", "utf-8")
    d = Dictionary.from_file(path)
    assert d.words == {"CASA", "ARBOL", "SOL"}  # niño has Ñ: left out
    assert "arbol" in d and "luna" not in d and d.name == "clase.txt"
    with pytest.raises(FileNotFoundError, match="no such word-list file"):
        Dictionary.from_file(tmp_path / "none.txt")


def test_plb_03_anagram_index(es):
    assert "COSA" in es.anagrams("saco") and "CASO" in es.anagrams("OCSA")
    assert all(sorted(w) == sorted("COSA") for w in es.anagrams("COSA"))


def test_plb_03_unknown_language_is_refused():
    with pytest.raises(ValueError, match="bundled dictionaries"):
        Dictionary.bundled("xx")
