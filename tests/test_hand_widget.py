"""Palabra's table without a browser: clicks go through the handler the browser's messages use.

`_handle_custom_msg(content, buffers)` is where ipywidgets delivers a view's `model.send(...)`.
Engine messages are not asserted word for word (they are being translated): only that one is
shown and that nothing changed.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hand_view import WORDS, dealt, ids_of

import kit
from kit.games.palabra import Flush, PalabraGame, PalabraState, Word, action_from_dict, best_play
from kit.games.registry import game_type
from kit.messages import set_language, t
from kit.render.hand import hand_svg
from kit.session import Session
from kit.widgets.hand import PalabraTable
from kit.widgets.hand_view import try_action


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def click(table: PalabraTable, content: object) -> None:
    """What a click in the view does: a custom message to the kernel."""
    table._handle_custom_msg(content, [])


def press(table: PalabraTable, kind: str, legal: bool = True) -> dict:
    """Click the first button of this kind (allowed or not), as the browser would."""
    button = next(b for b in table.view["buttons"] if b["kind"] == kind and b["legal"] == legal)
    click(table, {"type": "act", "action": button["action"]})
    return button


def small_table(seed: int = 1, bots=None) -> PalabraTable:
    game = PalabraGame(players=["Ana", "Luis"], dictionary=WORDS)
    first = ids_of(game, "C3** A1 S1** A1 E1 M3 I1")
    second = ids_of(game, "E1 S1 A1 T1 N1 O1 O1", set(first))
    return PalabraTable(dealt([first, second], game=game), seed=seed, bots=bots)


def test_a_new_game_is_dealt_with_the_seed_and_waits_for_a_human():
    a = PalabraTable(kit.load("palabra", players=3), seed=4)
    b = PalabraTable(kit.load("palabra", players=3), seed=4)
    assert a.state.to_json() == b.state.to_json() and a.svg == b.svg
    assert a.state.phase == "turn" and len(a.view["hand"]) == 7
    assert ET.fromstring(a.svg).tag.endswith("svg")
    assert a.view["buttons"] == [b for b in a.view["buttons"] if b["kind"] == "Pass"]


def test_clicking_cards_builds_the_score_then_the_play_scores_exactly_that():
    """PLB-03: the shown total is the engine's score; playing it adds exactly that."""
    table = small_table()
    c, a, s, a2 = table.state.hands[0][:4]
    for card in (c, a, s, a2):
        click(table, {"type": "pick", "card": card})
    sel = table.view["selection"]
    assert sel["word"] == "CASA" and sel["cards"] == [c, a, s, a2]
    shown = sel["total"]
    assert shown == (3 + 1 + 1 + 1) * 2 * 2 * 2  # C3** S1** and all yellow
    assert [st["total"] for st in sel["steps"]] == [6, 12, 24, 48]
    button = press(table, "Word")
    assert "48" in button["label"]
    assert table.state.scores[0] == shown
    word = t("hand.log_kind_word")
    assert table.message == t("hand.log_play", name="Ana", kind=word, letters="CASA", points=48)
    assert table.view["selection"]["cards"] == [] and table.view["to_act"] == 1


def test_unselecting_and_clearing():
    table = small_table()
    hand = table.state.hands[0]
    for card in (hand[0], hand[1], hand[0]):
        click(table, {"type": "pick", "card": card})
    assert table.view["selection"]["cards"] == [hand[1]]
    click(table, {"type": "clear"})
    assert table.view["selection"]["cards"] == []


def test_a_non_word_shows_the_engines_message_and_changes_nothing():
    table = small_table()
    hand = table.state.hands[0]
    for card in (hand[1], hand[0]):  # A C
        click(table, {"type": "pick", "card": card})
    before = table.state.to_json()
    press(table, "Word", legal=False)
    assert table.state.to_json() == before
    assert table.message.startswith("No se puede: ") and len(table.message) > 20
    assert table.view["message"] == table.message
    assert table.view["selection"]["cards"] == [hand[1], hand[0]]  # kept to try again


def test_a_build_on_a_play_that_is_gone_is_refused():
    """PLB-02 a: a play leaves the table when its owner's turn comes round again."""
    table = small_table()
    state = table.state
    stale = {
        "type": "Build",
        "target": 1,
        "before": [state.hands[0][0]],
        "after": [],
        "letters": "",
    }
    before = state.to_json()
    click(table, {"type": "act", "action": stale})
    assert table.state.to_json() == before and table.message.startswith("No se puede")


