"""Lesson 02, «El tablero», §9: mortgaging one title to build houses on a group, counted in full
(the tables and the rule of notebooks/02_tablero.ipynb; ``kit.lessons.tablero`` re-exports them).

One definition of payback, as in the rest of the lesson: what the deal costs you (the loan spent
on houses + the interest of lifting the mortgage) ÷ the rent per opponent roll it adds (rent
gained by the new houses − rent lost while the title is mortgaged). Every number comes from the
engine through ``kit.analysis.mortgage`` (the bank's loan, the 10 % of PROP-13 / PAL-08 / RUT-07,
the rents, RUT-04's broken group in La Ruta), exact (``Fraction``) until it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from kit.analysis import mortgage
from kit.analysis.markov import landing_probabilities
from kit.games.property.actions import Build, Mortgage
from kit.messages import PlainError
from kit.table import Table, format_count, format_decimal, format_percent

TITLES = {
    "el_pale": "El Palé",
    "la_ruta_del_tesoro": "La Ruta del Tesoro",
    "superpoly": "Superpoly",
}
HOUSES_BEFORE = range(4)  # houses already on every lot of the group built on (0-3)


@dataclass(frozen=True)
class Deal:
    """Mortgage one title to build, compared with NOT doing it (no house, title unmortgaged).

    To end the deal you lift the mortgage: you give back the whole loan and the interest.
    The loan went into the houses, so what the deal costs you is ``spent + interest``; what
    it brings, per opponent roll while the title is mortgaged, is ``gained − lost``."""

    plan: mortgage.MortgagePlan
    spent: int
    interest: int
    gained: Fraction
    lost: Fraction

    @property
    def cost(self) -> int:
        """Paid when the mortgage is lifted, beyond any unspent loan: houses + interest."""
        return self.spent + self.interest

    @property
    def net(self) -> Fraction:
        return self.gained - self.lost

    @property
    def rolls(self) -> Fraction | None:
        """Opponent rolls for the net extra rent to repay houses and interest (None: never)."""
        return self.cost / self.net if self.net > 0 else None

    # the Spanish names the exercises show
    coste = cost
    tiradas = rolls

    @property
    def ganado(self) -> Fraction:
        """The rent the new houses add per opponent roll (``gained``)."""
        return self.gained

    @property
    def perdido(self) -> Fraction:
        """The rent the mortgaged title stops collecting per opponent roll (``lost``)."""
        return self.lost

    @property
    def ganancia_neta(self) -> Fraction:
        """Lo que el trato añade por tirada de un rival: ganado − perdido (``net``)."""
        return self.net

    @property
    def prestamo(self) -> int:
        """Lo que presta el banco por la propiedad hipotecada (``plan.loan``)."""
        return self.plan.loan

    @property
    def cuesta_levantarla(self) -> int:
        """Lo que cuesta levantar la hipoteca: el préstamo + el interés (``plan.redeem``)."""
        return self.plan.redeem

    @property
    def despues(self) -> Any:
        """La partida tras el trato, para verla: ``tablero.juega(trato.despues)``."""
        return self.plan.after


def deal(
    key: str, mortgaged: int, build: int, level: int = 0, also_own: Sequence[int] = ()
) -> Deal:
    """The engine's deal (``kit.analysis.mortgage.mortgage_to_build``: each house where it adds
    most rent), counted in full."""
    plan = mortgage.mortgage_to_build(
        key, mortgage=mortgaged, build=build, level=level, also_own=also_own
    )
    return Deal(plan, plan.spent, plan.interest, plan.gained, plan.lost)


def deal_on(
    key: str, mortgaged: int, builds: Sequence[int], level: int = 0, also_own: Sequence[int] = ()
) -> Deal:
    """The same deal with the houses put where the player says (``builds``, one house each, in
    order), through the engine's own Mortgage and Build actions."""
    engine = mortgage.mortgage_to_build(
        key, mortgage=mortgaged, build=builds[0], level=level, also_own=also_own
    )
    group = [sq for sq in engine.before.game.t_square if _group(engine, sq) == engine.group]
    after = engine.before.copy()
    after.apply(Mortgage(mortgaged))
    loan = after.cash[0]
    for sq in builds:
        problem = after.why_not(Build(sq))
        if problem is not None:
            raise PlainError("calls.no_build", square=sq)
        after.apply(Build(sq))
    inc0, inc1 = mortgage.income_per_roll(engine.before), mortgage.income_per_roll(after)
    gained = sum((inc1[sq] - inc0[sq] for sq in group), Fraction(0))
    lost = sum((inc0[sq] - inc1[sq] for sq in inc0 if sq not in group), Fraction(0))
    spent = loan - after.cash[0]
    interest = after.redeem_cost(after.game.sq_title[mortgaged]) - loan
    return Deal(engine, spent, interest, gained, lost)


