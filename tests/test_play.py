"""The play notebooks and `kit play`: one template, a game that survives a kernel restart."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from jupyter_core.utils import run_sync
from nbclient import NotebookClient

from kit.cli import main
from kit.games import game_type
from kit.play import notebook_name, play_notebook, write_play_notebook

PROPERTY_GAMES = game_type("superpoly").names

ROOT = Path(__file__).resolve().parents[1]


def sources(notebook: dict) -> list[tuple[str, str]]:
    return [(c["cell_type"], "".join(c["source"])) for c in notebook["cells"]]


@pytest.mark.parametrize("ruleset", PROPERTY_GAMES)
def test_the_committed_play_notebooks_are_the_templates_output(ruleset):
    committed = json.loads((ROOT / "notebooks" / notebook_name(ruleset)).read_text("utf-8"))
    assert sources(committed) == sources(play_notebook(ruleset))


def test_kit_play_writes_the_notebook_with_the_classes_settings(tmp_path, capsys):
    args = ["play", "el_pale", "--folder", str(tmp_path), "--no-voila", "--humans", "Ana", "Bea"]
    assert main([*args, "--bots", "dealmaker", "--edition", "lujo", "--time-limit", "40"]) == 0
    notebook = json.loads((tmp_path / "jugar_el_pale.ipynb").read_text("utf-8"))
    settings = sources(notebook)[2][1]
    assert 'JUGADORES = ["Ana", "Bea"]' in settings and 'BOTS = ["dealmaker"]' in settings
    assert 'EDICION = "lujo"' in settings and "LIMITE_DE_TURNOS = 40" in settings
    nbformat.validate(nbformat.reads(json.dumps(notebook), as_version=4))


def test_kit_play_new_keeps_the_previous_game(tmp_path):
    (tmp_path / "partida_superpoly.json").write_text("{}", encoding="utf-8")
    main(["play", "superpoly", "--folder", str(tmp_path), "--no-voila", "--new"])
    assert (tmp_path / "partida_superpoly-1.json").read_text("utf-8") == "{}"
    assert not (tmp_path / "partida_superpoly.json").exists()


def test_kit_play_refuses_a_game_it_cannot_play(tmp_path):
    with pytest.raises(SystemExit, match="kit play: kit play juega a el_pale"):
        main(["play", "palabra", "--folder", str(tmp_path), "--no-voila"])


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
