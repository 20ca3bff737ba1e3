"""Rewrite docs/rules.md: every rule id of ../shared/rules/RULES.md, its code and its tests.

The sections after the table (the readings the kit chose itself) are kept as written.
The tests column is found, not typed: every test function whose name carries the id (for example
`test_pal_05_rut_08_sup_05_jail` names PAL-05, RUT-08 and SUP-05). The code column is kept from
the current docs/rules.md, so a person writes it once; tests/test_rules_doc.py then fails when a
tested rule has no code reference, or a reference no longer exists.

    .venv/bin/python docs/update_rules.py
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT.parent / "shared" / "rules" / "RULES.md"
DOC = ROOT / "docs" / "rules.md"
RULE_ID = r"(?:PROP|PAL|RUT|SUP|PLB|DDP)-\d\d"
NOT_YET = "*not yet*"

HEADER = """# Rules → code → tests

Every rule id of `../shared/rules/RULES.md`, where the kit implements it and which tests show it.
The tests column is written by `docs/update_rules.py` from the test names; the code column is kept
by hand. *not yet* marks a rule of an issue still open. `tests/test_rules_doc.py` checks that
every reference exists and that no tested rule is marked missing.

| id | rule (short) | code | tests |
|---|---|---|---|
"""


def catalogue() -> list[tuple[str, str]]:
    """(id, short text) for every rule, in catalogue order."""
    rows = re.findall(
        rf"^\| ({RULE_ID}) \| (.*?) \|$", CATALOGUE.read_text(encoding="utf-8"), re.M
    )
    out = []
    for rule, text in rows:
        short = re.sub(r"\*\*Reading:?\*\*.*", "", text).strip()
        out.append((rule, short if len(short) <= 71 else short[:70] + "…"))
    return out


def code_column() -> dict[str, str]:
    """The hand-written code cell of each rule in the current docs/rules.md."""
    cells = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        parts = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(parts) == 4 and re.fullmatch(RULE_ID, parts[0]):
            cells[parts[0]] = parts[2]
    return cells


def kept_sections() -> str:
    """Everything after the table (the readings the kit chose itself), kept as a person wrote it."""
    text = DOC.read_text(encoding="utf-8")
    start = text.find("\n## ")
    return text[start:] if start >= 0 else ""


def tests_by_rule() -> dict[str, list[str]]:
    """rule id -> ['tests/x.py::test_name', ...] from the names of the test functions."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for name in re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            for token in re.findall(r"(?:prop|pal|rut|sup|plb|ddp)_\d\d", name):
                found.setdefault(token.upper().replace("_", "-"), []).append(f"{rel}::{name}")
    return found


def main() -> None:
    code, tests = code_column(), tests_by_rule()
    lines = [HEADER.rstrip("\n")]
    for rule, short in catalogue():
        refs = ", ".join(f"`{t}`" for t in tests.get(rule, [])) or NOT_YET
        lines.append(f"| {rule} | {short} | {code.get(rule, NOT_YET)} | {refs} |")
    DOC.write_text("\n".join(lines) + "\n" + kept_sections(), encoding="utf-8")
    print(f"{DOC.relative_to(ROOT)}: {sum(rule in tests for rule, _ in catalogue())} rules tested")


if __name__ == "__main__":
    main()
