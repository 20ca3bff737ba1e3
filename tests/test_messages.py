"""The message catalogue: every text in both languages, with the same blanks to fill in."""

import errno
import os
from string import Formatter

import pytest

from kit import messages
from kit.messages import CATALOGUE, os_reason, set_language, t


def _blanks(text: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(text) if field}


def test_both_languages_have_the_same_keys():
    assert set(CATALOGUE["es"]) == set(CATALOGUE["en"])


@pytest.mark.parametrize("key", sorted(CATALOGUE["es"]))
def test_a_translation_fills_in_the_same_values(key):
    assert _blanks(CATALOGUE["es"][key]) == _blanks(CATALOGUE["en"][key]), key


def test_switching_language_switches_every_text():
    try:
        set_language("en")
        assert t("dice.reset") == "Reset"
        set_language("es")
        assert t("dice.reset") == "Reiniciar"
    finally:
        set_language("es")


def test_an_unknown_language_is_refused_and_changes_nothing():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        set_language("fr")
    assert messages.language() == "es"


def test_an_entry_without_both_languages_is_named(tmp_path, monkeypatch):
    (tmp_path / "demo.toml").write_text('[hello]\nes = "Hola"\n', encoding="utf-8")
    monkeypatch.setattr(messages, "FOLDER", tmp_path)
    with pytest.raises(ValueError, match=r"demo.toml: \[hello\] needs exactly the keys"):
        messages._load()  # the loader itself, not the cached catalogue


RAISE = (
    "import kit\nfrom kit.messages import PlainError\n"
    "raise PlainError('session.bad_seed', value={!r})"
)


def test_a_plain_error_shows_in_a_notebook_as_its_sentence_and_still_stops_the_run() -> None:
    """Issue 15: in a kernel, a PlainError is a paragraph that wraps between words (Voilà's
    error box is preformatted and cut the «en uso» sentence mid-word), never a traceback; the
    cell still fails, so Run All stops and nbclient reports it."""
    import nbclient
    import nbformat

    from kit.messages import PlainError, plain_error_html

    code = RAISE.format("dos mil")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(code), nbformat.v4.new_code_cell("1 + 1")]
    with pytest.raises(nbclient.exceptions.CellExecutionError):
        nbclient.NotebookClient(notebook, kernel_name="python3", timeout=120).execute()
    sentence = str(PlainError("session.bad_seed", value="dos mil"))
    (shown,) = notebook.cells[0].outputs
    assert shown["output_type"] == "display_data"  # no error output, so no traceback box
    assert shown["data"] == {"text/plain": sentence, "text/html": plain_error_html(sentence)}
    assert "white-space:normal" in shown["data"]["text/html"]
    assert notebook.cells[1].outputs == []  # the run stopped at the refusal


def test_plain_errors_outside_a_kernel_are_ordinary_exceptions() -> None:
    import subprocess
    import sys

    code = RAISE.format(1.5)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 1 and "PlainError" in run.stderr and "1.5" in run.stderr


def test_plain_refusals_and_the_students_slips_share_the_one_hook() -> None:
    """IPython keeps one custom exception hook: the kit's plain refusals (kit.messages) and
    the slips advice (kit.exercises.slips) must both hold it, whichever is imported first."""
    import nbclient
    import nbformat

    from kit.exercises.slips import advice

    cells = [
        "import kit.exercises\nimport kit",
        "respuesta_3 = 0,0433",
        RAISE.format("dos mil"),
    ]
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(code) for code in cells]
    client = nbclient.NotebookClient(
        notebook, kernel_name="python3", timeout=120, allow_errors=True
    )
    client.execute()
    (slip,) = notebook.cells[1].outputs
    try:
        compile("respuesta_3 = 0,0433", "<cell>", "exec")
    except SyntaxError as error:
        expected = advice(error)
    assert slip["output_type"] == "error" and slip["traceback"] == [expected]
    (refusal,) = notebook.cells[2].outputs
    assert refusal["output_type"] == "display_data"
    assert "dos mil" in refusal["data"]["text/plain"]


@pytest.mark.parametrize("code", ["es", "en"])
def test_the_systems_refusals_are_said_in_the_class_language(code, tmp_path) -> None:
    """A file in the way, a missing folder, a file where a folder should be: the kit's words, not
    the system's English («File exists»)."""
    (tmp_path / "archivo").write_text("x", encoding="utf-8")
    set_language(code)
    try:
        said = {}
        for name, attempt in {
            "EEXIST": lambda: (tmp_path / "archivo").mkdir(),
            "ENOENT": lambda: (tmp_path / "no" / "x.csv").write_text(""),
            "ENOTDIR": lambda: (tmp_path / "archivo" / "x.csv").write_text(""),
            "EISDIR": lambda: tmp_path.open("w"),
        }.items():
            with pytest.raises(OSError) as raised:
                attempt()
            said[name] = os_reason(raised.value)
            assert said[name] == t(f"os.{name}"), name
        assert len(set(said.values())) == len(said)
        odd = OSError(errno.ECHILD, os.strerror(errno.ECHILD))  # one the kit has no words for
        assert os_reason(odd) == os.strerror(errno.ECHILD)
        assert os_reason(ValueError("otra cosa")) == "otra cosa"
    finally:
        set_language("es")
