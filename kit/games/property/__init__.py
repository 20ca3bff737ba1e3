"""One engine for the property games El Palé, La Ruta del Tesoro and Superpoly.

    >>> from kit.games.property import PropertyGame, load_rules, new_game
    >>> game = PropertyGame(load_rules("el_pale"), players=4)
    >>> game = new_game("el_pale", edition="lujo", players=["Ana", "Luis", "Marta"])
    >>> state = game.new_state()          # the set-up: who starts, the shuffles (chance)

The games differ only in data (`kit/data/*.toml`, read into a `RuleSet`); the engine is
`game.py`, the actions are `actions.py`, the bots `bots.py`.
"""

from kit.games.core import IllegalAction, TooManyOutcomes
from kit.games.property.actions import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    KeepMortgaged,
    Mortgage,
    PassBid,
    PayJailFine,
    PayWithTitles,
    ProposeTrade,
    Redeem,
    RejectTrade,
    RollDice,
    SellBuilding,
    UseJailCard,
)
from kit.games.property.game import BANK, PropertyGame, PropertyState, play_out
from kit.games.property.load import load_rules
from kit.games.property.rules import RuleSet


def new_game(
    rules: str, players: int | list[str] = 4, *, edition: str | None = None, **options
) -> PropertyGame:
    """A game of a bundled rule set (or a TOML file): ``options`` go to PropertyGame
    (``abbreviated``, ``claims_rent``, ``time_limit``)."""
    return PropertyGame(load_rules(rules, edition=edition), players, **options)


__all__ = [
    "BANK",
    "AcceptTrade",
    "Bid",
    "Build",
    "Buy",
    "DeclareBankruptcy",
    "Decline",
    "EndTurn",
    "IllegalAction",
    "KeepMortgaged",
    "Mortgage",
    "PassBid",
    "PayJailFine",
    "PayWithTitles",
    "PropertyGame",
    "PropertyState",
    "ProposeTrade",
    "Redeem",
    "RejectTrade",
    "RollDice",
    "RuleSet",
    "SellBuilding",
    "TooManyOutcomes",
    "UseJailCard",
    "load_rules",
    "new_game",
    "play_out",
]
