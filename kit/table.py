"""A small table of exact values for the lessons: the light core's answer to a DataFrame.

    >>> from kit.table import Table
    >>> tabla = Table([{"mes": 1, "intereses": Fraction(301, 2)}], formats={"intereses": "euros"})
    >>> tabla.column("intereses")          # the exact values: [Fraction(301, 2)]
    >>> [fila.mes for fila in tabla]       # rows are small records: fila.mes, fila["mes"]
    >>> tabla                              # in a notebook: an HTML table, 150,50 €

A `Table` has named columns and rows of exact values (int, Fraction, sympy numbers, text). What it
shows is formatted per column in the class language (decimal comma, a space between thousands,
euros rounded half up to cents) while the values themselves stay exact. It is plain Python on
purpose: the student path runs in an offline JupyterLite site where pandas does not exist
(DESIGN.md, "A light core"); `to_pandas()` imports pandas only for whoever asks for it. Output is
deterministic (nbval compares a saved table byte for byte).

Formats (the ``formats`` argument, one per column; a callable value -> text works too):
``"auto"`` (the default: whole numbers with thousands separated, other numbers to 4 decimals,
text as it is), ``"count"``, ``"euros"``, ``"decimal:N"``, ``"percent:N"`` (a share 0..1 shown
as a percentage), ``"fraction"`` (exact, as 3/8) and ``"text"``.

The number formatting is here, at the bottom of the floors, so tables and drawings
(`kit.render.common` imports it) write numbers the same way.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kit.messages import t, typed
from kit.plain_calls import (
    PlainAttributeError,
    PlainIndexError,
    PlainKeyError,
    listed,
    plain,
    shown,
)
from kit.theme import GRID, INK

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = [
    "Row",
    "Table",
    "format_count",
    "format_decimal",
    "format_euros",
    "format_percent",
    "format_value",
]

# -- numbers as the current language writes them ------------------------------------------------


def format_count(n: int) -> str:
    """A whole number with the language's thousands separator: 10 000 / 10,000, and 1500 /
    1,500 (Spanish leaves four-digit numbers unspaced)."""
    n = int(n)
    if len(str(abs(n))) < int(t("number.group_from")):
        return str(n)
    return f"{n:,}".replace(",", t("number.group"))


def _exact(x: Any) -> Fraction | None:
    """An exact Fraction for a rational number (int, Fraction, sympy Rational); None otherwise."""
    if isinstance(x, bool):
        return None
    if isinstance(x, numbers.Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    p, q = getattr(x, "p", None), getattr(x, "q", None)  # sympy Integer / Rational
    if isinstance(p, int) and isinstance(q, int) and q:
        return Fraction(p, q)
    if isinstance(x, Decimal) and x.is_finite():
        return Fraction(x)
    return None


def _rounded(x: Any, digits: int) -> str:
    """`x` to `digits` decimals as '-1234.57', rounded half up when exact (half even for floats)."""
    exact = _exact(x)
    if exact is None:
        return f"{float(x):.{digits}f}"
    scale = 10**digits
    units = math.floor(abs(exact) * scale + Fraction(1, 2))
    sign = "-" if exact < 0 and units else ""
    whole, part = divmod(units, scale)
    return f"{sign}{whole}" + (f".{part:0{digits}d}" if digits else "")


def format_decimal(x: Any, digits: int = 1) -> str:
    """A decimal with the language's decimal mark: 16,7 / 16.7 (thousands separated too:
    12 345,6). Exact numbers (Fractions) are rounded half up, floats as Python rounds them."""
    text = _rounded(x, digits)
    sign, text = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _, part = text.partition(".")
    return sign + format_count(int(whole)) + (t("number.decimal") + part if part else "")


def format_percent(share: Any, digits: int = 1) -> str:
    """A share (0..1) as a percentage: 16,7 % / 16.7%."""
    exact = _exact(share)
    value = 100 * exact if exact is not None else 100 * float(share)
    return t("number.percent", value=format_decimal(value, digits))


def format_euros(value: Any) -> str:
    """Money rounded half up to cents: 2352,27 € (the exact value is not changed)."""
    return format_decimal(value, 2).replace(" ", "\u00a0") + "\u00a0€"


def format_value(value: Any, spec: str | Callable[[Any], str] = "auto") -> str:
    """One value as a table shows it (see the module's list of formats)."""
    if callable(spec):
        return str(spec(value))
    if value is None or value == "":
        return ""
    kind, _, digits = spec.partition(":")
    if kind == "text" or isinstance(value, str):
        return str(value)
    if isinstance(value, bool):
        return t("number.yes") if value else t("number.no")
    if kind == "euros":
        return format_euros(value)
    if kind == "decimal":
        return format_decimal(value, int(digits or 2))
    if kind == "percent":
        return format_percent(value, int(digits or 1))
    exact = _exact(value)
    if kind == "fraction":
        return str(exact) if exact is not None else str(value)
    if kind == "count":
        return format_count(value)
    if kind != "auto":
        raise ValueError(f"unknown table format {spec!r}")
    if exact is not None and exact.denominator == 1:
        return format_count(int(exact))
    if exact is not None or isinstance(value, numbers.Real):
        return format_decimal(value, 4)
    return str(value)


def _check_spec(name: str, spec: Any) -> str | Callable[[Any], str]:
    if callable(spec):
        return spec
    kind, _, digits = str(spec).partition(":")
    known = ("auto", "count", "euros", "decimal", "percent", "fraction", "text")
    if kind not in known or (digits and not digits.isdigit()):
        raise ValueError(
            f"column {name!r}: unknown format {spec!r}; use one of {', '.join(known)} "
            "(decimal:N and percent:N give N decimals)"
        )
    return str(spec)


# -- rows and tables ----------------------------------------------------------------------------


def _lookup(index: Mapping[str, int], labels: Mapping[str, str]) -> dict[str, int]:
    """Every name a column answers to: its own name, and its heading, in any case or accent.
    A heading two columns share answers to neither."""
    found: dict[str, set[int]] = {}
    for name, i in index.items():
        for alias in (typed(name), typed(labels.get(name, name))):
            found.setdefault(alias, set()).add(i)
    return {alias: next(iter(at)) for alias, at in found.items() if len(at) == 1}


class Row(Mapping[str, Any]):
    """One row: ``fila["interest"]``, ``fila.interest`` or by its heading (``fila["Interés"]``,
    ``fila.interes``); ``dict(fila)`` gives a plain dict."""

    __slots__ = ("_aliases", "_index", "_values")

    def __init__(
        self,
        index: Mapping[str, int],
        values: tuple[Any, ...],
        aliases: Mapping[str, int] | None = None,
    ):
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_aliases", aliases or {})
        object.__setattr__(self, "_values", values)

    def __getitem__(self, name: str) -> Any:
        if isinstance(name, int):
            return self._values[name]
        i = self._index.get(name, self._aliases.get(typed(name))) if isinstance(name, str) else None
        if i is None:
            raise PlainKeyError("calls.no_column", name=shown(name), names=listed(self._index))
        return self._values[i]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        i = self._index.get(name, self._aliases.get(typed(name)))
        if i is None:
            names = list(self._index)
            raise PlainAttributeError(
                "calls.no_row_datum",
                name=name,
                names=listed(names),
                first=names[0] if names else "",
            )
        return self._values[i]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a table's rows cannot be changed; make a new table")

    def __contains__(self, name: object) -> bool:  # no sentence written to say no
        return isinstance(name, str) and (name in self._index or typed(name) in self._aliases)

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Row):
            return list(self.items()) == list(other.items())
        return Mapping.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={value!r}" for name, value in self.items())
        return f"Row({inner})"


