"""The view model of the Día de Paga calendar: pure functions from engine states to plain JSON.

    >>> import kit
    >>> from kit.widgets.calendar_view import calendar_view
    >>> state = kit.load("dia_de_paga", players=3).start_state()
    >>> view = calendar_view(state)        # dicts, lists, str, int, bool, None only
    >>> view["buttons"][0]["action"]
    {'type': 'Roll'}

Everything the live PaydayBoard (kit/widgets/calendar.py) and the static SVG
(`kit.render.calendar.calendar_svg`) show comes from here: the 31 days as a month, the tokens, the
kitty, the die, each player's book (cash, savings book, loans, mail, acquisitions), the buttons
(exactly the engine's `legal_actions()`) and the amount forms of the "any time" actions.

The payday panel reads the engine's payslips (`state.payslips`, DDP-12), line by line in the
order the payday paid them: salary, savings interest, the mail (money, insurance premiums, bills),
loan interest, repayment, acquisitions that expire. The log («Lo último que ha pasado») tells the
engine's events (`event_text`, `entry_lines`): several lines per move; the board shows the
last eight, newest move first. Counts say «1 tarjeta», «2 tarjetas» (`counted`); tokens carry
the player's initial (`marks`).
Standard library only; the same states (and arguments) always give the same view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import groupby
from typing import Any

from kit.games.core import action_to_dict
from kit.games.dia_de_paga.actions import ANYTIME, action_from_dict
from kit.games.dia_de_paga.base import START
from kit.messages import language, t
from kit.table import format_count
from kit.theme import DAY_COLOURS, GRID, PLAYER_COLOURS, ink_on
from kit.widgets.waiting import waiting

# Players: colour (theme.PLAYER_COLOURS, as on the property board), shape and initial together;
# the initial is written in the ink that reads on its colour (theme.ink_on). Each kind of day
# has its band's colour from theme.DAY_COLOURS, and the kind is always written on it too.
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
# The words the drawing and the page write as they are (headings, labels), by catalogue key.
LABELS = (
    "title aria die no_die kitty lottery_pot start cash savings loans mail_waiting acquisitions "
    "none necessity insured fortune finished bot payday_none actions anytime amount log "
    "log_order warning why_label books paydays"
)
WEEK = 7  # day 1 is a Monday: the Sundays of the printed month are days 7, 14, 21 and 28
ANYTIME_KINDS = tuple(cls.__name__ for cls in ANYTIME)


def money(amount: int) -> str:
    """An amount with the language's thousands separator: 12 000 / 12,000."""
    sign = "−" if amount < 0 else ""
    return sign + format_count(abs(amount))


def signed(amount: int) -> str:
    """A change of money with its sign: +1500 / −150 / 0."""
    return ("+" if amount > 0 else "") + money(amount)


def counted(key: str, count: int, **values: object) -> str:
    """A catalogue text that counts: `key_one` for 1 («1 tarjeta»), `key` otherwise."""
    return t(f"{key}_one" if count == 1 else key, count=count, **values)


def marks(names: Sequence[str]) -> list[str]:
    """Each player's token mark: the initial, with the seat number where two share it
    («A», «L», «B2», «B3»)."""
    initials = [next((c for c in name if c.isalnum()), "?").upper() for name in names]
    return [
        initial if initials.count(initial) == 1 else f"{initial}{seat + 1}"
        for seat, initial in enumerate(initials)
    ]


def rate_text(rate: Fraction) -> str:
    """A rate as a percentage in the class language: 10 %."""
    value = rate * 100
    shown = str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"
    return t("number.percent", value=shown.replace(".", t("number.decimal")))


# -- the days ---------------------------------------------------------------------------------


def day_label(rules: Any, day: Any) -> tuple[str, str]:
    """What a day's square says: its kind (with count or amount) and what to do there."""
    kind = day.kind
    values = {
        "count": day.count,
        "amount": money(day.amount),
        "name": day.name,
        "stake": money(rules.lottery_stake),
        "prize": money(rules.lottery_prize),
    }
    if kind == "birthday":
        values["amount"] = money(rules.birthday_amount)
    if kind == "election":
        values["amount"] = money(rules.election_amount)
    do = f"calendar.do_{kind}_one" if kind == "mail" and day.count == 1 else f"calendar.do_{kind}"
    return t(f"calendar.kind_{kind}", **values), t(do, **values)


