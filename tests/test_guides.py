"""The teacher's guides (docs/guia/): one per lesson, with every section, and never shipped to
students: not in the classroom folder, not in the JupyterLite site's files, not in the wheel.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from kit.classroom import build_classroom

ROOT = Path(__file__).resolve().parents[1]
GUIDES = ROOT / "docs" / "guia"
STEMS = [path.stem for path in sorted((ROOT / "notebooks").glob("0*.ipynb"))]
SECTIONS = [
    "## Objetivos",
    "## Currículo (LOMLOE)",
    "## Sesiones y tiempos",
    "## Conocimientos previos",
    "## Cómo llevarla a clase",
    "## Errores frecuentes",
    "## Lecturas de las reglas",
    "## Para debatir",
    "## Solucionario",
]
# What only a guide says: a file that holds it is a guide, whatever its name.
MARK = "## Solucionario"


def headings(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if line.startswith("## ")]


@pytest.mark.parametrize("stem", STEMS)
def test_every_lesson_has_a_guide_with_every_section(stem):
    guide = GUIDES / f"{stem}.md"
    assert guide.exists(), f"no teacher's guide {guide.relative_to(ROOT)} for notebooks/{stem}"
    text = guide.read_text(encoding="utf-8")
    found = headings(text)
    missing = [section for section in SECTIONS if section not in found]
    assert not missing, (stem, missing)


def test_the_index_links_every_lesson_guide_and_has_the_glossary():
    text = (GUIDES / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([\w.]+\.md)\)", text))
    assert {f"{stem}.md" for stem in STEMS} <= linked
    assert "## Glosario" in text
    for command in ("make lab", "kit classroom", "kit play", "make lite", "make worksheets"):
        assert command in text, command


def shipped(folder: Path) -> list[str]:
    """Files under `folder` that are a guide: by name, by place, or by what they say."""
    found = []
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(folder)
        named = "guia" in rel.parts or (path.suffix == ".md" and path.stem in STEMS)
        text = path.suffix in (".md", ".ipynb", ".html", ".txt", ".py", ".toml")
        if named or (text and MARK in path.read_text(encoding="utf-8", errors="replace")):
            found.append(rel.as_posix())
    return found


def test_a_guide_is_found_wherever_it_is_copied(tmp_path):
    (tmp_path / "a" / "guia").mkdir(parents=True)
    (tmp_path / "a" / "guia" / "x.md").write_text("x", encoding="utf-8")
    (tmp_path / f"{STEMS[0]}.md").write_text("x", encoding="utf-8")
    (tmp_path / "notas.ipynb").write_text(f'{{"source": "{MARK}"}}', encoding="utf-8")
    assert sorted(shipped(tmp_path)) == sorted(["a/guia/x.md", f"{STEMS[0]}.md", "notas.ipynb"])


def test_the_classroom_folder_has_no_guide(tmp_path):
    out = tmp_path / "classroom"
    build_classroom(ROOT / "notebooks", ROOT / "exercises", out)
    assert (out / "lessons").is_dir() and (out / "exercises").is_dir()
    assert shipped(out) == []


def _lite_build():
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_jupyterlite_sites_files_have_no_guide(tmp_path, monkeypatch):
    """lite/build.py's contents() is what the site serves as its files: the classroom layout."""
    lite = _lite_build()
    monkeypatch.chdir(ROOT)  # `kit classroom` there reads notebooks/ and exercises/
    files = lite.contents(tmp_path)
    assert sorted(p.name for p in files.iterdir()) == ["exercises", "lessons"]
    assert shipped(files) == []


def test_the_kits_wheel_has_no_guide(tmp_path):
    uv = shutil.which("uv", path=str(ROOT / ".venv" / "bin")) or shutil.which("uv")
    if uv is None:
        pytest.skip("no uv to build the wheel with (make installs it into .venv)")
    built = subprocess.run(
        [uv, "build", "--quiet", "--wheel", "--offline", "--out-dir", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        pytest.skip(f"uv could not build the wheel offline: {built.stderr.strip()[-200:]}")
    (wheel,) = tmp_path.glob("kit-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert any(name.startswith("kit/") for name in names)
        guides = [
            name
            for name in names
            if "guia" in name.split("/")
            or MARK in archive.read(name).decode("utf-8", errors="replace")
        ]
    assert guides == []
