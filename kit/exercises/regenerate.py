"""`kit fingerprints`: every fingerprint of the registry, made again from the master notebooks.

The registry keeps what a teacher writes (kind, digits, hints) and what only a command should
write (salt and fingerprints). This module runs each master notebook in a fresh kernel, cell by
cell; after each cell that calls `check("ID", NAME)` it asks the kernel for the canonical texts
of NAME's value (`kit.exercises.canonical.answer_forms`), and then fingerprints them here. A
text answer's other right words are written in its solution cell as a comment line,
«# también vale: retiro | sacar el dinero».
Salts are kept unless `new_salts`, so regenerating an unchanged exercise changes nothing but
what the stretching makes anew.

It needs nbformat, nbclient and ipykernel (the teacher's `[lab]` install).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.exercises.canonical import canonical
from kit.exercises.fingerprints import WORK, new_salt
from kit.exercises.registry import (
    HINT_KEYS,
    SECRET_KEYS,
    SPEC_KEYS,
    check_spec,
    registry_header,
    secrets_for,
    table_text,
)
from kit.exercises.student import check_calls

MARK = "@@kit-answer-forms@@"
ALSO = "# también vale: retiro | sacar el dinero"
ALSO_PREFIX = "# también vale:"
OPTION_TEXTS = "porques.toml"  # beside the masters: the teacher's texts of each option
_PROBE = """\
import json as _kit_json
from kit.exercises.canonical import answer_forms as _kit_forms
try:
    _kit_all = _kit_forms({name}, {kind!r}, {digits!r}, {element!r}, {symbols!r})
    print({mark!r} + _kit_json.dumps([sorted(_kit_part) for _kit_part in _kit_all]))
except Exception as _kit_error:
    print({mark!r} + _kit_json.dumps({{"error": repr(_kit_error)}}))
"""
_HEADER = """\
# The answers to the exercises, stored only as salted, stretched fingerprints
# (see kit/exercises/registry.py). A teacher writes kind, digits, fraction and the hints;
# `kit fingerprints exercises/` writes salt, right, decimal and rounded from the masters.
"""


def _probe_result(cell: Any) -> Any:
    for output in cell.get("outputs", []):
        for line in output.get("text", "").splitlines():
            if line.startswith(MARK):
                return json.loads(line[len(MARK) :])
    raise RuntimeError("the kernel gave no answer forms")


def run_master(
    notebook: Path, probe: Callable[[str, str], str], timeout: int = 600
) -> dict[str, Any]:
    """Run a master cell by cell; after each `check("ID", NAME)` run `probe(ID, NAME)`'s code.

    The probe prints one line, the mark and then JSON; {exercise id: that JSON} is returned.
    Probing right after the check's own cell reads the value the check judged.
    """
    import nbformat
    from nbclient import NotebookClient

    book = nbformat.read(notebook, as_version=4)
    client = NotebookClient(
        book,
        timeout=timeout,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(notebook.resolve().parent)}},
    )
    found: dict[str, Any] = {}
    with client.setup_kernel():
        for index, cell in enumerate(list(book.cells)):
            if cell.cell_type != "code":
                continue
            client.execute_cell(cell, index)
            for exercise_id, name in check_calls(cell.source):
                probe_cell = nbformat.v4.new_code_cell(probe(exercise_id, name))
                client.execute_cell(probe_cell, index)
                found[exercise_id] = _probe_result(probe_cell)
    return found


def master_forms(
    notebook: Path, specs: dict[str, dict[str, Any]]
) -> dict[str, tuple[list[str], list[str], list[str]]]:
    """{exercise id: (right, decimal, rounded texts)} of every check in one master notebook."""

    def probe(exercise_id: str, name: str) -> str:
        if exercise_id not in specs:
            raise ValueError(
                f"{notebook.name}: check({exercise_id!r}, …) has no registry entry; "
                "add its kind and hints to the registry first"
            )
        spec = specs[exercise_id]
        return _PROBE.format(
            name=name,
            kind=spec["kind"],
            digits=spec.get("digits"),
            element=spec.get("element", "number"),
            symbols=tuple(spec.get("symbols", ())) or None,
            mark=MARK,
        )

    found = {}
    also = accepted_words(notebook)
    for exercise_id, result in run_master(notebook, probe).items():
        if isinstance(result, dict):
            raise ValueError(
                f"{notebook.name}: the answer of {exercise_id} cannot be read as "
                f"{specs[exercise_id]['kind']}: {result['error']}"
            )
        right = list(result[0])
        if words := also.get(exercise_id):
            if specs[exercise_id]["kind"] != "text":
                raise ValueError(f"{notebook.name}: «{ALSO}» is for text answers ({exercise_id})")
            right = sorted(set(right) | {canonical(word, "text") for word in words})
        found[exercise_id] = (right, result[1], result[2])
    return found


def accepted_words(notebook: Path) -> dict[str, list[str]]:
    """{exercise id: other right words} from the solution cells' «# también vale: a | b» lines.

    The teacher writes the synonyms next to the answer; a student copy keeps none of a solution
    cell's lines, and the registry keeps only their fingerprints."""
    import nbformat

    book = nbformat.read(notebook, as_version=4)
    words: dict[str, list[str]] = {}
    for cell in book.cells:
        if cell.cell_type != "code":
            continue
        lines = [line.strip() for line in cell.source.splitlines()]
        listed = [
            word.strip()
            for line in lines
            if line.casefold().startswith(ALSO_PREFIX)
            for word in line.split(":", 1)[1].split("|")
            if word.strip()
        ]
        for exercise_id, _name in check_calls(cell.source):
            if listed:
                words[exercise_id] = listed
    return words


