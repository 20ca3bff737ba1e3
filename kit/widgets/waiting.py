"""What the game widgets share about clicks: who may click now, and clicks that came too late.

    >>> waiting(state, {1: "build_asap"}, "board")   # seat 1, a bot, to act ("" for a person)
    'Le toca a Bot 1 (Constructora), un bot: juega solo; los botones esperan a una persona.'

A move button is live only while a person is to act. On a bot's turn, when chance decides, or
once the game is over, every widget greys its move buttons out and shows this line next to them;
the words are the widget's own catalogue (`<catalogue>.wait_bot`, `wait_chance`, `wait_over`).

Every view a widget publishes carries `move`, the number of entries of the session's log, and
its front end sends it back with each click: a click drawn on an older view (a double click, a
second view of the same widget, a move made from code meanwhile) is refused as late instead of
playing for whoever is to act now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.games.registry import game_type
from kit.messages import t


def bot_title(state: Any, name: str) -> str:
    """What the class calls the bot `name` (its title in the class language)."""
    return game_type(state.game).bot_title(name)


def waiting(
    state: Any, bots: Mapping[int, str], catalogue: str, actor: int | None = None, **chance: Any
) -> str:
    """Why no one may click a move now, in the words of `catalogue` ("board", "calendar",
    "hand"); "" while a person is to act. `bots`: {seat: bot name}. `actor`: the seat to act
    when the game names it otherwise than `current_player()`. `chance`: the values the
    catalogue's `wait_chance` line fills in."""
    if state.is_terminal():
        return t(f"{catalogue}.wait_over")
    if state.is_chance():
        return t(f"{catalogue}.wait_chance", **chance)
    seat = state.current_player() if actor is None else actor
    name = bots.get(seat)
    if not name:
        return ""
    return t(f"{catalogue}.wait_bot", name=state.game.names[seat], bot=bot_title(state, str(name)))


def seat_bots(session: Any) -> dict[int, str]:
    """{seat: bot name} of a session's bot seats."""
    return {seat: name for seat, name in enumerate(session.seat_bots) if name}


def moves(session: Any) -> int:
    """The stamp of the position a view shows: how many entries the session's log holds."""
    return len(session.log)


def late(session: Any, content: Mapping[str, Any]) -> bool:
    """Whether a click was made on a view of an older position (its `move` stamp is not the
    session's now). A click without a stamp (sent from code) is not late."""
    if "move" not in content:
        return False
    stamp = content["move"]
    return isinstance(stamp, bool) or stamp != moves(session)


def warning_text(session: Any, notices: list[str]) -> str:
    """The warning line: what resuming had to say (until the first click), then why the last
    save failed (`session.save_error`, while it holds: the move was played all the same)."""
    lines = [*notices, *([session.save_error] if session.save_error else [])]
    return "\n".join(str(line) for line in lines)
