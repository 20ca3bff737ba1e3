"""What every drawing of the kit shares: numbers in the class language, text, shapes, one <svg>.

Deterministic by construction: coordinates with fixed decimals, text widths estimated from the
glyphs (no font files), no ids and no clock, so the same data gives the same bytes everywhere.
Colours and the font are the kit's (kit.theme): Okabe-Ito, safe for colour-blind viewers;
shapes back colours up.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

# Numbers as the class language writes them live with the tables (kit.table), re-exported here.
from kit.table import format_count as format_count
from kit.table import format_decimal as format_decimal
from kit.table import format_euros as format_euros
from kit.table import format_percent as format_percent
from kit.theme import FONT, INK, PAPER, SVG_SIZES, SVG_SMALLEST

SHAPE_GLYPHS = {
    "circle": "●",
    "square": "■",
    "triangle": "▲",
    "diamond": "◆",
    "hexagon": "⬢",
    "star": "★",
}

# -- small SVG builders ----------------------------------------------------------------------


def num(x: float) -> str:
    """Coordinates with two decimals and no trailing zeros, identical on every machine."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def text(
    x: float, y: float, content: str, *, size: int, anchor: str = "start", **extra: str
) -> str:
    attrs = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in extra.items())
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{size}" text-anchor="{anchor}"{attrs}>'
        f"{escape(content)}</text>"
    )


def svg(width: int, height: int, label: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(label)} '
        f'font-family="{FONT}" fill="{INK}">' + "".join(body) + "</svg>"
    )


NARROW = frozenset("ijlrtf.,:;'!|() ")
WIDE = frozenset("mwMW")


def text_width(text: str, em: float) -> float:
    """Estimated width of `text` in ems of the kit's font (`em`: an ordinary lower-case glyph, 0.62
    for regular, more for bold): narrow, wide and capital letters counted apart. Deterministic,
    no font files."""
    total = 0.0
    for ch in text:
        if ch in NARROW:
            total += 0.34
        elif ch in WIDE:
            total += 0.95
        elif ch.isupper():
            total += 0.72
        else:
            total += 0.62
    return total * em / 0.62  # bold text: a larger `em` widens every glyph alike


# The theme's sizes, largest first: fitted text steps down through them.
SIZES_DOWN = sorted(set(SVG_SIZES.values()), reverse=True)


def wrap(
    text: str,
    width: float,
    size: int,
    max_lines: int,
    min_size: int = SVG_SMALLEST,
    em: float = 0.62,
) -> tuple[list[str], int] | None:
    """Greedy word wrap with estimated glyph widths; shrinks the font through the theme's sizes
    (down to `min_size`) until the longest word fits and the lines are at most `max_lines`;
    None if nothing fits."""
    words = text.split()
    for font in (s for s in SIZES_DOWN if min_size <= s <= size):
        room = width / font  # in ems
        if any(text_width(w, em) > room for w in words):
            continue
        lines: list[str] = []
        for word in words:
            if lines and text_width(lines[-1] + " " + word, em) <= room:
                lines[-1] += " " + word
            else:
                lines.append(word)
        if len(lines) <= max_lines:
            return lines, font
    return None


def wrap_or_cut(text: str, width: float, size: int, max_lines: int) -> tuple[list[str], int]:
    """`wrap` down to the theme's smallest size, or else the text cut to one line at that size."""
    cut = int(width / (0.62 * SVG_SMALLEST))
    return wrap(text, width, size, max_lines) or ([text[: max(1, cut)]], SVG_SMALLEST)


def shape(shape: str, cx: float, cy: float, r: float, fill: str) -> str:
    """A player's token shape, white-edged so it reads on any background."""
    style = f'fill="{fill}" stroke="{PAPER}" stroke-width="2.5"'
    if shape == "square":
        return (
            f'<rect x="{num(cx - r * 0.9)}" y="{num(cy - r * 0.9)}" width="{num(r * 1.8)}" '
            f'height="{num(r * 1.8)}" {style}/>'
        )
    corners = {
        "triangle": ((0, -1.15), (1.1, 0.85), (-1.1, 0.85)),
        "diamond": ((0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)),
        "hexagon": ((0.55, -1), (1.1, 0), (0.55, 1), (-0.55, 1), (-1.1, 0), (-0.55, -1)),
        "star": (
            (0, -1.25),
            (0.35, -0.4),
            (1.2, -0.4),
            (0.55, 0.15),
            (0.8, 1.05),
            (0, 0.5),
            (-0.8, 1.05),
            (-0.55, 0.15),
            (-1.2, -0.4),
            (-0.35, -0.4),
        ),
    }.get(shape)
    if corners is None:
        return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" {style}/>'
    points = " ".join(f"{num(cx + dx * r)},{num(cy + dy * r)}" for dx, dy in corners)
    return f'<polygon points="{points}" {style}/>'
