"""Trading between players (PROP-12): ProposeTrade, AcceptTrade, RejectTrade — why each is
refused and what each does. ProposeTrade is open-ended, so `legal_actions` does not list it
(`refusal` checks any proposal); at most three proposals a turn."""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.property.actions import AcceptTrade, ProposeTrade, RejectTrade
from kit.games.property.refusals import (
    Refused,
    own_refusal,
    refused_phase,
    square_refusal,
    title_of,
)
from kit.games.property.state import (
    AFTER,
    MAX_TRADES_PER_TURN,
    NO_LOT,
    TRADE,
    TURN,
    CardRef,
    Proposal,
)


def offer_answers(s: Any, out: list[Any]) -> None:
    out += [AcceptTrade(), RejectTrade()]


def _titles_problem(s: Any, squares: Any, who: int) -> Refused | None:
    g = s.game
    if not isinstance(squares, tuple | list):
        return square_refusal(s, squares)
    if len(set(squares)) != len(squares):
        return Refused("rules_property.trade_twice")
    for sq in squares:
        t = title_of(s, sq)
        if t == NO_LOT:
            return square_refusal(s, sq)
        err = own_refusal(s, who, t, "cannot_trade")
        if err:
            return err
        if s.level[t]:
            return Refused("rules_property.trade_buildings", title=g.titles[t].name)
        if g.rules.trade_blocked_by_group_buildings and any(
            s.level[m] for m in g.group_members[g.t_group[t]]
        ):
            return Refused("rules_property.trade_group_buildings", title=g.titles[t].name)
    return None


def check_proposal(s: Any, a: Any) -> IllegalAction | None:
    if s.phase not in (TURN, AFTER):
        return Refused("rules_property.trade_when")
    g = s.game
    p = s.cur
    q = a.to_player
    if type(q) is not int or not 0 <= q < g.n or q == p or not s.alive[q]:
        return Refused("rules_property.trade_whom", player=repr(q))
    if s.trades_made >= MAX_TRADES_PER_TURN:
        return Refused("rules_property.trade_max", max=MAX_TRADES_PER_TURN)
    if not (a.give or a.take or a.give_cards or a.take_cards):
        return Refused("rules_property.trade_lend")
    for squares, who in ((a.give, p), (a.take, q)):
        problem = _titles_problem(s, squares, who)
        if problem is not None:
            return problem
    for cards, who in ((a.give_cards, p), (a.take_cards, q)):
        if not isinstance(cards, tuple | list) or len(set(cards)) != len(cards):
            return Refused("rules_property.trade_card", name=g.names[who], card=repr(cards))
        for code in cards:
            if not isinstance(code, tuple) or code not in s.held[who]:
                return Refused("rules_property.trade_card", name=g.names[who], card=repr(code))
    m = a.money
    if type(m) is not int:
        return Refused("rules_property.trade_money", money=repr(m))
    if m > 0 and s.cash[p] < m:
        return Refused("rules_property.cannot_pay", name=g.names[p], cash=s.cash[p], amount=m)
    if m < 0 and s.cash[q] < -m:
        return Refused("rules_property.cannot_pay", name=g.names[q], cash=s.cash[q], amount=-m)
    return None


def check_answer(s: Any, action: Any) -> IllegalAction | None:
    return None if s.phase == TRADE else refused_phase(s, action)


CHECKS = {ProposeTrade: check_proposal, AcceptTrade: check_answer, RejectTrade: check_answer}


class Trading:
    """The effects of this group (a mixin of PropertyState)."""

    __slots__ = ()

    def _do_propose(self, action: Any) -> None:
        self.trades_made += 1
        self.trade = Proposal(self.cur, action)
        self.trade_resume = self.phase
        self.phase = TRADE
        self._emit(
            "trade_proposed",
            player=self.cur,
            to=action.to_player,
            give=list(action.give),
            take=list(action.take),
            money=action.money,
            give_cards=[self.game.card(c).text for c in action.give_cards],
            take_cards=[self.game.card(c).text for c in action.take_cards],
        )

    def _do_accept(self, action: Any) -> None:
        g = self.game
        p, a = self.trade
        q = a.to_player
        self.trade = None
        self._emit("trade_accepted", player=q, proposer=p)
        if a.money > 0:
            self._transfer(p, q, a.money, "trade")
        elif a.money < 0:
            self._transfer(q, p, -a.money, "trade")
        for sq in a.give:
            self._receive_title(q, g.sq_title[sq], "trade")
        for sq in a.take:
            self._receive_title(p, g.sq_title[sq], "trade")
        for code in a.give_cards:
            self.held[p].remove(code)
            self.held[q].append(CardRef(*code))
        for code in a.take_cards:
            self.held[q].remove(code)
            self.held[p].append(CardRef(*code))
        self._proceed(self.trade_resume)

    def _do_reject(self, action: Any) -> None:
        p, a = self.trade
        self._emit("trade_rejected", player=a.to_player, proposer=p)
        self.trade = None
        self.phase = self.trade_resume


EFFECTS = {
    ProposeTrade: Trading._do_propose,
    AcceptTrade: Trading._do_accept,
    RejectTrade: Trading._do_reject,
}
