"""Lesson 06's «¿Acertaste?» answers (notebooks/06_multiplicadores.ipynb), written from the
deck, the engine's scores and the exact probabilities (kit.lessons.multiplicadores,
kit.analysis.scoring), in Spanish format."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from kit.analysis import scoring as sa
from kit.exercises.predictions import Respuestas, predice
from kit.lessons import multiplicadores as mx
from kit.table import format_count, format_decimal, format_percent

__all__ = ["MANOS", "SEMILLA", "acertaste", "media_mejor", "predice"]

MANOS, SEMILLA = 400, 2026  # the simulation of «¿Cuántos puntos vale, de media…?»


@cache
def media_mejor() -> Fraction:
    """The mean best play of the lesson's 400 simulated hands."""
    return mx.media_y_mediana(sa.expected_best_play(hands=MANOS, seed=SEMILLA).scores)[0]


def mejor_de_la_mano() -> str:
    mejor = mx.mejor_jugada(mx.mano_de_la_leccion())
    media = media_mejor()
    veces = Fraction(mejor.puntos.total) / media
    bloqueo = ""
    if mejor.puntos.bloqueo > 1:
        dos = [c.letter for c in mejor.cartas if len(c.colours) > 1]
        carta = f" (la {dos[0]} es de dos colores)" if dos else ""
        bloqueo = f" Tiene bloqueo de color{carta}: ¿lo habías visto?"
    return (
        f"**La mejor jugada, {mejor.letras}, vale {mejor.puntos.total} puntos:** "
        f"{format_decimal(veces, 1)} veces la media ({format_decimal(media, 1)} puntos) de la "
        f"mejor jugada de {format_count(MANOS)} manos al azar (apartado 10).{bloqueo}"
    )


def por_seis() -> str:
    return (
        f"**Por {2 * 3}, no por {2 + 3}:** las cartas de estrellas multiplican, no suman: "
        f"× 2 × 3 = {2 * 3} y × 3 × 2 = {3 * 2}. El orden no importa (la tabla de los "
        f"{3 * 2 * 1} órdenes de DOS da siempre los mismos puntos)."
    )


def alguna_estrella() -> str:
    alguna = sa.p_at_least_one_star()
    ninguna = 1 - alguna
    cuantas = "más de 4 de cada 5 manos" if alguna > Fraction(4, 5) else "la mayoría de las manos"
    return (
        f"**Es mucho más probable tener alguna:** P(al menos una) ≈ {format_percent(alguna, 1)} y "
        f"P(ninguna) ≈ {format_percent(ninguna, 1)}. Pasa en {cuantas}."
    )


def mayor_multiplicador() -> str:
    legales = mx.multiplicadores_legales()
    cuenta = max(mx.productos())
    mayor = max(legales)
    potencias = {3**k: k for k in range(2, 12)}
    potencia = f" = 3{_super(potencias[mayor])}" if mayor in potencias else ""
    return (
        f"**El mayor multiplicador de una jugada es {format_count(mayor)}{potencia}** "
        f"({legales[mayor].tipo} {legales[mayor].letras}). Si dijiste "
        f"{format_count(cuenta)} = 3{_super(potencias.get(cuenta, 0))}, es un producto de "
        f"factores que ninguna palabra ni "
        f"escalera alcanza: harían falta siete cartas ★★★ en una sola jugada."
    )


def _super(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


acertaste = Respuestas(
    {1: mejor_de_la_mano, 2: por_seis, 3: alguna_estrella, 4: mayor_multiplicador}
)
