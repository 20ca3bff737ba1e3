"""The dice lab in a real browser: it renders from the lesson, and a click rolls in the kernel.
Its text is one of kit.theme's sizes (none below 16 px), its colours the theme's CSS variables.

Run with `pytest -m browser tests/browser` (Debian's Chromium, servers on localhost).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lab import KERNEL_SECONDS, SMALLEST_TEXT, rgb, run_all_cells, unexpected, wait_for_the_kernel
from playwright.sync_api import Locator, Page, expect

from kit import theme
from kit.render import format_count

LESSON = "01_dados.ipynb"


def in_the_theme_s_look(lab: Locator) -> None:
    """Every text of the page one of the theme's sizes, none below the small one; the colours
    kit.theme's CSS variables (the roll buttons in the observed colour, a refusal's ink)."""
    assert lab.evaluate(SMALLEST_TEXT) >= theme.TEXT_SIZES["small"]
    roll = lab.get_by_test_id("roll-100")
    assert roll.evaluate("b => getComputedStyle(b).backgroundColor") == rgb(theme.OBSERVED)
    message = lab.get_by_test_id("message")
    assert message.evaluate("m => getComputedStyle(m).color") == rgb(theme.REFUSED)
    assert theme.FONT.split(",")[0] in lab.evaluate("b => getComputedStyle(b).fontFamily")


def first_dice_lab(page: Page) -> Locator:
    lab = page.locator(".kit-dice").first
    expect(lab.get_by_test_id("rolls")).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    return lab


def roll_100_adds_100(lab: Locator) -> None:
    rolls = lab.get_by_test_id("rolls")
    before = int(rolls.text_content().replace("\u202f", ""))  # 10 000 is written with a thin space
    lab.get_by_test_id("roll-100").click()
    expect(rolls).to_have_text(format_count(before + 100), timeout=30_000)
    expect(lab.get_by_test_id("message")).to_have_text("")
    expect(lab.get_by_test_id("histogram").locator("rect.kit-observed").first).to_be_visible()


def wait_for_all_cells_to_finish(page: Page) -> None:
    """Run all marks every cell [*] at once; the lesson is done when no [*] is left."""
    page.wait_for_function(
        """() => ![...document.querySelectorAll('.jp-InputPrompt')]
                 .some(prompt => prompt.textContent.includes('*'))""",
        timeout=KERNEL_SECONDS * 1000,
    )


def bad_seed_is_explained_then_reset_empties(lab: Locator, screenshot: Path) -> None:
    rolls = lab.get_by_test_id("rolls")
    before = rolls.text_content()
    lab.get_by_test_id("seed").fill("dos mil")
    lab.get_by_test_id("seed").press("Enter")
    expect(lab.get_by_test_id("message")).to_contain_text("semilla")
    expect(rolls).to_have_text(before)
    in_the_theme_s_look(lab)  # the message too
    lab.screenshot(path=screenshot)
    lab.get_by_test_id("reset").click()
    expect(rolls).to_have_text("0")
    expect(lab.get_by_test_id("message")).to_have_text("")


@pytest.mark.browser
def test_dice_lab_rolls_in_jupyterlab(page: Page, page_errors, jupyterlab: str, artifacts: Path):
    page.goto(f"{jupyterlab}/lab/tree/{LESSON}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    lab = first_dice_lab(page)
    wait_for_all_cells_to_finish(page)
    roll_100_adds_100(lab)
    lab.screenshot(path=artifacts / "jupyterlab-dice-lab.png")
    page.screenshot(path=artifacts / "jupyterlab-page.png")
    bad_seed_is_explained_then_reset_empties(lab, artifacts / "jupyterlab-bad-seed.png")
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_dice_lab_rolls_in_voila(page: Page, page_errors, voila: str, artifacts: Path):
    page.goto(f"{voila}/voila/render/{LESSON}")
    lab = first_dice_lab(page)
    roll_100_adds_100(lab)
    lab.screenshot(path=artifacts / "voila-dice-lab.png")
    page.screenshot(path=artifacts / "voila-page.png")
    assert unexpected(page_errors) == []
