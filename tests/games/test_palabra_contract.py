"""Palabra on the kit's contract: one legality test (refusal), lazy refusals, score_of, the
events of every call, saving, and the readings that make every game end (PLB-01..12)."""

from __future__ import annotations

import json
from random import Random

import pytest
from test_palabra_helpers import deal, game, ids

import kit.games.core
import kit.games.palabra.refusals
from kit.games.core import IllegalAction
from kit.games.palabra import EVENTS, PalabraState
from kit.games.palabra.actions import Build, Exchange, Joker, Pass, Shave, Word
from kit.games.palabra.bots import beginner, greedy, random_legal
from kit.games.palabra.dictionary import Dictionary
from kit.games.palabra.finder import find_plays
from kit.games.palabra.game import PalabraGame
from kit.games.registry import game_type


@pytest.fixture(scope="module")
def full():
    return PalabraGame(players=3, dictionary=Dictionary.bundled("es", common=5000))


def seeded_game(g, seed, bots=(greedy, beginner, random_legal)):
    """Every (state before, action or chance outcome, state after) of a seeded game."""
    rng = Random(seed)
    s = g.new_state()
    while not s.is_terminal():
        before = s.copy()
        if s.is_chance():
            move = s.sample_chance(rng)
            s.apply_chance(move)
        else:
            move = bots[s.cur % len(bots)](s, rng)
            s.apply(move)
        yield before, move, s


def test_every_event_is_json_ready_declared_and_new_per_call(full):
    """The registration lists every kind; each call gives a new list; a copy may share it."""
    assert game_type("palabra").events == EVENTS
    seen = set()
    previous = None
    for seed in range(4):
        for _, _, s in seeded_game(full, seed):
            assert s.events is not previous  # a new list per call, never grown
            previous = s.events
            assert json.loads(json.dumps(s.events)) == s.events
            for event in s.events:
                assert event["kind"] in EVENTS, event
                assert "player" not in event or event["player"] in range(full.n)
                seen.add(event["kind"])
            assert s.copy().events == s.events
            assert "events" not in json.loads(s.to_json())
    assert {"cut", "first", "deal", "play", "draw", "banked", "game_over"} <= seen
    assert full.new_state().events == []
    assert PalabraState.from_json(s.to_json(), full).events == []


def test_a_play_event_says_who_what_and_how_it_scored(full):
    """PLB-03: the play's kind, cards, word and breakdown; score_of gives the same points."""
    for before, move, s in seeded_game(full, 1, (greedy,)):
        if isinstance(move, Word):
            credited = before.score_of(move)
            play = next(e for e in s.events if e["kind"] == "play")
            assert play["player"] == before.cur and play["cards"] == list(move.cards)
            assert play["word"] == move.letters and play["points"] == credited.total
            assert play["score"] == credited.as_data()
            assert s.scores[before.cur] - before.scores[before.cur] == credited.total
            return
    raise AssertionError("no word in a seeded greedy game")


def test_score_of_is_what_the_engine_credits_and_an_illegal_play_has_none(full):
    """PLB-03..11: for every candidate of seeded positions, the points the move adds."""
    checked = 0
    for before, _move, _ in seeded_game(full, 2, (greedy,)):
        if before.is_chance() or before.turns > 12:
            continue
        for cand in find_plays(before)[:15]:
            trial = before.copy()
            me = trial.cur
            trial.apply(cand.action)
            assert before.score_of(cand.action).total == cand.total
            if cand.kind == "joker":
                target = cand.action.target
                assert trial.scores[target] == before.scores[target] - cand.total
            else:
                assert trial.scores[me] - before.scores[me] == cand.total
            checked += 1
        assert before.score_of(Pass()) is None
        with pytest.raises(IllegalAction) as e:
            before.score_of(Word(()))
        assert e.value.key == "rules_palabra.not_word"
    assert checked > 50


def test_refusal_tests_the_action_not_the_list_and_writes_no_sentence(full, monkeypatch):
    """The predicate builds no list of legal actions and no message until one is read."""
    s = next(b for b, _, _ in seeded_game(full, 3, (greedy,)) if b.phase == "turn")
    legal = s.legal_actions()

    def refused(*_args, **_kwargs):
        raise AssertionError("not allowed here")

    monkeypatch.setattr(PalabraState, "legal_actions", refused)
    monkeypatch.setattr(kit.messages, "t", refused)  # the lazy words write through it
    monkeypatch.setattr(kit.games.core, "t", refused)
    for action in legal[:40]:
        assert s.refusal(action) is None
    hand = s.hands[s.cur]
    tries = [Word(tuple(hand[:2]), "QQ"), Build(s.cur, after=(hand[0],)), Exchange(()),
             Shave((hand[0],), (9,)), Joker(hand[0], s.cur), "Word", Word([True])]  # fmt: skip
    problems = [s.refusal(a) for a in tries]
    assert all(isinstance(p, IllegalAction) for p in problems)
    monkeypatch.undo()
    assert all(str(p) for p in problems)  # the sentence, written only now


