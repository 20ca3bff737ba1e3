"""Deterministic SVG of the dice lab and the property board: the static view of a saved notebook.

GitHub and nbviewer show `image/svg+xml` where no kernel runs, and nbval compares it byte for
byte, so the text depends only on the data passed in: fixed float formatting, no ids, no clock.
Labels come from the message catalogue, so the drawing follows `kit.set_language`.
Colours are Okabe-Ito (blue observed, vermillion exact), safe for colour-blind viewers.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from xml.sax.saxutils import escape, quoteattr

from kit.messages import t

OBSERVED = "#0072B2"
EXACT = "#D55E00"
INK = "#111111"
GRID = "#BBBBBB"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

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


# -- numbers as the current language writes them ------------------------------------------------


def format_count(n: int) -> str:
    """A whole number with the language's thousands separator: 10 000 / 10,000."""
    return f"{n:,}".replace(",", t("number.group"))


def format_decimal(x: float, digits: int = 1) -> str:
    """A decimal with the language's decimal mark: 16,7 / 16.7."""
    return f"{x:.{digits}f}".replace(".", t("number.decimal"))


def format_percent(share: float, digits: int = 1) -> str:
    """A share (0..1) as a percentage: 16,7 % / 16.7%."""
    return t("number.percent", value=format_decimal(100 * share, digits))


# -- small SVG builders ----------------------------------------------------------------------


def _num(x: float) -> str:
    """Coordinates with two decimals and no trailing zeros, identical on every machine."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _text(
    x: float, y: float, content: str, *, size: int, anchor: str = "start", **extra: str
) -> str:
    attrs = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in extra.items())
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" text-anchor="{anchor}"{attrs}>'
        f"{escape(content)}</text>"
    )


def _svg(width: int, height: int, label: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(label)} '
        f'font-family="{FONT}" fill="{INK}">' + "".join(body) + "</svg>"
    )


# -- dice ------------------------------------------------------------------------------------


def _die_face(n: int, x: float, y: float, size: float) -> str:
    """A die showing `n` pips, with its top-left corner at (x, y)."""
    if isinstance(n, bool) or n not in PIPS:
        raise ValueError(f"a die face shows 1 to 6 pips, not {n!r}")
    pips = "".join(
        f'<circle cx="{_num(x + px * size)}" cy="{_num(y + py * size)}" r="{_num(size * 0.09)}"/>'
        for px, py in PIPS[n]
    )
    return (
        f'<g><rect x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" height="{_num(size)}" '
        f'rx="{_num(size * 0.16)}" fill="#FFFFFF" stroke="{INK}" stroke-width="3"/>{pips}</g>'
    )


def die_face_svg(n: int, size: int = 96) -> str:
    """One die face on its own, e.g. to show a roll in a lesson's text."""
    return _svg(size, size, str(n), [_die_face(n, 2, 2, size - 4)])


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
        _text(30, 52, t("dice.title"), size=36, font_weight="bold"),
        _text(30, 104, f"{t('dice.rolls')}: {format_count(rolls)}", size=28),
        _text(
            30,
            146,
            f"{t('dice.doubles_share')}: {doubles_share}  "
            f"({t('dice.exact')} {exact_doubles} ≈ {format_percent(float(exact_doubles))})",
            size=28,
        ),
    ]
    if last is None:
        parts.append(_text(930, 44, t("dice.none_yet"), size=24, anchor="end"))
    else:
        parts.append(_text(930, 44, t("dice.last"), size=24, anchor="end"))
        parts += [_die_face(last[0], 756, 60, 76), _die_face(last[1], 852, 60, 76)]
    return parts


