"""Line and bar charts for the lessons, as deterministic SVG (no matplotlib: the light core).

    >>> from kit.render.charts import bar_chart, line_chart
    >>> line_chart([0, 1, 2], {"ahorro": [0, 150, 315]}, title="Un año", x_label="meses",
    ...            y_label="euros", y_format="euros")
    >>> bar_chart(range(40), {"caer en la casilla": probs}, title="…", y_format="percent")

Both return a `Chart`, which a notebook shows as ``image/svg+xml``: the same data gives the same
bytes on every machine, so nbval compares a saved chart exactly. Numbers on the axes are written
in the class language (`kit.table`'s formats: ``"auto"``, ``"count"``, ``"euros"``,
``"decimal:N"``, ``"percent:N"``); colours are Okabe-Ito and each series also has its own marker
shape or dash, so the chart reads without colour too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple
from xml.sax.saxutils import quoteattr

from kit.render.common import SIZES_DOWN, num, shape, svg, text, text_width
from kit.table import format_value
from kit.theme import GRID, INK, PAPER, SERIES
from kit.theme import SVG_SIZES as SIZE

MARKERS = ("circle", "square", "triangle", "diamond", "hexagon", "star")
DASHES = ("", "12 6", "4 4", "16 4 4 4", "", "12 6")
WIDTH, HEIGHT = 960, 540
LEFT, RIGHT, TOP, BOTTOM = 140, 930, 130, 440

Number = int | float | Fraction
Format = str | Callable[[Any], str]


class Key(NamedTuple):
    """One entry of a legend: a bar (a filled square), a line (with its dash) and/or a marker."""

    label: str
    colour: str
    bar: bool = False
    dash: str | None = None  # None: no line; "": a solid line
    marker: str | None = None


def _key(key: Key, x: float, cy: float) -> list[str]:
    if key.bar:
        return [
            f'<rect x="{num(x)}" y="{num(cy - 13)}" width="38" height="26" fill="{key.colour}"/>'
        ]
    out = []
    if key.dash is not None:
        dash = f' stroke-dasharray="{key.dash}"' if key.dash else ""
        out.append(
            f'<line x1="{num(x)}" y1="{num(cy)}" x2="{num(x + 38)}" y2="{num(cy)}" '
            f'stroke="{key.colour}" stroke-width="4"{dash}/>'
        )
    if key.marker:
        out.append(shape(key.marker, x + 19, cy, 8, key.colour))
    return out


class Chart:
    """An SVG chart; a notebook shows it as a picture, ``chart.svg`` is its text."""

    def __init__(self, svg_text: str, title: str):
        self.svg = svg_text
        self.title = title

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<Chart: {self.title}>"


def _nice_step(span: float, ticks: int = 5) -> float:
    """A round tick step (1, 2, 2.5 or 5 × a power of ten) giving about `ticks` intervals."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power  # pragma: no cover


def _axis(low: float, high: float) -> tuple[float, float, float]:
    """Axis limits on round ticks, including 0 when every value has one sign."""
    low, high = min(low, 0.0), max(high, 0.0)
    if high == low:
        high = low + 1
    step = _nice_step(high - low)
    return math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step, step


def _ticks(low: float, high: float, step: float) -> list[float]:
    count = round((high - low) / step)
    return [round(low + k * step, 12) for k in range(count + 1)]


def _tick_value(x: float) -> Number:
    """A tick as an exact number, so the label reads 0,25 and never 0,250000001."""
    value = Fraction(x).limit_denominator(10_000)
    return int(value) if value.denominator == 1 else value


def _digits(step: float) -> int:
    """The decimals that write every multiple of `step` exactly (0,05 → 2; 2,5 → 1; 10 → 0)."""
    exact = Fraction(step).limit_denominator(10_000)
    digits = 0
    while (exact * 10**digits).denominator != 1 and digits < 6:
        digits += 1
    return digits


def _tick_label(x: float, step: float, fmt: Format) -> str:
    """Every tick of an axis written with the same number of decimals."""
    value = _tick_value(x)
    if fmt == "auto":
        digits = _digits(step)
        return format_value(value, f"decimal:{digits}" if digits else "count")
    if isinstance(fmt, str) and fmt.startswith("percent") and ":" not in fmt:
        return format_value(value, f"percent:{_digits(100 * step)}")
    if fmt == "euros" and _digits(step) == 0:
        return format_value(value, "count") + "\u00a0€"
    return format_value(value, fmt)


