"""Real servers and Debian's Chromium for the browser tests.

Each server runs on a free localhost port over a temporary copy of notebooks/ (the committed
lessons are never touched) with fresh Jupyter settings, workspaces and runtime directories, so
no earlier session's tabs, pop-ups or kernels leak in.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from kit.serve import TOKEN_VARIABLE, new_token, server_args

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
SERVER_START_SECONDS = 90
LAB_SETTINGS = {
    # no "Jupyter news?" pop-up and no update check: both would reach the network
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    # start the lesson's kernel without a "Select Kernel" dialog; keep every cell in the page,
    # so a test can see that all of them have run
    "@jupyterlab/notebook-extension/tracker": {
        "autoStartDefaultKernel": True,
        "windowingMode": "none",
    },
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_answering(url: str, server: subprocess.Popen, log: Path) -> None:
    """Poll the server until it answers HTTP; fail with its log if it dies or never answers."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"server exited with {server.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    pytest.fail(
        f"server did not answer {url} in {SERVER_START_SECONDS} s:\n{log.read_text()[-3000:]}"
    )


def stop(server: subprocess.Popen) -> None:
    """Stop the server and the kernels it started (they share its process group)."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def serve(
    args: list[str], url: str, home: Path, extra_env: dict[str, str] | None = None
) -> Iterator[str]:
    """Run `python -m ARGS` with Jupyter's folders under `home` (and `extra_env`); yield `url`
    once it answers."""
    env = {
        **os.environ,
        **(extra_env or {}),
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "IPYTHONDIR": str(home / "ipython"),
    }
    log = home / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    try:
        wait_until_answering(url, server, log)
        yield url
    finally:
        stop(server)


def copy_notebooks(home: Path) -> Path:
    root = home / "notebooks"
    shutil.copytree(REPO / "notebooks", root)
    return root


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go: $KIT_ARTIFACTS, or artifacts/screenshots/ at the repo root."""
    path = Path(os.environ.get("KIT_ARTIFACTS", REPO / "artifacts" / "screenshots"))
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("FAILED-*.png"):
        stale.unlink()
    return path


@pytest.fixture(scope="session")
def jupyterlab_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("jupyterlab")


@pytest.fixture(scope="session")
def jupyterlab_root(jupyterlab: str, jupyterlab_home: Path) -> Path:
    """The folder JupyterLab serves (a copy of notebooks/): a test may write its own notebook
    there and open it at `{jupyterlab}/lab/tree/NAME`."""
    return jupyterlab_home / "notebooks"


@pytest.fixture(scope="session")
def jupyterlab(jupyterlab_home: Path) -> Iterator[str]:
    yield from serve_lab(jupyterlab_home, copy_notebooks(jupyterlab_home))


@pytest.fixture(scope="session")
def classroom_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A classroom made by `kit classroom` from the kit's lessons and masters."""
    from kit.classroom import build_classroom

    root = tmp_path_factory.mktemp("classroom") / "classroom"
    build_classroom(REPO / "notebooks", REPO / "exercises", root)
    return root


@pytest.fixture(scope="session")
def classroom_lab(classroom_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on the classroom folder, as `make lab` starts it."""
    yield from serve_lab(tmp_path_factory.mktemp("classroom-lab"), classroom_root)


def serve_lab(home: Path, root: Path) -> Iterator[str]:
    """JupyterLab on `root`, with this suite's settings and Jupyter's folders under `home`."""
    for plugin, settings in LAB_SETTINGS.items():
        path = home / "settings" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    port = free_port()
    args = [
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: the test sees the kernel
    ]
    yield from serve(args, f"http://127.0.0.1:{port}", home)


@pytest.fixture(scope="session")
def voila_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("voila")


@pytest.fixture(scope="session")
def voila_root(voila: str, voila_home: Path) -> Path:
    """The folder Voilà serves (a copy of notebooks/), for a test's own notebook."""
    return voila_home / "notebooks"


@pytest.fixture(scope="session")
def voila(voila_home: Path) -> Iterator[str]:
    """Voilà over the lessons; opening `{url}/voila/render/NAME` runs NAME in a new kernel."""
    yield from serve_voila(copy_notebooks(voila_home), voila_home)


VOILA_TOKENS: dict[str, str] = {}
"""Each running Voilà server's URL and its token: the `page` fixture logs in to each."""


def serve_voila(target: Path, home: Path) -> Iterator[str]:
    """The class game's server (kit/voila_app.py) on `target` as `kit play` and `kit voila`
    start it, with its own token (VOILA_TOKENS) and its kernels' connection files under
    `home`/kernels; yield its URL, without the token, once it answers."""
    port, token = free_port(), new_token()
    url = f"http://127.0.0.1:{port}"
    (home / "kernels").mkdir(parents=True, exist_ok=True)
    args = [
        *server_args(target, port),
        "--no-browser",
        f"--Voila.connection_dir_root={home / 'kernels'}",
    ]
    VOILA_TOKENS[url] = token
    try:
        yield from serve(args, url, home, {TOKEN_VARIABLE: token})
    finally:
        del VOILA_TOKENS[url]


def kernels(home: Path) -> list[str]:
    """The kernels a server started under `home` (serve_voila) has running now: one connection
    file each, removed when the kernel is shut down."""
    return sorted(path.stem for path in (home / "kernels").glob("voila_*/kernel-*.json"))


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium; skipped on a machine without it, except where KIT_REQUIRE_BROWSER is set
    (CI), so a missing browser can never pass as a green run."""
    if not Path(CHROMIUM).exists():
        reason = f"no browser at {CHROMIUM}: install Debian's chromium (apt-get install chromium)"
        if os.environ.get("KIT_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator:
    """Remember whether the test body failed, for the page fixture's failure screenshot."""
    report = yield
    if report.when == "call":
        item.failed_call = report.failed
    return report


@pytest.fixture
def page(browser: Browser, artifacts: Path, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh page; when the test fails, a screenshot of what it saw goes to the artifacts."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    for url, token in VOILA_TOKENS.items():  # the login cookie, as the token URL gives it
        context.request.get(f"{url}/login?token={token}", max_redirects=0)
    new = context.new_page()
    yield new
    if getattr(request.node, "failed_call", False):
        new.screenshot(path=artifacts / f"FAILED-{request.node.name}.png", full_page=True)
    context.close()


@pytest.fixture
def page_errors(page: Page) -> list[str]:
    """Uncaught exceptions and console errors of the page, collected for the test to check."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.on("console", lambda msg: msg.type == "error" and errors.append(f"console: {msg.text}"))
    return errors
