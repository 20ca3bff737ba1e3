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

import http.client
import json
import re
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import VOILA_TOKENS, kernels, serve_voila
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
    # the _xsrf cookie that closing sends back is the game page's own (kit/voila_app.py)
    assert "_xsrf" not in [cookie["name"] for cookie in page.context.cookies()]
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
    deadline = time.monotonic() + KERNEL_SECONDS  # the kernel stops and gives the game back
    while lock.exists() and time.monotonic() < deadline:
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
    """The class game's server over kit play's folder, as `kit play` starts it."""
    yield from serve_voila(kit_play_folder, tmp_path_factory.mktemp("v"))


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


# -- the class game's server answers its own page only (issue 22, point 4) ---------------------

FOREIGN_PAGE = """<!DOCTYPE html><meta charset="utf-8"><title>otra web</title><body><script>
// What any page the teacher's browser opens can make it send to the game's server, without
// the token: pictures, frames, forms and fetches, GET and POST. `attack()` settles once the
// browser has had an answer to every one (so the server has handled them all).
const game = "GAME/";
const settled = (element) => new Promise((done) => { element.onload = element.onerror = done; });
const sent = (promise) => promise.then(() => null, () => null);
async function attack() {
  const waits = [];
  for (const url of [game, game + "?token=wrong", game + "voila/render/NOTEBOOK"]) {
    const picture = new Image();
    waits.push(settled(picture));
    picture.src = url;
    const frame = document.createElement("iframe");
    document.body.append(frame);
    waits.push(settled(frame));
    frame.src = url;
    const options = { mode: "no-cors", credentials: "include" };
    waits.push(sent(fetch(url, options)));
    const body = new URLSearchParams({ _xsrf: "x" });
    waits.push(sent(fetch(url, { ...options, method: "POST", body })));
  }
  const shutdown = game + "voila/api/shutdown/00000000-0000-0000-0000-000000000000";
  waits.push(sent(fetch(shutdown, { mode: "no-cors", credentials: "include", method: "POST" })));
  for (const method of ["GET", "POST"]) {
    const frame = document.createElement("iframe");
    frame.name = "answer-" + method;
    document.body.append(frame);
    const form = document.createElement("form");
    Object.assign(form, { method, action: game, target: frame.name });
    document.body.append(form);
    waits.push(settled(frame));
    form.submit();
  }
  await Promise.all(waits);
  return waits.length;
}
</script>"""


@pytest.fixture(scope="module")
def foreign_site(kit_play_game: tuple[str, Path]) -> Iterator[str]:
    """Another web page on another port of this computer, aimed at the class game's server."""
    game, _ = kit_play_game
    html = FOREIGN_PAGE.replace("GAME", game).replace("NOTEBOOK", notebook_name("superpoly"))

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = html.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def kit_play_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`kit play superpoly`'s server: its one notebook at the root; the URL and its home (where
    its kernels' connection files are)."""
    from kit.cli import main

    folder = tmp_path_factory.mktemp("juego") / "partidas"
    assert main(["play", "superpoly", "--folder", str(folder), "--no-voila"]) == 0
    home = tmp_path_factory.mktemp("juego-servidor")
    for url in serve_voila(folder / notebook_name("superpoly"), home):
        yield url, home


def the_foreign_page_attacks(page: Page, site: str) -> None:
    page.goto(site)
    page.evaluate("attack().then((count) => { window.attacked = count; })")
    page.wait_for_function("window.attacked > 0", timeout=KERNEL_SECONDS * 1000)


@pytest.mark.browser
def test_another_web_page_cannot_start_a_kernel_or_take_the_class_game(
    page: Page, browser, kit_play_game, foreign_site: str, tmp_path: Path, artifacts: Path
):
    """Before the teacher's page (no login cookie) and after it (the cookie, which a browser
    sends to every port of 127.0.0.1): no kernel starts, and the teacher's page plays on."""
    game, home = kit_play_game
    clicks, _, _ = plan("superpoly", tmp_path)
    elsewhere = browser.new_context()
    try:
        the_foreign_page_attacks(elsewhere.new_page(), foreign_site)
    finally:
        elsewhere.close()
    assert kernels(home) == [], "a page without the token started a kernel"

    page.goto(f"{game}/?token={VOILA_TOKENS[game]}")  # the URL kit play prints and opens
    board = the_board(page)
    (kind, message), (kind_2, message_2) = clicks[:2]
    board.locator(f"button[data-action={kind}]").first.click()
    expect(board.get_by_test_id("message")).to_have_text(message, timeout=30_000)
    teachers = kernels(home)
    assert len(teachers) == 1

    the_foreign_page_attacks(page.context.new_page(), foreign_site)  # with the login cookie
    assert kernels(home) == teachers, "another page started a kernel with the teacher's cookie"
    board.locator(f"button[data-action={kind_2}]").first.click()
    expect(board.get_by_test_id("message")).to_have_text(message_2, timeout=30_000)
    page.screenshot(path=artifacts / "play-after-a-foreign-page.png")

    page.close(run_before_unload=True)  # its kernel shuts down, with the _xsrf cookie
    deadline = time.monotonic() + KERNEL_SECONDS
    while kernels(home) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert kernels(home) == [], "the closed page's kernel lives on"


def answer(game: str, path: str, host: str) -> int:
    """The status the server gives a GET of `path` that names `host` as its Host."""
    port = int(game.rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=KERNEL_SECONDS)
    try:
        connection.request("GET", path, headers={"Host": f"{host}:{port}"})
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.browser
def test_a_request_naming_another_host_is_refused(kit_play_game):
    """DNS rebinding: a site whose name is made to point at 127.0.0.1 sends its own name as the
    Host. The same request, token and all, is let in as localhost and refused as another host."""
    game, home = kit_play_game
    login = f"/login?token={VOILA_TOKENS[game]}"
    assert answer(game, login, "localhost") == 302  # logged in, sent on to the page
    assert answer(game, login, "127.0.0.1") == 302
    assert answer(game, login, "juegos.example") == 403
    before = kernels(home)
    assert answer(game, f"/?token={VOILA_TOKENS[game]}", "juegos.example") == 403
    assert kernels(home) == before
