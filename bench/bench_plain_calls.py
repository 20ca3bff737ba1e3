"""What the plain-call wrappers (kit/plain_calls.py) cost a call that succeeds.

Prints, per call, the median microseconds of the wrapped call a student types and of the bare
function underneath (``inspect.unwrap``), and what the wrapper adds. The engines never see the
wrappers; the lessons' own inner calls pass through them with one integer test.

    python bench/bench_plain_calls.py [--runs 21] [--loops 2000]
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import time
from fractions import Fraction

import kit
from kit.lessons import interes, paga, tablero
from kit.lessons import palabra as pl
from kit.table import Table


def median_us(f, args: tuple, runs: int, loops: int) -> float:
    f(*args)  # warm: the signature is read on the first call
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(loops):
            f(*args)
        times.append((time.perf_counter() - start) / loops)
    return 1e6 * statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--loops", type=int, default=2000)
    ns = ap.parse_args()
    tabla = Table([{"mes": m, "intereses": m * 10} for m in range(12)])
    sumas = kit.dice_sum()
    cases = [
        ("interes.euros(1234.5)", interes.euros, (1234.5,)),
        ("paga.apuesta(100)", paga.apuesta, (100,)),
        ("tablero.nombre(21)", tablero.nombre, (21, "el_pale")),
        ("tablero.tiradas_para_pagar_la_casa", tablero.tiradas_para_pagar_la_casa,
         ("el_pale", 18, 2)),
        ("pl.cartas('C★★ amarillo')", pl.cartas, ("C★★ amarillo",)),
        ("kit.die()", kit.die, ()),
        ("tabla.columna('mes')", Table.columna, (tabla, "mes")),
        ("reparto.media()", type(sumas).media, (sumas,)),
        ("interes.valor_final", interes.valor_final, (1000, Fraction(1, 10), 12)),
    ]  # fmt: skip
    print(f"{'call':40} {'wrapped µs':>11} {'bare µs':>9} {'added µs':>9}")
    for name, f, args in cases:
        wrapped = median_us(f, args, ns.runs, ns.loops)
        bare = median_us(inspect.unwrap(f), args, ns.runs, ns.loops)
        print(f"{name:40} {wrapped:11.2f} {bare:9.2f} {wrapped - bare:9.2f}")


if __name__ == "__main__":
    main()
