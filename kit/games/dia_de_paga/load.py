"""Load and check the Día de Paga rule set from TOML (`kit/data/dia_de_paga.toml` or a teacher's).

    >>> rules = load_rules()                           # the kit's own board and cards
    >>> rules = load_rules("mi_dia_de_paga.toml")      # a teacher's copy

A file that does not fit raises `RuleSetError` (a `ValueError`) whose message names the file, the
key (a dotted path such as `mail[12].amount`) and what was expected there, so that a teacher who
edited an amount by hand can find and fix the mistake. Only the standard library is used.

Every table has `source = "rulebook" | "kit"`; a "rulebook" table may list in `readings = [...]`
the keys whose value is the kit's reading of a silent rulebook (their source is then "kit").
Every day and every card has its own `source`.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from .rules import (
    DAY_KINDS,
    EVENT_EFFECTS,
    MAIL_KINDS,
    MAIL_WITH_AMOUNT,
    AcquisitionCard,
    Day,
    DiaDePagaRules,
    EventCard,
    MailCard,
)

__all__ = ["RuleSetError", "bundled_path", "load_rules"]

SOURCES = ("rulebook", "kit")
N_DAYS = 31

# table -> {key: (type, field)}; types: "pos" (whole number > 0), "int" (whole number >= 0),
# "percent" (whole number 0..100 -> Fraction), "str", "faces" (list of die faces 1..6)
TABLES: dict[str, dict[str, tuple[str, str]]] = {
    "game": {"title": ("str", "title"), "currency": ("str", "currency")},
    "players": {"min": ("pos", "min_players"), "max": ("pos", "max_players")},
    "money": {"start": ("pos", "start_money"), "salary": ("int", "salary")},
    "savings": {
        "interest_percent": ("percent", "savings_interest"),
        "last_deposit_day": ("int", "last_deposit_day"),
        "withdrawal_fee": ("int", "withdrawal_fee"),
    },
    "loans": {
        "card_value": ("pos", "loan_unit"),
        "cards": ("pos", "loan_cards"),
        "interest_percent": ("percent", "loan_interest"),
    },
    "lottery": {"bank_prize": ("int", "lottery_prize"), "stake": ("pos", "lottery_stake")},
    "birthday": {"amount": ("int", "birthday_amount")},
    "election": {"amount": ("int", "election_amount")},
    "necessity": {
        "stake_below": ("pos", "necessity_stake_below"),
        "winning_faces": ("faces", "necessity_faces"),
        "multiplier": ("int", "necessity_multiplier"),
    },
    "acquisition": {"life_months": ("pos", "acquisition_life")},
    "decks": {"mail": ("pos", "mail_deck_size"), "events": ("pos", "event_deck_size")},
}
TOP_LEVEL = {*TABLES, "days", "mail", "acquisitions", "events"}
ARRAYS = ("days", "mail", "acquisitions", "events")


class RuleSetError(ValueError):
    """A rule-set file that does not fit: the message names the file, the key and what was
    expected there."""


def bundled_path(name: str = "dia_de_paga") -> Path:
    return Path(str(resources.files("kit") / "data" / f"{name}.toml"))


class _Reader:
    def __init__(self, path: Path):
        self.path = path

    def fail(self, key: str, expected: str, got: Any = None, *, show: bool = True) -> RuleSetError:
        tail = f", got {got!r}" if show else ""
        return RuleSetError(f"{self.path}: {key}: expected {expected}{tail}")

    def value(self, kind: str, key: str, v: Any) -> Any:
        if kind == "str":
            if not isinstance(v, str) or not v.strip():
                raise self.fail(key, "a non-empty text", v)
            return v
        if kind == "faces":
            ok = (
                isinstance(v, list)
                and v
                and all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in v)
            )
            if not ok or len(set(v)) != len(v):
                raise self.fail(key, "a list of different die faces 1..6 such as [5, 6]", v)
            return tuple(v)
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(key, "a whole number", v)
        if kind == "pos" and v <= 0:
            raise self.fail(key, "a whole number greater than 0", v)
        if v < 0:
            raise self.fail(key, "a whole number of at least 0", v)
        if kind == "percent":
            if v > 100:
                raise self.fail(key, "a percentage from 0 to 100", v)
            return Fraction(v, 100)
        return v

    def source(self, key: str, table: dict[str, Any]) -> str:
        s = table.get("source")
        if s not in SOURCES:
            raise self.fail(f"{key}.source", 'source = "rulebook" or "kit"', s)
        return s

    def keys(self, key: str, table: dict[str, Any], required: set[str], optional: set[str]):
        unknown = sorted(set(table) - required - optional)
        if unknown:
            allowed = ", ".join(sorted(required | optional))
            raise self.fail(f"{key}.{unknown[0]}", f"one of the known keys ({allowed})", unknown[0])
        missing = sorted(required - set(table))
        if missing:
            raise self.fail(f"{key}.{missing[0]}", "a value (the key is missing)", show=False)


def load_rules(path: str | Path = "dia_de_paga") -> DiaDePagaRules:
    """The rule set from a bundled name ("dia_de_paga") or the path of a TOML file."""
    p = Path(path)
    if p.suffix != ".toml" and not p.exists():
        p = bundled_path(str(path))
    r = _Reader(p)
    try:
        with p.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise RuleSetError(f"{p}: no such file") from None
    except tomllib.TOMLDecodeError as e:
        raise RuleSetError(f"{p}: not valid TOML: {e}") from None

    unknown = sorted(set(data) - TOP_LEVEL)
    if unknown:
        raise r.fail(unknown[0], f"one of the tables {', '.join(sorted(TOP_LEVEL))}", unknown[0])
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for tname, spec in TABLES.items():
        table = data.get(tname)
        if not isinstance(table, dict):
            raise r.fail(tname, f"a table [{tname}]", table, show=table is not None)
        r.keys(tname, table, {*spec, "source"}, {"readings"})
        src = r.source(tname, table)
        readings = table.get("readings", [])
        if not isinstance(readings, list) or any(k not in spec for k in readings):
            raise r.fail(f"{tname}.readings", f"a list of keys of [{tname}]", readings)
        for k, (kind, fld) in spec.items():
            values[fld] = r.value(kind, f"{tname}.{k}", table[k])
            sources[f"{tname}.{k}"] = "kit" if k in readings else src

    for arr in ARRAYS:
        if not isinstance(data.get(arr), list) or not all(isinstance(x, dict) for x in data[arr]):
            raise r.fail(arr, f"an array of tables `{arr} = [{{ ... }}, ...]`", data.get(arr))

    days = []
    for i, t in enumerate(data["days"]):
        key = f"days[{i}]"
        r.keys(key, t, {"day", "kind", "name", "source"}, {"count", "amount"})
        if t["day"] != i + 1:
            raise r.fail(f"{key}.day", f"day {i + 1} (the days in order 1..31)", t["day"])
        if t["kind"] not in DAY_KINDS:
            raise r.fail(f"{key}.kind", f"one of {', '.join(DAY_KINDS)}", t["kind"])
        kind = t["kind"]
        count = r.value("int", f"{key}.count", t.get("count", 0))
        amount = r.value("int", f"{key}.amount", t.get("amount", 0))
        if kind == "mail" and not 1 <= count <= 3:
            raise r.fail(f"{key}.count", "a mail day's count of 1, 2 or 3 mail cards", count)
        if kind in ("pay", "receive") and amount <= 0:
            raise r.fail(f"{key}.amount", f"the amount (> 0) of a {kind} day", amount)
        days.append(
            Day(
                i + 1,
                kind,
                r.value("str", f"{key}.name", t["name"]),
                r.source(key, t),
                count,
                amount,
            )
        )
    if len(days) != N_DAYS:
        raise r.fail("days", f"{N_DAYS} days", len(days))
    if days[-1].kind != "payday" or any(d.kind == "payday" for d in days[:-1]):
        raise r.fail("days", 'day 31, and only day 31, of kind "payday"', show=False)
    for d in days:
        if d.kind == "time_change" and (d.day == 1 or days[d.day - 2].kind != "acquisition"):
            raise r.fail(
                f"days[{d.day - 1}].kind",
                "an acquisition day just before a time change (the rulebook's note)",
                show=False,
            )

    mail = []
    for i, t in enumerate(data["mail"]):
        key = f"mail[{i}]"
        r.keys(key, t, {"id", "kind", "text", "source"}, {"amount"})
        if t["kind"] not in MAIL_KINDS:
            raise r.fail(f"{key}.kind", f"one of {', '.join(MAIL_KINDS)}", t["kind"])
        amount = r.value("int", f"{key}.amount", t.get("amount", 0))
        if t["kind"] in MAIL_WITH_AMOUNT and amount <= 0:
            raise r.fail(f"{key}.amount", f"the amount (> 0) of a {t['kind']} card", amount)
        mail.append(
            MailCard(
                r.value("str", f"{key}.id", t["id"]),
                t["kind"],
                r.value("str", f"{key}.text", t["text"]),
                r.source(key, t),
                amount,
            )
        )
    if len(mail) != values["mail_deck_size"]:
        raise r.fail("mail", f"{values['mail_deck_size']} mail cards ([decks] mail)", len(mail))

    acqs = []
    for i, t in enumerate(data["acquisitions"]):
        key = f"acquisitions[{i}]"
        r.keys(key, t, {"id", "name", "price", "value", "commission", "source"}, set())
        acqs.append(
            AcquisitionCard(
                r.value("str", f"{key}.id", t["id"]),
                r.value("str", f"{key}.name", t["name"]),
                r.value("pos", f"{key}.price", t["price"]),
                r.value("int", f"{key}.value", t["value"]),
                r.value("int", f"{key}.commission", t["commission"]),
                r.source(key, t),
            )
        )
    if not acqs:
        raise r.fail("acquisitions", "at least one acquisition card", show=False)

    events = []
    for i, t in enumerate(data["events"]):
        key = f"events[{i}]"
        r.keys(key, t, {"id", "effect", "amount", "text", "source"}, set())
        if t["effect"] not in EVENT_EFFECTS:
            raise r.fail(f"{key}.effect", f"one of {', '.join(EVENT_EFFECTS)}", t["effect"])
        events.append(
            EventCard(
                r.value("str", f"{key}.id", t["id"]),
                t["effect"],
                r.value("pos", f"{key}.amount", t["amount"]),
                r.value("str", f"{key}.text", t["text"]),
                r.source(key, t),
            )
        )
    if len(events) != values["event_deck_size"]:
        raise r.fail(
            "events", f"{values['event_deck_size']} event cards ([decks] events)", len(events)
        )

    ids = [c.id for c in (*mail, *acqs, *events)]
    dup = sorted({x for x in ids if ids.count(x) > 1})
    if dup:
        raise r.fail("id", "a different id on every card", dup[0])
    if values["min_players"] > values["max_players"]:
        raise r.fail(
            "players.min", f"at most players.max = {values['max_players']}", values["min_players"]
        )
    if not 1 <= values["last_deposit_day"] <= N_DAYS:
        raise r.fail("savings.last_deposit_day", "a day from 1 to 31", values["last_deposit_day"])

    return DiaDePagaRules(
        **values,
        days=tuple(days),
        mail=tuple(mail),
        acquisitions=tuple(acqs),
        events=tuple(events),
        sources=sources,
        name=p.stem,
    )