def _days(state: Any) -> list[dict[str, Any]]:
    g = state.game
    out = []
    for day in g.rules.days:
        label, instruction = day_label(g.rules, day)
        band = DAY_COLOURS.get(day.kind, GRID)
        out.append(
            {
                "day": day.day,
                "kind": day.kind,
                "name": day.name,
                "label": label,
                "instruction": instruction,
                "colour": band,
                "ink": ink_on(band),
                "row": (day.day - 1) // WEEK,
                "column": (day.day - 1) % WEEK,
                "tokens": [p for p in range(g.n) if state.pos[p] == day.day],
            }
        )
    return out


# -- the players' books -----------------------------------------------------------------------


def _acquisition(rules: Any, held: Any) -> dict[str, Any]:
    """An acquisition a player holds (a Holding: card, month bought), as the panel shows it."""
    a = rules.acquisitions[held.card]
    return {
        "id": a.id,
        "name": a.name,
        "price": a.price,
        "value": a.value,
        "bought": held.bought,
        "text": t(
            "calendar.acquisition_item", name=a.name, price=money(a.price), value=money(a.value)
        ),
    }


def _loans_text(owed: int, cards: int) -> str:
    """What a player owes, with the loan cards it comes in («3000 € (2 tarjetas)»)."""
    if not cards:
        return f"{money(owed)} €"
    return counted("calendar.loan_cards", cards, amount=money(owed), cards=cards)


def _players(state: Any, bots: Mapping[int, str]) -> list[dict[str, Any]]:
    g = state.game
    r = g.rules
    out = []
    tokens = marks(g.names)
    for p in range(g.n):
        pos = state.pos[p]
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        out.append(
            {
                "index": p,
                "name": g.names[p],
                "mark": tokens[p],
                "colour": colour,
                "ink": ink_on(colour),
                "shape": PLAYER_SHAPES[p % len(PLAYER_SHAPES)],
                "bot": bots.get(p),
                "position": pos,
                "where": t("calendar.start") if pos == START else t("calendar.day_of", day=pos),
                "month": state.month[p],
                "finished": bool(state.finished[p]),
                "cash": state.cash[p],
                "cash_text": money(state.cash[p]),
                "savings": state.savings[p],
                "savings_text": money(state.savings[p]),
                "loans": state.loans[p],
                "loan_cards": state.loan_cards(p),
                "loans_text": _loans_text(state.loans[p], state.loan_cards(p)),
                "mail_waiting": len(state.mail[p]),
                "necessity": len(state.necessity[p]),
                "insured": [r.mail[c].text for c in state.insured[p]],
                "acquisitions": [_acquisition(r, held) for held in state.owned[p]],
                "fortune": state.fortune(p),
                "fortune_text": money(state.fortune(p)),
            }
        )
    return out


# -- the buttons and the amount forms ---------------------------------------------------------


def action_label(state: Any, action: Any, offered: str | None = None) -> str:
    """What a button for `action` says, in the current language (`offered`: the id of the
    acquisition a Buy bought, for the log; else the one on offer now)."""
    r = state.game.rules
    kind = type(action).__name__
    values: dict[str, object] = {}
    if kind == "Buy":
        card = (
            state.offer()
            if offered is None
            else next((a for a in r.acquisitions if a.id == offered), None)
        )
        if card is not None:
            values.update(name=card.name, price=money(card.price))
    elif kind == "Sell":
        card = next((a for a in r.acquisitions if a.id == action.card), None)
        values.update(
            name=card.name if card else action.card, value=money(card.value) if card else "?"
        )
    elif kind == "Stake":
        values.update(stake=money(r.lottery_stake), number=action.number)
    elif kind == "KeepInsurance":
        card = next((m for m in r.mail if m.id == action.card), None)
        values.update(amount=money(card.amount) if card else "?")
    elif kind in ("Repay", "TakeLoan", "Deposit", "Withdraw"):
        values.update(amount=money(action.amount))
    elif kind == "Gamble":
        values.update(amount=money(action.stake))
    return t(f"calendar.act_{kind}", **values)


def _buttons(state: Any, legal: Sequence[Any], enabled: bool = True) -> list[dict[str, Any]]:
    """One button per legal answer to the decision now (the any-time actions have forms);
    `enabled` false on a bot's turn: shown greyed out."""
    return [
        {
            "label": action_label(state, a),
            "kind": type(a).__name__,
            "action": action_to_dict(a),
            "enabled": enabled,
        }
        for a in legal
        if not isinstance(a, ANYTIME)
    ]


