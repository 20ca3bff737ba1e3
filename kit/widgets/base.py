"""What every live game widget shares: the session, the traits, the click, the saved picture.

    class PaydayBoard(GameWidget, family="dia_de_paga", catalogue="calendar", style="calendar"):
        ...

A game widget (the property board, Día de Paga's calendar, Palabra's table) is one anywidget
over one `kit.session.Session`, with one-way flow: the session's state → the subclass's view
model (plain JSON) → `_show` → the `view`, `svg`, `message` and `warning` traits → the page
(static/<style>.js draws what Python listed; static/<style>.css after the kit's look). A click
comes back as a message; `_on_click` never lets an error reach the kernel's comm, and `_play`
is the one path from a clicked action to a move: a late click (its `move` stamp is from an
older view) is refused, the action is read from its JSON, the subclass says why not
(`_refusal`), or the session plays it (`act`: the rules, chance, the bots, the save) and the
subclass tells what happened (`_told`). Saved notebooks, GitHub and nbval see `svg`.

The subclass writes only what its game needs: `_publish` (its view, its drawing), `_click`
(its kinds of message), `_refusal`, `_told` and `_refuse`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from kit import theme
from kit.games.registry import game_type
from kit.messages import t
from kit.save_file import SaveConflict
from kit.session import Session
from kit.widgets.waiting import late, moves, seat_bots, waiting, warning_text

STATIC = Path(__file__).parent / "static"


def stylesheet(name: str) -> str:
    """The style sheet `static/<name>` after the kit's look (kit.theme's CSS variables) and
    what every widget's page shares (static/widget.css), so a widget's CSS says
    `var(--kit-accent)` and never a colour of its own."""
    shared = (STATIC / "widget.css").read_text(encoding="utf-8")
    return theme.css() + shared + (STATIC / name).read_text(encoding="utf-8")


def script(name: str) -> str:
    """The module `static/<name>` after what every game widget's page shares (static/widget.js:
    `html`, `fillWarning`, `mount`), as one ES module's text."""
    shared = (STATIC / "widget.js").read_text(encoding="utf-8")
    return shared + "\n" + (STATIC / name).read_text(encoding="utf-8")


