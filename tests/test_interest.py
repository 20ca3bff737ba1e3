"""kit.analysis.interest: the formulas are exact, and the schedules add up to them.

Every expected value here is computed independently with plain Fractions (a term-by-term sum, a
loop), never with the function under test, so a wrong formula or a wrong schedule fails.
"""

import math
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.analysis import interest
from kit.analysis.interest import (
    annuity_derivation,
    annuity_future_value,
    continuous_limit,
    doubling_time,
    effective_annual_rate,
    future_value,
    game_round,
    loan_cost,
    loan_schedule,
    months_to_reach,
    mortgage_redemption,
    rule_of_72,
    savings_schedule,
    to_fraction,
    withdrawal_worth_it,
)
from kit.table import Table

ROOT = Path(__file__).resolve().parents[1]
TENTH = Fraction(1, 10)

amounts = st.integers(min_value=0, max_value=10**6)
rates = st.fractions(min_value=Fraction(-9, 10), max_value=3, max_denominator=100)
months = st.integers(min_value=0, max_value=36)


def grow(balance: Fraction, r: Fraction) -> Fraction:
    return balance * (1 + r)


# -- the closed forms against term-by-term sums ------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(P=amounts, r=rates, n=months)
def test_future_value_is_the_balance_left_to_compound(P, r, n):
    balance = Fraction(P)
    for _ in range(n):
        balance = grow(balance, r)
    assert future_value(P, r, n) == balance


@settings(max_examples=150, deadline=None)
@given(D=amounts, r=rates, n=months)
def test_annuity_closed_forms_equal_the_term_by_term_sums(D, r, n):
    during = sum((D * (1 + r) ** k for k in range(1, n + 1)), Fraction(0))
    after = sum((D * (1 + r) ** k for k in range(n)), Fraction(0))
    assert annuity_future_value(D, r, n) == during
    assert annuity_future_value(D, r, n, timing="start") == during
    assert annuity_future_value(D, r, n, timing="end") == after


def test_annuity_closed_forms_derived_by_sympy_summation():
    D, r, n = sympy.symbols("D r n", positive=True)
    start, end = annuity_derivation("start"), annuity_derivation("end")
    assert isinstance(start.lhs, sympy.Sum) and isinstance(end.lhs, sympy.Sum)
    names = {s.name: s for s in end.rhs.free_symbols}
    D, r, n = names["D"], names["r"], names["n"]
    assert sympy.simplify(end.rhs - D * ((1 + r) ** n - 1) / r) == 0
    assert sympy.simplify(start.rhs - D * (1 + r) * ((1 + r) ** n - 1) / r) == 0
    assert sympy.simplify(start.lhs.doit() - start.rhs) == 0


def test_formulas_take_symbols_to_show_themselves_in_latex():
    P, r, n = sympy.symbols("P r n")
    assert future_value(P, r, n) == P * (1 + r) ** n
    assert sympy.latex(future_value(P, r, n)) == r"P \left(r + 1\right)^{n}"
    assert sympy.simplify(annuity_future_value(P, r, n, "end") - P * ((1 + r) ** n - 1) / r) == 0
    assert sympy.expand(effective_annual_rate(r) - ((1 + r) ** 12 - 1)) == 0


def test_annuity_at_zero_rate_is_just_the_deposits_added_up():
    assert annuity_future_value(250, 0, 7) == 1750
    assert annuity_future_value(250, 0, 7, timing="end") == 1750


# -- DDP-17: the savings book ------------------------------------------------------------------


def test_ddp_17_savings_interest_each_month():
    book = savings_schedule([1000], 4)
    assert list(book.column("interest")) == [100, 110, 121, Fraction(1331, 10)]
    assert list(book.column("closing")) == [1100, 1210, 1331, Fraction(14641, 10)]
    assert book.column("closing")[-1] == future_value(1000, TENTH, 4)
    assert list(book.column("opening")[1:]) == list(book.column("closing")[:-1])


