"""The static SVG of the property board: valid, byte-identical for the same view, shows the view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import kit
from kit.messages import set_language, t
from kit.render import board_svg
from kit.render.board import HOTEL, HOUSE
from kit.render.common import INK
from kit.widgets.board_view import board_view

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def busy_state(name: str = "la_ruta_del_tesoro"):
    """A state with owners, houses, a hotel (castle), a mortgage, a jailed player and dice."""
    state = kit.load(name, players=4).start_state()
    g = state.game
    t1, t3, t5, t39 = (g.sq_title[q] for q in (1, 3, 5, 39))
    state.owner[t1] = state.owner[t3] = 0
    state.level[t1], state.level[t3] = 3, 5
    state.owner[t5] = 1
    state.mortgaged[t5] = True
    state.owner[t39] = 2
    state.pos[3] = 10
    state.jail[3] = 0
    state.pos[1] = 39
    state.last_roll = [2, 5]
    return state


def squares(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-square")): g for g in root.iter(f"{SVG}g") if g.get("data-square")}


def texts(node: ET.Element) -> list[str]:
    return [t.text or "" for t in node.iter(f"{SVG}text")]


@pytest.mark.parametrize("name", ["el_pale", "la_ruta_del_tesoro", "superpoly"])
def test_valid_xml_and_byte_identical(name):
    state = busy_state(name)
    view = board_view(state, selected=3, heat=list(range(40)), message="¡Hola & adiós <3>!")
    svg = board_svg(view)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert (
        board_svg(board_view(state, selected=3, heat=list(range(40)), message="¡Hola & adiós <3>!"))
        == svg
    )
    assert len(squares(root)) == 40


def test_square_names_and_the_centre_are_drawn():
    state = busy_state()
    root = ET.fromstring(board_svg(board_view(state)))
    cells = squares(root)
    assert "Salida" in texts(cells[0])
    assert "Galeras" in texts(cells[10])
    assert "Bugía" in " ".join(texts(cells[1]))
    everything = " ".join(texts(root))
    for player in state.game.names:
        assert player in everything
    assert "Banco: 32 casas, 12 castillos" in everything


def test_owners_have_a_marker_with_a_shape_and_number():
    root = ET.fromstring(board_svg(board_view(busy_state())))
    cells = squares(root)
    owner = next(g for g in cells[1].iter(f"{SVG}g") if g.get("class") == "kit-owner")
    assert owner.get("data-owner") == "0"
    assert texts(owner) == ["● 1"]
    assert [
        g.get("data-owner") for g in cells[39].iter(f"{SVG}g") if g.get("class") == "kit-owner"
    ] == ["2"]
    assert not [g for g in cells[6].iter(f"{SVG}g") if g.get("class") == "kit-owner"]


def test_houses_hotels_and_mortgages_are_drawn():
    root = ET.fromstring(board_svg(board_view(busy_state())))
    cells = squares(root)
    houses = [g for g in cells[1].iter(f"{SVG}g") if g.get("class") == "kit-house"]
    assert [g.get("data-houses") for g in houses] == ["3"]  # one big house with its number
    assert "3" in texts(houses[0])
    house = houses[0].find(f"{SVG}polygon")
    assert (house.get("fill"), house.get("stroke")) == (HOUSE, INK)  # green, dark outline
    castle = next(g for g in cells[3].iter(f"{SVG}g") if g.get("class") == "kit-hotel")
    assert castle.find(f"{SVG}polygon").get("fill") == HOTEL  # red
    assert "C" in texts(castle)  # the castle's letter
    assert "HIPOTECA" in texts(cells[5])
    assert [r for r in cells[5].iter(f"{SVG}rect") if r.get("class") == "kit-mortgaged"]


def test_tokens_sit_on_their_squares_and_the_dice_in_the_centre():
    root = ET.fromstring(board_svg(board_view(busy_state())))
    cells = squares(root)

    def tokens(cell):
        return [g.get("data-player") for g in cell.iter(f"{SVG}g") if g.get("class") == "kit-token"]

    assert tokens(cells[0]) == ["0", "2"]
    assert tokens(cells[10]) == ["3"]
    assert tokens(cells[39]) == ["1"]
    pips = [c for c in root.iter(f"{SVG}circle") if c.get("fill") is None]
    assert len(pips) >= 7  # the faces 2 and 5


def test_the_heat_map_colours_squares_and_has_a_legend():
    view = board_view(busy_state(), heat=list(range(40)), heat_label="Visitas")
    root = ET.fromstring(board_svg(view))
    cells = squares(root)
    assert cells[39].find(f"{SVG}rect").get("fill") == view["squares"][39]["heat_colour"]
    everything = texts(root)
    assert "Visitas" in everything
    assert "mín. 0" in everything and "máx. 39" in everything


def test_an_outlier_is_off_the_heat_scale_and_the_legend_says_so():
    """The Cárcel's share alone would set the top: the scale ends at the next square's."""
    heat = [1.0 + (i % 7) / 10 for i in range(40)]
    heat[10] = 6.0
    view = board_view(busy_state(), heat=heat)
    root = ET.fromstring(board_svg(view))
    assert view["heat"]["max"] == 1.6 and view["heat"]["over"] == [10]
    assert "▲" in texts(squares(root)[10])
    assert "▲" not in texts(squares(root)[11])
    over = t("board.heat_over", squares="Galeras 6")
    assert view["heat"]["over_text"] == f"{t('board.heat_off_scale')}\n{over}"
    assert {t("board.heat_off_scale"), over} <= set(texts(root))


def test_several_moves_in_the_message_each_on_its_line():
    view = board_view(busy_state(), message="Ana: saca 2 y 3\nLuis: compra\nMarta: paga")
    everything = texts(ET.fromstring(board_svg(view)))
    assert {"Ana: saca 2 y 3", "Luis: compra", "Marta: paga"} <= set(everything)


def test_english_board():
    set_language("en")
    svg = board_svg(board_view(busy_state()))
    assert "Bank: 32 houses, 12 castles" in svg
    assert "MORTGAGED" in svg
