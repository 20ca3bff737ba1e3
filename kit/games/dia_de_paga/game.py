"""The Día de Paga engine: a 31-day month, one die, mail, acquisitions, lottery, kitty, savings
book and loans.

    >>> game = DiaDePagaGame(load_rules(), players=3, months=2)
    >>> state = game.new_state()          # set-up: the three decks are shuffled (sampled chance)

How a game goes, as states (``state.phase``):

- ``shuffle`` (chance, sampled: ``chance_outcomes`` raises TooManyOutcomes): the mail, acquisition
  and event decks, in that order; then the youngest player (``youngest``, seat 0 by default) starts
  and play goes clockwise, seat by seat (DDP-01);
- ``turn``: the player to act rolls (``Roll``) or takes an "any time" action (below);
- ``move`` (chance, one die, 6 outcomes of 1/6): move, never past day 31 (DDP-02); a six wins the
  kitty (DDP-11); then the day is followed;
- decisions that a day asks for: ``buy`` (Buy / Pass, DDP-04), ``sell`` (Sell / KeepAll, DDP-05),
  ``lottery`` (Stake / NoStake, each player in turn, DDP-06), ``insurance`` and ``repay`` on payday
  (DDP-12, DDP-14, DDP-16), ``debt`` (a player who owes more than his cash borrows or withdraws
  until he can pay, DDP-13);
- chance nodes a day asks for: ``commission`` (who wins the sale commission, 1/n each), ``draw``
  (the lottery die, rolled until a chosen number comes up), ``necessity`` (the die of an
  "En caso de necesidad" bet);
- ``over``: every player has finished his last payday (DDP-18).

"Any time" actions (TakeLoan, Deposit, Withdraw, Gamble) are open at every decision of the player
to act. ``legal_actions()`` lists a few typical amounts of each; ``apply`` takes any amount the
rules allow and refuses the rest with an IllegalAction that says why.

Money moves only through ``_transfer`` (the one ledger): accounts are the bank, each player's cash,
each player's savings book, the kitty, the lottery pot and the stake of a running "En caso de
necesidad" bet. The bank records ``paid_out`` and ``taken_in``, so always
``money_in_play() == start_total + paid_out - taken_in``. A payment that a player cannot make is
recorded as a debt (the ``debt`` phase), never paid with money he has not got: cash is never
negative.

Readings where the rulebook is silent (RULES.md fixes those of DDP-06, DDP-15 and DDP-18; the
others below are the kit's):

- DDP-01: 2 to 6 players (``players.min`` in the data); seats are in clockwise order.
- DDP-04/12: an acquisition bought in the player's month m lasts months m and m + 1 and is
  discarded (to the bottom of the pile) at the close of the payday of month m + 1; all of them at
  the last payday. Expired and sold cards go to the bottom of the pile.
- DDP-05: "all players roll, the highest wins, ties re-roll" gives each player (finished ones
  included) the commission with probability exactly 1/n: the node lists that, not the dice.
  Those dice, like the lottery's, are a contest and do not win the kitty.
- DDP-06: the lottery die is one chance node rolled again (same node) until a chosen number
  comes up; finished players are asked too (DDP-13). Nobody staking: nothing happens.
- DDP-09: finished players do not pay the election (DDP-13 names only lotteries and birthdays);
  they do not move back at a time change either. Events that pay or collect "each player"
  include them.
- DDP-10: the tokens start each month on Salida (position 0, before day 1). Moving back from
  day 1 lands on Salida (nothing happens); moving back from Salida lands on day 31 and holds a
  full payday there (salary, interest, mail, repayment), then the token goes back to Salida in
  the same month: this extra payday does not end the player's month. The players move back one
  after the other, the lander first and then clockwise, each following his new day at once.
- DDP-11: the kitty goes to a six rolled for a move or on an "En caso de necesidad" bet.
- DDP-12: the order of the payday: salary, savings interest (into the book), loan interest on what
  was owed when the payday began, money from the mail; insurance premiums (decided card by card);
  bills, doctor and garage (a card kept this payday already exempts); an optional repayment;
  acquisitions expire; back to Salida (or, after the last month, wait on day 31).
- DDP-13: any payment a player cannot make (a bill, a birthday, an event) waits as a debt until
  he raises the cash with loans (or savings); the debt is always paid in full.
- DDP-14: a second insurance card of a kind already held is discarded without a premium.
- DDP-15: the "En caso de necesidad" card is opened on payday (mail is face down until then),
  can be used at any of the holder's decisions, once, and then goes under the mail pile.
- DDP-16: loans are not limited by the 16 printed loan cards (the bank never runs short, as of
  money); a loan may be taken at any of the player's decisions; one repayment (any multiple of
  1500 €) per payday.
- DDP-17: "up to and including day 23" is the depositor's own day; finished players cannot deposit.
  The 150 € fee is paid from cash after the withdrawal is added.
- Mail is drawn from the top of the pile; paid or discarded mail goes to its bottom (no
  reshuffle); an empty pile gives no more mail.

Rounding: loan interest is exact (10 % of a multiple of 1500 € is a multiple of 150 €). Savings
interest is 10 % of any whole number of euros: it is rounded to whole euros, half up
(``interest(1234) == 123``, ``interest(1235) == 124``); see ``interest``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

from kit.games.core import CHANCE, TERMINAL, IllegalAction, State, TooManyOutcomes
from kit.games.dia_de_paga.actions import (
    ACTIONS,
    ANYTIME,
    Buy,
    Deposit,
    DropInsurance,
    EndPayday,
    Gamble,
    KeepAll,
    KeepInsurance,
    NoStake,
    Pass,
    Repay,
    Roll,
    Sell,
    Stake,
    TakeLoan,
    Withdraw,
)
from kit.games.dia_de_paga.rules import DiaDePagaRules
from kit.messages import t
from kit.prob import die

# ledger accounts (players' cash are 0..n-1; savings books are SAVINGS + p)
BANK, KITTY, POT, BET = -1, -2, -3, -4
SAVINGS = 100

# phases
SHUFFLE, TURN, MOVE, BUY, SELL, COMMISSION = "shuffle", "turn", "move", "buy", "sell", "commission"
LOTTERY, DRAW, NECESSITY, INSURANCE, REPAY = "lottery", "draw", "necessity", "insurance", "repay"
DEBT, OVER, RUN = "debt", "over", "run"
CHANCE_PHASES = frozenset((SHUFFLE, MOVE, COMMISSION, DRAW, NECESSITY))
DECKS = ("mail", "acquisitions", "events")  # shuffled in this order at set-up
LAST_DAY = 31
START = 0  # the Salida square before day 1
DIE = list(die(6).items())


def interest(balance: int, rate: Fraction) -> int:
    """``rate`` of a whole number of euros, in whole euros, rounded half up (the kit's rule)."""
    exact = balance * rate
    return int(exact.numerator * 2 + exact.denominator) // (2 * exact.denominator)


def _phase(phase: str) -> str:
    """A phase's name for a message ('buy' in English, 'comprar o no la adquisición' in Spanish)."""
    return t(f"rules_dia_de_paga.phase_{phase}")


def _deck(k: int) -> str:
    """The name of deck number ``k`` (mail, acquisitions, events) in the class language."""
    return t(f"rules_dia_de_paga.deck_{DECKS[k]}")


def _label(action: Any) -> str:
    """The action tried, in words (its button's words), for a refusal."""
    kind = type(action).__name__
    if ACTIONS.get(kind) is not type(action):
        return t("rules_dia_de_paga.do_other", action=repr(action))
    values: dict[str, str] = {}
    for field in ("card", "amount", "number", "stake"):
        if hasattr(action, field):
            values[field] = str(getattr(action, field))
    return t(f"rules_dia_de_paga.do_{kind}", **values)


_ANYTIME_NAMES = frozenset(cls.__name__ for cls in ANYTIME)


def _kinds(actions: list[Any]) -> list[str]:
    """The class names of ``actions``, each once, in order."""
    return list(dict.fromkeys(type(a).__name__ for a in actions))


def _is_amount(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class DiaDePagaGame:
    """The rules of one game of Día de Paga: players, months, who starts (immutable once made)."""

    def __init__(
        self,
        rules: DiaDePagaRules | str | Path = "dia_de_paga",
        players: int | list[str] = 4,
        *,
        months: int = 1,
        youngest: int = 0,
    ):
        if not isinstance(rules, DiaDePagaRules):
            from kit.games.dia_de_paga.load import load_rules

            rules = load_rules(rules)
        if isinstance(players, bool) or not isinstance(players, int | list | tuple):
            raise ValueError(t("rules_dia_de_paga.players_type", players=repr(players)))
        names = (
            [f"Jugador {i + 1}" for i in range(players)]
            if isinstance(players, int)
            else list(players)
        )
        n = len(names)
        if not rules.min_players <= n <= rules.max_players:
            raise ValueError(
                t(
                    "rules_dia_de_paga.players",
                    title=rules.title,
                    low=rules.min_players,
                    high=rules.max_players,
                    n=n,
                )
            )
        if not _is_amount(months) or months < 1:  # DDP-01: from one month up, no limit
            raise ValueError(t("rules_dia_de_paga.months", months=repr(months)))
        if not _is_amount(youngest) or not 0 <= youngest < n:
            raise ValueError(t("rules_dia_de_paga.youngest", last=n - 1))
        self.rules = rules
        self.names = names
        self.n = n
        self.months = months
        self.youngest = youngest
        self.kinds = ("start", *(d.kind for d in rules.days))  # by position 0..31
        self.mail_index = {c.id: i for i, c in enumerate(rules.mail)}
        self.acq_index = {c.id: i for i, c in enumerate(rules.acquisitions)}
        self.start_total = n * rules.start_money
        self.deck_sizes = (len(rules.mail), len(rules.acquisitions), len(rules.events))

    @staticmethod
    def advance(day: int, roll: int) -> int:
        """DDP-02: the day reached from ``day`` (0 = Salida) with a roll: never past day 31."""
        return min(day + roll, LAST_DAY)

    def __repr__(self) -> str:
        return f"DiaDePagaGame({self.rules.title!r}, players={self.n}, months={self.months})"

    def new_state(self) -> DiaDePagaState:
        return DiaDePagaState(self)

    def start_state(self) -> DiaDePagaState:
        """A state past the set-up with every deck in printed order (for tests and teachers)."""
        s = DiaDePagaState(self)
        for size in self.deck_sizes:
            s.apply_chance(tuple(range(size)))
        return s


_FIELDS = [
    "phase",
    "cur",
    "shuffle_k",
    "cash",
    "savings",
    "loans",
    "pos",
    "month",
    "finished",
    "mail",
    "opened",
    "necessity",
    "insured",
    "owned",
    "piles",
    "kitty",
    "pot",
    "bet",
    "paid_out",
    "taken_in",
    "agenda",
    "task",
    "saved",
    "debts",
    "last_roll",
    "payslips",
]


class DiaDePagaState(State):
    """One position of Día de Paga. ``apply`` validates fully, then changes; ``child`` copies."""

    __slots__ = ("game", *_FIELDS)

    def __init__(self, game: DiaDePagaGame):
        n, r = game.n, game.rules
        self.game = game
        self.phase = SHUFFLE
        self.cur = game.youngest
        self.shuffle_k = 0
        self.cash = [r.start_money] * n  # DDP-01
        self.savings = [0] * n
        self.loans = [0] * n  # euros owed to the bank (loan cards × 1500)
        self.pos = [START] * n
        self.month = [1] * n  # each player's own month (players finish at different times)
        self.finished = [False] * n  # done with the last payday: waits for the others (DDP-13)
        self.mail: list[list[int]] = [[] for _ in range(n)]  # face down until payday (DDP-03)
        self.opened: list[list[int]] = [[] for _ in range(n)]  # opened on payday, not yet settled
        self.necessity: list[list[int]] = [[] for _ in range(n)]  # kept "En caso de necesidad"
        self.insured: list[list[int]] = [[] for _ in range(n)]  # insurance cards kept (DDP-14)
        self.owned: list[list[list[int]]] = [[] for _ in range(n)]  # [acquisition, month bought]
        self.piles: list[list[int]] = [list(range(k)) for k in game.deck_sizes]  # top first
        self.kitty = 0
        self.pot = 0  # the lottery's stakes and the bank's prize while the die rolls
        self.bet = 0  # the stake of a running "En caso de necesidad" bet
        self.paid_out = 0
        self.taken_in = 0
        self.agenda: list[list[Any]] = []  # what is still to do, first first
        self.task: dict[str, Any] = {}  # the details of the decision or chance node now
        self.saved: list[list[Any]] = []  # [phase, task] interrupted by a Gamble
        self.debts: list[list[int]] = []  # [payer, creditor account, amount], in order
        self.last_roll: int | None = None
        self.payslips: list[dict[str, Any]] = []  # every payday, line by line (see _pay_line)

    # ------------------------------------------------------------------ copying and saving
    def copy(self) -> DiaDePagaState:
        new = DiaDePagaState.__new__(DiaDePagaState)
        new.game = self.game
        for f in _FIELDS:
            setattr(new, f, _deep(getattr(self, f)))
        return new

    def to_dict(self) -> dict[str, Any]:
        g = self.game
        out: dict[str, Any] = {
            "rules": g.rules.name,
            "players": g.names,
            "months": g.months,
            "youngest": g.youngest,
        }
        for f in _FIELDS:
            out[f] = getattr(self, f)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, game: DiaDePagaGame) -> DiaDePagaState:
        data = json.loads(text)
        if data.get("rules") != game.rules.name:
            raise ValueError(f"this state is of {data.get('rules')!r}, not of {game.rules.name!r}")
        for key, mine in (
            ("players", game.names),
            ("months", game.months),
            ("youngest", game.youngest),
        ):
            if data.get(key) != mine:
                raise ValueError(f"this state is for {key} {data.get(key)!r}, not {mine!r}")
        new = cls.__new__(cls)
        new.game = game
        for f in _FIELDS:
            setattr(new, f, data[f])
        return new

    def __repr__(self) -> str:
        if self.is_terminal():
            return f"<Día de Paga: over, days {self.pos}>"
        who = "chance" if self.is_chance() else self.current_player()
        return f"<Día de Paga: phase {self.phase}, to act {who}, days {self.pos}>"

    # ------------------------------------------------------------------ who acts
    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int:
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        return self.actor()

    def actor(self) -> int:
        """The player whose decision the game waits for (-1 at chance nodes and at the end)."""
        ph = self.phase
        if ph == TURN:
            return self.cur
        if ph in (BUY, SELL, INSURANCE, REPAY):
            return self.task["p"]
        if ph == LOTTERY:
            return self.task["order"][self.task["i"]]
        if ph == DEBT:
            return self.debts[0][0]
        return -1

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        ph = self.phase
        if ph in (MOVE, DRAW, NECESSITY):
            return list(DIE)
        if ph == COMMISSION:
            n = self.game.n
            return [(q, Fraction(1, n)) for q in range(n)]
        if ph == SHUFFLE:
            raise TooManyOutcomes(t("rules_dia_de_paga.too_many", deck=_deck(self.shuffle_k)))
        raise IllegalAction(t("rules_dia_de_paga.not_chance", phase=_phase(ph)))

    def sample_chance(self, rng: Random) -> Any:
        ph = self.phase
        if ph in (MOVE, DRAW, NECESSITY):
            return rng.randrange(6) + 1
        if ph == COMMISSION:
            return rng.randrange(self.game.n)
        if ph == SHUFFLE:
            order = list(range(self.game.deck_sizes[self.shuffle_k]))
            rng.shuffle(order)
            return tuple(order)
        raise IllegalAction(t("rules_dia_de_paga.not_chance", phase=_phase(ph)))

    def apply_chance(self, outcome: Any) -> None:
        g = self.game
        ph = self.phase
        if ph in (MOVE, DRAW, NECESSITY):
            if not _is_amount(outcome) or not 1 <= outcome <= 6:
                raise IllegalAction(t("rules_dia_de_paga.bad_die", outcome=repr(outcome)))
            self.last_roll = outcome
            if ph == MOVE:
                self._move(outcome)
            elif ph == DRAW:
                self._lottery_roll(outcome)
            else:
                self._necessity_roll(outcome)
        elif ph == COMMISSION:
            if not _is_amount(outcome) or not 0 <= outcome < g.n:
                raise IllegalAction(
                    t("rules_dia_de_paga.bad_commission", last=g.n - 1, outcome=repr(outcome))
                )
            card = g.rules.acquisitions[self.task["card"]]
            self._transfer(BANK, outcome, card.commission)
            self._advance()
        elif ph == SHUFFLE:
            size = g.deck_sizes[self.shuffle_k]
            ok = isinstance(outcome, tuple | list) and all(_is_amount(x) for x in outcome)
            if not ok or sorted(outcome) != list(range(size)):
                raise IllegalAction(
                    t(
                        "rules_dia_de_paga.bad_shuffle",
                        deck=_deck(self.shuffle_k),
                        last=size - 1,
                        outcome=repr(outcome),
                    )
                )
            self.piles[self.shuffle_k] = list(outcome)
            self.shuffle_k += 1
            if self.shuffle_k == len(DECKS):
                self.phase = TURN
        else:
            raise IllegalAction(t("rules_dia_de_paga.not_chance", phase=_phase(ph)))

    # ------------------------------------------------------------------ the ledger
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
        if amount < 0 or not _is_amount(amount):
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

    def _charge(self, payer: int, creditor: int, amount: int) -> None:
        """A payment the rules impose: made now, or recorded as a debt when cash is short."""
        if amount <= 0:
            return
        if self.cash[payer] >= amount and not any(d[0] == payer for d in self.debts):
            self._transfer(payer, creditor, amount)
        else:
            self.debts.append([payer, creditor, amount])

    def money_in_play(self) -> int:
        """Cash + savings books + kitty + lottery pot + running bet (all money not in the bank)."""
        return sum(self.cash) + sum(self.savings) + self.kitty + self.pot + self.bet

    # ------------------------------------------------------------------ the flow
    def _advance(self) -> None:
        """Do what is still to do until the game needs a decision or a chance outcome."""
        while True:
            while self.debts:
                payer, creditor, amount = self.debts[0]
                if self.cash[payer] < amount:
                    self.phase = DEBT  # DDP-13: he must borrow (or withdraw) to pay
                    self.task = {}
                    return
                self._transfer(payer, creditor, amount)
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
        """Every player, ``p`` first and then clockwise (DDP-01, DDP-06)."""
        n = self.game.n
        return [(p + k) % n for k in range(n)]

    def _move(self, d: int) -> None:
        p = self.cur
        if d == 6 and self.kitty:  # DDP-11: the first six wins the kitty
            self._transfer(KITTY, p, self.kitty)
        self.pos[p] = self.game.advance(self.pos[p], d)  # DDP-02: stop on day 31
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

    def _draw_mail(self, p: int, count: int) -> None:
        pile = self.piles[0]
        for _ in range(min(count, len(pile))):
            self.mail[p].append(pile.pop(0))

    def _step_land(self, p: int) -> None:
        """Follow the instructions of the day ``p`` stands on."""
        g = self.game
        r = g.rules
        d = self.pos[p]
        if d == START:
            return
        day = r.day(d)
        kind = day.kind
        if kind == "mail":  # DDP-03
            self._draw_mail(p, day.count)
        elif kind == "acquisition":  # DDP-04
            if self.piles[1]:
                self.phase = BUY
                self.task = {"p": p, "card": self.piles[1][0]}
        elif kind == "sell":  # DDP-05
            if self.owned[p]:
                self.phase = SELL
                self.task = {"p": p}
        elif kind == "lottery":  # DDP-06
            self.phase = LOTTERY
            self.task = {"lander": p, "order": self._others_from(p), "i": 0, "picks": []}
        elif kind == "event":  # DDP-07
            self._event(p)
        elif kind == "birthday":  # DDP-08 (finished players pay too, DDP-13)
            for q in self._others_from(p)[1:]:
                self._charge(q, p, r.birthday_amount)
        elif kind == "election":  # DDP-09
            for q in self._others_from(p):
                if not self.finished[q]:
                    self._charge(q, KITTY, r.election_amount)
        elif kind == "time_change":  # DDP-10
            self._then(*(["back", q] for q in self._others_from(p) if not self.finished[q]))
        elif kind == "pay":
            self._charge(p, BANK, day.amount)
        elif kind == "receive":
            self._transfer(BANK, p, day.amount)
        elif kind == "payday":  # DDP-12
            self._then(["payday", p, 0, "open"])

    def _step_back(self, q: int) -> None:
        """DDP-10: move back one day and follow it; from Salida back to day 31 (a payday)."""
        if self.pos[q] == START:
            self.pos[q] = LAST_DAY
            self._then(["payday", q, 1, "open"])
            return
        self.pos[q] -= 1
        if self.pos[q] != START and self.game.kinds[self.pos[q]] == "time_change":
            self.pos[q] -= 1  # onto the acquisition day before it; no second time change
        self._then(["land", q])

    def _event(self, p: int) -> None:
        """DDP-07: the top event card, followed, then to the bottom of the pile."""
        r = self.game.rules
        pile = self.piles[2]
        c = pile.pop(0)
        pile.append(c)
        card = r.events[c]
        e, amount = card.effect, card.amount
        if e == "receive":
            self._transfer(BANK, p, amount)
        elif e == "pay":
            self._charge(p, BANK, amount)
        elif e == "pay_kitty":
            self._charge(p, KITTY, amount)
        elif e == "receive_from_each":
            for q in self._others_from(p)[1:]:
                self._charge(q, p, amount)
        elif e == "pay_each":
            for q in self._others_from(p)[1:]:
                self._charge(p, q, amount)
        elif e == "mail":
            self._draw_mail(p, amount)

    # -- payday (DDP-12, DDP-14, DDP-16, DDP-17) ----------------------------------------------
    def _step_payday(self, p: int, bonus: int, stage: str) -> None:
        g = self.game
        r = g.rules
        if stage == "open":
            self.payslips.append(
                {
                    "player": p,
                    "month": self.month[p],
                    "extra": bool(bonus),
                    "open": True,
                    "savings": [self.savings[p], None],  # at the start, at the close
                    "loans": [self.loans[p], None],
                    "lines": [],
                }
            )
            # the good news first: salary, savings interest, money from the mail
            self._transfer(BANK, p, r.salary)
            self._pay_line(p, "salary", r.salary)
            gained = interest(self.savings[p], r.savings_interest)
            self._transfer(BANK, SAVINGS + p, gained)
            self._pay_line(p, "savings_interest", gained, "savings")
            # loan interest on what was owed when the payday began (DDP-16)
            if self.loans[p]:
                owed = interest(self.loans[p], r.loan_interest)
                self._charge(p, BANK, owed)
                self._pay_line(p, "loan_interest", -owed)
            for c in self.mail[p]:
                card = r.mail[c]
                if card.kind == "income":
                    self._transfer(BANK, p, card.amount)
                    self.piles[0].append(c)
                    self._pay_line(p, "income", card.amount, card=c)
                elif card.kind == "necessity":
                    self.necessity[p].append(c)
                    self._pay_line(p, "necessity", 0, card=c)
                elif card.harmless or self._covered(p, card.kind):
                    self.piles[0].append(c)  # nothing to do (or insured already): discarded
                    self._pay_line(p, "harmless", 0, card=c)
                else:
                    self.opened[p].append(c)
            self.mail[p] = []
            self._then(["payday", p, bonus, "insure"])
        elif stage == "insure":
            for c in [c for c in self.opened[p] if self._covered(p, r.mail[c].kind)]:
                self.opened[p].remove(c)  # a second card of a kind he now holds: discarded
                self.piles[0].append(c)
                self._pay_line(p, "harmless", 0, card=c)
            offers = [c for c in self.opened[p] if r.mail[c].kind.endswith("_insurance")]
            if offers:
                self.phase = INSURANCE
                self.task = {"p": p, "card": offers[0]}
                self._then(["payday", p, bonus, "insure"])
            else:
                self._then(["payday", p, bonus, "bills"])
        elif stage == "bills":
            total = 0
            for c in self.opened[p]:
                card = r.mail[c]
                if self._exempt(p, card.kind):
                    self._pay_line(p, "covered", 0, card=c)
                else:
                    total += card.amount
                    self._pay_line(p, "bill", -card.amount, card=c)
                self.piles[0].append(c)  # paid mail goes back under the pile
            self.opened[p] = []
            self._charge(p, BANK, total)
            self._then(["payday", p, bonus, "repay"])
        elif stage == "repay":
            self._then(["payday", p, bonus, "close"])
            if self.loans[p]:
                self.phase = REPAY
                self.task = {"p": p}
        elif stage == "close":
            self.pos[p] = START
            slip = self._open_slip(p)
            slip["open"] = False
            slip["savings"][1], slip["loans"][1] = self.savings[p], self.loans[p]
            if bonus:  # the time change's extra payday does not end the player's month
                return
            last = self.month[p] == g.months
            life = r.acquisition_life
            keep = []
            for c, bought in self.owned[p]:
                if last or bought + life - 1 <= self.month[p]:  # DDP-04, DDP-12
                    self.piles[1].append(c)
                    slip["lines"].append(["expired", 0, "cash", c])
                else:
                    keep.append([c, bought])
            self.owned[p] = keep
            if last:
                self.finished[p] = True  # DDP-13: he waits on day 31
                self.pos[p] = LAST_DAY
            else:
                self.month[p] += 1

    def _open_slip(self, p: int) -> dict[str, Any] | None:
        """Player `p`'s payday in progress (opened, not closed yet), if any."""
        for slip in reversed(self.payslips):
            if slip["player"] == p:
                return slip if slip["open"] else None
        return None

    def _pay_line(
        self, p: int, kind: str, amount: int, account: str = "cash", card: int | None = None
    ) -> None:
        """One line of `p`'s payslip, as the payday pays it (DDP-12): [kind, euros (+ for him),
        account ("cash" or "savings"), mail or acquisition card]. Only during a payday."""
        slip = self._open_slip(p)
        if slip is not None:
            slip["lines"].append([kind, amount, account, card])

    def _covered(self, p: int, kind: str) -> bool:
        """A second insurance card of a kind he already holds is of no use: discarded."""
        return kind.endswith("_insurance") and any(
            self.game.rules.mail[c].kind == kind for c in self.insured[p]
        )

    def _exempt(self, p: int, kind: str) -> bool:
        """DDP-14: a kept health (car) insurance card exempts from doctor (garage) bills."""
        need = {"doctor": "health_insurance", "garage": "car_insurance"}.get(kind)
        return need is not None and any(
            self.game.rules.mail[c].kind == need for c in self.insured[p]
        )

    # -- lottery and the necessity bet ---------------------------------------------------------
    def _lottery_roll(self, face: int) -> None:
        """DDP-06: roll until a chosen number comes up; a six here does not win the kitty."""
        for q, number in self.task["picks"]:
            if number == face:
                self._transfer(POT, q, self.pot)
                self._advance()
                return
        # nobody's number: the die is rolled again (same node)

    def _necessity_roll(self, face: int) -> None:
        r = self.game.rules
        p, stake = self.task["p"], self.task["stake"]
        if face == 6 and self.kitty:  # DDP-11: a six rolled outside the lottery
            self._pay_line(p, "kitty", self.kitty)
            self._transfer(KITTY, p, self.kitty)
        if face in r.necessity_faces:  # DDP-15 reading: the stake is lost, 10× paid on top
            self._transfer(BET, BANK, stake)
            self._transfer(BANK, p, r.necessity_multiplier * stake)
            self._pay_line(p, "bet_won", r.necessity_multiplier * stake)
        else:
            self._transfer(BET, KITTY, stake)
        self.phase, self.task = self.saved.pop()
        if self.phase == DEBT:
            self._advance()

    # ------------------------------------------------------------------ decisions
    def legal_actions(self) -> list[Any]:
        ph = self.phase
        if ph in CHANCE_PHASES or ph == OVER:
            return []
        g = self.game
        r = g.rules
        p = self.actor()
        out: list[Any] = []
        if ph == TURN:
            out.append(Roll())
        elif ph == BUY:
            if self.cash[p] >= r.acquisitions[self.task["card"]].price:
                out.append(Buy())
            out.append(Pass())
        elif ph == SELL:
            out += [Sell(r.acquisitions[c].id) for c, _ in self.owned[p]]
            out.append(KeepAll())
        elif ph == LOTTERY:
            if self.cash[p] >= r.lottery_stake:
                taken = {x for _, x in self.task["picks"]}
                out += [Stake(k) for k in range(1, 7) if k not in taken]
            out.append(NoStake())
        elif ph == INSURANCE:
            card = r.mail[self.task["card"]]
            if self.cash[p] >= card.amount:
                out.append(KeepInsurance(card.id))
            out.append(DropInsurance(card.id))
        elif ph == REPAY:
            unit = r.loan_unit
            top = min(self.loans[p], self.cash[p]) // unit
            out += [Repay(k * unit) for k in range(1, top + 1)]
            out.append(EndPayday())
        out += self._anytime(p)
        return out

    def _anytime(self, p: int) -> list[Any]:
        """A few typical amounts of the "any time" actions (``apply`` takes any lawful amount)."""
        r = self.game.rules
        cash, unit = self.cash[p], r.loan_unit
        out: list[Any] = []
        loans = {unit}
        if self.phase == DEBT:
            short = self.debts[0][2] - cash
            loans.add(-(-short // unit) * unit)
        out += [TakeLoan(a) for a in sorted(loans)]
        if self._can_deposit(p) and cash > 0:
            out += [Deposit(a) for a in sorted({min(100, cash), cash})]
        fee = r.withdrawal_fee
        if self.savings[p] and self.savings[p] + cash >= fee:
            amounts = {self.savings[p]}
            if self.phase == DEBT:
                need = self.debts[0][2] - cash + fee
                if 0 < need <= self.savings[p]:
                    amounts.add(need)
            out += [Withdraw(a) for a in sorted(amounts) if cash + a >= fee]
        if self.necessity[p] and cash > 0:
            top = min(cash, r.necessity_stake_below - 1)
            out += [Gamble(a) for a in sorted({min(100, top), top})]
        return out

    def _can_deposit(self, p: int) -> bool:
        """DDP-17: deposits up to and including day 23 (Salida counts as before day 1)."""
        return self.pos[p] <= self.game.rules.last_deposit_day and not self.finished[p]

    def apply(self, action: Any) -> None:
        """Validate ``action`` fully, then apply it; an illegal one changes nothing."""
        problem = self.why_not(action)
        if problem:
            raise IllegalAction(problem)
        self._apply_unchecked(action)

    def why_not(self, action: Any) -> str | None:
        """Why ``action`` is not allowed now, in plain words (None when it is allowed)."""
        ph = self.phase
        if ph == OVER:
            return t("rules_dia_de_paga.game_over", label=_label(action))
        if ph in CHANCE_PHASES:
            return t("rules_dia_de_paga.chance_now", phase=_phase(ph), label=_label(action))
        g = self.game
        r = g.rules
        p = self.actor()
        who = g.names[p]
        kind = type(action)
        if isinstance(action, ANYTIME):
            return self._anytime_problem(p, action)
        expected = {
            TURN: (Roll,),
            BUY: (Buy, Pass),
            SELL: (Sell, KeepAll),
            LOTTERY: (Stake, NoStake),
            INSURANCE: (KeepInsurance, DropInsurance),
            REPAY: (Repay, EndPayday),
            DEBT: (),
        }[ph]
        if kind not in expected:
            return t(
                "rules_dia_de_paga.refused",
                label=_label(action),
                who=who,
                phase=_phase(ph),
                allowed=self._allowed(),
            )
        cash = self.cash[p]
        if kind is Buy:
            price = r.acquisitions[self.task["card"]].price
            if cash < price:
                return t("rules_dia_de_paga.buy_cash", who=who, price=price, cash=cash)
        elif kind is Sell:
            ids = [r.acquisitions[c].id for c, _ in self.owned[p]]
            if action.card not in ids:
                return t(
                    "rules_dia_de_paga.sell_not_owned",
                    who=who,
                    card=repr(action.card),
                    owned=", ".join(ids),
                )
        elif kind is Stake:
            n = action.number
            taken = {x: q for q, x in self.task["picks"]}
            if not _is_amount(n) or not 1 <= n <= 6:
                return t("rules_dia_de_paga.lottery_number", n=repr(n))
            if n in taken:
                free = [k for k in range(1, 7) if k not in taken]
                return t("rules_dia_de_paga.lottery_taken", n=n, name=g.names[taken[n]], free=free)
            if cash < r.lottery_stake:
                return t(
                    "rules_dia_de_paga.lottery_cash", who=who, cash=cash, stake=r.lottery_stake
                )
        elif kind in (KeepInsurance, DropInsurance):
            card = r.mail[self.task["card"]]
            if action.card != card.id:
                return t(
                    "rules_dia_de_paga.insurance_card", card=repr(card.id), given=repr(action.card)
                )
            if kind is KeepInsurance and cash < card.amount:
                return t(
                    "rules_dia_de_paga.insurance_cash", who=who, cash=cash, premium=card.amount
                )
        elif kind is Repay:
            bad = self._amount_problem(action.amount, "repayment", r.loan_unit)
            if bad:
                return bad
            if action.amount > self.loans[p]:
                return t(
                    "rules_dia_de_paga.repay_owed",
                    who=who,
                    loans=self.loans[p],
                    amount=action.amount,
                )
            if action.amount > cash:
                return t("rules_dia_de_paga.repay_cash", who=who, cash=cash, amount=action.amount)
        return None

    def _allowed(self) -> str:
        """What the player to act may do now, in words: the answers, then the any-time actions."""
        kinds = _kinds(self.legal_actions())
        answers = [t(f"rules_dia_de_paga.may_{k}") for k in kinds if k not in _ANYTIME_NAMES]
        extra = [t(f"rules_dia_de_paga.may_{k}") for k in kinds if k in _ANYTIME_NAMES]
        allowed = ", ".join(answers) or t("rules_dia_de_paga.only_anytime")
        if extra:
            allowed = t(
                "rules_dia_de_paga.allowed_and_anytime", allowed=allowed, extra=", ".join(extra)
            )
        return allowed

    def _amount_problem(self, amount: Any, what: str, unit: int = 1) -> str | None:
        """What is wrong with an amount of euros; ``what`` is a key: loan, deposit ..."""
        what = t(f"rules_dia_de_paga.what_{what}")
        if not _is_amount(amount):
            return t("rules_dia_de_paga.amount_whole", what=what, amount=repr(amount))
        if amount <= 0:
            return t("rules_dia_de_paga.amount_positive", what=what, amount=amount)
        if amount % unit:
            return t("rules_dia_de_paga.amount_unit", what=what, unit=unit, amount=amount)
        return None

    def _anytime_problem(self, p: int, action: Any) -> str | None:
        g = self.game
        r = g.rules
        who = g.names[p]
        kind = type(action)
        cash = self.cash[p]
        if kind is TakeLoan:
            return self._amount_problem(action.amount, "loan", r.loan_unit)
        if kind is Deposit:
            bad = self._amount_problem(action.amount, "deposit")
            if bad:
                return bad
            if not self._can_deposit(p):
                return t(
                    "rules_dia_de_paga.deposit_day",
                    who=who,
                    day=self.pos[p],
                    last=r.last_deposit_day,
                )
            if action.amount > cash:
                return t("rules_dia_de_paga.deposit_cash", who=who, cash=cash, amount=action.amount)
            return None
        if kind is Withdraw:
            bad = self._amount_problem(action.amount, "withdrawal")
            if bad:
                return bad
            if action.amount > self.savings[p]:
                saved = self.savings[p]
                return t(
                    "rules_dia_de_paga.withdraw_savings",
                    who=who,
                    savings=saved,
                    amount=action.amount,
                )
            if cash + action.amount < r.withdrawal_fee:
                total = cash + action.amount
                return t(
                    "rules_dia_de_paga.withdraw_fee", fee=r.withdrawal_fee, who=who, total=total
                )
            return None
        if kind is Gamble:
            if not self.necessity[p]:
                return t("rules_dia_de_paga.no_necessity", who=who)
            s = action.stake
            if not _is_amount(s):
                return t("rules_dia_de_paga.stake_whole", stake=repr(s))
            if not 0 < s < r.necessity_stake_below:
                return t("rules_dia_de_paga.stake_range", below=r.necessity_stake_below, stake=s)
            if s > cash:
                return t("rules_dia_de_paga.stake_cash", who=who, cash=cash, stake=s)
            return None
        return t("rules_dia_de_paga.not_an_action", label=_label(action))

    def _apply_unchecked(self, action: Any) -> None:
        g = self.game
        r = g.rules
        p = self.actor()
        kind = type(action)
        if kind is TakeLoan:  # DDP-16: one loan card per 1500 €
            self.loans[p] += action.amount
            self._transfer(BANK, p, action.amount)
            self._pay_line(p, "loan", action.amount)
            if self.phase == DEBT:
                self._advance()
        elif kind is Deposit:  # DDP-17
            self._transfer(p, SAVINGS + p, action.amount)
            self._pay_line(p, "deposit", -action.amount)
        elif kind is Withdraw:  # DDP-17: flat fee whatever the amount
            self._transfer(SAVINGS + p, p, action.amount)
            self._transfer(p, BANK, r.withdrawal_fee)
            self._pay_line(p, "withdraw", action.amount)
            self._pay_line(p, "fee", -r.withdrawal_fee)
            if self.phase == DEBT:
                self._advance()
        elif kind is Gamble:  # DDP-15: the card is used up, the stake waits for the die
            c = self.necessity[p].pop(0)
            self.piles[0].append(c)
            self._transfer(p, BET, action.stake)
            self._pay_line(p, "stake", -action.stake)
            self.saved.append([self.phase, self.task])
            self.phase = NECESSITY
            self.task = {"p": p, "stake": action.stake}
        elif kind is Roll:
            self.phase = MOVE
            self.task = {"p": p}
        elif kind is Buy:  # DDP-04
            c = self.piles[1].pop(0)
            self._transfer(p, BANK, r.acquisitions[c].price)
            self.owned[p].append([c, self.month[p]])
            self._advance()
        elif kind is Pass:  # DDP-04: to the bottom of the pile
            self.piles[1].append(self.piles[1].pop(0))
            self._advance()
        elif kind is Sell:  # DDP-05
            i = next(
                i for i, (c, _) in enumerate(self.owned[p]) if r.acquisitions[c].id == action.card
            )
            c = self.owned[p].pop(i)[0]
            self._transfer(BANK, p, r.acquisitions[c].value)
            self.piles[1].append(c)
            if r.acquisitions[c].commission:
                self.phase = COMMISSION
                self.task = {"p": p, "card": c}
            else:
                self._advance()
        elif kind is KeepAll:
            self._advance()
        elif kind in (Stake, NoStake):  # DDP-06
            t = self.task
            if kind is Stake:
                self._transfer(p, POT, r.lottery_stake)
                t["picks"].append([p, action.number])
            t["i"] += 1
            if t["i"] == len(t["order"]):
                if t["picks"]:
                    self._transfer(BANK, POT, r.lottery_prize)
                    self.phase = DRAW
                else:
                    self._advance()
        elif kind in (KeepInsurance, DropInsurance):  # DDP-14
            c = self.task["card"]
            self.opened[p].remove(c)
            if kind is KeepInsurance:
                self._transfer(p, BANK, r.mail[c].amount)
                self.insured[p].append(c)
                self._pay_line(p, "insurance_kept", -r.mail[c].amount, card=c)
            else:
                self.piles[0].append(c)
                self._pay_line(p, "insurance_dropped", 0, card=c)
            self._advance()
        elif kind is Repay:  # DDP-16
            self.loans[p] -= action.amount
            self._transfer(p, BANK, action.amount)
            self._pay_line(p, "repay", -action.amount)
            self._advance()
        elif kind is EndPayday:
            self._advance()
        else:  # pragma: no cover - why_not refuses anything else
            raise IllegalAction(t("rules_dia_de_paga.not_an_action", label=_label(action)))

    # ------------------------------------------------------------------ the end (DDP-18)
    def fortune(self, p: int) -> int:
        """Cash + savings − loans still owed (acquisition cards are worth nothing)."""
        return self.cash[p] + self.savings[p] - self.loans[p]

    def fortunes(self) -> list[int]:
        return [self.fortune(p) for p in range(self.game.n)]

    def winner(self) -> int | None:
        """The player with the most money at the end (None before the end and on a tie)."""
        if self.phase != OVER:
            return None
        f = self.fortunes()
        top = [p for p, x in enumerate(f) if x == max(f)]
        return top[0] if len(top) == 1 else None

    def returns(self) -> list[float]:
        """1 for the winner and 0 for the others; players tied for the most money share the 1."""
        if self.phase != OVER:
            return [0.0] * self.game.n
        f = self.fortunes()
        top = [p for p, x in enumerate(f) if x == max(f)]
        return [1.0 / len(top) if p in top else 0.0 for p in range(self.game.n)]

    # ------------------------------------------------------------------ reading
    def loan_cards(self, p: int) -> int:
        return self.loans[p] // self.game.rules.loan_unit

    def day_of(self, p: int):
        """The Day square player ``p`` stands on (None on Salida)."""
        return None if self.pos[p] == START else self.game.rules.day(self.pos[p])


def _deep(v: Any) -> Any:
    if isinstance(v, list):
        return [_deep(x) for x in v]
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    return v