def test_shaving_a_flush_is_refused():
    """PLB-11: only a word or a straight can be shaved."""
    game = PalabraGame(players=["Ana", "Luis"], dictionary=WORDS)
    yellow = ids_of(game, "B4 E1 G5 I1 N1")
    first = [*yellow, *ids_of(game, "T1 T1", set(yellow))]
    second = ids_of(game, "B4 E1 S1 A1 O1 O1 N1", set(first))
    state = dealt([first, second], game=game)
    state.apply(Flush(tuple(yellow)))
    table = PalabraTable(state, seed=1)
    b = second[0]
    click(table, {"type": "pick", "card": b})
    shave = next(x for x in table.view["buttons"] if x["kind"] == "Shave")
    assert not shave["legal"]
    before = table.state.to_json()
    click(table, {"type": "act", "action": shave["action"]})
    assert table.state.to_json() == before and table.message.startswith("No se puede")


def test_a_shave_moves_the_points_the_view_showed():
    """PLB-11: the shaved letters' values times the play's multipliers."""
    game = PalabraGame(players=["Ana", "Luis"], dictionary=WORDS)
    green_a = next(c.id for c in game.cards if c.label == "A1" and c.colours == {"green"})
    first = [*ids_of(game, "C3** A1 S1**"), green_a, *ids_of(game, "E1 M3 I1")]
    second = ids_of(game, "C3 A1 T1 N1 O1 O1 E1", set(first))
    state = dealt([first, second], game=game)
    state.apply(Word(tuple(first[:4]), ""))  # CASA, two stars, not one colour: 6 × 2 × 2 = 24
    table = PalabraTable(state, seed=1)
    for card in second[:2]:  # C and A
        click(table, {"type": "pick", "card": card})
    shave = next(x for x in table.view["buttons"] if x["kind"] == "Shave")
    assert shave["legal"] and shave["points"] == (3 + 1) * 2 * 2
    press(table, "Shave")
    assert table.state.scores == [24 - 16, 16]
    assert table.state.phase == "play"  # now one of the eight plays
    assert "16" in table.message


def test_the_best_play_button_shows_the_finder_and_plays_it():
    table = PalabraTable(kit.load("palabra", players=2), seed=11)
    best = best_play(table.state)
    click(table, {"type": "best"})
    shown = table.view["best"]
    assert shown["total"] == best.total and shown["steps"][-1]["total"] == best.total
    assert "kit-best" in table.svg
    me, start = table.state.cur, table.state.scores[table.state.cur]
    click(table, {"type": "act", "action": shown["action"]})
    assert table.state.scores[me] == start + best.total
    assert table.view["best"] is None


def test_bots_play_after_a_human_with_the_seed():
    runs = []
    for _ in range(2):
        table = PalabraTable(kit.load("palabra", players=["Ana", "B1", "B2"]), seed=5,
                             bots={1: "greedy", 2: "beginner"})  # fmt: skip
        assert table.state.cur == 0  # the bots played their turns before Ana's
        press(table, "Pass")
        assert table.state.cur == 0 and table.state.turns >= 3
        lines = table.message.splitlines()
        assert lines[0] == t("hand.log_pass", name="Ana") and len(lines) >= 3
        assert any(line.startswith("B1") for line in lines)
        runs.append((table.state.to_json(), table.svg))
    assert runs[0] == runs[1]


def test_an_all_bot_table_plays_to_the_end():
    table = PalabraTable(kit.load("palabra", players=2), seed=3, bots={0: "greedy", 1: "greedy"})
    assert table.state.is_terminal()
    assert table.view["buttons"] == [] and "Fin de la partida" in table.view["status"]
    before = table.state.to_json()
    click(table, {"type": "act", "action": {"type": "Pass"}})
    click(table, {"type": "pick", "card": 0})
    assert table.state.to_json() == before and table.message


