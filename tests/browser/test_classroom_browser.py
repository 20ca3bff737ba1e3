"""A student's copy in the classroom, in a real browser: write answers, run them, see ✔ and ✘.

The classroom is built by `kit.classroom` and served as `make lab` serves it; the notebook is
the student copy of exercises/02_tablero.ipynb, with its name cell and blanked answers.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from lab import KERNEL_SECONDS, run_all_cells, unexpected, wait_for_the_kernel
from playwright.sync_api import Locator, Page, expect

from kit.classroom import build_classroom
from kit.messages import t

REPO = Path(__file__).resolve().parents[2]

COPY = "exercises/02_tablero.ipynb"


def cell_with(page: Page, text: str) -> Locator:
    cell = page.locator(".jp-CodeCell", has_text=text)
    expect(cell).to_have_count(1)
    return cell


def source_with(root: Path, text: str) -> str:
    """The source of the copy's one code cell that contains `text`, as written on disk."""
    notebook = nbformat.read(root / COPY, as_version=4)
    (source,) = [cell.source for cell in notebook.cells if text in cell.source]
    return source


def write_and_run(cell: Locator, source: str) -> None:
    """Replace the cell's text as a student would (select all, type) and run it."""
    cell.locator(".cm-content").click()
    page = cell.page
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(source)
    page.keyboard.press("Shift+Enter")


def wait_for_all_cells_to_finish(page: Page) -> None:
    """Run all marks every cell [*] at once; the notebook is done when no [*] is left."""
    page.wait_for_function(
        """() => ![...document.querySelectorAll('.jp-InputPrompt')]
                 .some(prompt => prompt.textContent.includes('*'))""",
        timeout=KERNEL_SECONDS * 1000,
    )


@pytest.mark.browser
def test_a_student_answers_in_the_classroom_copy(
    page: Page, page_errors, classroom_lab: str, classroom_root: Path, artifacts: Path
):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{classroom_lab}/lab/tree/{COPY}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    wait_for_the_kernel(page)
    run_all_cells(page)
    wait_for_all_cells_to_finish(page)

    name = cell_with(page, "nombre = ")
    write_and_run(name, source_with(classroom_root, 'nombre = ""').replace('""', '"Ana"'))

    right, wrong = 'check("tablero-1", respuesta_1)', 'check("tablero-2", respuesta_2)'
    first = cell_with(page, right)
    expect(first.locator(".jp-OutputArea-output")).to_contain_text("✘")  # "not yet", from run all
    answer = source_with(classroom_root, right).replace("respuesta_1 = ...", "respuesta_1 = 3/36")
    write_and_run(first, answer)
    second = cell_with(page, wrong)
    wrong_answer = "respuesta_2 = Fraction(1, 2)"
    write_and_run(
        second, source_with(classroom_root, wrong).replace("respuesta_2 = ...", wrong_answer)
    )

    expect(second.locator(".jp-OutputArea-output")).to_contain_text("✘ Todavía no.")
    slip_gets_spanish_advice(page, classroom_root, artifacts)
    first.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "classroom-tablero.png")
    expect(first.locator(".jp-OutputArea-output")).to_have_text("✔ ¡Correcto!")
    assert unexpected(page_errors) == []
    saved_is_kept_by_the_next_build(page, classroom_root)


def slip_gets_spanish_advice(page: Page, root: Path, artifacts: Path) -> None:
    """0,0433 (a decimal comma) is a SyntaxError raised before any kit code runs: the student
    reads what to type instead, as the cell's error, and none of Python's text."""
    third = cell_with(page, 'check("tablero-3", respuesta_3)')
    source = source_with(root, 'check("tablero-3"').replace(
        "respuesta_3 = ...", "respuesta_3 = 0,0433"
    )
    write_and_run(third, source)
    output = third.locator(".jp-OutputArea-output")
    expect(output).to_contain_text("En Python los decimales llevan punto, no coma: escribe 0.0433")
    for python_text in ("SyntaxError", "Traceback", "octal", "leading zeros"):
        expect(output).not_to_contain_text(python_text)
    third.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "classroom-slip.png")


def saved_is_kept_by_the_next_build(page: Page, root: Path) -> None:
    """JupyterLab keeps the copy's fingerprint when the student saves, so the next `make lab`
    sees an up-to-date copy: it neither overwrites the work nor writes a `-2` beside it."""
    page.keyboard.press("Control+s")
    expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0, timeout=30_000)
    saved = (root / COPY).read_text(encoding="utf-8")
    sources = "\n".join(cell.source for cell in nbformat.reads(saved, as_version=4).cells)
    assert 'nombre = "Ana"' in sources and "respuesta_1 = 3/36" in sources
    placed = build_classroom(REPO / "notebooks", REPO / "exercises", root)
    assert {item.status for item in placed} == {"current"}
    assert (root / COPY).read_text(encoding="utf-8") == saved


