"""The interest explorer without a browser: moving a slider is setting its value from Python.

The exact amounts expected here come from kit.analysis.interest, which tests/test_interest.py
checks against term-by-term sums; this file checks that the explorer shows them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.analysis import interest
from kit.messages import set_language
from kit.widgets import DiceLab, InterestExplorer
from kit.widgets.interest import MAX_AMOUNT, MAX_MONTHS, MAX_RATE, MODES, euros, view_model

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def shown_exact(explorer: InterestExplorer) -> str:
    """The exact amount the result line shows, as text ('9415285130163/2000000000')."""
    match = re.search(r"\((?:exacto|exactly): ([0-9/]+)\)", explorer.result.value)
    assert match, explorer.result.value
    return match.group(1)


def test_the_default_is_one_deposit_of_1500_for_a_year_at_ten_percent():
    explorer = InterestExplorer()
    expected = interest.future_value(1500, Fraction(1, 10), 12)
    assert explorer.final == expected
    assert shown_exact(explorer) == str(expected)
    assert "4707,64\u00a0€" in explorer.result.value
    assert explorer.formula.value.count("$$") == 2
    assert explorer.table.value.count("<tr>") == 12 + 1  # a header and one row a month


def test_moving_a_slider_updates_the_final_amount_exactly():
    explorer = InterestExplorer()
    explorer.months.value = 24
    assert shown_exact(explorer) == str(interest.future_value(1500, Fraction(1, 10), 24))
    explorer.rate.value = 5
    assert shown_exact(explorer) == str(interest.future_value(1500, Fraction(5, 100), 24))
    explorer.amount.value = 200
    assert explorer.final == interest.future_value(200, Fraction(5, 100), 24)
    assert explorer.table.value.count("<tr>") == 24 + 1


def test_deposits_every_month_follow_the_annuity_formula():
    explorer = InterestExplorer(amount=100, months=12, mode="monthly")
    expected = interest.annuity_future_value(100, Fraction(1, 10), 12)
    assert shown_exact(explorer) == str(expected)
    last_row = explorer.table.value.rsplit("<tr>", 1)[1]
    assert euros(Fraction(str(expected))) in last_row  # the table ends where the formula does


def test_loans_come_in_whole_cards_and_cost_simple_interest():
    explorer = InterestExplorer(mode="loan")
    explorer.amount.value = 4000  # not whole cards: the slider moves back to 2 cards
    assert explorer.amount.value == 3000
    assert explorer.final == 3000 + interest.loan_cost(2, 12)
    assert shown_exact(explorer) == "6600"
    explorer.months.value = 3
    assert explorer.final == 3000 + interest.loan_cost(2, 3)


def test_switching_to_loan_snaps_the_amount_to_cards():
    explorer = InterestExplorer(amount=700)
    explorer.mode.value = "loan"
    assert explorer.amount.value == 1500 and explorer.amount.step == 1500
    explorer.mode.value = "once"
    assert explorer.amount.step == 100


def test_zero_rate_and_zero_months_are_shown_not_divided_by():
    explorer = InterestExplorer(amount=100, rate=0, months=12, mode="monthly")
    assert explorer.final == 1200
    explorer.months.value = 0
    assert explorer.final == 0 and explorer.table.value == ""
    explorer.mode.value = "once"
    assert explorer.final == 100


@settings(max_examples=60, deadline=None)
@given(
    mode=st.sampled_from(MODES),
    amount=st.integers(-(10**9), 10**9),
    rate=st.integers(-(10**6), 10**6),
    months=st.integers(-(10**6), 10**6),
)
def test_bad_slider_values_are_clamped_and_never_crash(mode, amount, rate, months):
    explorer = InterestExplorer(mode=mode)
    explorer.amount.value = amount
    explorer.rate.value = rate
    explorer.months.value = months
    assert 0 <= explorer.amount.value <= MAX_AMOUNT
    assert 0 <= explorer.rate.value <= MAX_RATE
    assert 0 <= explorer.months.value <= MAX_MONTHS
    assert explorer.final is not None and explorer.final >= 0
    assert shown_exact(explorer) == str(explorer.final)


@pytest.mark.parametrize("value", ["diez", None, [10]])
def test_a_value_of_the_wrong_type_is_refused_and_the_explorer_keeps_working(value):
    explorer = InterestExplorer()
    with pytest.raises(Exception, match="trait"):
        explorer.rate.value = value
    assert explorer.rate.value == 10
    assert explorer.final == interest.future_value(1500, Fraction(1, 10), 12)


def test_a_fractional_value_is_cast_to_a_whole_one():
    explorer = InterestExplorer()
    explorer.rate.value = 7.9
    assert explorer.rate.value == 7
    assert explorer.final == interest.future_value(1500, Fraction(7, 100), 12)


def test_an_unknown_mode_is_refused_with_a_plain_message():
    with pytest.raises(ValueError, match="mode must be one of"):
        InterestExplorer(mode="hipoteca")


def test_labels_follow_the_class_language():
    explorer = InterestExplorer()
    assert explorer.rate.description == "Interés (% al mes)"
    set_language("en")
    bundle, _ = explorer._repr_mimebundle_()
    assert explorer.rate.description == "Interest (% a month)"
    assert "4,707.64\u00a0€" in explorer.result.value
    assert "Savings: one deposit" in [label for label, _ in explorer.mode.options]
    assert "Compound interest explorer" in bundle["text/html"]


def test_display_is_deterministic_and_has_no_memory_address():
    a, b = InterestExplorer(months=6), InterestExplorer(months=6)
    bundle_a, _ = a._repr_mimebundle_()
    bundle_b, _ = b._repr_mimebundle_()
    assert bundle_a["text/plain"] == "InterestExplorer(mode='once', amount=1500, rate=10, months=6)"
    assert bundle_a["text/html"] == bundle_b["text/html"]
    assert "0x" not in bundle_a["text/plain"] + bundle_a["text/html"]
    assert set(bundle_a) == {"text/plain", "text/html", "application/vnd.jupyter.widget-view+json"}


def test_the_dice_lab_is_still_exported():
    assert DiceLab(seed=1).seed == 1


# -- the view model: a pure function giving plain JSON ------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_the_view_model_is_plain_json_and_pure(mode):
    view = view_model(mode, 3000, 10, 4)
    assert json.loads(json.dumps(view)) == view
    assert view_model(mode, 3000, 10, 4) == view
    assert len(view["rows"]) == 4 and all(len(row) == len(view["headers"]) for row in view["rows"])


def test_the_view_model_states_the_exact_amounts_of_the_analysis():
    r = Fraction(1, 10)
    assert view_model("once", 1500, 10, 12)["final"] == str(interest.future_value(1500, r, 12))
    monthly = view_model("monthly", 100, 10, 12)
    assert monthly["final"] == str(interest.annuity_future_value(100, r, 12))
    assert monthly["rows"][-1][-1] == euros(Fraction(monthly["final"]))
    loan = view_model("loan", 4500, 10, 3)
    assert loan["final"] == str(4500 + interest.loan_cost(3, 3))
    assert [row[2] for row in loan["rows"]] == [euros(450)] * 3  # 10 % of 3 cards, every month


def test_the_view_model_refuses_an_unknown_mode():
    with pytest.raises(ValueError, match="mode"):
        view_model("hipoteca", 1500, 10, 12)


def test_euros_round_half_up_to_cents_in_the_class_language():
    assert euros(Fraction(9415285130163, 2000000000)) == "4707,64\u00a0€"
    assert euros(Fraction(1, 200)) == "0,01\u00a0€"
    assert euros(-Fraction(1, 1000)) == "0,00\u00a0€"
    set_language("en")
    assert euros(1500) == "1,500.00\u00a0€"


LIGHT = """
import sys
import kit.widgets
from kit.widgets import DiceLab, InterestExplorer
heavy = {"numpy", "pandas", "sympy", "matplotlib"}
print(sorted(m for m in sys.modules if m.split(".")[0] in heavy))
"""


def test_importing_the_explorer_loads_no_heavy_package():
    run = subprocess.run(
        [sys.executable, "-c", LIGHT], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


# -- issue 15: long exact fractions wrap, labels are whole, one card is «1 tarjeta» ----------


def test_a_long_exact_amount_is_approximate_in_the_formula_and_exact_in_the_wrapped_result():
    explorer = InterestExplorer(amount=1500, rate=10, months=36)
    exact = interest.future_value(1500, Fraction(1, 10), 36)
    assert len(str(exact)) > 40  # the fraction that ran off the screen
    assert str(exact) not in explorer.formula.value  # the formula ends in ≈ euros …
    assert r"\approx" in explorer.formula.value and euros(exact) in explorer.formula.value
    assert shown_exact(explorer) == str(exact) and explorer.final == exact  # … exact here
    assert "overflow-wrap: anywhere" in explorer.result.value  # wrapped, never cut
    short = InterestExplorer(amount=1500, rate=10, months=2)
    assert r"\approx" not in short.formula.value and "= 1815" in short.formula.value


def test_the_labels_have_room_at_1280_px():
    explorer = InterestExplorer()
    for slider in (explorer.amount, explorer.rate, explorer.months):
        assert int(slider.style.description_width.removesuffix("px")) >= 200
    assert int(explorer.mode.style.button_width.removesuffix("px")) >= 220  # «Ahorro: un depósito»


def test_one_loan_card_is_said_in_the_singular():
    from kit.messages import t

    assert t("interest.loan_cards_one") in view_model("loan", 1500, 10, 3)["notes"]
    assert t("interest.loan_cards", cards=2) in view_model("loan", 3000, 10, 3)["notes"]
