"""Lesson 01 (probabilidad con dados): the «¿Acertaste?» answers, written from computed values.

Each answer is a function returning Markdown; `acertaste(n)` shows answer `n` once the student's
prediction `n` is recorded with `predice(n, …)` (kit.exercises.predictions). The numbers come
from kit.lessons.dados with the lesson's own seeds, so the text cannot drift from the cells.
"""

from __future__ import annotations

from fractions import Fraction

from kit.exercises.predictions import Respuestas, predice
from kit.lessons import dados
from kit.table import format_count, format_percent
from kit.widgets.dice import DiceLab

__all__ = ["acertaste", "predice"]

TIRADAS = 10_000
SEMILLA_LAB = 7  # the lesson's big dice lab
SEMILLA_PAGA = 2026  # the lesson's simulated bets and kitties
APUESTA = 200
JUGADORES = 4


def fraccion(x: Fraction) -> str:
    """A fraction that cannot be read as a mixed number: 1296/671 → «1296⁄671» (fraction slash,
    no thousands space)."""
    return f"{x.numerator}\u2044{x.denominator}"


def _laboratorio() -> DiceLab:
    lab = DiceLab(seed=SEMILLA_LAB)
    lab.roll(TIRADAS)
    return lab


def sumas() -> str:
    mayor, menor = max(dados.SUMAS.values()), min(dados.SUMAS.values())
    mas = " y el ".join(f"**{s}**" for s in dados.SUMAS if dados.SUMAS[s] == mayor)
    menos = " y el ".join(f"**{s}**" for s in dados.SUMAS if dados.SUMAS[s] == menor)
    return (
        f"La más probable es el {mas} ({mayor * 36} casos de 36); las menos probables, "
        f"el {menos} ({menor * 36} caso de 36 cada una)."
    )


def dobles() -> str:
    lab = _laboratorio()
    p = dados.PAREJAS.P(dados.is_double)
    esperados = dados.decimal(p * TIRADAS, 1)
    return (
        f"Se esperan {format_count(TIRADAS)} · {p} ≈ **{esperados}** dobles; en el laboratorio "
        f"salieron **{format_count(lab.doubles)}**. Lo observado no coincide exactamente con lo "
        "esperado, y no tiene por qué: la ley de los grandes números habla de la **frecuencia "
        f"relativa** ({dados.frecuencia(lab.doubles, lab.rolls)} frente a "
        f"{format_percent(p)}), que se acerca a la probabilidad, no de que las veces salgan "
        "justas. La tabla de arriba pone teoría y experimento lado a lado."
    )


def tres_dobles() -> str:
    p_doce = dados.SUMAS[12]
    p_carcel = dados.PAREJAS.P(dados.is_double) ** 3
    return (
        f"Es más fácil un **12** ({p_doce}): tres dobles seguidos tienen probabilidad "
        f"(1/6)³ = {p_carcel}, **{p_doce / p_carcel} veces menos** que un 12."
    )


def apuesta() -> str:
    d = dados.dispersion(SEMILLA_PAGA, TIRADAS, APUESTA)
    por_euro = dados.ganancia(1).mean()
    lejos = d.prob_tan_lejos()
    return (
        f"**Sí**: de media ganas {por_euro} de euro por cada euro apostado "
        f"({dados.euros(d.esperada)} con {dados.euros(APUESTA)}). En las "
        f"{format_count(TIRADAS)} apuestas simuladas la media fue {dados.euros(d.media)}: "
        f"{dados.euros(-d.distancia)} por debajo. La media de {format_count(TIRADAS)} apuestas "
        f"se suele apartar del valor esperado unos {dados.euros(d.error_tipico)} (su error "
        f"típico), así que esta se quedó a {dados.decimal(-d.en_errores, 1)} errores típicos: "
        f"una simulación con **mala suerte**: tan lejos o más solo se queda un "
        f"{format_percent(lejos)} de las veces. Aun así la media es muy positiva: "
        "la apuesta conviene."
    )


def bote() -> str:
    p = dados.p_alguien_saca_un_seis(JUGADORES)
    vueltas = 1 / p
    tiradas = 1 / dados.DADO.P({6})
    simulados = next(iter(dados.botes_simulados(SEMILLA_PAGA, TIRADAS, JUGADORES)))
    return (
        f"De media {fraccion(vueltas)} ≈ **{dados.decimal(vueltas)} vueltas**. Con "
        f"{JUGADORES} jugadores son {dados.decimal(vueltas)} · {JUGADORES} ≈ "
        f"{dados.decimal(dados.turnos_de_media(JUGADORES), 1)} turnos de tirada, más que las "
        f"{tiradas} tiradas que tarda de media el primer 6, porque la vuelta en la que sale el 6 "
        f"cuenta entera. En los {format_count(TIRADAS)} botes simulados: "
        f"{dados.decimal(simulados.tiradas)} tiradas y {dados.decimal(simulados.vueltas)} "
        f"vueltas. Si escribiste {dados.decimal(tiradas / JUGADORES, 1)}, dividiste las "
        f"{tiradas} tiradas entre {JUGADORES} jugadores: olvidaste que la vuelta del 6 cuenta "
        "entera. (Todo esto supone que el bote empieza al principio de una vuelta.)"
    )


acertaste = Respuestas({1: sumas, 2: dobles, 3: tres_dobles, 4: apuesta, 5: bote})
