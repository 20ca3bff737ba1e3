"""Payday (DDP-12) with its mail (DDP-14), loan interest and repayments (DDP-16), savings interest
(DDP-17), and the month's end (DDP-04, DDP-13, DDP-18).

A payday runs as agenda steps ``["payday", p, extra, stage]``: open (salary, savings interest,
the mail opened), insure (one decision per insurance card), bills, interest (on the loans),
repay (a decision), close (DDP-12's reading in RULES.md). Every line it pays is written in the
player's payslip (``state.payslips``) and told as a "payday_line" event.
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.dia_de_paga.actions import DropInsurance, EndPayday, KeepInsurance, Repay
from kit.games.dia_de_paga.base import (
    BANK,
    INSURANCE,
    LAST_DAY,
    MAIL,
    REPAY,
    SAVINGS,
    START,
    Answer,
    Problem,
    StateBase,
    always,
    fine,
    interest,
    single,
)
from kit.games.dia_de_paga.records import Balance, PayLine

# DDP-14: which insurance card exempts from which bill
EXEMPTS = {"doctor": "health_insurance", "garage": "car_insurance"}
# The lines a payday itself pays (the any-time actions taken during it have their own events).
PAYDAY_LINES = frozenset(
    (
        "salary",
        "savings_interest",
        "loan_interest",
        "income",
        "necessity",
        "harmless",
        "insurance_kept",
        "insurance_dropped",
        "covered",
        "bill",
        "expired",
    )
)


class PaydayRules(StateBase):
    """The payday's stages, its two decisions (insurance, repayment) and the payslips."""

    __slots__ = ()

    def _step_payday(self, p: int, extra: int, stage: str) -> None:
        getattr(self, "_payday_" + stage)(p, extra)

    def _payday_open(self, p: int, extra: int) -> None:
        r = self.game.rules
        self.payslips.append(
            {
                "player": p,
                "month": self.month[p],
                "extra": bool(extra),
                "open": True,
                "savings": Balance(self.savings[p], None),  # close: set at the close
                "loans": Balance(self.loans[p], None),
                "lines": [],
            }
        )
        self._emit("payday_started", player=p, month=self.month[p], extra=bool(extra))
        # the good news first: salary and savings interest; then the mail is opened
        self._transfer(BANK, p, r.salary)
        self._pay_line(p, "salary", r.salary)
        gained = interest(self.savings[p], r.savings_interest)
        self._transfer(BANK, SAVINGS + p, gained)
        self._pay_line(p, "savings_interest", gained, "savings")
        for c in self.mail[p]:
            card = r.mail[c]
            if card.kind == "income":
                self._transfer(BANK, p, card.amount)
                self.piles[MAIL].append(c)
                self._pay_line(p, "income", card.amount, card=c)
            elif card.kind == "necessity":
                self.necessity[p].append(c)
                self._pay_line(p, "necessity", 0, card=c)
            elif card.harmless or self._covered(p, card.kind):
                self.piles[MAIL].append(c)  # nothing to do (or insured already): discarded
                self._pay_line(p, "harmless", 0, card=c)
            else:
                self.opened[p].append(c)
        self.mail[p] = []
        self._then(["payday", p, extra, "insure"])

    def _payday_insure(self, p: int, extra: int) -> None:
        mail = self.game.rules.mail
        for c in [c for c in self.opened[p] if self._covered(p, mail[c].kind)]:
            self.opened[p].remove(c)  # a second card of a kind he now holds: discarded
            self.piles[MAIL].append(c)
            self._pay_line(p, "harmless", 0, card=c)
        offers = [c for c in self.opened[p] if mail[c].kind.endswith("_insurance")]
        if offers:
            self.phase = INSURANCE
            self.task = {"p": p, "card": offers[0]}
            self._then(["payday", p, extra, "insure"])
        else:
            self._then(["payday", p, extra, "bills"])

    def _payday_bills(self, p: int, extra: int) -> None:
        mail = self.game.rules.mail
        total = 0
        for c in self.opened[p]:
            card = mail[c]
            if self._exempt(p, card.kind):
                self._pay_line(p, "covered", 0, card=c)
            else:
                total += card.amount
                self._pay_line(p, "bill", -card.amount, card=c)
            self.piles[MAIL].append(c)  # paid mail goes back under the pile
        self.opened[p] = []
        self._charge(p, BANK, total)
        self._then(["payday", p, extra, "interest"])

    def _payday_interest(self, p: int, extra: int) -> None:
        """DDP-16: 10 % of what he owes now, the mail paid (so a loan taken for the bills
        counts: it is outstanding on day 31), before any repayment."""
        if self.loans[p]:
            owed = interest(self.loans[p], self.game.rules.loan_interest)
            self._open_slip(p)["loan_interest_on"] = self.loans[p]
            self._charge(p, BANK, owed)
            self._pay_line(p, "loan_interest", -owed)
        self._then(["payday", p, extra, "repay"])

    def _payday_repay(self, p: int, extra: int) -> None:
        self._then(["payday", p, extra, "close"])
        if self.loans[p]:
            self.phase = REPAY
            self.task = {"p": p}

    def _payday_close(self, p: int, extra: int) -> None:
        self.pos[p] = START
        slip = self._open_slip(p)
        slip["open"] = False
        slip["savings"] = slip["savings"]._replace(close=self.savings[p])
        slip["loans"] = slip["loans"]._replace(close=self.loans[p])
        if extra:  # the time change's extra payday does not end the player's month
            return
        last = self.month[p] == self.game.months
        for c in self._expire(p, last):
            slip["lines"].append(PayLine("expired", 0, "cash", c))
            card = self.game.rules.acquisitions[c]
            self._emit(
                "payday_line", player=p, line="expired", amount=0, account="cash", card=card.id
            )
        self._emit("month_end", player=p, month=self.month[p], finished=last)
        if last:
            self.finished[p] = True  # DDP-13: he waits on day 31
            self.pos[p] = LAST_DAY
        else:
            self.month[p] += 1

    # -- the payslip -----------------------------------------------------------------------
    def _open_slip(self, p: int) -> dict[str, Any] | None:
        """Player `p`'s payday in progress (opened, not closed yet), if any."""
        for slip in reversed(self.payslips):
            if slip["player"] == p:
                return slip if slip["open"] else None
        return None

    def _pay_line(
        self, p: int, kind: str, amount: int, account: str = "cash", card: int | None = None
    ) -> None:
        """One line of `p`'s payslip, as the payday pays it (DDP-12): a PayLine (kind, euros
        + for him, account "cash" or "savings", mail card). Only during a payday; the payday's
        own lines are events too."""
        slip = self._open_slip(p)
        if slip is None:
            return
        slip["lines"].append(PayLine(kind, amount, account, card))
        if kind in PAYDAY_LINES:
            said: dict[str, Any] = {"card": None}
            if card is not None:
                said = {
                    "card": self.game.rules.mail[card].id,
                    "text": self.game.rules.mail[card].text,
                }
            self._emit("payday_line", player=p, line=kind, amount=amount, account=account, **said)

    def _covered(self, p: int, kind: str) -> bool:
        """A second insurance card of a kind he already holds is of no use: discarded."""
        mail = self.game.rules.mail
        return kind.endswith("_insurance") and any(mail[c].kind == kind for c in self.insured[p])

    def _exempt(self, p: int, kind: str) -> bool:
        """DDP-14: a kept health (car) insurance card exempts from doctor (garage) bills."""
        need = EXEMPTS.get(kind)
        mail = self.game.rules.mail
        return need is not None and any(mail[c].kind == need for c in self.insured[p])

    # -- insurance (DDP-14) ----------------------------------------------------------------
    def _insurance_card(self) -> Any:
        return self.game.rules.mail[self.task["card"]]

    def _can_insure(self, p: int) -> bool:
        return self.cash[p] >= self._insurance_card().amount

    def _insurance_problem(self, p: int, action: Any) -> Problem:
        card = self._insurance_card()
        if action.card != card.id:
            return IllegalAction(
                "rules_dia_de_paga.insurance_card", card=repr(card.id), given=repr(action.card)
            )
        if type(action) is KeepInsurance and not self._can_insure(p):
            who, cash = self.game.names[p], self.cash[p]
            return IllegalAction(
                "rules_dia_de_paga.insurance_cash", who=who, cash=cash, premium=card.amount
            )
        return None

    def _insure(self, p: int, action: Any) -> None:
        c = self.task["card"]
        premium = self.game.rules.mail[c].amount
        self.opened[p].remove(c)
        if type(action) is KeepInsurance:
            self._transfer(p, BANK, premium)
            self.insured[p].append(c)
            self._pay_line(p, "insurance_kept", -premium, card=c)
        else:
            self.piles[MAIL].append(c)
            self._pay_line(p, "insurance_dropped", 0, card=c)
        self._advance()

    # -- repayment (DDP-16) ----------------------------------------------------------------
    def _repay_top(self, p: int) -> int:
        """The most loan cards he can repay now."""
        return min(self.loans[p], self.cash[p]) // self.game.rules.loan_unit

    def _can_repay(self, p: int) -> bool:
        return self._repay_top(p) > 0

    def _repay_offers(self, p: int) -> list[Any]:
        unit = self.game.rules.loan_unit
        return [Repay(k * unit) for k in range(1, self._repay_top(p) + 1)]

    def _repay_problem(self, p: int, action: Any) -> Problem:
        bad = self._amount_problem(action.amount, "repayment", self.game.rules.loan_unit)
        if bad is not None:
            return bad
        who = self.game.names[p]
        if action.amount > self.loans[p]:
            return IllegalAction(
                "rules_dia_de_paga.repay_owed", who=who, loans=self.loans[p], amount=action.amount
            )
        if action.amount > self.cash[p]:
            return IllegalAction(
                "rules_dia_de_paga.repay_cash", who=who, cash=self.cash[p], amount=action.amount
            )
        return None

    def _repay(self, p: int, action: Any) -> None:
        self.loans[p] -= action.amount
        self._transfer(p, BANK, action.amount)
        self._pay_line(p, "repay", -action.amount)
        self._emit("repaid", player=p, amount=action.amount, owed=self.loans[p])
        self._advance()

    def _end_payday(self, _p: int, _action: Any) -> None:
        self._advance()


def _insurance_offers(kind: type) -> Any:
    """The offers of KeepInsurance (when he can pay the premium) or DropInsurance."""

    def offers(state: Any, p: int) -> list[Any]:
        if kind is KeepInsurance and not state._can_insure(p):
            return []
        return [kind(state._insurance_card().id)]

    return offers


ANSWERS = (
    Answer(
        KeepInsurance,
        INSURANCE,
        is_open=PaydayRules._can_insure,
        offers=_insurance_offers(KeepInsurance),
        problem=PaydayRules._insurance_problem,
        effect=PaydayRules._insure,
    ),
    Answer(
        DropInsurance,
        INSURANCE,
        is_open=always,
        offers=_insurance_offers(DropInsurance),
        problem=PaydayRules._insurance_problem,
        effect=PaydayRules._insure,
    ),
    Answer(
        Repay,
        REPAY,
        is_open=PaydayRules._can_repay,
        offers=PaydayRules._repay_offers,
        problem=PaydayRules._repay_problem,
        effect=PaydayRules._repay,
    ),
    Answer(EndPayday, REPAY, always, single(EndPayday), fine, PaydayRules._end_payday),
)
