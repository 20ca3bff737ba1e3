"""When does mortgaging one title to build houses on another group pay? Exact Fractions, from
the engine's own mortgage, building and rent rules and the landing shares of
``kit.analysis.markov``.

    >>> from kit.analysis.mortgage import mortgage_to_build
    >>> plan = mortgage_to_build("el_pale", mortgage=5, build=16)   # a station → naranja houses
    >>> plan.loan, plan.interest, plan.builds                      # what the bank lends, the 10 %
    (100000, 10000, (19,))
    >>> round(float(plan.break_even), 1)                             # opponent rolls to break even
    11.4

**The rules come from the engine, never from a second copy** (DESIGN.md, "One engine, two
drivers"): a real ``PropertyState`` is set up (``PropertyGame.start_state()``) with the titles
handed to one player (``state.owner``, ``state.level``, as ``kit.analysis.rent`` does) and no
cash; then the engine's own actions are applied: ``Mortgage`` (the bank pays the title's mortgage
value, PROP-13), then ``Build`` while the loan pays for one (evenly, never in a group with a
mortgaged lot: PROP-10, RUT-04, RUT-07). The cost of lifting the mortgage is the engine's
``state.redeem_cost`` (value + 10 %: PROP-13, PAL-08; the late +20 % is only for a title bought
mortgaged, SUP-07). Rents are the engine's ``state.rent`` (a mortgaged title pays none, PROP-05;
in La Ruta a mortgaged plot breaks its group's double toll, RUT-04).

Conventions (the readings behind the numbers):

* **Per opponent roll**, as in ``kit.analysis.rent``: a title earns P(a roll ends on it) × its
  rent; utilities are averaged over the 36 dice pairs.
* **The deal**: the owner mortgages one title and spends the loan, and nothing else, on
  buildings for one group he owns whole. Each building goes where the engine allows one and it
  adds the most expected rent. The loan is repaid when the mortgage is lifted, so what the deal
  costs is the **interest** (redeem cost − loan) plus the **rent lost** while the title is
  mortgaged; what it brings is the **rent gained** by the new buildings.
* **Break-even** = interest / (rent gained − rent lost), in opponent rolls: after that many
  rolls the extra rent has paid the interest. None when the buildings bring no more than the
  mortgaged title loses (then the deal never pays).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from kit.analysis.markov import GameLike, chain, landing_probabilities
from kit.games.property.actions import Build, Mortgage
from kit.games.property.game import PropertyGame, PropertyState
from kit.games.property.state import HOTEL

__all__ = [
    "MortgagePlan",
    "break_even_rolls",
    "holdings",
    "income_per_roll",
    "lift_cost",
    "mortgage_to_build",
]

_OWNER = 0  # the player who owns the titles in the states made here (the one to act)


# -- the engine's game and shares ----------------------------------------------------------------


def _game(game: GameLike, jail_policy: str = "pay") -> PropertyGame:
    """The PropertyGame ``kit.analysis.markov`` caches for this game (so its chain is reused)."""
    if isinstance(game, PropertyGame):
        return game
    return chain(game, jail_policy).game


_SHARES: dict[tuple[int, str], tuple[PropertyGame, dict]] = {}


def _shares(g: PropertyGame, jail_policy: str) -> dict:
    """The exact landing shares, solved once per game and jail policy."""
    hit = _SHARES.get((id(g), jail_policy))
    if hit is None or hit[0] is not g:
        hit = _SHARES[id(g), jail_policy] = (g, landing_probabilities(g, jail_policy))
    return hit[1]


def _title(g: PropertyGame, square: int) -> int:
    t = g.sq_title[square] if isinstance(square, int) and square in range(g.nsq) else -1
    if t < 0:
        raise ValueError(f"square {square!r} holds no title deed")
    return t


# -- small pieces ----------------------------------------------------------------------------------


def lift_cost(game: GameLike, square: int, *, late: bool = False) -> int:
    """What lifting the mortgage on ``square`` costs, as the engine charges it: the loan plus
    10 % (PROP-13), or plus the late rate for a title bought mortgaged and kept so (PAL-08)."""
    g = _game(game)
    t = _title(g, square)
    if not isinstance(late, bool):
        raise ValueError(f"late is True or False, not {late!r}")
    return g.t_redeem_late[t] if late else g.t_redeem[t]


def break_even_rolls(interest: Fraction | int, gained: Fraction, lost: Fraction) -> Fraction | None:
    """Opponent rolls after which ``gained`` rent per roll, less the ``lost`` rent per roll, has
    paid ``interest``; None when the net gain per roll is not positive (it never pays)."""
    net = Fraction(gained) - Fraction(lost)
    if net <= 0:
        return None
    return Fraction(interest) / net


def holdings(
    game: GameLike, squares: Iterable[int], levels: dict[int, int] | None = None
) -> PropertyState:
    """A position where player 0, to act and with no cash, owns the titles on ``squares``
    (``levels``: square -> buildings, 0-4 houses or 5 = hotel, taken from the bank's stock).
    Sets ``owner``, ``level``, ``cash`` and the stock only, as the engine's tests set positions."""
    g = _game(game)
    s = g.start_state(first=_OWNER)
    for sq in squares:
        s.owner[_title(g, sq)] = _OWNER
    for sq, lv in (levels or {}).items():
        t = _title(g, sq)
        if s.owner[t] != _OWNER:
            raise ValueError(f"square {sq} is not among the titles owned, so it has no buildings")
        if g.titles[t].kind != "lot" or lv not in range(6):
            raise ValueError(f"square {sq}: buildings go on lots, 0-4 houses or 5 (hotel)")
        s.level[t] = lv
        if lv == HOTEL:
            s.hotels -= 1
        else:
            s.houses -= lv
    s.cash[_OWNER] = 0
    return s


def _title_income(s: PropertyState, t: int, share: Fraction) -> Fraction:
    """P(square) × the engine's rent of title ``t`` now (0 when mortgaged: PROP-05)."""
    if s.owner[t] < 0 or s.mortgaged[t] or not share:
        return Fraction(0)
    g = s.game
    if g.titles[t].kind != "utility":
        return share * s.rent(t)
    probe = s.copy()  # the rent of a utility depends on the dice: average over the 36 pairs
    total = Fraction(0)
    for (a, b), p in g.dice_outcomes:
        probe.last_roll = [a, b]
        total += p * probe.rent(t)
    return share * total


def income_per_roll(
    state: PropertyState, player: int = _OWNER, jail_policy: str = "pay"
) -> dict[int, Fraction]:
    """Square -> the rent ``player`` collects there per opponent roll in ``state`` (exact)."""
    g = state.game
    p = _shares(g, jail_policy)
    return {
        g.t_square[t]: _title_income(state, t, p[g.t_square[t]])
        for t in range(len(g.titles))
        if state.owner[t] == player
    }


# -- the deal --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MortgagePlan:
    """Mortgage one title, spend the loan on buildings for one group: what it costs and brings.

    Money in the game's units (ints); rents per opponent roll (Fractions)."""

    mortgaged: int  # the square of the mortgaged title
    group: str  # the group built on
    loan: int  # what the bank paid for the mortgage
    redeem: int  # what lifting the mortgage costs (the engine's redeem_cost)
    builds: tuple[int, ...]  # the squares built on, in order (one building each)
    spent: int  # what the buildings cost (at most the loan)
    gained: Fraction = field(repr=False)  # rent per opponent roll the new buildings add
    lost: Fraction = field(repr=False)  # rent per roll lost on the other titles (mortgaged...)
    before: PropertyState = field(repr=False, compare=False)
    after: PropertyState = field(repr=False, compare=False)  # mortgaged and built

    @property
    def interest(self) -> int:
        """What lifting the mortgage costs beyond the loan."""
        return self.redeem - self.loan

    @property
    def net(self) -> Fraction:
        """Rent per opponent roll after the deal, minus before."""
        return self.gained - self.lost

    @property
    def break_even(self) -> Fraction | None:
        """Opponent rolls for the extra rent to pay the interest (None: it never does)."""
        return break_even_rolls(self.interest, self.gained, self.lost)

    def worth_it(self, rolls: int) -> bool:
        """Does the deal pay within ``rolls`` opponent rolls (before the mortgage is lifted)?"""
        return self.break_even is not None and self.break_even <= rolls


def _best_build(s: PropertyState, squares: list[int], jail_policy: str) -> int | None:
    """The lot of the group where the engine allows a building now and it adds most rent."""
    p = _shares(s.game, jail_policy)
    best, gain = None, None
    for sq in squares:
        if s.why_not(Build(sq)) is not None:
            continue
        t = s.game.sq_title[sq]
        trial = s.child(Build(sq))
        extra = _title_income(trial, t, p[sq]) - _title_income(s, t, p[sq])
        if gain is None or extra > gain:
            best, gain = sq, extra
    return best


def _build_refusal(s: PropertyState, squares: list[int]) -> str:
    """Why the engine builds on none of ``squares`` now: its reason for the least built lot."""
    t = min((s.game.sq_title[sq] for sq in squares), key=lambda t: s.level[t])
    return s.why_not(Build(s.game.t_square[t])) or ""


def mortgage_to_build(
    game: GameLike,
    mortgage: int,
    build: int,
    jail_policy: str = "pay",
    *,
    level: int = 0,
    also_own: Iterable[int] = (),
    buildings: int | None = None,
) -> MortgagePlan:
    """The deal "mortgage the title on square ``mortgage``, build on the group of square
    ``build``": the owner holds that group whole with ``level`` houses on each lot, the title to
    mortgage and the titles on ``also_own`` (e.g. the rest of its group), and no cash. The
    engine mortgages the title, then builds with the loan: ``buildings`` of them (default: as
    many as the loan pays for, evenly). ValueError (the engine's reason) if it cannot."""
    g = _game(game, jail_policy)
    t = _title(g, mortgage)
    b = _title(g, build)
    if g.titles[b].kind != "lot":
        raise ValueError(f"square {build} is a {g.titles[b].kind}: nothing is built on it")
    group = [g.t_square[m] for m in g.group_members[g.t_group[b]]]
    if mortgage in group:
        raise ValueError(
            f"square {mortgage} is in the group built on: a group with a mortgaged lot takes no "
            "buildings (RUT-04)"
        )
    before = holdings(g, [*group, mortgage, *also_own], {sq: level for sq in group})
    after = before.copy()
    problem = after.why_not(Mortgage(mortgage))
    if problem is not None:
        raise ValueError(f"the engine refuses to mortgage square {mortgage}: {problem}")
    after.apply(Mortgage(mortgage))
    loan = after.cash[_OWNER]
    builds: list[int] = []
    while buildings is None or len(builds) < buildings:
        sq = _best_build(after, group, jail_policy)
        if sq is None:
            break
        after.apply(Build(sq))
        builds.append(sq)
    if not builds or (buildings is not None and len(builds) < buildings):
        built = f"only {len(builds)} of the {buildings} buildings" if builds else "nothing"
        reason = _build_refusal(after, group)
        raise ValueError(f"the loan of {loan} builds {built} on that group: {reason}")
    inc0 = income_per_roll(before, _OWNER, jail_policy)
    inc1 = income_per_roll(after, _OWNER, jail_policy)
    gained = sum((inc1[sq] - inc0[sq] for sq in group), Fraction(0))
    lost = sum((inc0[sq] - inc1[sq] for sq in inc0 if sq not in group), Fraction(0))
    return MortgagePlan(
        mortgaged=mortgage,
        group=g.titles[b].group,
        loan=loan,
        redeem=after.redeem_cost(t),
        builds=tuple(builds),
        spent=loan - after.cash[_OWNER],
        gained=gained,
        lost=lost,
        before=before,
        after=after,
    )
