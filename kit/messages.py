"""One catalogue for every string a student or teacher reads: Spanish by default, English too.

Widgets, checks and errors ask `t(key, **values)` for their text, so a class switches language
with one call, `kit.set_language("en")`, and no label is written twice.
"""

from __future__ import annotations

CATALOGUE: dict[str, dict[str, str]] = {
    "es": {
        # dice lab
        "dice.title": "Laboratorio de dados",
        "dice.roll": "Tirar {n}",
        "dice.reset": "Reiniciar",
        "dice.seed": "Semilla",
        "dice.rolls": "Tiradas",
        "dice.doubles_share": "Dobles",
        "dice.exact": "exacto",
        "dice.observed": "observado",
        "dice.sum": "Suma de los dos dados",
        "dice.share": "Proporción",
        "dice.last": "Última tirada",
        "dice.none_yet": "Aún no hay tiradas",
        "dice.bad_count": (
            "No se puede tirar {value!r} veces: escribe un número entero entre 1 y {limit}."
        ),
        "dice.bad_seed": "La semilla debe ser un número entero (por ejemplo 2026), no {value!r}.",
        # interest explorer
        "interest.title": "Explorador de interés compuesto",
        "interest.mode": "Modo",
        "interest.mode_once": "Ahorro: un depósito",
        "interest.mode_monthly": "Ahorro: cada mes",
        "interest.mode_loan": "Préstamo",
        "interest.amount": "Cantidad (€)",
        "interest.rate": "Interés (% al mes)",
        "interest.months": "Meses",
        "interest.formula": "Fórmula",
        "interest.final_savings": "En la libreta al final: {approx} (exacto: {exact})",
        "interest.final_loan": (
            "Devuelto en total (préstamo + intereses): {approx} (exacto: {exact})"
        ),
        "interest.loan_cards": "Los préstamos van en tarjetas de 1500 €: {cards} tarjeta(s).",
        "interest.month": "Mes",
        "interest.opening": "Al empezar",
        "interest.deposit": "Depósito",
        "interest.interest": "Intereses",
        "interest.closing": "Al acabar",
        "interest.debt": "Deuda",
        "interest.repayment": "Devuelto",
        "interest.no_months": "Con 0 meses todavía no ha pasado ningún mes.",
        "interest.error": "No se puede calcular: {error}",
        # numbers as the language writes them (10 000; 16,7 %)
        "number.group": "\u202f",
        "number.decimal": ",",
        "number.percent": "{value}\u00a0%",
        # exercise checks
        "check.right": "✔ ¡Correcto!",
        "check.wrong": "✘ Todavía no.",
        "check.hint": "Pista: {hint}",
        "check.missing": "✘ Todavía no hay respuesta: sustituye ... por tu respuesta.",
        "check.wrong_type": "✘ Se esperaba {expected}; has escrito {got!r}.",
        "check.unknown": "✘ No existe el ejercicio {exercise_id!r}. ¿Has copiado bien el nombre?",
        "kind.number": "un número (entero, fracción como Fraction(2, 3) o decimal)",
        "kind.expression": "una expresión de sympy o un número",
        "kind.text": "un texto entre comillas",
        "check.precision": "(se acepta con {digits} decimales)",
        "kind.expression_in": "una expresión de sympy con {symbols} (o un número)",
        "check.decimal_comma": "En Python los decimales llevan punto, no coma: escribe {number}.",
        "kind.number_set": "un conjunto de números, por ejemplo {{1, 2, 3}}",
        "kind.text_set": 'un conjunto de textos, por ejemplo {{"rojo", "azul"}}',
        # student copies of exercise notebooks
        "student.answer_here": "# Escribe tu respuesta en lugar de ... y ejecuta la celda.",
    },
    "en": {
        "dice.title": "Dice lab",
        "dice.roll": "Roll {n}",
        "dice.reset": "Reset",
        "dice.seed": "Seed",
        "dice.rolls": "Rolls",
        "dice.doubles_share": "Doubles",
        "dice.exact": "exact",
        "dice.observed": "observed",
        "dice.sum": "Sum of the two dice",
        "dice.share": "Share",
        "dice.last": "Last roll",
        "dice.none_yet": "No rolls yet",
        "dice.bad_count": "Cannot roll {value!r} times: type a whole number from 1 to {limit}.",
        "dice.bad_seed": "The seed must be a whole number (for example 2026), not {value!r}.",
        "interest.title": "Compound interest explorer",
        "interest.mode": "Mode",
        "interest.mode_once": "Savings: one deposit",
        "interest.mode_monthly": "Savings: every month",
        "interest.mode_loan": "Loan",
        "interest.amount": "Amount (€)",
        "interest.rate": "Interest (% a month)",
        "interest.months": "Months",
        "interest.formula": "Formula",
        "interest.final_savings": "In the savings book at the end: {approx} (exactly: {exact})",
        "interest.final_loan": "Paid back in all (loan + interest): {approx} (exactly: {exact})",
        "interest.loan_cards": "Loans come in 1500 € cards: {cards} card(s).",
        "interest.month": "Month",
        "interest.opening": "Opening",
        "interest.deposit": "Deposit",
        "interest.interest": "Interest",
        "interest.closing": "Closing",
        "interest.debt": "Debt",
        "interest.repayment": "Repaid",
        "interest.no_months": "With 0 months, no month has gone by yet.",
        "interest.error": "Cannot compute this: {error}",
        "number.group": ",",
        "number.decimal": ".",
        "number.percent": "{value}%",
        "check.right": "✔ Correct!",
        "check.wrong": "✘ Not yet.",
        "check.hint": "Hint: {hint}",
        "check.missing": "✘ No answer yet: replace ... with your answer.",
        "check.wrong_type": "✘ Expected {expected}; you wrote {got!r}.",
        "check.unknown": "✘ There is no exercise {exercise_id!r}. Is the name copied right?",
        "kind.number": "a number (whole, a fraction like Fraction(2, 3), or a decimal)",
        "kind.expression": "a sympy expression or a number",
        "kind.text": "a text in quotes",
        "check.precision": "(accepted to {digits} decimal places)",
        "kind.expression_in": "a sympy expression in {symbols} (or a number)",
        "check.decimal_comma": "Python writes decimals with a point, not a comma: write {number}.",
        "kind.number_set": "a set of numbers, for example {{1, 2, 3}}",
        "kind.text_set": 'a set of texts, for example {{"red", "blue"}}',
        "student.answer_here": "# Write your answer in place of ... and run the cell.",
    },
}

_language = "es"


def set_language(code: str) -> None:
    """Switch every label, check and message to 'es' (Spanish) or 'en' (English)."""
    if code not in CATALOGUE:
        raise ValueError(f"unknown language {code!r}; choose one of {sorted(CATALOGUE)}")
    global _language
    _language = code


def language() -> str:
    return _language


def t(key: str, **values: object) -> str:
    """The text for `key` in the current language, with `values` filled in."""
    return CATALOGUE[_language][key].format(**values)
