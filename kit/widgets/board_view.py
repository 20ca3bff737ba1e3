"""The view model of a property-game board: one pure function from an engine state to plain JSON.

    >>> import kit
    >>> from kit.widgets.board_view import board_view
    >>> state = kit.load("superpoly", players=3).start_state()
    >>> view = board_view(state)            # dicts, lists, str, int, float, bool, None only
    >>> view["buttons"][0]["action"]
    {'type': 'RollDice'}

Everything the live board (kit/widgets/board.py) and the static SVG (`kit.render.board_svg`)
show comes from here, so both always agree and the browser holds no game rule: the buttons are
exactly the engine's `legal_actions()`, each with its label (from `kit.messages`, in the current
language) and the action as `action_to_dict` data to send back.

Colours are kit.theme's, colour-blind safe (Okabe-Ito, plus a brown), and never the only cue:
every group band carries its letter, every owner marker and token its player number and shape;
a text on a colour is in the ink `theme.ink_on` gives for it.
Standard library only; the same state (and arguments) always gives the same view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from kit.games.core import action_to_dict
from kit.games.property.state import FREE, HOTEL
from kit.messages import language, t
from kit.table import format_count
from kit.theme import GROUP_COLOURS, HEAT_STOPS, PLAYER_COLOURS, STATION, UTILITY, ink_on
from kit.widgets.waiting import waiting

# The lot groups get theme.GROUP_COLOURS in board order; the players theme.PLAYER_COLOURS with
# these shapes, and a number: no one needs to tell colours apart.
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
SIDES = ("bottom", "left", "top", "right")
# A rule's id in a refusal's reason, «(PROP-12)» or «(PROP-12, La Ruta)»: told apart, not inline.
RULE_ID = re.compile(r"\s*\(((?:PROP|RUT|SUP|PAL|DIA)-\d+[^)]*)\)")
# The values of the rules' reasons that are amounts of money (written as money, not 300000).
MONEY_VALUES = frozenset(
    {"amount", "cash", "cost", "fine", "left", "money", "need", "price", "worth"}
)
# Where the engine's refusal wraps the reason in a sentence of its own: the board says it.
_PLAIN = frozenset({"rules_property.refused_phase"})


def _mix(a: str, b: str, share: float) -> str:
    pa = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02X}" for x, y in zip(pa, pb, strict=True))


def heat_colour(share: float) -> str:
    """The colour of a share 0..1 on the heat scale (theme.HEAT_STOPS: 0 light yellow, 1 dark
    purple)."""
    share = min(1.0, max(0.0, share))
    pos = share * (len(HEAT_STOPS) - 1)
    i = min(int(pos), len(HEAT_STOPS) - 2)
    return _mix(HEAT_STOPS[i], HEAT_STOPS[i + 1], pos - i)


def money(amount: int) -> str:
    """An amount with the language's thousands separator: 12 000 / 12,000."""
    return format_count(amount)


def money_text(state: Any, amount: int) -> str:
    """An amount with the game's currency, as the class reads it: «300 000 pesetas»."""
    return t("board.money", amount=money(amount), currency=state.game.rules.currency)


def told_refusal(state: Any, action: Any, problem: Any) -> dict[str, str]:
    """A refusal for the buttons' side: plain words, money formatted, the rule ids apart.

    `problem` is the engine's `refusal(action)` (an IllegalAction with its key and values) or
    a sentence; the text drops «(PROP-12)» and lists it in `rule`, for a «¿por qué?» detail."""
    key = getattr(problem, "key", None)
    values = getattr(problem, "values", None)
    text = t("board.not_allowed", reason=problem)  # a sentence of its own (a bot's turn, the end)
    if isinstance(key, str) and isinstance(values, dict):
        try:
            label = action_label(state, action)
        except (KeyError, AttributeError, TypeError, ValueError):
            label = str(values.get("label", action))
        if key in _PLAIN:
            text = t("board.refused_phase", label=label, phase=values.get("phase", state.phase))
        elif key.startswith("rules_property.") and "label" not in values:
            shown = {
                k: money_text(state, v)
                if k in MONEY_VALUES and isinstance(v, int) and not isinstance(v, bool)
                else v
                for k, v in values.items()
            }
            text = t("board.refused", label=label, reason=t(key, **shown))
    rules = RULE_ID.findall(text)
    return {"text": RULE_ID.sub("", text), "rule": ", ".join(rules)}


