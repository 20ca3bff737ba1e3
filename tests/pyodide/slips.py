# In Pyodide, with the IPython that JupyterLite's kernel uses: a shell whose errors are kept as
# the Pyodide kernel keeps them (its Interpreter overrides _showtraceback the same way), then
# the slips of issue 10 and a few checks. The result is one JSON text.
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
json.dumps(
    {
        "python": sys.version.split()[0],
        "errors": errors,
        "checks": out.getvalue(),
        "check_seconds": seconds,
    }
)
