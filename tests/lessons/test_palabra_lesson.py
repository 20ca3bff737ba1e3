"""kit.lessons.palabra: the cards, plays and tables of lesson 05, against scores worked by hand
(PLB-03 words, PLB-05 flush, PLB-06 build, PLB-07 vowels, PLB-08 Palabra, PLB-11 shave)."""

from __future__ import annotations

import pytest

import kit
from kit.games.palabra import Dictionary
from kit.lessons import palabra as pl


@pytest.fixture(autouse=True)
def spanish():
    kit.set_language("es")
    yield
    kit.set_language("es")


def test_cards_are_named_as_a_student_reads_them_each_a_different_copy():
    c, a1, s, a2 = pl.cartas("C★★ amarillo", "A amarillo", "S★★ amarilla", "A amarillo")
    assert (c.letter, c.value, c.stars, c.colours) == ("C", 3, 2, frozenset({"yellow"}))
    assert (s.letter, s.stars) == ("S", 2)
    assert a1.id != a2.id and a1.label == a2.label == "A1"
    (z,) = pl.cartas("Z rojo/azul")
    assert z.colours == frozenset({"red", "blue"}) and z.value == 10
    assert pl.cartas("K*** rojo/azul")[0].stars == 3  # ASCII stars are read too


def test_cards_the_deck_lacks_are_refused_in_plain_words():
    with pytest.raises(ValueError, match="no tiene"):
        pl.cartas("R verde")  # FACTS.md: no plain green R in the deck
    with pytest.raises(ValueError, match="no tiene"):
        pl.cartas("A amarillo", "A amarillo", "A amarillo")  # two copies only
    with pytest.raises(ValueError, match="color"):
        pl.cartas("A morado")
    with pytest.raises(ValueError, match="carta"):
        pl.cartas("★★ rojo")


def test_plb03_casa_doubles_per_two_star_card_and_again_for_the_lock():
    casa = pl.palabra("C★★ amarillo", "A amarillo", "S★★ amarillo", "A amarillo")
    assert casa.total == (3 + 1 + 1 + 1) * 2 * 2 * 2 == 48
    assert casa.multiplicador == 8
    assert casa.texto == "CASA"
    verde = pl.palabra("C★★ amarillo", "A amarillo", "S★★ amarillo", "A verde")
    assert verde.total == 24 and verde.puntos.lock == 1
    lines = repr(casa).splitlines()
    assert lines[0] == "CASA (palabra):" and lines[-1].endswith("= 48")
    assert "bloqueo de color" in lines[-1]


def test_plb03_two_and_three_stars_multiply_to_six_not_five():
    pera = pl.palabra("P★★★ azul", "E rojo", "R★★ azul", "A verde")
    assert pera.puntos.sum == 5 and pera.multiplicador == 6
    assert pera.total == 30 != pera.puntos.sum * (2 + 3)


def test_the_order_of_the_factors_changes_the_steps_not_the_total():
    table = pl.en_orden(6, [2, 3, 2])
    assert len(table) == 3  # the distinct orders of 2, 3, 2
    assert set(table.column("total")) == {72}
    assert table.row(0)["en este orden"] == "6 × 2 = 12 × 3 = 36 × 2 = 72"
    assert len(pl.en_orden(6, [2, 2, 2])) == 1


def test_plb06_a_build_multiplies_only_the_new_star_cards():
    pera = pl.palabra("P★★★ azul", "E rojo", "R★★ azul", "A verde")
    peras = pl.ampliar(pera.cartas, despues=pl.cartas("S★★ amarillo"))
    assert peras.total == (2 + 1 + 1 + 1 + 1) * 2 == 12
    assert peras.texto == "PERAS" and peras.puntos.kind == "build"
    sol = pl.cartas("S★★ amarillo", "O amarillo", "L★★★ amarillo")
    assert pl.jugada(sol).total == 4 * 2 * 3 * 2 == 48
    solo = pl.ampliar(sol, despues=pl.cartas("O amarillo"))
    assert solo.total == 5 * 2 == 10  # no new stars; the whole is still yellow: the lock
    mares = pl.ampliar(
        pl.cartas("M★★★ rojo", "A azul", "R verde/amarillo"),
        despues=pl.cartas("E rojo", "S★★ amarillo"),
    )
    assert mares.total == 7 * 2 == 14
    before = pl.ampliar(pl.cartas("A azul", "R rojo"), antes=pl.cartas("M★★★ rojo"))
    assert before.texto == "MAR" and before.total == 5 * 3


