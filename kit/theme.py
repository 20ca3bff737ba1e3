"""The kit's one look: its colours, its font and its text sizes, for the drawings and the pages.

Every SVG the kit draws (kit.render) and every widget's page style (kit/widgets/static/*.css)
take their colours, font and sizes from here, so a class sees one look and changing it is one
edit. The drawings use the names below; the style sheets use CSS variables (`var(--kit-accent)`)
that `css()` writes from the same names and that every widget's style sheet is given first.

Colour-blind safe: the colours are Okabe and Ito's eight (https://jfly.uni-koeln.de/color/),
plus inks and greys; no colour is ever the only cue (groups carry letters, players a number and
a shape). Readable from the back of a classroom: text is dark ink on white paper whatever the
notebook's theme, and no text of a page is smaller than `TEXT_SIZES["small"]` pixels.
Standard library only.
"""

from __future__ import annotations

# -- Okabe and Ito's colour-blind-safe palette -----------------------------------------------

ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
OKABE_ITO = (ORANGE, SKY_BLUE, BLUISH_GREEN, YELLOW, BLUE, VERMILLION, REDDISH_PURPLE)

# -- inks and papers: dark on light, whatever the notebook's own theme -------------------------

INK = "#111111"  # text and outlines
SOFT_INK = "#333333"  # secondary text (a waiting line, a «¿por qué?» detail)
MUTED = "#555555"  # notes beside a figure
PAPER = "#FFFFFF"
PANEL = "#FAFAFA"  # the ground of a side panel
SHADE = "#EEEEEE"  # a band behind a line of text
GRID = "#BBBBBB"  # grid lines and quiet borders
FRAME = "#CCCCCC"  # the frame round a widget
REFUSED = "#A63C00"  # a refusal's text and edge: a dark vermillion, 6:1 on white
NOTE = "#FFF3C4"  # the paper of a warning, or of whose turn it is

# -- the pages' own colours (kit/widgets/static/*.css) ---------------------------------------

EDGE = "#888888"  # an input's edge, and the dashed edge of a greyed-out or refused button
FOCUS = ORANGE  # the ring round the button or box the keyboard is on
HOVER = "#E3EEF7"  # a button under the pointer: the accent, faint
LINK = "#0B4F7C"  # a «¿por qué?» to click: a dark accent, 8:1 on white
TOLD_PAPER = "#F0F6FB"  # the paper of the line that tells the last move: the accent, fainter
REFUSED_PAPER = "#FCEFE6"  # the paper of a refusal: vermillion, faint

# -- roles: what a colour means, the same in every drawing -----------------------------------

ACCENT = BLUE  # buttons, the highlighted day or square, the best play
OBSERVED = BLUE  # what was rolled or simulated
EXACT = VERMILLION  # what the exact mathematics says
RIGHT = BLUISH_GREEN  # a right answer in a gradebook
WRONG = VERMILLION  # a wrong one
SELECTION = ORANGE  # the cards picked, in order
HOUSE = BLUISH_GREEN  # a house, with a dark outline and a number as second cues
HOTEL = VERMILLION  # a hotel (castle), with its letter in the ink that reads on it (ink_on)

# Players: colour, shape and number together, so no one needs to tell colours apart.
PLAYER_COLOURS = (BLUE, VERMILLION, BLUISH_GREEN, REDDISH_PURPLE, ORANGE, SKY_BLUE)
SERIES = (BLUE, VERMILLION, BLUISH_GREEN, ORANGE, SKY_BLUE, REDDISH_PURPLE)  # a chart's lines
CARD_COLOURS = {"red": VERMILLION, "blue": BLUE, "green": BLUISH_GREEN, "yellow": YELLOW}

# -- the drawings' own colours (kit.render, the view models) ---------------------------------

DARK_GREY = "#444444"  # the stations' band, a colour chip's edge, a printed table's rules
MID_GREY = "#777777"  # the stripes over a mortgaged square, a worksheet's answer box

# The property board. The lot groups in board order, close to the printed boards (brown, light
# blue, pink, orange, red, yellow, green, dark blue): Okabe and Ito's plus a brown; every band
# carries its group's letter too.
BROWN = "#8C510A"
GROUP_COLOURS = (BROWN, SKY_BLUE, REDDISH_PURPLE, ORANGE, VERMILLION, YELLOW, BLUISH_GREEN, BLUE)
STATION = DARK_GREY  # the stations' band, with its ≡
UTILITY = "#999999"  # the utilities' band, with its ϟ: a light grey
BOARD_CENTRE = "#F7F7F2"  # the middle of the board, a warm off-white
# The heat map: viridis, a sequential scale the colour-blind read and that holds in grey; low
# values light yellow, high ones dark purple.
HEAT_STOPS = ("#FDE725", "#7AD151", "#22A884", "#2A788E", "#414487", "#440154")

# Día de Paga: the band of each kind of day (its kind is written on it too, in ink_on's ink).
BIRTHDAY = "#F5C6A5"  # a light peach
ELECTION = "#7F7F7F"  # a mid grey
QUIET_DAY = "#E8E8E8"  # the Sundays: a light grey
DAY_COLOURS = {
    "mail": SKY_BLUE,
    "acquisition": ORANGE,
    "sell": BLUISH_GREEN,
    "lottery": REDDISH_PURPLE,
    "event": YELLOW,
    "birthday": BIRTHDAY,
    "election": ELECTION,
    "time_change": GRID,
    "quiet": QUIET_DAY,
    "pay": VERMILLION,
    "receive": BLUISH_GREEN,
    "payday": BLUE,
}
START_SQUARE = "#F4F4F4"  # the Salida square, a light grey beside the white days