# -- no stray files (issue 15, point 5) --------------------------------------------------------

LESSON = "lessons/01_dados.ipynb"
GAME = "partidas/jugar_superpoly.ipynb"


def git_status(checkout: Path) -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean clone of the kit, where a teacher types `kit classroom` and `kit play`."""
    clone = tmp_path_factory.mktemp("checkout") / "kit"
    subprocess.run(["git", "clone", "--quiet", "--shared", str(REPO), str(clone)], check=True)
    kit = Path(sys.executable).parent / "kit"
    for command in (["classroom"], ["play", "superpoly", "--no-voila"]):
        subprocess.run([kit, *command], cwd=clone, check=True, capture_output=True)
    assert git_status(clone) == "", "kit classroom or kit play wrote outside classroom/"
    return clone


@pytest.fixture(scope="module")
def checkout_lab(checkout: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on the clone's classroom/, as `make lab` and `kit lab` open it."""
    from conftest import serve_lab

    yield from serve_lab(tmp_path_factory.mktemp("checkout-lab"), checkout / "classroom")


def run_and_save(page: Page, base: str, notebook: str) -> None:
    page.goto(f"{base}/lab/tree/{notebook}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    page.wait_for_function(  # Lab restores the tabs opened before: wait for this one in front
        "path => window.jupyterapp?.shell.currentWidget?.context?.path === path",
        arg=notebook,
        timeout=60_000,
    )
    wait_for_the_kernel(page)
    run_all_cells(page)
    wait_for_all_cells_to_finish(page)


def save(page: Page) -> None:
    page.keyboard.press("Control+s")
    expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0, timeout=30_000)


@pytest.mark.browser
def test_a_lesson_and_a_game_in_the_classroom_leave_git_status_clean(
    page: Page, page_errors, checkout_lab: str, checkout: Path, artifacts: Path
):
    page.set_viewport_size({"width": 1280, "height": 720})
    run_and_save(page, checkout_lab, LESSON)
    save(page)
    lesson = nbformat.read(checkout / "classroom" / LESSON, as_version=4)
    assert any(cell.get("outputs") for cell in lesson.cells), "the lesson ran and was saved"

    run_and_save(page, checkout_lab, GAME)
    board = page.locator(".kit-board").first
    expect(board.locator("[data-testid=board] svg")).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    message = board.get_by_test_id("message")
    before = message.text_content()
    board.locator("button[data-action=RollDice]").first.click()
    expect(message).not_to_have_text(before or "", timeout=30_000)
    save(page)
    page.screenshot(path=artifacts / "classroom-game-git-clean.png")
    assert (checkout / "classroom" / "partidas" / "partida_superpoly.json").exists()
    assert git_status(checkout) == "", "the lesson or the game changed the checkout"
    assert unexpected(page_errors) == []


@pytest.mark.browser
def test_a_lesson_opens_on_its_board_before_anything_runs(
    page: Page, page_errors, classroom_lab: str, artifacts: Path
):
    """Issue 15: an unsigned notebook's widgets show in JupyterLab as one line of text (now
    «El Palé: la partida aparece aquí al ejecutar las celdas…») until Run All. `kit classroom`
    signs the copies it writes, so the lesson opens on the board it was saved with, at
    1280×720, before any cell runs; the board says it is a picture until the cells run."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{classroom_lab}/lab/tree/lessons/02_tablero.ipynb")
    board = page.locator(".kit-board").first
    expect(board).to_be_visible(timeout=KERNEL_SECONDS * 1000)
    expect(board.locator(".kit-board-drawing svg")).to_be_visible()
    expect(board.locator("button", has_text="Tirar los dados")).to_be_visible()
    fallback = t("widget.run_to_play", game="El Palé")  # the text shown where it cannot draw
    assert page.locator(".jp-OutputArea-output", has_text=fallback).count() == 0
    # the saved board has no Python behind it: it says so, and its buttons are greyed out
    notice = board.get_by_test_id("no-answer")
    expect(notice).to_have_text(t("widget.no_answer"))
    expect(board).to_have_class(re.compile(r"\bkit-offline\b"))
    board.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "classroom-lesson-before-run.png")
    wait_for_the_kernel(page)
    run_all_cells(page)
    wait_for_all_cells_to_finish(page)
    live = page.locator(".kit-board").first
    expect(live).not_to_have_class(re.compile(r"\bkit-offline\b"), timeout=KERNEL_SECONDS * 1000)
    expect(page.get_by_test_id("no-answer").first).to_be_hidden()
    expect(live.locator("button", has_text="Tirar los dados")).to_be_enabled()
    assert unexpected(page_errors) == []
