"""Lesson 03, Día de Paga: the tables, the tournament and the chart the lesson shows.

The lesson plays a month with the class and then lets the numbers decide who does best: the
savings book (libreta) against the loans (préstamos), and the «En caso de necesidad» bet, whose
expected value is positive under the kit's reading of DDP-15 (the stake is lost in both cases, a 5
or 6 pays 10× the stake on top: +7/3 of the stake). Everything here uses the kit's public API
(``kit.load``, the state's methods and events, ``kit.analysis.dia_de_paga``, ``kit.sim``) so the
lesson's numbers are the engine's, never a second copy of the rules.

Standard library and the kit only (the student path runs in JupyterLite).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import Any

import kit
from kit.analysis.dia_de_paga import necessity_bet
from kit.games.core import EventReader
from kit.games.dia_de_paga.game import interest
from kit.games.registry import game_type
from kit.prob import Dist
from kit.render.charts import Chart, bar_chart
from kit.sim import bot, game_rng, play_games, run
from kit.table import Table, format_count, format_euros, format_percent

GAME = "dia_de_paga"
BOTS = ("cautious_saver", "borrower", "gambler", "do_nothing")
"""The four bots of Día de Paga, in the seats of the lesson's tournament (as `kit sim`)."""

WHAT_THEY_DO = {
    "cautious_saver": "guarda 300 € en efectivo y mete el resto en la libreta; nunca apuesta",
    "borrower": "pide préstamos para comprar las adquisiciones que valen más que su precio",
    "gambler": "apuesta lo máximo en cada «En caso de necesidad» y juega todas las loterías",
    "do_nothing": "no hace nada: ni ahorra, ni compra, ni apuesta",
}


def title(name: str) -> str:
    """A bot's Spanish class name («Ahorradora» for cautious_saver): the name the lesson uses."""
    return game_type(GAME).bot_title(name)


def bots_table() -> Table:
    """The bots a seat can be given: the name to type, the name the lesson uses, what it does."""
    rows = [(name, title(name), WHAT_THEY_DO[name]) for name in BOTS]
    return Table(
        rows,
        columns=["bot", "nombre", "estilo"],
        labels={"bot": "Se escribe", "nombre": "Se llama", "estilo": "Cómo juega"},
        formats={"bot": "text"},
        title="Los bots de Día de Paga",
    )


def rules_table(rules: Any) -> Table:
    """The numbers of the rules the lesson talks about, as the game stores them."""
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


# -- the tournament ------------------------------------------------------------------------------

ACCOUNTS = (
    "libreta",
    "comisiones",
    "prestamos",
    "adquisiciones",
    "apuesta",
    "loteria",
    "bote",
    "fortuna",
)
COUNTS = ("apuestas", "apostado")  # number of bets, euros staked
ACCOUNT_LABELS = {
    "libreta": "Intereses de la libreta",
    "comisiones": "Comisiones por retirar",
    "prestamos": "Intereses de préstamos",
    "adquisiciones": "Adquisiciones: venta − compra",
    "apuesta": "Apuestas: ganancia neta",
    "loteria": "Lotería: ganancia neta",
    "bote": "Bote ganado",
    "fortuna": "Fortuna final",
}


@dataclass
class Tournament:
    """A seeded tournament of the four bots: wins per bot and, per bot, the mean euros per game
    of each account the lesson compares (exact Fractions)."""

    games: int
    months: int
    seed: int
    wins: dict[str, int] = field(default_factory=dict)
    ties: int = 0
    totals: dict[str, dict[str, int]] = field(default_factory=dict)

    def mean(self, name: str, account: str) -> Fraction:
        """Mean euros per game of `account` for the bot `name` (e.g. "gambler", "apuesta")."""
        return Fraction(self.totals[name][account], self.games)

    def total(self, name: str, account: str) -> int:
        """The bot's sum over all the games (euros, or the bets counted in "apuestas")."""
        return self.totals[name][account]

    def share(self, name: str) -> Fraction:
        """The bot's share of the games won."""
        return Fraction(self.wins[name], self.games)

    def most_wins(self) -> str:
        """The bot that won most games."""
        return sorted(BOTS, key=self.wins.__getitem__)[-1]


