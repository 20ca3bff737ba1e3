"""Deterministic SVG of everything the kit draws: the static view of a saved notebook.

GitHub and nbviewer show `image/svg+xml` where no kernel runs, and nbval compares it byte for
byte, so each picture depends only on the data passed in. One module per picture; what they
share (numbers in the class language, text, shapes) is in `kit.render.common`.
"""

from kit.render.board import board_svg
from kit.render.charts import Chart, bar_chart, line_chart
from kit.render.common import format_count, format_decimal, format_euros, format_percent
from kit.render.dice import dice_lab_svg, die_face_svg
from kit.theme import OBSERVED

__all__ = [
    "OBSERVED",
    "Chart",
    "bar_chart",
    "board_svg",
    "dice_lab_svg",
    "die_face_svg",
    "format_count",
    "format_decimal",
    "format_euros",
    "format_percent",
    "line_chart",
]
