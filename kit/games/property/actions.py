"""The actions of the property games: small frozen dataclasses with readable reprs.

Squares are board squares (0 = the start square), players are seat numbers (0, 1, ...).
Amounts are whole units of the game's currency.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.games import core
from kit.games.core import action_to_dict as action_to_dict  # re-exported for this game


@dataclass(frozen=True, slots=True)
class RollDice:
    """Roll the two dice (also the roll for a double while in jail)."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Pass the dice to the next player."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the unowned title of the square you stand on at its printed price (PROP-04)."""

    square: int


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not buy: the bank auctions the title at once (PROP-04)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount`` in the running auction."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class PassBid:
    """Leave the running auction (for good)."""

    player: int


@dataclass(frozen=True, slots=True)
class Build:
    """Buy one house (or the hotel/castle after four houses) for the lot on ``square``."""

    square: int


@dataclass(frozen=True, slots=True)
class SellBuilding:
    """Sell one building of the lot on ``square`` back to the bank at half price."""

    square: int


@dataclass(frozen=True, slots=True)
class Mortgage:
    square: int


@dataclass(frozen=True, slots=True)
class Redeem:
    """Lift the mortgage: the loan plus interest (10 %, or 20 % late for a bought one)."""

    square: int


@dataclass(frozen=True, slots=True)
class KeepMortgaged:
    """Just received a mortgaged title: do not redeem it now (later costs more, PAL-08)."""

    square: int


@dataclass(frozen=True, slots=True)
class ProposeTrade:
    """Offer ``to_player`` a deal: ``give`` titles (squares) and ``give_cards`` for ``take``
    titles and ``take_cards``; ``money`` > 0 is paid by the proposer, < 0 received by him."""

    to_player: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    money: int = 0
    give_cards: tuple[tuple[int, int], ...] = ()  # kept cards: CardRefs (deck, card), as
    take_cards: tuple[tuple[int, int], ...] = ()  # state.held_cards(player) names them


@dataclass(frozen=True, slots=True)
class AcceptTrade:
    pass


@dataclass(frozen=True, slots=True)
class RejectTrade:
    pass


@dataclass(frozen=True, slots=True)
class PayJailFine:
    """Pay the fine and leave jail, then roll as usual."""


@dataclass(frozen=True, slots=True)
class UseJailCard:
    """Use a kept get-out-of-jail card (it goes back to the bottom of its deck)."""


@dataclass(frozen=True, slots=True)
class DeclareBankruptcy:
    """Give up: only when even selling every building and mortgaging everything cannot pay."""


@dataclass(frozen=True, slots=True)
class PayWithTitles:
    """Owing a player more than he has, with every building sold and every title mortgaged: pay
    the creditor all his cash and the titles on ``squares``, each counted at its printed price
    (PROP-14). The creditor takes them as they are, mortgage included, and gives no change."""

    squares: tuple[int, ...]


ACTIONS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        RollDice,
        EndTurn,
        Buy,
        Decline,
        Bid,
        PassBid,
        Build,
        SellBuilding,
        Mortgage,
        Redeem,
        KeepMortgaged,
        ProposeTrade,
        AcceptTrade,
        RejectTrade,
        PayJailFine,
        UseJailCard,
        DeclareBankruptcy,
        PayWithTitles,
    )
}


def action_from_dict(data: dict[str, Any]) -> Any:
    """An action of this game from the data `action_to_dict` wrote (saved games, golden files)."""
    return core.action_from_dict(data, ACTIONS)
