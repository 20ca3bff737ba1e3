"""Compound interest, exactly: Día de Paga's savings book and loans, and the property mortgages.

Día de Paga pays 10 % a month on the savings book (DDP-17) and charges 10 % a month on loans
(DDP-16); the property games redeem a mortgage for its value plus 10 %, or plus 20 % when a
buyer redeems it later (PAL-08, SUP-07). This module states that mathematics for a lesson:

* the formulas (future value, the savings annuity, doubling time, effective annual rate, the
  continuous limit) are sympy expressions: exact `Rational`s that a notebook shows in LaTeX, and
  they accept sympy symbols too, so `future_value(P, r, n)` prints the formula itself;
* the month-by-month schedules are `kit.table.Table`s of exact `Fraction`s (or whole euros when
  the game's rounding is asked for), shown in euros and cents, whose totals the tests check
  against the formulas.

Conventions (the rulebook's, where it speaks):

* A month ends on day 31, payday. Savings interest is credited to the book then, on the balance
  at that moment, and it compounds: next month it earns interest too.
* A deposit is made during the month (up to day 23), so it earns that month's interest: the
  savings annuity is an annuity *due*, D(1+r)((1+r)^n - 1)/r. The textbook ordinary annuity
  (deposit after the interest), D((1+r)^n - 1)/r, is available with ``timing="end"``.
* A loan card (1500 €) pays interest on every payday while it is held, including the payday on
  which it is handed back (DDP-16). The interest is paid in cash, so the debt never grows and
  the payments add up to 150 € a card a month. That is not a cheaper "simple interest": each
  150 € leaves your pocket that month, money that could have grown in the book, so a loan at
  10 % a month paid monthly has the book's TAE, (1.1)^12 - 1 = 213.84 %.
* Exact by default. ``rounding="game"`` rounds each month's interest half up to whole euros,
  as a banker paying in notes would; `game_round` is that rule.

sympy is imported inside the functions that use it, so importing this module is as light as
the games (DESIGN.md, "A light core"); the schedules need only the standard library, so they run
in an offline JupyterLite site too.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from kit.messages import t
from kit.plain_calls import plain
from kit.table import Table

if TYPE_CHECKING:  # pragma: no cover - only for type checkers
    import sympy

MONTHLY_RATE = Fraction(1, 10)
"""Día de Paga's rate, for savings (DDP-17) and for loans (DDP-16): 10 % a month."""
LOAN_CARD = 1500
"""One loan card is worth 1500 €; loans are taken and repaid in whole cards (DDP-16)."""
WITHDRAWAL_FEE = 150
"""The flat fee for any withdrawal from the savings book, however much (DDP-17)."""
MORTGAGE_REDEMPTION = Fraction(1, 10)
"""Redeeming a mortgage costs its value plus 10 % (PROP-13, PAL-08, SUP-07) ..."""
LATE_MORTGAGE_REDEMPTION = Fraction(1, 5)
"""... or plus 20 % when the buyer of a mortgaged property redeems it later (PAL-08, SUP-07)."""

Number = int | Fraction | float | Decimal | str
"""A number as a teacher types it: 1500, Fraction(1, 10), 0.1, '1/10' or '10 %'."""
if TYPE_CHECKING:
    Symbolic = Number | sympy.Expr
    """A number, or a sympy symbol or expression to show the formula itself."""
else:  # sympy is not imported until a formula is asked for
    Symbolic = Number
PerMonth = Number | Sequence[Number] | Mapping[int, Number] | None
"""One amount for every month, a list (month 1 first) or a dict {month: amount}."""
Timing = Literal["start", "end"]
Rounding = Literal["exact", "game"]


# -- plain numbers in, exact numbers out -------------------------------------------------------


