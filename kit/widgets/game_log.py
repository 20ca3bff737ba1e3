"""The game log of a class game in plain words: one line per move, told from the saved events.

A `kit.Session` records each move as data: who, which action, and the structured events the
engine recorded (`state.events`: the dice, the card drawn and its text, the Cárcel and why, an
auction's result, a trade's terms, every payment and its reason). This module chooses the words
when the log is shown, so a saved game reads in whatever language the class uses today.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.games.property.actions import action_from_dict
from kit.games.property.state import HOTEL
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
    "ProposeTrade",
    "AcceptTrade",
    "RejectTrade",
    "DeclareBankruptcy",
}


def _name(game: Any, player: int | None) -> str:
    if player is None:
        return t("log.the_bank")
    return game.names[player] if isinstance(player, int) and 0 <= player < game.n else "?"


def _square(game: Any, square: int) -> str:
    return game.rules.squares[square].name


def _squares(game: Any, squares: list[int]) -> str:
    return ", ".join(_square(game, sq) for sq in squares)


def _hotel_word(game: Any) -> str:
    return t("board.castle") if game.rules.hotel_name == "castle" else t("board.hotel")


def _buildings(g: Any, e: dict[str, Any]) -> str:
    square = _square(g, e["square"])
    level = e["level"]
    if level == HOTEL:
        return t("log.buildings_hotel", square=square, hotel_word=_hotel_word(g))
    if level == 0:
        return t("log.buildings_none", square=square)
    return t("log.buildings_houses", square=square, n=level)


def _jail_named(g: Any) -> str:
    """The board's own jail with its article where the language needs one: «la Cárcel», «la
    Prisión», «las Galeras» (a name ending in -s is plural), in English just its name."""
    name = _square(g, g.rules.jail.square)
    return t("log.the_jails" if name.endswith("s") else "log.the_jail", jail=name)


def _jailed(g: Any, e: dict[str, Any]) -> str:
    """Sent to the jail, and why: three doubles, the square that sends you there, a card (an
    older log has no reason: the square's plain words)."""
    return t(f"log.jailed_{e.get('reason', 'square')}", jail=_jail_named(g))


def _card(g: Any, e: dict[str, Any]) -> str:
    text = e.get("text_en") if language() == "en" and e.get("text_en") else e["text"]
    return t("log.card", deck=e.get("title", e["deck"]), text=text)


def _cash(g: Any, e: dict[str, Any]) -> str:
    if "reason" not in e:  # a log saved before the engine recorded payments: a signed change
        sign = "+" if e["amount"] > 0 else "−"
        delta = f"{sign}{money(abs(e['amount']))}"
        return t("log.cash_change", name=_name(g, e["player"]), delta=delta, cash=money(e["cash"]))
    reason = (
        t(f"log.why_{e['reason']}")
        if f"log.why_{e['reason']}" in catalogue()[language()]
        else e["reason"]
    )
    amount = money(e["amount"])
    if e["player"] is None:
        return t("log.cash_in", name=_name(g, e["to"]), amount=amount, why=reason)
    return t(
        "log.cash_paid", name=_name(g, e["player"]), to=_name(g, e["to"]), amount=amount, why=reason
    )


def _terms(g: Any, give: list[str], take: list[str], amount: int) -> dict[str, str]:
    """A trade's three parts in words: what is given, what is asked for, the money."""
    money_part = ""
    if amount > 0:
        money_part = t("log.trade_pays", amount=money(amount))
    elif amount < 0:
        money_part = t("log.trade_asks", amount=money(-amount))
    return {"give": ", ".join(give) or "—", "take": ", ".join(take) or "—", "money": money_part}


def _trade(g: Any, e: dict[str, Any]) -> str:
    give = [_square(g, sq) for sq in e["give"]] + [f"«{c}»" for c in e["give_cards"]]
    take = [_square(g, sq) for sq in e["take"]] + [f"«{c}»" for c in e["take_cards"]]
    return t("log.trade_proposed", to=_name(g, e["to"]), **_terms(g, give, take, e["money"]))


def trade_terms(state: Any, proposer: int, terms: Any) -> str:
    """The terms of a proposed trade (a ProposeTrade), for the player who must answer."""
    g = state.game
    give = [_square(g, sq) for sq in terms.give] + [f"«{g.card(c).text}»" for c in terms.give_cards]
    take = [_square(g, sq) for sq in terms.take] + [f"«{g.card(c).text}»" for c in terms.take_cards]
    return t("log.trade_terms", **_terms(g, give, take, terms.money))


def _answer(g: Any, e: dict[str, Any], how: str, action: str) -> str:
    """A trade's answer, in the answerer's line: «acepta el trato de Luis» (an event saved
    without its proposer: «acepta el trato»)."""
    if "proposer" not in e:
        return t(f"log.act_{action}")
    return t(f"log.trade_{how}", name=_name(g, e["player"]), proposer=_name(g, e["proposer"]))


def _on_sale(g: Any, e: dict[str, Any]) -> str:
    """A title, or a scarce house or hotel for a lot (PROP-11)."""
    what = _square(g, e["square"])
    if e["building"]:
        if e["building"] == "hotel":
            word = t("log.a_castle" if g.rules.hotel_name == "castle" else "log.a_hotel")
        else:
            word = t("log.a_house")
        what = t("log.building_on", building=word, square=what)
    return what


def _auction(g: Any, e: dict[str, Any]) -> str:
    what = _on_sale(g, e)
    if e["player"] is None:
        return t("log.auction_nobody", what=what)
    return t("log.auction_won", what=what, name=_name(g, e["player"]), price=money(e["price"]))


def _game_over(g: Any, e: dict[str, Any]) -> str:
    winner = e["player"]
    return t("log.winner", name=_name(g, winner)) if winner is not None else t("log.game_over")


_TELLERS: dict[str, Callable[[Any, dict[str, Any]], str]] = {
    "rolled": lambda g, e: t("log.rolled", a=e["dice"][0], b=e["dice"][1], total=sum(e["dice"])),
    "start_roll": lambda g, e: t(
        "log.start_roll", name=_name(g, e["player"]), total=sum(e["dice"])
    ),
    "roll_off": lambda g, e: t("log.roll_off", names=_and([_name(g, p) for p in e["players"]])),
    "starts": lambda g, e: t("log.starts", name=_name(g, e["player"])),
    "moved": lambda g, e: t("log.moved", square=_square(g, e["square"])),
    "jailed": _jailed,
    "freed": lambda g, e: t("log.freed", jail=_square(g, g.rules.jail.square)),
    "lost_turn": lambda g, e: t("log.lost_turn", name=_name(g, e["player"])),
    "card": _card,
    "card_used": lambda g, e: t("log.card_used", text=e["text"]),
    "bought": lambda g, e: t(
        "log.bought_by", square=_square(g, e["square"]), name=_name(g, e["player"])
    ),
    "owner": lambda g, e: (
        t("log.back_to_bank", square=_square(g, e["square"]))
        if e["player"] is None
        else t("log.bought_by", square=_square(g, e["square"]), name=_name(g, e["player"]))
    ),
    "auction_opened": lambda g, e: t("log.auction_opened", what=_on_sale(g, e)),
    "auction": _auction,
    "buildings": _buildings,
    "mortgaged": lambda g, e: t("log.mortgaged", square=_square(g, e["square"])),
    "redeemed": lambda g, e: t("log.redeemed", square=_square(g, e["square"])),
    "cash": _cash,
    "owes": lambda g, e: t(
        "log.owes", name=_name(g, e["player"]), to=_name(g, e["to"]), amount=money(e["amount"])
    ),
    "claim": lambda g, e: t("log.claimed" if e["claimed"] else "log.not_claimed"),
    "trade_proposed": _trade,
    "trade_accepted": lambda g, e: _answer(g, e, "accepted", "AcceptTrade"),
    "trade_rejected": lambda g, e: _answer(g, e, "rejected", "RejectTrade"),
    "bankrupt": lambda g, e: t("log.bankrupt", name=_name(g, e["player"])),
    "game_over": _game_over,
}


def event_text(state: Any, event: dict[str, Any]) -> str:
    """One event as a phrase ("saca 3 y 4 (7)", "Calle Mayor pasa a Ana")."""
    teller = _TELLERS.get(event.get("kind", ""))
    if teller is None:
        return str(event.get("kind"))  # an event a newer kit wrote: its name rather than nothing
    try:
        return teller(state.game, event)
    except (KeyError, TypeError, IndexError):  # a log an older kit wrote
        return str(event.get("kind"))


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


def _and(names: list[str]) -> str:
    """«Ana, Luis y Marta»."""
    return names[0] if len(names) < 2 else f"{', '.join(names[:-1])} {t('log.and')} {names[-1]}"


def _start_rolls(g: Any, events: list[dict[str, Any]]) -> list[dict[str, Any] | str]:
    """The opening rolls in a row told as one phrase (PROP-01), the other events as they are."""
    out: list[dict[str, Any] | str] = []
    run: list[str] = []
    for event in [*events, {"kind": ""}]:
        if event.get("kind") == "start_roll" and "dice" in event:
            run.append(
                t("log.start_roll_one", name=_name(g, event["player"]), total=sum(event["dice"]))
            )
            continue
        if run:
            again = any(isinstance(e, dict) and e.get("kind") == "roll_off" for e in out)
            key = "log.start_rerolls" if again else "log.start_rolls"
            out.append(t(key, rolls=", ".join(run)))
            run = []
        if event.get("kind"):
            out.append(event)
    return out


def entry_text(state: Any, entry: dict[str, Any]) -> str:
    """One move: who did what, then what followed, money last."""
    g = state.game
    events = entry.get("events", [])
    parts = [event_text(state, e) for e in events if e.get("kind") not in SKIPPED]
    action = entry.get("action")
    if action is not None and (not parts or action.get("type") not in TOLD_BY_EVENTS):
        parts.insert(0, action_text(state, action))
    parts += [event_text(state, e) for e in events if e.get("kind") in SKIPPED]
    if action is None:  # chance alone (the opening roll): its events are the line
        told = [e if isinstance(e, str) else event_text(state, e) for e in _start_rolls(g, events)]
        line = "; ".join(told)
        return line[:1].upper() + line[1:]
    return t("log.line", name=_name(g, entry.get("player")), what="; ".join(parts))


def told_since(state: Any, log: list[dict[str, Any]], start: int, last: int = 5) -> str:
    """What the moves from `start` on did (a click, and the bots and chance after it), one
    line each, at most the `last` ones: the board's message line after a click."""
    return "\n".join(entry_text(state, entry) for entry in log[start:][-last:])


def log_lines(state: Any, log: list[dict[str, Any]], last: int = 12) -> list[str]:
    """The `last` moves of a session's log, oldest first, in the current language."""
    if not log:
        return [t("log.empty")]
    return [entry_text(state, entry) for entry in log[-last:]]
