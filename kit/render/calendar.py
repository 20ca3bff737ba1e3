"""The Día de Paga calendar as SVG, drawn from `calendar_view` (kit/widgets/calendar_view.py) alone:
the month (days 1-31, Monday first, the Sundays on the right), the tokens, the Salida square, the
die and the kitty; then each player's book and the last payday, line by line. The live
PaydayBoard shows the same pieces on one screen: `month_svg` (the calendar, beside the buttons),
`books_svg` and `paydays_svg` (the panels below it); `calendar_svg` is all three in one picture,
the one a saved notebook shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from kit.render.common import num, shape, svg, text, text_width, wrap, wrap_or_cut
from kit.render.dice import die_face
from kit.theme import ACCENT, GRID, INK, MUTED, PANEL, PAPER, START_SQUARE
from kit.theme import SVG_SIZES as SIZE

WIDTH = 1120
MARGIN = 21
COLUMNS = 7
CELL_W = (WIDTH - 2 * MARGIN) / COLUMNS  # 154
CELL_H = 124
BAND = 32  # the coloured band with the day number and its kind
GRID_TOP = 124
TOKEN_R = 24  # 20-30 px across on a 1280 px page (was 11): readable from the back row
TOKENS_PER_ROW = 3
# the initial on a token (or two letters): on the month's tokens and on a book's small one
MONTH_MARKS = (SIZE["row"], SIZE["line"])
BOOK_MARKS = (SIZE["note"], SIZE["fine"])
BOOK_H = 272
BOOKS_PER_ROW = 3
LINE_H = 26


def _token(player: Mapping, cx: float, cy: float, r: float, sizes: tuple[int, int]) -> str:
    """A player's token: shape, colour and initial (the initial is the cue that needs no colour),
    the initial in the ink that contrasts with that colour; `sizes`: the size of an initial and
    of two letters (when two players share an initial)."""
    mark = player["mark"]
    size = sizes[0] if len(mark) == 1 else sizes[1]
    return (
        f'<g class="kit-token" data-player="{player["index"]}">'
        + f"<title>{escape(player['name'])}</title>"
        + shape(player["shape"], cx, cy, r, player["colour"])
        + text(
            cx,
            cy + size * 0.36,
            mark,
            size=size,
            anchor="middle",
            font_weight="bold",
            fill=player["ink"],
        )
        + "</g>"
    )


def _tokens(players: Sequence[Mapping], seats: Sequence[int], x: float, y: float) -> list[str]:
    """Tokens at the foot of a square, three a row (up to six fit, in two rows)."""
    step = (CELL_W - 6) / TOKENS_PER_ROW
    out = []
    for k, p in enumerate(seats):
        row, col = divmod(k, TOKENS_PER_ROW)
        cy = y + CELL_H - TOKEN_R - 5 - row * (2 * TOKEN_R + 3)
        out.append(_token(players[p], x + 3 + step * (col + 0.5), cy, TOKEN_R, MONTH_MARKS))
    return out


def _lines(content: str, x: float, y: float, width: float, size: int, rows: int) -> list[str]:
    """Wrapped text, one <text> per line, starting with its baseline at y."""
    lines, font = wrap_or_cut(content, width, size, rows)
    return [text(x, y + k * (font + 3), line, size=font) for k, line in enumerate(lines)]


def _day(day: Mapping, view: Mapping) -> list[str]:
    x = MARGIN + day["column"] * CELL_W
    y = GRID_TOP + day["row"] * CELL_H
    mover = view["to_act"]
    here = mover is not None and view["players"][mover]["position"] == day["day"]
    stroke = (
        f'stroke="{ACCENT}" stroke-width="4"' if here else f'stroke="{GRID}" stroke-width="1.5"'
    )
    label, font = wrap_or_cut(day["label"], CELL_W - 48, SIZE["label"], 1)
    parts = [
        f'<g class="kit-day" data-day="{day["day"]}" data-kind="{day["kind"]}">',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(CELL_W)}" height="{CELL_H}" '
        f'fill="{PAPER}" {stroke}/>',
        f'<rect x="{num(x + 1)}" y="{num(y + 1)}" width="{num(CELL_W - 2)}" height="{BAND}" '
        f'fill="{day["colour"]}"/>',
        text(
            x + 7, y + 25, str(day["day"]), size=SIZE["text"], font_weight="bold", fill=day["ink"]
        ),
        text(x + 44, y + 23, label[0], size=font, fill=day["ink"]),
        *_lines(day["instruction"], x + 7, y + BAND + 18, CELL_W - 14, SIZE["instruction"], 3),
        *_tokens(view["players"], day["tokens"], x, y),
        "</g>",
    ]
    return parts


def _start_and_table(view: Mapping) -> list[str]:
    """Row 5 after day 31: the Salida square, then the die, the kitty and the lottery pot."""
    labels = view["labels"]
    x = MARGIN + 3 * CELL_W
    y = GRID_TOP + 4 * CELL_H
    parts = [
        '<g class="kit-day" data-day="0" data-kind="start">',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(CELL_W)}" height="{CELL_H}" '
        f'fill="{START_SQUARE}" stroke="{GRID}" stroke-width="1.5"/>',
        text(
            x + CELL_W / 2,
            y + 30,
            labels["start"],
            size=SIZE["heading"],
            anchor="middle",
            font_weight="bold",
        ),
        *_tokens(view["players"], view["start_tokens"], x, y),
        "</g>",
    ]
    bx = x + CELL_W + 12
    parts.append(text(bx, y + 26, labels["die"], size=SIZE["line"], font_weight="bold"))
    if view["die"] is not None:
        parts.append(f'<g class="kit-die" data-face="{view["die"]}">')
        parts.append(die_face(view["die"], bx, y + 36, 76))
        parts.append("</g>")
    else:
        parts += _lines(labels["no_die"], bx, y + 56, 90, SIZE["detail"], 3)
    kx = bx + 120
    parts.append(text(kx, y + 26, labels["kitty"], size=SIZE["line"], font_weight="bold"))
    parts.append(
        text(
            kx,
            y + 62,
            f"{view['kitty_text']} €",
            size=SIZE["title"],
            font_weight="bold",
            **{"class": "kit-kitty"},
        )
    )
    if view["pot"]:
        parts.append(
            text(kx, y + 92, f"{labels['lottery_pot']}: {view['pot_text']} €", size=SIZE["note"])
        )
    return parts


def _book(player: Mapping, view: Mapping, x: float, y: float, width: float) -> list[str]:
    """One player's book: where he is, cash, savings book, loans, mail, acquisitions."""
    labels = view["labels"]
    p = player["index"]
    acting = view["to_act"] == p
    stroke = (
        f'stroke="{ACCENT}" stroke-width="4"' if acting else f'stroke="{GRID}" stroke-width="1.5"'
    )
    name = player["name"] + (f" ({labels['bot']})" if player["bot"] else "")
    where = labels["finished"] if player["finished"] else player["where"]
    acquisitions = ", ".join(a["name"] for a in player["acquisitions"]) or labels["none"]
    extras = []
    if player["necessity"]:
        extras.append(f"{labels['necessity']}: {player['necessity']}")
    if player["insured"]:
        extras.append(f"{labels['insured']}: {len(player['insured'])}")
    rows = [
        (labels["cash"], f"{player['cash_text']} €", "kit-cash"),
        (labels["savings"], f"{player['savings_text']} €", "kit-savings"),
        (labels["loans"], player["loans_text"], "kit-loans"),
        (labels["mail_waiting"], str(player["mail_waiting"]), "kit-mail"),
        (labels["fortune"], f"{player['fortune_text']} €", "kit-fortune"),
    ]
    room = width - 60 - text_width(where, 0.62) * SIZE["note"] - 10  # the name stops before "where"
    name_lines, name_size = wrap(
        name, room, SIZE["heading"], 1, min_size=SIZE["tag"], em=0.7
    ) or wrap_or_cut(name, room, SIZE["tag"], 1)
    parts = [
        f'<g class="kit-book" data-player="{p}">',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{BOOK_H}" rx="10" '
        f'fill="{PAPER}" {stroke}/>',
        _token(player, x + 24, y + 26, 14, BOOK_MARKS),
        text(x + 46, y + 33, name_lines[0], size=name_size, font_weight="bold"),
        text(x + width - 12, y + 33, where, size=SIZE["note"], anchor="end"),
    ]
    for k, (label, value, css) in enumerate(rows):
        ry = y + 66 + k * 28
        parts.append(text(x + 14, ry, label, size=SIZE["line"]))
        parts.append(
            text(
                x + width - 14,
                ry,
                value,
                size=SIZE["line"],
                anchor="end",
                font_weight="bold",
                **{"class": css},
                data_player=str(p),
            )
        )
    parts.append(text(x + 14, y + 206, f"{labels['acquisitions']}:", size=SIZE["note"]))
    parts += _lines(acquisitions, x + 14, y + 226, width - 28, SIZE["note"], 2)
    if extras:
        parts.append(text(x + 14, y + BOOK_H - 10, " · ".join(extras), size=SIZE["detail"]))
    parts.append("</g>")
    return parts


