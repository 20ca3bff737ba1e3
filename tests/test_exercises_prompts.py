"""What the exercise prompts, their options and the guides' model answers state, recomputed by
the kit (issue 23, point 1: the loan's finance message; tablero-11's street)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from kit.analysis import interest
from kit.exercises.regenerate import OPTION_TEXTS, option_texts
from kit.lessons import tablero
from kit.table import format_decimal, format_euros, format_percent

ROOT = Path(__file__).resolve().parents[1]


def es(text: str) -> str:
    """Spanish number text in one spelling: 1500 and 1 500, 3207,64 € and 3 207,64 € alike."""
    flat = " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").replace("-", "−").split())
    return re.sub(r"(?<=\d) (?=\d{3}\b)", "", flat)


def prompt_and_solution(stem: str, exercise_id: str) -> tuple[str, str]:
    """Exercise N's prompt (the markdown cell «### N.») and the code cell after it."""
    cells = json.loads((ROOT / "exercises" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    heading = f"### {exercise_id.rsplit('-', 1)[1]}. "
    for k, cell in enumerate(cells):
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and text.startswith(heading):
            code = next(c for c in cells[k + 1 :] if c["cell_type"] == "code")
            return text, "".join(code["source"])
    raise AssertionError(f"no prompt for {exercise_id} in {stem}")


def guide(stem: str) -> str:
    return es((ROOT / "docs" / "guia" / f"{stem}.md").read_text(encoding="utf-8"))


def test_tablero_11_names_the_street_that_gets_the_house_and_its_32_rolls():
    deal = tablero.deal("el_pale", 15, 16, level=1)  # the engine puts the house where it pays most
    assert deal.plan.builds == (19,) and deal.spent == deal.plan.loan  # one house, the whole loan
    street = tablero.name(19, "el_pale")
    assert street == "19 Carrera de San Jerónimo"
    assert tablero.deal_on("el_pale", 15, [19], level=1).rolls == deal.rolls
    shown = format_decimal(deal.rolls, 1)
    assert shown == "32,0"
    prompt, solution = prompt_and_solution("02_tablero", "tablero-11")
    flat = es(prompt)
    assert "Carrera de San Jerónimo** (casilla 19)" in flat and "Estación de Delicias" in flat
    assert 'tablero.trato("el_pale", 15, 16, casas=1)' in solution
    row = guide("02_tablero").split("| 11 | reto | kit |")[1].split("|")[0]
    assert f"{shown} tiradas" in row and "Carrera de San Jerónimo (casilla 19)" in row
    sums = f"{deal.cost} ÷ ({format_decimal(deal.gained, 1)} − {format_decimal(deal.lost, 1)})"
    assert es(sums) in row


def test_interes_9_the_right_option_is_the_same_tae_and_simple_interest_a_distractor():
    prompt, solution = prompt_and_solution("04_interes_compuesto", "interes-9")
    options = dict(re.findall(r"^([a-d])\) (.*?)\s*$", prompt, re.M))
    (right,) = re.findall(r'respuesta_9 = "([a-d])"', solution)
    assert "misma TAE" in options[right]
    simple = [letter for letter, text in options.items() if "interés simple" in text]
    assert simple and right not in simple
    paid = interest.loan_cost(1, 12)
    grown = interest.withdrawal_worth_it(1, 12).interest_saved_grown
    ana = Fraction(str(interest.future_value(1500, interest.MONTHLY_RATE, 12))) - 1500
    assert grown == ana > paid  # Luis's payments, deposited, are worth what Ana earns
    assert grown / interest.LOAN_CARD == (1 + interest.MONTHLY_RATE) ** 12 - 1
    said = es(" ".join(options.values()))
    assert f"{es(format_euros(paid)).replace(',00', '')}" in said
    assert es(format_euros(ana)) in said
    texts = option_texts(ROOT / "exercises" / OPTION_TEXTS)["interes-9"]
    why = es(" ".join(text["es"] for text in texts.values()))
    assert es(format_euros(ana)) in why and es(format_euros(paid)).replace(",00", "") in why
    row = guide("04_interes_compuesto").split("| 9 | medio | elegir |")[1].split("\n")[0]
    assert f"**{right}** (misma TAE, {es(format_percent(ana / 1500, 2))})" in row


def test_interes_15_retirar_with_the_saved_interest_in_the_book_at_5_percent():
    verdict = interest.withdrawal_worth_it(1, 4, savings_rate=Fraction(5, 100))
    assert verdict.worth_it and verdict.gain_if_kept_in_cash > 0  # «retirar» either way
    prompt, solution = prompt_and_solution("04_interes_compuesto", "interes-15")
    assert "los intereses que dejas de pagar cada mes los metes en esa libreta" in es(prompt)
    assert "withdrawal_worth_it(1, 4, savings_rate=Fraction(5, 100))" in solution
    row = guide("04_interes_compuesto").split('| 15 | reto, a mano | texto | "retirar":')[1]
    row = row.split("\n")[0]
    for amount in (
        verdict.interest_saved,
        verdict.interest_saved_grown,
        verdict.savings_interest_lost,
        verdict.fee,
    ):
        assert es(format_euros(amount)).replace(",00", "") in row, amount
    assert f"ganas {es(format_euros(verdict.gain_if_deposited))}" in row
    assert f"({es(format_euros(verdict.gain_if_kept_in_cash))} si" in row


def test_interes_16s_model_answer_says_same_tae_and_only_the_fee_decides():
    text = guide("04_interes_compuesto")
    answer = text.split("**Modelo de respuesta, ejercicio 16.**")[1]
    three = interest.withdrawal_worth_it(1, 3)
    assert three.interest_saved_grown == three.savings_interest_lost
    assert three.gain_if_deposited == -three.fee
    tae = Fraction(str(interest.effective_annual_rate(interest.MONTHLY_RATE)))
    assert f"la misma TAE, {es(format_percent(tae, 2))}" in answer
    grown = es(format_euros(three.interest_saved_grown))
    assert f"valen {grown} y la libreta habría ganado {grown}" in answer
    assert f"{es(format_euros(three.gain_if_kept_in_cash))} con 3 meses" in answer
    assert "interés simple: siempre" not in answer and "cada vez más negativa" not in answer
    prompt, _ = prompt_and_solution("04_interes_compuesto", "interes-16")
    assert "que puedes meter en la libreta" in es(prompt)
