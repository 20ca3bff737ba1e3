"""The best-play finder (exact: equal to brute force), the bots, and invariants over many games.

KIT_LONG=1 checks 1000 situations against brute force (100 by default) and plays more games.
"""

from __future__ import annotations

import os
from random import Random

import pytest
from test_palabra_helpers import conserved

from kit.games.palabra.actions import Joker, Shave
from kit.games.palabra.bots import BOTS, beginner, greedy, random_legal
from kit.games.palabra.dictionary import Dictionary
from kit.games.palabra.finder import best_play, brute_force_plays, find_plays, plays_for
from kit.games.palabra.game import PalabraGame

LONG = os.environ.get("KIT_LONG") == "1"
N_SITUATIONS = 1000 if LONG else 100


@pytest.fixture(scope="module")
def games():
    es = PalabraGame(players=3, language="es")
    en = PalabraGame(players=2, language="en", dictionary=Dictionary.bundled("en", common=20000))
    return es, en


def situation(g, seed):
    """A position a few turns into a seeded game (plays on the table, a prior play ...)."""
    rng = Random(seed)
    s = g.new_state()
    steps = rng.randrange(0, 8)
    bots = (greedy, beginner, greedy)
    done = 0
    while not s.is_terminal() and (s.is_chance() or done < steps):
        if s.is_chance():
            s.apply_chance(s.sample_chance(rng))
        else:
            s.apply(bots[s.cur % 3](s, rng))
            done += 1
    return s


def args(s):
    g = s.game
    return (s.hand_cards(s.cur), g.dictionary, s.table, g.cards, s.cur, s.prior, s.phase == "turn")


def listed(candidates):
    return [(c.kind, c.action, c.total) for c in candidates]


def test_plb_finder_equals_brute_force_on_seeded_situations(games):
    checked = kinds = 0
    seen = set()
    for seed in range(N_SITUATIONS):
        g = games[seed % 2]
        s = situation(g, seed)
        if s.is_terminal():
            continue
        fast = plays_for(*args(s))
        assert listed(fast) == listed(brute_force_plays(*args(s))), seed
        seen |= {c.kind for c in fast}
        checked += 1
    kinds = len(seen)
    assert checked >= N_SITUATIONS * 0.9
    assert seen >= {"word", "straight", "flush", "build", "shave"}, seen
    assert kinds >= 5


def test_plb_finder_equals_unpruned_brute_force_without_wild_cards(games):
    done = 0
    for seed in range(1000, 1000 + (40 if LONG else 6)):
        s = situation(games[0], seed)
        if s.is_terminal() or any(c.kind in ("wild", "vowel") for c in s.hand_cards(s.cur)):
            continue
        slow = brute_force_plays(*args(s), prune=False)
        assert listed(plays_for(*args(s))) == listed(slow), seed
        done += 1
    assert done >= 3


def test_plb_finder_wild_and_vowel_cards_by_expansion(games):
    g = games[0]
    hand = [g.cards[i] for i in (115, 121)]  # a wild and a vowel card
    hand += [c for c in g.cards if c.letter == "C"][:1] + [c for c in g.cards if c.letter == "S"][
        :1
    ]
    fast = plays_for(hand, g.dictionary, (), g.cards)
    assert listed(fast) == listed(brute_force_plays(hand, g.dictionary, (), g.cards))
    words = {c.action.letters for c in fast if c.kind == "word"}
    assert {"CASA", "COSA", "ESA"} <= words


def test_plb_finder_plays_are_accepted_by_the_engine_with_the_same_points(games):
    rng = Random(5)
    for seed in range(30):
        s = situation(games[seed % 2], 500 + seed)
        if s.is_terminal():
            continue
        cands = find_plays(s)
        for c in rng.sample(cands, min(25, len(cands))):
            t = s.child(c.action)
            if isinstance(c.action, Joker):
                assert t.scores[c.action.target] == s.scores[c.action.target] - c.total
            elif isinstance(c.action, Shave):
                assert t.scores[s.cur] == s.scores[s.cur] + c.total
            elif not t.is_terminal():
                assert t.scores[s.cur] == s.scores[s.cur] + c.total, c
        assert all(a == b for a, b in zip(cands, sorted(cands, key=lambda c: c.key()), strict=True))


def test_plb_finder_ranks_best_first_with_breakdown(games):
    s = situation(games[0], 5)  # a seeded position with words, builds and a shave to rank
    cands = find_plays(s)
    totals = [c.total for c in cands]
    assert totals == sorted(totals, reverse=True)
    best = best_play(s)
    assert best is not None and best.kind not in ("shave", "joker")
    assert best.score.explain()


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_card_conservation_and_hand_sizes_after_every_action(players):
    g = PalabraGame(players=players, dictionary=Dictionary.bundled("es", common=20000))
    games_to_play = (200 if LONG else 15) if players != 7 else (40 if LONG else 4)
    steps = 0
    for seed in range(games_to_play):
        rng = Random(seed * 31 + players)
        bots = [(random_legal, greedy, beginner)[(seed + p) % 3] for p in range(players)]
        s = g.new_state()
        while True:
            if s.is_terminal():
                break
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            else:
                if s.phase == "turn" and s.deck:
                    assert len(s.hands[s.cur]) == 7
                s.apply(bots[s.cur](s, rng))
                steps += 1
            assert s.is_chance() or conserved(s)
            assert all(len(h) <= 7 for h in s.hands)
            assert all(t is None or t["owner"] == p for p, t in enumerate(s.table))
    print(f"{players} players: {games_to_play} games, {steps} actions checked")
    assert steps > 0


def test_bots_are_plain_functions_that_finish_games():
    g = PalabraGame(players=2, dictionary=Dictionary.bundled("es", common=5000))
    wins = [0, 0]
    for seed in range(3):
        s = g.new_state()
        from kit.games.core import play

        play(s, [greedy, beginner], Random(seed))
        assert s.is_terminal()
        w = s.winner()
        if w is not None:
            wins[w] += 1
    assert set(BOTS) == {"greedy", "beginner", "random"}
    assert wins[0] >= wins[1]  # the greedy bot is the stronger one


def test_plb_13_finder_equals_brute_force_with_two_wilds_a_vowel_card_and_a_table(games):
    from test_palabra_helpers import deal, ids

    from kit.games.palabra.actions import Word

    g = games[0]
    h0 = ids(g, ["C red/blue", "A red", "S red", "A blue"])
    h1 = ids(g, ["wild", "wild", "vowel", "T green", "R red", "O blue", "P red"], avoid=h0)
    s = deal(g, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))  # CASA on the table: the prior play, to build on or shave
    fast = plays_for(*args(s))
    assert listed(fast) == listed(brute_force_plays(*args(s)))
    kinds = {c.kind for c in fast}
    assert {"word", "straight", "build", "shave", "flush"} <= kinds
    assert any(c.kind == "build" and c.action.letters.endswith("S") for c in fast)  # CASAS