def _books(view: Mapping, top: float) -> tuple[list[str], float]:
    players = view["players"]
    gap = 14
    width = (WIDTH - 2 * MARGIN - gap * (BOOKS_PER_ROW - 1)) / BOOKS_PER_ROW
    parts: list[str] = []
    for k, player in enumerate(players):
        row, col = divmod(k, BOOKS_PER_ROW)
        parts += _book(
            player, view, MARGIN + col * (width + gap), top + row * (BOOK_H + gap), width
        )
    rows = -(-len(players) // BOOKS_PER_ROW)
    return parts, top + rows * (BOOK_H + gap)


def _paydays(view: Mapping, top: float) -> tuple[list[str], float]:
    """Each player's last payday, one under the other (or the line saying there is none)."""
    paydays = view["paydays"]
    if not paydays:
        note = text(MARGIN, top + 28, view["labels"]["payday_none"], size=SIZE["line"])
        return ['<g class="kit-payday">', note, "</g>"], top + 44
    parts: list[str] = []
    for payday in paydays:
        block, top = _payday(payday, top)
        parts += block
    return parts, top


def _payday(payday: Mapping, top: float) -> tuple[list[str], float]:
    """One payday, line by line, with the account each line goes to."""
    parts = [f'<g class="kit-payday" data-player="{payday["player"]}">']
    parts.append(
        text(
            MARGIN,
            top + 28,
            payday["title"],
            size=SIZE["text"],
            font_weight="bold",
            data_player=str(payday["player"]),
        )
    )
    y = top + 28
    right = WIDTH - MARGIN
    for line in payday["lines"]:
        y += LINE_H
        parts.append(
            '<g class="kit-payday-line">'
            + text(
                MARGIN + 10,
                y,
                wrap_or_cut(line["label"], 760, SIZE["label"], 1)[0][0],
                size=SIZE["label"],
            )
            + text(
                right - 130,
                y,
                f"{line['amount_text']} €",
                size=SIZE["label"],
                anchor="end",
                font_weight="bold",
            )
            + text(right, y, line["account_text"], size=SIZE["note"], anchor="end", fill=MUTED)
            + "</g>"
        )
    y += 8
    parts.append(
        f'<line x1="{MARGIN}" y1="{num(y)}" x2="{right}" y2="{num(y)}" '
        f'stroke="{INK}" stroke-width="1"/>'
    )
    for content in (payday["total_text"], payday["book_text"], payday["loans_text"]):
        y += LINE_H
        parts.append(text(MARGIN + 10, y, content, size=SIZE["label"], font_weight="bold"))
    parts.append("</g>")
    return parts, y + 16


def _month(view: Mapping) -> tuple[list[str], float]:
    """The title, whose turn, the weekdays, the 31 days, Salida, the die and the kitty."""
    labels = view["labels"]
    body = []
    body.append(
        text(
            MARGIN,
            42,
            f"{labels['title']} · {view['month_text']}",
            size=SIZE["title"],
            font_weight="bold",
        )
    )
    body.append(text(MARGIN, 76, view["status"], size=SIZE["text"], **{"class": "kit-status"}))
    for k, name in enumerate(view["weekdays"]):
        body.append(
            text(
                MARGIN + (k + 0.5) * CELL_W,
                GRID_TOP - 10,
                name,
                size=SIZE["label"],
                anchor="middle",
                font_weight="bold",
            )
        )
    for day in view["days"]:
        body += _day(day, view)
    body += _start_and_table(view)
    return body, GRID_TOP + 5 * CELL_H


def _picture(view: Mapping, label: str, pieces: Sequence[str]) -> str:
    """The pieces named ("month", "books", "paydays") one under the other, as one SVG."""
    body = [f'<rect x="0" y="0" width="{WIDTH}" height="100%" fill="{PANEL}"/>']
    bottom = 0.0
    for piece in pieces:
        if piece == "month":
            parts, bottom = _month(view)
        elif piece == "books":
            parts, bottom = _books(view, bottom + (20 if bottom else 10))
        else:
            parts, bottom = _paydays(view, bottom)
        body += parts
    return svg(WIDTH, int(bottom) + 10, label, body)


def calendar_svg(view: Mapping) -> str:
    """The calendar board, the players' books and their last paydays as one SVG (deterministic):
    the picture a saved notebook shows."""
    return _picture(view, view["labels"]["aria"], ("month", "books", "paydays"))


def month_svg(view: Mapping) -> str:
    """The calendar alone (the live board shows it beside the buttons, on one screen)."""
    return _picture(view, view["labels"]["aria"], ("month",))


def books_svg(view: Mapping) -> str:
    """The players' books alone (a panel of the live board)."""
    return _picture(view, view["labels"]["books"], ("books",))


def paydays_svg(view: Mapping) -> str:
    """Each player's last payday, line by line (a panel of the live board)."""
    return _picture(view, view["labels"]["paydays"], ("paydays",))
