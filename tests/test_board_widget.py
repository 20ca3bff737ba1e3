"""The property board without a browser: clicks go through the handler the browser's messages use.

`_handle_custom_msg(content, buffers)` is where ipywidgets delivers a view's `model.send(...)`.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit
from kit.games.property import PropertyState
from kit.games.property.actions import EndTurn, action_from_dict
from kit.games.registry import game_type
from kit.messages import set_language, t
from kit.session import Session
from kit.widgets import PropertyBoard
from kit.widgets.board_view import action_label, money
from kit.widgets.game_log import entry_text, event_text


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def click(board: PropertyBoard, content: object) -> None:
    """What a click in the view does: a custom message to the kernel."""
    board._handle_custom_msg(content, [])


def press(board: PropertyBoard, kind: str) -> None:
    """Click the first button of this kind, as the browser would: its action data, sent back."""
    button = next(b for b in board.view["buttons"] if b["kind"] == kind)
    click(board, {"type": "act", "action": button["action"]})


def roll_until_buy(seed: int = 2026) -> PropertyBoard:
    """A seeded board, rolled (and turns ended) until someone may buy."""
    board = PropertyBoard(kit.load("superpoly", players=3), seed=seed)
    for _ in range(50):
        kinds = [b["kind"] for b in board.view["buttons"]]
        if "Buy" in kinds:
            return board
        press(board, "RollDice" if "RollDice" in kinds else "EndTurn")
    pytest.fail("never a title to buy")


def test_a_new_game_starts_at_a_players_decision():
    board = PropertyBoard(kit.load("superpoly", players=3), seed=1)
    assert not board.state.is_chance()
    assert [b["kind"] for b in board.view["buttons"]] == ["RollDice"]
    assert board.message == ""
    assert ET.fromstring(board.svg).tag.endswith("svg")


def test_roll_then_buy_changes_owner_and_cash():
    board = roll_until_buy()
    view = board.view
    buyer = view["to_act"]
    button = next(b for b in view["buttons"] if b["kind"] == "Buy")
    square = button["action"]["square"]
    cash = view["players"][buyer]["cash"]
    assert view["squares"][square]["owner"] is None
    assert view["squares"][square]["tokens"].count(buyer) == 1
    assert view["dice"] is not None and board.message  # the roll was told
    press(board, "Buy")
    after = board.view
    assert after["squares"][square]["owner"] == buyer
    assert after["players"][buyer]["cash"] == cash - view["squares"][square]["price"]
    assert board.state.owner_of(square) == buyer
    assert f'data-owner="{buyer}"' in board.svg
    assert board.message == entry_text(board.state, board.session.log[-1])  # the log's words


def test_the_dice_are_rolled_through_the_engine_with_the_boards_seed():
    a = PropertyBoard(kit.load("superpoly", players=3), seed=7)
    b = PropertyBoard(kit.load("superpoly", players=3), seed=7)
    for board in (a, b):
        press(board, "RollDice")
    assert a.state.to_json() == b.state.to_json()
    assert a.svg == b.svg
    assert a.state.last_roll is not None


def test_an_illegal_click_changes_nothing_and_says_why():
    board = PropertyBoard(kit.load("superpoly", players=3), seed=3)
    before = board.state.to_json()
    click(board, {"type": "act", "action": {"type": "EndTurn"}})
    assert board.state.to_json() == before
    problem = board.state.refusal(EndTurn())
    label = action_label(board.state, EndTurn())
    assert board.message == t("board.refused", label=label, reason=t(problem.key, **problem.values))
    assert "PROP-" not in board.message
    assert board.view["message"] == board.message


def test_clicking_a_square_opens_its_title_deed():
    board = PropertyBoard(kit.load("superpoly", players=2), seed=3)
    before = board.state.to_json()
    click(board, {"type": "select", "square": 39})
    assert board.view["deed"]["name"] == "Calvo Sotelo"
    assert board.view["squares"][39]["selected"]
    assert "kit-selected" in board.svg
    assert board.state.to_json() == before
    click(board, {"type": "select", "square": "x"})
    assert "No existe la casilla" in board.message
    assert board.view["deed"]["name"] == "Calvo Sotelo"


def test_a_board_over_a_given_state_plays_that_state():
    state = kit.load("el_pale", players=2).start_state()
    board = PropertyBoard(state, seed=1)
    press(board, "RollDice")
    assert board.state is state
    assert state.last_roll is not None


def test_show_heat_and_refuse_bad_heat():
    board = PropertyBoard(kit.load("el_pale", players=2), seed=1)
    board.show_heat(list(range(40)), label="Visitas")
    assert board.view["heat"]["label"] == "Visitas"
    with pytest.raises(ValueError):
        board.show_heat([1, 2])
    assert board.view["heat"]["label"] == "Visitas"


def test_not_a_game():
    with pytest.raises(TypeError):
        PropertyBoard("superpoly")
    with pytest.raises(ValueError):
        PropertyBoard(kit.load("superpoly", players=2), seed="dos")


def test_mimebundle_has_the_static_svg():
    board = PropertyBoard(kit.load("superpoly", players=2), seed=1)
    data, _ = board._repr_mimebundle_()
    assert data["image/svg+xml"] == board.svg
    assert "application/vnd.jupyter.widget-view+json" in data


def test_language_switch_on_refresh():
    board = PropertyBoard(kit.load("superpoly", players=2), seed=1)
    set_language("en")
    board.refresh()
    assert board.view["buttons"][0]["label"] == "Roll the dice"


junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["RollDice", "Buy", "Build", "Bid", "ProposeTrade", "PayWithTitles", "act"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
actions = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "RollDice",
                "Buy",
                "Build",
                "Bid",
                "PassBid",
                "Mortgage",
                "ProposeTrade",
                "PayWithTitles",
                "EndTurn",
                "Nope",
            ]
        )
    },
    optional={
        "square": junk,
        "player": junk,
        "amount": junk,
        "squares": junk,
        "to_player": junk,
        "give": junk,
        "money": junk,
    },
)
messages = (
    junk
    | st.fixed_dictionaries({"type": st.just("act")}, optional={"action": junk | actions})
    | st.fixed_dictionaries({"type": st.just("select")}, optional={"square": junk})
)


def selects_a_square(content: object) -> bool:
    """{"type": "select"} with no square, None or a square of the board: a good message."""
    if not isinstance(content, dict) or content.get("type") != "select" or len(content) > 2:
        return False
    square = content.get("square")
    return square is None or (type(square) is int and 0 <= square < 40)


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(messages)
def test_bad_messages_never_raise(content):
    board = PropertyBoard(kit.load("superpoly", players=3), seed=5)
    before = board.state.to_json()
    legal = legal_action(board.state, content)
    click(board, content)
    if not legal:
        assert board.state.to_json() == before
    if not legal and not selects_a_square(content):
        assert board.message
    PropertyState.from_json(board.state.to_json(), board.state.game)  # still a sound state


def legal_action(state: PropertyState, content: object) -> bool:
    """Whether `content` is a click on an action the rules allow now (checked on a copy)."""
    if not isinstance(content, dict) or content.get("type") != "act":
        return False
    try:
        return state.copy().why_not(action_from_dict(content["action"])) is None
    except Exception:
        return False


# -- issue 14, point 7: only what a click may do, and why not ------------------------------------


def bots_only(seed: int = 4) -> Session:
    """A table of two bots in memory: it waits for `step()`, so a bot is always to act."""
    return Session.start("superpoly", humans=[], bots=["build_asap", "cash_reserve"], seed=seed)


def test_a_bots_turn_greys_the_buttons_out_and_names_the_bot():
    session = bots_only()
    board = PropertyBoard(session)
    seat = session.to_act()
    view = board.view
    assert view["to_act_is_bot"] and view["buttons"]
    assert not any(b["enabled"] for b in view["buttons"])
    title = game_type("superpoly").bot_title(session.seat_bots[seat])
    assert view["waiting"] == t("board.wait_bot", name=session.names[seat], bot=title)
    assert board.waiting() == view["waiting"]


def test_a_click_on_a_bots_turn_is_refused_with_the_sessions_reason_and_changes_nothing():
    session = bots_only()
    board = PropertyBoard(session)
    before, log = session.state.to_json(), json.dumps(session.log)
    button = board.view["buttons"][0]  # legal for the bot: still not a person's to press
    click(board, {"type": "act", "action": button["action"], "move": board.view["move"]})
    reason = t("session.bot_to_act", name=session.names[session.to_act()])
    assert board.message == t("board.not_allowed", reason=reason)
    assert session.state.to_json() == before and json.dumps(session.log) == log


def test_a_click_at_the_end_says_the_game_is_over():
    session = bots_only()
    session.play_bots(100_000)
    assert session.state.is_terminal()
    board = PropertyBoard(session)
    assert board.view["buttons"] == [] and board.view["waiting"] == t("board.wait_over")
    before = session.state.to_json()
    click(board, {"type": "act", "action": {"type": "EndTurn"}})
    assert board.message.startswith(t("board.not_allowed", reason=""))
    assert session.state.to_json() == before


def test_a_late_click_is_refused_instead_of_playing_for_the_next_player():
    """A double click on «Tirar los dados»: the second one was made on the view before the roll,
    and must not roll for whoever plays next."""
    board = PropertyBoard(kit.load("superpoly", players=3), seed=2026)
    stamp = board.view["move"]
    roll = {"type": "act", "action": {"type": "RollDice"}, "move": stamp}
    click(board, roll)
    assert board.view["move"] != stamp and board.message != t("board.late")
    for _ in range(20):  # on to the next roll (of the next player, or a double's)
        kinds = [b["kind"] for b in board.view["buttons"]]
        if "RollDice" in kinds:
            break
        press(board, "EndTurn" if "EndTurn" in kinds else kinds[0])
    before, log = board.state.to_json(), json.dumps(board.session.log)
    click(board, roll)  # the old stamp: RollDice is legal again, but not meant for this turn
    assert board.message == t("board.late")
    assert board.state.to_json() == before and json.dumps(board.session.log) == log
    click(board, {**roll, "move": "doce"})  # a garbled stamp is no stamp of this position
    assert board.message == t("board.late") and board.state.to_json() == before
    click(board, {**roll, "move": board.view["move"]})  # the stamp of the view shown: played
    assert board.state.to_json() != before


def test_a_save_that_fails_is_shown_as_a_warning_and_the_next_good_save_clears_it(tmp_path):
    path = tmp_path / "partida.json"
    session = Session.start("superpoly", humans=["Ana", "Luis"], seed=2026, save_to=path)
    board = PropertyBoard(session)
    assert board.warning == "" and board.view["warning"] == ""
    os.remove(path)
    os.mkdir(path)  # the file's place is taken: the next save cannot write there
    press(board, "RollDice")
    assert session.save_error is not None
    assert board.warning == session.save_error == board.view["warning"]
    assert board.view["labels"]["warning"] == t("board.warning")
    assert board.state.last_roll is not None  # the move was played and shown
    assert not board.message.startswith(t("board.not_allowed", reason=""))  # not a refusal
    os.rmdir(path)
    press(board, next(b["kind"] for b in board.view["buttons"]))
    assert session.save_error is None and board.warning == "" and board.view["warning"] == ""


def test_what_resuming_had_to_say_is_shown_until_the_first_click():
    session = Session.start("superpoly", humans=["Ana", "Luis"], seed=2026)
    session.notices = ["La última jugada del archivo estaba a medias y no cuenta."]
    board = PropertyBoard(session)
    assert board.warning == session.notices[0]
    board._repr_mimebundle_()  # shown in the notebook: still there
    assert board.warning == session.notices[0]
    press(board, "RollDice")
    assert board.warning == ""


def click_until(board: PropertyBoard, kind: str, clicks: int = 400):
    """Click until a click's moves hold an event of `kind` (rolling, declining to buy, one
    opening bid in an auction and then passing, ending the turn); that event."""
    for _ in range(clicks):
        offered = [b["kind"] for b in board.view["buttons"]]
        state = board.state
        bid = "Bid" if state.phase == "auction" and state.auction.bidder < 0 else "PassBid"
        prefer = ("RollDice", "Decline", bid, "PassBid", "EndTurn")
        start = len(board.session.log)
        press(board, next(k for k in (*prefer, *offered) if k in offered))
        for entry in board.session.log[start:]:
            found = [e for e in entry["events"] if e["kind"] == kind]
            if found:
                return found[0]
    raise AssertionError(f"no {kind} event in {clicks} clicks")


def test_a_card_drawn_is_told_on_the_message_line_with_its_text():
    board = PropertyBoard(Session.start("superpoly", humans=["Ana", "Luis"], seed=5))
    card = click_until(board, "card")
    assert card["text"] in board.message
    assert event_text(board.state, card) in board.message


def test_an_auctions_winner_and_price_are_told_on_the_message_line():
    board = PropertyBoard(Session.start("superpoly", humans=["Ana", "Luis"], seed=5))
    won = click_until(board, "auction")
    assert won["player"] is not None  # one opening bid: its bidder wins
    assert event_text(board.state, won) in board.message
    assert board.state.game.names[won["player"]] in board.message
    assert money(won["price"]) in board.message
