"""Palabra's table in a real browser: click cards in order, see the score, play the word.

The test writes its own small notebook into the server's temporary root (the lessons stay as
they are). The same seeded table is played in this process first, so the browser must show
exactly what the engine gives: the cards to click (the finder's best word), the total the
selection shows, the message after the play (with the bot's answer) and the new score. An
illegal button on the way must show a message and change no score (its wording is the engine's,
not asserted). On a bot's turn the buttons are greyed out (disabled), with the line that names the
bot next to them (issue 14, point 7). The page's text is one of kit.theme's sizes (none below
16 px) and its colours are the theme's CSS variables (issue 15, point 6). With JupyterLab's file
browser open the side column narrows to 270 px, so the picture gets 540 px (was 505 px).
Run with `pytest -m browser tests/browser` (Debian's Chromium, localhost).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from lab import (
    KERNEL_SECONDS,
    NARROW_WIDGET,
    SMALLEST_SVG,
    SMALLEST_TEXT,
    open_beside_the_file_browser,
    rgb,
    run_all_cells,
    unexpected,
    wait_for_the_kernel,
)
from playwright.sync_api import Locator, Page, expect

import kit
from kit import theme
from kit.games.palabra import Dictionary, best_play
from kit.messages import set_language, t
from kit.session import Session
from kit.widgets.hand import PalabraTable

NOTEBOOK = "palabra_prueba.ipynb"
PLAYERS, SEED, COMMON = ["Ana", "Bot"], 2021, 3000
SOURCE = f"""import kit
from kit.games.palabra import Dictionary
from kit.widgets import PalabraTable

words = Dictionary.bundled("es", common={COMMON})
game = kit.load("palabra", players={PLAYERS!r}, dictionary=words)
table = PalabraTable(game, seed={SEED}, bots={{1: "greedy"}})
table"""


@dataclass
class Plan:
    cards: list[int]  # to click, in order
    total_text: str  # what the selection shows
    illegal: str  # a button kind the engine refuses for this selection
    kind: str  # the button that plays the word
    message: str  # after the play
    score: str  # Ana's score after the play (and the bot's answer)


BOT_NOTEBOOK = "palabra_bot_prueba.ipynb"


def bot_source(seed: int) -> str:
    return f"""from kit.session import Session
from kit.widgets import PalabraTable

mesa = Session("palabra", ["Bot", "Ana"], ["greedy", None], seed={seed},
               options={{"common": {COMMON}}})
while mesa.state.is_chance():  # the cut and the deal; then the bot is to act and waits
    mesa.step()
PalabraTable(mesa)"""


def at_a_bots_turn() -> tuple[int, PalabraTable]:
    """A seed whose deal has the bot (seat 0) play first, and the table it gives here."""
    for seed in range(SEED, SEED + 20):
        mesa = Session("palabra", ["Bot", "Ana"], ["greedy", None], seed=seed,
                       options={"common": COMMON})  # fmt: skip
        while mesa.state.is_chance():
            mesa.step()
        if mesa.to_act() == 0:
            return seed, PalabraTable(mesa)
    pytest.fail("the bot never plays first")


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


def plan() -> Plan:
    """The same seeded table, here: the finder's best word for Ana, clicked card by card."""
    set_language("es")
    game = kit.load("palabra", players=PLAYERS, dictionary=Dictionary.bundled("es", common=COMMON))
    table = PalabraTable(game, seed=SEED, bots={1: "greedy"})
    best = best_play(table.state)
    assert best is not None and best.kind in ("word", "palabra"), best
    cards = list(best.action.cards)
    assert all(table.state.card(c).kind == "letter" for c in cards)  # no letters to type
    for card in cards:
        table._handle_custom_msg({"type": "pick", "card": card}, [])
    view = table.view
    assert view["selection"]["total"] == best.total
    illegal = next(b["kind"] for b in view["buttons"] if not b["legal"])
    kind = "Palabra" if best.kind == "palabra" else "Word"
    button = next(b for b in view["buttons"] if b["kind"] == kind and b["legal"])
    table._handle_custom_msg({"type": "act", "action": button["action"]}, [])
    return Plan(
        cards,
        view["selection"]["total_text"],
        illegal,
        kind,
        table.message,
        str(table.state.scores[0]),
    )


