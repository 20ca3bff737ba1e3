"""Live boards and panels for the classroom: anywidget views over the exact engine.

Importing this package loads ipywidgets and anywidget, so `import kit` does not import it.
"""

from kit.widgets.board import PropertyBoard
from kit.widgets.calendar import PaydayBoard
from kit.widgets.dice import DiceLab
from kit.widgets.hand import PalabraTable
from kit.widgets.interest import InterestExplorer
from kit.widgets.table import PropertyTable

__all__ = [
    "DiceLab",
    "InterestExplorer",
    "PalabraTable",
    "PaydayBoard",
    "PropertyBoard",
    "PropertyTable",
]
