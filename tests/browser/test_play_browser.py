"""A class game in a real browser: the play notebooks as Voilà apps (and one in JupyterLab).

Each test first plays the same seeded table in this process (the notebook's own settings), so it
knows which buttons to press and what the board, the players' panel and the log must then show.
It presses Roll until a person may buy, buys, and checks the panels; then it reloads the page —
a new kernel — and finds the same game: the save file brought it back.
Run with `pytest -m browser tests/browser` (Debian's Chromium, servers on localhost).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lab import KERNEL_SECONDS, run_all_cells, unexpected, wait_for_the_kernel
from playwright.sync_api import Locator, Page, expect

from kit.messages import set_language
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

    # Another tab opens the app: Voilà starts a new kernel, the notebook resumes the saved game.
    # (Not a reload: on unload Voilà's page asks to shut its kernel down and the server answers
    # 403 in the console, which is Voilà's business, not the game's.)
    again = page.context.new_page()
    again.on("pageerror", lambda error: page_errors.append(f"uncaught: {error}"))
    again.goto(f"{voila}/voila/render/{notebook_name(ruleset)}")
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
