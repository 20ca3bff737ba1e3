"""kit.render.charts: line and bar charts as deterministic SVG, labelled in the class language."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

import kit
from kit.render.charts import Chart, bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"


def texts(chart: Chart) -> list[str]:
    return [el.text or "" for el in ET.fromstring(chart.svg).iter(f"{SVG}text")]


def savings() -> Chart:
    months = list(range(13))
    earned = [1500 * Fraction(11, 10) ** n - 1500 for n in months]
    return line_chart(
        months,
        {"ganado en la libreta": earned, "pagado por el préstamo": [150 * n for n in months]},
        title="1500 € durante un año al 10 % al mes",
        x_label="meses",
        y_label="euros",
        y_format="euros",
    )


def board() -> Chart:
    shares = [Fraction(1, 40)] * 40
    return bar_chart(
        range(40),
        {
            "caer en la casilla": shares,
            "preso": [Fraction(1, 25) if c == 10 else 0 for c in range(40)],
        },
        points={"exacto": shares},
        reference=("1/40", Fraction(1, 40)),
        title="El Palé: dónde terminan las tiradas",
        x_label="casilla",
        y_label="probabilidad",
        y_format="percent",
    )


def test_the_same_data_gives_the_same_bytes():
    assert savings().svg == savings().svg and board().svg == board().svg
    assert savings().svg != board().svg


def test_a_chart_shows_as_svg_in_a_notebook():
    chart = savings()
    assert chart._repr_svg_() == chart.svg and chart.svg.startswith("<svg")
    assert repr(chart) == "<Chart: 1500 € durante un año al 10 % al mes>"
    ET.fromstring(chart.svg)  # well-formed XML


def test_line_chart_labels_in_spanish_number_format():
    labels = texts(savings())
    assert labels[0] == "1500 € durante un año al 10 % al mes"
    assert {"ganado en la libreta", "pagado por el préstamo", "meses", "euros"} <= set(labels)
    assert "2000\u00a0€" in labels and "0\u00a0€" in labels  # the value axis, in euros
    assert {"0", "2", "12"} <= set(labels)  # the month axis


def test_decimal_ticks_share_their_decimals():
    chart = line_chart([0, 1], {"P": [0, Fraction(3, 20)]}, title="t")
    root = ET.fromstring(chart.svg)
    ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end"]
    assert ticks == ["0,00", "0,05", "0,10", "0,15"]  # the value axis
    assert "0,2" in texts(chart) and "1,0" in texts(chart)  # the x axis, in steps of 0,2


def test_bar_chart_stacks_marks_and_labels_every_few_bars():
    chart = board()
    labels = texts(chart)
    assert {"caer en la casilla", "preso", "exacto", "1/40", "casilla"} <= set(labels)
    assert "0\u00a0%" in labels and "6\u00a0%" in labels
    assert "0" in labels and "38" in labels and "1" not in labels  # every second square
    root = ET.fromstring(chart.svg)
    bars = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "kit-bar"]
    assert len(bars) == 41  # 40 squares and the stacked bar on square 10
    assert chart.svg.count('stroke-dasharray="12 6"') == 2  # the reference line and its key


def test_a_gap_breaks_a_line():
    chart = line_chart([1, 2, 3, 4], {"a": [1, None, 2, 3]}, title="t")
    root = ET.fromstring(chart.svg)
    assert len([p for p in root.iter(f"{SVG}polyline")]) == 2


def test_a_long_title_shrinks_to_fit():
    chart = line_chart(
        [0, 1], {"a": [0, 1]}, title="¿Dónde está la ficha tras 1, 2 y 3 tiradas?" * 2
    )
    title = next(ET.fromstring(chart.svg).iter(f"{SVG}text"))
    assert int(title.get("font-size")) < 30


def test_labels_in_english():
    kit.set_language("en")
    try:
        labels = texts(savings())
    finally:
        kit.set_language("es")
    assert "2,000\u00a0€" in labels


def test_bad_data_is_refused_with_a_plain_message():
    with pytest.raises(ValueError, match="3 values for 2 points"):
        line_chart([0, 1], {"a": [1, 2, 3]}, title="t")
    with pytest.raises(ValueError, match="0 or more"):
        bar_chart(["a"], {"a": [-1]}, title="t")
    with pytest.raises(ValueError, match="finite"):
        line_chart([0], {"a": [float("nan")]}, title="t")
    with pytest.raises(ValueError, match="at least one series"):
        bar_chart(["a"], {}, title="t")


def test_titles_and_names_are_escaped():
    chart = line_chart([0, 1], {"a<b": [0, 1]}, title="x & y")
    assert "a&lt;b" in chart.svg and "x &amp; y" in chart.svg
    ET.fromstring(chart.svg)
