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
from typing import Any

from kit import render
from kit.games.property.actions import RollDice, action_from_dict
from kit.messages import t
from kit.widgets.base import GameWidget
from kit.widgets.board_view import action_label, board_view, told_refusal, waiting_line
from kit.widgets.game_log import told_since


class PropertyBoard(GameWidget, family="property", catalogue="board", style="board"):
    """A property game on a board you click: roll, buy, build, mortgage, see the title deeds.

    `PropertyBoard(game)` starts a new game (who starts and the shuffles drawn with `seed`);
    `PropertyBoard(state)` shows and plays that very state. `board.act(action)` plays from code,
    `board.select(square)` opens a title deed, `board.show_heat(values)` colours the squares.
    """

    def _start(self) -> None:
        self._selected: int | None = None
        self._heat: Sequence[Any] | Mapping[int, Any] | None = None
        self._heat_label: str | None = None
        self._rule = ""  # the rule ids of the last refused click, for its «¿por qué?» detail
        self._publish("")

    # -- the Python API ----------------------------------------------------------------------

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
        return waiting_line(self.state, self.bots)

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

    # -- the widget's own parts ---------------------------------------------------------------

    def _told(self, action: Any, start: int) -> None:
        """The moves since the click, one line each; or one sentence on the click itself."""
        self._rule = ""
        told = told_since(self.state, self.session.log, start)
        self._publish(told or self._narrate(self.session.log[start]["player"], action))

    def _narrate(self, player: int | None, action: Any) -> str:
        """One sentence on what just happened, for the message line."""
        game = self.state.game
        seated = isinstance(player, int) and 0 <= player < game.n
        name = game.names[player] if seated else ""
        if seated and isinstance(action, RollDice) and self.state.last_roll:
            a, b = self.state.last_roll
            square = game.rules.squares[self.state.pos[player]].name
            return t("board.rolled", name=name, a=a, b=b, total=a + b, square=square)
        return t("board.done", name=name, action=action_label(self.state, action))

    def _publish(self, message: str) -> None:
        """Compute the view and its drawing; send both in one message."""
        view = board_view(
            self.state,
            heat=self._heat,
            heat_label=self._heat_label,
            selected=self._selected,
            message=message,
            bots=self.bots,
            warning=self._warning(),
            rule=self._rule,
        )
        self._show(view, render.board_svg(view), message)

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
        self._play(data, content, action_from_dict)

    def _refusal(self, action: Any) -> tuple[str, str] | None:
        problem = self.why_not(action)  # read-only: the rules, or a bot is to act
        return None if problem is None else (problem["text"], problem["rule"])

    def _refuse(self, text: str, rule: str = "") -> None:
        """Nothing changes; the view says why (the rule ids apart, as a detail)."""
        self._rule = rule
        self._publish(text)
