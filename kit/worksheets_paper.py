"""What goes on a paper worksheet, and the sheet itself (`kit worksheets`).

kit/data/worksheets.toml chooses, per lesson, the lesson cells that go on paper (found by a phrase
of their text) and how each exercise of the master goes: as the master writes it, rewritten
without computer wording, in a wording of its own, or left out with a reason. An exercise the
file does not name goes as the master writes it, so a new exercise is never dropped silently
(tests/test_worksheets.py then checks that no sheet asks for a computer).
"""

from __future__ import annotations

import html
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from kit.worksheets import STYLE, _source, _tags, inline, markdown, title

PLAN = Path(__file__).parent / "data" / "worksheets.toml"
ROOMS = ("none", "line", "short", "long")
_HEADING = re.compile(r"^\s*#{1,6}\s+(\d+)\.", re.M)
_QUESTION = re.compile(r"^(\d{1,2})\.\s+")
_CHECK_ID = re.compile(r"""check\(\s*["']([\w.-]+)-[\w]+["']""")


class PlanError(ValueError):
    """kit/data/worksheets.toml no longer matches a notebook (a phrase not found, or twice)."""


@cache
def plan() -> dict[str, Any]:
    return tomllib.loads(PLAN.read_text(encoding="utf-8"))


def lesson_plan(stem: str) -> dict[str, Any]:
    return dict(plan().get(stem, {}))


def texts() -> dict[str, str]:
    return dict(plan()["texts"])


# -- finding text in a notebook ----------------------------------------------------------------


def _pattern(phrase: str) -> re.Pattern[str]:
    """`phrase` as a pattern in which any run of spaces and line breaks matches any other."""
    words = phrase.split()
    return re.compile(r"\s+".join(re.escape(word) for word in words))


def contains(text: str, phrase: str) -> bool:
    return bool(_pattern(phrase).search(text))


def find_cell(cells: list[dict], phrase: str, where: str = "") -> int:
    """The one markdown cell whose text has `phrase`."""
    found = [
        i
        for i, cell in enumerate(cells)
        if cell.get("cell_type") == "markdown" and contains(_source(cell), phrase)
    ]
    if len(found) != 1:
        count = "no" if not found else f"{len(found)}"
        raise PlanError(f"{where}: {count} markdown cells say «{phrase}»")
    return found[0]


def rewrite(text: str, replacements: list[list[str]], where: str = "") -> str:
    """`text` with each [old, new] pair replaced (old found once or more, else PlanError)."""
    for old, new in replacements:
        pattern = _pattern(old)
        if not pattern.search(text):
            raise PlanError(f"{where}: the text no longer says «{old}»")
        text = pattern.sub(lambda _m, new=new: new, text)
    return re.sub(r"[ \t]+\n", "\n", text)


# -- the exercises of a master -----------------------------------------------------------------


@dataclass(frozen=True)
class Prompt:
    """One exercise of a master: its id (dados-7), its markdown cell and how it is answered."""

    id: str
    cell: int
    source: str
    explain: bool


def _is_explica(cell: dict) -> bool:
    return cell.get("cell_type") == "code" and "explica(" in _source(cell)


def _prefix(cells: list[dict], stem: str) -> str:
    for cell in cells:
        if match := _CHECK_ID.search(_source(cell)):
            return match.group(1)
    return stem


def prompts(master: dict, stem: str = "") -> list[Prompt]:
    """Every exercise of a master: the markdown cell right before each `solution` cell or
    `explica(...)` cell; its id is the master's id prefix and the number of its heading."""
    cells = master.get("cells", [])
    prefix = _prefix(cells, stem)
    chosen: dict[int, bool] = {}
    for i, cell in enumerate(cells):
        if "solution" in _tags(cell) or _is_explica(cell):
            before = i - 1
            while before >= 0 and cells[before].get("cell_type") != "markdown":
                before -= 1
            if before >= 0:
                chosen[before] = chosen.get(before, False) or _is_explica(cell)
    out = []
    for i in sorted(chosen):
        text = _source(cells[i])
        number = _HEADING.search(text)
        key = f"{prefix}-{number.group(1)}" if number else f"{prefix}-celda{i}"
        out.append(Prompt(key, i, text, chosen[i]))
    return out


# -- the blocks of a sheet ---------------------------------------------------------------------


@dataclass
class Block:
    """One part of a sheet: where it comes from (an exercise id or a lesson phrase), its HTML."""

    key: str
    kind: str  # "lesson" or "exercise"
    html: str
    data: list[str] = field(default_factory=list)


def _data(name: str) -> str:
    from kit.worksheets_data import DATA

    return DATA[name]()


def _with_data(source: str, name: str | None) -> str:
    if not name:
        return source
    table = f'\n\n<div class="data">\n\n{_data(name)}\n\n</div>\n\n'
    return source.replace("{datos}", table) if "{datos}" in source else source + table