def _frame(
    title: str,
    x_label: str,
    y_label: str,
    y_low: float,
    y_high: float,
    y_step: float,
    y_format: Format,
    legend: list[Key],
) -> list[str]:
    """Background, title, legend, the value axis with its grid and both axis labels."""
    parts = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{PAPER}"/>']
    # the title shrinks through the theme's sizes (down to a heading's) to fit on one line
    fits = (s for s in SIZES_DOWN if SIZE["heading"] <= s <= SIZE["title"])
    size = next((s for s in fits if text_width(title, s * 0.68) <= WIDTH - 60), SIZE["heading"])
    parts.append(text(30, 46, title, size=size, font_weight="bold"))
    x = float(LEFT)
    for key in legend:  # a horizontal legend under the title
        parts += _key(key, x, 78)
        parts.append(text(x + 48, 86, key.label, size=SIZE["text"]))
        x += 48 + text_width(key.label, SIZE["text"] * 0.62) + 36

    def y_of(v: float) -> float:
        return BOTTOM - (v - y_low) / (y_high - y_low) * (BOTTOM - TOP)

    for tick in _ticks(y_low, y_high, y_step):
        y = y_of(tick)
        colour, width = (INK, 2) if tick == 0 else (GRID, 1)
        parts.append(
            f'<line x1="{LEFT}" y1="{num(y)}" x2="{RIGHT}" y2="{num(y)}" '
            f'stroke="{colour}" stroke-width="{width}"/>'
        )
        parts.append(
            text(
                LEFT - 10,
                y + 7,
                _tick_label(tick, y_step, y_format),
                size=SIZE["heading"],
                anchor="end",
            )
        )
    middle = (TOP + BOTTOM) / 2
    parts.append(
        text(
            26,
            middle,
            y_label,
            size=SIZE["text"],
            anchor="middle",
            transform=f"rotate(-90 26 {num(middle)})",
        )
    )
    parts.append(text((LEFT + RIGHT) / 2, HEIGHT - 20, x_label, size=SIZE["text"], anchor="middle"))
    return parts


def _values(name: str, values: Sequence[Any], n: int, gaps: bool = False) -> list[Any]:
    """The values as floats; with `gaps`, None (no value at that x) stays None."""
    out = [None if v is None and gaps else float(v) for v in values]
    if len(out) != n:
        raise ValueError(f"series {name!r} has {len(out)} values for {n} points on the x axis")
    if not all(v is None or math.isfinite(v) for v in out):
        raise ValueError(f"series {name!r} has a value that is not a finite number")
    return out


def line_chart(
    x: Sequence[Number],
    series: Mapping[str, Sequence[Any]],
    *,
    title: str,
    x_label: str = "",
    y_label: str = "",
    y_format: Format = "auto",
    x_format: Format = "auto",
) -> Chart:
    """Lines through the points (x, y) of each series, with a marker at each point when there are
    at most 40 points; the x axis is numeric with round ticks. A None in a series is a gap (no
    value at that x): the line stops there."""
    xs = [float(v) for v in x]
    if not xs or not series:
        raise ValueError("a line chart needs x values and at least one series")
    ys = {name: _values(name, values, len(xs), gaps=True) for name, values in series.items()}
    every = [v for values in ys.values() for v in values if v is not None]
    if not every:
        raise ValueError("a line chart needs at least one value")
    y_low, y_high, y_step = _axis(min(every), max(every))
    x_low, x_high = min(xs), max(xs)
    if x_high == x_low:
        x_high = x_low + 1
    x_step = _nice_step(x_high - x_low, 8)
    while (x_high - x_low) / x_step < 4 and x_step > 1 and float(x_step).is_integer():
        x_step /= 2

    def x_of(v: float) -> float:
        return LEFT + 20 + (v - x_low) / (x_high - x_low) * (RIGHT - LEFT - 40)

    def y_of(v: float) -> float:
        return BOTTOM - (v - y_low) / (y_high - y_low) * (BOTTOM - TOP)

    legend, body = [], []
    markers = len(xs) <= 40
    for i, (name, values) in enumerate(ys.items()):
        colour, marker, dash = SERIES[i % 6], MARKERS[i % 6], DASHES[i % 6]
        legend.append(Key(name, colour, dash=dash, marker=marker if markers else None))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        runs: list[list[tuple[float, float]]] = [[]]  # a None breaks the line
        for a, b in zip(xs, values, strict=True):
            if b is None:
                runs.append([])
            else:
                runs[-1].append((a, b))
        for run in (r for r in runs if r):
            points = " ".join(f"{num(x_of(a))},{num(y_of(b))}" for a, b in run)
            body.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="4"'
                f'{dash_attr} stroke-linejoin="round" class="kit-series"'
                f" data-series={quoteattr(name)}/>"
            )
            if markers:
                body += [shape(marker, x_of(a), y_of(b), 7, colour) for a, b in run]
    parts = _frame(title, x_label, y_label, y_low, y_high, y_step, y_format, legend)
    for tick in _ticks(
        math.ceil(x_low / x_step) * x_step, math.floor(x_high / x_step) * x_step, x_step
    ):
        label = _tick_label(tick, x_step, x_format)
        parts.append(text(x_of(tick), BOTTOM + 30, label, size=SIZE["heading"], anchor="middle"))
        parts.append(
            f'<line x1="{num(x_of(tick))}" y1="{BOTTOM}" x2="{num(x_of(tick))}" '
            f'y2="{BOTTOM + 8}" stroke="{INK}" stroke-width="2"/>'
        )
    return Chart(svg(WIDTH, HEIGHT, title, parts + body), title)


