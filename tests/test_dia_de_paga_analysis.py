"""kit.analysis.dia_de_paga: exact landing probabilities of the month, the lottery, the
"En caso de necesidad" bet and the kitty, checked against the engine and against simulation."""

from __future__ import annotations

import math
from fractions import Fraction
from random import Random

import pytest

from kit.analysis import dia_de_paga as ddp
from kit.analysis.dia_de_paga import Move
from kit.games.dia_de_paga.actions import (
    DropInsurance,
    EndPayday,
    Gamble,
    KeepAll,
    NoStake,
    Pass,
    Roll,
    TakeLoan,
)
from kit.games.dia_de_paga.game import DEBT, MAIL, MOVE, OVER, DiaDePagaGame
from kit.games.dia_de_paga.load import load_rules

RULES = load_rules()
GAME = DiaDePagaGame(RULES)
DAYS = range(1, 32)
TC = next(d.day for d in RULES.days if d.kind == "time_change")


def within(freq: float, p: Fraction, n: int, k: float = 4.0) -> bool:
    """``freq`` of ``n`` trials is within ``k`` standard errors of ``p`` (at least 1/n apart)."""
    se = math.sqrt(float(p) * (1 - float(p)) / n)
    return abs(freq - float(p)) <= max(k * se, 1 / n)


# ------------------------------------------------------------------ DDP-02 the month's landings
def test_ddp_02_every_token_lands_on_day_31():
    hit, count = ddp.landing_days(), ddp.expected_landings_by_day()
    assert list(hit) == list(DAYS) and list(count) == list(DAYS)
    assert all(isinstance(p, Fraction) and 0 < p <= 1 for p in hit.values())
    assert hit[31] == 1 and count[31] == 1  # every token stops there, exactly once


def test_ddp_02_the_first_six_days_follow_the_renewal_formula():
    # before any square can send a token back, P(land on d) = (1/6)(7/6)^(d-1)
    hit = ddp.landing_days()
    assert all(hit[d] == Fraction(1, 6) * Fraction(7, 6) ** (d - 1) for d in range(1, 7))
    assert hit[7] == sum(hit[d] for d in range(1, 7)) / 6  # from day 1..6 with the right roll


def test_ddp_02_a_move_is_the_engines_advance_unless_it_lands_on_the_time_change():
    for day in range(0, 31):
        for roll in range(1, 7):
            move = ddp.one_move(day, roll)
            target = GAME.advance(day, roll)
            assert move.landings[0] == target
            if target != TC:
                assert move == Move((target,))
    assert ddp.one_move(28, 6) == Move((31,))
    assert ddp.moves()[28][Move((31,))] == Fraction(2, 3)
    with pytest.raises(ValueError, match="position 0 to 30"):
        ddp.one_move(31, 1)


# ------------------------------------------------------------------ DDP-10 the time change
def test_ddp_10_the_lander_moves_back_and_the_day_before_counts_as_a_landing():
    assert ddp.one_move(TC - 1, 1) == Move((TC, TC - 1))  # the engine follows the day before
    assert ddp.moves()[TC - 1][Move((TC, TC - 1))] == Fraction(1, 6)
    hit, count = ddp.landing_days(), ddp.expected_landings_by_day()
    # only the time change and the day before it can be landed on twice in a month
    assert [d for d in DAYS if hit[d] != count[d]] == [TC - 1, TC]
    assert count[TC - 1] > hit[TC - 1] > hit[TC] and count[TC] > hit[TC]
    # each landing is one roll, or the move back that follows a landing on the time change
    assert sum(count.values()) == ddp.expected_rolls() + count[TC]


# ------------------------------------------------------------------ the exact month vs. dice
def test_exact_month_agrees_with_200_000_seeded_months():
    n = 200_000
    table = {(d, r): ddp.one_move(d, r).landings for d in range(31) for r in range(1, 7)}
    rng = Random(2026)
    ever = dict.fromkeys(DAYS, 0)
    total = dict.fromkeys(DAYS, 0)
    for _ in range(n):
        pos, seen = 0, set()
        while pos != 31:
            landings = table[pos, rng.randrange(6) + 1]
            for d in landings:
                total[d] += 1
            seen.update(landings)
            pos = landings[-1]
        for d in seen:
            ever[d] += 1
    hit, count = ddp.landing_days(), ddp.expected_landings_by_day()
    bad = [d for d in DAYS if not within(ever[d] / n, hit[d], n)]
    assert not bad, [(d, ever[d] / n, float(hit[d])) for d in bad]
    # the mean number of landings: within 4 standard errors (landings per day are 0, 1 or a few)
    assert all(abs(total[d] / n - float(count[d])) < 4 * math.sqrt(2 / n) for d in DAYS)


