"""The traders' look at the board (see ``bots.trader``): for a pattern of ownership, what their
deal search reads of it, kept by the state until a title changes hands (titles change hands
seldom, decisions come every step), and per game what each way of holding a lot group means."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary, ref

from kit.games.property.tables import reader

PREMIUM = 2  # the price of titles that complete the buyer's group and not the seller's


class _Look:
    """What the deal search reads from one pattern of ownership, for every player at once: the
    lot groups each owns whole (and their lots), and the groups each could complete with the
    titles of one other player, as `_Seek` (see ``_group_look``). When a lot changes hands the
    state asks for the look of the new pattern (``moved``): only that lot's group is read
    again."""

    __slots__ = ("lots", "parts", "seeks", "table", "wants", "whole")

    def __init__(self, table: _Table, owner: list[int]) -> None:
        whole: list[list[int]] = [[] for _ in range(table.players)]
        wants: list[list[_Seek]] = [[] for _ in range(table.players)]
        parts = []
        for i, (members, holders_of, seen) in enumerate(table.groups):
            holders = holders_of(owner)
            group = seen.get(holders)
            if group is None:
                group = seen[holders] = _group_look(table, i, members, holders)
            parts.append(group)
            holder, group_wants = group
            if holder is not None:
                whole[holder].append(i)
            for p, want in group_wants:
                wants[p].append(want)
        self.table, self.parts, self.whole, self.wants = table, parts, whole, wants
        self.lots: list[Any] = [None] * table.players  # see whole_lots(), worked out when asked
        self.seeks: list[Any] = [None] * table.players  # see seeking(), likewise

    def moved(self, owner: list[int], i: int) -> _Look:
        """The look after a title of lot group ``i`` changed hands (``owner``: who holds each
        title now): this look's other groups, group ``i`` read again. The same as a new look
        of ``owner``; the tests compare the two."""
        members, holders_of, seen = self.table.groups[i]
        holders = holders_of(owner)
        group = seen.get(holders)
        if group is None:
            group = seen[holders] = _group_look(self.table, i, members, holders)
        was = self.parts[i]
        new = _Look.__new__(_Look)
        new.table = self.table
        new.parts = parts = self.parts[:]
        parts[i] = group
        new.whole = whole = self.whole[:]
        new.wants = wants = self.wants[:]
        new.lots = lots = self.lots[:]
        new.seeks = [None] * len(whole)  # the swaps read the other players' wants too
        if was[0] is not None:
            whole[was[0]] = [x for x in whole[was[0]] if x != i]
            lots[was[0]] = None
        if group[0] is not None:
            whole[group[0]] = sorted([*whole[group[0]], i])
            lots[group[0]] = None
        for p, _ in was[1]:
            wants[p] = [w for w in wants[p] if w.group != i]
        for p, want in group[1]:
            wants[p] = sorted([*wants[p], want], key=_by_group)
        return new

    def whole_lots(self, p: int) -> tuple[list[int], Any]:
        """The lots of the groups ``p`` owns whole, in board order, and a reader of what they
        hold in a per-title list (such as ``state.mortgaged``), None if there are none."""
        lots = self.lots[p]
        if lots is None:
            groups = self.table.lot_groups
            titles = [t for i in self.whole[p] for t in groups[i]]
            lots = self.lots[p] = (titles, reader(titles) if titles else None)
        return lots

    def seeking(self, p: int) -> list[tuple[_Seek, list[_Seek]]]:
        """Player ``p``'s wants, each with the wants of its other player that name ``p`` (the
        swaps he could be offered): what the deal search asks of the pattern, worked out once."""
        seek = self.seeks[p]
        if seek is None:
            wants = self.wants
            seek = self.seeks[p] = [
                (mine, [w for w in wants[mine.other] if w.other == p and w.group != mine.group])
                for mine in wants[p]
            ]
        return seek


def _by_group(seek: _Seek) -> int:
    return seek.group


class _Seek(NamedTuple):
    """A want: the lot ``group`` a player could complete with the ``missing`` titles, all held
    by ``other``; and what the deal search reads of it: the squares of the missing titles, a
    reader of the levels that hold them back (`_free`) and twice the least they can be worth
    (the cheapest purchase)."""

    group: int
    other: int
    missing: tuple[int, ...]
    squares: tuple[int, ...]
    held_back: Callable[[list[int]], tuple[int, ...]]
    lowest: int


def _group_look(table: _Table, i: int, members: list[int], holders: tuple[int, ...]) -> Any:
    """Lot group ``i`` held by ``holders`` (one per title of ``members``): the player who holds
    it whole, if one does, and (player, `_Seek`) for each player who could complete it with the
    titles of one other: he holds at least as many as that player, who holds all the rest."""
    size = len(holders)
    first = holders[0]
    if holders.count(first) == size:
        return (first if first >= 0 else None), ()
    group_wants = []
    for p in sorted(set(holders)):
        mine = holders.count(p)
        if p < 0 or 2 * mine < size:
            continue
        missing = tuple(t for t, o in zip(members, holders, strict=True) if o != p)
        q = next(o for o in holders if o != p)
        if q >= 0 and holders.count(q) == size - mine:
            back = members if table.blocked_by_group else missing
            squares = tuple(table.t_square[t] for t in missing)
            lowest = PREMIUM * sum(table.least[t] for t in missing)
            group_wants.append((p, _Seek(i, q, missing, squares, reader(back), lowest)))
    return None, tuple(group_wants)


class _Table:
    """A game's table for the traders: what they need of the game (its lot groups, each with a
    reader of its holders and what each way of holding it means; the square of each title and
    the least it can be worth in a deal, mortgaged; whether buildings anywhere in a group hold
    its titles back)."""

    __slots__ = ("blocked_by_group", "groups", "least", "lot_groups", "players", "t_square")

    def __init__(self, g: Any) -> None:
        self.players = g.n
        self.lot_groups = g.lot_groups
        self.groups = [  # each with what its holders mean, by holders, as met so far
            (m, read, {}) for m, read in zip(g.lot_groups, g.lot_readers, strict=True)
        ]
        self.least = [min(p, p - late) for p, late in zip(g.t_price, g.t_redeem_late, strict=True)]
        self.t_square = g.t_square
        self.blocked_by_group = g.rules.trade_blocked_by_group_buildings


_TABLES: WeakKeyDictionary[Any, _Table] = WeakKeyDictionary()
_LAST: list[Any] = [lambda: None, None]  # a weak reference to the game of the last look, its table


def _table(g: Any) -> _Table:
    """Game ``g``'s table. The tables go with their games (weak keys), and a bot stays a plain
    function that keeps nothing itself, so it pickles by name as before."""
    if _LAST[0]() is g:
        return _LAST[1]
    table = _TABLES.get(g)
    if table is None:
        table = _TABLES[g] = _Table(g)
    _LAST[:] = ref(g, _drop_last), table  # dropped with its game
    return table


def _drop_last(_: Any = None) -> None:
    _LAST[:] = (lambda: None), None


def forget() -> None:
    """Empty the traders' tables, as if no game had been looked at (tests, benchmarks)."""
    _TABLES.clear()
    _drop_last()