def in_the_theme_s_look(table: Locator) -> None:
    """Every text of the page one of the theme's sizes, none below the small one; the colours
    kit.theme's CSS variables (the frame, a play allowed now, the refusal's ink)."""
    assert table.evaluate(SMALLEST_TEXT) >= theme.TEXT_SIZES["small"]
    assert table.evaluate("t => getComputedStyle(t).borderTopColor") == rgb(theme.FRAME)
    assert table.evaluate("t => getComputedStyle(t).backgroundColor") == rgb(theme.PAPER)
    legal = table.locator("button.kit-legal").first
    assert legal.evaluate("b => getComputedStyle(b).backgroundColor") == rgb(theme.ACCENT)
    assert theme.FONT.split(",")[0] in legal.evaluate("b => getComputedStyle(b).fontFamily")


def the_table(page: Page) -> Locator:
    table = page.locator(".kit-palabra").first
    expect(table.locator("[data-testid=table] svg")).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    return table


def select_score_and_play(table: Locator, artifacts: Path, prefix: str) -> None:
    p = plan()
    score = table.locator("text.kit-score[data-seat='0']")
    score_before = score.text_content()
    table.screenshot(path=artifacts / f"{prefix}-palabra-start.png")
    for i, card in enumerate(p.cards, start=1):
        table.locator(f".kit-hand [data-card='{card}']").click()
        chosen = table.locator(f".kit-hand g.kit-selected[data-card='{card}']")
        expect(chosen).to_have_attribute("data-order", str(i), timeout=30_000)
    expect(table.get_by_test_id("total")).to_have_text(p.total_text)
    table.screenshot(path=artifacts / f"{prefix}-palabra-selected.png")
    table.get_by_test_id("other-actions").locator("summary").click()  # the refused plays fold
    table.locator(f"button[data-action={p.illegal}][data-legal=no]").first.click()
    expect(table.get_by_test_id("message")).to_contain_text("No se puede", timeout=30_000)
    refusal = table.get_by_test_id("message").evaluate("m => getComputedStyle(m).color")
    assert refusal == rgb(theme.REFUSED)
    in_the_theme_s_look(table)
    expect(score).to_have_text(score_before)
    expect(table.locator(".kit-hand g.kit-selected")).to_have_count(len(p.cards))
    table.locator(f"button[data-action={p.kind}][data-legal=yes]").first.click()
    expect(table.get_by_test_id("message")).to_have_text(p.message, timeout=30_000)
    expect(score).to_have_text(p.score)
    assert p.score != score_before
    table.screenshot(path=artifacts / f"{prefix}-palabra-played.png")


@pytest.mark.browser
def test_palabra_word_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    write_notebook(jupyterlab_root)
    page.goto(f"{jupyterlab}/lab/workspaces/palabra/tree/{NOTEBOOK}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    table = the_table(page)
    select_score_and_play(table, artifacts, "jupyterlab")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_palabra_word_in_voila(
    page: Page, page_errors, voila: str, voila_root: Path, artifacts: Path
):
    write_notebook(voila_root)
    page.goto(f"{voila}/voila/render/{NOTEBOOK}")
    table = the_table(page)
    select_score_and_play(table, artifacts, "voila")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_a_bots_turn_greys_the_buttons_out_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    set_language("es")
    seed, here = at_a_bots_turn()
    assert here.view["buttons"] and here.view["waiting"]
    write_notebook(jupyterlab_root, BOT_NOTEBOOK, bot_source(seed))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{jupyterlab}/lab/workspaces/palabra-bot/tree/{BOT_NOTEBOOK}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    table = the_table(page)
    expect(table.get_by_test_id("waiting")).to_have_text(here.view["waiting"])
    for css in ("button[data-action]", "button[data-tool]"):
        controls = table.locator(css)
        expect(controls.first).to_be_visible()
        for k in range(controls.count()):
            expect(controls.nth(k)).to_be_disabled()
    table.locator(".kit-hand [data-card]").first.click()  # the bot's card: says why not
    expect(table.get_by_test_id("message")).to_have_text(here.view["waiting"], timeout=30_000)
    table.get_by_test_id("waiting").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "jupyterlab-palabra-bots-turn.png")
    assert unexpected(page_errors) == []


