"""Shared helpers for the property-game tests: the three real rule sets and a hand-made one.

The engines speak the class language (Spanish by default); these tests read their English
messages, so each test runs in English and the language is put back afterwards. Tests of the
Spanish messages ask for the `spanish` fixture.
"""

from __future__ import annotations

from contextlib import contextmanager
from fractions import Fraction

import pytest

from kit.games.core import IllegalAction
from kit.games.property.actions import RollDice
from kit.games.property.game import PropertyGame, PropertyState
from kit.games.property.rules import Card, Deck, Jail, RuleSet, Square, Title
from kit.messages import set_language


@pytest.fixture(autouse=True)
def english():
    """Every engine test reads the English messages unless it asks for `spanish`; afterwards
    the class default, Spanish, is back."""
    set_language("en")
    yield
    set_language("es")


@pytest.fixture
def spanish(english):
    """The class default: the engines explain themselves in Spanish."""
    set_language("es")


REAL = ("el_pale", "la_ruta_del_tesoro", "superpoly")
ALL = (*REAL, "fixture")

# a standard 40-square board: kind per square, and (group, price, house cost, rents) per lot
_KINDS = {
    0: "start", 2: "chest", 4: "tax", 5: "station", 7: "chance", 10: "jail", 12: "utility",
    15: "station", 17: "chest", 20: "free", 22: "chance", 25: "station", 28: "utility",
    30: "go_to_jail", 33: "chest", 35: "station", 36: "chance", 38: "tax",
}  # fmt: skip
_LOTS = {
    1: ("A", 60, 50, (2, 10, 30, 90, 160, 250)),
    3: ("A", 60, 50, (4, 20, 60, 180, 320, 450)),
    6: ("B", 100, 50, (6, 30, 90, 270, 400, 550)),
    8: ("B", 100, 50, (6, 30, 90, 270, 400, 550)),
    9: ("B", 120, 50, (8, 40, 100, 300, 450, 600)),
    11: ("C", 140, 100, (10, 50, 150, 450, 625, 750)),
    13: ("C", 140, 100, (10, 50, 150, 450, 625, 750)),
    14: ("C", 160, 100, (12, 60, 180, 500, 700, 900)),
    16: ("D", 180, 100, (14, 70, 200, 550, 750, 950)),
    18: ("D", 180, 100, (14, 70, 200, 550, 750, 950)),
    19: ("D", 200, 100, (16, 80, 220, 600, 800, 1000)),
    21: ("E", 220, 150, (18, 90, 250, 700, 875, 1050)),
    23: ("E", 220, 150, (18, 90, 250, 700, 875, 1050)),
    24: ("E", 240, 150, (20, 100, 300, 750, 925, 1100)),
    26: ("F", 260, 150, (22, 110, 330, 800, 975, 1150)),
    27: ("F", 260, 150, (22, 110, 330, 800, 975, 1150)),
    29: ("F", 280, 150, (24, 120, 360, 850, 1025, 1200)),
    31: ("G", 300, 200, (26, 130, 390, 900, 1100, 1275)),
    32: ("G", 300, 200, (26, 130, 390, 900, 1100, 1275)),
    34: ("G", 320, 200, (28, 150, 450, 1000, 1200, 1400)),
    37: ("H", 350, 200, (35, 175, 500, 1100, 1300, 1500)),
    39: ("H", 400, 200, (50, 200, 600, 1400, 1700, 2000)),
}