def test_ddp_17_deposits_during_the_month_earn_that_months_interest():
    book = savings_schedule(1500, 1)
    assert book.column("interest")[1 - 1] == 150  # deposited by day 23, paid on day 31
    book = savings_schedule(1500, 6)
    assert book.column("closing")[-1] == annuity_future_value(1500, TENTH, 6, timing="start")
    assert book.column("closing")[-1] != annuity_future_value(1500, TENTH, 6, timing="end")


@settings(max_examples=60, deadline=None)
@given(
    deposits=st.lists(st.integers(0, 5000), min_size=1, max_size=18),
    r=st.fractions(min_value=0, max_value=1, max_denominator=20),
)
def test_ddp_17_schedule_totals_equal_the_formulas(deposits, r):
    n = len(deposits)
    book = savings_schedule(deposits, n, r)
    expected = sum((future_value(d, r, n - m) for m, d in enumerate(deposits)), sympy.Integer(0))
    assert book.column("closing")[-1] == expected
    assert sum(book.column("interest")) == expected - sum(deposits)
    if len(set(deposits)) == 1:
        assert book.column("closing")[-1] == annuity_future_value(deposits[0], r, n)


def test_ddp_17_withdrawal_costs_a_flat_150_whatever_the_amount():
    book = savings_schedule({1: 3000}, 4, withdrawals={2: 100, 4: 1000})
    assert list(book.column("fee")) == [0, 150, 0, 150]
    expected = (
        future_value(3000, TENTH, 4) - future_value(100, TENTH, 3) - future_value(1000, TENTH, 1)
    )
    assert book.column("closing")[-1] == expected  # the fee is paid in cash, not from the book


def test_ddp_17_cannot_withdraw_more_than_the_book_holds():
    with pytest.raises(ValueError, match="the book holds only 1100"):
        savings_schedule([1000], 2, withdrawals={2: 1200})


def test_ddp_17_interest_paid_out_in_cash_is_simple_interest():
    book = savings_schedule([1000], 12, interest_to="cash")
    assert set(book.column("interest")) == {100}
    assert book.column("closing")[-1] == 1000
    compounded = savings_schedule([1000], 12)
    extra = sum(compounded.column("interest")) - sum(book.column("interest"))
    assert extra == future_value(1000, TENTH, 12) - (1000 + 1200)


def test_ddp_17_game_rounding_pays_whole_euros_half_up():
    assert [game_round(x) for x in ("150.5", Fraction(1815, 10), "181.4", 0, "-0.5")] == [
        151,
        182,
        181,
        0,
        0,
    ]
    exact_book = savings_schedule([1500], 3)
    game_book = savings_schedule([1500], 3, rounding="game")
    assert list(exact_book.column("interest")) == [150, 165, Fraction(363, 2)]  # 181.50 €
    assert list(game_book.column("interest")) == [150, 165, 182]
    assert exact_book.column("closing")[-1] == Fraction(3993, 2) == future_value(1500, TENTH, 3)
    assert game_book.column("closing")[-1] == 1997  # half a euro more than the formula
    assert all(isinstance(x, int) for x in game_book.column("closing"))


def test_ddp_17_game_rounding_drifts_from_the_formula_over_a_year():
    exact_end = savings_schedule(1500, 12).column("closing")[-1]
    game_end = savings_schedule(1500, 12, rounding="game").column("closing")[-1]
    assert exact_end == annuity_future_value(1500, TENTH, 12)
    assert 0 < game_end - exact_end < 12  # at most half a euro a month, always up here
    assert game_end == round_trip(1500, 12)


def round_trip(deposit: int, n: int) -> int:
    """The game's book by hand: deposit, then interest rounded half up, every month."""
    balance = 0
    for _ in range(n):
        balance += deposit
        balance += math.floor(Fraction(balance, 10) + Fraction(1, 2))
    return balance


def test_schedules_are_light_tables_of_exact_values_shown_in_euros():
    book = savings_schedule(100, 3, Fraction(1, 3))
    assert isinstance(book, Table) and book.columns == interest.SAVINGS_COLUMNS
    assert isinstance(book.column("closing")[0], Fraction)
    assert book.column("month") == [1, 2, 3] == [fila.month for fila in book]
    assert book.row(-1).closing == book.column("closing")[-1] == Fraction(14800, 27)
    assert "548,15\u00a0€" in book._repr_html_()  # 14800/27 = 548.148… rounded to cents
    assert book.labels["interest"] == "Intereses" and book.formats["month"] == "count"
    empty = savings_schedule(100, 0)
    assert len(empty) == 0 and empty.columns == interest.SAVINGS_COLUMNS
    loans = loan_schedule(1, 2)
    assert loans.labels["opening"] == "Deuda" and loans.columns == interest.LOAN_COLUMNS


