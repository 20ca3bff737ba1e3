"""Printable worksheets: the paper sheet of each lesson for students without a computer
(`kit worksheets`): the Markdown renderer, the page's style, the HTML files and their PDFs.

What goes on a sheet (paper only: no code, no screens, no cells) is chosen by
kit/data/worksheets.toml and assembled in kit.worksheets_paper; data an exercise needs that the
kit computes comes from kit.worksheets_data. A sheet never carries a code cell, an output or a
hint: only markdown cells are read, and `<details>` blocks (where a hint could hide) are dropped.

Standard library only (notebooks are JSON; the markdown subset the lessons use is rendered
here), so the command works wherever the kit is installed; Debian's Chromium, when on PATH,
prints the pages to PDF headless.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from kit.theme import CODE_FONT, DARK_GREY, FONT, FRAME, GRID, INK, MID_GREY, PRINT_FONT, SHADE

OUT = Path("build/worksheets")


# -- reading notebooks ------------------------------------------------------------------------


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _tags(cell: dict) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def read_notebook(path: Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def title(notebook: dict, default: str = "") -> str:
    """The text of the notebook's first `# ` heading."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in _source(cell).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return default


# -- markdown to HTML (the subset the lessons use) -------------------------------------------

_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$", re.M)
_DETAILS = re.compile(r"<details\b.*?</details\s*>", re.S | re.I)
_BR = re.compile(r"<br\s*/?>", re.I)
_BULLET = re.compile(r"^( *)([-*+]|\d{1,3}[.)]) +")
_OPTION = re.compile(r"^\s*\(?[a-h]\) ")
_TEX = [
    (r"\frac", None),  # handled apart: \frac{a}{b} -> a/b
    (r"\cdot", "·"),
    (r"\times", "×"),
    (r"\div", "÷"),
    (r"\approx", "≈"),
    (r"\leq", "≤"),
    (r"\geq", "≥"),
    (r"\le", "≤"),
    (r"\ge", "≥"),
    (r"\neq", "≠"),
    (r"\ne", "≠"),
    (r"\pm", "±"),
    (r"\infty", "∞"),
    (r"\to", "→"),
    (r"\ldots", "…"),
    (r"\dots", "…"),
    (r"\%", "%"),
    (r"\,", "\u2009"),
    (r"\;", " "),
    (r"\!", ""),
    (r"\{", "{"),
    (r"\}", "}"),
    (r"\left", ""),
    (r"\right", ""),
    (r"\quad", " "),
    (r"\sum", "Σ"),
    (r"\sqrt", "√"),
    (r"\binom", "C"),
    (r"\log", "log"),
    (r"\ln", "ln"),
    (r"\mathrm", ""),
    (r"\text", ""),
    (r"\star", "★"),
    (r"\bigstar", "★"),
    (r"\varepsilon", "ε"),
    (r"\sigma", "σ"),
    (r"\mu", "μ"),
    (r"\pi", "π"),
    (r"\in", "∈"),
    (r"\cup", "∪"),
    (r"\cap", "∩"),
]


def _group(text: str, start: int) -> tuple[str, int]:
    """The braced group at text[start] (or one character) and where it ends."""
    if start < len(text) and text[start] == "{":
        depth = 0
        for end in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                return text[start + 1 : end], end + 1
        return text[start + 1 :], len(text)
    return text[start : start + 1], start + 1


def tex(formula: str) -> str:
    """Simple LaTeX shown as text (HTML): fractions as a/b, powers raised, symbols as signs."""
    out: list[str] = []
    i = 0
    while i < len(formula):
        ch = formula[i]
        if fraction := re.match(r"\\[dt]?frac", formula[i:]):
            i += fraction.end()
            top, i = _group(formula, i)
            bottom, i = _group(formula, i)
            wrap = [tex(p) if len(p) == 1 or p.isalnum() else f"({tex(p)})" for p in (top, bottom)]
            out.append(f"{wrap[0]}/{wrap[1]}")
            continue
        if ch in "^_":
            part, i = _group(formula, i + 1)
            tag = "sup" if ch == "^" else "sub"
            out.append(f"<{tag}>{tex(part)}</{tag}>")
            continue
        if ch == "\\":
            for command, sign in _TEX:
                if sign is None or not formula.startswith(command, i):
                    continue
                after = i + len(command)
                if command[1].isalpha() and after < len(formula) and formula[after].isalpha():
                    continue  # \le is not \left
                out.append(html.escape(sign))
                i = after
                break
            else:
                match = re.match(r"\\([A-Za-z]+|.)", formula[i:])
                word = match.group(1) if match else ""
                out.append(html.escape(word))
                i += 1 + len(word)
            continue
        if ch in "{}":
            i += 1
            continue
        out.append(html.escape(ch))
        i += 1
    return "".join(out)


