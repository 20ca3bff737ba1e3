"""A game at a class table: who sits where (people or bots), seeded chance, and a save file.

    >>> partida = Session.start("superpoly", humans=["Ana", "Luis"], bots=["build_asap"],
    ...                         seed=2026, save_to="partida.json")
    >>> partida.act(partida.state.legal_actions()[0])   # a person plays; bots answer at once
    >>> partida = Session.resume("partida.json")          # after a kernel restart: nothing lost

After every action the session rolls what chance decides (dice, shuffles) with its own seeded
generator, lets the bots play until a person must choose, and writes the whole table to its JSON
file: the rule set and options, the seats, the state, the generator's state and the game log. A
resumed session therefore goes on exactly as the uninterrupted one would have. The file is
replaced atomically, so a kernel killed mid-write leaves the previous save intact.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from random import Random
from typing import Any

from kit.games import load
from kit.games.registry import game_type, game_types
from kit.messages import t
from kit.sim import bot

FORMAT = "kit-session"
VERSION = 1
MAX_STEPS = 100_000  # chance and bot moves in a row before the session calls it a runaway game


def _random_state(rng: Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _set_random_state(rng: Random, saved: list[Any]) -> None:
    version, internal, gauss = saved
    rng.setstate((version, tuple(internal), gauss))


class Session:
    """One game in progress: `state`, the seats, the log; `act` plays and saves."""

    def __init__(
        self,
        ruleset: str,
        names: Sequence[str],
        bots: Sequence[str | None],
        *,
        seed: int,
        options: dict[str, Any] | None = None,
        save_to: str | Path | None = None,
        state: Any = None,
        log: list[dict[str, Any]] | None = None,
        game: Any = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(t("session.bad_seed", value=seed))
        if len(names) != len(bots):
            raise ValueError("one bot name (or None for a person) per seat")
        self.ruleset = str(ruleset)
        self.family = game_type(ruleset).family
        self.options = dict(options or {})
        self.names = list(names)
        self.seat_bots = list(bots)
        self.seed = seed
        self.path = Path(save_to) if save_to is not None else None
        self.game = game if game is not None else load(ruleset, players=self.names, **self.options)
        self._policies = {p: bot(ruleset, name) for p, name in enumerate(bots) if name}
        self.rng = Random(seed)
        self.state = state if state is not None else self.game.new_state()
        self.log: list[dict[str, Any]] = list(log or [])
        self.save_error: str | None = None  # why the last save failed (the move still counts)
        self.notices: list[str] = []  # what resuming had to say once (a torn save, a takeover)

    # -- starting and resuming ------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        ruleset: str,
        *,
        humans: Sequence[str],
        bots: Sequence[str] = (),
        seed: int = 2026,
        save_to: str | Path | None = None,
        **options: Any,
    ) -> Session:
        """A new game: the people in `humans` (hot seat) first, then one seat per bot name in
        `bots` (e.g. "build_asap"). Options go to `kit.load` (edition, time_limit, months…)."""
        humans = [str(name).strip() for name in humans]
        if any(not name for name in humans):
            raise ValueError(t("session.no_name"))
        robot_names = [t("session.bot_name", n=k + 1) for k in range(len(bots))]
        names = [*humans, *robot_names]
        if len(set(names)) != len(names):
            raise ValueError(t("session.same_name", names=", ".join(names)))
        session = cls(
            ruleset,
            names,
            [None] * len(humans) + list(bots),
            seed=seed,
            options=options,
            save_to=save_to,
        )
        session.advance()
        session.save()
        return session

    @classmethod
    def around(cls, state_or_game: Any, bots: Sequence[str | None], seed: int = 2026) -> Session:
        """A session in memory around a game (or a state of it) made in code, for example with
        a teacher's own word list: bots and seeded chance as usual, but no file to save to,
        since a game built from Python objects cannot be rebuilt from JSON."""
        game = getattr(state_or_game, "game", state_or_game)
        state = state_or_game if game is not state_or_game else None
        kind = game_type(game)
        session = cls(kind.names[0], game.names, bots, seed=seed, state=state, game=game)
        session.ruleset = getattr(getattr(game, "rules", None), "name", kind.names[0])
        session.advance()
        return session

    @classmethod
    def of(cls, table: Any, family: str, seed: int = 2026, bots: Any = None) -> Session:
        """The session a widget plays: `table` itself when it is a session of `family`, else a
        session in memory around a game (or a state) of `family`, with `bots` as {seat: name}
        or a list with one name per seat (None for a person). Refused in plain words."""
        if isinstance(table, Session):
            if table.family != family:
                raise TypeError(t("session.wrong_game", family=family, value=table))
            return table
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(t("session.bad_seed", value=seed))
        game = getattr(table, "game", table)
        if _family_of(game) != family:
            raise TypeError(t("session.wrong_game", family=family, value=table))
        return cls.around(table, _seat_bots(bots, game.n, family), seed=seed)

    @classmethod
    def resume(cls, path: str | Path) -> Session:
        """The game saved in `path`, exactly where it stopped (state, dice generator, log)."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ValueError(t("session.no_file", path=path)) from None
        except json.JSONDecodeError as error:
            raise ValueError(t("session.not_json", path=path, error=error)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(t("session.not_a_game", path=path))
        if data.get("version") != VERSION:
            raise ValueError(t("session.version", path=path, version=data.get("version")))
        session = cls(
            data["ruleset"],
            data["names"],
            data["bots"],
            seed=data["seed"],
            options=data["options"],
            save_to=path,
            log=data["log"],
        )
        session.state = game_type(session.game).state_class.from_json(
            json.dumps(data["state"]), session.game
        )
        _set_random_state(session.rng, data["random"])
        return session

    @classmethod
    def resume_or_start(cls, path: str | Path, ruleset: str, **start: Any) -> Session:
        """Resume the game in `path` if there is one, else start it there: the one cell a
        play notebook needs, run again after a kernel restart."""
        if Path(path).exists():
            session = cls.resume(path)
            if session.ruleset != str(ruleset):
                raise ValueError(
                    t("session.other_game", path=path, saved=session.ruleset, wanted=ruleset)
                )
            return session
        return cls.start(ruleset, save_to=path, **start)

    # -- playing -------------------------------------------------------------------------------

    def to_act(self) -> int | None:
        """The seat that must choose now, or None (game over, or chance to roll)."""
        if self.state.is_terminal() or self.state.is_chance():
            return None
        return self.state.current_player()

    def human_to_act(self) -> bool:
        seat = self.to_act()
        return seat is not None and self.seat_bots[seat] is None

    def why_not(self, action: Any) -> str | None:
        """Why `action` cannot be played now, or None if a person may play it (changes
        nothing): the rules' reason, or that the seat to act is a bot's, which plays itself."""
        seat = self.to_act()
        if seat is not None and self.seat_bots[seat] is not None:
            return t("session.bot_to_act", name=self.names[seat])
        return self.state.why_not(action)

    def act(self, action: Any) -> None:
        """The person to act plays `action`; then chance and bots until a person must choose;
        then save. An illegal action raises `IllegalAction` and changes nothing."""
        seat = self.to_act()
        if seat is None:  # only a finished game: chance is always rolled at once
            raise ValueError(t("session.game_over"))
        if self.seat_bots[seat] is not None:  # a click on a bot's turn is not the bot's move
            raise ValueError(t("session.bot_to_act", name=self.names[seat]))
        self._play(action, by="human")
        self.advance()
        self._save_honestly()

    def step(self) -> bool:
        """One move by chance or a bot (for a table of bots only); False if a person must act
        or the game is over."""
        state = self.state
        if state.is_terminal():
            return False
        if state.is_chance():  # chance no action set off: the set-up (opening roll, the cut)
            state.apply_chance(state.sample_chance(self.rng))
            if state.events:  # one entry for chance in a row (every opening roll: one line)
                last = self.log[-1] if self.log else None
                if last is not None and last["by"] == "chance":
                    last["events"] = [*last["events"], *state.events]
                else:
                    self._record(None, None, "chance", list(state.events))
            return True
        seat = state.current_player()
        if self.seat_bots[seat] is None:
            return False
        self._play(self._policies[seat](state, self.rng), by="bot")
        return True

    def advance(self) -> None:
        """Chance and bots until a person must choose or the game ends. A table with no person
        at it waits for `step()` or `play_bots()`, so a class can watch the bots play."""
        if all(name is not None for name in self.seat_bots):
            while self.state.is_chance():
                self.step()
            return
        for _ in range(MAX_STEPS):
            if not self.step():
                return
        raise RuntimeError(f"{MAX_STEPS} moves without a person to play: a runaway game")

    def play_bots(self, moves: int) -> int:
        """Up to `moves` moves of a table of bots (chance rolls not counted); saves after."""
        if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
            raise ValueError(t("session.bad_moves", value=moves))
        played = 0
        while played < moves and self.step():
            if not self.state.is_chance():
                played += 1
            while self.state.is_chance():
                self.step()
        self._save_honestly()
        return played

    def _play(self, action: Any, by: str) -> None:
        """Apply one action (validated by the engine), roll what chance decides right after
        it, and record what happened."""
        state = self.state
        turn = getattr(state, "turns", None)
        actor = state.current_player()
        state.apply(action)
        events = list(state.events)  # what the engine says happened, in order
        while state.is_chance() and not state.is_terminal():
            state.apply_chance(state.sample_chance(self.rng))
            events += state.events
        self._record(turn, actor, by, events, action)

    def _record(
        self, turn: Any, actor: int | None, by: str, events: list[Any], action: Any = None
    ) -> None:
        """One entry of the game log: who (None for chance alone), what and what followed."""
        entry: dict[str, Any] = {
            "turn": turn,
            "player": actor,
            "by": by,
            "action": None if action is None else _action_data(action),
            "events": events,
        }
        self.log.append(entry)

    # -- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset,
            "options": self.options,
            "names": self.names,
            "bots": self.seat_bots,
            "seed": self.seed,
            "random": _random_state(self.rng),
            "state": json.loads(self.state.to_json()),
            "log": self.log,
        }

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the table to its file (or to `path`, which becomes its file); atomic."""
        if path is not None:
            self.path = Path(path)
        if self.path is None:
            return None
        text = json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, self.path)
        return self.path

    def _save_honestly(self) -> None:
        """Save after a move, which counts whether or not the save works: a failure is told in
        `save_error` («No se ha podido guardar la partida: …») and the game stays playable; the
        next save that works writes everything."""
        try:
            self.save()
        except OSError as error:
            self.save_error = t("session.not_saved", path=self.path, reason=_reason(error))
        else:
            self.save_error = None

    def __repr__(self) -> str:
        seats = ", ".join(
            f"{name} ({bot_name})" if bot_name else name
            for name, bot_name in zip(self.names, self.seat_bots, strict=True)
        )
        return f"Session({self.ruleset!r}: {seats}; seed {self.seed})"


def _reason(error: OSError) -> str:
    """An operating system's error in a sentence: its own words, without Python's numbers."""
    return error.strerror or str(error)


def _family_of(game: Any) -> str | None:
    """The registered family of a game object, or None for anything else."""
    if isinstance(game, str | Path):  # a name or a file is not a game object
        return None
    try:
        return game_type(game).family
    except ValueError:
        return None


def _engine_name(family: str) -> str:
    """A game name the engine of `family` answers to."""
    return next(kind.names[0] for kind in game_types() if kind.family == family)


def _seat_bots(bots: Any, n: int, family: str) -> list[str | None]:
    """One bot name (or None for a person) per seat, from {seat: name} or a list; checked."""
    if bots is None:
        return [None] * n
    if isinstance(bots, Mapping):
        pairs = list(bots.items())
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        pairs = [(seat, name) for seat, name in enumerate(bots) if name is not None]
    else:
        raise ValueError(t("session.bad_bots", value=bots))
    seats: list[str | None] = [None] * n
    for seat, name in pairs:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(t("session.bad_seat", n=n, last=n - 1, value=seat))
        try:
            bot(_engine_name(family), name)
        except (ValueError, TypeError, AttributeError) as error:
            raise ValueError(
                t("session.bad_bot", value=name, family=family, reason=error)
            ) from None
        seats[seat] = name
    return seats


def _action_data(action: Any) -> dict[str, Any]:
    from kit.games.core import action_to_dict

    return action_to_dict(action)
