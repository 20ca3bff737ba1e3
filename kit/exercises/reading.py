"""A student's answer written as text, read the way it is written on paper in Spain.

`check("dados-3", "1/12")`, `"0,5"`, `"50 %"`, `"24 000"`, `"3 543,12 €"`, `"1000·1,1³"` and
`"2 × 3"` are all answers a 14-year-old writes. `read_text` turns such a text into a `Typed`
value that `kit.exercises.canonical` reads like a number or an expression: no `eval`, only a
small parser with a size bound.

The notation:

- decimal comma (`0,5`); thousands grouped with a space or a dot (`24 000`, `1.234.567`,
  `2.659,5`). A number with one dot and exactly three digits after it (`2.659`) is both
  2 659 and 2,659: `read_text` gives both readings and the check decides (the right one, or a
  question «¿2 659 o 2,659?»). A dot with another count of digits (`0.5`) is a decimal point,
  as Python writes it;
- `+ - − * × · x / ÷ :`, `^` and `**` for powers, superscripts (`1,1³`), parentheses, and a
  number next to a parenthesis or a letter multiplied (`2(1+s)`, `2s`);
- `%` and «por ciento» divide by 100 (`27,8 %` is 0,278); where the exercise asks for a
  percentage (`scale = "percent"`), a trailing `%` is only the unit: `27,78 %` is 27,78;
- `€`, «euros» and the units of the lessons (meses, tiradas …) are dropped;
- letters only for the exercise's own symbols (`s` in `1000·(1+s)^3`).

A text with a decimal is inexact, like a float (rounded to nine figures when compared); a text
of whole numbers, fractions and percentages of them is exact: «3/36» is the fraction.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

LONGEST = 200  # characters of a text answer
MOST_TOKENS = 120
DEEPEST = 20  # nested parentheses
LARGEST_EXPONENT = 1000
LARGEST_BITS = 4000  # of a numerator or denominator met while evaluating

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SIGNS = {
    "−": "-",
    "–": "-",
    "×": "*",
    "·": "*",
    "⋅": "*",
    "∙": "*",
    "✕": "*",
    "÷": "/",
    ":": "/",
    "**": "^",
}
_UNITS = (
    "euros",
    "euro",
    "eur",
    "€",
    "pesetas",
    "meses",
    "mes",
    "años",
    "año",
    "tiradas",
    "tirada",
    "turnos",
    "turno",
    "puntos",
    "punto",
    "días",
    "dias",
    "día",
    "dia",
    "casillas",
    "casilla",
    "rondas",
    "ronda",
    "veces",
)
_MONEY = ("euros", "euro", "eur", "€", "pesetas")
_PERCENT_WORDS = re.compile(r"\s*(por\s*ciento|porciento|por\s*100)\b", re.IGNORECASE)
_NUMBER = re.compile(
    r"""
    (?P<grouped>\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?(?!\d))   # 24 000, 3 543,12
    | (?P<dotted>\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d.]))            # 1.234.567, 2.659, 2.659,5
    | (?P<comma>\d+,\d+)                                           # 0,5
    | (?P<point>\d+\.\d+|\d+\.(?!\d)|\.\d+)                          # 0.5 (as Python writes it)
    | (?P<whole>\d+)
    """,
    re.VERBOSE,
)
_TOKEN = re.compile(r"\s*(?:(?P<op>[-+*/^()%])|(?P<sup>[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+)|(?P<name>[^\W\d_]+))")


class Unreadable(ValueError):
    """The text is not a number or a calculation the reader knows."""


@dataclass(frozen=True)
class Typed:
    """A text answer, parsed: its value at a point (a dict of symbol values; {} for a number).

    `evaluate(point)` gives (value, exact), or None where the expression divides by zero.
    `names` are the symbols it uses; `note` says which reading of an ambiguous text this is
    ("thousands" or "decimal"), `text` is what the student wrote and `money` whether a unit of
    money was written.
    """

    text: str
    names: tuple[str, ...]
    evaluate: Callable[[dict[str, Fraction]], tuple[Fraction, bool] | None] = field(repr=False)
    note: str = ""
    money: bool = False
    digits_typed: int = 0  # significant digits of the longest decimal written (for «casi»)

    def number(self) -> tuple[Fraction, bool]:
        """The value of a text without symbols; Unreadable when it has none (1/0)."""
        if self.names:
            raise Unreadable("the text has letters")
        value = self.evaluate({})
        if value is None:
            raise Unreadable("division by zero")
        return value


def read_text(text: str, symbols: Sequence[str] = (), scale: str = "") -> list[Typed]:
    """The readings of `text` (one, or two when a dot may group thousands): `Unreadable` when
    it is not a number or a calculation of numbers and the exercise's `symbols`."""
    if not isinstance(text, str) or len(text) > LONGEST:
        raise Unreadable("too long")
    cleaned, money = _cleaned(text, scale, tuple(symbols))
    if not cleaned:
        raise Unreadable("no number")
    tokens, ambiguous = _tokens(cleaned, tuple(symbols))
    readings = []
    for choice in ("thousands", "decimal") if ambiguous else ("",):
        chosen = [_chosen(token, choice) for token in tokens]
        parser = _Parser(chosen)
        evaluate = parser.parse()
        digits = max((significant(t[1]) for t in chosen if t[0] == "num" and t[2]), default=0)
        readings.append(
            Typed(text, tuple(sorted(parser.names)), evaluate, choice, money, digits_typed=digits)
        )
    return readings


