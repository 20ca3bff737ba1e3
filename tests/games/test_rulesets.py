"""The bundled rule sets (kit/data/*.toml) and their loader, kit.games.property.load.

Rule ids: ../shared/rules/RULES.md. The board data is the kit's (FACTS: no board was found); the
money, stock, jail and La Ruta's cards are the rulebooks'.
"""

import re
import shutil
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from kit.games.property.load import BUNDLED, RuleSetError, bundled_path, editions, load_rules
from kit.games.property.rules import CARD_EFFECTS, RuleSet

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"

EDITIONS = [
    ("el_pale", "lujo"),
    ("el_pale", "economico"),
    ("la_ruta_del_tesoro", "14-3501"),
    ("la_ruta_del_tesoro", "14-3502"),
    ("superpoly", None),
]
FACTOR = {"el_pale": 1000, "superpoly": 200, "la_ruta_del_tesoro": 100}

# FACTS, "The 40-square property-game board": the family's standard values (euros).
STANDARD_LOTS = {
    1: (60, (2, 10, 30, 90, 160, 250), 50),
    3: (60, (4, 20, 60, 180, 320, 450), 50),
    6: (100, (6, 30, 90, 270, 400, 550), 50),
    8: (100, (6, 30, 90, 270, 400, 550), 50),
    9: (120, (8, 40, 100, 300, 450, 600), 50),
    11: (140, (10, 50, 150, 450, 625, 750), 100),
    13: (140, (10, 50, 150, 450, 625, 750), 100),
    14: (160, (12, 60, 180, 500, 700, 900), 100),
    16: (180, (14, 70, 200, 550, 750, 950), 100),
    18: (180, (14, 70, 200, 550, 750, 950), 100),
    19: (200, (16, 80, 220, 600, 800, 1000), 100),
    21: (220, (18, 90, 250, 700, 875, 1050), 150),
    23: (220, (18, 90, 250, 700, 875, 1050), 150),
    24: (240, (20, 100, 300, 750, 925, 1100), 150),
    26: (260, (22, 110, 330, 800, 975, 1150), 150),
    27: (260, (22, 110, 330, 800, 975, 1150), 150),
    29: (280, (24, 120, 360, 850, 1025, 1200), 150),
    31: (300, (26, 130, 390, 900, 1100, 1275), 200),
    32: (300, (26, 130, 390, 900, 1100, 1275), 200),
    34: (320, (28, 150, 450, 1000, 1200, 1400), 200),
    37: (350, (35, 175, 500, 1100, 1300, 1500), 200),
    39: (400, (50, 200, 600, 1400, 1700, 2000), 200),
}
LAYOUT = {0: "start", 2: "chest", 4: "tax", 5: "station", 7: "chance", 10: "jail"}
LAYOUT |= {12: "utility", 15: "station", 17: "chest", 20: "free", 22: "chance", 25: "station"}
LAYOUT |= {28: "utility", 30: "go_to_jail", 33: "chest", 35: "station", 36: "chance", 38: "tax"}
LAYOUT |= dict.fromkeys(STANDARD_LOTS, "lot")


def rules_of(game: str, edition: str | None = None) -> RuleSet:
    return load_rules(game, edition)


def notes_total(rules: RuleSet) -> int:
    return sum(value * count for value, count in rules.banknotes)


def title_named(rules: RuleSet, name: str):
    found = [t for t in rules.titles if t.name == name]
    assert len(found) == 1, f"{name!r} is not exactly one title of {rules.name}"
    return found[0]


# ------------------------------------------------------------------------- loading and board


@pytest.mark.parametrize(("game", "edition"), EDITIONS)
def test_every_bundled_game_and_edition_loads(game, edition):
    rules = rules_of(game, edition)
    assert rules.name == game
    assert rules.edition == (edition or "")
    assert len(rules.squares) == 40
    assert [s.index for s in rules.squares] == list(range(40))
    assert len(rules.titles) == 28
    assert len(rules.decks) == 2
    assert all(len(d.cards) == 16 for d in rules.decks)


def test_bundled_names_and_default_editions():
    assert set(BUNDLED) == {"el_pale", "la_ruta_del_tesoro", "superpoly"}
    assert rules_of("el_pale").edition == "economico"
    assert rules_of("la_ruta_del_tesoro").edition == "14-3502"
    assert rules_of("superpoly").edition == ""
    assert editions("el_pale") == {"lujo": "El Palé Lujo", "economico": "El Palé Económico"}
    assert set(editions("la_ruta_del_tesoro")) == {"14-3501", "14-3502"}
    assert editions("superpoly") == {}


