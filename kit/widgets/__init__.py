"""Live boards and panels for the classroom: anywidget views over the exact engine.

Importing this package loads ipywidgets and anywidget, so `import kit` does not import it.
"""

from kit.widgets.dice import DiceLab

__all__ = ["DiceLab"]
