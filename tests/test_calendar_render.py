"""The Día de Paga calendar as SVG: byte-deterministic, and showing what the view model holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import kit
from kit.games.dia_de_paga.actions import Deposit, EndPayday, Roll
from kit.messages import set_language
from kit.render.calendar import books_svg, calendar_svg, month_svg
from kit.widgets.calendar_view import calendar_view, payday_lines

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def start(players=3):
    return kit.load("dia_de_paga", players=players).start_state()


def groups(tree: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in tree.iter(f"{NS}g") if g.get("class") == css]


def texts(tree: ET.Element, css: str) -> dict[str, str]:
    """{data-player: text} of the <text> elements of one class."""
    return {e.get("data-player"): e.text for e in tree.iter(f"{NS}text") if e.get("class") == css}


def test_same_view_same_bytes_and_a_fresh_state_draws_the_same():
    a = calendar_svg(calendar_view(start()))
    b = calendar_svg(calendar_view(start()))
    assert a == b
    assert a.startswith("<svg") and "0x" not in a
    ET.fromstring(a)


def test_the_month_salida_tokens_and_books_are_drawn():
    state = start(players=4)
    state.pos = [12, 12, 31, 0]
    tree = ET.fromstring(calendar_svg(calendar_view(state)))
    days = groups(tree, "kit-day")
    assert [int(g.get("data-day")) for g in days] == [*range(1, 32), 0]  # 31 days and Salida
    twelve = next(g for g in days if g.get("data-day") == "12")
    assert [t.get("data-player") for t in groups(twelve, "kit-token")] == ["0", "1"]
    assert len(groups(tree, "kit-token")) == 4 + 4  # on the month, and one in each book
    assert len(groups(tree, "kit-book")) == 4
    assert texts(tree, "kit-cash") == {str(p): "1500 €" for p in range(4)}


def test_the_books_show_the_savings_book_and_the_die():
    state = start()
    state.apply(Deposit(600))
    state.apply(Roll())
    state.apply_chance(4)
    tree = ET.fromstring(calendar_svg(calendar_view(state)))
    assert texts(tree, "kit-savings")["0"] == "600 €"
    assert texts(tree, "kit-cash")["0"] == "900 €"
    die = groups(tree, "kit-die")
    assert [g.get("data-face") for g in die] == ["4"]


def test_the_payday_panel_has_one_row_per_line():
    state = start()
    state.pos = [30, 0, 0]
    state.loans[0] = 1500
    state.apply(Roll())
    state.apply_chance(1)
    state.apply(EndPayday())
    payday = payday_lines(state, state.payslips[-1])
    tree = ET.fromstring(calendar_svg(calendar_view(state, payday=payday)))
    rows = groups(tree, "kit-payday-line")
    assert len(rows) == len(payday["lines"]) == 3  # salary, savings interest, loan interest
    assert "Día de paga de Jugador 1" in calendar_svg(calendar_view(state, payday=payday))
    empty = calendar_svg(calendar_view(state))
    assert "Aún nadie ha llegado al día 31." in empty


def test_names_are_escaped_and_the_language_changes_the_labels():
    game = kit.load("dia_de_paga", players=["<Ana & Co>", "Luis"])
    picture = calendar_svg(calendar_view(game.start_state()))
    assert "&lt;Ana &amp; Co&gt;" in picture
    ET.fromstring(picture)
    set_language("en")
    english = calendar_svg(calendar_view(game.start_state()))
    assert ">Mon<" in english and ">Lun<" not in english


def test_tokens_are_big_with_the_initial_and_the_month_stands_alone():
    state = kit.load("dia_de_paga", players=["Ana", "Luis", "Bot"]).start_state()
    state.pos = [5, 5, 5]
    view = calendar_view(state)
    tree = ET.fromstring(month_svg(view))
    tokens = [g for g in groups(tree, "kit-token") if g.find(f"{NS}circle") is not None]
    assert float(tokens[0].find(f"{NS}circle").get("r")) >= 20  # was 11: tiny on a projector
    marks = [g.find(f"{NS}text").text for g in groups(tree, "kit-token")]
    assert marks == ["A", "L", "B"]  # on day 5 (the books are drawn apart)
    assert groups(tree, "kit-book") == [] and groups(ET.fromstring(books_svg(view)), "kit-book")
    whole = ET.fromstring(calendar_svg(view))
    assert int(tree.get("height")) < int(whole.get("height"))
    assert len(groups(whole, "kit-book")) == 3 and groups(whole, "kit-payday")
