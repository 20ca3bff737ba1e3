"""Lesson 03, Día de Paga: the tables and the chart the lesson shows (its tournament is in
`kit.lessons.paga_torneo`, re-exported here).

The lesson plays a month with the class and then lets the numbers decide who does best: the
savings book (libreta) against the loans (préstamos), and the «En caso de necesidad» bet, whose
expected value is positive under the kit's reading of DDP-15 (the stake is lost in both cases, a 5
or 6 pays 10× the stake on top: +7/3 of the stake). Everything here uses the kit's public API
(``kit.load``, the state's methods and events, ``kit.analysis.dia_de_paga``, ``kit.sim``) so the
lesson's numbers are the engine's, never a second copy of the rules.

Standard library and the kit only (the student path runs in JupyterLite).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any

import kit
from kit.analysis.dia_de_paga import kitty_wait, lottery_gain, necessity_bet
from kit.games.dia_de_paga.game import interest
from kit.lessons.paga_torneo import (  # noqa: F401 (re-exported: the lesson types paga.…)
    ACCOUNT_LABELS,
    ACCOUNTS,
    BOTS,
    COUNTS,
    GAME,
    REST,
    SHOWN,
    Luck,
    Tournament,
    accounts_table,
    bot_key,
    difference_table,
    luck,
    luck_table,
    title,
    tournament,
    winners_by_sim,
    wins_chart,
    wins_table,
)
from kit.plain_calls import ranged, wrap_module
from kit.prob import Dist
from kit.table import Table, format_count, format_decimal, format_euros, format_percent

WHAT_THEY_DO = {
    "cautious_saver": "guarda 300 € en efectivo y mete el resto en la libreta; nunca apuesta",
    "borrower": (
        "pide préstamos para comprar las adquisiciones que valen más que su precio y juega "
        "todas las loterías"
    ),
    "gambler": (
        "apuesta lo máximo en cada «En caso de necesidad» y juega todas las loterías; no compra"
    ),
    "do_nothing": "no hace nada: ni ahorra, ni compra, ni apuesta",
}


def bots_table() -> Table:
    """The bots a seat can be given: the name the lesson uses (and a student types: a session
    takes a bot by its Spanish title) and what it does."""
    rows = [(title(name), WHAT_THEY_DO[name]) for name in BOTS]
    return Table(
        rows,
        columns=["nombre", "estilo"],
        labels={"nombre": "Se llama", "estilo": "Cómo juega"},
        title="Los bots de Día de Paga",
    )


def rules() -> Any:
    """Día de Paga's rules as the kit reads them from its rule file (kit/data/dia_de_paga.toml)."""
    return kit.load(GAME).rules


def savings_rate() -> Fraction:
    """The libreta's interest a month (DDP-17), read from the rules: 1/10."""
    return Fraction(rules().savings_interest)


def rules_table(reglas: Any = None) -> Table:
    """The numbers of the rules the lesson talks about, as the game stores them (the bundled
    rules unless other `reglas` are given)."""
    rules = reglas if reglas is not None else kit.load(GAME).rules
    rows = [
        ("Sueldo (DDP-12)", format_euros(rules.salary)),
        ("Interés de la libreta al mes (DDP-17)", format_percent(rules.savings_interest, 0)),
        ("Último día para ingresar en la libreta (DDP-17)", str(rules.last_deposit_day)),
        ("Comisión por retirar de la libreta (DDP-17)", format_euros(rules.withdrawal_fee)),
        ("Una tarjeta de préstamo (DDP-16)", format_euros(rules.loan_unit)),
        ("Interés de los préstamos al mes (DDP-16)", format_percent(rules.loan_interest, 0)),
        (
            "Apuesta «En caso de necesidad»: menos de (DDP-15)",
            format_euros(rules.necessity_stake_below),
        ),
        ("Premio si sale 5 o 6 (DDP-15)", f"{rules.necessity_multiplier} veces lo apostado"),
        ("Lotería: lo que pone cada participante (DDP-06)", format_euros(rules.lottery_stake)),
        ("Lotería: lo que pone el banco (DDP-06)", format_euros(rules.lottery_prize)),
        ("Casilla electoral: cada jugador al bote (DDP-09)", format_euros(rules.election_amount)),
    ]
    return Table(
        rows,
        columns=["regla", "valor"],
        labels={"regla": "Regla", "valor": "Valor"},
        formats={"valor": "text"},
        title="Los números de las reglas",
    )


