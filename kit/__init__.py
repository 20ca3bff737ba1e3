"""A Jupyter teaching kit built on five Spanish table games.

`import kit` stays light (standard library only, plus ipywidgets and anywidget when a widget is
used): numpy, pandas, matplotlib and sympy load lazily inside the functions that need them, so
thirty classroom kernels start fast and the games run in an offline JupyterLite site.
"""

from kit.games import load
from kit.messages import set_language
from kit.plain_calls import plain
from kit.prob import Dist, Turn, dice_sum, die, is_double, turn_rolls, two_dice

# What the notebooks show a student (``kit.dice_sum(sides=8)``): each slip one sentence
# (kit/plain_calls.py, issue 24); the kit's own code calls kit.prob's, unchecked.
die, two_dice, dice_sum, turn_rolls, is_double = (
    plain(f, f"kit.{f.__name__}") for f in (die, two_dice, dice_sum, turn_rolls, is_double)
)

__all__ = [
    "Dist",
    "Turn",
    "dice_sum",
    "die",
    "is_double",
    "load",
    "set_language",
    "turn_rolls",
    "two_dice",
]
__version__ = "0.1.0"