def _room(kind: str, answer: str) -> str:
    if kind not in ROOMS:
        raise PlanError(f"room must be one of {ROOMS}, not {kind!r}")
    if kind == "none":
        return ""
    if kind == "line":
        return f'<p class="answer line">{html.escape(answer)}</p>'
    return f'<div class="answer {kind}"></div>'


_OPTION_LINE = re.compile(r"^\s*\(?([a-h])\)\s+(.*)$")


def _options(source: str) -> str:
    """Markdown with its choice options (lines «a) …», «b) …») drawn as one compact block: in
    two columns when they are short, so a choice exercise takes little paper."""
    out: list[str] = []
    group: list[str] = []

    def flush() -> None:
        if not group:
            return
        wide = max(len(option) for option in group) > 38
        items = "".join(f"<p>{inline(option)}</p>" for option in group)
        out.append(f'<div class="options{"" if wide else " two"}">{items}</div>')
        group.clear()

    lines = source.splitlines()
    for k, line in enumerate(lines):
        if _OPTION_LINE.match(line):
            group.append(line.strip().removesuffix("\\").strip())
        elif (
            not line.strip()
            and group
            and _OPTION_LINE.match(lines[k + 1] if k + 1 < len(lines) else "")
        ):
            continue  # a blank line between two options
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)


def _markdown(source: str) -> str:
    """Markdown to HTML with the options block kept as it is."""
    parts = re.split(r'(<div class="options(?: two)?">.*?</div>)', _options(source))
    return "\n".join(part if part.startswith("<div") else markdown(part) for part in parts)


def _render(source: str) -> str:
    """Markdown to HTML, a data table's wrapper kept as a frame around it."""
    parts = re.split(r'<div class="data">|</div>\n', source)
    if len(parts) == 1:
        return _markdown(source)
    out = []
    for k, part in enumerate(parts):
        out.append(f'<div class="data">{markdown(part)}</div>' if k % 2 else _markdown(part))
    return "\n".join(out)


def _default_room(text: str, explain: bool) -> str:
    if explain:
        return "long"
    options = re.findall(r"(?m)^\s*\(?[a-h]\)\s", text) or re.findall(r"[a-h]\) ", text)
    return "line" if len(options) >= 3 else "short"


def exercise_blocks(master: dict, stem: str) -> list[Block]:
    """The master's exercises as they go on paper (those left out are not here)."""
    own = lesson_plan(stem)
    settings = own.get("exercises", {})
    left_out = own.get("left_out", {})
    words = texts()
    blocks = []
    for prompt in prompts(master, stem):
        if prompt.id in left_out:
            continue
        entry = settings.get(prompt.id, {})
        where = f"{stem} {prompt.id}"
        if "prompt" in entry:
            if not contains(prompt.source, entry["anchor"]):
                raise PlanError(f"{where}: the master no longer says «{entry['anchor']}»")
            text = entry["prompt"]
        else:
            text = rewrite(prompt.source, entry.get("replace", []), where)
        room = entry.get("room") or _default_room(text, prompt.explain)
        body = _render(_with_data(text, entry.get("data")))
        blocks.append(
            Block(
                prompt.id,
                "exercise",
                f'<div class="item" data-exercise="{html.escape(prompt.id)}">\n{body}\n'
                f"{_room(room, words['answer'])}</div>",
                [entry["data"]] if entry.get("data") else [],
            )
        )
    return blocks


def _questions(source: str) -> tuple[list[str], list[tuple[str, str]], list[str]]:
    """A «Predice» cell split into what comes before its numbered questions, the questions
    (number, text) and what comes after them."""
    before: list[str] = []
    questions: list[tuple[str, list[str]]] = []
    after: list[str] = []
    for line in source.splitlines():
        match = _QUESTION.match(line)
        if match and not after:
            questions.append((match.group(1), [line[match.end() :]]))
        elif questions and not after and (line.startswith("   ") or not line.strip()):
            questions[-1][1].append(line.strip())
        elif questions:
            after.append(line)
        else:
            before.append(line)
    return before, [(n, "\n".join(t).strip()) for n, t in questions], after


def _heading(lines: list[str], title_text: str | None) -> tuple[str, list[str]]:
    """The cell's heading without its section number, and the lines after it."""
    for k, line in enumerate(lines):
        if line.strip():
            if match := re.match(r"\s*#{1,6}\s+(?:\d+\.\s*)?(.*)", line):
                return title_text or match.group(1), lines[k + 1 :]
            break
    return title_text or "", lines