def bar_chart(
    categories: Sequence[Any],
    bars: Mapping[str, Sequence[Any]],
    *,
    title: str,
    x_label: str = "",
    y_label: str = "",
    y_format: Format = "auto",
    points: Mapping[str, Sequence[Any]] | None = None,
    reference: tuple[str, Any] | None = None,
    label_every: int | None = None,
) -> Chart:
    """Bars over categories; several ``bars`` series are stacked, in order. ``points`` adds a
    marker per category (e.g. the exact value beside a simulation), ``reference`` a dashed
    horizontal line with its legend text (e.g. ("1/40", Fraction(1, 40))). Category labels are
    written every ``label_every`` bars (by default as often as they fit)."""
    labels = [format_value(c) if not isinstance(c, str) else c for c in categories]
    n = len(labels)
    if not n or not bars:
        raise ValueError("a bar chart needs categories and at least one series of bars")
    stacks = {name: _values(name, values, n) for name, values in bars.items()}
    dots = {name: _values(name, values, n) for name, values in (points or {}).items()}
    if any(v < 0 for values in stacks.values() for v in values):
        raise ValueError("bars are drawn from 0 up: every value must be 0 or more")
    tops = [sum(values[k] for values in stacks.values()) for k in range(n)]
    extra = [v for values in dots.values() for v in values]
    line = None if reference is None else float(reference[1])
    y_low, y_high, y_step = _axis(0.0, max([*tops, *extra, *([line] if line else [])]))
    slot = (RIGHT - LEFT) / n

    def y_of(v: float) -> float:
        return BOTTOM - (v - y_low) / (y_high - y_low) * (BOTTOM - TOP)

    legend, body = [], []
    for i, (name, values) in enumerate(stacks.items()):
        colour = SERIES[i % 6]
        legend.append(Key(name, colour, bar=True))
        for k, v in enumerate(values):
            if v <= 0:
                continue
            base = sum(stacks[other][k] for other in list(stacks)[:i])
            y_top, y_base = y_of(base + v), y_of(base)
            body.append(
                f'<rect x="{num(LEFT + (k + 0.14) * slot)}" y="{num(y_top)}" '
                f'width="{num(0.72 * slot)}" height="{num(y_base - y_top)}" fill="{colour}" '
                f'class="kit-bar" data-category={quoteattr(labels[k])}/>'
            )
    for j, (name, values) in enumerate(dots.items()):
        colour = SERIES[(len(stacks) + j) % 6]
        marker = MARKERS[(1 + j) % 6]
        legend.append(Key(name, colour, marker=marker))
        size = min(8.0, max(4.0, 0.3 * slot))
        body += [
            shape(marker, LEFT + (k + 0.5) * slot, y_of(v), size, colour)
            for k, v in enumerate(values)
        ]
    if reference is not None:
        y = y_of(line)
        body.append(
            f'<line x1="{LEFT}" y1="{num(y)}" x2="{RIGHT}" y2="{num(y)}" stroke="{INK}" '
            f'stroke-width="3" stroke-dasharray="12 6"/>'
        )
        legend.append(Key(str(reference[0]), INK, dash="12 6"))
    widest = max(text_width(label, SIZE["heading"] * 0.62) for label in labels) + 8
    step = label_every or max(1, math.ceil(widest / slot))
    if step > 1 and label_every is None and all(str(c).isdigit() for c in categories):
        step = next(s for s in (2, 5, 10, 20, 50, 100, step) if s >= step)
    parts = _frame(title, x_label, y_label, y_low, y_high, y_step, y_format, legend)
    for k in range(0, n, step):
        parts.append(
            text(
                LEFT + (k + 0.5) * slot,
                BOTTOM + 30,
                labels[k],
                size=SIZE["heading"],
                anchor="middle",
            )
        )
    return Chart(svg(WIDTH, HEIGHT, title, parts + body), title)