# -- DDP-16: loans -----------------------------------------------------------------------------


def test_ddp_16_one_card_for_three_months_costs_450_of_interest():
    assert loan_cost(1, 3) == 450
    assert loan_cost(1, 3, TENTH) == 3 * 150


def test_ddp_16_loan_interest_includes_the_month_of_repayment():
    loans = loan_schedule(1, 3)  # taken in month 1, handed back on the third payday
    assert list(loans.column("interest")) == [150, 150, 150]
    assert list(loans.column("repaid_cards")) == [0, 0, 1]
    assert loans.column("opening")[3 - 1] == 1500 and loans.column("closing")[3 - 1] == 0
    assert sum(loans.column("interest")) == loan_cost(1, 3) == 450


def test_ddp_16_loans_are_taken_and_repaid_in_whole_cards():
    loans = loan_schedule(3, 4, repayments={2: 1, 4: 2})
    assert list(loans.column("opening")) == [4500, 4500, 3000, 3000]
    assert list(loans.column("interest")) == [450, 450, 300, 300]
    assert sum(loans.column("interest")) == loan_cost(1, 2) + loan_cost(2, 4)
    with pytest.raises(ValueError, match="whole cards"):
        loan_schedule(2, 3, repayments={2: Fraction(1, 2)})
    with pytest.raises(ValueError, match="cannot repay 2 cards, only 1 still held"):
        loan_schedule(2, 3, repayments=[1, 2])


def test_ddp_16_cards_not_repaid_stay_as_debt():
    loans = loan_schedule(2, 3, repayments={})
    assert loans.column("closing")[-1] == 3000
    assert sum(loans.column("interest")) == loan_cost(2, 3)


@settings(max_examples=100, deadline=None)
@given(cards=st.integers(0, 10), n=months, r=st.fractions(0, 1, max_denominator=40))
def test_ddp_16_loan_schedule_totals_equal_loan_cost(cards, n, r):
    loans = loan_schedule(cards, n, r)
    assert sum(loans.column("interest"), Fraction(0)) == loan_cost(cards, n, r)
    assert loan_cost(cards, n, r) == 1500 * cards * r * n


def test_ddp_16_a_loans_debt_never_grows_but_its_payments_would_have():
    assert loan_cost(1, 12) == 1800  # twelve payments of 150 €: the debt stays 1500 €
    grown = Fraction(0)
    for _ in range(12):  # each payment, deposited the month after, grows to the end
        grown = grow(grown, TENTH) + 150
    assert grown == future_value(1500, TENTH, 12) - 1500 == Fraction(32076425650815, 10**10)
    assert withdrawal_worth_it(1, 12).interest_saved_grown == grown  # 3207.64 €, not 1800 €


def test_ddp_16_ddp_17_a_loan_paid_every_month_has_the_books_tae():
    """The loan at 10 % a month, its interest paid each payday, is not a cheaper «120 % simple
    interest»: its monthly rate of return is 10 % (the cash flows +1500, −150 × 12, −1500 are
    worth 0 at 10 %), so its TAE is the book's, (11/10)^12 − 1 = 213.84 %."""
    tae = Fraction(11, 10) ** 12 - 1
    book = savings_schedule([1500], 12)
    book_tae = book.column("closing")[-1] / 1500 - 1
    payments = loan_schedule(1, 12).column("interest")
    assert list(payments) == [150] * 12
    flows = [Fraction(1500)] + [-Fraction(p) for p in payments]
    flows[-1] -= 1500  # the card handed back on the last payday
    assert sum(f / Fraction(11, 10) ** m for m, f in enumerate(flows)) == 0
    loan_tae = withdrawal_worth_it(1, 12).interest_saved_grown / interest.LOAN_CARD
    assert loan_tae == book_tae == tae == effective_annual_rate(TENTH)
    assert tae > 12 * TENTH  # 213.84 %, not 120 %


