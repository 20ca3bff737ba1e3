"""Every kit call a student makes fails in one plain sentence (issue 24, point 5).

The calls are the ones the lessons and the exercises show: scanned from the code and text cells
of notebooks/*.ipynb and exercises/*.ipynb at test time (``name.attr(``), so a call a notebook
starts to show is driven here too. Each one is called slightly wrongly, as a student would —
too many data, none, an unknown keyword, a datum of the wrong kind, a bad name or range — and
must answer with a ``PlainError``: one sentence from the catalogue (kit/data/messages/calls.toml
and the lessons' own areas), Spanish by default and English after ``kit.set_language("en")``.
Refusals happen before the work, so no simulation runs here.
"""

from __future__ import annotations

import inspect
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import kit
from kit.analysis import interest, rent
from kit.lessons import dados, interes, paga, tablero
from kit.lessons import multiplicadores as mx
from kit.lessons import palabra as pl
from kit.messages import PlainError, set_language, t
from kit.plain_calls import PlainAttributeError, PlainIndexError, PlainKeyError
from kit.prob import Dist
from kit.table import Table

ROOT = Path(__file__).resolve().parents[1]
MODULES = {
    "tablero": tablero,
    "paga": paga,
    "interes": interes,
    "pl": pl,
    "mx": mx,
    "dados": dados,
    "kit": kit,
    "interest": interest,
}
CALL = re.compile(r"\b(" + "|".join(MODULES) + r")\.([A-Za-z_][A-Za-z_0-9]*)\s*\(")
METHOD = re.compile(r"\.(columna|column|fila|row|elige|select|valor_esperado|media|varianza|"
                    r"proporcion|ganadas|tabla_de_fortunas|roll)\s*\(")  # fmt: skip
NOT_CALLS_OF_THE_KIT = {"kit.set_language"}  # the teacher's switch, tested in test_messages


def _cells() -> list[str]:
    texts = []
    for path in sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            texts.append("".join(cell["source"]))
    return texts


def shown_calls() -> list[str]:
    """«tablero.trato», «pl.palabra»…: every module call a notebook or exercise shows."""
    found = {f"{m}.{n}" for text in _cells() for m, n in CALL.findall(text)}
    return sorted(found - NOT_CALLS_OF_THE_KIT)


def shown_methods() -> list[str]:
    return sorted({m for text in _cells() for m in METHOD.findall(text)})


SHOWN = shown_calls()
ISSUE_NAMES = [  # the English names the issue's students typed, reachable from the lessons
    "paga.bet", "tablero.deal", "tablero.long_run", "tablero.house_payback",
    "interest.savings_schedule", "interest.withdrawal_worth_it",
]  # fmt: skip
ALL_CALLS = sorted({*SHOWN, *ISSUE_NAMES})


def _resolve(call: str):
    prefix, name = call.split(".")
    return getattr(MODULES[prefix], name)


@pytest.fixture(autouse=True)
def _spanish():
    set_language("es")
    yield
    set_language("es")


def plain_sentence(error: BaseException, language: str = "es") -> str:
    """The refusal is a PlainError whose text is one sentence of the catalogue, no traceback
    words, no file paths, no English by default."""
    assert isinstance(error, PlainError), f"{type(error).__name__}: {error}"
    text = str(error)
    assert text == t(error.key, **error.values)
    assert "\n" not in text and text.rstrip().endswith((".", ")", "»"))
    for word in ("Traceback", "Error", "kit/", ".py", "line "):
        assert word not in text, text
    if language == "es":
        for word in (" the ", " must ", " got ", " missing ", "argument"):
            assert word not in text, text
    return text


def refused(f, *args, **kwargs) -> PlainError:
    """The call's refusal, checked as one sentence in the language the class has now."""
    from kit.messages import language

    with pytest.raises(PlainError) as caught:
        f(*args, **kwargs)
    plain_sentence(caught.value, language())
    return caught.value


def _params(f) -> list[inspect.Parameter]:
    return list(inspect.signature(f).parameters.values())


