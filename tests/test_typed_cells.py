"""What a student typed (issue 24, points 2 and 3): `^` between numbers refused before the cell
runs, the raw cell kept for `check`, and the numbers read as they were written."""

from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell

import kit
import kit.exercises
from kit.exercises import slips, typed_cells
from kit.exercises.typed_cells import (
    CommaSlip,
    Thousands,
    decimal_commas,
    number_literals,
    power_advice,
    spanish_thousands,
    typed_answer,
)


class KeptShell(InteractiveShell):
    """An IPython shell that keeps each error as a kernel would send it."""

    last: tuple[str, list[str]] | None = None

    def _showtraceback(self, etype, evalue, stb):
        self.last = (etype.__name__, stb)


@pytest.fixture(scope="module")
def shell():
    kit.set_language("es")
    shell = KeptShell.instance()
    kit.exercises._install_slips()  # as importing kit.exercises does in a notebook
    yield shell
    KeptShell.clear_instance()


def run(shell: KeptShell, code: str) -> tuple[bool, list[str] | None]:
    """(whether the cell ran, the error's lines as the notebook shows them)."""
    shell.last = None
    result = shell.run_cell(code)
    return result.success, (shell.last or (None, None))[1]


@pytest.mark.parametrize(
    ("code", "fixed"),
    [
        ("respuesta_3 = 1000*1.1^3", "1000*1.1**3"),  # Python would raise a TypeError
        ("respuesta_4 = 5^4", "5**4"),  # Python would silently give 1
        ("x = 3\ny = x^2", "x**2"),
        ("r = 1500*(1 + 0.1)^12", "1500*(1 + 0.1)**12"),
        ("r = -2^2", "-2**2"),
        ("def f(x):\n    return x ^ 3", "x ** 3"),
        ("r = 2^-1", "2**-1"),
        ("r = sqrt(a)^b", "sqrt(a)**b"),
        ("p = 0.5\nq = 3\nr = p ^ q", "p ** q"),  # names bound to numbers before the cell
        ("n = 2\nn ^= 3", "n **= 3"),
    ],
)
def test_a_power_written_with_caret_is_refused_in_one_sentence(shell, code, fixed):
    shell.user_ns.update(p=0.5, q=3)
    ran, error = run(shell, code)
    assert not ran and error == [f"✘ En Python la potencia se escribe **: {fixed}"]


def test_the_cell_does_not_run(shell):
    shell.user_ns.pop("antes", None)
    ran, _error = run(shell, "antes = 1\nr = 5^4")
    assert not ran and "antes" not in shell.user_ns and "r" not in shell.user_ns


@pytest.mark.parametrize(
    "code",
    [
        "A = {1, 2}\nB = {2, 3}\nC = A ^ B",  # symmetric difference of sets
        "texto = '2^3'  # 5^4 in a comment",
        "r = 2**3",
        "bandera = True ^ False",
    ],
)
def test_caret_between_sets_texts_and_truth_values_is_allowed(shell, code):
    assert run(shell, code) == (True, None)


def test_english_after_set_language(shell):
    kit.set_language("en")
    try:
        assert run(shell, "r = 5^4")[1] == ["✘ Python writes a power with **: 5**4"]
    finally:
        kit.set_language("es")


def test_installing_twice_installs_once(shell):
    counts = (
        len(shell.ast_transformers),
        len(shell.input_transformers_cleanup),
        len(shell.input_transformers_post),
    )
    kit.exercises._install_slips()
    assert typed_cells.install(shell)
    assert counts == (
        len(shell.ast_transformers),
        len(shell.input_transformers_cleanup),
        len(shell.input_transformers_post),
    )
    assert sum(getattr(t, "_kit_typed_cells", False) for t in shell.ast_transformers) == 1


def test_outside_ipython_nothing_is_installed_or_recorded():
    assert typed_cells.install(object()) is False