class Table:
    """Named columns, rows of exact values, shown in the class language.

    ``Table(rows, columns=None, *, formats=None, labels=None, title=None)``: ``rows`` are dicts
    (the first one's keys are the columns, unless ``columns`` names them) or sequences in the
    order of ``columns``. ``formats`` maps a column to how it is shown; ``labels`` maps a
    column to the heading shown (the name stays the key); ``title`` is shown above the table.
    """

    def __init__(
        self,
        rows: Iterable[Mapping[str, Any] | Sequence[Any]] = (),
        columns: Sequence[str] | None = None,
        *,
        formats: Mapping[str, str | Callable[[Any], str]] | None = None,
        labels: Mapping[str, str] | None = None,
        title: str | None = None,
    ):
        rows = list(rows)
        if columns is None:
            if rows and not isinstance(rows[0], Mapping):
                raise ValueError("rows given as sequences need the column names: columns=[...]")
            columns = list(rows[0]) if rows else []
        names = tuple(str(c) for c in columns)
        if len(set(names)) != len(names):
            raise ValueError(f"column names must differ: {list(names)}")
        self._names = names
        self._index = {name: i for i, name in enumerate(names)}
        self._rows: list[tuple[Any, ...]] = []
        for n, row in enumerate(rows, 1):
            if isinstance(row, Mapping):
                unknown = [k for k in row if k not in self._index]
                if unknown:
                    raise ValueError(f"row {n} has columns not in the table: {unknown}")
                self._rows.append(tuple(row.get(name) for name in names))
            else:
                values = tuple(row)
                if len(values) != len(names):
                    raise ValueError(
                        f"row {n} has {len(values)} values for {len(names)} columns {list(names)}"
                    )
                self._rows.append(values)
        for name in (*(formats or {}), *(labels or {})):
            if name not in self._index:
                raise ValueError(f"no column {name!r}; the columns are {list(names)}")
        self._formats = {
            name: _check_spec(name, (formats or {}).get(name, "auto")) for name in names
        }
        self._labels = {name: str((labels or {}).get(name, name)) for name in names}
        self._aliases = _lookup(self._index, self._labels)
        self.title = title

    # -- reading -------------------------------------------------------------------------------

    @property
    def columns(self) -> tuple[str, ...]:
        """The column names, in order."""
        return self._names

    @property
    def labels(self) -> dict[str, str]:
        """{column name: the heading shown}."""
        return dict(self._labels)

    @property
    def formats(self) -> dict[str, str | Callable[[Any], str]]:
        """{column name: its format}."""
        return dict(self._formats)

    def _position(self, name: str) -> int:
        """Where column ``name`` is: by its name, or by its heading as a student types it."""
        i = self._index.get(name, self._aliases.get(typed(name))) if isinstance(name, str) else None
        if i is None:
            raise PlainKeyError("calls.no_column", name=shown(name), names=listed(self._names))
        return i

    def column(self, name: str) -> list[Any]:
        """The exact values of one column, top to bottom: ``tabla.columna("después")``."""
        i = self._position(name)
        return [row[i] for row in self._rows]

    def row(self, number: int) -> Row:
        """One row by its position: 0 is the first, -1 the last."""
        try:
            return Row(self._index, self._rows[number], self._aliases)
        except (IndexError, TypeError):
            n = len(self._rows)
            if n == 0:
                raise PlainIndexError("calls.empty_table", given=shown(number)) from None
            raise PlainIndexError(
                "calls.row_number", n=n, last=n - 1, given=shown(number)
            ) from None

    # the Spanish names students type: each slip one sentence (kit/plain_calls.py)
    columna = plain(column, "tabla.columna", method=True, usage='tabla.columna("nombre")')
    fila = plain(row, "tabla.fila", method=True, usage="tabla.fila(0)")

    def __iter__(self) -> Iterator[Row]:
        return (Row(self._index, values, self._aliases) for values in self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return (self._names, self._rows, self._labels, self._formats, self.title) == (
            other._names,
            other._rows,
            other._labels,
            other._formats,
            other.title,
        )

    __hash__ = None  # type: ignore[assignment]

    # -- new tables from this one ----------------------------------------------------------------

    def _new(self, names: Sequence[str], rows: list[tuple[Any, ...]], **changes: Any) -> Table:
        formats = {n: self._formats[n] for n in names}
        labels = {n: self._labels[n] for n in names}
        formats.update(changes.pop("formats", None) or {})
        labels.update(changes.pop("labels", None) or {})
        return Table(
            rows,
            names,
            formats=formats,
            labels=labels,
            title=changes.pop("title", self.title),
        )

    def select(self, *names: str, labels: Mapping[str, str] | None = None) -> Table:
        """A table with only these columns, in this order (and new headings, if given)."""
        names = tuple(self._names[self._position(name)] for name in names)
        picked = [tuple(row[self._index[n]] for n in names) for row in self._rows]
        return self._new(names, picked, labels=labels)

    elige = plain(select, "tabla.elige", method=True, usage='tabla.elige("columna", "otra")')

    def where(self, keep: Callable[[Row], bool]) -> Table:
        """The rows for which ``keep(fila)`` is true: ``tabla.where(lambda f: f.mes > 6)``."""
        return self._new(
            self._names,
            [values for values in self._rows if keep(Row(self._index, values, self._aliases))],
        )

    def with_formats(self, **formats: str | Callable[[Any], str]) -> Table:
        """The same table shown with other formats for some columns."""
        return self._new(self._names, list(self._rows), formats=formats)

    def with_labels(self, **labels: str) -> Table:
        """The same table with other headings for some columns."""
        return self._new(self._names, list(self._rows), labels=labels)

    def with_title(self, title: str | None) -> Table:
        """The same table with another title."""
        return self._new(self._names, list(self._rows), title=title)

    # -- showing -------------------------------------------------------------------------------

    def _cells(self) -> list[list[str]]:
        return [
            [format_value(v, self._formats[n]) for n, v in zip(self._names, row, strict=True)]
            for row in self._rows
        ]

    def _numeric(self) -> list[bool]:
        """Columns to align right: every filled value is a number."""
        out = []
        for i in range(len(self._names)):
            filled = [row[i] for row in self._rows if row[i] is not None and row[i] != ""]
            out.append(
                bool(filled)
                and all(
                    not isinstance(v, str | bool)
                    and (_exact(v) is not None or isinstance(v, numbers.Real))
                    for v in filled
                )
            )
        return out

    def _repr_html_(self) -> str:
        right = self._numeric()
        cell = "padding: 4px 10px; white-space: nowrap;"

        def align(i: int) -> str:
            return "right" if right[i] else "left"

        head = "".join(
            f'<th style="{cell} text-align: {align(i)}; border-bottom: 2px solid {INK};">'
            f"{html.escape(self._labels[n])}</th>"
            for i, n in enumerate(self._names)
        )
        body = "".join(
            "<tr>"
            + "".join(
                f'<td style="{cell} text-align: {align(i)}; border-bottom: 1px solid {GRID};">'
                f"{html.escape(c)}</td>"
                for i, c in enumerate(row)
            )
            + "</tr>"
            for row in self._cells()
        )
        caption = (
            f'<caption style="font-weight: bold; text-align: left; padding: 4px 0;">'
            f"{html.escape(self.title)}</caption>"
            if self.title
            else ""
        )
        return (
            '<table class="kit-table" style="border-collapse: collapse; font-size: 18px; '
            'line-height: 1.4; font-variant-numeric: tabular-nums;">'
            f"{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    def to_text(self) -> str:
        """The table as aligned plain text (what ``print(tabla)`` shows)."""
        right = self._numeric()
        grid = [[self._labels[n] for n in self._names], *self._cells()]
        widths = [max(len(r[i]) for r in grid) for i in range(len(self._names))]
        lines = [
            "  ".join(
                c.rjust(w) if right[i] else c.ljust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ).rstrip()
            for r in grid
        ]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(([self.title] if self.title else []) + lines)

    __str__ = to_text

    def __repr__(self) -> str:
        return self.to_text() if self._names else "Table()"

    def to_markdown(self) -> str:
        """The table as Markdown (for a report or a notebook's text)."""
        right = self._numeric()

        def cell(text: str) -> str:
            return text.replace("|", "\\|")

        head = "| " + " | ".join(cell(self._labels[n]) for n in self._names) + " |"
        rule = "|" + "|".join("---:" if r else ":---" for r in right) + "|"
        rows = ["| " + " | ".join(cell(c) for c in r) + " |" for r in self._cells()]
        return "\n".join([head, rule, *rows])

    # -- pandas, for whoever wants it ------------------------------------------------------------

    def to_pandas(self) -> pandas.DataFrame:
        """A pandas DataFrame with the same columns and the same exact values (object columns
        where they are Fractions). Imports pandas, which the offline JupyterLite site lacks."""
        import pandas

        columns = {}
        for name in self._names:
            values = self.column(name)
            whole = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
            columns[name] = pandas.Series(values, dtype="int64" if whole and values else object)
        return pandas.DataFrame(columns, columns=list(self._names))

    @classmethod
    def from_pandas(cls, frame: pandas.DataFrame, **options: Any) -> Table:
        """A table from a DataFrame's columns (the index is left out; reset it to keep it)."""
        names = [str(c) for c in frame.columns]
        rows = [
            tuple(v.item() if hasattr(v, "item") and not isinstance(v, Fraction) else v for v in r)
            for r in frame.itertuples(index=False, name=None)
        ]
        return cls(rows, names, **options)