def _forms(state: Any, legal: Sequence[Any], enabled: bool = True) -> list[dict[str, Any]]:
    """The any-time actions with an amount box each; the engine checks whatever is typed.

    Every form is shown, so a student may try a deposit after day 23 and read the engine's
    reason; `offered` says whether the engine lists that kind now, `default` is the first amount
    it lists (or the smallest sensible one), and `enabled` is false unless a person is to act
    (a bot's turn, chance, the end: greyed out, the view's `waiting` says why)."""
    r = state.game.rules
    hints = {
        "TakeLoan": t("calendar.hint_TakeLoan", unit=money(r.loan_unit)),
        "Deposit": t("calendar.hint_Deposit", day=r.last_deposit_day),
        "Withdraw": t("calendar.hint_Withdraw", fee=money(r.withdrawal_fee)),
        "Gamble": t(
            "calendar.hint_Gamble",
            below=money(r.necessity_stake_below),
            faces=" / ".join(str(f) for f in r.necessity_faces),
        ),
    }
    steps = {"TakeLoan": r.loan_unit, "Deposit": 1, "Withdraw": 1, "Gamble": 1}
    forms = []
    for kind in ANYTIME_KINDS:
        listed = [a for a in legal if type(a).__name__ == kind]
        field = "stake" if kind == "Gamble" else "amount"
        default = (
            getattr(listed[0], field) if listed else steps[kind] if kind == "TakeLoan" else 100
        )
        forms.append(
            {
                "kind": kind,
                "field": field,
                "label": t(f"calendar.form_{kind}"),
                "hint": hints[kind],
                "offered": bool(listed),
                "default": default,
                "step": steps[kind],
                "enabled": enabled,
            }
        )
    return forms


# -- payday -----------------------------------------------------------------------------------


def _line(kind: str, label: str, amount: int, account: str = "cash") -> dict[str, Any]:
    """One payday line: what it is (`kind`, e.g. "salary"), its text, euros and account."""
    return {
        "kind": kind,
        "label": label,
        "amount": amount,
        "amount_text": signed(amount),
        "account": account,
        "account_text": t(f"calendar.to_{account}"),
    }


def _label(rules: Any, slip: Mapping[str, Any], kind: str, card: int | None) -> str:
    """The words of one payslip line: the card's text for mail, the name of an acquisition."""
    if kind == "savings_interest":
        balance = money(slip["savings"].start)
        return t(
            "calendar.line_savings_interest",
            rate=rate_text(rules.savings_interest),
            balance=balance,
        )
    if kind == "loan_interest":
        balance = money(slip.get("loan_interest_on", slip["loans"].start))
        return t(
            "calendar.line_loan_interest", rate=rate_text(rules.loan_interest), balance=balance
        )
    if kind == "expired":
        return t("calendar.line_expired", name=rules.acquisitions[card].name)
    if card is not None:
        return t(f"calendar.line_{kind}", text=rules.mail[card].text)
    return t(f"calendar.line_{kind}")


def payday_lines(state: Any, slip: Mapping[str, Any]) -> dict[str, Any]:
    """One payday as the engine recorded it (`state.payslips`, DDP-12), in words: the lines in
    the order they were paid, harmless mail counted in one line, insurance still to decide."""
    r = state.game.rules
    p = slip["player"]
    lines = []
    harmless = 0
    for line in slip["lines"]:  # PayLines
        if line.kind == "harmless":
            harmless += 1
            continue
        label = _label(r, slip, line.kind, line.card)
        lines.append(_line(line.kind, label, line.amount, line.account))
    if harmless:
        lines.append(_line("harmless", counted("calendar.line_harmless", harmless), 0))
    running = slip["open"]
    if running:  # offers the player has not answered yet (read, not decided, here)
        for c in state.opened[p]:
            if r.mail[c].kind.endswith("_insurance"):
                text = t("calendar.line_insurance_pending", text=r.mail[c].text)
                lines.append(_line("insurance_pending", text, 0))
    saved = slip["savings"].close if not running else state.savings[p]
    owed = slip["loans"].close if not running else state.loans[p]
    change = sum(x["amount"] for x in lines if x["account"] == "cash")
    title = t("calendar.payday_title", name=state.game.names[p], month=slip["month"])
    if slip["extra"]:
        title += " " + t("calendar.payday_extra")
    if running:
        title += " " + t("calendar.payday_running")
    return {
        "player": p,
        "name": state.game.names[p],
        "month": slip["month"],
        "title": title,
        "running": running,
        "extra": slip["extra"],
        "lines": lines,
        "cash_change": change,
        "total_text": t("calendar.payday_total", change=signed(change)),
        "book_text": t(
            "calendar.payday_book", before=money(slip["savings"].start), after=money(saved)
        ),
        "loans_text": t(
            "calendar.payday_debt", before=money(slip["loans"].start), after=money(owed)
        ),
    }


# -- what just happened: the engine's events in words ----------------------------------------