# Palabra: the paper of a selected card, and of the player whose turn it is (a light cream).
SELECTED_PAPER = "#FFF4D6"

# The gradebook's note on a notebook it could not read fully: a dark orange-brown, 7,8:1 on white.
PROBLEM = "#8A3B00"
# The printed worksheets (kit.worksheets): a serif to read on paper (headings in FONT), and a
# monospace for code.
PRINT_FONT = '"DejaVu Serif", "Liberation Serif", Georgia, serif'
CODE_FONT = '"DejaVu Sans Mono", monospace'

# -- the font and the sizes --------------------------------------------------------------------

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"  # DejaVu ships with Debian; Verdana elsewhere
# The text sizes of the pages, in CSS pixels at 100 % zoom: 16 px is the smallest a class reads
# on a 1280-pixel-wide projector from the back of the room.
TEXT_SIZES = {"small": 16, "text": 18, "large": 20, "title": 22, "big": 24}
RADIUS = 8  # the rounded corners of buttons and boxes, in pixels


def css() -> str:
    """The kit's look as CSS variables on the page's root, given to every widget's style sheet
    first: `--kit-accent`, `--kit-ink`, …, `--kit-font`, `--kit-text-small`, …, `--kit-radius`."""
    values = {
        "accent": ACCENT,
        "observed": OBSERVED,
        "exact": EXACT,
        "selection": SELECTION,
        "ink": INK,
        "soft-ink": SOFT_INK,
        "muted": MUTED,
        "paper": PAPER,
        "panel": PANEL,
        "shade": SHADE,
        "grid": GRID,
        "frame": FRAME,
        "refused": REFUSED,
        "note": NOTE,
        "edge": EDGE,
        "focus": FOCUS,
        "hover": HOVER,
        "link": LINK,
        "told-paper": TOLD_PAPER,
        "refused-paper": REFUSED_PAPER,
        "right": RIGHT,
        "wrong": WRONG,
        "font": FONT,
        **{f"text-{name}": f"{size}px" for name, size in TEXT_SIZES.items()},
        "radius": f"{RADIUS}px",
    }
    lines = "".join(f"  --kit-{name}: {value};\n" for name, value in values.items())
    return f"/* kit.theme: the kit's colours, font and sizes */\n:root {{\n{lines}}}\n"


# -- the drawings' text sizes (SVG user units) -------------------------------------------------

# kit.render writes sizes in user units of each drawing's viewBox, not in pixels: the board is
# 1200 units wide, the calendar 1120, Palabra's table 1000, the charts and the dice lab 960, and
# the page scales each to its box. Every text of a drawing is one of these sizes; text fitted to
# a box (a long name, a day's instruction, a chart's title) shrinks from its size down through
# the smaller ones, never below SVG_SMALLEST.
SVG_SIZES = {
    "fine": 10,  # the least fitted text shrinks to; a small card's stars and name; 2-letter marks
    "tag": 12,  # a mortgage's label on its square; a small card's value and vowels
    "instruction": 13,  # what a calendar day says to do (three lines)
    "detail": 14,  # the least a square's name shrinks to; the no-die note; a book's extras
    "note": 16,  # a square's price, owner, group letter; a token's initial; a log line; a pot
    "label": 17,  # a square's or a day's name, the weekdays, a payday's line
    "line": 18,  # a panel's line: a book's rows, a play on the table, the deck; a card's name
    "heading": 20,  # a panel's heading, a corner's name, a chart's ticks, a house's number
    "text": 22,  # a status, a score step, a chart's legend and axes, a day's number
    "row": 24,  # a player's row on the board, a Palabra score, a card's value, a token's initial
    "lead": 26,  # whose turn on the board, the dice lab's legend and sums; a small card's letter
    "subtitle": 28,  # the dice lab's rolls and doubles
    "title": 30,  # the calendar's and a chart's title, the kitty, a chance square's «?»
    "status": 32,  # Palabra's status line, read from the back
    "board": 34,  # the property board's title
    "headline": 36,  # the dice lab's title
    "card": 58,  # the letter (or ?, ☺) of a card in the hand
}
# The least size of a drawing's text. The calendar, 1120 units wide, is shown about 830 pixels
# wide in Voilà at 1280×720, so 10 units are about 7,4 px there: below the pages' 16 px
# (TEXT_SIZES), kept for what only fits that small (a cut name, a small card's stars); the
# drawings' running text is 13 to 22 units (about 10 to 16 px).
SVG_SMALLEST = 10

# -- contrast: which ink reads on a colour ---------------------------------------------------


def luminance(colour: str) -> float:
    """The relative luminance of #RRGGBB (WCAG 2), 0 for black to 1 for white."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21 (4,5 is enough for text)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(colour: str) -> str:
    """Dark ink or white, whichever reads better on `colour` (#RRGGBB)."""
    return INK if contrast(INK, colour) >= contrast(PAPER, colour) else PAPER
