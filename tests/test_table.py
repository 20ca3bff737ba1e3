"""kit.table: the light core's table of exact values, shown in the class language."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import kit
from kit.table import (
    Row,
    Table,
    format_count,
    format_decimal,
    format_euros,
    format_percent,
    format_value,
)

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.fixture
def english():
    kit.set_language("en")
    yield
    kit.set_language("es")


def book() -> Table:
    return Table(
        [
            {"mes": 1, "intereses": Fraction(301, 2), "nota": "a<b & c"},
            {"mes": 12, "intereses": Fraction(123456789, 100), "nota": ""},
        ],
        formats={"intereses": "euros"},
        labels={"mes": "Mes"},
        title="La libreta",
    )


# -- numbers ------------------------------------------------------------------------------------


def test_numbers_in_spanish_decimal_comma_and_a_narrow_space_between_thousands():
    assert format_count(1234567) == f"1{NNBSP}234{NNBSP}567"
    assert format_decimal(Fraction(1, 6), 4) == "0,1667"
    assert format_decimal(-12345.678, 1) == f"-12{NNBSP}345,7"
    assert format_percent(Fraction(1, 6)) == f"16,7{NBSP}%"
    assert format_euros(Fraction(9415285130163, 2000000000)) == f"4707,64{NBSP}€"


def test_spanish_leaves_four_digit_numbers_unspaced_and_english_groups_them():
    assert [format_count(n) for n in (999, 1500, -9999, 10000)] == [
        "999",
        "1500",
        "-9999",
        f"10{NNBSP}000",
    ]
    assert format_decimal(Fraction(-24157, 10), 1) == "-2415,7"
    kit.set_language("en")
    try:
        assert [format_count(n) for n in (999, 1500, 10000)] == ["999", "1,500", "10,000"]
    finally:
        kit.set_language("es")


def test_exact_values_round_half_up_to_cents():
    assert format_euros(Fraction(1, 200)) == f"0,01{NBSP}€"  # 0.005 € → 0,01 €
    assert format_euros(Fraction(-1, 1000)) == f"0,00{NBSP}€"  # no "-0,00"
    assert format_euros(Decimal("2.675")) == f"2,68{NBSP}€"  # the float 2.675 would give 2,67
    assert format_euros(sympy.Rational(3993, 2)) == f"1996,50{NBSP}€"


def test_numbers_in_english(english):
    assert format_euros(1500) == f"1,500.00{NBSP}€"
    assert format_percent(Fraction(1, 8), 1) == "12.5%"
    assert format_value(True) == "yes"


def test_format_value_by_spec():
    assert format_value(Fraction(3, 8)) == "0,3750"
    assert format_value(Fraction(6, 3)) == "2"
    assert format_value(Fraction(3, 8), "fraction") == "3/8"
    assert format_value(sympy.Rational(3, 8), "fraction") == "3/8"
    assert format_value(Fraction(3, 8), "percent:0") == f"38{NBSP}%"
    assert format_value(None) == "" and format_value("texto", "euros") == "texto"
    assert format_value(7, lambda v: f"<{v}>") == "<7>"
    with pytest.raises(ValueError):
        format_value(1, "pesetas")


# -- the table ------------------------------------------------------------------------------------


def test_columns_rows_and_exact_values():
    t = book()
    assert t.columns == ("mes", "intereses", "nota") and len(t) == 2
    assert t.column("intereses") == [Fraction(301, 2), Fraction(123456789, 100)]
    first = t.row(0)
    assert isinstance(first, Row) and first.intereses == first["intereses"] == Fraction(301, 2)
    assert dict(first) == {"mes": 1, "intereses": Fraction(301, 2), "nota": "a<b & c"}
    assert [fila.mes for fila in t] == [1, 12]
    assert t.where(lambda f: f.mes > 6).column("mes") == [12]
    assert t.select("intereses", "mes").columns == ("intereses", "mes")
    assert t.select("mes", labels={"mes": "M"}).labels == {"mes": "M"}
    with pytest.raises(KeyError, match='ninguna columna "interest"'):
        t.column("interest")
    with pytest.raises(AttributeError):
        first.mes = 2


def test_rows_as_sequences_need_column_names_and_the_right_length():
    assert Table([(1, 2)], ["a", "b"]).column("b") == [2]
    with pytest.raises(ValueError, match="column names"):
        Table([(1, 2)])
    with pytest.raises(ValueError, match="row 1 has 1 values"):
        Table([(1,)], ["a", "b"])
    with pytest.raises(ValueError, match="not in the table"):
        Table([{"a": 1}, {"b": 2}])
    with pytest.raises(ValueError, match="unknown format"):
        Table([{"a": 1}], formats={"a": "pesetas"})
    with pytest.raises(ValueError, match="no column"):
        Table([{"a": 1}], labels={"b": "B"})


def test_it_is_not_a_dataframe():
    t = book()
    for pandas_name in ("loc", "iloc", "iterrows", "to_frame", "groupby"):
        assert not hasattr(t, pandas_name)


def test_html_is_escaped_right_aligned_for_numbers_and_formatted():
    html = book()._repr_html_()
    assert "a&lt;b &amp; c" in html and "a<b" not in html
    assert f"150,50{NBSP}€" in html and f"1{NNBSP}234{NNBSP}567,89{NBSP}€" in html
    assert "<caption" in html and "La libreta" in html and ">Mes</th>" in html
    assert html.count("text-align: right") == 2 * 3  # mes and intereses: header + 2 rows
    escaped = Table([{"<b>": "x"}])._repr_html_()
    assert "&lt;b&gt;" in escaped


def test_text_and_markdown_forms():
    text = repr(book())
    assert text.splitlines()[0] == "La libreta"
    assert "150,50" in text and "Mes" in text and str(book()) == text
    md = Table([{"a|b": 1, "c": "x"}]).to_markdown()
    assert md.splitlines()[0] == "| a\\|b | c |" and md.splitlines()[1] == "|---:|:---|"
    assert repr(Table()) == "Table()"


def test_output_is_deterministic():
    assert book()._repr_html_() == book()._repr_html_()
    assert repr(book()) == repr(book())
    assert book() == book() and book() != book().with_title("otra")


def test_to_pandas_keeps_exact_values_and_round_trips():
    pandas = pytest.importorskip("pandas")
    t = book()
    frame = t.to_pandas()
    assert isinstance(frame, pandas.DataFrame) and list(frame.columns) == list(t.columns)
    assert frame["mes"].dtype == "int64" and frame["intereses"].dtype == object
    assert list(frame["intereses"]) == t.column("intereses")
    back = Table.from_pandas(frame, formats=t.formats, labels=t.labels, title=t.title)
    assert back == t and type(back.column("mes")[0]) is int


@given(
    st.lists(
        st.tuples(st.integers(-(10**12), 10**12), st.fractions(max_denominator=1000)),
        max_size=8,
    )
)
def test_any_rows_show_the_same_way_twice_and_keep_their_values(rows):
    t = Table(rows, ["n", "x"], formats={"x": "euros"})
    assert t.column("x") == [x for _, x in rows]
    assert t._repr_html_() == Table(rows, ["n", "x"], formats={"x": "euros"})._repr_html_()
    for (_, x), fila in zip(rows, t, strict=True):
        assert fila.x == x
        cents = Fraction(
            format_euros(x).replace(NBSP + "€", "").replace(NNBSP, "").replace(",", ".")
        )
        assert abs(cents - x) <= Fraction(1, 200)


def test_the_formatting_is_the_one_the_drawings_use():
    from kit.render import common

    assert common.format_count is format_count and common.format_decimal is format_decimal


def test_a_column_answers_to_its_heading_as_a_student_types_it():
    tabla = Table(
        [{"month": 1, "closing": 1650}, {"month": 2, "closing": 1815}],
        labels={"month": "Mes", "closing": "Tras el día de paga"},
    )
    for typed in ("closing", "Tras el día de paga", "tras el dia de paga", "TRAS_EL_DÍA_DE_PAGA"):
        assert tabla.columna(typed) == [1650, 1815] == tabla.column(typed)
    fila = tabla.fila(-1)
    assert fila.mes == fila["Mes"] == fila.month == 2
    assert fila.tras_el_dia_de_paga == 1815
    assert [f.mes for f in tabla] == [1, 2]
    assert tabla.elige("Mes").columns == ("month",)
    assert dict(fila) == {"month": 2, "closing": 1815}  # the aliases are not extra columns
    with pytest.raises(KeyError, match='"intereses"'):
        tabla.columna("intereses")


def test_a_heading_two_columns_share_names_neither():
    tabla = Table([{"a": 1, "b": 2}], labels={"a": "Total", "b": "total"})
    assert tabla.columna("a") == [1]
    with pytest.raises(KeyError):
        tabla.columna("Total")