def _positional(f) -> list[inspect.Parameter]:
    return [p for p in _params(f) if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _has(f, kind) -> bool:
    return any(p.kind is kind for p in _params(f))


def _checked(f) -> list[str]:
    """The parameters whose kind the wrapper checks (simple annotations)."""
    from kit.plain_calls import _checker

    where = inspect.unwrap(f).__globals__
    return [p.name for p in _params(f) if _checker(p.annotation, where)[0] is not None]


# -- the list itself ---------------------------------------------------------------------------


def test_the_scan_finds_the_calls_the_lessons_show():
    assert len(SHOWN) > 150
    expected = {"pl.palabra", "tablero.trato", "paga.apuesta", "interes.tabla_libreta"}
    expected |= {"mx.carta", "kit.dice_sum", "interest.withdrawal_worth_it", "dados.ganancia"}
    assert expected <= set(SHOWN)
    assert {"columna", "elige", "media", "varianza", "roll"} <= set(shown_methods())


@pytest.mark.parametrize("call", ALL_CALLS)
def test_every_shown_call_is_wrapped_and_keeps_its_face(call):
    f = _resolve(call)
    assert getattr(f, "__plain__", None), f"{call} is not wrapped by kit.plain_calls"
    original = inspect.unwrap(f)
    assert f.__name__ == original.__name__ and f.__doc__ == original.__doc__
    assert inspect.signature(f) == inspect.signature(original)


# -- each call, slightly wrong -----------------------------------------------------------------


@pytest.mark.parametrize("call", ALL_CALLS)
def test_too_many_data(call):
    f = _resolve(call)
    if _has(f, inspect.Parameter.VAR_POSITIONAL):
        pytest.skip("takes any number of data")
    error = refused(f, *[0] * (len(_positional(f)) + 2))
    assert error.key == "calls.too_many" and f.__plain__ in str(error)  # paga.bet: «paga.apuesta»


@pytest.mark.parametrize("call", ALL_CALLS)
def test_an_unknown_keyword(call):
    f = _resolve(call)
    if _has(f, inspect.Parameter.VAR_KEYWORD):
        pytest.skip("takes any keyword")
    error = refused(f, numero_que_no_existe=1)
    assert error.key == "calls.unknown_keyword" and "numero_que_no_existe" in str(error)
    assert f"{f.__plain__}(" in str(error)  # how to write it


@pytest.mark.parametrize("call", ALL_CALLS)
def test_missing_data(call):
    f = _resolve(call)
    required = [p for p in _params(f) if p.default is p.empty and p.kind in (
        p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]  # fmt: skip
    if not required:
        pytest.skip("every datum has a default: f() is a right call")
    error = refused(f)
    assert error.key == "calls.missing" and required[0].name in str(error)


@pytest.mark.parametrize("call", ALL_CALLS)
def test_a_datum_of_the_wrong_kind(call):
    f = _resolve(call)
    names = _checked(f)
    if not names:
        pytest.skip("no datum with a simple kind (the function checks its own)")
    for name in names:
        if _has(f, inspect.Parameter.VAR_POSITIONAL) and name == _params(f)[0].name:
            error = refused(f, object())  # pl.palabra(*nombres)
        else:
            error = refused(f, **{name: object()})
        assert error.key == "calls.bad_type" and f"«{name}»" in str(error)


@pytest.mark.parametrize("call", ALL_CALLS)
def test_the_same_in_english(call):
    f = _resolve(call)
    set_language("en")
    if _has(f, inspect.Parameter.VAR_KEYWORD):
        pytest.skip("takes any keyword")
    assert "has no datum" in str(refused(f, numero_que_no_existe=1))
    if not _has(f, inspect.Parameter.VAR_POSITIONAL):
        assert "takes at most" in str(refused(f, *[0] * (len(_positional(f)) + 2)))
    for name in _checked(f)[:1]:
        if not _has(f, inspect.Parameter.VAR_POSITIONAL):
            assert "must be" in str(refused(f, **{name: object()}))


# -- names and ranges --------------------------------------------------------------------------

BAD_VALUES = [  # (call, args, kwargs, a word the sentence must hold)
    ("tablero.nombre", (21, "el_palé"), {}, "el_pale"),
    ("tablero.nombre", (40, "el_pale"), {}, "39"),
    ("tablero.largo_plazo", ("el_pale", "salir"), {}, "pagar"),
    ("tablero.mejor_grupo", ("el_pale",), {"casas": 7}, "0 a 4"),
    ("tablero.tiradas_para_pagar_la_casa", ("el_pale", 15, 2), {}, "no es una calle"),
    ("tablero.trato", ("el_pale", 5, 16), {"casas": 9}, "0 a 4"),
    ("tablero.alquiler", ("superpoly", 1), {"casas": 6}, "0 a 5"),
    ("tablero.precio_de_una_casa", ("el_pale", 0), {}, "no es una calle"),
    ("paga.apuesta", (0,), {}, "1 a 299"),
    ("paga.tabla_de_la_apuesta", (1000,), {}, "1 a 299"),
    ("dados.tabla_de_casos", (13,), {}, "2 a 12"),
    ("dados.casos_de", (1,), {}, "2 a 12"),
    ("interes.explorador", (), {"modo": "mensual"}, "cada mes"),
    ("interes.hipoteca_de", ("Calle Mayor", "el_pale"), {}, "escritura"),
    ("interes.decimal_exacto", (Fraction(1, 3),), {}, "1/3"),
    ("mx.carta", ("D", "morado", 3), {}, "amarillo"),
    ("mx.carta", ("D", "amarillo", 1), {}, "0"),
    ("mx.puntos", ([],), {"jugada": "straight"}, "escalera"),
    ("mx.afeitar_letra", ([],), {"letra": "Q"}, "Q"),
    ("pl.cartas", ("A morado",), {}, "amarillo"),
    ("pl.cartas", ("★★ rojo",), {}, "C★★ amarillo"),
    ("pl.cartas", ("R verde",), {}, "baraja"),
    ("kit.dice_sum", (), {"sides": "seis"}, "sides"),
]


@pytest.mark.parametrize(("call", "args", "kwargs", "word"), BAD_VALUES)
def test_a_bad_name_or_range(call, args, kwargs, word):
    spanish = str(refused(_resolve(call), *args, **kwargs))
    assert word in spanish
    set_language("en")
    assert str(refused(_resolve(call), *args, **kwargs)) != spanish


# -- the methods students call -----------------------------------------------------------------


def _table() -> Table:
    return Table([{"mes": 1, "intereses": 10}, {"mes": 2, "intereses": 21}])


def test_table_columns_rows_and_picks():
    tabla = _table()
    error = refused(tabla.columna, "closing")
    assert isinstance(error, KeyError) and '"mes" o "intereses"' in str(error)
    assert isinstance(refused(tabla.column, "closing"), KeyError)
    assert refused(tabla.columna).key == "calls.missing"
    assert refused(tabla.columna, "mes", "otra").key == "calls.too_many"
    assert refused(tabla.elige, "mes", "nota").key == "calls.no_column"
    error = refused(tabla.fila, 5)
    assert isinstance(error, IndexError) and ".fila(1)" in str(error)
    assert refused(tabla.fila, "1").key == "calls.bad_type"
    assert isinstance(refused(Table.row, tabla, 2.5), PlainIndexError)
    assert refused(Table([], ["mes"]).fila, 0).key == "calls.empty_table"
    with pytest.raises(PlainAttributeError) as caught:
        tabla.fila(0).interes_final  # noqa: B018
    text = plain_sentence(caught.value)
    assert '"mes" o "intereses"' in text and "fila.mes" in text
    assert not hasattr(tabla.fila(0), "nota") and "nota" not in tabla.fila(0)
    with pytest.raises(PlainKeyError):
        tabla.fila(0)["nota"]
    assert tabla.fila(0).get("nota") is None


def test_dist_session_tournament_and_the_dice_lab():
    sumas = kit.dice_sum()
    for method in (sumas.valor_esperado, sumas.media, sumas.varianza):
        assert refused(method, lambda s: s, 2).key == "calls.too_many"
        assert refused(method, funcion=abs).key == "calls.unknown_keyword"
    assert sumas.media() == 7 and Dist.expectation is not Dist.media  # the engines' is bare

    from kit.session import Session

    session = object.__new__(Session)
    assert refused(session.tabla_de_fortunas, 3).key == "calls.too_many"

    torneo = paga.Tournament(games=2, months=1, seed=0, wins=dict.fromkeys(paga.BOTS, 0))
    text = str(refused(torneo.proporcion, "Jugadora"))
    assert "Apostadora" in text
    assert torneo.proporcion("Apostadora") == 0 == torneo.share("gambler")
    assert refused(torneo.media, "Apostadora").key == "calls.missing"

    from kit.widgets import DiceLab

    lab = DiceLab(seed=1)
    assert "100" in str(refused(lab.roll, 0))
    assert refused(lab.roll, 1, 2).key == "calls.too_many"


# -- the issue's ten examples, by name ----------------------------------------------------------


def test_issue_palabra_with_the_exercise_spacing_is_read():
    spaced = pl.palabra("M ★★★ rojo", "O rojo")
    assert spaced.total == pl.palabra("M★★★ rojo", "O rojo").total


def test_issue_paga_bet_300():
    assert "1 a 299" in str(refused(paga.bet, 300))


def test_issue_column_closing_on_a_spanish_table():
    libreta = paga.tabla_de_la_libreta(1000, 3)
    assert libreta.column(libreta.columns[0]) == libreta.columna(libreta.columns[0])
    text = str(refused(libreta.column, "closing_balance"))
    assert all(f'"{c}"' in text for c in libreta.columns)


def test_issue_savings_schedule_missing_months():
    text = str(refused(interest.savings_schedule, 200))
    assert "months" in text and "interest.savings_schedule(deposits, months" in text


def test_issue_house_payback_level_5():
    assert "0 a 4" in str(refused(rent.house_payback, "el_pale", 18, level=5))
    assert "0 a 4" in str(refused(tablero.tiradas_para_pagar_la_casa, "el_pale", 18, 5))


def test_issue_deal_on_a_station():
    text = str(refused(tablero.deal, "el_pale", 16, 15))
    assert "15" in text and "no es una calle" in text
    assert "no es una calle" in str(refused(tablero.trato, "el_pale", 16, 15))


def test_issue_tournament_share_by_class_name():
    torneo = paga.Tournament(games=4, months=1, seed=0, wins=dict.fromkeys(paga.BOTS, 1))
    assert torneo.share("Apostadora") == Fraction(1, 4)
    assert "Apostadora" in str(refused(torneo.share, "Apostador"))


def test_issue_long_run_prisoner_key():
    error = refused(tablero.long_run("el_pale").__getitem__, "preso")
    assert isinstance(error, KeyError) and "tablero.PRESO" in str(error)
    assert tablero.largo_plazo("el_pale")[tablero.PRESO] > 0
    assert "tablero.PRESO" in str(refused(tablero.largo_plazo("el_pale").__getitem__, "preso"))


def test_issue_carta_with_two_stars_where_the_deck_has_none():
    text = str(refused(mx.carta, "D", "amarillo", 2))
    assert "D" in text and "0, 2 o 3" in text


def test_issue_row_attribute():
    fila = paga.tabla_de_la_libreta(1000, 3).fila(0)
    with pytest.raises(PlainAttributeError) as caught:
        fila.intereses_ganados  # noqa: B018
    assert "fila." in plain_sentence(caught.value)


# -- in a real IPython shell: the cell shows the sentence, no traceback ---------------------------


def test_in_an_ipython_shell_the_cell_shows_one_sentence():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    for cell, words in (
        ("from kit.lessons import paga\npaga.apuesta(300)", "1 a 299"),
        ("from kit.lessons import tablero\ntablero.largo_plazo('el_pale')['preso']", "PRESO"),
        ("from kit.lessons import palabra as pl\npl.palabra('M★★★ rojo', 'O')", "carta"),
        ("import kit\nkit.dice_sum(2, 6, 8)", "kit.dice_sum"),
    ):
        with capture_output() as shown:
            result = shell.run_cell(cell)
        assert isinstance(result.error_in_exec, PlainError)
        out = shown.stdout + shown.stderr + "".join(str(o.data) for o in shown.outputs)
        assert words in out
        assert "Traceback" not in out and "kit/" not in out and ".py" not in out
