"""Día de Paga: the 31-day month, mail, acquisitions, lottery, kitty, savings book and loans.

rules.py    the rule set as frozen data          load.py   read and check kit/data/*.toml
actions.py  the players' actions                 game.py   DiaDePagaGame and its State
bots.py     plain-function players and play_game
"""