def test_wild_card_letters_by_message():
    game = PalabraGame(players=["Ana", "Luis"], dictionary=WORDS)
    wild = next(c.id for c in game.cards if c.kind == "wild")
    hand = [*ids_of(game, "C3** A1 S1**"), wild, *ids_of(game, "E1 I1 O1")]
    other = ids_of(game, "E1 I1 I1 O1 T1 T1 N1", set(hand))
    table = PalabraTable(dealt([hand, other], game=game), seed=1)
    for card in hand[:4]:
        click(table, {"type": "pick", "card": card})
    assert table.view["selection"]["needs_letters"]
    click(table, {"type": "letters", "text": "a"})
    assert table.view["selection"]["word"] == "CASA"
    click(table, {"type": "letters", "text": "4!"})
    assert table.message.startswith("Escribe solo letras")
    assert table.view["selection"]["word"] == "CASA"
    press(table, "Word")
    assert table.state.scores[0] == (3 + 1 + 1 + 0) * 2 * 2 * 2


def test_bad_arguments():
    with pytest.raises(TypeError):
        PalabraTable("palabra")
    with pytest.raises(ValueError):
        PalabraTable(kit.load("palabra", players=2), seed="uno")
    with pytest.raises(ValueError):
        PalabraTable(kit.load("palabra", players=2), bots={2: "greedy"})
    with pytest.raises(ValueError):
        PalabraTable(kit.load("palabra", players=2), bots={1: "listo"})


def test_mimebundle_has_the_static_svg_and_repr_no_address():
    table = small_table()
    data, _ = table._repr_mimebundle_()
    assert data["image/svg+xml"] == hand_svg(table.view)  # the whole table, score and log too
    assert "application/vnd.jupyter.widget-view+json" in data
    assert "0x" not in repr(table)


def test_language_switch_on_refresh():
    table = small_table()
    set_language("en")
    table.refresh()
    assert table.view["buttons"][-1]["label"] == "Pass"
    assert "Ana to play" in table.svg


junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 130)
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["Word", "Build", "Shave", "Joker", "act", "pick", "CASA"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)
card_ids = st.lists(st.integers(-2, 125), max_size=5)
actions = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "Word",
                "Straight",
                "Flush",
                "Build",
                "Vowels",
                "Palabra",
                "Exchange",
                "Pass",
                "Joker",
                "Shave",
                "Nope",
            ]
        )
    },
    optional={
        "cards": card_ids | junk,
        "letters": st.text(max_size=5) | junk,
        "target": st.integers(-1, 3) | junk,
        "before": card_ids,
        "after": card_ids,
        "card": st.integers(-1, 125) | junk,
        "positions": st.lists(st.integers(-1, 5), max_size=4) | junk,
    },
)
messages = (
    junk
    | st.fixed_dictionaries({"type": st.just("act")}, optional={"action": junk | actions})
    | st.fixed_dictionaries(
        {"type": st.just("pick")}, optional={"card": st.integers(-2, 125) | junk}
    )
    | st.fixed_dictionaries({"type": st.just("letters")}, optional={"text": junk})
    | st.fixed_dictionaries({"type": st.sampled_from(["clear", "best"])})
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages)
def test_bad_messages_never_raise(content):
    table = small_table()
    before = table.state.to_json()
    legal = legal_action(table.state, content)
    click(table, content)
    if not legal:
        assert table.state.to_json() == before
    PalabraState.from_json(table.state.to_json(), table.state.game)  # still a sound state
    assert table.view["hand"] and ET.fromstring(table.svg) is not None


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.integers(0, 6), max_size=5))
def test_any_selection_shows_the_engines_score(picks):
    """Whatever is clicked, the shown total is the engine's score of the chosen play."""
    table = small_table()
    for i in picks:
        click(table, {"type": "pick", "card": table.state.hands[0][i]})
    sel = table.view["selection"]
    legal = [b for b in table.view["buttons"] if b["legal"] and b["points"] is not None]
    if sel["legal"]:
        assert sel["total"] == max(b["points"] for b in legal)
        chosen = next(b for b in legal if b["points"] == sel["total"])
        trial = table.state.copy()
        trial.apply(action_from_dict(chosen["action"]))
        assert trial.scores[0] == sel["total"]


def legal_action(state: PalabraState, content: object) -> bool:
    """Whether `content` is an action the rules allow now (checked on a copy)."""
    if not isinstance(content, dict) or content.get("type") != "act":
        return False
    try:
        return try_action(state, action_from_dict(content["action"]))[0]
    except Exception:
        return False


