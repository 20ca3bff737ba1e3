"""How a student typed the cell being run, and `^` stopped before it misleads.

Python reads `respuesta = 24.000` as 24.0 and `respuesta = 800*1,1` as the tuple (880.0, 1):
once `check` holds the value, how it was typed is gone. In IPython (JupyterLab, Voilà,
JupyterLite's Pyodide kernel) `install` keeps the raw text of the cell being run, so a check
can look at what was written. `1000*1.1^3` raises an English TypeError and `5^4` is silently 1
(bitwise xor); `install` also adds an AST check that refuses such a cell before it runs, with
one sentence («En Python la potencia se escribe **: 1000*1.1**3»), whichever Python would do.

The API (standard library only; IPython is imported only by `install`, when it is loaded):

- `current_cell() -> str`: the raw text of the cell being run ('' outside IPython).
- `typed_answer(name, text=None) -> str | None`: the code last assigned to `name` at the top
  level of `text` (the current cell by default), as written: "24.000" for `respuesta_2 = 24.000`.
- `number_literals(text) -> list[str]`: the numeric literals as written in the code, not in
  strings or comments: `800*1,1 # 2,5` gives ["800", "1", "1"].
- `spanish_thousands(text) -> list[Thousands]`: the literals d{1,3}(.ddd)+ — 24.000, 2.659 —
  each a `Thousands(typed, value, thousands)`: ("2.659", 2.659, 2659).
- `decimal_commas(text) -> list[CommaSlip]`: tuples, lists and sets whose commas stand between
  two digits with no space, as `CommaSlip(typed, meant)`: ("800*1,1", "800*1.1"); a literal in
  Spanish thousands before the comma keeps that reading ("24.000,5" → "24000.5").
- `power_advice(code, namespace=None) -> str | None`: the sentence for a `^` between numbers in
  `code` (None when there is none or the code does not parse); the AST check uses it.
- `install(shell=None) -> bool`: add the recorder and the `^` check to this IPython, once.

`^` counts as a power when either side is a number: a numeric literal, an arithmetic expression
or a call of a numeric function (sqrt, exp, Rational …) containing one, or a name whose value
in the kernel is a number or a sympy expression. Between two sets (`A ^ B`) it stays allowed.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import sys
import tokenize
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from kit.messages import t

_MARK = "_kit_typed_cells"  # set on what `install` adds, so a second install adds nothing
_raw_cell = ""  # the raw text of the cell being run (input_transformers_cleanup)
_parsed_cell = ""  # the text IPython parses (input_transformers_post): the AST's positions
_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
_LONGEST_SHOWN = 80
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_NUMERIC_CALLS = frozenset(
    ("sqrt", "exp", "log", "ln", "sin", "cos", "tan", "abs", "round", "float", "int", "pow",
     "Fraction", "Rational", "Decimal", "Float", "Integer", "factorial", "binomial")
)  # fmt: skip


class Thousands(NamedTuple):
    """A literal such as 2.659: Python's reading (`value`) and the Spanish one (`thousands`)."""

    typed: str
    value: float
    thousands: int


class CommaSlip(NamedTuple):
    """Code that Python reads as a tuple because of a decimal comma, and the code meant."""

    typed: str
    meant: str


def current_cell() -> str:
    """The raw text of the cell being run; '' outside IPython or before any cell."""
    return _raw_cell


def _tokens(text: str) -> list[tokenize.TokenInfo]:
    """The tokens of `text`, as far as it can be read (a broken cell gives what comes first)."""
    found: list[tokenize.TokenInfo] = []
    with contextlib.suppress(tokenize.TokenError, SyntaxError, IndentationError):
        found.extend(tokenize.generate_tokens(io.StringIO(text).readline))
    return found


def number_literals(text: str) -> list[str]:
    """The numeric literals of `text` as written (never those in strings or comments)."""
    return [token.string for token in _tokens(text) if token.type == tokenize.NUMBER]


def spanish_thousands(text: str) -> list[Thousands]:
    """The literals of `text` that read as Spanish thousands (24.000, 2.659, 1.250.000 can't)."""
    return [
        Thousands(literal, float(literal), int(literal.replace(".", "")))
        for literal in number_literals(text)
        if _THOUSANDS.fullmatch(literal)
    ]


