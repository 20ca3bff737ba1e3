"""Rolling and moving: RollDice, EndTurn and the ways out of the Cárcel (PayJailFine,
UseJailCard): what each offers, why each is refused, what each does; the dice, the salary,
landing and rent (PROP-02, -03, -05, -08, PAL-05, RUT-08, SUP-05)."""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.property.actions import EndTurn, PayJailFine, RollDice, UseJailCard
from kit.games.property.refusals import Refused, refused_phase
from kit.games.property.state import (
    AFTER,
    BANK,
    BUY,
    CLAIM,
    DICE,
    FREE,
    LOT,
    NO_LOT,
    STATION,
    TURN,
    Claim,
)
from kit.messages import Say
from kit.messages import t as t_

_ROLL, _END = RollDice(), EndTurn()


# ---------------------------------------------------------------------- offers
def offer_turn(s: Any, out: list[Any]) -> None:
    """Before rolling: the dice, and the ways out of jail for a jailed player."""
    p = s.cur
    out.append(_ROLL)
    if s.jail[p] != FREE:
        if s.cash[p] >= s.game.rules.jail.fine:
            out.append(PayJailFine())
        if s._usable_jail_card(p) is not None:
            out.append(UseJailCard())


def offer_after(s: Any, out: list[Any]) -> None:
    out.append(_ROLL if s.again else _END)


# ---------------------------------------------------------------------- problems
def check_roll(s: Any, action: Any) -> IllegalAction | None:
    ph = s.phase
    if ph == TURN or (ph == AFTER and s.again):
        return None
    if ph == AFTER:
        return Refused("rules_property.no_double")
    if ph == BUY:
        return Refused("rules_property.buy_first")
    return refused_phase(s, action)


def check_end(s: Any, action: Any) -> IllegalAction | None:
    ph = s.phase
    if ph == AFTER and not s.again:
        return None
    if ph == TURN:
        return Refused("rules_property.roll_first")
    if ph == BUY:
        return Refused("rules_property.buy_first")
    return refused_phase(s, action)


def check_jail_exit(s: Any, action: Any) -> IllegalAction | None:
    if s.phase != TURN:
        return refused_phase(s, action)
    p = s.cur
    names = s.game.names
    if s.jail[p] == FREE:
        return Refused("rules_property.not_in_jail", name=names[p])
    if type(action) is UseJailCard:
        if s._usable_jail_card(p) is None:
            return Refused("rules_property.no_jail_card", name=names[p])
        return None
    fine = s.game.rules.jail.fine
    if s.cash[p] < fine:
        return Refused("rules_property.jail_fine", fine=fine, name=names[p], cash=s.cash[p])
    return None


CHECKS = {
    RollDice: check_roll,
    EndTurn: check_end,
    PayJailFine: check_jail_exit,
    UseJailCard: check_jail_exit,
}


