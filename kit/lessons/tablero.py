"""Lesson 02, «El tablero»: the tables, charts and small helpers of notebooks/02_tablero.ipynb,
kept here so that a cell a student reads holds one idea in a few short lines.

Light core only (the lesson runs in JupyterLite): the standard library, the kit's exact
analyses (``kit.analysis.markov``, ``rent``, ``mortgage``), ``kit.render.charts`` and
``kit.table``. Every number is exact (``Fraction``) until it is shown.

One definition of **payback** (tiempo de recuperación) is used everywhere in the lesson:
what you pay ÷ the rent per opponent roll it ADDS to what you had (compared with not buying).
For a group that is the houses' cost ÷ (rent with the houses − rent of the bare group, which
is already double); for one house ``kit.analysis.rent.house_payback``; for the mortgage deal
(the loan spent + the interest) ÷ (rent gained − rent lost), since lifting the mortgage repays
the whole loan, not only its interest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import kit
from kit.analysis import markov, rent
from kit.lessons.tablero_hipoteca import (  # §9, re-exported: the exercises call tablero.deal
    Deal,
    broken_group,
    broken_groups,
    deal,
    deal_levels,
    deal_on,
    deal_rules,
    deal_steps,
    deal_summary,
    every_deal,
)
from kit.prob import Dist
from kit.render.charts import Chart, bar_chart, line_chart
from kit.table import Table, format_count, format_decimal, format_percent

GAMES = {"El Palé": "el_pale", "La Ruta del Tesoro": "la_ruta_del_tesoro", "Superpoly": "superpoly"}
MOVING_EFFECTS = frozenset({"move_to", "move_by", "go_to_jail", "move_to_nearest"})
UNIFORM = Fraction(1, 40)

__all__ = [
    "PRESO",
    "Deal",
    "broken_group",
    "broken_groups",
    "deal",
    "deal_levels",
    "deal_on",
    "deal_rules",
    "deal_steps",
    "deal_summary",
    "every_deal",
    "largo_plazo",
    "mejor_grupo",
    "nombre",
    "tiradas_para_pagar_la_casa",
    "trato",
]


# -- the board and its names -------------------------------------------------------------------


@cache
def game(key: str = "el_pale") -> Any:
    """The game with four players (cached: loading reads the rule file)."""
    return kit.load(key, players=4)


def name(square: int | str, key: str = "el_pale") -> str:
    """«21 Princesa»; the jail's prisoners (``markov.IN_JAIL``) as «Cárcel (preso)»."""
    rules = game(key).rules
    if square == markov.IN_JAIL:
        return f"{rules.squares[rules.jail.square].name} (preso)"
    return f"{square} {rules.squares[square].name}"


def corners(key: str = "el_pale") -> Table:
    """Every fifth square: a first look at the board."""
    squares = game(key).rules.squares
    return Table([(s.index, s.name) for s in squares[::5]], ["casilla", "nombre"])


# -- one, two, three rolls from Salida (no doubles, cards or Cárcel yet) ------------------------


def after_rolls(n: int) -> Dist:
    """Where the token is after ``n`` rolls from Salida: the sum of ``n`` sums of two dice."""
    total = kit.dice_sum()
    for _ in range(n - 1):
        total = total + kit.dice_sum()
    return total


def dist_table(dist: Dist, label: str = "suma") -> Table:
    """A distribution as students read it: each outcome, its exact probability and the
    probability rounded, with a decimal comma (a ``Dist`` alone shows Python's point)."""
    rows = [(outcome, p, p) for outcome, p in dist.items()]
    return Table(rows, [label, "P exacta", "P"], formats={"P exacta": str, "P": "decimal:4"})


def most_likely(dist: Dist) -> tuple[Any, Fraction]:
    """The outcome with the largest probability (the first one on a tie) and its probability."""
    best = None
    for outcome, p in dist.items():
        if best is None or p > dist[best]:
            best = outcome
    return best, dist[best]


