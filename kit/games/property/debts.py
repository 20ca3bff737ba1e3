"""Debts and bankruptcy (PROP-14, RUT-11): DeclareBankruptcy and PayWithTitles — what each offers,
why each is refused, what each does — and titles changing hands with their mortgage.

Paying a player with titles (El Palé and Superpoly, ``pay_debt_with_titles``): the step opens
once every building is sold and every title mortgaged (``raisable`` is 0) and the cash is still
short of the debt at the head of the queue. PayWithTitles hands the creditor all the cash and the
chosen titles, each counted at its printed price, mortgaged or not. The creditor takes each title
with its mortgage (redeem at once +10 %, or later +20 %, PAL-08, SUP-07) and gives no change:
every title handed over must be needed. La Ruta has no such step (RUT-11).

Bankruptcy is allowed only when cash plus everything that selling buildings and mortgaging could
raise is still short, and, where a player creditor may be paid with titles, short even with all
the titles at their printed price. Buildings go back to the bank at half price first; to a
player: cash, titles (mortgages stay, with the redeem-now choice) and kept cards to him; to the
bank: cash to the bank, titles back unmortgaged (La Ruta: auctioned one by one), cards to the
decks.
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.property.actions import DeclareBankruptcy, PayWithTitles
from kit.games.property.building import offer_anytime
from kit.games.property.refusals import (
    Refused,
    own_refusal,
    refused_phase,
    square_refusal,
    title_of,
)
from kit.games.property.state import BANK, DEBT, FREE, HOTEL, NEXT, NO_LOT, Pending
from kit.messages import Say

_SUMS = 4096  # past this many sums still short, the titles offered are a good set, not the best


def offer_debt(s: Any, out: list[Any]) -> None:
    p, _, amount, _ = s.debts[0]
    offer_anytime(s, out, p, build=False)
    left = s.raisable(p)
    short = s.cash[p] + left < amount
    if short and s._titles_open():  # PROP-14: titles at their printed price next
        if s.cash[p] + left + s.titles_worth(p) < amount:
            out.append(DeclareBankruptcy())
        elif not left:
            out += title_payments(s, p, amount - s.cash[p])
    elif short:
        out.append(DeclareBankruptcy())


def title_payments(s: Any, p: int, need: int) -> list[PayWithTitles]:
    """The titles-for-debt offers: `best_title_payment`, then each single title that covers
    ``need`` alone, cheapest first."""
    g = s.game
    price, sq = g.t_price, g.t_square
    best = best_title_payment(s, p, need)
    out = [best]
    for t in sorted((t for t, o in enumerate(s.owner) if o == p), key=lambda t: (price[t], t)):
        if price[t] >= need and best.squares != (sq[t],):
            out.append(PayWithTitles((sq[t],)))
    return out


def best_title_payment(s: Any, p: int, need: int) -> PayWithTitles:
    """The set of ``p``'s titles with the least printed price that still covers ``need`` (then
    the fewest titles). It is found exactly over the sums still short of ``need``; past 4,096
    such sums (a teacher's odd prices) it is a good set, every title of it needed."""
    price = s.game.t_price
    mine = [t for t, o in enumerate(s.owner) if o == p]
    partial: dict[int, tuple[int, ...]] = {0: ()}  # sum still short -> titles
    best: tuple[int, int, tuple[int, ...]] | None = None
    for t in mine:
        for total, ts in list(partial.items()):
            total += price[t]
            if total >= need:
                if best is None or (total, len(ts) + 1) < best[:2]:
                    best = (total, len(ts) + 1, (*ts, t))
            elif len(partial) < _SUMS and (
                total not in partial or len(partial[total]) > len(ts) + 1
            ):
                partial[total] = (*ts, t)
    chosen = list(best[2]) if best is not None else []
    if best is None:  # too many sums to follow (a teacher's odd prices): dearest first
        for t in sorted(mine, key=lambda t: -price[t]):
            if sum(price[u] for u in chosen) >= need:
                break
            chosen.append(t)
    for t in sorted(chosen, key=lambda t: price[t]):  # no title that is not needed
        if sum(price[u] for u in chosen) - price[t] >= need:
            chosen.remove(t)
    return PayWithTitles(tuple(sorted(s.game.t_square[t] for t in chosen)))


def check_bankruptcy(s: Any, action: Any) -> IllegalAction | None:
    if s.phase != DEBT:
        return refused_phase(s, action)
    d, _, amount, _ = s.debts[0]
    reach = s.cash[d] + s.raisable(d)
    if reach >= amount:
        return Refused("rules_property.bankrupt_raise")
    if s._titles_open() and reach + s.titles_worth(d) >= amount:
        return Refused("rules_property.bankrupt_titles")
    return None


def check_titles(s: Any, a: Any) -> IllegalAction | None:
    g = s.game
    names = g.names
    if s.phase != DEBT:
        return Refused("rules_property.titles_debt_only")
    p, c, amount, _ = s.debts[0]
    if not g.rules.pay_debt_with_titles:
        return Refused("rules_property.titles_money_only", game=g.rules.title)
    if c == BANK or not s.alive[c]:
        return Refused("rules_property.titles_bank", name=names[p])
    squares = a.squares
    if not isinstance(squares, tuple | list) or not squares:
        return Refused("rules_property.titles_name")
    chosen: list[int] = []
    for sq in squares:
        t = title_of(s, sq)
        if t == NO_LOT:
            return square_refusal(s, sq)
        if t in chosen:
            return Refused("rules_property.titles_twice", title=g.titles[t].name)
        err = own_refusal(s, p, t, "cannot_pay_with")
        if err:
            return err
        if s.level[t]:
            return Refused("rules_property.titles_buildings", title=g.titles[t].name)
        chosen.append(t)
    left = s.raisable(p)
    if left:
        return Refused("rules_property.titles_raise_first", left=left)
    cash = s.cash[p]
    need = amount - cash
    worth = sum(g.t_price[t] for t in chosen)
    if worth < need:
        more = Say("rules_property.titles_bankrupt") if s.titles_worth(p) < need else ""
        return Refused(
            "rules_property.titles_short",
            name=names[p],
            amount=amount,
            cash=cash,
            need=need,
            worth=worth,
            more=more,
        )
    for t in chosen:
        if worth - g.t_price[t] >= need:
            return Refused("rules_property.titles_extra", title=g.titles[t].name, need=need)
    return None


CHECKS = {DeclareBankruptcy: check_bankruptcy, PayWithTitles: check_titles}


class Debts:
    """The effects of this group and what a debtor can raise (a mixin of PropertyState)."""

    __slots__ = ()

    def raisable(self, p: int) -> int:
        """What selling every building and mortgaging every title would bring in."""
        g = self.game
        total = 0
        for t, o in enumerate(self.owner):
            if o == p:
                lv = self.level[t]
                total += g.t_sell_hotel[t] if lv == HOTEL else lv * g.t_sell_house[t]
                if not self.mortgaged[t]:
                    total += g.t_mortgage[t]
        return total

    def titles_worth(self, p: int) -> int:
        """The printed price of every title player ``p`` owns (what they pay a debt with)."""
        price = self.game.t_price
        return sum(price[t] for t, o in enumerate(self.owner) if o == p)

    def _titles_open(self) -> bool:
        """Whether the debt at the head of the queue may be paid with titles (PROP-14): the rules
        allow it and the creditor is a player still in the game."""
        c = self.debts[0].creditor
        return self.game.rules.pay_debt_with_titles and c != BANK and self.alive[c]

    def _receive_title(self, q: int, t: int, how: str) -> None:
        was = self.owner[t]
        self._set_owner(t, q)
        self._emit(
            "owner",
            square=self.game.t_square[t],
            player=None if q == BANK else q,
            was=None if was == BANK else was,
            how=how,
        )
        if q != BANK and self.mortgaged[t]:  # PAL-08, SUP-07, RUT-07: redeem now or later
            self.late[t] = True
            self.redeem_queue.append(Pending(q, t))

    def _do_titles(self, action: Any) -> None:
        """PROP-14: all the cash and these titles to the player creditor; the debt is settled and
        the debtor stays in. Mortgaged titles keep their mortgage (redeem now or later)."""
        g = self.game
        d, c, _, _ = self.debts.pop(0)
        self._transfer(d, c, self.cash[d], "titles")
        handed = sorted(g.sq_title[sq] for sq in action.squares)  # board order
        self.redeem_queue = [x for x in self.redeem_queue if x.title not in handed]
        for t in handed:
            self.late[t] = False
            self._receive_title(c, t, "debt")
        self._flush()

    def _do_bankruptcy(self, action: Any) -> None:
        self._bankrupt(self.debts[0].debtor)

    def _bankrupt(self, d: int) -> None:
        """PROP-14, RUT-11: the player is out; to a player everything goes to the creditor."""
        g = self.game
        creditor = self.debts[0].creditor
        if creditor != BANK and not self.alive[creditor]:
            creditor = BANK
        self._emit("bankrupt", player=d, to=None if creditor == BANK else creditor)
        self.debts = [  # what others owed him goes to the bank
            x._replace(creditor=BANK) if x.creditor == d else x for x in self.debts if x.debtor != d
        ]
        for t, o in enumerate(self.owner):  # buildings back to the bank at half price
            if o == d and self.level[t]:
                lv = self.level[t]
                if lv == HOTEL:
                    self._transfer(BANK, d, g.t_sell_hotel[t], "sale")
                    self.hotels += 1
                else:
                    self._transfer(BANK, d, lv * g.t_sell_house[t], "sale")
                    self.houses += lv
                self.level[t] = 0
                self._emit("buildings", player=d, square=g.t_square[t], level=0, was=lv)
                self._mark_even(g.t_group[t])
        self._transfer(d, creditor, self.cash[d], "bankruptcy")
        self.alive[d] = False
        self.jail[d] = FREE
        self.skip[d] = 0
        self.redeem_queue = [x for x in self.redeem_queue if x.player != d]
        if creditor == BANK:
            self._to_the_bank(d)
        else:
            for t, o in enumerate(self.owner):
                if o == d:
                    self.late[t] = False
                    self._receive_title(creditor, t, "bankruptcy")
            self.held[creditor] += self.held[d]
            self.held[d] = []
        if d == self.cur:
            self.resume = NEXT
        self._flush()

    def _to_the_bank(self, d: int) -> None:
        """A bankrupt's titles back to the bank unmortgaged (La Ruta: to auction), his cards to
        their decks."""
        g = self.game
        for t, o in enumerate(self.owner):
            if o == d:
                self.mortgaged[t] = False
                self.late[t] = False
                self._receive_title(BANK, t, "bankruptcy")
                if g.rules.bankrupt_to_bank == "auction":  # RUT-11: the Crown auctions them
                    self.auction_queue.append(t)
        for code in list(self.held[d]):
            self._return_card(d, code)


EFFECTS = {DeclareBankruptcy: Debts._do_bankruptcy, PayWithTitles: Debts._do_titles}
