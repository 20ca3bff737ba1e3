"""The property games' board as SVG, drawn from `board_view` (kit/widgets/board_view.py) alone:
the live PropertyBoard inserts this very text, so the saved notebook shows what the class saw."""

from __future__ import annotations

from collections.abc import Mapping

from kit.render.common import SHAPE_GLYPHS, num, shape, svg, text, wrap, wrap_or_cut
from kit.render.dice import die_face
from kit.theme import (
    BOARD_CENTRE,
    HOTEL,
    HOUSE,
    INK,
    MID_GREY,
    PAPER,
    REFUSED,
    SHADE,
    ink_on,
)
from kit.theme import SVG_SIZES as SIZE

BOARD = 1200  # the board is BOARD x BOARD units; corners are CORNER wide
CORNER = 150
BAND = 34  # the group colour band along the inner edge of a title's square (houses drawn in it)


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


def _token(
    player: Mapping, cx: float, cy: float, r: float, size: int, *, jailed: bool = False
) -> str:
    """A player's token: shape, colour and number (the number is the cue that needs no colour),
    the number `size` units high."""
    parts = [
        f'<g class="kit-token" data-player="{player["index"]}">',
        shape(player["shape"], cx, cy, r, player["colour"]),
        text(
            cx,
            cy + r * 0.42,
            player["mark"],
            size=size,
            anchor="middle",
            font_weight="bold",
            fill=player["ink"],
        ),
    ]
    if jailed:  # bars across the token
        for dx in (-0.5, 0, 0.5):
            parts.append(
                f'<line x1="{num(cx + dx * r)}" y1="{num(cy - r * 1.2)}" '
                f'x2="{num(cx + dx * r)}" y2="{num(cy + r * 1.2)}" stroke="{INK}" '
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
            text(
                x + w / 2,
                y + 18,
                square["letter"],
                size=SIZE["note"],
                anchor="middle",
                font_weight="bold",
                fill=ink,
            )
        )
    else:
        parts.append(
            text(
                x + 10,
                y + h / 2 + 6,
                square["letter"],
                size=SIZE["note"],
                anchor="middle",
                font_weight="bold",
                fill=ink,
            )
        )
    cx, cy = (x + w / 2, y + h / 2 + 10) if vertical else (x + w / 2 + 10, y + h / 2)
    if square["hotel"]:
        parts.append(_building(cx, cy, 32 if vertical else 40, HOTEL, hotel_letter, "kit-hotel", 1))
    elif square["houses"]:
        n = square["houses"]
        parts.append(_building(cx, cy, 30, HOUSE, str(n), "kit-house", n))
    return parts


def _building(cx: float, cy: float, wide: float, fill: str, mark: str, kind: str, n: int) -> str:
    """A house (green, its number of houses inside) or a hotel (red, its letter): a pictogram
    big enough to read from the back of the class, with a dark outline on any band colour and
    its mark in the ink that reads on its colour."""
    half, tall = wide / 2, 30
    top, eave, base = cy - tall / 2, cy - tall / 2 + 11, cy + tall / 2
    points = (
        f"{num(cx - half)},{num(base)} {num(cx - half)},{num(eave)} {num(cx)},{num(top)} "
        f"{num(cx + half)},{num(eave)} {num(cx + half)},{num(base)}"
    )
    return (
        f'<g class="{kind}" data-houses="{n}">'
        f'<polygon points="{points}" fill="{fill}" stroke="{INK}" stroke-width="2.5" '
        'stroke-linejoin="round"/>'
        + text(
            cx,
            base - 3,
            mark,
            size=SIZE["heading"],
            anchor="middle",
            font_weight="bold",
            fill=ink_on(fill),
        )
        + "</g>"
    )