def _specs(registry: Path) -> tuple[dict[str, dict[str, Any]], int]:
    """The registry file's tables without their secrets (any format), and its work factor."""
    tables = tomllib.loads(registry.read_text(encoding="utf-8"))
    tables.pop("format", None)
    work = tables.pop("work", WORK)
    specs = {}
    for exercise_id, table in tables.items():
        check_spec(table["kind"], table.get("digits"), table.get("element", "number"))
        specs[exercise_id] = dict(table)
    return specs, work


def regenerate(
    masters: Path, registry: Path, *, new_salts: bool = False, work: int | None = None
) -> list[str]:
    """Rewrite the salts and fingerprints of `registry` from the master notebooks in `masters`.

    `registry` is one file, or a folder with one file per master named after it (the kit's
    own: `01_dados.toml` for `01_dados.ipynb`). `masters` is a folder (then every entry must be
    checked by one of its notebooks) or one notebook (only its exercises are written; the others
    are kept, so the work factor must stay). Returns the exercise ids written; on a problem
    nothing is changed.
    """
    masters, registry = Path(masters), Path(registry)
    if not masters.exists():
        raise ValueError(f"no master notebook or folder at {masters}")
    partial = masters.is_file()
    notebooks = [masters] if partial else sorted(masters.glob("*.ipynb"))
    if not registry.is_dir():
        return _regenerate_file(notebooks, registry, partial, new_salts, work)
    own = {nb: registry / f"{nb.stem}.toml" for nb in notebooks}
    if not partial:
        strays = sorted({f.name for f in registry.glob("*.toml")} - {f.name for f in own.values()})
        if strays:
            raise ValueError(f"no master notebook in {masters} for {', '.join(strays)}")
    found = [(nb, file) for nb, file in own.items() if file.exists()]
    texts = {}
    written: list[str] = []
    for notebook, file in found:  # every file worked out before any is written
        text, ids = _file_after(file, [notebook], False, new_salts, work)
        texts[file] = text
        written += ids
    for notebook in notebooks:
        if notebook not in dict(found) and _checked_ids(notebook):
            raise ValueError(f"{notebook.name} checks exercises but {own[notebook]} does not exist")
    for file, text in texts.items():
        file.write_text(text, encoding="utf-8")
    return sorted(written)


def _checked_ids(notebook: Path) -> list[str]:
    import nbformat

    book = nbformat.read(notebook, as_version=4)
    return [
        i for cell in book.cells if cell.cell_type == "code" for i, _ in check_calls(cell.source)
    ]


