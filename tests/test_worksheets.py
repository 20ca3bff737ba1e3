"""Printable worksheets (kit worksheets, make worksheets): one paper sheet per lesson, with its
title, its predictions as questions with room to write and the exercises that can be done with
pencil, and never a solution, an output, a hint or a word about computers. What goes on paper is
chosen by kit/data/worksheets.toml; the sheets are built from the notebooks as they are, so a new
exercise is on its sheet (or listed as left out) and computer wording in it fails here.
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

from kit import worksheets, worksheets_data
from kit import worksheets_paper as paper
from kit.cli import main

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("0*.ipynb"))
STEMS = [path.stem for path in LESSONS]
MAX_PAGES = 4  # README: at most four A4 pages per lesson

# What a sheet must never say: it is read on paper, with no computer, cell, screen or code.
FORBIDDEN = [
    r"ejecut",
    r"celda",
    r"entre comillas",
    r"fraction\(",
    r"\bkit\b",
    r"predice\(",
    r"acertaste",
    r"check\(",
    r"explica\(",
    r"\bpuls[ae]",
    r"bot[oó]n",
    r"pantalla",
    r"\.ipynb",
    r"python",
    r"ordenador",
    r"laboratorio",
    r"\bclic\b",
    r"teclado",
    r"may[uú]s",
    r"widget",
    r"\bmen[uú]\b",
    r"en lugar de\s*(`|\.\.\.)",
    r"`",
    r"\{datos\}",
    r"\b\w+\([^)]*\.\.\.\)",  # a call such as pl.palabra(...)
    r"\b[a-z_]+\.[a-z_]+\(",  # any other call: paga.bet(299)
]


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


def lesson_plan(stem: str) -> dict:
    return tomllib.loads((ROOT / "kit" / "data" / "worksheets.toml").read_text("utf-8"))[stem]


def master(stem: str) -> dict:
    return notebook(ROOT / "exercises" / f"{stem}.ipynb")


def exercise_block(page: str, exercise_id: str) -> str:
    """The HTML of one exercise on a sheet."""
    start = page.rindex("<div", 0, page.index(f'data-exercise="{exercise_id}"'))
    end = page.find('<div class="item"', start + 1)
    return page[start : end if end > 0 else len(page)]


def table_rows(fragment: str) -> list[list[str]]:
    """The cells' text of the first table in an HTML fragment, row by row."""
    table = fragment.split("<table>", 1)[1].split("</table>", 1)[0]
    return [
        [
            html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", table, flags=re.S)
    ]


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


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, int]:
    """The six sheets printed by Chromium (a few seconds), as their page counts."""
    browser = worksheets.chromium()
    if browser is None:
        reason = "no chromium on PATH: apt-get install chromium to print the worksheets to PDF"
        if os.environ.get("KIT_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("worksheets-pdf")
    written = worksheets.write_html(ROOT / "notebooks", ROOT / "exercises", out)
    return {
        page.stem: worksheets.pdf_pages(worksheets.print_pdf(page, browser)) for page in written
    }


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
    assert "@page { size: A4;" in page and "break-inside: avoid" in page


@pytest.mark.parametrize("stem", STEMS)
def test_no_sheet_asks_for_a_computer_a_cell_or_code(pages, stem):
    page = pages[stem]
    text = page_text(page).casefold()
    found = [
        (pattern, text[max(0, m.start() - 40) : m.end() + 40])
        for pattern in FORBIDDEN
        for m in re.finditer(pattern, text)
    ]
    assert not found, f"{stem}: computer wording on paper (kit/data/worksheets.toml): {found}"
    assert "<code" not in page and "<pre" not in page and "<details" not in page


def test_the_forbidden_patterns_catch_the_masters_computer_wording():
    """The list above finds what the masters say to a computer user (so test (a) can fail)."""
    said = [
        'Escribe la letra entre comillas, como `"a"`.',
        "Ejecuta la celda de abajo y pulsa **Tirar 100**.",
        "Responde con una fracción, como `Fraction(1, 2)`.",
        "Calcula sus puntos con el kit, con pl.palabra(...).",
        "paga.bet(299) es la distribución de su ganancia neta.",
        "Anota cada predicción: predice(1, ...)",
    ]
    for sentence in said:
        text = page_text("<body>" + worksheets.markdown(sentence)).casefold()
        assert any(re.search(pattern, text) for pattern in FORBIDDEN), sentence


@pytest.mark.parametrize("stem", STEMS)
def test_every_exercise_of_a_master_is_on_its_sheet_or_left_out_with_a_reason(pages, stem):
    plan = lesson_plan(stem)
    left_out = plan.get("left_out", {})
    ids = [prompt.id for prompt in paper.prompts(master(stem), stem)]
    assert ids and len(ids) == len(set(ids)), (stem, ids)
    for exercise_id in ids:
        on_sheet = f'data-exercise="{exercise_id}"' in pages[stem]
        assert on_sheet != (exercise_id in left_out), (stem, exercise_id)
        if exercise_id in left_out:
            assert len(left_out[exercise_id]) > 20, (stem, exercise_id, "give the reason")
    # The plan names no exercise the master does not have (a renumbered one is not lost).
    assert set(left_out) | set(plan.get("exercises", {})) <= set(ids), stem
    numbers = [int(exercise_id.rsplit("-", 1)[1]) for exercise_id in ids]
    assert numbers == sorted(numbers), stem


@pytest.mark.parametrize("stem", STEMS)
def test_an_exercise_on_paper_keeps_the_masters_heading(pages, stem):
    for prompt in paper.prompts(master(stem), stem):
        if f'data-exercise="{prompt.id}"' in pages[stem]:
            number = prompt.id.rsplit("-", 1)[1]
            block = page_text("<body>" + exercise_block(pages[stem], prompt.id))
            assert re.match(rf"\s*{number}\. ", block), (stem, prompt.id, block[:60])


@pytest.mark.parametrize("stem", STEMS)
def test_the_lessons_predictions_and_paper_cells_are_on_the_sheet_or_left_out(pages, stem):
    """Each «Predice» cell and `ficha` cell of the lesson is found by a phrase of the plan (on the
    sheet) or of its left-out list; each prediction the lesson records with predice(n, …) is a
    question on the sheet with room to write, unless the plan drops it."""
    lesson = notebook(ROOT / "notebooks" / f"{stem}.ipynb")
    cells = lesson["cells"]
    plan = lesson_plan(stem)
    placed = {paper.find_cell(cells, item["anchor"], stem): item for item in plan.get("lesson", [])}
    left = {paper.find_cell(cells, phrase, stem) for phrase in plan.get("lesson_left_out", {})}
    assert not set(placed) & left, stem
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        heading = re.match(r"\s*#+ .*predice", source(cell).casefold())
        if "ficha" in tags(cell) or heading:
            assert i in placed or i in left, (stem, i, source(cell)[:80])
    for i in placed:
        assert f'data-lesson="{i}"' in pages[stem], (stem, i)
    recorded = {
        int(m.group(1))
        for cell in cells
        if cell["cell_type"] == "code" and "prediccion" in tags(cell)
        for m in [re.search(r"predice\(\s*(\d+)", source(cell))]
        if m
    }
    asked = {int(n) for n in re.findall(r'data-question="(\d+)"', pages[stem])}
    dropped = {n for item in plan.get("lesson", []) for n in item.get("drop", [])}
    assert recorded - dropped <= asked, (stem, sorted(recorded - dropped - asked))
    bare = {n for item in plan.get("lesson", []) for n in item.get("no_room", [])}
    assert pages[stem].count('class="answer lines2"') == len(asked - bare), stem


def test_the_data_printed_is_what_the_kit_computes(pages):
    """Where an exercise needs data the kit computes, the sheet prints the value the lesson
    computes (kit.worksheets_data asks the floors below the CLI; here the lessons' own functions
    check it), and the plan types none of it."""
    from kit.analysis import markov
    from kit.lessons import multiplicadores as mx
    from kit.lessons import tablero
    from kit.table import format_decimal

    plan_text = (ROOT / "kit" / "data" / "worksheets.toml").read_text("utf-8")
    long_run = tablero.long_run("el_pale")
    block = page_text("<body>" + exercise_block(pages["02_tablero"], "tablero-14"))
    for share in (long_run[10], long_run[markov.IN_JAIL]):
        shown = format_decimal(share, 4)
        assert shown in block and shown not in plan_text, shown

    state = mx.mano_de_la_leccion()
    hand = state.hand_cards(state.current_player())
    predict = pages["06_multiplicadores"].split('class="predict"', 1)[1]
    assert table_rows(predict) == card_rows(hand)
    assert "".join(card.letter for card in hand) not in plan_text


def card_rows(cards) -> list[list[str]]:
    """A lesson's card table (kit.lessons.multiplicadores.tabla) turned on its side."""
    from kit.lessons import multiplicadores as mx

    table = mx.tabla(cards)
    names = ("letra", "valor", "multiplica", "colores")
    return [[name] + [str(value) for value in table.column(name)] for name in names]


def test_the_maletas_cards_are_those_of_the_masters_solution(pages):
    from kit.lessons import palabra as pl

    cell = next(
        c for c in master("05_palabra")["cells"] if "solution" in tags(c) and "maletas" in source(c)
    )
    names = re.findall(r'"([^"]+)"', re.search(r"pl\.cartas\(([^)]*)\)", source(cell)).group(1))
    cards = pl.cartas(*names)
    assert [c.id for c in worksheets_data.maletas_cards()] == [c.id for c in cards]
    assert table_rows(exercise_block(pages["05_palabra"], "palabra-8")) == card_rows(cards)


def test_every_sheet_prints_on_at_most_four_a4_pages(pdfs):
    assert list(pdfs) == STEMS
    assert all(count <= MAX_PAGES for count in pdfs.values()), pdfs


def test_the_readme_states_the_measured_page_counts(pdfs):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"pages?\s+per\s+lesson\s+\(measured\):\s*([\d,\s]+)", readme)
    assert stated, "README: «… pages per lesson (measured): 4, 3, …»"
    counts = [int(n) for n in stated.group(1).split(",") if n.strip()]
    assert counts == list(pdfs.values()), (counts, pdfs)