def make_rules(**changes) -> RuleSet:
    """A valid 40-square RuleSet built in Python (Monopoly-like numbers), for engine tests."""
    squares = []
    titles = []
    for i in range(40):
        kind = _KINDS.get(i, "lot")
        deck = "suerte" if kind == "chance" else "cofre" if kind == "chest" else ""
        tax = {4: 200, 38: 100}.get(i, 0)
        squares.append(Square(i, kind, f"Casilla {i}", "kit", tax=tax, deck=deck))
        if kind == "lot":
            group, price, house, rents = _LOTS[i]
            titles.append(
                Title(i, f"Solar {i}", "lot", group, price, rents, house, price // 2, "kit")
            )
        elif kind == "station":
            rents = (25, 50, 100, 200)
            titles.append(
                Title(i, f"Estación {i}", "station", "estaciones", 200, rents, 0, 100, "kit")
            )
        elif kind == "utility":
            titles.append(
                Title(i, f"Compañía {i}", "utility", "servicios", 150, (4, 10), 0, 75, "kit")
            )
    suerte = Deck(
        "suerte",
        "Suerte",
        (
            Card("s1", "Cobre 50", "receive", {"amount": 50}),
            Card("s2", "Pague 15", "pay", {"amount": 15}),
            Card("s3", "Vaya a la cárcel", "go_to_jail"),
            Card("s4", "Salga de la cárcel", "get_out_of_jail"),
            Card("s5", "Avance a la Salida", "move_to", {"square": 0, "salary": True}),
            Card("s6", "Retroceda tres", "move_by", {"steps": -3}),
        ),
    )
    cofre = Deck(
        "cofre",
        "Cofre",
        (
            Card("c1", "Cobre 10 de cada jugador", "receive_from_each", {"amount": 10}),
            Card("c2", "Pague 50 a cada jugador", "pay_each", {"amount": 50}),
            Card("c3", "Reparaciones", "repairs", {"per_house": 25, "per_hotel": 100}),
        ),
    )
    rules = RuleSet(
        name="fixture",
        edition="",
        title="Juego de prueba",
        currency="fichas",
        min_players=2,
        max_players=6,
        start_money=1500,
        banknotes=((500, 1), (100, 7), (50, 4), (20, 6), (10, 5), (5, 5), (1, 5)),
        salary=200,
        salary_on_landing=True,
        squares=tuple(squares),
        titles=tuple(titles),
        decks=(suerte, cofre),
        jail=Jail(10, 30, 50, 3, False, True, False),
        houses=32,
        hotels=12,
        double_rent_with_mortgaged=True,
        mortgage_interest=Fraction(1, 10),
        late_mortgage_interest=Fraction(2, 10),
        sell_whole_group_before_mortgage=False,
        trade_blocked_by_group_buildings=False,
        auction_opening=Fraction(1, 2),
        hotel_returns_houses_free=False,
        bankrupt_to_bank="bank_keeps",
        pay_debt_with_titles=True,
        abbreviated_deal=2,
        value_title=Fraction(1),
        value_mortgaged=Fraction(1),
        value_house=Fraction(0),
        value_hotel_houses=0,
    )
    if changes:
        from dataclasses import replace

        rules = replace(rules, **changes)
    return rules


_CACHE: dict[str, RuleSet] = {}


def rules_named(name: str) -> RuleSet:
    if name not in _CACHE:
        if name == "fixture":
            _CACHE[name] = make_rules()
        elif name == "scarce":  # few buildings: shortages and house auctions (PROP-11)
            _CACHE[name] = make_rules(name="scarce", houses=2, hotels=1)
        else:
            from kit.games.property.load import load_rules

            _CACHE[name] = load_rules(name)
    return _CACHE[name]


def game_of(name: str, players: int | list[str] = 4, **options) -> PropertyGame:
    return PropertyGame(rules_named(name), players, **options)


def fresh(name: str, players: int = 4, first: int = 0, **options) -> PropertyState:
    """A game past its set-up: decks in printed order, seat ``first`` about to roll."""
    return game_of(name, players, **options).start_state(first)


def roll(state: PropertyState, a: int, b: int) -> PropertyState:
    """The player to act rolls the dice and they show (a, b)."""
    state.apply(RollDice())
    state.apply_chance((a, b))
    return state


def sq_of(state: PropertyState, square: int) -> int:
    return state.game.sq_title[square]


def give(state: PropertyState, player: int, *squares: int) -> None:
    """Hand titles to a player, as the set-up of a test."""
    for sq in squares:
        state.owner[state.game.sq_title[sq]] = player


def put_on_top(state: PropertyState, deck: str, card_id: str) -> None:
    """Arrange a deck so that card ``card_id`` is drawn next (the rest keep their order)."""
    g = state.game
    d = g.deck_index[deck]
    c = next(i for i, card in enumerate(g.decks[d].cards) if card.id == card_id)
    state.decks[d].remove(c)
    state.decks[d].insert(0, c)


def conserved(state: PropertyState) -> bool:
    g = state.game
    return sum(state.cash) == g.start_total + state.paid_out - state.taken_in


@pytest.fixture(params=ALL)
def name(request) -> str:
    return request.param


@pytest.fixture(params=REAL)
def real(request) -> str:
    return request.param


@contextmanager
def refused(key: str):
    """`pytest.raises(IllegalAction)` that also checks the refusal's message key (not its words)."""
    with pytest.raises(IllegalAction) as error:
        yield error
    assert error.value.key == key, f"refused with {error.value.key}, not {key}"
