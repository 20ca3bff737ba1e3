"""The chance nodes of a property game: the opening roll (PROP-01), the shuffles, the deal of
the abbreviated game (PROP-15), the dice and whether an owner claims his rent (PROP-06).

PROP-01: every player rolls two dice, the highest total starts, and those tied for the highest
roll again. Each roll is a chance node of its own (the 36 ordered pairs, 1/36 each), so a lesson
can follow the tree exactly and compute who is likely to start; a round ends when everyone in it
has rolled. Each deck is shuffled once at set-up (sampled: 16! orders are too many to list), then
drawn strictly in order.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from random import Random
from typing import Any

from kit.games.core import IllegalAction, TooManyOutcomes
from kit.games.property.state import AFTER, BANK, CLAIM, DEAL, DICE, ORDER, SHUFFLE
from kit.messages import Say
from kit.messages import t as t_
from kit.prob import two_dice


def highest(players: list[int], totals: list[int]) -> list[int]:
    """PROP-01: those of ``players`` whose ``totals`` are the highest: one starts; several roll
    again (the engine's rule, and `opening_round`'s)."""
    best = max(totals)
    return [p for p, total in zip(players, totals, strict=True) if total == best]


def opening_round(players: tuple[int, ...]) -> dict[tuple[int, ...], Fraction]:
    """One round of the opening roll among ``players``, exactly: who is left at the top (one
    player: he starts) -> its probability. Each player's total has the two-dice distribution."""
    sums: dict[int, Fraction] = {}
    for (a, b), p in two_dice().items():
        sums[a + b] = sums.get(a + b, Fraction(0)) + p
    out: dict[tuple[int, ...], Fraction] = {}
    for totals in product(sums, repeat=len(players)):
        top = tuple(highest(list(players), list(totals)))
        weight = Fraction(1)
        for total in totals:
            weight *= sums[total]
        out[top] = out.get(top, Fraction(0)) + weight
    return out


def start_chances(players: int) -> list[Fraction]:
    """PROP-01 exactly: the probability that each seat starts, rounds of ties included (a round
    that leaves everyone tied is rolled again, so it divides out). A lesson's check that the
    dice are fair to every seat (each is 1/players); 11**players totals a round, so keep
    ``players`` small."""

    def chances(group: tuple[int, ...]) -> dict[int, Fraction]:
        rounds = opening_round(group)
        again = rounds.pop(group, Fraction(0))
        out = dict.fromkeys(group, Fraction(0))
        for top, p in rounds.items():
            for seat, q in ({top[0]: Fraction(1)} if len(top) == 1 else chances(top)).items():
                out[seat] += p * q / (1 - again)
        return out

    result = chances(tuple(range(players)))
    return [result[seat] for seat in range(players)]


def _phase(ph: str) -> Say:
    """A phase's name for a message, written when read."""
    return Say(f"rules_property.phase_{ph}")


def _is_roll(outcome: Any) -> bool:
    return (
        type(outcome) is tuple
        and len(outcome) == 2
        and all(type(x) is int and 1 <= x <= 6 for x in outcome)
    )


class Chance:
    """Chance outcomes: listed exactly, sampled, checked, applied (a mixin of PropertyState)."""

    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        ph = self.phase
        if ph in (DICE, ORDER):
            return list(self.game.dice_outcomes)
        if ph == CLAIM:
            p = self.game.claims_rent
            return [(o, q) for o, q in ((True, p), (False, 1 - p)) if q]
        if ph in (SHUFFLE, DEAL):
            raise TooManyOutcomes(t_("rules_property.too_many", phase=_phase(ph)))
        raise IllegalAction("rules_property.not_chance", phase=_phase(ph))

    def sample_chance(self, rng: Random) -> Any:
        ph = self.phase
        if ph in (DICE, ORDER):
            r = rng.random
            return (int(r() * 6) + 1, int(r() * 6) + 1)
        if ph == SHUFFLE:
            order = list(range(len(self.game.decks[self.shuffle_k].cards)))
            rng.shuffle(order)
            return tuple(order)
        if ph == DEAL:
            g = self.game
            return tuple(rng.sample(range(len(g.titles)), g.n * g.rules.abbreviated_deal))
        if ph == CLAIM:
            return rng.random() < self.game._claim_float
        raise IllegalAction("rules_property.not_chance", phase=_phase(ph))

    def chance_refusal(self, outcome: Any) -> IllegalAction | None:
        g = self.game
        ph = self.phase
        if ph in (DICE, ORDER):
            if _is_roll(outcome):
                return None
            return IllegalAction("rules_property.bad_roll", outcome=repr(outcome))
        if ph == SHUFFLE:
            size = len(g.decks[self.shuffle_k].cards)
            if (
                type(outcome) is tuple
                and all(type(x) is int for x in outcome)
                and sorted(outcome) == list(range(size))
            ):
                return None
            return IllegalAction("rules_property.bad_shuffle", last=size - 1, outcome=repr(outcome))
        if ph == DEAL:
            k = g.n * g.rules.abbreviated_deal
            if (
                type(outcome) is tuple  # exact types before any hash or comparison of them
                and all(type(x) is int and 0 <= x < len(g.titles) for x in outcome)
                and len(set(outcome)) == k == len(outcome)
            ):
                return None
            return IllegalAction("rules_property.bad_deal", k=k, outcome=repr(outcome))
        if ph == CLAIM:
            if type(outcome) is bool:
                return None
            return IllegalAction("rules_property.bad_claim", outcome=repr(outcome))
        return IllegalAction("rules_property.not_chance", phase=_phase(ph))

    def _apply_chance_unchecked(self, outcome: Any) -> None:
        ph = self.phase
        if ph == DICE:
            self._roll(outcome[0], outcome[1])
        elif ph == ORDER:
            self._opening_roll(outcome)
        elif ph == SHUFFLE:
            self.decks[self.shuffle_k] = list(outcome)
            self.shuffle_k += 1
            self._after_setup_step()
        elif ph == DEAL:
            self._deal(outcome)
        else:  # CLAIM
            payer, owner, rent = self.claim
            self.claim = None
            self._emit("claim", player=owner, payer=payer, claimed=outcome, amount=rent)
            if outcome:
                self._charge(payer, owner, rent, "rent")
            self._proceed(AFTER)

    def _opening_roll(self, dice: tuple[int, int]) -> None:
        """PROP-01: one player of this round rolls; when all have, the highest starts, or the
        players tied for the highest roll again."""
        rolling = self.roll_off
        done = self.roll_off_dice
        player = rolling[len(done)]
        done.append(list(dice))
        self._emit("start_roll", player=player, dice=list(dice))
        if len(done) < len(rolling):
            return
        top = highest(rolling, [a + b for a, b in done])
        self.roll_off_dice = []
        if len(top) > 1:
            self.roll_off = top
            self._emit("roll_off", players=list(top))
            return
        self.roll_off = []
        self.first = top[0]
        self._emit("starts", player=top[0])
        self._after_setup_step()

    def _deal(self, titles: tuple[int, ...]) -> None:
        g = self.game
        for j, t in enumerate(titles):  # PROP-15: dealt round the table, paid to the bank
            p = j % g.n
            self._receive_title(p, t, "deal")
            self._charge(p, BANK, g.t_price[t], "price")
        self.shuffle_k = -1
        self._begin()

    def _after_setup_step(self) -> None:
        g = self.game
        if self.shuffle_k < len(g.decks):
            self.phase = SHUFFLE
        elif g.abbreviated:
            self.phase = DEAL
        else:
            self._begin()

    def _begin(self) -> None:
        self.cur = (self.first - 1) % self.game.n
        self._next_turn()
