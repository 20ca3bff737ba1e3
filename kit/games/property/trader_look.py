"""The traders' look at the board (see ``bots.trader``): for each pattern of ownership, what
their deal search reads of it, kept per game so that a pattern seen before is not searched again.
Titles change hands seldom and decisions come every step, so this is where the traders' time
goes unless it is kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary, ref

from kit.games.property.tables import reader

PREMIUM = 2  # the price of titles that complete the buyer's group and not the seller's


class _Look:
    """What the deal search reads from one pattern of ownership, for every player at once: the
    lot groups each owns whole (and their lots), and the groups each could complete with the
    titles of one other player (see ``_group_look``). Titles change hands seldom, decisions come
    every step: the traders look a pattern up (``_look``) instead of searching the board again."""

    __slots__ = ("least", "lot_groups", "lots", "seek_of", "seeks", "wants", "whole")

    def __init__(self, table: _Table, owner: tuple[int, ...]) -> None:
        whole: list[list[int]] = [[] for _ in range(table.players)]
        wants: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(table.players)]
        for i, (members, holders_of, seen) in enumerate(table.groups):
            holders = holders_of(owner)
            group = seen.get(holders)
            if group is None:
                group = seen[holders] = _group_look(i, members, holders)
            holder, group_wants = group
            if holder is not None:
                whole[holder].append(i)
            for p, want in group_wants:
                wants[p].append(want)
        self.whole, self.wants = whole, wants
        self.lot_groups, self.least = table.lot_groups, table.least  # (no cycle to the table)
        self.seek_of = table.seek_of  # the game's `_Seek` of each want met so far
        self.lots: list[Any] = [None] * table.players  # see whole_lots(), worked out when asked
        self.seeks: list[Any] = [None] * table.players  # see seeking(), likewise

    def whole_lots(self, p: int) -> tuple[list[int], Any]:
        """The lots of the groups ``p`` owns whole, in board order, and a reader of what they
        hold in a per-title list (such as ``state.mortgaged``), None if there are none."""
        lots = self.lots[p]
        if lots is None:
            groups = self.lot_groups
            titles = [t for i in self.whole[p] for t in groups[i]]
            lots = self.lots[p] = (titles, reader(titles) if titles else None)
        return lots

    def seeking(self, p: int, g: Any) -> list[tuple[_Seek, list[_Seek]]]:
        """Player ``p``'s wants (in game ``g``), each with the wants of its other player that
        name ``p`` (the swaps he could be offered): what the deal search asks of the pattern,
        worked out once."""
        seek = self.seeks[p]
        if seek is None:
            wants, one = self.wants, self._seek_one
            seek = self.seeks[p] = [
                (one(g, want), [one(g, w) for w in wants[want[1]] if w[1] == p and w[0] != want[0]])
                for want in wants[p]
            ]
        return seek

    def _seek_one(self, g: Any, want: tuple[int, int, tuple[int, ...]]) -> _Seek:
        """The `_Seek` of ``want``: it depends on the want alone, and the same wants come back
        in pattern after pattern, so the game's table keeps each one made."""
        seek = self.seek_of.get(want)
        if seek is None:
            seek = self.seek_of[want] = _seek(g, self.least, want)
        return seek


class _Seek(NamedTuple):
    """A want, (lot group, other player, titles missing), and what the deal search reads of it:
    the squares of the missing titles, a reader of the levels that hold them back (`_free`)
    and twice the least they can be worth (the cheapest purchase)."""

    want: tuple[int, int, tuple[int, ...]]
    squares: tuple[int, ...]
    held_back: Callable[[list[int]], tuple[int, ...]]
    lowest: int


def _seek(g: Any, least: list[int], want: tuple[int, int, tuple[int, ...]]) -> _Seek:
    """The `_Seek` of ``want`` in game ``g`` (``least``: the least each title can be worth)."""
    missing = want[2]
    squares = tuple(g.t_square[t] for t in missing)
    lowest = PREMIUM * sum(least[t] for t in missing)
    return _Seek(want, squares, reader(_holding_back(g, want)), lowest)


def _group_look(i: int, members: list[int], holders: tuple[int, ...]) -> tuple[Any, Any]:
    """Lot group ``i`` held by ``holders`` (one per title of ``members``): the player who holds
    it whole, if one does, and (player, want) for each player who could complete it with the
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
            group_wants.append((p, (i, q, missing)))
    return None, tuple(group_wants)


class _Table:
    """A game's table for the traders: what they need of the game (its lot groups, each with a
    reader of its holders and what each way of holding it means; the lot group of each title,
    -1 for a station or a utility; the least each title can be worth in a deal, mortgaged) and
    the `_Look` of each ownership pattern seen so far (at most ``bots._LOOKS_KEPT``: past
    that it starts afresh)."""

    __slots__ = (
        "groups",
        "last_look",
        "last_owner",
        "least",
        "looks",
        "lot_group",
        "lot_groups",
        "players",
        "seek_of",
    )

    def __init__(self, g: Any) -> None:
        self.players = g.n
        self.lot_groups = g.lot_groups
        self.groups = [  # each with what its holders mean, by holders, as met so far
            (m, read, {}) for m, read in zip(g.lot_groups, g.lot_readers, strict=True)
        ]
        self.lot_group = [-1] * len(g.titles)
        for i, members in enumerate(g.lot_groups):
            for t in members:
                self.lot_group[t] = i
        self.least = [min(p, p - late) for p, late in zip(g.t_price, g.t_redeem_late, strict=True)]
        self.looks: dict[tuple[int, ...], _Look] = {}
        self.seek_of: dict[tuple[int, int, tuple[int, ...]], _Seek] = {}
        self.last_owner: list[int] | None = None  # the pattern looked up last, and its look:
        self.last_look: _Look | None = None  # the next decision's pattern, most of the time


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


def _holding_back(g: Any, want: tuple[int, int, tuple[int, ...]]) -> list[int] | tuple[int, ...]:
    """The titles whose buildings hold back the missing titles of ``want``: those titles, or
    (where the rules say so) every title of their group."""
    return g.lot_groups[want[0]] if g.rules.trade_blocked_by_group_buildings else want[2]