def lesson_blocks(lesson: dict, stem: str) -> list[Block]:
    """The lesson cells the plan puts on paper, in the plan's order."""
    cells = lesson.get("cells", [])
    words = texts()
    blocks = []
    for entry in lesson_plan(stem).get("lesson", []):
        where = f"{stem} lesson"
        index = find_cell(cells, entry["anchor"], where)
        source = rewrite(_source(cells[index]), entry.get("replace", []), where)
        if not entry.get("questions"):
            heading, rest = _heading(source.splitlines(), entry.get("title"))
            body = (f"<h3>{inline(heading)}</h3>\n" if heading else "") + _render(
                _with_data("\n".join(rest), entry.get("data"))
            )
            room = _room(entry.get("room", "none"), words["answer"])
            html_text = f'<div class="item" data-lesson="{index}">\n{body}\n{room}</div>'
            blocks.append(Block(entry["anchor"], "lesson", html_text, _listed(entry)))
            continue
        _before, questions, after = _questions(source)
        heading = entry.get("title") or words["predict"]  # the cell's own intro speaks of cells
        intro = entry.get("intro") or words["predict_intro"]
        parts = [f"<h3>{inline(heading)}</h3>", f"<p>{inline(intro)}</p>"]
        if entry.get("data"):
            parts.append(_render(_with_data("", entry["data"])))
        drop = {str(n) for n in entry.get("drop", [])}
        bare = {str(n) for n in entry.get("no_room", [])}
        for number, text in questions:
            if number in drop:
                continue
            room = "" if number in bare else '<div class="answer lines2"></div>'
            parts.append(
                f'<div class="question" data-question="{number}"><span class="n">{number}.</span>'
                f'<div class="q">{markdown(text)}{room}</div></div>'
            )
        if any(line.strip() for line in after):
            parts.append(markdown("\n".join(after)))
        html_text = f'<div class="predict" data-lesson="{index}">\n' + "\n".join(parts) + "</div>"
        blocks.append(Block(entry["anchor"], "lesson", html_text, _listed(entry)))
    return blocks


def _listed(entry: dict) -> list[str]:
    return [entry["data"]] if entry.get("data") else []


# -- the page ----------------------------------------------------------------------------------

PAPER_STYLE = """
@page { size: A4; margin: 1.5cm 1.7cm; }
html { font-size: 10.5pt; line-height: 1.3; }
header { margin-bottom: .6em; }
h1 { font-size: 17pt; margin: .1em 0 .3em; }
h2 { font-size: 13pt; margin: .8em 0 .3em; }
h3 { font-size: 11pt; margin: .45em 0 .15em; }
.lead { font-style: italic; margin: .2em 0 .6em; }
.item, .question { break-inside: avoid; page-break-inside: avoid; }
.item { margin: 0 0 .5em; }
.item p, .predict p { margin: .25em 0; }
.question { display: flex; gap: .4em; margin: .3em 0 .5em; }
.question .n { font-weight: bold; }
.question .q { flex: 1; }
.question .q p { margin: 0; }
.answer.short { height: 2cm; }
.answer.long { height: 3.5cm; }
.answer.lines2 { height: 1.2cm; margin-top: .15em; }
.options p { margin: .1em 0; }
.options.two { display: grid; grid-template-columns: 1fr 1fr; column-gap: 1.2em; }
.answer.line { border: none; background: none; height: auto; margin: .35em 0 0;
  font-family: inherit; }
.answer.line::after { content: ""; display: inline-block; width: 7cm; margin-left: .4em;
  border-bottom: 1px solid currentColor; }
.data table { margin: .3em 0; }
th, td { padding: .1em .5em; height: 1.25em; }
"""


def worksheet(lesson: dict, master: dict | None, stem: str = "") -> str:
    """The printable sheet of one lesson and its exercise master: paper only."""
    from kit.worksheets import _texts

    words = _texts()
    own = texts()
    name = title(lesson, stem)
    lesson_part = lesson_blocks(lesson, stem)
    exercise_part = exercise_blocks(master, stem) if master is not None else []
    parts = [
        "<!DOCTYPE html>",
        '<html lang="es">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(words['kind'])}: {inline(name)}</title>",
        f"<style>{STYLE}{PAPER_STYLE}</style></head>",
        "<body>",
        f'<header><p class="kind">{html.escape(words["kind"])} · {html.escape(stem)}</p>',
        f"<h1>{inline(name)}</h1>",
        '<p class="who">'
        f'<span class="name">{html.escape(words["name"])}:</span>'
        f"<span>{html.escape(words['group'])}:</span>"
        f"<span>{html.escape(words['date'])}:</span></p>",
        f'<p class="lead">{html.escape(own["lead"])}</p></header>',
    ]
    if lesson_part:
        parts.append('<section class="lesson">')
        parts.extend(block.html for block in lesson_part)
        parts.append("</section>")
    if exercise_part:
        parts.append(f'<section class="exercises"><h2>{html.escape(words["exercises"])}</h2>')
        parts.extend(block.html for block in exercise_part)
        parts.append("</section>")
    if not lesson_part and not exercise_part:
        parts.append(f'<p class="none">{html.escape(words["empty"])}</p>')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