def _group(plan: mortgage.MortgagePlan, square: int) -> str:
    g = plan.before.game
    return g.titles[g.sq_title[square]].group


def _name(plan: mortgage.MortgagePlan, square: int) -> str:
    return plan.before.game.rules.squares[square].name


def _signed(x: Fraction) -> str:
    return format_decimal(x, 1).replace("-", "−")


def rolls_text(rolls: Fraction | None) -> str:
    return "nunca" if rolls is None else format_decimal(rolls, 1)


def deal_summary(d: Deal, key: str = "el_pale") -> Table:
    """The deal, line by line: what you pay back and what you earn per opponent roll."""
    houses = ", ".join(_name(d.plan, c) for c in d.plan.builds)
    rows = [
        ("el banco te presta", format_count(d.plan.loan)),
        (f"gastas en casas ({houses})", format_count(d.spent)),
        ("interés al levantar la hipoteca", format_count(d.interest)),
        ("devuelves en total (casas + interés)", format_count(d.cost)),
        ("ganas por tirada de un rival", format_decimal(d.gained, 1)),
        (
            f"pierdes por tirada ({_name(d.plan, d.plan.mortgaged)}, hipotecada)",
            format_decimal(d.lost, 1),
        ),
        ("ganancia neta por tirada", format_decimal(d.net, 1)),
        ("tiradas de rivales hasta recuperarlo", rolls_text(d.rolls)),
    ]
    return Table(rows, ["el trato", "valor"])


def deal_steps(d: Deal) -> Table:
    """The method, one line per title whose rent changes: P(a rival's roll ends there), its
    rent before and after the deal, and P × (after − before), the same product as §7. Their
    sum is what the deal adds per rival roll (gained − lost)."""
    g = d.plan.before.game
    before = mortgage.income_per_roll(d.plan.before)  # P × rent per title, from the engine
    after = mortgage.income_per_roll(d.plan.after)
    p = landing_probabilities(g)
    rows = []
    for sq in sorted(before):
        if before[sq] != after[sq]:
            rows.append(
                (
                    _name(d.plan, sq),
                    p[sq],
                    before[sq] / p[sq],
                    after[sq] / p[sq],
                    after[sq] - before[sq],
                )
            )
    return Table(
        rows,
        ["propiedad", "P", "alquiler antes", "alquiler después", "P × (después − antes)"],
        formats={
            "P": "decimal:4",
            "alquiler antes": "count",
            "alquiler después": "count",
            "P × (después − antes)": _signed,
        },
    )


def deal_levels(key: str = "el_pale", mortgaged: int = 5, build: int = 16) -> Table:
    """The same deal with 0-3 houses already on every lot of the group."""
    rows = []
    for level in HOUSES_BEFORE:
        d = deal(key, mortgaged, build, level)
        rows.append((level, d.gained, d.lost, d.cost, rolls_text(d.rolls)))
    return Table(
        rows,
        ["casas antes", "ganas/tirada", "pierdes/tirada", "devuelves", "tiradas"],
        formats={"ganas/tirada": "decimal:1", "pierdes/tirada": "decimal:1", "devuelves": "count"},
    )


