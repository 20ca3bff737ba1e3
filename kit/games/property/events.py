"""What an action changed, as plain events a game log can tell in any language.

The engine keeps no diary (it would slow the simulations down), so the log compares the state
before a move with the state after it. Events are small JSON-ready dicts (`{"kind": "paid",
"player": 0, "amount": 20}`) so a saved game keeps its log and the words are chosen when it is
shown, in the class language.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def _moves(before: Any, after: Any) -> list[Event]:
    out: list[Event] = []
    for p in range(after.game.n):
        went_to_jail = before.jail[p] < 0 <= after.jail[p]
        if went_to_jail:
            out.append({"kind": "jailed", "player": p})
        elif after.pos[p] != before.pos[p]:
            out.append({"kind": "moved", "player": p, "square": after.pos[p]})
        if before.jail[p] >= 0 > after.jail[p] and after.alive[p]:
            out.append({"kind": "freed", "player": p})
    return out


def _titles(before: Any, after: Any) -> list[Event]:
    g = after.game
    out: list[Event] = []
    for t, square in enumerate(g.t_square):
        if after.owner[t] != before.owner[t]:
            owner = after.owner[t]
            out.append({"kind": "owner", "square": square, "player": owner if owner >= 0 else None})
        if after.level[t] != before.level[t]:
            out.append(
                {
                    "kind": "buildings",
                    "square": square,
                    "level": after.level[t],
                    "was": before.level[t],
                }
            )
        if after.mortgaged[t] != before.mortgaged[t]:
            out.append(
                {"kind": "mortgaged" if after.mortgaged[t] else "redeemed", "square": square}
            )
    return out


def _money(before: Any, after: Any) -> list[Event]:
    out: list[Event] = []
    for p in range(after.game.n):
        delta = after.cash[p] - before.cash[p]
        if delta:
            out.append({"kind": "cash", "player": p, "amount": delta, "cash": after.cash[p]})
    return out


def _ending(before: Any, after: Any) -> list[Event]:
    out: list[Event] = [
        {"kind": "bankrupt", "player": p}
        for p in range(after.game.n)
        if before.alive[p] and not after.alive[p]
    ]
    if after.is_terminal() and not before.is_terminal():
        out.append({"kind": "game_over", "player": after.winner()})
    return out


def events(before: Any, after: Any, actor: int, action: Any) -> list[Event]:
    """What `actor` playing `action` (and the chance that followed) changed from `before` to
    `after`, in reading order: the dice, where tokens went, titles, buildings and mortgages,
    money, the end."""
    out: list[Event] = []
    if type(action).__name__ == "RollDice" and after.last_roll:
        out.append({"kind": "rolled", "player": actor, "dice": list(after.last_roll)})
    return (
        out
        + _moves(before, after)
        + _titles(before, after)
        + _money(before, after)
        + (_ending(before, after))
    )