# -- one payday, line by line ------------------------------------------------------------------


def payday_table(day: Mapping[str, Any]) -> Table:
    """One payday of `PaydayBoard.paydays()` as a table: each line, its euros and its account;
    the totals (cash, savings book, loans) in the last rows, as the board's panel shows them."""
    rows = [(line["label"], line["amount"], line["account_text"]) for line in day["lines"]]
    rows += [(day[key], None, "") for key in ("total_text", "book_text", "loans_text")]
    return Table(
        rows,
        columns=["linea", "euros", "cuenta"],
        labels={"linea": "Línea", "euros": "Importe", "cuenta": "Cuenta"},
        formats={"linea": "text", "euros": "euros", "cuenta": "text"},
        title=day["title"],
    )


def last_payday(board: Any, name: str) -> Mapping[str, Any]:
    """The last ordinary payday (not the time change's extra one) of the player called `name`."""
    days = [d for d in board.paydays() if d["name"] == name and not d["extra"]]
    return days[-1]


def interest_of_game(board: Any) -> Table:
    """Per player of a game on a board: savings interest earned and loan interest paid, summed
    over every payday (the lines «Intereses de la libreta» and «Intereses de préstamos»)."""
    earned: dict[str, int] = {}
    paid: dict[str, int] = {}
    for day in board.paydays():
        who = day["name"]
        for line in day["lines"]:
            if line["kind"] == "savings_interest":
                earned[who] = earned.get(who, 0) + line["amount"]
            elif line["kind"] == "loan_interest":
                paid[who] = paid.get(who, 0) + line["amount"]
    rows = [(n, earned.get(n, 0), paid.get(n, 0)) for n in board.state.game.names]
    return Table(
        rows,
        columns=["nombre", "libreta", "prestamos"],
        labels={
            "nombre": "Jugador",
            "libreta": "Intereses ganados (libreta)",
            "prestamos": "Intereses pagados (préstamos)",
        },
        formats={"libreta": "euros", "prestamos": "euros"},
        title="Intereses de toda la partida",
    )


# -- the savings book against a loan, month by month ---------------------------------------------


def savings_table(capital: int, months: int, rate: Fraction = Fraction(1, 10)) -> Table:
    """`capital` euros left in the libreta: each payday adds `rate` of the balance, rounded to
    whole euros as the game rounds it; next month the interest earns interest too."""
    rows = []
    balance = capital
    for month in range(1, months + 1):
        gain = interest(balance, rate)
        rows.append((month, balance, gain, balance + gain))
        balance += gain
    return Table(
        rows,
        columns=["mes", "antes", "intereses", "despues"],
        labels={
            "mes": "Mes",
            "antes": "En la libreta",
            "intereses": "Intereses (+)",
            "despues": "Tras el día de paga",
        },
        formats={"antes": "euros", "intereses": "euros", "despues": "euros"},
        title=f"Libreta: {format_euros(capital)} sin tocar",
    )


def loan_table(loan: int, months: int, rate: Fraction = Fraction(1, 10)) -> Table:
    """A loan of `loan` euros kept `months` months: each payday costs `rate` of what is owed,
    paid in cash, and the debt does not go down (DDP-16)."""
    rows = []
    paid = 0
    for month in range(1, months + 1):
        cost = interest(loan, rate)
        paid += cost
        rows.append((month, loan, cost, paid))
    return Table(
        rows,
        columns=["mes", "deuda", "intereses", "total"],
        labels={
            "mes": "Mes",
            "deuda": "Debes",
            "intereses": "Intereses (−)",
            "total": "Intereses pagados en total",
        },
        formats={"deuda": "euros", "intereses": "euros", "total": "euros"},
        title=f"Préstamo: {format_euros(loan)} sin devolver",
    )


def savings_gain(capital: int, months: int) -> int:
    """Interest a libreta earns on `capital` in `months` paydays (whole euros, as in the game)."""
    return sum(savings_table(capital, months).column("intereses"))


