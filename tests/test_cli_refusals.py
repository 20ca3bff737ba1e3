"""Commands that explain themselves (issue 14, point 6): every bad argument of `kit` ends with a
plain message on stderr and exit status 2, no traceback, and nothing written. `kit play` tries
the table (seats, bots, edition) before it writes its notebook."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from kit.cli import main
from kit.games.registry import game_names
from kit.messages import CATALOGUE, set_language, t

set_language("es")
CATALOGUE_VALUE_NAMES = {
    code: [text for key, text in texts.items() if key.startswith("cli.mv_")]
    for code, texts in CATALOGUE.items()
}
GAMES = ", ".join(game_names())

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
    "not a game": (
        ["play", "parchis", "--folder", "{tmp}", "--no-voila"],
        t("cli.play_games", name="parchis", games=GAMES),
    ),
    "edition of dia_de_paga": (
        ["play", "dia_de_paga", "--edition", "lujo", "--folder", "{tmp}", "--no-voila"],
        t("cli.not_an_option", option="--edition", game="dia_de_paga"),
    ),
    "months of palabra": (
        ["play", "palabra", "--months", "2", "--folder", "{tmp}", "--no-voila"],
        t("cli.not_an_option", option="--months", game="palabra"),
    ),
    "time limit of palabra": (
        ["play", "palabra", "--time-limit", "9", "--folder", "{tmp}", "--no-voila"],
        t("cli.not_an_option", option="--time-limit", game="palabra"),
    ),
    "a property bot at dia_de_paga": (
        ["play", "dia_de_paga", "--bots", "build_asap", "--folder", "{tmp}", "--no-voila"],
        "build_asap",
    ),
    "palabra bot unknown": (
        ["play", "palabra", "--bots", "dealmaker", "--folder", "{tmp}", "--no-voila"],
        "dealmaker",
    ),
    "palabra same name": (
        ["play", "palabra", "--humans", "Eva", "Eva", "--folder", "{tmp}", "--no-voila"],
        "Eva",
    ),
    "play months 0": (
        ["play", "dia_de_paga", "--months", "0", "--folder", "{tmp}", "--no-voila"],
        t("cli.bad_count", value="0"),
    ),
    "another seed than the saved game's": (
        ["play", "superpoly", "--seed", "7", "--folder", "{tmp}", "--no-voila"],
        t("cli.other_seed", path="{tmp}/partida_superpoly.json", saved=2026, seed=7),
    ),
    "wrong language": (["play", "superpoly", "--language", "fr"], "fr"),
    "student source missing": (["student", "{tmp}/nada", "--out", "{tmp}/out"], "no existe"),
    "sim games past any class": (
        ["sim", "superpoly", "--games", "99999999999999999999", "--quiet"],
        t("cli.too_many", value="99999999999999999999", most=10**9),
    ),
    "sim csv under a file": (
        ["sim", "superpoly", "--games", "1", "--quiet", "--csv", "{tmp}/roto.ipynb/x.csv"],
        "roto.ipynb",
    ),
    "voila nowhere": (
        ["voila", "{tmp}/nowhere.ipynb"],
        t("cli.no_such_path", path="{tmp}/nowhere.ipynb"),
    ),
    "voila not a notebook": (
        ["voila", "{tmp}/roto.ipynb"],
        t("cli.not_a_notebook", path="{tmp}/roto.ipynb"),
    ),
    "voila a folder": (["voila", "{tmp}"], t("cli.no_such_path", path="{tmp}")),
    "lab nowhere": (["lab", "{tmp}/nowhere"], t("cli.no_such_path", path="{tmp}/nowhere")),
    "worksheets without lessons": (
        ["worksheets", "--lessons", "{tmp}/nowhere", "--out", "{tmp}/out", "--no-pdf"],
        "nowhere",
    ),
    "fingerprints work -1": (
        ["fingerprints", "{tmp}", "--work", "-1"],
        t("cli.bad_count", value="-1"),
    ),
    "fingerprints work 0": (
        ["fingerprints", "{tmp}", "--work", "0"],
        t("cli.bad_count", value="0"),
    ),
    "student broken notebook": (["student", "{tmp}/roto.ipynb", "--out", "{tmp}/out"], "roto"),
    "play folder a file": (
        ["play", "el_pale", "--folder", "{tmp}/roto.ipynb", "--no-voila"],
        t("cli.not_a_folder", path="{tmp}/roto.ipynb"),
    ),
    "sim csv a folder": (
        ["sim", "superpoly", "--games", "1", "--quiet", "--csv", "{tmp}"],
        f"{{tmp}}: {t('os.EISDIR')}",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_command_says_why_in_one_message_exits_2_and_writes_nothing(case, tmp_path, capsys):
    argv, words = BAD[case]
    (tmp_path / "roto.ipynb").write_text("no soy json", encoding="utf-8")
    header = '{"format":"kit-session","version":2,"ruleset":"superpoly","seed":2026}\n'
    (tmp_path / "partida_superpoly.json").write_text(header, encoding="utf-8")
    words = words.replace("{tmp}", str(tmp_path))
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(SystemExit) as stop:
        main([arg.replace("{tmp}", str(tmp_path)) for arg in argv])
    err = capsys.readouterr().err
    assert stop.value.code == 2, err
    assert words in err, err
    assert "Traceback" not in err and err.startswith(("kit ", t("cli.argparse_usage") + "kit"))
    if err.startswith("kit "):
        assert err.count("\n") == 1, "a refusal is one line"
    assert sorted(os.listdir(tmp_path)) == before, "a refused command wrote something"


def test_a_folder_that_cannot_be_made_is_named(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["play", "superpoly", "--folder", "/proc/no/such/folder", "--no-voila"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "/proc/no" in err and "Traceback" not in err
    assert t("os.ENOENT") in err and "No such file" not in err, "said in the class language"


def test_a_good_play_command_still_writes_its_notebook(tmp_path, capsys):
    assert (
        main(["play", "superpoly", "--humans", "Ana", "--folder", str(tmp_path), "--no-voila"]) == 0
    )
    assert (tmp_path / "jugar_superpoly.ipynb").exists()


def test_new_is_refused_while_a_kernel_holds_the_game(tmp_path, capsys):
    """A live process's lock (here: the test's parent process) keeps the game where it is."""
    save = tmp_path / "partida_superpoly.json"
    save.write_text('{"seed": 2026}\n', encoding="utf-8")
    lock = tmp_path / "partida_superpoly.json.lock"
    lock.write_text(json.dumps({"pid": os.getppid()}), encoding="utf-8")
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(SystemExit) as stop:
        main(["play", "superpoly", "--new", "--folder", str(tmp_path), "--no-voila"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err == f"kit play: {t('cli.play_open', path=save, pid=os.getppid())}\n"
    assert sorted(os.listdir(tmp_path)) == before


def test_new_takes_over_a_game_whose_kernel_is_gone(tmp_path, capsys):
    save = tmp_path / "partida_superpoly.json"
    save.write_text('{"seed": 2026}\n', encoding="utf-8")
    lock = tmp_path / "partida_superpoly.json.lock"
    lock.write_text(json.dumps({"pid": 2**22 + 12345}), encoding="utf-8")  # above pid_max
    assert main(["play", "superpoly", "--new", "--folder", str(tmp_path), "--no-voila"]) == 0
    assert (tmp_path / "partida_superpoly-1.json").exists() and not lock.exists()


@pytest.mark.parametrize("work", ["-1", "0", "abc"])
def test_a_refused_work_leaves_the_registry_as_it_was(work, tmp_path, capsys):
    """`--work -1` once rewrote the registry so that every check() raised afterwards."""
    from kit.exercises.registry import registry_path

    registry = tmp_path / "registry"
    shutil.copytree(registry_path(), registry)
    before = {path.name: path.read_bytes() for path in registry.iterdir()}
    masters = ["fingerprints", "exercises", "--registry", str(registry), "--work", work]
    with pytest.raises(SystemExit) as stop:
        main(masters)
    assert stop.value.code == 2 and "Traceback" not in capsys.readouterr().err
    assert {path.name: path.read_bytes() for path in registry.iterdir()} == before


def test_sim_refuses_a_csv_it_cannot_create_before_any_game(tmp_path, capsys, monkeypatch):
    """The file is tried before the games (as root os.access says yes): here opening it fails."""
    import kit.sim

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("the games ran before the file was tried")

    monkeypatch.setattr(kit.sim, "simulate", no_games)
    folder = tmp_path / "csv"
    folder.mkdir()
    (folder / "x.csv").mkdir()  # a folder where the file should go: it cannot be opened
    with pytest.raises(SystemExit) as stop:
        main(["sim", "superpoly", "--games", "1", "--quiet", "--csv", str(folder / "x.csv")])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "x.csv" in err and "Traceback" not in err


@pytest.mark.parametrize("code", ["es", "en"])
def test_every_value_an_option_takes_is_named_in_the_class_language(code):
    """argparse names a value by its option in capitals (`--timeout TIMEOUT`) unless told: every
    option that takes a value is told, in the class language, or offers its choices."""
    from kit.cli import parser

    set_language(code)
    try:
        commands = parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
        names = set(CATALOGUE_VALUE_NAMES[code])
        unnamed = [
            f"{name} {action.dest}"
            for name, command in commands.items()
            for action in command._actions
            if action.nargs != 0 and action.choices is None and action.metavar not in names
        ]
    finally:
        set_language("es")
    assert not unnamed, unnamed
