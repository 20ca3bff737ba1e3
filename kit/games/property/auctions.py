"""Buying and auctions: Buy, Decline, Bid, PassBid — what each offers, why each is refused, what
each does (PROP-04; PROP-11's building auctions are opened by `building` and run here).

Auctions are ascending, one bid at a time round the table from the player who declined;
PassBid leaves for good; the smallest raise is the smallest banknote; the opening bid is the rule
set's share of the price (1 unit in La Ruta); a title nobody bids on stays with the bank.
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.property.actions import Bid, Buy, Decline, PassBid
from kit.games.property.refusals import Refused, refused_phase
from kit.games.property.state import (
    AFTER,
    AUCTION,
    BANK,
    BUY,
    Auction,
)


def _round_up(x: int, unit: int) -> int:
    return max(unit, -(-x // unit) * unit)


# ---------------------------------------------------------------------- offers
def offer_buy(s: Any, out: list[Any]) -> None:
    p = s.cur
    g = s.game
    here = s.pos[p]
    if s.cash[p] >= g.t_price[g.sq_title[here]]:
        out.append(Buy(here))
    out.append(Decline())


def offer_bids(s: Any, out: list[Any]) -> None:
    """The lowest bid, a tenth more, and the worth; any other whole bid is legal too."""
    p = s.current_player()
    m = s.min_bid()
    worth = s.auction_worth(p)
    cash = s.cash[p]
    for amount in sorted({m, m + _round_up(worth // 10, s.game.min_raise), worth}):
        if m <= amount <= cash:
            out.append(Bid(p, amount))
    out.append(PassBid(p))


# ---------------------------------------------------------------------- checks
def check_buy(s: Any, action: Any) -> IllegalAction | None:
    if s.phase != BUY:
        return refused_phase(s, action)
    g = s.game
    p = s.cur
    here = s.pos[p]
    if action.square != here or type(action.square) is not int:
        return Refused(
            "rules_property.buy_square",
            name=g.names[p],
            here=here,
            here_name=g.rules.squares[here].name,
            square=repr(action.square),
        )
    t = g.sq_title[here]
    if s.cash[p] < g.t_price[t]:
        return Refused(
            "rules_property.buy_price",
            title=g.titles[t].name,
            price=g.t_price[t],
            name=g.names[p],
            cash=s.cash[p],
        )
    return None


def check_decline(s: Any, action: Any) -> IllegalAction | None:
    return None if s.phase == BUY else refused_phase(s, action)


def _who(s: Any, player: Any) -> str:
    """A seat's name, or the odd value given in its place."""
    names = s.game.names
    return names[player] if type(player) is int and 0 <= player < len(names) else repr(player)


def check_bid(s: Any, action: Any) -> IllegalAction | None:
    if s.phase != AUCTION:
        return refused_phase(s, action)
    p = s.current_player()
    names = s.game.names
    if action.player != p or type(action.player) is not int:
        return Refused("rules_property.bid_turn", name=names[p], player=_who(s, action.player))
    if type(action) is PassBid:
        return None
    amount = action.amount
    if type(amount) is not int:
        return Refused("rules_property.bid_whole", amount=repr(amount))
    low = s.min_bid()
    if amount < low:
        return Refused("rules_property.bid_low", amount=low)
    if amount > s.cash[p]:
        return Refused("rules_property.only_has", name=names[p], cash=s.cash[p])
    return None


CHECKS = {Buy: check_buy, Decline: check_decline, Bid: check_bid, PassBid: check_bid}


class Auctions:
    """The effects of this group and the running auction (a mixin of PropertyState)."""

    __slots__ = ()

    def _do_buy(self, action: Any) -> None:
        g = self.game
        p = self.cur
        t = g.sq_title[action.square]
        self._transfer(p, BANK, g.t_price[t], "price")
        self._set_owner(t, p)
        self._emit("bought", player=p, square=action.square, price=g.t_price[t])
        self._proceed(AFTER)

    def _do_decline(self, action: Any) -> None:
        self.auction_queue.append(self.game.sq_title[self.pos[self.cur]])  # PROP-04: to auction
        self._proceed(AFTER)

    def _do_bid(self, action: Any) -> None:
        a = self.auction
        a.high, a.bidder = action.amount, action.player
        a.turn = (a.turn + 1) % len(a.bidders)
        self._auction_step()

    def _do_pass(self, action: Any) -> None:
        a = self.auction
        a.bidders.pop(a.turn)
        self._auction_step()

    def _start_auction(self, t: int) -> None:
        g = self.game
        start = self.cur
        bidders = [(start + k) % g.n for k in range(g.n) if self.alive[(start + k) % g.n]]
        self.auction = Auction(t, bidders)
        self._emit("auction_opened", square=g.t_square[t], building="", bidders=list(bidders))
        self.phase = AUCTION

    def min_bid(self) -> int:
        a = self.auction
        if a is None:
            return 0
        opening = a.opening if a.building else self.game.t_opening[a.title]
        return max(opening, a.high + self.game.min_raise) if a.bidder >= 0 else opening

    def auction_worth(self, p: int) -> int:
        """What the thing on sale is worth to bidder ``p``: a title's printed price; a scarce
        house or hotel (PROP-11), twice what it costs on his lot."""
        a = self.auction
        g = self.game
        if not a.building:
            return g.t_price[a.title]
        cost = g.t_hotel if a.building == "hotel" else g.t_house
        return 2 * cost[a.lots[p]]

    def _auction_step(self) -> None:
        a = self.auction
        if a.bidders and not (a.bidder >= 0 and a.bidders == [a.bidder]):
            a.turn %= len(a.bidders)
            self.phase = AUCTION
            return
        self.auction = None
        g = self.game
        hb = a.bidder
        if a.building:  # PROP-11: the house (hotel) goes up on the winner's lot
            lot = a.lots[hb] if hb >= 0 else a.title
            self._emit(
                "auction",
                square=g.t_square[lot],
                building=a.building,
                player=hb if hb >= 0 else None,
                price=a.high if hb >= 0 else 0,
            )
            if hb >= 0:
                self._put_up(hb, lot, a.high, "auction")
        else:
            self._emit(
                "auction",
                square=g.t_square[a.title],
                building="",
                player=hb if hb >= 0 else None,
                price=a.high if hb >= 0 else 0,
            )
            if hb >= 0:
                self._transfer(hb, BANK, a.high, "auction")
                self._set_owner(a.title, hb)
        self._flush()


EFFECTS = {
    Buy: Auctions._do_buy,
    Decline: Auctions._do_decline,
    Bid: Auctions._do_bid,
    PassBid: Auctions._do_pass,
}