def _neutral(state):
    """The action that changes nothing (no decision moves a token); a loan when cash is short."""
    legal = state.legal_actions()
    if state.phase == DEBT:
        return max((a for a in legal if isinstance(a, TakeLoan)), key=lambda a: a.amount)
    kinds = (Pass, KeepAll, NoStake, DropInsurance, EndPayday, Roll)
    return next(a for a in legal if isinstance(a, kinds))


def test_ddp_10_exact_month_agrees_with_whole_games_played_by_the_engine():
    # one token moves (the other player has finished, so the time change does not move him)
    n = 10_000
    rng = Random(31)
    ever = dict.fromkeys(DAYS, 0)
    for _ in range(n):
        s = DiaDePagaGame(RULES, 2, months=1).start_state()
        s.finished[1], s.pos[1] = True, 31
        seen = set()
        while s.phase != OVER:
            before = s.pos[0]
            if s.is_chance():
                outcome = s.sample_chance(rng)
                if s.phase == MOVE:
                    seen.add(GAME.advance(before, outcome))  # DDP-02: where the die takes him
                s.apply_chance(outcome)
            else:
                s.apply(_neutral(s))
            if s.pos[0] != before:
                seen.add(s.pos[0])  # DDP-10: where the time change puts him
        for d in seen:
            ever[d] += 1
    hit = ddp.landing_days()
    bad = [d for d in DAYS if not within(ever[d] / n, hit[d], n)]
    assert not bad, [(d, ever[d] / n, float(hit[d])) for d in bad]


# ------------------------------------------------------------------ the square kinds
def test_ddp_03_expected_mail_cards_per_month():
    count = ddp.expected_landings_by_day()
    mail = [d for d in RULES.days if d.kind == "mail"]
    assert ddp.expected_landings("mail") == sum(count[d.day] for d in mail)
    by = ddp.mail_cards_by_count()
    assert set(by) == {1, 2, 3}
    assert by[2] == 2 * sum(count[d.day] for d in mail if d.count == 2)
    assert (
        ddp.expected_mail_cards() == sum(d.count * count[d.day] for d in mail) == sum(by.values())
    )
    assert 4 < ddp.expected_mail_cards() < 5
    # DDP-07: the event cards that deal mail, at their mean over the 16 cards
    mean = Fraction(sum(e.amount for e in RULES.events if e.effect == "mail"), len(RULES.events))
    assert ddp.expected_event_mail_cards() == ddp.expected_landings("event") * mean


def test_ddp_08_ddp_09_chance_of_the_single_squares_at_least_once():
    hit = ddp.landing_days()
    for kind in ("lottery", "birthday", "election", "time_change"):
        (day,) = [d.day for d in RULES.days if d.kind == kind]
        assert ddp.chance_of_landing(kind) == hit[day]
        assert ddp.month_summary()[f"P({kind} at least once)"] == hit[day]
    # several days of a kind: at least once is below the expected count, above any single day
    for kind in ("acquisition", "sell", "mail"):
        days = [d.day for d in RULES.days if d.kind == kind]
        p = ddp.chance_of_landing(kind)
        assert max(hit[d] for d in days) < p < ddp.expected_landings(kind)
    assert ddp.chance_of_landing("payday") == 1 == ddp.expected_landings("payday")
    with pytest.raises(ValueError, match="not a kind of day"):
        ddp.expected_landings("casino")


def test_a_rule_set_or_game_gives_the_same_answers():
    assert ddp.landing_days(GAME) == ddp.landing_days() == ddp.landing_days(RULES)
    summary = ddp.month_summary()
    assert summary["mail cards"] == ddp.expected_mail_cards()
    assert summary["rolls"] == ddp.expected_rolls() and 9 < summary["rolls"] < 10