def loan_cost(loan: int, months: int) -> int:
    """Interest a loan of `loan` euros costs in `months` paydays (whole euros, as in the game)."""
    return sum(loan_table(loan, months).column("intereses"))


def tae(monthly: Fraction) -> Fraction:
    """The TAE of a monthly rate: what 1 € becomes in 12 months of compound interest, minus 1
    (lesson 04's definition, `kit.lessons.interes.tae`, used here too)."""
    from kit.lessons.interes import tae as twelve_months

    return twelve_months(monthly)


# -- the bet (DDP-15) ------------------------------------------------------------------------------


def bet(stake: int) -> Dist[int]:
    """The net gain of one «En caso de necesidad» bet, exactly (kit.analysis.dia_de_paga)."""
    return necessity_bet(stake)


def bet_table(stake: int) -> Table:
    """The bet's two branches (the tree diagram as a table) and its expected value."""
    d = bet(stake)
    win = max(d)  # the net gain of a win: (multiplier − 1) × stake
    rows = [
        ("sale 5 o 6", d.P({win}), win, d.P({win}) * win),
        ("sale 1, 2, 3 o 4", d.P({-stake}), -stake, d.P({-stake}) * -stake),
        ("valor esperado (media)", Fraction(1), None, d.expectation()),
    ]
    return Table(
        rows,
        columns=["rama", "p", "ganancia", "producto"],
        labels={
            "rama": "El dado",
            "p": "Probabilidad",
            "ganancia": "Ganancia neta",
            "producto": "Probabilidad × ganancia",
        },
        formats={"rama": "text", "p": "fraction", "ganancia": "euros", "producto": "euros"},
        title=f"Apostar {format_euros(stake)} en «En caso de necesidad»",
    )


def expected_table(stake: int) -> Table:
    """The bet's expected value exactly, in euros and per euro staked, beside what the same
    euros earn in a month of libreta (DDP-17)."""
    ev = bet(stake).expectation()
    rows = [
        ("valor esperado (fracción exacta)", str(ev)),
        ("valor esperado en euros", format_euros(ev)),
        ("ganancia media por cada euro apostado", str(ev / stake)),
        (f"{format_euros(stake)} en la libreta un mes", format_euros(savings_gain(stake, 1))),
    ]
    return Table(
        rows,
        columns=["que", "valor"],
        labels={"que": "", "valor": ""},
        formats={"que": "text", "valor": "text"},
        title=f"Apostar {format_euros(stake)}: de media",
    )


def lottery_table(players_in: int) -> Table:
    """One participant's lottery (DDP-06) as a tree: win or lose, and the expected value."""
    d = lottery_gain(players_in)
    win, lose = max(d), min(d)
    rows = [
        ("gana", d.P({win}), win, d.P({win}) * win),
        ("pierde", d.P({lose}), lose, d.P({lose}) * lose),
        ("valor esperado (media)", Fraction(1), None, d.expectation()),
    ]
    return Table(
        rows,
        columns=["rama", "p", "ganancia", "producto"],
        labels={
            "rama": "Cada participante",
            "p": "Probabilidad",
            "ganancia": "Ganancia neta",
            "producto": "Probabilidad × ganancia",
        },
        formats={"rama": "text", "p": "fraction", "ganancia": "euros", "producto": "euros"},
        title=f"La lotería con {players_in} participantes",
    )


def kitty_table(players: int) -> Table:
    """Who rolls the first six (DDP-11), players rolling in turn: exact and as a percentage."""
    wait = kitty_wait(players)
    rows = [(f"{seat + 1}.º en tirar", wait.seats.P({seat})) for seat in wait.seats]
    return Table(
        [(who, p, p) for who, p in rows],
        columns=["quien", "p", "porcentaje"],
        labels={"quien": "Quién", "p": "Probabilidad", "porcentaje": "En porcentaje"},
        formats={"quien": "text", "p": "fraction", "porcentaje": "percent:1"},
        title=f"¿De quién es el primer 6? (tiradas de media: {format_count(int(wait.mean))})",
    )


# -- the loan and the libreta: the same TAE ------------------------------------------------------


