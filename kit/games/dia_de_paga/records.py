"""The small records a Día de Paga state keeps, and how a saved state's JSON lists become them
again (``loaded``): a debt, an acquisition held, a payslip line, a payslip's balances.

Each is an immutable ``NamedTuple``: a copy of the state shares them, and ``json`` writes each as
the list of its fields in order (a save reads ``[0, -1, 150]`` for ``Debt(0, BANK, 150)``), so
saved games are the same bytes as when these were plain lists.
"""

from __future__ import annotations

from typing import Any, NamedTuple


def is_amount(x: Any) -> bool:
    """A whole number (True and False are not amounts)."""
    return isinstance(x, int) and not isinstance(x, bool)


class Debt(NamedTuple):
    """A payment a player could not make at once (DDP-13): paid in full, in order, before the
    game goes on (``state.debts``)."""

    payer: int  # a seat
    creditor: int  # an account: a seat, BANK, KITTY ...
    amount: int  # euros


class Holding(NamedTuple):
    """An acquisition card a player owns (``state.owned[p]``, DDP-04): it expires at the close
    of the payday of month ``bought + acquisition_life - 1``."""

    card: int  # its index in the rules' acquisitions
    bought: int  # the player's own month when he bought it


class PayLine(NamedTuple):
    """One line of a payslip (``slip["lines"]``, DDP-12), as the payday paid it."""

    kind: str  # salary, savings_interest, bill, loan, deposit, expired ... (see payday.py)
    amount: int  # euros, + for him
    account: str  # "cash" or "savings"
    card: int | None  # the mail card (an acquisition for "expired"), if any


class Balance(NamedTuple):
    """A payslip's savings book or loans: at the opening of the payday and at its close (None
    while it runs)."""

    start: int
    close: int | None


# -- saved records: each field's test, in the record's order ------------------------------------
def _maybe_amount(x: Any) -> bool:
    return x is None or is_amount(x)


def _text(x: Any) -> bool:
    return isinstance(x, str)


_CHECKS: dict[type, tuple[Any, ...]] = {
    Debt: (is_amount, is_amount, is_amount),
    Holding: (is_amount, is_amount),
    PayLine: (_text, is_amount, _text, _maybe_amount),
    Balance: (is_amount, _maybe_amount),
}


def _record(kind: Any, v: Any) -> Any:
    """A record from the JSON list `to_json` made of it; anything else is a ValueError."""
    fields = kind._fields
    if not isinstance(v, list) or len(v) != len(fields):
        shape = ", ".join(fields)
        raise ValueError(f"a {kind.__name__} is a list [{shape}], not {v!r}")
    for name, x, ok in zip(fields, v, _CHECKS[kind], strict=True):
        if not ok(x):
            raise ValueError(f"a {kind.__name__} with {name} {x!r}: {v!r}")
    return kind(*v)


def _list(v: Any, what: str) -> list[Any]:
    if not isinstance(v, list):
        raise ValueError(f"{what} is a list, not {v!r}")
    return v


def _slip(v: Any) -> dict[str, Any]:
    """A saved payslip: its Balances and PayLines rebuilt."""
    if not isinstance(v, dict) or not {"savings", "loans", "lines"} <= set(v):
        raise ValueError(f"a payslip is an object with savings, loans and lines, not {v!r}")
    return {
        **v,
        "savings": _record(Balance, v["savings"]),
        "loans": _record(Balance, v["loans"]),
        "lines": [_record(PayLine, x) for x in _list(v["lines"], "a payslip's lines")],
    }


def loaded(f: str, v: Any) -> Any:
    """A saved field as the state holds it: the records rebuilt from their JSON lists."""
    if f == "debts":
        return [_record(Debt, x) for x in _list(v, "debts")]
    if f == "owned":
        return [[_record(Holding, x) for x in _list(h, "a hand")] for h in _list(v, "owned")]
    if f == "payslips":
        return [_slip(x) for x in _list(v, "payslips")]
    return v
