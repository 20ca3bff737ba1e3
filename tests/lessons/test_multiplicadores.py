"""kit.lessons.multiplicadores: the numbers lesson 06 (multiplicadores con Palabra) states, exactly.

Rule ids are those of ../shared/rules/RULES.md: PLB-03 word scoring (★★ × 2, ★★★ × 3, they
multiply; the colour lock × 2 again), PLB-04 straights, PLB-06 builds (only the new stars),
PLB-08 Palabra (+70, not multiplied), PLB-11 shaves, PLB-12 the cards left in hand count against.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from pathlib import Path

import nbformat
import pytest
from lesson_code import code_of, english

import kit.games.palabra
import kit.table
from kit.analysis import scoring as sa
from kit.games.palabra import Play, score
from kit.lessons import multiplicadores as mx


def plain(text: str) -> str:
    """Spanish format uses narrow and no-break spaces; compare with plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def test_the_deck_has_122_cards_16_two_star_and_10_three_star():
    assert len(sa.deck_cards()) == 122
    assert sa.star_cards() == {2: 16, 3: 10}


def test_the_three_star_letters_have_no_vowel_a_e_i_o_u_and_a_run_of_four():
    letras = mx.letras_tres_estrellas()
    assert letras == "B D G K L M M N P Y"
    assert not set(letras) & set("AEIOU")
    assert mx.racha_tres_estrellas() == "KLMN"


def test_PLB_03_dos_scores_48_with_the_colour_lock_in_spanish():
    dos = (mx.carta("D", "amarillo", 3), mx.carta("O", "amarillo"), mx.carta("S", "amarillo", 2))
    p = score(Play("word", dos))
    assert (p.sum, p.multiplier, p.total) == (4, 12, 48)
    assert mx.cuenta(p) == "(2 + 1 + 1) = 4 × 3 × 2 × 2 (bloqueo de color amarillo) = 48"
    assert "candado" not in mx.paso_a_paso(p)
    assert mx.paso_a_paso(p).splitlines()[-1] == "× 2 (bloqueo de color) → 48"


def test_PLB_03_the_order_never_changes_the_points():
    dos = (mx.carta("D", "amarillo", 3), mx.carta("O", "amarillo"), mx.carta("S", "amarillo", 2))
    tabla = mx.tabla_ordenes(dos)
    assert len(tabla) == 6
    assert set(tabla.column("puntos")) == {48}


def test_carta_refuses_a_card_the_deck_does_not_have():
    with pytest.raises(ValueError, match="No hay ninguna"):
        mx.carta("A", "rojo", 3)


def test_the_products_of_factors_are_36_up_to_3_to_the_7():
    productos = mx.productos()
    assert len(productos) == 36 and max(productos) == 3**7 == 2187
    assert mx.productos(2) == {1, 2, 3, 4, 6, 9}
    rejilla = mx.rejilla_productos()
    assert rejilla.column("7")[0] == 2187 and rejilla.column("7")[1] == ""


def test_PLB_03_PLB_04_a_legal_play_reaches_25_multipliers_at_most_243():
    legales = mx.multiplicadores_legales()
    assert len(legales) == 25
    assert max(legales) == 243 == 3**5
    assert legales[243] == mx.JugadaLegal(243, "escalera", "KLMNOP")
    assert legales[216].letras == "CUMPLIR"
    assert set(legales) <= mx.productos() | {2 * m for m in mx.productos()}
    assert sorted(mx.productos() - set(legales)) == [
        128, 192, 288, 324, 432, 486, 648, 729, 972, 1458, 2187,
    ]  # fmt: skip


def test_PLB_03_multipliers_of_one_word_respect_the_real_cards():
    # VEZ: V ★★ red, the red/blue Z and a red E lock; without the ★★ or the lock 1, 2 or 4
    assert mx.multiplicadores_de("VEZ") == {1, 2, 4}
    # KLMNOP: five ★★★ letters (one card each) and the O, never one colour
    assert max(mx.multiplicadores_de("KLMNOP")) == 243
    # MAMA: the two M ★★★ cards are both usable
    assert 9 in mx.multiplicadores_de("MAMA")


def test_PLB_06_a_build_multiplies_only_its_new_cards_up_to_1458():
    nuevas = (True,) * 3 + (False,) * 6 + (True,) * 4
    assert max(mx.multiplicadores_de("BCDEFGHIJKLMN", nuevas)) == 1458 == 2 * 3**6
    casa = (mx.carta("C", "amarillo", 2), mx.carta("A", "verde"), mx.carta("S", "azul"),
            mx.carta("A", "rojo"))  # fmt: skip
    casar = (*casa, mx.carta("R", "azul", 2))
    assert score(Play("build", casar, new=(False,) * 4 + (True,))).total == 14
    assert score(Play("word", casar)).total == 28


