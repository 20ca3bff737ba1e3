"""The `kit` command a teacher types: in the class language, Spanish unless `--language en`."""

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from kit.cli import main
from kit.messages import language, set_language, t

ROOT = Path(__file__).resolve().parents[1]
KIT = Path(sys.executable).parent / "kit"


def in_language(code: str, key: str, **values: object) -> str:
    before = language()
    set_language(code)
    try:
        return t(key, **values)
    finally:
        set_language(before)


def test_kit_student_writes_one_blank_copy_per_exercise_notebook(tmp_path, capsys):
    assert main(["student", str(ROOT / "exercises"), "--out", str(tmp_path)]) == 0
    masters = sorted(p.name for p in (ROOT / "exercises").glob("*.ipynb"))
    assert sorted(p.name for p in tmp_path.glob("*.ipynb")) == masters
    assert capsys.readouterr().out.count(".ipynb") == len(masters)
    copy = nbformat.read(tmp_path / masters[0], as_version=4)
    assert all(not c.get("outputs") for c in copy.cells if c.cell_type == "code")


@pytest.mark.parametrize("code", ["es", "en"])
def test_kit_student_with_a_missing_folder_says_so_in_the_class_language(tmp_path, capsys, code):
    nowhere = tmp_path / "nowhere"
    with pytest.raises(SystemExit) as stop:
        main(["student", str(nowhere), "--out", str(tmp_path / "out"), "--language", code])
    assert stop.value.code == 2
    said = in_language(code, "cli.no_such_path", path=nowhere)
    assert capsys.readouterr().err == f"kit student: {said}\n"


def test_console_script_is_installed_and_lists_its_commands():
    out = subprocess.run([KIT, "--help"], capture_output=True, text=True, check=True).stdout
    for command in ("lab", "voila", "student", "play"):
        assert command in out


def help_of(*args: str, env: dict[str, str] | None = None) -> str:
    run = subprocess.run([KIT, *args], capture_output=True, text=True, check=True, env=env)
    return run.stdout


def test_the_help_is_spanish_even_on_an_english_computer():
    english = {**os.environ, "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8", "LANGUAGE": "en"}
    out = help_of("play", "--help", env=english)
    assert in_language("es", "cli.help_new") in " ".join(out.split())
    assert out.startswith(in_language("es", "cli.argparse_usage"))
    assert in_language("es", "cli.argparse_options") + ":" in out


@pytest.mark.parametrize("where", ["first", "last"])
def test_language_en_anywhere_turns_the_help_english(where):
    args = (
        ["--language", "en", "play", "--help"]
        if where == "first"
        else ["play", "--help", "--language=en"]
    )
    out = help_of(*args)
    assert out.startswith("usage: ") and "options:" in out
    assert in_language("es", "cli.argparse_options") + ":" not in out


@pytest.mark.parametrize("code", ["es", "en"])
def test_argparses_own_errors_are_in_the_class_language(capsys, code):
    with pytest.raises(SystemExit) as stop:
        main(["sim", "--language", code])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith(in_language(code, "cli.argparse_usage"))
    game = in_language(code, "cli.mv_game")
    required = in_language(code, "cli.argparse_required").replace("%s", game)
    assert err.rstrip().endswith(f"kit sim: error: {required}")


def test_a_wrong_language_is_refused_in_spanish(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["play", "superpoly", "--language", "fr"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    choice = in_language("es", "cli.argparse_choice") % {"value": "fr", "choices": "'es', 'en'"}
    assert choice in err


def test_the_command_leaves_the_language_as_it_found_it(tmp_path, capsys):
    set_language("es")
    main(["play", "superpoly", "--folder", str(tmp_path), "--no-voila", "--language", "en"])
    assert language() == "es"
    said = in_language("en", "cli.play_wrote", notebook="X", save="X", seed=2026).split("X")[0]
    assert capsys.readouterr().out.startswith(said)


def test_kit_lab_opens_the_classroom_never_the_lessons(tmp_path, monkeypatch):
    """JupyterLab's autosave writes what it opens: kit lab opens classroom/ (copies), so the
    committed lessons in notebooks/ are never rewritten."""
    import kit.cli

    opened: list[list[str]] = []
    built: list[object] = []
    monkeypatch.setattr(kit.cli, "_server", lambda program, args: opened.append(args) or 0)
    monkeypatch.setattr(kit.cli, "_classroom", lambda ns: built.append(ns.out) or 0)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "exercises").mkdir()
    assert main(["lab"]) == 0
    assert built == [Path("classroom")] and opened[0][-1] == "classroom"


def test_make_lab_opens_the_classroom_folder():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nlab:", 1)[1].split("\n\n", 1)[0]
    assert "CLASSROOM := classroom" in makefile
    assert "kit classroom --out $(CLASSROOM)" in recipe
    assert recipe.rstrip().endswith("$(CLASSROOM)/") and "notebooks" not in recipe
