"""docs/rules.md is the map rule id -> code -> tests; these tests keep it from going stale."""

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT.parent / "shared" / "rules" / "RULES.md"
RULE_ID = r"(?:PROP|PAL|RUT|SUP|PLB|DDP)-\d\d"


def doc_rows() -> dict[str, tuple[str, str]]:
    """rule id -> (code cell, tests cell) from docs/rules.md."""
    rows = {}
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(RULE_ID, cells[0]):
            rows[cells[0]] = (cells[2], cells[3])
    return rows


def test_every_rule_of_the_catalogue_has_exactly_one_row():
    if not CATALOGUE.exists():
        pytest.skip("the rule catalogue ../shared/rules/RULES.md is not beside this checkout")
    ids = re.findall(rf"^\| ({RULE_ID}) \|", CATALOGUE.read_text(encoding="utf-8"), re.M)
    assert sorted(doc_rows()) == sorted(ids)


def test_every_code_reference_exists():
    for rule, (code, _tests) in doc_rows().items():
        for dotted in re.findall(r"`(kit(?:\.\w+)+)`", code):
            module, _, rest = dotted, "", []
            while True:
                try:
                    obj = importlib.import_module(module)
                    break
                except ModuleNotFoundError:
                    module, _, attr = module.rpartition(".")
                    rest.insert(0, attr)
            for attr in rest:
                assert hasattr(obj, attr), f"{rule}: {dotted} does not exist"
                obj = getattr(obj, attr)


def test_every_test_reference_exists_and_names_its_rule():
    for rule, (_code, tests) in doc_rows().items():
        for path, name in re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", tests):
            source = (ROOT / path).read_text(encoding="utf-8")
            assert re.search(rf"def {name}\b", source), f"{rule}: {path}::{name} is not a test"
            assert rule.lower().replace("-", "_") in name, f"{rule}: {name} does not name it"


def test_a_rule_named_by_a_test_is_not_marked_missing():
    named = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for name in re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")):
            named |= {m.upper().replace("_", "-") for m in re.findall(r"[a-z]+_\d\d", name)}
    for rule, (code, tests) in doc_rows().items():
        if rule in named:
            assert "not yet" not in code + tests, f"{rule} is tested but marked *not yet*"
        else:
            assert "not yet" in tests, f"{rule} is listed with tests, but no test names it"
