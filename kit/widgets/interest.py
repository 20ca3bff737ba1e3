"""The interest explorer: sliders for amount, rate and months, and the exact answer at once.

Three modes, as in Día de Paga: one deposit left in the savings book, the same deposit every
month (DDP-17), or loan cards of 1500 € (DDP-16). Every number shown comes from
`kit.analysis.interest`: the formula (sympy, shown as LaTeX), the month-by-month schedule
(a `kit.table.Table`) and the final amount, exactly.

The flow is DESIGN.md's: the settings → `view_model` (a pure function giving plain JSON) →
ipywidgets. Plain ipywidgets, no JavaScript of its own. sympy is imported only when the
explorer computes, so `import kit.widgets` stays light ("A light core"). What it displays
depends only on its settings, so a saved notebook shows the same bytes on every run (nbval).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from kit import render
from kit.analysis import interest
from kit.messages import t
from kit.table import Table
from kit.theme import GRID

MODES = ("once", "monthly", "loan")
MAX_AMOUNT = 15_000
MAX_RATE = 30
MAX_MONTHS = 60
SAVINGS_STEP = 100
BIG = "font-size: 20px; line-height: 1.4;"
WRAP = "overflow-wrap: anywhere; max-width: 100%;"  # a long exact fraction wraps, never runs off
LONG_EXACT = 14  # an exact value longer than this is written as ≈ euros in the formula
LABEL_WIDTH = "220px"  # «Interés (% al mes)» and «Ahorro: un depósito» whole at 1280 px
MODE_WIDTH = "240px"
CELL = f"padding: 2px 14px; text-align: right; border-bottom: 1px solid {GRID};"
SAVINGS_COLUMNS = ("opening", "deposit", "interest", "closing")
LOAN_COLUMNS = ("opening", "interest", "repayment", "closing")


def euros(value: Fraction | int) -> str:
    """Money as the class language writes it, rounded half up to cents: 2352,27 € or 2,352.27 €."""
    return render.format_euros(value)


def loan_cards(amount: int) -> int:
    """Whole loan cards of 1500 € that fit in the amount (DDP-16: loans come in whole cards)."""
    return max(0, amount) // interest.LOAN_CARD


def _exact(value: Any) -> Fraction:
    """A sympy Integer or Rational from kit.analysis.interest as a plain Fraction."""
    return Fraction(int(value.p), int(value.q))


def schedule(mode: str, amount: int, rate: int, months: int) -> Table:
    """The month-by-month table the explorer shows, as a `kit.table.Table` of exact values."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}; got {mode!r}")
    r = Fraction(rate, 100)
    if mode == "once":
        return interest.savings_schedule({1: amount} if months else None, months, r)
    if mode == "monthly":
        return interest.savings_schedule(amount, months, r)
    return interest.loan_schedule(loan_cards(amount), months, r)


