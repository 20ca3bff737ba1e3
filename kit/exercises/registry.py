"""The exercise registry: what kind of answer each exercise wants, its hints and fingerprints.

The kit's own registry is one TOML file per master notebook, named after it, in
`kit/data/exercises/` (`01_dados.toml` holds the dados-N exercises of `exercises/01_dados.ipynb`),
so each lesson's exercises are written, and fingerprinted, in one place. A file reads:

    format = 2               # the registry's format (kit.exercises.fingerprints.FORMAT)
    work = 500000            # sha256 rounds per fingerprint

    [dados-2]
    kind = "number"          # "number", "expression", "set", "text" or "choice"
    tier = "básico"          # "básico", "medio" or "reto": shown to the student, counted apart
    digits = 4               # decimal places compared; leave out to compare the value itself
    fraction = true          # the fraction is the point: a right decimal is told so, not ✔
    element = "number"       # sets only: the kind of the elements ("number" or "text")
    symbols = ["s"]          # expressions only: the symbol names the answer may use
    scale = "proportion"     # "proportion" (a probability, 0 to 1) or "percent" (27,78 for
                             # 27,78 %): a slip between the two is named, and «27,78 %» read
    hint_es = "…"            # the first hint, after a wrong answer: the idea
    hint_en = "…"
    hint2_es = "…"           # the second, after repeated tries: a concrete step
    hint2_en = "…"
    options = 4              # choice only: how many options (letters a, b, c, d)
    salt = "9f…"             # written by `kit fingerprints` (kit.exercises.regenerate)
    right = ["3f2a…"]        # fingerprints of the right answers' canonical texts
    decimal = ["77b1…"]      # fingerprints of right decimals where the fraction is asked for
    rounded = ["c0d4…"]      # the exact answer to 3 significant figures (0.286 for 2/7):
                             # a student's decimal that agrees is told «casi»
    why = { a = "9c0e…" }    # choice only: each option's text (why it is wrong, or right),
                             # sealed by its letter's fingerprint (kit.exercises.sealed)

The answer itself is never written down: only its fingerprints. The options' texts are written
by the teacher in `porques.toml` beside the masters (`[dados-3.a]` with `es` and `en`) and
sealed into the registry by `kit fingerprints`.
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

from kit.exercises.canonical import ELEMENT_KINDS, KINDS, WrongKind, answer_forms, canonical
from kit.exercises.fingerprints import FORMAT, WORK, new_salt, stretched
from kit.exercises.sealed import seal, sealed_size, unseal

_ID = re.compile(r"[A-Za-z0-9_-]+")
_HEX = re.compile(r"[0-9a-f]{32,64}")
_SEALED = re.compile(r"(?:[0-9a-f]{2})+")
SPEC_KEYS = ("kind", "digits", "fraction", "element", "symbols", "scale", "tier", "options")
SCALES = ("", "proportion", "percent")
HINT_KEYS = ("hint_es", "hint_en", "hint2_es", "hint2_en")
TIERS = ("básico", "medio", "reto")
SECRET_KEYS = ("salt", "right", "decimal", "rounded", "why")


@dataclass(frozen=True)
class Exercise:
    """One registry entry; `symbols` is empty unless the kind is "expression"."""

    id: str
    kind: str
    hint_es: str
    hint_en: str
    salt: str = ""
    right: tuple[str, ...] = ()
    decimal: tuple[str, ...] = ()
    rounded: tuple[str, ...] = ()
    work: int = WORK
    digits: int | None = None
    element: str = "number"
    symbols: tuple[str, ...] = ()
    fraction: bool = False
    hint2_es: str = ""
    hint2_en: str = ""
    tier: str = ""
    options: int = 0
    scale: str = ""
    why: tuple[tuple[str, str], ...] = ()  # (letter, its text sealed by its fingerprint)

    def why_of(self, language: str, letter: str, fingerprint: str) -> str:
        """The text of option ``letter`` in ``language`` (else Spanish), opened with the
        fingerprint of that letter; "" when it has none."""
        sealed = dict(self.why).get(letter)
        texts = unseal(fingerprint, sealed) if sealed else {}
        return texts.get(language) or texts.get("es", "")

    def hint(self, language: str, level: int = 1) -> str:
        """The hint of `level` (1 or 2) in `language`; Spanish when there is none in English."""
        if level == 2:
            return self.hint2_en if language == "en" else self.hint2_es
        return self.hint_en if language == "en" else self.hint_es

    @property
    def prefix(self) -> str:
        """The notebook's part of the id: "dados" for "dados-2"."""
        return self.id.rsplit("-", 1)[0]