class GameWidget(anywidget.AnyWidget):
    """A game the class plays by clicking: one session, its view, its drawing, its clicks.

    `Widget(game)` starts a new game (its shuffles drawn with `seed`), `Widget(state)` plays
    that very state, `Widget(session)` plays a session (a class game with its file). `bots`
    names the seats the computer plays: {seat: bot name} or a list with one name per seat.
    `widget.act(action)` plays from code; `widget.refresh()` draws again (after set_language).
    """

    family: ClassVar[str]  # the session's game family: "property", "dia_de_paga", "palabra"
    catalogue: ClassVar[str]  # the widget's words in kit/data/messages: "board", "calendar", …
    style: ClassVar[str]  # its page: static/<style>.js and static/<style>.css
    plays_out: ClassVar[int] = 0  # with no person at the table, the bots play this many moves

    view = traitlets.Dict(default_value={}).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    warning = traitlets.Unicode("").tag(sync=True)

    def __init_subclass__(
        cls, family: str = "", catalogue: str = "", style: str = "", **kwargs: Any
    ) -> None:
        if style:  # the page: static/<style>.js draws, static/<style>.css after the kit's look
            cls.style = style
            cls._esm = script(f"{style}.js")  # text, set before anywidget reads the class
            cls._css = stylesheet(f"{style}.css")
        super().__init_subclass__(**kwargs)
        cls.family = family or cls.family
        cls.catalogue = catalogue or cls.catalogue

    def __init__(self, state_or_game: Any, seed: int = 2026, bots: Any = None) -> None:
        super().__init__()
        session = Session.of(state_or_game, self.family, seed=seed, bots=bots)
        refused = self._play_out(session)
        self.session = session
        self.seed = session.seed
        self._notices = [str(notice) for notice in [*session.notices, *refused]]  # until a click
        self._start()
        self.on_msg(self._on_click)

    def _play_out(self, session: Session) -> list[str]:
        """With nobody to click, play the game out (`plays_out` moves); [] or, when the table
        is no longer the game's (opened again elsewhere), the refusal to show instead."""
        if not (self.plays_out and all(session.seat_bots)):
            return []
        try:
            session.play_bots(self.plays_out)
        except SaveConflict as error:  # nothing was played: the warning line says why
            return [str(error)]
        return []

    @property
    def state(self) -> Any:
        """The position shown: the session's (which rolls, plays the bots and may save)."""
        return self.session.state

    @property
    def bots(self) -> dict[int, str]:
        """{seat: bot name} of the seats the computer plays."""
        return seat_bots(self.session)

    # -- the Python API ----------------------------------------------------------------------

    def act(self, action: Any) -> None:
        """Play `action` for whoever is to act; IllegalAction (a ValueError) if the rules say no.
        Then chance and the bots play until a person must decide (the session does it), and
        the widget tells what every move since did."""
        start = len(self.session.log)
        self.session.act(action)  # checked by the engine; then chance, the bots, the save
        self._notices = []
        self._told(action, start)

    def waiting(self) -> str:
        """Why no one may click a move now ("" while a person is to act): a bot's turn, chance,
        the end of the game. The line next to the greyed-out buttons."""
        return waiting(self.state, self.bots, self.catalogue)

    def refresh(self) -> None:
        """Draw again, e.g. after `kit.set_language` or after changing the state from code."""
        self._publish(self.message)

    # -- display -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.state!r}, seed={self.seed}, bots={self.bots!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live widget plus its static SVG, for GitHub, nbviewer and nbval."""
        self.refresh()  # shown again after kit.set_language: speak the new language
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "image/svg+xml": self._picture(), "text/plain": self._fallback()}, metadata

    def _fallback(self) -> str:
        """What a page that cannot draw the widget shows (JupyterLab shows an untrusted
        notebook's widgets as their text until the cells run; JupyterLite always does): what
        it is and what to do, in the class language, not the code's repr."""
        kind = game_type(self.state.game)
        title = kind.titles.get(self.session.ruleset) or kind.titles[kind.names[0]]
        return t("widget.run_to_play", game=title)

    def _picture(self) -> str:
        """The whole widget as one SVG: what a saved notebook shows without a kernel."""
        return self.svg

    # -- what a subclass writes ------------------------------------------------------------

    def _start(self) -> None:
        """The first view, once the session is set."""
        self._publish("")

    def _publish(self, message: str) -> None:
        """Compute the view and its drawing from the state and `_show` them."""
        raise NotImplementedError

    def _click(self, content: Any) -> None:
        """Do what a click's message asks, through `_play` for a move; refuse the rest."""
        raise NotImplementedError

    def _refusal(self, action: Any) -> tuple[str, str] | None:
        """Why `action` may not be played now, as (the plain sentence, the «¿por qué?» rule
        line); None if a person may play it. Read-only."""
        raise NotImplementedError

    def _told(self, action: Any, start: int) -> None:
        """Publish what the moves from log entry `start` on did (`action` was the first)."""
        raise NotImplementedError

    def _refuse(self, text: str, rule: str = "") -> None:
        """Nothing changes; the view says why (the rule line apart, as a detail)."""
        raise NotImplementedError

    # -- shared plumbing -------------------------------------------------------------------

    def _show(self, view: dict[str, Any], svg: str, message: str, **traits: Any) -> None:
        """Stamp the view with its position (a click on an older one is refused as late) and
        send it, its drawing, the message, the warning and any other `traits` at once."""
        view["move"] = moves(self.session)
        view["widget"] = self.model_id  # the page asks its manager whether Python is there
        view["labels"] = {**view.get("labels", {}), "no_answer": t("widget.no_answer")}
        with self.hold_sync():
            self.view = view
            self.svg = svg
            self.message = message
            self.warning = view.get("warning", "")
            for name, value in traits.items():
                setattr(self, name, value)

    def _warning(self) -> str:
        """What resuming had to say (until the first click), then why the last save failed."""
        return warning_text(self.session, self._notices)

    def _on_click(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click in the view: do it, or say why not in `message`; never raise into the comm."""
        self._notices = []  # said once: the class has seen them by the time it clicks
        try:
            self._click(content)
        except Exception as error:  # a click must never break the kernel's comm
            self._refuse(t(f"{self.catalogue}.not_allowed", reason=error))

    def _play(self, data: Any, content: dict[str, Any], read: Any) -> None:
        """The one path from a clicked action to a move: `data` is the action's JSON, `read`
        the game's `action_from_dict`. Late, unreadable or refused clicks change nothing."""
        if late(self.session, content):  # drawn before the last move: not meant for this one
            self._refuse(t(f"{self.catalogue}.late"))
            return
        try:
            action = read(data)
        except (TypeError, ValueError) as error:
            self._refuse(t(f"{self.catalogue}.not_allowed", reason=error))
            return
        problem = self._refusal(action)
        if problem is not None:
            self._refuse(*problem)
            return
        self.act(action)
