"""The static SVG: valid XML, byte-identical for the same state, different for a different one."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit import render
from kit.messages import set_language
from kit.prob import is_double, two_dice

SVG = "{http://www.w3.org/2000/svg}"
PAIRS = two_dice()
SUMS = PAIRS.map(sum)
DOUBLES = PAIRS.P(is_double)


@pytest.fixture(autouse=True)
def spanish():
    """Every test starts in Spanish and leaves the language as it found it."""
    set_language("es")
    yield
    set_language("es")


def lab_svg(counts: dict[int, int], doubles: int = 0, last: tuple[int, int] | None = None) -> str:
    return render.dice_lab_svg(counts, SUMS, doubles=doubles, exact_doubles=DOUBLES, last=last)


def texts(svg: str) -> list[str]:
    """The text of each <text> element, its <tspan> parts included, as a reader sees it."""
    return ["".join(node.itertext()) for node in ET.fromstring(svg).iter(f"{SVG}text")]


def bar_heights(svg: str) -> list[float]:
    """Heights of the observed bars (the filled rects other than the background and the legend)."""
    rects = ET.fromstring(svg).iter(f"{SVG}rect")
    return [
        float(r.get("height"))
        for r in rects
        if r.get("fill") == render.OBSERVED and r.get("width") != "28"
    ]


counts_strategy = st.dictionaries(st.integers(2, 12), st.integers(0, 10**6))


@given(counts_strategy, st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_every_state_gives_valid_xml_twice_the_same(counts, last):
    first = lab_svg(counts, last=last)
    assert ET.fromstring(first).tag == f"{SVG}svg"
    assert lab_svg(dict(counts), last=last) == first


def test_different_counts_give_different_svg():
    assert lab_svg({7: 3, 8: 1}) != lab_svg({7: 2, 8: 2})


def test_the_last_roll_is_drawn_as_pips():
    svg = lab_svg({7: 1}, last=(3, 4))
    assert len(list(ET.fromstring(svg).iter(f"{SVG}circle"))) == 7
    assert svg != lab_svg({7: 1}, last=(4, 3))


def test_no_rolls_says_so_and_draws_no_bars():
    svg = lab_svg({})
    assert "Aún no hay tiradas" in texts(svg)
    assert bar_heights(svg) == []


def test_bars_follow_the_observed_shares():
    heights = bar_heights(lab_svg({2: 1, 7: 3}))
    assert len(heights) == 2
    assert heights[1] == pytest.approx(3 * heights[0], abs=0.02)


def test_header_states_rolls_and_doubles_against_one_sixth():
    labels = texts(lab_svg({7: 6000, 8: 4000}, doubles=1700, last=(4, 4)))
    assert "Tiradas: 10\u202f000" in labels
    assert "Dobles: 17,0\u00a0%  (exacto 1/6 ≈ 16,7\u00a0%)" in labels
    assert "Última tirada" in labels


def test_language_switch_changes_labels():
    spanish = lab_svg({7: 1})
    set_language("en")
    english = lab_svg({7: 1})
    assert "Sum of the two dice" in texts(english)
    assert "Suma de los dos dados" in texts(spanish)
    assert "Rolls: 1" in texts(english)


def test_counts_for_impossible_sums_are_refused():
    with pytest.raises(ValueError, match="13"):
        lab_svg({13: 1})


@pytest.mark.parametrize(
    ("language", "count", "share", "expected"),
    [
        ("es", 10000, 0.1667, ("10\u202f000", "16,7\u00a0%")),
        ("en", 10000, 0.1667, ("10,000", "16.7%")),
    ],
)
def test_numbers_follow_the_language(language, count, share, expected):
    set_language(language)
    assert (render.format_count(count), render.format_percent(share)) == expected


@given(st.integers(1, 6))
def test_die_face_has_its_number_of_pips(n):
    root = ET.fromstring(render.die_face_svg(n))
    assert len(list(root.iter(f"{SVG}circle"))) == n


@pytest.mark.parametrize("n", [0, 7, True, "3"])
def test_die_face_refuses_non_faces(n):
    with pytest.raises(ValueError, match="1 to 6"):
        render.die_face_svg(n)


def test_exact_fractions_keep_the_axis_exact():
    """Shares of exactly 1/5 top out on the 20 % tick, with no empty 25 % tick above."""
    labels = texts(lab_svg({s: 1 for s in range(2, 7)}))
    assert "20\u00a0%" in labels
    assert "25\u00a0%" not in labels
