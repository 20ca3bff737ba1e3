"""How fast a lesson starts in the offline JupyterLite site (`make lite`), in Debian's Chromium.

For each lesson: the seconds from opening it to its kernel being ready, to the first output of a
run-all (started as soon as the kernel is ready, as a teacher would), and to the end of the
run-all. Each run opens the lesson in a fresh browser context, so nothing is cached: a student's
first visit. Prints medians. The baseline, measured in the same run, is the kernel start alone
(opening lesson 01 and waiting for the kernel, no cell run): what a lesson adds to it is the
lesson's own cost. Aims: first output within 10 s, lesson 01's run-all within 30 s.

    python bench/bench_lite.py [--runs 3] [--lessons 01_dados 03_dia_de_paga]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]  # fmt: skip
LESSONS = ["01_dados", "02_tablero", "03_dia_de_paga", "04_interes_compuesto", "05_palabra",
           "06_multiplicadores"]  # fmt: skip
TIMEOUT_MS = 300_000

KERNEL_IDLE = """() => {
    const k = window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel;
    return k?.connectionStatus === 'connected' && k.status === 'idle';
}"""
CELLS = "window.jupyterapp.shell.currentWidget.content.model.cells"
FIRST_OUTPUT = f"""() => {{
    const cells = {CELLS};
    for (let i = 0; i < cells.length; i++)
        if (cells.get(i).type === 'code' && cells.get(i).outputs.length) return true;
    return false;
}}"""
DONE = f"""() => {{
    const cells = {CELLS};
    const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    let pending = false;
    for (let i = 0; i < cells.length; i++) {{
        const c = cells.get(i);
        if (c.type !== 'code') continue;
        for (let j = 0; j < c.outputs.length; j++)
            if (c.outputs.get(j).type === 'error') return true;
        if (c.executionCount === null && c.sharedModel.source.trim()) pending = true;
    }}
    const busy = [...document.querySelectorAll('.jp-InputArea-prompt')]
        .some(p => p.textContent.includes('*'));
    return k.status === 'idle' && !busy && !pending;
}}"""
ERRORS = f"""() => {{
    const cells = {CELLS}; let n = 0;
    for (let i = 0; i < cells.length; i++)
        for (let j = 0; cells.get(i).type === 'code' && j < cells.get(i).outputs.length; j++)
            if (cells.get(i).outputs.get(j).type === 'error') n++;
    return n;
}}"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def one_run(browser: Browser, url: str, run_all: bool) -> dict[str, float]:
    """Seconds from opening to: kernel ready; first output and end of a run-all (if asked)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT_MS, polling=50)
    times = {"kernel": time.perf_counter() - start}
    if run_all:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(FIRST_OUTPUT, timeout=TIMEOUT_MS, polling=50)
        times["first output"] = time.perf_counter() - start
        page.wait_for_function(DONE, timeout=TIMEOUT_MS, polling=100)
        times["run-all"] = time.perf_counter() - start
        times["errors"] = page.evaluate(ERRORS)
    context.close()
    return times


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3, help="openings of each lesson (median)")
    ap.add_argument("--lessons", nargs="*", default=LESSONS, help="lessons to time")
    ns = ap.parse_args()
    subprocess.run([sys.executable, ROOT / "lite" / "build.py"], check=True)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "-d", SITE, str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    site = f"http://127.0.0.1:{port}/notebooks/index.html?path=lessons"
    try:
        time.sleep(1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            one_run(browser, f"{site}/01_dados.ipynb", run_all=False)  # warm the server
            base = statistics.median(
                one_run(browser, f"{site}/01_dados.ipynb", run_all=False)["kernel"]
                for _ in range(ns.runs)
            )
            print(f"site {SITE.relative_to(ROOT)}: {size_mb(SITE):.1f} MB; medians of {ns.runs}")
            print(f"baseline, the kernel start alone: {base:.1f} s\n")
            print(f"{'lesson':24} {'kernel':>7} {'first output':>13} {'run-all':>8}  errors")
            for lesson in ns.lessons:
                runs = [one_run(browser, f"{site}/{lesson}.ipynb", True) for _ in range(ns.runs)]
                med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
                print(
                    f"{lesson:24} {med['kernel']:6.1f}s {med['first output']:12.1f}s "
                    f"{med['run-all']:7.1f}s  {int(max(r['errors'] for r in runs))}",
                    flush=True,
                )
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print("\naims: first output within 10 s; lesson 01's run-all within 30 s")


if __name__ == "__main__":
    main()
