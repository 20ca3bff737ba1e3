"""Lesson 04 (notebooks/04_interes_compuesto.ipynb): the tables, charts and small sums it shows.

Everything is built on `kit.analysis.interest` (the exact mathematics of Día de Paga's savings
book, DDP-17, and loans, DDP-16) so a cell of the lesson holds one call. Values stay exact
(`Fraction`); only what a student reads is rounded, in Spanish format (`kit.table`).
sympy is imported only inside the functions of the «Ampliación (Bachillerato)» sections.

A student types only Spanish names (the end of this module): ``interes.tabla_libreta``,
``interes.valor_final``, ``interes.TASA_MENSUAL``…; `formula` (kit.lessons.interes_formulas,
re-exported) shows a sympy formula as the lesson writes it, P·(1 + r)ⁿ.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from kit.analysis import interest
from kit.lessons.interes_formulas import Formula, formula
from kit.messages import PlainError
from kit.plain_calls import listed, one_of, shown, wrap_module
from kit.render.charts import Chart, line_chart
from kit.table import Table, format_count, format_decimal, format_euros, format_percent

__all__ = [
    "MODOS",
    "TASA_MENSUAL",
    "Devolver",
    "Formula",
    "Tiempo",
    "alguna_vez_merece_la_pena",
    "coste_prestamo",
    "decimal",
    "decimal_exacto",
    "desde_cuando_compensa",
    "devolver_ya",
    "empate_comision",
    "euros",
    "explorador",
    "filas_que_no_cuadran",
    "formula",
    "ganancias_de_devolver",
    "grafica_libreta_y_prestamo",
    "hipoteca_de",
    "hipotecas",
    "levantar_hipoteca",
    "limite_continuo",
    "lista",
    "mejor_interes_regla_72",
    "meses_para",
    "meses_para_doblar",
    "pagos_en_la_libreta",
    "pesetas",
    "por_que_no_cuadra",
    "porcentaje",
    "regla_del_72",
    "reglas",
    "resumen_ano",
    "serie_geometrica",
    "si_o_no",
    "si_se_acumulara",
    "suma_de_depositos",
    "tabla_comision",
    "tabla_doblar",
    "tabla_libreta",
    "tabla_prestamo",
    "tabla_regla_72",
    "tabla_trozos",
    "tae",
    "tae_libreta",
    "tae_prestamo",
    "valor_final",
    "valor_final_cada_mes",
]


def euros(value: Any) -> str:
    """An exact amount as a student reads it: 2415,77 € (rounded half up only for display)."""
    return format_euros(value)


def lista(numeros: Sequence[int]) -> str:
    """Whole numbers as a Spanish list: «6, 7, 8, 11 y 12» (not Python's [6, 7, 8, 11, 12])."""
    textos = [format_count(n) for n in numeros]
    if len(textos) < 2:
        return "".join(textos) or "ninguno"
    return ", ".join(textos[:-1]) + " y " + textos[-1]


def si_o_no(answer: bool) -> str:
    """A yes/no as the lesson writes it («sí» / «no»), not Python's True / False."""
    return "sí" if answer else "no"


def pesetas(value: Any) -> str:
    """El Palé's money (its TOML: currency = "pesetas"): 143 000 pesetas."""
    return f"{format_count(int(value))} pesetas"


def decimal_exacto(value: Fraction | int) -> str:
    """All the decimals of an amount whose denominator divides a power of 10, in Spanish format:
    2415,765 (so a student sees why 2415,77 € is rounded). Raises for 1/3 and the like."""
    x = Fraction(value)
    digits = 0
    while (x * 10**digits).denominator != 1:
        digits += 1
        if digits > 40:
            raise PlainError("calls.no_finite_decimal", value=shown(value))
    return format_decimal(x, digits) if digits else format_count(int(x))


def reglas() -> Table:
    """The rule numbers of the lesson, as the kit stores them (DDP-16, DDP-17, PAL-08)."""
    rows = [
        ("Libreta: interés cada día 31", format_percent(interest.MONTHLY_RATE, 0), "DDP-17"),
        ("Sacar dinero de la libreta", euros(interest.WITHDRAWAL_FEE), "DDP-17"),
        ("Préstamo: una tarjeta", euros(interest.LOAN_CARD), "DDP-16"),
        ("Préstamo: interés cada día 31", format_percent(interest.MONTHLY_RATE, 0), "DDP-16"),
    ]
    return Table(rows, ["regla", "valor", "id"])


# -- the savings book month by month -----------------------------------------------------------


def _cents(value: Any) -> Fraction:
    """An amount rounded half up to cents, as the table shows it."""
    return Fraction(math.floor(Fraction(value) * 100 + Fraction(1, 2)), 100)


def filas_que_no_cuadran(tabla: Table) -> list[int]:
    """The months of a savings schedule whose shown cents do not add up: rounded opening +
    deposit + interest differs from the rounded closing (each is the exact value rounded)."""
    months = []
    for row in tabla:
        shown = _cents(row.opening) + _cents(row.deposit) + _cents(row.interest)
        if shown != _cents(row.closing):
            months.append(row.month)
    return months


def por_que_no_cuadra(tabla: Table, mes: int) -> str:
    """The exact sum behind one month's row, and the same sum with the rounded cents."""
    row = tabla.row(mes - 1)
    parts = (
        [row.opening, row.interest] if not row.deposit else [row.opening, row.deposit, row.interest]
    )
    exact = " + ".join(decimal_exacto(p) for p in parts) + f" = {decimal_exacto(row.closing)}"
    shown = " + ".join(euros(p) for p in parts)
    return (
        f"Mes {mes}, exacto: {exact} €.\n"
        f"Redondeando cada número: {shown} = {euros(sum(_cents(p) for p in parts))}, "
        f"pero el total exacto redondeado es {euros(row.closing)}."
    )


# -- savings against a loan --------------------------------------------------------------------


def resumen_ano(libreta: Table, prestamo: Table, capital: int) -> Table:
    """What a year of the savings book earns and what a year of loan cards costs, in euros."""
    earned = libreta.column("closing")[-1] - capital
    paid = sum(prestamo.column("interest"))
    rows = [("ganas en la libreta", earned), ("pagas por el préstamo", paid)]
    return Table(rows, ["", "intereses"], formats={"intereses": "euros"})


def grafica_libreta_y_prestamo(libreta: Table, prestamo: Table, capital: int) -> Chart:
    """Interest earned in the book against interest paid for the loan, month by month."""
    months = [0, *libreta.column("month")]
    earned = [0, *(x - capital for x in libreta.column("closing"))]
    paid = [0]
    for x in prestamo.column("interest"):
        paid.append(paid[-1] + x)
    return line_chart(
        months,
        {"ganado en la libreta": earned, "pagado por el préstamo": paid},
        title=f"{format_count(capital)} € durante {len(libreta)} meses al 10 % al mes",
        x_label="meses",
        y_label="euros",
        y_format="euros",
    )


def si_se_acumulara(tarjetas: int, meses: int) -> Fraction:
    """What the loan's interest would be if it were added to the debt, as in the book."""
    debt = interest.LOAN_CARD * tarjetas
    return Fraction(str(interest.future_value(debt, interest.MONTHLY_RATE, meses))) - debt


# -- doubling, by months -----------------------------------------------------------------------


def tabla_doblar(r: Fraction, meses: int) -> Table:
    """(1 + r)^n month by month: how many times the money has been multiplied, and whether
    it has doubled yet (the bank pays only on day 31, so whole months)."""
    rows = []
    for n in range(1, meses + 1):
        factor = (1 + Fraction(r)) ** n
        rows.append({"mes": n, "se multiplica por": factor, "¿doblado?": factor >= 2})
    return Table(rows, formats={"mes": "count", "se multiplica por": "decimal:4"})


def tae(r_mes: Fraction, periodos: int = 12) -> Fraction:
    """The TAE (tasa anual equivalente) of a monthly rate: (1 + r)^12 − 1, exactly."""
    return (1 + Fraction(r_mes)) ** periodos - 1


# -- the loan's TAE and the 150 € fee ----------------------------------------------------------


def pagos_en_la_libreta(
    tarjetas: int, meses: int, libreta: Fraction = interest.MONTHLY_RATE
) -> Fraction:
    """What a loan's interest payments are worth after `meses` months had each gone into the
    libreta instead (deposited the month after, DDP-17): `interest.withdrawal_worth_it`'s sum."""
    return devolver_ya(tarjetas, meses, libreta).ingresados_valen


def tae_prestamo(libreta: Fraction = interest.MONTHLY_RATE) -> Fraction:
    """The TAE of one loan card whose 10 % is paid every month (DDP-16): a year of payments,
    counted at the libreta's rate, over the 1500 € borrowed. At the game's rates it is the
    libreta's TAE, (1,1)^12 − 1."""
    return pagos_en_la_libreta(1, 12, libreta) / interest.LOAN_CARD


def tae_libreta(libreta: Table) -> Fraction:
    """The TAE read off a year of the libreta (one deposit in month 1): closing / deposit − 1."""
    return Fraction(libreta.column("closing")[-1]) / Fraction(libreta.column("deposit")[0]) - 1


class Devolver(NamedTuple):
    """Repay `tarjetas` loan cards now with libreta money, paying the fee, or wait `meses`
    paydays, when the interest not paid goes into the libreta every month (all in euros at
    the end)."""

    intereses_en_efectivo: Fraction  # 150 € × cards × months, in cash
    ingresados_valen: Fraction  # the same payments, deposited in the libreta
    pierdes_en_la_libreta: Fraction  # what the withdrawn money would have earned
    comision: Fraction

    @property
    def ganancia(self) -> Fraction:
        return self.ingresados_valen - self.pierdes_en_la_libreta - self.comision


def devolver_ya(tarjetas: int, meses: int, libreta: Fraction = interest.MONTHLY_RATE) -> Devolver:
    """The two ways, in euros at the end of `meses` months (the loan and the libreta as in
    DDP-16 and DDP-17; the libreta's rate can be changed to compare)."""
    v = interest.withdrawal_worth_it(tarjetas, meses, savings_rate=libreta)
    return Devolver(v.interest_saved, v.interest_saved_grown, v.savings_interest_lost, v.fee)


def tabla_comision(tarjetas: int, hasta: int, libreta: Fraction = interest.MONTHLY_RATE) -> Table:
    """Repay the loan now (withdrawing and paying 150 €) or wait? One row per months left; the
    interest you stop paying («no pagas», in cash) goes into the libreta every month, where it
    is worth «ingresado vale» at the end; «pierdes» is what the withdrawn money would have
    earned there."""
    rows = []
    for left in range(1, hasta + 1):
        v = devolver_ya(tarjetas, left, libreta)
        rows.append(
            {
                "meses": left,
                "no pagas": v.intereses_en_efectivo,
                "ingresado vale": v.ingresados_valen,
                "pierdes": v.pierdes_en_la_libreta,
                "comisión": v.comision,
                "ganancia": v.ganancia,
                "¿compensa?": si_o_no(v.ganancia > 0),
            }
        )
    money = ("no pagas", "ingresado vale", "pierdes", "comisión", "ganancia")
    return Table(rows, formats={"meses": "count"} | {m: "euros" for m in money})


def ganancias_de_devolver(
    tarjetas: int, hasta: int, libreta: Fraction = interest.MONTHLY_RATE
) -> set[Fraction]:
    """Every gain of repaying now, with 1 to `hasta` months left (at the game's rates, only
    −150 €: the fee)."""
    return {devolver_ya(tarjetas, k, libreta).ganancia for k in range(1, hasta + 1)}


def alguna_vez_merece_la_pena(
    tarjetas: int, hasta: int, libreta: Fraction = interest.MONTHLY_RATE
) -> bool:
    """Whether repaying early ever pays, with 1 to `hasta` months left."""
    return any(g > 0 for g in ganancias_de_devolver(tarjetas, hasta, libreta))


def desde_cuando_compensa(
    tarjetas: int, hasta: int, libreta: Fraction = interest.MONTHLY_RATE
) -> int | None:
    """The fewest months left (1 to `hasta`) from which repaying now pays, or None."""
    for k in range(1, hasta + 1):
        if devolver_ya(tarjetas, k, libreta).ganancia > 0:
            return k
    return None


# -- El Palé's mortgages -----------------------------------------------------------------------


def hipoteca_de(calle: str, juego: str = "el_pale") -> int:
    """The mortgage value printed on a title deed (the game's TOML), in pesetas."""
    from kit.games.property.load import load_rules

    for title in load_rules(juego).titles:
        if title.name == calle:
            return title.mortgage
    names = [title.name for title in load_rules(juego).titles]
    raise PlainError("calls.no_title", name=shown(calle), names=listed(names, limit=40))


def hipotecas(valor: int) -> Table:
    """Lifting a mortgage at once (+10 %) or later (+20 %) (PAL-08), in pesetas."""
    rows = [
        ("levantarla enseguida (+10 %)", interest.mortgage_redemption(valor)),
        ("levantarla más tarde (+20 %)", interest.mortgage_redemption(valor, late=True)),
    ]
    return Table(rows, ["", "pagas"], formats={"pagas": pesetas})


# -- Ampliación (Bachillerato) -----------------------------------------------------------------


def tabla_regla_72(porcentajes: Sequence[int]) -> Table:
    """The rule of 72 against the exact doubling time log 2 / log(1 + r), with its error."""
    rows = []
    for p in porcentajes:
        r = Fraction(p, 100)
        rule = float(interest.rule_of_72(r))
        exact = float(interest.doubling_time(r).exact)
        rows.append(
            {
                "interés al mes": Fraction(p, 100),
                "regla del 72": rule,
                "exacto": exact,
                "error": abs(rule - exact) / exact,
            }
        )
    return Table(
        rows,
        formats={
            "interés al mes": "percent:0",
            "regla del 72": "decimal:2",
            "exacto": "decimal:2",
            "error": "percent:2",
        },
    )


def mejor_interes_regla_72(porcentajes: Sequence[int]) -> int:
    """The percentage (of those given) at which the rule of 72 is closest to the exact time."""
    tabla = tabla_regla_72(porcentajes)
    errors = tabla.column("error")
    return porcentajes[errors.index(min(errors))]


def serie_geometrica(r: Fraction = interest.MONTHLY_RATE) -> tuple[Any, Any]:
    """The savings annuity with D each month: the sum D(1+r) + … + D(1+r)^n done by sympy, and
    the closed formula D(1+r)((1+r)^n − 1)/r with this r put in (they are equal)."""
    import sympy

    D, n, k = sympy.symbols("D n k", positive=True)
    q = 1 + sympy.Rational(r)
    suma = sympy.summation(D * q**k, (k, 1, n))
    formula = D * q * (q**n - 1) / sympy.Rational(r)
    return sympy.simplify(suma), formula


def tabla_trozos(r: Fraction, trozos: Sequence[int]) -> Table:
    """(1 + r/k)^k exactly, for the bank paying the month's r in k pieces."""
    rows = [{"trozos k": k, "se multiplica por": (1 + Fraction(r) / k) ** k} for k in trozos]
    return Table(rows, formats={"trozos k": "count", "se multiplica por": "decimal:5"})


def empate_comision(meses: int) -> Fraction:
    """The libreta's monthly rate s at which repaying one card now, with the fee, breaks even
    when `meses` months are left and the interest not paid goes into the libreta:
    150·((1 + s)^meses − 1)/s − 1500·((1 + s)^meses − 1) − 150 = 0. The equation has degree
    `meses` and no formula: the rate is found by halving the interval (0, 10 %) until it is
    narrower than 10⁻¹², exactly with Fractions."""
    low, high = Fraction(1, 10**6), interest.MONTHLY_RATE
    while high - low > Fraction(1, 10**12):
        mid = (low + high) / 2
        if devolver_ya(1, meses, mid).ganancia > 0:
            low = mid
        else:
            high = mid
    return low


# -- the Spanish names students type, in the lesson and in the exercises ----------------------
# Thin calls into kit.analysis.interest (whose English names stay for code), with Spanish
# parameters; the lesson's cells and the exercise prompts show these. Tables answer to their
# Spanish headings: ``tabla_libreta(...).columna("al acabar")``, ``.elige("mes", "intereses")``.

TASA_MENSUAL = interest.MONTHLY_RATE  # the libreta's and the loans' 10 % a month
decimal = format_decimal  # decimal(x, 4): 1,9487
porcentaje = format_percent  # porcentaje(x, 2): 213,84 %


def valor_final(capital: Any, r: Any, meses: Any) -> Any:
    """C · (1 + r)ⁿ, exactly (a symbol for ``meses`` gives the formula)."""
    return interest.future_value(capital, r, meses)


def valor_final_cada_mes(deposito: Any, r: Any, meses: Any) -> Any:
    """The libreta after ``meses`` months with ``deposito`` paid in every month (by day 23, so
    it earns that month's interest): D·(1 + r)·((1 + r)ⁿ − 1)/r, exactly."""
    return interest.annuity_future_value(deposito, r, meses)


def suma_de_depositos(al_final_del_mes: bool = False) -> Any:
    """The sum D·(1 + r) + … + D·(1 + r)ⁿ of a deposit every month, = its closed formula, as
    sympy sums it (D, r, n, k); ``al_final_del_mes=True``: each deposit after the interest."""
    return interest.annuity_derivation("end" if al_final_del_mes else "start")


def limite_continuo(r: Any) -> Any:
    """lim (1 + r/k)ᵏ when k → ∞, by sympy: a bank paying at every instant multiplies by eʳ."""
    return interest.continuous_limit(r)


class Tiempo(NamedTuple):
    """How long money takes to grow: ``exacto`` (a logarithm) and ``meses`` (whole months)."""

    exacto: Any
    meses: int


def meses_para(factor: Any, r: Any) -> Tiempo:
    """How long the money needs to grow ``factor`` times at ``r`` a month."""
    tiempo = interest.months_to_reach(factor, r)
    return Tiempo(tiempo.exact, tiempo.months)


def meses_para_doblar(r: Any) -> Tiempo:
    """How long the money needs to double at ``r`` a month."""
    return meses_para(2, r)


def coste_prestamo(tarjetas: Any, meses: Any, r: Any = interest.MONTHLY_RATE) -> Any:
    """The interest ``tarjetas`` loan cards cost over ``meses`` months (150 € a card a month)."""
    return interest.loan_cost(tarjetas, meses, r)


def regla_del_72(r: Any) -> Any:
    """The rule of 72's months to double: 72 ÷ (the rate in %)."""
    return interest.rule_of_72(r)


def tabla_libreta(
    depositos: Any, meses: int, r: Any = interest.MONTHLY_RATE, *, euros_enteros: bool = False
) -> Table:
    """The savings book month by month (DDP-17): ``.columna("al acabar")``, ``fila.intereses``.
    ``depositos``: one amount every month, or {month: amount}. ``euros_enteros=True``: the
    banker rounds each month's interest to whole euros, as in the game."""
    return interest.savings_schedule(
        depositos, meses, r, rounding="game" if euros_enteros else "exact"
    )


def tabla_prestamo(tarjetas: int, meses: int, r: Any = interest.MONTHLY_RATE) -> Table:
    """Loan cards taken in month 1 and handed back on the last payday (DDP-16), month by month:
    ``.columna("intereses")``, ``.elige("mes", "deuda", "intereses", "devuelto")``."""
    return interest.loan_schedule(tarjetas, meses, r)


def levantar_hipoteca(valor: Any, tarde: bool = False) -> Any:
    """What lifting a mortgage costs: its value + 10 %, or + 20 % if lifted late."""
    return interest.mortgage_redemption(valor, late=tarde)


MODOS = {"un depósito": "once", "cada mes": "monthly", "préstamo": "loan"}


def explorador(
    cantidad: int = 1500, tipo: int = 10, meses: int = 12, modo: str = "un depósito"
) -> Any:
    """The interest explorer (kit.widgets.InterestExplorer): ``cantidad`` in euros, ``tipo`` of
    interest in % a month, ``meses``; ``modo`` «un depósito», «cada mes» or «préstamo»."""
    from kit.widgets import InterestExplorer

    if modo not in MODOS:
        raise ValueError(f"modo tiene que ser «un depósito», «cada mes» o «préstamo»; no {modo!r}")
    return InterestExplorer(amount=cantidad, rate=tipo, months=meses, mode=MODOS[modo])


# Every call a student types fails in one plain sentence (kit/plain_calls.py, issue 24).
PLAIN_CALLS = wrap_module(
    globals(),
    "interes",
    checks={
        "explorador": {"modo": one_of(MODOS, "calls.word_mode")},
        "hipoteca_de": {
            "juego": one_of(("el_pale", "la_ruta_del_tesoro", "superpoly"), "calls.word_game")
        },
    },
)