def number_text(x: float) -> str:
    """A heat value, short: whole numbers grouped, others with the language's decimal mark."""
    if float(x).is_integer():
        return money(int(x))
    digits = 1 if abs(x) >= 100 else 2 if abs(x) >= 1 else 4
    return f"{float(x):.{digits}f}".replace(".", t("number.decimal"))


def _hotel_words(state: Any) -> tuple[str, str]:
    """'hotel'/'hoteles', or 'castillo'/'castillos' where the rule set builds castles (La Ruta)."""
    if state.game.rules.hotel_name == "castle":
        return t("board.castle"), t("board.castles")
    return t("board.hotel"), t("board.hotels")


def group_styles(game: Any) -> dict[str, dict[str, str]]:
    """Colour, ink and short label of every group: lots A, B, C ... in board order; stations
    and utilities grey with a symbol."""
    styles: dict[str, dict[str, str]] = {}
    lots = 0
    for title in sorted(game.titles, key=lambda x: x.square):
        if title.group in styles:
            continue
        if title.kind == "lot":
            colour = GROUP_COLOURS[lots % len(GROUP_COLOURS)]
            letter = chr(ord("A") + lots)
            lots += 1
        elif title.kind == "station":
            colour, letter = STATION, "≡"  # rails: not a lot group's letter
        else:
            colour, letter = UTILITY, "ϟ"  # a spark
        styles[title.group] = {"colour": colour, "ink": ink_on(colour), "letter": letter}
    return styles


def _player_name(state: Any, p: int) -> str:
    return state.game.names[p] if isinstance(p, int) and 0 <= p < state.game.n else str(p)


def action_label(state: Any, action: Any) -> str:
    """What a button for `action` says, in the current language."""
    g = state.game
    kind = type(action).__name__
    values: dict[str, object] = {}
    square = getattr(action, "square", None)
    if isinstance(square, int) and 0 <= square < len(g.rules.squares):
        values["square"] = g.rules.squares[square].name
    if kind == "Buy" and isinstance(square, int):
        title = g.rules.title_at(square)
        values["amount"] = money(title.price) if title else "?"
    if kind in ("Bid", "PassBid"):
        values["player"] = _player_name(state, action.player)
        values["amount"] = money(action.amount) if kind == "Bid" else ""
    if kind == "PayJailFine":
        values["amount"] = money(g.rules.jail.fine)
    if kind == "PayWithTitles":
        values["squares"] = ", ".join(g.rules.squares[q].name for q in action.squares)
    return t(f"action.{kind}", **values)


def _deed(state: Any, square: int, styles: Mapping[str, Mapping[str, str]]) -> dict[str, Any]:
    """The title deed (or the description) of one square, for the side panel."""
    g = state.game
    sq = g.rules.squares[square]
    deed: dict[str, Any] = {"square": square, "name": sq.name, "kind": sq.kind, "lines": []}
    lines: list[list[str]] = deed["lines"]
    title = g.rules.title_at(square)
    if title is None:  # every square says what happens on it: a click never shows nothing
        jail = g.rules.squares[g.rules.jail.square].name
        if sq.kind == "tax":
            lines.append([t("board.tax", amount=money(sq.tax)), ""])
        elif sq.kind in ("chance", "chest"):
            deck = next((d.title for d in g.rules.decks if d.name == sq.deck), sq.deck)
            lines.append([t("board.draw", deck=deck), ""])
        elif sq.kind == "start":
            lines.append([t("board.square_start", salary=money(g.salary)), ""])
        elif sq.kind == "jail":
            lines.append([t("board.square_jail", fine=money(g.rules.jail.fine)), ""])
        elif sq.kind == "go_to_jail":
            lines.append([t("board.square_go_to_jail", jail=jail), ""])
        else:
            lines.append([t("board.square_free"), ""])
        return deed
    hotel, _ = _hotel_words(state)
    ti = g.sq_title[square]
    owner = state.owner[ti]
    style = styles[title.group]
    deed.update(
        group=title.group,
        letter=style["letter"],
        colour=style["colour"],
        ink=style["ink"],
        owner=owner if owner >= 0 else None,
        owner_name=_player_name(state, owner) if owner >= 0 else t("board.nobody"),
        mortgaged=bool(state.mortgaged[ti]),
    )
    lines.append([t("board.price"), money(title.price)])
    if title.kind == "lot":
        lines.append([t("board.rent_bare"), money(title.rents[0])])
        for n in range(1, 5):
            lines.append([t("board.rent_houses", n=n), money(title.rents[n])])
        lines.append([t("board.rent_hotel", hotel_word=hotel), money(title.rents[5])])
        lines.append([t("board.house_cost"), money(title.house_cost)])
        lines.append([t("board.hotel_cost", hotel_word=hotel.capitalize()), money(g.t_hotel[ti])])
    elif title.kind == "station":
        for n, rent in enumerate(title.rents, start=1):
            lines.append([t("board.rent_stations", n=n), money(rent)])
    else:
        for n, times in enumerate(title.rents, start=1):
            lines.append([t("board.rent_utility", n=n, times=times), ""])
    lines.append([t("board.mortgage_value"), money(title.mortgage)])
    lines.append([t("board.redeem_cost"), money(state.redeem_cost(ti))])
    if owner >= 0 and not state.mortgaged[ti] and title.kind != "utility":
        lines.append([t("board.rent_now"), money(state.rent(ti))])
    return deed


