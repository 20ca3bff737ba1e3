"""Lesson 02, «El tablero», the two «Ampliación (Bachillerato)» sections: a Markov chain on a
toy board (its matrix, its powers, its stationary distribution) and how far a simulation should
be from the exact long run (batch means). ``kit.lessons.tablero`` re-exports them, in Spanish
and in English.

Light core only: the standard library, ``kit.analysis.markov`` and ``kit.table``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from kit.analysis import markov
from kit.lessons.tablero_casillas import long_run, name, ranked
from kit.table import Table

# -- A: a Markov chain on a toy board ----------------------------------------------------------

TOY_NAMES = ("Salida", "A", "B", "Cárcel", "C", "Ve a la Cárcel")


def toy_matrix(
    sides: int = 3, size: int = 6, jail: int = 3, go_to_jail: int = 5
) -> list[list[Fraction]]:
    """The transition matrix of a ring of ``size`` squares and a die of ``sides`` faces; who
    ends on ``go_to_jail`` is moved to ``jail``. Row i: where you go from square i."""
    rows = [[Fraction(0)] * size for _ in range(size)]
    for i in range(size):
        for step in range(1, sides + 1):
            to = (i + step) % size
            rows[i][jail if to == go_to_jail else to] += Fraction(1, sides)
    return rows


def _times(row: list[Fraction], matrix: list[list[Fraction]]) -> list[Fraction]:
    return [sum(row[i] * matrix[i][j] for i in range(len(row))) for j in range(len(matrix[0]))]


def toy_powers(steps: Sequence[int] = (1, 2, 3, 5, 10, 20, 40)) -> Table:
    """The distribution after n rolls from Salida: (1, 0, …, 0) · Pⁿ, for each n."""
    matrix = toy_matrix()
    row = [Fraction(1)] + [Fraction(0)] * (len(matrix) - 1)
    rows = []
    for n in range(1, max(steps) + 1):
        row = _times(row, matrix)
        if n in steps:
            rows.append((n, *row))
    return Table(rows, ["tiradas", *TOY_NAMES], formats=dict.fromkeys(TOY_NAMES, "decimal:4"))


def toy_stationary() -> Table:
    """The toy board's stationary distribution, exact and rounded."""
    pi = stationary(toy_matrix())
    return Table(
        [(n, p, p) for n, p in zip(TOY_NAMES, pi, strict=True)],
        ["casilla", "π exacta", "π"],
        formats={"π exacta": str, "π": "decimal:4"},
    )


def stationary(matrix: list[list[Fraction]]) -> list[Fraction]:
    """π with π·P = π and sum 1, by Gaussian elimination in Fractions (exact)."""
    n = len(matrix)
    # the equations: for each j, sum_i π_i (P_ij − δ_ij) = 0; the last one is replaced by Σπ = 1
    a = [[matrix[i][j] - (1 if i == j else 0) for i in range(n)] + [Fraction(0)] for j in range(n)]
    a[-1] = [Fraction(1)] * n + [Fraction(1)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


# -- B: how far should a simulation be? --------------------------------------------------------


@cache
def _batches(key: str, rolls: int, batches: int, seed: int) -> tuple:
    """One simulated run cut into ``batches`` Counters (cached: the lesson asks twice)."""
    return tuple(markov.simulate_landings(key, rolls=rolls, seed=seed, batches=batches))


def naive_error(p: Fraction, rolls: int) -> float:
    """√(p(1 − p)/n): the typical error of a frequency IF the n rolls were independent."""
    return float(p * (1 - p) / rolls) ** 0.5


def batch_errors(
    key: str = "el_pale", rolls: int = 40_000, batches: int = 20, seed: int = 2026
) -> dict:
    """Square -> the typical error of its frequency measured by batch means: the run cut into
    ``batches`` consecutive stretches, the spread of their frequencies / √batches. It does not
    assume independent rolls (one token's rolls are not: where it ends depends on where it was)."""
    counts = _batches(key, rolls, batches, seed)
    per = rolls // batches
    out = {}
    for c in long_run(key):
        freqs = [b[c] / per for b in counts]
        mean = sum(freqs) / batches
        var = sum((f - mean) ** 2 for f in freqs) / (batches - 1)
        out[c] = (var / batches) ** 0.5
    return out


def error_table(
    key: str = "el_pale", rolls: int = 40_000, batches: int = 20, seed: int = 2026
) -> Table:
    """For the most visited squares: the gap, the independent-rolls error and the batch error."""
    freq = batch_frequencies(key, rolls, batches, seed)
    probs = long_run(key)
    errors = batch_errors(key, rolls, batches, seed)
    rows = []
    for c in ranked(probs)[:5]:
        gap = abs(float(freq[c] - probs[c]))
        rows.append((name(c, key), gap, naive_error(probs[c], rolls), errors[c]))
    formats = dict.fromkeys(["diferencia", "si fueran independientes", "por lotes"], "decimal:4")
    return Table(
        rows, ["casilla", "diferencia", "si fueran independientes", "por lotes"], formats=formats
    )


def batch_frequencies(key: str, rolls: int, batches: int, seed: int) -> dict:
    """The whole run's frequencies (the batches added up)."""
    counts = _batches(key, rolls, batches, seed)
    return {c: Fraction(sum(b[c] for b in counts), rolls) for c in long_run(key)}


def within(
    key: str = "el_pale", rolls: int = 40_000, batches: int = 20, seed: int = 2026, k: int = 2
) -> tuple[int, int]:
    """How many squares (prisoners included) have |gap| < k batch errors, of how many."""
    freq = batch_frequencies(key, rolls, batches, seed)
    probs = long_run(key)
    errors = batch_errors(key, rolls, batches, seed)
    inside = sum(1 for c in probs if abs(float(freq[c] - probs[c])) < k * errors[c])
    return inside, len(probs)


# -- the Spanish names the lesson shows --------------------------------------------------------


def matriz_del_tablero_pequeno() -> list[list[Fraction]]:
    """La matriz de transición del tablero pequeño: 6 casillas y un dado de 3 caras."""
    return toy_matrix()


def potencias_del_tablero_pequeno(tiradas: Sequence[int] = (1, 2, 3, 5, 10, 20, 40)) -> Table:
    """El reparto tras n tiradas desde Salida, (1, 0, …, 0) · Pⁿ, para cada n de ``tiradas``."""
    return toy_powers(tiradas)


def estacionaria_del_tablero_pequeno() -> Table:
    """La distribución estacionaria del tablero pequeño, exacta y redondeada."""
    return toy_stationary()


def estados(juego: str = "el_pale") -> tuple:
    """Los estados de la cadena de Markov del juego (casilla, dobles del turno, intentos en la
    Cárcel)."""
    return markov.chain(juego).states


def cifras_del_denominador(p: Fraction) -> int:
    """Cuántas cifras tiene el denominador de la fracción ``p``."""
    return len(str(Fraction(p).denominator))


def tabla_de_errores(
    juego: str = "el_pale", tiradas: int = 40_000, lotes: int = 20, semilla: int = 2026
) -> Table:
    """Las casillas más visitadas: la diferencia, el error si las tiradas fueran independientes
    y el error por lotes."""
    return error_table(juego, tiradas, lotes, semilla)


def dentro_de_los_errores(
    juego: str = "el_pale",
    tiradas: int = 40_000,
    lotes: int = 20,
    semilla: int = 2026,
    errores: int = 2,
) -> tuple[int, int]:
    """Cuántas casillas (presos incluidos) se apartan menos de ``errores`` errores típicos por
    lotes, y de cuántas."""
    return within(juego, tiradas, lotes, semilla, errores)
