"""The month: a turn's roll and move (DDP-02), the days followed (DDP-03, 07-10), the turn passing.

The days that ask for a decision start it here and leave the rest to their group: acquisitions
and sell days (market.py), the lottery (lottery.py), payday (payday.py).
"""

from __future__ import annotations

from typing import Any

from kit.games.dia_de_paga.actions import Roll
from kit.games.dia_de_paga.base import (
    ACQUISITIONS,
    BANK,
    BUY,
    EVENTS,
    KITTY,
    KITTY_FACE,
    LAST_DAY,
    LOTTERY,
    MAIL,
    MOVE,
    OVER,
    SELL,
    START,
    TURN,
    Answer,
    StateBase,
    always,
    fine,
    single,
)


class MonthRules(StateBase):
    """Rolling, moving, following a day, moving back, event cards, passing the turn."""

    __slots__ = ()

    def _roll(self, p: int, _action: Any) -> None:
        self.phase = MOVE
        self.task = {"p": p}

    def _move(self, face: int) -> None:
        """The die of a move: a six wins the kitty (DDP-11); never past day 31 (DDP-02)."""
        p = self.cur
        before = self.pos[p]
        self.pos[p] = self.game.advance(before, face)
        self._emit("rolled", player=p, roll=face, **{"from": before}, day=self.pos[p])
        if face == KITTY_FACE:
            self._win_kitty(p, "move")
        self.agenda = [["land", p], ["end_turn"]]
        self._advance()

    def _step_end_turn(self) -> None:
        n = self.game.n
        for k in range(1, n + 1):
            q = (self.cur + k) % n
            if not self.finished[q]:
                self.cur = q
                self.phase = TURN
                return
        self.phase = OVER  # DDP-18: everyone has finished the last month
        self._emit("game_over", fortunes=self.fortunes(), winner=self.winner())

    def _draw_mail(self, p: int, count: int) -> None:
        """DDP-03: from the top of the pile, face down until payday (none when it is empty)."""
        pile = self.piles[MAIL]
        mail = self.game.rules.mail
        for _ in range(min(count, len(pile))):
            c = pile.pop(0)
            self.mail[p].append(c)
            self._emit("mail_drawn", player=p, card=mail[c].id, text=mail[c].text)

    def _step_land(self, p: int) -> None:
        """Follow the instructions of the day ``p`` stands on."""
        r = self.game.rules
        d = self.pos[p]
        if d == START:
            return
        day = r.day(d)
        kind = day.kind
        if kind == "mail":  # DDP-03
            self._draw_mail(p, day.count)
        elif kind == "acquisition":  # DDP-04
            if self.piles[ACQUISITIONS]:
                c = self.piles[ACQUISITIONS][0]
                card = r.acquisitions[c]
                self._emit(
                    "acquisition_offered",
                    player=p,
                    card=card.id,
                    name=card.name,
                    price=card.price,
                    value=card.value,
                )
                self.phase = BUY
                self.task = {"p": p, "card": c}
        elif kind == "sell":  # DDP-05
            if self.owned[p]:
                self.phase = SELL
                self.task = {"p": p}
        elif kind == "lottery":  # DDP-06
            self._emit("lottery_opened", player=p, prize=r.lottery_prize, stake=r.lottery_stake)
            self.phase = LOTTERY
            self.task = {"lander": p, "order": self._others_from(p), "i": 0, "picks": []}
        elif kind == "event":  # DDP-07
            self._event(p)
        elif kind == "birthday":  # DDP-08 (finished players pay too, DDP-13)
            for q in self._others_from(p)[1:]:
                self._charge(q, p, r.birthday_amount, "birthday")
        elif kind == "election":  # DDP-09
            for q in self._others_from(p):
                if not self.finished[q]:
                    self._charge(q, KITTY, r.election_amount, "election")
        elif kind == "time_change":  # DDP-10
            self._then(*(["back", q] for q in self._others_from(p) if not self.finished[q]))
        elif kind == "pay":
            self._charge(p, BANK, day.amount, "pay")
        elif kind == "receive":
            self._transfer(BANK, p, day.amount)
            self._emit("received", player=p, amount=day.amount, why="receive")
        elif kind == "payday":  # DDP-12
            self._then(["payday", p, 0, "open"])

    def _step_back(self, q: int) -> None:
        """DDP-10: move back one day and follow it; from Salida back to day 31 (a payday)."""
        before = self.pos[q]
        if before == START:
            self.pos[q] = LAST_DAY
            self._emit("moved_back", player=q, **{"from": before}, day=LAST_DAY)
            self._then(["payday", q, 1, "open"])
            return
        self.pos[q] -= 1
        if self.pos[q] != START and self.game.kinds[self.pos[q]] == "time_change":
            self.pos[q] -= 1  # onto the acquisition day before it; no second time change
        self._emit("moved_back", player=q, **{"from": before}, day=self.pos[q])
        self._then(["land", q])

    def _event(self, p: int) -> None:
        """DDP-07: the top event card, followed, then to the bottom of the pile."""
        pile = self.piles[EVENTS]
        c = pile.pop(0)
        pile.append(c)
        card = self.game.rules.events[c]
        e, amount = card.effect, card.amount
        self._emit("event_card", player=p, card=card.id, text=card.text, effect=e, amount=amount)
        if e == "receive":
            self._transfer(BANK, p, amount)
            self._emit("received", player=p, amount=amount, why="event")
        elif e == "pay":
            self._charge(p, BANK, amount, "event")
        elif e == "pay_kitty":
            self._charge(p, KITTY, amount, "event")
        elif e == "receive_from_each":
            for q in self._others_from(p)[1:]:
                self._charge(q, p, amount, "event")
        elif e == "pay_each":
            for q in self._others_from(p)[1:]:
                self._charge(p, q, amount, "event")
        elif e == "mail":
            self._draw_mail(p, amount)


ANSWERS = (Answer(Roll, TURN, always, single(Roll), fine, MonthRules._roll),)