# Events the log does not tell: a shuffle, and what the action's own line already says.
NOT_TOLD = frozenset(
    ("shuffled", "bought", "passed", "staked", "loan", "repaid", "deposit", "necessity_bet")
)


def _where(rules: Any, day: int) -> str:
    if day == START:
        return t("calendar.start")
    label, _ = day_label(rules, rules.day(day))
    return f"{t('calendar.day_of', day=day)} · {label}"


def _to(names: Sequence[str], to: Any) -> str:
    """Whom money goes to, with its preposition («al banco», «a Ana»: Spanish contracts a + el)."""
    if isinstance(to, int):
        return t("calendar.to_player", name=names[to])
    return t(f"calendar.to_{to}")


def _line_words(rules: Any, event: Mapping[str, Any]) -> str:
    kind = event["line"]
    if kind in ("savings_interest", "loan_interest"):
        return t(f"calendar.line_{kind}_now")
    if kind == "expired":
        card = next((a for a in rules.acquisitions if a.id == event["card"]), None)
        return t("calendar.line_expired", name=card.name if card else event["card"])
    if event.get("text") is not None:
        return t(f"calendar.line_{kind}", text=event["text"])
    return t(f"calendar.line_{kind}")


def event_text(state: Any, event: Mapping[str, Any]) -> str | None:
    """One event of the engine (`state.events`) in the class language, or None for one the log
    does not tell (a shuffle, or what the action's own line says)."""
    kind = event["kind"]
    if kind in NOT_TOLD:
        return None
    rules, names = state.game.rules, state.game.names
    player = event.get("player")
    name = names[player] if isinstance(player, int) else ""
    amount = money(event["amount"]) if isinstance(event.get("amount"), int) else ""
    if kind == "rolled":
        where = _where(rules, event["day"])
        return t("calendar.rolled", name=name, roll=event["roll"], where=where)
    if kind == "mail_drawn":
        return counted("calendar.ev_mail_drawn", 1, name=name)
    if kind == "moved_back":
        return t("calendar.ev_back", name=name, where=_where(rules, event["day"]))
    if kind == "acquisition_offered":
        price, value = money(event["price"]), money(event["value"])
        return t(f"calendar.ev_{kind}", name=name, card=event["name"], price=price, value=value)
    if kind == "sold":
        if not event["commission"]:
            return None
        value, commission = money(event["value"]), money(event["commission"])
        return t(
            "calendar.ev_sold", name=name, card=event["name"], value=value, commission=commission
        )
    if kind == "rolloff_tie":
        tied = ", ".join(names[q] for q in event["players"])
        return t("calendar.ev_rolloff_tie", names=tied, roll=event["roll"])
    if kind == "commission_won":
        return t("calendar.ev_commission_won", name=name, amount=amount)
    if kind == "lottery_opened":
        stake, prize = money(event["stake"]), money(event["prize"])
        return t("calendar.ev_lottery_opened", stake=stake, prize=prize)
    if kind == "lottery_draw":
        return None if player is not None else t("calendar.ev_lottery_draw", roll=event["roll"])
    if kind == "lottery_won":
        return t("calendar.ev_lottery_won", name=name, number=event["number"], amount=amount)
    if kind == "payment":
        key = "calendar.ev_payment_debt" if event["debt"] else "calendar.ev_payment"
        return t(key, name=name, amount=amount, to=_to(names, event["to"]))
    if kind == "debt_paid":
        return t("calendar.ev_debt_paid", name=name, amount=amount, to=_to(names, event["to"]))
    if kind == "payday_line":
        if not event["amount"]:
            return None
        line = _line_words(rules, event)
        return t("calendar.ev_payday_line", name=name, line=line, amount=signed(event["amount"]))
    if kind == "loan":
        return t("calendar.ev_loan", name=name, amount=amount, owed=money(event["owed"]))
    if kind == "withdrawal":
        return t("calendar.ev_withdrawal", name=name, amount=amount, fee=money(event["fee"]))
    if kind == "necessity_roll":
        result = (
            t("calendar.ev_bet_won", amount=amount) if event["won"] else t("calendar.ev_bet_lost")
        )
        return t("calendar.ev_necessity_roll", name=name, roll=event["roll"], result=result)
    if kind == "month_end":
        key = "calendar.ev_month_last" if event["finished"] else "calendar.ev_month_end"
        return t(key, name=name, month=event["month"])
    if kind == "game_over":
        winner = event["winner"]
        result = (
            t("calendar.winner", name=names[winner]) if winner is not None else t("calendar.tie")
        )
        return t("calendar.ev_game_over", result=result)
    values = {k: v for k, v in event.items() if k not in ("kind", "player", "amount")}
    return t(f"calendar.ev_{kind}", name=name, amount=amount, **values)