@pytest.mark.parametrize("stem", STEMS)
def test_no_solution_output_or_hint_is_on_a_page(pages, stem):
    page = pages[stem].replace("\u00a0", " ")  # numbers are kept on one line with no-break spaces
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


def test_a_phrase_finds_its_cell_wherever_it_moves_and_refuses_when_gone():
    cells = [
        {"cell_type": "markdown", "source": "# Lección"},
        {"cell_type": "markdown", "source": "## Predice\n\n1. ¿Qué suma\n   sale **más**?"},
    ]
    assert paper.find_cell(cells, "¿Qué suma sale **más**?") == 1
    assert paper.find_cell([{"cell_type": "code", "source": "x"}, *cells], "¿Qué suma") == 2
    with pytest.raises(paper.PlanError, match="no markdown cells"):
        paper.find_cell(cells, "¿Qué resta")
    with pytest.raises(paper.PlanError, match="2 markdown cells"):
        paper.find_cell(cells + cells[1:], "¿Qué suma")
    assert paper.rewrite("Escribe en tu\ncuaderno la cuenta.", [["en tu cuaderno", "aquí"]]) == (
        "Escribe aquí la cuenta."
    )
    with pytest.raises(paper.PlanError, match="no longer says"):
        paper.rewrite("Escribe la cuenta.", [["en tu cuaderno", ""]])


