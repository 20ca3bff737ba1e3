"""Bots for the property games: plain functions ``policy(state, rng) -> action``.

Each one chooses what ``state.legal_actions()`` offers (the traders also propose deals, which
that list leaves out, checked with ``state.is_legal``), so it can fill any seat and never plays an
illegal move. Where one action is all a bot needs, it asks for that one (``buildable``,
``is_legal``, the phase's only answer) instead of listing them all, and picks what the list would
have given it; the traders' look at who owns what is kept by the state and updated as titles
change hands (see ``_look``). Neither changes a choice: the tests play the same seeded games
either way. What the plain ones share:

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
    trader(base)            ``base``, and it trades to complete colour groups: offers swaps and
                            cash for the titles it lacks, answers deals by one simple rule
    dealmaker               trader(build_asap): the bot whose games end (see its docstring)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from random import Random
from typing import Any

from kit.games.core import random_legal as random_legal  # the shared bot, re-exported
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
    ProposeTrade,
    Redeem,
    RejectTrade,
    RollDice,
    SellBuilding,
)
from kit.games.property.building import mortgage_problem, sell_problem
from kit.games.property.debts import best_title_payment
from kit.games.property.game import (
    AFTER,
    AUCTION,
    BUY,
    DEBT,
    LOT,
    REDEEM,
    TRADE,
    TURN,
    _round_up,
)
from kit.games.property.trader_look import _LAST, PREMIUM, _Look, _table
from kit.games.property.trader_look import _TABLES as _TABLES  # (read by the tests)
from kit.games.property.trader_look import forget as forget
from kit.messages import t as _t

Policy = Callable[[Any, Random], Any]
_ROLL, _END, _DECLINE, _REJECT = RollDice(), EndTurn(), Decline(), RejectTrade()


_ON: dict[tuple[type, int], Any] = {}  # one action per kind and square: actions are values


def _on(kind: type, square: int) -> Any:
    """``kind(square)`` (Build, SellBuilding, Mortgage, Redeem), made once: these are hot."""
    action = _ON.get((kind, square))
    if action is None:
        action = _ON[kind, square] = kind(square)
    return action


def _first(actions: list[Any], kind: type) -> Any:
    for a in actions:
        if type(a) is kind:
            return a
    return None


def _raise_money(state: Any, p: int) -> Any:
    """In debt: the first building that ``legal_actions`` offers to sell, else the first title it
    offers to mortgage, else bankruptcy, else its first offer (a payment with titles). The
    titles are asked in the list's order (the board's), one at a time, so the choice is the
    list's without building the list; it is built only for a payment with titles. (In debt a
    sale or a mortgage by the debtor is legal exactly when the rule's own test, `sell_problem`
    or `mortgage_problem`, finds no problem: that test is asked directly.)"""
    g = state.game
    level, mortgaged = state.level, state.mortgaged
    unbuilt = []  # his unmortgaged titles without buildings, asked only if nothing sells
    for t, o in enumerate(state.owner):
        if o != p:
            continue
        if level[t]:
            if sell_problem(state, p, t) is None:
                return _on(SellBuilding, g.t_square[t])
        elif not mortgaged[t]:
            unbuilt.append(t)
    for t in unbuilt:
        if mortgage_problem(state, p, t) is None:
            return _on(Mortgage, g.t_square[t])
    if state.is_legal(bankrupt := DeclareBankruptcy()):
        return bankrupt
    return _titles_first(state, p)


def _titles_first(state: Any, p: int) -> Any:
    """``legal_actions()[0]`` for debtor ``p`` who can sell, mortgage nothing and may not go
    bankrupt: with nothing left to raise and titles allowed, that is the first title payment
    (`best_title_payment`, asked directly: the square actions and the bankruptcy test are not
    worked out a second time); any other case takes the list."""
    amount = state.debts[0].amount
    short = amount - state.cash[p]
    if short > 0 and state._titles_open() and not state.raisable(p):
        return best_title_payment(state, p, short)
    return state.legal_actions()[0]


def _move_on(actions: list[Any]) -> Any:
    return _first(actions, RollDice) or _first(actions, EndTurn) or actions[0]


def _policy(reserve: int | None, build: bool, buy: bool) -> Policy:
    def policy(state: Any, rng: Random) -> Any:
        phase = state.phase
        if reserve is None and phase == TURN:  # the hot path: no list of all actions
            return _ROLL
        p = state.cur if phase in (TURN, AFTER, BUY) else state.current_player()
        if reserve is None and phase == AFTER:
            if build:  # builds after each landing, while it can
                squares = state.buildable(p)
                if squares:
                    return _on(Build, squares[0])
            return _ROLL if state.again else _END
        if reserve is None and phase == BUY:
            sq = state.pos[p]
            if buy and state.cash[p] >= state.game.t_price[state.game.sq_title[sq]]:
                return Buy(sq)
            return _DECLINE
        if phase == AUCTION:  # any bid from the lowest up to one's cash is legal
            g = state.game
            price = state.auction_worth(p)  # a title's price; a scarce building: twice its cost
            limit = min(price, state.cash[p] - (reserve or 0)) if buy else -1
            low = state.min_bid()
            if low > limit or low > state.cash[p]:
                return PassBid(p)
            jump = low + _round_up(price // 10, g.min_raise)
            return Bid(p, jump if jump < limit else low)
        if phase == DEBT:
            return _raise_money(state, p)
        if phase == TRADE:
            return _REJECT
        if phase == REDEEM:  # the title just received stays mortgaged
            return KeepMortgaged(state.game.t_square[state.redeem_queue[0][1]])
        actions = state.legal_actions()
        keep = reserve or 0
        if phase == BUY:
            a = _first(actions, Buy)
            if buy and a is not None:
                price = state.game.t_price[state.game.sq_title[a.square]]
                if reserve is None or state.cash[p] - price >= keep:
                    return a
            return _first(actions, Decline)
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


# ---------------------------------------------------------------------------------- trading
def _worth(state: Any, titles: Any) -> int:
    """What titles are worth in a deal: their printed prices, less the cost of lifting each
    mortgage."""
    g = state.game
    price, late, mortgaged = g.t_price, g.t_redeem_late, state.mortgaged
    return sum(price[t] - late[t] if mortgaged[t] else price[t] for t in titles)


def _look(state: Any) -> _Look:
    """The `_Look` of this state's ownership. Made once per game, it is kept by the state and
    updated by each change of hands (``_set_owner`` calls ``_Look.moved``: one group read
    again). Whole patterns seldom come back from game to game (2331 of 2411 were new in 60
    seeded games), so they are not kept beyond the state; what each lot group's way of being
    held means comes back all the time, and the game's table keeps that."""
    look = state._look
    if look is None:
        g = state.game
        table = _LAST[1] if _LAST[0]() is g else _table(g)  # (the call saved)
        look = state._look = _Look(table, state.owner)
    return look


