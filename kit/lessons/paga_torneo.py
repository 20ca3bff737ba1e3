"""Lesson 03, Día de Paga: the tournament of the four bots and where each one's money comes from.

The tournament plays seeded games of the four bots (the games of ``kit sim dia_de_paga``) and reads
each game's events into accounts per bot (libreta, fees, loans, acquisitions, bets, lottery,
kitty), so the lesson can say what sets two bots apart, and measure the gambler's bets against
their expected value and spread. `kit.lessons.paga` re-exports all of it (the lesson types
``paga.…``).

Standard library and the kit only (the student path runs in JupyterLite).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import kit
from kit.analysis.dia_de_paga import necessity_bet
from kit.games.core import EventReader
from kit.games.registry import game_type
from kit.plain_calls import choose, plain
from kit.render.charts import Chart, bar_chart
from kit.sim import bot, game_rng, play_games, run
from kit.table import Table, format_count, format_decimal, format_euros

GAME = "dia_de_paga"
BOTS = ("cautious_saver", "borrower", "gambler", "do_nothing")
"""The four bots of Día de Paga, in the seats of the lesson's tournament (as `kit sim`)."""


def title(name: str) -> str:
    """A bot's Spanish class name («Ahorradora» for cautious_saver): the name the lesson uses."""
    return game_type(GAME).bot_title(name)


def bot_key(name: str) -> str:
    """The bot a student names either way: "gambler" or its class name "Apostadora"."""
    for typed in BOTS:
        if name in (typed, title(typed)):
            return typed
    choose(name, [*(title(typed) for typed in BOTS), *BOTS], "calls.word_bot")  # the sentence
    raise AssertionError("unreachable")


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
COUNTS = ("apuestas", "apostado", "cuadrados", "loterias")
"""Counted, not euros: bets, euros staked, the stakes' squares summed (for the spread), lotteries
joined."""
REST = "resto"  # fortune − the accounts above: salary, mail, insurance, events…
ACCOUNT_LABELS = {
    "libreta": "Intereses de la libreta",
    "comisiones": "Comisiones por retirar",
    "prestamos": "Intereses de préstamos",
    "adquisiciones": "Adquisiciones: venta − compra",
    "apuesta": "Apuestas: ganancia neta",
    "loteria": "Lotería: ganancia neta",
    "bote": "Bote ganado",
    REST: "Todo lo demás (dinero inicial, sueldos, correo…)",
    "fortuna": "Fortuna final",
}


@dataclass
class Tournament:
    """A seeded tournament of the four bots: wins per bot and, per bot, the mean euros per game
    of each account the lesson compares (exact Fractions). A bot is named either way
    ("gambler" or "Apostadora"); the Spanish names of the methods are the lesson's."""

    games: int
    months: int
    seed: int
    wins: dict[str, int] = field(default_factory=dict)
    ties: int = 0
    totals: dict[str, dict[str, int]] = field(default_factory=dict)

    def total(self, name: str, account: str) -> int:
        """The bot's sum over all the games (euros, or what COUNTS counts)."""
        book = self.totals[bot_key(name)]
        if account == REST:
            return book["fortuna"] - sum(book[a] for a in ACCOUNTS if a != "fortuna")
        return book[account]

    def mean(self, name: str, account: str) -> Fraction:
        """Mean euros per game of `account` for the bot `name` (e.g. "Apostadora", "apuesta")."""
        return Fraction(self.total(name, account), self.games)

    def share(self, name: str) -> Fraction:
        """The bot's share of the games won."""
        return Fraction(self.wins[bot_key(name)], self.games)

    def won(self, name: str) -> int:
        """Games the bot won."""
        return self.wins[bot_key(name)]

    def most_wins(self) -> str:
        """The bot that won most games (as it is typed: "gambler")."""
        return sorted(BOTS, key=self.wins.__getitem__)[-1]

    def mas_victorias(self) -> str:
        """The class name of the bot that won most games («Apostadora»)."""
        return title(self.most_wins())

    def menos_victorias(self) -> str:
        """The class name of the bot that won fewest games."""
        return title(sorted(BOTS, key=self.wins.__getitem__)[0])

    # the Spanish names students type, each slip one sentence (kit/plain_calls.py)
    mean = plain(mean, "torneo.media", method=True)
    share = plain(share, "torneo.proporcion", method=True)
    won = plain(won, "torneo.ganadas", method=True)
    media, proporcion, ganadas = mean, share, won


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
            book["cuadrados"] += e["stake"] ** 2
        elif kind == "necessity_roll":
            book["apuesta"] += e["amount"]
        elif kind == "bought":
            book["adquisiciones"] -= e["price"]
        elif kind == "sold":
            book["adquisiciones"] += e["value"]
        elif kind == "staked":
            book["loteria"] -= e["amount"]
            book["loterias"] += 1
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


