"""The lottery (DDP-06): each player in turn, the lander first, may stake on a number of his own;
the die is rolled until a chosen number comes up. Its sixes do not win the kitty (DDP-11)."""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.dia_de_paga.actions import NoStake, Stake
from kit.games.dia_de_paga.base import (
    BANK,
    DRAW,
    FACES,
    LOTTERY,
    POT,
    Answer,
    Problem,
    StateBase,
    always,
    fine,
    is_amount,
    single,
)


class LotteryRules(StateBase):
    """Stake / NoStake and the lottery's die."""

    __slots__ = ()

    def _taken(self) -> dict[int, int]:
        """The numbers chosen so far: number -> the seat that chose it."""
        return {number: q for q, number in self.task["picks"]}

    def _free_numbers(self) -> list[int]:
        taken = self._taken()
        return [k for k in range(1, FACES + 1) if k not in taken]

    def _can_stake(self, p: int) -> bool:
        return self.cash[p] >= self.game.rules.lottery_stake and len(self.task["picks"]) < FACES

    def _stake_offers(self, p: int) -> list[Any]:
        return [Stake(k) for k in self._free_numbers()] if self._can_stake(p) else []

    def _stake_problem(self, p: int, action: Any) -> Problem:
        n = action.number
        if not is_amount(n) or not 1 <= n <= FACES:
            return IllegalAction("rules_dia_de_paga.lottery_number", n=repr(n))
        taken = self._taken()
        if n in taken:
            name = self.game.names[taken[n]]
            free = self._free_numbers()
            return IllegalAction("rules_dia_de_paga.lottery_taken", n=n, name=name, free=free)
        stake = self.game.rules.lottery_stake
        if self.cash[p] < stake:
            who, cash = self.game.names[p], self.cash[p]
            return IllegalAction("rules_dia_de_paga.lottery_cash", who=who, cash=cash, stake=stake)
        return None

    def _stake(self, p: int, action: Any) -> None:
        stake = self.game.rules.lottery_stake
        self._transfer(p, POT, stake)
        self.task["picks"].append([p, action.number])
        self._emit("staked", player=p, number=action.number, amount=stake)
        self._next_in_lottery()

    def _no_stake(self, _p: int, _action: Any) -> None:
        self._next_in_lottery()

    def _next_in_lottery(self) -> None:
        task = self.task
        task["i"] += 1
        if task["i"] < len(task["order"]):
            return
        if task["picks"]:
            self._transfer(BANK, POT, self.game.rules.lottery_prize)
            self.phase = DRAW
        else:
            self._emit("lottery_empty", player=task["lander"])  # nobody staked: nothing happens
            self._advance()

    def _lottery_roll(self, face: int) -> None:
        """DDP-06: roll until a chosen number comes up; a six here does not win the kitty."""
        for q, number in self.task["picks"]:
            if number == face:
                self._emit("lottery_draw", roll=face, player=q)
                self._emit("lottery_won", player=q, amount=self.pot, number=number)
                self._transfer(POT, q, self.pot)
                self._advance()
                return
        self._emit("lottery_draw", roll=face, player=None)  # nobody's number: roll again


ANSWERS = (
    Answer(
        Stake,
        LOTTERY,
        is_open=LotteryRules._can_stake,
        offers=LotteryRules._stake_offers,
        problem=LotteryRules._stake_problem,
        effect=LotteryRules._stake,
    ),
    Answer(NoStake, LOTTERY, always, single(NoStake), fine, LotteryRules._no_stake),
)
