"""Tournaments on a Dask cluster (issue 12, point 7): `kit sim --workers N` and `--scheduler`
give the serial run's CSV byte for byte, and a bad request is told plainly."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from distributed import LocalCluster

import kit.sim
from kit.cli import main
from kit.messages import catalogue
from kit.sim import ClusterError, bot, play_on_cluster, simulate, tournament

ROOT = Path(__file__).resolve().parents[1]
DDP_BOTS = ["cautious_saver", "borrower", "gambler", "do_nothing"]


@pytest.fixture(scope="module")
def scheduler():
    """One LocalCluster of two one-thread processes for the module: its scheduler's address."""
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def _build_asap_by_hand():
    """A bot a notebook would write: a closure over a kit bot, sent by cloudpickle."""
    base = bot("el_pale", "build_asap")
    return lambda state, rng: base(state, rng)


TOURNAMENTS = {
    "el_pale": dict(
        games=10,
        max_turns=200,
        policies=[_build_asap_by_hand(), "cash_reserve:200", "dealmaker", "never_buy"],
    ),
    "la_ruta_del_tesoro": dict(players=3, games=6, max_turns=200, policies=["buy_everything"]),
    "superpoly": dict(players=2, games=6, max_turns=200),
    "dia_de_paga": dict(games=8, months=2, policies=DDP_BOTS),
    "palabra": dict(players=2, games=4, rounds=3, policies=["greedy", "beginner"]),
}


@pytest.mark.parametrize("game", sorted(TOURNAMENTS))
def test_a_tournament_on_the_cluster_is_the_serial_csv_byte_for_byte(game, scheduler):
    options = TOURNAMENTS[game]
    serial = simulate(game, seed=11, progress=False, **options)
    clustered = simulate(game, seed=11, progress=False, scheduler=scheduler, **options)
    assert len(serial) == options["games"]
    assert list(clustered["game"]) == list(range(options["games"]))  # back in game order
    assert clustered.to_csv(index=False) == serial.to_csv(index=False)
    assert serial.to_csv(index=False) != simulate(game, seed=12, progress=False, **options).to_csv(
        index=False
    )  # the seed matters, so the equality above says something


def test_a_teachers_toml_file_named_from_another_folder_reaches_the_workers(
    scheduler, tmp_path, monkeypatch
):
    """A relative path is the caller's: the workers, started elsewhere, get it made absolute."""
    mine = tmp_path / "mi_superpoly.toml"
    mine.write_text((ROOT / "kit" / "data" / "superpoly.toml").read_text(encoding="utf-8"))
    monkeypatch.chdir(tmp_path)
    options = dict(players=2, games=4, seed=3, max_turns=150, progress=False)
    serial = simulate("mi_superpoly.toml", **options)
    clustered = simulate("mi_superpoly.toml", scheduler=scheduler, **options)
    assert clustered.to_csv(index=False) == serial.to_csv(index=False)


def test_the_games_are_cut_into_chunks_that_cover_each_game_once_in_order():
    for games in (1, 7, 8, 100):
        for slots in (1, 2, 3):
            chunks = kit.sim._chunks(games, slots)
            assert [i for chunk in chunks for i in chunk] == list(range(games))
            assert len(chunks) <= slots * kit.sim.CHUNKS_PER_WORKER
    assert len(kit.sim._chunks(100, 2)) == 8  # 13 games a task, not one task per game


def test_kit_sim_with_two_workers_writes_the_serial_csv_and_a_progress_bar(tmp_path, capsys):
    serial, clustered = tmp_path / "serial.csv", tmp_path / "cluster.csv"
    argv = ["sim", "el_pale", "--games", "8", "--seed", "4", "--max-turns", "300"]
    assert main([*argv, "--quiet", "--csv", str(serial)]) == 0
    capsys.readouterr()
    assert main([*argv, "--workers", "2", "--csv", str(clustered), "--language", "en"]) == 0
    out, err = capsys.readouterr()
    assert "8 games" in out and "8/8" in err  # tqdm's bar, updated as the chunks came back
    assert clustered.read_bytes() == serial.read_bytes()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _said(key: str, code: str = "es", **values: object) -> list[str]:
    """What kit sim says for `key`: one line, in the class language (Spanish by default)."""
    return [f"kit sim: {catalogue()[code][key].format(**values)}"]


def test_an_unreachable_scheduler_is_told_in_the_class_language(monkeypatch):
    monkeypatch.setattr(kit.sim, "SCHEDULER_TIMEOUT", 1)
    address = f"tcp://127.0.0.1:{_free_port()}"
    with pytest.raises(SystemExit) as stop:
        main(["sim", "el_pale", "--games", "2", "--quiet", "--scheduler", address])
    told = _said("sim.no_scheduler", address=address, seconds=1)
    assert stop.value.code == 2 and str(stop.value).splitlines() == told
    with pytest.raises(SystemExit) as stop:
        argv = ["sim", "el_pale", "--games", "2", "--quiet", "--scheduler", "nonsense"]
        main([*argv, "--language", "en"])
    told = _said("sim.bad_scheduler", "en", address="nonsense")
    assert str(stop.value).splitlines() == told


@pytest.mark.parametrize("value", ["0", "-2", "dos", "²"])
def test_a_bad_number_of_workers_is_told_plainly(value, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["sim", "el_pale", "--games", "2", "--workers", value])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err
    es, en = (catalogue()[code]["sim.bad_workers"].format(value=value) for code in ("es", "en"))
    assert es in err and en not in err  # Spanish unless --language en


def test_the_api_refuses_a_bad_request_by_key_before_any_cluster_starts():
    with pytest.raises(ClusterError) as error:
        simulate("el_pale", games=2, progress=False, workers=0)
    assert error.value.key == "sim.bad_workers"
    with pytest.raises(ClusterError) as error:
        simulate("el_pale", games=2, progress=False, workers=True)
    assert error.value.key == "sim.bad_workers"
    with pytest.raises(ClusterError) as error:
        simulate("el_pale", games=2, progress=False, workers=2, scheduler="tcp://127.0.0.1:1")
    assert error.value.key == "sim.workers_or_scheduler"
    with pytest.raises(ValueError, match="'greedy'"):
        play_on_cluster(tournament("el_pale", policies=["greedy"]), 2, workers=2)


def test_kit_sim_imports_dask_only_for_a_cluster(run_light):
    """The light core: with dask blocked, kit.sim plays serially, and a cluster names the extra
    (run_light fails if dask or distributed was imported at all)."""
    out = run_light(
        """
        import kit, kit.sim, kit.cli
        from kit.sim import ClusterError, play_games, play_on_cluster, tournament
        print(len(list(play_games("el_pale", players=2, games=2, max_turns=30))))
        try:
            play_on_cluster(tournament("el_pale", players=2, max_turns=30), 2, workers=2)
        except ClusterError as error:
            print(error.key, "kit[cluster]" in str(error))
        """,
        also=("dask", "distributed"),
    )
    assert out == ["2", "sim.no_dask True"]