def view_model(mode: str, amount: int, rate: int, months: int) -> dict[str, Any]:
    """Everything the explorer shows for these settings, as plain JSON, in the class language.

    `rate` is a whole percent a month. Keys: "formula" (LaTeX), "final" (exact, "p/q"),
    "result" (the sentence with the final amount), "notes", "headers" and "rows" (the schedule,
    money in euros and cents). Raises ValueError for a setting the kit refuses.
    """
    import sympy

    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}; got {mode!r}")
    r = Fraction(rate, 100)
    rate_tex = sympy.latex(sympy.Rational(r))
    notes = [] if months else [t("interest.no_months")]
    if mode == "once":
        P, r_, n_ = sympy.symbols("P r n")
        final = interest.future_value(amount, r, months)
        symbolic = sympy.latex(interest.future_value(P, r_, n_))
        numbers = rf"{amount} \cdot \left(1 + {rate_tex}\right)^{{{months}}}"
        columns = SAVINGS_COLUMNS
    elif mode == "monthly":
        final = interest.annuity_future_value(amount, r, months)
        if r:
            symbolic = sympy.latex(interest.annuity_derivation().rhs)
            numbers = (
                rf"{amount} \cdot \left(1 + {rate_tex}\right) \cdot "
                rf"\frac{{\left(1 + {rate_tex}\right)^{{{months}}} - 1}}{{{rate_tex}}}"
            )
        else:  # at 0 % the closed form divides by zero: the deposits simply add up
            symbolic, numbers = r"D \cdot n", rf"{amount} \cdot {months}"
        columns = SAVINGS_COLUMNS
    else:
        cards = loan_cards(amount)
        principal = interest.LOAN_CARD * cards
        final = sympy.Integer(principal) + interest.loan_cost(cards, months, r)
        symbolic = r"C + C \cdot r \cdot n"
        numbers = rf"{principal} + {principal} \cdot {rate_tex} \cdot {months}"
        notes.append(
            t("interest.loan_cards_one" if cards == 1 else "interest.loan_cards", cards=cards)
        )
        columns = LOAN_COLUMNS
    frame = schedule(mode, amount, rate, months)
    exact = _exact(final)
    tail = f"= {sympy.latex(final)}" if len(str(exact)) <= LONG_EXACT else _approx_tex(exact)
    key = "interest.final_loan" if mode == "loan" else "interest.final_savings"
    names = ["month", "debt", *columns[1:]] if mode == "loan" else ["month", *columns]
    return {
        "mode": mode,
        "formula": f"{symbolic} = {numbers} {tail}",
        "final": str(exact),
        "result": t(key, approx=euros(exact), exact=str(exact)),
        "notes": notes,
        "headers": [t(f"interest.{name}") for name in names],
        "rows": [[str(row["month"]), *(euros(row[column]) for column in columns)] for row in frame],
    }


def _approx_tex(exact: Fraction) -> str:
    """≈ the amount in euros, as LaTeX: a long exact fraction would run off the screen (the
    exact value stays in the result line, wrapped, and in `final`)."""
    return rf"\approx \text{{{euros(exact)}}}"


def _box(body: str, style: str = "") -> str:
    return f'<div style="{BIG}{style}">{body}</div>'


