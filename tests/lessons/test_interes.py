"""kit.lessons.interes: lesson 04's tables and sums are exact and say what the lesson states."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
import sympy
from lesson_code import code_of, english

import kit.table
from kit.analysis import interest
from kit.lessons import interes


def plain(text: str) -> str:
    """Spanish format uses narrow and no-break spaces (1500,00 €); compare with plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.fixture(scope="module")
def libreta():
    return interest.savings_schedule({1: 1500}, 12)


def test_rules_table_shows_ddp_16_and_ddp_17_numbers():
    tabla = interes.reglas()
    assert tabla.column("id") == ["DDP-17", "DDP-17", "DDP-16", "DDP-16"]
    valores = [plain(v) for v in tabla.column("valor")]
    assert valores == ["10 %", "150,00 €", "1500,00 €", "10 %"]


def test_euros_are_rounded_half_up_in_spanish_format():
    assert plain(interes.euros(Fraction(9415285130163, 2000000000))) == "4707,64 €"
    assert plain(interes.euros(Fraction(483153, 200))) == "2415,77 €"  # 2415,765


def test_exact_decimals():
    assert plain(interes.decimal_exacto(Fraction(483153, 200))) == "2415,765"
    assert plain(interes.decimal_exacto(1500)) == "1500"
    with pytest.raises(ValueError):
        interes.decimal_exacto(Fraction(1, 3))


def test_ddp_17_rows_that_do_not_add_up_are_rounding_only(libreta):
    # issue 13, lesson 04 [10]: month 5 adds up (2196,15 + 219,62 = 2415,77); month 6 does not
    assert interes.filas_que_no_cuadran(libreta) == [6, 7, 8, 11, 12]
    texto = plain(interes.por_que_no_cuadra(libreta, 6))
    assert "2415,765 + 241,5765 = 2657,3415" in texto
    assert "2657,35 €" in texto and "2657,34 €" in texto


def test_ddp_17_the_bankers_whole_euros_always_add_up():
    banquero = interest.savings_schedule({1: 1500}, 12, rounding="game")
    assert interes.filas_que_no_cuadran(banquero) == []
    assert banquero.column("closing")[-1] == 4711


def test_ddp_16_a_year_of_savings_against_a_year_of_one_loan_card(libreta):
    prestamo = interest.loan_schedule(1, 12)
    resumen = interes.resumen_ano(libreta, prestamo, 1500)
    assert resumen.column("intereses") == [Fraction(6415285130163, 2000000000), 1800]
    assert interes.si_se_acumulara(1, 12) == Fraction(6415285130163, 2000000000)
    chart = interes.grafica_libreta_y_prestamo(libreta, prestamo, 1500)
    assert "1500" in plain(repr(chart))


def test_doubling_table_doubles_in_month_8():
    tabla = interes.tabla_doblar(interest.MONTHLY_RATE, 10)
    assert tabla.column("¿doblado?").index(True) + 1 == 8
    assert tabla.column("se multiplica por")[6] == Fraction(11, 10) ** 7  # 1,9487 < 2


def test_tae_of_ten_percent_a_month_is_not_120_percent():
    assert interes.tae(interest.MONTHLY_RATE) == Fraction(2138428376721, 1000000000000)
    assert plain(interes.format_percent(interes.tae(interest.MONTHLY_RATE), 2)) == "213,84 %"
    assert interes.tae(Fraction(5, 100)) == Fraction(105, 100) ** 12 - 1


def test_ddp_16_a_loan_paid_every_month_has_the_libretas_tae(libreta):
    # issue 23: the loan is not «interés simple, 120 % al año», cheaper than the libreta
    exacta = Fraction(11, 10) ** 12 - 1
    assert interes.tae_prestamo() == interes.tae_libreta(libreta) == exacta
    assert exacta == Fraction(2138428376721, 10**12)  # 213,84 %
    assert plain(interes.format_percent(interes.tae_prestamo(), 2)) == "213,84 %"
    # the year's 12 payments of 150 €, deposited in the libreta, are what the libreta earns
    ganado = libreta.column("closing")[-1] - 1500
    assert interes.pagos_en_la_libreta(1, 12) == ganado == interes.si_se_acumulara(1, 12)