def test_PLB_12_seven_three_star_cards_left_in_hand_multiply_by_2187():
    tres = [c for c in sa.deck_cards() if c.stars == 3][:7]
    assert mx.penalizacion(tres).multiplicador == 2187


def test_each_colour_has_five_two_star_and_three_three_star_cards():
    tabla = mx.estrellas_por_color()
    assert tabla.column("★★") == [5, 5, 5, 5]
    assert tabla.column("★★★") == [3, 3, 3, 3]


def test_PLB_11_shaving_a_letter_of_dos_takes_its_value_times_12():
    dos = (mx.carta("D", "amarillo", 3), mx.carta("O", "amarillo"), mx.carta("S", "amarillo", 2))
    assert mx.tabla_afeitar(dos).column("vale al afeitarla") == [24, 12, 12]


def test_no_star_in_seven_cards_along_the_tree_and_by_counting_hands():
    texto, p = mx.sin_estrellas_una_a_una(7)
    assert texto.startswith("96/122 · 95/121") and texto.endswith("90/116")
    assert p == Fraction(comb(96, 7), comb(122, 7)) == Fraction(38202540, 214691147)
    assert 1 - p == sa.p_at_least_one_star()
    assert mx.sin_estrellas_una_a_una(1)[1] == Fraction(48, 61)


def test_the_simulations_are_seeded_and_near_the_exact_values():
    f = mx.simula_alguna_estrella(repartos=20_000, semilla=2026)
    assert f == mx.simula_alguna_estrella(repartos=20_000, semilla=2026)
    assert abs(f - sa.p_at_least_one_star()) < Fraction(1, 100)
    trios = mx.simula_bloqueo(cartas=3, repartos=20_000, semilla=7)
    assert abs(trios - sa.p_colour_locked(3)) < Fraction(1, 100)


def test_the_tables_of_star_counts_and_colour_locks_are_exact():
    estrellas = mx.tabla_estrellas()
    assert sum(estrellas.column("exacta")) == 1
    assert estrellas.column("exacta")[0] == Fraction(38202540, 214691147)
    bloqueo = mx.tabla_bloqueo()
    assert bloqueo.column("cartas") == [2, 3, 4, 5, 6, 7]
    assert bloqueo.column("P(bloqueo de color)")[1] == Fraction(7857, 59048)


def test_the_lesson_deal_seed_142_gives_vez_for_64_with_the_colour_lock():
    estado = mx.mano_de_la_leccion()
    mejor = mx.mejor_jugada(estado)
    assert mejor.letras == "VEZ" and mejor.puntos.total == 64
    assert mejor.puntos.bloqueo == 2 and mejor.puntos.multiplicador == 4
    assert mx.tabla_jugadas(estado, 2).column("puntos") == [64, 24]


def test_mean_and_median_are_exact_and_the_bands_count_every_hand():
    assert mx.media_y_mediana([0, 10, 20, 90]) == (Fraction(30), Fraction(15))
    assert mx.media_y_mediana([1, 2, 9]) == (Fraction(4), Fraction(2))
    tramos = mx.tabla_tramos([0, 5, 15, 30, 60, 100])
    assert tramos.column("manos") == ["1"] * 6


def test_numbers_are_written_the_spanish_way():
    assert plain(mx.lista({2187, 128, 1458})) == "128, 1458, 2187"
    assert mx.PREMIO_PALABRA == 70


def test_the_exercises_worked_by_hand_agree_with_the_engine():
    klmn = (mx.carta("K", "rojo", 3), mx.carta("L", "amarillo", 3), mx.carta("M", "rojo", 3),
            mx.carta("N", "rojo", 2))  # fmt: skip
    assert score(Play("straight", klmn)).multiplier == 3**3 * 2  # PLB-04, no shared colour
    dos_roja = (mx.carta("D", "amarillo", 3), mx.carta("O", "rojo"), mx.carta("S", "amarillo", 2))
    assert score(Play("word", dos_roja)).multiplier == 3 * 2  # PLB-03: no lock
    # exercise 8: values 5, 1, 1, 3 (the V ★★ and a colour lock or not: the share is 3/10)
    for v in (mx.carta("V", "rojo", 2), mx.carta("V", "azul")):
        palabra = (v, mx.carta("A", "verde"), mx.carta("E", "verde"), mx.carta("C", "verde"))
        p = score(Play("word", palabra))
        assert Fraction(sa.shave_value(Play("word", palabra), 3), p.total) == Fraction(3, 10)
    efgh = (mx.carta("E", "rojo"), mx.carta("F", "rojo"), mx.carta("G", "rojo", 3),
            mx.carta("H", "azul"))  # fmt: skip
    nuevas = (mx.carta("B", "verde", 3), mx.carta("C", "amarillo", 2), mx.carta("D", "amarillo", 3))
    ampliada = score(Play("build", (*nuevas, *efgh), new=(True,) * 3 + (False,) * 4))
    assert ampliada.multiplier == 3 * 2 * 3 and ampliada.lock == 1  # PLB-06: base G not counted


