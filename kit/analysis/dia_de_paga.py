"""Día de Paga's dice, exactly: where a token lands in a month, the lottery, the "En caso de
necesidad" bet and the race for the kitty's first six.

Every answer is an exact `Fraction`, computed from the engine's own rules (DESIGN.md, "One engine,
two drivers"), never from a second copy of them:

* **One move** (``moves``): from each position 0..30 (0 = Salida) and each face of the die, the
  days the token lands on. The first landing is the engine's movement step
  ``DiaDePagaGame.advance(day, roll)`` (DDP-02: never past day 31). What follows it in the same
  move (DDP-10, the time change: everyone moves back one day and follows it) is read off the
  engine itself, by rolling that face in a real ``DiaDePagaState`` and watching the token: every
  position the engine puts the token on in that move is a landing, because the engine follows
  each of those days (``_step_back`` ends in ``land``).
* **One month** (``landing_days``, ``expected_landings`` …): the moves chained from Salida until
  the token reaches day 31 (payday), solved exactly as an absorbing Markov chain (a linear system
  over Fractions, no sampling). On the kit's board the time change (day 16) sends the lander back
  to the acquisition day 15, and a 1 rolled there lands on day 16 again: days 15 and 16 can be
  landed on more than once a month, so "the chance of landing at least once" and "the expected
  number of landings" differ there; on every other day they are equal.

Conventions (the readings behind the numbers):

* A **landing** is a day whose instructions the token follows. The time-change day counts (the
  token landed there; its instruction is the move back), and so does the day it moves back onto
  (the engine follows that day: on the kit's board, an acquisition). Salida is not a day.
* **One token, its own rolls.** In a real game another player's time change moves this token back
  as well (DDP-10: *every* player moves back); that depends on where the others stand and is left
  out: the numbers are those of a token whose own die moves it (a solo month, or a player whose
  rivals never land on the time change). The lander's own move back is in.
* Mail cards are counted as printed on the mail days (DDP-03); the pile of 80 never runs short for
  one token. The event cards that deal mail (DDP-07) are counted apart
  (``expected_event_mail_cards``): each draw from the shuffled event pile is equally likely to be
  any card, so that expectation is exact too.
* The kitty (DDP-11) goes to the first six rolled to move (or on an "En caso de necesidad" bet);
  ``kitty_wait`` counts move rolls, one per turn, the players rolling in turn.

Only the standard library, `kit.prob` and the Día de Paga engine are imported; pandas is imported
inside ``landing_table`` (DESIGN.md, "A light core").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from numbers import Integral
from pathlib import Path
from typing import Any

from kit.games.dia_de_paga.actions import (
    DropInsurance,
    EndPayday,
    KeepAll,
    NoStake,
    Pass,
    Roll,
    TakeLoan,
)
from kit.games.dia_de_paga.game import DEBT, OVER, TURN, DiaDePagaGame
from kit.games.dia_de_paga.rules import DAY_KINDS, DiaDePagaRules
from kit.prob import Dist, die

__all__ = [
    "KittyWait",
    "Move",
    "chance_of_landing",
    "expected_event_mail_cards",
    "expected_landings",
    "expected_landings_by_day",
    "expected_mail_cards",
    "expected_rolls",
    "kitty_wait",
    "landing_days",
    "landing_table",
    "lottery_gain",
    "lottery_odds",
    "mail_cards_by_count",
    "month_summary",
    "moves",
    "necessity_bet",
    "one_move",
]

SALIDA = 0
"""The start square before day 1: every month begins there (DDP-10 reading)."""

GameLike = DiaDePagaGame | DiaDePagaRules | str | Path | None
"""A game, a rule set, the name or path of a TOML rule set, or None for the kit's own board."""


# -- the game -----------------------------------------------------------------------------------


@cache
def _default_game() -> DiaDePagaGame:
    return DiaDePagaGame()


def _game(game: GameLike) -> DiaDePagaGame:
    if game is None:
        return _default_game()
    if isinstance(game, DiaDePagaGame):
        return game
    if isinstance(game, DiaDePagaRules | str | Path):
        return DiaDePagaGame(game)
    raise ValueError(f"expected a DiaDePagaGame, its rules or the name of a rule set; got {game!r}")


