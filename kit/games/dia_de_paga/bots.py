"""Bots for Día de Paga: plain functions ``policy(state, rng) -> action``.

Each returns an action that is legal now (most are picked from ``state.legal_actions()``; the
amounts they compute themselves are checked with ``state.is_legal``), so any bot can fill any seat.
In debt every bot pays: from the savings book when it covers the shortfall (saver), else with the
smallest loan that does.

    cautious_saver  keeps 300 € in cash and saves the rest while deposits are open; buys an
                    acquisition only when it is a bargain it can pay from cash; sells on every sell
                    day; keeps insurance; repays every loan it can; never gambles
    borrower        borrows to buy every acquisition worth more than its price, sells on every sell
                    day, plays the lottery, repays loans only in the last month
    gambler         plays every lottery, bets the most on every "En caso de necesidad" card, buys
                    nothing, borrows only when it must
    do_nothing      rolls and declines everything: no purchases, no lottery, no insurance, no
                    savings, no repayments; borrows only when it must
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from kit.games.core import play
from kit.games.core import random_legal as random_legal  # the shared bot, re-exported
from kit.games.dia_de_paga.actions import (
    Buy,
    Deposit,
    DropInsurance,
    EndPayday,
    Gamble,
    KeepAll,
    KeepInsurance,
    NoStake,
    Pass,
    Repay,
    Roll,
    Sell,
    Stake,
    TakeLoan,
    Withdraw,
)
from kit.games.dia_de_paga.game import (
    BUY,
    DEBT,
    INSURANCE,
    LOTTERY,
    REPAY,
    SELL,
    TURN,
    DiaDePagaGame,
    DiaDePagaState,
)

Policy = Callable[[DiaDePagaState, Random], Any]
RESERVE = 300


def _of(actions: list[Any], kind: type) -> list[Any]:
    return [a for a in actions if type(a) is kind]


def _ok(state: DiaDePagaState, action: Any) -> bool:
    return state.is_legal(action)  # a yes/no of the rules: no words are written


def _pay_debt(state: DiaDePagaState, use_savings: bool) -> Any:
    """The smallest way out of debt: a withdrawal that covers it (savers), else the least loan."""
    r = state.game.rules
    short = state.shortfall()
    if use_savings:
        w = Withdraw(short + r.withdrawal_fee)
        if _ok(state, w):
            return w
    return TakeLoan(-(-short // r.loan_unit) * r.loan_unit)


def _best_sale(state: DiaDePagaState, actions: list[Any]) -> Any:
    r = state.game.rules
    sells = _of(actions, Sell)
    if not sells:
        return KeepAll()
    value = {c.id: c.value for c in r.acquisitions}
    return max(sells, key=lambda a: value[a.card])


def _lowest_free(actions: list[Any]) -> Any:
    stakes = _of(actions, Stake)
    return min(stakes, key=lambda a: a.number) if stakes else NoStake()


def _most_repay(actions: list[Any]) -> Any:
    repays = _of(actions, Repay)
    return max(repays, key=lambda a: a.amount) if repays else EndPayday()


def cautious_saver(state: DiaDePagaState, rng: Random) -> Any:
    ph = state.phase
    p = state.actor()
    if ph == DEBT:
        return _pay_debt(state, use_savings=True)
    if ph == TURN:
        extra = state.cash[p] - RESERVE
        if extra > 0 and _ok(state, Deposit(extra)):
            return Deposit(extra)
        return Roll()
    if ph == BUY:
        card = state.offer()
        if card.value > card.price and state.cash[p] - card.price >= RESERVE and _ok(state, Buy()):
            return Buy()
        return Pass()
    if ph == LOTTERY:
        return NoStake()
    actions = state.legal_actions()  # listed only where the answer is picked from them
    if ph == SELL:
        return _best_sale(state, actions)
    if ph == INSURANCE:
        keep = _of(actions, KeepInsurance)
        return keep[0] if keep else _of(actions, DropInsurance)[0]
    if ph == REPAY:
        return _most_repay(actions)
    return actions[0]


def borrower(state: DiaDePagaState, rng: Random) -> Any:
    ph = state.phase
    p = state.actor()
    r = state.game.rules
    if ph == DEBT:
        return _pay_debt(state, use_savings=False)
    if ph == TURN:
        return Roll()
    if ph == BUY:
        card = state.offer()
        if card.value <= card.price:
            return Pass()
        if _ok(state, Buy()):
            return Buy()
        short = card.price - state.cash[p]
        return TakeLoan(-(-short // r.loan_unit) * r.loan_unit)
    actions = state.legal_actions()
    if ph == SELL:
        return _best_sale(state, actions)
    if ph == LOTTERY:
        return _lowest_free(actions)
    if ph == INSURANCE:
        keep = _of(actions, KeepInsurance)
        return keep[0] if keep else _of(actions, DropInsurance)[0]
    if ph == REPAY:
        last = state.month[p] == state.game.months
        return _most_repay(actions) if last else EndPayday()
    return actions[0]


def gambler(state: DiaDePagaState, rng: Random) -> Any:
    ph = state.phase
    actions = state.legal_actions()
    if ph == DEBT:
        return _pay_debt(state, use_savings=False)
    gambles = _of(actions, Gamble)
    if gambles and ph != DEBT:
        return max(gambles, key=lambda a: a.stake)
    if ph == TURN:
        return Roll()
    if ph == BUY:
        return Pass()
    if ph == SELL:
        return _best_sale(state, actions)
    if ph == LOTTERY:
        stakes = _of(actions, Stake)
        return rng.choice(stakes) if stakes else NoStake()
    if ph == INSURANCE:
        return _of(actions, DropInsurance)[0]
    if ph == REPAY:
        return EndPayday()
    return actions[0]


def do_nothing(state: DiaDePagaState, rng: Random) -> Any:
    ph = state.phase
    if ph == DEBT:
        return _pay_debt(state, use_savings=False)
    if ph == TURN:
        return Roll()
    if ph == BUY:
        return Pass()
    if ph == SELL:
        return KeepAll()
    if ph == LOTTERY:
        return NoStake()
    if ph == INSURANCE:
        return DropInsurance(state.offer().id)
    if ph == REPAY:
        return EndPayday()
    return state.legal_actions()[0]


BOTS: dict[str, Policy] = {
    "cautious_saver": cautious_saver,
    "borrower": borrower,
    "gambler": gambler,
    "do_nothing": do_nothing,
}
POLICIES: dict[str, Policy] = {**BOTS, "random": random_legal}


def policy_named(name: str) -> Policy:
    """A bot by name: ``cautious_saver``, ``borrower``, ``gambler``, ``do_nothing``, ``random``."""
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"no bot called {name!r}; the bots are: {', '.join(POLICIES)}") from None


def play_game(
    game: DiaDePagaGame, policies: list[Policy], seed: int, max_steps: int = 100_000
) -> DiaDePagaState:
    """One game from the set-up to the end, seat i played by ``policies[i]``, chance drawn with
    ``Random(seed)``. ``max_steps`` caps the chance outcomes plus actions: a game still running
    then raises RuntimeError (a bot that never lets the game end is a bug)."""
    if len(policies) != game.n:
        raise ValueError(f"{game.n} players need {game.n} policies, not {len(policies)}")
    state = play(game.new_state(), policies, Random(seed), max_steps)
    if not state.is_terminal():
        raise RuntimeError(f"the game did not end within {max_steps} steps: {state!r}")
    return state
