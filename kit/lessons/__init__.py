"""What the lessons show, kept out of their cells: one module per lesson (its tables, charts and
small helpers), so a cell a student reads holds one idea in a few short lines. Light core only:
the standard library and the kit (the lessons also run in JupyterLite)."""
