"""Acquisitions: buying on an acquisition day (DDP-04), selling on a sell day and the commission's
roll-off (DDP-05, DDP-11), and cards that expire (DDP-04, DDP-12).

The roll-off is real dice: one chance node per die (six faces of 1/6), the seller first and then
clockwise, every player (finished ones too: "todos los jugadores"); the highest of a round wins,
those tied for the highest roll again, in the same order. Its sixes win the kitty (the first).
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.dia_de_paga.actions import Buy, KeepAll, Pass, Sell
from kit.games.dia_de_paga.base import (
    ACQUISITIONS,
    BANK,
    BUY,
    COMMISSION,
    KITTY_FACE,
    SELL,
    Answer,
    Problem,
    StateBase,
    always,
    fine,
    single,
)
from kit.games.dia_de_paga.records import Holding


class MarketRules(StateBase):
    """Buy / Pass, Sell / KeepAll, the commission's chance node and expiry."""

    __slots__ = ()

    # -- buying (DDP-04) -------------------------------------------------------------------
    def _offered(self) -> Any:
        return self.game.rules.acquisitions[self.task["card"]]

    def _can_buy(self, p: int) -> bool:
        return self.cash[p] >= self._offered().price

    def _buy_problem(self, p: int, _action: Any) -> Problem:
        if self._can_buy(p):
            return None
        price = self._offered().price
        who = self.game.names[p]
        return IllegalAction("rules_dia_de_paga.buy_cash", who=who, price=price, cash=self.cash[p])

    def _buy(self, p: int, _action: Any) -> None:
        c = self.piles[ACQUISITIONS].pop(0)
        card = self.game.rules.acquisitions[c]
        self._transfer(p, BANK, card.price)
        self.owned[p].append(Holding(c, self.month[p]))
        self._emit("bought", player=p, card=card.id, name=card.name, price=card.price)
        self._advance()

    def _pass(self, p: int, _action: Any) -> None:
        pile = self.piles[ACQUISITIONS]
        c = pile.pop(0)
        pile.append(c)  # DDP-04: to the bottom of the pile
        card = self.game.rules.acquisitions[c]
        self._emit("passed", player=p, card=card.id, name=card.name)
        self._advance()

    # -- selling (DDP-05) ------------------------------------------------------------------
    def _owned_ids(self, p: int) -> list[str]:
        acquisitions = self.game.rules.acquisitions
        return [acquisitions[h.card].id for h in self.owned[p]]

    def _sell_offers(self, p: int) -> list[Any]:
        return [Sell(card) for card in self._owned_ids(p)]

    def _sell_problem(self, p: int, action: Any) -> Problem:
        ids = self._owned_ids(p)
        if action.card in ids:
            return None
        return IllegalAction(
            "rules_dia_de_paga.sell_not_owned",
            who=self.game.names[p],
            card=repr(action.card),
            owned=", ".join(ids),
        )

    def _sell(self, p: int, action: Any) -> None:
        acquisitions = self.game.rules.acquisitions
        i = self._owned_ids(p).index(action.card)
        c = self.owned[p].pop(i).card
        card = acquisitions[c]
        self._transfer(BANK, p, card.value)
        self.piles[ACQUISITIONS].append(c)
        self._emit(
            "sold",
            player=p,
            card=card.id,
            name=card.name,
            value=card.value,
            commission=card.commission,
        )
        if card.commission:  # DDP-05: every player rolls, the seller first, then clockwise
            self.phase = COMMISSION
            self.task = {"p": p, "card": c, "in": self._others_from(p), "rolls": [], "round": 1}
        else:
            self._advance()

    def _keep_all(self, _p: int, _action: Any) -> None:
        self._advance()

    # -- the commission's roll-off (DDP-05, DDP-11) -----------------------------------------
    def _rolloff_roller(self) -> int:
        """Who rolls the roll-off's die now."""
        task = self.task
        return task["in"][len(task["rolls"])]

    def _commission_roll(self, face: int) -> None:
        """One die of the roll-off: the highest of a round wins; those tied for it roll again.
        A six here counts for the kitty (DDP-11): the first one wins it."""
        task = self.task
        q = self._rolloff_roller()
        self._emit("rolloff_roll", player=q, roll=face, round=task["round"])
        if face == KITTY_FACE:
            self._win_kitty(q, "rolloff")
        task["rolls"].append(face)
        if len(task["rolls"]) < len(task["in"]):
            return
        top = max(task["rolls"])
        best = [q for q, f in zip(task["in"], task["rolls"], strict=True) if f == top]
        if len(best) == 1:
            self._commission(best[0])
            return
        self._emit("rolloff_tie", players=best, roll=top)
        task.update({"in": best, "rolls": [], "round": task["round"] + 1})

    def _commission(self, winner: int) -> None:
        card = self.game.rules.acquisitions[self.task["card"]]
        self._transfer(BANK, winner, card.commission)
        self._emit(
            "commission_won", player=winner, amount=card.commission, card=card.id, name=card.name
        )
        self._advance()

    # -- expiry (DDP-04, DDP-12) -----------------------------------------------------------
    def _expire(self, p: int, last: bool) -> list[int]:
        """At the close of `p`'s payday: the cards of his month before (all, the last month)
        go to the bottom of the pile. Returns them."""
        life = self.game.rules.acquisition_life
        keep, gone = [], []
        for held in self.owned[p]:
            if last or held.bought + life - 1 <= self.month[p]:
                self.piles[ACQUISITIONS].append(held.card)
                gone.append(held.card)
            else:
                keep.append(held)
        self.owned[p] = keep
        return gone


def _has_owned(state: Any, p: int) -> bool:
    return bool(state.owned[p])


ANSWERS = (
    Answer(
        Buy,
        BUY,
        is_open=MarketRules._can_buy,
        offers=single(Buy, MarketRules._can_buy),
        problem=MarketRules._buy_problem,
        effect=MarketRules._buy,
    ),
    Answer(Pass, BUY, always, single(Pass), fine, MarketRules._pass),
    Answer(
        Sell,
        SELL,
        is_open=_has_owned,
        offers=MarketRules._sell_offers,
        problem=MarketRules._sell_problem,
        effect=MarketRules._sell,
    ),
    Answer(KeepAll, SELL, always, single(KeepAll), fine, MarketRules._keep_all),
)
