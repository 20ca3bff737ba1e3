"""What is wrong with a Día de Paga position, in plain words: ``StateBase.audit`` (empty when all
is well). A saved game is resumed only when its audit is empty, so a file edited by hand that
breaks a rule (a token on day 40, a loan that is not a number of loan cards, a card in two hands)
is refused with the field named, instead of playing on or failing later in the game.

Three passes, in an order that never raises on any state `from_json` returns (the records, a
debt, a holding, a payslip's lines, are rebuilt and typed by `records.loaded`):

1. the shape of every field, one at a time: lists of one entry per player, whole numbers (not a
   bool, not a float) within their ranges, phases, seats, days, months and cards that exist, the
   agenda's steps, the payslips;
2. once every field has its shape, what the fields say together: the details of the decision or
   chance node the phase waits for (``task``: the card on offer is the top one, the lottery's
   order and numbers, the roll-off's rollers ...), the agenda the phase leaves, the lottery pot
   and the bet, finished players, acquisitions not yet expired, one open payslip;
3. the invariants: money conserved through the ledger, every card in one place.

Each problem is one sentence of the catalogue (``kit/data/messages/audit.toml``), in the class
language, that begins with the field of the saved game it is about. The checks are the
small ones as every engine's, from `kit.games.audit`.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any

from kit.games.audit import Findings as _Findings
from kit.games.audit import What, show
from kit.games.audit import whole_numbers as _ints
from kit.games.dia_de_paga.base import (
    ACQUISITIONS,
    BANK,
    BUY,
    COMMISSION,
    DEBT,
    DRAW,
    EVENTS,
    FACES,
    INSURANCE,
    KITTY,
    LAST_DAY,
    LOTTERY,
    MAIL,
    MOVE,
    NECESSITY,
    OVER,
    REPAY,
    SELL,
    SHUFFLE,
    START,
    TURN,
)
from kit.games.dia_de_paga.records import Balance, Debt, Holding, PayLine
from kit.games.dia_de_paga.words import phase_words
from kit.messages import t

DECISIONS = (TURN, BUY, SELL, LOTTERY, INSURANCE, REPAY, DEBT)  # where a Gamble may interrupt
PHASES = (SHUFFLE, MOVE, COMMISSION, DRAW, NECESSITY, OVER, *DECISIONS)  # RUN: never saved
# the details (``task``) each phase keeps
TASK_KEYS = {
    SHUFFLE: (),
    TURN: (),
    DEBT: (),
    OVER: (),
    MOVE: ("p",),
    BUY: ("card", "p"),
    SELL: ("p",),
    REPAY: ("p",),
    INSURANCE: ("card", "p"),
    NECESSITY: ("p", "stake"),
    LOTTERY: ("i", "lander", "order", "picks"),
    DRAW: ("i", "lander", "order", "picks"),
    COMMISSION: ("card", "in", "p", "rolls", "round"),
}
STAGES = ("open", "insure", "bills", "interest", "repay", "close")  # a payday's (payday.py)
LINES = (  # a payslip line's kind: the payday's own, then the any-time actions'
    *("salary", "savings_interest", "loan_interest", "income", "necessity", "harmless"),
    *("insurance_kept", "insurance_dropped", "covered", "bill", "expired", "repay"),
    *("loan", "deposit", "withdraw", "fee", "stake", "kitty", "bet_won"),
)
SLIP_KEYS = frozenset(("player", "month", "extra", "open", "savings", "loans", "lines"))
_INT, _BOOL, _LIST = {int}, {bool}, {list}


class Findings(_Findings):
    """The shared checks, and Día de Paga's own (one number per player)."""

    __slots__ = ("conserved",)

    def __init__(self, names: list[str]) -> None:
        super().__init__(names)
        self.conserved = False  # every card of the three decks in exactly one place

    def numbers(self, field: str, v: Any, low: int, high: int | None, item: Any) -> bool:
        """One whole number per player from `low` to `high`; `item(p, x)` says what is wrong
        with one (a `What`, for the usual sentence; or None, having said it)."""
        if not self.listed(field, v, self.n, "players"):
            return False
        if _ints(v, low, high):
            return True
        for p, x in enumerate(v):
            if type(x) is not int or x < low or (high is not None and x > high):
                what = item(p, x)
                if what is not None:
                    self.number(field, x, what, low, high)
        return False


