"""A small deterministic fuzzer of saved positions (issue 22, point 6), for the tests.

A saved position must either be refused when the game is resumed (`Session.resume`: the
engine's ``from_json`` a ValueError, then its ``audit()``), in one sentence, or be one the game
can go on from: legal moves, the bots and chance, with no error. `fuzz` changes or leaves out
one field of positions saved along seeded games (each with its own seeded `Random`: the same
run every time), resumes them as `Session.resume` does, plays `moves` legal moves, and returns
every mutation that got through the check and then broke the game, or broke the check itself.

    .venv/bin/python tests/save_fuzz.py 2000     # mutations per game; prints what broke
"""

from __future__ import annotations

import copy
import json
import shutil
import sys
import tempfile
import traceback
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any, NamedTuple

from kit.games.registry import game_type
from kit.messages import PlainError
from kit.session import Session

GAMES = ("superpoly", "el_pale", "la_ruta_del_tesoro", "dia_de_paga", "palabra")
BOTS = {"property": "build_asap", "dia_de_paga": "gambler", "palabra": "greedy"}
SNAPSHOTS = tuple(range(0, 160, 4))  # moves into a game at which a position is saved
DELETED = "<deleted>"  # the value of a mutation that leaves a field or an item out


class Crash(NamedTuple):
    """A mutated position the game did not refuse and could not go on from."""

    ruleset: str
    snapshot: int
    path: tuple[Any, ...]  # where in the saved position the value was changed
    value: Any
    stage: str  # "resume" (the check itself broke) or "play"
    error: str

    def __str__(self) -> str:
        where = ".".join(map(str, self.path))
        return f"{self.ruleset}@{self.snapshot} {where}={self.value!r} ({self.stage}): {self.error}"


def table(ruleset: str, seed: int = 3) -> Session:
    """A table of one person and two bots (a random one, a strategic one), in memory."""
    family = game_type(ruleset).family
    return Session.start(ruleset, humans=["Ana"], bots=["random", BOTS[family]], seed=seed)