def _heat(
    values: Sequence[Any] | Mapping[int, Any], count: int, label: str | None
) -> tuple[list[float | None], dict[str, Any]]:
    """The heat value of each square (None where not given) and the legend."""
    if isinstance(values, Mapping):
        per = [values.get(i) for i in range(count)]
    else:
        per = list(values)
        if len(per) != count:
            raise ValueError(f"a heat map gives one number per square: {count}, not {len(per)}")
    numbers: list[float | None] = []
    for v in per:
        if v is None:
            numbers.append(None)
        elif isinstance(v, bool) or not isinstance(v, int | float | Fraction):
            raise ValueError(f"a heat value is a number, not {v!r}")
        else:
            numbers.append(float(v))
    low, high, over, under = heat_scale(numbers)
    steps = [heat_colour(k / 8) for k in range(9)]
    legend = {
        "label": label if label is not None else t("board.heat"),
        "min": low,
        "max": high,
        "min_text": number_text(low),
        "max_text": number_text(high),
        "colours": steps,
        "over": over,
        "under": under,
        "over_text": "",
    }
    return numbers, legend


def _count(n: int, one: str, many: str) -> str:
    """«1 casa», «2 casas», «0 casas»: the noun agrees with the number."""
    return f"{n} {one if n == 1 else many}"


def trade_offer(state: Any) -> str | None:
    """The terms of the trade waiting for its answer, told to the player who must answer
    (None when no trade waits): «Ana te propone, Luis: da …, pide …, y paga 100 pesetas»."""
    proposal = getattr(state, "trade", None)
    if state.phase != "trade" or proposal is None:
        return None
    from kit.widgets.game_log import trade_terms  # the log's words (it imports this module)

    terms = proposal.terms
    return t(
        "board.trade_offer",
        name=_player_name(state, proposal.proposer),
        to=_player_name(state, terms.to_player),
        terms=trade_terms(state, proposal.proposer, terms),
    )


def heat_scale(numbers: Sequence[float | None]) -> tuple[float, float, list[int], list[int]]:
    """The scale's low and high ends, the squares above it and the squares below it.

    One square far above all others (the Cárcel, where every jailed turn is counted) would set
    the top alone and paint the rest of the board one colour; so an end value further from its
    neighbour than the other squares' values spread (all but the two ends) is left off the
    scale, marked, and the legend says so: the Cárcel at the top. A lone 0 further below the
    others than half their spread (the square that sends you to the Cárcel: no turn ends on
    it) is left off too."""
    given = sorted(v for v in numbers if v is not None)
    if not given:
        return 0.0, 0.0, [], []
    low, high = given[0], given[-1]
    if len(given) >= 4:
        spread = given[-2] - given[1]
        if high - given[-2] > spread:
            high = given[-2]
        lone_zero = low == 0 < given[1] and given[1] > spread / 2  # no turn ends there
        if given[1] - low > spread or lone_zero:
            low = given[1]
    over = [i for i, v in enumerate(numbers) if v is not None and v > high]
    under = [i for i, v in enumerate(numbers) if v is not None and v < low]
    return low, high, over, under


