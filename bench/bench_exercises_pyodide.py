"""What a check costs in the browser's Python: the kit's exercises in Pyodide, as in JupyterLite.

Run by node through the Pyodide tests' runner (`make bench-pyodide` does it):

    node tests/pyodide/run.mjs build/pyodide/package build/pyodide/wheels \
        bench/bench_exercises_pyodide.py

Prints medians (CPU time) of a plain sha256 (the baseline), one stretched fingerprint and one
whole right check (`check("dados-1", 6)`), with their ratios, then a check that the guard
refuses (a whole number of 5000 bits) and the `^` check of a cell (kit.exercises.typed_cells);
only the standard library runs.
"""

import contextlib
import hashlib
import io
import statistics
import sys
import time

from kit.exercises import check
from kit.exercises.fingerprints import WORK, stretched
from kit.exercises.typed_cells import power_advice


def median_cpu(fn, runs=5):
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def right_check():
    with contextlib.redirect_stdout(io.StringIO()):
        assert check("dados-1", 6)


def refused_check():
    with contextlib.redirect_stdout(io.StringIO()):
        assert not check("dados-1", 2**5000)


def report() -> str:
    baseline = median_cpu(lambda: [hashlib.sha256(b"36/1").digest() for _ in range(1000)]) / 1000
    candidate = median_cpu(lambda: stretched("dados-1", "ab" * 16, "number:36/1"))
    right = median_cpu(right_check)
    refused = median_cpu(refused_check)
    cell = "respuesta_3 = 1000*1.1^3\ncheck('interes-3', respuesta_3)"
    advice = median_cpu(lambda: [power_advice(cell) for _ in range(100)]) / 100
    return "\n".join(
        [
            f"Pyodide {sys.version.split()[0]}; work factor {WORK:,}; medians of 5 runs (CPU)",
            f"  plain sha256 (baseline)   {baseline * 1e6:10.2f} µs   1×",
            f"  one stretched candidate   {candidate * 1e3:10.1f} ms"
            f"   {candidate / baseline:,.0f}×",
            f"  one right check           {right * 1e3:10.1f} ms   {right / baseline:,.0f}×",
            f"  a refused check (2**5000) {refused * 1e3:10.2f} ms",
            f"  the `^` check of a cell   {advice * 1e3:10.3f} ms",
            f"  pbkdf2_hmac available: {hasattr(hashlib, 'pbkdf2_hmac')}",
        ]
    )


report()
