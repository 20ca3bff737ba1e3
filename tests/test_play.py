"""The play notebooks and `kit play`: one template, a game that survives a kernel restart."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import nbformat
import pytest
from jupyter_core.utils import run_sync
from nbclient import NotebookClient

from kit.cli import main
from kit.games import game_type
from kit.messages import set_language, t
from kit.play import DEFAULT_BOTS, notebook_name, play_notebook, write_play_notebook

PROPERTY_GAMES = game_type("superpoly").names

ROOT = Path(__file__).resolve().parents[1]


def sources(notebook: dict) -> list[tuple[str, str]]:
    return [(c["cell_type"], "".join(c["source"])) for c in notebook["cells"]]


@pytest.mark.parametrize("ruleset", PROPERTY_GAMES)
def test_the_committed_play_notebooks_are_the_templates_output(ruleset):
    committed = json.loads((ROOT / "notebooks" / notebook_name(ruleset)).read_text("utf-8"))
    assert sources(committed) == sources(play_notebook(ruleset))


NOTEBOOK_WORDS = ("ARCHIVO", "None", "ejecutad", "cuaderno", "celda", "kernel", "núcleo")


def play(tmp_path: Path, *args: str) -> dict:
    """`kit play` with --no-voila into tmp_path; the notebook it wrote."""
    ruleset = args[0]
    assert main(["play", *args, "--folder", str(tmp_path), "--no-voila"]) == 0
    return json.loads((tmp_path / notebook_name(ruleset)).read_text("utf-8"))


def start_the_game(notebook: dict, folder: Path, monkeypatch) -> object:
    """Run the app's code cells here, in `folder`, as its kernel would: the widget."""
    monkeypatch.chdir(folder)
    scope: dict = {}
    for kind, source in sources(notebook):
        if kind == "code":
            exec(source, scope)
    set_language("es")
    return scope["mesa"]


def header(save: Path) -> dict:
    return json.loads(save.read_text("utf-8").splitlines()[0])


@pytest.mark.parametrize("ruleset", ["dia_de_paga", "palabra", *PROPERTY_GAMES])
def test_the_app_opens_on_the_game_with_no_notebook_instructions(tmp_path, ruleset, capsys):
    notebook = play(tmp_path, ruleset)
    nbformat.validate(nbformat.reads(json.dumps(notebook), as_version=4))
    markdown = [s for k, s in sources(notebook) if k == "markdown"]
    title = game_type(ruleset).titles[ruleset]
    assert markdown == [f"## {title} · " + t("play.app_game", number=1, seed=2026)]
    assert not any(word in markdown[0] for word in NOTEBOOK_WORDS)
    assert [k for k, _ in sources(notebook)] == ["markdown", "code"]


@pytest.mark.parametrize(
    ("ruleset", "widget"),
    [("dia_de_paga", "PaydayBoard"), ("palabra", "PalabraTable"), ("superpoly", "PropertyTable")],
)
def test_the_apps_cell_starts_the_game_and_saves_it_with_its_seed(
    tmp_path, monkeypatch, capsys, ruleset, widget
):
    mesa = start_the_game(play(tmp_path, ruleset, "--seed", "31"), tmp_path, monkeypatch)
    assert type(mesa).__name__ == widget
    assert mesa.session.seed == 31
    assert header(tmp_path / f"partida_{ruleset}.json")["seed"] == 31


def test_kit_play_writes_the_classes_settings(tmp_path, capsys, monkeypatch):
    args = ["el_pale", "--humans", "Ana", "Bea", "--bots", "dealmaker", "--edition", "lujo"]
    mesa = start_the_game(play(tmp_path, *args, "--time-limit", "40"), tmp_path, monkeypatch)
    assert mesa.session.names[:2] == ["Ana", "Bea"] and mesa.session.seat_bots[2] == "dealmaker"
    assert header(tmp_path / "partida_el_pale.json")["options"] == {
        "edition": "lujo",
        "time_limit": 40,
    }


def test_dia_de_paga_plays_the_months_asked_for(tmp_path, capsys, monkeypatch):
    mesa = start_the_game(play(tmp_path, "dia_de_paga", "--months", "2"), tmp_path, monkeypatch)
    assert header(tmp_path / "partida_dia_de_paga.json")["options"] == {"months": 2}
    assert mesa.session.seat_bots == [None, None, "cautious_saver"]


