"""One look (issue 15, point 6): the colours, font and sizes live in kit/theme.py only.

The drawings take theme's names, the widgets' style sheets its CSS variables; these tests fail
when a colour or a font stack creeps back into another file, when a style sheet asks for a
variable the theme does not write, when page text is smaller than the theme's smallest size,
or when a text colour does not read on the ground it is drawn on.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit import theme
from kit.widgets.board_view import heat_colour

KIT = Path(__file__).resolve().parents[1] / "kit"
STATIC = KIT / "widgets" / "static"
HEX = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
CODE = sorted(
    path
    for pattern in ("**/*.py", "widgets/static/*.css", "widgets/static/*.js")
    for path in KIT.glob(pattern)
    if path != KIT / "theme.py"
)
SHEETS = sorted(STATIC.glob("*.css"))


def test_no_colour_and_no_font_stack_outside_the_theme() -> None:
    found = [
        f"{path.relative_to(KIT)}:{number}: {line.strip()}"
        for path in CODE
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HEX.search(line) or "DejaVu" in line or "Verdana" in line
    ]
    assert found == []


def test_every_variable_a_style_sheet_uses_is_written_by_the_theme_or_the_sheet() -> None:
    written = set(re.findall(r"--kit-[a-z-]+(?=:)", theme.css()))
    assert {"--kit-accent", "--kit-ink", "--kit-font", "--kit-text-small"} <= written
    for sheet in [*SHEETS, *STATIC.glob("*.js")]:
        text = sheet.read_text(encoding="utf-8")
        own = set(re.findall(r"(--kit-[a-z-]+)\s*:", text))
        used = set(re.findall(r"var\((--kit-[a-z-]+)", text))
        assert used <= written | own, (sheet.name, sorted(used - written - own))


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda path: path.name)
def test_page_text_is_never_smaller_than_the_theme_allows(sheet: Path) -> None:
    """A class reads the widgets from the back of the room: every font size of a style sheet
    is one of the theme's (none under 16 px) or relative to one (em, %, inherit)."""
    sizes = re.findall(r"font-size:\s*([^;]+);", sheet.read_text(encoding="utf-8"))
    for size in sizes:
        pixels = re.fullmatch(r"([\d.]+)px", size.strip())
        assert pixels is None or float(pixels[1]) >= min(theme.TEXT_SIZES.values()), size
        assert pixels is None, f"{sheet.name}: font-size {size} is not one of the theme's sizes"
    assert min(theme.TEXT_SIZES.values()) >= 16


def test_the_palette_is_okabe_and_itos_and_players_are_told_apart() -> None:
    assert len(set(theme.OKABE_ITO)) == 7
    assert set(theme.PLAYER_COLOURS) <= set(theme.OKABE_ITO)
    assert len(set(theme.PLAYER_COLOURS)) == len(theme.PLAYER_COLOURS) == 6
    assert set(theme.SERIES) == set(theme.PLAYER_COLOURS)
    assert set(theme.CARD_COLOURS.values()) <= set(theme.OKABE_ITO)


def test_contrast_is_wcags() -> None:
    assert theme.contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert theme.contrast(theme.PAPER, theme.PAPER) == pytest.approx(1)
    assert theme.contrast(theme.BLUE, theme.PAPER) == pytest.approx(5.19, abs=0.01)


INKS = ("INK", "SOFT_INK", "MUTED", "REFUSED", "LINK", "PROBLEM")
PAPERS = ("PAPER", "NOTE", "PANEL", "SHADE", "SELECTED_PAPER", "REFUSED_PAPER", "TOLD_PAPER")


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("paper", PAPERS)
def test_every_text_colour_reads_on_every_paper(ink: str, paper: str) -> None:
    """WCAG AA for body text: 4,5 to 1."""
    assert theme.contrast(getattr(theme, ink), getattr(theme, paper)) >= 4.5


def test_the_buttons_read() -> None:
    """White on the accent (a button), the accent on paper (an outlined button) at 4,5 to 1;
    under the pointer, bold 20-pixel text is «large» in WCAG's terms: 3 to 1."""
    assert theme.contrast(theme.PAPER, theme.ACCENT) >= 4.5
    assert theme.contrast(theme.ACCENT, theme.PAPER) >= 4.5
    assert theme.contrast(theme.ACCENT, theme.HOVER) >= 3


GROUNDS = sorted(
    {
        *theme.PLAYER_COLOURS,
        *theme.GROUP_COLOURS,
        *theme.DAY_COLOURS.values(),
        *theme.CARD_COLOURS.values(),
        theme.HOUSE,
        theme.HOTEL,
        theme.STATION,
        theme.UTILITY,
        *theme.HEAT_STOPS,
    }
)


@pytest.mark.parametrize("ground", GROUNDS)
def test_text_on_a_coloured_ground_gets_the_ink_that_reads(ground: str) -> None:
    ink = theme.ink_on(ground)
    assert ink in (theme.INK, theme.PAPER)
    assert theme.contrast(ink, ground) >= 4.5


@pytest.mark.parametrize("share", [i / 20 for i in range(21)])
def test_on_the_heat_scale_the_better_ink_is_chosen(share: float) -> None:
    ground = heat_colour(share)
    best = max(theme.contrast(theme.INK, ground), theme.contrast(theme.PAPER, ground))
    assert theme.contrast(theme.ink_on(ground), ground) == best


def test_the_css_variables_are_the_theme_names() -> None:
    css = theme.css()
    assert f"--kit-accent: {theme.ACCENT};" in css
    assert f"--kit-font: {theme.FONT};" in css
    for name, size in theme.TEXT_SIZES.items():
        assert f"--kit-text-{name}: {size}px;" in css
