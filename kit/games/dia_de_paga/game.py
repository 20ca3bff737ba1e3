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
- chance nodes a day asks for, each one die: ``commission`` (the sell day's roll-off: every
  player rolls, the highest wins, those tied roll again, DDP-05), ``draw`` (the lottery die,
  rolled until a chosen number comes up), ``necessity`` (the die of an "En caso de necesidad"
  bet);
- ``over``: every player has finished his last payday (DDP-18).

"Any time" actions (TakeLoan, Deposit, Withdraw, Gamble) are open at every decision of the player
to act. ``legal_actions()`` lists a few typical amounts of each; ``apply`` takes any amount the
rules allow and refuses the rest with an IllegalAction that says why.

Checking and telling: ``refusal(action)`` asks only the rules of that action's kind (its
``Answer`` record: offer, problem and effect sit together in month.py, market.py, lottery.py,
payday.py or bank.py) and returns a lazy ``IllegalAction`` (a message key, values; the words are
written when read); ``apply``, ``why_not`` and ``is_legal`` come from ``kit.games.core.State``.
Each ``apply`` / ``apply_chance`` leaves in ``events`` what it did, as JSON data (the kinds are
``kit.games.dia_de_paga.EVENT_KINDS``): the session's log and the calendar's narrator read them.

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
- DDP-05 (RULES.md reading): the roll-off is real dice, one chance node per die: every player
  (finished ones included) rolls, the seller first and then clockwise; the highest wins; those
  tied for the highest roll again in the same order. A six rolled there counts for the kitty.
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
- DDP-11: the kitty goes to the first six rolled for a move, in the sell day's roll-off or on an
  "En caso de necesidad" bet; never to a six of the lottery.
- DDP-12 (RULES.md reading): the order of the payday: salary and savings interest (into the
  book) first; then the mail is opened and paid: money from the mail, insurance premiums (decided
  card by card), bills, doctor and garage (a card kept this payday already exempts); then loan
  interest on what is owed at that point (a loan taken to pay the bills pays it too: it is
  outstanding on day 31) and an optional repayment; acquisitions expire; back to Salida (or,
  after the last month, wait on day 31). Any payment he cannot make waits as a debt (DDP-13).
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

from kit.games.core import CHANCE, TERMINAL, IllegalAction, TooManyOutcomes, value_refusal
from kit.games.dia_de_paga import bank, lottery, market, month, payday
from kit.games.dia_de_paga.actions import ACTIONS
from kit.games.dia_de_paga.bank import BankRules
from kit.games.dia_de_paga.base import (  # the names readers import from here too
    ACQUISITIONS,
    BANK,
    BET,
    BUY,
    CHANCE_PHASES,
    COMMISSION,
    DEBT,
    DECKS,
    DIE,
    DIE_PHASES,
    DRAW,
    EVENTS,
    INSURANCE,
    KITTY,
    LAST_DAY,
    LOTTERY,
    MAIL,
    MOVE,
    NECESSITY,
    OVER,
    POT,
    REPAY,
    RUN,
    SAVINGS,
    SELL,
    SHUFFLE,
    START,
    TURN,
    Answer,
    Problem,
    interest,
    is_amount,
    is_face,
)
from kit.games.dia_de_paga.lottery import LotteryRules
from kit.games.dia_de_paga.market import MarketRules
from kit.games.dia_de_paga.month import MonthRules
from kit.games.dia_de_paga.payday import PaydayRules
from kit.games.dia_de_paga.records import Balance, Debt, Holding, PayLine, loaded
from kit.games.dia_de_paga.rules import Day, DiaDePagaRules
from kit.games.dia_de_paga.words import Say, action_words, allowed_words, phase_words
from kit.messages import t

# the engine, its records, and the names of base.py its readers have always imported from here
__all__ = [
    "ACQUISITIONS",
    "BANK",
    "BET",
    "BUY",
    "CHANCE_PHASES",
    "COMMISSION",
    "DEBT",
    "DECKS",
    "DIE",
    "DIE_PHASES",
    "DRAW",
    "EVENTS",
    "INSURANCE",
    "KITTY",
    "LAST_DAY",
    "LOTTERY",
    "MAIL",
    "MOVE",
    "NECESSITY",
    "OVER",
    "POT",
    "REPAY",
    "RUN",
    "SAVINGS",
    "SELL",
    "SHUFFLE",
    "START",
    "TURN",
    "Answer",
    "Balance",
    "Debt",
    "DiaDePagaGame",
    "DiaDePagaState",
    "Holding",
    "PayLine",
    "Problem",
    "interest",
    "is_amount",
    "is_face",
]

