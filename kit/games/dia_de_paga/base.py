"""What every part of the Día de Paga engine shares: names for phases, decks and accounts, the
one ledger, the agenda that runs the rules, the events list, the record of one kind of action and
the records the state keeps (records.py: a debt, an acquisition held, a payslip line, a balance).

The state class (`game.DiaDePagaState`) is made of the parts under this package, one per group
of rules (month.py, market.py, lottery.py, payday.py, bank.py); each is a mixin of this
`StateBase`, so a rule's offer, problem and effect live in one module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kit.games.core import IllegalAction, State
from kit.games.dia_de_paga.records import Debt
from kit.games.dia_de_paga.records import is_amount as is_amount  # its modules import it here
from kit.prob import die

# -- ledger accounts: players' cash are 0..n-1; savings books are SAVINGS + p ------------------
BANK, KITTY, POT, BET = -1, -2, -3, -4
SAVINGS = 100

# -- phases: what the game waits for ----------------------------------------------------------
SHUFFLE, TURN, MOVE, BUY, SELL, COMMISSION = "shuffle", "turn", "move", "buy", "sell", "commission"
LOTTERY, DRAW, NECESSITY, INSURANCE, REPAY = "lottery", "draw", "necessity", "insurance", "repay"
DEBT, OVER, RUN = "debt", "over", "run"
CHANCE_PHASES = frozenset((SHUFFLE, MOVE, COMMISSION, DRAW, NECESSITY))
DIE_PHASES = frozenset((MOVE, COMMISSION, DRAW, NECESSITY))  # one die rolled

# -- the three piles (``state.piles[k]``, top first), shuffled in this order at set-up --------
MAIL, ACQUISITIONS, EVENTS = 0, 1, 2
DECKS = ("mail", "acquisitions", "events")

# -- the month --------------------------------------------------------------------------------
LAST_DAY = 31
START = 0  # the Salida square before day 1
FACES = 6
DIE = list(die(FACES).items())
KITTY_FACE = 6  # DDP-11: the first six (outside the lottery) wins the kitty


def interest(balance: int, rate: Fraction) -> int:
    """``rate`` of a whole number of euros, in whole euros, rounded half up (the kit's rule)."""
    exact = balance * rate
    return int(exact.numerator * 2 + exact.denominator) // (2 * exact.denominator)


def is_face(x: Any) -> bool:
    """A die's face, by exact type: an int subclass (whose ``==`` could do anything) is no
    face, so a chance outcome is refused before any of it is applied."""
    return type(x) is int and 1 <= x <= FACES


Problem = IllegalAction | None


@dataclass(frozen=True, slots=True)
class Answer:
    """One kind of action with its rules together: when it is offered, which instances
    ``legal_actions`` lists, what is wrong with a given one, and what it does.

    ``phase`` is the decision it answers (None: an "any time" action). ``is_open(state, p)`` is
    a cheap yes/no (for the words of a refusal: what may be done now)."""

    kind: type
    phase: str | None
    is_open: Callable[[Any, int], bool]
    offers: Callable[[Any, int], list[Any]]
    problem: Callable[[Any, int, Any], Problem]
    effect: Callable[[Any, int, Any], None]


def always(_state: Any, _p: int) -> bool:
    return True


def fine(_state: Any, _p: int, _action: Any) -> Problem:
    return None


def single(kind: type, is_open: Callable[[Any, int], bool] = always) -> Callable:
    """The offers of an action without values: itself when open."""
    return lambda state, p: [kind()] if is_open(state, p) else []


class StateBase(State):
    """The ledger, the agenda and the events; the fields are declared by the state class."""

    __slots__ = ()

    # -- events --------------------------------------------------------------------------------
    def _emit(self, kind: str, **values: Any) -> None:
        """Record what happened (a JSON-ready dict) in this call's events."""
        self.events.append({"kind": kind, **values})

    # -- the ledger ----------------------------------------------------------------------------
    def _balance(self, acct: int) -> int:
        if acct >= SAVINGS:
            return self.savings[acct - SAVINGS]
        if acct >= 0:
            return self.cash[acct]
        return {KITTY: self.kitty, POT: self.pot, BET: self.bet}[acct]

    def _add(self, acct: int, amount: int) -> None:
        if acct >= SAVINGS:
            self.savings[acct - SAVINGS] += amount
        elif acct >= 0:
            self.cash[acct] += amount
        elif acct == KITTY:
            self.kitty += amount
        elif acct == POT:
            self.pot += amount
        elif acct == BET:
            self.bet += amount

    def _transfer(self, src: int, dst: int, amount: int) -> None:
        """THE ledger: every euro that moves, moves here (bank, cash, savings, kitty, pots)."""
        if type(amount) is not int or amount < 0:  # whole euros (not a bool, not a float)
            raise AssertionError(f"a transfer is a whole number of euros ≥ 0, not {amount!r}")
        if amount == 0 or src == dst:
            return
        if src == BANK:
            self.paid_out += amount
        else:
            if self._balance(src) < amount:
                raise AssertionError(f"account {src} has {self._balance(src)} €, not {amount} €")
            self._add(src, -amount)
        if dst == BANK:
            self.taken_in += amount
        else:
            self._add(dst, amount)

    def _charge(self, payer: int, creditor: int, amount: int, why: str | None = None) -> None:
        """A payment the rules impose: made now, or recorded as a debt when cash is short.
        `why` (a day or card kind) makes it a "payment" event; a payday line says its own."""
        if amount <= 0:
            return
        owes = self.cash[payer] < amount or any(d.payer == payer for d in self.debts)
        if why is not None:
            to = account_name(creditor)
            self._emit("payment", player=payer, to=to, amount=amount, why=why, debt=owes)
        if owes:
            self.debts.append(Debt(payer, creditor, amount))
        else:
            self._transfer(payer, creditor, amount)

    def _win_kitty(self, p: int, how: str) -> None:
        """DDP-11: a six (rolled for `how`: move, rolloff, necessity) wins the kitty, if any."""
        if self.kitty:
            self._emit("kitty_won", player=p, amount=self.kitty, six=how)
            self._transfer(KITTY, p, self.kitty)

    def money_in_play(self) -> int:
        """Cash + savings books + kitty + lottery pot + running bet (all money not in the bank)."""
        return sum(self.cash) + sum(self.savings) + self.kitty + self.pot + self.bet

    def audit(self) -> list[str]:
        """What is wrong with this position, in plain words, each problem naming its field (empty
        when all is well): every field's shape and range, what the fields say together (the
        task of the phase, the agenda, the pot and the bet ...), money made or lost outside the
        ledger, a negative account, a card in two places or in none (see
        `kit.games.dia_de_paga.audit`)."""
        return _audit(self)

    # -- the flow ------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Do what is still to do until the game needs a decision or a chance outcome."""
        while True:
            while self.debts:
                debt = self.debts[0]
                payer, creditor, amount = debt.payer, debt.creditor, debt.amount
                if self.cash[payer] < amount:
                    self.phase = DEBT  # DDP-13: he must borrow (or withdraw) to pay
                    self.task = {}
                    return
                self._transfer(payer, creditor, amount)
                self._emit("debt_paid", player=payer, to=account_name(creditor), amount=amount)
                self.debts.pop(0)
            self.phase = RUN
            self.task = {}
            step = self.agenda.pop(0)
            getattr(self, "_step_" + step[0])(*step[1:])
            if self.phase != RUN:
                return

    def _then(self, *steps: list[Any]) -> None:
        """Put steps at the front of the agenda (they run before what was already there)."""
        self.agenda[0:0] = [list(s) for s in steps]

    def _others_from(self, p: int) -> list[int]:
        """Every player, ``p`` first and then clockwise (DDP-01, DDP-05, DDP-06)."""
        n = self.game.n
        return [(p + k) % n for k in range(n)]


def account_name(acct: int) -> int | str:
    """An account as an event says it: a seat number, "bank", "kitty", "pot", "bet"."""
    if acct >= 0:
        return acct
    return {BANK: "bank", KITTY: "kitty", POT: "pot", BET: "bet"}[acct]


def _audit(state: Any) -> list[str]:
    """`kit.games.dia_de_paga.audit.audit`, imported on first use (it imports this module)."""
    global _audit
    from kit.games.dia_de_paga.audit import audit as _audit

    return _audit(state)
