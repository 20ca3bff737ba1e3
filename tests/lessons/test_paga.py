"""kit.lessons.paga: the numbers lesson 03 (Día de Paga) states, exactly.

The rule ids are those of ../shared/rules/RULES.md: DDP-15 the «En caso de necesidad» bet (read:
the stake is lost in both cases, a 5 or 6 pays 10× on top), DDP-16 loans, DDP-17 the savings
book (libreta), DDP-11 the kitty (bote), DDP-06 the lottery, DDP-18 the end.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import kit
from kit.lessons import paga
from kit.sim import play_games


def test_the_bots_have_their_spanish_class_names():
    assert [paga.title(name) for name in paga.BOTS] == [
        "Ahorradora",
        "Prestataria",
        "Apostadora",
        "Pasota",
    ]
    assert paga.bots_table().column("nombre") == [
        "Ahorradora",
        "Prestataria",
        "Apostadora",
        "Pasota",
    ]


def test_ddp15_the_bet_has_expected_value_seven_thirds_of_the_stake():
    d = paga.bet(100)
    assert d.P({900}) == Fraction(1, 3) and d.P({-100}) == Fraction(2, 3)
    assert d.expectation() == Fraction(700, 3)
    assert paga.bet(299).expectation() == Fraction(2093, 3)
    for stake in (1, 60, 150, 299):
        assert paga.bet(stake).expectation() == Fraction(7, 3) * stake
    table = paga.bet_table(100)
    assert table.column("producto") == [300, Fraction(-200, 3), Fraction(700, 3)]


@pytest.mark.parametrize("stake", [0, 300, -5])
def test_ddp15_a_stake_outside_the_rule_is_refused(stake):
    with pytest.raises(ValueError):
        paga.bet(stake)


def test_ddp17_the_libreta_compounds_in_whole_euros():
    assert paga.savings_table(1000, 3).column("despues") == [1100, 1210, 1331]
    assert paga.savings_gain(1000, 3) == 331
    assert paga.savings_gain(100, 1) == 10
    # 181,5 € of interest is rounded half up to 182 € (the game's rounding), so not 1500 · 1,1^6
    assert paga.savings_table(1500, 6).column("despues") == [1650, 1815, 1997, 2197, 2417, 2659]


def test_ddp16_a_loan_costs_ten_percent_a_month_and_does_not_shrink():
    table = paga.loan_table(1500, 3)
    assert table.column("deuda") == [1500, 1500, 1500]
    assert table.column("total") == [150, 300, 450]
    assert paga.loan_cost(1500, 3) == 450


def test_a_monthly_ten_percent_is_a_tae_of_213_8_percent_not_120():
    assert paga.tae(Fraction(1, 10)) == Fraction(11, 10) ** 12 - 1
    assert round(float(paga.tae(Fraction(1, 10))) * 100, 1) == 213.8


def test_the_tournament_is_kit_sims_and_the_gambler_wins_most():
    t = paga.tournament(partidas=200, meses=3, semilla=2026)
    assert t.wins == paga.winners_by_sim(200, 3, 2026)
    assert t.wins == {"cautious_saver": 17, "borrower": 63, "gambler": 108, "do_nothing": 12}
    assert t.most_wins() == "gambler" and t.ties == 0
    assert t.share("gambler") == Fraction(108, 200)
    # where the money comes from (DDP-15 bets, DDP-06 lottery, DDP-17 fees)
    assert t.total("gambler", "apuestas") == 177
    assert t.total("gambler", "apostado") == 52923
    assert t.total("gambler", "apuesta") == 105547
    assert t.mean("cautious_saver", "libreta") > -t.mean("cautious_saver", "comisiones") > 0
    assert t.mean("borrower", "prestamos") < 0
    for name in ("cautious_saver", "borrower", "do_nothing"):
        assert t.total(name, "apuestas") == 0


def test_the_tournament_fortunes_are_the_games_own():
    t = paga.tournament(partidas=5, meses=1, semilla=3)
    rows = list(
        play_games("dia_de_paga", players=4, games=5, seed=3, months=1, policies=list(paga.BOTS))
    )
    for p, name in enumerate(paga.BOTS):
        assert t.total(name, "fortuna") == sum(row[f"fortune_{p}"] for row in rows)


def test_the_exercise_tournament_seed_7():
    t = paga.tournament(partidas=100, meses=3, semilla=7)
    assert t.share("gambler") == Fraction(11, 20)


def test_the_example_game_ends_as_the_lesson_says():
    board = paga.bots_board(meses=2, semilla=2028)  # the lesson's example (docs/guia/03)
    ended = paga.fortunes_table(board)
    assert ended.column("fortuna") == [3646, 3874, 7336, 3610]
    assert ended.column("resultado") == ["", "", "gana", ""]
    interest = paga.interest_of_game(board)
    assert interest.column("libreta") == [246, 0, 0, 0]
    assert interest.column("prestamos") == [0, -600, 0, 0]
    day = paga.payday_table(paga.last_payday(board, "Ahorradora"))
    assert day.column("euros")[:2] == [1500, 200]
    borrowed = paga.payday_table(paga.last_payday(board, "Prestataria"))
    assert -300 in borrowed.column("euros") and -3000 in borrowed.column("euros")


def test_the_law_of_large_numbers_run_is_seeded():
    once = paga.running_means(100, 1000, 2026, [10, 1000])
    assert once == paga.running_means(100, 1000, 2026, [10, 1000])
    assert len(once) == 2


def test_the_rules_table_reads_the_games_rules():
    rules = kit.load("dia_de_paga").rules
    table = paga.rules_table(rules)
    assert "10\u00a0%" in table.column("valor")
    assert rules.necessity_multiplier == 10 and rules.necessity_faces == (5, 6)


def test_ddp11_the_kitty_race_from_the_analysis():
    from kit.analysis.dia_de_paga import kitty_wait

    wait = kitty_wait(4)
    assert wait.mean == 6
    assert wait.seats[0] == Fraction(216, 671) and wait.seats[3] == Fraction(125, 671)
    assert Fraction(5, 6) ** 4 == Fraction(625, 1296)
