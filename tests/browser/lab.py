"""What every browser test does to a JupyterLab page: wait for the kernel, run all, read errors."""

from __future__ import annotations

from playwright.sync_api import Page

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


def unexpected(errors: list[str]) -> list[str]:
    """Every page error except Voilà's icon fonts, which it asks of a CDN this offline machine
    cannot resolve."""
    return [e for e in errors if "net::ERR_NAME_NOT_RESOLVED" not in e]
