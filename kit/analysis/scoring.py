"""Palabra's multipliers, exactly: which multipliers exist, how likely star cards and colour locks
are in a hand, what a shaved letter is worth, and the best play a random hand can expect.

    >>> from kit.analysis import scoring as sa
    >>> sorted(sa.possible_multipliers())[:8]     # [1, 2, 3, 4, 6, 8, 9, 12]
    >>> sa.p_at_least_one_star()                   # a Fraction (about 0.822)
    >>> sa.star_count_distribution()               # a Dist over 0..7 star cards in a hand
    >>> sa.p_colour_locked(3)                      # three random cards share a colour
    >>> sa.expected_best_play(hands=200, seed=1)   # mean best score of a 7-card hand ± s.e.

Every number is computed from the real deck (``kit/data/palabra.toml`` through ``load_deck()``)
and the engine's own scoring (``kit.games.palabra.scoring.score`` / ``score_shave``), never from a
second copy of the rules. The exact answers are `Fraction`s (counting, no sampling); only
``expected_best_play`` is a seeded simulation, because the best play depends on the dictionary.

Readings (the conventions behind the numbers):

* **The deck.** One deck (2-6 players, PLB-01): 115 letter cards, 3 wild cards, 2 jokers and 2
  vowel cards (PLB-13); ``n_decks=2`` for 7 or more players. A hand is ``hand_size`` cards drawn
  without replacement from the full, freshly shuffled deck (the deal), every hand equally likely.
* **Star cards** are the letter cards with two stars (×2) or three stars (×3). Wild, vowel and
  joker cards carry no stars: they count as *non-star* cards of the deck (they are in the deck
  and can be dealt, so they are in the denominator).
* **Colour lock** (PLB-03): cards are locked when one colour is on every card. A two-colour card
  counts as either of its colours; wild and vowel cards count as any colour (PLB-13 reading:
  the deck file gives them all four colours); a joker has no colour and is never locked.
* ``possible_multipliers`` counts card combinations only (does some set of at most
  ``max_star_cards`` star cards of the deck give this product?); it does not ask whether those
  letters spell a word.

Only the standard library, ``kit.prob`` and ``kit.games.palabra`` are imported (DESIGN.md,
"A light core"); the dictionary is read only by ``expected_best_play``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from random import Random

from kit.games.palabra.cards import COLOURS, Card
from kit.games.palabra.dictionary import Dictionary
from kit.games.palabra.finder import plays_for
from kit.games.palabra.load import DeckSpec, build_cards, load_deck
from kit.games.palabra.rules import HAND_SIZE, LOCK_FACTOR
from kit.games.palabra.scoring import Play, Score, score, score_shave
from kit.messages import t
from kit.prob import Dist

__all__ = [
    "BestPlayEstimate",
    "MultiplierBreakdown",
    "deck_cards",
    "expected_best_play",
    "multiplier_breakdown",
    "p_at_least_one_star",
    "p_colour_locked",
    "possible_multipliers",
    "shave_value",
    "star_cards",
    "star_count_distribution",
]


# ------------------------------------------------------------------------------ the deck
@lru_cache(maxsize=2)
def _real_cards(n_decks: int) -> tuple[Card, ...]:
    return build_cards(load_deck(), n_decks)


def deck_cards(deck: DeckSpec | None = None, n_decks: int = 1) -> tuple[Card, ...]:
    """Every card of the deck (``None``: the real one, ``load_deck()``), ``n_decks`` decks."""
    return _real_cards(n_decks) if deck is None else build_cards(deck, n_decks)


def star_cards(deck: DeckSpec | None = None, n_decks: int = 1) -> dict[int, int]:
    """How many cards of the deck have each star factor: ``{2: n_two_star, 3: n_three_star}``."""
    out = {2: 0, 3: 0}
    for c in deck_cards(deck, n_decks):
        if c.stars:
            out[c.stars] += 1
    return out


def _check_hand(hand_size: int, n: int) -> None:
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 0 <= hand_size <= n:
        raise ValueError(f"hand_size must be a whole number from 0 to {n}, not {hand_size!r}")


# ------------------------------------------------------------------------ multipliers (PLB-03)
def possible_multipliers(
    max_star_cards: int = HAND_SIZE, deck: DeckSpec | None = None, n_decks: int = 1
) -> set[int]:
    """Every multiplier 2^a · 3^b (and × 2 more with the colour lock) the deck's star cards reach.

    Order does not matter: multiplying is commutative and associative, so 2 × 3 = 3 × 2 and the
    product of the star factors is the same whichever order the cards are laid in (PLB-03).

    ``a`` two-star and ``b`` three-star cards (``a + b <= max_star_cards``; at most the deck's
    count of each) give 2^a · 3^b; 1 is the play without star cards. The colour lock doubles it
    again when those ``a + b`` star cards can share one colour (count per colour; a two-colour
    card counts for both of its colours), so e.g. ×2 alone is the lock of a play without stars.
    """
    if isinstance(max_star_cards, bool) or not isinstance(max_star_cards, int):
        raise ValueError(f"max_star_cards must be a whole number >= 0, not {max_star_cards!r}")
    if max_star_cards < 0:
        raise ValueError(f"max_star_cards must be a whole number >= 0, not {max_star_cards!r}")
    cards = deck_cards(deck, n_decks)
    total = star_cards(deck, n_decks)
    per_colour = {
        col: {f: sum(1 for c in cards if c.stars == f and col in c.colours) for f in (2, 3)}
        for col in COLOURS
    }
    out: set[int] = set()
    for a in range(min(total[2], max_star_cards) + 1):
        for b in range(min(total[3], max_star_cards - a) + 1):
            m = 2**a * 3**b
            out.add(m)
            if any(n[2] >= a and n[3] >= b for n in per_colour.values()):
                out.add(m * LOCK_FACTOR)
    return out


@dataclass(frozen=True, slots=True)
class MultiplierBreakdown:
    """The multipliers of a play, as the engine scores it: stars × lock = multiplier."""

    stars: tuple[int, ...]  # the star factors that count, in card order
    lock: int  # 2 when colour-locked, else 1
    multiplier: int  # product of the stars × lock
    score: Score  # the engine's full score (values, sum, total, explain())

    def explain(self) -> str:
        """'2 × 3 × 2 (bloqueo de color) = 12' (in the class language), or '1' when nothing
        multiplies."""
        factors = [str(f) for f in self.stars]
        if self.lock != 1:
            factors.append(t("rules_palabra.explain_lock_factor", factor=self.lock))
        if not factors:
            return "1"
        return " × ".join(factors) + f" = {self.multiplier}"


def multiplier_breakdown(
    cards: Sequence[Card], new: Sequence[bool] | None = None
) -> MultiplierBreakdown:
    """The multipliers of ``cards`` laid as a word (or, with ``new``, as a build: PLB-06).

    Scored by the engine's ``score()``: for a build only the new cards' stars count, and the lock
    of the whole.
    """
    cards = tuple(cards)
    play = Play("word", cards) if new is None else Play("build", cards, new=tuple(new))
    s = score(play)
    return MultiplierBreakdown(s.stars, s.lock, s.multiplier, s)


# ----------------------------------------------------------------------- star cards in a hand
def star_count_distribution(
    hand_size: int = HAND_SIZE, deck: DeckSpec | None = None, n_decks: int = 1
) -> Dist[int]:
    """The number of star cards in a hand of ``hand_size`` cards: hypergeometric, exact.

    P(k) = C(S, k) · C(N − S, h − k) / C(N, h), with N the deck's cards and S its star cards
    (wild, vowel and joker cards are non-star cards).
    """
    cards = deck_cards(deck, n_decks)
    n = len(cards)
    _check_hand(hand_size, n)
    s = sum(1 for c in cards if c.stars)
    weights = {k: math.comb(s, k) * math.comb(n - s, hand_size - k) for k in range(hand_size + 1)}
    return Dist.from_weights({k: w for k, w in weights.items() if w})


def p_at_least_one_star(
    hand_size: int = HAND_SIZE, deck: DeckSpec | None = None, n_decks: int = 1
) -> Fraction:
    """P(a hand of ``hand_size`` cards holds at least one star card) = 1 − C(N−S, h) / C(N, h)."""
    cards = deck_cards(deck, n_decks)
    n = len(cards)
    _check_hand(hand_size, n)
    s = sum(1 for c in cards if c.stars)
    return 1 - Fraction(math.comb(n - s, hand_size), math.comb(n, hand_size))


# ----------------------------------------------------------------------- colour lock (PLB-03)
def p_colour_locked(word_length: int, deck: DeckSpec | None = None, n_decks: int = 1) -> Fraction:
    """P(``word_length`` cards drawn at random, without replacement, can all count as one colour).

    Exact, by inclusion-exclusion over the colours: with A_c = "every card has colour c",
    P(A_red ∪ A_blue ∪ …) = Σ over non-empty sets T of colours of (−1)^(|T|+1) · C(m_T, k) / C(N, k)
    (k = ``word_length``), where m_T counts the cards that have every colour of T (a two-colour
    card is in both of its colours' classes; wild and vowel cards in all four; a joker in none).
    This is the chance for any ``word_length`` cards, not only those that spell a word.
    """
    cards = deck_cards(deck, n_decks)
    n = len(cards)
    if isinstance(word_length, bool) or not isinstance(word_length, int):
        raise ValueError(f"word_length must be a whole number from 1 to {n}, not {word_length!r}")
    if not 1 <= word_length <= n:
        raise ValueError(f"word_length must be a whole number from 1 to {n}, not {word_length!r}")
    count = 0
    for size in range(1, len(COLOURS) + 1):
        for colours in combinations(COLOURS, size):
            m = sum(1 for c in cards if c.colours.issuperset(colours))
            count += (-1) ** (size + 1) * math.comb(m, word_length)
    return Fraction(count, math.comb(n, word_length))


# ----------------------------------------------------------------------------- shaving (PLB-11)
def shave_value(play: Play, position: int) -> int:
    """PLB-11: the worth of shaving the letter at ``position`` of ``play``.

    The letter's value in that play × the play's own multipliers (its star factors as the engine
    scored it — for a build only the new stars, PLB-06 — and its colour lock). A thin wrapper:
    ``score_shave`` of the engine, fed with the stars and lock of ``score(play)``.
    """
    if not 0 <= position < len(play.cards):
        raise ValueError(f"position must be 0 to {len(play.cards) - 1}, not {position!r}")
    s = score(play)
    return score_shave([play.cards[position].value], s.stars, s.lock).total


# ------------------------------------------------------------------- the best play of a hand
@dataclass(frozen=True, slots=True)
class BestPlayEstimate:
    """A simulated mean with its standard error (s.e. = sample standard deviation / √hands)."""

    mean: float
    stderr: float
    hands: int
    seed: int
    scores: tuple[int, ...]  # the best score of each hand, in order (0: no play possible)

    def __str__(self) -> str:
        return f"{self.mean:.1f} ± {self.stderr:.1f} points ({self.hands} hands, seed {self.seed})"


@lru_cache(maxsize=4)
def _dictionary(language: str, common: int | None) -> Dictionary:
    return Dictionary.bundled(language, common=common)


def expected_best_play(
    hands: int = 200,
    seed: int = 0,
    language: str = "es",
    common: int | None = 3000,
    hand_size: int = HAND_SIZE,
    deck: DeckSpec | None = None,
    n_decks: int = 1,
) -> BestPlayEstimate:
    """The mean best-play score of random hands, by a seeded simulation through the engine's finder.

    Each hand is ``hand_size`` cards ``random.Random(seed).sample``-d from the full deck; its best
    play is the top scored play of ``plays_for`` (an empty table, no pre-play: words, straights,
    flushes, vowels and Palabras), scoring 0 when the hand has no play. Same seed, same answer.
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 2:
        raise ValueError(f"hands must be a whole number >= 2, not {hands!r}")
    cards = deck_cards(deck, n_decks)
    _check_hand(hand_size, len(cards))
    dictionary = _dictionary(language, common)
    rng = Random(seed)
    scores = []
    for _ in range(hands):
        hand = rng.sample(cards, hand_size)
        found = plays_for(hand, dictionary, pre=False)
        scores.append(found[0].total if found else 0)
    mean = sum(scores) / hands
    var = sum((x - mean) ** 2 for x in scores) / (hands - 1)
    return BestPlayEstimate(mean, math.sqrt(var / hands), hands, seed, tuple(scores))