SHOWN = (*ACCOUNTS[:-1], REST, "fortuna")  # the accounts' rows: they add up to the fortune


def accounts_table(t: Tournament) -> Table:
    """Where each bot's money comes from: one row per account, one column per bot, the mean
    euros per game (a loss is negative). The rows above «Fortuna final» add up to it."""
    rows = [(ACCOUNT_LABELS[a], *(t.mean(name, a) for name in BOTS)) for a in SHOWN]
    return Table(
        rows,
        columns=["cuenta", *BOTS],
        labels={"cuenta": "Media por partida", **{name: title(name) for name in BOTS}},
        formats={"cuenta": "text", **dict.fromkeys(BOTS, "euros")},
        title=f"¿De dónde sale el dinero? ({t.games} partidas)",
    )


def difference_table(t: Tournament, first: str, second: str) -> Table:
    """Two bots side by side, account by account (mean euros per game), and what each account
    puts between them: the differences add up to the gap in the final fortunes."""
    a, b = bot_key(first), bot_key(second)
    rows = [
        (ACCOUNT_LABELS[k], t.mean(a, k), t.mean(b, k), t.mean(a, k) - t.mean(b, k)) for k in SHOWN
    ]
    return Table(
        rows,
        columns=["cuenta", "primero", "segundo", "diferencia"],
        labels={
            "cuenta": "Media por partida",
            "primero": title(a),
            "segundo": title(b),
            "diferencia": f"{title(a)} − {title(b)}",
        },
        formats={"cuenta": "text", "primero": "euros", "segundo": "euros", "diferencia": "euros"},
        title=f"{title(a)} contra {title(b)} ({t.games} partidas)",
    )


@dataclass(frozen=True)
class Luck:
    """A bot's bets in a tournament against what the expected value promises: the sum of
    independent bets has mean Σ 7/3·s and variance Σ Var(bet(s)) = Σ s²·Var(bet(1))."""

    bets: int
    staked: int
    won: int
    expected: Fraction
    variance: Fraction

    @property
    def gap(self) -> Fraction:
        return self.won - self.expected

    @property
    def sd(self) -> float:
        """The standard deviation of the sum of the bets."""
        return math.sqrt(self.variance)

    @property
    def z(self) -> float:
        """The gap in standard deviations."""
        return float(self.gap) / self.sd


def luck(t: Tournament, name: str = "gambler") -> Luck:
    """The bot's bets in the tournament, measured against their expected value and spread."""
    one = necessity_bet(1)
    return Luck(
        t.total(name, "apuestas"),
        t.total(name, "apostado"),
        t.total(name, "apuesta"),
        one.expectation() * t.total(name, "apostado"),
        one.variance() * t.total(name, "cuadrados"),
    )


def luck_table(t: Tournament, name: str = "gambler") -> Table:
    """«¿Mala suerte o pocas apuestas?»: the bets' net gain, the expected one, and the gap
    measured in standard deviations of the sum."""
    d = luck(t, name)
    rows = [
        ("apuestas", format_count(d.bets)),
        ("apostado en total", format_euros(d.staked)),
        ("ganancia esperada (7/3 de lo apostado)", format_euros(d.expected)),
        ("ganancia de verdad", format_euros(d.won)),
        ("diferencia", format_euros(d.gap)),
        ("desviación típica de la suma de las apuestas", format_euros(d.sd)),
        ("diferencia en desviaciones típicas", format_decimal(d.z, 2)),
    ]
    return Table(
        rows,
        columns=["que", "valor"],
        labels={"que": "", "valor": ""},
        formats={"que": "text", "valor": "text"},
        title=f"Las apuestas de la {title(bot_key(name))} en el torneo",
    )
