"""One engine for El Palé, La Ruta del Tesoro and Superpoly: the games differ only in their RuleSet.

This module assembles the engine from its parts, each rule in one place:

- `tables`: PropertyGame, the rule set read into lookup tables;
- `state`: the constants, the fields, saving, who acts, the ledger, the flow, the audit;
- `chance`: the opening roll (PROP-01), the shuffles, the deal, the dice, rent claims;
- `moves`: RollDice, EndTurn, PayJailFine, UseJailCard; moving, landing, rent;
- `cards`: the card effects, one handler table;
- `building`: Build, SellBuilding, Mortgage, Redeem, KeepMortgaged; PROP-11's shortages;
- `auctions`: Buy, Decline, Bid, PassBid;
- `trading`: ProposeTrade, AcceptTrade, RejectTrade;
- `debts`: DeclareBankruptcy, PayWithTitles, bankruptcy;
- `refusals`: the one legality predicate and its lazy sentences.

How a game goes, as states (``state.phase``):

- set-up (chance): ``order`` who starts (PROP-01: each player rolls, ties roll again),
  ``shuffle`` each deck (sampled), ``deal`` the abbreviated game's titles (PROP-15, sampled);
- ``turn``: before rolling. RollDice; in jail also PayJailFine / UseJailCard; and the "any time"
  actions (Build, SellBuilding, Mortgage, Redeem, ProposeTrade);
- ``dice`` (chance, 36 ordered pairs): move, salary, land;
- ``buy``: Buy or Decline (then the bank auctions: ``auction``, one Bid or PassBid at a time);
- ``claim`` (chance, only when ``claims_rent`` < 1): does the owner claim the rent (PROP-06)?
- ``after``: RollDice again after a double, else EndTurn; and the "any time" actions;
- ``debt``: sell and mortgage until the debt is paid; PayWithTitles; DeclareBankruptcy (PROP-14);
- ``trade``: the other player accepts or rejects a proposed trade;
- ``redeem``: a player just received a mortgaged title: Redeem at once or KeepMortgaged;
- ``over``.

Readings the engine makes where RULES.md leaves a choice: jail exits are offered at the start of
the jailed player's own turn (RUT-08 holds by construction), a double out of jail moves him but
gives no further roll; selling a hotel (castle) leaves the lot empty (PAL-07's reading); no
building in a group with a mortgaged lot, in every game (RUT-04); a utility's rent multiplies the
dice of the roll that brought the player there (also by card); kept cards go back to the bottom
of their deck when used, La Ruta's tax exemption is used on the first tax square.

Money moves only through ``_transfer`` (the ledger, each movement a "cash" event with its reason):
``sum(cash) == players * start_money + paid_out - taken_in`` always. Debts are recorded, not paid
with money one does not have: cash never goes negative.
"""

from __future__ import annotations

from random import Random
from typing import Any

from kit.games.core import IllegalAction
from kit.games.property import auctions, building, debts, moves, refusals, trading
from kit.games.property.actions import EndTurn, RollDice
from kit.games.property.auctions import Auctions, _round_up
from kit.games.property.building import Building, offer_anytime, offer_redeem
from kit.games.property.cards import Cards
from kit.games.property.chance import Chance
from kit.games.property.debts import Debts, offer_debt
from kit.games.property.moves import Moves, offer_after, offer_turn
from kit.games.property.refusals import Refusals
from kit.games.property.state import (
    AFTER,
    AUCTION,
    BANK,
    BUY,
    CHANCE_PHASES,
    CLAIM,
    DEAL,
    DEBT,
    DICE,
    FREE,
    HOTEL,
    LOT,
    MAX_TRADES_PER_TURN,
    NEXT,
    ORDER,
    OVER,
    REDEEM,
    SHUFFLE,
    STATION,
    TRADE,
    TURN,
    UTILITY,
    Auction,
    CardRef,
    StateBase,
)
from kit.games.property.tables import PropertyGame
from kit.games.property.trading import Trading, offer_answers

