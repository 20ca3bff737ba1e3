"""One conformance test for every game widget (issue 15, point 6): the shell they share.

Each game widget is a `GameWidget` (kit/widgets/base.py): the same session, traits, click path
and saved picture. These tests run the same clicks on all three, so a widget that leaves the
shared path (a late click that plays, a garbled click that raises into the comm, a view
without its stamp, a refusal that changes the game) fails here whatever game it plays.
"""

from __future__ import annotations

import pytest

import kit
from kit import theme
from kit.games.core import action_to_dict
from kit.games.registry import game_type
from kit.messages import t
from kit.widgets import PalabraTable, PaydayBoard, PropertyBoard
from kit.widgets.base import STATIC, GameWidget, script

TABLES = {
    "board": lambda: PropertyBoard(kit.load("superpoly", players=3), seed=5),
    "calendar": lambda: PaydayBoard(
        kit.load("dia_de_paga", players=["Ana", "Luis", "Bot"], months=1),
        seed=5,
        bots={2: "cautious_saver"},
    ),
    "hand": lambda: PalabraTable(
        kit.load("palabra", players=["Ana", "Luis", "Bot"]), seed=5, bots={2: "greedy"}
    ),
}


@pytest.fixture(params=sorted(TABLES))
def widget(request: pytest.FixtureRequest) -> GameWidget:
    return TABLES[request.param]()


def click(widget: GameWidget, content: object) -> None:
    """What the page's click does: a message on the widget's comm."""
    widget._on_click(widget, content, [])


def first_move(widget: GameWidget) -> dict:
    """A click on the first legal move, stamped with the view it was drawn on."""
    action = widget.state.legal_actions()[0]
    return {"type": "act", "action": action_to_dict(action), "move": widget.view["move"]}


def test_every_game_widget_is_the_one_shell(widget: GameWidget) -> None:
    """Its catalogue and family are declared once; its page is its own JS after the kit's look."""
    assert isinstance(widget, GameWidget)
    assert widget.family == widget.session.family
    assert widget._css.startswith(theme.css())
    assert widget._css.endswith((STATIC / f"{widget.style}.css").read_text(encoding="utf-8"))
    # the page gets JavaScript, not a file's name (anywidget reads paths only on its own class)
    assert widget._esm == script(f"{widget.style}.js")
    assert widget._esm.startswith("//") and "export default" in widget._esm
    assert widget._esm.endswith((STATIC / f"{widget.style}.js").read_text(encoding="utf-8"))
    assert t(f"{widget.catalogue}.late") != f"{widget.catalogue}.late"  # its words exist


def test_the_view_carries_its_stamp_and_the_picture_is_the_saved_one(widget: GameWidget) -> None:
    assert widget.view["move"] == len(widget.session.log)
    data, _ = widget._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg")
    assert data["image/svg+xml"] == widget._picture()
    assert "0x" not in repr(widget) and type(widget).__name__ in repr(widget)
    # the text a page shows when it cannot draw the widget: what it is and what to do
    title = game_type(widget.state.game).titles[widget.session.ruleset]
    assert data["text/plain"] == t("widget.run_to_play", game=title)


def test_a_legal_click_plays_and_the_same_click_again_is_late(widget: GameWidget) -> None:
    move = first_move(widget)
    before = len(widget.session.log)
    click(widget, move)
    assert len(widget.session.log) > before, widget.message
    assert widget.view["move"] == len(widget.session.log)
    position = widget.state.to_json()
    click(widget, move)  # a double click: drawn on the view before the move
    assert widget.state.to_json() == position
    assert widget.message == t(f"{widget.catalogue}.late")


@pytest.mark.parametrize(
    "content",
    [
        None,
        "Tirar",
        [1, 2],
        {"type": "act"},
        {"type": "act", "action": {"type": "NoSuchMove"}},
        {"type": "act", "action": "RollDice"},
        {"type": "nonsense"},
    ],
)
def test_a_garbled_click_changes_nothing_and_says_so(widget: GameWidget, content: object) -> None:
    position, log = widget.state.to_json(), len(widget.session.log)
    click(widget, content)
    assert widget.state.to_json() == position and len(widget.session.log) == log
    assert widget.message.strip()
    assert "Traceback" not in widget.message


def test_an_error_inside_a_click_never_reaches_the_comm(
    widget: GameWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_content: object) -> None:
        raise RuntimeError("roto")

    monkeypatch.setattr(widget, "_click", broken)
    click(widget, first_move(widget))
    assert widget.message == t(f"{widget.catalogue}.not_allowed", reason="roto")


def test_a_move_from_code_makes_an_open_view_late(widget: GameWidget) -> None:
    """A second view of the same widget (or a move played from a cell) leaves the page's
    buttons one move behind: their click is refused, not played for the next player."""
    move = first_move(widget)
    widget.act(widget.state.legal_actions()[0])
    position = widget.state.to_json()
    click(widget, move)
    assert widget.state.to_json() == position
    assert widget.message == t(f"{widget.catalogue}.late")