def repay_now_minus_wait(cards, left, loan_rate, savings_rate, fee, deposit_savings=True):
    """Both ways played month by month (DDP-16, DDP-17, DDP-18), with the same pay each payday
    set aside for the loan's interest: money at the end if the cards are repaid now from the
    book, minus money at the end if book and cards are kept."""
    money = Fraction(1500 * cards)
    book = money  # waiting: the book grows; the set-aside pay goes to the bank each payday
    for _ in range(left):
        book = grow(book, savings_rate)
    waiting = book - money  # the cards still owed are subtracted (DDP-18)
    book, kept = Fraction(0), Fraction(0)  # repaying: the set-aside pay is now yours
    for _ in range(left):
        if deposit_savings:  # last payday's goes into the book by day 23 (DDP-17)
            book, kept = book + kept, Fraction(0)
        book = grow(book, savings_rate)
        kept += money * loan_rate
    return book + kept - fee - waiting  # the fee was paid now, in cash


def test_ddp_16_ddp_17_at_the_games_equal_rates_repaying_early_costs_just_the_fee():
    verdict = withdrawal_worth_it(1, 3)
    assert verdict.interest_saved == 450
    assert verdict.interest_saved_grown == 150 * (Fraction(121, 100) + Fraction(11, 10) + 1)
    assert verdict.savings_interest_lost == Fraction(993, 2) == verdict.interest_saved_grown
    assert verdict.fee == 150 and verdict.gain_if_deposited == -150 and not verdict.worth_it
    assert verdict.gain_if_kept_in_cash == Fraction(-393, 2)  # the old «never pays» sum
    for cards in range(1, 4):
        for left in range(37):
            verdict = withdrawal_worth_it(cards, left)
            assert (
                verdict.gain_if_deposited
                == -150
                == repay_now_minus_wait(cards, left, TENTH, TENTH, 150)
            )
            assert verdict.gain_if_kept_in_cash == repay_now_minus_wait(
                cards, left, TENTH, TENTH, 150, deposit_savings=False
            )
    assert withdrawal_worth_it(2, 5, fee=0).gain_if_deposited == 0  # no fee: nothing decides


def test_ddp_16_ddp_17_repaying_pays_when_the_book_earns_less_than_the_loan_costs():
    # exercise interes-15: the book at 5 %, one card, 4 months left
    cheap_book = withdrawal_worth_it(1, 4, savings_rate="5 %")
    assert cheap_book.interest_saved == 600
    assert cheap_book.interest_saved_grown == Fraction(517215, 800)  # 646.52 €
    assert cheap_book.savings_interest_lost == Fraction(517215, 1600)  # 323.26 €
    assert cheap_book.gain_if_deposited == Fraction(277215, 1600)  # 173.26 €
    assert cheap_book.gain_if_kept_in_cash == Fraction(202785, 1600)  # 126.74 €
    assert cheap_book.worth_it
    # the lesson's book at 6 %: from 3 months left on
    six = [withdrawal_worth_it(1, k, savings_rate="6 %").worth_it for k in range(1, 7)]
    assert six == [False, False, True, True, True, True]
    # a dearer loan that still does not beat the fee: 300 − 150 − 150 = 0, not more
    dear = withdrawal_worth_it(1, 1, loan_rate="20 %")
    assert (dear.interest_saved_grown, dear.savings_interest_lost, dear.gain_if_deposited) == (
        300,
        150,
        0,
    )
    assert not dear.worth_it
    assert withdrawal_worth_it(1, 2, loan_rate="20 %").gain_if_deposited == 165  # 630 − 315 − 150


