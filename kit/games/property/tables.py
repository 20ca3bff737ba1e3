"""The rules of one property game for a number of players: the RuleSet checked and read into
the per-square and per-title tables the engine looks things up in (immutable once made)."""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from operator import itemgetter
from typing import Any

from kit.games.property.rules import RuleSet
from kit.games.property.state import (
    _KIND,
    DEAL,
    HOUSES_PER_HOTEL,
    LOT,
    NO_LOT,
    ORDER,
    SHUFFLE,
    CardRef,
    _frac,
)
from kit.messages import t as t_
from kit.prob import two_dice


class _Single:
    """What one title holds in a per-title list, as a one-element tuple (``itemgetter`` of one
    title gives the plain value, not a tuple)."""

    __slots__ = ("title",)

    def __init__(self, title: int) -> None:
        self.title = title

    def __call__(self, values: list[Any]) -> tuple[Any]:
        return (values[self.title],)


def reader(titles: list[int]) -> Callable[[list[Any]], tuple[Any, ...]]:
    """What ``titles`` hold in a per-title list (owner, level ...), as a tuple."""
    return itemgetter(*titles) if len(titles) > 1 else _Single(titles[0])


class PropertyGame:
    """The rules of one property game for a number of players (immutable once made)."""

    def __init__(
        self,
        rules: RuleSet,
        players: int | list[str] = 4,
        *,
        abbreviated: bool = False,
        claims_rent: Any = 1,
        time_limit: int | None = None,
    ):
        names = (
            [f"Jugador {i + 1}" for i in range(players)]
            if isinstance(players, int)
            else list(players)
        )
        n = len(names)
        if not rules.min_players <= n <= rules.max_players:
            raise ValueError(
                t_(
                    "rules_property.players",
                    title=rules.title,
                    low=rules.min_players,
                    high=rules.max_players,
                    n=n,
                )
            )
        claim = _frac(claims_rent)
        if not 0 <= claim <= 1:
            raise ValueError(f"claims_rent is a probability between 0 and 1, not {claims_rent!r}")
        self.rules = rules
        self.names = names
        self.n = n
        self.abbreviated = abbreviated
        self.claims_rent = claim
        self._claim_float = float(claim)
        self.time_limit = time_limit  # PROP-16: the game ends after this many turns
        self._tables(rules)
        self._check_cards(rules)
        self.start_total = n * rules.start_money
        self.salary = rules.salary
        self.salary_on_landing = rules.salary_on_landing
        self.double_rent_with_mortgaged = rules.double_rent_with_mortgaged
        self.dice_outcomes = list(two_dice().items())

    def _tables(self, rules: RuleSet) -> None:
        """Per square and per title lists: the engine's fast lookups."""
        nsq = len(rules.squares)
        self.nsq = nsq
        titles = rules.titles
        self.titles = titles
        self.sq_title = [NO_LOT] * nsq
        for i, t in enumerate(titles):
            self.sq_title[t.square] = i
        self.sq_kind = [s.kind for s in rules.squares]
        self.t_square = [t.square for t in titles]
        self.t_kind = [_KIND[t.kind] for t in titles]
        self.t_price = [t.price for t in titles]
        self.t_rents = [tuple(t.rents) for t in titles]
        self.t_house = [t.house_cost for t in titles]
        self.t_hotel = [t.hotel_cost or t.house_cost for t in titles]
        self.t_mortgage = [t.mortgage for t in titles]
        self.t_redeem = [t.mortgage + ceil(t.mortgage * rules.mortgage_interest) for t in titles]
        self.t_redeem_late = [
            t.mortgage + ceil(t.mortgage * rules.late_mortgage_interest) for t in titles
        ]
        # what the bank pays for one building (PROP-10, PAL-07, RUT-10)
        self.t_sell_house = [t.house_cost // 2 for t in titles]
        self.t_sell_hotel = [
            (t.hotel_cost or t.house_cost) // 2
            + (0 if rules.hotel_returns_houses_free else HOUSES_PER_HOTEL * t.house_cost // 2)
            for t in titles
        ]
        groups: list[str] = []
        for t in titles:
            if t.group not in groups:
                groups.append(t.group)
        self.groups = groups
        self.t_group = [groups.index(t.group) for t in titles]
        self.group_members = [[i for i, t in enumerate(titles) if t.group == g] for g in groups]
        self.lot_groups = [m for m in self.group_members if self.t_kind[m[0]] == LOT]
        # each group's reader: a per-title list (owner, level ...) -> the group's values
        self.group_readers = [reader(m) for m in self.group_members]
        self.lot_readers = [reader(m) for m in self.lot_groups]
        self.t_lot_group = [-1] * len(titles)  # each title's index in lot_groups; -1: not a lot
        for i, members in enumerate(self.lot_groups):
            for t in members:
                self.t_lot_group[t] = i
        # what the cheapest building of each lot group costs (no cash below it builds there)
        self.lot_cheapest = [
            min(min(self.t_house[t], self.t_hotel[t]) for t in m) for m in self.lot_groups
        ]
        opening = rules.auction_opening
        self.t_opening = [max(1, ceil(p * opening)) if opening else 1 for p in self.t_price]
        notes = [v for v, _ in rules.banknotes] or [1]
        self.min_raise = min(notes)  # the smallest note: the smallest raise in an auction
        self.decks = rules.decks
        self.deck_index = {d.name: i for i, d in enumerate(rules.decks)}
        self.sq_deck = [self.deck_index.get(s.deck, -1) for s in rules.squares]

    def _check_cards(self, rules: RuleSet) -> None:
        from kit.games.property.cards import HANDLERS, kept  # the one table of card effects

        # for each deck, whether each printed card is kept (else back to the bottom when drawn)
        self.deck_kept = [[kept(c) for c in d.cards] for d in rules.decks]

        for d in rules.decks:
            for c in d.cards:
                if c.effect not in HANDLERS:
                    raise ValueError(
                        f"card {c.id!r} of deck {d.name!r}: unknown effect {c.effect!r}"
                    )
                if c.effect == "move_to" and int(c.params["square"]) not in range(self.nsq):
                    raise ValueError(f"card {c.id!r}: no square {c.params['square']}")
        for s in rules.squares:
            if s.kind in ("chance", "chest") and s.deck not in self.deck_index:
                raise ValueError(f"square {s.index} draws from unknown deck {s.deck!r}")

    def __repr__(self) -> str:
        return f"PropertyGame({self.rules.title!r}, players={self.n})"

    def new_state(self) -> Any:
        from kit.games.property.game import PropertyState

        return PropertyState(self)

    def start_state(self, first: int = 0) -> Any:
        """A fresh state past the set-up, for tests and teachers: seat ``first`` wins the opening
        roll at once (6 and 6 against 1 and 2), the decks keep their printed order."""
        s = self.new_state()
        while s.phase == ORDER:
            s.apply_chance((6, 6) if s.roll_off[len(s.roll_off_dice)] == first else (1, 2))
        while s.phase in (SHUFFLE, DEAL):
            if s.phase == SHUFFLE:
                s.apply_chance(tuple(range(len(self.decks[s.shuffle_k].cards))))
            else:
                s.apply_chance(tuple(range(self.n * self.rules.abbreviated_deal)))
        return s

    def card_ref(self, deck: str, card_id: str) -> CardRef:
        """A card by its deck's name and its id, as held and named in ProposeTrade."""
        d = self.deck_index[deck]
        return CardRef(d, next(i for i, c in enumerate(self.decks[d].cards) if c.id == card_id))

    def card(self, ref: tuple[int, int]) -> Any:
        """The Card a CardRef (or a plain (deck, card) pair) names."""
        deck, card = ref
        return self.decks[deck].cards[card]
