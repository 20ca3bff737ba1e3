"""The offline JupyterLite site (`make lite`) in Debian's Chromium: every notebook runs in Pyodide.

One site (built by lite/build.py, or reused when its inputs have not changed), one static server
on 127.0.0.1 and one browser context serve every test here. Every request the pages and their
workers make is recorded; one that leaves 127.0.0.1 fails the suite. Each notebook of the
classroom (lessons, play notebooks, student copies) is opened, run all in the browser's Python,
and must show no error output; one control of each widget on it is clicked and the widget must
change. A class game plays a move, the page is reloaded and the game resumes from the browser's
storage. Run with `pytest -m lite tests/browser`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import REPO, free_port, serve
from playwright.sync_api import Browser, BrowserContext, Page, expect

from kit.messages import t

pytestmark = [pytest.mark.lite, pytest.mark.browser]

RUN_SECONDS = 240  # a whole notebook in Pyodide, kernel start included, on a busy 2-core machine
# every lesson and exercise master of the repository: the site must hold them all
LESSONS = sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb"))
EXERCISES = sorted(p.stem for p in (REPO / "exercises").glob("*.ipynb"))
NOTEBOOKS = [f"lessons/{n}" for n in LESSONS] + [f"exercises/{n}" for n in EXERCISES]

# Each widget: its root in the page, one control, and what its answer changes.
WIDGETS = {
    "DiceLab": (".kit-dice", "[data-testid=roll-100]"),
    "PropertyBoard": (".kit-board", "button[data-action]"),
    "PaydayBoard": (".kit-payday-board", "button[data-action=Roll]"),
    "PalabraTable": (".kit-palabra", ".kit-hand [data-card]"),
    "InterestExplorer": (".kit-interest", ".widget-toggle-button:not(.mod-active)"),
}

# JavaScript run in the page: the open notebook's cells, through window.jupyterapp.
CELLS = "window.jupyterapp.shell.currentWidget.content.model.cells"
KERNEL_IDLE = """() => {
    const kernel = window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel;
    return kernel?.connectionStatus === 'connected' && kernel.status === 'idle';
}"""
RAN = f"""() => {{
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const cells = {CELLS};
    let pending = false, failed = false;
    for (let i = 0; i < cells.length; i++) {{
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        if (cell.executionCount === null && cell.sharedModel.source.trim()) pending = true;
        for (let j = 0; j < cell.outputs.length; j++)
            if (cell.outputs.get(j).type === 'error') failed = true;
    }}
    const busy = document.querySelector('.jp-InputArea-prompt')
        && [...document.querySelectorAll('.jp-InputArea-prompt')]
            .some(p => p.textContent.includes('*'));
    return kernel.status === 'idle' && !busy && (failed || !pending);
}}"""
ERRORS = f"""() => {{
    const cells = {CELLS}, out = [];
    for (let i = 0; i < cells.length; i++)
        for (let j = 0; cells.get(i).type === 'code' && j < cells.get(i).outputs.length; j++) {{
            const o = cells.get(i).outputs.get(j).toJSON();
            if (o.output_type === 'error') out.push(`cell ${{i}}: ${{o.ename}}: ${{o.evalue}}`);
        }}
    return out;
}}"""


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, built (or reused when fresh) and served on a free 127.0.0.1 port."""
    subprocess.run([sys.executable, REPO / "lite" / "build.py"], check=True)
    port = free_port()
    home = tmp_path_factory.mktemp("lite")
    args = ["http.server", "--bind", "127.0.0.1", "-d", str(REPO / "build" / "lite"), str(port)]
    yield from serve(args, f"http://127.0.0.1:{port}", home)


@pytest.fixture(scope="session")
def offsite() -> list[str]:
    """Every request of the lite pages that left 127.0.0.1 (none may)."""
    return []


@pytest.fixture(scope="session")
def lite_context(browser: Browser, lite_site: str, offsite: list[str]) -> Iterator[BrowserContext]:
    """One browser context for every lite test: its storage holds the students' files."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # a projector

    def record(request) -> None:
        url = urlsplit(request.url)
        if url.scheme not in ("data", "blob") and url.hostname != "127.0.0.1":
            offsite.append(request.url)

    context.on("request", record)
    yield context
    context.close()
    assert offsite == [], f"requests left 127.0.0.1: {offsite}"


@pytest.fixture
def lite_page(lite_context: BrowserContext, artifacts: Path, request) -> Iterator[Page]:
    page = lite_context.new_page()
    yield page
    if getattr(request.node, "failed_call", False):
        page.screenshot(path=artifacts / f"FAILED-{request.node.name}.png")
    page.close()


def open_and_run_all(page: Page, site: str, notebook: str, forget: str | None = None) -> list[str]:
    """Open NOTEBOOK.ipynb in the site's notebook view, run all; the error outputs. `forget`:
    a file of the browser's storage to delete before the cells run."""
    page.goto(f"{site}/notebooks/index.html?path={notebook}.ipynb")
    page.wait_for_function(KERNEL_IDLE, timeout=RUN_SECONDS * 1000)
    if forget:
        page.evaluate(
            """async path => {
                const contents = window.jupyterapp.serviceManager.contents;
                try { await contents.delete(path); } catch (error) {}
            }""",
            forget,
        )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(RAN, timeout=RUN_SECONDS * 1000, polling=250)
    return page.evaluate(ERRORS)


