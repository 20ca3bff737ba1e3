"""The property board in a real browser: it renders, and Roll then Buy play the engine.

The test writes its own small notebook into the server's temporary root (the lessons stay as
they are). The same seeded board is played in this process first, so the browser must show
exactly what the engine gives: the square bought, the buyer's marker, his cash after paying.
A board over a table of bots shows its bot's buttons greyed out (disabled), with the line that
names the bot next to them (issue 14, point 7). The page's text is one of kit.theme's sizes
(none below 16 px) and its colours are the theme's CSS variables (issue 15, point 6).
Run with `pytest -m browser tests/browser` (Debian's Chromium, servers on localhost).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lab import KERNEL_SECONDS, SMALLEST_TEXT, rgb, run_all_cells, unexpected, wait_for_the_kernel
from playwright.sync_api import Locator, Page, expect

import kit
from kit import theme
from kit.messages import set_language, t
from kit.session import Session
from kit.widgets import PropertyBoard

NOTEBOOK = "tablero_prueba.ipynb"
GAME, PLAYERS, SEED = "superpoly", 3, 2026
SOURCE = f"""import kit
from kit.widgets import PropertyBoard

board = PropertyBoard(kit.load({GAME!r}, players={PLAYERS}), seed={SEED})
board"""


BOTS_NOTEBOOK = "tablero_bots_prueba.ipynb"
BOTS = ["build_asap", "cash_reserve"]
NOTICE = "La última jugada del archivo estaba a medias: no cuenta."
BOTS_SOURCE = f"""from kit.session import Session
from kit.widgets import PropertyBoard

mesa = Session.start({GAME!r}, humans=[], bots={BOTS!r}, seed={SEED})
mesa.notices = [{NOTICE!r}]  # as resuming would say it: shown apart, as a warning
PropertyBoard(mesa)"""


def write_notebook(root: Path, name: str = NOTEBOOK, source: str = SOURCE) -> None:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": source}],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / name).write_text(json.dumps(notebook), encoding="utf-8")


def plan() -> tuple[list[tuple[str, str]], int, int, str]:
    """The clicks from the start until a title is bought, each with the message it brings,
    played here on the same seeded board the notebook makes; then the square bought, the buyer
    and his cash text afterwards."""
    set_language("es")
    board = PropertyBoard(kit.load(GAME, players=PLAYERS), seed=SEED)
    clicks = []
    for _ in range(60):
        kinds = [b["kind"] for b in board.view["buttons"]]
        kind = "Buy" if "Buy" in kinds else "RollDice" if "RollDice" in kinds else "EndTurn"
        button = next(b for b in board.view["buttons"] if b["kind"] == kind)
        buyer = board.view["to_act"]
        board._handle_custom_msg({"type": "act", "action": button["action"]}, [])
        clicks.append((kind, board.message))
        if kind == "Buy":
            square = button["action"]["square"]
            return clicks, square, buyer, board.view["players"][buyer]["cash_text"]
    pytest.fail("the seeded board never offers a title to buy")


def in_the_theme_s_look(board: Locator) -> None:
    """Every text of the page one of the theme's sizes, none below the small one; the colours
    kit.theme's CSS variables (the frame, the ink, whose turn it is on its band)."""
    assert board.evaluate(SMALLEST_TEXT) >= theme.TEXT_SIZES["small"]
    assert board.evaluate("b => getComputedStyle(b).borderTopColor") == rgb(theme.FRAME)
    assert board.evaluate("b => getComputedStyle(b).color") == rgb(theme.INK)
    turn = board.get_by_test_id("turn")
    assert turn.evaluate("t => getComputedStyle(t).backgroundColor") == rgb(theme.SHADE)
    assert turn.evaluate("t => getComputedStyle(t).borderLeftColor") == rgb(theme.ACCENT)
    assert theme.FONT.split(",")[0] in board.evaluate("b => getComputedStyle(b).fontFamily")


def the_board(page: Page) -> Locator:
    board = page.locator(".kit-board").first
    expect(board.locator("[data-testid=board] svg")).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    return board


def play_roll_and_buy(board: Locator, artifacts: Path, prefix: str) -> None:
    clicks, square, buyer, cash_after = plan()
    expect(board.locator(".kit-owner")).to_have_count(0)
    cash = board.locator(f"text.kit-cash[data-player='{buyer}']")
    cash_before = cash.text_content()
    board.screenshot(path=artifacts / f"{prefix}-board-start.png")
    for kind, message in clicks:
        board.locator(f"button[data-action={kind}]").first.click()
        expect(board.get_by_test_id("message")).to_have_text(message, timeout=30_000)
        if kind == "RollDice":
            board.screenshot(path=artifacts / f"{prefix}-board-rolled.png")
    owner = board.locator(f"[data-square='{square}'] .kit-owner")
    expect(owner).to_have_count(1)
    assert owner.get_attribute("data-owner") == str(buyer)
    expect(cash).to_have_text(cash_after)
    assert cash_after != cash_before
    board.locator(f"[data-square='{square}']").click()  # its title deed in the side panel
    expect(board.get_by_test_id("deed")).to_contain_text("Precio")
    in_the_theme_s_look(board)  # the message, the «¿por qué?» and the deed's table too
    board.screenshot(path=artifacts / f"{prefix}-board-bought.png")


@pytest.mark.browser
def test_board_rolls_and_buys_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    write_notebook(jupyterlab_root)
    # a workspace of its own: the lessons' tests then restore no tab of this notebook
    page.goto(f"{jupyterlab}/lab/workspaces/tablero/tree/{NOTEBOOK}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    board = the_board(page)
    play_roll_and_buy(board, artifacts, "jupyterlab")
    page.screenshot(path=artifacts / "jupyterlab-board-page.png")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_board_rolls_and_buys_in_voila(
    page: Page, page_errors, voila: str, voila_root: Path, artifacts: Path
):
    write_notebook(voila_root)
    page.goto(f"{voila}/voila/render/{NOTEBOOK}")
    board = the_board(page)
    play_roll_and_buy(board, artifacts, "voila")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_a_bots_turn_greys_the_buttons_out_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    set_language("es")
    here = PropertyBoard(Session.start(GAME, humans=[], bots=BOTS, seed=SEED))
    labels = [b["label"] for b in here.view["buttons"]]
    assert labels and here.view["waiting"]
    write_notebook(jupyterlab_root, BOTS_NOTEBOOK, BOTS_SOURCE)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{jupyterlab}/lab/workspaces/tablero-bots/tree/{BOTS_NOTEBOOK}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    board = the_board(page)
    expect(board.get_by_test_id("warning")).to_have_text(f"⚠ {t('board.warning')}: {NOTICE}")
    expect(board.get_by_test_id("waiting")).to_have_text(here.view["waiting"])
    buttons = board.locator("button[data-action]")
    expect(buttons).to_have_count(len(labels))
    for k in range(len(labels)):
        expect(buttons.nth(k)).to_be_disabled()
        expect(buttons.nth(k)).to_have_text(labels[k])
        grey = buttons.nth(k).evaluate(
            "b => [getComputedStyle(b).borderTopStyle, getComputedStyle(b).borderTopColor]"
        )
        assert grey == ["dashed", rgb(theme.EDGE)]  # greyed out: not by colour alone
    warning = board.get_by_test_id("warning").evaluate("w => getComputedStyle(w).backgroundColor")
    assert warning == rgb(theme.NOTE)
    in_the_theme_s_look(board)
    board.get_by_test_id("warning").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "jupyterlab-board-bots-turn.png")
    assert unexpected(page_errors) == []
