"""What every browser test does to a JupyterLab page: wait for the kernel, run all, read errors."""

from __future__ import annotations

from playwright.sync_api import Page, expect

KERNEL_SECONDS = 120  # a kernel starting on a busy 2-core machine


def wait_for_the_kernel(page: Page) -> None:
    """Run all before the kernel is connected clears the cells and runs nothing."""
    page.wait_for_function(
        """() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel
                 ?.connectionStatus === 'connected'""",
        timeout=KERNEL_SECONDS * 1000,
    )


def run_all_cells(page: Page) -> None:
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()


NARROW_WIDGET = 1000  # px: a widget narrower than this (Lab with its file browser open) lays out
# its controls for a narrow page (calendar.css, hand.css: a container query)


def open_beside_the_file_browser(page: Page, lab: str, workspace: str, notebook: str) -> None:
    """Open `notebook` in a Lab workspace of its own at 1280×720 with the file browser open,
    so a widget gets about 850 px of the width, and run all its cells."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{lab}/lab/workspaces/{workspace}/tree/{notebook}")
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=60_000)
    page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    expect(page.locator("#filebrowser")).to_be_visible()
    wait_for_the_kernel(page)
    run_all_cells(page)


def unexpected(errors: list[str]) -> list[str]:
    """Every page error except Voilà's icon fonts, which it asks of a CDN this offline machine
    cannot resolve."""
    return [e for e in errors if "net::ERR_NAME_NOT_RESOLVED" not in e]


# -- the look, measured in the page (issue 15: one theme, readable from the back) -------------

SMALLEST_TEXT = """(root) => Math.min(...[...root.querySelectorAll('*')]
    .filter((node) => !(node instanceof SVGElement) && node.getClientRects().length
        && (node.matches('input, select, textarea') || [...node.childNodes].some(
            (child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim())))
    .map((node) => parseFloat(getComputedStyle(node).fontSize)))"""
"""The smallest font size, in CSS pixels, of any text a widget's HTML shows (its SVG apart)."""

SMALLEST_SVG = """(svg) => Math.min(...[...svg.querySelectorAll('text')]
    .filter((node) => node.textContent.trim())
    .map((node) => node.getBoundingClientRect().height).filter((height) => height > 0))"""
"""The smallest rendered height, in CSS pixels, of a text of a drawing."""


def rgb(colour: str) -> str:
    """#RRGGBB as the browser's computed style writes it."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"