def _off_scale_text(state: Any, numbers: Sequence[float | None], legend: dict[str, Any]) -> str:
    """The legend's lines for the squares off the scale: why, then «▲ por encima del máx.:
    Cárcel 6,25» and «▼ por debajo del mín.: De aquí a la Cárcel 0» ("" when none is)."""
    names = state.game.rules.squares

    def listed(squares: list[int]) -> str:
        return ", ".join(f"{names[i].name} {number_text(numbers[i] or 0.0)}" for i in squares)

    parts = [
        t(key, squares=listed(legend[side]))
        for side, key in (("over", "board.heat_over"), ("under", "board.heat_under"))
        if legend[side]
    ]
    return "\n".join([t("board.heat_off_scale"), *parts]) if parts else ""


def _players(state: Any) -> list[dict[str, Any]]:
    g = state.game
    jail_name = g.rules.squares[g.rules.jail.square].name
    out = []
    for p in range(g.n):
        titles = [g.t_square[ti] for ti, o in enumerate(state.owner) if o == p]
        in_jail = state.jail[p] != FREE
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        out.append(
            {
                "index": p,
                "name": g.names[p],
                "mark": str(p + 1),
                "colour": colour,
                "ink": ink_on(colour),  # the number on the token, the owner's tag
                "shape": PLAYER_SHAPES[p % len(PLAYER_SHAPES)],
                "cash": state.cash[p],
                "cash_text": money(state.cash[p]),
                "titles": sorted(titles),
                "cards": len(state.held[p]),
                "in_jail": in_jail,
                "jail_turns": state.jail[p] if in_jail else None,
                "jail_text": t("board.in_jail", jail=jail_name) if in_jail else "",
                "alive": bool(state.alive[p]),
                "position": state.pos[p],
            }
        )
    return out


def waiting_line(state: Any, bots: Mapping[int, str] | None = None) -> str:
    """Why no one may click a move now ("" while a person is to act): a bot's turn (`bots`:
    {seat: bot name}), chance deciding (the step named in words), or the end of the game."""
    phase = t(f"rules_property.phase_{state.phase}") if state.is_chance() else ""
    return waiting(state, dict(bots or {}), "board", phase=phase)