def ways(total: int) -> int:
    """How many of the 36 pairs (dado 1, dado 2) add up to ``total``."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)


def two_rolls_count(square: int) -> Table:
    """The count by hand of the ways to be on ``square`` after two rolls: first sum a, second
    sum square − a, ways(a) × ways(square − a) of the 36 × 36 = 1296 pairs of rolls."""
    rows = [
        (a, square - a, ways(a), ways(square - a), ways(a) * ways(square - a))
        for a in range(2, 13)
        if 2 <= square - a <= 12
    ]
    rows.append(("total", "", "", "", sum(r[4] for r in rows)))
    return Table(rows, ["1.ª suma", "2.ª suma", "formas 1.ª", "formas 2.ª", "formas"])


def favourites(rolls: Sequence[int] = (1, 2, 3), key: str = "el_pale") -> Table:
    """The most likely square after each number of rolls, exact and rounded."""
    rows = []
    for n in rolls:
        square, p = most_likely(after_rolls(n))
        rows.append((n, name(square, key), p, p))
    return Table(
        rows,
        ["tiradas", "casilla más probable", "P exacta", "P"],
        formats={"P exacta": str, "P": "decimal:4"},
    )


def rolls_chart(rolls: Sequence[int] = (1, 2, 3)) -> Chart:
    """Each roll flattens and widens the mountain: P(square) after 1, 2, 3 rolls."""
    xs = list(range(2, 6 * 2 * max(rolls) + 1))
    series = {}
    for n in rolls:
        dist = after_rolls(n)
        series[f"{n} tirada{'' if n == 1 else 's'}"] = [dist.get(x) for x in xs]
    return line_chart(
        xs,
        series,
        title="¿Dónde está la ficha tras 1, 2 y 3 tiradas desde Salida?",
        x_label="casilla",
        y_label="probabilidad",
    )


def rolls_end(key: str = "el_pale", rolls: int = 1) -> dict:
    """Square (or ``markov.IN_JAIL``) -> P(the token ends there after ``rolls`` rolls from
    Salida), with cards, doubles and the jail: the engine's Markov chain, step by step. Where
    the dice alone put it is ``after_rolls(rolls)``; a card that moves it counts where it ends."""
    c = markov.chain(key)
    states: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(rolls):
        step: dict[int, Fraction] = {}
        for i, q in states.items():
            for j, r in c.rows[i].items():
                step[j] = step.get(j, Fraction(0)) + q * r
        states = step
    out: dict = {}
    for j, q in states.items():
        out[c.key(j)] = out.get(c.key(j), Fraction(0)) + q
    return out


def first_roll_ends(key: str = "el_pale") -> dict:
    """Where the FIRST roll from Salida ends, cards included (``rolls_end(key, 1)``)."""
    return rolls_end(key, 1)


def first_roll_table(key: str = "el_pale", squares: Sequence[int] = (5, 6, 7, 8, 9)) -> Table:
    """For a few squares: P(the dice put the token there) and P(the roll ends there), exact
    and rounded, after one roll from Salida."""
    dice, ends = after_rolls(1), first_roll_ends(key)
    rows = [(name(c, key), _exact(dice[c]), _exact(ends.get(c, Fraction(0)))) for c in squares]
    return Table(rows, ["casilla", "los dados te dejan", "la tirada termina"])


def _exact(p: Fraction) -> str:
    """«5/48 ≈ 0,104»: a probability exact and rounded, as a student writes it."""
    return f"{p} ≈ {format_decimal(p, 3)}"


def card_square_stays(key: str = "el_pale", square: int = 7) -> Fraction:
    """The share of the cards of the deck drawn on ``square`` that leave the token there."""
    rules = game(key).rules
    deck = next(d for d in rules.decks if d.name.lower() == rules.squares[square].name.lower())
    moving = sum(1 for c in deck.cards if c.effect in MOVING_EFFECTS)
    return Fraction(len(deck.cards) - moving, len(deck.cards))


# -- why the board is not uniform --------------------------------------------------------------


def moving_cards(key: str = "el_pale") -> Table:
    """How many cards of each deck move the token (to a square, by some squares, to jail)."""
    rows = []
    for deck in game(key).rules.decks:
        moving = sum(1 for c in deck.cards if c.effect in MOVING_EFFECTS)
        rows.append((deck.name, moving, len(deck.cards)))
    return Table(rows, ["mazo", "mueven la ficha", "cartas"])


def three_doubles() -> Fraction:
    """P(three doubles in a row), from the kit's tree of a whole turn (1/6 · 1/6 · 1/6)."""
    return kit.turn_rolls().P(_sent_to_jail)


