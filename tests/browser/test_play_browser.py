"""A class game in a real browser: the play notebooks as Voilà apps (and one in JupyterLab).

Each test first plays the same seeded table in this process (the notebook's own settings), so it
knows which buttons to press and what the board, the players' panel and the log must then show.
It presses Roll until a person may buy, buys, and checks the panels; then it reloads the page —
a new kernel — and finds the same game: the save file brought it back. A table of bots shows
its move buttons greyed out, with the line naming the bot, and its «Siguiente jugada» button
plays on (issue 14, point 7).
Run with `pytest -m browser tests/browser` (Debian's Chromium, servers on localhost).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from lab import KERNEL_SECONDS, run_all_cells, unexpected, wait_for_the_kernel
from playwright.sync_api import Locator, Page, expect

from kit.messages import set_language, t
from kit.play import DEFAULT_BOTS, notebook_name
from kit.widgets.game_log import log_lines
from kit.widgets.table import PropertyTable

PREFERRED = ("Buy", "RollDice", "EndTurn", "PassBid")


def plan(ruleset: str, folder: Path) -> tuple[list[tuple[str, str]], str, list[str]]:
    """The clicks (kind, the board's message after it) from the start until a person buys,
    the name of the square bought, and the log's lines then."""
    set_language("es")
    table = PropertyTable.resume_or_start(
        folder / "plan.json",
        ruleset,
        humans=["Ana", "Luis"],
        bots=list(DEFAULT_BOTS),
        seed=2026,
        edition=None,
        time_limit=None,
    )
    clicks = []
    for _ in range(80):
        offered = [b["kind"] for b in table.board.view["buttons"]]
        kind = next((k for k in PREFERRED if k in offered), offered[0])
        button = next(b for b in table.board.view["buttons"] if b["kind"] == kind)
        table.board._handle_custom_msg({"type": "act", "action": button["action"]}, [])
        clicks.append((kind, table.board.message))
        if kind == "Buy":
            square = table.session.game.rules.squares[button["action"]["square"]].name
            return clicks, square, log_lines(table.session.state, table.session.log)
    pytest.fail(f"nobody at the {ruleset} table could buy in 80 clicks")


def the_board(page: Page) -> Locator:
    board = page.locator(".kit-board").first
    expect(board.locator("[data-testid=board] svg")).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    return board


def play_until_a_purchase(page: Page, ruleset: str, tmp_path: Path, artifacts: Path) -> list[str]:
    clicks, square, lines = plan(ruleset, tmp_path)
    board = the_board(page)
    players = page.locator(".kit-table-players")
    expect(players).to_contain_text("Ana")
    expect(players).not_to_contain_text(square)
    for kind, message in clicks:
        board.locator(f"button[data-action={kind}]").first.click()
        expect(board.get_by_test_id("message")).to_have_text(message, timeout=30_000)
    expect(players).to_contain_text(square)
    log = page.locator(".kit-table-log li")
    expect(log).to_have_count(min(len(lines), 12))
    expect(log.last).to_have_text(lines[-1])
    page.screenshot(path=artifacts / f"play-{ruleset}-bought.png")
    players.screenshot(path=artifacts / f"play-{ruleset}-players.png")
    page.locator(".kit-table-log").screenshot(path=artifacts / f"play-{ruleset}-log.png")
    return lines


@pytest.mark.browser
@pytest.mark.parametrize("ruleset", ["el_pale", "la_ruta_del_tesoro", "superpoly"])
def test_a_class_game_in_voila_survives_a_new_kernel(
    page: Page, page_errors, voila: str, voila_root: Path, artifacts: Path, tmp_path: Path, ruleset
):
    (voila_root / f"partida_{ruleset}.json").unlink(missing_ok=True)
    page.goto(f"{voila}/voila/render/{notebook_name(ruleset)}")
    lines = play_until_a_purchase(page, ruleset, tmp_path, artifacts)
    assert (voila_root / f"partida_{ruleset}.json").exists()

    # Another tab opens the app while this one plays: one session at a time, so it is refused
    # in one sentence. Once this tab is closed (Voilà shuts its kernel down), a new tab's
    # kernel resumes the saved game.
    url = f"{voila}/voila/render/{notebook_name(ruleset)}"
    second = page.context.new_page()
    second.goto(url)
    refused = t("session.in_use", path="X", where="X", since="X", last="X", free="X")
    sentence = re.compile(".+".join(re.escape(part) for part in refused.split("X")))
    expect(second.locator("body")).to_contain_text(sentence, timeout=KERNEL_SECONDS * 1000)
    second.screenshot(path=artifacts / f"play-{ruleset}-in-use.png")
    second.close(run_before_unload=True)
    page.close(run_before_unload=True)
    lock = voila_root / f"partida_{ruleset}.json.lock"
    for _ in range(100):  # the kernel stops and gives the game back
        if not lock.exists():
            break
        time.sleep(0.2)
    assert not lock.exists()
    again = page.context.new_page()
    again.on("pageerror", lambda error: page_errors.append(f"uncaught: {error}"))
    again.goto(url)
    the_board(again)
    log = again.locator(".kit-table-log li")
    expect(log).to_have_count(min(len(lines), 12))
    expect(log.last).to_have_text(lines[-1])
    again.screenshot(path=artifacts / f"play-{ruleset}-resumed.png")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_a_class_game_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path, tmp_path
):
    ruleset = "la_ruta_del_tesoro"
    (jupyterlab_root / f"partida_{ruleset}.json").unlink(missing_ok=True)
    page.goto(f"{jupyterlab}/lab/workspaces/jugar/tree/{notebook_name(ruleset)}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    play_until_a_purchase(page, ruleset, tmp_path, artifacts)
    assert (jupyterlab_root / f"partida_{ruleset}.json").exists()
    assert unexpected(page_errors) == []


BOTS_NOTEBOOK = "mesa_de_bots_prueba.ipynb"
BOTS_SOURCE = """from kit.widgets import PropertyTable

PropertyTable.resume_or_start("mesa_de_bots.json", "superpoly", humans=[],
                              bots=["build_asap", "cash_reserve"], seed=2026)"""


@pytest.mark.browser
def test_a_table_of_bots_greys_its_move_buttons_out_and_plays_on_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path, tmp_path
):
    set_language("es")
    here = PropertyTable.resume_or_start(
        tmp_path / "mesa.json", "superpoly", humans=[], bots=["build_asap", "cash_reserve"],
        seed=2026,
    )  # fmt: skip
    waiting = here.board.view["waiting"]
    assert waiting and here.trade.layout.display == ""
    (jupyterlab_root / "mesa_de_bots.json").unlink(missing_ok=True)
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [{**cell, "source": BOTS_SOURCE}],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (jupyterlab_root / BOTS_NOTEBOOK).write_text(json.dumps(notebook), encoding="utf-8")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{jupyterlab}/lab/workspaces/mesa-de-bots/tree/{BOTS_NOTEBOOK}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    board = the_board(page)
    expect(board.get_by_test_id("waiting")).to_have_text(waiting)
    expect(board.locator("button[data-action]").first).to_be_disabled()
    propose = page.locator("button", has_text=t("table.trade_propose"))
    expect(propose).to_be_disabled()
    expect(page.locator(".kit-table-waiting").first).to_have_text(waiting)
    step = page.locator("button", has_text=t("table.bots_step"))
    expect(step).to_be_enabled()
    propose.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "jupyterlab-table-of-bots.png")
    log = page.locator(".kit-table-log li")
    before = log.count()
    step.click()
    expect(log).not_to_have_count(before, timeout=30_000)
    assert unexpected(page_errors) == []


