"""The small checks every engine's ``audit`` is made of (`kit.games.property.audit`,
`kit.games.dia_de_paga.audit`, `kit.games.palabra.audit`): each adds one plain sentence of
``kit/data/messages/audit.toml``, in the class language and beginning with the field of the saved
game it is about, and answers True when the value is sound. An engine subclasses `Findings` for
what only it has (dice, payslips, plays on the table)."""

from __future__ import annotations

import json
from typing import Any

from kit.messages import t
from kit.table import format_count

# What a check is about, written only when something is wrong: a key of the catalogue's what_*
# phrases, or (key, its values).
What = str | tuple[str, dict[str, Any]]
_INT = {int}


def show(value: Any) -> str:
    """A value as a message shows it: a whole number as the language writes it (1 000 000),
    anything else as it reads in the saved file (JSON), cut short when long."""
    if type(value) is int:
        return format_count(value)
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def whole_numbers(v: list[Any], low: int | None = None, high: int | None = None) -> bool:
    """Whole numbers only (a bool or a float is not one), from `low` to `high`: the quick test
    of a whole list, before it is looked at item by item."""
    return not v or (
        set(map(type, v)) == _INT
        and (low is None or min(v) >= low)
        and (high is None or max(v) <= high)
    )


class Findings:
    """The problems found so far, and the checks that add them (each True when sound)."""

    __slots__ = ("n", "names", "wrong")

    def __init__(self, names: list[str]) -> None:
        self.wrong: list[str] = []
        self.names = names
        self.n = len(names)

    def say(self, key: str, **values: Any) -> None:
        self.wrong.append(t("audit." + key, **values))

    def words(self, what: What) -> str:
        if type(what) is str:
            return t("audit.what_" + what)
        return t("audit.what_" + what[0], **what[1])

    def listed(self, field: str, v: Any, size: int | None = None, per: str = "players") -> bool:
        """A list (of `size` entries, one per `per`: players, titles, groups, decks)."""
        if type(v) is not list:
            self.say("not_list", field=field, value=show(v))
            return False
        if size is not None and len(v) != size:
            self.say("length_" + per, field=field, got=len(v), n=size)
            return False
        return True

    def number(self, field: str, x: Any, what: What, low: int = 0, high: int | None = None) -> bool:
        """A whole number from `low` to `high` (None: no top)."""
        if type(x) is not int:
            self.say("whole", field=field, what=self.words(what), value=show(x))
        elif x < low and high is None:
            self.say("at_least", field=field, what=self.words(what), value=show(x), low=show(low))
        elif x < low or (high is not None and x > high):
            values = {"value": show(x), "low": show(low), "high": show(high)}
            self.say("range", field=field, what=self.words(what), **values)
        else:
            return True
        return False

    def flag(self, field: str, x: Any, what: What) -> bool:
        if type(x) is not bool:
            self.say("flag", field=field, what=self.words(what), value=show(x))
            return False
        return True

    def choice(self, field: str, x: Any, what: What, allowed: tuple[str, ...]) -> bool:
        if type(x) is not str or x not in allowed:
            choices = ", ".join(json.dumps(a) for a in allowed)
            self.say("one_of", field=field, what=self.words(what), value=show(x), allowed=choices)
            return False
        return True

    def seat(self, field: str, x: Any, what: What) -> bool:
        if type(x) is not int or not 0 <= x < self.n:
            last = self.n - 1
            self.say("seat", field=field, what=self.words(what), value=show(x), n=self.n, last=last)
            return False
        return True

    def seats(self, field: str, v: Any, what: What, empty: bool = True) -> bool:
        """A list of different seats (not empty, unless `empty`)."""
        sound = type(v) is list and whole_numbers(v, 0, self.n - 1) and len(set(v)) == len(v)
        if sound and (v or empty):
            return True
        self.say("seats", field=field, what=self.words(what), value=show(v), last=self.n - 1)
        return False