@pytest.mark.parametrize("game", BUNDLED)
def test_squares_follow_the_madrid_layout(game):
    rules = rules_of(game)
    assert {s.index: s.kind for s in rules.squares} == LAYOUT
    assert rules.jail.square == 10 and rules.jail.go_to_square == 30
    for s in rules.squares:
        assert s.name.strip(), s
        if s.kind in ("chance", "chest"):
            assert s.deck in {d.name for d in rules.decks}
        title = rules.title_at(s.index)
        if s.kind in ("lot", "station", "utility"):
            assert title is not None and title.kind == s.kind and title.name == s.name
        else:
            assert title is None
    # each deck is one kind of square: chest squares draw one deck, chance squares the other
    assert len({s.deck for s in rules.squares if s.kind == "chest"}) == 1
    assert len({s.deck for s in rules.squares if s.kind == "chance"}) == 1


@pytest.mark.parametrize("game", BUNDLED)
def test_twenty_eight_titles_in_groups_2_3_3_3_3_3_3_2(game):
    rules = rules_of(game)
    lots = [t for t in rules.titles if t.kind == "lot"]
    assert len(lots) == 22
    groups: list[str] = []
    for t in sorted(lots, key=lambda t: t.square):
        if not groups or groups[-1] != t.group:
            groups.append(t.group)
    assert len(groups) == len(set(groups)) == 8  # each group's lots sit together on the board
    assert [len(rules.group(g)) for g in groups] == [2, 3, 3, 3, 3, 3, 3, 2]
    stations = [t for t in rules.titles if t.kind == "station"]
    utilities = [t for t in rules.titles if t.kind == "utility"]
    assert [t.square for t in stations] == [5, 15, 25, 35]
    assert [t.square for t in utilities] == [12, 28]
    assert len({t.group for t in stations}) == 1 and len({t.group for t in utilities}) == 1
    assert len({t.name for t in rules.titles}) == 28


@pytest.mark.parametrize("game", BUNDLED)
def test_values_are_the_standard_structure_scaled(game):
    """FACTS: El Palé x1000 pesetas, Superpoly x200, La Ruta x100 reales; mortgage = half."""
    rules, k = rules_of(game), FACTOR[game]
    for t in rules.titles:
        assert t.mortgage * 2 == t.price, t  # RUT-07 for La Ruta; the family's rule elsewhere
        if t.kind == "lot":
            price, rents, house = STANDARD_LOTS[t.square]
            assert (t.price, t.rents, t.house_cost) == (
                price * k,
                tuple(r * k for r in rents),
                house * k,
            )
            assert t.house_cost % 2 == 0  # sold back at half price: whole units
        elif t.kind == "station":
            assert (t.price, t.rents, t.house_cost) == (
                200 * k,
                (25 * k, 50 * k, 100 * k, 200 * k),
                0,
            )
        else:
            assert (t.price, t.rents, t.house_cost) == (150 * k, (4, 10), 0)
    taxes = {s.index: s.tax for s in rules.squares if s.kind == "tax"}
    assert taxes == {4: 200 * k, 38: 100 * k}
    assert rules.salary == 200 * k


# ------------------------------------------------------------------------- money and stock


def test_pal_01_editions_money_and_banknotes():
    lujo, eco = rules_of("el_pale", "lujo"), rules_of("el_pale", "economico")
    assert (lujo.ref, lujo.max_players, lujo.start_money) == ("14-3603", 6, 2_341_000)
    assert (eco.ref, eco.max_players, eco.start_money) == ("14-3600", 4, 1_500_000)
    assert lujo.banknotes == (
        (500_000, 2),
        (100_000, 7),
        (50_000, 7),
        (10_000, 20),
        (5_000, 16),
        (1_000, 11),
    )
    assert eco.banknotes == (
        (500_000, 1),
        (100_000, 6),
        (50_000, 5),
        (10_000, 11),
        (5_000, 7),
        (1_000, 5),
    )
    assert notes_total(lujo) == lujo.start_money and notes_total(eco) == eco.start_money
    assert lujo.currency == eco.currency == "pesetas"
    assert lujo.title == "El Palé Lujo" and eco.title == "El Palé Económico"
    assert lujo.sources["start_money"] == lujo.sources["banknotes"] == "rulebook"
    assert lujo.squares == eco.squares and lujo.titles == eco.titles  # only money and seats differ