class Moves:
    """The effects of this group and the movement rules (a mixin of PropertyState)."""

    __slots__ = ()

    # ------------------------------------------------------------------ effects
    def _do_roll(self, action: Any) -> None:
        self.phase = DICE

    def _do_end(self, action: Any) -> None:
        self._next_turn()

    def _do_pay_fine(self, action: Any) -> None:
        p = self.cur
        self._transfer(p, BANK, self.game.rules.jail.fine, "fine")
        self._free(p, "fine")

    def _do_jail_card(self, action: Any) -> None:
        p = self.cur
        code = self._usable_jail_card(p)
        card = self.game.card(code)
        self._emit("card_used", player=p, card=card.id, text=card.text)
        if card.effect == "leave_jail_for":
            self._transfer(p, BANK, int(card.params["amount"]), "card")
        self._return_card(p, code)
        self._free(p, "card")

    def _free(self, p: int, how: str) -> None:
        self.jail[p] = FREE
        self._emit("freed", player=p, how=how)

    # ------------------------------------------------------------------ the dice
    def _roll(self, a: int, b: int) -> None:
        p = self.cur
        dice = self.last_roll = [a, b]  # one list for both: nothing changes a roll once made
        self.events.append({"kind": "rolled", "player": p, "dice": dice})
        if self.jail[p] != FREE:  # PAL-05, RUT-08, SUP-05
            if a == b:
                self._free(p, "double")
                self.again = False  # the double frees him and moves him; no extra roll
                self._move(p, a + b)
                return
            self.jail[p] += 1
            jail = self.game.rules.jail
            if self.jail[p] >= jail.max_turns:
                self._free(p, "last_turn")
                self.again = False
                if jail.fine_on_forced_exit:
                    self._charge(p, BANK, jail.fine, "fine")
                self._move(p, a + b)
                return
            self._proceed(AFTER)
            return
        if a == b:
            self.doubles += 1
            if self.doubles == 3:  # PROP-03: the third double sends him to jail at once
                self._send_to_jail(p, "three_doubles")
                return
            self.again = True
        else:
            self.again = False
        g = self.game  # = self._move(p, a + b), inlined: the hot path of every game
        new = self.pos[p] + a + b
        if new >= g.nsq:
            if new > g.nsq or g.salary_on_landing:
                self._transfer(BANK, p, g.salary, "salary")
            new -= g.nsq
        self.pos[p] = new
        self.events.append({"kind": "moved", "player": p, "square": new})
        self._land(p)

    def _send_to_jail(self, p: int, reason: str) -> None:
        """PROP-08: straight to jail, never collecting the salary on the way; ``reason`` is
        "three_doubles", "square" or "card"."""
        self.pos[p] = self.game.rules.jail.square
        self.jail[p] = 0
        self._emit("jailed", player=p, reason=reason)
        if p == self.cur:
            self.again = False
            self.doubles = 0
        self._proceed(AFTER)

    def _move(self, p: int, steps: int) -> None:
        g = self.game
        new = self.pos[p] + steps
        if new >= g.nsq:
            if new > g.nsq or g.salary_on_landing:
                self._transfer(BANK, p, g.salary, "salary")  # PAL-02, RUT-02, SUP-02
            new -= g.nsq
        self.pos[p] = new
        self.events.append({"kind": "moved", "player": p, "square": new})
        self._land(p)

    def _move_back(self, p: int, steps: int) -> None:
        self.pos[p] = (self.pos[p] - steps) % self.game.nsq
        self._emit("moved", player=p, square=self.pos[p])
        self._land(p)

    def _move_to(self, p: int, square: int, salary: bool) -> None:
        if salary and (square <= self.pos[p] or square == 0):
            self._transfer(BANK, p, self.game.salary, "salary")
        self.pos[p] = square
        self._emit("moved", player=p, square=square)
        self._land(p)

    def _land(self, p: int) -> None:
        g = self.game
        sq = self.pos[p]
        t = g.sq_title[sq]
        if t != NO_LOT:
            o = self.owner[t]
            if o == BANK:
                self._proceed(BUY)
                return
            if o != p and not self.mortgaged[t]:  # PROP-05; the owner may be in jail (PROP-09)
                rent = self.rent(t)
                if rent > 0:
                    if g._claim_float < 1:
                        self.claim = Claim(p, o, rent)
                        self.phase = CLAIM
                        return
                    self._charge(p, o, rent, "rent")
            if self.debts or self.redeem_queue or self.auction_queue or self.auction:
                self._proceed(AFTER)
            else:  # = self._proceed(AFTER) with nothing pending: the most common landing
                self.resume = self.phase = AFTER
            return
        kind = g.sq_kind[sq]
        if kind == "tax":
            code = self._held_card(p, ("tax_exemption",))
            if code is not None:  # RUT-06: the exemption card is used (then to the bottom)
                card = g.card(code)
                self._emit("card_used", player=p, card=card.id, text=card.text)
                self._return_card(p, code)
            else:
                self._charge(p, BANK, g.rules.squares[sq].tax, "tax")
            self._proceed(AFTER)
        elif kind in ("chance", "chest"):
            self._draw(p, g.sq_deck[sq])
        elif kind == "go_to_jail":
            self._send_to_jail(p, "square")
        else:
            self._proceed(AFTER)

    def rent(self, t: int) -> int:
        """The rent of title number ``t`` for its owner now (PROP-05, PAL-04, RUT-04, SUP-04)."""
        g = self.game
        o = self.owner[t]
        kind = g.t_kind[t]
        rents = g.t_rents[t]
        if kind == LOT and self.level[t]:
            return rents[self.level[t]]
        read = g.group_readers[g.t_group[t]]  # the group's titles, read at once
        count = read(self.owner).count(o)
        if kind == LOT:
            whole = count == len(g.group_members[g.t_group[t]])
            if whole and not g.double_rent_with_mortgaged:  # RUT-04: a mortgage breaks it
                whole = True not in read(self.mortgaged)
            return rents[0] * 2 if whole else rents[0]
        if kind == STATION:
            return rents[count - 1]
        roll = self.last_roll or [0, 0]
        return rents[count - 1] * (roll[0] + roll[1])

    def nearest(self, square: int, kind: str) -> int:
        """The first square of ``kind`` ("station", "utility" ...) strictly ahead of ``square``,
        going round the board (the ``move_to_nearest`` card)."""
        g = self.game
        for k in range(1, g.nsq + 1):
            sq = (square + k) % g.nsq
            if g.sq_kind[sq] == kind:
                return sq
        raise ValueError(f"the board has no square of kind {kind!r}")

    def place(self, player: int, square: int, doubles: int = 0, jail: int | None = None) -> None:
        """Put ``player``'s token on ``square`` at the start of one of his rolls: no salary, no
        landing, nothing else changes. ``doubles``: doubles already rolled this turn (0-2);
        ``jail``: None when free, else the failed rolls in jail so far (his token is then on the
        jail square). An analysis and teaching hook (``kit.analysis.markov`` builds its chain from
        the engine by placing a token, then rolling through ``apply``); the player must be the one
        to act, before rolling (phase ``turn``) or after a double (``after``)."""
        g = self.game
        if self.phase not in (TURN, AFTER) or player != self.cur:
            raise IllegalAction(
                "rules_property.place_when",
                name=g.names[self.cur],
                phase=Say(f"rules_property.phase_{self.phase}"),
                player=repr(player),
            )
        if square not in range(g.nsq) or doubles not in range(3):
            raise ValueError(
                t_(
                    "rules_property.place_values",
                    last=g.nsq - 1,
                    square=repr(square),
                    doubles=repr(doubles),
                )
            )
        if jail is not None and (jail not in range(g.rules.jail.max_turns) or doubles):
            raise ValueError(t_("rules_property.place_jail", last=g.rules.jail.max_turns - 1))
        self.pos[player] = g.rules.jail.square if jail is not None else square
        self.jail[player] = FREE if jail is None else jail
        self.doubles = doubles
        self.again = doubles > 0
        self.phase = AFTER if doubles else TURN
        self.resume = self.phase


EFFECTS = {
    RollDice: Moves._do_roll,
    EndTurn: Moves._do_end,
    PayJailFine: Moves._do_pay_fine,
    UseJailCard: Moves._do_jail_card,
}