def test_a_saved_palabra_game_comes_back_after_a_restart(tmp_path):
    """The table over a session with a file: every move is saved, a new kernel finds the game."""
    from kit.session import Session

    path = tmp_path / "partida_palabra.json"
    start = dict(humans=["Ana"], bots=["greedy"], seed=5, language="es", common=3000)
    table = PalabraTable(Session.resume_or_start(path, "palabra", **start))
    for _ in range(3):
        table.act(next(a for a in table.state.legal_actions() if type(a).__name__ != "Pass"))
    again = PalabraTable(Session.resume_or_start(path, "palabra", **start))
    assert again.state.to_json() == table.state.to_json()
    assert again.view["log"] == table.view["log"] and again.view["log"]


# -- issue 14, point 7: only what a click may do, and why not ------------------------------------


def at_a_bots_turn() -> Session:
    """A session waiting on its bot: made by hand, the cards dealt, no bot move yet."""
    for seed in range(20):
        session = Session("palabra", ["Bot", "Ana"], ["greedy", None], seed=seed)
        while session.state.is_chance():
            session.step()
        if session.to_act() == 0:
            return session
    pytest.fail("the bot never plays first")


def test_a_bots_turn_greys_the_buttons_out_and_names_the_bot():
    table = PalabraTable(at_a_bots_turn())
    view = table.view
    assert view["buttons"] and not any(b["enabled"] for b in view["buttons"])
    title = game_type("palabra").bot_title("greedy")
    assert view["waiting"] == t("hand.wait_bot", name="Bot", bot=title)
    assert table.waiting() == view["waiting"]


def test_a_click_on_a_bots_turn_is_refused_with_the_sessions_reason_and_changes_nothing():
    session = at_a_bots_turn()
    table = PalabraTable(session)
    before, log = session.state.to_json(), json.dumps(session.log)
    click(table, {"type": "act", "action": {"type": "Pass"}, "move": table.view["move"]})
    assert table.message == t("hand.not_allowed", reason=t("session.bot_to_act", name="Bot"))
    click(table, {"type": "pick", "card": session.state.hands[0][0]})  # its cards: not ours
    assert table.message == table.waiting() and table.view["selection"]["cards"] == []
    for content in ({"type": "best"}, {"type": "clear"}):
        click(table, content)
        assert table.message == table.waiting()
    assert session.state.to_json() == before and json.dumps(session.log) == log


def test_a_late_click_is_refused():
    table = small_table()
    stamp = table.view["move"]
    card = table.state.hands[0][0]
    press(table, "Pass")  # Ana passes; Luis is to act
    before = table.state.to_json()
    click(table, {"type": "act", "action": {"type": "Pass"}, "move": stamp})  # a double click
    assert table.message == t("hand.late") and table.state.to_json() == before
    click(table, {"type": "pick", "card": card, "move": stamp})
    assert table.message == t("hand.late") and table.view["selection"]["cards"] == []


def test_clicks_that_would_do_nothing_say_why():
    table = small_table()
    click(table, {"type": "clear"})  # nothing selected
    assert table.message == t("hand.nothing_to_clear")
    click(table, {"type": "letters", "text": "A"})  # no wild or vowel card selected
    assert table.message == t("hand.letters_unused")
    click(table, {"type": "best"})
    assert table.message == "" and table.view["best"]
    click(table, {"type": "best"})  # already shown
    assert table.message == t("hand.best_shown")
    best = table.view["best"]["cards"][0]["id"]
    click(table, {"type": "pick", "card": best, "where": "best"})
    label = table.state.game.cards[best].label
    assert table.message == t("hand.card_of_best", card=label)
    assert table.view["selection"]["cards"] == []


def test_a_card_clicked_on_the_table_says_it_is_not_in_the_hand():
    table = small_table()
    c, a, s, a2 = table.state.hands[0][:4]
    for card in (c, a, s, a2):
        click(table, {"type": "pick", "card": card})
    press(table, "Word")  # CASA is on the table; Luis to act
    before = table.state.to_json()
    click(table, {"type": "pick", "card": c, "where": "table"})
    label = table.state.game.cards[c].label
    assert table.message == t("hand.card_on_table", card=label, name="Ana")
    assert table.state.to_json() == before and table.view["selection"]["cards"] == []
    click(table, {"type": "pick", "card": c})  # sent as a card of the hand: not Luis's
    assert table.message == t("hand.not_in_hand", card=label, name="Luis")