def _board_square(square: Mapping, view: Mapping, count: int, hotel_letter: str) -> str:
    x, y, w, h, side = _cell_box(square["index"], count)
    background = square["heat_colour"] or PAPER
    ink = square["heat_ink"] or INK
    parts = [
        f'<g class="kit-square" data-square="{square["index"]}">',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
        f'fill="{background}" stroke="{INK}" stroke-width="1.5"/>',
    ]
    if square["mortgaged"]:  # grey stripes under the text: still readable, clearly marked
        parts.append(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
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
            f'<rect x="{num(band[0])}" y="{num(band[1])}" width="{num(band[2])}" '
            f'height="{num(band[3])}" fill="{square["colour"]}" stroke="{INK}" '
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
    start = SIZE["heading"] if corner else SIZE["label"]
    lines, size = wrap(name, cw - 12, start, 2, SIZE["detail"], em) or wrap_or_cut(
        name, cw - 12, SIZE["label"], 3 if side in ("top", "bottom") else 2
    )
    line_height = size + 2
    top = cy + (ch / 2 - len(lines) * line_height / 2 if corner else 6) + size
    for k, line in enumerate(lines):
        parts.append(
            text(
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
            f'<rect x="{num(ix + 6)}" y="{num(info_y - 2)}" width="{num(iw - 12)}" '
            f'height="22" rx="5" fill="{owner["colour"]}" stroke="{INK}" stroke-width="1"/>'
            + text(
                mid_x,
                info_y + 15,
                tag,
                size=SIZE["note"],
                anchor="middle",
                font_weight="bold",
                fill=owner["ink"],
            )
            + "</g>"
        )
    elif square["price_text"]:
        parts.append(
            text(
                mid_x,
                info_y + 16,
                square["price_text"],
                size=SIZE["note"],
                anchor="middle",
                fill=ink,
            )
        )
    elif square["note"]:
        parts.append(
            text(mid_x, info_y + 16, square["note"], size=SIZE["note"], anchor="middle", fill=ink)
        )
    elif square["kind"] in ("chance", "chest"):
        parts.append(
            text(
                mid_x,
                info_y + 24,
                "?",
                size=SIZE["title"],
                anchor="middle",
                font_weight="bold",
                fill=ink,
            )
        )
    if square["mortgaged"]:
        parts.append(
            f'<rect x="{num(ix + 3)}" y="{num(info_y + 22)}" width="{num(iw - 6)}" '
            f'height="20" fill="{PAPER}" stroke="{INK}" stroke-width="1.5"/>'
        )
        parts.append(
            text(
                mid_x,
                info_y + 37,
                view["labels"]["mortgaged"],
                size=SIZE["tag"],
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
            parts.append(_token(player, tx, ty, r, SIZE["note"], jailed=jailed))
    off = "▲" if square.get("heat_over") else "▼" if square.get("heat_under") else ""
    if off:  # off the heat scale (the Cárcel): a mark, said in the legend
        parts.append(
            text(
                x + w - 16,
                y + 24,
                off,
                size=SIZE["text"],
                anchor="middle",
                fill=ink,
                font_weight="bold",
            )
        )
    if square["selected"]:  # a thick frame on the edge, clear of the name
        parts.append(
            f'<rect x="{num(x + 2.5)}" y="{num(y + 2.5)}" width="{num(w - 5)}" '
            f'height="{num(h - 5)}" fill="none" stroke="{INK}" stroke-width="5" '
            'class="kit-selected"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _board_centre(view: Mapping) -> list[str]:
    """Title, whose turn, the dice, the players, the bank, the last message, the heat legend."""
    mid = BOARD / 2
    labels = view["labels"]
    parts = [
        text(
            mid, 205, view["game"]["title"], size=SIZE["board"], anchor="middle", font_weight="bold"
        ),
        text(
            mid, 248, f"{view['turn_text']} · {view['status']}", size=SIZE["lead"], anchor="middle"
        ),
    ]
    if view["dice"]:
        a, b = view["dice"]
        parts += [die_face(a, mid - 95, 270, 80), die_face(b, mid + 15, 270, 80)]
    else:
        parts.append(text(mid, 320, labels["no_dice"], size=SIZE["text"], anchor="middle"))
    y = 400
    parts += [
        text(700, y, labels["cash"], size=SIZE["heading"], anchor="end", font_weight="bold"),
        text(820, y, labels["titles"], size=SIZE["heading"], anchor="end", font_weight="bold"),
        text(940, y, labels["cards"], size=SIZE["heading"], anchor="end", font_weight="bold"),
    ]
    for player in view["players"]:
        y += 46
        if player["index"] == view["to_act"]:
            parts.append(
                f'<rect x="190" y="{y - 32}" width="820" height="44" rx="8" fill="{SHADE}" '
                f'stroke="{INK}" stroke-width="2"/>'
            )
        parts.append(_token(player, 225, y - 10, 16, SIZE["line"]))
        name = player["name"]
        if not player["alive"]:
            name += f" ({labels['bankrupt']})"
        elif player["in_jail"]:
            name += f" ({player['jail_text']})"
        parts += [
            text(255, y, name, size=SIZE["row"]),
            text(
                700,
                y,
                player["cash_text"],
                size=SIZE["row"],
                anchor="end",
                **{"class": "kit-cash", "data-player": str(player["index"])},
            ),
            text(820, y, str(len(player["titles"])), size=SIZE["row"], anchor="end"),
            text(940, y, str(player["cards"]), size=SIZE["row"], anchor="end"),
        ]
    y += 56
    parts.append(text(mid, y, view["bank"]["text"], size=SIZE["text"], anchor="middle"))
    if view["message"]:  # the last moves, one line each (the side panel has them whole)
        told = view["message"].split("\n")[-4:]
        for k, said in enumerate(told):
            lines, size = wrap_or_cut(said, 820, SIZE["heading"], 1 if len(told) > 1 else 3)
            for j, line in enumerate(lines):
                parts.append(
                    text(
                        mid,
                        y + 40 + (k + j) * 26,
                        line,
                        size=size,
                        anchor="middle",
                        font_weight="bold",
                        fill=REFUSED,
                    )
                )
    heat = view["heat"]
    if heat:  # the scale, and the squares off it (each on its line) under it
        colours = heat["colours"]
        left = mid - 30 * len(colours)
        parts.append(
            text(mid, 895, heat["label"], size=SIZE["text"], anchor="middle", font_weight="bold")
        )
        for k, colour in enumerate(colours):
            parts.append(
                f'<rect x="{num(left + 60 * k)}" y="908" width="60" height="30" '
                f'fill="{colour}" stroke="{INK}" stroke-width="1"/>'
            )
        parts += [
            text(left, 962, f"{labels['min']} {heat['min_text']}", size=SIZE["heading"]),
            text(
                left + 60 * len(colours),
                962,
                f"{labels['max']} {heat['max_text']}",
                size=SIZE["heading"],
                anchor="end",
            ),
        ]
        for k, line in enumerate(
            heat.get("over_text", "").split("\n")[:3] if heat.get("over_text") else []
        ):
            said, size = wrap_or_cut(line, 860, SIZE["line"], 1)
            parts.append(text(mid, 988 + 22 * k, said[0], size=size, anchor="middle"))
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
        f'patternTransform="rotate(45)"><rect width="12" height="12" fill="{PAPER}" '
        f'fill-opacity="0.6"/><line x1="0" y1="0" x2="0" y2="12" stroke="{MID_GREY}" '
        'stroke-width="4"/></pattern></defs>',
        f'<rect width="{BOARD}" height="{BOARD}" fill="{PAPER}"/>',
        f'<rect x="{CORNER}" y="{CORNER}" width="{BOARD - 2 * CORNER}" '
        f'height="{BOARD - 2 * CORNER}" fill="{BOARD_CENTRE}" stroke="{INK}" stroke-width="1.5"/>',
        *_board_centre(view),
        *(_board_square(sq, view, count, hotel_letter) for sq in squares),
    ]
    return svg(BOARD, BOARD, view["game"]["title"], body)