def audit(s: Any) -> list[str]:
    """What is wrong with Día de Paga position `s` (see the module): empty when all is well."""
    f = Findings(s.game.names)
    _shapes(s, f)
    if f.wrong:  # the fields are not what they say: what they say together cannot be read
        return f.wrong
    _together(s, f)
    _invariants(s, f)
    return f.wrong


# ---------------------------------------------------------------------- 1. each field's shape
def _shapes(s: Any, f: Findings) -> None:
    if type(s.phase) is not str or s.phase not in PHASES:
        f.say("phase", field="phase", value=show(s.phase), phases=", ".join(PHASES))
    if not _plain(s):
        _numbers(s, f)
    f.conserved = _conserved(s)
    if not f.conserved:
        _hands(s, f)
    if f.listed("agenda", s.agenda):
        for step in s.agenda:
            _step(f, step)
    if type(s.task) is not dict:
        f.say("not_object", field="task", value=show(s.task))
    if f.listed("saved", s.saved):
        for x in s.saved:
            if not (type(x) is list and len(x) == 2 and x[0] in DECISIONS and type(x[1]) is dict):
                f.say("saved_shape", field="saved", value=show(x), phases=", ".join(DECISIONS))
    if f.listed("debts", s.debts):
        for k, debt in enumerate(s.debts, start=1):
            _debt(f, k, debt)
    if s.last_roll is not None:
        f.number("last_roll", s.last_roll, "last_roll", 1, FACES)
    if f.listed("payslips", s.payslips):
        for k, slip in enumerate(s.payslips, start=1):
            _slip(s, f, k, slip)


def _plain(s: Any) -> bool:
    """The quick test of the whole numbers, their lists and the flags `_numbers` looks at one
    by one: True only when it would find nothing."""
    g = s.game
    n = g.n
    xs = (s.cur, s.shuffle_k, s.kitty, s.pot, s.bet, s.paid_out, s.taken_in)
    lists = (s.cash, s.savings, s.loans, s.pos, s.month, s.finished)
    try:
        if set(map(type, xs)) != _INT or min(xs) < 0 or s.cur >= n or s.shuffle_k > 3:
            return False
        if set(map(type, lists)) != _LIST or set(map(len, lists)) != {n}:
            return False
        if set(map(type, chain.from_iterable(lists[:-1]))) != _INT or min(map(min, lists)) < 0:
            return False
        if set(map(type, s.finished)) != _BOOL or max(s.pos) > LAST_DAY:
            return False
        months = min(s.month) >= 1 and max(s.month) <= g.months
        return months and not any(owed % g.rules.loan_unit for owed in s.loans)
    except TypeError:  # a text or a list among the numbers
        return False


def _conserved(s: Any) -> bool:
    """The quick test of the cards: every hand a list of one player's, every card of the three
    decks in exactly one place (a pile, a hand, an acquisition held). True only when `_hands`
    would find nothing, and the cards add up (`_invariants` need not count them again)."""
    g = s.game
    n, piles, owned = g.n, s.piles, s.owned
    hands = (s.mail, s.opened, s.necessity, s.insured)
    try:
        if set(map(type, (*hands, piles, owned))) != _LIST or set(map(len, (*hands, owned))) != {n}:
            return False
        if len(piles) != 3 or set(map(type, chain(piles, *hands, owned))) != _LIST:
            return False
        held = list(chain.from_iterable(owned))
        bought = [h.bought for h in held] if set(map(type, held)) <= {Holding} else None
        if bought is None or (bought and not (_ints(bought, 1, g.months))):
            return False
        decks = (
            [*piles[MAIL], *chain.from_iterable(chain.from_iterable(hands))],
            [*piles[ACQUISITIONS], *(h.card for h in held)],
            piles[EVENTS],
        )
        ranges = _RANGES.get(g.deck_sizes)
        if ranges is None:
            ranges = _RANGES[g.deck_sizes] = tuple(list(range(k)) for k in g.deck_sizes)
        for cards, every in zip(decks, ranges, strict=True):
            if (cards and set(map(type, cards)) != _INT) or sorted(cards) != every:
                return False
    except TypeError:  # a hand of unhashable things
        return False
    return True


_RANGES: dict[tuple[int, ...], tuple[list[int], ...]] = {}  # each deck's cards, in order