_INLINE = re.compile(r"(`+)(.+?)\1|(?<![\\$])\$(?!\$)(.+?)(?<!\\)\$", re.S)


_NO_BREAK = re.compile(r"(\d) (?=\d{3}(?!\d)|%|€)")


def _emphasis(text: str) -> str:
    """Links, bold and italic in text already escaped."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"[\1]", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1", r"<strong>\2</strong>", text, flags=re.S)
    text = re.sub(r"(?<![*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])", r"<em>\1</em>", text, flags=re.S)
    text = re.sub(r"(?<![_\w])_(?=\S)(.+?)(?<=\S)_(?![_\w])", r"<em>\1</em>", text, flags=re.S)
    text = _NO_BREAK.sub("\\1\u00a0", text)  # «1 650 €», «10 %» stay on one line
    return text.replace("\\$", "$").replace("\\*", "*").replace("\\_", "_")


def inline(text: str) -> str:
    """One line or paragraph of markdown as HTML: code spans, $math$, links as text, emphasis."""
    out, last = [], 0
    for match in _INLINE.finditer(text):
        out.append(_emphasis(html.escape(text[last : match.start()], quote=False)))
        if match.group(1):
            out.append(f"<code>{html.escape(match.group(2).strip(), quote=False)}</code>")
        else:
            out.append(f'<span class="math">{tex(match.group(3))}</span>')
        last = match.end()
    out.append(_emphasis(html.escape(text[last:], quote=False)))
    return "".join(out)


def _cells(row: str) -> list[str]:
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", row)]


def _table(lines: list[str]) -> str:
    head, rule, *body = lines
    aligns = []
    for spec in _cells(rule):
        left, right = spec.startswith(":"), spec.endswith(":")
        aligns.append("center" if left and right else "right" if right else "left")

    def row(cells: list[str], tag: str) -> str:
        cells = (cells + [""] * len(aligns))[: len(aligns)]
        parts = [
            f'<{tag} style="text-align:{align}">{inline(cell)}</{tag}>'
            for cell, align in zip(cells, aligns, strict=True)
        ]
        return "<tr>" + "".join(parts) + "</tr>"

    rows = "".join(row(_cells(line), "td") for line in body)
    return f"<table><thead>{row(_cells(head), 'th')}</thead><tbody>{rows}</tbody></table>"


def _paragraph(lines: list[str]) -> str:
    """One paragraph; emphasis may run across its lines. Options a) b) … and lines ending in
    two spaces or a backslash break the line."""
    parts = []
    for k, line in enumerate(lines):
        if k:
            hard = _OPTION.match(line) or lines[k - 1].endswith(("  ", "\\"))
            parts.append("\x00" if hard else "\n")
        parts.append(line.strip().removesuffix("\\"))
    text = inline("".join(parts))
    return "<p>" + text.replace("\x00", "<br>") + "</p>"


def markdown(source: str, shift: int = 1) -> str:
    """Markdown blocks as HTML: headings (moved `shift` levels down), paragraphs, lists,
    pipe tables, quotes, code blocks, $$display math$$ and rules; any other HTML is shown as
    text, never run."""
    source = _BR.sub("  \n", _DETAILS.sub("", source))
    lines = source.expandtabs(4).splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            i += 1
        elif stripped.startswith(("```", "~~~")):
            fence, code = stripped[:3], []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(fence):
                code.append(lines[i])
                i += 1
            i += 1
            out.append(f"<pre>{html.escape(chr(10).join(code), quote=False)}</pre>")
        elif match := re.match(r"(#{1,6})\s+(.*?)\s*#*\s*$", stripped):
            level = min(len(match.group(1)) + shift, 6)
            out.append(f"<h{level}>{inline(match.group(2))}</h{level}>")
            i += 1
        elif re.fullmatch(r"(\*\s*){3,}|(-\s*){3,}|(_\s*){3,}", stripped):
            out.append("<hr>")
            i += 1
        elif stripped.startswith("$$"):
            formula = [stripped[2:]]
            while not formula[-1].rstrip().endswith("$$") or (len(formula) == 1 and not formula[0]):
                i += 1
                if i >= len(lines):
                    break
                formula.append(lines[i].strip())
            i += 1
            body = " ".join(formula).strip().removesuffix("$$")
            out.append(f'<p class="math display">{tex(body)}</p>')
        elif stripped.startswith(">"):
            quoted = []
            while i < len(lines) and lines[i].strip().startswith(">"):
                quoted.append(lines[i].strip()[1:].removeprefix(" "))
                i += 1
            out.append(f"<blockquote>{markdown(chr(10).join(quoted), shift)}</blockquote>")
        elif "|" in line and i + 1 < len(lines) and _TABLE_RULE.fullmatch(lines[i + 1]):
            rows = [line, lines[i + 1]]
            i += 2
            while i < len(lines) and "|" in lines[i] and lines[i].strip():
                rows.append(lines[i])
                i += 1
            out.append(_table(rows))
        elif bullet := _BULLET.match(line):
            i = _list(lines, i, len(bullet.group(1)), out, shift)
        else:
            paragraph = []
            while i < len(lines) and lines[i].strip():
                nxt = lines[i]
                if paragraph and (
                    _interrupts(nxt)
                    or nxt.lstrip().startswith(("#", ">", "```", "$$"))
                    or (i + 1 < len(lines) and "|" in nxt and _TABLE_RULE.fullmatch(lines[i + 1]))
                ):
                    break
                paragraph.append(nxt)
                i += 1
            out.append(_paragraph(paragraph))
    return "\n".join(out)


def _interrupts(line: str) -> bool:
    """A list item that ends a paragraph: a bullet, or a numbered item starting at 1 (as in
    CommonMark: «la mediana es⏎20. Explica…» goes on with the paragraph)."""
    bullet = _BULLET.match(line)
    return bool(bullet) and (not bullet.group(2)[0].isdigit() or bullet.group(2)[:-1] == "1")


def _list(lines: list[str], i: int, indent: int, out: list[str], shift: int) -> int:
    """A list starting at lines[i] whose bullets sit at `indent`; returns the line after it."""
    ordered = _BULLET.match(lines[i]).group(2)[0].isdigit()  # type: ignore[union-attr]
    items: list[list[str]] = []
    while i < len(lines):
        line = lines[i]
        bullet = _BULLET.match(line)
        if bullet and len(bullet.group(1)) == indent:
            items.append([line[bullet.end() :]])
        elif not line.strip():
            if i + 1 < len(lines) and (
                lines[i + 1].startswith(" " * (indent + 2))
                or ((b := _BULLET.match(lines[i + 1])) and len(b.group(1)) == indent)
            ):
                items[-1].append("")
            else:
                break
        elif line.startswith(" " * (indent + 1)) or not bullet:
            if not line.startswith(" ") and not items[-1][-1].strip():
                break  # a paragraph after the list
            items[-1].append(line[indent + 2 :] if line.startswith(" " * (indent + 2)) else line)
        else:
            break
        i += 1
    tag = "ol" if ordered else "ul"
    body = []
    for item in items:
        inner = markdown("\n".join(item), shift)
        if inner.count("<p>") == 1 and inner.startswith("<p>"):
            inner = inner.replace("<p>", "", 1).replace("</p>", "", 1)  # a tight item
        body.append(f"<li>{inner}</li>")
    out.append(f"<{tag}>{''.join(body)}</{tag}>")
    return i


# -- the page ----------------------------------------------------------------------------------

# The kit's colours and fonts (kit.theme): a serif to read on paper, headings in the kit's font.
STYLE = f"""
@page {{ size: A4; margin: 2cm; }}
html {{ font: 12pt/1.45 {PRINT_FONT}; color: {INK}; }}
body {{ max-width: 17cm; margin: 1.5em auto; }}
@media print {{ body {{ margin: 0; max-width: none; }} }}
* {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
header {{ border-bottom: 1.5pt solid {INK}; margin-bottom: 1em; }}
header .kind {{ font: 10pt {FONT}; text-transform: uppercase; letter-spacing: .08em; margin: 0; }}
h1 {{ font: bold 20pt/1.2 {FONT}; margin: .2em 0 .5em; }}
h2 {{ font: bold 15pt {FONT}; margin: 1.2em 0 .4em; break-after: avoid; }}
h3, h4, h5, h6 {{ font: bold 12.5pt {FONT}; margin: .6em 0 .3em; break-after: avoid; }}
.who {{ display: flex; gap: 1.2em; font: 11pt {FONT}; margin: .6em 0 .8em; }}
.who span {{ flex: 1 1 auto; border-bottom: 1px solid {INK}; padding-bottom: .1em; }}
.who span.name {{ flex-grow: 3; }}
.item {{ break-inside: avoid; page-break-inside: avoid; margin: 0 0 .9em; }}
.item > p:first-child {{ margin-top: 0; }}
.answer {{ border: 1px solid {MID_GREY}; border-radius: 3pt; margin: .3em 0 0;
  background: repeating-linear-gradient(to bottom, transparent 0, transparent .95cm,
  {FRAME} .95cm, {FRAME} calc(.95cm + 1px)); }}
.answer.short {{ height: 3.4cm; }}
.answer.long {{ height: 7.6cm; }}
table {{ border-collapse: collapse; margin: .5em 0; }}
th, td {{ border: 1px solid {DARK_GREY}; padding: .25em .6em; min-width: 2.2em; height: 1.5em; }}
th {{ background: {SHADE}; }}
code {{ font: 11pt {CODE_FONT}; }}
pre {{ font: 8.5pt/1.3 {CODE_FONT}; white-space: pre; }}
.math {{ font-style: italic; white-space: nowrap; }}
.math.display {{ text-align: center; white-space: normal; }}
blockquote {{ margin: .5em 0 .5em 1em; padding-left: .8em; border-left: 3pt solid {GRID}; }}
.none {{ font-style: italic; color: {DARK_GREY}; }}
"""


def _texts() -> dict[str, str]:
    from kit.messages import t

    keys = ("kind", "name", "group", "date", "lesson", "exercises", "empty")
    return {key: t(f"worksheets.{key}") for key in keys}


def worksheet(lesson: dict, master: dict | None, stem: str = "") -> str:
    """The printable sheet of one lesson (kit.worksheets_paper builds it)."""
    from kit.worksheets_paper import worksheet as paper

    return paper(lesson, master, stem)


def lessons(folder: Path) -> list[Path]:
    """The numbered lessons (`0*.ipynb`), not the play notebooks."""
    return sorted(Path(folder).glob("0*.ipynb"))


def write_html(lessons_dir: Path, exercises_dir: Path, out: Path) -> list[Path]:
    """One `<stem>.html` in `out` per lesson in `lessons_dir`."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in lessons(lessons_dir):
        master_path = Path(exercises_dir) / path.name
        master = read_notebook(master_path) if master_path.exists() else None
        page = out / f"{path.stem}.html"
        page.write_text(worksheet(read_notebook(path), master, path.stem), encoding="utf-8")
        written.append(page)
    return written


def chromium() -> str | None:
    """Debian's Chromium, if it is on PATH."""
    return shutil.which("chromium")


def print_pdf(page: Path, browser: str, timeout: float = 120) -> Path:
    """`page` printed to a PDF beside it by headless Chromium (A4 from the page's own @page;
    no header or footer; nothing fetched from the network)."""
    pdf = page.with_suffix(".pdf")
    with tempfile.TemporaryDirectory(prefix="kit-worksheets-") as profile:
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--no-default-browser-check",
                f"--user-data-dir={profile}",
                "--no-pdf-header-footer",
                f"--print-to-pdf={pdf}",
                page.resolve().as_uri(),
            ],
            check=True,
            timeout=timeout,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    if not pdf.exists() or not pdf.read_bytes().startswith(b"%PDF"):
        raise RuntimeError(f"Chromium wrote no PDF for {page}")
    return pdf


def pdf_pages(pdf: Path) -> int:
    """How many pages a PDF has (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", Path(pdf).read_bytes()))