def _sent_to_jail(turn: Any) -> bool:
    return bool(turn.jail)


# -- the long run ------------------------------------------------------------------------------


@cache
def long_run(key: str = "el_pale", jail_policy: str = "pay") -> dict:
    """Square (or ``markov.IN_JAIL``) -> the exact share of all rolls that end there."""
    return markov.landing_probabilities(key, jail_policy=jail_policy)


def _ranked(probs: dict) -> list:
    return sorted(probs, key=probs.get, reverse=True)


def ranked_squares(key: str = "el_pale", top: int = 6, bottom: int = 3) -> Table:
    """The most and the least visited squares in the long run, against 1/40."""
    probs = long_run(key)
    order = _ranked(probs)
    chosen = order[:top] + order[-bottom:]
    rows = [(name(c, key), probs[c], probs[c] / UNIFORM) for c in chosen]
    return Table(
        rows, ["casilla", "P", "veces 1/40"], formats={"P": "decimal:4", "veces 1/40": "decimal:2"}
    )


def top_square(key: str = "el_pale", prisoners: bool = False) -> int | str:
    """The most visited square in the long run (without the prisoners unless asked)."""
    probs = long_run(key)
    order = [c for c in _ranked(probs) if prisoners or c != markov.IN_JAIL]
    return order[0]


def landing_chart(key: str = "el_pale") -> Chart:
    """Where the rolls end in the long run, against the line of 1/40 (prisoners stacked)."""
    probs = long_run(key)
    jail = game(key).rules.jail.square
    xs = list(range(40))
    return bar_chart(
        xs,
        {
            "caer en la casilla": [probs[x] for x in xs],
            "preso en la Cárcel": [probs[markov.IN_JAIL] if x == jail else 0 for x in xs],
        },
        reference=("1/40", UNIFORM),
        title=f"{_title(key)}: dónde terminan las tiradas a la larga",
        x_label="casilla",
        y_label="probabilidad a la larga",
    )


def _title(key: str) -> str:
    return next(t for t, k in GAMES.items() if k == key)


def jail_policies(key: str = "el_pale") -> Table:
    """Paying at once against staying to roll for doubles: prisoners and the orange group, in
    rolls of every 1000."""
    pay, roll = long_run(key, "pay"), long_run(key, "roll")
    orange = [t.square for t in game(key).rules.titles if t.group == "naranja"]
    rows = [
        ("preso en la Cárcel", 1000 * pay[markov.IN_JAIL], 1000 * roll[markov.IN_JAIL]),
        ("grupo naranja", 1000 * sum(pay[c] for c in orange), 1000 * sum(roll[c] for c in orange)),
    ]
    rows = [(label, a, b, b - a) for label, a, b in rows]
    formats: dict = dict.fromkeys(["pagar", "tirar"], "decimal:1")
    formats["diferencia"] = signed
    return Table(rows, ["de cada 1000 tiradas", "pagar", "tirar", "diferencia"], formats=formats)


def signed(x: Fraction) -> str:
    """A difference to one decimal with the minus sign of mathematics (−5,1, not -5,1)."""
    return format_decimal(x, 1).replace("-", "−")


def heat(key: str = "el_pale", rolls: int | None = None) -> dict[int, float]:
    """Square -> % of rolls ending there: after ``rolls`` rolls from Salida (dice only), or in
    the long run (None; the Cárcel square adds its visitors and its prisoners)."""
    if rolls is not None:
        dist = after_rolls(rolls)
        return {c: 100 * float(dist.get(c, 0)) for c in range(40)}
    probs = long_run(key)
    out = {c: 100 * float(probs[c]) for c in range(40)}
    out[game(key).rules.jail.square] += 100 * float(probs[markov.IN_JAIL])
    return out


HEAT_CHOICES = {"1 tirada": 1, "2 tiradas": 2, "3 tiradas": 3, "a la larga": None}