def to_fraction(value: Any, name: str = "the value") -> Fraction:
    """Any number a teacher might type, as an exact Fraction.

    Floats are read as written, so 0.1 means exactly 1/10 (not the binary float near it);
    text may be '1/10', '0.1' or '10 %'. Anything else is refused with a plain message.
    """
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a number, not {value!r}")
    if isinstance(value, numbers.Rational):  # int, Fraction, sympy Integer and Rational
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Decimal | numbers.Real):  # float, Decimal, numpy and sympy floats
        if not math.isfinite(float(value)):
            raise ValueError(f"{name} must be a finite number; got {value!r}")
        return Fraction(str(value)) if isinstance(value, Decimal) else Fraction(repr(float(value)))
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        percent = text.endswith("%")
        try:
            number = Fraction(text.rstrip("%").strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{name} is not a number: {value!r}") from None
        return number / 100 if percent else number
    raise ValueError(f"{name} must be a number such as 1500, 0.1 or '1/10'; got {value!r}")


def _rate(value: Any, name: str = "the rate") -> Fraction:
    """An interest rate per month; at -100 % or below the money would vanish or turn negative."""
    r = to_fraction(value, name)
    if r <= -1:
        raise ValueError(f"{name} must be more than -100 % (more than -1); got {r}")
    return r


def _months(value: Any, name: str = "the number of months") -> int:
    """A whole, non-negative number of months."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number such as 3; got {value!r}")
    if value < 0:
        raise ValueError(f"{name} cannot be negative; got {value}")
    return int(value)


def _amount(value: Any, name: str) -> Fraction:
    """Money that cannot be negative: a deposit, a withdrawal, a fee, a property's value."""
    amount = to_fraction(value, name)
    if amount < 0:
        raise ValueError(f"{name} cannot be negative; got {amount}")
    return amount


def game_round(amount: Number) -> int:
    """Whole euros, half up (150.5 € -> 151 €): how the game's banker pays an interest."""
    return math.floor(to_fraction(amount, "the amount") + Fraction(1, 2))


def _tidy(value: Fraction) -> int | Fraction:
    """1500 rather than Fraction(1500, 1) in a table; fractions stay fractions."""
    return int(value) if value.denominator == 1 else value


# -- sympy: the formulas -----------------------------------------------------------------------


def _symbolic(
    value: Symbolic, name: str, check: Callable[[Any, str], Fraction | int] = to_fraction
) -> sympy.Expr:
    """A sympy symbol or expression passes through (to show a formula); a number is checked."""
    import sympy

    if isinstance(value, sympy.Basic) and value.free_symbols:
        return value
    number = check(value, name)
    return sympy.Integer(number) if isinstance(number, int) else sympy.Rational(number)


def future_value(principal: Symbolic, r: Symbolic, n: Symbolic) -> sympy.Expr:
    """P(1+r)^n: what P becomes after n months at r a month, interest left in to compound."""
    P = _symbolic(principal, "the principal")
    rate = _symbolic(r, "the rate", _rate)
    months = _symbolic(n, "the number of months", _months)
    return P * (1 + rate) ** months


def _annuity_symbols() -> tuple[sympy.Symbol, sympy.Symbol, sympy.Symbol]:
    """D, r and n of the annuity formula (the same objects for deriving and substituting)."""
    import sympy

    D, r = sympy.symbols("D r", positive=True)
    return D, r, sympy.Symbol("n", integer=True, positive=True)


@cache
def annuity_derivation(timing: Timing = "start") -> sympy.Equality:
    """The savings book's sum of deposits, summed by sympy into its closed form (D, r, n, k).

    ``timing="start"``: each deposit is made during the month and earns that month's interest,
    as in the savings book, so after n months D(1+r)^n + ... + D(1+r) = D(1+r)((1+r)^n - 1)/r.
    ``timing="end"``: each deposit comes after the interest, D(1+r)^(n-1) + ... + D.
    """
    import sympy

    D, r, n = _annuity_symbols()
    k = sympy.Symbol("k", integer=True, positive=True)
    if timing == "start":
        terms = sympy.Sum(D * (1 + r) ** k, (k, 1, n))
    elif timing == "end":
        terms = sympy.Sum(D * (1 + r) ** k, (k, 0, n - 1))
    else:
        raise ValueError(f"timing must be 'start' or 'end'; got {timing!r}")
    closed = sympy.factor(sympy.simplify(terms.doit()))
    return sympy.Eq(terms, closed)


def annuity_future_value(
    deposit: Symbolic, r: Symbolic, n: Symbolic, timing: Timing = "start"
) -> sympy.Expr:
    """The balance after n months of depositing D every month, by the closed form.

    The default timing is the savings book's (deposit during the month, interest at its end):
    D(1+r)((1+r)^n - 1)/r. With ``timing="end"`` it is the textbook D((1+r)^n - 1)/r.
    At r = 0 the formula divides by zero; the balance is then simply n·D.
    """
    equation = annuity_derivation(timing)
    D, r_, n_ = _annuity_symbols()
    values = {
        D: _symbolic(deposit, "the deposit"),
        r_: _symbolic(r, "the rate", _rate),
        n_: _symbolic(n, "the number of months", _months),
    }
    if values[r_] == 0:
        return values[D] * values[n_]
    return equation.rhs.subs(values)


def loan_cost(cards: Symbolic, months: Symbolic, r: Symbolic = MONTHLY_RATE) -> sympy.Expr:
    """The interest paid on loan cards held for a number of paydays (DDP-16): 1500·cards·r·months.

    Count every payday the cards are held, including the one on which they are handed back.
    The interest is paid in cash each payday and never added to the debt: one card for 3 months
    at 10 % pays 3 × 150 = 450 €. These are euros paid at different times; what they would
    have become in the book is `withdrawal_worth_it(...).interest_saved_grown`.
    """
    count = _symbolic(cards, "the number of loan cards", _months)
    held = _symbolic(months, "the number of months", _months)
    return LOAN_CARD * count * _symbolic(r, "the rate", _rate) * held


class TimeToReach(NamedTuple):
    """How long money takes to grow by a factor: exactly (a logarithm) and in whole months."""

    exact: sympy.Expr
    """log(factor)/log(1 + r): not a whole number in general (doubling at 10 % is one)."""
    months: int
    """The first whole month after which the money has really reached the factor."""


def months_to_reach(factor: Number, r: Number) -> TimeToReach:
    """Solve (1+r)^n = factor for n: n = log(factor)/log(1+r), and the whole months needed.

    The whole months are checked with exact powers, not with a rounded logarithm.
    """
    import sympy

    f = to_fraction(factor, "the factor")
    rate = _rate(r)
    if f <= 0:
        raise ValueError(f"the factor must be more than 0; got {f}")
    if f == 1:
        return TimeToReach(sympy.Integer(0), 0)
    grows = f > 1
    if rate == 0 or (rate > 0) != grows:
        direction = "grow" if grows else "shrink"
        raise ValueError(f"at {rate} a month the money never {direction}s by a factor of {f}")
    exact_n = sympy.log(sympy.Rational(f)) / sympy.log(1 + sympy.Rational(rate))

    def reached(n: int) -> bool:
        return (1 + rate) ** n >= f if grows else (1 + rate) ** n <= f

    n = max(1, math.ceil(math.log(f) / math.log(1 + rate)))
    while not reached(n):
        n += 1
    while n > 1 and reached(n - 1):
        n -= 1
    return TimeToReach(exact_n, n)


def doubling_time(r: Number) -> TimeToReach:
    """Months for money to double: log 2/log(1+r) exactly, and the first whole month after it."""
    return months_to_reach(2, r)


def rule_of_72(r: Number) -> sympy.Rational:
    """The bankers' shortcut for the doubling time: 72 divided by the rate in percent.

    The lesson compares the two at the game's 10 % a month.
    """
    import sympy

    rate = _rate(r)
    if rate <= 0:
        raise ValueError(f"the rule of 72 needs a positive rate; got {rate}")
    return sympy.Rational(72) / (100 * sympy.Rational(rate))


def effective_annual_rate(r_month: Symbolic, periods: Symbolic = 12) -> sympy.Expr:
    """(1+r)^12 - 1: the yearly rate that 12 compounded monthly rates amount to.

    At 10 % a month it is far more than 12 × 10 %: the lesson works it out.
    """
    rate = _symbolic(r_month, "the monthly rate", _rate)
    return (1 + rate) ** _symbolic(periods, "the number of periods", _months) - 1


def continuous_limit(r: Symbolic) -> sympy.Expr:
    """lim (1 + r/k)^k as k -> infinity, by sympy: compounding ever more often tends to e^r."""
    import sympy

    k = sympy.Symbol("k", positive=True)
    return sympy.limit((1 + _symbolic(r, "the rate", _rate) / k) ** k, k, sympy.oo)


def mortgage_redemption(value: Number, late: bool = False) -> sympy.Rational:
    """What lifting a mortgage costs: the value + 10 %, or + 20 % when redeemed late.

    PROP-13 and PAL-08/SUP-07: the owner redeems for the mortgage value plus 10 %; a player who
    bought a mortgaged property pays plus 10 % at once, or plus 20 % later. The surcharge is
    flat: it does not grow with time, unlike the Día de Paga interest.
    """
    import sympy

    if not isinstance(late, bool):
        raise ValueError(f"late must be True or False; got {late!r}")
    surcharge = LATE_MORTGAGE_REDEMPTION if late else MORTGAGE_REDEMPTION
    return sympy.Rational(_amount(value, "the mortgage value") * (1 + surcharge))


@dataclass(frozen=True)
class WithdrawalVerdict:
    """The sums behind "should I pay the 150 € fee to repay my loan early?" (euros at the end)."""

    interest_saved: Fraction
    """The loan interest no longer paid on the paydays still to come, as paid (in cash)."""
    interest_saved_grown: Fraction
    """The same payments, each deposited in the book the month after (by day 23, DDP-17), as
    they stand at the end: at equal rates, exactly `savings_interest_lost`."""
    savings_interest_lost: Fraction
    """The interest the withdrawn money would have earned in the book."""
    fee: Fraction
    """The withdrawal fee (DDP-17), paid in cash and counted as it is."""

    @property
    def gain_if_deposited(self) -> Fraction:
        """Money at the end with early repayment minus without it, the interest no longer paid
        going into the book: the fair comparison, since both ways can use the book."""
        return self.interest_saved_grown - self.savings_interest_lost - self.fee

    @property
    def gain_if_kept_in_cash(self) -> Fraction:
        """The same if the interest no longer paid sits in cash, earning nothing: a worse use of
        the money, not a cheaper loan."""
        return self.interest_saved - self.savings_interest_lost - self.fee

    @property
    def worth_it(self) -> bool:
        """True only when repaying early, with the saved interest deposited, leaves strictly
        more money at the end."""
        return self.gain_if_deposited > 0


def withdrawal_worth_it(
    cards: int,
    months_left: int,
    *,
    loan_rate: Number = MONTHLY_RATE,
    savings_rate: Number = MONTHLY_RATE,
    fee: Number = WITHDRAWAL_FEE,
) -> WithdrawalVerdict:
    """Is it worth withdrawing savings (and paying the fee) to hand back loan cards now?

    The situation: on a payday, after its interest, you hold ``cards`` loan cards and at least
    1500·cards € in the book; ``months_left`` paydays remain. Either you withdraw now and repay,
    or you keep both to the end, where savings count as money and loans are subtracted (DDP-18).
    Repaying loses the book's compound interest on 1500·cards €; it saves 1500·cards·loan_rate
    every payday, and each saving deposited in the book compounds too. At equal rates (the
    game's 10 %) the two cancel exactly, so only the fee decides: the gain is −fee. Repaying
    pays only when the loan's rate is above the book's by enough to beat the fee.
    """
    count = _months(cards, "the number of loan cards")
    k = _months(months_left, "the number of paydays left")
    money = Fraction(LOAN_CARD * count)
    s = _rate(savings_rate, "the savings rate")
    payment = money * _rate(loan_rate, "the loan rate")
    grown = sum((payment * (1 + s) ** (k - j) for j in range(1, k + 1)), Fraction(0))
    lost = money * ((1 + s) ** k - 1)
    return WithdrawalVerdict(payment * k, grown, lost, _amount(fee, "the fee"))


# -- month-by-month schedules (kit.table.Table) ---------------------------------------------------

SAVINGS_COLUMNS = (
    "month",
    "opening",
    "deposit",
    "withdrawal",
    "fee",
    "interest",
    "closing",
)
LOAN_COLUMNS = (
    "month",
    "opening_cards",
    "opening",
    "interest",
    "repaid_cards",
    "repayment",
    "closing_cards",
    "closing",
)
_COUNTS = ("month", "opening_cards", "repaid_cards", "closing_cards")


def _per_month(values: PerMonth, months: int, name: str) -> list[Fraction]:
    """Month 1..n amounts from one number (every month), a list (month 1 first) or a dict."""
    if values is None:
        return [Fraction(0)] * months
    if isinstance(values, Mapping):
        out = [Fraction(0)] * months
        for month, amount in values.items():
            m = _months(month, f"the month of a {name}")
            if not 1 <= m <= months:
                raise ValueError(f"a {name} in month {m} is outside months 1 to {months}")
            out[m - 1] = _amount(amount, f"the {name} in month {m}")
        return out
    if isinstance(values, Sequence) and not isinstance(values, str):
        if len(values) > months:
            raise ValueError(f"{len(values)} {name}s given for only {months} months")
        listed = [_amount(v, f"the {name} in month {i}") for i, v in enumerate(values, 1)]
        return listed + [Fraction(0)] * (months - len(listed))
    return [_amount(values, f"the {name}")] * months


def _schedule(
    rows: list[dict[str, Any]], columns: Sequence[str], labels: Mapping[str, str] | None = None
) -> Table:
    """A Table of the exact values: money shown in euros and cents, headings in the class
    language (the column names stay the English keys: ``tabla.column("interest")``)."""
    return Table(
        rows,
        columns,
        formats={c: "count" if c in _COUNTS else "euros" for c in columns},
        labels={c: t(f"interest.{c}") for c in columns} | dict(labels or {}),
    )


def _interest(balance: Fraction, r: Fraction, rounding: Rounding) -> Fraction:
    """A month's interest on a balance: exact, or rounded half up to whole euros."""
    if rounding == "exact":
        return balance * r
    if rounding == "game":
        return Fraction(game_round(balance * r))
    raise ValueError(f"rounding must be 'exact' or 'game'; got {rounding!r}")


def savings_schedule(
    deposits: PerMonth,
    months: int,
    r: Number = MONTHLY_RATE,
    *,
    withdrawals: PerMonth = None,
    fee: Number = WITHDRAWAL_FEE,
    rounding: Rounding = "exact",
    interest_to: Literal["book", "cash"] = "book",
) -> Table:
    """The savings book month by month (DDP-17), one row per month (a `kit.table.Table`).

    ``deposits`` and ``withdrawals``: one amount for every month, a list (month 1 first) or a
    dict {month: amount}. Both happen during the month, before the interest of day 31 is
    credited on the balance. Each withdrawal costs the flat fee, paid in cash (column ``fee``),
    so the book loses only the amount withdrawn. With ``interest_to="cash"`` the interest is
    paid out instead of credited: simple interest, for comparison.
    """
    n = _months(months)
    rate = _rate(r)
    if interest_to not in ("book", "cash"):
        raise ValueError(f"interest_to must be 'book' or 'cash'; got {interest_to!r}")
    paid_in = _per_month(deposits, n, "deposit")
    taken_out = _per_month(withdrawals, n, "withdrawal")
    flat_fee = _amount(fee, "the fee")
    balance, rows = Fraction(0), []
    for month, deposit, withdrawal in zip(range(1, n + 1), paid_in, taken_out, strict=True):
        opening = balance
        balance += deposit
        if withdrawal > balance:
            raise ValueError(
                f"month {month}: cannot withdraw {_tidy(withdrawal)} €, the book holds only "
                f"{_tidy(balance)} €"
            )
        balance -= withdrawal
        interest = _interest(balance, rate, rounding)
        if interest_to == "book":
            balance += interest
        rows.append(
            {
                "month": month,
                "opening": _tidy(opening),
                "deposit": _tidy(deposit),
                "withdrawal": _tidy(withdrawal),
                "fee": _tidy(flat_fee if withdrawal else Fraction(0)),
                "interest": _tidy(interest),
                "closing": _tidy(balance),
            }
        )
    return _schedule(rows, SAVINGS_COLUMNS)


def loan_schedule(
    cards: int,
    months: int,
    r: Number = MONTHLY_RATE,
    *,
    repayments: PerMonth = None,
    rounding: Rounding = "exact",
) -> Table:
    """Loan cards taken in month 1, payday by payday (DDP-16), one row per month (a Table).

    Interest is charged on the cards held at the start of payday, so the cards handed back that
    day still pay it ("including the month of repayment"). ``repayments`` gives whole cards by
    month, as a dict {month: cards} or a list; by default every card is repaid on the last
    payday, and the interest column then adds up to `loan_cost`. Cards still held at the end
    are the debt subtracted from the player's money (DDP-18).
    """
    count = _months(cards, "the number of loan cards")
    n = _months(months)
    rate = _rate(r)
    if repayments is None:
        repayments = {n: count} if n else {}
    handed_back = _per_month(repayments, n, "repayment")
    held, rows = count, []
    for month, back in zip(range(1, n + 1), handed_back, strict=True):
        if back.denominator != 1:
            raise ValueError(f"month {month}: loans are repaid in whole cards; got {back}")
        if back > held:
            raise ValueError(f"month {month}: cannot repay {back} cards, only {held} still held")
        opening = Fraction(LOAN_CARD * held)
        interest = _interest(opening, rate, rounding)
        held -= int(back)
        rows.append(
            {
                "month": month,
                "opening_cards": int(opening) // LOAN_CARD,
                "opening": _tidy(opening),
                "interest": _tidy(interest),
                "repaid_cards": int(back),
                "repayment": LOAN_CARD * int(back),
                "closing_cards": held,
                "closing": LOAN_CARD * held,
            }
        )
    debt = {"opening": t("interest.debt"), "closing": t("interest.debt_closing")}
    return _schedule(rows, LOAN_COLUMNS, debt)


# The calls lesson 04 shows a student (``from kit.analysis import interest``): each slip one
# sentence (kit/plain_calls.py, issue 24); the kit's own calls go through unchecked.
# Their own refusals (DDP-17: «cannot withdraw more than the book holds»…) go through as they are.
withdrawal_worth_it = plain(withdrawal_worth_it, "interest.withdrawal_worth_it", own_refusals=True)
savings_schedule = plain(savings_schedule, "interest.savings_schedule", own_refusals=True)