def check_spec(kind: str, digits: int | None, element: str) -> None:
    """Refuse a misspelt kind or a negative precision before anything is hashed."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    if element not in ELEMENT_KINDS:
        raise ValueError(f"unknown set element kind {element!r}; choose one of {ELEMENT_KINDS}")
    if digits is not None and (isinstance(digits, bool) or not isinstance(digits, int)):
        raise ValueError(f"digits must be a whole number of decimal places or None; got {digits!r}")
    if digits is not None and digits < 0:
        raise ValueError(f"digits must be ≥ 0; got {digits}")


def _hex_list(where: str, table: dict[str, Any], key: str) -> tuple[str, ...]:
    values = table.get(key, [])
    if not isinstance(values, list) or not all(
        isinstance(v, str) and len(v) == 64 and _HEX.fullmatch(v) for v in values
    ):
        raise ValueError(f"{where}: {key} must be a list of fingerprints (64 hex digits)")
    return tuple(values)


def _whys(where: str, table: dict[str, Any], options: int) -> tuple[tuple[str, str], ...]:
    """A choice's {letter: sealed text}, as sorted pairs."""
    whys = table.get("why", {})
    letters = "abcdefgh"[: options or 0]
    if not isinstance(whys, dict) or not all(
        k in letters and isinstance(v, str) and _SEALED.fullmatch(v) for k, v in whys.items()
    ):
        raise ValueError(f"{where}: why must map option letters ({letters}) to sealed texts")
    return tuple(sorted(whys.items()))


def _exercise(exercise_id: str, table: Any, work: int, need_secrets: bool) -> Exercise:
    """One validated entry, so a teacher's typo fails loudly with the exercise's name."""
    where = f"registry entry [{exercise_id}]"
    if not isinstance(table, dict):
        raise ValueError(f"{where}: must be a table")
    known = {*SPEC_KEYS, *HINT_KEYS, *SECRET_KEYS}
    if unknown := sorted(set(table) - known):
        raise ValueError(f"{where}: unknown keys {unknown}; the keys are {sorted(known)}")
    if not _ID.fullmatch(exercise_id):
        raise ValueError(f"{where}: ids use letters, digits, '-' and '_' only")
    required = ["kind", "hint_es", "hint_en", *(["salt", "right"] if need_secrets else [])]
    if missing := [key for key in required if key not in table]:
        raise ValueError(f"{where}: missing {missing}")
    symbols = table.get("symbols", [])
    if not isinstance(symbols, list) or not all(isinstance(name, str) for name in symbols):
        raise ValueError(f'{where}: symbols must be a list of names, like ["s"]')
    salt = table.get("salt", "")
    if need_secrets and not (isinstance(salt, str) and _HEX.fullmatch(salt)):
        raise ValueError(f"{where}: the salt must be 32 to 64 lowercase hex digits")
    tier = table.get("tier", "")
    if tier and tier not in TIERS:
        raise ValueError(f"{where}: tier must be one of {TIERS}; got {tier!r}")
    scale = table.get("scale", "")
    if scale not in SCALES:
        raise ValueError(f"{where}: scale must be one of {SCALES[1:]}; got {scale!r}")
    options = table.get("options", 0)
    if table["kind"] == "choice" and not (
        isinstance(options, int) and not isinstance(options, bool) and 2 <= options <= 8
    ):
        raise ValueError(f"{where}: a choice needs options = 2 to 8 (the letters a, b, …)")
    whys = _whys(where, table, options)
    exercise = Exercise(
        id=exercise_id,
        kind=table["kind"],
        hint_es=str(table["hint_es"]),
        hint_en=str(table["hint_en"]),
        hint2_es=str(table.get("hint2_es", "")),
        hint2_en=str(table.get("hint2_en", "")),
        salt=salt,
        right=_hex_list(where, table, "right"),
        decimal=_hex_list(where, table, "decimal"),
        rounded=_hex_list(where, table, "rounded"),
        work=work,
        digits=table.get("digits"),
        element=table.get("element", "number"),
        symbols=tuple(symbols),
        fraction=bool(table.get("fraction", False)),
        tier=tier,
        options=options if table["kind"] == "choice" else 0,
        scale=scale,
        why=whys,
    )
    try:
        check_spec(exercise.kind, exercise.digits, exercise.element)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    return exercise


