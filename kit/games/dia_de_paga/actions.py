"""The actions of Día de Paga: small frozen dataclasses with readable reprs.

Cards are named by their id in the rule set (`Sell("a07")`, `KeepInsurance("m63")`); amounts are
whole euros. The "any time" actions (TakeLoan, Deposit, Withdraw, Gamble) may be taken at any of
the player's own decisions; the others answer the decision the game is waiting for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.games import core
from kit.games.core import action_to_dict as action_to_dict  # re-exported for this game


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the die and move (DDP-02: never past day 31)."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the top acquisition card at its price (DDP-04)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not buy: the acquisition card goes to the bottom of the pile (DDP-04)."""


@dataclass(frozen=True, slots=True)
class Sell:
    """On a sell day, sell the acquisition ``card`` (an id such as "a07") to the bank (DDP-05)."""

    card: str


@dataclass(frozen=True, slots=True)
class KeepAll:
    """On a sell day, sell nothing."""


@dataclass(frozen=True, slots=True)
class Stake:
    """Join the lottery: stake 100 € on ``number`` (1-6, not taken by another player; DDP-06)."""

    number: int


@dataclass(frozen=True, slots=True)
class NoStake:
    """Stay out of this lottery."""


@dataclass(frozen=True, slots=True)
class KeepInsurance:
    """Payday: pay the premium of insurance card ``card`` and keep it for good (DDP-14)."""

    card: str


@dataclass(frozen=True, slots=True)
class DropInsurance:
    """Payday: do not pay the premium; the card goes back under the mail pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Repay:
    """Payday: pay back ``amount`` of loans (a multiple of 1500 €; DDP-16)."""

    amount: int


@dataclass(frozen=True, slots=True)
class EndPayday:
    """Payday: repay nothing (more) and end the payday."""


@dataclass(frozen=True, slots=True)
class TakeLoan:
    """Any time: borrow ``amount`` from the bank (a multiple of 1500 €, one card each; DDP-16)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Deposit:
    """Any time up to and including day 23: put ``amount`` in the savings book (DDP-17)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Any time: take ``amount`` out of the savings book, paying the 150 € fee (DDP-17)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Gamble:
    """Any time, with an "En caso de necesidad" card: stake under 300 € on a 5 or 6 (DDP-15)."""

    stake: int


ACTIONS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Roll,
        Buy,
        Pass,
        Sell,
        KeepAll,
        Stake,
        NoStake,
        KeepInsurance,
        DropInsurance,
        Repay,
        EndPayday,
        TakeLoan,
        Deposit,
        Withdraw,
        Gamble,
    )
}
ANYTIME = (TakeLoan, Deposit, Withdraw, Gamble)


def action_from_dict(data: dict[str, Any]) -> Any:
    """An action of this game from the data `action_to_dict` wrote (saved games, golden files)."""
    return core.action_from_dict(data, ACTIONS)