def test_an_exercise_id_is_the_masters_prefix_and_its_heading_number():
    book = {
        "cells": [
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "### 1. (básico) Elige\na) 1/2\nb) 1/6",
            },
            {"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": 'check("x-1", r)'},
            {"cell_type": "markdown", "metadata": {}, "source": "### 2. Explica por qué"},
            {"cell_type": "code", "metadata": {}, "source": 'e = """ """\nexplica(e)'},
        ]
    }
    found = paper.prompts(book, "99_prueba")
    assert [(p.id, p.cell, p.explain) for p in found] == [("x-1", 0, False), ("x-2", 2, True)]


def test_spanish_text_and_markup_are_escaped_and_rendered():
    lesson = {"cells": [{"cell_type": "markdown", "source": "# Año 1: ¿Qué <b>pasa</b> & más?"}]}
    book = {
        "cells": [
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": (
                    "### 1. (básico) Elige\nSi $P(A) = \\frac{1}{6}$, ¿es **seguro** que *salga*?"
                    "\n\n| suma | casos |\n|---|:---:|\n| 7 |  |\n\n- uno\n- dos\n\n"
                    "<details>pista</details>\n\na) 1/2\nb) 1/6\nc) 1/3"
                ),
            },
            {
                "cell_type": "code",
                "metadata": {"tags": ["solution"]},
                "source": 'r = "b"\ncheck("x-1", r)',
            },
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "### 2. Explica por qué\nla mediana es\n20. Sí.",
            },
            {"cell_type": "code", "metadata": {}, "source": 'explicacion_2 = """ """\nexplica(x)'},
        ]
    }
    page = worksheets.worksheet(lesson, book, "99_prueba")
    assert '<html lang="es">' in page and '<meta charset="utf-8">' in page
    assert "<h1>Año 1: ¿Qué &lt;b&gt;pasa&lt;/b&gt; &amp; más?</h1>" in page
    assert "<strong>seguro</strong>" in page and "<em>salga</em>" in page
    assert '<span class="math">P(A) = 1/6</span>' in page
    assert '<th style="text-align:center">casos</th>' in page and "<td" in page
    assert "<ul><li>uno</li><li>dos</li></ul>" in page
    assert "pista" not in page and "check(" not in page and 'r = "b"' not in page
    assert '<div class="options two"><p>a) 1/2</p><p>b) 1/6</p><p>c) 1/3</p></div>' in page
    assert "la mediana es\n20. Sí." in page  # «20.» inside a paragraph starts no list
    assert page.count('class="answer long"') == 1  # the «explica» prompt gets more room
    assert page.count('class="answer line"') == 1  # a choice: one line for the letter


def test_kit_worksheets_writes_the_pages(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(worksheets, "chromium", lambda: None)
    assert main(["worksheets", "--out", str(tmp_path / "fichas")]) == 0
    printed = capsys.readouterr().out
    assert sorted(p.name for p in (tmp_path / "fichas").iterdir()) == [f"{s}.html" for s in STEMS]
    assert "Chromium" in printed.splitlines()[-1]  # the one-line note: HTML only


def test_the_pdf_is_printed_where_chromium_is(pdfs):
    assert all(count >= 1 for count in pdfs.values())
    assert shutil.which("chromium") == worksheets.chromium()