def _numbers(s: Any, f: Findings) -> None:
    """The whole numbers, their lists and the flags, one by one (`_plain` said something is
    wrong with them)."""
    g = s.game
    r = g.rules
    names, months = f.names, g.months
    f.seat("cur", s.cur, "turn")
    f.number("shuffle_k", s.shuffle_k, "ddp_shuffle_k", 0, len(g.deck_sizes))
    f.numbers("cash", s.cash, 0, None, lambda p, x: _cash(f, p, x))
    f.numbers("savings", s.savings, 0, None, lambda p, x: ("savings", {"name": names[p]}))
    unit = r.loan_unit
    if f.numbers("loans", s.loans, 0, None, lambda p, x: ("ddp_loans", {"name": names[p]})):
        for p, owed in enumerate(s.loans):
            if owed % unit:  # DDP-16: loans are whole loan cards
                f.say("loan_unit", field="loans", name=names[p], value=show(owed), unit=show(unit))
    f.numbers("pos", s.pos, START, LAST_DAY, lambda p, x: _day(f, p, x))
    f.numbers("month", s.month, 1, months, lambda p, x: ("month", {"name": names[p]}))
    if f.listed("finished", s.finished, f.n, "players") and set(map(type, s.finished)) != _BOOL:
        for p, x in enumerate(s.finished):
            if type(x) is not bool:
                what = f.words(("finished", {"name": names[p]}))
                f.say("flag", field="finished", what=what, value=show(x))
    for field in ("kitty", "pot", "bet", "paid_out", "taken_in"):
        f.number(field, getattr(s, field), field)


def _hands(s: Any, f: Findings) -> None:
    """The cards in hands and piles, one by one (`_conserved` said something is wrong)."""
    g = s.game
    r = g.rules
    names, months = f.names, g.months
    mail = len(r.mail)
    for field in ("mail", "opened", "necessity", "insured"):
        hands = getattr(s, field)
        if f.listed(field, hands, f.n, "players"):
            for p, hand in enumerate(hands):
                _cards(f, field, hand, mail, ("of_" + field, {"name": names[p]}), "mail")
    if f.listed("owned", s.owned, f.n, "players"):
        for p, hand in enumerate(s.owned):
            if f.listed("owned", hand):
                for held in hand:
                    _holding(f, p, held, len(r.acquisitions), months)
    if f.listed("piles", s.piles, len(g.deck_sizes), "decks"):
        for k, pile in enumerate(s.piles):
            _cards(f, "piles", pile, g.deck_sizes[k], "pile_" + str(k), _DECKS[k])


_DECKS = {MAIL: "mail", ACQUISITIONS: "acquisitions", EVENTS: "events"}


def _cash(f: Findings, p: int, x: Any) -> What | None:
    if type(x) is int:  # DDP-13: what he cannot pay waits as a debt
        f.say("ddp_cash_negative", field="cash", name=f.names[p], value=show(x))
        return None
    return ("cash", {"name": f.names[p]})


def _day(f: Findings, p: int, x: Any) -> None:
    f.say("day", field="pos", name=f.names[p], value=show(x), last=LAST_DAY)


def _cards(f: Findings, field: str, v: Any, size: int, what: What, deck: str) -> bool:
    """A list of card numbers of a deck of `size` (mail, acquisitions, events)."""
    if not f.listed(field, v):
        return False
    if _ints(v, 0, size - 1):
        return True
    x = next(x for x in v if type(x) is not int or not 0 <= x < size)
    deck_words = t("audit.deck_" + deck)
    f.say("in_deck", field=field, what=f.words(what), value=show(x), deck=deck_words, last=size - 1)
    return False


def _holding(f: Findings, p: int, held: Any, size: int, months: int) -> None:
    if not isinstance(held, Holding):
        f.say("record", field="owned", value=show(held), shape=t("audit.shape_holding"))
        return
    _cards(f, "owned", [held.card], size, ("of_owned", {"name": f.names[p]}), "acquisitions")
    f.number("owned", held.bought, ("bought", {"name": f.names[p]}), 1, months)


