"""Printable worksheets (kit worksheets, make worksheets): one page per lesson, with its title,
its predictions and every exercise prompt of its master, and never a solution, an output or a
hint. Built from the notebooks as they are, so a worksheet cannot rot while the lessons change.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from kit import worksheets
from kit.cli import main

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("0*.ipynb"))
STEMS = [path.stem for path in LESSONS]


def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def page_text(page: str) -> str:
    """What a reader sees: the body without its tags, entities decoded."""
    body = page.split("<body>", 1)[1]
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def words(markdown: str) -> set[str]:
    """The words of a prompt a reader must find on paper (links' addresses and HTML left out)."""
    markdown = re.sub(r"<details\b.*?</details\s*>", "", markdown, flags=re.S | re.I)
    markdown = re.sub(r"\]\([^)]*\)", "]", markdown)
    markdown = re.sub(r"<[^>]+>", " ", markdown)
    return set(re.findall(r"[^\W\d_]{4,}", markdown))


def prompts(master: dict) -> list[int]:
    """The cells of a master a student answers on paper: its `ficha` markdown cells, and in
    any case the markdown cell before each solution and each «explica» cell."""
    cells = master["cells"]
    found = {i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and "ficha" in tags(c)}
    for i, cell in enumerate(cells):
        if "solution" in tags(cell) or (cell["cell_type"] == "code" and "explica(" in source(cell)):
            before = max(k for k in range(i) if cells[k]["cell_type"] == "markdown")
            found.add(before)
    return sorted(found)


def solution_lines() -> set[str]:
    """Every line of every master's solution cells, except the `check(...)` lines (which name
    no answer; tests/test_student_copies.py collects them the same way)."""
    lines = set()
    for path in sorted((ROOT / "exercises").glob("*.ipynb")):
        for cell in notebook(path)["cells"]:
            if cell["cell_type"] == "code" and "solution" in tags(cell):
                lines |= {
                    line.strip()
                    for line in source(cell).splitlines()
                    if line.strip() and not line.strip().startswith("check(")
                }
    return lines


def hints() -> set[str]:
    found = set()
    for path in (ROOT / "kit" / "data" / "exercises").glob("*.toml"):
        for entry in tomllib.loads(path.read_text(encoding="utf-8")).values():
            if isinstance(entry, dict):
                for key, value in entry.items():
                    if key.startswith(("hint", "why")):
                        found |= set(value.values()) if isinstance(value, dict) else {value}
    return {text for text in found if isinstance(text, str) and len(text) > 20}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("worksheets")
    written = worksheets.write_html(ROOT / "notebooks", ROOT / "exercises", out)
    assert [page.name for page in written] == [f"{stem}.html" for stem in STEMS]
    return {page.stem: page.read_text(encoding="utf-8") for page in written}


def test_there_is_one_page_per_lesson_and_none_for_the_play_notebooks(pages):
    assert STEMS and list(pages) == STEMS
    assert not any(name.startswith("jugar") for name in pages)


@pytest.mark.parametrize("stem", STEMS)
def test_a_page_has_its_lesson_title_and_a_name_and_date_line(pages, stem):
    page = pages[stem]
    title = worksheets.title(notebook(ROOT / "notebooks" / f"{stem}.ipynb"))
    assert title, f"{stem} has no `# ` title"
    assert f"<h1>{worksheets.inline(title)}</h1>" in page
    for label in ("Nombre:", "Curso:", "Fecha:"):
        assert label in page_text(page)
    assert "@page { size: A4; margin: 2cm; }" in page and "break-inside: avoid" in page


@pytest.mark.parametrize("stem", STEMS)
def test_a_page_has_every_exercise_prompt_of_its_master(pages, stem):
    path = ROOT / "exercises" / f"{stem}.ipynb"
    if not path.exists():
        pytest.skip(f"{stem} has no exercise master yet")
    master = notebook(path)
    page = pages[stem]
    exercises = page.split('<section class="exercises">', 1)
    assert len(exercises) == 2, f"{stem}: no exercises section"
    seen = page_text("<body>" + exercises[1])
    for index in prompts(master):
        assert f'data-cell="{index}"' in exercises[1], (stem, index)
        missing = words(source(master["cells"][index])) - set(re.findall(r"[^\W\d_]{4,}", seen))
        assert not missing, (stem, index, sorted(missing))


@pytest.mark.parametrize("stem", STEMS)
def test_a_page_has_the_lessons_ficha_cells(pages, stem):
    lesson = notebook(ROOT / "notebooks" / f"{stem}.ipynb")
    tagged = [i for i, c in enumerate(lesson["cells"]) if "ficha" in tags(c)]
    for index in tagged:
        if lesson["cells"][index]["cell_type"] == "markdown":
            assert f'data-cell="{index}"' in pages[stem], (stem, index)


@pytest.mark.parametrize("stem", STEMS)
def test_no_solution_output_or_hint_is_on_a_page(pages, stem):
    page = pages[stem]
    for line in solution_lines():
        assert line not in page and html.escape(line, quote=False) not in page, (stem, line)
    for hint in hints():
        assert html.escape(hint, quote=False) not in page, (stem, hint)
    lesson = notebook(ROOT / "notebooks" / f"{stem}.ipynb")
    for cell in lesson["cells"]:
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", "")).strip()
            if len(text) > 30:  # a printed result long enough to be recognised
                assert html.escape(text, quote=False) not in page, (stem, text)


def test_spanish_text_and_markup_are_escaped_and_rendered():
    lesson = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "# Año 1: ¿Qué <b>pasa</b> & más?"},
            {
                "cell_type": "markdown",
                "metadata": {"tags": ["ficha"]},
                "source": (
                    "## Predice\nSi $P(A) = \\frac{1}{6}$, ¿es **seguro** que *salga* `x < 3`?"
                    "\n\n| suma | casos |\n|---|:---:|\n| 7 |  |\n\n- uno\n- dos\n\n"
                    "<details>pista</details>"
                ),
            },
            {"cell_type": "code", "metadata": {"tags": ["ficha"]}, "source": "print('no')"},
        ]
    }
    master = {
        "cells": [
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "### 1. (básico) Elige\na) 1/2\nb) 1/6",
            },
            {
                "cell_type": "code",
                "metadata": {"tags": ["solution"]},
                "source": 'respuesta_1 = "b"',
            },
            {"cell_type": "markdown", "metadata": {}, "source": "### 2. Explica por qué"},
            {"cell_type": "code", "metadata": {}, "source": 'explicacion_2 = """ """\nexplica(x)'},
        ]
    }
    page = worksheets.worksheet(lesson, master, "99_prueba")
    assert '<html lang="es">' in page and '<meta charset="utf-8">' in page
    assert "<h1>Año 1: ¿Qué &lt;b&gt;pasa&lt;/b&gt; &amp; más?</h1>" in page
    assert "<strong>seguro</strong>" in page and "<em>salga</em>" in page
    assert "<code>x &lt; 3</code>" in page
    assert '<span class="math">P(A) = 1/6</span>' in page
    assert '<th style="text-align:center">casos</th>' in page and "<td" in page
    assert "<ul><li>uno</li><li>dos</li></ul>" in page
    assert "pista" not in page and "print(" not in page and "respuesta_1" not in page
    assert "a) 1/2<br>b) 1/6" in page
    assert page.count('class="answer long"') == 1  # the «explica» prompt gets more room