def significant(plain: str) -> int:
    """How many significant digits a decimal written as "0.0965" has (3)."""
    digits = re.sub(r"\D", "", plain).lstrip("0")
    return len(digits.rstrip("0") if "." in plain else digits)


def _cleaned(text: str, scale: str, symbols: tuple[str, ...]) -> tuple[str, bool]:
    """The text with signs made plain, units dropped, and a percentage's unit handled."""
    cleaned = text.strip().strip("\"'«»“”").strip()
    for sign, plain in _SIGNS.items():
        cleaned = cleaned.replace(sign, plain)
    cleaned = _PERCENT_WORDS.sub("%", cleaned)
    lowered = cleaned.casefold()
    money = any(unit in lowered for unit in _MONEY)
    for unit in _UNITS:
        cleaned = re.sub(rf"(?<![^\W\d_]){re.escape(unit)}(?![^\W\d_])", " ", cleaned, flags=re.I)
    cleaned = cleaned.strip().rstrip(".").strip()
    if "x" not in symbols and "X" not in symbols:  # 2 x 3: times
        cleaned = re.sub(r"(?<=[\d)])\s*[xX]\s*(?=[\d(])", "*", cleaned)
    if scale == "percent" and cleaned.endswith("%"):  # the unit of the answer asked for
        cleaned = cleaned[:-1].strip()
    return cleaned, money


def _tokens(text: str, symbols: tuple[str, ...]) -> tuple[list[tuple[str, str, bool]], bool]:
    """[(kind, text, has a decimal)], and whether a number may group thousands with a dot."""
    tokens: list[tuple[str, str, bool]] = []
    ambiguous = False
    position = 0
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        number = _NUMBER.match(text, position)
        if number:
            kind = number.lastgroup or "whole"
            written = number.group(0)
            if kind == "dotted" and written.count(".") == 1 and "," not in written:
                kind = "ambiguous" if not written.startswith("0") else "point"
                ambiguous = ambiguous or kind == "ambiguous"
            tokens.append(
                ("num", f"{kind}:{written}", kind in ("comma", "point") or "," in written)
            )
            position = number.end()
            continue
        match = _TOKEN.match(text, position)
        if not match or match.end() == position:
            raise Unreadable(f"unknown sign {text[position]!r}")
        if match.group("op"):
            tokens.append(("op", match.group("op"), False))
        elif match.group("sup"):
            tokens.append(("sup", match.group("sup").translate(_SUPERSCRIPTS), False))
        else:
            name = match.group("name")
            if name not in symbols:
                raise Unreadable(f"unknown word {name!r}")
            tokens.append(("name", name, False))
        position = match.end()
        if len(tokens) > MOST_TOKENS:
            raise Unreadable("too long")
    return tokens, ambiguous


def _chosen(token: tuple[str, str, bool], choice: str) -> tuple[str, str, bool]:
    """A number token with its separators resolved for one reading ("thousands" or "decimal")."""
    kind, text, decimal = token
    if kind != "num":
        return token
    form, written = text.split(":", 1)
    if form == "ambiguous":
        form = "dotted" if choice == "thousands" else "point"
        decimal = form == "point"
    if form in ("grouped", "dotted"):
        whole, _, fraction = written.partition(",")
        plain = re.sub(r"[ .\u00a0\u202f]", "", whole) + ("." + fraction if fraction else "")
    elif form == "comma":
        plain = written.replace(",", ".")
    else:
        plain = written
    return ("num", plain, decimal)


Value = Callable[[dict[str, Fraction]], tuple[Fraction, bool] | None]


