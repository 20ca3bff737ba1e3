"""The dice lab's drawing: the two dice just rolled and the histogram of sums, observed against
exact (kit.widgets.DiceLab shows it live; a saved notebook keeps it as its static picture)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from xml.sax.saxutils import escape

from kit.messages import t
from kit.render.common import format_count, format_percent, num, svg, text
from kit.theme import EXACT, GRID, INK, OBSERVED, PAPER
from kit.theme import SVG_SIZES as SIZE

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}

WIDTH, HEIGHT = 960, 580
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 130, 930, 230, 480
NICE_STEPS = (Fraction(1, 50), Fraction(1, 20), Fraction(1, 10), Fraction(1, 5), Fraction(1, 4))


# -- dice ------------------------------------------------------------------------------------


def die_face(n: int, x: float, y: float, size: float) -> str:
    """A die showing `n` pips, with its top-left corner at (x, y)."""
    if isinstance(n, bool) or n not in PIPS:
        raise ValueError(f"a die face shows 1 to 6 pips, not {n!r}")
    pips = "".join(
        f'<circle cx="{num(x + px * size)}" cy="{num(y + py * size)}" r="{num(size * 0.09)}"/>'
        for px, py in PIPS[n]
    )
    return (
        f'<g><rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" '
        f'rx="{num(size * 0.16)}" fill="{PAPER}" stroke="{INK}" stroke-width="3"/>{pips}</g>'
    )


def die_face_svg(n: int, size: int = 96) -> str:
    """One die face on its own, e.g. to show a roll in a lesson's text."""
    return svg(size, size, str(n), [die_face(n, 2, 2, size - 4)])


# -- the dice lab ----------------------------------------------------------------------------