def test_rut_01_references_money_and_banknotes():
    small, large = (
        rules_of("la_ruta_del_tesoro", "14-3501"),
        rules_of("la_ruta_del_tesoro", "14-3502"),
    )
    assert (small.min_players, small.max_players) == (2, 4)
    assert (large.min_players, large.max_players) == (2, 6)
    for rules in (small, large):
        assert rules.currency == "reales"
        assert rules.start_money == 135_000 == notes_total(rules)
        assert rules.banknotes == ((25_000, 4), (10_000, 2), (5_000, 2), (1_000, 4), (100, 10))


def test_sup_01_money_stock_and_letter_groups():
    rules = rules_of("superpoly")
    assert rules.start_money == 300_000 == notes_total(rules)
    assert rules.banknotes == (
        (100_000, 1),
        (20_000, 6),
        (10_000, 5),
        (2_000, 11),
        (1_000, 7),
        (200, 5),
    )
    assert (rules.houses, rules.hotels) == (36, 18)
    assert [d.title for d in rules.decks] == ["Caja", "Sorpresa"]
    assert sorted({t.group for t in rules.titles if t.kind == "lot"}) == list("ABCDEFGH")


def test_pal_06_building_stock():
    rules = rules_of("el_pale")
    assert (rules.houses, rules.hotels) == (32, 12)
    assert rules.hotel_returns_houses_free is False
    assert all(t.hotel_cost == 0 for t in rules.titles)  # a hotel costs a fifth house


def test_rut_09_rut_10_houses_castles_and_castle_price():
    rules = rules_of("la_ruta_del_tesoro")
    assert (rules.houses, rules.hotels) == (32, 12)
    assert rules.hotel_returns_houses_free is True
    assert all(t.hotel_cost > 0 for t in rules.titles if t.kind == "lot")
    assert rules.hotel_name == "castle"
    assert rules_of("el_pale").hotel_name == rules_of("superpoly").hotel_name == "hotel"


def test_rut_09_hotel_name_is_optional_and_checked(tmp_path):
    """A teacher's board may build castles too; a misspelt name is refused with the choices."""
    text = bundled_path("el_pale").read_text(encoding="utf-8")
    castles = tmp_path / "castillos.toml"
    castles.write_text(text.replace("[buildings]", '[buildings]\nhotel_name = "castle"', 1))
    assert load_rules(castles).hotel_name == "castle"
    typo = tmp_path / "typo.toml"
    typo.write_text(text.replace("[buildings]", '[buildings]\nhotel_name = "castel"', 1))
    with pytest.raises(RuleSetError, match=r"buildings\.hotel_name.*castle"):
        load_rules(typo)


def test_pal_02_rut_02_sup_02_salary_and_landing_on_start():
    pale, ruta, sup = rules_of("el_pale"), rules_of("la_ruta_del_tesoro"), rules_of("superpoly")
    assert (pale.salary, ruta.salary, sup.salary) == (200_000, 20_000, 40_000)
    assert pale.salary_on_landing and ruta.salary_on_landing and sup.salary_on_landing
    assert ruta.sources["salary_on_landing"] == "rulebook"  # RUT-02: "stops on or passes"
    assert pale.sources["salary_on_landing"] == sup.sources["salary_on_landing"] == "kit"
    assert pale.sources["salary"] == "rulebook"


def test_pal_05_rut_08_sup_05_jail():
    pale, ruta, sup = rules_of("el_pale"), rules_of("la_ruta_del_tesoro"), rules_of("superpoly")
    assert (pale.jail.fine, ruta.jail.fine, sup.jail.fine) == (100_000, 10_000, 10_000)
    assert pale.jail.max_turns == ruta.jail.max_turns == sup.jail.max_turns == 3
    assert (pale.jail.fine_on_forced_exit, ruta.jail.fine_on_forced_exit) == (False, True)
    assert sup.jail.fine_on_forced_exit is True
    assert (pale.jail.wait_one_turn, ruta.jail.wait_one_turn, sup.jail.wait_one_turn) == (
        False,
        True,
        False,
    )
    assert pale.jail.pay_then_roll is True
    assert [pale.square(10).name, ruta.square(10).name, sup.square(10).name] == [
        "Cárcel",
        "Galeras",
        "Prisión",
    ]
    assert ruta.square(30).name == "Vaya a Galeras" and sup.square(30).name == "Vaya a Prisión"
    assert pale.sources["jail.fine_on_forced_exit"] == "kit"  # PAL-05 Reading
    assert pale.sources["jail.fine"] == "rulebook"