def board_view(
    state: Any,
    *,
    heat: Sequence[Any] | Mapping[int, Any] | None = None,
    selected: int | None = None,
    message: str = "",
    heat_label: str | None = None,
    bots: Mapping[int, str] | None = None,
    warning: str = "",
    rule: str = "",
) -> dict[str, Any]:
    """The whole board as plain JSON data: squares, tokens, dice, players, bank, buttons.

    `heat`: one number per square (a list of 40, or {square: number}; None for no value), drawn
    as colours with a legend from min to max. `selected`: the square whose title deed the side
    panel shows. `message`: the last thing that happened (or why a click was refused).
    `bots`: {seat: bot name} of the seats the computer plays: on a bot's turn its legal actions
    are shown greyed out (`enabled` false) and `waiting` says why, as at the end of the game or
    while chance decides. `warning`: a line to mark apart (a save that failed). `rule`: the
    rule ids of a refused click (told in a «¿por qué?» detail, not in the message).
    """
    g = state.game
    rules = g.rules
    styles = group_styles(g)
    count = len(rules.squares)
    hotel, hotels = _hotel_words(state)
    players = _players(state)
    heat_values: list[float | None] = [None] * count
    legend = None
    if heat is not None:
        heat_values, legend = _heat(heat, count, heat_label)
        legend["over_text"] = _off_scale_text(state, heat_values, legend)
    span = (legend["max"] - legend["min"]) if legend else 0.0

    valid = isinstance(selected, int) and not isinstance(selected, bool) and 0 <= selected < count
    selected = selected if valid else None
    squares = []
    side_length = count // 4
    for sq in rules.squares:
        i = sq.index
        title = rules.title_at(i)
        entry: dict[str, Any] = {
            "index": i,
            "name": sq.name,
            "kind": sq.kind,
            "side": SIDES[min(i // side_length, 3)],
            "corner": i % side_length == 0,
            "group": None,
            "letter": None,
            "colour": None,
            "ink": None,
            "price": None,
            "price_text": None,
            "owner": None,
            "houses": 0,
            "hotel": False,
            "mortgaged": False,
            "tokens": [p["index"] for p in players if p["alive"] and p["position"] == i],
            "heat": None,
            "heat_colour": None,
            "heat_ink": None,
            "heat_over": False,
            "heat_under": False,
            "note": money(sq.tax) if sq.kind == "tax" else None,
            "selected": i == selected,
        }
        if title is not None:
            ti = g.sq_title[i]
            style = styles[title.group]
            level = state.level[ti]
            owner = state.owner[ti]
            entry.update(
                group=title.group,
                letter=style["letter"],
                colour=style["colour"],
                ink=style["ink"],
                price=title.price,
                price_text=money(title.price),
                owner=owner if owner >= 0 else None,
                houses=level if level < HOTEL else 0,
                hotel=level == HOTEL,
                mortgaged=bool(state.mortgaged[ti]),
            )
        value = heat_values[i]
        if value is not None:
            colour = heat_colour((value - legend["min"]) / span if span else 0.5)
            entry.update(
                heat=value,
                heat_colour=colour,
                heat_ink=ink_on(colour),
                heat_over=i in legend["over"],
                heat_under=i in legend["under"],
            )
        squares.append(entry)

    terminal = state.is_terminal()
    chance = state.is_chance()
    to_act = None if terminal or chance else state.current_player()
    waiting_text = waiting_line(state, bots)
    buttons = []
    if to_act is not None:
        for action in state.legal_actions():
            if type(action).__name__ == "ProposeTrade":
                continue  # a trade needs a dialog, not a button
            buttons.append(
                {
                    "label": action_label(state, action),
                    "kind": type(action).__name__,
                    "action": action_to_dict(action),
                    "enabled": not waiting_text,
                }
            )
    if terminal:
        winner = state.winner()
        status = t("board.game_over") + (
            f" · {t('board.winner', name=g.names[winner])}" if winner is not None else ""
        )
    elif chance:
        status = t("board.chance", phase=t(f"rules_property.phase_{state.phase}"))
    else:
        status = t("board.to_act", name=g.names[to_act])
    deed = _deed(state, selected, styles) if selected is not None else None
    return {
        "game": {
            "name": rules.name,
            "title": rules.title,
            "edition": rules.edition,
            "currency": rules.currency,
        },
        "language": language(),
        "phase": state.phase,
        "turn": state.turns,
        "turn_text": t("board.turn", n=state.turns),
        "current": state.cur,
        "to_act": to_act,
        "to_act_is_bot": to_act is not None and to_act in (bots or {}),
        "waiting": waiting_text,
        "status": status,
        "dice": list(state.last_roll) if state.last_roll else None,
        "squares": squares,
        "players": players,
        "bank": {
            "houses": state.houses,
            "hotels": state.hotels,
            "text": t(
                "board.bank",
                houses=_count(state.houses, t("board.house"), t("board.houses")),
                hotels=_count(state.hotels, hotel, hotels),
                hotel_word=hotels,
            ),
        },
        "hotel_word": hotel,
        "buttons": buttons,
        "message": message,
        "rule": rule,
        "trade": trade_offer(state),
        "warning": warning,
        "selected": selected if deed is not None else None,
        "deed": deed,
        "heat": legend,
        "labels": {
            "actions": t("board.actions"),
            "pick_square": t("board.pick_square"),
            "owner": t("board.owner"),
            "group": t("board.group"),
            "mortgaged": t("board.mortgaged"),
            "dice": t("board.dice"),
            "no_dice": t("board.no_dice"),
            "cash": t("board.cash"),
            "titles": t("board.titles"),
            "cards": t("board.cards"),
            "bankrupt": t("board.bankrupt"),
            "min": t("board.min"),
            "max": t("board.max"),
            "warning": t("board.warning"),
            "why": t("board.why"),
            "rule": t("board.rule", rule=rule) if rule else "",
        },
    }
