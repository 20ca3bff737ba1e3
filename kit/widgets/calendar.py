"""The live Día de Paga calendar: a class plays the exact engine, bots fill the empty seats.

    >>> game = kit.load("dia_de_paga", players=["Ana", "Luis", "Bot"], months=1)
    >>> board = PaydayBoard(game, bots={2: "cautious_saver"}, seed=2026)
    >>> board                # the month, the tokens, the books, the payday, the buttons

One-way flow, as the property board: the engine state → `calendar_view` (plain JSON,
kit/widgets/calendar_view.py) → the `view` and `svg` traits → the drawing (static/calendar.js
only inserts `kit.render.calendar.calendar_svg` and draws the buttons Python listed). A click
comes back as a message: {"type": "act", "action": {...action_to_dict data...}} for a button, or
{"type": "amount", "kind": "Deposit", "amount": "300"} for an amount typed in a form, each with
the `move` stamp of the view clicked (kit/widgets/waiting.py). Python checks it with the session's
`why_not` (the rules, or that a bot is to act); the session applies it, rolls every chance node
with its seeded generator, lets the bots play their seats and saves; then a new view is
published. An illegal, late or garbled click changes nothing and says why in `message`. On a
bot's turn and at the end the buttons and forms are greyed out and the view's `waiting` says why;
a save that failed (`session.save_error`) is shown apart, in `warning`, after the move it missed.

One screen (issue 15): the live board shows the month (`pieces["month"]`) beside whose turn it
is, the buttons and the amount forms, the last eight events under the month, and the books and
each player's last payday below, each folding away; all inside 1280×720 in Lab and Voilà. The
drawings are kit.render.calendar's, and `svg` (not sent to the page) is all of them in one
picture, the one a saved notebook shows. A refusal is one plain sentence next to the buttons,
its euros formatted and the rule id taken out into the «¿por qué?» detail (`plain_refusal`).
"""

from __future__ import annotations

import re
from typing import Any

import traitlets

from kit.games.dia_de_paga.actions import ACTIONS, action_from_dict
from kit.messages import t
from kit.render.calendar import books_svg, calendar_svg, month_svg, paydays_svg
from kit.widgets.base import GameWidget
from kit.widgets.calendar_view import (
    ANYTIME_KINDS,
    calendar_view,
    entry_lines,
    money,
    payday_lines,
)
from kit.widgets.waiting import waiting

ALL_BOTS_MOVES = 200_000  # a table of bots plays the game out: far more moves than it takes
LOG_LINES = 8  # lines of what happened (actions and events) the log shows, newest first
LOG_MOVES = 24  # the moves read for them (a move tells one line or more)
RULE_ID = re.compile(r"\s*\(?\b(DDP-\d+)\b\)?")  # «(DDP-16)» in an engine's sentence
BIG_AMOUNT = 10**9  # a typed amount beyond any game's money is refused before the engine