@settings(max_examples=80, deadline=None)
@given(
    cards=st.integers(0, 4),
    left=months,
    loan=st.fractions(0, 1, max_denominator=20),
    book=st.fractions(0, 1, max_denominator=20),
    fee=st.integers(0, 300),
)
def test_ddp_16_ddp_17_the_verdict_is_both_ways_played_month_by_month(cards, left, loan, book, fee):
    verdict = withdrawal_worth_it(cards, left, loan_rate=loan, savings_rate=book, fee=fee)
    assert verdict.gain_if_deposited == repay_now_minus_wait(cards, left, loan, book, fee)
    assert verdict.gain_if_kept_in_cash == repay_now_minus_wait(
        cards, left, loan, book, fee, deposit_savings=False
    )
    assert verdict.worth_it == (verdict.gain_if_deposited > 0)
    if cards and left:
        same_rate = verdict.gain_if_deposited == -fee
        assert same_rate == (loan == book)


# -- growth: doubling, rule of 72, effective rate, the continuous limit -----------------------


def test_doubling_at_10_percent_takes_between_7_and_8_months():
    time = doubling_time(TENTH)
    assert time.exact == sympy.log(2) / sympy.log(sympy.Rational(11, 10))
    assert 7 < time.exact < 8
    assert sympy.N(time.exact, 6) == pytest.approx(7.27254, abs=1e-5)
    assert time.months == 8
    assert Fraction(11, 10) ** 7 < 2 < Fraction(11, 10) ** 8


def test_rule_of_72_says_7_2_months_a_little_short_of_the_truth():
    assert rule_of_72(TENTH) == Fraction(36, 5) == sympy.Rational("7.2")
    assert rule_of_72(TENTH) < doubling_time(TENTH).exact
    assert abs(rule_of_72(TENTH) / doubling_time(TENTH).exact - 1) < Fraction(1, 100)
    assert rule_of_72("1 %") == 72 > 70 > doubling_time("1 %").exact > 69  # it overshoots here


@settings(max_examples=100, deadline=None)
@given(
    factor=st.fractions(min_value=Fraction(101, 100), max_value=50, max_denominator=100),
    r=st.fractions(min_value=Fraction(1, 100), max_value=2, max_denominator=100),
)
def test_months_to_reach_is_the_first_month_that_gets_there(factor, r):
    time = months_to_reach(factor, r)
    assert (1 + r) ** time.months >= factor > (1 + r) ** (time.months - 1)
    assert time.months - 1 < sympy.N(time.exact, 30) <= time.months


def test_months_to_reach_an_exact_power_takes_exactly_that_many_months():
    # log(1.1^k)/log(1.1) is k exactly, but the float estimate can land just above k
    for k in range(1, 40):
        assert months_to_reach(Fraction(11, 10) ** k, TENTH).months == k
        assert months_to_reach(Fraction(4, 3) ** k, Fraction(1, 3)).months == k  # float: k + 1


def test_months_to_reach_shrinking_money_and_impossible_goals():
    assert months_to_reach(Fraction(1, 2), Fraction(-1, 10)).months == 7  # 0.9⁷ ≈ 0.478
    assert months_to_reach(1, TENTH) == (0, 0)
    with pytest.raises(ValueError, match="never grows"):
        months_to_reach(2, 0)
    with pytest.raises(ValueError, match="never grows"):
        months_to_reach(2, "-5 %")


def test_effective_annual_rate_of_10_percent_a_month_is_exact():
    assert effective_annual_rate(TENTH) == Fraction(2138428376721, 10**12)  # ≈ 213.8 %, not 120 %
    assert effective_annual_rate(TENTH) == Fraction(11, 10) ** 12 - 1
    assert effective_annual_rate(TENTH, 1) == TENTH


def test_continuous_limit_is_e_to_the_r():
    assert continuous_limit(TENTH) == sympy.exp(sympy.Rational(1, 10))
    r = sympy.Symbol("r", positive=True)
    assert continuous_limit(r) == sympy.exp(r)
    steps = [(1 + TENTH / k) ** k for k in (1, 12, 365)]
    assert steps == sorted(steps) and all(s < sympy.exp(sympy.Rational(1, 10)) for s in steps)


# -- PAL-08 / SUP-07: mortgages ----------------------------------------------------------------


def test_pal_08_sup_07_redemption_at_once_costs_10_percent():
    assert mortgage_redemption(30000) == 33000
    assert mortgage_redemption(25) == Fraction(55, 2)  # exact, even when not whole