def test_without_ficha_tags_a_lesson_gives_its_predice_cells():
    lesson = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "# Lección"},
            {"cell_type": "markdown", "metadata": {}, "source": "## 2. Predice\n¿Cuántas?"},
            {"cell_type": "markdown", "metadata": {}, "source": "## 3. Teoría"},
        ]
    }
    assert [item.cell for item in worksheets.lesson_items(lesson)] == [1]


def test_kit_worksheets_writes_the_pages(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(worksheets, "chromium", lambda: None)
    assert main(["worksheets", "--out", str(tmp_path / "fichas")]) == 0
    printed = capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "fichas").iterdir()) == [f"{s}.html" for s in STEMS]
    assert "Chromium" in printed.splitlines()[-1]  # the one-line note: HTML only


def test_the_pdf_is_printed_where_chromium_is(tmp_path):
    browser = worksheets.chromium()
    if browser is None:
        reason = "no chromium on PATH: apt-get install chromium to print the worksheets to PDF"
        if os.environ.get("KIT_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    (page,) = worksheets.write_html(ROOT / "notebooks", ROOT / "exercises", tmp_path)[:1]
    pdf = worksheets.print_pdf(page, browser)
    assert pdf == tmp_path / f"{STEMS[0]}.pdf"
    assert pdf.read_bytes().startswith(b"%PDF") and worksheets.pdf_pages(pdf) >= 1
    assert shutil.which("chromium") == browser
