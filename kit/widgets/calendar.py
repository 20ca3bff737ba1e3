"""The live Día de Paga calendar: a class plays the exact engine, bots fill the empty seats.

    >>> game = kit.load("dia_de_paga", players=["Ana", "Luis", "Bot"], months=1)
    >>> board = PaydayBoard(game, bots={2: "cautious_saver"}, seed=2026)
    >>> board                # the month, the tokens, the books, the payday, the buttons

One-way flow, as the property board: the engine state → `calendar_view` (plain JSON,
kit/widgets/calendar_view.py) → the `view` and `svg` traits → the drawing (static/calendar.js
only inserts `kit.render.calendar.calendar_svg` and draws the buttons Python listed). A click
comes back as a message: {"type": "act", "action": {...action_to_dict data...}} for a button, or
{"type": "amount", "kind": "Deposit", "amount": "300"} for an amount typed in a form. Python
checks it with `state.why_not`, applies it with `state.apply`, rolls every chance node with the
board's own seeded `random.Random`, lets the bots play their seats, and publishes a new view.
An illegal or garbled click changes nothing and says why in `message`.

Why everything is in one SVG (calendar, books, payday) and the buttons in the widget's own HTML:
the saved notebook then shows the whole table as the class saw it, byte for byte, and the live
widget needs no second drawing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from random import Random
from typing import Any

import anywidget
import traitlets

from kit.games.dia_de_paga.actions import ACTIONS, Roll, action_from_dict
from kit.games.dia_de_paga.bots import POLICIES, policy_named
from kit.games.dia_de_paga.game import MOVE, START
from kit.messages import t
from kit.render.calendar import calendar_svg
from kit.widgets.calendar_view import (
    ANYTIME_KINDS,
    action_label,
    calendar_view,
    day_label,
    payday_lines,
)

STATIC = Path(__file__).parent / "static"
MAX_STEPS = 200_000  # chance outcomes plus bot moves after one click (a whole game of bots)
LOG_LINES = 12  # what happened since the last human click, newest last
BIG_AMOUNT = 10**9  # a typed amount beyond any game's money is refused before the engine


def _seats(bots: Any, n: int) -> dict[int, str]:
    """{seat: bot name} from a mapping, a list (None for a human seat) or None."""
    if bots is None:
        return {}
    if isinstance(bots, Mapping):
        pairs = list(bots.items())
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        pairs = [(seat, name) for seat, name in enumerate(bots) if name is not None]
    else:
        raise ValueError(t("calendar.bad_bots", names=", ".join(POLICIES), value=bots))
    out = {}
    for seat, name in pairs:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(t("calendar.bad_seats", n=n, last=n - 1, value=seat))
        if name not in POLICIES:
            raise ValueError(t("calendar.bad_bots", names=", ".join(POLICIES), value=name))
        out[seat] = name
    return out


class PaydayBoard(anywidget.AnyWidget):
    """Día de Paga on a month calendar you click: roll, buy, save, borrow, and watch payday.

    `PaydayBoard(game)` starts a new game (the shuffles drawn with `seed`); `PaydayBoard(state)`
    plays that very state. `bots` names the seats the computer plays: {2: "cautious_saver"} or a
    list per seat (None for a person); the bots are those of kit.games.dia_de_paga.bots.
    `board.act(action)` plays from code; `board.refresh()` draws again (after set_language).
    """

    _esm = STATIC / "calendar.js"
    _css = STATIC / "calendar.css"

    view = traitlets.Dict(default_value={}).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(self, state_or_game: Any, seed: int = 2026, bots: Any = None) -> None:
        super().__init__()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(t("calendar.bad_seed", value=seed))
        if hasattr(state_or_game, "new_state") and hasattr(state_or_game, "deck_sizes"):
            state = state_or_game.new_state()
        elif hasattr(state_or_game, "legal_actions") and hasattr(state_or_game, "savings"):
            state = state_or_game
        else:
            raise TypeError(t("calendar.not_a_game", value=state_or_game))
        self.seed = seed
        self.state = state
        self.bots = _seats(bots, state.game.n)
        self._policies = {seat: policy_named(name) for seat, name in self.bots.items()}
        self._rng = Random(seed)
        self._log: list[str] = []
        self._play_on()
        self._publish("")
        self.on_msg(self._on_click)

    # -- the Python API ----------------------------------------------------------------------

    def act(self, action: Any) -> None:
        """Play `action` for whoever is to act; IllegalAction (a ValueError) if the rules say no.
        Then chance and the bots play until a person must decide."""
        player = self.state.actor()
        said = self._narrate(player, action)  # before: a label reads the card now on offer
        self.state.apply(action)
        self._log = [said] if said else []
        self._play_on()
        self._publish(said or (self._log[0] if self._log else ""))

    def refresh(self) -> None:
        """Draw again, e.g. after `kit.set_language` or after changing the state from code."""
        self._publish(self.message)

    def payday(self) -> dict[str, Any] | None:
        """The last payday opened, line by line (as the panel shows it), or None before any."""
        slips = self.state.payslips
        return payday_lines(self.state, slips[-1]) if slips else None

    def paydays(self) -> list[dict[str, Any]]:
        """Every payday of the game so far, line by line, first first (the engine's payslips)."""
        return [payday_lines(self.state, slip) for slip in self.state.payslips]

    # -- display -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"PaydayBoard({self.state!r}, seed={self.seed}, bots={self.bots!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live board plus the static SVG, for GitHub, nbviewer and nbval."""
        self.refresh()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self.svg}, metadata

    # -- playing -----------------------------------------------------------------------------

    def _play_on(self) -> None:
        """Roll every chance node and let the bots play until a person must decide."""
        state = self.state
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                return
            if state.is_chance():
                moving = state.phase == MOVE
                mover = state.cur
                state.apply_chance(state.sample_chance(self._rng))
                if moving:
                    self._log.append(self._rolled(mover))
                continue
            seat = state.actor()
            policy = self._policies.get(seat)
            if policy is None:
                return
            action = policy(state, self._rng)
            said = self._narrate(seat, action)
            state.apply(action)
            if said:
                self._log.append(said)
        raise RuntimeError(f"the bots did not stop within {MAX_STEPS} steps: {state!r}")

    def _rolled(self, p: int) -> str:
        state = self.state
        pos = state.pos[p]
        if pos == START:
            where = t("calendar.start")
        else:
            label, _ = day_label(state.game.rules, state.game.rules.day(pos))
            where = f"{t('calendar.day_of', day=pos)} · {label}"
        return t("calendar.rolled", name=state.game.names[p], roll=state.last_roll, where=where)

    def _narrate(self, player: int, action: Any) -> str:
        """One sentence on what a player is doing (empty for a roll: its landing is told)."""
        if isinstance(action, Roll):
            return ""
        name = self.state.game.names[player] if 0 <= player < self.state.game.n else ""
        return t("calendar.done", name=name, action=action_label(self.state, action))

    def _publish(self, message: str, refused: bool = False) -> None:
        """Compute the view and its drawing; send both in one message."""
        view = calendar_view(
            self.state,
            bots=self.bots,
            payday=self.payday(),
            message=message,
            refused=refused,
            log=self._log[-LOG_LINES:],
        )
        with self.hold_sync():
            self.view = view
            self.svg = calendar_svg(view)
            self.message = message

    # -- clicks ------------------------------------------------------------------------------

    def _on_click(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click in the view: do it, or say why not in `message`; never raise into the comm."""
        try:
            self._click(content)
        except Exception as error:  # a click must never break the kernel's comm
            self._refuse(t("calendar.not_allowed", reason=error))

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
        try:
            action = action_from_dict(data)
        except (TypeError, ValueError) as error:
            self._refuse(t("calendar.not_allowed", reason=error))
            return
        problem = self.state.why_not(action)  # read-only: a garbled action changes nothing
        if problem is not None:
            self._refuse(t("calendar.not_allowed", reason=problem))
            return
        self.act(action)

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

    def _refuse(self, text: str) -> None:
        """Nothing changes; the view says why."""
        self._publish(text, refused=True)
