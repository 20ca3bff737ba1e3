"""Día de Paga: the 31-day month, mail, acquisitions, lottery, kitty, savings book and loans.

rules.py    the rule set as frozen data          load.py    read and check kit/data/*.toml
actions.py  the players' actions                 game.py    DiaDePagaGame and its State
base.py     phases, decks, accounts, the ledger  words.py   refusals' words, written when read
month.py    rolls, moves, days, event cards      market.py  acquisitions, sales, the roll-off
lottery.py  the lottery                          payday.py  payday, insurance, repayments
bank.py     loans, savings book, the bet, debts  bots.py    plain-function players, play_game
tally.py    what a tournament counts             records.py debts, holdings, payslip lines
"""

from kit.games.dia_de_paga.game import DiaDePagaGame, DiaDePagaState
from kit.games.dia_de_paga.rules import DiaDePagaRules
from kit.games.dia_de_paga.tally import DiaDePagaLog, result
from kit.games.registry import GameType, register_game

# Every kind of event the engine records (state.events), with what it carries besides "kind".
EVENT_KINDS = (
    "shuffled",  # deck: a deck shuffled at the set-up
    "rolled",  # player, roll, from, day: the die of a move and the day reached (DDP-02)
    "kitty_won",  # player, amount, six ("move", "rolloff", "necessity"): DDP-11
    "moved_back",  # player, from, day: a time change (DDP-10)
    "mail_drawn",  # player, card, text: one mail card, face down until payday (DDP-03)
    "acquisition_offered",  # player, card, name, price, value (DDP-04)
    "bought",  # player, card, name, price
    "passed",  # player, card, name: to the bottom of the pile
    "sold",  # player, card, name, value, commission (DDP-05)
    "rolloff_roll",  # player, roll, round: one die of the sell day's roll-off (DDP-05)
    "rolloff_tie",  # players, roll: those tied for the highest roll again
    "commission_won",  # player, amount, card, name
    "lottery_opened",  # player (the lander), prize, stake (DDP-06)
    "staked",  # player, number, amount
    "lottery_empty",  # player (the lander): nobody staked
    "lottery_draw",  # roll, player (whose number it is, or None: roll again)
    "lottery_won",  # player, amount, number
    "event_card",  # player, card, text, effect, amount (DDP-07)
    "payment",  # player, to (a seat, "bank", "kitty"), amount, why, debt (True: waits, DDP-13)
    "received",  # player, amount, why: money from the bank on a day or by a card
    "debt_paid",  # player, to, amount: a debt settled (DDP-13)
    "payday_started",  # player, month, extra (the time change's extra payday)
    "payday_line",  # player, line, amount, account, card, text: one line of a payday (DDP-12)
    "loan",  # player, amount, owed (DDP-16)
    "repaid",  # player, amount, owed (DDP-16)
    "deposit",  # player, amount, savings (DDP-17)
    "withdrawal",  # player, amount, fee, savings (DDP-17)
    "necessity_bet",  # player, stake, card (DDP-15)
    "necessity_roll",  # player, roll, won, amount
    "month_end",  # player, month, finished (DDP-04, DDP-13)
    "game_over",  # fortunes, winner (None on a tie): DDP-18
)


def _load(rules: object = "dia_de_paga", players: int | list[str] = 4, **options) -> DiaDePagaGame:
    return DiaDePagaGame(rules, players, **options)


def _bots() -> dict:
    from kit.games.dia_de_paga.bots import POLICIES

    return POLICIES


register_game(
    GameType(
        family="dia_de_paga",
        names=("dia_de_paga",),
        titles={"dia_de_paga": "Día de Paga"},
        load=_load,
        game_class=DiaDePagaGame,
        state_class=DiaDePagaState,
        bots=_bots,
        default_bot="cautious_saver",
        options={"months": "months a game lasts (1)", "youngest": "the seat who starts (0)"},
        events=EVENT_KINDS,
        claims=lambda data: "days" in data,
        result=result,
        watcher=DiaDePagaLog,
        rules_class=DiaDePagaRules,
    )
)

__all__ = ["DiaDePagaGame", "DiaDePagaLog", "DiaDePagaRules", "DiaDePagaState"]
