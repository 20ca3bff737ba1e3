"""Palabra's hand and table as SVG, drawn from `hand_view` (kit/widgets/hand_view.py) alone: the
live PalabraTable inserts this very text, so a saved notebook shows what the class saw.

A card shows its letter, its value, its stars, and its colours twice: as colour bands and as
shapes in them (circle red, triangle blue, diamond green, square yellow), so it reads without
colour vision. Two-colour cards have two bands; wild and vowel cards four, with "?" or the
vowels; a joker is black. A selected card is raised, outlined and numbered in the order clicked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from kit.render.common import num, svg, text
from kit.theme import ACCENT, INK, MUTED, PAPER, SELECTED_PAPER, SELECTION, ink_on
from kit.theme import SVG_SIZES as SIZE

WIDTH = 1000
MARGIN = 20
HAND_CARD = (112.0, 160.0)
TABLE_CARD = (52.0, 74.0)
GAP = 14
RAISE = 22  # a selected card stands this much higher
# The text on a card, by the card's height: a card in the hand (HAND_CARD) and a small one on
# the table (TABLE_CARD); a card of another height takes those of the nearer one.
CARD_TEXT = {
    HAND_CARD[1]: {
        "letter": SIZE["card"],  # the letter, or the ? of a wild card, the ☺ of a joker
        "value": SIZE["row"],
        "stars": SIZE["line"],
        "vowels": SIZE["lead"],  # AEIOUY on a vowel card
        "name": SIZE["line"],  # «comodín», «joker», «vocal»
    },
    TABLE_CARD[1]: {
        "letter": SIZE["lead"],
        "value": SIZE["tag"],
        "stars": SIZE["fine"],
        "vowels": SIZE["tag"],
        "name": SIZE["fine"],
    },
}
# The selection's outline is theme.SELECTION (orange); the best play's cards, a dashed edge and
# a numbered badge, theme.ACCENT (blue).


def _shape(kind: str, cx: float, cy: float, r: float) -> str:
    """A colour's shape in white with a dark edge: it reads on its colour band and in grey."""
    style = f'fill="{PAPER}" stroke="{INK}" stroke-width="1.5"'
    if kind == "square":
        s = r * 0.85
        return (
            f'<rect class="kit-shape-square" x="{num(cx - s)}" y="{num(cy - s)}" '
            f'width="{num(2 * s)}" height="{num(2 * s)}" {style}/>'
        )
    corners = {
        "triangle": ((0, -1.1), (1.05, 0.8), (-1.05, 0.8)),
        "diamond": ((0, -1.15), (1.0, 0), (0, 1.15), (-1.0, 0)),
    }.get(kind)
    if corners is None:
        return (
            f'<circle class="kit-shape-circle" cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" {style}/>'
        )
    points = " ".join(f"{num(cx + dx * r)},{num(cy + dy * r)}" for dx, dy in corners)
    return f'<polygon class="kit-shape-{kind}" points="{points}" {style}/>'


def _bands(card: Mapping[str, Any], x: float, y: float, w: float, band: float) -> list[str]:
    """One band per colour of the card, each with its shape."""
    fills, shapes = card["fills"], card["shapes"]
    if not fills:
        return []
    seg = (w - 4) / len(fills)
    parts = []
    for i, (fill, kind) in enumerate(zip(fills, shapes, strict=True)):
        sx = x + 2 + i * seg
        parts.append(
            f'<rect x="{num(sx)}" y="{num(y + 2)}" width="{num(seg)}" height="{num(band)}" '
            f'fill="{fill}"/>'
        )
        parts.append(_shape(kind, sx + seg / 2, y + 2 + band / 2, min(seg, band) * 0.3))
    return parts