def _step(f: Findings, step: Any) -> None:
    """One step of the agenda: ["land", p], ["back", p], ["payday", p, 0 or 1, stage]
    or ["end_turn"]."""
    if type(step) is list and step:
        kind, args = step[0], step[1:]
        seat = bool(args) and type(args[0]) is int and 0 <= args[0] < f.n
        if (
            (kind == "end_turn" and not args)
            or (kind in ("land", "back") and len(args) == 1 and seat)
            or (
                kind == "payday"
                and len(args) == 3
                and seat
                and args[1] in (0, 1)
                and type(args[1]) is int
                and args[2] in STAGES
            )
        ):
            return
    f.say("step", field="agenda", value=show(step), last=f.n - 1, stages=", ".join(STAGES))


def _debt(f: Findings, k: int, debt: Any) -> None:
    if not isinstance(debt, Debt):
        f.say("record", field="debts", value=show(debt), shape=t("audit.shape_ddp_debt"))
        return
    f.seat("debts", debt.payer, ("debtor", {"k": k}))
    c = debt.creditor
    if type(c) is not int or not (c in (BANK, KITTY) or 0 <= c < f.n):
        values = {"value": show(c), "bank": BANK, "kitty": KITTY, "last": f.n - 1}
        f.say("ddp_creditor", field="debts", k=k, **values)
    elif c == debt.payer:
        f.say("debt_self", field="debts", k=k, name=f.names[c])
    f.number("debts", debt.amount, ("debt_amount", {"k": k}), 1)


def _slip(s: Any, f: Findings, k: int, slip: Any) -> None:
    """A payslip (DDP-12): whose, which month, its flags and lines (typed by `loaded`)."""
    if (
        type(slip) is not dict
        or set(slip) - {"loan_interest_on"} != SLIP_KEYS
        or not isinstance(slip["savings"], Balance)
        or not isinstance(slip["loans"], Balance)
        or type(slip["lines"]) is not list
        or not all(isinstance(line, PayLine) for line in slip["lines"])
    ):
        f.say("slip", field="payslips", k=k, keys=", ".join(sorted(SLIP_KEYS)), value=show(slip))
        return
    f.seat("payslips", slip["player"], ("slip_player", {"k": k}))
    f.number("payslips", slip["month"], ("slip_month", {"k": k}), 1, s.game.months)
    for key in ("extra", "open"):
        if type(slip[key]) is not bool:
            what = f.words(("slip_" + key, {"k": k}))
            f.say("flag", field="payslips", what=what, value=show(slip[key]))
    if "loan_interest_on" in slip:
        f.number("payslips", slip["loan_interest_on"], ("slip_interest", {"k": k}))
    if type(slip["open"]) is bool and (slip["savings"].close is None) != slip["open"]:
        f.say("slip_close", field="payslips", k=k)
    if (slip["loans"].close is None) != (slip["savings"].close is None):
        f.say("slip_close", field="payslips", k=k)
    r = s.game.rules
    for line in slip["lines"]:
        f.choice("payslips", line.kind, ("slip_line", {"k": k}), LINES)
        f.choice("payslips", line.account, ("slip_account", {"k": k}), ("cash", "savings"))
        if line.card is not None:  # the mail card paid; the acquisition of an "expired" line
            deck = "acquisitions" if line.kind == "expired" else "mail"
            size = len(r.acquisitions if line.kind == "expired" else r.mail)
            _cards(f, "payslips", [line.card], size, ("slip_card", {"k": k}), deck)