def _axis_top(shares: list[Fraction]) -> tuple[Fraction, Fraction]:
    """The top of the share axis and its tick step: at most 5 ticks above 0."""
    highest = max(shares)
    for step in NICE_STEPS:
        ticks = -(-highest // step)  # ceiling, exact on Fractions
        if ticks <= 5:
            return max(ticks, 1) * step, step
    return Fraction(1), Fraction(1, 5)


def _header(
    rolls: int, doubles: int, exact_doubles: Fraction, last: tuple[int, int] | None
) -> list[str]:
    """Title, the number of rolls, the share of doubles against its exact value, the last roll."""
    doubles_share = format_percent(doubles / rolls) if rolls else "—"
    parts = [
        text(30, 52, t("dice.title"), size=SIZE["headline"], font_weight="bold"),
        # the count in its own tspan: the live view's tests read it (data-testid="rolls")
        f'<text x="30" y="104" font-size="{SIZE["subtitle"]}">{escape(t("dice.rolls"))}: '
        f'<tspan data-testid="rolls" font-weight="bold">{format_count(rolls)}</tspan></text>',
        text(
            30,
            146,
            f"{t('dice.doubles_share')}: {doubles_share}  "
            f"({t('dice.exact')} {exact_doubles} ≈ {format_percent(float(exact_doubles))})",
            size=SIZE["subtitle"],
        ),
    ]
    if last is None:
        parts.append(text(930, 44, t("dice.none_yet"), size=SIZE["row"], anchor="end"))
    else:
        parts.append(text(930, 44, t("dice.last"), size=SIZE["row"], anchor="end"))
        parts += [die_face(last[0], 756, 60, 76), die_face(last[1], 852, 60, 76)]
    return parts


def _legend() -> list[str]:
    return [
        f'<rect x="{PLOT_LEFT}" y="172" width="28" height="28" fill="{OBSERVED}"/>',
        text(PLOT_LEFT + 38, 196, t("dice.observed"), size=SIZE["lead"]),
        f'<line x1="{PLOT_LEFT + 260}" y1="186" x2="{PLOT_LEFT + 300}" y2="186" '
        f'stroke="{EXACT}" stroke-width="7"/>',
        text(PLOT_LEFT + 310, 196, t("dice.exact"), size=SIZE["lead"]),
    ]


def _histogram(observed: list[Fraction], exact: list[Fraction], sums: list[int]) -> list[str]:
    """Bars of the observed shares with a marker at each exact probability, on one share axis."""
    top, step = _axis_top(observed + exact)
    height = PLOT_BOTTOM - PLOT_TOP
    slot = (PLOT_RIGHT - PLOT_LEFT) / len(sums)

    def y_of(share: Fraction) -> float:
        return PLOT_BOTTOM - float(share / top) * height

    parts = []
    for k in range(int(top / step) + 1):
        y = y_of(k * step)
        parts.append(
            f'<line x1="{PLOT_LEFT}" y1="{num(y)}" x2="{PLOT_RIGHT}" y2="{num(y)}" '
            f'stroke="{GRID}" stroke-width="1"/>'
        )
        parts.append(
            text(
                PLOT_LEFT - 10,
                y + 8,
                format_percent(float(k * step), 0),
                size=SIZE["text"],
                anchor="end",
            )
        )
    for i, (total, seen, p) in enumerate(zip(sums, observed, exact, strict=True)):
        centre = PLOT_LEFT + (i + 0.5) * slot
        if seen:
            parts.append(
                f'<rect x="{num(centre - 0.32 * slot)}" y="{num(y_of(seen))}" '
                f'width="{num(0.64 * slot)}" height="{num(PLOT_BOTTOM - y_of(seen))}" '
                f'fill="{OBSERVED}" class="kit-observed" data-sum="{total}"/>'
            )
        parts.append(
            f'<line x1="{num(centre - 0.42 * slot)}" y1="{num(y_of(p))}" '
            f'x2="{num(centre + 0.42 * slot)}" y2="{num(y_of(p))}" '
            f'stroke="{EXACT}" stroke-width="7"/>'
        )
        parts.append(text(centre, PLOT_BOTTOM + 32, str(total), size=SIZE["lead"], anchor="middle"))
    parts += [
        f'<line x1="{PLOT_LEFT}" y1="{PLOT_BOTTOM}" x2="{PLOT_RIGHT}" y2="{PLOT_BOTTOM}" '
        f'stroke="{INK}" stroke-width="2"/>',
        text(
            (PLOT_LEFT + PLOT_RIGHT) / 2,
            PLOT_BOTTOM + 76,
            t("dice.sum"),
            size=SIZE["lead"],
            anchor="middle",
        ),
        text(
            28,
            (PLOT_TOP + PLOT_BOTTOM) / 2,
            t("dice.share"),
            size=SIZE["lead"],
            anchor="middle",
            transform=f"rotate(-90 28 {num((PLOT_TOP + PLOT_BOTTOM) / 2)})",
        ),
    ]
    return parts


def dice_lab_svg(
    counts: Mapping[int, int],
    exact: Mapping[int, Fraction],
    *,
    doubles: int,
    exact_doubles: Fraction,
    last: tuple[int, int] | None,
) -> str:
    """The dice lab as one SVG: observed shares of each sum beside the exact probabilities.

    `exact` gives the sums to draw (2..12 for two dice) and their exact probabilities; `counts`
    how often each sum was seen (missing sums count 0). The number of rolls is their total.
    """
    sums = sorted(exact)
    unknown = set(counts) - set(sums)
    if unknown:
        raise ValueError(f"counts for sums that cannot happen: {sorted(unknown)}")
    rolls = sum(counts.values())
    observed = [Fraction(counts.get(s, 0), rolls or 1) for s in sums]
    body = [
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{PAPER}"/>',
        *_header(rolls, doubles, exact_doubles, last),
        *_legend(),
        *_histogram(observed, [exact[s] for s in sums], sums),
    ]
    return svg(WIDTH, HEIGHT, t("dice.title"), body)