def _tradable_wants(state: Any, seeks: list[Any]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Those of ``seeks`` (a `_Look`'s wants of one player) whose missing titles may change
    hands (no buildings hold them back), as (lot group, other player, titles missing)."""
    level = state.level
    return [(w.group, w.other, w.missing) for w in seeks if not any(w.held_back(level))]


def _holder(holders: Sequence[int]) -> int | None:
    """Who holds every title of a group, given who holds each (the bank's number for the
    bank), or None."""
    first = holders[0]
    return first if holders.count(first) == len(holders) else None


def _accepts(state: Any, q: int, p: int, deal: ProposeTrade) -> bool:
    """The traders' rule for answering a legal deal ``p`` offers ``q`` (see ``trader``)."""
    g = state.game
    give = [g.sq_title[sq] for sq in deal.give]  # to q
    take = [g.sq_title[sq] for sq in deal.take]  # from q
    card = g.rules.jail.fine  # a kept card is worth the jail fine it saves
    value_in = _worth(state, give) + max(deal.money, 0) + card * len(deal.give_cards)
    value_out = _worth(state, take) + max(-deal.money, 0) + card * len(deal.take_cards)
    owner = state.owner
    later = owner[:]  # who holds each title after the deal
    for t in give:
        later[t] = q
    for t in take:
        later[t] = p
    lot_group = g.t_lot_group
    gets_group = hands_group = False
    for i in {lot_group[t] for t in give + take} - {-1}:  # no other group changes hands whole
        read = g.lot_readers[i]
        before, after = _holder(read(owner)), _holder(read(later))
        if before == q and after != q:  # never break up a group of one's own
            return False
        gets_group = gets_group or (after == q and before != q)
        hands_group = hands_group or (after == p and before != p)
    if hands_group and not gets_group:
        return value_in >= PREMIUM * value_out
    return value_in >= value_out


def _deals(state: Any, p: int, reserve: int) -> list[ProposeTrade]:
    """The deals ``p`` would offer now, best first (see ``trader``)."""
    return [d for d in _offers(state, p, reserve) if _accepts(state, d.to_player, p, d)]


def _best_deal(state: Any, p: int, reserve: int, look: _Look) -> ProposeTrade | None:
    """The first of `_deals` (the one the trader proposes), without answering the rest."""
    for d in _offers(state, p, reserve, look):
        if _accepts(state, d.to_player, p, d):
            return d
    return None


def _offers(state: Any, p: int, reserve: int, look: _Look | None = None) -> Iterator[ProposeTrade]:
    """The deals ``p`` could offer now, best first, before asking whether the other would take
    them: the swaps, then the purchases (see ``trader``). ``look``: this ownership's `_Look`."""
    level = state.level
    buys = []
    cash = state.cash[p]
    for mine, mutual in (look or _look(state)).seeking(p):
        q, missing = mine.other, mine.missing  # mutual: q's wants our titles complete
        if not mutual and cash - mine.lowest < reserve:
            continue  # no swap to offer, nor a purchase it could pay even at the lowest worth
        if any(mine.held_back(level)):
            continue  # buildings hold the titles back
        worth = _worth(state, missing)
        for theirs in mutual:  # a swap
            if any(theirs.held_back(level)):
                continue
            money = worth - _worth(state, theirs.missing)
            money = max(money, -state.cash[q])  # he pays the difference, as far as he can
            if money <= 0 or cash - money >= reserve:
                yield ProposeTrade(q, theirs.squares, mine.squares, money)
        money = PREMIUM * worth  # else buy them at a premium, keeping a reserve
        if cash - money >= reserve:
            buys.append(ProposeTrade(q, (), mine.squares, money))
    yield from buys


def _lift(state: Any, look: _Look, p: int, keep: int) -> Redeem | None:
    """The first mortgaged lot of a group ``p`` owns whole whose mortgage he can lift keeping
    ``keep`` in hand, or None."""
    mortgaged = state.mortgaged
    lots, read = look.whole_lots(p)
    if read is None or True not in read(mortgaged):
        return None
    for t in lots:
        if mortgaged[t] and state.cash[p] - state.redeem_cost(t) >= keep:
            return _on(Redeem, state.game.t_square[t])
    return None


def _keep(state: Any, reserve: int | None) -> int:
    """The cash a trader keeps in hand: ``reserve``, by default a fifth of the starting money."""
    return state.game.rules.start_money // 5 if reserve is None else reserve


def trader(base: Policy, reserve: int | None = None, eagerness: float = 1 / 3) -> Policy:
    """``base``, and it trades to complete colour groups (RUT-05, PROP-12).

    At its own decision points (before rolling, after landing) it first lifts the mortgage of
    any lot in a group it owns whole, if it keeps ``reserve`` in hand (default a fifth of the
    starting money). Then, once a turn, before rolling, and only with probability
    ``eagerness`` (drawn from ``rng``), it proposes the first of these deals, if any. They are
    for the lot groups where one other player holds every title it lacks, and it owns at least
    as many titles of the group as he does (no missing title the bank's, none built on):

    - swaps first: those titles for the titles he lacks of a group of his (by the same test),
      so that both complete a group; the difference of their values is paid in cash (by him
      as far as he can; by the trader only if it keeps its reserve);
    - then purchases: twice the value of those titles in cash, if it keeps its reserve;

    each kind in the order of the board.

    A title is valued at its printed price, less the cost of lifting the mortgage if it is
    mortgaged; a kept card at the jail fine. It answers a deal by one rule: reject a deal that
    would break up a group it owns whole; when the deal completes a group for the proposer and
    none for itself, accept only if it gets at least twice the value it gives; otherwise accept
    if it gets at least the value it gives. It proposes only deals that this rule accepts, so
    between traders every proposal is accepted; a player who rejects a deal is not asked again
    in the same turn, and on later turns only now and then (one turn in three by default: the
    draw comes first, so the search runs only on the turns it may propose).
    When it receives a mortgaged title that completes one of its groups, it lifts the mortgage
    at once if it keeps its reserve. Everything else is left to ``base``.
    """

    def policy(state: Any, rng: Random) -> Any:
        phase = state.phase
        if phase in (TURN, AFTER):
            look = state._look or _look(state)
            p = state.cur
            if look.whole[p] and True in state.mortgaged:  # else no mortgage of his to lift
                lift = _lift(state, look, p, _keep(state, reserve))
                if lift is not None:
                    return lift
            if (
                phase == TURN
                and not state.trades_made
                and look.wants[p]
                and (eagerness >= 1 or (eagerness > 0 and rng.random() < eagerness))
            ):
                deal = _best_deal(state, p, _keep(state, reserve), look)
                if deal is not None and state.is_legal(deal):
                    return deal
        elif phase == TRADE:
            p, deal = state.trade
            return AcceptTrade() if _accepts(state, deal.to_player, p, deal) else RejectTrade()
        elif phase == REDEEM:
            q, t = state.redeem_queue[0]
            g = state.game
            keep = _keep(state, reserve)
            grp = g.t_group[t]
            if (
                all(state.owner[m] == q for m in g.group_members[grp])
                and g.t_kind[t] == LOT
                and state.cash[q] - state.redeem_cost(t) >= keep
            ):
                return Redeem(g.t_square[t])
        return base(state, rng)

    name = getattr(base, "__name__", "policy")
    policy.__name__ = policy.__qualname__ = f"trader({name})"
    policy.__doc__ = trader.__doc__
    return policy


dealmaker: Policy = trader(build_asap)
dealmaker.__name__ = dealmaker.__qualname__ = "dealmaker"
dealmaker.__doc__ = """``trader(build_asap)``: buys everything, builds after every landing and
trades to complete groups, as ``trader`` describes.

Four of them end their games. 50 seeded 4-player games per rule set and seed (``kit sim RULES
--players 4 --games 50 --seed S --policy P --quiet``, cap 1000 turns); finished = won before
the cap by the last player standing, with the mean length of the finished games:

    rule set              seed   4 x build_asap         4 x dealmaker
    el_pale                 1    15/50 (30 %), 437 t    50/50 (100 %), 232 t
    la_ruta_del_tesoro      1    23/50 (46 %), 296 t    50/50 (100 %), 218 t
    superpoly               1    14/50 (28 %), 350 t    50/50 (100 %), 215 t

Seeds 2 and 3: build_asap 13 and 11, 13 and 12, 12 and 19 of 50; dealmaker 50 of 50 each time.
Lifting mortgages alone, without trading (``trader(build_asap, eagerness=0)``), finishes 18, 26,
16 of 50 (seed 1): the trades are what end the games.
"""


POLICIES: dict[str, Policy] = {
    "buy_everything": buy_everything,
    "build_asap": build_asap,
    "never_buy": never_buy,
    "cash_reserve": cash_reserve(100_000),
    "dealmaker": dealmaker,
    "random": random_legal,
}


def policy_named(name: str) -> Policy:
    """A bot by name: ``buy_everything``, ``build_asap``, ``never_buy``, ``cash_reserve`` (100,000
    in reserve) or ``cash_reserve:50000``, ``dealmaker``, ``random``; ``trader:NAME`` is the bot
    NAME that also trades (``trader:cash_reserve:50000``)."""
    if name.startswith("trader:"):
        return trader(policy_named(name.split(":", 1)[1]))
    if name.startswith("cash_reserve:"):
        amount = name.split(":", 1)[1]
        if not amount.isdigit():
            raise ValueError(_t("rules_property.bad_reserve", name=repr(name), amount=repr(amount)))
        return cash_reserve(int(amount))
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(
            _t("rules_core.unknown_bot", name=repr(name), game="property", bots=", ".join(POLICIES))
        ) from None
