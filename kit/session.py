"""A game at a class table: who sits where (people or bots), seeded chance, and a save file.

    >>> partida = Session.start("superpoly", humans=["Ana", "Luis"], bots=["build_asap"],
    ...                         seed=2026, save_to="partida.json")
    >>> partida.act(partida.state.legal_actions()[0])   # a person plays; bots answer at once
    >>> partida = Session.resume("partida.json")          # after a kernel restart: nothing lost

After every action the session rolls what chance decides (dice, shuffles) and lets the bots play
until a person must choose, then saves. Each chance step k draws from its own generator, seeded
by (seed, k), so a save needs only the count of steps to go on exactly as the uninterrupted game
would have. The save file (`kit.save_file`) is an append-only log with one writer: a save adds
one line, a second session on a game in use is refused, and a save that fails is told
(`save_error`) while the move still counts. Resuming checks the file field by field
(`kit.save_check`) and the position against the rules (its engine's ``audit()``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from random import Random
from typing import Any

from kit.games import load
from kit.games.registry import game_type, game_types
from kit.messages import PlainError, os_reason, t
from kit.plain_calls import plain
from kit.save_check import FORMAT, VERSION, BadSave, read_save
from kit.save_file import SaveConflict, SaveFile, last_number
from kit.sim import bot
from kit.table import Table

MAX_STEPS = 100_000  # chance and bot moves in a row before the session calls it a runaway game
_NONE = object()  # a field a saved position did not have


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
        steps: int = 0,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(t("session.bad_seed", value=seed))
        if len(names) != len(bots):
            raise ValueError("one bot name (or None for a person) per seat")
        self.ruleset = str(ruleset)
        self.family = game_type(ruleset).family
        self.options = dict(options or {})
        self.names = list(names)
        kind = game_type(ruleset)
        self.seat_bots = [kind.bot_key(name) if name else None for name in bots]  # «Ambiciosa»
        self.seed = seed
        self.path = Path(save_to) if save_to is not None else None
        self.game = game if game is not None else load(ruleset, players=self.names, **self.options)
        self._policies = {p: bot(ruleset, name) for p, name in enumerate(self.seat_bots) if name}
        self.steps = steps  # chance steps so far: step k draws from Random(f"{seed}/{k}")
        self.rng = Random(f"{seed}/{steps}")
        self.state = state if state is not None else self.game.new_state()
        self.log: list[dict[str, Any]] = list(log or [])
        self._file: SaveFile | None = None  # the hold on the save file, taken when first saved
        self._saved = len(self.log)  # log entries already in the file
        self._saved_state: dict[str, Any] | None = None  # the position as the file has it
        self.save_error: str | None = None  # why the last save failed (the move still counts)
        self.notices: list[str] = []  # what resuming had to say once (a torn save, a takeover)
        self._number = 0  # the number of the last save read (resume)
        self._appends = False  # whether the file read is one whole save (the next appends)

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
        try:
            if session.path is not None:
                session._hold(session.path, fresh=True)  # InUse while another session plays it
            session.advance()
            session.save()
        except (OSError, SaveConflict) as error:
            session.close()
            raise PlainError(
                "session.cannot_start", path=session.path, reason=os_reason(error)
            ) from None
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
        """The game saved in `path`, exactly where it stopped (state, chance, log), once the
        file and the position are checked; refused in one sentence (a ValueError) if either
        is wrong, or while another session plays it. The lock is claimed before the file is
        read, so what this session reads is what no other session writes to any more."""
        path = Path(path)
        if not path.exists():
            raise BadSave("session.no_file", path=path)
        held = SaveFile(path)
        notice = held.claim()  # InUse while another session plays it; nothing changed
        try:
            session = cls._read(path)
        except BaseException:
            held.release()
            raise
        if notice:
            session.notices.insert(0, notice)
        session._take(held)
        return session

    @classmethod
    def _read(cls, path: Path) -> Session:
        """The session saved in `path` (its lock already held), checked; no file yet."""
        saved = read_save(path)
        try:
            session = cls(
                saved.ruleset,
                saved.names,
                saved.bots,
                seed=saved.seed,
                options=saved.options,
                log=saved.log,
                steps=saved.steps,
            )
        except (ValueError, TypeError, OSError) as error:
            raise BadSave("session.bad_table", path=path, reason=error) from None
        kind = game_type(session.game)
        try:
            state = kind.state_class.from_json(json.dumps(saved.state), session.game)
        except ValueError as error:
            raise BadSave("session.bad_state", path=path, reason=error) from None
        problems = state.audit()
        if problems:
            raise BadSave("session.broken_rules", path=path, problems="; ".join(problems))
        session.state = state
        session._number = saved.number
        if saved.torn:
            session.notices.append(t("session.torn", path=path))
        if saved.gap is not None:
            first, last = saved.gap
            session.notices.append(
                t("session.gap", path=path, number=saved.number, first=first, last=last)
            )
            session._number = max(saved.number, last)  # dropped on purpose: not a newer save
        whole = saved.version == VERSION and saved.records == 1 and not saved.torn
        session._appends = whole and saved.gap is None
        if session._appends:
            session._saved_state = saved.state
        return session

    def _take(self, held: SaveFile) -> None:
        """Make `held` (claimed, the file read after) this session's file."""
        assert self.path is None or self.path == held.path
        self._file, self.path = held, held.path
        held.number = self._number
        if self._appends:
            held.size = held.path.stat().st_size  # already one save: the next appends
        else:
            self._saved_state = None

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
        self._still_mine()
        if seat is None:  # only a finished game: chance is always rolled at once
            raise ValueError(t("session.game_over"))
        if self.seat_bots[seat] is not None:  # a click on a bot's turn is not the bot's move
            raise ValueError(t("session.bot_to_act", name=self.names[seat]))
        self._play(action, by="human")
        self._advance()
        self._save_honestly()

    def _still_mine(self) -> None:
        """Refuse (`SaveConflict`, one sentence) before anything is played when another table
        plays this game now (the cell run again, another kernel): a move here would be lost."""
        gone = self._file.mine() if self._file is not None else None
        if gone is not None:
            raise gone

    def step(self) -> bool:
        """One move by chance or a bot (for a table of bots only); False if a person must act
        or the game is over. Refused, changing nothing, at a table that is no longer the
        game's."""
        self._still_mine()
        return self._step()

    def _step(self) -> bool:
        """`step`, once the table is known to be the game's."""
        state = self.state
        if state.is_terminal():
            return False
        if state.is_chance():  # chance no action set off: the set-up (opening roll, the cut)
            state.apply_chance(state.sample_chance(self._next_rng()))
            if state.events:  # one entry for chance in a row (every opening roll: one line)
                last = self.log[-1] if len(self.log) > self._saved else None  # not a saved one
                if last is not None and last["by"] == "chance":
                    last["events"] = [*last["events"], *state.events]
                else:
                    self._record(None, None, "chance", list(state.events))
            return True
        seat = state.current_player()
        if self.seat_bots[seat] is None:
            return False
        self._play(self._policies[seat](state, self._next_rng()), by="bot")
        return True

    def advance(self) -> None:
        """Chance and bots until a person must choose or the game ends. A table with no person
        at it waits for `step()` or `play_bots()`, so a class can watch the bots play. Refused,
        changing nothing, at a table that is no longer the game's."""
        self._still_mine()
        self._advance()

    def _advance(self) -> None:
        """`advance`, once the table is known to be the game's."""
        if all(name is not None for name in self.seat_bots):
            while self.state.is_chance():
                self._step()
            return
        for _ in range(MAX_STEPS):
            if not self._step():
                return
        raise RuntimeError(f"{MAX_STEPS} moves without a person to play: a runaway game")

    def play_bots(self, moves: int) -> int:
        """Up to `moves` moves of a table of bots (chance rolls not counted); saves after.
        Refused before the first move at a table that is no longer the game's."""
        if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
            raise ValueError(t("session.bad_moves", value=moves))
        self._still_mine()
        played = 0
        while played < moves and self._step():
            if not self.state.is_chance():
                played += 1
            while self.state.is_chance():
                self._step()
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
        rng = self._next_rng() if state.is_chance() else None
        while rng is not None and state.is_chance() and not state.is_terminal():
            state.apply_chance(state.sample_chance(rng))
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
            "events": json.loads(json.dumps(events)),  # as they were: engines reuse lists
        }
        self.log.append(entry)

    # -- saving --------------------------------------------------------------------------------

    def _next_rng(self) -> Random:
        """The generator of the next chance step (and of the bot move it goes with)."""
        self.rng = Random(f"{self.seed}/{self.steps}")
        self.steps += 1
        return self.rng

    def _header(self) -> dict[str, Any]:
        """The first line of the save file: the table."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset,
            "options": self.options,
            "names": self.names,
            "bots": self.seat_bots,
            "seed": self.seed,
        }

    def _line(self, entries: list[dict[str, Any]], state: dict[str, Any]) -> dict[str, Any]:
        """One save: the log entries since the last, the chance steps, and the position: whole
        (``state``) in a file written whole, else only the fields that changed (``changed``),
        which keeps an appended line small."""
        line: dict[str, Any] = {"steps": self.steps, "log": entries, "time": time.time()}
        before = self._saved_state
        if before is None:
            line["state"] = state
        else:
            line["changed"] = {k: v for k, v in state.items() if before.get(k, _NONE) != v}
        return line

    def _hold(self, path: Path, *, fresh: bool) -> None:
        """Take the save file at `path` for this session (`kit.save_file.SaveFile.claim`);
        `fresh`: a new game that replaces whatever the file held."""
        held = SaveFile(path)
        notice = held.claim()  # InUse while another session plays it; nothing changed
        if notice:
            self.notices.append(notice)
        if fresh:
            held.number = last_number(path)  # replaced on purpose: not an older save
        if self._file is not None and self._file.path != path:
            self._file.release()
        self._file, self.path = held, path

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the game to its file (or to `path`, which becomes its file): one line at the
        end, or the whole file when it is not as this session left it. Raises OSError if the
        system refuses, `SaveConflict` if another session has the game."""
        if path is not None and (self._file is None or Path(path) != self._file.path):
            self._hold(Path(path), fresh=True)
        if self.path is None:
            return None
        if self._file is None:
            self._hold(self.path, fresh=True)
        assert self._file is not None
        state = json.loads(self.state.to_json())
        if self._file.appends():
            self._file.append(self._line(self.log[self._saved :], state))
        else:
            self._saved_state = None  # the file is written whole: the position too
            self._file.write_all(self._header(), self._line(self.log, state))
        self._saved, self._saved_state = len(self.log), state
        return self.path

    def close(self) -> None:
        """Let the game go: another session may open it at once (else it may when this
        kernel has stopped, or after a while without saves; see `kit.save_file`)."""
        if self._file is not None:
            self._file.release()

    def _save_honestly(self) -> None:
        """Save after a move, which counts whether or not the save works: a failure is told in
        `save_error` («No se ha podido guardar la partida: …») and the game stays playable; the
        next save that works writes everything."""
        try:
            self.save()
        except SaveConflict as error:
            self.save_error = t("session.not_saved_conflict", reason=error)
        except OSError as error:
            self.save_error = t("session.not_saved", path=self.path, reason=os_reason(error))
        else:
            self.save_error = None

    def fortunes_table(self) -> Table:
        """Who is winning: each seat's fortune as the game counts it at the end (property games:
        money, titles and buildings; Día de Paga: cash + libreta − loans), in seat order."""
        fortunes = getattr(self.state, "fortunes", None)
        if fortunes is None:
            raise PlainError("session.no_fortunes", game=self.ruleset)
        return Table(
            list(zip(self.names, fortunes(), strict=True)),
            ["jugador", "fortuna"],
            labels={"jugador": t("session.fortune_player"), "fortuna": t("session.fortune")},
            formats={"fortuna": "count"},
        )

    # the name the class games' notebooks type: each slip one sentence (kit/plain_calls.py)
    tabla_de_fortunas = plain(fortunes_table, "session.tabla_de_fortunas", method=True)

    def __repr__(self) -> str:
        seats = ", ".join(
            f"{name} ({bot_name})" if bot_name else name
            for name, bot_name in zip(self.names, self.seat_bots, strict=True)
        )
        return f"Session({self.ruleset!r}: {seats}; seed {self.seed})"


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
