"""Property tests: the laws a probability distribution must obey, for any small distribution."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from kit.prob import Dist

weights = st.dictionaries(st.integers(-5, 20), st.integers(0, 9), min_size=1, max_size=7).filter(
    lambda w: sum(w.values()) > 0
)


def dist(w: dict[int, int]) -> Dist[int]:
    return Dist.from_weights(w)


@given(weights)
def test_probabilities_add_up_to_one(w):
    assert sum(dist(w).values()) == 1


@given(weights, weights)
def test_expectation_of_a_sum_is_the_sum_of_expectations(a, b):
    x, y = dist(a), dist(b)
    assert (x + y).mean() == x.mean() + y.mean()


@given(weights, weights)
def test_variances_add_for_independent_draws(a, b):
    x, y = dist(a), dist(b)
    assert (x + y).variance() == x.variance() + y.variance()


@given(weights, st.integers(1, 4))
def test_sum_of_n_draws_agrees_with_summing_the_repetition(w, n):
    x = dist(w)
    assert x.sum_of(n) == x.repeat(n).map(sum)


@given(weights)
def test_variance_is_never_negative_and_matches_the_definition(w):
    x = dist(w)
    assert x.variance() >= 0
    assert x.variance() == x.mean(lambda v: v * v) - x.mean() ** 2


@given(weights, st.integers(-5, 20))
def test_conditioning_keeps_relative_odds(w, threshold):
    x = dist(w)
    event = lambda v: v >= threshold  # noqa: E731
    if x.P(event) == 0:
        return
    y = x.given(event)
    assert sum(y.values()) == 1
    for v in y:
        assert y[v] == x[v] / x.P(event)


@given(weights)
def test_map_preserves_total_probability_and_merges_images(w):
    x = dist(w)
    parity = x.map(lambda v: v % 2)
    assert parity[0] + parity[1] == 1
    assert parity[0] == x.P(lambda v: v % 2 == 0)


@given(weights)
def test_uniform_and_from_weights_agree_on_repeated_items(w):
    items = [v for v, k in w.items() for _ in range(k)]
    assert Dist.uniform(items) == dist(w)
    assert all(isinstance(q, Fraction) for q in dist(w).values())
