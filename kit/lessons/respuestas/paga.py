"""Lesson 03 (Día de Paga): the «¿Acertaste?» answers, written from computed values.

Each answer is a function returning Markdown; `acertaste(n)` shows answer `n` once the student's
prediction `n` is recorded with `predice(n, …)` (kit.exercises.predictions). The numbers come
from kit.lessons.paga with the lesson's own figures and seed (the tournament of section 5), so the
text cannot drift from the cells.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import kit
from kit.exercises.predictions import Respuestas, predice
from kit.lessons import paga
from kit.lessons.interes import tae_prestamo
from kit.table import format_count, format_euros, format_percent

__all__ = ["acertaste", "predice"]

CAPITAL, PRESTAMO, MESES = 1000, 1500, 3  # questions 1 and 2
APUESTA = 100  # question 3
PARTIDAS, MESES_TORNEO, SEMILLA = 200, 3, 2026  # question 4: the tournament of section 5


@cache
def torneo() -> paga.Tournament:
    return paga.tournament(partidas=PARTIDAS, meses=MESES_TORNEO, semilla=SEMILLA)


def _reglas():
    return kit.load(paga.GAME).rules


def _ciento(r: Fraction) -> str:
    return format_percent(r, 0)


def libreta() -> str:
    r = _reglas().savings_interest
    saldos = paga.savings_table(CAPITAL, MESES).column("antes")
    simple = MESES * paga.savings_gain(CAPITAL, 1)
    cadena = " → ".join(
        format_euros(x) for x in [*saldos, CAPITAL + paga.savings_gain(CAPITAL, MESES)]
    )
    return (
        f"**{format_euros(paga.savings_gain(CAPITAL, MESES))}** de intereses: {cadena}. Si "
        f"dijiste {format_euros(simple)} ({MESES} veces el {_ciento(r)} de "
        f"{format_euros(CAPITAL)}, interés simple), olvidaste que los intereses también dan "
        f"intereses: el segundo mes el {_ciento(r)} se calcula sobre {format_euros(saldos[1])}, "
        f"el tercero sobre {format_euros(saldos[2])} (**interés compuesto**)."
    )


def prestamo() -> str:
    r = _reglas().loan_interest
    pago = paga.loan_table(PRESTAMO, 1).column("intereses")[0]
    tabla = paga.loan_in_libreta_table(PRESTAMO, MESES, r)
    valdrian, gana = tabla.column("vale")[-2:]
    return (
        f"**{format_euros(paga.loan_cost(PRESTAMO, MESES))}**: {format_euros(pago)} cada mes, "
        f"porque la deuda no baja.\n\n"
        f"Que pagues siempre lo mismo no hace el préstamo más barato que la libreta: cada pago "
        f"sale de tu bolsillo al acabar el mes, y en la libreta habría crecido un {_ciento(r)} "
        f"cada mes. Los {MESES} pagos, ingresados en la libreta, valdrían al final "
        f"**{format_euros(valdrian)}**, exactamente lo que ganan {format_euros(PRESTAMO)} en la "
        f"libreta en {MESES} meses ({format_euros(gana)}, sin redondear). Por eso el préstamo y "
        f"la libreta tienen la misma TAE, {format_percent(tae_prestamo(r), 2)}: en este juego, "
        f"pedir prestado cuesta lo mismo que da ahorrar."
    )


def apuesta() -> str:
    d = paga.bet(APUESTA)
    gana = max(d)
    ev = d.expectation()
    return (
        f"**Ganarías**: de media **{ev} ≈ {format_euros(ev)}** por apuesta de "
        f"{format_euros(APUESTA)}: {ev / APUESTA} € de ganancia por cada euro apostado. "
        f"Pierdes con probabilidad {d.P({-APUESTA})}, pero cuando ganas, ganas "
        f"{format_euros(gana)}: "
        f"{d.P({gana})} · {format_count(gana)} + {d.P({-APUESTA})} · (−{format_count(APUESTA)}) "
        f"= {ev}. Si dijiste que perderías, confundiste la probabilidad de perder con la "
        f"ganancia media."
    )


def ganador() -> str:
    t = torneo()
    orden = sorted(paga.BOTS, key=t.ganadas, reverse=True)
    puestos = ", ".join(f"{paga.title(b)} {format_count(t.ganadas(b))}" for b in orden)
    primero, segundo = orden[0], orden[1]
    separa = t.mean(primero, "fortuna") - t.mean(segundo, "fortuna")
    tres = (
        t.mean(primero, "apuesta") - t.mean(segundo, "adquisiciones") - t.mean(segundo, "prestamos")
    )
    saver = "cautious_saver"
    comisiones = -t.mean(saver, "comisiones") / t.mean(saver, "libreta")
    return (
        f"Gana más partidas la **{t.mas_victorias()}** "
        f"({format_percent(t.proporcion(primero))}); menos, la **{t.menos_victorias()}** "
        f"({format_percent(t.proporcion(orden[-1]))}). Partidas ganadas de {PARTIDAS}: "
        f"{puestos}.\n\n"
        f"La lotería no es lo que separa a las dos primeras: la {paga.title(segundo)} también "
        f"juega a la lotería siempre que puede y saca de ella de media "
        f"{format_euros(t.mean(segundo, 'loteria'))} por partida, frente a "
        f"{format_euros(t.mean(primero, 'loteria'))} de la {paga.title(primero)}. La fortuna "
        f"de la {paga.title(primero)} es {format_euros(separa)} mayor por partida, sobre todo "
        f"por tres cuentas: su **apuesta** ({format_euros(t.mean(primero, 'apuesta'))}, valor "
        f"esperado positivo), y las **adquisiciones** "
        f"({format_euros(t.mean(segundo, 'adquisiciones'))}) y los **intereses de préstamos** "
        f"({format_euros(t.mean(segundo, 'prestamos'))}) de la {paga.title(segundo)}: entre "
        f"las tres, {format_euros(tres)}; las demás cuentas casi se compensan "
        f"({format_euros(separa - tres)}). La {paga.title(saver)} ahorra, pero las comisiones "
        f"se comen el {format_percent(comisiones)} de sus intereses."
    )


acertaste = Respuestas({1: libreta, 2: prestamo, 3: apuesta, 4: ganador})
"""Lesson 03's corrected conclusions and its predictions (issue 23): every «¿Acertaste?» answer
holds the numbers the kit computes, and the notebook asks for each prediction before its answer.

The conclusions pinned here: 1 000 € left three months earn 331 € (300 € is simple interest); a
1 500 € loan costs 450 € in cash, and those payments, put in the libreta, would be worth 496,50 €,
what the 1 500 € earn there: the loan's TAE is the libreta's, 213,84 %; the bet gains 7/3 of the
stake; the Apostadora wins most, and what separates her from the Prestataria is the bet, the
acquisitions and the loan interest, not the lottery (both play it).
"""