def test_kit_play_new_keeps_the_previous_game_and_draws_a_new_seed(tmp_path, capsys, monkeypatch):
    start_the_game(play(tmp_path, "superpoly"), tmp_path, monkeypatch)
    first = (tmp_path / "partida_superpoly.json").read_text("utf-8")
    notebook = play(tmp_path, "superpoly", "--new")
    assert (tmp_path / "partida_superpoly-1.json").read_text("utf-8") == first
    assert not (tmp_path / "partida_superpoly.json").exists()
    mesa = start_the_game(notebook, tmp_path, monkeypatch)
    seed = mesa.session.seed
    assert seed != 2026 and header(tmp_path / "partida_superpoly.json")["seed"] == seed
    assert sources(notebook)[0][1].endswith(t("play.app_game", number=2, seed=seed))
    assert (
        t("cli.play_wrote", notebook="X", save="X", seed=seed).split("X")[-1]
        in capsys.readouterr().out
    )
    again = play(tmp_path, "superpoly")  # no --new: the game goes on, with its seed
    assert sources(again)[0][1].endswith(t("play.app_game", number=2, seed=seed))


def test_seed_wins_over_new(tmp_path, capsys, monkeypatch):
    start_the_game(play(tmp_path, "palabra"), tmp_path, monkeypatch)
    mesa = start_the_game(
        play(tmp_path, "palabra", "--new", "--seed", "48213"), tmp_path, monkeypatch
    )
    assert mesa.session.seed == 48213
    assert header(tmp_path / "partida_palabra.json")["seed"] == 48213


def test_the_app_speaks_the_class_language(tmp_path, capsys, monkeypatch):
    notebook = play(tmp_path, "palabra", "--language", "en")
    set_language("en")
    line = t("play.app_game", number=1, seed=2026)
    set_language("es")
    assert sources(notebook)[0][1].endswith(line)
    start_the_game(notebook, tmp_path, monkeypatch)
    assert header(tmp_path / "partida_palabra.json")["options"] == {"language": "en"}


def test_kit_play_keeps_everything_in_classroom_partidas(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "dia_de_paga", "--no-voila"]) == 0
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "classroom",
        "classroom/partidas",
        "classroom/partidas/jugar_dia_de_paga.ipynb",
    ]


def test_git_ignores_kit_plays_folder():
    for name in ("jugar_palabra.ipynb", "partida_palabra.json", "partida_palabra.json.lock"):
        path = f"classroom/partidas/{name}"
        ignored = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT, check=False)
        assert ignored.returncode == 0, f"{path} is not ignored by git"


def run(client: NotebookClient, nb: nbformat.NotebookNode, code: str) -> str:
    """Run `code` in the live kernel as one more cell; its printed text."""
    cell = nbformat.v4.new_code_cell(code)
    nb.cells.append(cell)
    client.execute_cell(cell, len(nb.cells) - 1)
    return "".join(o.get("text", "") for o in cell.outputs if o["output_type"] == "stream")


def test_a_restarted_kernel_resumes_the_game_losing_nothing(tmp_path):
    """Play in a real kernel, restart it, run the notebook again: the same game, same log."""
    path = write_play_notebook(tmp_path, "superpoly", humans=["Ana", "Luis"], bots=["build_asap"])
    nb = nbformat.read(path, as_version=4)
    cells = list(nb.cells)
    client = NotebookClient(nb, kernel_name="python3", resources={"metadata": {"path": tmp_path}})
    with client.setup_kernel():
        for index, cell in enumerate(cells):
            client.execute_cell(cell, index)
        played = run(
            client,
            nb,
            "for _ in range(12):\n"
            "    button = mesa.board.view['buttons'][0]\n"
            "    mesa.board._handle_custom_msg({'type': 'act', 'action': button['action']}, [])\n"
            "print(mesa.session.state.to_json(), len(mesa.session.log))",
        )
        run(client, nb, "ANTES_DEL_REINICIO = True")
        run_sync(client.km.restart_kernel)(now=True)
        run_sync(client.kc.wait_for_ready)(timeout=60)
        assert run(client, nb, "print('ANTES_DEL_REINICIO' in globals())") == "False\n"
        for index, cell in enumerate(cells):
            client.execute_cell(cell, index)
        resumed = run(client, nb, "print(mesa.session.state.to_json(), len(mesa.session.log))")
    assert resumed == played
    assert int(played.split()[-1]) >= 12


def test_the_play_notebook_seats_bots_by_their_spanish_names():
    """The class reads and types «Constructora»; a parametrised bot keeps its name in code."""
    settings = next(c for c in play_notebook("el_pale")["cells"] if "BOTS =" in c["source"])
    assert 'BOTS = ["Constructora", "Con reserva de 100 000"]' in settings["source"]
    kind = game_type("el_pale")
    assert [kind.bot_key(b) for b in ("Constructora", "Con reserva de 100 000")] == list(
        DEFAULT_BOTS
    )
    odd = play_notebook("el_pale", bots=["cash_reserve:50000"])["cells"]
    assert any('BOTS = ["cash_reserve:50000"]' in c["source"] for c in odd)