def parse_registry(text: str, need_secrets: bool = True) -> dict[str, Exercise]:
    """The exercises described by the TOML `text` (without salts when not `need_secrets`)."""
    tables = tomllib.loads(text)
    version = tables.pop("format", None)
    if version != FORMAT:
        raise ValueError(
            f"the registry's format is {version!r}, this kit reads format {FORMAT}: "
            "regenerate it with `kit fingerprints`"
        )
    work = tables.pop("work", WORK)
    if isinstance(work, bool) or not isinstance(work, int) or work < 1:
        raise ValueError(f"the registry's work must be a whole number ≥ 1; got {work!r}")
    return {key: _exercise(key, table, work, need_secrets) for key, table in tables.items()}


def load_registry(path: Path | None = None) -> dict[str, Exercise]:
    """The exercises in `path` (a registry file, or a folder of them), or the kit's own when no
    path is given."""
    if path is None:
        return default_registry()
    path = Path(path)
    if path.is_dir():
        return _merged((file.name, file.read_text(encoding="utf-8")) for file in _files(path))
    return parse_registry(path.read_text(encoding="utf-8"))


def registry_path() -> Path:
    """The folder of the kit's own registry files, one per master notebook (`kit fingerprints`)."""
    return Path(str(resources.files("kit.data").joinpath("exercises")))


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.toml"))


def _merged(files: Any) -> dict[str, Exercise]:
    """The exercises of several registry files; an id in two files is refused, naming both."""
    exercises: dict[str, Exercise] = {}
    where: dict[str, str] = {}
    for name, text in files:
        try:
            found = parse_registry(text)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        for key, exercise in found.items():
            if key in exercises:
                raise ValueError(f"exercise {key} is in both {where[key]} and {name}")
            exercises[key], where[key] = exercise, name
    return exercises


@cache
def default_registry() -> dict[str, Exercise]:
    """The kit's own exercises, read once per kernel (works from a wheel or a zip too)."""
    folder = resources.files("kit.data").joinpath("exercises")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    return _merged((f.name, f.read_text("utf-8")) for f in files)


