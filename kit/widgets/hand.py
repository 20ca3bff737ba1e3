"""Palabra at the table: click your cards in order, watch the score build up, play it.

    >>> table = PalabraTable(kit.load("palabra", players=["Ana", "Luis", "Bot"]), seed=7,
    ...                      bots={2: "greedy"})
    >>> table                      # the hand of the player to act, the table, the buttons

One-way flow: the engine state → `hand_view` (plain JSON, kit/widgets/hand_view.py) → the `view`
and `svg` traits → the drawing (static/hand.js only inserts `kit.render.hand.hand_svg` and sends
clicks). A click comes back as a message: {"type": "pick", "card": 12}, {"type": "clear"},
{"type": "letters", "text": "A"}, {"type": "best"} or {"type": "act", "action": {...}} (the
button's `action_to_dict` data). Python tries the action on a copy of the state; the engine
either takes it, or its IllegalAction message is shown and nothing changes. Then the bot seats
play (seeded), and the cut and the shuffle are drawn with the table's own `random.Random(seed)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

import anywidget
import traitlets

from kit.games.palabra import action_from_dict
from kit.games.palabra.bots import BOTS
from kit.messages import t
from kit.render.hand import hand_svg
from kit.widgets.hand_view import hand_view, try_action

STATIC = Path(__file__).parent / "static"
MAX_STEPS = 100_000  # chance nodes and bot moves in a row: far more than any game has
LOG_KEPT = 50


class PalabraTable(anywidget.AnyWidget):
    """A Palabra game you play by clicking cards: hot seat for the humans, bots for the rest.

    `PalabraTable(game)` deals a new game (the cut and the shuffle drawn with `seed`);
    `PalabraTable(state)` plays that very state. `bots={seat: "greedy" | "beginner" |
    "random"}` fills seats with bots. From code: `pick(card)`, `clear()`, `set_letters(text)`,
    `show_best()`, `act(action)`.
    """

    _esm = STATIC / "hand.js"
    _css = STATIC / "hand.css"

    view = traitlets.Dict(default_value={}).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self, state_or_game: Any, seed: int = 2026, bots: Mapping[int, str] | None = None
    ) -> None:
        super().__init__()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(t("hand.bad_seed", value=seed))
        if hasattr(state_or_game, "new_state"):
            state = state_or_game.new_state()
        elif hasattr(state_or_game, "hands") and hasattr(state_or_game, "game"):
            state = state_or_game
        else:
            raise TypeError(
                "PalabraTable shows a Palabra game or one of its states, for example "
                f'PalabraTable(kit.load("palabra", players=3)), not {state_or_game!r}'
            )
        self.seed = seed
        self._rng = Random(seed)
        self.state = state
        self.bots = _check_bots(bots, state.game.n)
        self._selected: list[int] = []
        self._letters = ""
        self._show_best = False
        self._log: list[str] = []
        self._advance()
        self._publish("\n".join(self._log))
        self.on_msg(self._on_click)

    # -- the Python API ----------------------------------------------------------------------

    def pick(self, card: int) -> None:
        """Select `card` of the hand to act next in the play (or unselect it if selected)."""
        self._need_turn()
        hand = self.state.hands[self.state.cur]
        if isinstance(card, bool) or not isinstance(card, int) or card not in hand:
            raise ValueError(
                t("hand.not_in_hand", card=card, name=self.state.game.names[self.state.cur])
            )
        if card in self._selected:
            self._selected.remove(card)
        else:
            self._selected.append(card)
        self._publish("")

    def clear(self) -> None:
        """Unselect every card."""
        self._selected = []
        self._letters = ""
        self._publish("")

    def set_letters(self, text: str) -> None:
        """What the selected wild and vowel cards stand for, in order (e.g. "AE")."""
        clean = text.strip().upper() if isinstance(text, str) else None
        if clean is None or not all("A" <= ch <= "Z" for ch in clean):
            raise ValueError(t("hand.bad_letters", text=repr(text)))
        self._letters = clean
        self._publish("")

    def show_best(self) -> None:
        """Show the best play of the hand (the exact finder) with its score, factor by factor."""
        self._need_turn()
        self._show_best = True
        self._publish("")

    def act(self, action: Any) -> None:
        """Play `action` for the player to act; IllegalAction (a ValueError) if the rules say no.
        Then the bot seats play, until a human is to act or the game is over."""
        self._need_turn()
        start = len(self._log)
        self._apply(action)
        self._selected, self._letters, self._show_best = [], "", False
        self._advance()
        self._publish("\n".join(self._log[start:]))

    def refresh(self) -> None:
        """Draw again, e.g. after `kit.set_language`."""
        self._publish(self.message)

    # -- display -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"PalabraTable({self.state!r}, seed={self.seed}, bots={self.bots})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live table plus the static SVG, for GitHub, nbviewer and nbval."""
        self.refresh()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self.svg}, metadata

    # -- the game ------------------------------------------------------------------------------

    def _need_turn(self) -> None:
        if self.state.phase not in ("turn", "play"):
            raise ValueError(t("hand.no_turn", status=self.view.get("status", self.state.phase)))

    def _apply(self, action: Any) -> None:
        """Apply `action` to the state and write what happened in the log."""
        state = self.state
        earlier = len(state.last) if state.phase == "play" else 0
        state.apply(action)
        for event in state.last[earlier:]:
            self._log.append(self._narrate(event))
        del self._log[:-LOG_KEPT]

    def _advance(self) -> None:
        """Deal (the cut and the shuffle) and let the bot seats play, all with the seeded rng."""
        state = self.state
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                return
            if state.is_chance():
                state.apply_chance(state.sample_chance(self._rng))
                continue
            bot = self.bots.get(state.cur)
            if bot is None:
                return
            self._apply(BOTS[bot](state, self._rng))

    def _narrate(self, event: Mapping[str, Any]) -> str:
        names = self.state.game.names
        name = names[event["player"]]
        kind = event["kind"]
        points = event.get("points", 0)
        target = names[event["target"]] if "target" in event else ""
        if kind == "pass":
            return t("hand.log_pass", name=name)
        if kind == "exchange":
            return t("hand.log_exchange", name=name, n=event.get("cards", 0))
        if kind == "joker":
            return t("hand.log_joker", name=name, target=target, points=-points)
        if kind == "shave":
            return t("hand.log_shave", name=name, target=target, points=points)
        if kind == "penalty":
            return t("hand.log_penalty", name=name, points=-points)
        letters = event.get("letters", "")
        if kind == "build":
            return t("hand.log_build", name=name, target=target, letters=letters, points=points)
        return t(
            "hand.log_play", name=name, kind=t(f"hand.kind_{kind}"), letters=letters, points=points
        )

    def _publish(self, message: str) -> None:
        """Compute the view and its drawing; send both in one message."""
        view = hand_view(
            self.state,
            selected=self._selected,
            letters=self._letters,
            show_best=self._show_best,
            message=message,
            log=self._log,
            bots=sorted(self.bots),
        )
        with self.hold_sync():
            self.view = view
            self.svg = hand_svg(view)
            self.message = message

    # -- clicks ----------------------------------------------------------------------------------

    def _on_click(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click in the view: do it, or say why not in `message`; never raise into the comm."""
        try:
            self._click(content)
        except Exception as error:  # a click must never break the kernel's comm
            self._publish(t("hand.not_allowed", reason=error))

    def _click(self, content: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        simple = {"pick": ("card", self.pick), "letters": ("text", self.set_letters)}
        if kind in simple:
            key, method = simple[kind]
            try:
                method(content.get(key))
            except ValueError as error:
                self._publish(str(error))
            return
        if kind in ("clear", "best"):
            try:
                self.clear() if kind == "clear" else self.show_best()
            except ValueError as error:
                self._publish(str(error))
            return
        data = content.get("action") if kind == "act" else None
        if not isinstance(data, dict):
            self._publish(t("hand.bad_click", content=content))
            return
        try:
            action = action_from_dict(data)
        except (TypeError, ValueError) as error:
            self._publish(t("hand.not_allowed", reason=error))
            return
        allowed, reason, _ = try_action(self.state, action)  # on a copy: the state stays as it was
        if not allowed:
            self._publish(t("hand.not_allowed", reason=reason))
            return
        self.act(action)


def _check_bots(bots: Mapping[int, str] | None, n: int) -> dict[int, str]:
    """{seat: bot name}, checked: seats 0..n-1, names from kit.games.palabra.bots.BOTS."""
    if bots is None:
        return {}
    ok = isinstance(bots, Mapping) and all(
        isinstance(s, int)
        and not isinstance(s, bool)
        and 0 <= s < n
        and isinstance(b, str)
        and b in BOTS
        for s, b in bots.items()
    )
    if not ok:
        raise ValueError(t("hand.bad_bots", last=n - 1, value=repr(bots)))
    return dict(sorted(bots.items()))