def test_pal_08_sup_07_late_redemption_costs_20_percent():
    assert mortgage_redemption(30000, late=True) == 36000
    assert mortgage_redemption(30000, late=True) - mortgage_redemption(30000) == 3000
    with pytest.raises(ValueError, match="True or False"):
        mortgage_redemption(30000, late="yes")


# -- input -------------------------------------------------------------------------------------


def test_numbers_are_read_as_written():
    assert to_fraction(0.1) == TENTH == to_fraction("0.1") == to_fraction("1/10")
    assert to_fraction("10 %") == TENTH == to_fraction("0,1")
    assert to_fraction(sympy.Rational(1, 10)) == TENTH
    assert future_value(100, 0.1, 1) == 110  # not 110.00000000000001


BAD_CALLS = [
    (lambda: future_value(100, TENTH, -1), "cannot be negative"),
    (lambda: future_value(100, TENTH, 2.5), "whole number"),
    (lambda: future_value("lots", TENTH, 2), "not a number"),
    (lambda: future_value(None, TENTH, 2), "must be a number"),
    (lambda: future_value(100, True, 2), "must be a number"),
    (lambda: future_value(100, -1, 2), "more than -100 %"),
    (lambda: future_value(100, "-150 %", 2), "more than -100 %"),
    (lambda: future_value(100, float("nan"), 2), "finite"),
    (lambda: annuity_future_value(100, TENTH, 3, timing="middle"), "'start' or 'end'"),
    (lambda: loan_cost(-1, 3), "cannot be negative"),
    (lambda: loan_cost(1, 3, -2), "more than -100 %"),
    (lambda: months_to_reach(0, TENTH), "more than 0"),
    (lambda: rule_of_72(0), "positive rate"),
    (lambda: effective_annual_rate(-1), "more than -100 %"),
    (lambda: mortgage_redemption(-100), "cannot be negative"),
    (lambda: withdrawal_worth_it(1, -1), "cannot be negative"),
    (lambda: savings_schedule(-100, 3), "cannot be negative"),
    (lambda: savings_schedule(100, -3), "cannot be negative"),
    (lambda: savings_schedule(100, 3, rounding="up"), "'exact' or 'game'"),
    (lambda: savings_schedule([1, 2, 3, 4], 3), "4 deposits given for only 3 months"),
    (lambda: savings_schedule({5: 100}, 3), "outside months 1 to 3"),
    (lambda: loan_schedule(1, 3, "abc"), "not a number"),
    (lambda: game_round([]), "must be a number"),
]


@pytest.mark.parametrize(("call", "message"), BAD_CALLS)
def test_bad_input_raises_a_plain_value_error(call, message):
    with pytest.raises(ValueError, match=message) as error:
        call()
    assert error.value.__cause__ is None and "\n" not in str(error.value)


# -- a light module ----------------------------------------------------------------------------


def test_importing_interest_needs_no_numpy_pandas_sympy_or_matplotlib(run_light):
    out = run_light(
        """
        import kit.analysis.interest as interest
        print(interest.to_fraction("10 %"), interest.game_round("150.5"))
        """
    )
    assert out == ["1/10 151"]


def test_interest_does_not_import_the_game_engines():
    source = (ROOT / "kit" / "analysis" / "interest.py").read_text(encoding="utf-8")
    assert "kit.games" not in source and "import kit" not in source


def test_the_lessons_constants_are_the_rule_sets_own_numbers():
    """The formulas' named numbers must be the games' data (DDP-16, DDP-17, PAL-08, SUP-07):
    a teacher who edits a rule set sees this test fail rather than a lesson drift."""
    from kit.analysis import interest
    from kit.games.dia_de_paga.load import load_rules as ddp_rules
    from kit.games.property.load import load_rules

    ddp = ddp_rules("dia_de_paga")
    assert interest.MONTHLY_RATE == ddp.savings_interest == ddp.loan_interest
    assert ddp.loan_unit == interest.LOAN_CARD
    assert ddp.withdrawal_fee == interest.WITHDRAWAL_FEE
    for name in ("el_pale", "superpoly"):
        rules = load_rules(name)
        assert rules.mortgage_interest == interest.MORTGAGE_REDEMPTION
        assert rules.late_mortgage_interest == interest.LATE_MORTGAGE_REDEMPTION