def heat_explorer(key: str = "el_pale", seed: int = 2026) -> Any:
    """The board coloured by where the token ends: buttons switch between 1, 2, 3 rolls from
    Salida and the long run (ipywidgets + ``PropertyBoard``; both run in JupyterLite)."""
    import ipywidgets

    from kit.widgets import PropertyBoard

    board = PropertyBoard(game(key), seed=seed)
    buttons = ipywidgets.ToggleButtons(options=list(HEAT_CHOICES), value="a la larga")

    def show(_change: Any = None) -> None:
        board.show_heat(heat(key, HEAT_CHOICES[buttons.value]), label="% de las tiradas")

    buttons.observe(show, names="value")
    show()
    return ipywidgets.VBox([buttons, board])


# -- checking the long run with a simulation (the law of large numbers) ------------------------


@cache
def simulated(key: str = "el_pale", rolls: int = 40_000, seed: int = 2026) -> dict:
    """Square (or IN_JAIL) -> the relative frequency in ``rolls`` rolls played by the engine."""
    (counts,) = markov.simulate_landings(key, rolls=rolls, seed=seed)
    return {c: Fraction(counts[c], rolls) for c in long_run(key)}


def largest_gap(key: str = "el_pale", rolls: int = 40_000, seed: int = 2026) -> Fraction:
    """The largest |relative frequency − probability| over the squares and the prisoners."""
    freq, probs = simulated(key, rolls, seed), long_run(key)
    return max(abs(freq[c] - probs[c]) for c in probs)


def large_numbers(
    key: str = "el_pale", sizes: Sequence[int] = (400, 4_000, 40_000), seed: int = 2026
) -> Table:
    """The law of large numbers: the largest gap shrinks as the rolls grow."""
    rows = [(format_count(n), largest_gap(key, n, seed)) for n in sizes]
    return Table(rows, ["tiradas", "mayor diferencia"], formats={"mayor diferencia": "decimal:4"})


def simulation_chart(key: str = "el_pale", rolls: int = 40_000, seed: int = 2026) -> Chart:
    """The simulated frequencies as bars, the exact long-run shares as points."""
    freq, probs = simulated(key, rolls, seed), long_run(key)
    xs = list(range(40))
    return bar_chart(
        xs,
        {f"simulación ({format_count(rolls)} tiradas)": [freq[x] for x in xs]},
        points={"exacto": [probs[x] for x in xs]},
        title=f"{_title(key)}: simulación frente al cálculo exacto",
        x_label="casilla",
        y_label="probabilidad",
    )


# -- rent, and one definition of payback -------------------------------------------------------


def rent_table(key: str = "el_pale", level: int = 3, k: int = 8) -> Table:
    """The ``k`` streets that earn most per opponent roll with ``level`` houses:
    P(a roll ends there) × rent."""
    per_roll = rent.expected_rent(key, level=level)
    probs = long_run(key)
    order = sorted(per_roll, key=per_roll.get, reverse=True)[:k]
    rows = [
        (name(c, key), probs[c], rent.title_rent(key, c, level=level), per_roll[c]) for c in order
    ]
    return Table(
        rows,
        ["calle", "P", "alquiler", "por tirada"],
        formats={"P": "decimal:4", "alquiler": "count", "por tirada": "decimal:1"},
    )


@dataclass(frozen=True)
class GroupPayback:
    """One colour group built up to ``level`` houses on every lot, against the bare group."""

    group: str
    lots: str
    cost: int  # the houses (or hotels) of the whole group
    extra: Fraction  # rent per opponent roll the houses add to the bare (double) rent
    rolls: Fraction  # cost / extra: opponent rolls for the houses to pay for themselves


def group_paybacks(key: str = "el_pale", level: int = 3) -> list[GroupPayback]:
    """Every colour group, fastest payback first (the lesson's one definition)."""
    rows = rent.group_table(key)
    bare = {r.group: r.rent_per_roll for r in rows if r.level == 0}
    out = []
    for r in rows:
        if r.level == level:
            extra = r.rent_per_roll - bare[r.group]
            out.append(GroupPayback(r.group, ", ".join(r.names), r.cost, extra, r.cost / extra))
    return sorted(out, key=_rolls)


def _rolls(row: GroupPayback) -> Fraction:
    return row.rolls


def best_group(key: str = "el_pale", level: int = 3) -> str:
    """The group whose houses pay for themselves first."""
    return group_paybacks(key, level)[0].group