def _last_day(g: DiaDePagaGame) -> int:
    return len(g.rules.days)


# -- one move, from the engine ---------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Move:
    """What one roll does to the token: the days it lands on, in order; ``end`` is where it stays
    (the last of them)."""

    landings: tuple[int, ...]

    @property
    def end(self) -> int:
        return self.landings[-1]

    def __repr__(self) -> str:
        return "Move(" + " → ".join(map(str, self.landings)) + ")"


# the answer that changes nothing, for each decision a landing may ask for (the token's path does
# not depend on them: no decision of Día de Paga moves a token)
_NEUTRAL = (Pass, KeepAll, NoStake, DropInsurance, EndPayday)


def _engine_move(rules: DiaDePagaRules, day: int, roll: int) -> Move:
    """Roll ``roll`` from ``day`` in a real game and record every day the engine puts the token on.

    A one-month game of the fewest players, past the set-up (decks in printed order); the token of
    the player to act is put on ``day``. Decisions are answered with the choice that changes
    nothing (Pass, NoStake …; a loan if a payment falls short) until the next player's turn.
    """
    game = DiaDePagaGame(rules, max(rules.min_players, 2), months=1)
    s = game.start_state()
    p = s.cur
    s.pos[p] = day
    s.apply(Roll())
    s.apply_chance(roll)
    trail = [game.advance(day, roll)]  # DDP-02: the engine's movement step
    for _ in range(10_000):
        if s.pos[p] != trail[-1]:
            trail.append(s.pos[p])  # the engine moved the token on (DDP-10) and followed the day
        if s.phase == OVER or (s.phase == TURN and s.cur != p):
            return Move(tuple(trail))
        if s.is_chance():
            s.apply_chance(s.chance_outcomes()[0][0])
            continue
        legal = s.legal_actions()
        if s.phase == DEBT:
            action = max((a for a in legal if isinstance(a, TakeLoan)), key=lambda a: a.amount)
        else:
            action = next(a for a in legal if isinstance(a, _NEUTRAL))
        s.apply(action)
    raise RuntimeError(f"the move from day {day} with a {roll} did not end")  # pragma: no cover


@cache
def _move_table(g: DiaDePagaGame) -> dict[tuple[int, int], Move]:
    return {
        (day, roll): _engine_move(g.rules, day, roll)
        for day in range(SALIDA, _last_day(g))
        for roll in die()
    }


@cache
def _moves(g: DiaDePagaGame) -> dict[int, Dist[Move]]:
    table = _move_table(g)
    return {
        day: die().map(lambda roll, day=day: table[day, roll])
        for day in range(SALIDA, _last_day(g))
    }


def one_move(day: int, roll: int, game: GameLike = None) -> Move:
    """The days a token on ``day`` (0 = Salida, up to 30) lands on when it rolls ``roll``.

    >>> one_move(28, 5)                   # DDP-02: stops on day 31
    Move(31)
    >>> one_move(15, 1)                   # DDP-10: the time change sends the lander back
    Move(16 → 15)
    """
    g = _game(game)
    table = _move_table(g)
    if (day, roll) not in table:
        raise ValueError(
            f"a move starts on a position 0 to {_last_day(g) - 1} (0 = Salida) with a roll of 1 "
            f"to 6; got day {day!r}, roll {roll!r}"
        )
    return table[day, roll]


def moves(game: GameLike = None) -> dict[int, Dist[Move]]:
    """For each position 0..30 (0 = Salida) the exact distribution of one roll's ``Move``.

    >>> moves()[28][Move((31,))]          # 3, 4, 5 or 6 from day 28 all stop on day 31 (DDP-02)
    Fraction(2, 3)
    >>> moves()[15]                       # a 1 from the acquisition day before the time change
    Dist({Move(16 → 15): 1/6, Move(17): 1/6, ...
    """
    return dict(_moves(_game(game)))


# -- one month: an absorbing chain, solved exactly -------------------------------------------------


