"""The games and the simulation core run with the heavy packages (and tqdm) blocked."""


def test_games_and_sim_core_need_no_pandas_or_tqdm(run_light):
    out = run_light(
        """
        from random import Random
        from kit.games.property import PropertyGame, load_rules, play_out
        from kit.games.property.bots import build_asap
        from kit.sim import play_games
        game = PropertyGame(load_rules("superpoly"), 3)
        s = play_out(game.new_state(), [build_asap] * 3, Random(1), 50)
        rows = list(play_games("el_pale", players=2, games=2, max_turns=30))
        print(len(rows), s.turns > 0)
        """,
        also=("tqdm",),
    )
    assert out == ["2 True"]