def test_a_save_that_fails_is_shown_as_a_warning_and_the_next_good_save_clears_it(tmp_path):
    path = tmp_path / "partida_palabra.json"
    start = dict(humans=["Ana"], bots=["greedy"], seed=5, language="es", common=3000)
    table = PalabraTable(Session.resume_or_start(path, "palabra", **start))
    assert table.warning == ""
    os.remove(path)
    os.mkdir(path)
    table.act(next(a for a in table.state.legal_actions() if type(a).__name__ != "Pass"))
    error = table.session.save_error
    assert error is not None and table.warning == error == table.view["warning"]
    assert table.message and not table.message.startswith(t("hand.not_allowed", reason=""))
    os.rmdir(path)
    press(table, "Pass")
    assert table.session.save_error is None and table.warning == ""


def test_what_resuming_had_to_say_is_shown_until_the_first_click():
    session = Session.of(kit.load("palabra", players=2), "palabra", seed=3)
    session.notices = ["Se ha retomado la partida que tenía abierta otro ordenador."]
    table = PalabraTable(session)
    assert table.warning == session.notices[0] == table.view["warning"]
    table._repr_mimebundle_()
    assert table.warning == session.notices[0]
    click(table, {"type": "best"})
    assert table.warning == ""


# -- issue 15: refusals next to the buttons, every event told ---------------------------------


def test_a_refusal_is_plain_words_with_the_rule_apart():
    """No «PLB-03» in the sentence: the rule is the view's `why`, the «¿por qué?» detail; the
    next good click clears it."""
    table = small_table()
    hand = table.state.hands[0]
    for card in (hand[1], hand[0]):  # A C: no word
        click(table, {"type": "pick", "card": card})
    press(table, "Word", legal=False)
    refusal = table.state.refusal(Word((hand[1], hand[0])))
    assert table.message == t("hand.not_allowed", reason=str(refusal))
    assert "PLB-" not in table.message
    assert table.view["why"] == t("hand.why_rule", rule="PLB-03") and not table.view["told"]
    table.refresh()  # e.g. after a language switch: still a refusal, its rule kept
    assert table.view["why"] == t("hand.why_rule", rule="PLB-03") and not table.view["told"]
    click(table, {"type": "clear"})
    assert table.view["why"] == ""
    press(table, "Pass")  # a move made: the message tells it (drawn as news, not as a "no")
    assert table.view["told"] and table.message.startswith(t("hand.log_pass", name="Ana"))


def test_a_shave_and_an_exchange_are_told_in_words():
    """The log says who shaved whom, which letters and how many points moved; an exchange says
    how many cards, «1 carta» for one."""
    game = PalabraGame(players=["Ana", "Luis"], dictionary=WORDS)
    green_a = next(c.id for c in game.cards if c.label == "A1" and c.colours == {"green"})
    first = [*ids_of(game, "C3** A1 S1**"), green_a, *ids_of(game, "E1 M3 I1")]
    second = ids_of(game, "C3 A1 T1 N1 O1 O1 E1", set(first))
    state = dealt([first, second], game=game)
    state.apply(Word(tuple(first[:4]), ""))
    table = PalabraTable(state, seed=1)
    for card in second[:2]:
        click(table, {"type": "pick", "card": card})
    press(table, "Shave")
    told = t("hand.log_shave", name="Luis", target="Ana", word="CASA", letters="CA", points=16)
    assert table.message == told
    click(table, {"type": "pick", "card": table.state.hands[1][0]})
    press(table, "Exchange")
    one = t("hand.log_exchange_one", name="Luis", n=1)
    assert table.message.splitlines()[0] == one and one in table.view["log"]


def test_the_log_tells_the_bots_moves_and_the_end():
    """The last several lines are moves (whose, which word, how many points), then the end with
    its winner; no line for what the table shows anyway (draws, a play leaving the table)."""
    names = ["Ana", "Luis", "Eva"]
    table = PalabraTable(kit.load("palabra", players=names), seed=3,
                         bots={0: "greedy", 1: "greedy", 2: "beginner"})  # fmt: skip
    log = table.view["log"]
    assert len(log) == 6 and all(line for line in log)
    w = table.state.winner()
    result = t("hand.winner", name=names[w]) if w is not None else t("hand.tie")
    assert log[-1] == t("hand.log_over", result=result)
    assert all(any(line.startswith(name) for name in names) for line in log[:-1])