def click_each_widget(page: Page) -> list[str]:
    """Click one control of each kind of widget on the page; the kinds that changed."""
    answered = []
    for kind, (root_css, control_css) in WIDGETS.items():
        roots = page.locator(root_css)
        if roots.count() == 0:
            continue
        root = roots.first
        control = root.locator(f"{control_css}:not([disabled])").last
        root.scroll_into_view_if_needed()
        before = root.inner_html()
        control.click()
        page.wait_for_function(
            "([el, before]) => el.innerHTML !== before",
            arg=[root.element_handle(), before],
            timeout=30_000,
        )
        answered.append(kind)
    return answered


ANSWERED: set[str] = set()


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_runs_in_the_browser(
    lite_page: Page, lite_site: str, notebook: str, artifacts: Path
):
    assert open_and_run_all(lite_page, lite_site, notebook) == []
    ANSWERED.update(click_each_widget(lite_page))
    lite_page.screenshot(path=artifacts / f"lite-{notebook.replace('/', '-')}.png")


def test_every_widget_answered_a_click():
    """Every widget of the kit was clicked in some notebook above and changed."""
    assert set(WIDGETS) <= ANSWERED


def test_a_class_game_resumes_from_the_browsers_storage(lite_page: Page, lite_site: str):
    notebook = "lessons/jugar_el_pale"
    save = "lessons/partida_el_pale.json"  # a new game: Ana, a person, rolls first
    assert open_and_run_all(lite_page, lite_site, notebook, forget=save) == []
    board = lite_page.locator(".kit-board").first
    log = lite_page.locator(".kit-table-log li")
    before = log.all_inner_texts()
    board.locator("button[data-action=RollDice]").first.click()
    lite_page.wait_for_function(
        "before => [...document.querySelectorAll('.kit-table-log li')]"
        ".map(li => li.innerText).join('\\n') !== before.join('\\n')",
        arg=before,
        timeout=30_000,
    )
    lines = log.all_inner_texts()
    lite_page.reload()  # the old kernel's hold on the game cannot be told from a live tab's:
    assert open_and_run_all(lite_page, lite_site, notebook) == []  # the new one takes it, saying so
    expect(lite_page.locator(".kit-table-log li")).to_have_count(len(lines), timeout=30_000)
    assert lite_page.locator(".kit-table-log li").all_inner_texts() == lines
    took = t("session.took_in_browser", path="partida_el_pale.json")
    expect(lite_page.locator(".kit-board").first).to_contain_text(took)


def test_the_site_holds_the_classroom_and_no_answer(lite_site: str):
    """The site's files are the classroom layout: lessons and student copies (no cell tagged
    `solution`, no outputs), and no source maps."""
    site = REPO / "build" / "lite"
    files = site / "files"
    assert sorted(p.name for p in files.iterdir()) == ["exercises", "lessons"]
    assert sorted(p.stem for p in (files / "lessons").glob("*.ipynb")) == LESSONS
    assert sorted(p.stem for p in (files / "exercises").glob("*.ipynb")) == EXERCISES
    assert not [p for p in files.rglob("*") if p.is_file() and p.suffix != ".ipynb"]
    for copy in (files / "exercises").glob("*.ipynb"):
        for cell in json.loads(copy.read_text())["cells"]:
            assert "solution" not in cell["metadata"].get("tags", []), copy.name
            assert not cell.get("outputs"), copy.name
    assert not list(site.rglob("*.map"))


def test_the_site_runs_the_pyodide_the_makefile_names(lite_site: str):
    """The kernel's pinned Pyodide is the one make pyodide tests the exercises in."""
    runtime = REPO / "build" / "lite" / "static" / "pyodide" / "package.json"
    makefile = (REPO / "Makefile").read_text()
    assert f"PYODIDE_VERSION := {json.loads(runtime.read_text())['version']}\n" in makefile