def test_the_three_star_cards_spell_no_word_of_the_class_dictionary_y_is_their_only_vowel():
    # issue 23: «no hay vocales ★★★» is false (Y★★★ exists, Y counts as a vowel, PLB-07);
    # the conclusion holds: no class word, and in the full list only two-letter ones
    letras = mx.letras_tres_estrellas().split()
    assert [x for x in letras if x in "AEIOUY"] == ["Y"]
    assert mx.palabras_de_tres_estrellas() == []
    assert all(len(w) <= 2 for w in mx.palabras_de_tres_estrellas(None))
    assert max(mx.multiplicadores_legales()) < 3**7


def test_colour_lock_gets_harder_with_more_cards():
    from kit.analysis import scoring as sa

    ps = [sa.p_colour_locked(k) for k in range(2, 8)]
    assert all(a > b for a, b in itertools.pairwise(ps))


def test_the_answers_state_the_computed_values():
    from fractions import Fraction

    from kit.analysis import scoring as sa
    from kit.lessons.respuestas import multiplicadores as r
    from kit.table import format_decimal, format_percent

    mejor = mx.mejor_jugada(mx.mano_de_la_leccion())
    media = r.media_mejor()
    assert media == mx.media_y_mediana(sa.expected_best_play(hands=400, seed=2026).scores)[0]
    uno = r.acertaste.texto(1)
    assert f"{mejor.letras}, vale {mejor.puntos.total} puntos" in uno
    assert format_decimal(Fraction(mejor.puntos.total) / media, 1) in uno
    assert format_decimal(media, 1) in uno and "(apartado 10)" in uno
    assert "**Por 6, no por 5:**" in r.acertaste.texto(2)
    p = sa.p_at_least_one_star()
    tres = r.acertaste.texto(3)
    assert format_percent(p, 1) in tres and format_percent(1 - p, 1) in tres
    assert p > Fraction(4, 5) and "4 de cada 5" in tres
    legales = mx.multiplicadores_legales()
    cuatro = r.acertaste.texto(4)
    assert max(legales) == 3**5 and "243 = 3⁵" in cuatro and legales[243].letras in cuatro
    assert max(mx.productos()) == 3**7 and "2187 = 3⁷" in cuatro


def test_the_answers_section_numbers_match_the_lesson():
    from pathlib import Path

    lesson = Path(__file__).resolve().parents[2] / "notebooks" / "06_multiplicadores.ipynb"
    headings = [
        c.source.splitlines()[0]
        for c in nbformat.read(lesson, 4).cells
        if c.source.startswith("## ")
    ]
    assert "## 10. ¿Cuántos puntos vale, de media, la mejor jugada?" in headings
    assert "## 3. Predice" in headings
    i = headings.index("## 12. Comprueba lo que sabes")
    assert any("bloqueo de color al azar" in h for h in headings[i:])  # moved to «Ampliación»
    assert all(h.startswith("## Ampliación") for h in headings[i + 1 :])


def test_every_legal_multiplier_is_one_of_the_products_so_25_of_36():
    # lesson 06 §6: «una palabra o escalera solo llega a 25 de ellos» (of the 36 products)
    legales, cuentas = set(mx.multiplicadores_legales()), mx.productos()
    assert legales <= cuentas and (len(legales), len(cuentas)) == (25, 36)
    assert len(cuentas - legales) == 11


def test_shaving_a_letter_by_name():
    dos = (mx.carta("D", "amarillo", 3), mx.carta("O", "amarillo"), mx.carta("S", "amarillo", 2))
    word = score(Play("word", dos))
    assert mx.afeitar_letra(dos, "D") == 2 * word.multiplier == word.total // 2
    assert mx.afeitar_letra(dos, "o") == 12
    with pytest.raises(ValueError, match="no tiene"):
        mx.afeitar_letra(dos, "A")