class _Ledger(EventReader):
    """Reads a game's events (each move's list once) into euros per seat."""

    def __init__(self, players: int):
        self.euros = [dict.fromkeys(ACCOUNTS + COUNTS, 0) for _ in range(players)]

    def count(self, e: Mapping[str, Any]) -> None:
        p = e.get("player")
        if not isinstance(p, int):
            return
        book = self.euros[p]
        kind = e["kind"]
        if kind == "payday_line" and e["line"] == "savings_interest":
            book["libreta"] += e["amount"]
        elif kind == "payday_line" and e["line"] == "loan_interest":
            book["prestamos"] += e["amount"]
        elif kind == "withdrawal":
            book["comisiones"] -= e["fee"]
        elif kind == "necessity_bet":
            book["apuesta"] -= e["stake"]
            book["apuestas"] += 1
            book["apostado"] += e["stake"]
        elif kind == "necessity_roll":
            book["apuesta"] += e["amount"]
        elif kind == "bought":
            book["adquisiciones"] -= e["price"]
        elif kind == "sold":
            book["adquisiciones"] += e["value"]
        elif kind == "staked":
            book["loteria"] -= e["amount"]
        elif kind == "lottery_won":
            book["loteria"] += e["amount"]
        elif kind == "kitty_won":
            book["bote"] += e["amount"]


def tournament(partidas: int = 200, meses: int = 3, semilla: int = 2026) -> Tournament:
    """`partidas` seeded games of `meses` months of the four bots, seated as in BOTS (game i
    drawn with ``kit.sim.game_rng(semilla, i)``, so the winners are those of ``kit sim
    dia_de_paga`` with the same seed and policies). Each game is played once with a ledger
    reading its events. (Spanish parameter names: the lesson's students type them.)"""
    games, months, seed = partidas, meses, semilla
    result = Tournament(games, months, seed, dict.fromkeys(BOTS, 0))
    result.totals = {name: dict.fromkeys(ACCOUNTS + COUNTS, 0) for name in BOTS}
    game = kit.load(GAME, players=len(BOTS), months=months)
    policies = [bot(GAME, name) for name in BOTS]
    for i in range(games):
        state = game.new_state()
        ledger = _Ledger(len(BOTS))
        run(state, policies, game_rng(seed, i), watch=ledger)
        ledger(state)  # the last move's events
        for p, fortune in enumerate(state.fortunes()):
            ledger.euros[p]["fortuna"] = fortune
        for p, name in enumerate(BOTS):
            for account, euros in ledger.euros[p].items():
                result.totals[name][account] += euros
        winner = state.winner()
        if winner is None:
            result.ties += 1
        else:
            result.wins[BOTS[winner]] += 1
    return result


def winners_by_sim(games: int, months: int, seed: int) -> dict[str, int]:
    """Wins per bot as ``kit.sim.play_games`` counts them (the same games as `tournament`)."""
    wins = dict.fromkeys(BOTS, 0)
    rows = play_games(
        GAME, players=len(BOTS), games=games, seed=seed, months=months, policies=list(BOTS)
    )
    for row in rows:
        if row["winner_policy"] is not None:
            wins[row["winner_policy"]] += 1
    return wins


def wins_table(t: Tournament) -> Table:
    """Games won by each bot, and the share of the games."""
    rows = [(title(name), t.wins[name], t.share(name)) for name in BOTS]
    return Table(
        rows,
        columns=["bot", "ganadas", "parte"],
        labels={"bot": "Bot", "ganadas": "Partidas ganadas", "parte": "Frecuencia relativa"},
        formats={"parte": "percent:1"},
        title=f"Torneo: {t.games} partidas de {t.months} meses (semilla {t.seed})",
    )


def wins_chart(t: Tournament) -> Chart:
    """A bar per bot: the games it won."""
    names = [title(name) for name in BOTS]
    return bar_chart(
        names,
        {"ganadas": [t.wins[name] for name in BOTS]},
        title=f"Partidas ganadas de {t.games}",
        y_label="partidas",
    )


def accounts_table(t: Tournament) -> Table:
    """Where each bot's money comes from: one row per account, one column per bot, the mean
    euros per game (a loss is negative)."""
    rows = [(ACCOUNT_LABELS[a], *(t.mean(name, a) for name in BOTS)) for a in ACCOUNTS]
    return Table(
        rows,
        columns=["cuenta", *BOTS],
        labels={"cuenta": "Media por partida", **{name: title(name) for name in BOTS}},
        formats={"cuenta": "text", **dict.fromkeys(BOTS, "euros")},
        title=f"¿De dónde sale el dinero? ({t.games} partidas)",
    )


# -- dice by hand ------------------------------------------------------------------------------


def running_means(stake: int, bets: int, seed: int, every: Sequence[int]) -> Table:
    """`bets` bets of `stake` euros drawn from the bet's exact distribution with ``Random(seed)``:
    the mean gain after each number of bets in `every`, to watch it approach the expected value
    (the law of large numbers)."""
    d = bet(stake)
    rng = Random(seed)
    rows = []
    total = 0
    for n in range(1, bets + 1):
        total += d.sample(rng)
        if n in every:
            rows.append((n, Fraction(total, n)))
    return Table(
        rows,
        columns=["n", "media"],
        labels={"n": "Apuestas", "media": "Ganancia media por apuesta"},
        formats={"media": "euros"},
        title=f"{format_count(bets)} apuestas de {format_euros(stake)}",
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