# Every kind of action with its rules, by the decision it answers (None: any time).
ANSWERS: dict[type, Answer] = {
    a.kind: a
    for a in (*month.ANSWERS, *market.ANSWERS, *lottery.ANSWERS, *payday.ANSWERS, *bank.ANSWERS)
}
if set(ANSWERS) != set(ACTIONS.values()):  # an action without its rules fails at import
    raise TypeError(f"actions without rules: {set(ACTIONS.values()) ^ set(ANSWERS)}")
ANYTIME_ANSWERS = tuple(a for a in ANSWERS.values() if a.phase is None)
BY_PHASE: dict[str, tuple[Answer, ...]] = {
    phase: tuple(a for a in ANSWERS.values() if a.phase == phase)
    for phase in (TURN, BUY, SELL, LOTTERY, INSURANCE, REPAY, DEBT)
}


def _deck(k: int) -> Say:
    """The name of deck number ``k`` (mail, acquisitions, events) in the class language."""
    return Say(f"rules_dia_de_paga.deck_{DECKS[k]}")


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
        if not is_amount(months) or months < 1:  # DDP-01: from one month up, no limit
            raise ValueError(t("rules_dia_de_paga.months", months=repr(months)))
        if not is_amount(youngest) or not 0 <= youngest < n:
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