class PaydayBoard(GameWidget, family="dia_de_paga", catalogue="calendar", style="calendar"):
    """Día de Paga on a month calendar you click: roll, buy, save, borrow, and watch payday.

    `PaydayBoard(game)` starts a new game (the shuffles drawn with `seed`); `PaydayBoard(state)`
    plays that very state. `bots` names the seats the computer plays: {2: "cautious_saver"} or a
    list per seat (None for a person); the bots are those of kit.games.dia_de_paga.bots.
    `board.act(action)` plays from code; `board.refresh()` draws again (after set_language).
    """

    plays_out = ALL_BOTS_MOVES
    pieces = traitlets.Dict(default_value={}).tag(sync=True)  # month, books, paydays: the SVGs
    svg = traitlets.Unicode("")  # all of them in one picture: the saved notebook's, not sent

    # -- the Python API ----------------------------------------------------------------------

    def waiting(self) -> str:
        """Why no one may click a move now ("" while a person is to act): a bot's turn, chance,
        the end of the game. The line next to the greyed-out buttons."""
        state = self.state
        actor = None if state.is_chance() or state.is_terminal() else state.actor()
        return waiting(state, self.bots, "calendar", actor=actor)

    def payday(self) -> dict[str, Any] | None:
        """The last payday opened, line by line (as the panel shows it), or None before any."""
        slips = self.state.payslips
        return payday_lines(self.state, slips[-1]) if slips else None

    def paydays(self) -> list[dict[str, Any]]:
        """Every payday of the game so far, line by line, first first (the engine's payslips)."""
        return [payday_lines(self.state, slip) for slip in self.state.payslips]

    def last_paydays(self) -> list[dict[str, Any]]:
        """Each player's last payday, line by line, in seat order (players yet to reach day 31
        have none): the payday panel."""
        last = {slip["player"]: slip for slip in self.state.payslips}
        return [payday_lines(self.state, last[p]) for p in sorted(last)]

    # -- the widget's own parts ---------------------------------------------------------------

    def _told(self, action: Any, start: int) -> None:
        """The first line of what the moves since the click did; the log marks them new."""
        said = self._lines(self.session.log[start:])
        self._publish(said[0] if said else "", new=len(said))

    def _lines(self, entries: list[dict[str, Any]]) -> list[str]:
        """Moves of the session's log in words: each action, then the events that followed."""
        return [line for entry in entries for line in entry_lines(self.state, entry)]

    def _publish(self, message: str, refused: bool = False, new: int = 0, why: str = "") -> None:
        """Compute the view and its drawings; send them in one message. The log: the game's
        last LOG_LINES lines, newest first, `new` of them said since the last click."""
        moves_back = self.session.log[-LOG_MOVES:][::-1]  # newest move first, each in order
        log = [line for entry in moves_back for line in entry_lines(self.state, entry)]
        view = calendar_view(
            self.state,
            bots=self.bots,
            payday=self.payday(),
            paydays=self.last_paydays(),
            message=message,
            refused=refused,
            why=why,
            log=log[:LOG_LINES],
            new=new,
            warning=self._warning(),
        )
        pieces = {"month": month_svg(view), "books": books_svg(view), "paydays": paydays_svg(view)}
        self._show(view, calendar_svg(view), message, pieces=pieces)

    def _click(self, content: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        data = None
        if kind == "amount":
            data = self._typed_action(content)
            if data is None:
                return  # refused, and said why
        elif kind == "act":
            data = content.get("action")
        if not isinstance(data, dict) or data.get("type") not in ACTIONS:
            self._refuse(t("calendar.bad_click", content=content))
            return
        self._play(data, content, action_from_dict)

    def _refusal(self, action: Any) -> tuple[str, str] | None:
        problem = self.session.why_not(action)  # read-only: the rules, or a bot is to act
        if problem is None:
            return None
        rules = self.state.refusal(action) if self.waiting() == "" else None
        return plain_refusal(rules if rules is not None else problem)

    def _typed_action(self, content: dict) -> dict | None:
        """The action of an amount form, its amount read from what was typed (or None, refused)."""
        kind = content.get("kind")
        if kind not in ANYTIME_KINDS:
            self._refuse(t("calendar.bad_click", content=content))
            return None
        raw = content.get("amount")
        text = raw.strip() if isinstance(raw, str) else raw
        if isinstance(text, str) and text.isascii() and text.isdigit():
            amount: Any = int(text)
        elif isinstance(text, int) and not isinstance(text, bool):
            amount = text
        else:
            self._refuse(t("calendar.bad_amount", value=raw))
            return None
        if amount > BIG_AMOUNT:
            self._refuse(t("calendar.bad_amount", value=raw))
            return None
        field = "stake" if kind == "Gamble" else "amount"
        return {"type": kind, field: amount}

    def _refuse(self, text: str, why: str = "") -> None:
        """Nothing changes; the view says why (and, in `why`, the rule behind it)."""
        self._publish(text, refused=True, why=why)


def plain_refusal(problem: Any) -> tuple[str, str]:
    """A refusal for the class: the sentence in plain words, its euros written as the class
    language writes them («300 000» → «300 000 €» grouped) and no rule ids; and the «¿por qué?»
    line naming the rules («DDP-16»), or "" when the sentence names none."""
    key, values = getattr(problem, "key", None), getattr(problem, "values", None)
    if isinstance(key, str) and isinstance(values, dict):
        shown = {
            name: money(v) if isinstance(v, int) and not isinstance(v, bool) else v
            for name, v in values.items()
        }
        sentence = t(key, **shown)
    else:
        sentence = str(problem)
    rules = RULE_ID.findall(sentence)
    plain = RULE_ID.sub("", sentence).strip()
    why = t("calendar.why_rule", rules=", ".join(dict.fromkeys(rules))) if rules else ""
    return t("calendar.not_allowed", reason=plain), why
