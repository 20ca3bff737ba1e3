"""The class game on one projector screen (issue 15, point 1): in a 1280×720 viewport, in
JupyterLab and in Voilà, the PropertyTable's board, whose turn it is and the buttons of the
moves allowed now are all inside the window once the cell's output is scrolled to its top, as a
teacher would; the players, the log and the trade dialog (in an Accordion: it folds away)
stand in a column beside the board (Voilà) or below it (Lab with its file browser open).

After a roll the board's message line tells the move in the log's words (issue 15, point 2).
The board's text is one of kit.theme's sizes, none below 16 px (issue 15, point 6).
Screenshots: artifacts/screenshots/{jupyterlab,voila}-table-screen*.png.
Run with `KIT_REQUIRE_BROWSER=1 pytest tests/browser/test_table_screen.py`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lab import KERNEL_SECONDS, SMALLEST_TEXT, run_all_cells, unexpected, wait_for_the_kernel
from playwright.sync_api import Locator, Page, expect

from kit import theme
from kit.games.property.actions import ProposeTrade
from kit.messages import set_language, t
from kit.session import Session
from kit.widgets.board_view import told_refusal
from kit.widgets.game_log import entry_text

VIEWPORT = {"width": 1280, "height": 720}
GAME, HUMANS, SEED = "superpoly", ["Ana", "Luis"], 2026


def notebook(root: Path, name: str, save: str) -> None:
    """A notebook of one cell: a new class game saved in `save` (removed first: a new game)."""
    (root / save).unlink(missing_ok=True)
    source = (
        "from kit.widgets import PropertyTable\n\n"
        f"mesa = PropertyTable.resume_or_start({save!r}, {GAME!r}, humans={HUMANS!r}, "
        f"seed={SEED})\nmesa"
    )
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    book = {
        "cells": [{**cell, "source": source}],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / name).write_text(json.dumps(book), encoding="utf-8")


def the_board(page: Page) -> Locator:
    board = page.locator(".kit-board").first
    expect(board.locator("[data-testid=board] svg")).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    expect(board.locator("button[data-action]").first).to_be_visible()
    return board


def scroll_output_to_top(page: Page, output: str) -> None:
    """What a teacher does: the cell's output at the top of the notebook's (or page's) view."""
    page.locator(output).first.evaluate("node => node.scrollIntoView({block: 'start'})")


def inside_the_window(page: Page, node: Locator) -> dict[str, float]:
    box = node.bounding_box()
    assert box is not None, "not drawn"
    window = page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= window["width"], box
    assert box["y"] + box["height"] <= window["height"], box
    return box


def check_one_screen(page: Page, board: Locator, artifacts: Path, prefix: str) -> None:
    set_language("es")
    here = Session.start(GAME, humans=HUMANS, seed=SEED)
    turn = board.get_by_test_id("turn")
    expect(turn).to_contain_text(t("board.to_act", name=here.names[here.to_act()]))
    page.screenshot(path=artifacts / f"{prefix}-table-screen.png")  # looked at, even on failure
    drawing = inside_the_window(page, board.locator("[data-testid=board] svg"))
    assert drawing["height"] >= 480, drawing  # scaled to the screen, still large
    inside_the_window(page, turn)
    buttons = board.locator("button[data-action]")
    for k in range(buttons.count()):
        inside_the_window(page, buttons.nth(k))
    # a roll: the board's message line tells it in the log's words, still on the same screen
    board.locator("button[data-action=RollDice]").first.click()
    here.act(next(a for a in here.state.legal_actions() if type(a).__name__ == "RollDice"))
    said = entry_text(here.state, here.log[-1])
    expect(board.get_by_test_id("message")).to_contain_text(said, timeout=30_000)
    inside_the_window(page, board.get_by_test_id("message"))
    for k in range(board.locator("button[data-action]").count()):
        inside_the_window(page, board.locator("button[data-action]").nth(k))
    page.screenshot(path=artifacts / f"{prefix}-table-screen-rolled.png")
    assert board.evaluate(SMALLEST_TEXT) >= theme.TEXT_SIZES["small"]


@pytest.mark.browser
def test_the_class_game_fits_one_screen_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    notebook(jupyterlab_root, "mesa_pantalla.ipynb", "mesa_pantalla_lab.json")
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{jupyterlab}/lab/workspaces/mesa-pantalla/tree/mesa_pantalla.ipynb")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    board = the_board(page)
    scroll_output_to_top(page, ".jp-OutputArea")
    check_one_screen(page, board, artifacts, "jupyterlab")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_the_class_game_fits_one_screen_in_voila(
    page: Page, page_errors, voila: str, voila_root: Path, artifacts: Path
):
    notebook(voila_root, "mesa_pantalla.ipynb", "mesa_pantalla_voila.json")
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{voila}/voila/render/mesa_pantalla.ipynb")
    board = the_board(page)
    scroll_output_to_top(page, ".jp-OutputArea, .jp-Cell-outputArea, .kit-board")
    check_one_screen(page, board, artifacts, "voila")
    assert unexpected(page_errors) == []


def refuse_a_loan(page: Page, artifacts: Path, prefix: str) -> None:
    """A trade of money alone (a loan) from the «Proponer un trato» fold: the refusal is one
    plain sentence beside the panel, and its rule (PROP-12) only in a «¿por qué?» detail."""
    set_language("es")
    state = Session.start(GAME, humans=HUMANS, seed=SEED).state
    loan = ProposeTrade(to_player=1 - state.current_player(), money=100)
    told = told_refusal(state, loan, state.refusal(loan))
    assert told["rule"] == "PROP-12"
    fold = page.locator(".jupyter-widget-Collapse", has_text=t("table.trade"))
    expect(fold).to_have_class(re.compile("jupyter-widget-Collapse-open"))  # open, may fold
    page.locator(".kit-trade-with select").select_option(label=state.game.names[loan.to_player])
    money = page.locator(".kit-trade-money input")
    money.fill("100")
    money.press("Enter")
    page.locator("button.kit-trade-propose").click()
    refusal = page.locator(".kit-table-refusal")
    expect(refusal.locator("p")).to_have_text(told["text"], timeout=30_000)
    assert "PROP" not in (refusal.locator("p").text_content() or "")
    why = refusal.locator("details")
    expect(why.locator("summary")).to_have_text(t("board.why"))
    expect(why).not_to_have_attribute("open", "")
    why.locator("summary").click()
    expect(why.locator("summary").locator("..")).to_contain_text(t("board.rule", rule="PROP-12"))
    refusal.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"{prefix}-table-refusal.png")