def test_plb07_vowels_score_fixed_points_whatever_their_stars():
    six = pl.vocales("A rojo", "E azul", "I verde", "O amarillo", "U★★ azul", "Y★★★ azul")
    assert six.total == 20
    seven = pl.vocales(
        "A rojo", "E azul", "I verde", "O amarillo", "U★★ azul", "Y★★★ azul", "E rojo"
    )
    assert seven.total == 40


def test_plb05_a_flush_scores_the_sum_only():
    amarillas = pl.cartas("H★★ amarillo", "D★★★ amarillo", "G amarillo", "B amarillo", "Y amarillo")
    assert pl.jugada(amarillas, "flush").total == 4 + 2 + 5 + 4 + 4 == 19


def test_plb08_the_palabra_bonus_is_added_after_the_multipliers():
    siete = pl.cartas("P rojo", "A azul", "L verde", "O rojo", "M★★★ rojo", "A verde", "S verde")
    assert pl.jugada(siete, "palabra").total == 11 * 3 + 70 == 103
    maletas = pl.cartas(
        "M azul", "A rojo", "L verde", "E verde", "T amarillo", "A azul", "S★★ amarillo"
    )
    assert pl.jugada(maletas, "palabra").total == 10 * 2 + 70 == 90


def test_plb11_a_shave_takes_the_letters_times_the_whole_plays_multipliers():
    pera = pl.palabra("P★★★ azul", "E rojo", "R★★ azul", "A verde")
    assert pl.afeitar(pera, [1]).total == 1 * 3 * 2 == 6
    mora = pl.palabra("M★★★ rojo", "O rojo", "R rojo", "A rojo")
    assert mora.total == 36
    assert pl.afeitar(mora, [1, 3]).total == (1 + 1) * 3 * 2 == 12
    duna = pl.palabra("D★★ rojo/azul", "U rojo", "N verde", "A amarillo")
    assert pl.afeitar(duna, [0]).total == 2 * 2 == 4
    with pytest.raises(ValueError, match="posiciones"):
        pl.afeitar(duna, [4])


def test_the_rule_table_reads_the_engines_numbers():
    numbers = dict(zip(pl.reglas().column("jugada"), pl.reglas().column("número"), strict=True))
    assert numbers["Seis vocales"] == "20 puntos" and numbers["Siete vocales"] == "40 puntos"
    assert numbers["¡Palabra! (las 7 cartas de la mano)"] == "+ 70 puntos"
    assert numbers["Bloqueo de color (todas las cartas de un color)"] == "× 2"


def test_bots_have_their_spanish_titles():
    assert pl.titulo_bot("greedy") == "Ambiciosa"
    assert pl.titulo_bot("beginner") == "Principiante"


def test_the_best_first_play_of_the_class_game_is_the_guides():
    """Lesson 05's «¿Acertaste?» (docs/guia/05_palabra.md): Ana, Luis and an Ambiciosa, seed
    2026, 3 000 common words: the cut makes Luis start (PLB-01), and his best play is six
    vowels."""
    state = pl.primera_mano(["Ana", "Luis"], ["greedy"], 2026, "es", 3000)
    assert state.cur == 1 and state.scores == [0, 0, 0]
    best = pl.mejor_jugada(state)
    assert best is not None and best.puntos.kind == "vowels"
    assert best.texto == "IOAEIA" and best.total == 20
    assert best.titulo == "IOAEIA (vocales)"
    assert "<svg" in best._repr_html_() and "IOAEIA" in best._repr_html_()
    assert len(pl.mano(state).cartas) == 7