def _legend() -> list[str]:
    return [
        f'<rect x="{PLOT_LEFT}" y="172" width="28" height="28" fill="{OBSERVED}"/>',
        _text(PLOT_LEFT + 38, 196, t("dice.observed"), size=26),
        f'<line x1="{PLOT_LEFT + 260}" y1="186" x2="{PLOT_LEFT + 300}" y2="186" '
        f'stroke="{EXACT}" stroke-width="7"/>',
        _text(PLOT_LEFT + 310, 196, t("dice.exact"), size=26),
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
            f'<line x1="{PLOT_LEFT}" y1="{_num(y)}" x2="{PLOT_RIGHT}" y2="{_num(y)}" '
            f'stroke="{GRID}" stroke-width="1"/>'
        )
        parts.append(
            _text(PLOT_LEFT - 10, y + 8, format_percent(float(k * step), 0), size=22, anchor="end")
        )
    for i, (total, seen, p) in enumerate(zip(sums, observed, exact, strict=True)):
        centre = PLOT_LEFT + (i + 0.5) * slot
        if seen:
            parts.append(
                f'<rect x="{_num(centre - 0.32 * slot)}" y="{_num(y_of(seen))}" '
                f'width="{_num(0.64 * slot)}" height="{_num(PLOT_BOTTOM - y_of(seen))}" '
                f'fill="{OBSERVED}"/>'
            )
        parts.append(
            f'<line x1="{_num(centre - 0.42 * slot)}" y1="{_num(y_of(p))}" '
            f'x2="{_num(centre + 0.42 * slot)}" y2="{_num(y_of(p))}" '
            f'stroke="{EXACT}" stroke-width="7"/>'
        )
        parts.append(_text(centre, PLOT_BOTTOM + 32, str(total), size=26, anchor="middle"))
    parts += [
        f'<line x1="{PLOT_LEFT}" y1="{PLOT_BOTTOM}" x2="{PLOT_RIGHT}" y2="{PLOT_BOTTOM}" '
        f'stroke="{INK}" stroke-width="2"/>',
        _text(
            (PLOT_LEFT + PLOT_RIGHT) / 2, PLOT_BOTTOM + 76, t("dice.sum"), size=26, anchor="middle"
        ),
        _text(
            28,
            (PLOT_TOP + PLOT_BOTTOM) / 2,
            t("dice.share"),
            size=26,
            anchor="middle",
            transform=f"rotate(-90 28 {_num((PLOT_TOP + PLOT_BOTTOM) / 2)})",
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
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#FFFFFF"/>',
        *_header(rolls, doubles, exact_doubles, last),
        *_legend(),
        *_histogram(observed, [exact[s] for s in sums], sums),
    ]
    return _svg(WIDTH, HEIGHT, t("dice.title"), body)


# -- the property-game board ------------------------------------------------------------------

BOARD = 1200  # the board is BOARD x BOARD units; corners are CORNER wide
CORNER = 150
BAND = 24  # the group colour band along the inner edge of a title's square
SHAPE_GLYPHS = {
    "circle": "●",
    "square": "■",
    "triangle": "▲",
    "diamond": "◆",
    "hexagon": "⬢",
    "star": "★",
}


NARROW = frozenset("ijlrtf.,:;'!|() ")
WIDE = frozenset("mwMW")


def _width(text: str, em: float) -> float:
    """Estimated width of `text` in ems of DejaVu Sans (`em`: an ordinary lower-case glyph, 0.62
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


def _wrap(
    text: str, width: float, size: int, max_lines: int, min_size: int = 10, em: float = 0.62
) -> tuple[list[str], int] | None:
    """Greedy word wrap with estimated glyph widths; shrinks the font (down to `min_size`)
    until the longest word fits and the lines are at most `max_lines`; None if nothing fits."""
    words = text.split()
    for font in range(size, min_size - 1, -1):
        room = width / font  # in ems
        if any(_width(w, em) > room for w in words):
            continue
        lines: list[str] = []
        for word in words:
            if lines and _width(lines[-1] + " " + word, em) <= room:
                lines[-1] += " " + word
            else:
                lines.append(word)
        if len(lines) <= max_lines:
            return lines, font
    return None


def _wrap_or_cut(text: str, width: float, size: int, max_lines: int) -> tuple[list[str], int]:
    """`_wrap` down to size 10, or else the text cut to one line at size 10."""
    return _wrap(text, width, size, max_lines) or ([text[: max(1, int(width / 6.2))]], 10)


def _cell_box(index: int, count: int) -> tuple[float, float, float, float, str]:
    """x, y, width, height of square `index` and the side its inner edge faces."""
    per_side = count // 4
    cell = (BOARD - 2 * CORNER) / (per_side - 1)
    side, k = divmod(index, per_side)
    far = BOARD - CORNER
    if k == 0:  # corners: Salida bottom right, then clockwise
        corners = ((far, far), (0, far), (0, 0), (far, 0))
        x, y = corners[side]
        return x, y, CORNER, CORNER, "corner"
    if side == 0:
        return far - k * cell, far, cell, CORNER, "bottom"
    if side == 1:
        return 0, far - k * cell, CORNER, cell, "left"
    if side == 2:
        return CORNER + (k - 1) * cell, 0, cell, CORNER, "top"
    return far, CORNER + (k - 1) * cell, CORNER, cell, "right"


def _shape(shape: str, cx: float, cy: float, r: float, fill: str) -> str:
    """A player's token shape, white-edged so it reads on any background."""
    style = f'fill="{fill}" stroke="#FFFFFF" stroke-width="2.5"'
    if shape == "square":
        return (
            f'<rect x="{_num(cx - r * 0.9)}" y="{_num(cy - r * 0.9)}" width="{_num(r * 1.8)}" '
            f'height="{_num(r * 1.8)}" {style}/>'
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
        return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" {style}/>'
    points = " ".join(f"{_num(cx + dx * r)},{_num(cy + dy * r)}" for dx, dy in corners)
    return f'<polygon points="{points}" {style}/>'


def _token(player: Mapping, cx: float, cy: float, r: float, *, jailed: bool = False) -> str:
    """A player's token: shape, colour and number (the number is the cue that needs no colour)."""
    parts = [
        f'<g class="kit-token" data-player="{player["index"]}">',
        _shape(player["shape"], cx, cy, r, player["colour"]),
        _text(
            cx,
            cy + r * 0.42,
            player["mark"],
            size=round(r * 1.15),
            anchor="middle",
            font_weight="bold",
            fill="#FFFFFF",
        ),
    ]
    if jailed:  # bars across the token
        for dx in (-0.5, 0, 0.5):
            parts.append(
                f'<line x1="{_num(cx + dx * r)}" y1="{_num(cy - r * 1.2)}" '
                f'x2="{_num(cx + dx * r)}" y2="{_num(cy + r * 1.2)}" stroke="{INK}" '
                'stroke-width="2.5"/>'
            )
    parts.append("</g>")
    return "".join(parts)


def _buildings(
    square: Mapping, band: tuple[float, float, float, float], vertical: bool, hotel_letter: str
) -> list[str]:
    """The group letter and the houses (or the hotel/castle) drawn in the colour band."""
    x, y, w, h = band
    ink = square["ink"] or INK
    parts = []
    if vertical:
        parts.append(
            _text(
                x + w / 2,
                y + 18,
                square["letter"],
                size=16,
                anchor="middle",
                font_weight="bold",
                fill=ink,
            )
        )
    else:
        parts.append(
            _text(
                x + 10,
                y + h / 2 + 6,
                square["letter"],
                size=16,
                anchor="middle",
                font_weight="bold",
                fill=ink,
            )
        )
    if square["hotel"]:
        cx, cy = (x + w / 2, y + h / 2 + 8) if vertical else (x + w / 2 + 8, y + h / 2)
        bw, bh = (18, 34) if vertical else (38, 18)
        parts.append(
            f'<rect x="{_num(cx - bw / 2)}" y="{_num(cy - bh / 2)}" width="{bw}" height="{bh}" '
            f'fill="#FFFFFF" stroke="{INK}" stroke-width="2.5"/>'
        )
        parts.append(_text(cx, cy + 5, hotel_letter, size=14, anchor="middle", font_weight="bold"))
    for k in range(square["houses"]):
        hx, hy = (x + 5, y + 26 + k * 17) if vertical else (x + 22 + k * 17, y + 5)
        parts.append(
            f'<rect x="{_num(hx)}" y="{_num(hy)}" width="14" height="14" fill="#FFFFFF" '
            f'stroke="{INK}" stroke-width="2" class="kit-house"/>'
        )
    return parts


def _board_square(square: Mapping, view: Mapping, count: int, hotel_letter: str) -> str:
    x, y, w, h, side = _cell_box(square["index"], count)
    background = square["heat_colour"] or "#FFFFFF"
    ink = square["heat_ink"] or INK
    parts = [
        f'<g class="kit-square" data-square="{square["index"]}">',
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        f'fill="{background}" stroke="{INK}" stroke-width="1.5"/>',
    ]
    if square["mortgaged"]:  # grey stripes under the text: still readable, clearly marked
        parts.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
            'fill="url(#kit-hatch)" class="kit-mortgaged"/>'
        )
    # the content area: the cell minus the band on its inner edge
    cx, cy, cw, ch = x, y, w, h
    if square["colour"]:
        band = {
            "bottom": (x, y, w, BAND),
            "top": (x, y + h - BAND, w, BAND),
            "left": (x + w - BAND, y, BAND, h),
            "right": (x, y, BAND, h),
        }[side]
        parts.append(
            f'<rect x="{_num(band[0])}" y="{_num(band[1])}" width="{_num(band[2])}" '
            f'height="{_num(band[3])}" fill="{square["colour"]}" stroke="{INK}" '
            'stroke-width="1.5"/>'
        )
        parts += _buildings(square, band, side in ("left", "right"), hotel_letter)
        if side == "bottom":
            cy, ch = y + BAND, h - BAND
        elif side == "top":
            ch = h - BAND
        elif side == "left":
            cw = w - BAND
        else:
            cx, cw = x + BAND, w - BAND
    corner = side == "corner"
    # two lines at a readable size if possible; else three in the top and bottom rows (tall
    # cells), else two smaller ones in the side columns (short cells)
    name = square["name"]
    em = 0.68 if corner else 0.62  # corners are bold: wider glyphs
    lines, size = _wrap(name, cw - 12, 20 if corner else 17, 2, 14, em) or _wrap_or_cut(
        name, cw - 12, 17, 3 if side in ("top", "bottom") else 2
    )
    line_height = size + 2
    top = cy + (ch / 2 - len(lines) * line_height / 2 if corner else 6) + size
    for k, line in enumerate(lines):
        parts.append(
            _text(
                cx + cw / 2,
                top + k * line_height,
                line,
                size=size,
                anchor="middle",
                fill=ink,
                font_weight="bold" if corner else "normal",
            )
        )
    info_y = top + len(lines) * line_height + 4
    # the info column (owner, price) and the token area: side by side in the short cells of
    # the side columns when tokens stand there, else the info above the tokens
    tokens = square["tokens"]
    ix, iw, tx0, tw = cx, cw, cx, cw
    if tokens and side in ("left", "right"):
        iw = cw * 0.58
        tx0, tw = cx + iw, cw - iw
    mid_x = ix + iw / 2
    if square["owner"] is not None:
        owner = view["players"][square["owner"]]
        tag = f"{SHAPE_GLYPHS.get(owner['shape'], '●')} {owner['mark']}"
        parts.append(
            f'<g class="kit-owner" data-owner="{owner["index"]}">'
            f'<rect x="{_num(ix + 6)}" y="{_num(info_y - 2)}" width="{_num(iw - 12)}" '
            f'height="22" rx="5" fill="{owner["colour"]}" stroke="{INK}" stroke-width="1"/>'
            + _text(
                mid_x,
                info_y + 15,
                tag,
                size=16,
                anchor="middle",
                font_weight="bold",
                fill="#FFFFFF",
            )
            + "</g>"
        )
    elif square["price_text"]:
        parts.append(
            _text(mid_x, info_y + 16, square["price_text"], size=16, anchor="middle", fill=ink)
        )
    elif square["note"]:
        parts.append(_text(mid_x, info_y + 16, square["note"], size=16, anchor="middle", fill=ink))
    elif square["kind"] in ("chance", "chest"):
        parts.append(
            _text(
                mid_x,
                info_y + 24,
                "?",
                size=30,
                anchor="middle",
                font_weight="bold",
                fill=ink,
            )
        )
    if square["mortgaged"]:
        parts.append(
            f'<rect x="{_num(ix + 3)}" y="{_num(info_y + 22)}" width="{_num(iw - 6)}" '
            f'height="20" fill="#FFFFFF" stroke="{INK}" stroke-width="1.5"/>'
        )
        parts.append(
            _text(
                mid_x,
                info_y + 37,
                view["labels"]["mortgaged"],
                size=12,
                anchor="middle",
                font_weight="bold",
            )
        )
    if tokens:
        r = 14
        per_row = max(1, int((tw - 4) // (2 * r + 4)))
        rows = -(-len(tokens) // per_row)
        for k, p in enumerate(tokens):
            row, col = divmod(k, per_row)
            in_row = min(per_row, len(tokens) - row * per_row)
            tx = tx0 + tw / 2 + (col - (in_row - 1) / 2) * (2 * r + 4)
            ty = cy + ch - 6 - r - (rows - 1 - row) * (2 * r + 4)
            player = view["players"][p]
            jailed = player["in_jail"] and square["kind"] == "jail"
            parts.append(_token(player, tx, ty, r, jailed=jailed))
    if square["selected"]:  # a thick frame on the edge, clear of the name
        parts.append(
            f'<rect x="{_num(x + 2.5)}" y="{_num(y + 2.5)}" width="{_num(w - 5)}" '
            f'height="{_num(h - 5)}" fill="none" stroke="{INK}" stroke-width="5" '
            'class="kit-selected"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _board_centre(view: Mapping) -> list[str]:
    """Title, whose turn, the dice, the players, the bank, the last message, the heat legend."""
    mid = BOARD / 2
    labels = view["labels"]
    parts = [
        _text(mid, 205, view["game"]["title"], size=34, anchor="middle", font_weight="bold"),
        _text(mid, 248, f"{view['turn_text']} · {view['status']}", size=26, anchor="middle"),
    ]
    if view["dice"]:
        a, b = view["dice"]
        parts += [_die_face(a, mid - 95, 270, 80), _die_face(b, mid + 15, 270, 80)]
    else:
        parts.append(_text(mid, 320, labels["no_dice"], size=22, anchor="middle"))
    y = 400
    parts += [
        _text(700, y, labels["cash"], size=20, anchor="end", font_weight="bold"),
        _text(820, y, labels["titles"], size=20, anchor="end", font_weight="bold"),
        _text(940, y, labels["cards"], size=20, anchor="end", font_weight="bold"),
    ]
    for player in view["players"]:
        y += 46
        if player["index"] == view["to_act"]:
            parts.append(
                f'<rect x="190" y="{y - 32}" width="820" height="44" rx="8" fill="#EEEEEE" '
                f'stroke="{INK}" stroke-width="2"/>'
            )
        parts.append(_token(player, 225, y - 10, 16))
        name = player["name"]
        if not player["alive"]:
            name += f" ({labels['bankrupt']})"
        elif player["in_jail"]:
            name += f" ({player['jail_text']})"
        parts += [
            _text(255, y, name, size=24),
            _text(
                700,
                y,
                player["cash_text"],
                size=24,
                anchor="end",
                **{"class": "kit-cash", "data-player": str(player["index"])},
            ),
            _text(820, y, str(len(player["titles"])), size=24, anchor="end"),
            _text(940, y, str(player["cards"]), size=24, anchor="end"),
        ]
    y += 56
    parts.append(_text(mid, y, view["bank"]["text"], size=22, anchor="middle"))
    if view["message"]:
        lines, size = _wrap_or_cut(view["message"], 820, 20, 3)
        for k, line in enumerate(lines):
            parts.append(
                _text(
                    mid,
                    y + 40 + k * (size + 6),
                    line,
                    size=size,
                    anchor="middle",
                    font_weight="bold",
                    fill="#A63C00",
                )
            )
    heat = view["heat"]
    if heat:
        colours = heat["colours"]
        left = mid - 30 * len(colours)
        parts.append(_text(mid, 935, heat["label"], size=22, anchor="middle", font_weight="bold"))
        for k, colour in enumerate(colours):
            parts.append(
                f'<rect x="{_num(left + 60 * k)}" y="948" width="60" height="30" '
                f'fill="{colour}" stroke="{INK}" stroke-width="1"/>'
            )
        parts += [
            _text(left, 1005, f"{labels['min']} {heat['min_text']}", size=20),
            _text(
                left + 60 * len(colours),
                1005,
                f"{labels['max']} {heat['max_text']}",
                size=20,
                anchor="end",
            ),
        ]
    return parts


def board_svg(view: Mapping) -> str:
    """The property board as one SVG, drawn only from `board_view(...)` data.

    The same view always gives the same bytes. Squares carry `data-square` so the live widget
    can make them clickable; every colour has a second cue (group letters, player numbers and
    shapes, the word for a mortgage).
    """
    squares = view["squares"]
    count = len(squares)
    hotel_letter = view["hotel_word"][:1].upper()
    body = [
        '<defs><pattern id="kit-hatch" width="12" height="12" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="12" height="12" fill="#FFFFFF" '
        'fill-opacity="0.6"/><line x1="0" y1="0" x2="0" y2="12" stroke="#777777" '
        'stroke-width="4"/></pattern></defs>',
        f'<rect width="{BOARD}" height="{BOARD}" fill="#FFFFFF"/>',
        f'<rect x="{CORNER}" y="{CORNER}" width="{BOARD - 2 * CORNER}" '
        f'height="{BOARD - 2 * CORNER}" fill="#F7F7F2" stroke="{INK}" stroke-width="1.5"/>',
        *_board_centre(view),
        *(_board_square(sq, view, count, hotel_letter) for sq in squares),
    ]
    return _svg(BOARD, BOARD, view["game"]["title"], body)
