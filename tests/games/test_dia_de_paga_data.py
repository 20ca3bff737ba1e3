"""Día de Paga data: the bundled TOML (DDP-19) and the loader's messages for a malformed file."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from kit.games.dia_de_paga.game import DiaDePagaGame
from kit.games.dia_de_paga.load import RuleSetError, bundled_path, load_rules

TEXT = bundled_path().read_text(encoding="utf-8")


def test_ddp_19_bundled_rule_set_loads_with_the_rulebook_numbers():
    r = load_rules()
    assert (r.start_money, r.salary, r.withdrawal_fee, r.last_deposit_day) == (1500, 1500, 150, 23)
    assert r.savings_interest == r.loan_interest == Fraction(1, 10)
    assert (r.lottery_prize, r.lottery_stake, r.birthday_amount, r.election_amount) == (
        1000,
        100,
        150,
        150,
    )
    assert (r.necessity_stake_below, r.necessity_faces, r.necessity_multiplier) == (300, (5, 6), 10)
    assert (r.loan_unit, r.loan_cards, r.acquisition_life) == (1500, 16, 2)
    assert (len(r.days), len(r.mail), len(r.events), r.max_players) == (31, 80, 16, 6)
    assert load_rules(bundled_path()) == r  # by name or by path


def test_ddp_19_every_table_and_every_card_says_its_source():
    tables = re.findall(r"^\[(\w+)\]\s*\nsource = \"(rulebook|kit)\"", TEXT, flags=re.M)
    headers = re.findall(r"^\[(\w+)\]", TEXT, flags=re.M)
    assert len(tables) == len(headers) >= 10
    for line in TEXT.splitlines():
        if line.strip().startswith("{ "):
            assert 'source = "kit"' in line or 'source = "rulebook"' in line, line
    r = load_rules()
    assert r.sources["players.min"] == "kit"  # a reading: the rulebook only says "up to 6"
    assert all(d.source == "kit" for d in r.days[:-1]) and r.days[-1].source == "rulebook"


def test_ddp_19_mail_texts_are_spanish_and_amounts_plausible():
    r = load_rules()
    assert sum(c.kind == "necessity" for c in r.mail) >= 1
    assert all((c.text and c.text[0].isupper()) or c.text.startswith("¿") for c in r.mail)
    assert all(0 < c.price <= 2 * r.salary for c in r.acquisitions)
    assert all(e.amount <= r.salary // 4 for e in r.events if e.effect != "mail")


def broken(tmp_path: Path, old: str, new: str) -> Path:
    assert old in TEXT, old
    p = tmp_path / "mi_dia.toml"
    p.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "old,new,key,expected",
    [
        ("start = 1500", 'start = "mil"', "money.start", "a whole number"),
        ("salary = 1500", "salary = -5", "money.salary", "at least 0"),
        (
            'interest_percent = 10  # "Al',
            'interest_percent = 110  # "Al',
            "savings.interest_percent",
            "percentage",
        ),
        (
            "winning_faces = [5, 6]",
            "winning_faces = [5, 7]",
            "necessity.winning_faces",
            "die faces",
        ),
        (
            '{ day = 4, kind = "mail", count = 2',
            '{ day = 4, kind = "mail", count = 4',
            "days[3].count",
            "1, 2 or 3",
        ),
        ('{ day = 9, kind = "lottery"', '{ day = 9, kind = "casino"', "days[8].kind", "one of"),
        ('{ day = 5, kind = "sell"', '{ day = 6, kind = "sell"', "days[4].day", "day 5"),
        (
            '{ id = "m17", kind = "bill", amount = 75',
            '{ id = "m17", kind = "bill", amount = 0',
            "mail[16].amount",
            "> 0",
        ),
        ('{ id = "m18", kind = "bill"', '{ id = "m17", kind = "bill"', "id", "different id"),
        (
            '{ id = "m01", kind = "postcard", text = "Postal de la tía Lola desde Cádiz", '
            'source = "kit" },\n',
            "",
            "mail",
            "80 mail cards",
        ),
        (
            '{ id = "e01", effect = "receive"',
            '{ id = "e01", effect = "steal"',
            "events[0].effect",
            "one of",
        ),
        (
            "price = 300, value = 450",
            "price = 300, valor = 450",
            "acquisitions[0].valor",
            "known keys",
        ),
        (
            'price = 300, value = 450, commission = 50, source = "kit"',
            "price = 300, value = 450, commission = 50",
            "acquisitions[0].source",
            "missing",
        ),
        (
            '[lottery]\nsource = "rulebook"',
            '[lottery]\nsource = "libro"',
            "lottery.source",
            "rulebook",
        ),
        ("stake = 100 ", "", "lottery.stake", "missing"),
        (
            '{ day = 15, kind = "acquisition"',
            '{ day = 15, kind = "quiet"',
            "days[15].kind",
            "acquisition day just before",
        ),
        ('{ day = 31, kind = "payday"', '{ day = 31, kind = "quiet"', "days", "payday"),
    ],
)
def test_a_malformed_file_names_the_file_the_key_and_what_was_expected(
    tmp_path, old, new, key, expected
):
    path = broken(tmp_path, old, new)
    with pytest.raises(RuleSetError) as err:
        load_rules(path)
    msg = str(err.value)
    assert str(path) in msg and f": {key}:" in msg and expected in msg, msg


def test_not_toml_and_no_file_are_reported(tmp_path):
    p = tmp_path / "roto.toml"
    p.write_text("[money\nstart = 1", encoding="utf-8")
    with pytest.raises(RuleSetError, match="not valid TOML"):
        load_rules(p)
    with pytest.raises(RuleSetError, match="no such file"):
        load_rules(tmp_path / "nada.toml")


def test_a_teachers_copy_is_a_new_game(tmp_path):
    p = broken(tmp_path, "salary = 1500", "salary = 2000")
    g = DiaDePagaGame(p, 2)
    s = g.start_state()
    s.pos[0] = 30
    s.apply(__import__("kit.games.dia_de_paga.actions", fromlist=["Roll"]).Roll())
    s.apply_chance(1)
    assert s.cash[0] == 1500 + 2000 and g.rules.name == "mi_dia"