def table_html(headers: list[str], rows: list[list[str]]) -> str:
    """A plain HTML table, large and right-aligned; empty when there are no rows."""
    if not rows:
        return ""
    head = "".join(f'<th style="{CELL}">{html.escape(h)}</th>' for h in headers)
    body = "".join(
        "<tr>" + "".join(f'<td style="{CELL}">{html.escape(c)}</td>' for c in row) + "</tr>"
        for row in rows
    )
    return (
        f'<table style="{BIG} border-collapse: collapse;">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


class InterestExplorer(widgets.VBox):
    """Compound interest with sliders; `final` is the exact amount for the current settings.

    `InterestExplorer(amount=1500, rate=10, months=12, mode="once")`; `mode` is "once" (one
    deposit), "monthly" (a deposit every month) or "loan" (loan cards of 1500 €). The rate is a
    whole percent a month. Move the sliders, or set `explorer.amount.value` (or `rate`,
    `months`, `mode`) from code: the formula, the table and the final amount follow.
    """

    def __init__(self, amount: int = 1500, rate: int = 10, months: int = 12, mode: str = "once"):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}; got {mode!r}")
        self.title = widgets.HTML()
        self.mode = widgets.ToggleButtons(options=self._mode_options(), value=mode)
        step = interest.LOAN_CARD if mode == "loan" else SAVINGS_STEP
        self.amount = widgets.IntSlider(value=amount, min=0, max=MAX_AMOUNT, step=step)
        self.rate = widgets.IntSlider(value=rate, min=0, max=MAX_RATE, step=1)
        self.months = widgets.IntSlider(value=months, min=0, max=MAX_MONTHS, step=1)
        self.mode.style.description_width = LABEL_WIDTH
        self.mode.style.button_width = MODE_WIDTH
        for slider in (self.amount, self.rate, self.months):
            slider.style.description_width = LABEL_WIDTH
            slider.layout.width = "760px"
        self.formula = widgets.HTMLMath()
        self.result = widgets.HTML()
        self.table = widgets.HTML()
        self.final: Fraction | None = None
        """The exact final amount for the current settings; None if the kit refused them."""
        super().__init__(
            children=[
                self.title,
                self.mode,
                self.amount,
                self.rate,
                self.months,
                self.formula,
                self.result,
                self.table,
            ]
        )
        self.add_class("kit-interest")  # a page (or a test) finds the explorer by its class
        if mode == "loan":
            self.amount.value = loan_cards(self.amount.value) * interest.LOAN_CARD
        self.mode.observe(self._mode_changed, names="value")
        for control in (self.amount, self.rate, self.months):
            control.observe(self._changed, names="value")
        self.update()

    # -- labels ------------------------------------------------------------------------------

    @staticmethod
    def _mode_options() -> list[tuple[str, str]]:
        return [(t(f"interest.mode_{mode}"), mode) for mode in MODES]

    def _relabel(self) -> None:
        """Every label in the current language (called again after kit.set_language)."""
        self.title.value = f'<h3 style="font-size: 28px; margin: 0;">{t("interest.title")}</h3>'
        if list(self.mode.options) != self._mode_options():
            value = self.mode.value
            with self.hold_trait_notifications():
                self.mode.options = self._mode_options()
                self.mode.value = value
        self.mode.description = t("interest.mode")
        self.amount.description = t("interest.amount")
        self.rate.description = t("interest.rate")
        self.months.description = t("interest.months")

    # -- state -------------------------------------------------------------------------------

    @property
    def settings(self) -> tuple[str, int, int, int]:
        """(mode, amount in €, rate in whole % a month, months), as the sliders stand."""
        return (
            self.mode.value,
            int(self.amount.value),
            int(self.rate.value),
            int(self.months.value),
        )

    def update(self) -> None:
        """Recompute the formula, the final amount and the table; never raises into the UI."""
        self._relabel()
        try:
            view = view_model(*self.settings)
        except ValueError as error:  # the kit refused the values: say why, keep the sliders
            self.final = None
            self.formula.value = ""
            self.result.value = _box(html.escape(t("interest.error", error=error)))
            self.table.value = ""
            return
        self.final = Fraction(view["final"])
        self.formula.value = _box(f"$${view['formula']}$$")
        lines = [f"<b>{html.escape(view['result'])}</b>", *map(html.escape, view["notes"])]
        self.result.value = _box("<br>".join(lines), WRAP)
        self.table.value = table_html(view["headers"], view["rows"])

    # -- events and display ------------------------------------------------------------------

    def _changed(self, change: dict) -> None:
        if change["owner"] is self.amount and self.mode.value == "loan":
            whole = loan_cards(change["new"]) * interest.LOAN_CARD
            if whole != change["new"]:
                self.amount.value = whole  # whole cards only; this change updates the view
                return
        self.update()

    def _mode_changed(self, change: dict) -> None:
        """Loans come in 1500 € cards: the amount slider moves in cards while in loan mode."""
        with self.hold_trait_notifications():
            if change["new"] == "loan":
                self.amount.step = interest.LOAN_CARD
                self.amount.value = max(1, loan_cards(self.amount.value)) * interest.LOAN_CARD
            else:
                self.amount.step = SAVINGS_STEP
        self.update()

    def static_html(self) -> str:
        """What the explorer shows, as one HTML fragment (the same state gives the same bytes)."""
        return "\n".join(
            [self.title.value, self.formula.value, self.result.value, self.table.value]
        )

    @property
    def schedule(self) -> Table:
        """The month-by-month table for the current settings (exact values; `to_pandas()`)."""
        return schedule(*self.settings)

    def __repr__(self) -> str:
        mode, amount, rate, months = self.settings
        return f"InterestExplorer(mode={mode!r}, amount={amount}, rate={rate}, months={months})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus a static HTML view for GitHub, nbviewer and nbval."""
        self.update()  # shown again after kit.set_language: speak the new language
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.static_html()}, metadata
