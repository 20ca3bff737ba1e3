"""The rule set of Día de Paga as plain, frozen data (loaded from `kit/data/dia_de_paga.toml`).

The engine (`kit.games.dia_de_paga.game`) reads these objects and nothing else, so a teacher's own
TOML file (other amounts, another month) is a new game. Money is in whole euros; rates are
`Fraction`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

Source = Literal["rulebook", "kit"]
DayKind = Literal[
    "mail",
    "acquisition",
    "sell",
    "lottery",
    "event",
    "birthday",
    "election",
    "time_change",
    "quiet",
    "pay",
    "receive",
    "payday",
]
DAY_KINDS: tuple[str, ...] = DayKind.__args__  # type: ignore[attr-defined]
MailKind = Literal[
    "postcard",
    "advert",
    "bill",
    "doctor",
    "garage",
    "health_insurance",
    "car_insurance",
    "necessity",
    "income",
]
MAIL_KINDS: tuple[str, ...] = MailKind.__args__  # type: ignore[attr-defined]
MAIL_WITH_AMOUNT = frozenset(
    ("bill", "doctor", "garage", "health_insurance", "car_insurance", "income")
)
EventEffect = Literal["receive", "pay", "pay_kitty", "receive_from_each", "pay_each", "mail"]
EVENT_EFFECTS: tuple[str, ...] = EventEffect.__args__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Day:
    """One square of the month: day 1..31 (the Salida square before day 1 is not a day)."""

    day: int
    kind: DayKind
    name: str
    source: Source
    count: int = 0  # mail: how many mail cards (1, 2 or 3)
    amount: int = 0  # pay / receive: the fixed amount


@dataclass(frozen=True)
class MailCard:
    id: str
    kind: MailKind
    text: str
    source: Source
    amount: int = 0  # bill, doctor, garage: to pay; insurance: the premium; income: received

    @property
    def harmless(self) -> bool:
        return self.kind in ("postcard", "advert")


@dataclass(frozen=True)
class AcquisitionCard:
    id: str
    name: str
    price: int  # paid to the bank when bought (DDP-04)
    value: int  # the real value the bank pays on a sell day (DDP-05)
    commission: int  # the bank's commission on the sale, won by the highest roller
    source: Source


@dataclass(frozen=True)
class EventCard:
    """A "¿Qué hay de nuevo?" (transaction) card."""

    id: str
    effect: EventEffect
    amount: int
    text: str
    source: Source


@dataclass(frozen=True)
class DiaDePagaRules:
    """Everything Día de Paga is, apart from the engine."""

    title: str
    currency: str
    min_players: int
    max_players: int
    start_money: int  # DDP-01: 1500 each
    salary: int  # DDP-12: 1500 on payday
    savings_interest: Fraction  # DDP-17: 1/10 a month
    last_deposit_day: int  # DDP-17: deposits up to and including day 23
    withdrawal_fee: int  # DDP-17: 150 whatever the amount
    loan_unit: int  # DDP-16: loans in multiples of 1500 (one loan card each)
    loan_cards: int  # DDP-16: 16 cards printed (the bank never runs short: a reading)
    loan_interest: Fraction  # DDP-16: 1/10 a month of what is owed
    lottery_prize: int  # DDP-06: the bank's 1000
    lottery_stake: int  # DDP-06: 100 each
    birthday_amount: int  # DDP-08: 150 from every other player
    election_amount: int  # DDP-09: 150 each into the kitty
    necessity_stake_below: int  # DDP-15: a stake under 300
    necessity_faces: tuple[int, ...]  # DDP-15: 5 or 6 wins
    necessity_multiplier: int  # DDP-15: 10 times the stake
    acquisition_life: int  # DDP-04: an acquisition lasts 2 months
    mail_deck_size: int  # 80 (checked against the cards)
    event_deck_size: int  # 16
    days: tuple[Day, ...]  # 31, day 1 first
    mail: tuple[MailCard, ...]
    acquisitions: tuple[AcquisitionCard, ...]
    events: tuple[EventCard, ...]
    sources: dict[str, Source] = field(default_factory=dict)  # "table.key" -> source
    name: str = "dia_de_paga"

    def day(self, d: int) -> Day:
        """The square of day ``d`` (1..31)."""
        return self.days[d - 1]