def test_why_not_works_through_a_session_and_the_log_holds_the_events():
    from kit.session import Session

    g = PalabraGame(players=["Ana", "Bot"], dictionary=["casa", "mesa", "sol"])
    session = Session.around(g, [None, "greedy"], seed=4)
    state = session.state
    assert session.why_not(Pass()) is None
    assert session.why_not(Word(())) == str(state.refusal(Word(())))
    session.act(Pass())
    mine = next(entry for entry in session.log if entry["by"] == "human")
    assert mine["events"][0] == {"kind": "pass", "player": 0}
    assert all(e["kind"] in EVENTS for entry in session.log for e in entry["events"])


def test_plb_09_reading_a_pile_turned_over_by_exchanges_ends_the_game():
    """Exchanges put the cards back under the pile: once as many cards were exchanged as the
    pile holds, with no card laid, the game ends (the hands count against their holders)."""
    g = game(2)
    s = deal(g, {})
    del s.deck[3:]  # a short pile: three cards, the rest are out of the game for this test
    s.apply(Exchange(tuple(s.hands[0][:2])))
    assert not s.is_terminal() and s.swapped == 2
    s.apply(Exchange((s.hands[1][0],)))
    assert s.is_terminal() and s.ended == "stalled"
    assert [e["kind"] for e in s.events][-3:] == ["penalty", "penalty", "game_over"]


def test_plb_09_a_card_laid_starts_the_count_again():
    g = game(2)
    h0 = ids(g, ["T yellow", "O red"])
    s = deal(g, {0: h0})
    del s.deck[3:]
    s.apply(Exchange((s.hands[0][-1],)))
    s.apply(Exchange((s.hands[1][0],)))
    assert s.swapped == 2
    s.apply(Word(tuple(h0)))
    assert s.swapped == 0 and not s.is_terminal()


def test_audit_is_empty_through_games_and_a_bad_save_is_refused_by_name(full):
    for _, _, after in seeded_game(full, 6):
        assert after.audit() == []

    s = next(after for _, _, after in seeded_game(full, 5, (greedy,)) if after.turns == 3)
    data = json.loads(s.to_json())
    with pytest.raises(ValueError, match="scores"):
        PalabraState.from_json(json.dumps({**data, "scores": [0, 0]}), full)
    with pytest.raises(ValueError, match="cards do not add up: missing"):
        PalabraState.from_json(json.dumps({**data, "deck": data["deck"][1:]}), full)
    with pytest.raises(ValueError, match="at most 7"):
        hands = [data["hands"][0] + data["deck"][:1], *data["hands"][1:]]
        PalabraState.from_json(json.dumps({**data, "hands": hands, "deck": data["deck"][1:]}), full)
    with pytest.raises(ValueError, match="swapped"):
        PalabraState.from_json(json.dumps({k: v for k, v in data.items() if k != "swapped"}), full)
    with pytest.raises(ValueError, match="phase"):
        PalabraState.from_json(json.dumps({**data, "phase": "dance"}), full)
    assert PalabraState.from_json(s.to_json(), full) == s


def test_a_wrong_kind_of_chance_outcome_is_refused(full):
    s = full.new_state()
    for outcome in (1, True, ["A"], b"A"):
        assert s.chance_refusal(outcome).key == "rules_palabra.bad_cut"
    s = full.dealt_state(range(len(full.cards)))
    assert s.chance_refusal(0).key == "rules_palabra.not_chance"
    shuffle = full.new_state()
    shuffle.phase = "shuffle"
    order = tuple(range(len(full.cards)))
    assert shuffle.chance_refusal(order) is None
    for bad in (list(order), (True, *order[1:]), order[:-1], (*order[:-1], 0)):
        assert shuffle.chance_refusal(bad).key == "rules_palabra.bad_shuffle"


def test_a_save_from_before_the_real_cut_still_loads(full):
    """A class file written before PLB-01's cut and PLB-09's pile: the new fields start empty."""
    s = next(after for _, _, after in seeded_game(full, 7, (greedy,)) if after.turns == 2)
    data = json.loads(s.to_json())
    old = {k: v for k, v in data.items() if k not in ("swapped", "cutters", "cut")}
    old["last"] = [{"player": 0, "kind": "pass"}]
    assert PalabraState.from_json(json.dumps(old), full) == s
