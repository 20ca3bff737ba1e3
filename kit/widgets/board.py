"""The live board of El Palé, La Ruta del Tesoro and Superpoly: click to play the exact engine.

    >>> board = PropertyBoard(kit.load("superpoly", players=3), seed=2026)
    >>> board                      # the board, the buttons, the title deed of a clicked square

One-way flow: the engine state → `board_view` (plain JSON, kit/widgets/board_view.py) → the
`view` and `svg` traits → the drawing (static/board.js only inserts `kit.render.board_svg`, so the
live board and the saved notebook's picture are the same). A click comes back as a message:
{"type": "select", "square": 5} or {"type": "act", "action": {...action_to_dict data...},
"move": 12} (`move`: the stamp of the view clicked, kit/widgets/waiting.py). Python checks it with
the session's `why_not` (the rules, or that a bot is to act); the game's `kit.session.Session`
applies it, rolls every chance node (the dice, a shuffle) with its seeded generator, plays any
bot seats and, in a class game with a file, saves; then the board publishes a new view. An
illegal, late or garbled click changes nothing and says why in `message` (plain words, money
formatted; the rule's id apart, in the view's `rule`, for a «¿por qué?» detail); a click that
played says in `message` what every move since it did, one line each, in the log's words. On
a bot's turn, while chance decides and at the end, the buttons are greyed out and the view's
`waiting` line says why; a save that failed (`session.save_error`) is shown apart, in
`warning`, after the move it missed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from kit import render
from kit.games.property.actions import RollDice, action_from_dict
from kit.messages import t
from kit.session import Session
from kit.widgets.board_view import action_label, board_view, told_refusal, waiting_line
from kit.widgets.game_log import told_since
from kit.widgets.waiting import late, moves, seat_bots, warning_text

STATIC = Path(__file__).parent / "static"


class PropertyBoard(anywidget.AnyWidget):
    """A property game on a board you click: roll, buy, build, mortgage, see the title deeds.

    `PropertyBoard(game)` starts a new game (who starts and the shuffles drawn with `seed`);
    `PropertyBoard(state)` shows and plays that very state. `board.act(action)` plays from code,
    `board.select(square)` opens a title deed, `board.show_heat(values)` colours the squares.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    view = traitlets.Dict(default_value={}).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    warning = traitlets.Unicode("").tag(sync=True)

    def __init__(self, state_or_game: Any, seed: int = 2026) -> None:
        super().__init__()
        session = Session.of(state_or_game, "property", seed=seed)
        self.session = session
        self.seed = session.seed
        self._selected: int | None = None
        self._heat: Sequence[Any] | Mapping[int, Any] | None = None
        self._heat_label: str | None = None
        self._rule = ""  # the rule ids of the last refused click, for its «¿por qué?» detail
        self._notices = [str(notice) for notice in session.notices]  # shown until a click
        self._publish("")
        self.on_msg(self._on_click)

    @property
    def state(self) -> Any:
        """The position shown: the session's (which rolls the dice and may save the game)."""
        return self.session.state

    # -- the Python API ----------------------------------------------------------------------

    def act(self, action: Any) -> None:
        """Play `action` for whoever is to act; IllegalAction (a ValueError) if the rules say no."""
        before = self.state.current_player()
        start = len(self.session.log)
        self.session.act(action)  # checked by the engine; then chance, bots, and the save
        self._notices = []
        self._rule = ""
        told = told_since(self.state, self.session.log, start)
        self._publish(told or self._narrate(before, action))

    def why_not(self, action: Any) -> dict[str, str] | None:
        """Why `action` may not be clicked now, for the line next to the buttons: {"text":
        plain words with money formatted, "rule": the rule ids for «¿por qué?»}; None if a
        person may play it (changes nothing)."""
        text = self.session.why_not(action)
        if text is None:
            return None
        seat = self.session.to_act()
        if seat is not None and self.session.seat_bots[seat] is not None:  # a bot's turn
            return told_refusal(self.state, action, text)
        return told_refusal(self.state, action, self.state.refusal(action) or text)

    def tell_since(self, start: int) -> None:
        """Say on the message line what the moves from log entry `start` on did (bots played
        from the table's buttons)."""
        self._rule = ""
        self._publish(told_since(self.state, self.session.log, start))

    def waiting(self) -> str:
        """Why no one may click a move now ("" while a person is to act): a bot's turn, chance,
        the end of the game. The line next to the greyed-out buttons."""
        return waiting_line(self.state, seat_bots(self.session))

    def select(self, square: int | None) -> None:
        """Show the title deed of `square` in the side panel (None closes it)."""
        count = len(self.state.game.rules.squares)
        if square is not None and (
            isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < count
        ):
            raise ValueError(t("board.bad_square", value=square))
        self._selected = square
        self._publish(self.message)

    def show_heat(
        self, values: Sequence[Any] | Mapping[int, Any] | None, label: str | None = None
    ) -> None:
        """Colour each square by a number (a list of 40, or {square: number}); None clears."""
        board_view(self.state, heat=values, heat_label=label)  # refuse bad values before storing
        self._heat, self._heat_label = values, label
        self._publish(self.message)

    def refresh(self) -> None:
        """Draw again, e.g. after `kit.set_language` or after changing the state from code."""
        self._publish(self.message)

    # -- display -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"PropertyBoard({self.state!r}, seed={self.seed})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live board plus the static SVG, for GitHub, nbviewer and nbval."""
        self.refresh()  # shown again after kit.set_language: speak the new language
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self.svg}, metadata

    # -- state and clicks --------------------------------------------------------------------

    def _narrate(self, player: int, action: Any) -> str:
        """One sentence on what just happened, for the message line."""
        game = self.state.game
        name = game.names[player] if 0 <= player < game.n else ""
        if isinstance(action, RollDice) and self.state.last_roll:
            a, b = self.state.last_roll
            square = game.rules.squares[self.state.pos[player]].name
            return t("board.rolled", name=name, a=a, b=b, total=a + b, square=square)
        return t("board.done", name=name, action=action_label(self.state, action))

    def _publish(self, message: str) -> None:
        """Compute the view and its drawing; send both in one message."""
        warning = warning_text(self.session, self._notices)
        view = board_view(
            self.state,
            heat=self._heat,
            heat_label=self._heat_label,
            selected=self._selected,
            message=message,
            bots=seat_bots(self.session),
            warning=warning,
            rule=self._rule,
        )
        view["move"] = moves(self.session)  # sent back with each click: a late one is refused
        with self.hold_sync():
            self.view = view
            self.svg = render.board_svg(view)
            self.message = message
            self.warning = warning

    def _on_click(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click in the view: do it, or say why not in `message`; never raise into the comm."""
        self._notices = []  # said once: the class has seen them by the time it clicks
        try:
            self._click(content)
        except Exception as error:  # a click must never break the kernel's comm
            self._refuse(t("board.not_allowed", reason=error))

    def _click(self, content: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "select":
            try:
                self.select(content.get("square"))
            except ValueError as error:
                self._refuse(str(error))
            return
        data = content.get("action") if kind == "act" else None
        if not isinstance(data, dict):
            self._refuse(t("board.bad_click", content=content))
            return
        if late(self.session, content):  # drawn before the last move: not meant for this one
            self._refuse(t("board.late"))
            return
        try:
            action = action_from_dict(data)
        except (TypeError, ValueError) as error:
            self._refuse(t("board.not_allowed", reason=error))
            return
        before = self.state.to_json()
        problem = self.why_not(action)  # read-only: the rules, or a bot is to act
        if problem is not None:
            self._refuse(problem["text"], problem["rule"])
            return
        if self.state.to_json() != before:  # pragma: no cover - why_not must not change a state
            raise RuntimeError("why_not changed the state")
        self.act(action)

    def _refuse(self, text: str, rule: str = "") -> None:
        """Nothing changes; the view says why (the rule ids apart, as a detail)."""
        self._rule = rule
        self._publish(text)
