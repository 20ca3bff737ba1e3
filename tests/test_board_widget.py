"""The property board without a browser: clicks go through the handler the browser's messages use.

`_handle_custom_msg(content, buffers)` is where ipywidgets delivers a view's `model.send(...)`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit
from kit.games.property import PropertyState
from kit.games.property.actions import action_from_dict
from kit.messages import set_language
from kit.widgets import PropertyBoard


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
    assert "Compra" in board.message


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
    assert board.message.startswith("No se puede")
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