def broken_group(key: str) -> tuple[Fraction, str]:
    """Mortgage Toledo / Almería (6) owning its whole light-blue group (6, 8, 9) to build on the
    brown group (1): the share of the group's rent lost, and the payback («nunca»)."""
    d = deal(key, 6, 1, also_own=(8, 9))
    before = mortgage.income_per_roll(d.plan.before)
    lost_share = d.lost / sum(before[c] for c in (6, 8, 9))
    return lost_share, rolls_text(d.rolls)


def broken_groups() -> Table:
    """El Palé against La Ruta del Tesoro (RUT-04: a mortgaged plot breaks its group)."""
    rows = []
    for key in ("el_pale", "la_ruta_del_tesoro"):
        share, rolls = broken_group(key)
        rows.append((TITLES[key], format_percent(share, 0), rolls))
    return Table(rows, ["juego", "se pierde del grupo celeste", "tiradas hasta recuperarlo"])


# -- when does it pay? every deal of the three games -------------------------------------------


@cache
def every_deal(key: str, level: int) -> tuple[Fraction | None, ...]:
    """The payback of every deal «mortgage a street of a whole bare colour group to build on
    another whole colour group with ``level`` houses on each lot» the engine allows in ``key``
    (each street of each group mortgaged, for each group built on). None: it never pays."""
    g = mortgage.holdings(key, []).game
    groups: dict[str, list[int]] = {}
    for t in g.titles:
        if t.kind == "lot":
            groups.setdefault(t.group, []).append(t.square)
    out = []
    for built, lots in groups.items():
        for other, streets in groups.items():
            if other == built:
                continue
            for m in streets:
                also = [s for s in streets if s != m]
                try:
                    out.append(deal(key, m, lots[0], level, also).rolls)
                except ValueError:  # the loan buys no house there (stock, price)
                    continue
    return tuple(out)


def deal_rules() -> Table:
    """The three games one under another: for each number of houses already on the group, how
    many deals there are, how many never pay, the fastest and the slowest payback."""
    rows = []
    for key, title in TITLES.items():
        for level in HOUSES_BEFORE:
            rolls = every_deal(key, level)
            paying = [r for r in rolls if r is not None]
            fastest = rolls_text(min(paying)) if paying else "—"
            slowest = rolls_text(max(paying)) if paying else "—"
            rows.append((title, level, len(rolls), len(rolls) - len(paying), fastest, slowest))
    return Table(rows, ["juego", "casas antes", "tratos", "nunca", "el más rápido", "el más lento"])


# -- the Spanish names the lesson and the exercises show ---------------------------------------


def trato(
    juego: str,
    hipotecada: int,
    construye: int,
    casas: int = 0,
    tambien_tienes: Sequence[int] = (),
) -> Deal:
    """Hipotecar la calle ``hipotecada`` para poner casas en el grupo de ``construye``
    (``casas`` ya puestas; ``tambien_tienes``: otras calles tuyas del grupo de la hipotecada):
    ``.tiradas`` son las tiradas rivales hasta recuperarlo."""
    return deal(juego, hipotecada, construye, level=casas, also_own=tambien_tienes)


def resumen_del_trato(trato: Deal, juego: str = "el_pale") -> Table:
    """El trato, línea a línea: lo que devuelves y lo que ganas por tirada de un rival."""
    return deal_summary(trato, juego)


def pasos_del_trato(trato: Deal) -> Table:
    """La cuenta paso a paso: P × (alquiler después − alquiler antes) de cada propiedad."""
    return deal_steps(trato)


def trato_segun_las_casas(
    juego: str = "el_pale", hipotecada: int = 5, construye: int = 16
) -> Table:
    """El mismo trato con 0, 1, 2 y 3 casas ya puestas en cada calle del grupo."""
    return deal_levels(juego, hipotecada, construye)


def grupos_rotos() -> Table:
    """El Palé frente a La Ruta del Tesoro (RUT-04: una calle hipotecada rompe su grupo)."""
    return broken_groups()


def todos_los_tratos() -> Table:
    """Todos los tratos posibles de los tres juegos: cuántos nunca se recuperan, el más
    rápido y el más lento, según las casas que ya había."""
    return deal_rules()
