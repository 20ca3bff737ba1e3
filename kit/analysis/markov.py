"""Where the tokens of the property games spend their time: the long-run share of rolls that end on
each square, exactly (Fractions) and in floats, from the engine's own movement step.

    >>> from kit.analysis.markov import landing_probabilities
    >>> p = landing_probabilities("classic", jail_policy="pay")
    >>> round(float(p[24]), 4), round(float(p["in_jail"]), 4)      # Illinois Avenue, in jail
    (0.0319, 0.0395)

**The chain is built from the engine, never from a second copy of the rules** (DESIGN.md, "One
engine, two drivers"). A chain state is (square, doubles rolled so far this turn) for a free token,
or (jail, failed rolls so far) for a jailed one. For each state and each of the 36 ordered dice
pairs, a real ``PropertyState`` is made (``PropertyGame.start_state()``), the token is put there
with ``PropertyState.place`` and the roll goes through ``apply(RollDice())`` and
``apply_chance((a, b))``: the engine moves the token, pays or skips the salary, lands, draws cards,
follows movement cards, sends to jail on the go-to-jail square, a card or a third double (PROP-03,
PROP-08), and frees or keeps a jailed token (PAL-05, RUT-08, SUP-05). The next chain state is read
off the engine's state: where the token is, whether it is in jail (``jail``) and whether it rolls
again (``again``, ``doubles``). Card draws (PROP-07) are averaged over the deck: the roll is
replayed once for each card the deck could show on top (``decks[d]`` is set so), each with
probability 1/len(deck); a roll that draws twice (Chance's "go back 3" onto Community Chest) is
replayed for each pair. Decisions the roll leaves pending (buy, auction, debt) are left unanswered:
no decision moves a token.

Conventions (the readings behind the numbers):

* A share is counted **at the end of every roll**, each roll of a doubles sequence included (the
  usual "landing" probability, not "where turns end").
* **In jail** (``"in_jail"``) is apart from the jail square (just visiting): a roll that sends the
  token to jail ends "in jail", and so does a failed roll for doubles in jail.
* A card that moves the token counts **at its destination** only (so card squares show less).
* Cards are drawn **at random from the deck's composition**: each draw is any card of the deck with
  chance 1/len(deck) (1/16), whatever was drawn before; the chain ignores deck order. Kept cards
  (get out of jail) count as in the deck.
* ``jail_policy="pay"``: a jailed player leaves at once at the start of his turn (pays the fine or
  uses a card), then rolls as a free player (doubles count). ``"roll"``: he stays and rolls for
  doubles each turn (a double frees him and moves him, no further roll), up to the rule set's
  ``jail.max_turns``; then the rule set's forced exit (moves by that roll, paying where the rules
  say so).
* One token alone: other players never move it.

``simulate_landings`` plays the same thing through the engine's ordinary turn flow with a seeded
``random.Random`` (tests compare it with the exact answer); ``chain`` gives the states and their
transitions for a lesson. The exact solver is the standard library's; the float one imports numpy
lazily (DESIGN.md, "A light core") and falls back to plain Python floats without it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from random import Random

from kit.games.property.actions import (
    Decline,
    EndTurn,
    KeepMortgaged,
    PassBid,
    PayJailFine,
    RollDice,
)
from kit.games.property.game import PropertyGame, PropertyState
from kit.games.property.load import load_rules
from kit.games.property.rules import RuleSet
from kit.games.property.state import FREE

__all__ = [
    "IN_JAIL",
    "POLICIES",
    "Chain",
    "chain",
    "landing_probabilities",
    "landing_probabilities_float",
    "simulate_landings",
    "top_squares",
]

IN_JAIL = "in_jail"
"""The key of the share of rolls that end in jail (not just visiting)."""

POLICIES = ("pay", "roll")

GameLike = PropertyGame | RuleSet | str | Path
"""A game, a rule set, or the name ("classic", "el_pale" ...) or path of a TOML rule set."""

ChainState = tuple[int, int, int]
"""(square, doubles so far this turn, failed rolls in jail or -1 when free)."""


# -- the game ----------------------------------------------------------------------------------

_GAMES: dict[str, PropertyGame] = {}


def _game(game: GameLike) -> PropertyGame:
    if isinstance(game, PropertyGame):
        return game
    if isinstance(game, RuleSet):
        key = f"rules:{id(game)}"
        hit = _GAMES.get(key)
        if hit is None or hit.rules is not game:
            hit = _GAMES[key] = PropertyGame(game, max(game.min_players, 2))
        return hit
    if isinstance(game, str | Path):
        key = str(game)
        if key not in _GAMES:
            rules = load_rules(game)
            _GAMES[key] = PropertyGame(rules, max(rules.min_players, 2))
        return _GAMES[key]
    raise ValueError(f"expected a PropertyGame, a RuleSet or a rule set's name; got {game!r}")


def _policy(jail_policy: str) -> str:
    if jail_policy not in POLICIES:
        raise ValueError(f'jail_policy is "pay" or "roll", not {jail_policy!r}')
    return jail_policy


# -- one roll, through the engine ----------------------------------------------------------------


def _drawn(before: list[int], after: list[int]) -> int:
    """How many cards were taken from the top of a deck (used ones go to the bottom, kept ones
    leave it)."""
    if not before:
        return 0
    return before.index(after[0]) if after else len(before)


def _replay(
    base: PropertyState, st: ChainState, policy: str, dice: tuple[int, int], fixed: dict
) -> tuple[ChainState, dict[int, int]]:
    """Roll ``dice`` from chain state ``st`` in a copy of ``base``, with the top cards of the
    decks in ``fixed`` (deck -> the cards it shows first). Returns the next chain state and the
    number of cards drawn from each deck."""
    s = base.copy()
    p = s.cur
    sq, doubles, jail = st
    s.place(p, sq, doubles, None if jail < 0 else jail)
    for d, prefix in fixed.items():
        s.decks[d] = [*prefix, *(c for c in range(len(s.decks[d])) if c not in prefix)]
    before = [deck[:] for deck in s.decks]
    if jail >= 0 and policy == "pay":
        s.apply(PayJailFine())  # leave at once, then roll as a free player
    s.apply(RollDice())
    s.apply_chance(dice)
    draws = {d: n for d in range(len(before)) if (n := _drawn(before[d], s.decks[d]))}
    if s.jail[p] != FREE:
        nxt = (s.game.rules.jail.square, 0, s.jail[p])
    elif s.again:
        nxt = (s.pos[p], s.doubles, -1)
    else:
        nxt = (s.pos[p], 0, -1)
    return nxt, draws


def _roll_outcomes(
    base: PropertyState, st: ChainState, policy: str, dice: tuple[int, int], fixed: dict
) -> Iterator[tuple[ChainState, Fraction]]:
    """The next chain states after ``dice`` with their chances, each card draw averaged over the
    deck (replaying the roll with each possible card on top)."""
    nxt, draws = _replay(base, st, policy, dice, fixed)
    for d, n in draws.items():
        prefix = fixed.get(d, ())
        if n > len(prefix):  # a draw not yet fixed: branch on its card
            size = len(base.game.decks[d].cards)
            left = [c for c in range(size) if c not in prefix]
            w = Fraction(1, len(left))
            for c in left:
                for out, q in _roll_outcomes(base, st, policy, dice, {**fixed, d: (*prefix, c)}):
                    yield out, q * w
            return
    yield nxt, Fraction(1)


@dataclass(frozen=True)
class Chain:
    """The Markov chain of one token's rolls: ``states[i]`` goes to ``states[j]`` with chance
    ``rows[i][j]`` (a Fraction); state 0 is the start square at the start of a turn. Only the
    states reachable from it are listed."""

    game: PropertyGame
    jail_policy: str
    states: tuple[ChainState, ...]
    rows: tuple[dict[int, Fraction], ...]

    def key(self, i: int) -> int | str:
        """What state ``i`` counts for: its square, or IN_JAIL."""
        sq, _, jail = self.states[i]
        return IN_JAIL if jail >= 0 else sq


_CHAINS: dict[tuple[int, str], tuple[PropertyGame, Chain]] = {}


def chain(game: GameLike, jail_policy: str = "pay") -> Chain:
    """The chain of a game under a jail policy, built from the engine (cached per game)."""
    g = _game(game)
    policy = _policy(jail_policy)
    hit = _CHAINS.get((id(g), policy))
    if hit is not None and hit[0] is g:
        return hit[1]
    base = g.start_state()
    outcomes = g.dice_outcomes
    start: ChainState = (0, 0, -1)
    index = {start: 0}
    states = [start]
    rows: list[dict[int, Fraction]] = []
    i = 0
    while i < len(states):
        st = states[i]
        row: dict[int, Fraction] = {}
        for dice, pd in outcomes:
            for nxt, q in _roll_outcomes(base, st, policy, dice, {}):
                j = index.get(nxt)
                if j is None:
                    j = index[nxt] = len(states)
                    states.append(nxt)
                row[j] = row.get(j, 0) + pd * q
        rows.append(row)
        i += 1
    out = Chain(g, policy, tuple(states), tuple(rows))
    _CHAINS[id(g), policy] = (g, out)
    return out


# -- solving ---------------------------------------------------------------------------------------


def _equations(c: Chain, one) -> list[dict[int, object]]:
    """pi = pi P with pi_0 fixed at 1 (then normalised): for each state j >= 1,
    sum_{i >= 1} pi_i (P[i][j] - [i == j]) = -P[0][j], the right-hand side in column -1; row 0
    is the trivial pi_0 = 1 (no dense normalising row: the elimination stays sparse).
    ``one``: Fraction(1) or 1.0."""
    n = len(c.states)
    zero = one - one
    eqs: list[dict[int, object]] = [{} for _ in range(n)]
    for i, row in enumerate(c.rows):
        for j, q in row.items():
            if j == 0:
                continue
            if i == 0:
                eqs[j][-1] = eqs[j].get(-1, zero) - q * one
            else:
                eqs[j][i] = eqs[j].get(i, zero) + q * one
    for j in range(1, n):
        v = eqs[j].get(j, zero) - one
        if v:
            eqs[j][j] = v
        else:
            eqs[j].pop(j, None)
    eqs[0] = {0: one, -1: one}
    return eqs


def _solve(c: Chain, one) -> list:
    """Sparse Gaussian elimination, exact over Fractions (``one = Fraction(1)``) or in plain
    floats (``one = 1.0``). Pivot: the shortest row holding the column (fill-in stays small);
    in floats only among the rows whose entry is at least a tenth of the column's largest
    (threshold pivoting, for stability)."""
    n = len(c.states)
    rows = _equations(c, one)
    zero = one - one
    exact = isinstance(one, Fraction)
    remaining = set(range(n))
    pivots: list[tuple[int, int]] = []  # (column, row)
    for col in range(n):
        cand = [r for r in remaining if col in rows[r]]
        if not exact:
            big = max(abs(rows[r][col]) for r in cand) / 10
            able = [r for r in cand if abs(rows[r][col]) >= big]
        else:
            able = cand
        r = min(able, key=lambda r: len(rows[r]))
        remaining.discard(r)
        pr = rows[r]
        inv = one / pr[col]
        for k in pr:
            pr[k] *= inv
        for o in cand:
            if o == r:
                continue
            ro = rows[o]
            f = ro.pop(col)
            for k, v in pr.items():
                if k != col:
                    x = ro.get(k, zero) - f * v
                    if x:
                        ro[k] = x
                    else:
                        ro.pop(k, None)
        pivots.append((col, r))
    x = [zero] * n
    for col, r in reversed(pivots):
        pr = rows[r]
        total = pr.get(-1, zero)
        for k, v in pr.items():
            if k != col and k != -1:
                total -= v * x[k]
        x[col] = total
    norm = sum(x, zero)
    return [v / norm for v in x]


def _solve_numpy(c: Chain) -> list[float]:
    """The same pinned system in numpy floats: dense Gaussian elimination with partial pivoting
    written with numpy's elementwise operations (no LAPACK call: a threaded BLAS made
    ``numpy.linalg.solve`` 500 times slower on a busy machine for this 120 x 120 system)."""
    import numpy as np  # lazily: DESIGN.md, "A light core"

    n = len(c.states)
    a = np.zeros((n, n + 1))
    for j, eq in enumerate(_equations(c, 1.0)):
        for k, v in eq.items():
            a[j, n if k == -1 else k] = v
    for col in range(n):
        r = col + int(np.argmax(np.abs(a[col:, col])))
        if r != col:
            a[[col, r]] = a[[r, col]]
        a[col, col:] /= a[col, col]
        below = a[col + 1 :, col]
        a[col + 1 :, col:] -= np.multiply.outer(below, a[col, col:])
    x = np.zeros(n)
    for col in range(n - 1, -1, -1):
        x[col] = a[col, n] - float((a[col, col + 1 : n] * x[col + 1 :]).sum())
    x /= x.sum()
    return x.tolist()


def _by_square(c: Chain, pi: list) -> dict[int | str, object]:
    zero = pi[0] * 0
    out: dict[int | str, object] = {sq: zero for sq in range(c.game.nsq)}
    out[IN_JAIL] = zero
    for i, q in enumerate(pi):
        k = c.key(i)
        out[k] = out[k] + q
    return out


def landing_probabilities(
    game: GameLike, jail_policy: str = "pay", *, exact: bool = True
) -> dict[int | str, Fraction]:
    """The long-run share of rolls that end on each square 0..39 and ``"in_jail"`` (exact
    Fractions; ``exact=False``: plain Python floats, about 1e-16 from the exact values). See the
    module's conventions.

    Floats: numpy (imported lazily) when present, else the same sparse elimination as the exact
    answer in plain Python floats.

    ``game``: a PropertyGame, a RuleSet or a rule set's name ("classic", "el_pale",
    "la_ruta_del_tesoro", "superpoly") or path. ``jail_policy``: "pay" or "roll".
    """
    c = chain(game, jail_policy)
    if exact:
        pi = _solve(c, Fraction(1))
    else:
        try:
            pi = _solve_numpy(c)
        except ImportError:  # pragma: no cover - numpy is in the kit's environment
            pi = _solve(c, 1.0)
    return _by_square(c, pi)  # type: ignore[return-value]


def landing_probabilities_float(game: GameLike, jail_policy: str = "pay") -> dict[int | str, float]:
    """``landing_probabilities`` solved in floats (numpy, else plain Python floats)."""
    return landing_probabilities(game, jail_policy, exact=False)  # type: ignore[return-value]


def top_squares(probs: dict, k: int = 5, game: GameLike | None = None) -> list[tuple[str, float]]:
    """The ``k`` largest shares as (name, share), "in_jail" included; names from ``game``."""
    names = {}
    if game is not None:
        g = _game(game)
        names = {s.index: s.name for s in g.rules.squares}
        names[g.rules.jail.square] = f"{names[g.rules.jail.square]} (just visiting)"
    ranked = sorted(probs.items(), key=lambda kv: -kv[1])[:k]
    return [(names.get(key, str(key)), float(v)) for key, v in ranked]


# -- simulation through the engine ----------------------------------------------------------------


def simulate_landings(
    game: GameLike, jail_policy: str = "pay", rolls: int = 200_000, seed: int = 0, batches: int = 1
) -> list[Counter]:
    """Play ``rolls`` rolls through the engine's ordinary turn flow and count where each ends.

    Two players (every roll of either counts: their tokens move independently); each has a
    fortune no fine can exhaust. Every title starts mortgaged in the first player's hands, so
    landing anywhere asks for no rent and no purchase (PROP-05: a mortgaged title earns none).
    Every action goes through ``apply`` (validated): RollDice → the dice chance node (sampled with
    ``random.Random(seed)``) → RollDice again after a double, else EndTurn. Jail:
    "pay" → PayJailFine at the start of the turn; "roll" → RollDice. Before every roll the kept
    cards go back to their deck and the top two cards of each deck drawn from since are drawn at
    random (a partial Fisher-Yates shuffle; a deck nobody drew from keeps its random top two):
    the chain's convention that each draw is any card of the deck.
    Returns ``batches`` Counters (square or IN_JAIL → rolls), consecutive stretches of the run,
    for batch-means errors.
    """
    g0 = _game(game)
    policy = _policy(jail_policy)
    rich = replace(g0.rules, start_money=10**15)
    g = PropertyGame(rich, 2)
    rng = Random(seed)
    r = rng.random
    s = g.start_state()
    s.owner = [0] * len(g.titles)  # no rent, nothing to buy: only where the tokens go matters
    s.mortgaged = [True] * len(g.titles)
    sizes = [len(d.cards) for d in g.decks]
    tops = [-1] * len(sizes)  # each deck's top card after its last shuffle
    per = -(-rolls // batches)
    out: list[Counter] = [Counter() for _ in range(batches)]
    n = 0
    while n < rolls:
        ph = s.phase
        p = s.cur
        if ph == "turn" or (ph == "after" and s.again):
            if ph == "turn" and s.jail[p] != FREE and policy == "pay":
                s.apply(PayJailFine())
            for q in range(g.n):
                s.held[q].clear()  # kept cards go back: each draw is any card of the deck
            for d, size in enumerate(sizes):
                deck = s.decks[d]
                if len(deck) == size and deck[0] == tops[d]:
                    continue  # not drawn from since its shuffle: its top two are still uniform
                if len(deck) < size:
                    deck = s.decks[d] = list(range(size))
                for i in range(2):  # a partial Fisher-Yates shuffle: the top two are uniform
                    k = i + int(r() * (size - i))
                    deck[i], deck[k] = deck[k], deck[i]
                tops[d] = deck[0]
            s.apply(RollDice())
            s.apply_chance(s.sample_chance(rng))
            out[n // per][IN_JAIL if s.jail[p] != FREE else s.pos[p]] += 1
            n += 1
        elif ph == "after":
            s.apply(EndTurn())
        elif ph == "buy":
            s.apply(Decline())  # nobody buys: the auction is passed, the bank keeps the title
        elif ph == "auction":
            s.apply(PassBid(s.current_player()))
        elif ph == "redeem":
            s.apply(KeepMortgaged(g.t_square[s.redeem_queue[0][1]]))
        elif s.is_chance():
            s.apply_chance(s.sample_chance(rng))
        else:  # pragma: no cover - no debt with a fortune no rent exhausts
            raise RuntimeError(f"the simulation reached phase {ph!r}")
    return out
