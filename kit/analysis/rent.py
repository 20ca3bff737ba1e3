"""What a title earns its owner, roll by roll: the expected rent per opponent roll, what building
costs, and how many opponent rolls a group (or one more house) takes to pay for itself. Exact
Fractions, from the engine's own rent and the exact landing shares of ``kit.analysis.markov``.

    >>> from kit.analysis.rent import best_value_group, expected_rent, group_table
    >>> rents = expected_rent("el_pale", level=3)          # square -> Fraction, per opponent roll
    >>> best_value_group("el_pale", level=3)               # the group that pays back soonest
    'naranja'
    >>> rows = group_table("el_pale")                      # per group and building level

**The rent comes from the engine, never from a second copy of the rules** (DESIGN.md, "One engine,
two drivers"): for each title a real ``PropertyState`` is made (``PropertyGame.start_state()``),
its whole group is handed to one player (``state.owner``) and its buildings are put up
(``state.level``: 0-4 houses, 5 = hotel / castle), as the engine's own tests set a position up;
then ``state.rent(t)`` is read (PROP-05, PAL-04 / RUT-04 / SUP-04: an unbuilt lot of a whole group
pays double). The engine has no public "set up this ownership" call, so ``_owned_state`` below
does it by setting those two fields, nothing else.

Conventions (the readings behind the numbers):

* **Per opponent roll.** ``expected_rent`` = P(one roll of an opponent ends on the square) × its
  rent, with P the long-run share of ``landing_probabilities(game, jail_policy)`` (every roll of a
  doubles sequence counts; a card that moves the token counts at its destination). With k
  opponents the owner collects k times as much per round of rolls.
* **Whole group owned.** Lots: the owner holds the whole colour group, none mortgaged, so an
  unbuilt lot (``level=0``) gets the game's double rent; ``level`` 1-4 houses, 5 = hotel (castle),
  the same level on every lot of the group. Stations and utilities have no buildings: ``level`` is
  ignored for them and the owner holds ``owned`` titles of their group (default: all of it).
* **Utilities**: the engine's rent with each of the 36 dice pairs as the last roll, averaged
  (the multiplier × 7 on two fair dice), then times P(square). This treats the roll that landed
  there as independent of its total (it is not quite: from a given square only some totals reach
  the utility; and a card's "move to the nearest utility" is charged as the engine charges it,
  with the roll that drew the card).
* **Cost to build to a level** (per lot): ``level`` × house cost up to 4 houses; a hotel (castle)
  costs the 4 houses and the engine's hotel price (``hotel_cost``, else one more house: PAL-06,
  RUT-10). Titles' purchase prices are not counted: the payback is of the buildings.
* **Payback** = cost / expected rent per opponent roll, in opponent rolls (a Fraction); 0 at
  level 0 (nothing to pay back).

Light core: the standard library, ``kit.analysis.markov`` and ``kit.games.property`` only;
``group_ranking`` gives a `kit.table.Table` (no pandas: the lessons run in JupyterLite too).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from kit.analysis.markov import GameLike, chain, landing_probabilities
from kit.games.property.game import PropertyGame, PropertyState
from kit.messages import t as _t
from kit.plain_calls import plain, ranged
from kit.table import Table

__all__ = [
    "HOTEL",
    "LEVELS",
    "GroupRow",
    "best_value_group",
    "build_cost",
    "expected_rent",
    "group_ranking",
    "group_table",
    "house_payback",
    "title_rent",
]

HOTEL = 5
"""The building level of a hotel (castle in La Ruta del Tesoro)."""

LEVELS = range(HOTEL + 1)
"""Building levels: 0-4 houses on each lot of the group, 5 = a hotel on each."""

_OWNER = 0  # the player who owns the titles in the states made here


# -- the engine's game and positions --------------------------------------------------------------


def _game(game: GameLike, jail_policy: str = "pay") -> PropertyGame:
    """The same PropertyGame ``kit.analysis.markov`` uses for this game (its cached chain's)."""
    if isinstance(game, PropertyGame):
        return game
    return chain(game, jail_policy).game


_PROBS: dict[tuple[int, str], tuple[PropertyGame, dict]] = {}


def _probs(g: PropertyGame, jail_policy: str) -> dict:
    hit = _PROBS.get((id(g), jail_policy))
    if hit is None or hit[0] is not g:
        hit = _PROBS[id(g), jail_policy] = (g, landing_probabilities(g, jail_policy))
    return hit[1]


def _level(level: int) -> int:
    if level not in LEVELS:
        raise ValueError(f"level is 0-4 houses or 5 (hotel), not {level!r}")
    return level


def _title(g: PropertyGame, square: int) -> int:
    t = g.sq_title[square] if square in range(g.nsq) else -1
    if t < 0:
        raise ValueError(f"square {square!r} holds no title deed")
    return t


def _owned_state(g: PropertyGame, t: int, level: int, owned: int | None = None) -> PropertyState:
    """A position where one player holds title ``t``'s group (``owned`` of its titles, ``t``
    first; default all) and every lot of it has ``level`` buildings: sets ``state.owner`` and
    ``state.level`` only, as the engine's tests set positions up."""
    s = g.start_state()
    members = g.group_members[g.t_group[t]]
    n = len(members) if owned is None else owned
    if n not in range(1, len(members) + 1):
        raise ValueError(f"owned is 1..{len(members)} titles of the group, not {owned!r}")
    for m in [t, *(m for m in members if m != t)][:n]:
        s.owner[m] = _OWNER
        if g.titles[m].kind == "lot":
            s.level[m] = level
    return s


def _rent(g: PropertyGame, t: int, level: int, owned: int | None = None) -> Fraction:
    s = _owned_state(g, t, level, owned)
    if g.titles[t].kind != "utility":
        return Fraction(s.rent(t))
    total = Fraction(0)
    for (a, b), p in g.dice_outcomes:  # the engine's rent with each dice pair as the last roll
        s.last_roll = [a, b]
        total += p * s.rent(t)
    return total


# -- per title ------------------------------------------------------------------------------------


def title_rent(game: GameLike, square: int, *, level: int, owned: int | None = None) -> Fraction:
    """The engine's rent of the title on ``square`` with its whole group owned and ``level``
    buildings on each lot (utilities: averaged over the dice). See the module's conventions."""
    g = _game(game)
    return _rent(g, _title(g, square), _level(level), owned)


def expected_rent(
    game: GameLike, jail_policy: str = "pay", *, level: int, owned: int | None = None
) -> dict[int, Fraction]:
    """Square -> the expected rent its owner collects per opponent roll (a Fraction):
    P(a roll ends on the square) × the engine's rent at that building level, group owned.

    ``level``: 0-4 houses, 5 = hotel (castle) on every lot of the group; ignored for stations
    and utilities, which use ``owned`` titles of their group (default all)."""
    g = _game(game, jail_policy)
    lv = _level(level)
    p = _probs(g, jail_policy)
    out: dict[int, Fraction] = {}
    for t, title in enumerate(g.titles):
        k = owned if title.kind != "lot" else None
        out[title.square] = p[title.square] * _rent(g, t, lv, k)
    return out


def build_cost(game: GameLike, square: int, level: int) -> int:
    """What it costs to build the lot on ``square`` from bare to ``level`` (4 houses, then the
    hotel at the engine's hotel price). 0 for stations and utilities at any level."""
    g = _game(game)
    t = _title(g, square)
    lv = _level(level)
    if g.titles[t].kind != "lot":
        return 0
    return min(lv, 4) * g.t_house[t] + (g.t_hotel[t] if lv == HOTEL else 0)


def house_payback(
    game: GameLike, square: int, jail_policy: str = "pay", *, level: int = 0
) -> Fraction:
    """Opponent rolls for one more building on the lot at ``square`` to pay for itself: the
    cost of building ``level`` → ``level + 1`` (a house; the hotel from 4 houses) divided by the
    extra expected rent it brings per opponent roll (from the whole-group rent at ``level``, so
    the first house is measured against the doubled bare rent)."""
    g = _game(game, jail_policy)
    t = _title(g, square)
    lv = _level(level)
    if g.titles[t].kind != "lot":
        raise ValueError(f"square {square} is a {g.titles[t].kind}: nothing is built on it")
    if lv == HOTEL:
        raise ValueError("a hotel is the last building: level is 0-4")
    cost = g.t_hotel[t] if lv == 4 else g.t_house[t]
    gain = _probs(g, jail_policy)[square] * (_rent(g, t, lv + 1) - _rent(g, t, lv))
    if gain <= 0:
        raise ValueError(f"one more building on square {square} brings no more rent")
    return cost / gain


# -- per group ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GroupRow:
    """One colour group at one building level (every lot of it at that level)."""

    group: str
    level: int  # 0-4 houses, 5 = hotel (castle)
    squares: tuple[int, ...]
    names: tuple[str, ...]
    rent_per_roll: Fraction  # expected rent per opponent roll from the whole group
    cost: int  # building the whole group from bare to this level
    payback: Fraction  # cost / rent_per_roll, in opponent rolls (0 at level 0)


def group_table(game: GameLike, jail_policy: str = "pay") -> list[GroupRow]:
    """Each colour group (lots only) at each building level 0-5, in board order then level:
    its expected rent per opponent roll, the cost of building to that level, the payback."""
    g = _game(game, jail_policy)
    by_level = {lv: expected_rent(g, jail_policy, level=lv) for lv in LEVELS}
    rows = []
    for members in g.lot_groups:
        squares = tuple(g.t_square[m] for m in members)
        names = tuple(g.titles[m].name for m in members)
        for lv in LEVELS:
            rent = sum((by_level[lv][sq] for sq in squares), Fraction(0))
            cost = sum(build_cost(g, sq, lv) for sq in squares)
            payback = Fraction(cost) / rent if cost else Fraction(0)
            group = g.titles[members[0]].group
            rows.append(GroupRow(group, lv, squares, names, rent, cost, payback))
    return rows


def best_value_group(game: GameLike, level: int = 3, jail_policy: str = "pay") -> str:
    """The colour group whose buildings at ``level`` (1-5) pay for themselves in the fewest
    opponent rolls (ties: the first on the board)."""
    if _level(level) == 0:
        raise ValueError("at level 0 nothing is built: choose 1-4 houses or 5 (hotel)")
    rows = [r for r in group_table(game, jail_policy) if r.level == level]
    return min(rows, key=lambda r: r.payback).group


RANKING_COLUMNS = ("group", "level", "building", "lots", "rent_per_roll", "cost", "payback", "rank")


def group_ranking(game: GameLike, jail_policy: str = "pay") -> Table:
    """``group_table`` as a `kit.table.Table` for the lesson, sorted by building level, then
    shortest payback first (at level 0, where nothing is built: most rent first). Columns:
    group, level, building ("0 casas", "1 casa" ... "hotel" / "castillo"), lots, rent_per_roll,
    cost, payback (exact Fractions, shown rounded), rank (1 = best value at that level)."""
    g = _game(game, jail_policy)
    hotel = "castillo" if g.rules.hotel_name == "castle" else "hotel"
    rows = sorted(group_table(g, jail_policy), key=lambda r: (r.level, r.payback, -r.rent_per_roll))
    records = []
    rank = 0
    for i, r in enumerate(rows):
        rank = 1 if i == 0 or rows[i - 1].level != r.level else rank + 1
        records.append(
            {
                "group": r.group,
                "level": r.level,
                "building": (
                    hotel if r.level == HOTEL else f"{r.level} casa{'' if r.level == 1 else 's'}"
                ),
                "lots": ", ".join(r.names),
                "rent_per_roll": r.rent_per_roll,
                "cost": r.cost,
                "payback": r.payback,
                "rank": rank,
            }
        )
    return Table(
        records,
        RANKING_COLUMNS,
        formats={"rent_per_roll": "decimal:2", "payback": "decimal:1", "cost": "count"},
        labels={c: _t(f"rent.{c}") for c in RANKING_COLUMNS},
    )


# A call a student may reach (``tablero.tiradas_para_pagar_la_casa`` reads it): each slip one
# sentence (kit/plain_calls.py, issue 24).
house_payback = plain(
    house_payback, "rent.house_payback", checks={"level": ranged(0, 4, "calls.word_houses")}
)
