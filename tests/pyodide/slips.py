# In Pyodide, with the IPython that JupyterLite's kernel uses: a shell whose errors are kept as
# the Pyodide kernel keeps them (its Interpreter overrides _showtraceback the same way), then
# the slips of issue 10, `^` between numbers (issue 24: refused before the cell runs), the
# recorded raw cell, and a few checks. The result is one JSON text.
import contextlib
import io
import json
import sys
import time

from IPython.core.interactiveshell import InteractiveShell


class LiteShell(InteractiveShell):
    """Like the Pyodide kernel's Interpreter: the error's traceback is stored, not printed."""

    last = None

    def _showtraceback(self, etype, evalue, stb):
        self.last = {"ename": etype.__name__, "traceback": stb}


shell = LiteShell.instance()
shell.run_cell("import kit\nfrom kit.exercises import check")
cells = {
    "comma": "respuesta_3 = 0,0278",
    "name": "respuesta_6 = Carcel",
    "percent": "r = 50%",
    "times": "r = 2x + 1",
    "spaces": "respuesta = 24 000",
    "power_raises": "respuesta_3 = 1000*1.1^3",
    "power_xor": "respuesta_4 = 5^4",
    "sets": "A = {1, 2}\nB = {2, 3}\nC = A ^ B",
}
errors = {}
for key, source in cells.items():
    shell.last = None
    result = shell.run_cell(source)
    errors[key] = {
        "failed": not result.success,
        "traceback": (shell.last or {}).get("traceback"),
    }
out = io.StringIO()
with contextlib.redirect_stdout(out):
    start = time.perf_counter()
    shell.run_cell('check("tablero-1", 3/36)')
    seconds = time.perf_counter() - start
    shell.run_cell('check("dados-2", (0, 1667))')
shell.run_cell("from kit.exercises import typed_cells")
shell.run_cell("respuesta = 800*1,1\ntyped = typed_cells.current_cell()")
json.dumps(
    {
        "python": sys.version.split()[0],
        "errors": errors,
        "xor_ran": "respuesta_4" in shell.user_ns,
        "sets": sorted(shell.user_ns.get("C", ())),
        "typed": shell.user_ns.get("typed"),
        "checks": out.getvalue(),
        "check_seconds": seconds,
    }
)
