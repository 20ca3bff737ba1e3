"""kit.load: one door to every game, by name or by a teacher's file."""

import shutil
from pathlib import Path

import pytest

import kit
from kit.games.dia_de_paga.game import DiaDePagaGame
from kit.games.palabra import PalabraGame
from kit.games.property import PropertyGame

DATA = Path(kit.__file__).parent / "data"


@pytest.mark.parametrize("name", ["el_pale", "la_ruta_del_tesoro", "superpoly"])
def test_property_games_load_by_name(name):
    game = kit.load(name, players=3)
    assert isinstance(game, PropertyGame)
    assert game.rules.name == name
    assert game.n == 3


def test_el_pale_edition_is_an_option():
    assert kit.load("el_pale", edition="lujo").rules.start_money == 2_341_000
    assert kit.load("el_pale", edition="economico").rules.start_money == 1_500_000


def test_dia_de_paga_and_palabra_load_by_name():
    assert isinstance(kit.load("dia_de_paga", players=2, months=2), DiaDePagaGame)
    assert isinstance(kit.load("palabra", players=3), PalabraGame)


def test_a_teachers_copy_loads_by_path_with_its_own_values(tmp_path):
    mine = tmp_path / "mi_superpoly.toml"
    text = (DATA / "superpoly.toml").read_text(encoding="utf-8")
    mine.write_text(text.replace("salary = 40_000", "salary = 50_000"), encoding="utf-8")
    assert kit.load(mine).rules.salary == 50_000
    shutil.copy(DATA / "dia_de_paga.toml", tmp_path / "mes.toml")
    assert isinstance(kit.load(tmp_path / "mes.toml"), DiaDePagaGame)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("monopoly", "unknown game 'monopoly'"),
        ("nowhere.toml", "no such rule-set file"),
    ],
)
def test_unknown_games_get_a_plain_error(name, message):
    with pytest.raises(ValueError, match=message):
        kit.load(name)


def test_a_toml_file_of_no_known_kind_says_what_was_expected(tmp_path):
    odd = tmp_path / "odd.toml"
    odd.write_text('title = "nada"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"holds no game of the kit \(a property board"):
        kit.load(odd)
    odd.write_text("title = \n", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid TOML"):
        kit.load(odd)