def test_landing_table_is_a_dataframe_of_exact_fractions():
    pytest.importorskip("pandas")
    table = ddp.landing_table()
    assert list(table.index) == list(DAYS)
    assert table.loc[31, "P(land)"] == 1 and table.loc[TC, "kind"] == "time_change"
    assert table.loc[TC - 1, "E[landings]"] == ddp.expected_landings_by_day()[TC - 1]


# ------------------------------------------------------------------ DDP-06 the lottery
@pytest.mark.parametrize("k", range(1, 7))
def test_ddp_06_lottery_each_chosen_number_wins_one_in_k(k):
    odds = ddp.lottery_odds(k)
    assert set(odds) == set(range(1, k + 1)) and all(q == Fraction(1, k) for q in odds.values())
    gain = ddp.lottery_gain(k)
    assert gain.expectation() == Fraction(1000, k)  # the bank's 1000 € shared out
    assert gain[-100] == 1 - Fraction(1, k) and gain[1000 + 100 * k - 100] == Fraction(1, k)


def test_ddp_06_the_winning_number_is_the_die_given_the_chosen_numbers():
    assert dict(ddp.lottery_odds(3, (2, 5, 6))) == dict.fromkeys((2, 5, 6), Fraction(1, 3))
    for bad in (0, 7, True, 2.0):
        with pytest.raises(ValueError, match="1 to 6 participants"):
            ddp.lottery_odds(bad)
    with pytest.raises(ValueError, match="different numbers"):
        ddp.lottery_odds(2, (4, 4))
    with pytest.raises(ValueError, match="different numbers"):
        ddp.lottery_odds(2, (1, 7))


# ------------------------------------------------------------------ DDP-15 En caso de necesidad
@pytest.mark.parametrize("stake", [1, 100, 150, 299])
def test_ddp_15_necessity_bet_expects_seven_thirds_of_the_stake(stake):
    bet = ddp.necessity_bet(stake)
    assert dict(bet) == {-stake: Fraction(2, 3), 9 * stake: Fraction(1, 3)}
    assert bet.expectation() == Fraction(7 * stake, 3)


@pytest.mark.parametrize("stake", [0, -50, 300, 1000, 100.0, "100", True])
def test_ddp_15_bad_stakes_are_refused(stake):
    with pytest.raises(ValueError) as err:
        ddp.necessity_bet(stake)
    assert type(err.value) is ValueError and "\n" not in str(err.value)


def test_ddp_15_necessity_bet_agrees_with_the_engine_face_by_face():
    card = next(i for i, c in enumerate(RULES.mail) if c.kind == "necessity")
    bet = ddp.necessity_bet(200)
    for face in range(1, 7):
        s = DiaDePagaGame(RULES, 2).start_state()
        s.piles[MAIL].remove(card)
        s.necessity[0].append(card)
        before = s.cash[0]
        s.apply(Gamble(200))
        s.apply_chance(face)
        assert s.cash[0] - before in bet and (s.cash[0] - before > 0) == (face in (5, 6))


# ------------------------------------------------------------------ DDP-11 the kitty
@pytest.mark.parametrize("players", range(1, 7))
def test_ddp_11_kitty_shares_sum_to_one_and_seat_0_is_the_largest(players):
    wait = ddp.kitty_wait(players)
    seats = wait.seats
    assert sum(seats.values()) == 1 and list(seats) == list(range(players))
    assert all(seats[i] > seats[i + 1] for i in range(players - 1))
    q = Fraction(5, 6)
    assert all(seats[i] == q**i / 6 / (1 - q**players) for i in range(players))


def test_ddp_11_the_wait_for_the_first_six_is_geometric_with_mean_6():
    wait = ddp.kitty_wait(4, rolls=20)
    assert wait.mean == 6
    assert wait.first_rolls[1] == Fraction(1, 6) and wait.first_rolls[2] == Fraction(5, 36)
    assert sum(wait.first_rolls.values()) + wait.later == 1
    assert wait.seats[0] == Fraction(216, 671)
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ValueError):
            ddp.kitty_wait(bad)


# ------------------------------------------------------------------ a light module
def test_importing_the_analysis_needs_no_numpy_pandas_sympy_or_matplotlib(run_light):
    out = run_light(
        """
        import kit.analysis.dia_de_paga as ddp
        print(ddp.landing_days()[31], ddp.lottery_odds(4)[1], ddp.necessity_bet(3).expectation())
        """
    )
    assert out == ["1 1/4 7"]
