"""The "any time" actions: loans (DDP-16), the savings book (DDP-17) and the "En caso de
necesidad" bet (DDP-15); and the debt a player must pay before the game goes on (DDP-13).

They are open at every decision of the player to act. ``legal_actions`` lists a few typical
amounts of each; the rules allow any lawful amount, and refuse the rest with the reason.
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.dia_de_paga.actions import Deposit, Gamble, TakeLoan, Withdraw
from kit.games.dia_de_paga.base import (
    BANK,
    BET,
    DEBT,
    KITTY,
    KITTY_FACE,
    MAIL,
    NECESSITY,
    SAVINGS,
    Answer,
    Problem,
    StateBase,
    always,
    is_amount,
)
from kit.games.dia_de_paga.words import Say

TYPICAL = 100  # the small amount listed beside "all of it" for deposits and stakes


class BankRules(StateBase):
    """TakeLoan, Deposit, Withdraw, Gamble and the bet's die."""

    __slots__ = ()

    def _amount_problem(self, amount: Any, what: str, unit: int = 1) -> Problem:
        """What is wrong with an amount of euros; ``what`` is a key: loan, deposit ..."""
        said = Say(f"rules_dia_de_paga.what_{what}")
        if not is_amount(amount):
            return IllegalAction("rules_dia_de_paga.amount_whole", what=said, amount=repr(amount))
        if amount <= 0:
            return IllegalAction("rules_dia_de_paga.amount_positive", what=said, amount=amount)
        if amount % unit:
            return IllegalAction(
                "rules_dia_de_paga.amount_unit", what=said, unit=unit, amount=amount
            )
        return None

    def _shortfall(self) -> int:
        """In debt: what the first debt needs beyond the debtor's cash."""
        debt = self.debts[0]
        return debt.amount - self.cash[debt.payer]

    # -- loans (DDP-16) --------------------------------------------------------------------
    def _loan_offers(self, p: int) -> list[Any]:
        unit = self.game.rules.loan_unit
        loans = {unit}
        if self.phase == DEBT:
            loans.add(-(-self._shortfall() // unit) * unit)
        return [TakeLoan(a) for a in sorted(loans)]

    def _loan_problem(self, _p: int, action: Any) -> Problem:
        return self._amount_problem(action.amount, "loan", self.game.rules.loan_unit)

    def _take_loan(self, p: int, action: Any) -> None:  # one loan card per 1500 €
        self.loans[p] += action.amount
        self._transfer(BANK, p, action.amount)
        self._pay_line(p, "loan", action.amount)
        self._emit("loan", player=p, amount=action.amount, owed=self.loans[p])
        if self.phase == DEBT:
            self._advance()

    # -- the savings book (DDP-17) ---------------------------------------------------------
    def _can_deposit(self, p: int) -> bool:
        """DDP-17: deposits up to and including day 23 (Salida counts as before day 1)."""
        return self.pos[p] <= self.game.rules.last_deposit_day and not self.finished[p]

    def _deposit_open(self, p: int) -> bool:
        return self._can_deposit(p) and self.cash[p] > 0

    def _deposit_offers(self, p: int) -> list[Any]:
        if not self._deposit_open(p):
            return []
        cash = self.cash[p]
        return [Deposit(a) for a in sorted({min(TYPICAL, cash), cash})]

    def _deposit_problem(self, p: int, action: Any) -> Problem:
        bad = self._amount_problem(action.amount, "deposit")
        if bad is not None:
            return bad
        who = self.game.names[p]
        if not self._can_deposit(p):
            last = self.game.rules.last_deposit_day
            return IllegalAction(
                "rules_dia_de_paga.deposit_day", who=who, day=self.pos[p], last=last
            )
        if action.amount > self.cash[p]:
            return IllegalAction(
                "rules_dia_de_paga.deposit_cash", who=who, cash=self.cash[p], amount=action.amount
            )
        return None

    def _deposit(self, p: int, action: Any) -> None:
        self._transfer(p, SAVINGS + p, action.amount)
        self._pay_line(p, "deposit", -action.amount)
        self._emit("deposit", player=p, amount=action.amount, savings=self.savings[p])

    def _withdraw_open(self, p: int) -> bool:
        return (
            bool(self.savings[p])
            and self.savings[p] + self.cash[p] >= self.game.rules.withdrawal_fee
        )

    def _withdraw_offers(self, p: int) -> list[Any]:
        if not self._withdraw_open(p):
            return []
        fee, cash, saved = self.game.rules.withdrawal_fee, self.cash[p], self.savings[p]
        amounts = {saved}
        if self.phase == DEBT:
            need = self._shortfall() + fee
            if 0 < need <= saved:
                amounts.add(need)
        return [Withdraw(a) for a in sorted(amounts) if cash + a >= fee]

    def _withdraw_problem(self, p: int, action: Any) -> Problem:
        bad = self._amount_problem(action.amount, "withdrawal")
        if bad is not None:
            return bad
        who = self.game.names[p]
        if action.amount > self.savings[p]:
            return IllegalAction(
                "rules_dia_de_paga.withdraw_savings",
                who=who,
                savings=self.savings[p],
                amount=action.amount,
            )
        fee = self.game.rules.withdrawal_fee
        if self.cash[p] + action.amount < fee:
            total = self.cash[p] + action.amount
            return IllegalAction("rules_dia_de_paga.withdraw_fee", fee=fee, who=who, total=total)
        return None

    def _withdraw(self, p: int, action: Any) -> None:  # DDP-17: flat fee whatever the amount
        fee = self.game.rules.withdrawal_fee
        self._transfer(SAVINGS + p, p, action.amount)
        self._transfer(p, BANK, fee)
        self._pay_line(p, "withdraw", action.amount)
        self._pay_line(p, "fee", -fee)
        self._emit("withdrawal", player=p, amount=action.amount, fee=fee, savings=self.savings[p])
        if self.phase == DEBT:
            self._advance()

    # -- "En caso de necesidad" (DDP-15) ---------------------------------------------------
    def _gamble_open(self, p: int) -> bool:
        return bool(self.necessity[p]) and self.cash[p] > 0

    def _gamble_offers(self, p: int) -> list[Any]:
        if not self._gamble_open(p):
            return []
        top = min(self.cash[p], self.game.rules.necessity_stake_below - 1)
        return [Gamble(a) for a in sorted({min(TYPICAL, top), top})]

    def _gamble_problem(self, p: int, action: Any) -> Problem:
        who = self.game.names[p]
        if not self.necessity[p]:
            return IllegalAction("rules_dia_de_paga.no_necessity", who=who)
        s = action.stake
        if not is_amount(s):
            return IllegalAction("rules_dia_de_paga.stake_whole", stake=repr(s))
        below = self.game.rules.necessity_stake_below
        if not 0 < s < below:
            return IllegalAction("rules_dia_de_paga.stake_range", below=below, stake=s)
        if s > self.cash[p]:
            return IllegalAction(
                "rules_dia_de_paga.stake_cash", who=who, cash=self.cash[p], stake=s
            )
        return None

    def _gamble(self, p: int, action: Any) -> None:
        """The card is used up (under the mail pile); the stake waits for the die."""
        c = self.necessity[p].pop(0)
        self.piles[MAIL].append(c)
        self._transfer(p, BET, action.stake)
        self._pay_line(p, "stake", -action.stake)
        self._emit("necessity_bet", player=p, stake=action.stake, card=self.game.rules.mail[c].id)
        self.saved.append([self.phase, self.task])
        self.phase = NECESSITY
        self.task = {"p": p, "stake": action.stake}

    def _necessity_roll(self, face: int) -> None:
        r = self.game.rules
        p, stake = self.task["p"], self.task["stake"]
        won = face in r.necessity_faces
        prize = r.necessity_multiplier * stake if won else 0
        self._emit("necessity_roll", player=p, roll=face, won=won, amount=prize)
        if face == KITTY_FACE and self.kitty:  # DDP-11: a six rolled outside the lottery
            self._pay_line(p, "kitty", self.kitty)
            self._win_kitty(p, "necessity")
        if won:  # DDP-15 reading: the stake is lost, 10× paid on top
            self._transfer(BET, BANK, stake)
            self._transfer(BANK, p, prize)
            self._pay_line(p, "bet_won", prize)
        else:
            self._transfer(BET, KITTY, stake)
        self.phase, self.task = self.saved.pop()
        if self.phase == DEBT:
            self._advance()


ANSWERS = (
    Answer(
        TakeLoan,
        None,
        is_open=always,
        offers=BankRules._loan_offers,
        problem=BankRules._loan_problem,
        effect=BankRules._take_loan,
    ),
    Answer(
        Deposit,
        None,
        is_open=BankRules._deposit_open,
        offers=BankRules._deposit_offers,
        problem=BankRules._deposit_problem,
        effect=BankRules._deposit,
    ),
    Answer(
        Withdraw,
        None,
        is_open=BankRules._withdraw_open,
        offers=BankRules._withdraw_offers,
        problem=BankRules._withdraw_problem,
        effect=BankRules._withdraw,
    ),
    Answer(
        Gamble,
        None,
        is_open=BankRules._gamble_open,
        offers=BankRules._gamble_offers,
        problem=BankRules._gamble_problem,
        effect=BankRules._gamble,
    ),
)