def _solve(equations: dict[int, tuple[dict[int, Fraction], Fraction]]) -> dict[int, Fraction]:
    """Solve x_i = b_i + Σ_j c_ij x_j exactly (sparse Gauss–Jordan elimination over Fractions).

    ``equations[i] = ({j: c_ij}, b_i)``. The chains here move forward (a time change steps back one
    day at most), so eliminating from the last unknown down keeps the rows short.
    """
    rows: dict[int, dict[int, Fraction]] = {}
    rhs: dict[int, Fraction] = {}
    for i, (coeffs, b) in equations.items():  # (I − C) x = b
        row = {j: -c for j, c in coeffs.items() if c}
        row[i] = row.get(i, Fraction(0)) + 1
        rows[i] = {j: c for j, c in row.items() if c}
        rhs[i] = Fraction(b)
    order = sorted(rows, reverse=True)
    for k in order:
        pivot = rows[k].get(k)
        if not pivot:  # pragma: no cover - an absorbing chain's I − Q is invertible
            raise ArithmeticError("the month never ends from some position: no unique solution")
        prow = {j: c / pivot for j, c in rows[k].items()}
        rows[k], rhs[k] = prow, rhs[k] / pivot
        for i in order:
            f = rows[i].get(k) if i != k else None
            if f:
                row = rows[i]
                for j, c in prow.items():
                    v = row.get(j, Fraction(0)) - f * c
                    if v:
                        row[j] = v
                    else:
                        row.pop(j, None)
                rhs[i] -= f * rhs[k]
    return rhs


def _month_value(
    g: DiaDePagaGame, reward: Callable[[Move], Fraction], stop: Callable[[Move], bool]
) -> Fraction:
    """E[total reward of a month from Salida], the month ending on day 31 or when ``stop``."""
    last = _last_day(g)
    chain = _moves(g)
    equations = {}
    for day, dist in chain.items():
        coeffs: dict[int, Fraction] = {}
        b = Fraction(0)
        for move, q in dist.items():
            b += q * reward(move)
            if not stop(move) and move.end != last:
                coeffs[move.end] = coeffs.get(move.end, Fraction(0)) + q
        equations[day] = (coeffs, b)
    return _solve(equations)[SALIDA]


def _days(g: DiaDePagaGame, kind: str) -> frozenset[int]:
    days = frozenset(d.day for d in g.rules.days if d.kind == kind)
    if not days and kind not in DAY_KINDS:
        raise ValueError(f"{kind!r} is not a kind of day; the kinds are {', '.join(DAY_KINDS)}")
    return days


def _hit(g: DiaDePagaGame, days: Iterable[int]) -> Fraction:
    """P(the token lands at least once on one of ``days`` in a month)."""
    target = frozenset(days)
    if not target:
        return Fraction(0)

    def hits(move: Move) -> bool:
        return not target.isdisjoint(move.landings)

    return _month_value(g, lambda m: Fraction(int(hits(m))), hits)


def _count(g: DiaDePagaGame, weight: Mapping[int, Any]) -> Fraction:
    """E[Σ weight[day] over the month's landings] (each landing counted, repeats included)."""
    return _month_value(
        g, lambda m: sum((Fraction(weight.get(d, 0)) for d in m.landings), Fraction(0)), _never
    )


def _never(move: Move) -> bool:
    return False


@cache
def _landing_days(g: DiaDePagaGame) -> dict[int, Fraction]:
    return {d: _hit(g, (d,)) for d in range(1, _last_day(g) + 1)}


@cache
def _expected_by_day(g: DiaDePagaGame) -> dict[int, Fraction]:
    return {d: _count(g, {d: 1}) for d in range(1, _last_day(g) + 1)}


def landing_days(game: GameLike = None) -> dict[int, Fraction]:
    """Day 1..31 → P(a token starting on Salida lands on that day at least once in the month).

    Exact, through the engine's movement step and its time change (see the module's notes). Day 31
    has probability 1: every token stops there (DDP-02).
    """
    return dict(_landing_days(_game(game)))


def expected_landings_by_day(game: GameLike = None) -> dict[int, Fraction]:
    """Day 1..31 → the expected number of landings on that day in a month (repeats counted).

    Equal to ``landing_days`` except where a token can come back: on the kit's board the time
    change (16) and the acquisition day before it (15).
    """
    return dict(_expected_by_day(_game(game)))


