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
from kit.games.palabra.game import PalabraGame, PalabraState
from kit.games.palabra.rules import cut_face, cut_rank
from kit.messages import language, set_language, t


@pytest.fixture(scope="module")
def g2():
    return game(2)


@pytest.fixture(scope="module")
def g3():
    return game(3)


def unchanged_after(state, action) -> IllegalAction:
    """The refusal of `action`: raised by apply, the same as `refusal` returns; nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert state.to_json() == before
    assert state.refusal(action).key == e.value.key and state.why_not(action) == str(e.value)
    return e.value


def english(problem: IllegalAction) -> str:
    """The refusal as an English-speaking class reads it."""
    was = language()
    set_language("en")
    try:
        return str(problem)
    finally:
        set_language(was)


# ---------------------------------------------------------------------------- PLB-01
def test_plb_01_each_cut_is_an_exact_chance_node_of_the_faces_left(g3):
    """Each player cuts one card from the shuffled deck: a face as likely as its copies left."""
    s = g3.new_state()
    assert s.is_chance() and s.current_player() == CHANCE
    first = dict(s.chance_outcomes())
    assert sum(first.values()) == 1
    copies = {face: sum(1 for c in g3.cards if cut_face(c) == face) for face in first}
    assert first == {face: Fraction(k, 122) for face, k in copies.items()}
    assert (copies["wild"], copies["joker"], copies["vowel"]) == (3, 2, 2)
    s.apply_chance("wild")
    assert s.events == [{"kind": "cut", "player": 0, "card": "wild", "rank": 27,
                         "text": t("rules_palabra.cut_wild")}]  # fmt: skip
    second = dict(s.chance_outcomes())  # the second cutter cannot cut the same card
    assert second["wild"] == Fraction(2, 121) and second["A"] == Fraction(copies["A"], 121)
    assert sum(second.values()) == 1


def test_plb_01_nearest_to_z_begins_and_deals_wild_outranks_z_joker_below_a(g3):
    s = g3.new_state()
    for face in ("Z", "wild", "joker"):
        s.apply_chance(face)
    assert s.events[-1] == {"kind": "first", "player": 1} and s.phase == "shuffle"
    with pytest.raises(TooManyOutcomes):
        s.chance_outcomes()
    with pytest.raises(IllegalAction) as e:
        s.apply_chance(list(range(122)))  # an order is a tuple
    assert e.value.key == "rules_palabra.bad_shuffle"
    order = s.sample_chance(Random(1))
    s.apply_chance(order)
    assert s.events == [{"kind": "deal", "player": 1, "cards": 7, "pile": 101}]
    assert [len(h) for h in s.hands] == [7, 7, 7] and len(s.deck) == 122 - 21
    assert s.hands[2][0] == order[0] and s.hands[0][0] == order[1] and s.hands[1][0] == order[2]
    assert s.deck[0] == order[21]  # draws come in order from the top
    assert s.current_player() == 1  # the dealer plays first
    assert conserved(s)
    z = Card(0, "Z", 10, frozenset({"red"}))
    a = Card(1, "A", 1, frozenset({"red"}))
    wild = Card(2, "", 0, frozenset({"red"}), kind="wild")
    joker = Card(3, "", 0, frozenset(), kind="joker")
    assert cut_rank(wild) > cut_rank(z) > cut_rank(a) > cut_rank(joker)


def test_plb_01_ties_for_the_best_cut_cut_again(g3):
    """Z, Z, A: seats 0 and 1 cut again (from the whole deck); a vowel card ranks as the Y."""
    s = g3.new_state()
    for face in ("Z", "A", "Z"):
        s.apply_chance(face)
    assert s.events[-1] == {"kind": "cut_again", "players": [0, 2]} and s.phase == "cut"
    assert dict(s.chance_outcomes())["Z"] == Fraction(copies_of(g3, "Z"), 122)
    s.apply_chance("vowel")
    assert s.events[0]["player"] == 0
    s.apply_chance("Y")  # the vowel card ties with the Y: again
    assert s.events[-1] == {"kind": "cut_again", "players": [0, 2]}
    s.apply_chance("B")
    s.apply_chance("joker")
    assert s.events[-1] == {"kind": "first", "player": 0} and s.dealer == 0


def copies_of(g, face):
    return sum(1 for c in g.cards if cut_face(c) == face)


def test_plb_01_who_begins_exactly_each_seat_one_half_with_two_players(g2):
    """Walk the cut's chance nodes: P(seat 0 wins a round) = P(seat 1 wins it), and with the
    re-cuts after a tie, P(begin) = P(win a round) / (1 - P(tie)) = 1/2 exactly."""
    win = [Fraction(0), Fraction(0)]
    tie = Fraction(0)
    s = g2.new_state()
    for a, pa in s.chance_outcomes():
        after = s.chance_child(a)
        for b, pb in after.chance_outcomes():
            last = after.chance_child(b).events[-1]
            if last["kind"] == "cut_again":
                tie += pa * pb
            else:
                win[last["player"]] += pa * pb
    assert win[0] == win[1] and win[0] + win[1] + tie == 1
    assert win[0] / (1 - tie) == Fraction(1, 2)
    ranks = {}  # the ties by counting: two cards of the same rank out of C(122, 2) pairs
    for c in g2.cards:
        ranks[cut_rank(c)] = ranks.get(cut_rank(c), 0) + 1
    assert tie == Fraction(sum(k * (k - 1) for k in ranks.values()), 122 * 121)


def test_plb_01_wrong_cut_outcomes_are_refused_and_change_nothing(g2):
    s = g2.new_state()
    unchanged = s.to_json()
    for outcome in (5, True, "Ñ", ("Z",), None):
        with pytest.raises(IllegalAction) as e:
            s.apply_chance(outcome)
        assert e.value.key == "rules_palabra.bad_cut" and s.to_json() == unchanged
    s.apply_chance("joker")
    s.apply_chance("joker")  # both jokers: a tie
    assert s.chance_refusal("joker") is None  # the re-cut is from the whole deck
    mid = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply_chance((1, 2, 3))
    assert s.to_json() == mid == unchanged  # a tie of all: the cut begins again
    s = g2.dealt_state(range(122), 0)
    with pytest.raises(IllegalAction) as e:
        s.apply_chance("A")
    assert e.value.key == "rules_palabra.not_chance"


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
    assert unchanged_after(s, Joker(h1[1], 0)).key == "rules_palabra.one_preplay"
    s.apply(Word((h1[2], h1[3])))
    assert s.current_player() == 0 and s.phase == "turn"


# ---------------------------------------------------------------------------- PLB-03..08
def test_plb_03_a_word_must_be_in_the_dictionary(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue"])
    s = deal(g2, {0: h0})
    e = unchanged_after(s, Word((h0[1], h0[0], h0[2])))
    assert e.key == "rules_palabra.not_word" and e.values["letters"] == "ACS"


def test_plb_03_wild_card_needs_its_letter(g2):
    h0 = ids(g2, ["wild", "A red", "S red", "A blue"])
    s = deal(g2, {0: h0})
    assert unchanged_after(s, Word(tuple(h0))).key == "rules_palabra.say_letters"
    e = unchanged_after(s, Word(tuple(h0), "CAS"))
    assert e.key == "rules_palabra.letters_count" and e.values["k"] == 4
    s.apply(Word(tuple(h0), "casa"))
    assert s.table[0]["letters"] == "CASA" and s.scores[0] == (0 + 1 + 1 + 1)


def test_plb_04_straight_with_wrap(g2):
    h0 = ids(g2, ["Y red", "Z red/blue", "A red", "B red"])
    s = deal(g2, {0: h0})
    assert unchanged_after(s, Straight((h0[2], h0[3], h0[0]))).key == "rules_palabra.not_straight"
    s.apply(Straight(tuple(h0)))
    assert s.scores[0] == (4 + 10 + 1 + 4) * 2  # all red: colour lock


def test_plb_05_flush_five_cards_of_one_colour(g2):
    h0 = ids(g2, ["Q red/blue", "Z red/blue", "A red", "B red", "X red/blue", "G blue"])
    s = deal(g2, {0: h0})
    assert unchanged_after(s, Flush(tuple(h0[:4]))).key == "rules_palabra.not_flush"
    assert (
        unchanged_after(s, Flush(tuple(h0[1:]))).key == "rules_palabra.not_flush"
    )  # G blue with A, B red
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
    assert unchanged_after(s, Build(0, after=(h1[0],))).key == "rules_palabra.build_not_word"
    assert unchanged_after(s, Build(1, after=(h1[1],))).key == "rules_palabra.own_play"
    s.apply(Exchange((s.hands[1][-1],)))
    s.apply(Exchange((s.hands[0][-1],)))  # player 0's turn began: his TO left the table
    assert unchanged_after(s, Build(0, after=(h1[1], h1[3]))).key == "rules_palabra.no_play"


def test_plb_13_colour_locked_word_is_built_on_only_with_its_colour(g2):
    h0 = ids(g2, ["T green", "O green"])
    h1 = ids(g2, ["P red", "P green/yellow", "S red"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    assert s.scores[0] == 2 * 2
    e = unchanged_after(s, Build(0, after=(h1[0],)))
    assert e.key == "rules_palabra.build_locked" and "colour-locked in green" in english(e)
    s.apply(Build(0, after=(h1[1],)))  # P green/yellow keeps the lock
    assert s.scores[1] == (1 + 1 + 2) * 2


def test_plb_07_vowels(g2):
    h0 = ids(g2, ["A red", "E red", "I red", "O red", "U red", "Y red", "B red"])
    s = deal(g2, {0: h0})
    assert unchanged_after(s, Vowels(tuple(h0[1:]))).key == "rules_palabra.not_vowels"
    s.apply(Vowels(tuple(h0[:6])))
    assert s.scores[0] == 20


def test_plb_08_palabra_uses_the_whole_hand_for_70_more(g2):
    h0 = ids(g2, ["P red", "A red", "L green", "A green", "B blue", "R blue 2", "A blue"])
    s = deal(g2, {0: h0})
    assert unchanged_after(s, Palabra(tuple(reversed(h0)))).key == "rules_palabra.not_word"
    t = s.copy()
    s.apply(Palabra(tuple(h0)))
    assert s.scores[0] == (2 + 1 + 2 + 1 + 4 + 1 + 1) * 2 + 70 and s.table[0]["kind"] == "palabra"
    t.apply(Word(tuple(h0)))  # a seven-card word with the whole hand is a Palabra
    assert t.scores == s.scores


# ---------------------------------------------------------------------------- PLB-09
def test_plb_09_exchanged_cards_go_to_the_bottom_of_the_pile_as_many_come_from_its_top(g2):
    s = deal(g2, {})
    top, pile = s.deck[:2], len(s.deck)
    give = tuple(s.hands[0][:2])
    s.apply(Exchange(give))
    assert s.hands[0][-2:] == top and s.deck[-2:] == list(give) and len(s.hands[0]) == 7
    assert len(s.deck) == pile and s.discard == []  # not to the discard pile
    assert s.events == [{"kind": "exchange", "player": 0, "cards": 2}]
    before = s.to_json()
    s.apply(Pass())
    assert s.current_player() == 0 and s.scores == [0, 0] and s.to_json() != before
    assert unchanged_after(s, Exchange(())).key == "rules_palabra.exchange_none"
    assert conserved(s)


def test_plb_09_exchange_needs_cards_in_the_draw_pile(g2):
    s = deal(g2, {})
    s.discard += s.deck[1:]
    del s.deck[1:]
    e = unchanged_after(s, Exchange(tuple(s.hands[0][:2])))
    assert e.key == "rules_palabra.exchange_pile" and (e.values["pile"], e.values["k"]) == (1, 2)


# ---------------------------------------------------------------------------- PLB-10
def test_plb_10_joker_cancels_a_play_owner_loses_points_draw_one_then_play(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue"])
    h1 = ids(g2, ["joker", "T yellow", "O red"], avoid=h0)
    s = deal(g2, {0: h0, 1: h1})
    s.apply(Word(tuple(h0)))
    assert s.scores[0] == 6
    assert unchanged_after(s, Joker(h1[0], 1)).key == "rules_palabra.own_play"
    assert unchanged_after(s, Joker(h1[1], 0)).key == "rules_palabra.not_joker"
    assert unchanged_after(s, Word((h1[0], h1[2]))).key == "rules_palabra.joker_not_letter"
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
    assert unchanged_after(s, Shave((h1[0],), (1,))).key == "rules_palabra.shave_match"
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
    e = unchanged_after(s, Shave((h1[0],), (0,)))
    assert e.key == "rules_palabra.shave_locked" and "colour-locked in yellow" in english(
        e
    )  # a green C cannot shave a yellow word
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
    assert unchanged_after(s, Shave((h2[1],), (2,))).key == "rules_palabra.shave_kind"
    t.apply(Pass())  # CAT is still on the table, but it is not the prior play
    assert unchanged_after(t, Shave((h2[0],), (0,))).key == "rules_palabra.shave_none"
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
    assert s.ended == "played_out" and s.events[-1]["kind"] == "game_over"
    assert unchanged_after(s, Pass()).key == "rules_palabra.no_act_over"
    assert s.legal_actions() == []


def test_plb_12_agreed_number_of_rounds():
    g = game(2, rounds=1)
    s = deal(g, {})
    s.apply(Exchange((s.hands[0][0],)))
    assert not s.is_terminal()
    s.apply(Exchange((s.hands[1][0],)))
    assert s.is_terminal() and s.ended == "rounds" and s.scores == [0, 0]
    assert [e["kind"] for e in s.events][-2:] == ["round", "game_over"]
    assert s.events[-2] == {"kind": "round", "round": 1, "scores": [0, 0]}
    assert s.winner() is None  # a tie


def test_plb_12_reading_a_full_round_of_passes_ends_the_game(g2):
    s = deal(g2, {})
    s.apply(Pass())
    s.apply(Pass())
    assert s.is_terminal() and s.ended == "passes"
    assert all(x < 0 for x in s.scores)  # the hands count against their holders


# ---------------------------------------------------------------------------- errors, saving
def test_illegal_actions_change_nothing_and_say_why(g2):
    h0 = ids(g2, ["C red/blue", "A red", "S red", "A blue", "joker"])
    s = deal(g2, {0: h0})
    other = s.hands[1][0]
    cases = [
        (Word((h0[0], other)), "not_in_hand"),
        (Word((h0[0], h0[0])), "card_twice"),
        (Word((h0[0],)), "not_word"),
        (Word([h0[0], "x"]), "bad_value"),
        (Build(1, after=(h0[1],)), "no_play"),
        (Shave((h0[0],), (0,)), "shave_none"),
        (Joker(h0[4], 1), "no_play"),
        (Palabra(tuple(h0[:4])), "palabra_seven"),
        (Vowels((h0[1], h0[3])), "not_vowels"),
        ("CASA", "not_an_action"),
    ]
    for action, why in cases:
        area = "rules_core." if why == "bad_value" else "rules_palabra."  # a wrong type: core
        assert unchanged_after(s, action).key == area + why, action


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