def loan_in_libreta_table(loan: int, months: int, rate: Fraction = Fraction(1, 10)) -> Table:
    """Each month's loan interest, had it gone into the libreta instead (deposited the next
    month, DDP-17): what it would be worth at the end, exactly (no rounding). The total is
    what `loan` euros earn in the libreta in the same months: loan · ((1 + r)ⁿ − 1)."""
    pay = loan * rate
    rows = [(m, pay, months - m, pay * (1 + rate) ** (months - m)) for m in range(1, months + 1)]
    rows.append(("total", months * pay, None, sum(r[3] for r in rows)))
    rows.append(
        (f"{format_euros(loan)} en la libreta", None, months, loan * ((1 + rate) ** months - 1))
    )
    return Table(
        rows,
        columns=["mes", "pagas", "crece", "vale"],
        labels={
            "mes": "Mes",
            "pagas": "Intereses pagados",
            "crece": "Meses en la libreta",
            "vale": "Valdrían al final",
        },
        formats={"mes": "text", "pagas": "euros", "crece": "count", "vale": "euros"},
        title=f"Los intereses de {format_euros(loan)} prestados, si fueran a la libreta",
    )


def tae_table(monthly: Fraction) -> Table:
    """A monthly rate as a year: 12 × r (wrong), the libreta's TAE (1 + r)¹² − 1 and the loan's
    TAE (its 12 payments counted at the libreta's rate), exact Fractions shown in percent."""
    from kit.lessons.interes import tae_prestamo

    r = format_percent(monthly, 0)
    rows = [
        (f"12 × {r} (sin interés compuesto)", 12 * monthly),
        (f"TAE de la libreta: (1 + {format_decimal(monthly, 1)})¹² − 1", tae(monthly)),
        ("TAE del préstamo: sus 12 pagos, contados en la libreta", tae_prestamo(monthly)),
    ]
    return Table(
        rows,
        columns=["que", "al_ano"],
        labels={"que": f"{r} al mes", "al_ano": "Al año"},
        formats={"que": "text", "al_ano": "percent:2"},
        title="Un interés mensual, en un año",
    )


# -- dice by hand ------------------------------------------------------------------------------


def _draws(stake: int, bets: int, seed: int) -> list[int]:
    return bet(stake).samples(Random(seed), bets)


def running_means(stake: int, bets: int, seed: int, every: Sequence[int]) -> Table:
    """`bets` bets of `stake` euros drawn from the bet's exact distribution with ``Random(seed)``:
    the mean gain after each number of bets in `every`, to watch it approach the expected value
    (the law of large numbers), beside the standard error of a mean of that many bets (how far
    such a mean usually lands from the expected value: σ/√n) and the distance in those errors."""
    d = bet(stake)
    sigma = math.sqrt(d.variance())
    rows = []
    total = 0
    for n, gain in enumerate(_draws(stake, bets, seed), start=1):
        total += gain
        if n in every:
            se = sigma / math.sqrt(n)
            rows.append(
                (n, Fraction(total, n), se, float(Fraction(total, n) - d.expectation()) / se)
            )
    return Table(
        rows,
        columns=["n", "media", "error", "z"],
        labels={
            "n": "Apuestas",
            "media": "Ganancia media por apuesta",
            "error": "Error típico",
            "z": "Distancia en errores típicos",
        },
        formats={"media": "euros", "error": "euros", "z": "decimal:1"},
        title=f"{format_count(bets)} apuestas de {format_euros(stake)} (valor esperado "
        f"{format_euros(d.expectation())})",
    )


def spread(stake: int, bets: int, seed: int) -> Any:
    """How far the mean of the seeded bets of `running_means` landed, as lesson 01 measures it
    (`kit.lessons.dados.Dispersion`: standard error, z, the exact chance of landing that far)."""
    from kit.lessons.dados import Dispersion

    d = bet(stake)
    draws = _draws(stake, bets, seed)
    wins = sum(1 for g in draws if g > 0)
    return Dispersion(stake, bets, d.expectation(), d.variance(), Fraction(sum(draws), bets), wins)


