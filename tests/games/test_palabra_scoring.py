"""PLB-03..08, PLB-11, PLB-12: scoring with its breakdown (the multipliers lesson)."""

from __future__ import annotations

import pytest
from test_palabra_helpers import game, ids

from kit.games.palabra.scoring import (
    Play,
    Score,
    hand_penalty,
    is_straight,
    score,
    score_shave,
)


@pytest.fixture(scope="module")
def g():
    return game()


def cards(g, *specs):
    return tuple(g.cards[i] for i in ids(g, specs))


def test_plb_03_word_is_the_sum_of_the_values(g):
    s = score(Play("word", cards(g, "C red/blue", "A red", "T green")))
    assert (s.values, s.sum, s.stars, s.lock, s.bonus, s.total) == ((3, 1, 1), 5, (), 1, 0, 5)
    assert s.explain() == "(3 + 1 + 1) = 5"


def test_plb_03_star_cards_multiply_each_other_2x3_is_6(g):
    # a two-star C and a three-star D in one word: ×2 and ×3 = ×6 (rulebook example)
    s = score(Play("word", cards(g, "C yellow 2", "A red", "D yellow 3")))
    assert s.stars == (2, 3) and s.lock == 1 and s.multiplier == 6
    assert s.total == (3 + 1 + 2) * 6 == 36


def test_plb_03_two_triple_star_cards_multiply_3x3_is_9(g):
    s = score(Play("word", cards(g, "D yellow 3", "A red", "M red 3")))
    assert s.stars == (3, 3) and s.total == (2 + 1 + 3) * 9


def test_plb_03_colour_lock_doubles_again(g):
    plain = score(Play("word", cards(g, "C yellow 2", "A yellow", "D yellow 3")))
    assert plain.lock == 2 and plain.colour == "yellow"
    assert plain.total == (3 + 1 + 2) * 2 * 3 * 2 == 72
    assert plain.explain() == "(3 + 1 + 2) = 6 × 2 × 3 × 2 (colour lock: yellow) = 72"


def test_plb_03_multicoloured_card_joins_either_colour_lock(g):
    red = score(Play("word", cards(g, "T red/blue", "A red")))
    blue = score(Play("word", cards(g, "T red/blue", "A blue")))
    assert red.lock == blue.lock == 2 and red.colour == "red" and blue.colour == "blue"
    only_rb = score(Play("word", cards(g, "T red/blue", "C red/blue")))
    assert only_rb.colour == "red/blue" and only_rb.lock == 2  # still ×2, not ×4


def test_plb_13_wild_and_vowel_cards_score_zero_and_fit_any_colour(g):
    s = score(Play("word", cards(g, "wild", "A red"), "MA"))
    assert s.values == (0, 1) and s.lock == 2 and s.total == 2
    v = score(Play("word", cards(g, "vowel", "S green"), "ES"))
    assert v.values == (0, 1) and v.total == 2


def test_plb_04_straight_wraps_from_z_to_a_and_scores_as_a_word(g):
    assert is_straight("ABC") and is_straight("PQRS") and is_straight("XYZABC")
    assert not is_straight("AB") and not is_straight("ACB") and not is_straight("CBA")
    assert not is_straight("ABCDEFGHIJKLMNOPQRSTUVWXYZA")  # 27 letters: A twice
    cs = cards(g, "X green/yellow", "Y green 2", "Z green/yellow", "A green")
    s = score(Play("straight", cs))
    assert s.total == (8 + 4 + 10 + 1) * 2 * 2  # ×2 star, ×2 green lock


def test_plb_05_flush_is_the_sum_only(g):
    cs = cards(g, "C yellow 2", "D yellow 3", "A yellow", "B yellow", "E yellow")
    s = score(Play("flush", cs))
    assert s.total == 3 + 2 + 1 + 4 + 1 and s.stars == () and s.lock == 1


def test_plb_06_build_scores_all_points_but_only_the_new_stars(g):
    # base "TO" with a three-star ... no: base T O (plain) + new S (two stars) + P, S
    base = cards(g, "T green", "O green")
    new_before = cards(g, "S yellow 2")
    new_after = cards(g, "P red", "S red")
    whole = new_before + base + new_after
    flags = (True, False, False, True, True)
    s = score(Play("build", whole, "STOPS", flags))
    assert s.values == (1, 1, 1, 2, 1) and s.stars == (2,) and s.lock == 1
    assert s.total == 6 * 2


