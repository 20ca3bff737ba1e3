"""Bots for the property games: plain functions ``policy(state, rng) -> action``.

Each one chooses among ``state.legal_actions()``, so it can fill any seat and never plays an
illegal move. What they share:

- a trade proposed to them is rejected; a mortgaged title received is kept mortgaged;
- in debt they sell buildings first, then mortgage, and declare bankruptcy only when it is allowed
  (nothing left to raise);
- in jail they roll for a double (the rules free them after the third roll anyway).

    buy_everything          buys every title it can; in auctions raises by a tenth of the price
                            (or the lowest bid) up to the price
    cash_reserve(reserve)   like buy_everything, but never lets its cash fall below ``reserve``
    build_asap              buy_everything, and after every landing builds house after house
                            for as long as it is allowed to
    never_buy               declines every title and passes in every auction
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from kit.games.property.actions import (
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    KeepMortgaged,
    Mortgage,
    PassBid,
    Redeem,
    RejectTrade,
    RollDice,
    SellBuilding,
)
from kit.games.property.game import AFTER, AUCTION, BUY, DEBT, REDEEM, TRADE, TURN, _round_up

Policy = Callable[[Any, Random], Any]
_ROLL, _END, _DECLINE = RollDice(), EndTurn(), Decline()


def _first(actions: list[Any], kind: type) -> Any:
    for a in actions:
        if type(a) is kind:
            return a
    return None


def _raise_money(actions: list[Any]) -> Any:
    return (
        _first(actions, SellBuilding)
        or _first(actions, Mortgage)
        or _first(actions, DeclareBankruptcy)
        or actions[0]
    )


def _move_on(actions: list[Any]) -> Any:
    return _first(actions, RollDice) or _first(actions, EndTurn) or actions[0]


def _policy(reserve: int | None, build: bool, buy: bool) -> Policy:
    def policy(state: Any, rng: Random) -> Any:
        phase = state.phase
        p = state.cur if phase in (TURN, AFTER, BUY) else state.current_player()
        if reserve is None and phase in (TURN, AFTER):  # the hot path: no list of all actions
            if build and phase == AFTER:  # builds after each landing, while it can
                squares = state.buildable(p)
                if squares:
                    return Build(squares[0])
            return _ROLL if phase == TURN or state.again else _END
        if reserve is None and phase == BUY:
            sq = state.pos[p]
            if buy and state.cash[p] >= state.game.t_price[state.game.sq_title[sq]]:
                return Buy(sq)
            return _DECLINE
        if phase == AUCTION:  # any bid from the lowest up to one's cash is legal
            g = state.game
            price = g.t_price[state.auction[0]]
            if state.house_auction is not None:  # PROP-11: a scarce house, worth up to twice
                price = 2 * g.t_house[state.house_auction[1][p]]
            limit = min(price, state.cash[p] - (reserve or 0)) if buy else -1
            low = state.min_bid()
            if low > limit or low > state.cash[p]:
                return PassBid(p)
            jump = low + _round_up(price // 10, g.min_raise)
            return Bid(p, jump if jump < limit else low)
        actions = state.legal_actions()
        keep = reserve or 0
        if phase == BUY:
            a = _first(actions, Buy)
            if buy and a is not None:
                price = state.game.t_price[state.game.sq_title[a.square]]
                if reserve is None or state.cash[p] - price >= keep:
                    return a
            return _first(actions, Decline)
        if phase == DEBT:
            return _raise_money(actions)
        if phase == TRADE:
            return _first(actions, RejectTrade)
        if phase == REDEEM:
            return _first(actions, KeepMortgaged)
        # before rolling / after landing
        if build:
            for a in actions:
                if type(a) is Build:
                    return a
        if reserve is not None:
            for a in actions:
                if (
                    type(a) is Redeem
                    and state.cash[p] - state.redeem_cost(state.game.sq_title[a.square]) >= keep
                ):
                    return a
            for a in actions:
                if type(a) is Build:
                    t = state.game.sq_title[a.square]
                    cost = state.game.t_hotel[t] if state.level[t] == 4 else state.game.t_house[t]
                    if state.cash[p] - cost >= keep:
                        return a
        return _move_on(actions)

    return policy


buy_everything: Policy = _policy(None, build=False, buy=True)
buy_everything.__name__ = buy_everything.__qualname__ = "buy_everything"
buy_everything.__doc__ = "Buy every title it can; in auctions bid the lowest bid up to the price."

build_asap: Policy = _policy(None, build=True, buy=True)
build_asap.__name__ = build_asap.__qualname__ = "build_asap"
build_asap.__doc__ = "Buy every title it can; after each landing build while it is allowed to."

never_buy: Policy = _policy(None, build=False, buy=False)
never_buy.__name__ = never_buy.__qualname__ = "never_buy"
never_buy.__doc__ = "Decline every title, pass in every auction: a baseline that only pays."


def cash_reserve(reserve: int) -> Policy:
    """Buy, bid, build and redeem only while keeping at least ``reserve`` in cash."""
    policy = _policy(reserve, build=False, buy=True)
    policy.__name__ = policy.__qualname__ = f"cash_reserve({reserve})"
    policy.__doc__ = cash_reserve.__doc__
    return policy


def random_legal(state: Any, rng: Random) -> Any:
    """Any legal action, uniformly (for testing the engine)."""
    return rng.choice(state.legal_actions())


POLICIES: dict[str, Policy] = {
    "buy_everything": buy_everything,
    "build_asap": build_asap,
    "never_buy": never_buy,
    "cash_reserve": cash_reserve(100_000),
    "random": random_legal,
}


def policy_named(name: str) -> Policy:
    """A bot by name: ``buy_everything``, ``build_asap``, ``never_buy``, ``cash_reserve`` (100,000
    in reserve) or ``cash_reserve:50000``, ``random``."""
    if name.startswith("cash_reserve:"):
        return cash_reserve(int(name.split(":", 1)[1]))
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"no bot called {name!r}; the bots are: {', '.join(POLICIES)}") from None