def test_pal_04_rut_04_sup_04_double_rent_with_a_mortgaged_lot():
    pale, ruta, sup = rules_of("el_pale"), rules_of("la_ruta_del_tesoro"), rules_of("superpoly")
    assert (
        pale.double_rent_with_mortgaged is True
        and pale.sources["double_rent_with_mortgaged"] == "kit"
    )
    assert ruta.double_rent_with_mortgaged is False
    assert sup.double_rent_with_mortgaged is True
    assert sup.sources["double_rent_with_mortgaged"] == "rulebook"


def test_pal_08_rut_07_sup_07_mortgages():
    pale, ruta, sup = rules_of("el_pale"), rules_of("la_ruta_del_tesoro"), rules_of("superpoly")
    for rules in (pale, ruta, sup):
        assert rules.mortgage_interest == Fraction(1, 10)
    assert pale.late_mortgage_interest == sup.late_mortgage_interest == Fraction(2, 10)
    assert ruta.late_mortgage_interest == Fraction(1, 10)  # the buyer pays 10 % too, no more
    assert ruta.sell_whole_group_before_mortgage is True
    assert not pale.sell_whole_group_before_mortgage and not sup.sell_whole_group_before_mortgage
    assert all(2 * t.mortgage == t.price for t in ruta.titles)  # RUT-07: half the sale price


def test_pal_03_rut_03_sup_03_auction_opening():
    assert rules_of("el_pale").auction_opening == Fraction(1, 2)
    assert rules_of("superpoly").auction_opening == Fraction(1, 2)
    assert rules_of("la_ruta_del_tesoro").auction_opening == 0  # one real


def test_prop_12_rut_11_prop_15_trading_bankruptcy_abbreviated_deal():
    pale, ruta, sup = rules_of("el_pale"), rules_of("la_ruta_del_tesoro"), rules_of("superpoly")
    assert ruta.trade_blocked_by_group_buildings is True
    assert not pale.trade_blocked_by_group_buildings and not sup.trade_blocked_by_group_buildings
    assert ruta.bankrupt_to_bank == "auction"
    assert pale.bankrupt_to_bank == sup.bankrupt_to_bank == "bank_keeps"
    # PROP-14: El Palé and Superpoly print "he may pay the creditor with his Properties" at the
    # board price; La Ruta's bankruptcy gives all the money and no such step (RUT-11)
    assert pale.pay_debt_with_titles is sup.pay_debt_with_titles is True
    assert ruta.pay_debt_with_titles is False
    for rules in (pale, ruta, sup):
        assert rules.sources["pay_debt_with_titles"] == "rulebook"
    assert pale.sources["bankrupt_to_bank"] == sup.sources["bankrupt_to_bank"] == "kit"
    assert pale.abbreviated_deal == ruta.abbreviated_deal == sup.abbreviated_deal == 2


def test_pal_09_rut_12_sup_08_fixed_time_valuation():
    pale, ruta, sup = rules_of("el_pale"), rules_of("la_ruta_del_tesoro"), rules_of("superpoly")
    for rules in (pale, sup):
        assert (rules.value_title, rules.value_mortgaged, rules.value_house) == (1, 1, 0)
        assert rules.value_hotel_houses == 0
        assert rules.sources["value_mortgaged"] == "kit"  # the reading
    assert (ruta.value_title, ruta.value_mortgaged, ruta.value_house) == (1, Fraction(1, 2), 1)
    assert ruta.value_hotel_houses == 5
    assert ruta.sources["value_mortgaged"] == "rulebook"


# ------------------------------------------------------------------------- names


def test_rut_14_named_places():
    rules = rules_of("la_ruta_del_tesoro")
    named = {t.name: t for t in rules.titles if t.name_source == "rulebook"}
    assert set(named) == {
        "Lonja de Alicante",
        "Lonja de Barcelona",
        "Lonja de Mallorca",
        "Lonja de Valencia",
        "Reales Atarazanas",
        "Compañía de seguros Lloyds",
        "Túnez",
        "Mahón",
    }
    assert {t.kind for n, t in named.items() if n.startswith("Lonja")} == {"station"}
    assert named["Reales Atarazanas"].kind == named["Compañía de seguros Lloyds"].kind == "utility"
    assert named["Túnez"].kind == named["Mahón"].kind == "lot"
    assert all(t.source == "kit" for t in rules.titles)  # places and values are the kit's
    assert rules.square(19).name == "Mahón" and rules.square(19).name_source == "rulebook"
    assert {s.name for s in rules.squares if s.kind == "tax"} >= {"Alcabalas"}