# ---------------------------------------------------------------------- 2. the fields together
def _together(s: Any, f: Findings) -> None:
    g = s.game
    r = g.rules
    ph, names = s.phase, f.names
    phase = phase_words(ph)
    if ph in (TURN, MOVE) and s.finished[s.cur]:
        f.say("cur_finished", field="cur", name=names[s.cur])
    if (ph == SHUFFLE) != (s.shuffle_k < len(g.deck_sizes)):
        f.say("ddp_shuffle", field="shuffle_k", phase=phase, value=s.shuffle_k)
    mail, life = r.mail, r.acquisition_life
    for p in range(g.n):
        if s.finished[p] and (s.month[p] != g.months or s.pos[p] != LAST_DAY or s.owned[p]):
            f.say("finished", field="finished", name=names[p], months=g.months, last=LAST_DAY)
        for field, kind in (("necessity", "necessity"), ("insured", "_insurance")):
            for c in getattr(s, field)[p]:
                if not mail[c].kind.endswith(kind):  # DDP-14, DDP-15: what he may keep
                    f.say("kept_" + field, field=field, name=names[p], card=mail[c].id)
        for held in s.owned[p]:
            card = r.acquisitions[held.card].id
            if held.bought > s.month[p]:
                f.say("bought_later", field="owned", name=names[p], card=card, month=held.bought)
            elif held.bought + life - 1 < s.month[p]:  # DDP-04: it lasts `life` months
                f.say("expired", field="owned", name=names[p], card=card, month=held.bought)
    sound = _task(s, f, "task", ph, s.task)
    gamble = len(s.saved) == 1 and _task(s, f, "saved", s.saved[0][0], s.saved[0][1])
    if len(s.saved) != (ph == NECESSITY):  # DDP-15: a bet interrupts one decision
        f.say("saved", field="saved", got=len(s.saved), phase=phase, n=int(ph == NECESSITY))
    _agenda(s, f, phase)
    lottery = ph in (LOTTERY, DRAW) and sound
    if gamble and s.saved[0][0] == LOTTERY:
        lottery, task = True, s.saved[0][1]
    else:
        task = s.task
    if lottery:  # DDP-06: the stakes, and the bank's prize once the die rolls
        pot = len(task["picks"]) * r.lottery_stake + (r.lottery_prize if ph == DRAW else 0)
        if s.pot != pot:
            f.say("pot", field="pot", value=show(s.pot), picks=len(task["picks"]), pot=show(pot))
    elif s.pot:
        f.say("pot_idle", field="pot", value=show(s.pot))
    if ph == NECESSITY and sound and s.bet != s.task["stake"]:
        f.say("bet", field="bet", value=show(s.bet), stake=show(s.task["stake"]))
    elif ph != NECESSITY and s.bet:
        f.say("bet_idle", field="bet", value=show(s.bet))
    if s.debts and ph != DEBT and not (gamble and s.saved[0][0] == DEBT):  # DDP-13
        f.say("ddp_pending", field="debts", phase=phase)
    if ph == DEBT and not s.debts:
        f.say("needs", field="debts", phase=phase, what=f.words("needs_debts"))
    elif ph == DEBT and s.cash[s.debts[0].payer] >= s.debts[0].amount:
        d = s.debts[0]
        values = {"cash": show(s.cash[d.payer]), "amount": show(d.amount)}
        f.say("ddp_debt_paid", field="debts", name=names[d.payer], **values)
    opened = Counter(slip["player"] for slip in s.payslips if slip["open"])
    for p, k in opened.items():
        if k > 1:  # DDP-12: one payday at a time
            f.say("slips_open", field="payslips", name=names[p], n=k)
    for p in range(g.n):
        if s.opened[p] and not opened.get(p):  # opened on payday, settled before its close
            f.say("opened_idle", field="opened", name=names[p])
    if ph in (INSURANCE, REPAY) and sound and not opened.get(s.task["p"]):
        f.say("slip_missing", field="payslips", name=names[s.task["p"]], phase=phase)


def _agenda(s: Any, f: Findings, phase: Any) -> None:
    """What is still to do: nothing before a roll or at the end; else the turn ends with it."""
    ph, agenda = s.phase, s.agenda
    empty = ph in (SHUFFLE, TURN, MOVE, OVER) or (
        ph == NECESSITY and len(s.saved) == 1 and s.saved[0][0] == TURN
    )
    if empty and agenda:
        f.say("agenda_empty", field="agenda", phase=phase)
    elif (not empty and (not agenda or agenda[-1] != ["end_turn"])) or ["end_turn"] in agenda[:-1]:
        f.say("agenda_end", field="agenda", phase=phase)  # the turn ends once, at the end