def payback_table(key: str = "el_pale", level: int = 3) -> Table:
    """Each group: what its houses cost, the rent they add per opponent roll, the rolls."""
    rows = [(r.group, r.lots, r.cost, r.extra, r.rolls) for r in group_paybacks(key, level)]
    return Table(
        rows,
        ["grupo", "calles", "coste de las casas", "alquiler extra por tirada", "tiradas"],
        formats={
            "coste de las casas": "count",
            "alquiler extra por tirada": "decimal:1",
            "tiradas": "decimal:1",
        },
    )


def house_payback(key: str, square: int, level: int) -> Fraction:
    """One more house on ``square`` (from ``level`` houses): its price ÷ the rent it adds."""
    return rent.house_payback(key, square, level=level)


# -- three games side by side ------------------------------------------------------------------


def games_top(k: int = 5) -> Table:
    """The ``k`` most visited squares (prisoners included) of each game."""
    columns = []
    for key in GAMES.values():
        probs = long_run(key)
        columns.append(
            [f"{name(c, key)}: {format_percent(probs[c], 2)}" for c in _ranked(probs)[:k]]
        )
    rows = [(i, *row) for i, row in enumerate(zip(*columns, strict=True), 1)]
    return Table(rows, ["puesto", *GAMES])


def games_groups(level: int = 3) -> Table:
    """Each game's groups by payback with ``level`` houses (rolls rounded to whole ones)."""
    columns = []
    for key in GAMES.values():
        columns.append(
            [f"{r.group} ({format_decimal(r.rolls, 0)})" for r in group_paybacks(key, level)]
        )
    rows = [(i, *row) for i, row in enumerate(zip(*columns, strict=True), 1)]
    return Table(rows, ["puesto", *GAMES])


# -- Ampliación (Bachillerato): a Markov chain on a toy board ---------------------------------

TOY_NAMES = ("Salida", "A", "B", "Cárcel", "C", "Ve a la Cárcel")


def toy_matrix(
    sides: int = 3, size: int = 6, jail: int = 3, go_to_jail: int = 5
) -> list[list[Fraction]]:
    """The transition matrix of a ring of ``size`` squares and a die of ``sides`` faces; who
    ends on ``go_to_jail`` is moved to ``jail``. Row i: where you go from square i."""
    rows = [[Fraction(0)] * size for _ in range(size)]
    for i in range(size):
        for step in range(1, sides + 1):
            to = (i + step) % size
            rows[i][jail if to == go_to_jail else to] += Fraction(1, sides)
    return rows


def _times(row: list[Fraction], matrix: list[list[Fraction]]) -> list[Fraction]:
    return [sum(row[i] * matrix[i][j] for i in range(len(row))) for j in range(len(matrix[0]))]


def toy_powers(steps: Sequence[int] = (1, 2, 3, 5, 10, 20, 40)) -> Table:
    """The distribution after n rolls from Salida: (1, 0, …, 0) · Pⁿ, for each n."""
    matrix = toy_matrix()
    row = [Fraction(1)] + [Fraction(0)] * (len(matrix) - 1)
    rows = []
    for n in range(1, max(steps) + 1):
        row = _times(row, matrix)
        if n in steps:
            rows.append((n, *row))
    return Table(rows, ["tiradas", *TOY_NAMES], formats=dict.fromkeys(TOY_NAMES, "decimal:4"))


def toy_stationary() -> Table:
    """The toy board's stationary distribution, exact and rounded."""
    pi = stationary(toy_matrix())
    return Table(
        [(n, p, p) for n, p in zip(TOY_NAMES, pi, strict=True)],
        ["casilla", "π exacta", "π"],
        formats={"π exacta": str, "π": "decimal:4"},
    )


