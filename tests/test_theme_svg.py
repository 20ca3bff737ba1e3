"""The drawings' text sizes come from kit.theme: no literal size in kit/render, every font-size
of a drawing is one of theme.SVG_SIZES, and none is below theme.SVG_SMALLEST."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from random import Random

import pytest
from test_board_render import busy_state

import kit
from kit import theme
from kit.games.palabra import greedy
from kit.messages import set_language
from kit.prob import is_double, two_dice
from kit.render import bar_chart, board_svg, dice_lab_svg, die_face_svg, line_chart
from kit.render.calendar import calendar_svg, month_svg
from kit.render.hand import cards_svg, hand_svg
from kit.widgets.board_view import board_view
from kit.widgets.calendar_view import calendar_view
from kit.widgets.hand_view import card_view, hand_view

RENDER = Path(kit.__file__).parent / "render"
FONT_SIZE = re.compile(r'font-size="([^"]*)"')


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def test_no_literal_font_size_in_kit_render():
    for path in sorted(RENDER.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert not re.findall(r"\bsize=\d", source), path.name
        assert not re.findall(r'font-size="\d', source), path.name
        # nor a size computed from a shape (round(r * 1.15)) or from a theme size (SIZE[…] * 0.8)
        assert not re.findall(r"\bsize=round\(", source), path.name
        assert not re.findall(r"\bsize=SIZE\[[^]]*\]\s*[*/+-]", source), path.name


def drawings() -> list[str]:
    """A set of drawings of every kind, with long texts that make fitted text shrink."""
    out = []
    for name in ("el_pale", "la_ruta_del_tesoro", "superpoly"):
        state = busy_state(name)
        out.append(board_svg(board_view(kit.load(name, players=2).start_state())))
        heat = {q: (q * 7) % 11 for q in range(40)}
        heat[10] = 100
        message = "Uno\n" + "Un mensaje muy largo que no cabe en una línea " * 3 + "\nTres"
        out.append(board_svg(board_view(state, selected=3, heat=heat, message=message)))
    game = kit.load("dia_de_paga", players=["Ana", "Luis Fernández de la Vega Pérez", "Bot"])
    state = game.start_state()
    state.pos = [5, 5, 12]
    out += [calendar_svg(calendar_view(state)), month_svg(calendar_view(state))]
    out.append(calendar_svg(calendar_view(kit.load("dia_de_paga", players=6).start_state())))
    palabra = kit.load("palabra", players=3)
    state = palabra.new_state()
    rng = Random(1)
    while state.is_chance():
        state.apply_chance(state.sample_chance(rng))
    state.apply(greedy(state, rng))
    hand = state.hands[state.cur]
    for live in (False, True):
        view = hand_view(state, selected=hand[:3], show_best=True, log=["uno", "dos"])
        out.append(hand_svg(view, live=live))
    special = [next(c for c in palabra.cards if c.kind == k) for k in ("wild", "joker", "vowel")]
    out.append(cards_svg([card_view(c) for c in special]))
    pairs = two_dice()
    sums, doubles = pairs.map(sum), pairs.P(is_double)
    out.append(dice_lab_svg({7: 3, 2: 1}, sums, doubles=1, exact_doubles=doubles, last=(6, 6)))
    out.append(dice_lab_svg({}, sums, doubles=0, exact_doubles=doubles, last=None))
    out.append(die_face_svg(5))
    months = list(range(13))
    for title in ("Un año", "¿Dónde está la ficha tras 1, 2 y 3 tiradas? " * 2, "Medio " * 9):
        out.append(line_chart(months, {"a": months, "b": months[::-1]}, title=title).svg)
    shares = [Fraction(1, 40)] * 40
    out.append(
        bar_chart(
            range(40),
            {"caer": shares},
            points={"exacto": shares},
            reference=("1/40", Fraction(1, 40)),
            title="El Palé: dónde terminan las tiradas",
            x_label="casilla",
            y_format="percent",
        ).svg
    )
    return out


def test_every_font_size_drawn_is_one_of_the_themes():
    sizes = set(theme.SVG_SIZES.values())
    seen = set()
    for picture in drawings():
        for value in FONT_SIZE.findall(picture):
            assert value.isdigit() and int(value) in sizes, value
            seen.add(int(value))
    assert min(seen) == theme.SVG_SMALLEST  # a cut name or a small card's stars use the least


def test_the_smallest_size_is_the_themes_least():
    # 10 units: about 7,4 px on the calendar (1120 units shown about 830 px wide in Voilà at
    # 1280×720); kept for what only fits that small (see kit/theme.py)
    assert min(theme.SVG_SIZES.values()) >= theme.SVG_SMALLEST >= 10
    assert all(isinstance(size, int) for size in theme.SVG_SIZES.values())
    assert list(theme.SVG_SIZES.values()) == sorted(set(theme.SVG_SIZES.values()))