def test_pal_street_names_in_the_groups_the_rulebook_pairs():
    rules = rules_of("el_pale")

    def group_of(*names):
        groups = {title_named(rules, n).group for n in names}
        assert len(groups) == 1, names
        assert {t.name for t in rules.group(groups.pop())} == set(names)

    group_of("Gran Vía", "Alcalá")
    group_of("Serrano", "Velázquez", "Goya")
    group_of("Leganitos", "Curtidores")
    group_of("Arenal", "Carretas", "Carrera de San Jerónimo")
    named = {t.name for t in rules.titles if t.name_source == "rulebook"}
    assert len(named) == 10
    assert {t.name for t in rules.titles if t.kind == "station"} == {
        "Estación del Norte",
        "Estación de Delicias",
        "Estación del Mediodía",
        "Estación de Getafe",
    }
    assert {t.name for t in rules.titles if t.kind == "utility"} == {
        "Eléctrica Madrileña",
        "Canal de Lozoya",
    }


def test_sup_calvo_sotelo_and_avenida_de_cataluna_are_one_letter_group():
    rules = rules_of("superpoly")
    a, b = title_named(rules, "Calvo Sotelo"), title_named(rules, "Avenida de Cataluña")
    assert a.group == b.group and len(rules.group(a.group)) == 2
    assert a.name_source == b.name_source == "rulebook"
    assert {t.name for t in rules.titles if t.name_source == "rulebook"} == {a.name, b.name}


# ------------------------------------------------------------------------- decks

RUT_CHANCE_EFFECTS = [
    ("receive", {"amount": 5000}),
    ("receive", {"amount": 40000}),
    ("receive", {"amount": 15000}),
    ("skip_turns", {"n": 2}),
    ("go_to_jail", {}),
    ("repairs", {"per_house": 1000, "per_hotel": 2500}),
    ("pay", {"amount": 10000}),
    ("pay", {"amount": 2000}),
    ("get_out_of_jail", {}),
    ("receive", {"amount": 15000}),
    ("move_by", {"steps": -4}),
    ("pay", {"amount": 20000}),
    ("repairs", {"per_house": 4000, "per_hotel": 11000}),
    ("move_to", {"square": 0, "salary": True}),
    ("move_by", {"steps": 5}),
    ("pay", {"amount": 20000}),
]
RUT_CHEST_EFFECTS = [
    ("receive", {"amount": 10000}),
    ("receive_from_each", {"amount": 1000}),
    ("receive", {"amount": 10000}),
    ("pay_per_title", {"amount": 1000, "kinds": ("lot",)}),
    ("crown_loan", {"amount": 20000, "interest": Fraction(1, 10)}),
    ("leave_jail_for", {"amount": 20000, "kept": True}),
    ("pay", {"amount": 5000}),
    ("receive", {"amount": 5000}),
    ("tax_exemption", {}),
    ("pay", {"amount": 5000}),
    ("move_to", {"square": 0, "salary": True}),
    ("receive", {"amount": 2500}),
    ("fire", {"houses": 2}),
    ("move_to", {"square": 19, "salary": True}),  # Mahón
    ("go_to_jail", {}),
    ("pay_each", {"amount": 1000}),
]


def rulebook_cards(heading: str, end: str) -> list[str]:
    """The numbered card texts under `heading` (a line of its own) in La Ruta's rulebook."""
    lines = (RULEBOOKS / "la_ruta_del_tesoro.txt").read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    stop = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(end))
    return [m[2] for line in lines[start:stop] if (m := re.match(r"^(\d+)\. (.+)$", line))]


def test_rut_13_chance_and_chest_cards_as_listed():
    rules = rules_of("la_ruta_del_tesoro")
    suerte, cofre = rules.decks
    assert (suerte.name, suerte.title, cofre.name, cofre.title) == (
        "suerte",
        "Suerte",
        "cofre",
        "Cofre del Tesoro",
    )
    assert [(c.effect, c.params) for c in suerte.cards] == RUT_CHANCE_EFFECTS
    assert [(c.effect, c.params) for c in cofre.cards] == RUT_CHEST_EFFECTS
    assert rules.square(19).name == "Mahón"
    for card in (*suerte.cards, *cofre.cards):
        assert card.source == "rulebook" and card.text_en and card.text != card.text_en
        # the translation keeps every number: "5,000" in English is "5.000" in Spanish
        for number in re.findall(r"\d[\d,]*\d|\d", card.text_en):
            assert number.replace(",", ".") in card.text, (card.id, number)
    kept = [c.id for c in (*suerte.cards, *cofre.cards) if c.kept]
    assert kept == ["suerte-09", "cofre-06", "cofre-09"]
    if not RULEBOOKS.is_dir():
        pytest.skip("../shared/rulebooks is not beside this checkout: texts not compared")
    listed_chance = rulebook_cards("Chance Cards (Suerte)", "Treasure Chest Cards")
    listed_chest = rulebook_cards("Treasure Chest Cards (Cofre del Tesoro)", "Property Title")
    assert len(listed_chance) == len(listed_chest) == 16
    assert [c.text_en for c in suerte.cards] == listed_chance
    assert [c.text_en for c in cofre.cards] == listed_chest


