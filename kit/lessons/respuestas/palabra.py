"""Lesson 05's «¿Acertaste?» answers (notebooks/05_palabra.ipynb), written from the scores the
engine gives (kit.lessons.palabra, PLB-03..PLB-08), in Spanish format."""

from __future__ import annotations

from functools import cache

from kit.exercises.predictions import Respuestas, predice
from kit.lessons import palabra as pl

__all__ = ["CLASE", "acertaste", "casa", "casa_verde", "mejor_primera", "pera", "predice"]

# the class game of the lesson, as its cells set it: two people, the Ambiciosa, seed 2026
CLASE = {"humanos": ("Ana", "Luis"), "bots": ("greedy",), "semilla": 2026, "idioma": "es"}
COMUNES = 3000


def casa() -> pl.Jugada:
    return pl.palabra("C★★ amarillo", "A amarillo", "S★★ amarillo", "A amarillo")


def casa_verde() -> pl.Jugada:
    return pl.palabra("C★★ amarillo", "A amarillo", "S★★ amarillo", "A verde")


def pera() -> pl.Jugada:
    return pl.palabra("P★★★ azul", "E rojo", "R★★ azul", "A verde")


@cache
def mejor_primera() -> pl.Jugada | None:
    estado = pl.primera_mano(
        CLASE["humanos"], CLASE["bots"], CLASE["semilla"], CLASE["idioma"], COMUNES
    )
    return pl.mejor_jugada(estado)


def _cuenta(j: pl.Jugada) -> str:
    factores = [*(str(f) for f in j.puntos.stars)]
    if j.puntos.lock > 1:
        factores.append(f"{j.puntos.lock} (bloqueo de color)")
    return " × ".join([str(j.puntos.sum), *factores]) + f" = {j.total}"


def toda_amarilla() -> str:
    j = casa()
    return (
        f"**CASA, toda amarilla: {j.total} puntos.** La suma de los valores es {j.puntos.sum}; "
        f"cada ★★ la dobla y el bloqueo de color la dobla otra vez: {_cuenta(j)}. El "
        f"multiplicador es {j.multiplicador}, no 2 + 2 + 2 = {2 + 2 + 2}."
    )


def con_una_verde() -> str:
    j, v = casa(), casa_verde()
    mitad = "la mitad" if 2 * v.total == j.total else f"{v.total} en vez de {j.total}"
    return (
        f"**Con la última A verde: {v.total} puntos**, {mitad}. Las cartas ya no son todas de un "
        f"color, así que se pierde el × {j.puntos.lock} del bloqueo: {_cuenta(v)}."
    )


def estrellas_de_pera() -> str:
    j = pera()
    a, b = j.puntos.stars[0], j.puntos.stars[1]
    return (
        f"**PERA: por {a * b}, no por {a + b}.** Su suma, {j.puntos.sum}, se multiplica por "
        f"{a} × {b} = {a * b}: {j.total} puntos (sumando las estrellas saldrían "
        f"{j.puntos.sum * (a + b)}). Y el orden da igual: {j.puntos.sum} × {b} × {a} = "
        f"{j.puntos.sum * b * a}, como {j.puntos.sum} × {a} × {b} = {j.puntos.sum * a * b} (la "
        f"tabla de «¿Importa el orden?»)."
    )


def mejor_jugada() -> str:
    j = mejor_primera()
    if j is None:
        return "Esta mano no tiene ninguna jugada que dé puntos."
    personas = ", ".join(CLASE["humanos"])
    porque = {
        "vowels": "Con seis o siete vocales se cobran puntos fijos (regla PLB-07), aunque cada "
        "vocal valga poco: aquí superan a cualquier palabra o escalera de esa mano.",
        "build": "Es una ampliación: se aprovechan las cartas de una palabra de la mesa.",
        "flush": "Es un color: cinco o más cartas de un color, solo la suma (regla PLB-05).",
    }.get(j.puntos.kind, "El buscador probó todas las jugadas de la mano y ninguna da más.")
    return (
        f"**La mejor primera jugada: {j.titulo}, {j.total} puntos** (la mano que ve primero una "
        f"persona en la partida de la lección: {personas} y la {pl.titulo_bot('greedy')}, "
        f"semilla {CLASE['semilla']}; con otros nombres o semilla la mano cambia). Es la que "
        f"busca el botón **Mostrar la mejor jugada**. {porque}"
    )


acertaste = Respuestas({1: toda_amarilla, 2: con_una_verde, 3: estrellas_de_pera, 4: mejor_jugada})