def test_the_raw_cell_is_kept_for_check(shell):
    ran, _ = run(shell, "respuesta_2 = 24.000\ntexto = typed_cells.current_cell()")
    assert not ran  # typed_cells is not imported in the shell yet
    shell.user_ns["typed_cells"] = typed_cells
    code = "respuesta_2 = 800*1,1  # comentario\ntexto = typed_cells.current_cell()"
    assert run(shell, code) == (True, None)
    assert shell.user_ns["texto"] == code + "\n"
    assert typed_answer("respuesta_2", shell.user_ns["texto"]) == "800*1,1"


def test_magics_do_not_hide_the_answer():
    cell = "%%time\nrespuesta_1 = 2.659\n!ls"
    assert typed_answer("respuesta_1", cell) == "2.659"
    assert typed_answer("respuesta_9", cell) is None
    assert typed_answer("respuesta_1", "respuesta_1 = (") is None


def test_number_literals_as_written():
    code = "r = 800*1,1  # 2,5\ns = '3.000'\nt = 1_000 + 2.50 + 1e3"
    assert number_literals(code) == ["800", "1", "1", "1_000", "2.50", "1e3"]
    assert number_literals("x = (1,") == ["1"]  # a broken cell: what can be read


def test_spanish_thousands():
    assert spanish_thousands("respuesta = 24.000 + 2.659 - 1.5 + 0.250  # 3.000") == [
        Thousands("24.000", 24.0, 24000),
        Thousands("2.659", 2.659, 2659),
        Thousands("0.250", 0.25, 250),
    ]


def test_decimal_commas_give_the_expression_meant():
    assert decimal_commas("respuesta = 800*1,1") == [CommaSlip("800*1,1", "800*1.1")]
    assert decimal_commas("r = (1,5, 2,5)") == [CommaSlip("(1,5, 2,5)", "(1.5, 2.5)")]
    assert decimal_commas("r = 24.000,5") == [CommaSlip("24.000,5", "24000.5")]
    assert decimal_commas("r = [3,14]") == [CommaSlip("[3,14]", "[3.14]")]
    assert decimal_commas("r = 1,5*2,5") == [CommaSlip("1,5*2,5", "1.5*2.5")]
    for code in ("t = (1, 2)", "f(1,2)", "t = x,1", "t = 1.5,2", "s = '1,5'", "t = (1 ,5)"):
        assert decimal_commas(code) == [], code


def test_power_advice_without_a_shell():
    assert power_advice("r = 1000*1.1^3") == "En Python la potencia se escribe **: 1000*1.1**3"
    assert power_advice("C = A ^ B") is None
    assert power_advice("C = A ^ B", {"A": 2, "B": 3}) is not None
    assert power_advice("r = (") is None


@pytest.mark.parametrize(
    ("code", "advice"),
    [
        ("respuesta = 24 000", "escribe 24000 en lugar de 24 000"),
        ("respuesta = 1 800 + 5", "escribe 1800 en lugar de 1 800"),
        ("respuesta = 3 543,12", "escribe 3543.12 en lugar de 3 543,12"),
        ("respuesta = 2\u202f659", "escribe 2659 en lugar de 2\u202f659"),
    ],
)
def test_a_number_with_spaces_is_named(code, advice):
    try:
        compile(code, "<cell>", "exec")
    except SyntaxError as error:
        said = slips.advice(error)
    assert "En Python los números se escriben sin espacios: " + advice in said


@pytest.mark.parametrize(
    ("code", "advice"),
    [
        ("respuesta = 0,0278,", "escribe 0.0278 en lugar de 0,0278"),  # the old advice stays
        ("r = 1.000.000", "escribe 1000000 en lugar de 1.000.000"),
        ("print('24 000' 5)", "Revisa los paréntesis"),  # a number in quotes is no slip
    ],
)
def test_the_other_slips_keep_their_advice(code, advice):
    try:
        compile(code, "<cell>", "exec")
    except SyntaxError as error:
        said = slips.advice(error)
    assert advice in said, said
