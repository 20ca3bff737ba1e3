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

# -- roles: what a colour means, the same in every drawing -----------------------------------

ACCENT = BLUE  # buttons, the highlighted day or square, the best play
OBSERVED = BLUE  # what was rolled or simulated
EXACT = VERMILLION  # what the exact mathematics says
RIGHT = BLUISH_GREEN  # a right answer in a gradebook
WRONG = VERMILLION  # a wrong one
SELECTION = ORANGE  # the cards picked, in order
HOUSE = BLUISH_GREEN  # a house, with a dark outline and a number as second cues
HOTEL = VERMILLION  # a hotel (castle), with its letter in white

# Players: colour, shape and number together, so no one needs to tell colours apart.
PLAYER_COLOURS = (BLUE, VERMILLION, BLUISH_GREEN, REDDISH_PURPLE, ORANGE, SKY_BLUE)
SERIES = (BLUE, VERMILLION, BLUISH_GREEN, ORANGE, SKY_BLUE, REDDISH_PURPLE)  # a chart's lines
CARD_COLOURS = {"red": VERMILLION, "blue": BLUE, "green": BLUISH_GREEN, "yellow": YELLOW}

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
        "right": RIGHT,
        "wrong": WRONG,
        "font": FONT,
        **{f"text-{name}": f"{size}px" for name, size in TEXT_SIZES.items()},
        "radius": f"{RADIUS}px",
    }
    lines = "".join(f"  --kit-{name}: {value};\n" for name, value in values.items())
    return f"/* kit.theme: the kit's colours, font and sizes */\n:root {{\n{lines}}}\n"


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