def test_the_dictionary_table_says_yes_or_no():
    words = Dictionary.bundled("es", common=3000)
    table = pl.en_diccionario(words, ["casa", "canción", "xyz"])
    assert table.column("¿vale?") == ["sí", "sí", "no"]


def test_plb11_shaving_names_the_letters_as_a_student_reads_them():
    pera = pl.palabra("P★★★ azul", "E rojo", "R★★ azul", "A verde")
    assert pl.afeitar(pera, "E").total == pl.afeitar(pera, [1]).total == 1 * 3 * 2
    assert pl.afeitar(pera, "ea").total == (1 + 1) * 6
    casa = pl.palabra("C★★ amarillo", "A amarillo", "S★★ amarillo", "A amarillo")
    assert pl.afeitar(casa, "AA").total == 2 * casa.multiplicador
    with pytest.raises(ValueError, match="no tiene"):
        pl.afeitar(pera, "EE")
    with pytest.raises(ValueError, match="letras"):
        pl.afeitar(pera, "")


def test_the_rules_table_is_in_section_4_as_the_turn_says():
    from pathlib import Path

    import nbformat

    lesson = Path(__file__).resolve().parents[2] / "notebooks" / "05_palabra.ipynb"
    cells = nbformat.read(lesson, as_version=4).cells
    [turno] = [c.source for c in cells if "### Cómo es un turno" in c.source]
    [reglas] = [k for k, c in enumerate(cells) if c.source.strip() == "pl.reglas()"]
    heading = next(c.source for c in reversed(cells[:reglas]) if c.source.startswith("## "))
    assert heading.startswith("## 4.") and "tabla de la sección 4" in " ".join(turno.split())


def test_the_answers_state_the_engines_scores():
    from kit.lessons.respuestas import palabra as r

    casa, verde, pera = r.casa(), r.casa_verde(), r.pera()
    uno, dos = r.acertaste.texto(1), r.acertaste.texto(2)
    assert f"{casa.total} puntos" in uno and f"= {casa.total}" in uno and casa.total == 48
    assert f"{verde.total} puntos" in dos and "la mitad" in dos and 2 * verde.total == casa.total
    tres = r.acertaste.texto(3)
    assert f"{pera.total} puntos" in tres and f"saldrían {pera.puntos.sum * 5}" in tres
    assert "por 6, no por 5" in tres and pera.multiplicador == 6
    mejor = r.mejor_primera()
    cuatro = r.acertaste.texto(4)
    assert f"{mejor.titulo}, {mejor.total} puntos" in cuatro
    if mejor.puntos.kind == "vowels":
        assert "PLB-07" in cuatro


def test_the_class_table_is_saved_and_comes_back_where_it_was(tmp_path):
    """Lesson 05 opens the class game with one Spanish call; a restarted kernel resumes it."""
    archivo = str(tmp_path / "partida_palabra.json")
    mesa = pl.mesa_de_la_clase(["Ana"], ["Ambiciosa"], semilla=7, archivo=archivo)
    assert (
        mesa.session.seat_bots == [None, "greedy"] and (tmp_path / "partida_palabra.json").exists()
    )
    otra = pl.mesa_de_la_clase(["Ana"], ["Ambiciosa"], semilla=7, archivo=archivo)
    assert otra.session.state.to_json() == mesa.session.state.to_json()
    assert len(pl.diccionario("es", 3000)) == 3000 == len(Dictionary.bundled("es", common=3000))


def test_the_plays_have_their_spanish_names():
    amarillas = pl.cartas("H★★ amarillo", "D★★★ amarillo", "G amarillo", "B amarillo", "Y amarillo")
    assert pl.jugada(amarillas, "color").total == pl.jugada(amarillas, "flush").total == 19
    assert pl.titulo_bot("Ambiciosa") == pl.titulo_bot("greedy") == "Ambiciosa"