def _task(s: Any, f: Findings, field: str, ph: str, task: dict[str, Any]) -> bool:
    """The details of the node `ph` waits for (the state's task, or a decision a bet
    interrupted): the keys of its phase, each a value that fits the position."""
    g = s.game
    r = g.rules
    keys = TASK_KEYS[ph]
    phase = phase_words(ph)
    if tuple(sorted(task, key=str)) != keys:
        shown = ", ".join(keys) or t("audit.nothing")
        f.say("task_keys", field=field, phase=phase, keys=shown, value=show(task))
        return False
    before = len(f.wrong)
    if "p" in task and f.seat(field, task["p"], ("task_player", {"phase": phase})):
        p = task["p"]
        if ph == MOVE and p != s.cur:
            f.say("task_cur", field=field, phase=phase, name=f.names[p], cur=f.names[s.cur])
        if ph == SELL and not s.owned[p]:
            f.say("sell_none", field=field, name=f.names[p])
        if ph == REPAY and not s.loans[p]:
            f.say("repay_none", field=field, name=f.names[p])
    if ph == BUY:  # DDP-04: the top card of the pile is offered
        pile = s.piles[ACQUISITIONS]
        if not pile or task["card"] != pile[0]:
            f.say("task_top", field=field, value=show(task["card"]), top=show(pile[:1]))
    if ph == INSURANCE and "p" in task and type(task["p"]) is int and 0 <= task["p"] < f.n:
        c = task["card"]
        if c not in s.opened[task["p"]] or not r.mail[c].kind.endswith("_insurance"):
            f.say("task_insurance", field=field, value=show(c), name=f.names[task["p"]])
    if ph == NECESSITY:
        f.number(field, task["stake"], "stake", 1, r.necessity_stake_below - 1)  # DDP-15
    if ph in (LOTTERY, DRAW):
        _lottery(s, f, field, ph, task)
    if ph == COMMISSION:
        _rolloff(s, f, field, task)
    return len(f.wrong) == before


def _lottery(s: Any, f: Findings, field: str, ph: str, task: dict[str, Any]) -> None:
    """DDP-06: everyone in turn from the lander, clockwise; one number each, 1 to 6, different."""
    n = f.n
    if not f.seat(field, task["lander"], "lander"):
        return
    order = s._others_from(task["lander"])
    if task["order"] != order:
        f.say("lottery_order", field=field, name=f.names[task["lander"]], order=show(order))
        return
    i = task["i"]
    if not f.number(field, i, "lottery_i", n if ph == DRAW else 0, n if ph == DRAW else n - 1):
        return
    picks = task["picks"]
    if not (
        type(picks) is list
        and all(type(x) is list and len(x) == 2 and _ints(x, 0) for x in picks)
        and len({q for q, _ in picks}) == len(picks) == len({k for _, k in picks})
        and all(q in order[:i] and 1 <= k <= FACES for q, k in picks)
        and (picks or ph != DRAW)
    ):
        f.say("picks", field=field, value=show(picks))


def _rolloff(s: Any, f: Findings, field: str, task: dict[str, Any]) -> None:
    """DDP-05: every player rolls, the highest wins the commission; the tied roll again."""
    r = s.game.rules
    c = task["card"]
    if not _cards(f, field, [c], len(r.acquisitions), "sold", "acquisitions"):
        return
    if not r.acquisitions[c].commission or c not in s.piles[ACQUISITIONS]:
        f.say("commission", field=field, card=r.acquisitions[c].id)
    if f.seats(field, task["in"], "rollers", empty=False):
        rolls = task["rolls"]
        if not (type(rolls) is list and len(rolls) < len(task["in"]) and _ints(rolls, 1, FACES)):
            f.say("rolls", field=field, value=show(rolls), n=len(task["in"]))
    f.number(field, task["round"], "round", 1)


# ---------------------------------------------------------------------- 3. the invariants
def _invariants(s: Any, f: Findings) -> None:
    g = s.game
    expected = g.start_total + s.paid_out - s.taken_in
    if s.money_in_play() != expected:
        values = {"paid": show(s.paid_out), "taken": show(s.taken_in), "start": show(g.start_total)}
        money = show(s.money_in_play())
        f.say("ddp_money", field="cash", value=money, expected=show(expected), **values)
    if s.phase == SHUFFLE or f.conserved:  # (pass 1 found every card in its one place)
        return
    held = (
        [*s.piles[MAIL], *_flat(s.mail), *_flat(s.opened), *_flat(s.necessity), *_flat(s.insured)],
        [*s.piles[ACQUISITIONS], *(h.card for owned in s.owned for h in owned)],
        s.piles[EVENTS],
    )
    for k, cards in enumerate(held):
        size = g.deck_sizes[k]
        if len(cards) != size or len(set(cards)) != size:
            missing = sorted(set(range(size)) - set(cards))
            twice = sorted({c for c in cards if cards.count(c) > 1})
            deck = t("audit.deck_" + _DECKS[k])
            f.say("ddp_cards", field="piles", deck=deck, missing=show(missing), twice=show(twice))


def _flat(lists: list[list[int]]) -> list[int]:
    return [x for xs in lists for x in xs]
