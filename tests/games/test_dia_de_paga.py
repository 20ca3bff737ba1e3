"""Día de Paga: one test (at least) per rule DDP-01..19, named by its id, plus the contract.

States are built past the set-up with the decks in printed order (``game.start_state()``); a test
puts the card it needs on top of its pile and the token where it needs it, then rolls.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from kit.games.core import CHANCE, TERMINAL, IllegalAction, State, TooManyOutcomes
from kit.games.dia_de_paga.actions import (
    Buy,
    Deposit,
    DropInsurance,
    EndPayday,
    Gamble,
    KeepAll,
    KeepInsurance,
    NoStake,
    Pass,
    Repay,
    Roll,
    Sell,
    Stake,
    TakeLoan,
    Withdraw,
    action_from_dict,
    action_to_dict,
)
from kit.games.dia_de_paga.game import (
    ACQUISITIONS,
    BANK,
    BUY,
    COMMISSION,
    DEBT,
    DRAW,
    EVENTS,
    INSURANCE,
    KITTY,
    LOTTERY,
    MAIL,
    MOVE,
    NECESSITY,
    OVER,
    REPAY,
    SELL,
    SHUFFLE,
    TURN,
    Balance,
    Debt,
    DiaDePagaGame,
    DiaDePagaState,
    Holding,
    PayLine,
    interest,
)
from kit.games.dia_de_paga.load import load_rules

RULES = load_rules()
DAY = {d.kind: d.day for d in reversed(RULES.days)}  # the first day of each kind
MAIL1 = next(d.day for d in RULES.days if d.kind == "mail" and d.count == 1)
MAIL2 = next(d.day for d in RULES.days if d.kind == "mail" and d.count == 2)
MAIL3 = next(d.day for d in RULES.days if d.kind == "mail" and d.count == 3)
TC = DAY["time_change"]


def game(players: int = 3, months: int = 1, **kw) -> DiaDePagaGame:
    return DiaDePagaGame(RULES, players, months=months, **kw)


def fresh(players: int = 3, months: int = 1, **kw) -> DiaDePagaState:
    return game(players, months, **kw).start_state()


def conserved(s: DiaDePagaState) -> bool:
    return s.money_in_play() == s.game.start_total + s.paid_out - s.taken_in


def roll(s: DiaDePagaState, d: int) -> DiaDePagaState:
    s.apply(Roll())
    s.apply_chance(d)
    return s


def land(s: DiaDePagaState, day: int, d: int = 1) -> DiaDePagaState:
    """The player to act stands ``d`` days before ``day`` and rolls ``d``."""
    s.pos[s.cur] = day - d
    return roll(s, d)


def mail_id(kind: str, k: int = 0) -> str:
    return [c.id for c in RULES.mail if c.kind == kind][k]


def on_top(s: DiaDePagaState, deck: int, *ids: str) -> None:
    """Put the cards ``ids`` on top of pile ``deck`` (MAIL, ACQUISITIONS or EVENTS)."""
    cards = (RULES.mail, RULES.acquisitions, RULES.events)[deck]
    index = [next(i for i, c in enumerate(cards) if c.id == x) for x in ids]
    for i in index:
        s.piles[deck].remove(i)
    s.piles[deck][0:0] = index


def give_mail(s: DiaDePagaState, p: int, *ids: str) -> None:
    for x in ids:
        i = s.game.mail_index[x]
        s.piles[MAIL].remove(i)
        s.mail[p].append(i)


def unchanged(s: DiaDePagaState, action) -> IllegalAction:
    """``action`` is refused with IllegalAction and the state is left exactly as it was; the
    refusal (its message key and values) is returned."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert s.to_json() == before
    assert s.refusal(action).key == err.value.key and str(err.value)
    return err.value