@pytest.mark.parametrize("game", ["el_pale", "superpoly"])
def test_prop_07_kit_decks_in_the_spirit_of_the_rulebook(game):
    rules = rules_of(game)
    currency_word = rules.currency
    for deck in rules.decks:
        assert len(deck.cards) == 16
        effects = [c.effect for c in deck.cards]
        assert effects.count("get_out_of_jail") == 1  # one get-out card per deck
        assert all(c.source == "kit" and not c.text_en for c in deck.cards)
        assert "move_to" in effects and ("receive" in effects and "pay" in effects)
        assert "repairs" in effects
        for c in deck.cards:
            if "amount" in c.params:
                amount = f"{c.params['amount']:,}".replace(",", ".")
                assert f"{amount} {currency_word}" in c.text, c
            if c.effect == "move_to" and c.params["square"]:
                assert rules.square(c.params["square"]).name in c.text, c
    every = [c.effect for d in rules.decks for c in d.cards]
    for effect in ("go_to_jail", "move_by", "pay_each", "receive_from_each"):
        assert effect in every, effect
    assert {"steps": -3} in [c.params for d in rules.decks for c in d.cards]
    if game == "superpoly":  # "the Sorpresa card that prescribes it": only Sorpresa jails
        caja, sorpresa = rules.decks
        assert "go_to_jail" not in [c.effect for c in caja.cards]
        assert "go_to_jail" in [c.effect for c in sorpresa.cards]
    else:
        assert all("go_to_jail" in [c.effect for c in d.cards] for d in rules.decks)


@pytest.mark.parametrize("game", BUNDLED)
def test_cards_use_only_the_known_effects(game):
    for deck in rules_of(game).decks:
        for c in deck.cards:
            assert c.effect in CARD_EFFECTS
            assert set(CARD_EFFECTS[c.effect]) <= set(c.params) <= {*CARD_EFFECTS[c.effect], "kept"}


# ------------------------------------------------------------------------- sources


