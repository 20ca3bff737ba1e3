"""The exercise registry: what kind of answer each exercise wants, its hints and fingerprint.

It is a TOML file, `registry.toml` beside this module, with one table per exercise id:

    [dados-2]
    kind = "number"          # "number", "expression", "set" or "text"
    digits = 4               # decimal places compared; leave out for an exact answer
    element = "number"       # sets only: the kind of the elements ("number" or "text")
    symbols = ["s"]          # expressions only: the symbol names the answer may use
    hint_es = "…"            # shown, in the class language, after a wrong answer
    hint_en = "…"
    fingerprint = "3f2a…"    # kit.exercises.fingerprint(id, answer, kind=…, digits=…)

The answer itself is never written down: only its fingerprint.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from kit.exercises.fingerprints import check_spec, fingerprint

_ID = re.compile(r"[A-Za-z0-9_-]+")
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Exercise:
    """One registry entry; `symbols` is empty unless the kind is "expression"."""

    id: str
    kind: str
    fingerprint: str
    hint_es: str
    hint_en: str
    digits: int | None = None
    element: str = "number"
    symbols: tuple[str, ...] = ()
    fraction: bool = False
    hint2_es: str = ""
    hint2_en: str = ""

    def hint(self, language: str) -> str:
        """The hint in `language`, Spanish when there is none in that language."""
        return self.hint_en if language == "en" else self.hint_es


def _exercise(exercise_id: str, table: dict[str, Any]) -> Exercise:
    """One validated entry, so a teacher's typo fails loudly with the exercise's name."""
    where = f"registry entry [{exercise_id}]"
    known = {
        "kind",
        "digits",
        "element",
        "symbols",
        "fraction",
        "fingerprint",
        "hint_es",
        "hint_en",
        "hint2_es",
        "hint2_en",
    }
    if unknown := sorted(set(table) - known):
        raise ValueError(f"{where}: unknown keys {unknown}; the keys are {sorted(known)}")
    if not _ID.fullmatch(exercise_id):
        raise ValueError(f"{where}: ids use letters, digits, '-' and '_' only")
    missing = [key for key in ("kind", "hint_es", "hint_en", "fingerprint") if key not in table]
    if missing:
        raise ValueError(f"{where}: missing {missing}")
    symbols = table.get("symbols", [])
    if not isinstance(symbols, list) or not all(isinstance(name, str) for name in symbols):
        raise ValueError(f'{where}: symbols must be a list of names, like ["s"]')
    if not _FINGERPRINT.fullmatch(str(table["fingerprint"])):
        raise ValueError(f"{where}: the fingerprint must be 64 lowercase hex digits")
    exercise = Exercise(
        id=exercise_id,
        kind=table["kind"],
        fingerprint=table["fingerprint"],
        hint_es=str(table["hint_es"]),
        hint_en=str(table["hint_en"]),
        digits=table.get("digits"),
        element=table.get("element", "number"),
        symbols=tuple(symbols),
        fraction=bool(table.get("fraction", False)),
        hint2_es=str(table.get("hint2_es", "")),
        hint2_en=str(table.get("hint2_en", "")),
    )
    try:
        check_spec(exercise.kind, exercise.digits, exercise.element)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    return exercise


def parse_registry(text: str) -> dict[str, Exercise]:
    """The exercises described by the TOML `text`."""
    tables = tomllib.loads(text)
    return {exercise_id: _exercise(exercise_id, table) for exercise_id, table in tables.items()}


def load_registry(path: Path | None = None) -> dict[str, Exercise]:
    """The exercises in `path`, or in the kit's own `registry.toml` when no path is given."""
    if path is None:
        return default_registry()
    return parse_registry(Path(path).read_text(encoding="utf-8"))


@cache
def default_registry() -> dict[str, Exercise]:
    """The kit's own exercises, read once per kernel."""
    text = resources.files("kit.exercises").joinpath("registry.toml").read_text("utf-8")
    return parse_registry(text)


def registry_entry(
    exercise_id: str,
    value: Any,
    *,
    kind: str = "number",
    digits: int | None = None,
    element: str = "number",
    symbols: tuple[str, ...] = (),
    hint_es: str,
    hint_en: str,
) -> str:
    """A ready-to-paste TOML table for `registry.toml`, with the answer as a fingerprint."""
    if not _ID.fullmatch(exercise_id):
        raise ValueError(f"exercise ids use letters, digits, '-' and '_' only; got {exercise_id!r}")
    lines = [f"[{exercise_id}]", f"kind = {json.dumps(kind)}"]
    if digits is not None:
        lines.append(f"digits = {digits}")
    if kind == "set":
        lines.append(f"element = {json.dumps(element)}")
    if symbols:
        lines.append(f"symbols = {json.dumps(list(symbols), ensure_ascii=False)}")
    lines += [
        f"hint_es = {json.dumps(hint_es, ensure_ascii=False)}",
        f"hint_en = {json.dumps(hint_en, ensure_ascii=False)}",
        f'fingerprint = "{fingerprint(exercise_id, value, kind, digits, element)}"',
    ]
    return "\n".join(lines) + "\n"