def test_ddp_17_repaying_early_costs_exactly_the_fee_at_the_games_rates():
    tabla = interes.tabla_comision(1, 6)
    assert set(tabla.column("¿compensa?")) == {"no"}
    assert set(tabla.column("ganancia")) == {-150}
    assert tabla.column("ingresado vale") == tabla.column("pierdes")
    assert interes.ganancias_de_devolver(1, 36) == {-interest.WITHDRAWAL_FEE}
    assert interes.ganancias_de_devolver(3, 12) == {-interest.WITHDRAWAL_FEE}
    assert not interes.alguna_vez_merece_la_pena(1, 36)


def test_ddp_17_with_a_six_percent_libreta_repaying_pays_from_three_months():
    seis = interes.tabla_comision(1, 6, libreta=Fraction(6, 100))
    assert seis.column("¿compensa?") == ["no", "no", "sí", "sí", "sí", "sí"]
    assert interes.desde_cuando_compensa(1, 6, libreta=Fraction(6, 100)) == 3
    # gain = 1000·(1,06^k − 1) − 150: k = 2 gives −26,40 €, k = 3 gives 41,016 €
    assert seis.column("ganancia")[1] == 1000 * (Fraction(106, 100) ** 2 - 1) - 150
    assert seis.column("ganancia")[2] == Fraction(41016, 1000)
    assert interes.desde_cuando_compensa(1, 36) is None


def test_pal_08_mortgages_of_paseo_del_prado():
    assert interes.hipoteca_de("Paseo del Prado") == 130_000
    tabla = interes.hipotecas(130_000)
    assert tabla.column("pagas") == [143_000, 156_000]
    assert plain(interes.pesetas(143_000)) == "143 000 pesetas"
    with pytest.raises(ValueError):
        interes.hipoteca_de("Calle Falsa")


def test_rule_of_72_is_best_near_8_percent_and_worse_at_both_ends():
    # issue 13, lesson 04 [49]: not «con intereses pequeños la regla acierta mucho»
    porcentajes = [1, 2, 5, 8, 10, 20]
    tabla = interes.tabla_regla_72(porcentajes)
    errores = tabla.column("error")
    assert interes.mejor_interes_regla_72(porcentajes) == 8
    assert errores[0] == pytest.approx(0.0336, abs=5e-5)  # 1 %: 3,36 % off
    assert errores[0] > errores[2] > errores[3] < errores[4] < errores[5]


def test_geometric_series_keeps_the_factor():
    # issue 13, lesson 04 [31]: D·11/10·10 = 11 D left out ((11/10)^n − 1)
    suma, formula = interes.serie_geometrica()
    assert sympy.simplify(suma - formula) == 0
    D, n = sorted(formula.free_symbols, key=str)
    assert sympy.simplify(formula - 11 * D * (sympy.Rational(11, 10) ** n - 1)) == 0
    assert formula.subs({D: 100, n: 12}) == interest.annuity_future_value(100, Fraction(1, 10), 12)


def test_pieces_tend_to_e_to_the_r():
    tabla = interes.tabla_trozos(interest.MONTHLY_RATE, [1, 2, 1000])
    assert tabla.column("se multiplica por")[:2] == [Fraction(11, 10), Fraction(441, 400)]
    assert float(tabla.column("se multiplica por")[2]) == pytest.approx(1.10517, abs=1e-5)


def test_fee_break_even_rate_by_bisection():
    empate = interes.empate_comision(6)
    assert 0 < empate < interest.MONTHLY_RATE
    assert abs(interes.devolver_ya(1, 6, empate).ganancia) < Fraction(1, 10**6)
    assert interes.devolver_ya(1, 6, empate - Fraction(1, 10**4)).ganancia > 0
    assert interes.devolver_ya(1, 6, empate + Fraction(1, 10**4)).ganancia < 0
    assert plain(interes.format_percent(empate, 2)) == "8,66 %"
    assert interes.desde_cuando_compensa(1, 6, empate - Fraction(1, 10**4)) <= 6


