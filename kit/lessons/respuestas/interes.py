"""Lesson 04's «¿Acertaste?» answers (notebooks/04_interes_compuesto.ipynb), written from the
values `kit.analysis.interest` and `kit.lessons.interes` compute, in Spanish format."""

from __future__ import annotations

from fractions import Fraction

from kit.analysis import interest
from kit.exercises.predictions import Respuestas, predice
from kit.lessons.interes import (
    euros,
    format_count,
    format_decimal,
    format_percent,
    pagos_en_la_libreta,
    tabla_doblar,
    tae,
    tae_prestamo,
)

__all__ = ["acertaste", "predice"]

CAPITAL = 1500
MESES = 12


def _entero(x: Fraction | int) -> str:
    """Whole euros as the lesson writes a rounded guess: 3300 €."""
    return f"{format_count(int(x))}\u00a0€"


def _final_libreta() -> Fraction:
    return Fraction(interest.savings_schedule({1: CAPITAL}, MESES).column("closing")[-1])


def libreta_un_ano() -> str:
    un_mes = CAPITAL * interest.MONTHLY_RATE
    return (
        f"**{format_count(CAPITAL)} € en la libreta durante {MESES} meses.** Al final hay "
        f"**{euros(_final_libreta())}** (la tabla de la sección 5): más de {_entero(4000)}. Si "
        f"pensaste «unos {_entero(CAPITAL + MESES * un_mes)}», sumaste {MESES} veces "
        f"{euros(un_mes)}, como "
        f"si cada mes el 10 % se calculara sobre los {format_count(CAPITAL)} € del principio; si "
        f"pensaste «unos {_entero(CAPITAL + un_mes)}», contaste un solo mes."
    )


def tarjeta_un_ano() -> str:
    pago = interest.LOAN_CARD * interest.MONTHLY_RATE
    en_la_libreta = pagos_en_la_libreta(1, MESES)
    ganado = _final_libreta() - CAPITAL
    return (
        f"**Una tarjeta durante {MESES} meses.** Pagas **{euros(MESES * pago)}** de intereses en "
        f"efectivo: {euros(pago)} cada mes, siempre lo mismo, porque la deuda no crece.\n\n"
        f"¿Es más barato que lo que gana la libreta ({euros(ganado)})? **No.** Cada pago sale de "
        f"tu bolsillo al acabar el mes; si lo hubieras ingresado en la libreta, habría ganado "
        f"un 10 % cada mes hasta el final. Los {MESES} pagos, ingresados en la libreta, valdrían "
        f"al acabar el año **{euros(en_la_libreta)}**: exactamente lo que gana la libreta. Al 10 % "
        f"al mes, pedir prestado cuesta lo mismo que gana ahorrar."
    )


def doblar() -> str:
    factores = tabla_doblar(interest.MONTHLY_RATE, 10).column("se multiplica por")
    doblado = next(n for n, f in enumerate(factores, start=1) if f >= 2)
    reto = next(n for n, f in enumerate(factores, start=1) if f > Fraction(3, 2))
    return (
        f"**¿Cuántos meses tarda en doblarse el dinero al 10 % al mes?** Después de "
        f"{doblado - 1} meses se ha multiplicado por {format_decimal(factores[doblado - 2], 4)}: "
        f"aún no llega. Después de **{doblado} meses**, por "
        f"{format_decimal(factores[doblado - 1], 4)}: ya se ha doblado. Si pensaste «10 meses, "
        f"porque 10 × 10 % = 100 %», olvidaste los intereses de los intereses.\n\n"
        f"La misma tabla resuelve el primer reto del explorador: {_entero(1000)} pasan de "
        f"{_entero(1500)} cuando el factor pasa de 1,5, en el **mes {reto}** "
        f"(× {format_decimal(factores[reto - 1], 4)})."
    )


def tae_anual() -> str:
    r = interest.MONTHLY_RATE
    nominal = 12 * r
    return (
        f"**¿Un 10 % al mes es un {format_percent(nominal, 0)} al año?** No. "
        f"12 × 10 % = {format_percent(nominal, 0)} es el tipo **nominal** (el TIN, que los bancos "
        f"también anuncian); la **TAE** es (1,1)¹² − 1 = **{format_percent(tae(r), 2)}**. En la "
        f"libreta, cada mes el 10 % se calcula sobre más dinero. Sumar porcentajes, "
        f"12 × 10 % = {format_percent(nominal, 0)}, solo valdría si el dinero no creciera entre "
        f"medias.\n\n"
        f"El préstamo tiene **la misma TAE**, {format_percent(tae_prestamo(), 2)}: sus 10 % se "
        f"pagan cada mes, y cada pago deja de crecer en tu libreta (predicción 2). Por eso la "
        f"TAE sirve para comparar un ahorro con un préstamo: aquí las dos son iguales."
    )


acertaste = Respuestas({1: libreta_un_ano, 2: tarjeta_un_ano, 3: doblar, 4: tae_anual})
