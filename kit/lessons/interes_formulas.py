"""Lesson 04's formulas as a student writes them: P·(1 + r)ⁿ, not sympy's P*(r + 1)**n.

sympy prints a sum in its own order, the letters before the numbers: ``r + 1``. The lesson (and
the textbook) writes ``1 + r``, but ``(1 + r)ⁿ − 1`` with the 1 at the end. `formula(expr)`
shows an expression that way: a positive number first in a sum, a negative one last, a dot for
multiplying. The expression itself is untouched (``formula(e).expr``): only its display
changes, in LaTeX (what the notebook draws) and in plain text (what a terminal prints).

sympy is imported only when a formula is shown (DESIGN.md, "A light core").
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

__all__ = ["Formula", "formula"]

_SUPERSCRIPTS = str.maketrans("0123456789nkmir", "⁰¹²³⁴⁵⁶⁷⁸⁹ⁿᵏᵐⁱʳ")
_POWER = re.compile(r"\^([0-9nkmir]+)(?![\w(/])")


def _in_order(terms: list[Any]) -> list[Any]:
    """The terms of a sum as the lesson writes them: positive numbers first (1 + r), then the
    rest in sympy's order, which already puts a negative number last ((1 + r)ⁿ − 1)."""
    first = [term for term in terms if term.is_Number and term.is_positive]
    return first + [term for term in terms if not (term.is_Number and term.is_positive)]


@cache
def _printers() -> tuple[Any, Any]:
    """A LaTeX printer and a plain-text printer that order sums as `_in_order` does."""
    from sympy.printing.latex import LatexPrinter
    from sympy.printing.precedence import PRECEDENCE
    from sympy.printing.str import StrPrinter

    class Latex(LatexPrinter):
        def _as_ordered_terms(self, expr: Any, order: Any = None) -> list[Any]:
            return _in_order(list(super()._as_ordered_terms(expr, order=order)))

    class Text(StrPrinter):
        def _as_ordered_terms(self, expr: Any, order: Any = None) -> list[Any]:
            return _in_order(list(super()._as_ordered_terms(expr, order=order)))

        def _print_Equality(self, expr: Any) -> str:
            return f"{self._print(expr.lhs)} = {self._print(expr.rhs)}"

        def _print_Sum(self, expr: Any) -> str:
            limits = ", ".join(f"{k} = {a} … {b}" for k, a, b in expr.limits)
            return f"Σ ({limits}) {self._print(expr.function)}"

        def _print_exp(self, expr: Any) -> str:
            power = self.parenthesize(expr.args[0], PRECEDENCE["Pow"])
            return f"e**{power}"

    return Latex({"mul_symbol": "dot"}), Text()


def _plain(text: str) -> str:
    """sympy's plain text with the lesson's signs: · for ×, − for minus, ⁿ for **n."""
    text = text.replace("**", "^").replace("*", "·").replace(" - ", " − ")
    return _POWER.sub(lambda m: m.group(1).translate(_SUPERSCRIPTS), text)


class Formula:
    """A sympy expression shown as the lesson writes it (`formula`); ``.expr`` is the expression."""

    __slots__ = ("expr",)

    def __init__(self, expr: Any):
        self.expr = expr

    def latex(self) -> str:
        """The LaTeX of the expression: ``P \\cdot \\left(1 + r\\right)^{n}``."""
        return _printers()[0].doprint(self.expr)

    def _repr_latex_(self) -> str:
        return f"$\\displaystyle {self.latex()}$"

    def __str__(self) -> str:
        return _plain(_printers()[1].doprint(self.expr))

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Formula):
            return bool(self.expr == other.expr)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def formula(expr: Any) -> Formula:
    """Show a formula of the lesson as a student writes it: ``formula(valor_final(P, r, n))``
    shows P·(1 + r)ⁿ (sympy alone would show P·(r + 1)ⁿ)."""
    return Formula(expr)
