"""How fast the Palabra best-play finder is: median time per 7-card hand.

Hands are seven cards dealt from seeded shuffles of the real deck, alone (no table) and in play
(a few turns into a seeded game: plays on the table to build on, a prior play to shave). The
dictionary is the bundled Spanish list (~84,000 words; --language en: ~128,000). The baseline,
measured in the same run on the same hands, is the brute force (``brute_force_plays``): every order
of every subset of the cards, every letter a wild or vowel card can stand for, a sequence
dropped once its letters start no dictionary word. Both must give the same plays and scores.

    python bench/bench_palabra.py [--hands 200] [--language es] [--games 40]

Target: <= 5 ms median per hand for the finder.

Then the checked path against the unchecked one (issue 12): seeded greedy games are recorded
once, then every action of them is replayed from the same positions twice, through `apply` (the
engine's `refusal`, then the change) and through `_apply_unchecked` alone. Target: checked <= 2x
unchecked.
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

from kit.games.palabra.bots import greedy
from kit.games.palabra.finder import brute_force_plays, plays_for
from kit.games.palabra.game import PalabraGame, PalabraState


def situations(game: PalabraGame, hands: int) -> list[tuple]:
    """Finder arguments: half bare hands, half positions a few turns into seeded games."""
    out = []
    for seed in range(hands):
        rng = Random(seed)
        if seed % 2 == 0:
            cards = [game.cards[i] for i in rng.sample(range(len(game.cards)), 7)]
            out.append((cards, game.dictionary, (), game.cards, 0, -1, True))
            continue
        s = game.new_state()
        steps = 1 + rng.randrange(6)
        while not s.is_terminal() and (s.is_chance() or steps):
            if s.is_chance():
                s.apply_chance(s.sample_chance(rng))
            else:
                s.apply(greedy(s, rng))
                steps -= 1
        if s.is_terminal():
            continue
        out.append(
            (s.hand_cards(s.cur), game.dictionary, s.table, game.cards, s.cur, s.prior, True)
        )
    return out


def recorded_games(game: PalabraGame, games: int) -> list[tuple[PalabraState, list]]:
    """Seeded greedy games: each one's dealt state and its moves (actions and chance outcomes)."""
    out = []
    for seed in range(games):
        rng = Random(seed)
        s = game.new_state()
        while s.is_chance():
            s.apply_chance(s.sample_chance(rng))
        start, moves = s.copy(), []
        while not s.is_terminal():
            move = s.sample_chance(rng) if s.is_chance() else greedy(s, rng)
            moves.append((s.is_chance(), move))
            s.apply_chance(move) if s.is_chance() else s.apply(move)
        out.append((start, moves))
    return out


def replay(recorded: list[tuple[PalabraState, list]], checked: bool) -> tuple[float, int]:
    """Seconds spent in the actions of every recorded game (chance applied alike), and how many."""
    spent, count = 0.0, 0
    clock = time.perf_counter
    for start, moves in recorded:
        s = start.copy()
        for chance, move in moves:
            if chance:
                s.apply_chance(move)
                continue
            t0 = clock()
            if checked:
                s.apply(move)
            else:
                s.events = []
                s._apply_unchecked(move)
            spent += clock() - t0
            count += 1
    return spent, count


def checked_against_unchecked(game: PalabraGame, games: int, repeats: int = 7) -> None:
    """The best of `repeats` replays each way, as a ratio (target: checked <= 2x unchecked)."""
    recorded = recorded_games(game, games)
    checked, unchecked = [], []
    for _ in range(repeats):  # alternated, so a busy machine slows both alike
        checked.append(replay(recorded, True)[0])
        spent, count = replay(recorded, False)
        unchecked.append(spent)
    checked, unchecked = min(checked), min(unchecked)
    print(f"{games} seeded greedy games, {count} actions: checked apply {checked / count * 1e6:.1f}"
          f" µs, unchecked {unchecked / count * 1e6:.1f} µs per action; ratio "
          f"{checked / unchecked:.2f}x (target <= 2x)")  # fmt: skip


def timed(fn, args) -> tuple[float, list]:
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def spread(times: list[float]) -> str:
    p90 = sorted(times)[len(times) * 9 // 10]
    return f"p90 {p90 * 1e3:.2f} ms, max {max(times) * 1e3:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--language", default="es", choices=("es", "en"))
    ap.add_argument("--naive", type=int, default=20, help="hands for the unpruned brute force")
    ap.add_argument("--games", type=int, default=40, help="greedy games for checked/unchecked")
    ns = ap.parse_args()

    game = PalabraGame(players=3, language=ns.language)
    t0 = time.perf_counter()
    d = game.dictionary
    _ = d.index
    print(f"dictionary {d.name}: {len(d)} words, loaded and indexed in "
          f"{time.perf_counter() - t0:.2f} s")  # fmt: skip
    cases = situations(game, ns.hands)
    fast, slow, plays = [], [], 0
    for args in cases:
        tf, a = timed(plays_for, args)
        tb, b = timed(brute_force_plays, args)
        if [(c.action, c.total) for c in a] != [(c.action, c.total) for c in b]:
            raise SystemExit("the finder and the brute force disagree: run the tests")
        fast.append(tf)
        slow.append(tb)
        plays += len(a)
    mf, mb = statistics.median(fast), statistics.median(slow)
    print(f"{len(cases)} hands of 7 cards, {plays} legal plays found (same in both)")
    print(f"finder       median {mf * 1e3:8.2f} ms   ({spread(fast)})")
    print(f"brute force  median {mb * 1e3:8.2f} ms   ({spread(slow)})")
    print(f"ratio brute force / finder: {mb / mf:.1f}x   (target: finder <= 5 ms median)")

    # the plain brute force (no pruning: every sequence tried in full) on bare hands without
    # wild or vowel cards (with them it takes seconds to minutes per hand)
    plain = [a for a in cases if not a[2] and all(c.kind == "letter" for c in a[0])][: ns.naive]
    if plain:
        f2, n2 = [], []
        for args in plain:
            f2.append(timed(plays_for, args)[0])
            n2.append(timed(lambda *a: brute_force_plays(*a, prune=False), args)[0])
        m2f, m2n = statistics.median(f2), statistics.median(n2)
        print(
            f"{len(plain)} bare hands without wild/vowel cards: finder {m2f * 1e3:.2f} ms, "
            f"unpruned brute force {m2n * 1e3:.1f} ms median; ratio {m2n / m2f:.0f}x"
        )
    checked_against_unchecked(game, ns.games)


if __name__ == "__main__":
    main()