# ------------------------------------------------------------------ DDP-01 set-up and turns
def test_ddp_01_start_money_players_months_and_one_die():
    s = fresh(4, months=2)
    assert s.cash == [1500] * 4 and RULES.start_money == 1500
    assert s.pos == [0] * 4 and s.month == [1] * 4
    assert len(RULES.days) == 31
    s.apply(Roll())
    outcomes = s.chance_outcomes()
    assert [o for o, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(q == Fraction(1, 6) for _, q in outcomes) and sum(q for _, q in outcomes) == 1
    for bad in (1, 7):
        with pytest.raises(ValueError, match="players"):
            game(bad)
    with pytest.raises(ValueError, match="months"):
        game(3, months=0)
    DiaDePagaGame(RULES, 6, months=24)  # up to 6 players, any number of months


def test_ddp_01_the_youngest_starts_and_play_goes_clockwise():
    s = fresh(4, youngest=2)
    assert s.phase == TURN and s.current_player() == 2
    seen = []
    for _ in range(5):
        seen.append(s.current_player())
        land(s, DAY["quiet"])
    assert seen == [2, 3, 0, 1, 2]


def test_ddp_01_setup_shuffles_are_sampled_chance_nodes():
    from random import Random

    s = game(3).new_state()
    assert isinstance(s, State) and s.is_chance() and s.current_player() == CHANCE
    for size in (80, len(RULES.acquisitions), 16):
        assert s.phase == SHUFFLE
        with pytest.raises(TooManyOutcomes, match="sample_chance"):
            s.chance_outcomes()
        order = s.sample_chance(Random(1))
        assert sorted(order) == list(range(size))
        s.apply_chance(order)
    assert s.phase == TURN
    t = game(3).new_state()
    with pytest.raises(IllegalAction) as err:
        t.apply_chance((0, 0, 1))
    assert err.value.key == "rules_dia_de_paga.bad_shuffle"
    assert t.phase == SHUFFLE and t.piles[MAIL] == list(range(80))


# ------------------------------------------------------------------ DDP-02 movement
@pytest.mark.parametrize("start", [0, 20, 25, 26, 28, 30])
def test_ddp_02_a_roll_never_passes_day_31(start):
    for d in range(1, 7):
        s = fresh(2, months=2)
        s.pos[0] = start
        s.apply(Roll())
        s.apply_chance(d)
        # a move to 31 is a payday: the token is back on Salida in month 2
        if start + d >= 31:
            assert s.month[0] == 2 and s.pos[0] == 0
        else:
            assert s.pos[0] == start + d
    assert [DiaDePagaGame.advance(28, d) for d in range(1, 7)] == [29, 30, 31, 31, 31, 31]
    s = fresh(2, months=1)
    land(s, 31, 6)  # from 25, a six: day 31, not 32
    assert s.finished[0] and s.pos[0] == 31


# ------------------------------------------------------------------ DDP-03 mail
def test_ddp_03_mail_days_deal_the_printed_number_face_down_until_payday():
    for day, count in ((MAIL1, 1), (MAIL2, 2), (MAIL3, 3)):
        s = fresh()
        top = s.piles[MAIL][:count]
        land(s, day)
        assert s.mail[0] == top and len(s.piles[MAIL]) == 80 - count
        assert s.cash[0] == 1500  # nothing paid before payday
    s = fresh()
    on_top(s, MAIL, mail_id("bill"), mail_id("bill", 1))
    land(s, MAIL2)
    owed = sum(RULES.mail[c].amount for c in s.mail[0])
    s.pos[0] = 30
    s.cur = 0
    roll(s, 1)
    assert s.cash[0] == 1500 + 1500 - owed and s.mail[0] == []


# ------------------------------------------------------------------ DDP-04 acquisitions
def test_ddp_04_buy_the_top_acquisition_or_put_it_at_the_bottom():
    s = fresh()
    top = s.piles[ACQUISITIONS][0]
    card = RULES.acquisitions[top]
    land(s, DAY["acquisition"])
    assert s.phase == BUY and s.current_player() == 0 and Buy() in s.legal_actions()
    s.apply(Buy())
    assert (
        s.cash[0] == 1500 - card.price
        and s.owned[0] == [Holding(card=top, bought=1)]
        and top not in s.piles[ACQUISITIONS]
    )
    assert conserved(s)
    t = fresh()
    land(t, DAY["acquisition"])
    t.apply(Pass())
    assert t.piles[ACQUISITIONS][-1] == top and t.cash[0] == 1500 and t.owned[0] == []


def test_ddp_04_any_number_may_be_owned():
    s = fresh(2)
    acq = [d.day for d in RULES.days if d.kind == "acquisition"]
    s.cash[0] = 100_000
    s.paid_out += 100_000 - 1500
    for day in acq[:3]:
        s.cur = 0
        land(s, day)
        s.apply(Buy())
    assert len(s.owned[0]) == 3 and conserved(s)


def test_ddp_04_acquisition_cards_expire_after_two_months():
    s = fresh(2, months=3)
    land(s, DAY["acquisition"])
    s.apply(Buy())
    c = s.owned[0][0].card
    s.cur = 0
    land(s, 31)  # payday of month 1: the card lives on
    assert [held.card for held in s.owned[0]] == [c] and s.month[0] == 2
    s.cur = 0
    land(s, 31)  # payday of month 2: two months are over
    assert s.owned[0] == [] and s.piles[ACQUISITIONS][-1] == c


def test_ddp_04_buying_needs_the_cash_a_loan_first_is_allowed():
    s = fresh()
    s.piles[ACQUISITIONS].sort(key=lambda i: -RULES.acquisitions[i].price)
    land(s, DAY["acquisition"])
    s.cash[0] = 100
    s.taken_in += 1400
    assert Buy() not in s.legal_actions()
    assert unchanged(s, Buy()).key == "rules_dia_de_paga.buy_cash"
    s.apply(TakeLoan(1500))
    s.apply(Buy())
    assert s.loans[0] == 1500 and conserved(s)


# ------------------------------------------------------------------ DDP-05 selling
def selling(players: int = 3, kitty: int = 0) -> tuple[DiaDePagaState, object]:
    """Seat 0 has sold acquisition 0 on a sell day: the commission's roll-off is next."""
    s = fresh(players)
    s.piles[ACQUISITIONS].remove(0)
    s.owned[0].append(Holding(card=0, bought=1))
    s.kitty, s.paid_out = kitty, kitty
    land(s, DAY["sell"])
    card = RULES.acquisitions[0]
    s.apply(Sell(card.id))
    return s, card


def test_ddp_05_sell_at_real_value_and_the_commission_goes_to_the_highest_roller():
    s, card = selling(3)
    assert s.cash[0] == 1500 + card.value and s.owned[0] == [] and s.piles[ACQUISITIONS][-1] == 0
    assert card.commission > 0 and s.phase == COMMISSION and s.is_chance()
    assert s.chance_outcomes() == [(f, Fraction(1, 6)) for f in range(1, 7)]  # one die
    for face in (2, 5, 3):  # the seller first, then clockwise: seat 1 rolls highest
        s.apply_chance(face)
    assert s.cash == [1500 + card.value, 1500 + card.commission, 1500]
    assert s.phase == TURN and conserved(s)
    assert s.events[-2:] == [
        {"kind": "rolloff_roll", "player": 2, "roll": 3, "round": 1},
        {
            "kind": "commission_won",
            "player": 1,
            "amount": card.commission,
            "card": card.id,
            "name": card.name,
        },
    ]


def test_ddp_05_those_tied_for_the_highest_roll_again():
    s, card = selling(3)
    for face in (4, 1, 4):  # seats 0 and 2 tie for the highest
        s.apply_chance(face)
    assert s.phase == COMMISSION
    assert s.events[-1] == {"kind": "rolloff_tie", "players": [0, 2], "roll": 4}
    s.apply_chance(3)  # seat 0 again
    assert s.phase == COMMISSION
    s.apply_chance(5)  # seat 2 again: he wins
    assert s.cash == [1500 + card.value, 1500, 1500 + card.commission] and s.phase == TURN


def commission_odds(s: DiaDePagaState) -> dict[int, Fraction]:
    """P(each seat wins the commission), exactly, from the roll-off's chance nodes.

    A round is walked die by die; a round that ends in a tie starts the roll-off again among
    the tied: a smaller set is solved first, and the same set (everybody tied) is the equation
    P = direct + P(again)·P, so P = direct / (1 − P(again))."""
    solved: dict[tuple[int, ...], dict[int, Fraction]] = {}

    def round_of(start: DiaDePagaState) -> dict[int, Fraction]:
        rollers = tuple(start.task["in"])
        if rollers in solved:
            return solved[rollers]
        direct: dict[int, Fraction] = {}
        again = Fraction(0)

        def walk(node: DiaDePagaState, p: Fraction) -> None:
            nonlocal again
            for face, q in node.chance_outcomes():
                child = node.chance_child(face)
                won = [e["player"] for e in child.events if e["kind"] == "commission_won"]
                if won:
                    direct[won[0]] = direct.get(won[0], Fraction(0)) + p * q
                elif child.task["rolls"]:
                    walk(child, p * q)  # the round goes on
                elif tuple(child.task["in"]) == rollers:
                    again += p * q
                else:
                    for seat, r in round_of(child).items():
                        direct[seat] = direct.get(seat, Fraction(0)) + p * q * r

        walk(start, Fraction(1))
        solved[rollers] = {seat: x / (1 - again) for seat, x in direct.items()}
        return solved[rollers]

    return round_of(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ddp_05_every_seat_wins_the_commission_with_probability_one_over_n(players):
    """By symmetry each of n players wins the roll-off with probability 1/n, whoever sells and
    rolls first; computed exactly from the engine's chance nodes (ties and re-rolls included)."""
    s, _ = selling(players)
    odds = commission_odds(s)
    assert odds == {seat: Fraction(1, players) for seat in range(players)}


def test_ddp_11_a_six_in_the_sell_day_roll_off_wins_the_kitty():
    s, card = selling(3, kitty=300)
    s.apply_chance(3)  # seat 0
    s.apply_chance(6)  # seat 1: the first six wins the kitty (DDP-11)
    assert s.kitty == 0 and s.cash[1] == 1500 + 300
    assert {"kind": "kitty_won", "player": 1, "amount": 300, "six": "rolloff"} in s.events
    s.apply_chance(6)  # seat 2: a six too, but the kitty is empty now; he ties with seat 1
    assert s.cash[2] == 1500 and s.phase == COMMISSION
    s.apply_chance(6)  # seat 1 again
    s.apply_chance(2)  # seat 2 again
    assert s.cash[1] == 1500 + 300 + card.commission and s.phase == TURN and conserved(s)


def test_ddp_05_only_own_acquisitions_can_be_sold_and_none_means_no_decision():
    s = fresh()
    land(s, DAY["sell"])
    assert s.phase == TURN and s.cur == 1  # nothing to sell: the turn passes
    t = fresh()
    t.piles[ACQUISITIONS].remove(0)
    t.owned[0].append(Holding(card=0, bought=1))
    land(t, DAY["sell"])
    problem = unchanged(t, Sell(RULES.acquisitions[1].id))
    assert problem.key == "rules_dia_de_paga.sell_not_owned"
    assert problem.values["owned"] == RULES.acquisitions[0].id
    t.apply(KeepAll())
    assert t.owned[0] == [Holding(card=0, bought=1)]


# ------------------------------------------------------------------ DDP-06 lottery
def test_ddp_06_lottery_lander_first_then_clockwise_numbers_differ():
    s = fresh(4)
    s.cur = 2
    land(s, DAY["lottery"])
    assert s.phase == LOTTERY and s.current_player() == 2
    s.apply(Stake(3))
    assert s.current_player() == 3
    problem = unchanged(s, Stake(3))
    assert problem.key == "rules_dia_de_paga.lottery_taken"
    assert problem.values["free"] == [1, 2, 4, 5, 6]
    assert Stake(3) not in s.legal_actions()
    s.apply(Stake(5))
    assert s.current_player() == 0
    s.apply(NoStake())
    s.apply(Stake(1))
    assert s.phase == DRAW and s.pot == 300 + 1000 and conserved(s)
    assert sum(q for _, q in s.chance_outcomes()) == 1


def test_ddp_06_ddp_11_lottery_rolls_until_a_chosen_number_and_its_six_keeps_the_kitty():
    s = fresh(3)
    s.kitty = 200
    s.paid_out += 200
    land(s, DAY["lottery"])
    s.apply(Stake(2))
    s.apply(Stake(4))
    s.apply(NoStake())
    for face in (6, 1, 3, 5):  # nobody's number: roll again; a six here does not win the kitty
        s.apply_chance(face)
        assert s.phase == DRAW and s.kitty == 200
    s.apply_chance(4)
    assert s.cash[1] == 1500 - 100 + 200 + 1000 and s.cash[0] == 1400 and s.pot == 0
    assert s.kitty == 200 and s.phase == TURN and conserved(s)


def test_ddp_06_nobody_stakes_nothing_happens():
    s = fresh(2)
    land(s, DAY["lottery"])
    s.apply(NoStake())
    s.apply(NoStake())
    assert s.phase == TURN and s.paid_out == 0 and s.cash == [1500, 1500]
    assert s.events == [{"kind": "lottery_empty", "player": 0}]


# ------------------------------------------------------------------ DDP-07 events
@pytest.mark.parametrize("card", RULES.events, ids=lambda c: c.id)
def test_ddp_07_event_card_is_followed_and_goes_to_the_bottom(card):
    s = fresh(3)
    on_top(s, EVENTS, card.id)
    land(s, DAY["event"])
    a = card.amount
    expected = {
        "receive": ([1500 + a, 1500, 1500], 0),
        "pay": ([1500 - a, 1500, 1500], 0),
        "pay_kitty": ([1500 - a, 1500, 1500], a),
        "receive_from_each": ([1500 + 2 * a, 1500 - a, 1500 - a], 0),
        "pay_each": ([1500 - 2 * a, 1500 + a, 1500 + a], 0),
        "mail": ([1500, 1500, 1500], 0),
    }[card.effect]
    assert (s.cash, s.kitty) == expected
    if card.effect == "mail":
        assert len(s.mail[0]) == a
    assert RULES.events[s.piles[EVENTS][-1]] == card and conserved(s)


# ------------------------------------------------------------------ DDP-08, DDP-09
def test_ddp_08_birthday_every_other_player_pays_150():
    s = fresh(4)
    s.cur = 1
    land(s, DAY["birthday"])
    assert s.cash == [1350, 1500 + 450, 1350, 1350] and conserved(s)


def test_ddp_09_election_everyone_pays_150_into_the_kitty():
    s = fresh(3)
    land(s, DAY["election"])
    assert s.cash == [1350] * 3 and s.kitty == 450 and conserved(s)


# ------------------------------------------------------------------ DDP-10 time change
def test_ddp_10_time_change_everyone_moves_back_one_and_follows():
    s = fresh(4)
    s.pos = [TC - 2, TC + 1, 9, 8]  # 0 rolls onto the time change; 1 sits just past it
    s.piles[ACQUISITIONS].sort(key=lambda i: RULES.acquisitions[i].price)
    roll(s, 2)
    # the lander moves back onto the acquisition day before the time change, and may buy
    assert s.pos[0] == TC - 1 and s.phase == BUY and s.current_player() == 0
    s.apply(Pass())
    # player 1 moved back onto the time change: back again to the acquisition day, no second change
    assert s.pos[1] == TC - 1 and s.phase == BUY and s.current_player() == 1
    s.apply(Pass())
    assert s.pos[2] == 8 and len(s.mail[2]) == 1  # each followed his new day: mail
    assert s.pos[3] == 7 and s.mail[3] == []  # a Sunday
    assert s.phase == TURN and s.cur == 1 and conserved(s)


def test_ddp_10_moving_back_from_salida_lands_on_day_31_with_the_salary():
    s = fresh(3)
    s.pos = [TC - 1, 0, 5]
    roll(s, 1)
    s.apply(Pass())  # the lander is back on the acquisition day; then player 1 moves back
    assert s.cash[1] == 1500 + RULES.salary  # payday on day 31, then back to Salida
    assert s.pos[1] == 0 and s.month[1] == 1 and not s.finished[1]
    assert s.pos[2] == 4 and conserved(s)


def test_ddp_10_a_player_on_day_1_moves_back_onto_salida_and_nothing_happens():
    s = fresh(3)
    s.pos = [TC - 1, 1, 5]
    roll(s, 1)
    s.apply(Pass())  # the lander, back on the acquisition day
    assert s.pos[1] == 0 and s.cash[1] == 1500 and s.payslips == [] and s.mail[1] == []
    back = [e for e in s.events if e["kind"] == "moved_back"]
    assert back == [
        {"kind": "moved_back", "player": 1, "from": 1, "day": 0},
        {"kind": "moved_back", "player": 2, "from": 5, "day": 4},
    ]
    assert s.phase == TURN and conserved(s)


# ------------------------------------------------------------------ DDP-11 kitty
def test_ddp_11_the_first_six_wins_the_kitty():
    s = fresh(3)
    land(s, DAY["election"])
    assert s.kitty == 450
    s.pos[1] = 0
    roll(s, 5)
    assert s.kitty == 450
    s.pos[2] = DAY["quiet"] - 6
    roll(s, 6)
    assert s.kitty == 0 and s.cash[2] == 1350 + 450
    s.pos[0] = DAY["quiet"] - 6
    roll(s, 6)  # the kitty is empty now: nothing more to win
    assert s.cash[0] == 1350
    assert conserved(s)


# ------------------------------------------------------------------ DDP-12 payday
def test_ddp_12_payday_salary_interest_bills_mail_discarded_and_back_to_start():
    s = fresh(2, months=2)
    bill, income = mail_id("bill"), mail_id("income")
    give_mail(s, 0, bill, income, mail_id("postcard"))
    s.savings[0] = 1000
    s.cash[0] = 500
    s.apply(TakeLoan(3000))
    b = RULES.mail[s.game.mail_index[bill]].amount
    g = RULES.mail[s.game.mail_index[income]].amount
    land(s, 31)
    assert s.phase == REPAY
    assert s.cash[0] == 500 + 3000 + 1500 + g - b - 300  # salary, mail money, bill, loan interest
    assert s.savings[0] == 1100  # 10 % on the savings book
    s.apply(Repay(1500))
    assert s.loans[0] == 1500 and s.pos[0] == 0 and s.month[0] == 2 and s.mail[0] == []
    discarded = {s.game.mail_index[x] for x in (bill, income, mail_id("postcard"))}
    assert set(s.piles[MAIL][-3:]) == discarded  # paid mail goes back under the pile
    assert s.phase == TURN and s.cur == 1 and conserved(s)


def test_ddp_12_order_salary_and_savings_interest_then_the_mail_then_loan_interest():
    """RULES.md's reading: salary and savings interest first, the mail opened and paid, then
    the loan interest and the repayment decision."""
    s = fresh(2)
    s.apply(TakeLoan(1500))
    s.apply(Deposit(1000))
    give_mail(s, 0, mail_id("bill"), mail_id("income"))
    land(s, 31)
    lines = [(e["line"], e["amount"]) for e in s.events if e["kind"] == "payday_line"]
    bill, income = (RULES.mail[s.game.mail_index[mail_id(k)]].amount for k in ("bill", "income"))
    assert lines == [
        ("salary", 1500),
        ("savings_interest", 100),
        ("income", income),
        ("bill", -bill),
        ("loan_interest", -150),
    ]
    assert s.phase == REPAY and s.cash[0] == 1500 + 1500 - 1000 + 1500 + income - bill - 150


def test_ddp_12_last_month_discards_acquisitions_and_the_player_waits():
    s = fresh(2, months=1)
    land(s, DAY["acquisition"])
    s.apply(Buy())
    s.cur = 0
    land(s, 31)
    assert s.owned[0] == [] and s.finished[0] and s.pos[0] == 31
    assert s.cur == 1
    land(s, DAY["quiet"])
    assert s.cur == 1  # the finished player's turns are skipped


# ------------------------------------------------------------------ DDP-13 debts, waiting
def test_ddp_13_a_player_who_cannot_pay_on_payday_takes_a_loan():
    s = fresh(2)
    give_mail(s, 0, *(c.id for c in RULES.mail if c.kind == "bill"))
    total = sum(c.amount for c in RULES.mail if c.kind == "bill")
    s.cash[0] = 0
    s.taken_in += 1500
    land(s, 31)
    assert s.phase == DEBT and s.current_player() == 0
    short = total - 1500
    need = -(-short // 1500) * 1500
    assert TakeLoan(need) in s.legal_actions()
    assert all(type(a) in (TakeLoan, Withdraw, Gamble, Deposit) for a in s.legal_actions())
    unchanged(s, Roll())
    s.apply(TakeLoan(need))
    # DDP-12 reading: loan interest comes after the mail is paid, on what he owes then
    assert s.loans[0] == need and s.cash[0] == 1500 + need - total - need // 10
    assert s.phase == REPAY and min(s.cash) >= 0 and conserved(s)


def test_ddp_13_a_finished_player_joins_lotteries_and_pays_birthdays():
    s = fresh(3)
    land(s, 31)
    assert s.finished[0]
    s.cash[0] = 50
    s.taken_in += 1500 + 1500 - 50
    land(s, DAY["lottery"])  # player 1
    assert s.current_player() == 1
    s.apply(NoStake())
    s.apply(NoStake())
    assert s.current_player() == 0  # the finished player is asked too
    s.apply(TakeLoan(1500))
    s.apply(Stake(6))
    assert s.phase == DRAW
    s.apply_chance(6)
    assert s.cash[0] == 1550 - 100 + 1100
    s2 = fresh(3)
    land(s2, 31)
    s2.cash[0] = 100
    s2.taken_in += 2900
    land(s2, DAY["birthday"])  # player 1's birthday: the finished player 0 must pay
    assert s2.phase == DEBT and s2.current_player() == 0
    s2.apply(TakeLoan(1500))
    assert s2.cash[0] == 1450 and s2.cash[1] == 1800 and conserved(s2)


# ------------------------------------------------------------------ DDP-14 insurance
def test_ddp_14_harmless_mail_costs_nothing():
    s = fresh(2)
    give_mail(s, 0, mail_id("postcard"), mail_id("advert"))
    land(s, 31)
    assert s.cash[0] == 3000


def test_ddp_14_insurance_kept_exempts_from_doctor_bills_for_good():
    s = fresh(2, months=2)
    doc, ins = mail_id("doctor"), mail_id("health_insurance")
    give_mail(s, 0, doc, ins)
    premium = RULES.mail[s.game.mail_index[ins]].amount
    land(s, 31)
    assert s.phase == INSURANCE and s.task["card"] == s.game.mail_index[ins]
    s.apply(KeepInsurance(ins))
    assert s.cash[0] == 3000 - premium and ins in [RULES.mail[c].id for c in s.insured[0]]
    s.cur = 0
    give_mail(s, 0, mail_id("doctor", 1))
    land(s, 31)
    assert s.cash[0] == 4500 - premium  # month 2: no doctor bill to pay either


def test_ddp_14_insurance_dropped_means_paying_the_garage():
    s = fresh(2)
    gar, ins = mail_id("garage"), mail_id("car_insurance")
    give_mail(s, 0, gar, ins)
    land(s, 31)
    s.apply(DropInsurance(ins))
    assert s.cash[0] == 3000 - RULES.mail[s.game.mail_index[gar]].amount and s.insured[0] == []
    assert unchanged(s, DropInsurance(ins)).key == "rules_dia_de_paga.refused"  # nothing to decide


# ------------------------------------------------------------------ DDP-15 necessity
def test_ddp_15_necessity_bet_five_or_six_pays_ten_times_and_the_stake_is_lost():
    s = fresh(2)
    s.necessity[0].append(s.game.mail_index[mail_id("necessity")])
    s.piles[MAIL].remove(s.necessity[0][0])
    s.apply(Gamble(200))
    assert s.phase == NECESSITY and s.bet == 200 and s.necessity[0] == []
    s.apply_chance(5)
    assert s.cash[0] == 1500 - 200 + 2000 and s.phase == TURN and conserved(s)


def test_ddp_15_ddp_11_necessity_bet_lost_goes_to_the_kitty():
    s = fresh(2)
    for k in range(2):
        c = s.game.mail_index[mail_id("necessity", k)]
        s.piles[MAIL].remove(c)
        s.necessity[0].append(c)
    assert unchanged(s, Gamble(300)).key == "rules_dia_de_paga.stake_range"
    s.apply(Gamble(299))
    s.apply_chance(3)
    assert s.kitty == 299 and s.cash[0] == 1201
    s.apply(Gamble(100))
    s.apply_chance(6)  # a six wins 10x and, outside the lottery, the kitty
    assert s.cash[0] == 1101 + 1000 + 299 and s.kitty == 0 and conserved(s)
    assert unchanged(s, Gamble(10)).key == "rules_dia_de_paga.no_necessity"  # no card left


def test_ddp_15_necessity_card_is_opened_on_payday_and_usable_any_time():
    s = fresh(2, months=2)
    give_mail(s, 0, mail_id("necessity"))
    assert not any(type(a) is Gamble for a in s.legal_actions())
    land(s, 31)
    s.cur = 1
    land(s, DAY["lottery"])
    s.apply(NoStake())
    assert s.current_player() == 0 and Gamble(100) in s.legal_actions()
    s.apply(Gamble(100))
    s.apply_chance(1)
    assert s.phase == LOTTERY and s.current_player() == 0  # back to his lottery decision


# ------------------------------------------------------------------ DDP-16 loans
def test_ddp_16_loans_in_multiples_of_1500_several_at_once():
    s = fresh()
    s.apply(TakeLoan(4500))
    assert s.loans[0] == 4500 and s.loan_cards(0) == 3 and s.cash[0] == 6000
    for bad in (1000, 0, -1500, 1500.0, "1500", True, None):
        unchanged(s, TakeLoan(bad))


def test_ddp_16_ddp_12_loan_interest_on_payday_even_in_the_month_of_repayment():
    s = fresh(2, months=2)
    s.apply(TakeLoan(3000))
    land(s, 31)
    assert s.cash[0] == 4500 + 1500 - 300
    assert Repay(3000) in s.legal_actions() and Repay(4500) not in s.legal_actions()
    for bad in (1000, 4500, -1500, "x"):
        unchanged(s, Repay(bad))
    s.apply(Repay(3000))
    assert s.loans[0] == 0 and s.cash[0] == 5700 - 3000 and conserved(s)


def test_ddp_16_repay_only_what_the_cash_allows():
    s = fresh(2)
    s.apply(TakeLoan(3000))
    s.cash[0] = 0
    s.taken_in += 4500
    land(s, 31)
    assert s.cash[0] == 1200
    assert [type(a) for a in s.legal_actions()][:1] == [EndPayday]
    assert unchanged(s, Repay(1500)).key == "rules_dia_de_paga.repay_cash"
    s.apply(EndPayday())
    assert s.loans[0] == 3000


# ------------------------------------------------------------------ DDP-17 savings
def test_ddp_17_deposits_up_to_and_including_day_23():
    s = fresh()
    s.pos[0] = 23
    s.apply(Deposit(1000))
    assert s.savings[0] == 1000 and s.cash[0] == 500
    s.pos[0] = 24
    assert unchanged(s, Deposit(100)).key == "rules_dia_de_paga.deposit_day"
    assert not any(type(a) is Deposit for a in s.legal_actions())
    for bad in (0, -5, 2000, 10.5, "100", False):
        s.pos[0] = 5
        unchanged(s, Deposit(bad))


def test_ddp_17_withdrawal_costs_a_flat_150_fee():
    s = fresh()
    s.apply(Deposit(1000))
    s.apply(Withdraw(10))
    assert s.savings[0] == 990 and s.cash[0] == 500 + 10 - 150 and conserved(s)
    s.pos[0] = 30
    s.apply(Withdraw(990))  # withdrawals at any time
    assert s.savings[0] == 0
    for bad in (0, 1, -3, "5"):
        unchanged(s, Withdraw(bad))


def test_ddp_17_savings_interest_ten_percent_rounded_half_up():
    r = Fraction(1, 10)
    assert [interest(x, r) for x in (0, 1000, 1234, 1235, 1236, 5, 4)] == [
        0,
        100,
        123,
        124,
        124,
        1,
        0,
    ]
    assert interest(3000, r) == 300  # loans: always exact
    s = fresh(2, months=3)
    s.apply(Deposit(1235))
    for expected in (1235 + 124, 1359 + 136):
        s.cur = 0
        land(s, 31)
        assert s.savings[0] == expected


# ------------------------------------------------------------------ DDP-18 the end
def test_ddp_18_final_count_cash_plus_savings_minus_loans_acquisitions_worthless():
    s = fresh(2)
    s.apply(TakeLoan(1500))
    s.apply(Deposit(500))
    land(s, DAY["acquisition"])
    s.apply(Buy())
    price = RULES.acquisitions[s.owned[0][0].card].price
    s.cur = 0
    land(s, 31)
    s.apply(EndPayday())
    land(s, 31)
    assert s.phase == OVER and s.is_terminal() and s.current_player() == TERMINAL
    f0 = 1500 + 1500 - 500 - price + 1500 - 150 + 550 - 1500
    assert s.fortunes() == [f0, 3000]
    assert s.winner() == (0 if f0 > 3000 else 1)
    assert sum(s.returns()) == 1
    assert s.legal_actions() == []
    assert unchanged(s, Roll()).key == "rules_dia_de_paga.game_over"


def test_ddp_18_a_tie_has_no_single_winner():
    s = fresh(2)
    land(s, 31)
    land(s, 31)
    assert s.winner() is None and s.returns() == [0.5, 0.5]


# ------------------------------------------------------------------ DDP-19 the data
def test_ddp_19_decks_and_board_sizes_and_sources():
    assert len(RULES.days) == 31 and RULES.days[-1].kind == "payday"
    assert len(RULES.mail) == 80 and len(RULES.events) == 16
    assert RULES.loan_cards == 16 and RULES.loan_unit == 1500
    assert all(x.source in ("rulebook", "kit") for x in (*RULES.days, *RULES.mail))
    assert all(x.source == "kit" for x in (*RULES.mail, *RULES.events, *RULES.acquisitions))
    for key in (
        "money.start",
        "money.salary",
        "savings.interest_percent",
        "savings.withdrawal_fee",
        "savings.last_deposit_day",
        "lottery.bank_prize",
        "lottery.stake",
        "birthday.amount",
        "election.amount",
        "necessity.stake_below",
        "necessity.multiplier",
        "loans.card_value",
        "loans.cards",
        "decks.mail",
        "decks.events",
    ):
        assert RULES.sources[key] == "rulebook", key
    kinds = {c.kind for c in RULES.mail}
    assert kinds >= {"postcard", "advert", "bill", "doctor", "garage", "health_insurance"}
    assert {"car_insurance", "necessity"} <= kinds
    counts = {k: sum(d.kind == k for d in RULES.days) for k in {d.kind for d in RULES.days}}
    assert counts["lottery"] == counts["birthday"] == counts["election"] == 1
    assert counts["time_change"] == 1 and counts["payday"] == 1
    assert {d.count for d in RULES.days if d.kind == "mail"} == {1, 2, 3}
    amounts = [c.amount for c in RULES.mail if c.kind in ("bill", "doctor", "garage")]
    assert min(amounts) > 0 and max(amounts) <= RULES.salary // 2  # plausible for a 1500 salary


def test_ddp_19_the_kits_small_charge_and_gift_days():
    s = fresh(2)
    pay = next(d for d in RULES.days if d.kind == "pay")
    gift = next(d for d in RULES.days if d.kind == "receive")
    land(s, pay.day)
    land(s, gift.day)
    assert s.cash == [1500 - pay.amount, 1500 + gift.amount] and conserved(s)


def test_ddp_03_an_empty_mail_pile_gives_no_more_mail():
    s = fresh(2)
    s.piles[MAIL] = s.piles[MAIL][:1]
    land(s, MAIL3)
    assert len(s.mail[0]) == 1 and s.piles[MAIL] == []


# ------------------------------------------------------------------ the contract
def test_json_round_trip_at_every_kind_of_node():
    seen = set()
    s = game(3).new_state()

    def check():
        text = s.to_json()
        back = DiaDePagaState.from_json(text, s.game)
        assert back.to_json() == text and back == s
        seen.add(s.phase)

    check()
    for size in s.game.deck_sizes:
        s.apply_chance(tuple(range(size)))
    check()
    s.apply(Roll())
    check()
    s.apply_chance(DAY["acquisition"])
    check()
    s.apply(Pass())
    s.piles[ACQUISITIONS].remove(0)
    s.owned[1].append(Holding(card=0, bought=1))
    land(s, DAY["sell"])
    check()
    s.apply(Sell(RULES.acquisitions[0].id))
    check()
    for face in (6, 1, 1):  # the roll-off: the seller (seat 1) rolls first and wins
        s.apply_chance(face)
    land(s, DAY["lottery"])
    check()
    s.apply(Stake(1))
    s.apply(NoStake())
    s.apply(NoStake())
    check()
    s.apply_chance(1)
    s.cur = 0
    bills = [c.id for c in RULES.mail if c.kind == "bill"]
    give_mail(s, 0, mail_id("health_insurance"), mail_id("necessity"), *bills)
    s.cash[0] = 0
    land(s, 31)
    check()
    s.apply(DropInsurance(mail_id("health_insurance")))
    check()
    s.apply(Gamble(50))
    check()
    s.apply_chance(1)
    s.apply(TakeLoan(s.legal_actions()[1].amount))
    check()
    s.apply(EndPayday())
    land(s, 31)
    land(s, 31)
    check()
    assert seen >= {SHUFFLE, TURN, MOVE, BUY, SELL, COMMISSION, LOTTERY, DRAW, INSURANCE}
    assert seen >= {NECESSITY, DEBT, REPAY, OVER}
    with pytest.raises(ValueError, match="players"):
        DiaDePagaState.from_json(s.to_json(), game(2))
    with pytest.raises(ValueError, match="months"):
        DiaDePagaState.from_json(s.to_json(), game(3, months=2))


def in_debt_with_a_holding() -> DiaDePagaState:
    """Seat 0 holds acquisition 0 and cannot pay his payday's bills: a debt, payslip lines."""
    s = fresh(2)
    s.piles[ACQUISITIONS].remove(0)
    s.owned[0].append(Holding(card=0, bought=1))
    give_mail(s, 0, *(c.id for c in RULES.mail if c.kind == "bill"))
    s.cash[0] = 0
    s.taken_in += 1500
    land(s, 31)
    assert s.phase == DEBT
    return s


def test_the_state_keeps_named_records_and_saves_them_as_lists():
    """A debt, an acquisition held, a payslip line and its balances are records read by name;
    the JSON is the list of their fields, and from_json rebuilds the records."""
    s = in_debt_with_a_holding()
    total = sum(c.amount for c in RULES.mail if c.kind == "bill")
    assert s.debts == [Debt(payer=0, creditor=BANK, amount=total)]
    assert s.debts[0].payer == s.actor() == 0 and s.owned[0][0].card == 0
    slip = s.payslips[-1]
    assert slip["savings"] == Balance(start=0, close=None) and slip["loans"].close is None
    assert slip["lines"][0] == PayLine(kind="salary", amount=1500, account="cash", card=None)
    data = json.loads(s.to_json())
    assert data["debts"] == [[0, BANK, total]] and data["owned"][0] == [[0, 1]]
    assert data["payslips"][-1]["lines"][0] == ["salary", 1500, "cash", None]
    assert data["payslips"][-1]["savings"] == [0, None]
    back = DiaDePagaState.from_json(s.to_json(), s.game)
    assert back == s and type(back.debts[0]) is Debt and type(back.owned[0][0]) is Holding
    assert type(back.payslips[-1]["lines"][0]) is PayLine
    assert type(back.payslips[-1]["loans"]) is Balance
    s.apply(TakeLoan(-(-s.shortfall() // 1500) * 1500))
    s.apply(EndPayday())
    assert s.payslips[-1]["loans"].close == s.loans[0] > 0  # closed: the balance after


@pytest.mark.parametrize(
    ("field", "bad", "said"),
    [
        ("debts", [[0, -1]], "Debt is a list"),
        ("debts", [[0, -1, "150"]], "Debt with amount"),
        ("debts", {"payer": 0}, "debts is a list"),
        ("owned", [[[0, 1, 2]], []], "Holding is a list"),
        ("owned", [[[True, 1]], []], "Holding with card"),
        ("owned", [7, []], "a hand is a list"),
        ("payslips", [{"player": 0}], "a payslip is an object"),
        ("payslips", "slip", "payslips is a list"),
    ],
)
def test_from_json_refuses_a_malformed_record(field, bad, said):
    s = in_debt_with_a_holding()
    data = json.loads(s.to_json())
    data[field] = bad
    with pytest.raises(ValueError, match=f"bad '{field}'.*{said}"):
        DiaDePagaState.from_json(json.dumps(data), s.game)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda slip: slip["lines"].append(["bill", -50, "cash"]), "PayLine is a list"),
        (lambda slip: slip["lines"].append(["bill", -50, "cash", "m01"]), "PayLine with card"),
        (lambda slip: slip["lines"].append([3, -50, "cash", None]), "PayLine with kind"),
        (lambda slip: slip.update(savings=[0, 1, 2]), "Balance is a list"),
        (lambda slip: slip.update(loans=[None, None]), "Balance with start"),
    ],
)
def test_from_json_refuses_a_malformed_payslip(change, said):
    s = in_debt_with_a_holding()
    data = json.loads(s.to_json())
    change(data["payslips"][-1])
    with pytest.raises(ValueError, match=f"bad 'payslips'.*{said}"):
        DiaDePagaState.from_json(json.dumps(data), s.game)


def test_a_child_shares_only_the_immutable_records():
    """The records are tuples (shared by a copy, never changed in place); the lists holding
    them are the child's own: a child's new debt or holding leaves the parent's unchanged."""
    s = in_debt_with_a_holding()
    c = s.copy()
    assert c.debts == s.debts and c.debts is not s.debts and c.owned[0] is not s.owned[0]
    assert (
        c.payslips[-1] is not s.payslips[-1]
        and c.payslips[-1]["lines"] is not (s.payslips[-1]["lines"])
    )
    before = s.to_json()
    c.debts.append(Debt(1, BANK, 10))
    c.owned[0].pop()
    c.payslips[-1]["lines"].append(PayLine("fee", -150, "cash", None))
    c.payslips[-1]["savings"] = c.payslips[-1]["savings"]._replace(close=5)
    assert s.to_json() == before


def test_child_copies_and_leaves_the_parent_unchanged():
    s = fresh()
    before = s.to_json()
    c = s.child(TakeLoan(1500))
    assert s.to_json() == before and c.loans[0] == 1500
    d = s.child(Roll()).chance_child(4)
    assert d.pos[0] == 4 and s.pos[0] == 0 and s.to_json() == before
    with pytest.raises(IllegalAction):
        s.child(Buy())
    assert s.to_json() == before


def test_actions_have_readable_reprs_and_round_trip_as_dicts():
    assert repr(Sell("a07")) == "Sell(card='a07')" and repr(Roll()) == "Roll()"
    assert repr(TakeLoan(4500)) == "TakeLoan(amount=4500)"
    for a in (Sell("a07"), Stake(3), Roll(), Gamble(299), KeepInsurance("m63")):
        assert action_from_dict(action_to_dict(a)) == a


def test_chance_and_decisions_refuse_each_other():
    s = fresh()
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply_chance(3)
    assert err.value.key == "rules_dia_de_paga.not_chance"
    assert s.to_json() == before
    s.apply(Roll())
    assert unchanged(s, Roll()).key == "rules_dia_de_paga.chance_now"
    for bad in (0, 7, "3", 2.0, True):
        with pytest.raises(IllegalAction):
            s.apply_chance(bad)
    assert s.phase == MOVE


def test_the_ledger_never_lets_an_account_go_negative():
    s = fresh()
    with pytest.raises(AssertionError):
        s._transfer(0, BANK, 10_000)
    with pytest.raises(AssertionError):
        s._transfer(KITTY, 0, 1)
    assert conserved(s)
