"""kit.analysis.scoring: Palabra's multipliers, star cards and colour locks, exactly, checked
against direct counts, against the engine's score() and against seeded simulation."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path
from random import Random

import pytest

from kit.analysis import scoring as sa
from kit.games.palabra.cards import common_colours
from kit.games.palabra.load import build_cards, load_deck
from kit.games.palabra.scoring import Play, score, score_shave
from kit.messages import set_language

ROOT = Path(__file__).resolve().parents[1]
CARDS = build_cards(load_deck())  # an independent copy of the real deck (one deck)


def card(label: str, *colours: str):
    """The first card of the real deck with this label ('C3**', 'wild', …) and these colours."""
    for c in CARDS:
        if c.label == label and (not colours or c.colours == frozenset(colours)):
            return c
    raise LookupError(label)


# ----------------------------------------------------------------------------- the deck (PLB-13)
def test_PLB_13_the_real_deck_has_122_cards_26_of_them_star_cards():
    assert len(sa.deck_cards()) == len(CARDS) == 122
    assert sa.star_cards() == {2: 16, 3: 10}
    kinds = Counter(c.kind for c in CARDS if not c.stars)
    assert kinds == {"letter": 89, "wild": 3, "joker": 2, "vowel": 2}  # the non-star cards
    assert sa.star_cards(n_decks=2) == {2: 32, 3: 20}


# --------------------------------------------------------------------- star cards in a hand
def test_star_count_distribution_is_exact_and_sums_to_one():
    d = sa.star_count_distribution()
    assert sum(d.values()) == 1
    assert set(d) == set(range(8))
    assert all(isinstance(p, Fraction) for p in d.values())
    # hypergeometric mean: h · S / N
    assert d.expectation() == Fraction(7 * 26, 122)


@pytest.mark.parametrize("h", [1, 2, 3])
def test_star_count_distribution_matches_a_direct_count_of_every_hand(h):
    counts = Counter(sum(1 for c in hand if c.stars) for hand in combinations(CARDS, h))
    total = sum(counts.values())
    assert total == math.comb(122, h)
    expected = {k: Fraction(n, total) for k, n in counts.items()}
    assert dict(sa.star_count_distribution(h)) == expected


def test_PLB_13_p_at_least_one_star_counts_specials_as_non_star_cards():
    non_star = sum(1 for c in CARDS if c.stars == 0)  # letters without stars, wild, joker, vowel
    assert non_star == 96
    expected = 1 - Fraction(math.comb(non_star, 7), math.comb(len(CARDS), 7))
    p = sa.p_at_least_one_star()
    assert p == expected == Fraction(176488607, 214691147)
    assert p == 1 - sa.star_count_distribution()[0]
    assert 0.82 < p < 0.823
    assert sa.p_at_least_one_star(0) == 0
    assert sa.p_at_least_one_star(1) == Fraction(26, 122)


# --------------------------------------------------------------------------- multipliers
def test_PLB_03_possible_multipliers_include_star_products_and_colour_locked_doubles():
    m = sa.possible_multipliers()
    assert {1, 2, 3, 4, 6, 9, 12} <= m
    assert {2 * x for x in (1, 2, 3, 4, 6, 9)} <= m  # the colour lock doubles them (PLB-03)
    assert all(x == 2 ** _power(x, 2) * 3 ** _power(x, 3) for x in m)
    assert max(m) == 3**7  # seven three-star cards: the deck has ten
    assert sa.possible_multipliers(0) == {1, 2}  # no stars; the lock alone
    assert sa.possible_multipliers(1) == {1, 2, 3, 4, 6}
    assert sa.possible_multipliers(2) == {1, 2, 3, 4, 6, 9, 8, 12, 18}
    with pytest.raises(ValueError):
        sa.possible_multipliers(-1)


def _power(x: int, p: int) -> int:
    k = 0
    while x % p == 0:
        x //= p
        k += 1
    return k


def test_PLB_03_possible_multipliers_respect_the_deck_counts_and_colours():
    # 2^7 needs seven two-star cards (the deck has 16); 2^8 would need eight, or seven locked
    m = sa.possible_multipliers()
    assert 2**7 in m and 2**8 not in m
    # with k + 1 cards allowed, 2^(k+2) needs k + 1 two-star cards of ONE colour (locked):
    # no colour has more than k = most
    most = max(
        sum(1 for c in CARDS if c.stars == 2 and col in c.colours)
        for col in ("red", "blue", "green", "yellow")
    )
    assert most == 5  # yellow: C H S and the green/yellow K W
    assert 2 ** (most + 1) in sa.possible_multipliers(most + 1)
    assert 2 ** (most + 2) not in sa.possible_multipliers(most + 1)
    assert 2 ** (most + 1) in sa.possible_multipliers(most)  # five yellow ×2 cards, locked


def test_PLB_03_star_factors_multiply_in_any_order():
    cards = [card("C3**", "yellow"), card("D2***", "yellow"), card("L2***", "yellow")]
    seen = {sa.multiplier_breakdown(p).multiplier for p in permutations(cards)}
    assert seen == {2 * 3 * 3 * 2}  # ×2 ×3 ×3, and the yellow lock ×2


def test_PLB_03_breakdown_agrees_with_the_engine_score():
    rng = Random(3)
    for _ in range(300):
        hand = rng.sample(CARDS, rng.randint(1, 7))
        b = sa.multiplier_breakdown(hand)
        s = score(Play("word", tuple(hand)))
        assert b.score == s
        assert (b.stars, b.lock, b.multiplier) == (s.stars, s.lock, s.multiplier)
        assert b.multiplier == math.prod(c.factor for c in hand) * s.lock
        assert s.total == s.sum * b.multiplier


def test_PLB_03_breakdown_explains_stars_and_lock():
    b = sa.multiplier_breakdown([card("C3**", "yellow"), card("D2***", "yellow")])
    assert (b.stars, b.lock, b.multiplier) == ((2, 3), 2, 12)
    assert b.explain() == "2 × 3 × 2 (bloqueo de color) = 12"  # the class language, Spanish
    set_language("en")
    try:
        assert b.explain() == "2 × 3 × 2 (colour lock) = 12"
    finally:
        set_language("es")
    mixed = sa.multiplier_breakdown([card("C3**", "yellow"), card("P2***", "blue")])
    assert (mixed.lock, mixed.multiplier, mixed.explain()) == (1, 6, "2 × 3 = 6")
    assert sa.multiplier_breakdown([card("joker")]).explain() == "1"


def test_PLB_06_a_build_multiplies_only_the_new_stars():
    cards = [card("C3**", "yellow"), card("D2***", "yellow"), card("H4**", "yellow")]
    b = sa.multiplier_breakdown(cards, new=[False, False, True])
    assert b.stars == (2,) and b.lock == 2 and b.multiplier == 4
    s = score(Play("build", tuple(cards), new=(False, False, True)))
    assert b.score == s and s.total == (3 + 2 + 4) * 4


# ----------------------------------------------------------------------- colour lock (PLB-03)
@pytest.mark.parametrize("k", [1, 2])
def test_PLB_03_colour_lock_matches_a_direct_count(k):
    hands = list(combinations(CARDS, k))
    locked = sum(1 for h in hands if common_colours(h))
    assert sa.p_colour_locked(k) == Fraction(locked, len(hands))


def test_PLB_13_jokers_never_lock_and_wild_or_vowel_cards_lock_with_anything():
    assert sa.p_colour_locked(1) == Fraction(120, 122)  # every card but the two jokers
    assert common_colours([card("wild"), card("vowel"), card("C3**", "yellow")]) == {"yellow"}
    assert not common_colours([card("joker")])


@pytest.mark.parametrize("k", [3, 4, 5])
def test_PLB_03_colour_lock_exact_agrees_with_a_seeded_simulation(k):
    p = float(sa.p_colour_locked(k))
    rng = Random(20261129 + k)
    n = 20_000
    hits = sum(1 for _ in range(n) if common_colours(rng.sample(CARDS, k)))
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) < 4 * se


def test_PLB_03_colour_lock_headline_numbers():
    assert sa.p_colour_locked(3) == Fraction(7857, 59048)
    assert sa.p_colour_locked(4) == Fraction(378379, 8783390)
    assert sa.p_colour_locked(5) == Fraction(2794615, 207288004)
    values = [sa.p_colour_locked(k) for k in range(1, 8)]
    assert values == sorted(values, reverse=True)  # longer words lock less often
    for bad in (0, 123, True, 2.5):
        with pytest.raises(ValueError):
            sa.p_colour_locked(bad)


# ---------------------------------------------------------------------------- shaving (PLB-11)
def test_PLB_11_a_shaved_letter_is_worth_its_value_times_the_play_multipliers():
    cards = (card("C3**", "yellow"), card("D2***", "yellow"), card("H4**", "yellow"))
    play = Play("word", cards)
    multiplier = 2 * 3 * 2 * 2  # the stars ×2 ×3 ×2 and the yellow lock ×2
    assert [sa.shave_value(play, i) for i in range(3)] == [3 * multiplier, 2 * multiplier, 4 * 24]
    s = score(play)
    assert sa.shave_value(play, 1) == score_shave([2], s.stars, s.lock).total
    with pytest.raises(ValueError):
        sa.shave_value(play, 3)


def test_PLB_11_PLB_06_shaving_a_build_uses_the_build_multipliers():
    cards = (card("C3**", "yellow"), card("D2***", "yellow"), card("P2***", "blue"))
    play = Play("build", cards, new=(True, False, False))  # only C's ×2; no lock (blue)
    assert sa.shave_value(play, 2) == 2 * 2


# ------------------------------------------------------------------- the best play of a hand
def test_expected_best_play_is_reproducible_with_a_seed():
    a = sa.expected_best_play(hands=30, seed=7)
    b = sa.expected_best_play(hands=30, seed=7)
    assert a == b
    assert a.hands == 30 and len(a.scores) == 30 and a.seed == 7
    assert a.mean == sum(a.scores) / 30 and a.mean > 0
    mean = a.mean
    sd = math.sqrt(sum((x - mean) ** 2 for x in a.scores) / 29)
    assert a.stderr == pytest.approx(sd / math.sqrt(30))
    assert "hands, seed 7" in str(a)
    with pytest.raises(ValueError):
        sa.expected_best_play(hands=1)


# ----------------------------------------------------------------------------- a light module
def test_importing_the_analysis_needs_no_numpy_pandas_sympy_or_matplotlib(run_light):
    out = run_light(
        """
        import kit.analysis.scoring as sa
        print(sa.p_at_least_one_star(), sa.p_colour_locked(3))
        """
    )
    assert out == ["176488607/214691147 7857/59048"]
