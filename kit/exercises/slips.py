"""Students' slips in a notebook get a sentence that says what to type, not Python's traceback.

`respuesta_3 = 0,0278` is a SyntaxError that IPython raises before any kit code runs, with an
English text about octal literals. IPython lets a program handle chosen exceptions
(`set_custom_exc`), including SyntaxErrors found while the cell is parsed; `install` hands it
the slips a beginner makes — a decimal comma, `50%`, `2x`, `€`, `×`, a missing parenthesis, a
word without quotes — and shows the advice as the cell's error, so "Run all" still stops there.
It works wherever the kernel is IPython: JupyterLab, Voilà and JupyterLite's Pyodide kernel.
"""

from __future__ import annotations

import re
from typing import Any

from kit.messages import hook_in_notebook, t

HANDLED = (SyntaxError, NameError, ZeroDivisionError)

_DECIMAL_COMMA = re.compile(r"(?<![\w.])(\d+),(\d+)(?![\w.])")
_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3}){2,}(?![\d.])")
# 24 000 or 3 543,12 (with a space, a no-break space or a narrow one, as the lessons print them)
_SPACED = re.compile(r"(?<![\w.])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?(?![\w.])")
_QUOTED = re.compile(r"(\"[^\"\n]*\"?|'[^'\n]*'?)")
_PERCENT = re.compile(r"(\d+(?:[.,]\d+)?)\s*%(?![\s\w(]*\d)")
_NUMBER_LETTER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)([A-Za-z_]\w*)")
_SIGNS = {
    "×": "*",
    "·": "*",
    "÷": "/",
    "−": "-",
    "²": "**2",
    "³": "**3",
}
_CURRENCY = "€$£"


def _shown(line: str) -> str:
    line = line.strip()
    return line if len(line) <= 80 else line[:79] + "…"


def syntax_advice(error: SyntaxError) -> str:
    """The Spanish (or English) advice for one SyntaxError in a student's cell."""
    line = (error.text or "").rstrip("\n")
    head = t("slips.line", line=error.lineno or 1, code=_shown(line)) if line.strip() else ""
    return "\n".join(part for part in (head, _advice(error, line)) if part)


def _advice(error: SyntaxError, line: str) -> str:
    """What to type instead, for the first slip recognised in the line."""
    if isinstance(error, IndentationError):
        return t("slips.indent")
    if match := _THOUSANDS.search(line):
        return t("slips.thousands", typed=match.group(0), number=match.group(0).replace(".", ""))
    if match := _SPACED.search(_QUOTED.sub(_blank, line)):
        typed = line[match.start() : match.end()]
        number = re.sub(r"[ \u00a0\u202f]", "", typed).replace(",", ".")
        return t("slips.spaces", typed=typed, number=number)
    if match := _DECIMAL_COMMA.search(line):
        typed = match.group(0)
        return t("slips.decimal_comma", typed=typed, number=typed.replace(",", "."))
    if match := _PERCENT.search(line):
        number = match.group(1).replace(",", ".")
        return t("slips.percent", typed=match.group(0).strip(), number=number)
    if symbol := next((c for c in _CURRENCY if c in line), None):
        return t("slips.currency", symbol=symbol)
    for sign, python in _SIGNS.items():
        if sign in line:
            return t("slips.sign", sign=sign, python=python)
    message = str(error.msg or "")
    match = _NUMBER_LETTER.search(line)
    if match and ("decimal literal" in message or "invalid syntax" in message):
        number, name = match.groups()
        return t("slips.times", typed=match.group(0), fixed=f"{number}*{name}")
    if any(word in message for word in ("never closed", "unterminated", "EOF", "incomplete input")):
        return t("slips.unclosed")
    if "unmatched" in message or "does not match" in message:
        return t("slips.unmatched")
    return t("slips.other")


def _blank(match: re.Match[str]) -> str:
    """A quoted text as spaces of the same length: numbers inside quotes are not the slip."""
    return " " * len(match.group(0))


def advice(error: BaseException) -> str:
    """The sentence a student reads for a handled error."""
    if isinstance(error, SyntaxError):
        return "✘ " + syntax_advice(error)
    if isinstance(error, NameError):
        name = getattr(error, "name", None) or _name_in(str(error))
        return "✘ " + t("slips.name", name=name)
    if isinstance(error, ZeroDivisionError):
        return "✘ " + t("slips.zero_division")
    return "✘ " + str(error)


def _name_in(message: str) -> str:
    match = re.search(r"'([^']+)'", message)
    return match.group(1) if match else "?"


def _handler(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None):
    """IPython's custom exception hook: show the advice as the cell's error, no traceback."""
    text = advice(value)
    shell._showtraceback(etype, value, [text])
    return [text]


def install(shell: Any = None) -> bool:
    """Hand the students' slips to `_handler` in this IPython; True if it is (now) installed.

    They share the kit's one exception hook (kit.messages.hook_in_notebook) with its plain
    refusals; a program that already installed its own hook keeps it.
    """
    return hook_in_notebook(HANDLED, _handler, shell)
