"""Size limits checked before any answer is read, so no answer can keep `check` busy.

`sympy.Symbol("s")**10**7` is built in an instant but takes minutes to evaluate at a point; a
10 MB text takes seconds to normalise. Every limit here is far above what an exercise's answer
needs and far below what costs noticeable time. Only sizes are looked at: nothing is evaluated.
"""

from __future__ import annotations

import itertools
from collections.abc import Set
from decimal import Decimal
from fractions import Fraction
from typing import Any

from kit.exercises import expressions

LONGEST_TEXT = 500  # characters
MOST_ITEMS = 200  # elements of a set or list
LARGEST_BITS = 4000  # of a whole number, or of a fraction's numerator or denominator
MOST_NODES = 500  # of a sympy expression
LARGEST_DEGREE = 1000  # how far powers may multiply up (x**30 has 30; (x**30)**40 has 1200)
LARGEST_DECIMAL_EXPONENT = 1000


class TooBig(ValueError):
    """The answer is too large to check."""


def guard(value: Any, depth: int = 0) -> None:
    """Raise `TooBig` if reading `value` as an answer could take long; else do nothing."""
    if depth > 2:
        raise TooBig("nested too deep")
    if isinstance(value, str):
        if len(value) > LONGEST_TEXT:
            raise TooBig(f"a text of {len(value)} characters")
    elif isinstance(value, bool | float | complex):
        return
    elif isinstance(value, int):
        _guard_int(value)
    elif isinstance(value, Fraction):
        _guard_int(value.numerator)
        _guard_int(value.denominator)
    elif isinstance(value, Decimal):
        _guard_decimal(value)
    elif expressions.is_sympy(value):
        _guard_sympy(value, depth)
    elif isinstance(value, Set | list | tuple | frozenset):
        items = list(itertools.islice(iter(value), MOST_ITEMS + 1))
        if len(items) > MOST_ITEMS:
            raise TooBig(f"more than {MOST_ITEMS} elements")
        for item in items:
            guard(item, depth + 1)


def _guard_int(number: int) -> None:
    if int.bit_length(number) > LARGEST_BITS:
        raise TooBig("a number with too many digits")


def _guard_decimal(number: Decimal) -> None:
    if number.is_finite():
        if len(number.as_tuple().digits) > LARGEST_DECIMAL_EXPONENT:
            raise TooBig("a decimal with too many digits")
        if abs(number.adjusted()) > LARGEST_DECIMAL_EXPONENT:
            raise TooBig("a decimal too large or too small")


def _guard_sympy(expression: Any, depth: int) -> None:
    """Count nodes, measure whole numbers and bound how far powers multiply up."""
    import sympy

    if isinstance(expression, sympy.FiniteSet):
        guard(list(itertools.islice(iter(expression.args), MOST_ITEMS + 1)), depth)
        return
    for nodes, node in enumerate(sympy.preorder_traversal(expression), start=1):
        if nodes > MOST_NODES:
            raise TooBig(f"an expression of more than {MOST_NODES} parts")
        if isinstance(node, sympy.Rational):
            _guard_int(int(node.p))
            _guard_int(int(node.q))
        elif isinstance(node, sympy.Float) and abs(node._prec) > 4 * LARGEST_BITS:
            raise TooBig("a decimal with too many digits")
    if _degree(expression) > LARGEST_DEGREE:
        raise TooBig("powers too high")


def _degree(expression: Any) -> int:
    """An upper bound on the degree: how big a power evaluating the expression may build."""
    import sympy

    if isinstance(expression, sympy.Pow):
        exponent = expression.exp
        if exponent.is_Number:
            size = abs(exponent)
            times = int(size) + 1 if size.is_finite else LARGEST_DEGREE + 1
        else:  # a symbolic exponent: its size at a point (at most 4 or so) bounds the power
            times = 4 * (1 + _largest_number(exponent)) * max(1, _degree(exponent))
        return max(1, _degree(expression.base)) * times
    if isinstance(expression, sympy.Mul):
        return sum(max(1, _degree(arg)) for arg in expression.args)
    if expression.args:
        return max(_degree(arg) for arg in expression.args) + (
            LARGEST_DEGREE if _is_explosive(expression) else 0
        )
    return 1


def _largest_number(expression: Any) -> int:
    """The largest absolute value of a number written in the expression."""
    import sympy

    sizes = [abs(int(atom.p)) + abs(int(atom.q)) for atom in expression.atoms(sympy.Rational)]
    return max(sizes, default=0)


def _is_explosive(expression: Any) -> bool:
    """Functions whose value grows beyond any power (factorial(10**7)) are refused outright."""
    import sympy

    return isinstance(expression, sympy.factorial | sympy.gamma | sympy.binomial) and not all(
        arg.is_Integer and abs(arg) <= 200 for arg in expression.args
    )