class DiaDePagaState(MonthRules, MarketRules, LotteryRules, PaydayRules, BankRules):
    """One position of Día de Paga. ``apply`` checks with ``refusal``, then changes; ``child``
    copies. The rules live in the mixins, one module per group (see the package)."""

    __slots__ = ("game", "events", *_FIELDS)

    def __init__(self, game: DiaDePagaGame):
        n, r = game.n, game.rules
        self.game = game
        self.events: list[dict[str, Any]] = []
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
        self.owned: list[list[Holding]] = [[] for _ in range(n)]  # acquisitions held
        self.piles: list[list[int]] = [list(range(k)) for k in game.deck_sizes]  # top first
        self.kitty = 0
        self.pot = 0  # the lottery's stakes and the bank's prize while the die rolls
        self.bet = 0  # the stake of a running "En caso de necesidad" bet
        self.paid_out = 0
        self.taken_in = 0
        self.agenda: list[list[Any]] = []  # what is still to do, first first
        self.task: dict[str, Any] = {}  # the details of the decision or chance node now
        self.saved: list[list[Any]] = []  # [phase, task] interrupted by a Gamble
        self.debts: list[Debt] = []  # in order
        self.last_roll: int | None = None
        self.payslips: list[dict[str, Any]] = []  # every payday: PayLines (see _pay_line)

    # ------------------------------------------------------------------ copying and saving
    def copy(self) -> DiaDePagaState:
        """A copy that shares nothing it could change: lists and dicts are copied, the records
        (Debt, Holding, PayLine, Balance) are immutable and shared."""
        new = DiaDePagaState.__new__(DiaDePagaState)
        new.game = self.game
        new.events = self.events  # never grown in place: a copy may share it
        for f in _FIELDS:
            setattr(new, f, _deep(getattr(self, f)))
        return new

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON data (each record is the list of its fields)."""
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
        """The state `to_json` wrote, for `game`, its records rebuilt; a file of another game,
        with fields missing or with a malformed record is a ValueError that names what is
        wrong."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as error:
            raise ValueError(f"not a saved Día de Paga state: {error}") from None
        if not isinstance(data, dict):
            raise ValueError(
                f"a saved Día de Paga state is a JSON object, not {type(data).__name__}"
            )
        if data.get("rules") != game.rules.name:
            raise ValueError(f"this state is of {data.get('rules')!r}, not of {game.rules.name!r}")
        for key, mine in (
            ("players", game.names),
            ("months", game.months),
            ("youngest", game.youngest),
        ):
            if data.get(key) != mine:
                raise ValueError(f"this state is for {key} {data.get(key)!r}, not {mine!r}")
        missing = [f for f in _FIELDS if f not in data]
        if missing:
            raise ValueError(f"this saved state has no {', '.join(missing)}")
        new = cls.__new__(cls)
        new.game = game
        new.events = []
        for f in _FIELDS:
            try:
                setattr(new, f, loaded(f, data[f]))
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                raise ValueError(t("audit.load_bad", field=f, error=error)) from None
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
            return self.debts[0].payer
        return -1

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        ph = self.phase
        if ph in DIE_PHASES:
            return list(DIE)
        if ph == SHUFFLE:
            raise TooManyOutcomes(t("rules_dia_de_paga.too_many", deck=_deck(self.shuffle_k)))
        raise IllegalAction("rules_dia_de_paga.not_chance", phase=phase_words(ph))

    def sample_chance(self, rng: Random) -> Any:
        ph = self.phase
        if ph in DIE_PHASES:
            return rng.randrange(6) + 1
        if ph == SHUFFLE:
            order = list(range(self.game.deck_sizes[self.shuffle_k]))
            rng.shuffle(order)
            return tuple(order)
        raise IllegalAction("rules_dia_de_paga.not_chance", phase=phase_words(ph))

    def chance_refusal(self, outcome: Any) -> Problem:
        ph = self.phase
        if ph in DIE_PHASES:
            if not is_face(outcome):
                return IllegalAction("rules_dia_de_paga.bad_die", outcome=repr(outcome))
            return None
        if ph == SHUFFLE:
            size = self.game.deck_sizes[self.shuffle_k]
            ok = type(outcome) is tuple and all(type(x) is int for x in outcome)  # exact types
            if not ok or sorted(outcome) != list(range(size)):
                return IllegalAction(
                    "rules_dia_de_paga.bad_shuffle",
                    deck=_deck(self.shuffle_k),
                    last=size - 1,
                    outcome=repr(outcome),
                )
            return None
        return IllegalAction("rules_dia_de_paga.not_chance", phase=phase_words(ph))

    def _apply_chance_unchecked(self, outcome: Any) -> None:
        self.events = []
        ph = self.phase
        if ph == SHUFFLE:
            self.piles[self.shuffle_k] = list(outcome)
            self._emit("shuffled", deck=DECKS[self.shuffle_k])
            self.shuffle_k += 1
            if self.shuffle_k == len(DECKS):
                self.phase = TURN
            return
        self.last_roll = outcome
        if ph == MOVE:
            self._move(outcome)
        elif ph == COMMISSION:
            self._commission_roll(outcome)
        elif ph == DRAW:
            self._lottery_roll(outcome)
        else:
            self._necessity_roll(outcome)

    # ------------------------------------------------------------------ decisions
    def legal_actions(self) -> list[Any]:
        ph = self.phase
        if ph in CHANCE_PHASES or ph == OVER:
            return []
        p = self.actor()
        out: list[Any] = []
        for answer in BY_PHASE[ph]:
            out += answer.offers(self, p)
        for answer in ANYTIME_ANSWERS:
            out += answer.offers(self, p)
        return out

    def refusal(self, action: Any) -> Problem:
        """None if `action` is legal now, else why not: the action's own rules are asked, and
        nothing else is built (the words of the refusal are written only when read)."""
        bad = value_refusal(action)
        if bad is not None:
            return bad
        ph = self.phase
        if ph == OVER:
            return IllegalAction("rules_dia_de_paga.game_over", label=action_words(action, ACTIONS))
        if ph in CHANCE_PHASES:
            return IllegalAction(
                "rules_dia_de_paga.chance_now",
                phase=phase_words(ph),
                label=action_words(action, ACTIONS),
            )
        answer = ANSWERS.get(type(action))
        if answer is None:
            return IllegalAction(
                "rules_dia_de_paga.not_an_action", label=action_words(action, ACTIONS)
            )
        p = self.actor()
        if answer.phase is not None and answer.phase != ph:
            return IllegalAction(
                "rules_dia_de_paga.refused",
                label=action_words(action, ACTIONS),
                who=self.game.names[p],
                phase=phase_words(ph),
                allowed=self._allowed(p),
            )
        return answer.problem(self, p, action)

    def _allowed(self, p: int) -> Any:
        """What player `p` may do now (names of the open kinds; words only when read)."""
        answers = [a.kind.__name__ for a in BY_PHASE[self.phase] if a.is_open(self, p)]
        anytime = [a.kind.__name__ for a in ANYTIME_ANSWERS if a.is_open(self, p)]
        return allowed_words(answers, anytime)

    def _apply_unchecked(self, action: Any) -> None:
        self.events = []
        ANSWERS[type(action)].effect(self, self.actor(), action)

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
    def offer(self) -> Any:
        """The card the decision now is about: the acquisition on offer (``buy``), the insurance
        card to keep or give back (``insurance``); None at any other node."""
        if self.phase == BUY:
            return self._offered()
        if self.phase == INSURANCE:
            return self._insurance_card()
        return None

    def shortfall(self) -> int:
        """In debt (DDP-13): the euros the debtor still needs beyond his cash; else 0."""
        return self._shortfall() if self.phase == DEBT else 0

    def loan_cards(self, p: int) -> int:
        return self.loans[p] // self.game.rules.loan_unit

    def day_of(self, p: int) -> Day | None:
        """The Day square player ``p`` stands on (None on Salida)."""
        return None if self.pos[p] == START else self.game.rules.day(self.pos[p])


def _deep(v: Any) -> Any:
    """Lists and dicts copied all the way down; records (tuples) and plain values shared."""
    if isinstance(v, list):
        return [_deep(x) for x in v]
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    return v