def card_svg(card: Mapping[str, Any], x: float, y: float, w: float, h: float) -> str:
    """One card, top-left corner at (x, y); `card` is a `card_view` entry."""
    selected = card.get("selected")
    joker = card["kind"] == "joker"
    classes = "kit-card" + (" kit-selected" if selected else "") + f" kit-{card['kind']}"
    attrs = f'class="{classes}" data-card="{card["id"]}"'
    if selected:
        attrs += f' data-order="{card["order"]}"'
    paper = INK if joker else SELECTED_PAPER if selected else PAPER
    edge, width = (SELECTION, 6) if selected else (INK, 2)
    ink = ink_on(paper)
    parts = [
        f"<g {attrs}><title>{escape(card['text'])}</title>",
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(w * 0.1)}" '
        f'fill="{paper}" stroke="{edge}" stroke-width="{width}"/>',
    ]
    band = h * 0.2
    parts += _bands(card, x, y, w, band)
    sizes = CARD_TEXT[min(CARD_TEXT, key=lambda tall: abs(tall - h))]
    mid = x + w / 2
    if card["kind"] == "letter":
        parts.append(text(mid, y + h * 0.68, card["face"], size=sizes["letter"], anchor="middle",
                          font_weight="bold"))  # fmt: skip
        parts.append(text(x + w - w * 0.1, y + h - h * 0.07, str(card["value"]),
                          size=sizes["value"], anchor="end", font_weight="bold"))  # fmt: skip
        if card["stars"]:
            stars = text(x + w * 0.08, y + h - h * 0.07, "★" * card["stars"], size=sizes["stars"])
            parts.append(_classed(stars, "kit-stars"))
    else:
        face = {"wild": "?", "joker": "☺", "vowel": "AEIOUY"}[card["kind"]]
        size = sizes["vowels" if card["kind"] == "vowel" else "letter"]
        parts.append(text(mid, y + h * (0.6 if card["kind"] == "vowel" else 0.66), face,
                          size=size, anchor="middle", font_weight="bold", fill=ink))  # fmt: skip
        parts.append(text(mid, y + h - h * 0.07, card["name"], size=sizes["name"],
                          anchor="middle", fill=ink))  # fmt: skip
    if card.get("shaved"):
        parts.append(
            f'<line class="kit-shaved" x1="{num(x + 4)}" y1="{num(y + h - 4)}" '
            f'x2="{num(x + w - 4)}" y2="{num(y + 4)}" stroke="{MUTED}" stroke-width="4"/>'
        )
    if card.get("best"):
        parts += _best_mark(card["best"], x, y, w, h)
    if selected:
        parts.append(f'<circle cx="{num(x + w - 4)}" cy="{num(y - 2)}" r="16" fill="{INK}"/>')
        parts.append(text(x + w - 4, y + 6, str(card["order"]), size=SIZE["text"], anchor="middle",
                          font_weight="bold", fill=ink_on(INK)))  # fmt: skip
    parts.append("</g>")
    return "".join(parts)


def _best_mark(place: int, x: float, y: float, w: float, h: float) -> list[str]:
    """A card of the best play: a dashed blue edge around it (not colour alone: the dashes)
    and a blue badge with its place in that play, at the top left."""
    return [
        f'<rect class="kit-best-mark" x="{num(x - 6)}" y="{num(y - 6)}" width="{num(w + 12)}" '
        f'height="{num(h + 12)}" rx="{num(w * 0.12)}" fill="none" stroke="{ACCENT}" '
        f'stroke-width="4" stroke-dasharray="10 6"/>',
        f'<circle cx="{num(x + 4)}" cy="{num(y - 2)}" r="15" fill="{ACCENT}"/>',
        _classed(
            text(
                x + 4,
                y + 5,
                str(place),
                size=SIZE["heading"],
                anchor="middle",
                font_weight="bold",
                fill=ink_on(ACCENT),
            ),
            "kit-best-place",
        ),
    ]