# -- `kit play` apps (issue 15, point 3): the page opens on the game ---------------------------

APPS = {  # game -> what the game's widget draws once its kernel has run
    "dia_de_paga": ".kit-payday-board [data-testid=calendar] svg",
    "palabra": ".kit-palabra [data-testid=table] svg",
    "superpoly": ".kit-board [data-testid=board] svg",
}
NOTEBOOK_WORDS = ("ARCHIVO", "deja None", "ejecutad", "cuaderno", "celda", "kit play")


@pytest.fixture(scope="module")
def kit_play_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """classroom/partidas/ as `kit play GAME --no-voila` writes it, for every game here."""
    from kit.cli import main

    folder = tmp_path_factory.mktemp("aula") / "classroom" / "partidas"
    for ruleset in APPS:
        assert main(["play", ruleset, "--folder", str(folder), "--no-voila"]) == 0
    return folder


@pytest.fixture(scope="module")
def kit_play_voila(kit_play_folder: Path, tmp_path_factory: pytest.TempPathFactory):
    """Voilà over kit play's folder, with the flags `kit play` gives it."""
    from conftest import free_port, serve

    from kit.cli import VOILA

    port = free_port()
    args = ["voila", str(kit_play_folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    yield from serve([*args, *VOILA], f"http://127.0.0.1:{port}", tmp_path_factory.mktemp("v"))


@pytest.mark.browser
@pytest.mark.parametrize("ruleset", sorted(APPS))
def test_kit_play_opens_on_the_game_in_voila_at_1280x720(
    page: Page, page_errors, kit_play_voila: str, kit_play_folder: Path, artifacts: Path, ruleset
):
    from kit.games import game_type

    set_language("es")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{kit_play_voila}/voila/render/{notebook_name(ruleset)}")
    drawn = page.locator(APPS[ruleset]).first
    expect(drawn).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    line = t("play.app_game", number=1, seed=2026)
    title = f"{game_type(ruleset).titles[ruleset]} · {line}"
    expect(page.get_by_role("heading", level=2, name=title, exact=True)).to_be_visible()
    text = page.locator("body").inner_text()
    assert not [word for word in NOTEBOOK_WORDS if word in text], text[:400]
    page.evaluate("window.scrollTo(0, 0)")
    box = drawn.bounding_box()
    assert box is not None and box["y"] < 720 / 6, f"the game starts at {box}: a title above it"
    page.screenshot(path=artifacts / f"kit-play-{ruleset}-1280x720.png")
    assert (kit_play_folder / f"partida_{ruleset}.json").exists(), "saved beside its notebook"
    assert unexpected(page_errors) == []
