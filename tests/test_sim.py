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
    extra = ["--max-turns", "100", "--policy", "buy_everything", "--csv", str(out)]
    extra += ["--language", "en"]
    assert main([*argv, *extra]) == 0
    text = capsys.readouterr().out
    assert "3 games" in text and "seat 1 (buy_everything)" in text
    assert out.read_text().count("\n") == 4


def test_kit_sim_with_an_unknown_bot_says_so():
    with pytest.raises(SystemExit, match="ningún bot llamado 'greedy'"):
        main(["sim", "superpoly", "--games", "1", "--policy", "greedy", "--quiet"])


# -- Día de Paga and Palabra: the same runner, their own columns ---------------------------------
DDP_BOTS = ["cautious_saver", "borrower", "gambler", "do_nothing"]


def test_dia_de_paga_is_seeded_with_its_own_columns():
    a = simulate("dia_de_paga", players=4, games=6, seed=3, policies=DDP_BOTS, progress=False)
    b = simulate("dia_de_paga", players=4, games=6, seed=3, policies=DDP_BOTS, progress=False)
    assert a.equals(b) and len(a) == 6 and a.finished.all()
    assert not a.equals(
        simulate("dia_de_paga", players=4, games=6, seed=4, policies=DDP_BOTS, progress=False)
    )
    for column in ("winner", "winner_policy", "months", "fortune_3", "loans_0", "borrowed_1"):
        assert column in a
    assert {"kitty_wins_2", "kitty_won_2", "policy_3"} <= set(a)
    assert (a.months == 1).all() and list(a.policy_1.unique()) == ["borrower"]
    assert str(a.winner.dtype) == "Int64"
    for _, row in a.iterrows():  # the winner has the most money; a tie has no winner
        fortunes = [row[f"fortune_{p}"] for p in range(4)]
        top = [p for p, f in enumerate(fortunes) if f == max(fortunes)]
        assert (row.winner if len(top) == 1 else None) == (top[0] if len(top) == 1 else None)


def test_dia_de_paga_rows_match_the_core_play_of_the_same_game():
    from kit.games.core import play
    from kit.games.dia_de_paga.bots import BOTS
    from kit.games.dia_de_paga.game import DiaDePagaGame
    from kit.sim import game_rng

    df = simulate("dia_de_paga", players=3, games=3, seed=5, months=2, progress=False)
    game = DiaDePagaGame("dia_de_paga", 3, months=2)
    for i in range(3):
        state = play(game.new_state(), [BOTS["cautious_saver"]] * 3, game_rng(5, i))
        assert [df.loc[i, f"fortune_{p}"] for p in range(3)] == state.fortunes()
        assert [df.loc[i, f"loans_{p}"] for p in range(3)] == state.loans
    assert (df.months == 2).all()


def test_dia_de_paga_counts_loans_and_kitty_wins_as_the_ledger_moves_them(monkeypatch):
    from kit.games.dia_de_paga import game as engine

    moved = {"kitty": [0, 0, 0, 0], "loans": [0, 0, 0, 0]}
    transfer = engine.DiaDePagaState._transfer

    def watched(self, src, dst, amount):
        if src == engine.KITTY and dst >= 0:
            moved["kitty"][dst] += amount
        return transfer(self, src, dst, amount)

    apply = engine.DiaDePagaState._apply_unchecked

    def watched_apply(self, action):
        if type(action).__name__ == "TakeLoan":
            moved["loans"][self.actor()] += action.amount
        return apply(self, action)

    monkeypatch.setattr(engine.DiaDePagaState, "_transfer", watched)
    monkeypatch.setattr(engine.DiaDePagaState, "_apply_unchecked", watched_apply)
    df = simulate(
        "dia_de_paga", players=4, games=12, seed=9, policies=DDP_BOTS, months=3, progress=False
    )
    assert [int(df[f"kitty_won_{p}"].sum()) for p in range(4)] == moved["kitty"]
    assert [int(df[f"borrowed_{p}"].sum()) for p in range(4)] == moved["loans"]
    assert df.borrowed_1.sum() > 0 and sum(moved["kitty"]) > 0
    assert ((df.kitty_wins_0 > 0) == (df.kitty_won_0 > 0)).all()