def _wrapped(words: str, width: int) -> list[str]:
    """`words` cut into lines of at most `width` characters (at spaces)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _classed(svg_text: str, cls: str) -> str:
    """A `text(...)` element with a class (for tests and the page's style)."""
    return svg_text.replace("<text ", f'<text class="{cls}" ', 1)


def cards_row(cards: Sequence[Mapping[str, Any]], x: float, y: float, size: tuple[float, float],
              gap: float = GAP) -> list[str]:  # fmt: skip
    """Cards side by side from (x, y); selected ones stand higher."""
    w, h = size
    return [
        card_svg(c, x + i * (w + gap), y - (RAISE if c.get("selected") else 0), w, h)
        for i, c in enumerate(cards)
    ]


def _players(view: Mapping[str, Any], y: float) -> list[str]:
    players = view["players"]
    width = (WIDTH - 2 * MARGIN) / max(1, len(players))
    parts = []
    for p in players:
        x = MARGIN + p["seat"] * width
        turn = p["to_act"]
        paper = SELECTED_PAPER if turn else PAPER
        parts.append(
            f'<g class="kit-player" data-seat="{p["seat"]}"><rect x="{num(x + 3)}" y="{num(y)}" '
            f'width="{num(width - 6)}" height="56" rx="8" fill="{paper}" '
            f'stroke="{SELECTION if turn else INK}" stroke-width="{4 if turn else 1.5}"/>'
        )
        name = (
            ("▶ " if turn else "") + p["name"] + (f" ({view['labels']['bot']})" if p["bot"] else "")
        )
        parts.append(
            text(x + 14, y + 23, name, size=SIZE["line"], font_weight="bold" if turn else "normal")
        )
        score = text(x + 14, y + 49, str(p["score"]), size=SIZE["row"], font_weight="bold",
                     data_seat=str(p["seat"]))  # fmt: skip
        parts.append(_classed(score, "kit-score"))
        parts.append("</g>")
    return parts


def _table(view: Mapping[str, Any], y: float) -> tuple[list[str], float]:
    parts = [
        text(MARGIN, y + 20, view["labels"]["table"], size=SIZE["heading"], font_weight="bold")
    ]
    y += 34
    if not view["table"]:
        parts.append(text(MARGIN, y + 18, view["labels"]["empty_table"], size=SIZE["line"]))
        return parts, y + 34
    for play in view["table"]:
        parts.append(f'<g class="kit-play" data-seat="{play["seat"]}">')
        parts.append(text(MARGIN, y + 18, play["text"], size=SIZE["line"]))
        parts += cards_row(play["cards"], MARGIN, y + 28, TABLE_CARD, gap=6)
        if play["prior"]:
            parts += _prior_note(view["labels"], MARGIN + len(play["cards"]) * 58 + 14, y + 28)
        parts.append("</g>")
        y += 28 + TABLE_CARD[1] + 14
    return parts, y


def _prior_note(labels: Mapping[str, str], x: float, y: float) -> list[str]:
    """Beside the prior play's cards: that it can be shaved, and how, in a few short lines."""
    width = max(20, int((WIDTH - MARGIN - x) / 9))  # characters of 16 px text that fit
    out = [
        _classed(
            text(x, y + 18, labels["prior"], size=SIZE["label"], font_weight="bold"), "kit-prior"
        )
    ]
    for i, line in enumerate(_wrapped(labels["prior_how"], width)[:3]):
        out.append(_classed(text(x, y + 40 + 19 * i, line, size=SIZE["note"]), "kit-prior-how"))
    return out


def _steps(title: str, steps: Sequence[Mapping[str, Any]], y: float) -> tuple[list[str], float]:
    parts = [text(MARGIN, y + 22, title, size=SIZE["heading"], font_weight="bold")]
    y += 30
    for step in steps:
        line = text(
            MARGIN + 16, y + 22, step["text"], size=SIZE["text"], data_factor=step["factor"]
        )
        parts.append(_classed(line, "kit-step"))
        y += 30
    return parts, y + 6


def hand_svg(view: Mapping[str, Any], live: bool = False) -> str:
    """The whole table: status, scores, the plays on the table, the hand, the score of the
    selected play factor by factor, the best play if asked, the last lines of the log.
    `live`: only the status, the scores, the table and the hand, the part the live widget
    draws (it shows the score, the best play and the log as text beside it, so the whole
    fits one screen)."""
    labels = view["labels"]
    body = [f'<rect width="{WIDTH}" height="100%" fill="{PAPER}"/>']
    status = text(
        MARGIN, 38, view["status"], size=SIZE["status"], font_weight="bold"
    )  # read from the back
    body.append(_classed(status, "kit-status"))
    body.append(text(WIDTH - MARGIN, 36, view["deck_text"], size=SIZE["line"], anchor="end"))
    body += _players(view, 50)
    table, y = _table(view, 122)
    body += table
    body.append(text(MARGIN, y + 24, view["hand_title"], size=SIZE["heading"], font_weight="bold"))
    y += 52 + RAISE
    body += ['<g class="kit-hand">', *cards_row(view["hand"], MARGIN, y, HAND_CARD), "</g>"]
    y += HAND_CARD[1] + 16
    if live:
        return svg(WIDTH, round(y), labels["title"], body)
    sel = view["selection"]
    if sel["cards"]:
        title = f"{labels['selection']}: {sel['word']}"
        steps, y = _steps(title, [*sel["steps"], {"factor": "total", "text": sel["total_text"]}], y)
        body += steps
    else:
        body.append(text(MARGIN, y + 22, labels["pick_cards"], size=SIZE["heading"]))
        y += 36
    best = view.get("best")
    if best:
        body.append('<g class="kit-best">')
        steps, y = _steps(best["title"], best["steps"], y)
        body += steps
        body.append("</g>")
    if view["log"]:
        body.append(text(MARGIN, y + 20, labels["log"], size=SIZE["line"], font_weight="bold"))
        y += 26
        for line in view["log"]:
            body.append(_classed(text(MARGIN, y + 18, line, size=SIZE["note"]), "kit-log"))
            y += 24
    height = round(y + 16)
    return svg(WIDTH, height, labels["title"], body)


def cards_svg(cards: Sequence[Mapping[str, Any]], label: str = "") -> str:
    """A few cards in a row (`card_view` entries), e.g. a word for the lesson on multipliers."""
    w, h = HAND_CARD
    width = round(2 * MARGIN + len(cards) * (w + GAP) - GAP)
    body = cards_row(cards, MARGIN, MARGIN + RAISE, HAND_CARD)
    return svg(
        width, round(h + 2 * MARGIN + RAISE), label or "".join(c["face"] for c in cards), body
    )
