"""Seeded tournaments: kit.sim.simulate and `kit sim`."""

from __future__ import annotations

import pytest

from kit.cli import main
from kit.sim import play_games, simulate


def test_simulate_is_seeded_and_has_one_row_per_game():
    a = simulate("superpoly", players=3, games=6, seed=7, max_turns=200, progress=False)
    b = simulate("superpoly", players=3, games=6, seed=7, max_turns=200, progress=False)
    assert a.equals(b) and len(a) == 6
    assert {"winner", "turns", "bankruptcies", "fortune_0", "fortune_2", "finished"} <= set(a)
    c = simulate("superpoly", players=3, games=6, seed=8, max_turns=200, progress=False)
    assert not a.equals(c)
    assert (a.turns <= 200).all()


def test_simulate_with_a_policy_per_seat_and_a_progress_bar(capsys):
    df = simulate(
        "la_ruta_del_tesoro",
        players=2,
        games=3,
        seed=1,
        policies=["build_asap", "never_buy"],
        max_turns=300,
    )
    assert list(df.policy_1.unique()) == ["never_buy"]
    assert "game" in capsys.readouterr().err  # tqdm writes its bar to stderr


def test_play_games_core_needs_no_pandas_and_checks_policies():
    rows = list(play_games("el_pale", players=2, games=2, seed=0, max_turns=50))
    assert len(rows) == 2 and isinstance(rows[0], dict)
    with pytest.raises(ValueError, match="one policy"):
        list(play_games("el_pale", players=3, games=1, policies=["never_buy", "build_asap"]))


def test_kit_sim_command_writes_a_csv(tmp_path, capsys):
    out = tmp_path / "games.csv"
    argv = ["sim", "superpoly", "--players", "2", "--games", "3", "--seed", "2", "--quiet"]
    assert main([*argv, "--max-turns", "100", "--policy", "buy_everything", "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert "3 games" in text and "seat 1 (buy_everything)" in text
    assert out.read_text().count("\n") == 4


def test_kit_sim_with_an_unknown_bot_says_so():
    with pytest.raises(SystemExit, match="no bot called"):
        main(["sim", "superpoly", "--games", "1", "--policy", "greedy", "--quiet"])