def test_plb_06_build_base_stars_do_not_count_again(g):
    base = cards(g, "D yellow 3", "E yellow")  # the base's ×3 was scored by its owner
    whole = (*base, *cards(g, "S yellow 2"))
    s = score(Play("build", whole, "DES", (False, False, True)))
    assert s.stars == (2,) and s.lock == 2 and s.total == (2 + 1 + 1) * 2 * 2


def test_plb_07_six_vowels_20_seven_vowels_40_y_counts(g):
    six = cards(g, "A red", "E red", "I red", "O red", "U red", "Y red")
    assert score(Play("vowels", six)).total == 20
    seven = (*six, *cards(g, "A blue"))
    s = score(Play("vowels", seven))
    assert s.total == 40 and s.explain() == "7 vowels = 40"


def test_plb_08_palabra_is_a_word_plus_70(g):
    cs = cards(g, "P red", "A red", "L green", "A green", "B blue", "R blue 2", "A blue")
    s = score(Play("palabra", cs))
    assert s.bonus == 70 and s.total == (2 + 1 + 2 + 1 + 4 + 1 + 1) * 2 + 70
    assert s.explain().endswith("+ 70 (Palabra) = 94")


def test_plb_11_shave_is_value_times_the_plays_multipliers():
    # rulebook example: CAT shaved with C and A: minus 4 / plus 4; ×2 or ×3 with multipliers
    assert score_shave([3, 1], (), 1).total == 4
    assert score_shave([3, 1], (), 2).total == 8
    assert score_shave([3, 1], (3,), 1).total == 12
    assert score_shave([3, 1], (2, 3), 2).total == 48


def explained(g):
    """The explanations of a locked word, a two-colour lock, a Palabra, seven vowels, a joker
    and a locked shave (which knows no colour)."""
    locked = score(Play("word", cards(g, "C yellow 2", "A yellow", "D yellow 3")))
    two = score(Play("word", cards(g, "T red/blue", "C red/blue")))
    cs = cards(g, "P red", "A red", "L green", "A green", "B blue", "R blue 2", "A blue")
    palabra = score(Play("palabra", cs))
    six = cards(g, "A red", "E red", "I red", "O red", "U red", "Y red", "A blue")
    vowels = score(Play("vowels", six))
    joker = Score("joker", (), 12, (), 1, 0, 12)
    shave = score_shave([3, 1], (2,), 2)
    return [x.explain() for x in (locked, two, palabra, vowels, joker, shave)]


def test_plb_03_explain_speaks_spanish_by_default(g, spanish):
    """Score.explain reads the message catalogue: «bloqueo de color», the colours' names."""
    assert explained(g) == [
        "(3 + 1 + 2) = 6 × 2 × 3 × 2 (bloqueo de color: amarillo) = 72",
        "(1 + 3) = 4 × 2 (bloqueo de color: rojo/azul) = 8",
        "(2 + 1 + 2 + 1 + 4 + 1 + 1) = 12 × 2 + 70 (Palabra) = 94",
        "7 vocales = 40",
        "anula una jugada de 12 puntos de su dueño",
        "(3 + 1) = 4 × 2 × 2 (bloqueo de color) = 16",
    ]


def test_plb_03_explain_speaks_english_when_asked(g):
    """The engine tests run in English (conftest): the same explanations, in English."""
    assert explained(g) == [
        "(3 + 1 + 2) = 6 × 2 × 3 × 2 (colour lock: yellow) = 72",
        "(1 + 3) = 4 × 2 (colour lock: red/blue) = 8",
        "(2 + 1 + 2 + 1 + 4 + 1 + 1) = 12 × 2 + 70 (Palabra) = 94",
        "7 vowels = 40",
        "cancels a play worth 12 points to its owner",
        "(3 + 1) = 4 × 2 × 2 (colour lock) = 16",
    ]


def test_plb_12_hand_left_counts_as_a_word(g):
    cs = cards(g, "Q red/blue", "K red/blue 3")
    s = hand_penalty(cs)
    assert s.total == (10 + 6) * 3 * 2
    assert hand_penalty(()).total == 0