class _Parser:
    """expression := term (("+" | "-") term)*; term := unary (("*" | "/") unary | implicit)*;
    unary := ("-" | "+") unary | power; power := postfix ("^" unary)?;
    postfix := atom ("%" | superscript)*; atom := number | symbol | "(" expression ")"."""

    def __init__(self, tokens: list[tuple[str, str, bool]]):
        self.tokens = tokens
        self.position = 0
        self.depth = 0
        self.names: set[str] = set()

    def parse(self) -> Value:
        value = self._expression()
        if self.position != len(self.tokens):
            raise Unreadable("something left over")
        return value

    def _peek(self) -> tuple[str, str, bool] | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def _take_op(self, *ops: str) -> str | None:
        token = self._peek()
        if token and token[0] == "op" and token[1] in ops:
            self.position += 1
            return token[1]
        return None

    def _expression(self) -> Value:
        value = self._term()
        while op := self._take_op("+", "-"):
            value = _binary(op, value, self._term())
        return value

    def _term(self) -> Value:
        value = self._unary()
        while True:
            if op := self._take_op("*", "/"):
                value = _binary(op, value, self._unary())
                continue
            token = self._peek()
            if token and (token[0] == "name" or token == ("op", "(", False)):
                value = _binary("*", value, self._power())  # 2(1+s), 2s, (1+s)(1-s)
                continue
            return value

    def _unary(self) -> Value:
        if op := self._take_op("-", "+"):
            inner = self._unary()
            return _negate(inner) if op == "-" else inner
        return self._power()

    def _power(self) -> Value:
        base = self._postfix()
        if self._take_op("^"):
            return _binary("^", base, self._unary())
        return base

    def _postfix(self) -> Value:
        value = self._atom()
        while True:
            if self._take_op("%"):
                value = _binary("/", value, _constant(Fraction(100), True))
                continue
            token = self._peek()
            if token and token[0] == "sup":
                self.position += 1
                try:
                    value = _binary("^", value, _constant(Fraction(int(token[1])), True))
                except ValueError:
                    raise Unreadable("a superscript that is not a whole number") from None
                continue
            return value

    def _atom(self) -> Value:
        token = self._peek()
        if token is None:
            raise Unreadable("a number is missing")
        self.position += 1
        kind, text, decimal = token
        if kind == "num":
            return _constant(Fraction(text), not decimal)
        if kind == "name":
            self.names.add(text)
            return lambda point: (point[text], True)
        if token == ("op", "(", False):
            self.depth += 1
            if self.depth > DEEPEST:
                raise Unreadable("too many parentheses")
            inner = self._expression()
            if not self._take_op(")"):
                raise Unreadable("a parenthesis is not closed")
            self.depth -= 1
            return inner
        raise Unreadable(f"unexpected {text!r}")


def _constant(number: Fraction, exact: bool) -> Value:
    return lambda point: (number, exact)


def _negate(inner: Value) -> Value:
    def value(point: dict[str, Fraction]) -> tuple[Fraction, bool] | None:
        got = inner(point)
        return None if got is None else (-got[0], got[1])

    return value


def _binary(op: str, left: Value, right: Value) -> Value:
    def value(point: dict[str, Fraction]) -> tuple[Fraction, bool] | None:
        a, b = left(point), right(point)
        if a is None or b is None:
            return None
        return _apply(op, a, b)

    return value


def _apply(
    op: str, a: tuple[Fraction, bool], b: tuple[Fraction, bool]
) -> tuple[Fraction, bool] | None:
    (x, x_exact), (y, y_exact) = a, b
    exact = x_exact and y_exact
    if op == "+":
        result = x + y
    elif op == "-":
        result = x - y
    elif op == "*":
        result = x * y
    elif op == "/":
        if y == 0:
            return None
        result = x / y
    else:
        return _power(x, y, exact)
    _bounded(result)
    return result, exact


def _power(base: Fraction, exponent: Fraction, exact: bool) -> tuple[Fraction, bool] | None:
    """base^exponent: exact for a whole exponent, a float's value for a root (1,1^(1/12))."""
    if abs(exponent) > LARGEST_EXPONENT:
        raise Unreadable("the exponent is too large")
    if exponent.denominator == 1:
        if base == 0 and exponent < 0:
            return None
        bits = max(base.numerator.bit_length(), base.denominator.bit_length())
        if bits * abs(int(exponent)) > LARGEST_BITS:
            raise Unreadable("the power is too large")
        return base ** int(exponent), exact
    if base < 0:
        raise Unreadable("the root of a negative number")
    try:
        result = float(base) ** float(exponent)
    except OverflowError:
        raise Unreadable("the power is too large") from None
    return Fraction(result), False


def _bounded(number: Fraction) -> None:
    if max(number.numerator.bit_length(), number.denominator.bit_length()) > LARGEST_BITS:
        raise Unreadable("a number too large")