# -- the Spanish surface (issue 23, point 3) ---------------------------------------------------

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "06_multiplicadores.ipynb"


def test_lesson_06_types_only_the_spanish_names():
    from kit.games.palabra.cards import Card
    from kit.games.palabra.game import PalabraState
    from kit.games.palabra.scoring import Score
    from kit.prob import Dist

    code = code_of(LESSON)
    assert code["imports"] <= {
        "fractions",
        "math",
        "sympy",
        "kit.lessons",
        "kit.lessons.respuestas.multiplicadores",
    }
    assert not code["names"] & {"sa", "Play", "score", "PalabraTable", "format_count"}
    used = code["mx"]
    assert {"baraja", "cartas_de_estrellas", "puntos", "ampliar", "mano", "mesa"} <= used
    assert {"p_alguna_estrella", "p_bloqueo", "distribucion_estrellas"} <= used
    assert used <= set(mx.__all__), used - set(mx.__all__)
    kit_names = english(sa, kit.games.palabra, kit.table)
    assert not used & kit_names, used & kit_names
    others = set().union(*(v for k, v in code.items() if k not in ("imports", "names", "called")))
    engine = english(Score, Card, PalabraState, Dist, sa.BestPlayEstimate) - used
    assert not others & engine, others & engine
    assert {"multiplicador", "suma", "total", "media", "cartas", "puntos"} <= others
    assert code["called"] & {"predice", "acertaste"} == {"predice", "acertaste"}


def test_the_spanish_names_give_the_engines_numbers():
    assert mx.baraja() == list(sa.deck_cards()) and len(mx.baraja()) == 122
    assert mx.cartas_de_estrellas() == {2: 16, 3: 10}
    assert (
        mx.p_alguna_estrella(7)
        == sa.p_at_least_one_star(7)
        == 1 - Fraction(comb(96, 7), comb(122, 7))
    )
    assert mx.p_bloqueo(3) == sa.p_colour_locked(3) == Fraction(7857, 59048)
    assert mx.distribucion_estrellas(7).media() == Fraction(91, 61) == 7 * Fraction(26, 122)
    assert mx.simula_mejor_jugada(manos=20, semilla=5) == list(
        sa.expected_best_play(hands=20, seed=5).scores
    )
    estado = mx.mano_de_la_leccion()
    assert mx.mano(estado) == estado.hand_cards(estado.current_player())
    assert plain(mx.numero(66983637864)) == "66 983 637 864"
    assert mx.decimal(Fraction(1, 8), 3) == "0,125"
    assert plain(mx.porcentaje(Fraction(1, 8), 1)) == "12,5 %"


def test_PLB_03_PLB_06_the_points_of_a_play_read_in_spanish():
    dos = (mx.carta("D", "amarillo", 3), mx.carta("O", "amarillo"), mx.carta("S", "amarillo", 2))
    p = mx.puntos(dos)
    assert (p.suma, p.multiplicador, p.total, p.bloqueo, p.estrellas) == (4, 12, 48, 2, (3, 2))
    assert p.detalle == score(Play("word", dos)) and mx.cuenta(p) == mx.cuenta(p.detalle)
    casa = (mx.carta("C", "amarillo", 2), mx.carta("A", "verde"), mx.carta("S", "azul"),
            mx.carta("A", "rojo"))  # fmt: skip
    erre = mx.carta("R", "azul", 2)
    ampliada = mx.ampliar(casa, detras=[erre])
    assert ampliada.detalle == score(Play("build", (*casa, erre), new=(False,) * 4 + (True,)))
    assert (ampliada.total, mx.puntos((*casa, erre)).total) == (14, 28)
    delante = mx.ampliar(casa[1:], delante=[casa[0]])  # the C ★★ laid before ASA
    assert delante.multiplicador == 2 and delante.suma == 6
    with pytest.raises(ValueError, match="delante o detrás"):
        mx.ampliar(casa)
    klmn = (mx.carta("K", "rojo", 3), mx.carta("L", "amarillo", 3), mx.carta("M", "rojo", 3),
            mx.carta("N", "rojo", 2))  # fmt: skip
    assert mx.puntos(klmn, "escalera").multiplicador == 3**3 * 2  # PLB-04
    with pytest.raises(ValueError, match='"escalera"'):
        mx.puntos(klmn, "straight")


def test_the_card_table_in_spanish():
    pytest.importorskip("ipywidgets")
    from kit.widgets import PalabraTable

    assert isinstance(mx.mesa(mx.mano_de_la_leccion()), PalabraTable)