def stationary(matrix: list[list[Fraction]]) -> list[Fraction]:
    """π with π·P = π and sum 1, by Gaussian elimination in Fractions (exact)."""
    n = len(matrix)
    # the equations: for each j, sum_i π_i (P_ij − δ_ij) = 0; the last one is replaced by Σπ = 1
    a = [[matrix[i][j] - (1 if i == j else 0) for i in range(n)] + [Fraction(0)] for j in range(n)]
    a[-1] = [Fraction(1)] * n + [Fraction(1)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


# -- Ampliación (Bachillerato): how far should a simulation be? --------------------------------


@cache
def _batches(key: str, rolls: int, batches: int, seed: int) -> tuple:
    """One simulated run cut into ``batches`` Counters (cached: the lesson asks twice)."""
    return tuple(markov.simulate_landings(key, rolls=rolls, seed=seed, batches=batches))


def naive_error(p: Fraction, rolls: int) -> float:
    """√(p(1 − p)/n): the typical error of a frequency IF the n rolls were independent."""
    return float(p * (1 - p) / rolls) ** 0.5


def batch_errors(
    key: str = "el_pale", rolls: int = 40_000, batches: int = 20, seed: int = 2026
) -> dict:
    """Square -> the typical error of its frequency measured by batch means: the run cut into
    ``batches`` consecutive stretches, the spread of their frequencies / √batches. It does not
    assume independent rolls (one token's rolls are not: where it ends depends on where it was)."""
    counts = _batches(key, rolls, batches, seed)
    per = rolls // batches
    out = {}
    for c in long_run(key):
        freqs = [b[c] / per for b in counts]
        mean = sum(freqs) / batches
        var = sum((f - mean) ** 2 for f in freqs) / (batches - 1)
        out[c] = (var / batches) ** 0.5
    return out


def error_table(
    key: str = "el_pale", rolls: int = 40_000, batches: int = 20, seed: int = 2026
) -> Table:
    """For the most visited squares: the gap, the independent-rolls error and the batch error."""
    freq = batch_frequencies(key, rolls, batches, seed)
    probs = long_run(key)
    errors = batch_errors(key, rolls, batches, seed)
    rows = []
    for c in _ranked(probs)[:5]:
        gap = abs(float(freq[c] - probs[c]))
        rows.append((name(c, key), gap, naive_error(probs[c], rolls), errors[c]))
    formats = dict.fromkeys(["diferencia", "si fueran independientes", "por lotes"], "decimal:4")
    return Table(
        rows, ["casilla", "diferencia", "si fueran independientes", "por lotes"], formats=formats
    )


def batch_frequencies(key: str, rolls: int, batches: int, seed: int) -> dict:
    """The whole run's frequencies (the batches added up)."""
    counts = _batches(key, rolls, batches, seed)
    return {c: Fraction(sum(b[c] for b in counts), rolls) for c in long_run(key)}


def within(
    key: str = "el_pale", rolls: int = 40_000, batches: int = 20, seed: int = 2026, k: int = 2
) -> tuple[int, int]:
    """How many squares (prisoners included) have |gap| < k batch errors, of how many."""
    freq = batch_frequencies(key, rolls, batches, seed)
    probs = long_run(key)
    errors = batch_errors(key, rolls, batches, seed)
    inside = sum(1 for c in probs if abs(float(freq[c] - probs[c])) < k * errors[c])
    return inside, len(probs)


# -- the Spanish names students type in the exercises ------------------------------------------
# The English names stay for code; these are what the exercise prompts show.

PRESO = markov.IN_JAIL  # the jail's prisoners in ``largo_plazo``: ``a_la_larga[tablero.PRESO]``


def nombre(casilla: int | str, juego: str = "el_pale") -> str:
    """«21 Princesa»: the square's number and name (``PRESO`` gives «Cárcel (preso)»)."""
    return name(casilla, juego)


def largo_plazo(juego: str = "el_pale", carcel: str = "pay") -> dict:
    """Casilla (o ``PRESO``) → la parte exacta de todas las tiradas que acaban en ella."""
    return long_run(juego, carcel)


def mejor_grupo(juego: str = "el_pale", casas: int = 3) -> str:
    """El grupo cuyas casas se pagan antes, con ``casas`` ya puestas en cada calle."""
    return best_group(juego, casas)


def tiradas_para_pagar_la_casa(juego: str, casilla: int, casas: int) -> Fraction:
    """Una casa más en ``casilla`` (que ya tiene ``casas``): su precio ÷ el alquiler que añade."""
    return house_payback(juego, casilla, casas)


def trato(juego: str, hipotecada: int, construye: int, casas: int = 0) -> Deal:
    """Hipotecar la calle ``hipotecada`` para poner casas en el grupo de ``construye``
    (``casas`` ya puestas): ``.rolls`` son las tiradas rivales hasta recuperarlo."""
    return deal(juego, hipotecada, construye, level=casas)