@pytest.mark.browser
def test_a_refusal_is_plain_and_its_rule_a_detail_in_voila(
    page: Page, page_errors, voila: str, voila_root: Path, artifacts: Path
):
    notebook(voila_root, "mesa_rechazo.ipynb", "mesa_rechazo_voila.json")
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{voila}/voila/render/mesa_rechazo.ipynb")
    the_board(page)
    refuse_a_loan(page, artifacts, "voila")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_a_refusal_is_plain_and_its_rule_a_detail_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    notebook(jupyterlab_root, "mesa_rechazo.ipynb", "mesa_rechazo_lab.json")
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{jupyterlab}/lab/workspaces/mesa-rechazo/tree/mesa_rechazo.ipynb")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    the_board(page)
    refuse_a_loan(page, artifacts, "jupyterlab")
    assert unexpected(page_errors) == []


TRADE_SETUP = """from kit.games.property.actions import ProposeTrade
from kit.widgets import PropertyTable

mesa = PropertyTable.resume_or_start({save!r}, {game!r}, humans={humans!r}, seed={seed})


def kinds():
    return [b["kind"] for b in mesa.board.view["buttons"]]


def press(kind):
    button = next(b for b in mesa.board.view["buttons"] if b["kind"] == kind)
    mesa.board._handle_custom_msg({{"type": "act", "action": button["action"]}}, [])


for _ in range(400):  # both players own a title, and it is a turn's start
    state = mesa.session.state
    if all(p in state.owner for p in (0, 1)) and "RollDice" in kinds():
        break
    press(next(k for k in ("Buy", "RollDice", "EndTurn", "Decline", "PassBid") if k in kinds()))
me = state.current_player()
mine, theirs = mesa._titles_of(me)[0][1], mesa._titles_of(1 - me)[0][1]
mesa.act(ProposeTrade(to_player=1 - me, give=(mine,), take=(theirs,)))
"""


def trade_notebook(root: Path, name: str, save: str) -> None:
    """A class game where a trade waits for its answer: the cell plays until both own a title
    and proposes one title for the other."""
    (root / save).unlink(missing_ok=True)
    setup = TRADE_SETUP.format(save=save, game=GAME, humans=HUMANS, seed=SEED)
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    book = {
        "cells": [{**cell, "source": setup + "mesa"}],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / name).write_text(json.dumps(book), encoding="utf-8")


@pytest.mark.browser
def test_a_trade_s_terms_face_the_player_who_answers_in_voila(
    page: Page, page_errors, voila: str, voila_root: Path, artifacts: Path, tmp_path: Path
):
    set_language("es")
    here: dict = {}
    exec(
        TRADE_SETUP.format(save=str(tmp_path / "t.json"), game=GAME, humans=HUMANS, seed=SEED), here
    )
    view = here["mesa"].board.view
    assert view["phase"] == "trade" and view["trade"]
    trade_notebook(voila_root, "mesa_trato.ipynb", "mesa_trato_voila.json")
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{voila}/voila/render/mesa_trato.ipynb")
    board = the_board(page)
    offer = board.get_by_test_id("trade")
    expect(offer).to_have_text(view["trade"])
    inside_the_window(page, offer)
    for kind in ("AcceptTrade", "RejectTrade"):
        inside_the_window(page, board.locator(f"button[data-action={kind}]"))
    page.screenshot(path=artifacts / "voila-table-trade.png")
    board.locator("button[data-action=AcceptTrade]").click()
    names = here["mesa"].session.names
    proposer = here["mesa"].session.state.trade.proposer
    answer = t("log.trade_accepted", name=names[view["to_act"]], proposer=names[proposer])
    expect(board.get_by_test_id("message")).to_contain_text(answer, timeout=30_000)
    expect(offer).to_be_hidden()
    page.screenshot(path=artifacts / "voila-table-trade-accepted.png")
    assert unexpected(page_errors) == []