def test_palabra_is_seeded_with_scores_and_turns():
    kw = dict(players=2, games=2, seed=1, policies=["greedy", "beginner"], rounds=3)
    a = simulate("palabra", progress=False, **kw)
    b = simulate("palabra", progress=False, **kw)
    assert a.equals(b) and len(a) == 2 and a.finished.all()
    assert {"winner", "winner_policy", "turns", "score_0", "score_1", "policy_1"} <= set(a)
    assert (a.turns == 6).all()  # 3 rounds of 2 players
    en = simulate("palabra", players=2, games=1, seed=1, language="en", rounds=2, progress=False)
    assert list(en.policy_0) == ["greedy"]  # the default bot


def test_unknown_games_bots_and_options_get_plain_errors():
    with pytest.raises(ValueError, match=r"ningún juego llamado 'nope'.*dia_de_paga, palabra"):
        simulate("nope", games=1, progress=False)
    with pytest.raises(
        ValueError, match=r"ningún bot llamado .greedy. en dia_de_paga.*cautious_saver"
    ):
        simulate("dia_de_paga", games=1, policies=["greedy"], progress=False)
    with pytest.raises(ValueError, match=r"ningún bot llamado .build_asap. en palabra.*greedy"):
        play_games("palabra", players=2, games=1, policies=["build_asap"])
    with pytest.raises(
        ValueError, match="dia_de_paga no tiene la opción rounds; sus opciones son: players, months"
    ):
        play_games("dia_de_paga", games=1, rounds=3)


def test_kit_sim_plays_dia_de_paga_and_palabra_to_csv(tmp_path, capsys):
    out = tmp_path / "ddp.csv"
    policies = [x for bot in DDP_BOTS for x in ("--policy", bot)]
    argv = ["sim", "dia_de_paga", "--games", "4", "--months", "2", "--seed", "1", "--quiet"]
    assert main([*argv, *policies, "--csv", str(out), "--language", "en"]) == 0
    text = capsys.readouterr().out
    assert "4 games" in text and "seat 2 (gambler)" in text and "mean fortune" in text
    lines = out.read_text().splitlines()
    assert len(lines) == 5 and "fortune_3" in lines[0] and "kitty_wins_0" in lines[0]
    import pandas as pd

    again = simulate("dia_de_paga", games=4, months=2, seed=1, policies=DDP_BOTS, progress=False)
    assert pd.read_csv(out)["fortune_0"].tolist() == again["fortune_0"].tolist()

    out = tmp_path / "palabra.csv"
    argv = ["sim", "palabra", "--players", "2", "--games", "2", "--rounds", "2", "--quiet"]
    assert main([*argv, "--language", "es", "--policy", "beginner", "--csv", str(out)]) == 0
    assert "asiento 1 (beginner)" in capsys.readouterr().out
    assert "score_1" in out.read_text().splitlines()[0]


def test_kit_sim_refuses_a_bot_or_an_option_of_another_game():
    with pytest.raises(SystemExit, match="ningún bot llamado 'build_asap' en dia_de_paga"):
        main(["sim", "dia_de_paga", "--games", "1", "--policy", "build_asap", "--quiet"])
    with pytest.raises(SystemExit, match="--months no es una opción de palabra"):
        main(["sim", "palabra", "--games", "1", "--months", "2", "--quiet"])


@pytest.mark.parametrize("games", [0, -3, 2.5, True])
def test_a_tournament_of_no_games_is_refused_in_plain_words(games, capsys):
    with pytest.raises(ValueError, match="al menos una partida"):
        play_games("superpoly", games=games)
    with pytest.raises(ValueError, match="al menos una partida"):
        simulate("superpoly", games=games, progress=False)


def test_kit_sim_with_no_games_says_so_without_a_traceback(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["sim", "superpoly", "--games", "0", "--quiet"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "mayor que 0" in err and "Traceback" not in err