def _python_lines(text: str) -> str:
    """`text` without IPython's own lines (%magic, !command), which Python cannot parse."""
    return "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line for line in text.splitlines()
    )


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(_python_lines(text))
    except (SyntaxError, ValueError):
        return None


def typed_answer(name: str, text: str | None = None) -> str | None:
    """The code last assigned to `name` at the top level of `text` (the current cell)."""
    source = _python_lines(current_cell() if text is None else text)
    tree = _parse(source)
    if tree is None:
        return None
    found = None
    for statement in tree.body:
        targets: list[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets = [statement.target]
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            found = ast.get_source_segment(source, statement.value)  # type: ignore[arg-type]
    return found


def _offsets(source: str) -> list[int]:
    """The offset in `source` at which each line starts (line 1 is index 1)."""
    starts = [0, 0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def decimal_commas(text: str) -> list[CommaSlip]:
    """Tuples, lists and sets of `text` written with a comma between two digits: 800*1,1."""
    source = _python_lines(text)
    tree = _parse(source)
    if tree is None:
        return []
    starts = _offsets(source)
    tokens = _tokens(source)
    tight: dict[int, tuple[str, str]] = {}  # offset of the comma: (literal before, after)
    for before, comma, after in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if (
            comma.string == ","
            and before.type == after.type == tokenize.NUMBER
            and before.end == comma.start
            and comma.end == after.start
            and after.string.isdigit()
            and (before.string.isdigit() or _THOUSANDS.fullmatch(before.string))
        ):
            tight[starts[comma.start[0]] + comma.start[1]] = (before.string, after.string)
    slips = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Tuple | ast.List | ast.Set) or not tight:
            continue
        start = starts[node.lineno] + node.col_offset
        end = starts[node.end_lineno or node.lineno] + (node.end_col_offset or 0)
        mine = sorted(at for at in tight if start <= at < end and _direct(node, at, starts))
        if not mine:
            continue
        meant, last = [], start
        for at in mine:
            before, after = tight[at]
            meant.append(source[last : at - len(before)])
            meant.append(f"{before.replace('.', '')}.{after}")
            last = at + 1 + len(after)
        meant.append(source[last:end])
        slips.append(CommaSlip(source[start:end], "".join(meant)))
    return slips


def _direct(node: ast.Tuple | ast.List | ast.Set, at: int, starts: list[int]) -> bool:
    """True when the comma at `at` separates two of `node`'s own elements."""
    for left, right in zip(node.elts, node.elts[1:], strict=False):
        left_end = starts[left.end_lineno or left.lineno] + (left.end_col_offset or 0)
        right_start = starts[right.lineno] + right.col_offset
        if left_end <= at < right_start:
            return True
    return False


# -- `^` between numbers -------------------------------------------------------------------


def _is_number_value(value: Any) -> bool:
    """A value `^` would be a power of: a number or a sympy expression (not a set, a bool)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float | complex | Fraction | Decimal):
        return True
    sympy = sys.modules.get("sympy")
    return sympy is not None and isinstance(value, sympy.Expr)


def _numeric(node: ast.AST, namespace: dict[str, Any]) -> bool:
    """True when `node` is a number, or arithmetic on one."""
    if isinstance(node, ast.Constant):
        return type(node.value) in (int, float, complex)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        return _numeric(node.operand, namespace)
    if isinstance(node, ast.BinOp):
        if isinstance(node.op, (*_ARITHMETIC, ast.BitXor)):
            return _numeric(node.left, namespace) or _numeric(node.right, namespace)
        return False
    if isinstance(node, ast.Call):
        function = node.func
        called = function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")
        return called in _NUMERIC_CALLS
    if isinstance(node, ast.Name):
        try:
            return _is_number_value(namespace.get(node.id))
        except Exception:  # a student's object whose isinstance check misbehaves
            return False
    return False


def _as_power(code: str) -> str:
    """`code` with every `^` operator written `**` (strings and comments left as they are)."""
    tokens = _tokens(code)
    if not tokens:
        return code.replace("^", "**")
    starts = _offsets(code)
    out, last = [], 0
    for token in tokens:
        if token.type == tokenize.OP and token.string in ("^", "^="):
            at = starts[token.start[0]] + token.start[1]
            out.append(code[last:at] + ("**" if token.string == "^" else "**="))
            last = at + len(token.string)
    out.append(code[last:])
    return "".join(out)


def _shown(code: str) -> str:
    code = " ".join(code.split())
    return code if len(code) <= _LONGEST_SHOWN else code[: _LONGEST_SHOWN - 1] + "…"


def _power_node(tree: ast.AST, namespace: dict[str, Any]) -> ast.AST | None:
    """The first (outermost) `^` or `^=` of `tree` with a number on either side."""
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitXor):
            sides = (node.left, node.right)
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitXor):
            sides = (node.target, node.value)
        else:
            continue
        if any(_numeric(side, namespace) for side in sides):
            return node
    return None


def _advice_for(tree: ast.AST, source: str, namespace: dict[str, Any]) -> str | None:
    node = _power_node(tree, namespace)
    if node is None:
        return None
    segment = None
    try:
        segment = ast.get_source_segment(source, node)
    except Exception:
        segment = None
    if not segment or "^" not in segment:  # the text does not match the tree: rebuild it
        segment = ast.unparse(node)
    return t("slips.power", fixed=_shown(_as_power(segment)))


def power_advice(code: str, namespace: dict[str, Any] | None = None) -> str | None:
    """The sentence for a `^` between numbers in `code`; None if there is none (or no parse)."""
    tree = _parse(code)
    if tree is None:
        return None
    return _advice_for(tree, _python_lines(code), namespace or {})


_rejection: type | None = None


def _rejection_class() -> type:
    """IPython's InputRejected, shown as one sentence (made when IPython is loaded)."""
    global _rejection
    if _rejection is None:
        from IPython.core.error import InputRejected

        class PowerSlip(InputRejected):
            """A cell refused before it runs: IPython shows `_render_traceback_` as its error."""

            def _render_traceback_(self) -> list[str]:
                return [str(self)]

        _rejection = PowerSlip
    return _rejection


class _PowerCheck(ast.NodeTransformer):
    """IPython's AST transformer: refuse a cell whose `^` stands between numbers."""

    _kit_typed_cells = True

    def __init__(self, shell: Any):
        super().__init__()
        self.shell = shell

    def visit(self, node: ast.AST) -> ast.AST:
        try:
            namespace = getattr(self.shell, "user_ns", None) or {}
            advice = _advice_for(node, _parsed_cell, namespace)
        except Exception:  # never let the kit's check break a student's cell
            return node
        if advice is not None:
            raise _rejection_class()("✘ " + advice)
        return node


def _record_raw(lines: list[str]) -> list[str]:
    """input_transformers_cleanup: keep the raw text of the cell about to run."""
    global _raw_cell
    _raw_cell = "".join(lines)
    return lines


def _record_parsed(lines: list[str]) -> list[str]:
    """input_transformers_post: keep the text IPython is about to parse."""
    global _parsed_cell
    _parsed_cell = "".join(lines)
    return lines


# check_complete (a console asking whether a line is finished) skips these: not a cell run.
_record_raw.has_side_effects = True  # type: ignore[attr-defined]
_record_parsed.has_side_effects = True  # type: ignore[attr-defined]
setattr(_record_raw, _MARK, True)
setattr(_record_parsed, _MARK, True)


def _marked(items: list[Any]) -> bool:
    return any(getattr(item, _MARK, False) for item in items)


def install(shell: Any = None) -> bool:
    """Add the cell recorder and the `^` check to this IPython, once; True if they are in."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    needed = ("input_transformers_cleanup", "input_transformers_post", "ast_transformers")
    if shell is None or not all(isinstance(getattr(shell, n, None), list) for n in needed):
        return False
    if not _marked(shell.input_transformers_cleanup):
        shell.input_transformers_cleanup.insert(0, _record_raw)  # first: the lines as typed
    if not _marked(shell.input_transformers_post):
        shell.input_transformers_post.append(_record_parsed)  # last: the text parsed
    if not _marked(shell.ast_transformers):
        _rejection_class()
        shell.ast_transformers.append(_PowerCheck(shell))
    return True
