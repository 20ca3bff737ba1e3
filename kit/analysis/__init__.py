"""The mathematics of the games, exact: built on the engines' own rules, never a copy of them.

- `interest`: compound interest (Día de Paga's savings book and loans, the mortgages).
- `dia_de_paga`: where a token lands in a month, the lottery, the necessity bet, the kitty.
- `markov`: the long-run share of rolls that end on each square of a property game.
- `rent`: expected rent per opponent roll and the payback time of houses, from those shares.
- `mortgage`: when mortgaging a title to build elsewhere pays, from the engine's own actions.
- `scoring`: Palabra's multipliers, star cards and colour locks, exactly.
"""