def test_spanish_list_of_months(libreta):
    assert interes.lista(interes.filas_que_no_cuadran(libreta)) == "6, 7, 8, 11 y 12"
    assert interes.lista([8]) == "8" and interes.lista([]) == "ninguno"


def test_yes_no_in_spanish():
    assert (interes.si_o_no(True), interes.si_o_no(False)) == ("sí", "no")


def test_the_answers_state_the_computed_numbers(libreta):
    from kit.lessons.respuestas.interes import acertaste

    final = libreta.column("closing")[-1]
    uno = plain(acertaste.texto(1))
    assert plain(interes.euros(final)) in uno and "3300 €" in uno and "1650 €" in uno
    dos = plain(acertaste.texto(2))
    assert plain(interes.euros(sum(interest.loan_schedule(1, 12).column("interest")))) in dos
    assert dos.count(plain(interes.euros(interes.pagos_en_la_libreta(1, 12)))) == 2
    assert plain(interes.euros(final - 1500)) == "3207,64 €"
    factores = interes.tabla_doblar(interest.MONTHLY_RATE, 10).column("se multiplica por")
    tres = plain(acertaste.texto(3))
    assert "**8 meses**" in tres and plain(interes.format_decimal(factores[6], 4)) in tres
    assert "**mes 5**" in tres and plain(interes.format_decimal(factores[4], 4)) in tres
    assert factores[3] <= Fraction(3, 2) < factores[4]
    cuatro = plain(acertaste.texto(4))
    assert cuatro.count(plain(interes.format_percent(interes.tae_prestamo(), 2))) == 2
    assert "120 %" in cuatro and "la misma TAE" in cuatro


def test_the_explorers_challenges_months_5_and_7():
    # lesson 04: 1000 € pass 1500 € in month 5; 100 € a month pass 1000 € in month 7 (1043,59 €)
    factores = interes.tabla_doblar(interest.MONTHLY_RATE, 10).column("se multiplica por")
    assert next(n for n, f in enumerate(factores, 1) if 1000 * f > 1500) == 5
    cada_mes = interest.savings_schedule(100, 12).column("closing")
    assert next(n for n, x in enumerate(cada_mes, 1) if x > 1000) == 7
    assert plain(interes.euros(cada_mes[6])) == "1043,59 €"
    dos_meses = interest.future_value(1, interest.MONTHLY_RATE, 2) - 1
    assert dos_meses == sympy.Rational(21, 100)  # «casi el mismo recargo» que el 20 % de PAL-08


def test_the_spanish_names_students_type_give_the_exact_values():
    assert interes.valor_final(2000, interes.TASA_MENSUAL, 6) == Fraction(1771561, 500)
    triple = interes.meses_para(3, interes.TASA_MENSUAL)
    assert (
        triple.meses == 12 and triple.exacto == interest.months_to_reach(3, Fraction(1, 10)).exact
    )
    assert interes.meses_para_doblar(interes.TASA_MENSUAL).meses == 8  # 1,1⁷ < 2 < 1,1⁸
    assert interes.coste_prestamo(2, 3) == 900  # 2 tarjetas × 150 € × 3 meses
    assert interes.regla_del_72(Fraction(6, 100)) == 12
    libreta = interes.tabla_libreta(200, 3)
    assert libreta.columna("al acabar")[-1] == Fraction(3641, 5)  # 200·(1,1 + 1,1² + 1,1³)
    assert [fila.intereses for fila in libreta] == [20, 42, Fraction(662, 10)]
    assert interes.levantar_hipoteca(90_000, tarde=True) == 108_000


# -- the Spanish surface (issue 23, point 3) ---------------------------------------------------

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "04_interes_compuesto.ipynb"


