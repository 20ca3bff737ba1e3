"""The rule set of a property game as plain, frozen data.

El Palé, La Ruta del Tesoro and Superpoly share one engine; everything in which they differ is a
value here, loaded from a TOML file in `kit/data/` (see `kit.games.property.load`). The engine
reads these objects and nothing else, so a teacher's own TOML file is a new game.

Money is in whole units of the game's currency (pesetas, reales). Rates are `Fraction`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

Source = Literal["rulebook", "kit", "published"]  # "published": a reference game (classic)
SquareKind = Literal[
    "start", "lot", "station", "utility", "chance", "chest", "tax", "jail", "free", "go_to_jail"
]


@dataclass(frozen=True)
class Square:
    """One of the 40 squares, 0 = the start square (Salida)."""

    index: int
    kind: SquareKind
    name: str
    source: Source
    tax: int = 0  # kind == "tax": what landing costs, paid to the bank
    deck: str = ""  # kind == "chance" | "chest": the name of the deck drawn from
    name_source: Source = "kit"  # "rulebook" when the rulebook prints this name


@dataclass(frozen=True)
class Title:
    """A title deed: a lot (solar), a station or a utility.

    `rents` means, by kind:
    - lot: rent with 0, 1, 2, 3, 4 houses and with a hotel (castle): six numbers;
    - station: rent when the owner holds 1, 2, 3, 4 stations;
    - utility: the multiplier of the dice when the owner holds 1, 2 utilities.
    """

    square: int
    name: str
    kind: Literal["lot", "station", "utility"]
    group: str  # colour group (letter group in Superpoly); stations and utilities form groups too
    price: int
    rents: tuple[int, ...]
    house_cost: int  # lots: price of one house; a hotel costs one more house (PAL-06)
    mortgage: int  # what the bank lends on it
    source: Source
    hotel_cost: int = 0  # 0: a hotel costs house_cost (El Palé, Superpoly); La Ruta: the castle's
    name_source: Source = "kit"  # "rulebook" when the rulebook names this place (RUT-14)


@dataclass(frozen=True)
class Card:
    """A Suerte / Sorpresa / Caja / Cofre card: its text and its effect as data.

    `effect` is one of:
      receive(amount) | pay(amount) | receive_from_each(amount) | pay_each(amount)
      move_to(square, salary: bool) | move_by(steps, may be negative)
      go_to_jail | get_out_of_jail (kept) | tax_exemption (kept, RUT-06)
      repairs(per_house, per_hotel) | pay_per_title(amount, kinds)
      skip_turns(n) | crown_loan(amount, interest) | fire(houses)
      leave_jail_for(amount) | move_to_nearest(kind: "station" | "utility", salary if passing)
    with its parameters in `params` (see `CARD_EFFECTS`). Types: money, `square`, `steps`, `n`,
    `houses` are ints; `salary` a bool; `kinds` a tuple of title kinds ("lot", "station",
    "utility"); `interest` a `Fraction` (1/10 = 10 %). `pay` and `repairs` go to the bank.
    Any card may carry `kept = true` in `params`: the player keeps it until he uses it (La Ruta's
    Cofre card "Libre de Galeras, pagando un rescate de 20.000 reales" is a kept `leave_jail_for`).
    `text` is in Spanish; `text_en` keeps the English transcription a rulebook card was
    translated from (La Ruta), empty for the kit's own cards.
    """

    id: str
    text: str
    effect: str
    params: dict[str, object] = field(default_factory=dict)
    source: Source = "kit"
    text_en: str = ""

    @property
    def kept(self) -> bool:
        """A card the player keeps until used, instead of putting it at the bottom."""
        return self.effect in ("get_out_of_jail", "tax_exemption") or bool(self.params.get("kept"))


# The card effects and the names of their required parameters (the Card docstring gives types).
CARD_EFFECTS: dict[str, tuple[str, ...]] = {
    "receive": ("amount",),
    "pay": ("amount",),
    "receive_from_each": ("amount",),
    "pay_each": ("amount",),
    "move_to": ("square", "salary"),
    "move_by": ("steps",),
    "go_to_jail": (),
    "get_out_of_jail": (),
    "tax_exemption": (),
    "repairs": ("per_house", "per_hotel"),
    "pay_per_title": ("amount", "kinds"),
    "skip_turns": ("n",),
    "crown_loan": ("amount", "interest"),
    "fire": ("houses",),
    "leave_jail_for": ("amount",),
    "move_to_nearest": ("kind",),
}


@dataclass(frozen=True)
class Deck:
    name: str  # e.g. "suerte", "sorpresa", "cofre"
    title: str  # as printed: "Suerte", "Cofre del Tesoro"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Jail:
    """How the Cárcel (Galeras, Prisión) works in this game."""

    square: int  # the jail square (also "just visiting")
    go_to_square: int  # the "go to jail" square
    fine: int  # what paying out costs
    max_turns: int  # turns in jail after which he must leave (3)
    wait_one_turn: bool  # RUT-08: no exit before his next turn
    fine_on_forced_exit: bool  # on the last turn without a double: pay the fine (RUT, SUP) or not
    pay_then_roll: bool  # PAL-05: paying lets him roll on his next turn


@dataclass(frozen=True)
class RuleSet:
    """Everything a property game is, apart from the engine."""

    name: str  # "el_pale", "la_ruta_del_tesoro", "superpoly" or a teacher's own
    edition: str  # "lujo", "economico", "14-3501", "14-3502", "" ...
    title: str  # as printed: "El Palé Lujo"
    currency: str  # "pesetas", "reales"
    min_players: int
    max_players: int
    start_money: int
    banknotes: tuple[tuple[int, int], ...]  # (value, count) per player; adds up to start_money
    salary: int
    salary_on_landing: bool  # also paid when stopping exactly on the start square
    squares: tuple[Square, ...]  # 40, in board order
    titles: tuple[Title, ...]  # 28
    decks: tuple[Deck, ...]
    jail: Jail
    houses: int  # the bank's stock (PROP-11)
    hotels: int
    # PAL-04 / RUT-04 / SUP-04: a whole group doubles the rent of unbuilt lots, and
    # whether a mortgaged lot still counts towards the whole group.
    double_rent_with_mortgaged: bool
    mortgage_interest: Fraction  # 1/10 to redeem
    late_mortgage_interest: Fraction  # bought mortgaged from a player and redeemed later: 2/10
    sell_whole_group_before_mortgage: bool  # RUT-07: all buildings on the group first
    trade_blocked_by_group_buildings: bool  # RUT: any building in the group blocks trading
    auction_opening: Fraction  # opening bid as a share of the price (1/2); 0 = one unit (RUT-03)
    hotel_returns_houses_free: bool  # RUT-10: the four houses go back with no refund
    bankrupt_to_bank: Literal["bank_keeps", "auction"]  # RUT-11: the Crown auctions them
    # PROP-14: owing a player more than selling and mortgaging raise, he may pay with titles at
    # their printed price and stay in (El Palé, Superpoly); La Ruta: no such step (RUT-11)
    pay_debt_with_titles: bool
    abbreviated_deal: int  # title deeds dealt to each player in the abbreviated game (2)
    # fixed-time valuation (PAL-09, RUT-12): what each thing counts for at the end
    value_title: Fraction  # share of the printed price of an unmortgaged title (1)
    value_mortgaged: Fraction  # share of the price of a mortgaged title (PAL 1, RUT 1/2)
    value_house: Fraction  # share of a house's cost (RUT 1; PAL/SUP 0: not counted)
    value_hotel_houses: int  # a hotel (castle) counted as this many houses (RUT 5)
    hotel_name: Literal["hotel", "castle"] = "hotel"  # what the big building is called (RUT-09)
    sources: dict[str, Source] = field(default_factory=dict)  # rule-level field -> source
    ref: str = ""  # the product reference printed on the box: "14-3603", "14-3501" ...

    def square(self, index: int) -> Square:
        return self.squares[index]

    def title_at(self, square: int) -> Title | None:
        return next((t for t in self.titles if t.square == square), None)

    def group(self, name: str) -> tuple[Title, ...]:
        return tuple(t for t in self.titles if t.group == name)
