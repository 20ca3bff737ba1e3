"""One engine for the property games El Palé, La Ruta del Tesoro and Superpoly.

    >>> from kit.games.property import PropertyGame, load_rules, new_game
    >>> game = PropertyGame(load_rules("el_pale"), players=4)
    >>> game = new_game("el_pale", edition="lujo", players=["Ana", "Luis", "Marta"])
    >>> state = game.new_state()          # the set-up: who starts, the shuffles (chance)

The games differ only in data (`kit/data/*.toml`, read into a `RuleSet`); the engine is
assembled in `game.py` from one module per action group; the actions are `actions.py`, the bots
`bots.py`.
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
from kit.games.registry import GameType, register_game


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


def _result(state: PropertyState, watcher: object = None) -> dict:
    """A finished (or capped) game's tournament columns."""
    n = len(state.alive)
    fortunes = state.fortunes()
    return {
        "turns": state.turns,
        "bankruptcies": n - sum(state.alive),
        **{f"fortune_{p}": fortunes[p] for p in range(n)},
    }


def _claims(data: dict) -> bool:
    return "squares" in data


def _load(rules: object, players: int | list[str] = 4, *, edition: str | None = None, **options):
    if isinstance(rules, RuleSet):
        if edition is not None:
            raise ValueError(f"pass the edition to load_rules, not with a RuleSet ({edition!r})")
        return PropertyGame(rules, players, **options)
    return new_game(str(rules), players, edition=edition, **options)


def _bots() -> dict:
    from kit.games.property.bots import POLICIES

    return POLICIES


def _named_bot(name: str):
    from kit.games.property.bots import policy_named

    return policy_named(name)


register_game(
    GameType(
        family="property",
        names=("el_pale", "la_ruta_del_tesoro", "superpoly"),
        titles={
            "el_pale": "El Palé",
            "la_ruta_del_tesoro": "La Ruta del Tesoro",
            "superpoly": "Superpoly",
        },
        load=_load,
        game_class=PropertyGame,
        state_class=PropertyState,
        bots=_bots,
        default_bot="build_asap",
        options={
            "edition": "el_pale: lujo or economico",
            "abbreviated": "the short game of the rulebook",
            "claims_rent": "owners must ask for their rent",
            "time_limit": "the fixed-time game: turns before the count",
        },
        events=(
            "start_roll",  # PROP-01: one player's opening roll
            "roll_off",  # those tied for the highest roll again
            "starts",
            "rolled",
            "moved",
            "jailed",  # reason: three_doubles | square | card
            "freed",  # how: double | fine | card | last_turn
            "lost_turn",
            "card",  # deck, card id, its text
            "card_used",
            "bought",
            "owner",  # how: trade | debt | bankruptcy | deal
            "auction_opened",
            "auction",  # the result: square, building, player (winner) or None, price
            "buildings",
            "mortgaged",
            "redeemed",
            "cash",  # player (payer) -> to, amount, reason; None is the bank
            "owes",
            "claim",
            "trade_proposed",
            "trade_accepted",
            "trade_rejected",
            "bankrupt",
            "game_over",
        ),
        claims=_claims,
        result=_result,
        named_bot=_named_bot,
        rules_class=RuleSet,
        play_out=play_out,
    )
)