def expected_landings(kind: str, game: GameLike = None) -> Fraction:
    """The expected number of landings on days of ``kind`` ("mail", "acquisition", …) in a month."""
    g = _game(game)
    by_day = _expected_by_day(g)
    return sum((by_day[d] for d in _days(g, kind)), Fraction(0))


def chance_of_landing(kind: str, game: GameLike = None) -> Fraction:
    """P(the token lands at least once on a day of ``kind`` in a month), e.g. "lottery"."""
    g = _game(game)
    return _hit(g, _days(g, kind))


def mail_cards_by_count(game: GameLike = None) -> dict[int, Fraction]:
    """Mail days by their printed count (×1, ×2, ×3) → the expected mail cards they deal a month.

    The expected number of landings on ×k days is this value divided by k.
    """
    g = _game(game)
    by_day = _expected_by_day(g)
    out: dict[int, Fraction] = {}
    for d in g.rules.days:
        if d.kind == "mail":
            out[d.count] = out.get(d.count, Fraction(0)) + d.count * by_day[d.day]
    return dict(sorted(out.items()))


def expected_mail_cards(game: GameLike = None) -> Fraction:
    """The expected number of mail cards a token collects on mail days in a month (DDP-03)."""
    return sum(mail_cards_by_count(game).values(), Fraction(0))


def expected_event_mail_cards(game: GameLike = None) -> Fraction:
    """Expected mail cards a month from "¿Qué hay de nuevo?" cards that deal mail (DDP-07).

    Each draw from the shuffled event pile is equally likely to be any of its cards (whatever was
    drawn before: the pile is cycled, not dealt out), so this is E[event landings] × the mean
    number of mail cards on an event card.
    """
    g = _game(game)
    events = g.rules.events
    mean = Fraction(sum(e.amount for e in events if e.effect == "mail"), len(events))
    return expected_landings("event", g) * mean


def expected_rolls(game: GameLike = None) -> Fraction:
    """The expected number of rolls (turns) a token needs to go from Salida to payday."""
    return _month_value(_game(game), lambda m: Fraction(1), _never)


def month_summary(game: GameLike = None) -> dict[str, Fraction]:
    """The headline numbers of one month, exact (name → Fraction)."""
    g = _game(game)
    out = {
        "rolls": expected_rolls(g),
        "mail days": expected_landings("mail", g),
        "mail cards": expected_mail_cards(g),
        **{f"mail cards ×{k}": v for k, v in mail_cards_by_count(g).items()},
        "mail cards from events": expected_event_mail_cards(g),
        "acquisition days": expected_landings("acquisition", g),
        "sell days": expected_landings("sell", g),
        "event days": expected_landings("event", g),
    }
    for kind in ("lottery", "birthday", "election", "time_change"):
        if _days(g, kind):
            out[f"P({kind} at least once)"] = chance_of_landing(kind, g)
    return out


def landing_table(game: GameLike = None):
    """A pandas DataFrame, one row per day: kind, name, P(at least once), E[landings] (exact)."""
    import pandas as pd

    g = _game(game)
    hit, count = _landing_days(g), _expected_by_day(g)
    rows = [
        {
            "day": d.day,
            "kind": d.kind,
            "name": d.name,
            "P(land)": hit[d.day],
            "E[landings]": count[d.day],
            "≈ P": float(hit[d.day]),
        }
        for d in g.rules.days
    ]
    return pd.DataFrame(rows).set_index("day")


# -- the lottery (DDP-06) --------------------------------------------------------------------------


def _players_in(k: Any) -> int:
    if isinstance(k, bool) or not isinstance(k, Integral) or not 1 <= k <= 6:
        raise ValueError(
            f"the lottery has 1 to 6 participants (each chooses a different number of the die); "
            f"got {k!r}"
        )
    return int(k)


def lottery_odds(players_in: int, numbers: Iterable[int] | None = None) -> Dist[int]:
    """The winning number when ``players_in`` players have chosen different numbers (DDP-06).

    The die is rolled until a chosen number comes up, so the winning number is the die
    *conditioned* on the chosen numbers: each wins with probability 1/k. ``numbers`` are the
    chosen numbers (1..k by default). The number of rolls is geometric with mean 6/k.

    >>> lottery_odds(3)
    Dist({1: 1/3, 2: 1/3, 3: 1/3})
    """
    k = _players_in(players_in)
    chosen = list(range(1, k + 1)) if numbers is None else list(numbers)
    if len(chosen) != k or len(set(chosen)) != k or not set(chosen) <= set(die()):
        raise ValueError(
            f"{k} participants choose {k} different numbers from 1 to 6 (DDP-06); got {chosen!r}"
        )
    return die().given(chosen)


