"""Commands that explain themselves (issue 14, point 6): every bad argument of `kit` ends with a
plain message on stderr and exit status 2, no traceback, and nothing written. `kit play` tries
the table (seats, bots, edition) before it writes its notebook."""

from __future__ import annotations

import os

import pytest

from kit.cli import main

BAD = {
    "no games": (["sim", "superpoly", "--games", "0", "--quiet"], "mayor que 0"),
    "turns 0": (["sim", "superpoly", "--games", "1", "--max-turns", "0"], "mayor que 0"),
    "players -1": (["sim", "superpoly", "--games", "1", "--players", "-1"], "mayor que 0"),
    "csv nowhere": (
        ["sim", "superpoly", "--games", "1", "--quiet", "--csv", "{tmp}/no/such/x.csv"],
        "no existe",
    ),
    "reserve abc": (
        ["sim", "superpoly", "--games", "1", "--quiet", "--policy", "cash_reserve:abc"],
        "la reserva tiene que ser un número entero",
    ),
    "unknown game": (["sim", "parchis", "--games", "1"], "parchis"),
    "no humans": (["play", "superpoly", "--humans", "--folder", "{tmp}", "--no-voila"], "humans"),
    "same name": (
        ["play", "superpoly", "--humans", "Ana", "Ana", "--folder", "{tmp}", "--no-voila"],
        "mismo nombre",
    ),
    "unknown bot": (
        [
            "play",
            "superpoly",
            "--humans",
            "Ana",
            "--bots",
            "nosuchbot",
            "--folder",
            "{tmp}",
            "--no-voila",
        ],
        "nosuchbot",
    ),
    "edition of another game": (
        [
            "play",
            "superpoly",
            "--humans",
            "Ana",
            "--edition",
            "lujo",
            "--folder",
            "{tmp}",
            "--no-voila",
        ],
        "lujo",
    ),
    "too many people": (
        ["play", "el_pale", "--humans", *"ABCDEFG", "--folder", "{tmp}", "--no-voila"],
        "de 2 a 4 jugadores",
    ),
    "time limit 0": (
        ["play", "superpoly", "--time-limit", "0", "--folder", "{tmp}", "--no-voila"],
        "mayor que 0",
    ),
    "not a property game": (
        ["play", "palabra", "--folder", "{tmp}", "--no-voila"],
        "kit play juega a",
    ),
    "student source missing": (["student", "{tmp}/nada", "--out", "{tmp}/out"], "no existe"),
    "student broken notebook": (["student", "{tmp}/roto.ipynb", "--out", "{tmp}/out"], "roto"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_command_says_why_in_one_message_exits_2_and_writes_nothing(case, tmp_path, capsys):
    argv, words = BAD[case]
    (tmp_path / "roto.ipynb").write_text("no soy json", encoding="utf-8")
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(SystemExit) as stop:
        main([arg.replace("{tmp}", str(tmp_path)) for arg in argv])
    err = capsys.readouterr().err
    assert stop.value.code == 2, err
    assert words in err, err
    assert "Traceback" not in err and err.startswith(("kit ", "usage: kit"))
    assert sorted(os.listdir(tmp_path)) == before, "a refused command wrote something"


def test_a_folder_that_cannot_be_made_is_named(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["play", "superpoly", "--folder", "/proc/no/such/folder", "--no-voila"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "/proc/no" in err and "Traceback" not in err


def test_a_good_play_command_still_writes_its_notebook(tmp_path, capsys):
    assert (
        main(["play", "superpoly", "--humans", "Ana", "--folder", str(tmp_path), "--no-voila"]) == 0
    )
    assert (tmp_path / "jugar_superpoly.ipynb").exists()
