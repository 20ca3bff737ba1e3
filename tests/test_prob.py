"""The exact probability core: the numbers the dice lesson states, and Dist's contract."""

from fractions import Fraction
from random import Random

import pytest

from kit.prob import Dist, Turn, dice_sum, die, is_double, turn_rolls, two_dice


def test_one_die_is_uniform_over_six_faces():
    d = die()
    assert list(d) == [1, 2, 3, 4, 5, 6]
    assert set(d.values()) == {Fraction(1, 6)}


def test_two_dice_have_36_equally_likely_ordered_pairs():
    d = two_dice()
    assert len(d) == 36
    assert d[(3, 4)] == d[(4, 3)] == Fraction(1, 36)


def test_two_dice_sums_form_the_triangle():
    sums = two_dice().map(sum)
    assert sums == dice_sum(2)
    assert [sums[s] * 36 for s in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def test_doubles_one_in_six():
    assert two_dice().P(is_double) == Fraction(1, 6)


def test_expected_sum_is_seven_and_variance_35_over_6():
    sums = dice_sum(2)
    assert sums.mean() == 7
    assert sums.variance() == Fraction(35, 6)


def test_prop_03_third_double_in_a_row_goes_to_jail_with_probability_1_over_216():
    """PROP-03: a third double in a row sends the player to the Cárcel."""
    turns = turn_rolls()
    assert turns.P(lambda t: t.jail) == Fraction(1, 216)
    assert sum(turns.values()) == 1


def test_prop_03_first_two_moves_stand_when_the_third_double_jails():
    """PROP-03: the effects of the first two moves stand; the jailing roll moves nobody."""
    jailed = Turn(((2, 2), (5, 5), (1, 1)))
    assert jailed.jail
    assert jailed.steps == 4 + 10
    assert not Turn(((2, 2), (5, 5), (1, 2))).jail
    assert Turn(((2, 2), (5, 5), (1, 2))).steps == 17


def test_prop_02_prop_03_turn_lengths():
    """PROP-02/03: a turn is one roll unless doubles; at most three rolls."""
    turns = turn_rolls()
    lengths = turns.map(lambda t: len(t.rolls))
    assert lengths == Dist({1: Fraction(5, 6), 2: Fraction(5, 36), 3: Fraction(1, 36)})


def test_expected_steps_of_a_turn_is_computed_from_the_rolls():
    # E[steps] by first-step analysis: a non-double moves 7 on average given non-double (7),
    # a double moves 7 on average given double (7), then rolls again; the third double moves 0.
    e1 = Fraction(5, 6) * 7 + Fraction(1, 6) * 7  # first roll always moves
    e2 = Fraction(1, 6) * 7  # second roll happens after a double
    e3 = Fraction(1, 36) * Fraction(5, 6) * 7  # third roll moves only if not a double
    assert turn_rolls().mean(lambda t: t.steps) == e1 + e2 + e3


def test_probability_of_event_as_predicate_or_collection():
    sums = dice_sum(2)
    assert sums.P({2, 12}) == Fraction(2, 36)
    assert sums.P(lambda s: s >= 10) == Fraction(6, 36)
    assert sums.P([]) == 0


def test_conditioning_on_doubles_makes_even_sums_uniform():
    given_double = two_dice().given(is_double).map(sum)
    assert given_double == Dist.uniform([2, 4, 6, 8, 10, 12])


def test_condition_on_impossible_event_is_refused():
    with pytest.raises(ValueError, match="probability 0"):
        die().given(lambda x: x > 6)


def test_repeat_gives_ordered_tuples():
    three = die(2).repeat(3)
    assert len(three) == 8
    assert three[(1, 2, 1)] == Fraction(1, 8)
    with pytest.raises(ValueError, match="whole number"):
        die().repeat(0)


def test_from_weights_is_count_over_total():
    deck = Dist.from_weights({"Suerte": 16, "Caja": 16, "nada": 8})
    assert deck["Suerte"] == Fraction(2, 5)
    with pytest.raises(ValueError, match="whole numbers"):
        Dist.from_weights({"a": -1, "b": 2})


@pytest.mark.parametrize(
    ("probabilities", "message"),
    [
        ({1: Fraction(1, 2)}, "add up to 1"),
        ({1: Fraction(3, 2), 2: Fraction(-1, 2)}, "negative"),
        ({1: 0.5, 2: 0.5}, "exact number"),
        ({1: True}, "exact number"),
        ({1: "half", 2: "1/2"}, "not a number"),
        ({}, "add up to 1"),
    ],
)
def test_invalid_distributions_get_a_plain_error(probabilities, message):
    with pytest.raises(ValueError, match=message):
        Dist(probabilities)


def test_text_fractions_are_accepted():
    assert Dist({"cara": "1/2", "cruz": "1/2"})["cara"] == Fraction(1, 2)


@pytest.mark.parametrize("sides", [0, -1, 2.5, "6", True])
def test_bad_die_is_refused(sides):
    with pytest.raises(ValueError, match="sides"):
        die(sides)


def test_sampling_repeats_with_the_same_seed_and_needs_a_random():
    d = dice_sum(2)
    assert d.samples(Random(7), 50) == d.samples(Random(7), 50)
    assert d.samples(Random(7), 50) != d.samples(Random(8), 50)
    with pytest.raises(TypeError, match=r"random\.Random"):
        d.sample(7)  # type: ignore[arg-type]


def test_sampling_matches_the_exact_distribution():
    """Law of large numbers: 60 000 rolls land within 4 standard errors of the exact shares."""
    d = dice_sum(2)
    n = 60_000
    draws = d.samples(Random(2026), n)
    for s, p in d.items():
        share = draws.count(s) / n
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(share - float(p)) < 4 * se, s


def test_sample_never_draws_an_outcome_of_probability_zero():
    d = Dist({"a": 1, "b": 0})
    assert set(d.samples(Random(1), 100)) == {"a"}


def test_conversions_to_pandas_and_sympy_are_exact():
    import sympy

    sums = dice_sum(2)
    series = sums.to_series()
    assert series[7] == Fraction(1, 6)
    assert sum(series) == 1
    assert sums.to_sympy()[7] == sympy.Rational(1, 6)


def test_repr_is_stable_and_readable():
    assert repr(die(2)) == "Dist({1: 1/2, 2: 1/2})"
    assert repr(Turn(((1, 1), (2, 2), (3, 3)))) == "Turn(1+1, 2+2, 3+3 → Cárcel)"


def test_a_distribution_shows_its_decimals_in_spanish_and_its_outcomes_unquoted():
    shown = Dist({"cara": Fraction(1, 6), "cruz": Fraction(5, 6)})._repr_html_()
    assert "<td>cara</td><td>1/6</td><td>0,1667</td>" in shown
    assert "'cara'" not in shown and "0.1667" not in shown
    assert "<td>12</td><td>1/36</td><td>0,0278</td>" in dice_sum(2)._repr_html_()


def test_the_spanish_names_students_type_are_the_same_sums():
    sumas = dice_sum(2)
    assert sumas.valor_esperado() == sumas.media() == sumas.expectation() == 7
    assert sumas.varianza() == sumas.variance() == Fraction(35, 6)
