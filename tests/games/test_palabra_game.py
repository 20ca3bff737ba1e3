"""PLB-01, PLB-02, PLB-03..12 through the engine: deal, turn, plays, pre-plays, end, errors."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest
from test_palabra_helpers import conserved, deal, game, ids

from kit.games.core import CHANCE, TERMINAL, IllegalAction, TooManyOutcomes
from kit.games.palabra.actions import (
    Build,
    Exchange,
    Flush,
    Joker,
    Palabra,
    Pass,
    Shave,
    Straight,
    Vowels,
    Word,
)
from kit.games.palabra.cards import Card
from kit.games.palabra.game import PalabraGame, PalabraState, cut_rank


@pytest.fixture(scope="module")
def g2():
    return game(2)


@pytest.fixture(scope="module")
def g3():
    return game(3)


def unchanged_after(state, action):
    before = state.to_json()
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert state.to_json() == before
    return str(e.value)


# ---------------------------------------------------------------------------- PLB-01
def test_plb_01_cut_is_exact_uniform_then_shuffle_is_sampled(g3):
    s = g3.new_state()
    assert s.is_chance() and s.current_player() == CHANCE
    assert s.chance_outcomes() == [(0, Fraction(1, 3)), (1, Fraction(1, 3)), (2, Fraction(1, 3))]
    s.apply_chance(2)
    with pytest.raises(TooManyOutcomes):
        s.chance_outcomes()
    order = s.sample_chance(Random(1))
    assert sorted(order) == list(range(122))
    s.apply_chance(order)
    assert [len(h) for h in s.hands] == [7, 7, 7] and len(s.deck) == 122 - 21
    assert s.hands[0][0] == order[0] and s.hands[1][0] == order[1] and s.hands[2][0] == order[2]
    assert s.deck[0] == order[21]  # draws come in order from the top
    assert s.current_player() == 2  # the dealer plays first
    assert conserved(s)


def test_plb_01_nearest_to_z_begins_wild_outranks_z_joker_below_a():
    z = Card(0, "Z", 10, frozenset({"red"}))
    a = Card(1, "A", 1, frozenset({"red"}))
    wild = Card(2, "", 0, frozenset({"red"}), kind="wild")
    joker = Card(3, "", 0, frozenset(), kind="joker")
    assert cut_rank(wild) > cut_rank(z) > cut_rank(a) > cut_rank(joker)


def test_plb_01_seven_or_more_players_use_two_decks():
    assert len(game(6).cards) == 122 and len(game(7).cards) == 244
    with pytest.raises(ValueError, match="2 to 12 players"):
        game(1)


def test_plb_01_same_seed_same_game(g2):
    def run(seed):
        s, rng = g2.new_state(), Random(seed)
        while s.is_chance():
            s.apply_chance(s.sample_chance(rng))
        return s.to_json()

    assert run(4) == run(4) != run(5)


def test_plb_01_illegal_chance_outcomes_change_nothing(g2):
    s = g2.new_state()
    unchanged = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply_chance(5)
    s.apply_chance(0)
    mid = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply_chance((1, 2, 3))
    assert s.to_json() == mid and unchanged != mid


# ---------------------------------------------------------------------------- PLB-02
def test_plb_02_turn_discards_previous_play_banks_points_and_draws_to_seven(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue"])
    top = ids(g2, ["Q red/blue", "Z red/blue", "X red/blue", "J red/blue"], avoid=h0)
    s = deal(g2, {0: h0}, top=top)
    s.apply(Word(tuple(h0)))
    assert s.scores[0] == 3 + 1 + 1 + 1
    assert s.hands[0][-4:] == top  # drawn back to seven from the top, in order
    assert s.table[0]["letters"] == "CASA" and s.current_player() == 1
    s.apply(Pass())
    assert s.current_player() == 0 and s.phase == "turn"
    assert s.table[0] is None and s.discard[-4:] == h0  # (a) moved to the discard pile
    assert s.scores[0] == 6  # its points are his for good
    assert conserved(s)


def test_plb_02_one_pre_play_then_exactly_one_play(g2):
    h0 = ids(g2, ["T yellow", "O red"])
    h1 = ids(g2, ["joker", "joker", "T green", "O green"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    s.apply(Joker(h1[0], 0))
    assert s.phase == "play"
    assert not any(isinstance(a, Joker | Shave) for a in s.legal_actions())
    msg = unchanged_after(s, Joker(h1[1], 0))
    assert "only one pre-play" in msg
    s.apply(Word((h1[2], h1[3])))
    assert s.current_player() == 0 and s.phase == "turn"


# ---------------------------------------------------------------------------- PLB-03..08
def test_plb_03_a_word_must_be_in_the_dictionary(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue"])
    s = deal(g2, {0: h0})
    msg = unchanged_after(s, Word((h0[1], h0[0], h0[2])))
    assert "ACS is not a word" in msg and "class dictionary" in msg


def test_plb_03_wild_card_needs_its_letter(g2):
    h0 = ids(g2, ["wild", "A red", "S red", "A blue"])
    s = deal(g2, {0: h0})
    msg = unchanged_after(s, Word(tuple(h0)))
    assert "say which letter" in msg
    msg = unchanged_after(s, Word(tuple(h0), "CAS"))
    assert "4 cards need 4 letters" in msg
    s.apply(Word(tuple(h0), "casa"))
    assert s.table[0]["letters"] == "CASA" and s.scores[0] == (0 + 1 + 1 + 1)


def test_plb_04_straight_with_wrap(g2):
    h0 = ids(g2, ["Y red", "Z red/blue", "A red", "B red"])
    s = deal(g2, {0: h0})
    msg = unchanged_after(s, Straight((h0[2], h0[3], h0[0])))
    assert "alphabetical order" in msg
    s.apply(Straight(tuple(h0)))
    assert s.scores[0] == (4 + 10 + 1 + 4) * 2  # all red: colour lock


def test_plb_05_flush_five_cards_of_one_colour(g2):
    h0 = ids(g2, ["Q red/blue", "Z red/blue", "A red", "B red", "X red/blue", "G blue"])
    s = deal(g2, {0: h0})
    assert "5 or more" in unchanged_after(s, Flush(tuple(h0[:4])))
    assert "5 or more" in unchanged_after(s, Flush(tuple(h0[1:])))  # G blue with A, B red
    s.apply(Flush(tuple(h0[:5])))
    assert s.scores[0] == 10 + 10 + 1 + 4 + 8


def test_plb_06_build_to_into_stops_new_stars_only(g2):
    h0 = ids(g2, ["T yellow", "O red"])
    h1 = ids(g2, ["S yellow 2", "P red", "S red"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    s.apply(Build(0, before=(h1[0],), after=(h1[1], h1[2])))
    assert s.table[0] is None and s.table[1]["letters"] == "STOPS"
    assert s.table[1]["cards"] == [h1[0], *h0, h1[1], h1[2]]
    assert s.scores == [2, (1 + 1 + 1 + 2 + 1) * 2]  # only the new ** counts; not one colour
    assert conserved(s)


def test_plb_06_build_on_a_play_that_is_gone_or_not_a_word(g2):
    h0 = ids(g2, ["T yellow", "O red"])
    h1 = ids(g2, ["S yellow 2", "P red", "S red", "E red"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    assert "not a word" in unchanged_after(s, Build(0, after=(h1[0],)))  # TOS
    assert "your own play" in unchanged_after(s, Build(1, after=(h1[1],)))
    s.apply(Exchange((s.hands[1][-1],)))
    s.apply(Exchange((s.hands[0][-1],)))  # player 0's turn began: his TO left the table
    assert "it is gone" in unchanged_after(s, Build(0, after=(h1[1], h1[3])))


def test_plb_13_colour_locked_word_is_built_on_only_with_its_colour(g2):
    h0 = ids(g2, ["T green", "O green"])
    h1 = ids(g2, ["P red", "P green/yellow", "S red"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    assert s.scores[0] == 2 * 2
    msg = unchanged_after(s, Build(0, after=(h1[0],)))
    assert "colour-locked in green" in msg
    s.apply(Build(0, after=(h1[1],)))  # P green/yellow keeps the lock
    assert s.scores[1] == (1 + 1 + 2) * 2


def test_plb_07_vowels(g2):
    h0 = ids(g2, ["A red", "E red", "I red", "O red", "U red", "Y red", "B red"])
    s = deal(g2, {0: h0})
    assert "six or seven vowels" in unchanged_after(s, Vowels(tuple(h0[1:])))
    s.apply(Vowels(tuple(h0[:6])))
    assert s.scores[0] == 20


def test_plb_08_palabra_uses_the_whole_hand_for_70_more(g2):
    h0 = ids(g2, ["P red", "A red", "L green", "A green", "B blue", "R blue 2", "A blue"])
    s = deal(g2, {0: h0})
    assert "not a word" in unchanged_after(s, Palabra(tuple(reversed(h0))))
    t = s.copy()
    s.apply(Palabra(tuple(h0)))
    assert s.scores[0] == (2 + 1 + 2 + 1 + 4 + 1 + 1) * 2 + 70 and s.table[0]["kind"] == "palabra"
    t.apply(Word(tuple(h0)))  # a seven-card word with the whole hand is a Palabra
    assert t.scores == s.scores


# ---------------------------------------------------------------------------- PLB-09
def test_plb_09_exchange_draws_from_the_pile_and_pass_does_nothing(g2):
    s = deal(g2, {})
    top = s.deck[:2]
    give = tuple(s.hands[0][:2])
    s.apply(Exchange(give))
    assert s.hands[0][-2:] == top and s.discard[-2:] == list(give) and len(s.hands[0]) == 7
    before = s.to_json()
    s.apply(Pass())
    assert s.current_player() == 0 and s.scores == [0, 0] and s.to_json() != before
    assert "at least one card" in unchanged_after(s, Exchange(()))
    assert conserved(s)


def test_plb_09_exchange_needs_cards_in_the_draw_pile(g2):
    s = deal(g2, {})
    s.discard += s.deck[1:]
    del s.deck[1:]
    assert "has only 1 cards" in unchanged_after(s, Exchange(tuple(s.hands[0][:2])))


# ---------------------------------------------------------------------------- PLB-10
def test_plb_10_joker_cancels_a_play_owner_loses_points_draw_one_then_play(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue"])
    h1 = ids(g2, ["joker", "T yellow", "O red"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    assert s.scores[0] == 6
    assert "your own play" in unchanged_after(s, Joker(h1[0], 1))
    assert "not a joker" in unchanged_after(s, Joker(h1[1], 0))
    assert "a joker is not a letter" in unchanged_after(s, Word((h1[0], h1[2])))
    top = s.deck[0]
    s.apply(Joker(h1[0], 0))
    assert s.scores[0] == 0 and s.table[0] is None and s.hands[1][-1] == top
    assert len(s.hands[1]) == 7 and s.phase == "play" and s.current_player() == 1
    s.apply(Word((h1[1], h1[2])))
    assert s.scores == [0, 2] and conserved(s)


# ---------------------------------------------------------------------------- PLB-11
def test_plb_11_shave_cat_rulebook_example(g2):
    h0 = ids(g2, ["C red/blue", "A red", "T green"])
    h1 = ids(g2, ["C green", "A blue", "T yellow", "O red"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    assert s.scores == [5, 0]
    assert "does not match" in unchanged_after(s, Shave((h1[0],), (1,)))
    s.apply(Shave((h1[0], h1[1]), (0, 1)))
    assert s.scores == [1, 4]  # minus 4 / plus 4
    assert s.table[0]["points"] == 1 and s.phase == "play" and len(s.hands[1]) == 7
    s.apply(Word((h1[2], h1[3])))
    assert s.scores == [1, 6] and conserved(s)


def test_plb_11_shave_multiplied_by_the_plays_stars_and_lock(g2):
    h0 = ids(g2, ["C yellow 2", "A yellow", "T yellow"])  # ×2 star, ×2 yellow lock
    h1 = ids(g2, ["C green", "A yellow", "wild"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    assert s.scores[0] == 5 * 4
    msg = unchanged_after(s, Shave((h1[0],), (0,)))
    assert "colour-locked in yellow" in msg  # a green C cannot shave a yellow word
    s.apply(Shave((h1[2], h1[1]), (0, 1)))  # the wild is any colour
    assert s.scores == [20 - 16, 16]


def test_plb_11_only_the_prior_word_or_straight_can_be_shaved(g3):
    h0 = ids(g3, ["C red/blue", "A red", "T green"])
    h1 = ids(g3, ["Q red/blue", "Z red/blue", "A blue", "B blue", "X red/blue"], avoid=h0)
    h2 = ids(g3, ["C green", "A green", "B yellow", "E red"], avoid=h0 + h1)
    s = deal(g3, {0: h0, 1: h1, 2: h2})
    s.apply(Word(tuple(h0)))
    t = s.copy()
    s.apply(Flush(tuple(h1)))
    assert "only a word or a straight" in unchanged_after(s, Shave((h2[1],), (2,)))
    t.apply(Pass())  # CAT is still on the table, but it is not the prior play
    assert "only the prior play" in unchanged_after(t, Shave((h2[0],), (0,)))
    t.apply(Pass())
    assert t.current_player() == 0 and t.table[0] is None


# ---------------------------------------------------------------------------- PLB-12
def _empty_pile(s, hand_of_0):
    """Draw pile emptied into the discard pile; player 0 keeps only ``hand_of_0``."""
    s.discard += s.deck
    s.deck = []
    for c in [c for c in s.hands[0] if c not in hand_of_0]:
        s.hands[0].remove(c)
        s.discard.append(c)
    assert conserved(s)


def test_plb_12_game_ends_at_once_when_pile_is_empty_and_a_hand_is_played_out(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue"])
    h1 = ids(g2, ["Q red/blue", "K red/blue 3", "A red", "E blue", "I blue", "O blue", "U red"],
             avoid=h0)  # fmt: skip
    s = deal(g2, {0: h0, 1: h1})
    _empty_pile(s, h0)
    s.apply(Word(tuple(h0)))
    assert s.is_terminal() and s.current_player() == TERMINAL
    penalty = (10 + 6 + 1 + 1 + 1 + 1 + 1) * 3  # as a word: the ×3 star; no single colour
    assert s.scores == [6, -penalty] and s.winner() == 0 and s.returns() == [1.0, 0.0]
    assert "played all his cards" in s.ended
    assert "game is over" in unchanged_after(s, Pass())
    assert s.legal_actions() == []


def test_plb_12_agreed_number_of_rounds():
    g = game(2, rounds=1)
    s = deal(g, {})
    s.apply(Exchange((s.hands[0][0],)))
    assert not s.is_terminal()
    s.apply(Exchange((s.hands[1][0],)))
    assert s.is_terminal() and "1 rounds" in s.ended and s.scores == [0, 0]
    assert s.winner() is None  # a tie


def test_plb_12_reading_a_full_round_of_passes_ends_the_game(g2):
    s = deal(g2, {})
    s.apply(Pass())
    s.apply(Pass())
    assert s.is_terminal() and s.ended == "a full round of passes"
    assert all(x < 0 for x in s.scores)  # the hands count against their holders


# ---------------------------------------------------------------------------- errors, saving
def test_illegal_actions_change_nothing_and_say_why(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue", "joker"])
    s = deal(g2, {0: h0})
    other = s.hands[1][0]
    cases = [
        (Word((h0[0], other)), "not in your hand"),
        (Word((h0[0], h0[0])), "only once"),
        (Word((h0[0],)), "not a word"),
        (Word([h0[0], "x"]), "tuple of card ids"),
        (Build(1, after=(h0[1],)), "no play on the table"),
        (Shave((h0[0],), (0,)), "there is none"),
        (Joker(h0[4], 1), "no play on the table"),
        (Palabra(tuple(h0[:4])), "all seven cards"),
        (Vowels((h0[1], h0[3])), "six or seven vowels"),
        ("CASA", "not a Palabra action"),
    ]
    for action, why in cases:
        assert why in unchanged_after(s, action), action


def test_json_round_trip_is_exact_through_a_game(g3):
    from kit.games.palabra.bots import greedy

    s, rng = g3.new_state(), Random(11)
    while not s.is_terminal():
        text = s.to_json()
        back = PalabraState.from_json(text, g3)
        assert back == s and back.to_json() == text
        if s.is_chance():
            s.apply_chance(s.sample_chance(rng))
        else:
            a = greedy(s, rng)
            back.apply(a)
            s.apply(a)
            assert back == s
    with pytest.raises(ValueError, match="players"):
        PalabraState.from_json(s.to_json(), game(2))


def test_game_options_are_checked():
    with pytest.raises(ValueError, match="language"):
        PalabraGame(players=2, language="fr", dictionary=["CASA"])
    with pytest.raises(ValueError, match="rounds"):
        PalabraGame(players=2, rounds=0, dictionary=["CASA"])
    assert PalabraGame(players=["Ana", "Luis"], dictionary=["CASA"]).names == ["Ana", "Luis"]