def secrets_for(
    exercise_id: str,
    value: Any,
    *,
    kind: str = "number",
    digits: int | None = None,
    element: str = "number",
    symbols: tuple[str, ...] = (),
    fraction: bool = False,
    salt: str | None = None,
    work: int = WORK,
    forms: tuple[set[str], set[str], set[str]] | None = None,
    also: tuple[str, ...] = (),
    whys: dict[str, dict[str, str]] | None = None,
) -> dict[str, Any]:
    """{"salt", "right", "decimal", "rounded", "why"} for the answer `value`: what the
    registry keeps.

    `forms` gives the canonical texts (right, decimal, rounded) instead, when a kernel
    computed them; `also` other right words of a text answer (synonyms); `whys` a choice's
    texts, {letter: {"es": …, "en": …}}, sealed here by each letter's fingerprint.
    """
    check_spec(kind, digits, element)
    if forms is not None:
        right, decimal, by_hand = forms
    else:
        try:
            right, decimal, by_hand = answer_forms(value, kind, digits, element, symbols or None)
        except WrongKind as error:
            raise ValueError(f"{value!r} cannot be an answer of kind {kind!r}: {error}") from None
    if also and kind != "text":
        raise ValueError("other right words (also) are for text answers")
    right = right | {canonical(word, "text") for word in also}
    if not fraction:
        right, decimal = right | decimal, set()
    salt = salt or new_salt()

    def fingerprints(texts: set[str]) -> list[str]:
        return sorted(stretched(exercise_id, salt, text, work) for text in texts)

    return {
        "salt": salt,
        "right": fingerprints(right),
        "decimal": fingerprints(decimal),
        "rounded": fingerprints(by_hand),
        "why": sealed_whys(exercise_id, kind, salt, work, whys or {}),
    }


def sealed_whys(
    exercise_id: str, kind: str, salt: str, work: int, whys: dict[str, dict[str, str]]
) -> dict[str, str]:
    """A choice's option texts, each sealed by the fingerprint of its letter."""
    if whys and kind != "choice":
        raise ValueError("option texts (why) are for multiple-choice items")
    size = sealed_size(list(whys.values()))
    return {
        letter: seal(stretched(exercise_id, salt, f"choice:{letter}", work), texts, size)
        for letter, texts in sorted(whys.items())
    }


def table_text(exercise_id: str, table: dict[str, Any]) -> str:
    """One registry table in TOML, its keys in the documented order."""
    lines = [f"[{exercise_id}]"]
    for key in (*SPEC_KEYS, *HINT_KEYS, *SECRET_KEYS):
        value = table.get(key)
        if value is None or value in ([], {}, "") or value is False:
            continue
        lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, dict):
        inner = ", ".join(f"{k} = {_toml_value(v)}" for k, v in sorted(value.items()))
        return "{ " + inner + " }"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def registry_entry(
    exercise_id: str,
    value: Any,
    *,
    kind: str = "number",
    digits: int | None = None,
    element: str = "number",
    symbols: tuple[str, ...] = (),
    fraction: bool = False,
    hint_es: str,
    hint_en: str,
    hint2_es: str = "",
    hint2_en: str = "",
    tier: str = "",
    options: int | None = None,
    why_es: dict[str, str] | None = None,
    why_en: dict[str, str] | None = None,
    work: int = WORK,
    also: tuple[str, ...] = (),
    scale: str = "",
) -> str:
    """A ready-to-paste TOML table for a registry, with the answer as fingerprints (`also`:
    other right words of a text answer; `why_es`/`why_en`: a choice's texts by letter, sealed)."""
    if not _ID.fullmatch(exercise_id):
        raise ValueError(f"exercise ids use letters, digits, '-' and '_' only; got {exercise_id!r}")
    spec = {"kind": kind, "digits": digits, "element": element if kind == "set" else None}
    table = {
        **spec,
        "symbols": list(symbols),
        "fraction": fraction,
        "hint_es": hint_es,
        "hint_en": hint_en,
        "hint2_es": hint2_es,
        "hint2_en": hint2_en,
        "tier": tier,
        "scale": scale,
        "options": options,
    }
    texts = {"es": why_es or {}, "en": why_en or {}}
    letters = sorted({*texts["es"], *texts["en"]})
    whys = {
        letter: {code: texts[code][letter] for code in texts if letter in texts[code]}
        for letter in letters
    }
    table |= secrets_for(
        exercise_id,
        value,
        kind=kind,
        digits=digits,
        element=element,
        symbols=symbols,
        fraction=fraction,
        work=work,
        also=also,
        whys=whys,
    )
    return table_text(exercise_id, table)


def registry_header(work: int = WORK) -> str:
    """The first lines of a registry file: its format and work factor."""
    return f"format = {FORMAT}\nwork = {work}\n"
