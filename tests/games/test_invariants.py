"""Random legal play, checked after every step: the engine's invariants hold on every rule set.

Each seeded game is driven by random legal actions (and now and then a random trade proposal,
legal or not). After every action and every chance outcome:

- money is conserved: players' cash = start total + bank paid out - bank taken in;
- buildings are conserved: in play + in the bank = the stock; only on owned, unmortgaged lots;
- building is even in every group (except where a hotel sale or a fire made it uneven);
- every title has one owner (the bank or a player still in the game); every card is somewhere;
- no cash is negative (debts are recorded, never paid with money one has not got);
- the JSON round trip is exact.

KIT_LONG=1 plays many more games (the count of steps checked is printed with -s).
"""

from __future__ import annotations

import os
from random import Random

import pytest
from conftest import ALL, game_of

from kit.games.core import IllegalAction
from kit.games.property.actions import ProposeTrade
from kit.games.property.game import PropertyState

LONG = os.environ.get("KIT_LONG") == "1"
GAMES = 40 if LONG else 7
MAX_STEPS = 6000 if LONG else 2500
STEPS_CHECKED: dict[str, int] = {}


def check(s: PropertyState) -> None:
    """The engine's own audit (money, buildings, titles, cards, the groups kept as owned whole)
    and the JSON round trip. ``buildable`` is asked first, so the groups it keeps are made once
    and then updated by every later change of hands."""
    s.buildable(s.cur)
    assert s.audit() == []
    text = s.to_json()
    assert PropertyState.from_json(text, s.game).to_json() == text, "JSON round trip"


def test_audit_names_what_is_wrong():
    s = game_of("fixture").start_state()
    assert s.audit() == []
    s.cash[0] += 1
    s.level[0] = 1  # a house out of nowhere on a lot of the bank
    s.decks[0].pop()
    s.buildable(0)
    s._complete = [[0], *s._complete[1:]]  # player 0 said to own the first lot group whole
    wrong = " | ".join(s.audit())
    for words in ("money", "buildings lost", "cannot have them", "cards of deck suerte", "whole"):
        assert words in wrong, wrong


def random_trade(s: PropertyState, rng: Random) -> ProposeTrade:
    g = s.game
    p = s.cur
    q = rng.choice([x for x in range(g.n) if x != p])
    mine = [g.t_square[t] for t, o in enumerate(s.owner) if o == p]
    theirs = [g.t_square[t] for t, o in enumerate(s.owner) if o == q]
    give = tuple(rng.sample(mine, min(len(mine), rng.randint(0, 2))))
    take = tuple(rng.sample(theirs, min(len(theirs), rng.randint(0, 1))))
    cards = tuple(s.held[p][:1]) if rng.random() < 0.5 else ()
    return ProposeTrade(q, give, take, rng.randint(-200, 200) * g.min_raise, cards)


def pick(actions: list, rng: Random):
    """A random legal action: first a kind of action, then one of that kind (so that the many
    Mortgage/Redeem choices do not crowd out rolling the dice; half the seeds play this way, the
    other half choose uniformly among all actions, which reaches more bankruptcies)."""
    kinds: dict[type, list] = {}
    for a in actions:
        kinds.setdefault(type(a), []).append(a)
    return rng.choice(rng.choice(list(kinds.values())))


@pytest.mark.parametrize("name", [*ALL, "scarce"])
def test_invariants_hold_after_every_step_of_random_legal_play(name):
    steps = 0
    for seed in range(GAMES):
        rng = Random(seed)
        abbreviated = seed % 3 == 1
        claims = "1" if seed % 2 else "9/10"
        g = game_of(name, 2 + seed % 3, abbreviated=abbreviated, claims_rent=claims)
        s = g.new_state()
        for _ in range(MAX_STEPS):
            if s.is_terminal():
                break
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            elif s.phase in ("turn", "after") and rng.random() < 0.05:
                trade = random_trade(s, rng)
                before = s.to_json()
                try:
                    s.apply(trade)
                except IllegalAction:
                    assert s.to_json() == before
            else:
                actions = s.legal_actions()
                s.apply(pick(actions, rng) if seed % 4 < 2 else rng.choice(actions))
            check(s)
            steps += 1
    STEPS_CHECKED[name] = steps
    print(f"{name}: {steps} steps checked")
    assert steps > 0