def lottery_gain(players_in: int, game: GameLike = None) -> Dist[int]:
    """One participant's net gain: he stakes 100 € and wins all the stakes plus the bank's 1000 €
    with probability 1/k. Its expectation is the bank's prize shared out: 1000/k.

    >>> lottery_gain(4).expectation()
    Fraction(250, 1)
    """
    k = _players_in(players_in)
    r = _game(game).rules
    win = lottery_odds(k)[1]  # any one chosen number
    pot = r.lottery_prize + k * r.lottery_stake
    return Dist({pot - r.lottery_stake: win, -r.lottery_stake: 1 - win})


# -- "En caso de necesidad" (DDP-15) ---------------------------------------------------------------


def necessity_bet(stake: int, game: GameLike = None) -> Dist[int]:
    """The net gain of an "En caso de necesidad" bet of ``stake`` euros (DDP-15).

    Reading (RULES.md): the stake is lost in both cases; a 5 or 6 pays 10× the stake on top, so
    the net gain is +9·stake with probability 1/3 and −stake otherwise; the expectation is
    7·stake/3. (A six also wins the kitty, DDP-11; that is not part of the bet.) The stake is a
    whole number of euros, more than 0 and under 300; anything else is refused.

    >>> necessity_bet(150).expectation()
    Fraction(350, 1)
    """
    r = _game(game).rules
    if isinstance(stake, bool) or not isinstance(stake, Integral):
        raise ValueError(f"the stake is a whole number of euros, such as 100; got {stake!r}")
    if not 0 < stake < r.necessity_stake_below:
        raise ValueError(
            f"the stake must be more than 0 € and under {r.necessity_stake_below} € (DDP-15); "
            f"got {stake} €"
        )
    s = int(stake)
    win = r.necessity_multiplier * s
    return die().map(lambda face: win - s if face in r.necessity_faces else -s)


# -- the kitty (DDP-11) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class KittyWait:
    """The wait for the first six, the players rolling one die each in turn (DDP-11).

    ``first_rolls[n]`` = P(the first six is roll n), n = 1..N: (5/6)^(n−1)·1/6 (geometric);
    ``later`` = P(no six in the first N rolls) = (5/6)^N, so the two add up to 1; ``mean`` = 6
    rolls; ``seats`` = which seat rolls it first, seat 0 being the next to roll:
    (5/6)^i·(1/6) / (1 − (5/6)^n) for n players.
    """

    first_rolls: dict[int, Fraction]
    later: Fraction
    mean: Fraction
    seats: Dist[int]


def kitty_wait(players: int, rolls: int = 12) -> KittyWait:
    """Who wins the kitty, and after how many rolls: exact, for ``players`` rolling in turn.

    Counted in move rolls (one a turn), seat 0 rolling first; rolls in the lottery do not count
    (DDP-11), nor, here, the rarer dice of a sell day's roll-off (DDP-05) and of an "En caso de
    necesidad" bet, whose sixes the engine also lets win the kitty.

    >>> kitty_wait(4).seats[0]
    Fraction(216, 671)
    """
    if isinstance(players, bool) or not isinstance(players, Integral) or players < 1:
        raise ValueError(f"players is a whole number ≥ 1; got {players!r}")
    if isinstance(rolls, bool) or not isinstance(rolls, Integral) or rolls < 1:
        raise ValueError(f"rolls is a whole number ≥ 1; got {rolls!r}")
    p = die().P({6})
    miss = 1 - p
    first = {n: miss ** (n - 1) * p for n in range(1, rolls + 1)}
    cycle = 1 - miss**players  # someone rolls a six in one round
    seats = Dist({i: miss**i * p / cycle for i in range(players)})
    return KittyWait(first_rolls=first, later=miss**rolls, mean=1 / p, seats=seats)