__all__ = [
    "AFTER",
    "AUCTION",
    "BANK",
    "BUY",
    "CHANCE_PHASES",
    "CLAIM",
    "DEAL",
    "DEBT",
    "DICE",
    "FREE",
    "HOTEL",
    "LOT",
    "MAX_TRADES_PER_TURN",
    "NEXT",
    "ORDER",
    "OVER",
    "REDEEM",
    "SHUFFLE",
    "STATION",
    "TRADE",
    "TURN",
    "UTILITY",
    "Auction",
    "CardRef",
    "PropertyGame",
    "PropertyState",
    "_round_up",
    "play_out",
]

_EFFECTS: dict[type, Any] = {
    **moves.EFFECTS,
    **auctions.EFFECTS,
    **building.EFFECTS,
    **trading.EFFECTS,
    **debts.EFFECTS,
}


class PropertyState(Refusals, Moves, Cards, Building, Auctions, Trading, Debts, Chance, StateBase):
    """One position of a property game. ``apply`` checks (``refusal``) then applies;
    ``child`` copies."""

    __slots__ = ()

    def _apply_unchecked(self, action: Any) -> None:
        """The transition, for actions already known legal (the bots' fast path)."""
        effect = _EFFECTS.get(type(action))
        if effect is None:
            raise IllegalAction("rules_property.not_an_action", label=repr(action))
        effect(self, action)


def _offer_turn(s: PropertyState, out: list[Any]) -> None:
    offer_turn(s, out)
    offer_anytime(s, out, s.cur)


def _offer_after(s: PropertyState, out: list[Any]) -> None:
    offer_after(s, out)
    offer_anytime(s, out, s.cur)


def _offer_buy(s: PropertyState, out: list[Any]) -> None:
    auctions.offer_buy(s, out)
    offer_anytime(s, out, s.cur, build=False)


refusals.CHECKS.update(
    {**moves.CHECKS, **auctions.CHECKS, **building.CHECKS, **trading.CHECKS, **debts.CHECKS}
)
refusals.OFFERS.update(
    {
        TURN: _offer_turn,
        AFTER: _offer_after,
        BUY: _offer_buy,
        AUCTION: auctions.offer_bids,
        DEBT: offer_debt,
        TRADE: offer_answers,
        REDEEM: offer_redeem,
    }
)
assert set(refusals.CHECKS) == set(_EFFECTS), "every action has one check and one effect"


def play_out(
    state: PropertyState,
    policies: list[Any],
    rng: Random,
    max_turns: int = 1000,
    *,
    checked: bool = False,
) -> PropertyState:
    """Play in place to the end or until ``max_turns`` turns have been played.

    Chance is sampled with ``rng``; seat i is played by ``policies[i](state, rng)``. Bots choose
    from ``legal_actions()``, so by default their actions are applied without being checked a
    second time (``checked=True`` checks every one, as ``apply`` does: then ``events`` is the last
    step's; unchecked, it holds the events of the turn being played).
    """
    if checked:
        while state.phase != OVER and state.turns <= max_turns:
            if state.is_chance():
                state.apply_chance(state.sample_chance(rng))
            else:
                state.apply(policies[state.current_player()](state, rng))
        return state
    sample = state.sample_chance
    chance = state._apply_chance_unchecked
    step = state._apply_unchecked
    roll = state._roll
    next_turn = state._next_turn
    r = rng.random
    state.events = []
    while True:
        ph = state.phase
        if ph == OVER or state.turns > max_turns:
            break
        if ph in (TURN, AFTER, BUY):
            if ph == TURN:
                state.events = []  # a new list each turn: nobody reads a tournament's events
            action = policies[state.cur](state, rng)
            kind = type(action)
            if kind is RollDice:  # = RollDice, then the dice node
                roll(int(r() * 6) + 1, int(r() * 6) + 1)
            elif kind is EndTurn:
                next_turn()  # = _apply_unchecked(EndTurn())
            else:
                step(action)
        elif ph == DICE:
            roll(int(r() * 6) + 1, int(r() * 6) + 1)  # = apply_chance(sample_chance(rng))
        elif ph in CHANCE_PHASES:
            chance(sample(rng))
        else:
            step(policies[state.current_player()](state, rng))
    return state