def test_lesson_04_types_only_the_spanish_names():
    code = code_of(LESSON)
    assert code["imports"] <= {
        "fractions",
        "sympy",
        "kit.lessons",
        "kit.lessons.respuestas.interes",
    }
    assert not code["names"] & {"interest", "InterestExplorer"}
    used = code["interes"]
    assert {"tabla_libreta", "tabla_prestamo", "valor_final", "TASA_MENSUAL", "formula"} <= used
    assert used <= set(interes.__all__), used - set(interes.__all__)
    assert not used & english(interest, kit.table), used & english(interest, kit.table)
    from kit.table import Row, Table

    columns = {*interest.SAVINGS_COLUMNS, *interest.LOAN_COLUMNS}  # fila.closing
    tables = (english(Table, Row, interest.TimeToReach) | columns) - used
    others = set().union(*(v for k, v in code.items() if k not in ("imports", "names", "called")))
    assert not others & tables, others & tables
    assert {"columna", "elige", "exacto", "meses"} <= others
    assert code["called"] & {"predice", "acertaste"} == {"predice", "acertaste"}


def test_lesson_04_shows_its_formulas_as_mathematics():
    # sympy alone prints P*(r + 1)**n; the lesson writes P·(1 + r)ⁿ and (1 + r)ⁿ − 1
    P, r, n = sympy.symbols("P r n", positive=True)
    vf = interes.formula(interes.valor_final(P, r, n))
    assert str(vf) == "P·(1 + r)ⁿ" and vf.latex() == r"P \cdot \left(1 + r\right)^{n}"
    assert vf._repr_latex_() == r"$\displaystyle P \cdot \left(1 + r\right)^{n}$"
    assert vf.expr == interest.future_value(P, r, n)  # only the display changes
    serie = str(interes.formula(interes.suma_de_depositos()))
    assert serie == "Σ (k = 1 … n) D·(1 + r)ᵏ = D·(1 + r)·((1 + r)ⁿ − 1)/r"
    _, once = interes.serie_geometrica()
    assert str(interes.formula(once)) == "11·D·((11/10)ⁿ − 1)"
    assert str(interes.formula(interes.limite_continuo(r))) == "eʳ"
    c, m = sympy.symbols("c m", positive=True)
    assert str(interes.formula(interes.coste_prestamo(c, m))) == "150·c·m"
    shown = []
    for cell in nbformat.read(LESSON, as_version=4).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/latex" in data:
                shown.append((data["text/latex"], data.get("text/plain", "")))
    assert len(shown) >= 5
    for latex, text in shown:
        assert "r + 1" not in latex and "r + 1" not in text and "**" not in text, (latex, text)
    assert (vf._repr_latex_(), "P·(1 + r)ⁿ") in shown


def test_the_spanish_names_of_the_lesson_and_its_ampliacion():
    prestamo = interes.tabla_prestamo(1, 12)
    assert prestamo == interest.loan_schedule(1, 12)
    assert sum(prestamo.columna("intereses")) == 1800 == interes.coste_prestamo(1, 12)
    assert prestamo.elige("mes", "deuda", "devuelto").columns == ("month", "opening", "repayment")
    banquero = interes.tabla_libreta({1: 1500}, 12, euros_enteros=True)
    assert banquero.columna("al acabar")[-1] == 4711  # the exact book ends at 4707,64 €
    assert (
        interes.valor_final_cada_mes(100, interes.TASA_MENSUAL, 12)
        == sum(interes.tabla_libreta(100, 12).columna("intereses")) + 1200
    )
    limite = interes.limite_continuo(interes.TASA_MENSUAL)
    assert limite == sympy.exp(sympy.Rational(1, 10))
    assert plain(interes.decimal(limite, 5)) == "1,10517"
    assert plain(interes.porcentaje(interes.tae(interes.TASA_MENSUAL), 2)) == "213,84 %"
    ecuacion = interes.suma_de_depositos()
    assert ecuacion == interest.annuity_derivation("start")
    assert interes.suma_de_depositos(al_final_del_mes=True) == interest.annuity_derivation("end")


def test_the_explorer_in_spanish():
    pytest.importorskip("ipywidgets")
    explorador = interes.explorador(cantidad=1000, tipo=10, meses=6, modo="cada mes")
    assert (explorador.amount.value, explorador.rate.value, explorador.months.value) == (
        1000,
        10,
        6,
    )
    assert explorador.mode.value == "monthly"
    with pytest.raises(ValueError, match='"cada mes"'):
        interes.explorador(modo="monthly")