def _mail_of(event: Mapping[str, Any]) -> int | None:
    """The seat a mail card goes to, for a "mail_drawn" event (None for any other)."""
    return event["player"] if event["kind"] == "mail_drawn" else None


def entry_lines(state: Any, entry: Mapping[str, Any]) -> list[str]:
    """One move of a session's log in words: what the player did (a roll says where it led),
    then what the engine says followed, one line each."""
    lines = []
    action = None if entry["action"] is None else action_from_dict(entry["action"])
    if action is not None and type(action).__name__ != "Roll":
        offered = next(
            (e["card"] for e in entry["events"] if e["kind"] in ("bought", "passed")), None
        )
        label = action_label(state, action, offered=offered)
        lines.append(t("calendar.done", name=state.game.names[entry["player"]], action=label))
    for seat, run in groupby(entry["events"], key=_mail_of):
        if seat is not None:  # a player's mail cards in a row: one line
            count = len(list(run))
            lines.append(counted("calendar.ev_mail_drawn", count, name=state.game.names[seat]))
            continue
        lines += [text for event in run if (text := event_text(state, event)) is not None]
    return lines


# -- the whole board --------------------------------------------------------------------------


def _status(state: Any, to_act: int | None) -> str:
    g = state.game
    if state.is_terminal():
        winner = state.winner()
        tail = (
            t("calendar.winner", name=g.names[winner]) if winner is not None else t("calendar.tie")
        )
        return f"{t('calendar.game_over')} · {tail}"
    if to_act is None:
        return t("calendar.chance", phase=state.phase)
    return t("calendar.to_act", name=g.names[to_act])


def calendar_view(
    state: Any,
    *,
    bots: Mapping[int, str] | None = None,
    payday: Mapping[str, Any] | None = None,
    paydays: Sequence[Mapping[str, Any]] | None = None,
    message: str = "",
    refused: bool = False,
    why: str = "",
    log: Sequence[str] = (),
    new: int = 0,
    warning: str = "",
) -> dict[str, Any]:
    """The whole calendar board as plain JSON: days, tokens, kitty, die, books, buttons, payday.

    `bots`: {seat: bot name} of the seats the computer plays: on a bot's turn its answers are
    shown greyed out (`enabled` false) and `waiting` says why, as while chance decides or at the
    end. `payday`: a `payday_lines` result for the payday panel (None before anyone reached day
    31); `paydays`: each player's last payday for the payday panel (by default `payday` alone).
    `message`: the last thing that happened, or why a click was refused (`refused`) in plain
    words; `why`: the rule behind a refusal (the «¿por qué?» detail); `log`: the last events,
    newest first, the first `new` of them since the last click; `warning`: a line to mark
    apart (a failed save)."""
    g = state.game
    r = g.rules
    bots = dict(bots or {})
    chance = state.is_chance()
    terminal = state.is_terminal()
    to_act = None if chance or terminal else state.actor()
    legal = state.legal_actions() if to_act is not None else []
    human = to_act is not None and to_act not in bots
    waiting_text = waiting(state, bots, "calendar", actor=to_act)
    month = state.month[to_act] if to_act is not None else max(state.month)
    return {
        "game": {"name": r.name, "title": r.title, "currency": r.currency, "months": g.months},
        "language": language(),
        "phase": state.phase,
        "to_act": to_act,
        "to_act_is_bot": to_act is not None and not human,
        "waiting": waiting_text,
        "current": state.cur,
        "status": _status(state, to_act),
        "month": month,
        "month_text": t("calendar.month", month=month, months=g.months),
        "die": state.last_roll,
        "kitty": state.kitty,
        "kitty_text": money(state.kitty),
        "pot": state.pot,
        "pot_text": money(state.pot),
        "weekdays": t("calendar.weekdays").split(),
        "days": _days(state),
        "start_tokens": [p for p in range(g.n) if state.pos[p] == START],
        "players": _players(state, bots),
        "buttons": _buttons(state, legal, enabled=human),
        "forms": _forms(state, legal, enabled=human),
        "payday": dict(payday) if payday is not None else None,
        "paydays": [dict(p) for p in paydays]
        if paydays is not None
        else ([dict(payday)] if payday is not None else []),
        "message": message,
        "refused": refused,
        "why": why,
        "warning": warning,
        "log": list(log),
        "log_new": min(new, len(log)),
        "labels": {key: t(f"calendar.{key}") for key in LABELS.split()},
    }