def positions(ruleset: str) -> list[tuple[int, Session, dict[str, Any]]]:
    """Positions saved along one seeded game: (moves played, a session of that moment, the
    position)."""
    session, rng, played, saved = table(ruleset), Random(ruleset), 0, []
    for target in SNAPSHOTS:
        while played < target and not session.state.is_terminal():
            session.act(rng.choice(session.state.legal_actions()))
            played += 1
        if session.state.is_terminal():
            break
        moment = copy.copy(session)  # the table as it was: its chance steps so far
        saved.append((target, moment, json.loads(session.state.to_json())))
    return saved


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a saved position a value sits (lists and dicts included)."""
    yield path
    if isinstance(value, list):
        for k, item in enumerate(value):
            yield from _leaves(item, (*path, k))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))


def _other(value: Any, seen: list[Any], rng: Random) -> Any:
    """A value a hand edit or a broken file might put in the place of `value`: a plain one, a
    near one, or one the same place held in another position of the game (`seen`), which
    makes a position of sound parts that do not fit together."""
    plain = [None, True, False, 0, -1, 1, 2, 7, 10**6, -(10**6), 10**18, -(2**63), 10**400]
    plain += [2.5, -0.0, "", "x", "0", [], {}, [0], [None], {"": 0}]
    if type(value) is int:
        plain += [value + d for d in (-3, -2, -1, 1, 2, 3, 40, -40)] + [-value, value * 2]
    elif type(value) is list and value:
        plain += [value[:-1], [*value, value[-1]], value[::-1], [value[0]] * len(value)]
        plain += [[*value, *value]]
    elif type(value) is str:
        plain += [value + "x", value.upper(), value[:-1]]
    others = [v for v in seen if v != value]
    if others and rng.random() < 0.6:
        return copy.deepcopy(rng.choice(others))
    return rng.choice(plain)


def _at(state: Any, path: tuple[Any, ...]) -> Any:
    """The value at `path` in `state`, or KeyError/IndexError/TypeError."""
    for key in path:
        state = state[key]
    return state


def mutate(
    state: dict[str, Any], pool: list[dict[str, Any]], rng: Random
) -> tuple[tuple[Any, ...], Any, dict[str, Any]]:
    """One field of `state` changed: (where, the new value, the changed copy)."""
    places = [p for p in _leaves(state) if p]
    path = rng.choice(places)
    changed = copy.deepcopy(state)
    holder = _at(changed, path[:-1])
    seen = []
    for other in rng.sample(pool, min(len(pool), 12)):
        try:
            seen.append(_at(other, path))
        except (KeyError, IndexError, TypeError):
            continue
    if len(path) > 1 and rng.random() < 0.1:  # a field or an item left out (not a line)
        del holder[path[-1]]
        return path, DELETED, changed
    if rng.random() < 0.2:  # a value from elsewhere in the same position: sound, misplaced
        seen = [_at(state, rng.choice(places)) for _ in range(6)]
    value = _other(holder[path[-1]], seen, rng)
    holder[path[-1]] = value
    return path, value, changed


def document(session: Session, state: dict[str, Any]) -> dict[str, Any]:
    """The save file of `session` at `state`, as one dict: {"table": its first line, "save":
    its one save}, which `mutate` changes like any position."""
    record = {"save": 1, "steps": session.steps, "log": session.log[-3:], "state": state}
    return {"table": session._header(), "save": record}


def resumed(folder: Path, doc: dict[str, Any]) -> Session | None:
    """The game in the save file `doc`, opened by `Session.resume`; None if it is refused."""
    path = folder / "partida.json"
    lines = [json.dumps(doc["table"]), json.dumps(doc["save"])]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        session = Session.resume(path)
    except PlainError:
        return None
    session.close()
    session.path = session._file = None  # played in memory from here
    return session


def play(session: Session, moves: int, rng: Random) -> None:
    """Chance and the bots as after a resume, then `moves` legal moves by the person."""
    session.advance()
    for _ in range(moves):
        if session.state.is_terminal():
            return
        session.act(rng.choice(session.state.legal_actions()))


def _error(error: BaseException) -> str:
    last = traceback.extract_tb(error.__traceback__)[-1]
    return f"{type(error).__name__}: {error} [{last.filename.split('kit/')[-1]}:{last.lineno}]"


def fuzz(ruleset: str, tries: int, moves: int = 12, seed: int = 0) -> tuple[int, list[Crash]]:
    """`tries` mutations of positions of `ruleset`: (how many were resumed, the crashes)."""
    saved = [(n, document(session, state)) for n, session, state in positions(ruleset)]
    pool = [doc for _, doc in saved]
    rng = Random(f"{ruleset}/{seed}")
    crashes: list[Crash] = []
    opened = 0
    folder = Path(tempfile.mkdtemp(prefix="save_fuzz."))
    for _ in range(tries):
        snapshot, doc = rng.choice(saved)
        path, value, changed = mutate(doc, pool, rng)
        for _ in range(rng.choice((0, 0, 1, 2))):  # now and then a few fields at once
            more, also, changed = mutate(changed, pool, rng)
            path, value = (*path, "+", *more), (value, also)
        try:
            game = resumed(folder, changed)
        except Exception as error:  # the check broke instead of refusing
            crashes.append(Crash(ruleset, snapshot, path, value, "resume", _error(error)))
            continue
        if game is None:
            continue
        opened += 1
        try:
            play(game, moves, Random(rng.random()))
        except Exception as error:  # went through the check, then broke the game
            crashes.append(Crash(ruleset, snapshot, path, value, "play", _error(error)))
    shutil.rmtree(folder, ignore_errors=True)
    return opened, crashes


def main(tries: int) -> None:
    total = 0
    for ruleset in GAMES:
        opened, crashes = fuzz(ruleset, tries)
        total += len(crashes)
        print(f"{ruleset}: {tries} mutations, {opened} resumed, {len(crashes)} broke the game")
        for crash in crashes:
            print("   ", crash)
    print(f"total: {total}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