def tables(node, path=""):
    """Every table of a parsed TOML document, with its dotted path (params are card fields)."""
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            if k != "params":
                yield from tables(v, f"{path}.{k}" if path else k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from tables(v, f"{path}[{i}]")


@pytest.mark.parametrize("game", BUNDLED)
def test_every_table_has_a_valid_source(game):
    doc = tomllib.loads(bundled_path(game).read_text(encoding="utf-8"))
    checked = 0
    for path, table in tables(doc):
        if path in ("", "editions"):  # the document and the editions' container
            continue
        assert table.get("source") in ("rulebook", "kit"), path
        if "name_source" in table:
            assert table["name_source"] in ("rulebook", "kit"), path
        checked += 1
    assert checked >= 40 + 28 + 2 + 32 + 10


@pytest.mark.parametrize("game", BUNDLED)
def test_board_data_is_the_kits_and_rule_sources_are_recorded(game):
    rules = rules_of(game)
    assert all(s.source == "kit" for s in rules.squares)
    assert all(t.source == "kit" for t in rules.titles)
    assert set(rules.sources.values()) <= {"rulebook", "kit"}
    assert {"salary", "start_money", "houses", "mortgage_interest", "jail.fine"} <= set(
        rules.sources
    )


# ------------------------------------------------------------------------- malformed files


def broken_copy(tmp_path, game, old, new, count=1):
    """A copy of a bundled file with `old` replaced by `new` (the first `count` times)."""
    text = bundled_path(game).read_text(encoding="utf-8")
    assert old in text, f"the test's anchor {old!r} is not in {game}.toml"
    path = tmp_path / f"broken_{game}.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


RUT_FIRST_RENTS = "rents = [200, 1000, 3000, 9000, 16_000, 25_000]"
MALFORMED = [
    # (game, old, new, key, expectation)
    (
        "la_ruta_del_tesoro",
        RUT_FIRST_RENTS,
        "rents = [200, 1000]",
        "titles[0].rents",
        "6 whole numbers",
    ),
    (
        "la_ruta_del_tesoro",
        RUT_FIRST_RENTS,
        'rents = [200, 1000, 3000, 9000, 16_000, "x"]',
        "titles[0].rents",
        "6 whole numbers",
    ),
    (
        "la_ruta_del_tesoro",
        'kind = "lot"\ngroup',
        'kind = "solar"\ngroup',
        "titles[0].kind",
        "one of: lot, station, utility",
    ),
    (
        "la_ruta_del_tesoro",
        "price = 6000",
        "price = 0",
        "titles[0].price",
        "a positive whole number",
    ),
    (
        "la_ruta_del_tesoro",
        "price = 6000",
        'price = "6000"',
        "titles[0].price",
        "a positive whole number",
    ),
    ("la_ruta_del_tesoro", "price = 6000", "prize = 6000", "titles[0].prize", "a known key"),
    (
        "la_ruta_del_tesoro",
        "mortgage = 3000",
        "mortgage = 9000",
        "titles[0].mortgage",
        "at most the price",
    ),
    (
        "la_ruta_del_tesoro",
        "square = 1\n",
        "square = 2\n",
        "titles[0].square",
        "a square of kind 'lot'",
    ),
    (
        "la_ruta_del_tesoro",
        'group = "marrón"',
        'group = "celeste"',
        "group",
        "a colour group of 2 to 4 lots",
    ),
    (
        "la_ruta_del_tesoro",
        "rents = [2500, 5000, 10_000, 20_000]",
        "rents = [2500, 5000, 10_000]",
        "rents",
        "4 whole numbers, one per station",
    ),
    (
        "el_pale",
        "[1_000, 11]",
        "[1_000, 12]",
        "editions.lujo.money.banknotes",
        "banknotes adding up to the start money 2341000",
    ),
    ("superpoly", "[200, 5]", "[200, 6]", "money.banknotes", "adding up to the start money"),
    ("el_pale", "salary = 200_000\n", "", "money.salary", "this key"),
    ("superpoly", "pay_with_titles = true\n", "", "bankruptcy.pay_with_titles", "this key"),
    (
        "el_pale",
        '  { index = 39, kind = "lot", source = "kit" },  # Gran Vía\n',
        "",
        "squares",
        "a list of 40 squares",
    ),
    (
        "el_pale",
        '{ index = 5, kind = "station"',
        '{ index = 6, kind = "station"',
        "squares[5].index",
        "5 (squares in board order",
    ),
    (
        "el_pale",
        '{ index = 5, kind = "station"',
        '{ index = 5, kind = "estación"',
        "squares[5].kind",
        "one of: start, lot",
    ),
    (
        "el_pale",
        '[jail]  # PAL-05, PROP-08\nsource = "rulebook"\nsquare = 10',
        '[jail]  # PAL-05, PROP-08\nsource = "rulebook"\nsquare = 11',
        "jail.square",
        "a square of kind 'jail'",
    ),
    (
        "el_pale",
        "go_to_square = 30",
        "go_to_square = 20",
        "jail.go_to_square",
        "a square of kind 'go_to_jail'",
    ),
    (
        "superpoly",
        "wait_one_turn = false",
        "wait_one_turn = 0",
        "jail.wait_one_turn",
        "true or false",
    ),
    (
        "superpoly",
        "opening_percent = 50",
        "opening_percent = 150",
        "auction.opening_percent",
        "a whole percentage from 0 to 100",
    ),
    (
        "superpoly",
        'to_bank = "bank_keeps"',
        'to_bank = "nobody"',
        "bankruptcy.to_bank",
        "one of: bank_keeps, auction",
    ),
    (
        "el_pale",
        "pay_with_titles = true",
        'pay_with_titles = "yes"',
        "bankruptcy.pay_with_titles",
        "true or false",
    ),
    (
        "la_ruta_del_tesoro",
        'effect = "receive"',
        'effect = "win"',
        "decks[0].cards[0].effect",
        "one of: receive, pay",
    ),
    (
        "la_ruta_del_tesoro",
        "params = { amount = 5000 }",
        "params = { sum = 5000 }",
        "decks[0].cards[0].params.amount",
        "parameter 'amount' of effect 'receive'",
    ),
    (
        "la_ruta_del_tesoro",
        "params = { steps = -4 }",
        "params = { steps = 0 }",
        "decks[0].cards[10].params.steps",
        "a whole number of steps",
    ),
    (
        "la_ruta_del_tesoro",
        'interest = "1/10"',
        "interest = 0.1",
        "decks[1].cards[4].params.interest",
        'a fraction string such as "1/10"',
    ),
    (
        "la_ruta_del_tesoro",
        'kinds = ["lot"]',
        'kinds = ["plaza"]',
        "decks[1].cards[3].params.kinds",
        "a list of title kinds",
    ),
    (
        "la_ruta_del_tesoro",
        'deck = "cofre"',
        'deck = "cofres"',
        "squares[2].deck",
        "one of the decks",
    ),
    (
        "la_ruta_del_tesoro",
        'id = "suerte-02"',
        'id = "suerte-01"',
        "decks[0].cards[1].id",
        "a card id used once",
    ),
    (
        "la_ruta_del_tesoro",
        '[buildings]  # RUT-09, RUT-10\nsource = "rulebook"\n',
        "[buildings]  # RUT-09, RUT-10\n",
        "buildings.source",
        'source = "rulebook" or "kit"',
    ),
    (
        "la_ruta_del_tesoro",
        '{ index = 0, kind = "start", name = "Salida", name_source = "rulebook", source = "kit" }',
        '{ index = 0, kind = "start", name = "Salida", name_source = "rulebook", source = "mine" }',
        "squares[0].source",
        'one of: "rulebook", "kit"',
    ),
    (
        "el_pale",
        'readings = ["min"]',
        'readings = ["minimum"]',
        "players.readings",
        "a list of keys of [players]",
    ),
    (
        "el_pale",
        'default_edition = "economico"',
        'default_edition = "oro"',
        "game.default_edition",
        "one of: economico, lujo",
    ),
    (
        "superpoly",
        'readings = ["currency"]',
        'readings = ["currency"]\ndefault_edition = "lujo"',
        "game.default_edition",
        "no default edition in a file without [editions.NAME]",
    ),
    (
        "el_pale",
        "[editions.economico.money]\nsource",
        "[editions.economico.moneys]\nsource",
        "editions.economico.moneys",
        "title, ref, source or a rule table",
    ),
    ("el_pale", "[jail]  # PAL-05", "[jail  # PAL-05", "(TOML syntax)", "valid TOML"),
    ("el_pale", "[rent]", "[rents]", "rents", "a known top-level key"),
]


@pytest.mark.parametrize(
    ("game", "old", "new", "key", "expected"),
    MALFORMED,
    ids=[f"{c[0]}:{c[3]}:{c[4][:24]}" for c in MALFORMED],
)
def test_a_malformed_file_names_file_key_and_expectation(tmp_path, game, old, new, key, expected):
    path = broken_copy(tmp_path, game, old, new)
    with pytest.raises(RuleSetError) as caught:
        load_rules(path, "lujo" if game == "el_pale" else None)
    err = caught.value
    message = str(err)
    assert isinstance(err, ValueError)
    assert str(path) in message and err.file == str(path)
    assert key in err.key, message
    assert expected in message, message


def test_unknown_game_and_edition_list_what_is_known(tmp_path):
    with pytest.raises(RuleSetError, match="el_pale, la_ruta_del_tesoro, superpoly"):
        load_rules("monopoly")
    with pytest.raises(
        RuleSetError,
        match=r"el_pale\.toml: edition: expected one of: economico, "
        r"lujo, got 'oro'",
    ):
        load_rules("el_pale", "oro")
    with pytest.raises(RuleSetError, match="no edition"):
        load_rules("superpoly", "lujo")
    with pytest.raises(RuleSetError, match="readable UTF-8"):
        bad = tmp_path / "latin1.toml"
        bad.write_bytes("title = 'Pal\xe9'".encode("latin-1"))
        load_rules(bad)


def test_a_teachers_edited_copy_loads_by_path(tmp_path):
    text = bundled_path("el_pale").read_text(encoding="utf-8")
    old = 'name = "Gran Vía"\nkind = "lot"\ngroup = "azul"\nprice = 400_000'
    assert old in text
    mine = tmp_path / "mi_pale.toml"
    mine.write_text(text.replace(old, old.replace("400_000", "450_000")), encoding="utf-8")
    for arg in (mine, str(mine)):
        rules = load_rules(arg, "lujo")
        assert rules.name == "mi_pale" and rules.edition == "lujo"
        assert title_named(rules, "Gran Vía").price == 450_000
        assert rules.start_money == 2_341_000
    assert title_named(load_rules("el_pale"), "Gran Vía").price == 400_000
    # a copy of a file without editions loads with edition None
    shutil.copy(bundled_path("superpoly"), tmp_path / "sp.toml")
    assert load_rules(tmp_path / "sp.toml").start_money == 300_000


def test_the_loader_needs_only_the_standard_library(run_light):
    out = run_light(
        """
        from kit.games.property.load import load_rules
        print(len(load_rules("la_ruta_del_tesoro").titles))
        """
    )
    assert out == ["28"]