# -- one screen (issue 15, point 1): table, hand, turn, score and buttons inside 1280×720 ------

SCREEN = {"width": 1280, "height": 720}
SCREEN_NOTEBOOK = "palabra_pantalla.ipynb"
SCREEN_SEATS = (["Bot 1", "Bot 2", "Bot 3", "Ana"], ["greedy", "greedy", "greedy", None])
SCREEN_SEED = 2038  # the bots leave three plays on the table before Ana's turn: the tallest table
SCREEN_SOURCE = f"""from kit.session import Session
from kit.widgets import PalabraTable

mesa = Session("palabra", {SCREEN_SEATS[0]!r}, {SCREEN_SEATS[1]!r}, seed={SCREEN_SEED},
               options={{"common": {COMMON}}})
while mesa.to_act() != 3:  # the cut, the deal and the bots' turns; then Ana is to act
    mesa.step()
PalabraTable(mesa)"""
# what must be seen together, without scrolling, once the widget's top is at the top
ON_SCREEN = {
    "turn": "text.kit-status",
    "scores": "g.kit-player",
    "table": "g.kit-play",
    "hand": ".kit-hand [data-card]",
    "total": "[data-testid=total]",
    "refusal": "[data-testid=message]",
    "allowed plays": "[data-testid=actions] button",
    "tools": "button[data-tool]",
    "best play": "[data-testid=best] summary",
}
MEASURE = """(table) => {
    table.scrollIntoView({block: "start"});
    const out = {};
    for (const [name, css] of Object.entries(SELECTORS)) {
        out[name] = [...table.querySelectorAll(css)].map((node) => {
            const r = node.getBoundingClientRect();
            // seen, not covered: the page's own bars (Lab's status bar...) are not the widget
            const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            const seen = hit !== null && table.contains(hit);
            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, seen};
        });
    }
    return {boxes: out, width: window.innerWidth, height: window.innerHeight};
}"""


def screen_table() -> PalabraTable:
    """The table the notebook shows, here: Ana to act with three plays on the table."""
    set_language("es")
    mesa = Session("palabra", *SCREEN_SEATS, seed=SCREEN_SEED, options={"common": COMMON})
    while mesa.to_act() != 3:
        mesa.step()
    return PalabraTable(mesa)


def off_screen(table: Locator, folded: tuple[str, ...] = ()) -> list[str]:
    """What of ON_SCREEN lies outside the viewport, is covered or is missing, with the widget's
    top at the top of the page (the box of each element, measured in Chromium). `folded`: the
    panels pushed below the screen by one the class opened."""
    found = table.evaluate(MEASURE.replace("SELECTORS", json.dumps(ON_SCREEN)))
    width, height = found["width"], found["height"]
    out = []
    for name, boxes in found["boxes"].items():
        if name in folded:
            continue
        if not boxes:
            out.append(f"{name}: missing")
        for box in boxes:
            if box["right"] == box["left"]:  # not shown now (an empty message): nothing to see
                continue
            inside = box["left"] >= 0 and box["top"] >= 0 and box["seen"]
            if not (inside and box["right"] <= width and box["bottom"] <= height):
                out.append(f"{name}: {box}")
    return out


