"""The game log of a class game in plain words: one line per move, told from the saved events.

A `kit.Session` records each move as data (who, which action, and the events
`kit.games.property.events` found); this module chooses the words when the log is shown, so a
saved game reads in whatever language the class uses today.
"""

from __future__ import annotations

from typing import Any

from kit.games.property.actions import action_from_dict
from kit.messages import catalogue, language, t
from kit.widgets.board_view import action_label, money

SKIPPED = {"cash"}  # shown once per line, after the rest, so the money reads as a summary
TOLD_BY_EVENTS = {  # actions whose events say it all ("Calle Mayor pasa a Ana")
    "RollDice",
    "Buy",
    "Build",
    "SellBuilding",
    "Mortgage",
    "Redeem",
    "PayJailFine",
    "UseJailCard",
    "PayWithTitles",
}


def _name(game: Any, player: int | None) -> str:
    return game.names[player] if isinstance(player, int) and 0 <= player < game.n else "?"


def _square(game: Any, square: int) -> str:
    return game.rules.squares[square].name


def _buildings(state: Any, event: dict[str, Any]) -> str:
    square = _square(state.game, event["square"])
    level = event["level"]
    if level == 5:
        word = t("board.castle") if state.game.rules.hotel_name == "castle" else t("board.hotel")
        return t("log.buildings_hotel", square=square, hotel_word=word)
    if level == 0:
        return t("log.buildings_none", square=square)
    return t("log.buildings_houses", square=square, n=level)


def event_text(state: Any, event: dict[str, Any]) -> str:
    """One event as a phrase ("saca 3 y 4 (7)", "Calle Mayor pasa a Ana")."""
    g = state.game
    kind = event["kind"]
    jail = _square(g, g.rules.jail.square)
    if kind == "rolled":
        a, b = event["dice"]
        return t("log.rolled", a=a, b=b, total=a + b)
    if kind == "moved":
        return t("log.moved", square=_square(g, event["square"]))
    if kind == "jailed":
        return t("log.jailed", jail=jail)
    if kind == "freed":
        return t("log.freed", jail=jail)
    if kind == "owner":
        square = _square(g, event["square"])
        if event["player"] is None:
            return t("log.back_to_bank", square=square)
        return t("log.bought_by", square=square, name=_name(g, event["player"]))
    if kind == "buildings":
        return _buildings(state, event)
    if kind in ("mortgaged", "redeemed"):
        return t(f"log.{kind}", square=_square(g, event["square"]))
    if kind == "cash":
        sign = "+" if event["amount"] > 0 else "−"
        delta = f"{sign}{money(abs(event['amount']))}"
        return t("log.cash", name=_name(g, event["player"]), delta=delta, cash=money(event["cash"]))
    if kind == "bankrupt":
        return t("log.bankrupt", name=_name(g, event["player"]))
    if kind == "game_over":
        winner = event["player"]
        return t("log.winner", name=_name(g, winner)) if winner is not None else t("log.game_over")
    return kind  # an event a newer kit wrote: its name rather than nothing


def action_text(state: Any, data: dict[str, Any]) -> str:
    """What a player did, told in the third person ("puja 400", "termina el turno"); the
    button's own label for actions whose events tell the rest."""
    g = state.game
    try:
        action = action_from_dict(data)
    except (TypeError, ValueError, KeyError):
        return str(data)
    kind = type(action).__name__
    values: dict[str, Any] = {}
    if kind == "Bid":
        values["amount"] = money(action.amount)
    if kind == "ProposeTrade":
        values["name"] = _name(g, action.to_player)
    if kind == "KeepMortgaged":
        values["square"] = _square(g, action.square)
    key = f"log.act_{kind}"
    return t(key, **values) if key in catalogue()[language()] else action_label(state, action)


def entry_text(state: Any, entry: dict[str, Any]) -> str:
    """One move: who did what, then what followed, money last."""
    g = state.game
    events = entry.get("events", [])
    parts = [event_text(state, e) for e in events if e["kind"] not in SKIPPED]
    action = entry.get("action", {})
    if not parts or action.get("type") not in TOLD_BY_EVENTS:
        parts.insert(0, action_text(state, action))
    parts += [event_text(state, e) for e in events if e["kind"] in SKIPPED]
    return t("log.line", name=_name(g, entry.get("player")), what="; ".join(parts))


def log_lines(state: Any, log: list[dict[str, Any]], last: int = 12) -> list[str]:
    """The `last` moves of a session's log, oldest first, in the current language."""
    if not log:
        return [t("log.empty")]
    return [entry_text(state, entry) for entry in log[-last:]]