def spread_table(stake: int, bets: int, seed: int) -> Table:
    """The seeded mean against the usual spread of a mean of `bets` bets."""
    d = spread(stake, bets, seed)
    low, high = float(d.esperada) - 2 * d.error_tipico, float(d.esperada) + 2 * d.error_tipico
    rows = [
        ("valor esperado de una apuesta", format_euros(d.esperada)),
        (f"media de estas {format_count(bets)} apuestas", format_euros(d.media)),
        ("diferencia", format_euros(d.distancia)),
        (f"error típico de la media de {format_count(bets)}", format_euros(d.error_tipico)),
        ("diferencia en errores típicos", format_decimal(d.en_errores, 1)),
        (
            "lo habitual (a menos de 2 errores típicos)",
            f"de {format_euros(low)} a {format_euros(high)}",
        ),
        ("probabilidad de quedar tan lejos o más", format_percent(d.prob_tan_lejos())),
    ]
    return Table(
        rows,
        columns=["que", "valor"],
        labels={"que": "", "valor": ""},
        formats={"que": "text", "valor": "text"},
        title=f"¿Cuánto se apartó la media? (semilla {seed})",
    )


# -- the boards ------------------------------------------------------------------------------------


def class_board(
    players: Sequence[str],
    seats: int,
    bot_name: str,
    months: int,
    seed: int,
    path: str = "partida_dia_de_paga.json",
) -> Any:
    """The class's board: `players` at the first seats, bots of style `bot_name` in the others,
    saved to `path` after every move (a Session), so a restarted kernel goes on where it was."""
    from kit.session import Session
    from kit.widgets import PaydayBoard

    session = Session.resume_or_start(
        path,
        GAME,
        humans=list(players),
        bots=[bot_name] * (seats - len(players)),
        seed=seed,
        months=months,
    )
    return PaydayBoard(session)


def bots_board(meses: int, semilla: int) -> Any:
    """A game of the four bots, one of each, named by their class names, played out at once."""
    months, seed = meses, semilla
    from kit.widgets import PaydayBoard

    game = kit.load(GAME, players=[title(name) for name in BOTS], months=months)
    return PaydayBoard(game, bots=list(BOTS), seed=seed)


def fortunes_table(board: Any) -> Table:
    """How a game on a board ended: each player's fortune (cash + libreta − loans, DDP-18)."""
    state = board.state
    winner = state.winner() if state.is_terminal() else None
    rows = [
        (name, fortune, "gana" if p == winner else "")
        for p, (name, fortune) in enumerate(zip(state.game.names, state.fortunes(), strict=True))
    ]
    return Table(
        rows,
        columns=["nombre", "fortuna", "resultado"],
        labels={"nombre": "Jugador", "fortuna": "Fortuna", "resultado": ""},
        formats={"fortuna": "euros", "resultado": "text"},
        title="Así acabó la partida",
    )


# -- the names the lesson's students type, in Spanish (the English names stay) -------------------

nombre = title
tabla_de_bots = bots_table
reglas = rules
interes_de_la_libreta = savings_rate
euros = format_euros
porcentaje = format_percent
tabla_de_reglas = rules_table
tablero_de_la_clase = class_board
partida_de_bots = bots_board
tabla_del_dia_de_paga = payday_table
ultimo_dia_de_paga = last_payday
intereses_de_la_partida = interest_of_game
tabla_de_fortunas = fortunes_table
torneo = tournament
tabla_de_victorias = wins_table
grafica_de_victorias = wins_chart
tabla_de_cuentas = accounts_table
tabla_de_diferencias = difference_table
tabla_de_la_suerte = luck_table
tabla_de_la_libreta = savings_table
tabla_del_prestamo = loan_table
intereses_de_la_libreta = savings_gain
intereses_del_prestamo = loan_cost
prestamo_en_la_libreta = loan_in_libreta_table
tabla_tae = tae_table
apuesta = bet
tabla_de_la_apuesta = bet_table
tabla_del_valor_esperado = expected_table
medias_acumuladas = running_means
tabla_de_la_dispersion = spread_table
tabla_de_la_loteria = lottery_table
tabla_del_bote = kitty_table


# Every call a student types fails in one plain sentence (kit/plain_calls.py, issue 24): the
# Spanish names first, so a slip reads «paga.apuesta», and the English ones too (paga.bet).
PLAIN_CALLS = wrap_module(
    globals(),
    "paga",
    checks={
        name: {"stake": ranged(1, 299, "calls.word_stake")}
        for name in ("apuesta", "tabla_de_la_apuesta", "tabla_del_valor_esperado")
    },
)
