"""Reading a save file, checked field by field before anything is rebuilt from it.

Every problem is one plain sentence naming the file, the line and the field (a `BadSave`, a
ValueError); the state itself is then checked by its engine (`from_json`, then ``audit()``, in
`kit.session`). The one problem that does not refuse the game is a torn last line, which a
kill in the middle of a save leaves: it is dropped, and `Saved.torn` says so; and a gap in the
save numbers (save 4, then 6…), which two writers at once leave: the game goes on from the last
save before the gap, the ones after it are dropped, and `Saved.gap` says which.

Files of the first format (one JSON object, rewritten whole at every save) are read too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from kit.games.audit import show
from kit.messages import PlainError, os_reason, t

FORMAT = "kit-session"
VERSION = 2
_BY = ("human", "bot", "chance")


class BadSave(PlainError):
    """A save file that cannot be resumed, with the sentence that says why."""


class Saved(NamedTuple):
    """What a save file holds, checked: the table, the whole log, the last whole state."""

    ruleset: str
    options: dict[str, Any]
    names: list[str]
    bots: list[str | None]
    seed: int
    state: dict[str, Any]
    log: list[dict[str, Any]]
    steps: int  # chance steps taken so far: the next one's generator is seeded by (seed, steps)
    number: int  # the number of the last save
    records: int  # how many saves the file holds (1 once written whole)
    torn: bool  # whether a torn last line was dropped
    version: int
    gap: tuple[int, int] | None = None  # the first and last numbers of saves dropped after a gap


def read_save(path: Path) -> Saved:
    """The game saved in ``path``, checked; `BadSave` names the first problem."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BadSave("session.no_file", path=path) from None
    except OSError as error:
        raise BadSave("session.unreadable", path=path, reason=os_reason(error)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadSave("session.not_utf8", path=path, position=error.start) from None
    first, _, rest = text.partition("\n")
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    if isinstance(head, dict) and head.get("version") == VERSION and head.get("format") == FORMAT:
        return _lines(path, head, rest)
    return _whole(path, text)


def _whole(path: Path, text: str) -> Saved:
    """A file of the first format: one JSON object."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise BadSave("session.not_json", path=path, error=error) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave("session.not_a_game", path=path)
    if data.get("version") != 1:
        raise BadSave("session.version", path=path, version=data.get("version"))
    check = _Checker(path, t("session.at_file"))
    table = _table(check, data)
    state = check.field(data, "state", dict, "expect_dict")
    log = _log(check, data, len(table[2]))
    return Saved(*table, state, log, 0, 0, 1, False, 1)


def _lines(path: Path, head: dict[str, Any], rest: str) -> Saved:
    """A file of lines: the table, then one save per line; a torn last line is dropped."""
    table = _table(_Checker(path, t("session.at_line", line=1)), head)
    lines = rest.split("\n")
    torn = False
    if lines[-1] == "":
        lines.pop()  # the end of the last whole line
    records: list[dict[str, Any]] = []
    for k, line in enumerate(lines):
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if not isinstance(record, dict) and k == len(lines) - 1:
            torn = True  # a save cut off while it was written: the one before it holds
            break
        check = _Checker(path, t("session.at_line", line=k + 2))
        if not isinstance(record, dict):
            raise check.refuse("save", "expect_record", line[:40])
        records.append(record)
    if not records:
        raise BadSave("session.no_saves", path=path)
    log: list[dict[str, Any]] = []
    number = steps = 0
    state: dict[str, Any] = {}
    gap = None
    for k, record in enumerate(records):
        check = _Checker(path, t("session.at_line", line=k + 2))
        n = check.whole(record, "save", low=1)
        if number and n != number + 1:  # two writers at once: the saves up to here are whole
            gap = (n, _last_number(records, n))
            records = records[:k]
            break
        later = check.whole(record, "steps", low=steps)
        log += _log(check, record, len(table[2]))
        if k == 0 or "state" in record:  # the whole position
            state = dict(check.field(record, "state", dict, "expect_dict"))
        else:  # the fields that changed since the save before
            state.update(check.field(record, "changed", dict, "expect_dict"))
        number, steps = n, later
    return Saved(*table, state, log, steps, number, len(records), torn, VERSION, gap)


def _last_number(records: list[dict[str, Any]], default: int) -> int:
    """The save number of the file's last line (``default`` if it has none)."""
    last = records[-1].get("save")
    return last if isinstance(last, int) and not isinstance(last, bool) else default


def _table(check: _Checker, data: dict[str, Any]) -> tuple[Any, ...]:
    """The table of a save: rule set, options, seats (names and bots), seed."""
    ruleset = check.field(data, "ruleset", str, "expect_text")
    options = check.field(data, "options", dict, "expect_dict")
    if not all(isinstance(key, str) for key in options):
        raise check.refuse("options", "expect_dict", options)
    names = check.field(data, "names", list, "expect_names")
    if not names or not all(isinstance(n, str) and n.strip() for n in names):
        raise check.refuse("names", "expect_names", names)
    if len(set(names)) != len(names):
        raise check.refuse("names", "expect_names", names)
    if "bots" not in data:
        raise BadSave("session.missing_field", path=check.path, where=check.where, field="bots")
    bots = data["bots"]
    seated = type(bots) is list and len(bots) == len(names)  # a bot's name is never empty
    if not seated or not all(b is None or (type(b) is str and b) for b in bots):
        raise check.refuse("bots", "expect_bots", bots, n=len(names))
    seed = check.whole(data, "seed")
    return ruleset, options, names, bots, seed


def _log(check: _Checker, data: dict[str, Any], seats: int) -> list[dict[str, Any]]:
    """The log entries of one save, each checked (who played, how, what happened)."""
    log = check.field(data, "log", list, "expect_list")
    for entry in log:
        if not isinstance(entry, dict):
            raise check.refuse("log", "expect_entry", entry)
        player = entry.get("player")
        if player is not None and (
            isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats
        ):
            raise check.refuse("log.player", "expect_seat", player, last=seats - 1)
        turn = entry.get("turn")
        if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int)):
            raise check.refuse("log.turn", "expect_whole", turn)
        if entry.get("by") not in _BY:
            raise check.refuse("log.by", "expect_by", entry.get("by"))
        if not (entry.get("action") is None or isinstance(entry.get("action"), dict)):
            raise check.refuse("log.action", "expect_action", entry.get("action"))
        if not isinstance(entry.get("events"), list):
            raise check.refuse("log.events", "expect_list", entry.get("events"))
    return log


class _Checker:
    """Checks of one place in a file (its header, one line), each refusal naming the field."""

    def __init__(self, path: Path, where: str) -> None:
        self.path, self.where = path, where

    def refuse(self, field: str, expected: str, value: Any, **values: Any) -> BadSave:
        """The refusal of ``field``: what it should be (``expected``, a key), what it is."""
        return BadSave(
            "session.bad_field",
            path=self.path,
            where=self.where,
            field=field,
            expected=t(f"session.{expected}", **values),
            value=show(value),
        )

    def field(self, data: dict[str, Any], name: str, kind: type, expected: str) -> Any:
        if name not in data:
            raise BadSave("session.missing_field", path=self.path, where=self.where, field=name)
        value = data[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise self.refuse(name, expected, value)
        return value

    def whole(self, data: dict[str, Any], name: str, low: int | None = None) -> int:
        value = self.field(data, name, int, "expect_whole")
        if low is not None and value < low:
            raise self.refuse(name, "expect_at_least", value, low=low)
        return value
