"""The `kit` command a teacher types."""

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from kit.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_kit_student_writes_one_blank_copy_per_exercise_notebook(tmp_path, capsys):
    assert main(["student", str(ROOT / "exercises"), "--out", str(tmp_path)]) == 0
    masters = sorted(p.name for p in (ROOT / "exercises").glob("*.ipynb"))
    assert sorted(p.name for p in tmp_path.glob("*.ipynb")) == masters
    assert capsys.readouterr().out.count(".ipynb") == len(masters)
    copy = nbformat.read(tmp_path / masters[0], as_version=4)
    assert all(not c.get("outputs") for c in copy.cells if c.cell_type == "code")


def test_kit_student_with_a_missing_folder_says_so(tmp_path):
    with pytest.raises(SystemExit, match="does not exist"):
        main(["student", str(tmp_path / "nowhere"), "--out", str(tmp_path / "out")])


def test_console_script_is_installed_and_lists_its_commands():
    exe = Path(sys.executable).parent / "kit"
    out = subprocess.run([exe, "--help"], capture_output=True, text=True, check=True).stdout
    for command in ("lab", "voila", "student"):
        assert command in out
