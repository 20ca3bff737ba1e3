"""Load and check a property game's rule set from TOML (`kit/data/*.toml` or a teacher's file).

    >>> rules = load_rules("el_pale")                      # the default edition, Económico
    >>> rules = load_rules("el_pale", edition="lujo")
    >>> rules = load_rules("mi_juego.toml", edition=None)  # a teacher's own copy

A file that does not fit raises `RuleSetError` (a `ValueError`) whose message names the file, the
key (a dotted path such as `titles[3].rents`) and what was expected there, so that a teacher who
edited a price by hand can find and fix the mistake. Only the standard library is used.

The layout of a file (see `kit/data/el_pale.toml` for a full one, with comments):

    squares = [ { index = 0, kind = "start", name = "Salida", source = "kit" }, ... ]  # 40
    [game]        source, title, currency, default_edition (when there are editions)
    [players]     min, max
    [money]       start, banknotes = [[value, count], ...], salary, salary_on_landing
    [jail]        square, go_to_square, fine, max_turns, wait_one_turn, fine_on_forced_exit,
                  pay_then_roll
    [buildings]   houses, hotels, hotel_returns_houses_free, [hotel_name: hotel | castle]
    [rent]        double_rent_with_mortgaged
    [mortgage]    interest_percent, late_interest_percent, sell_whole_group_before_mortgage
    [trade]       blocked_by_group_buildings
    [auction]     opening_percent
    [bankruptcy]  to_bank = "bank_keeps" | "auction", pay_with_titles
    [abbreviated] deal
    [valuation]   title_percent, mortgaged_percent, house_percent, hotel_houses
    [editions.NAME]  source, title, ref, and sub-tables that replace keys of the tables above
    [[titles]]    square, name, kind, group, price, rents, house_cost, mortgage, source, ...
    [[decks]]     name, title, source, and [[decks.cards]]: id, text, effect, params, source

Every table has `source = "rulebook" | "kit"`; a table may list in `readings = [...]` the keys
whose value is the kit's reading of a silent rulebook (their source is then "kit").
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from .load_board import N_SQUARES, BoardLoader
from .rules import Jail, RuleSet, Square

__all__ = ["BUNDLED", "REFERENCE", "RuleSetError", "bundled_path", "editions", "load_rules"]

BUNDLED = ("el_pale", "la_ruta_del_tesoro", "superpoly")
# Bundled reference rule sets that are not one of the kit's Spanish games: the standard US game
# (``classic``, its values marked source = "published"), for comparing with published analyses.
REFERENCE = ("classic",)
SOURCES = ("rulebook", "kit", "published")

# The rule tables: table -> {key: (type, RuleSet field)}. Types: int (a whole number >= 0),
# "pos" (> 0), bool, "percent" (whole number 0..100, becomes a Fraction), str, "banknotes".
RULE_TABLES: dict[str, dict[str, tuple[Any, str]]] = {
    "game": {
        "title": (str, "title"),
        "currency": (str, "currency"),
        "default_edition": (str, ""),
        "name": (str, "name"),
    },
    "players": {"min": ("pos", "min_players"), "max": ("pos", "max_players")},
    "money": {
        "start": ("pos", "start_money"),
        "banknotes": ("banknotes", "banknotes"),
        "salary": (int, "salary"),
        "salary_on_landing": (bool, "salary_on_landing"),
    },
    "jail": {
        "square": (int, "jail.square"),
        "go_to_square": (int, "jail.go_to_square"),
        "fine": (int, "jail.fine"),
        "max_turns": ("pos", "jail.max_turns"),
        "wait_one_turn": (bool, "jail.wait_one_turn"),
        "fine_on_forced_exit": (bool, "jail.fine_on_forced_exit"),
        "pay_then_roll": (bool, "jail.pay_then_roll"),
    },
    "buildings": {
        "houses": (int, "houses"),
        "hotels": (int, "hotels"),
        "hotel_returns_houses_free": (bool, "hotel_returns_houses_free"),
        "hotel_name": (("hotel", "castle"), "hotel_name"),
    },
    "rent": {"double_rent_with_mortgaged": (bool, "double_rent_with_mortgaged")},
    "mortgage": {
        "interest_percent": ("percent", "mortgage_interest"),
        "late_interest_percent": ("percent", "late_mortgage_interest"),
        "sell_whole_group_before_mortgage": (bool, "sell_whole_group_before_mortgage"),
    },
    "trade": {"blocked_by_group_buildings": (bool, "trade_blocked_by_group_buildings")},
    "auction": {"opening_percent": ("percent", "auction_opening")},
    "bankruptcy": {
        "to_bank": (("bank_keeps", "auction"), "bankrupt_to_bank"),
        "pay_with_titles": (bool, "pay_debt_with_titles"),
    },
    "abbreviated": {"deal": (int, "abbreviated_deal")},
    "valuation": {
        "title_percent": ("percent", "value_title"),
        "mortgaged_percent": ("percent", "value_mortgaged"),
        "house_percent": ("percent", "value_house"),
        "hotel_houses": (int, "value_hotel_houses"),
    },
}
OPTIONAL = {("game", "default_edition"), ("game", "name"), ("buildings", "hotel_name")}
TOP_LEVEL = {*RULE_TABLES, "editions", "squares", "titles", "decks"}


class RuleSetError(ValueError):
    """A rule-set file that does not fit: which file, which key, what was expected."""

    def __init__(self, file: str, key: str, expected: str, got: object = None, *, show=True):
        self.file, self.key, self.expected = file, key, expected
        message = f"{file}: {key}: expected {expected}"
        if show:
            message += f", got {got!r}"
        super().__init__(message)


def bundled_path(name: str) -> Path:
    """The path of a bundled rule set, `kit/data/NAME.toml`."""
    return Path(str(resources.files("kit").joinpath("data", f"{name}.toml")))


def _resolve(name_or_path: str | Path) -> Path:
    if isinstance(name_or_path, str) and name_or_path in (*BUNDLED, *REFERENCE):
        return bundled_path(name_or_path)
    path = Path(name_or_path)
    if path.is_file():
        return path
    raise RuleSetError(
        str(name_or_path),
        "(file)",
        f"a bundled game (one of: {', '.join(BUNDLED)}) or the path of an existing .toml file",
        show=False,
    )


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        what = f"a readable UTF-8 text file ({err})"
        raise RuleSetError(str(path), "(file)", what, show=False) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RuleSetError(str(path), "(TOML syntax)", f"valid TOML: {err}", show=False) from None


def editions(name_or_path: str | Path) -> dict[str, str]:
    """The editions of a rule set, name -> printed title ({} when it has none)."""
    path = _resolve(name_or_path)
    eds = _read(path).get("editions", {})
    if not isinstance(eds, dict):
        raise RuleSetError(str(path), "editions", "a table of editions", eds)
    return {k: str(v.get("title", k)) if isinstance(v, dict) else k for k, v in eds.items()}


def load_rules(name_or_path: str | Path, edition: str | None = None) -> RuleSet:
    """Load a bundled rule set by name ("el_pale", ...) or a teacher's TOML file by path.

    `edition` names one of the file's `[editions.NAME]`; None takes the file's
    `default_edition` (El Palé: "economico"; La Ruta del Tesoro: "14-3502"; Superpoly has none).
    Raises `RuleSetError` naming the file, the key and what was expected.
    """
    path = _resolve(name_or_path)
    data = _read(path)
    bundled = (*BUNDLED, *REFERENCE)
    default_name = path.stem if str(name_or_path) not in bundled else str(name_or_path)
    return _Loader(str(path), data).build(default_name, edition)


class _Loader(BoardLoader):
    def __init__(self, file: str, data: dict[str, Any]):
        self.file = file
        self.data = data

    # ------------------------------------------------------------------ helpers
    def fail(self, key: str, expected: str, got: object = None, show: bool = True):
        raise RuleSetError(self.file, key, expected, got, show=show)

    def table(self, value: object, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(key, "a table", value)
        return value

    def source(self, table: dict[str, Any], key: str, name: str = "source") -> str:
        if name not in table:
            self.fail(f"{key}.{name}" if key else name, 'source = "rulebook" or "kit"', show=False)
        value = table[name]
        if value not in SOURCES:
            self.fail(
                f"{key}.{name}" if key else name,
                'one of: "rulebook", "kit" (or "published": a reference game)',
                value,
            )
        return value

    def keys(self, table: dict[str, Any], allowed: set[str], key: str) -> None:
        for k in table:
            if k not in allowed:
                self.fail(f"{key}.{k}", f"a known key (one of: {', '.join(sorted(allowed))})", k)

    def whole(self, value: object, key: str, minimum: int = 0, what: str = "") -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            kind = "a positive whole number" if minimum > 0 else "a whole number >= 0"
            if minimum < 0:
                kind = "a whole number"
            self.fail(key, what or kind, value)
        return value

    def text(self, value: object, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(key, "a non-empty string", value)
        return value

    def need(self, table: dict[str, Any], name: str, key: str) -> Any:
        if name not in table:
            self.fail(f"{key}.{name}" if key else name, "this key (it is missing)", show=False)
        return table[name]

    # ------------------------------------------------------------------ rule tables
    def merged_tables(self, edition: str | None) -> tuple[dict, str, str, str]:
        """Top-level rule tables with the edition's sub-tables applied.

        Returns ({table: {key: (value, dotted key, source)}}, edition name, title, ref).
        """
        data = self.data
        for k in data:
            if k not in TOP_LEVEL:
                self.fail(k, f"a known top-level key (one of: {', '.join(sorted(TOP_LEVEL))})", k)
        merged: dict[str, dict[str, tuple[Any, str, str]]] = {}
        for name in RULE_TABLES:
            merged[name] = {}
            if name in data:
                self._merge(merged[name], self.table(data[name], name), name)
        eds = self.table(data.get("editions", {}), "editions")
        game = merged["game"]
        title = ""
        ref = ""
        if eds:
            known = ", ".join(sorted(eds))
            if "default_edition" not in game:
                self.fail(
                    "game.default_edition", f"the default edition (one of: {known})", show=False
                )
            default, default_key, _ = game["default_edition"]
            if default not in eds:
                self.fail(default_key, f"one of: {known}", default)
            if edition is None:
                edition = default
            elif edition not in eds:
                raise RuleSetError(self.file, "edition", f"one of: {known}", edition)
            # every edition's layout is checked, the chosen one's values are applied
            for name in sorted(eds, key=lambda n: n != edition):
                ed_key = f"editions.{name}"
                ed = self.table(eds[name], ed_key)
                self.source(ed, ed_key)
                for k, v in ed.items():
                    if k in ("source", "readings"):
                        continue
                    if k in ("title", "ref"):
                        value = self.text(v, f"{ed_key}.{k}")
                        if name == edition:
                            title, ref = (value, ref) if k == "title" else (title, value)
                    elif k in RULE_TABLES:
                        into = merged[k] if name == edition else {}
                        self._merge(into, self.table(v, f"{ed_key}.{k}"), f"{ed_key}.{k}")
                    else:
                        self.fail(
                            f"{ed_key}.{k}",
                            "title, ref, source or a rule table "
                            f"(one of: {', '.join(RULE_TABLES)})",
                            k,
                        )
        else:
            if "default_edition" in game:
                self.fail(
                    game["default_edition"][1],
                    "no default edition in a file without [editions.NAME] tables",
                    game["default_edition"][0],
                )
            if edition not in (None, ""):
                raise RuleSetError(self.file, "edition", "no edition (this file has none)", edition)
            edition = ""
        return merged, edition, title, ref

    def _merge(self, into: dict, table: dict[str, Any], key: str) -> None:
        name = key.rsplit(".", 1)[-1]
        spec = RULE_TABLES[name]
        source = self.source(table, key)
        readings = table.get("readings", [])
        if not isinstance(readings, list) or not all(r in spec for r in readings):
            self.fail(
                f"{key}.readings", f"a list of keys of [{name}] (of: {', '.join(spec)})", readings
            )
        self.keys(table, {*spec, "source", "readings"}, key)
        for k, v in table.items():
            if k in spec:
                into[k] = (v, f"{key}.{k}", "kit" if k in readings else source)

    def rule_value(self, merged: dict, table: str, k: str) -> Any:
        kind, _ = RULE_TABLES[table][k]
        if k not in merged[table]:
            if (table, k) in OPTIONAL:
                return None
            self.fail(
                f"{table}.{k}",
                f"this key in [{table}] or in the edition's [{table}] (it is missing)",
                show=False,
            )
        value, key, _ = merged[table][k]
        if kind is bool:
            if not isinstance(value, bool):
                self.fail(key, "true or false", value)
            return value
        if kind is str:
            return self.text(value, key)
        if kind is int:
            return self.whole(value, key)
        if kind == "pos":
            return self.whole(value, key, 1)
        if kind == "percent":
            self.whole(value, key, 0, "a whole percentage from 0 to 100")
            if value > 100:
                self.fail(key, "a whole percentage from 0 to 100", value)
            return Fraction(value, 100)
        if kind == "banknotes":
            what = "a list of [value, count] pairs of positive whole numbers"
            if not isinstance(value, list) or not value:
                self.fail(key, what, value)
            notes = []
            for i, pair in enumerate(value):
                if not (isinstance(pair, list) and len(pair) == 2):
                    self.fail(f"{key}[{i}]", "a [value, count] pair", pair)
                notes.append(
                    (
                        self.whole(pair[0], f"{key}[{i}][0]", 1),
                        self.whole(pair[1], f"{key}[{i}][1]", 1),
                    )
                )
            return tuple(notes)
        if isinstance(kind, tuple):
            if value not in kind:
                self.fail(key, f"one of: {', '.join(kind)}", value)
            return value
        raise AssertionError(kind)  # pragma: no cover

    # ------------------------------------------------------------------ board
    def build(self, default_name: str, edition: str | None) -> RuleSet:
        if "game" not in self.data:
            self.fail("game", "a [game] table (source, title, currency)", show=False)
        merged, edition, ed_title, ref = self.merged_tables(edition)
        values: dict[str, Any] = {}
        sources: dict[str, str] = {}
        for table, spec in RULE_TABLES.items():
            for k, (_, field_name) in spec.items():
                value = self.rule_value(merged, table, k)
                if not field_name or value is None:
                    continue
                values[field_name] = value
                sources[field_name] = merged[table][k][2]
        v = values
        if v["min_players"] > v["max_players"]:
            self.fail(
                merged["players"]["min"][1],
                f"at most players.max ({v['max_players']})",
                v["min_players"],
            )
        total = sum(value * count for value, count in v["banknotes"])
        if total != v["start_money"]:
            self.fail(
                merged["money"]["banknotes"][1],
                f"banknotes adding up to the start money {v['start_money']} "
                f"(these add up to {total})",
                [list(p) for p in v["banknotes"]],
            )
        squares = self.squares()
        for k, kind in (("square", "jail"), ("go_to_square", "go_to_jail")):
            index = v[f"jail.{k}"]
            if index >= N_SQUARES or squares[index].kind != kind:
                got = repr(squares[index].kind) if index < N_SQUARES else "no such square"
                self.fail(
                    merged["jail"][k][1],
                    f"the index of a square of kind {kind!r} (square {index} is {got})",
                    index,
                )
        titles = self.titles(squares)
        # title squares take the title's name
        names = {t.square: (t.name, t.name_source) for t in titles}
        squares = tuple(
            Square(s.index, s.kind, names[s.index][0], s.source, s.tax, s.deck, names[s.index][1])
            if s.index in names
            else s
            for s in squares
        )
        decks = self.decks(squares)
        jail = Jail(**{k.split(".", 1)[1]: v.pop(k) for k in list(v) if k.startswith("jail.")})
        name = v.pop("name", default_name)
        title = ed_title or v.pop("title")
        v.pop("title", None)
        return RuleSet(
            name=name,
            edition=edition,
            title=title,
            squares=squares,
            titles=titles,
            decks=decks,
            jail=jail,
            sources=sources,
            ref=ref,
            **v,
        )
