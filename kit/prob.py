"""Exact finite probability: distributions with `Fraction`s, dice, and seeded sampling.

The lessons state exact answers, so every probability here is a `Fraction`.
Floats appear only when a caller asks for them. Sampling always takes a `random.Random` the
caller owns, so a seed fixes the result on every machine.
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from itertools import accumulate, product
from numbers import Rational
from random import Random
from typing import Any, Generic, TypeVar

from kit.plain_calls import plain

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

Event = Callable[[Any], bool] | Iterable[Any]


def _exact(value: Any, outcome: Any) -> Fraction:
    """A probability as a Fraction; floats are refused because they are not exact."""
    if isinstance(value, bool) or not isinstance(value, Rational | str):
        raise ValueError(
            f"the probability of {outcome!r} must be an exact number such as Fraction(2, 3), "
            f"an int or the text '1/6'; got {value!r}"
        )
    try:
        return Fraction(value)
    except ValueError:
        raise ValueError(f"the probability of {outcome!r} is not a number: {value!r}") from None


class Dist(Mapping[T, Fraction], Generic[T]):
    """A finite probability distribution: outcome -> exact probability.

    Outcomes with probability 0 are dropped; the probabilities must be non-negative and add up
    to exactly 1. Outcomes are kept in sorted order when they can be compared, so printing and
    sampling are the same on every run.
    """

    __slots__ = ("_cumulative", "_p")

    def __init__(self, probabilities: Mapping[T, Any]):
        p: dict[T, Fraction] = {}
        for outcome, value in probabilities.items():
            q = _exact(value, outcome)
            if q < 0:
                raise ValueError(f"the probability of {outcome!r} is negative: {q}")
            if q:
                p[outcome] = p.get(outcome, Fraction(0)) + q
        total = sum(p.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities must add up to 1; these add up to {total}")
        with suppress(TypeError):  # outcomes that cannot be compared keep their given order
            p = dict(sorted(p.items()))  # type: ignore[type-var]
        self._p = p
        self._cumulative: tuple[list[int], int] | None = None

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Every outcome equally likely (a fair die, a shuffled card)."""
        items = list(outcomes)
        if not items:
            raise ValueError("a uniform distribution needs at least one outcome")
        weights: dict[T, int] = {}
        for item in items:
            weights[item] = weights.get(item, 0) + 1
        return cls.from_weights(weights)

    @classmethod
    def from_weights(cls, weights: Mapping[T, int]) -> Dist[T]:
        """From whole-number counts, such as cards in a deck: P = count / total."""
        bad = {o: w for o, w in weights.items() if not isinstance(w, int) or w < 0}
        if bad:
            raise ValueError(f"weights must be whole numbers ≥ 0; these are not: {bad}")
        total = sum(weights.values())
        if total == 0:
            raise ValueError("the weights add up to 0: no outcome is possible")
        return cls({o: Fraction(w, total) for o, w in weights.items()})

    # -- the Mapping protocol -----------------------------------------------------------------

    def __getitem__(self, outcome: T) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dist):
            return self._p == other._p
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    # -- questions a lesson asks --------------------------------------------------------------

    def P(self, event: Event) -> Fraction:
        """Probability of an event: a predicate on outcomes, or a collection of outcomes."""
        if callable(event):
            return sum((q for o, q in self._p.items() if event(o)), Fraction(0))
        wanted = set(event)
        return sum((q for o, q in self._p.items() if o in wanted), Fraction(0))

    def expectation(self, f: Callable[[T], Any] | None = None) -> Fraction:
        """E[f(X)], or E[X] for numeric outcomes."""
        f = f or (lambda x: x)
        return sum((q * Fraction(f(o)) for o, q in self._p.items()), Fraction(0))

    mean = expectation
    # the names students type (lessons 01 and 03), each slip one sentence (kit/plain_calls.py);
    # the engines call the English ones, unchecked
    valor_esperado = plain(expectation, "reparto.valor_esperado", method=True)
    media = plain(expectation, "reparto.media", method=True)

    def variance(self, f: Callable[[T], Any] | None = None) -> Fraction:
        """Var[f(X)] = E[f(X)²] − E[f(X)]²."""
        f = f or (lambda x: x)
        mu = self.expectation(f)
        return self.expectation(lambda o: (Fraction(f(o)) - mu) ** 2)

    varianza = plain(variance, "reparto.varianza", method=True)

    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """The distribution of f(X): outcomes with the same image merge."""
        out: dict[U, Fraction] = {}
        for o, q in self._p.items():
            key = f(o)
            out[key] = out.get(key, Fraction(0)) + q
        return Dist(out)

    def given(self, event: Event) -> Dist[T]:
        """Condition on an event: keep its outcomes and rescale them to add up to 1."""
        inside = self.P(event)
        if inside == 0:
            raise ValueError("cannot condition on an event of probability 0")
        keep = event if callable(event) else set(event).__contains__
        return Dist({o: q / inside for o, q in self._p.items() if keep(o)})

    def joint(self, other: Dist[U]) -> Dist[tuple[T, U]]:
        """Two independent draws, as pairs (first, second)."""
        return Dist({(a, b): p * q for (a, p), (b, q) in product(self.items(), other.items())})

    def combine(self, other: Dist[U], op: Callable[[T, U], Any]) -> Dist[Any]:
        """op(X, Y) for independent X and Y; with + this is the convolution."""
        out: dict[Any, Fraction] = {}
        for (a, p), (b, q) in product(self._p.items(), other._p.items()):
            key = op(a, b)
            out[key] = out.get(key, Fraction(0)) + p * q
        return Dist(out)

    def __add__(self, other: Dist[Any]) -> Dist[Any]:
        """The sum of two independent draws (the convolution of their distributions)."""
        if not isinstance(other, Dist):
            return NotImplemented
        return self.combine(other, operator.add)

    def repeat(self, n: int) -> Dist[tuple[T, ...]]:
        """n independent draws, in order, as tuples (the n-fold repetition)."""
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"repeat needs a whole number of draws ≥ 1; got {n!r}")
        out: Dist[tuple[T, ...]] = self.map(lambda o: (o,))
        for _ in range(n - 1):
            out = out.combine(self, lambda seq, o: (*seq, o))
        return out

    def sum_of(self, n: int) -> Dist[Any]:
        """The sum of n independent draws, by repeated convolution (never 6ⁿ sequences)."""
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"sum_of needs a whole number of draws ≥ 1; got {n!r}")
        out = self
        for _ in range(n - 1):
            out = out + self
        return out

    # -- sampling ----------------------------------------------------------------------------

    def sample(self, rng: Random) -> T:
        """One outcome drawn with `rng`; exact: one integer draw below a common denominator."""
        if not isinstance(rng, Random):
            raise TypeError("sample needs a random.Random, e.g. Random(2026), so results repeat")
        if self._cumulative is None:
            denominator = math.lcm(*(q.denominator for q in self._p.values()))
            weights = [q.numerator * (denominator // q.denominator) for q in self._p.values()]
            self._cumulative = (list(accumulate(weights)), denominator)
        cumulative, denominator = self._cumulative
        outcomes = list(self._p)
        return outcomes[bisect_right(cumulative, rng.randrange(denominator))]

    def samples(self, rng: Random, n: int) -> list[T]:
        """n outcomes drawn with `rng`."""
        return [self.sample(rng) for _ in range(n)]

    # -- conversions (heavy libraries imported only here) --------------------------------------

    def to_series(self, name: str = "P"):
        """A pandas Series of exact Fractions indexed by outcome."""
        import pandas as pd

        return pd.Series(list(self._p.values()), index=list(self._p), name=name, dtype=object)

    def to_sympy(self) -> dict[T, Any]:
        """The probabilities as sympy Rationals, for symbolic work."""
        import sympy

        return {o: sympy.Rational(q.numerator, q.denominator) for o, q in self._p.items()}

    def to_floats(self) -> dict[T, float]:
        return {o: float(q) for o, q in self._p.items()}

    # -- display -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {q}" for o, q in self._p.items())
        return f"Dist({{{body}}})"

    def _repr_html_(self) -> str:
        """The table a student reads: outcomes as written (no quotes), the exact fraction and
        its decimal in the class language (0,1667). kit.table is imported here, not at the
        top: the light core (DESIGN) needs only the standard library."""
        from kit.table import format_decimal

        rows = "".join(
            f"<tr><td>{escape(o if isinstance(o, str) else repr(o))}</td><td>{q}</td>"
            f"<td>{format_decimal(q, 4)}</td></tr>"
            for o, q in self._p.items()
        )
        return (
            "<table><thead><tr><th>resultado</th><th>P exacta</th><th>≈</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )


# -- dice ------------------------------------------------------------------------------------


def die(sides: int = 6) -> Dist[int]:
    """A fair die with faces 1..sides."""
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
        raise ValueError(f"a die needs a whole number of sides ≥ 1; got {sides!r}")
    return Dist.uniform(range(1, sides + 1))


def two_dice(sides: int = 6) -> Dist[tuple[int, int]]:
    """Two fair dice as ordered pairs (first die, second die): 36 equally likely outcomes."""
    return die(sides).joint(die(sides))


def dice_sum(n: int = 2, sides: int = 6) -> Dist[int]:
    """The total of n fair dice."""
    return die(sides).sum_of(n)


def is_double(roll: tuple[int, int]) -> bool:
    """Both dice show the same face (dobles)."""
    return roll[0] == roll[1]


@dataclass(frozen=True, order=True)
class Turn:
    """The rolls of one turn in the property games (PROP-02, PROP-03).

    A double moves and rolls again; a third double in a row goes to jail (Cárcel) at once, and
    the first two moves stand.
    """

    rolls: tuple[tuple[int, int], ...]

    @property
    def jail(self) -> bool:
        """True when the turn ends with a third double: straight to the Cárcel."""
        return len(self.rolls) == 3 and all(is_double(r) for r in self.rolls)

    @property
    def steps(self) -> int:
        """Squares moved before the turn ends (the jailing third roll moves nobody)."""
        moves = self.rolls[:2] if self.jail else self.rolls
        return sum(a + b for a, b in moves)

    def __repr__(self) -> str:
        rolls = ", ".join(f"{a}+{b}" for a, b in self.rolls)
        return f"Turn({rolls}{' → Cárcel' if self.jail else ''})"


def turn_rolls(sides: int = 6) -> Dist[Turn]:
    """Every way one turn of rolling can go, with its exact probability."""
    pair = two_dice(sides)
    out: dict[Turn, Fraction] = {}
    frontier: list[tuple[tuple[tuple[int, int], ...], Fraction]] = [((), Fraction(1))]
    for depth in (1, 2, 3):
        nxt = []
        for rolls, p in frontier:
            for roll, q in pair.items():
                seq = (*rolls, roll)
                if is_double(roll) and depth < 3:
                    nxt.append((seq, p * q))
                else:
                    out[Turn(seq)] = p * q
        frontier = nxt
    return Dist(out)