def _regenerate_file(
    notebooks: list[Path], registry: Path, partial: bool, new_salts: bool, work: int | None
) -> list[str]:
    text, written = _file_after(registry, notebooks, partial, new_salts, work)
    registry.write_text(text, encoding="utf-8")
    return written


def _file_after(
    registry: Path, notebooks: list[Path], partial: bool, new_salts: bool, work: int | None
) -> tuple[str, list[str]]:
    """The text of registry file `registry` with the fingerprints `notebooks` give, and the ids
    written. Entries no notebook checks are kept only when `partial`."""
    specs, old_work = _specs(registry)
    work = work or old_work
    if partial and work != old_work:
        raise ValueError("a new work factor needs every fingerprint anew: give the folder")
    whys = option_texts(notebooks[0].parent / OPTION_TEXTS) if notebooks else {}
    forms: dict[str, tuple[list[str], list[str], list[str]]] = {}
    for notebook in notebooks:
        for exercise_id, found in master_forms(notebook, specs).items():
            forms[exercise_id] = found
    unchecked = sorted(set(specs) - set(forms))
    if unchecked and not partial:
        raise ValueError(f"no master notebook checks {unchecked}: remove them or add the checks")
    blocks = []
    for exercise_id in specs:
        table = specs[exercise_id]
        kept = {key: table.get(key) for key in (*SPEC_KEYS, *HINT_KEYS)}
        if exercise_id not in forms:
            kept |= {key: table.get(key) for key in SECRET_KEYS}
            blocks.append((exercise_id, table_text(exercise_id, kept)))
            continue
        right, decimal, by_hand = forms[exercise_id]
        salt = table.get("salt") if not new_salts and isinstance(table.get("salt"), str) else None
        secrets = secrets_for(
            exercise_id,
            None,
            kind=table["kind"],
            fraction=bool(table.get("fraction")),
            salt=salt or new_salt(),
            work=work,
            forms=(set(right), set(decimal), set(by_hand)),
            whys=whys.get(exercise_id),
        )
        blocks.append((exercise_id, table_text(exercise_id, kept | secrets)))
    return _file_text(blocks, work, _comment(registry)), sorted(forms)


def option_texts(path: Path) -> dict[str, dict[str, dict[str, str]]]:
    """{exercise id: {letter: {"es": …, "en": …}}} from the teacher's `porques.toml`, whose
    tables read `[dados-3.a]` with `es` and `en`; {} when there is no such file."""
    if not path.exists():
        return {}
    found: dict[str, dict[str, dict[str, str]]] = {}
    for exercise_id, letters in tomllib.loads(path.read_text(encoding="utf-8")).items():
        for letter, texts in letters.items() if isinstance(letters, dict) else ():
            if (
                len(letter) != 1
                or not isinstance(texts, dict)
                or not set(texts) <= {"es", "en"}
                or not all(isinstance(text, str) for text in texts.values())
            ):
                raise ValueError(f"{path.name}: [{exercise_id}.{letter}] needs es and en texts")
            found.setdefault(exercise_id, {})[letter] = dict(texts)
    return found


def _comment(registry: Path) -> str:
    """The file's own opening comment lines, kept as the teacher wrote them."""
    lines = []
    for line in registry.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines) + "\n" if lines else _HEADER


def _file_text(blocks: list[tuple[str, str]], work: int, header: str = _HEADER) -> str:
    """A registry file: its comment, format and work, then the tables in exercise order (in a
    file of several notebooks, grouped by notebook)."""
    parts = [header + registry_header(work)]
    groups = {_group(exercise_id) for exercise_id, _ in blocks}
    last = None
    for exercise_id, table in sorted(blocks, key=lambda b: (_group(b[0]), _number(b[0]))):
        group = _group(exercise_id)
        if group != last and len(groups) > 1:
            parts.append(f"# {group}-N: the exercises of the notebook on {group}\n")
        last = group
        parts.append(table)
    return "\n".join(parts)


def _group(exercise_id: str) -> str:
    return exercise_id.rsplit("-", 1)[0]


def _number(exercise_id: str) -> tuple[int, str]:
    suffix = exercise_id.rsplit("-", 1)[-1]
    return (int(suffix), "") if suffix.isdigit() else (0, suffix)
