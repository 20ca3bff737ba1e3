"""The mathematics of the games, exact: built on the engines' own rules, never a copy of them.

- `interest`: compound interest (Día de Paga's savings book and loans, the mortgages).
- `dia_de_paga`: where a token lands in a month, the lottery, the necessity bet, the kitty.
"""