def play_one_screen(page: Page, table: Locator, artifacts: Path, prefix: str) -> None:
    """Show the best play (its cards marked in the hand), pick its cards, try a refused play:
    after each step the table, the hand, whose turn it is, the total, the refusal and the
    plays allowed now are all inside 1280×720; the screenshots are kept."""
    here = screen_table()
    assert len(here.view["table"]) == 3 and here.view["to_act"] == 3
    here.show_best()
    best = here.view["best"]
    table.locator("button[data-tool=best]").click()
    marked = table.locator(".kit-hand .kit-best-mark")
    expect(marked).to_have_count(len(best["ids"]), timeout=30_000)
    assert off_screen(table) == []
    page.screenshot(path=artifacts / f"{prefix}-palabra-screen-best.png")
    for i, card in enumerate(best["ids"], start=1):
        table.locator(f".kit-hand [data-card='{card}']").click()
        chosen = table.locator(f".kit-hand g.kit-selected[data-card='{card}']")
        expect(chosen).to_have_attribute("data-order", str(i), timeout=30_000)
    for card in best["ids"]:
        here.pick(card)
    expect(table.get_by_test_id("total")).to_have_text(here.view["selection"]["total_text"])
    refused = next(b for b in here.view["buttons"] if not b["legal"] and b["rule"])
    table.get_by_test_id("other-actions").locator("summary").click()
    others = table.get_by_test_id("other-actions")
    others.locator(f"button[data-action={refused['kind']}][data-legal=no]").first.click()
    reason = t("hand.not_allowed", reason=refused["reason"])
    expect(table.get_by_test_id("message")).to_have_text(reason, timeout=30_000)
    assert "PLB-" not in reason
    why = table.get_by_test_id("why")
    expect(why.locator("summary")).to_have_text(t("hand.why"))
    why.locator("summary").click()
    expect(why).to_contain_text(refused["rule"])
    assert off_screen(table, folded=("best play",)) == []  # below the refused plays opened
    page.screenshot(path=artifacts / f"{prefix}-palabra-screen-refused.png")
    in_the_theme_s_look(table)


@pytest.mark.browser
def test_palabra_fits_one_screen_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    write_notebook(jupyterlab_root, SCREEN_NOTEBOOK, SCREEN_SOURCE)
    page.set_viewport_size(SCREEN)
    page.goto(f"{jupyterlab}/lab/workspaces/palabra-screen/tree/{SCREEN_NOTEBOOK}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    play_one_screen(page, the_table(page), artifacts, "jupyterlab")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_palabra_fits_one_screen_in_voila(
    page: Page, page_errors, voila: str, voila_root: Path, artifacts: Path
):
    write_notebook(voila_root, SCREEN_NOTEBOOK, SCREEN_SOURCE)
    page.set_viewport_size(SCREEN)
    page.goto(f"{voila}/voila/render/{SCREEN_NOTEBOOK}")
    play_one_screen(page, the_table(page), artifacts, "voila")
    assert unexpected(page_errors) == []


# With the file browser open (a widget of 848 px) the side column narrows to 270 px: what the
# picture gets and how high its smallest text (the stars of a card, 9 units) renders. Measured
# in Chromium: 505 px and 5 px with a 305-px column; 540 px and 6 px now. The column cannot go
# under the picture, nor be narrower: the plays would leave the screen. A back-row reader needs
# 11 px or more, a picture of 1 000 px or more: wider than the whole widget, so kit.render.hand's
# smallest sizes must grow for that, not the CSS.
WIDE_TABLE = 530
SMALLEST_SVG_TEXT = 5.5
NARROW_NOTEBOOK = "palabra_estrecha.ipynb"


@pytest.mark.browser
def test_palabra_takes_the_width_with_the_file_browser_open_in_jupyterlab(
    page: Page, page_errors, jupyterlab: str, jupyterlab_root: Path, artifacts: Path
):
    write_notebook(jupyterlab_root, NARROW_NOTEBOOK, SCREEN_SOURCE)
    open_beside_the_file_browser(page, jupyterlab, "palabra-estrecha", NARROW_NOTEBOOK)
    table = the_table(page)
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    widget = table.bounding_box()
    picture = table.locator("[data-testid=table] svg")
    drawing = picture.bounding_box()
    smallest = picture.evaluate(SMALLEST_SVG)
    page.screenshot(path=artifacts / "jupyterlab-palabra-file-browser.png")
    assert widget is not None and drawing is not None
    assert widget["width"] < NARROW_WIDGET, widget  # the file browser takes its share of 1280 px
    assert drawing["width"] >= WIDE_TABLE, drawing
    assert smallest >= SMALLEST_SVG_TEXT, smallest
    play_one_screen(page, table, artifacts, "jupyterlab-file-browser")
    expect(page.locator("#filebrowser")).to_be_visible()
    assert unexpected(page_errors) == []
