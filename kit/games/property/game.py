"""One engine for El Palé, La Ruta del Tesoro and Superpoly: the games differ only in their RuleSet.

How a game goes, as states (``state.phase``):

- set-up (chance): ``order`` who starts (PROP-01: the highest opening roll, ties re-rolled, so each
  seat starts with probability 1/n), ``shuffle`` each deck (sampled), ``deal`` the abbreviated
  game's titles (PROP-15, sampled);
- ``turn``: before rolling. RollDice; in jail also PayJailFine / UseJailCard; and the "any time"
  actions (see below);
- ``dice`` (chance, 36 ordered pairs): move, salary, land;
- ``buy``: Buy or Decline (then the bank auctions: ``auction``, one Bid or PassBid at a time);
- ``claim`` (chance, only when ``claims_rent`` < 1): does the owner claim the rent (PROP-06)?
- ``after``: after landing: RollDice again after a double, else EndTurn; and the "any time" actions;
- ``debt``: a player who owes more than he has sells buildings and mortgages until he can pay;
  owing a player, with everything sold and mortgaged, he pays him with titles at their printed
  price (PayWithTitles, where the rules allow it); he declares bankruptcy when even that cannot
  pay (PROP-14);
- ``trade``: the other player accepts or rejects a proposed trade;
- ``redeem``: a player just received a mortgaged title: Redeem at once (+10 %) or KeepMortgaged
  (later +20 % where the rules say so, PAL-08, SUP-07);
- ``over``.

"Any time" actions (Build, SellBuilding, Mortgage, Redeem, ProposeTrade) are offered at the
player's own decision points: before rolling (``turn``) and after landing (``after``); raising
money (SellBuilding, Mortgage) also when deciding to buy and in debt. ProposeTrade is open-ended,
so ``legal_actions()`` does not list it (``apply`` checks any proposal); at most three proposals
per turn.

Readings the engine makes where RULES.md leaves a choice:

- PROP-01: who starts is one chance node, each seat 1/n (highest opening roll, ties re-rolled).
- Each deck is shuffled once at set-up (a sampled chance node), then drawn strictly in order.
- Auctions (PROP-04): ascending, one bid at a time round the table from the player who declined;
  PassBid leaves for good; the smallest raise is the smallest banknote; the opening bid is the
  rule set's share of the price (1 unit in La Ruta); a title nobody bids on stays with the bank.
- Jail: exits are offered at the start of the jailed player's own turn, so RUT-08's "wait for
  your next turn" holds by construction; paying (PAL-05 too) then rolling at once equals paying
  and rolling next turn. A double out of jail moves him but gives no further roll.
- Selling a hotel (castle) leaves the lot empty in all three games (PAL-07's reading); it pays
  half the hotel price, plus half of four houses unless the houses went back unpaid (RUT-10).
- No building in a group with a mortgaged lot, in every game (RUT-04 says so; the others follow).
- A utility's rent multiplies the dice of the roll that brought the player there (also by card).
- Kept cards go back to the bottom of their deck when used; La Ruta's tax exemption is used
  automatically on the first tax square; its ransom card is kept and used as UseJailCard.
- Paying a player with titles (PROP-14; El Palé and Superpoly, ``pay_debt_with_titles``): the
  rulebooks' order is kept: the step opens once every building is sold and every title
  mortgaged (``raisable`` is 0) and the cash is still short of the debt at the head of the queue.
  PayWithTitles then hands the creditor all the cash and the chosen titles, each counted at its
  printed price, mortgaged or not ("the minimum price ... is the one indicated on the game
  board"; a mortgaged title is also counted whole at the end of a fixed-time game, PAL-09). The
  creditor takes each title with its mortgage, as any title that changes hands: redeem at once
  (+10 %) or later (+20 %), PAL-08, SUP-07. He gives no change: every title handed over must be
  needed (without any one of them the rest would fall short). The debtor stays in the game.
  ``legal_actions`` offers the cheapest set that covers the debt, then each title that covers it
  alone; ``apply`` takes any set that passes those checks. La Ruta has no such step (RUT-11: a
  player who cannot pay is bankrupt), nor has any debt to the bank.
- Bankruptcy (PROP-14, RUT-11): allowed only when cash plus everything that selling buildings and
  mortgaging could raise is still short, and, where a player creditor may be paid with titles,
  short even with all the titles at their printed price. Buildings go back to the bank at half
  price first; to a player: cash, titles (mortgages stay, with the redeem-now choice) and kept
  cards to him; to the bank: cash to the bank, titles back unmortgaged (La Ruta: auctioned one by
  one), cards to the decks.
- PROP-11: with no house (hotel) in the bank a player cannot build. A player "wants" a house
  when he could build one now; when more players want one than the bank has houses, a request
  to build opens an auction of one house among them (see ``_house_shortage``). Hotels are not
  auctioned.

Money moves only through ``_transfer`` (the ledger): the bank's ``paid_out`` and ``taken_in``
record everything, so ``sum(cash) == players * start_money + paid_out - taken_in`` always.
Debts are recorded, not paid with money one does not have: cash never goes negative.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import ceil, floor
from random import Random
from typing import Any

from kit.games.core import CHANCE, TERMINAL, IllegalAction, State, TooManyOutcomes
from kit.games.property.actions import (
    ACTIONS,
    AcceptTrade,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    KeepMortgaged,
    Mortgage,
    PassBid,
    PayJailFine,
    PayWithTitles,
    ProposeTrade,
    Redeem,
    RejectTrade,
    RollDice,
    SellBuilding,
    UseJailCard,
    action_from_dict,
    action_to_dict,
)
from kit.games.property.rules import RuleSet
from kit.messages import t as t_  # `t` is a title index throughout this module
from kit.prob import two_dice

BANK = -1
NEXT = "next"  # resume marker: the turn is over, pass to the next player
MAX_TRADES_PER_TURN = 3

# phases
ORDER, SHUFFLE, DEAL = "order", "shuffle", "deal"
TURN, DICE, BUY, AUCTION, CLAIM, AFTER = "turn", "dice", "buy", "auction", "claim", "after"
DEBT, TRADE, REDEEM, OVER = "debt", "trade", "redeem", "over"
CHANCE_PHASES = frozenset((ORDER, SHUFFLE, DEAL, DICE, CLAIM))

_ACTION_TYPES = tuple(ACTIONS.values())

LOT, STATION, UTILITY = 0, 1, 2
_KIND = {"lot": LOT, "station": STATION, "utility": UTILITY}
EFFECTS = frozenset(
    [
        "receive",
        "pay",
        "receive_from_each",
        "pay_each",
        "move_to",
        "move_by",
        "go_to_jail",
        "get_out_of_jail",
        "tax_exemption",
        "repairs",
        "pay_per_title",
        "skip_turns",
        "crown_loan",
        "fire",
        "leave_jail_for",
        "move_to_nearest",
    ]
)


def _phase(phase: str) -> str:
    """A phase's name for a message ('turn' in English, 'antes de tirar' in Spanish)."""
    return t_(f"rules_property.phase_{phase}")


def _frac(x: Any) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(str(x))


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

        nsq = len(rules.squares)
        self.nsq = nsq
        titles = rules.titles
        self.titles = titles
        self.sq_title = [-1] * nsq
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
            + (0 if rules.hotel_returns_houses_free else 4 * t.house_cost // 2)
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
        opening = rules.auction_opening
        self.t_opening = [max(1, ceil(p * opening)) if opening else 1 for p in self.t_price]
        notes = [v for v, _ in rules.banknotes] or [1]
        self.min_raise = min(notes)  # the smallest note: the smallest raise in an auction
        self.decks = rules.decks
        self.deck_index = {d.name: i for i, d in enumerate(rules.decks)}
        self.sq_deck = [self.deck_index.get(s.deck, -1) for s in rules.squares]
        for d in rules.decks:
            for c in d.cards:
                if c.effect not in EFFECTS:
                    raise ValueError(
                        f"card {c.id!r} of deck {d.name!r}: unknown effect {c.effect!r}"
                    )
                if c.effect == "move_to" and rules.square(int(c.params["square"])) is None:
                    raise ValueError(f"card {c.id!r}: no square {c.params['square']}")
        for s in rules.squares:
            if s.kind in ("chance", "chest") and s.deck not in self.deck_index:
                raise ValueError(f"square {s.index} draws from unknown deck {s.deck!r}")
        self.start_total = n * rules.start_money
        self.salary = rules.salary
        self.salary_on_landing = rules.salary_on_landing
        self.double_rent_with_mortgaged = rules.double_rent_with_mortgaged
        self.dice_outcomes = list(two_dice().items())

    def __repr__(self) -> str:
        return f"PropertyGame({self.rules.title!r}, players={self.n})"

    def new_state(self) -> PropertyState:
        return PropertyState(self)

    # a fresh state, already past the set-up, for tests and teachers: deck order as printed
    def start_state(self, first: int = 0) -> PropertyState:
        s = PropertyState(self)
        s.apply_chance(first)
        while s.phase in (SHUFFLE, DEAL):
            if s.phase == SHUFFLE:
                s.apply_chance(tuple(range(len(self.decks[s.shuffle_k].cards))))
            else:
                s.apply_chance(tuple(range(self.n * self.rules.abbreviated_deal)))
        return s

    def card_ref(self, deck: str, card_id: str) -> int:
        """The id of a kept card as used in ``held`` and ProposeTrade (deck * 100 + position)."""
        d = self.deck_index[deck]
        return d * 100 + next(i for i, c in enumerate(self.decks[d].cards) if c.id == card_id)

    def card(self, ref: int):
        return self.decks[ref // 100].cards[ref % 100]


_FIELDS = [
    "phase",
    "cur",
    "first",
    "turns",
    "cash",
    "pos",
    "alive",
    "jail",
    "skip",
    "loans",
    "owner",
    "mortgaged",
    "late",
    "level",
    "houses",
    "hotels",
    "decks",
    "held",
    "doubles",
    "again",
    "last_roll",
    "paid_out",
    "taken_in",
    "debts",
    "auction",
    "auction_queue",
    "redeem_queue",
    "trade",
    "trade_resume",
    "resume",
    "trades_made",
    "shuffle_k",
    "claim",
    "uneven",
    "house_auction",
]
_LIST1 = frozenset(
    [
        "cash",
        "pos",
        "alive",
        "jail",
        "skip",
        "loans",
        "owner",
        "mortgaged",
        "late",
        "level",
        "uneven",
    ]
)


class PropertyState(State):
    """One position of a property game. ``apply`` validates then mutates; ``child`` copies."""

    __slots__ = ("_complete", "game", *_FIELDS)

    def __init__(self, game: PropertyGame):
        n, r = game.n, game.rules
        nt = len(game.titles)
        self.game = game
        self.phase = ORDER
        self.cur = 0
        self.first = 0
        self.turns = 0
        self.cash = [r.start_money] * n
        self.pos = [0] * n
        self.alive = [True] * n
        self.jail = [-1] * n  # -1: free; else the failed rolls in jail so far
        self.skip = [0] * n  # turns still to lose (RUT-13)
        self.loans = [0] * n  # owed to the bank at the end (RUT-13 crown loan, with interest)
        self.owner = [BANK] * nt
        self.mortgaged = [False] * nt
        self.late = [False] * nt  # bought mortgaged and not redeemed at once (PAL-08)
        self.level = [0] * nt  # 0-4 houses, 5 = hotel (castle)
        self.houses = r.houses
        self.hotels = r.hotels
        self.decks = [list(range(len(d.cards))) for d in game.decks]  # top first
        self.held = [[] for _ in range(n)]  # kept cards (deck * 100 + card)
        self.doubles = 0
        self.again = False
        self.last_roll: list[int] | None = None
        self.paid_out = 0
        self.taken_in = 0
        self.debts: list[list[int]] = []  # [debtor, creditor, amount], in order
        self.auction: list[Any] | None = None  # [title, high, high bidder, [bidders], index]
        self.auction_queue: list[int] = []
        self.redeem_queue: list[list[int]] = []  # [player, title]
        self.trade: list[Any] | None = None  # [proposer, ProposeTrade]
        self.trade_resume = TURN
        self.resume = TURN
        self.trades_made = 0
        self.shuffle_k = 0
        self.claim: list[int] | None = None  # [payer, owner, rent]
        self.uneven = [False] * len(game.groups)  # made uneven by a hotel sale or a fire
        self._complete: list[list[list[int]]] | None = None  # see buildable()
        self.house_auction: list[Any] | None = None  # [opening, lot per player or -1] (PROP-11)

    # ------------------------------------------------------------------ copying and saving
    def copy(self) -> PropertyState:
        new = PropertyState.__new__(PropertyState)
        new.game = self.game
        new._complete = self._complete  # replaced, never changed in place: safe to share
        for f in _FIELDS:
            v = getattr(self, f)
            if f in _LIST1:
                v = v[:]
            elif f in ("decks", "held", "debts", "redeem_queue"):
                v = [x[:] for x in v]
            elif f == "auction" and v is not None:
                v = [v[0], v[1], v[2], v[3][:], v[4]]
            elif isinstance(v, list):
                v = v[:]
            setattr(new, f, v)
        return new

    def to_dict(self) -> dict[str, Any]:
        g = self.game
        out: dict[str, Any] = {
            "rules": g.rules.name,
            "edition": g.rules.edition,
            "players": g.names,
            "abbreviated": g.abbreviated,
            "claims_rent": str(g.claims_rent),
            "time_limit": g.time_limit,
        }
        for f in _FIELDS:
            v = getattr(self, f)
            if f == "trade" and v is not None:
                v = [v[0], action_to_dict(v[1])]
            out[f] = v
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, game: PropertyGame) -> PropertyState:
        data = json.loads(text)
        if data["rules"] != game.rules.name or data["edition"] != game.rules.edition:
            raise ValueError(
                f"this state is of {data['rules']} {data['edition']}, "
                f"not of {game.rules.name} {game.rules.edition}"
            )
        if data["players"] != game.names:
            raise ValueError(f"this state is for players {data['players']}, not {game.names}")
        new = cls.__new__(cls)
        new.game = game
        new._complete = None
        for f in _FIELDS:
            v = data[f]
            if f == "trade" and v is not None:
                v = [v[0], action_from_dict(v[1])]
            setattr(new, f, v)
        return new

    def __repr__(self) -> str:
        g = self.game
        who = "chance" if self.is_chance() else self.current_player()
        return f"<{g.rules.title}: turn {self.turns}, phase {self.phase}, to act {who}>"

    # ------------------------------------------------------------------ who acts
    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int:
        ph = self.phase
        if ph in (TURN, BUY, AFTER):
            return self.cur
        if ph == AUCTION:
            a = self.auction
            return a[3][a[4]]
        if ph == DEBT:
            return self.debts[0][0]
        if ph == TRADE:
            return self.trade[1].to_player
        if ph == REDEEM:
            return self.redeem_queue[0][0]
        if ph == OVER:
            return TERMINAL
        return CHANCE

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        ph = self.phase
        if ph == DICE:
            return list(self.game.dice_outcomes)
        if ph == ORDER:
            n = self.game.n
            return [(i, Fraction(1, n)) for i in range(n)]
        if ph == CLAIM:
            p = self.game.claims_rent
            return [(o, q) for o, q in ((True, p), (False, 1 - p)) if q]
        if ph in (SHUFFLE, DEAL):
            raise TooManyOutcomes(t_("rules_property.too_many", phase=_phase(ph)))
        raise IllegalAction(t_("rules_property.not_chance", phase=_phase(ph)))

    def sample_chance(self, rng: Random) -> Any:
        ph = self.phase
        if ph == DICE:
            r = rng.random
            return (int(r() * 6) + 1, int(r() * 6) + 1)
        if ph == ORDER:
            return rng.randrange(self.game.n)
        if ph == SHUFFLE:
            order = list(range(len(self.game.decks[self.shuffle_k].cards)))
            rng.shuffle(order)
            return tuple(order)
        if ph == DEAL:
            g = self.game
            return tuple(rng.sample(range(len(g.titles)), g.n * g.rules.abbreviated_deal))
        if ph == CLAIM:
            return rng.random() < self.game._claim_float
        raise IllegalAction(t_("rules_property.not_chance", phase=_phase(ph)))

    def apply_chance(self, outcome: Any) -> None:
        g = self.game
        ph = self.phase
        if ph == DICE:
            ok = (
                isinstance(outcome, tuple | list)
                and len(outcome) == 2
                and all(isinstance(x, int) and 1 <= x <= 6 for x in outcome)
            )
            if not ok:
                raise IllegalAction(t_("rules_property.bad_roll", outcome=repr(outcome)))
            self._roll(outcome[0], outcome[1])
        elif ph == ORDER:
            if outcome not in range(g.n):
                raise IllegalAction(
                    t_("rules_property.bad_first", last=g.n - 1, outcome=repr(outcome))
                )
            self.first = outcome
            self._after_setup_step()
        elif ph == SHUFFLE:
            size = len(g.decks[self.shuffle_k].cards)
            if sorted(outcome) != list(range(size)):
                raise IllegalAction(
                    t_("rules_property.bad_shuffle", last=size - 1, outcome=repr(outcome))
                )
            self.decks[self.shuffle_k] = list(outcome)
            self.shuffle_k += 1
            self._after_setup_step()
        elif ph == DEAL:
            k = g.n * g.rules.abbreviated_deal
            if len(set(outcome)) != k or not all(x in range(len(g.titles)) for x in outcome):
                raise IllegalAction(t_("rules_property.bad_deal", k=k, outcome=repr(outcome)))
            for j, t in enumerate(outcome):  # PROP-15: dealt round the table, paid to the bank
                p = j % g.n
                self.owner[t] = p
                self._complete = None
                self._charge(p, BANK, g.t_price[t])
            self.shuffle_k = -1
            self._begin()
        elif ph == CLAIM:
            if outcome not in (True, False):
                raise IllegalAction(t_("rules_property.bad_claim", outcome=repr(outcome)))
            payer, owner, rent = self.claim
            self.claim = None
            if outcome:
                self._charge(payer, owner, rent)
            self._proceed(AFTER)
        else:
            raise IllegalAction(t_("rules_property.not_chance", phase=_phase(ph)))

    def _after_setup_step(self) -> None:
        g = self.game
        if self.shuffle_k < len(g.decks):
            self.phase = SHUFFLE
        elif g.abbreviated:
            self.phase = DEAL
        else:
            self._begin()

    def _begin(self) -> None:
        self.cur = (self.first - 1) % self.game.n
        self._next_turn()

    # ------------------------------------------------------------------ the ledger
    def _transfer(self, src: int, dst: int, amount: int) -> None:
        """Every movement of money: players >= 0, the bank is BANK (-1)."""
        if src == BANK:
            self.paid_out += amount
        else:
            self.cash[src] -= amount
        if dst == BANK:
            self.taken_in += amount
        else:
            self.cash[dst] += amount

    def _charge(self, payer: int, creditor: int, amount: int) -> None:
        """Pay now if possible, else record a debt (settled in the debt phase, PROP-14)."""
        if amount <= 0 or payer == creditor:
            return
        if self.cash[payer] >= amount and (
            not self.debts or not any(d[0] == payer for d in self.debts)
        ):
            self._transfer(payer, creditor, amount)
        else:
            self.debts.append([payer, creditor, amount])

    def _settle(self) -> None:
        debts = self.debts
        while debts:
            d, c, amount = debts[0]
            if not self.alive[d]:
                debts.pop(0)
            elif self.cash[d] >= amount:
                debts.pop(0)
                self._transfer(d, c if c == BANK or self.alive[c] else BANK, amount)
            else:
                return

    # ------------------------------------------------------------------ flow
    def _proceed(self, phase: str) -> None:
        self.resume = phase
        self._flush()

    def _flush(self) -> None:
        """Go on: debts first, then redeem decisions, then auctions, then where we were going."""
        if not (self.debts or self.redeem_queue or self.auction_queue or self.auction):
            if self.resume == NEXT:
                self._next_turn()
            else:
                self.phase = self.resume
            return
        if self._finished():
            return
        if self.debts:
            self._settle()
            if self.debts:
                self.phase = DEBT
                return
        if self.redeem_queue:
            self.phase = REDEEM
            return
        if self.auction is None and self.auction_queue:
            self._start_auction(self.auction_queue.pop(0))
            return
        if self.auction is not None:
            self.phase = AUCTION
            return
        if self.resume == NEXT:
            self._next_turn()
        else:
            self.phase = self.resume

    def _finished(self) -> bool:
        if sum(self.alive) <= 1:
            self.phase = OVER
            self.debts.clear()
            self.auction = None
            self.auction_queue.clear()
            self.redeem_queue.clear()
            return True
        return False

    def _next_turn(self) -> None:
        g = self.game
        self.doubles = 0
        self.again = False
        self.trades_made = 0
        if sum(self.alive) <= 1 and self._finished():
            return
        p = self.cur
        while True:
            if g.time_limit is not None and self.turns >= g.time_limit:
                self.phase = OVER  # PROP-16: time is up
                return
            p = (p + 1) % g.n
            if not self.alive[p]:
                continue
            self.turns += 1
            if self.skip[p]:
                self.skip[p] -= 1  # RUT-13: a lost turn
                continue
            break
        self.cur = p
        self.resume = TURN
        self.phase = TURN

    # ------------------------------------------------------------------ moving
    def _roll(self, a: int, b: int) -> None:
        g = self.game
        p = self.cur
        self.last_roll = [a, b]
        if self.jail[p] >= 0:  # PAL-05, RUT-08, SUP-05
            if a == b:
                self.jail[p] = -1
                self.again = False  # the double frees him and moves him; no extra roll
                self._move(p, a + b)
                return
            self.jail[p] += 1
            jail = g.rules.jail
            if self.jail[p] >= jail.max_turns:
                self.jail[p] = -1
                self.again = False
                if jail.fine_on_forced_exit:
                    self._charge(p, BANK, jail.fine)
                self._move(p, a + b)
                return
            self._proceed(AFTER)
            return
        if a == b:
            self.doubles += 1
            if self.doubles == 3:  # PROP-03: the third double sends him to jail at once
                self._send_to_jail(p)
                return
            self.again = True
        else:
            self.again = False
        self._move(p, a + b)

    def _send_to_jail(self, p: int) -> None:
        """PROP-08: straight to jail, never collecting the salary on the way."""
        self.pos[p] = self.game.rules.jail.square
        self.jail[p] = 0
        if p == self.cur:
            self.again = False
            self.doubles = 0
        self._proceed(AFTER)

    def _salary(self, p: int) -> None:
        self._transfer(BANK, p, self.game.rules.salary)

    def _move(self, p: int, steps: int) -> None:
        g = self.game
        new = self.pos[p] + steps
        if new >= g.nsq:
            if new > g.nsq or g.salary_on_landing:
                self._transfer(BANK, p, g.salary)  # PAL-02, RUT-02, SUP-02
            new -= g.nsq
        self.pos[p] = new
        self._land(p)

    def _move_back(self, p: int, steps: int) -> None:
        self.pos[p] = (self.pos[p] - steps) % self.game.nsq
        self._land(p)

    def _move_to(self, p: int, square: int, salary: bool) -> None:
        if salary and (square <= self.pos[p] or square == 0):
            self._salary(p)
        self.pos[p] = square
        self._land(p)

    def _land(self, p: int) -> None:
        g = self.game
        sq = self.pos[p]
        t = g.sq_title[sq]
        if t >= 0:
            o = self.owner[t]
            if o == BANK:
                self._proceed(BUY)
                return
            if o != p and not self.mortgaged[t]:  # PROP-05; the owner may be in jail (PROP-09)
                rent = self.rent(t)
                if rent > 0:
                    if g._claim_float < 1:
                        self.claim = [p, o, rent]
                        self.phase = CLAIM
                        return
                    self._charge(p, o, rent)
            self._proceed(AFTER)
            return
        kind = g.sq_kind[sq]
        if kind == "tax":
            card = self._held_card(p, ("tax_exemption",))
            if card is not None:  # RUT-06: the exemption card is used (then to the bottom)
                self._return_card(p, card)
            else:
                self._charge(p, BANK, g.rules.squares[sq].tax)
            self._proceed(AFTER)
        elif kind in ("chance", "chest"):
            self._draw(p, g.sq_deck[sq])
        elif kind == "go_to_jail":
            self._send_to_jail(p)
        else:
            self._proceed(AFTER)

    def rent(self, t: int) -> int:
        """The rent of title number ``t`` for its owner now (PROP-05, PAL-04, RUT-04, SUP-04)."""
        g = self.game
        o = self.owner[t]
        kind = g.t_kind[t]
        rents = g.t_rents[t]
        members = g.group_members[g.t_group[t]]
        if kind == LOT:
            lv = self.level[t]
            if lv:
                return rents[lv]
            owner, mortgaged = self.owner, self.mortgaged
            strict = not g.double_rent_with_mortgaged  # RUT-04: a mortgage breaks the group
            for m in members:
                if owner[m] != o or (strict and mortgaged[m]):
                    return rents[0]
            return rents[0] * 2
        count = 0
        for m in members:
            if self.owner[m] == o:
                count += 1
        if kind == STATION:
            return rents[count - 1]
        roll = self.last_roll or [0, 0]
        return rents[count - 1] * (roll[0] + roll[1])

    # ------------------------------------------------------------------ cards
    def _held_card(self, p: int, effects: tuple[str, ...]) -> int | None:
        g = self.game
        for ref in self.held[p]:
            if g.card(ref).effect in effects:
                return ref
        return None

    def _return_card(self, p: int, ref: int) -> None:
        self.held[p].remove(ref)
        self.decks[ref // 100].append(ref % 100)

    def _draw(self, p: int, d: int) -> None:
        """PROP-07: the top card; put at the bottom, or kept until used."""
        g = self.game
        c = self.decks[d].pop(0)
        card = g.decks[d].cards[c]
        eff = card.effect
        params = card.params
        if card.kept or eff == "leave_jail_for":
            self.held[p].append(d * 100 + c)
        else:
            self.decks[d].append(c)
        if eff == "receive":
            self._transfer(BANK, p, int(params["amount"]))
        elif eff == "pay":
            self._charge(p, BANK, int(params["amount"]))
        elif eff == "receive_from_each":
            for q in range(g.n):
                if q != p and self.alive[q]:
                    self._charge(q, p, int(params["amount"]))
        elif eff == "pay_each":
            for q in range(g.n):
                if q != p and self.alive[q]:
                    self._charge(p, q, int(params["amount"]))
        elif eff == "move_to":
            self._move_to(p, int(params["square"]), bool(params.get("salary", True)))
            return
        elif eff == "move_to_nearest":  # the next square of a kind ahead (salary if passing)
            self._move_to(p, self.nearest(self.pos[p], str(params["kind"])), True)
            return
        elif eff == "move_by":
            steps = int(params["steps"])
            if steps >= 0:
                self._move(p, steps)
            else:
                self._move_back(p, -steps)
            return
        elif eff == "go_to_jail":
            self._send_to_jail(p)
            return
        elif eff == "repairs":
            houses = sum(lv for t, lv in enumerate(self.level) if self.owner[t] == p and lv < 5)
            hotels = sum(1 for t, lv in enumerate(self.level) if self.owner[t] == p and lv == 5)
            cost = houses * int(params["per_house"]) + hotels * int(params["per_hotel"])
            self._charge(p, BANK, cost)
        elif eff == "pay_per_title":
            kinds = params.get("kinds") or ("lot", "station", "utility")
            count = sum(
                1
                for t, o in enumerate(self.owner)
                if o == p and g.titles[t].kind in tuple(kinds)  # type: ignore[arg-type]
            )
            self._charge(p, BANK, count * int(params["amount"]))
        elif eff == "skip_turns":
            self.skip[p] += int(params["n"])  # RUT-13: loses his next n turns
            if p == self.cur:
                self.again = False
        elif eff == "crown_loan":
            amount = int(params["amount"])
            interest = _frac(params.get("interest", "1/10"))
            self._transfer(BANK, p, amount)  # RUT-13: a gift, repaid with interest at the end
            self.loans[p] += amount + ceil(amount * interest)
        elif eff == "fire":
            self._fire(p, int(params["houses"]))
        self._proceed(AFTER)

    def nearest(self, square: int, kind: str) -> int:
        """The first square of ``kind`` ("station", "utility" ...) strictly ahead of ``square``,
        going round the board (the ``move_to_nearest`` card)."""
        g = self.game
        for k in range(1, g.nsq + 1):
            sq = (square + k) % g.nsq
            if g.sq_kind[sq] == kind:
                return sq
        raise ValueError(f"the board has no square of kind {kind!r}")

    def place(self, player: int, square: int, doubles: int = 0, jail: int | None = None) -> None:
        """Put ``player``'s token on ``square`` at the start of one of his rolls: no salary, no
        landing, nothing else changes. ``doubles``: doubles already rolled this turn (0-2);
        ``jail``: None when free, else the failed rolls in jail so far (his token is then on the
        jail square). An analysis and teaching hook (``kit.analysis.markov`` builds its chain from
        the engine by placing a token, then rolling through ``apply``); the player must be the one
        to act, before rolling (phase ``turn``) or after a double (``after``)."""
        g = self.game
        if self.phase not in (TURN, AFTER) or player != self.cur:
            raise IllegalAction(
                t_(
                    "rules_property.place_when",
                    name=g.names[self.cur],
                    phase=_phase(self.phase),
                    player=repr(player),
                )
            )
        if square not in range(g.nsq) or doubles not in range(3):
            raise ValueError(
                t_(
                    "rules_property.place_values",
                    last=g.nsq - 1,
                    square=repr(square),
                    doubles=repr(doubles),
                )
            )
        if jail is not None and (jail not in range(g.rules.jail.max_turns) or doubles):
            raise ValueError(t_("rules_property.place_jail", last=g.rules.jail.max_turns - 1))
        self.pos[player] = g.rules.jail.square if jail is not None else square
        self.jail[player] = -1 if jail is None else jail
        self.doubles = doubles
        self.again = doubles > 0
        self.phase = AFTER if doubles else TURN
        self.resume = self.phase

    def _fire(self, p: int, houses: int) -> None:
        """RUT-13: two houses (no refund) off the owner's built plot furthest ahead of his token."""
        g = self.game
        best, best_d = -1, -1
        for t, lv in enumerate(self.level):
            if self.owner[t] == p and 0 < lv < 5:
                dist = (g.t_square[t] - self.pos[p]) % g.nsq
                if dist > best_d:
                    best, best_d = t, dist
        if best >= 0:
            k = min(houses, self.level[best])
            self.level[best] -= k
            self.houses += k
            self._mark_even(g.t_group[best], broken=True)

    def _mark_even(self, grp: int, broken: bool = False) -> None:
        """Building is even in a group unless a hotel sale (PAL-07) or a fire (RUT-13) broke it;
        building and selling evenly never do, and once even the group is marked even again."""
        levels = [self.level[m] for m in self.game.group_members[grp]]
        uneven = max(levels) - min(levels) > 1
        if broken or not uneven:
            self.uneven[grp] = uneven

    def held_cards(self, player: int) -> list[tuple[int, str]]:
        """The kept cards of a player: (id for ProposeTrade, text)."""
        return [(ref, self.game.card(ref).text) for ref in self.held[player]]

    # ------------------------------------------------------------------ auctions
    def _start_auction(self, t: int) -> None:
        g = self.game
        start = self.cur
        bidders = [(start + k) % g.n for k in range(g.n) if self.alive[(start + k) % g.n]]
        self.auction = [t, 0, -1, bidders, 0]
        self.phase = AUCTION

    def min_bid(self) -> int:
        a = self.auction
        if a is None:
            return 0
        if self.house_auction is not None:
            opening = self.house_auction[0]
            return max(opening, a[1] + self.game.min_raise) if a[2] >= 0 else opening
        return (
            max(self.game.t_opening[a[0]], a[1] + self.game.min_raise)
            if a[2] >= 0
            else (self.game.t_opening[a[0]])
        )

    def house_contenders(self) -> list[int]:
        """For each player, a lot where he could put a house now (lowest square first), or -1."""
        g = self.game
        owner, level, mortgaged = self.owner, self.level, self.mortgaged
        targets = [-1] * g.n
        for q in range(g.n):
            if not self.alive[q]:
                continue
            for members in g.lot_groups:
                if any(owner[m] != q or mortgaged[m] for m in members):
                    continue
                low = min(level[m] for m in members)
                lot = next((m for m in members if level[m] == low), -1)
                if low < 4 and self.cash[q] >= g.t_house[lot]:
                    targets[q] = lot
                    break
        return targets

    def _house_shortage(self, p: int, t: int) -> bool:
        """PROP-11: more players could build a house now than the bank has houses: instead of
        building, player ``p``'s request opens an auction of one house among them (opening at
        his lot's house price; the winner pays his bid and the house goes on his lot: ``t`` for
        ``p``, the lowest lot where he may build for another). True if the auction started."""
        targets = self.house_contenders()
        targets[p] = t
        wanting = [q for q in range(self.game.n) if targets[q] >= 0]
        if len(wanting) <= self.houses:
            return False
        n = self.game.n
        bidders = [(p + k) % n for k in range(n) if targets[(p + k) % n] >= 0]
        self.house_auction = [self.game.t_house[t], targets]
        self.auction = [t, 0, -1, bidders, 0]
        self.resume = self.phase
        self.phase = AUCTION
        return True

    def _auction_step(self) -> None:
        a = self.auction
        t, high, hb, bidders, _ = a
        if not bidders or (hb >= 0 and bidders == [hb]):
            self.auction = None
            if self.house_auction is not None:  # PROP-11: the house goes up on the winner's lot
                targets = self.house_auction[1]
                self.house_auction = None
                if hb >= 0:
                    lot = targets[hb]
                    self._transfer(hb, BANK, high)
                    self.houses -= 1
                    self.level[lot] += 1
                    self._mark_even(self.game.t_group[lot])
                self._flush()
                return
            if hb >= 0:
                self._transfer(hb, BANK, high)
                self.owner[t] = hb
                self._complete = None
            self._flush()
        else:
            a[4] %= len(bidders)
            self.phase = AUCTION

    # ------------------------------------------------------------------ problems (why not)
    def _own_problem(self, p: int, t: int, what: str) -> str | None:
        """Whose the title is, when not ``p``'s; ``what`` names the refused deed (a key)."""
        o = self.owner[t]
        if o != p:
            g = self.game
            who = t_("rules_property.bank") if o == BANK else g.names[o]
            return t_(
                "rules_property.belongs",
                what=t_(f"rules_property.{what}"),
                title=g.titles[t].name,
                owner=who,
                name=g.names[p],
            )
        return None

    def _hotel_word(self, plural: bool = False) -> str:
        """'hotel', or 'castle' where the rule set builds castles (La Ruta, RUT-09)."""
        word = "castle" if self.game.rules.hotel_name == "castle" else "hotel"
        return t_(f"rules_property.{word}{'s' if plural else ''}")

    def _square_problem(self, sq: Any) -> str:
        """A square with no title deed (or no square at all), for a refusal."""
        g = self.game
        if type(sq) is int and 0 <= sq < g.nsq:
            return t_("rules_property.no_deed", square=sq)
        return t_("rules_property.no_square", square=repr(sq))

    def _build_problem(self, p: int, t: int) -> str | None:
        g = self.game
        name = g.titles[t].name
        if g.t_kind[t] != LOT:
            kind = t_(f"rules_property.kind_{g.titles[t].kind}")
            return t_("rules_property.only_lots", title=name, kind=kind)
        err = self._own_problem(p, t, "cannot_build")
        if err:
            return err
        members = g.group_members[g.t_group[t]]
        group = g.titles[t].group
        if any(self.owner[m] != p for m in members):
            return t_("rules_property.whole_group", title=name, group=group)
        if any(self.mortgaged[m] for m in members):
            return t_("rules_property.group_mortgaged", group=group)
        lv = self.level[t]
        if lv == 5:
            return t_("rules_property.has_hotel", title=name, hotel=self._hotel_word())
        if lv > min(self.level[m] for m in members):
            return t_("rules_property.build_evenly", title=name)
        if lv == 4:
            if self.hotels == 0:
                return t_("rules_property.no_hotels_left", hotels=self._hotel_word(plural=True))
            cost = g.t_hotel[t]
        else:
            if self.houses == 0:
                return t_("rules_property.no_houses_left")
            cost = g.t_house[t]
        if self.cash[p] < cost:
            return t_(
                "rules_property.build_cost",
                title=name,
                cost=cost,
                name=g.names[p],
                cash=self.cash[p],
            )
        return None

    def _sell_problem(self, p: int, t: int) -> str | None:
        g = self.game
        err = self._own_problem(p, t, "cannot_sell")
        if err:
            return err
        lv = self.level[t]
        if lv == 0:
            return t_("rules_property.no_buildings", title=g.titles[t].name)
        if lv < max(self.level[m] for m in g.group_members[g.t_group[t]]):
            return t_("rules_property.sell_evenly")
        return None

    def _mortgage_problem(self, p: int, t: int) -> str | None:
        g = self.game
        err = self._own_problem(p, t, "cannot_mortgage")
        if err:
            return err
        if self.mortgaged[t]:
            return t_("rules_property.already_mortgaged", title=g.titles[t].name)
        if self.level[t]:
            return t_("rules_property.sell_first", title=g.titles[t].name)
        if g.rules.sell_whole_group_before_mortgage and any(
            self.level[m] for m in g.group_members[g.t_group[t]]
        ):
            return t_("rules_property.sell_group_first")
        return None

    def redeem_cost(self, t: int) -> int:
        g = self.game
        if self.phase == REDEEM and self.redeem_queue[0][1] == t:
            return g.t_redeem[t]
        return g.t_redeem_late[t] if self.late[t] else g.t_redeem[t]

    def _redeem_problem(self, p: int, t: int) -> str | None:
        g = self.game
        err = self._own_problem(p, t, "cannot_redeem")
        if err:
            return err
        if not self.mortgaged[t]:
            return t_("rules_property.not_mortgaged", title=g.titles[t].name)
        cost = self.redeem_cost(t)
        if self.cash[p] < cost:
            return t_(
                "rules_property.redeem_cost",
                title=g.titles[t].name,
                cost=cost,
                name=g.names[p],
                cash=self.cash[p],
            )
        return None

    def _trade_problem(self, p: int, a: ProposeTrade) -> str | None:
        g = self.game
        q = a.to_player
        if not isinstance(q, int) or not 0 <= q < g.n or q == p or not self.alive[q]:
            return t_("rules_property.trade_whom", player=repr(q))
        if self.trades_made >= MAX_TRADES_PER_TURN:
            return t_("rules_property.trade_max", max=MAX_TRADES_PER_TURN)
        if not (a.give or a.take or a.give_cards or a.take_cards):
            return t_("rules_property.trade_lend")
        for squares, who in ((a.give, p), (a.take, q)):
            if len(set(squares)) != len(squares):
                return t_("rules_property.trade_twice")
            for sq in squares:
                t = g.sq_title[sq] if isinstance(sq, int) and 0 <= sq < g.nsq else -1
                if t < 0:
                    return self._square_problem(sq)
                err = self._own_problem(who, t, "cannot_trade")
                if err:
                    return err
                if self.level[t]:
                    return t_("rules_property.trade_buildings", title=g.titles[t].name)
                if g.rules.trade_blocked_by_group_buildings and any(
                    self.level[m] for m in g.group_members[g.t_group[t]]
                ):
                    return t_("rules_property.trade_group_buildings", title=g.titles[t].name)
        for cards, who in ((a.give_cards, p), (a.take_cards, q)):
            for ref in cards:
                if ref not in self.held[who]:
                    return t_("rules_property.trade_card", name=g.names[who], card=repr(ref))
        m = a.money
        if not isinstance(m, int):
            return t_("rules_property.trade_money", money=repr(m))
        if m > 0 and self.cash[p] < m:
            return t_("rules_property.cannot_pay", name=g.names[p], cash=self.cash[p], amount=m)
        if m < 0 and self.cash[q] < -m:
            return t_("rules_property.cannot_pay", name=g.names[q], cash=self.cash[q], amount=-m)
        return None

    def raisable(self, p: int) -> int:
        """What selling every building and mortgaging every title would bring in."""
        g = self.game
        total = 0
        for t, o in enumerate(self.owner):
            if o == p:
                lv = self.level[t]
                total += g.t_sell_hotel[t] if lv == 5 else lv * g.t_sell_house[t]
                if not self.mortgaged[t]:
                    total += g.t_mortgage[t]
        return total

    def titles_worth(self, p: int) -> int:
        """The printed price of every title player ``p`` owns (what they pay a debt with)."""
        price = self.game.t_price
        return sum(price[t] for t, o in enumerate(self.owner) if o == p)

    def _titles_open(self) -> bool:
        """Whether the debt at the head of the queue may be paid with titles (PROP-14): the rules
        allow it and the creditor is a player still in the game."""
        c = self.debts[0][1]
        return self.game.rules.pay_debt_with_titles and c != BANK and self.alive[c]

    def _title_payments(self, p: int, need: int) -> list[PayWithTitles]:
        """The titles-for-debt offers for ``legal_actions``: the set of ``p``'s titles with the
        least printed price that still covers ``need`` (then the fewest titles), and each single
        title that covers it alone, cheapest first. The set is found exactly over the sums still
        short of ``need``; past 4,096 such sums (a teacher's odd prices) it is a good set, every
        title of it needed, rather than surely the cheapest."""
        g = self.game
        price = g.t_price
        mine = [t for t, o in enumerate(self.owner) if o == p]
        partial: dict[int, tuple[int, ...]] = {0: ()}  # sum still short -> titles
        best: tuple[int, int, tuple[int, ...]] | None = None
        for t in mine:
            for total, ts in list(partial.items()):
                total += price[t]
                if total >= need:
                    if best is None or (total, len(ts) + 1) < best[:2]:
                        best = (total, len(ts) + 1, (*ts, t))
                elif len(partial) < 4096 and (
                    total not in partial or len(partial[total]) > len(ts) + 1
                ):
                    partial[total] = (*ts, t)
        chosen = list(best[2]) if best is not None else []
        if best is None:  # too many sums to follow (a teacher's odd prices): dearest first
            for t in sorted(mine, key=lambda t: -price[t]):
                if sum(price[u] for u in chosen) >= need:
                    break
                chosen.append(t)
        for t in sorted(chosen, key=lambda t: price[t]):  # no title that is not needed
            if sum(price[u] for u in chosen) - price[t] >= need:
                chosen.remove(t)
        sq = g.t_square
        out = [PayWithTitles(tuple(sorted(sq[t] for t in chosen)))]
        for t in sorted(mine, key=lambda t: (price[t], t)):
            if price[t] >= need and chosen != [t]:
                out.append(PayWithTitles((sq[t],)))
        return out

    def _titles_problem(self, p: int, a: PayWithTitles) -> str | None:
        g = self.game
        names = g.names
        if self.phase != DEBT:
            return t_("rules_property.titles_debt_only")
        _, c, amount = self.debts[0]
        if not g.rules.pay_debt_with_titles:
            return t_("rules_property.titles_money_only", game=g.rules.title)
        if c == BANK or not self.alive[c]:
            return t_("rules_property.titles_bank", name=names[p])
        squares = a.squares
        if not isinstance(squares, tuple | list) or not squares:
            return t_("rules_property.titles_name")
        chosen: list[int] = []
        for sq in squares:
            t = g.sq_title[sq] if type(sq) is int and 0 <= sq < g.nsq else -1
            if t < 0:
                return self._square_problem(sq)
            if t in chosen:
                return t_("rules_property.titles_twice", title=g.titles[t].name)
            err = self._own_problem(p, t, "cannot_pay_with")
            if err:
                return err
            if self.level[t]:
                return t_("rules_property.titles_buildings", title=g.titles[t].name)
            chosen.append(t)
        left = self.raisable(p)
        if left:
            return t_("rules_property.titles_raise_first", left=left)
        cash = self.cash[p]
        need = amount - cash
        worth = sum(g.t_price[t] for t in chosen)
        if worth < need:
            msg = t_(
                "rules_property.titles_short",
                name=names[p],
                amount=amount,
                cash=cash,
                need=need,
                worth=worth,
            )
            if self.titles_worth(p) < need:
                msg += "; " + t_("rules_property.titles_bankrupt")
            return msg
        for t in chosen:
            if worth - g.t_price[t] >= need:
                return t_("rules_property.titles_extra", title=g.titles[t].name, need=need)
        return None

    # ------------------------------------------------------------------ legal actions
    def _anytime(self, p: int, out: list[Any], build: bool = True) -> None:
        g = self.game
        for t, o in enumerate(self.owner):
            if o != p:
                continue
            sq = g.t_square[t]
            if build and self._build_problem(p, t) is None:
                out.append(Build(sq))
            if self.level[t] and self._sell_problem(p, t) is None:
                out.append(SellBuilding(sq))
            if self.mortgaged[t]:
                if build and self._redeem_problem(p, t) is None:
                    out.append(Redeem(sq))
            elif self._mortgage_problem(p, t) is None:
                out.append(Mortgage(sq))

    def legal_actions(self) -> list[Any]:
        g = self.game
        ph = self.phase
        out: list[Any] = []
        if ph == TURN:
            p = self.cur
            out.append(RollDice())
            if self.jail[p] >= 0:
                if self.cash[p] >= g.rules.jail.fine:
                    out.append(PayJailFine())
                if self._usable_jail_card(p) is not None:
                    out.append(UseJailCard())
            self._anytime(p, out)
        elif ph == AFTER:
            p = self.cur
            out.append(RollDice() if self.again else EndTurn())
            self._anytime(p, out)
        elif ph == BUY:
            p = self.cur
            t = g.sq_title[self.pos[p]]
            if self.cash[p] >= g.t_price[t]:
                out.append(Buy(self.pos[p]))
            out.append(Decline())
            self._anytime(p, out, build=False)
        elif ph == AUCTION:
            p = self.current_player()
            m = self.min_bid()
            t = self.auction[0]
            cash = self.cash[p]
            price = g.t_price[t]
            if self.house_auction is not None:
                price = 2 * g.t_house[self.house_auction[1][p]]
            for amount in sorted({m, m + _round_up(price // 10, g.min_raise), price}):
                if m <= amount <= cash:
                    out.append(Bid(p, amount))
            out.append(PassBid(p))
        elif ph == DEBT:
            p, _, amount = self.debts[0]
            self._anytime(p, out, build=False)
            left = self.raisable(p)
            short = self.cash[p] + left < amount
            if short and self._titles_open():  # PROP-14: titles at their printed price next
                if self.cash[p] + left + self.titles_worth(p) < amount:
                    out.append(DeclareBankruptcy())
                elif not left:
                    out += self._title_payments(p, amount - self.cash[p])
            elif short:
                out.append(DeclareBankruptcy())
        elif ph == TRADE:
            out += [AcceptTrade(), RejectTrade()]
        elif ph == REDEEM:
            p, t = self.redeem_queue[0]
            if self.cash[p] >= g.t_redeem[t]:
                out.append(Redeem(g.t_square[t]))
            out.append(KeepMortgaged(g.t_square[t]))
        return out

    def buildable(self, p: int) -> list[int]:
        """The squares where player ``p`` may build now: the bots' quick look, the same checks as
        ``_build_problem`` group by group. The lot groups each player owns whole are cached until
        a title changes hands in the engine; a cached group is checked again before use, so a
        state edited by hand can only hide a group from this look, never offer an illegal build.
        """
        g = self.game
        owner = self.owner
        level = self.level
        mortgaged = self.mortgaged
        cash = self.cash[p]
        cache = self._complete
        if cache is None:
            cache = self._complete = [
                [m for m in g.lot_groups if all(owner[t] == q for t in m)] for q in range(g.n)
            ]
        out = []
        for members in cache[p]:
            for m in members:
                if owner[m] != p or mortgaged[m]:
                    break
            else:  # the same checks as _build_problem, group by group
                low = min(level[m] for m in members)
                if low == 5:
                    continue
                if low == 4:
                    if not self.hotels:
                        continue
                    cost = g.t_hotel
                elif not self.houses:
                    continue
                else:
                    cost = g.t_house
                for t in members:
                    if level[t] == low and cash >= cost[t]:
                        out.append(g.t_square[t])
        return out

    def _usable_jail_card(self, p: int) -> int | None:
        g = self.game
        for ref in self.held[p]:
            card = g.card(ref)
            if card.effect == "get_out_of_jail":
                return ref
        for ref in self.held[p]:
            card = g.card(ref)
            if card.effect == "leave_jail_for" and self.cash[p] >= int(card.params["amount"]):
                return ref
        return None

    # ------------------------------------------------------------------ applying
    def apply(self, action: Any) -> None:
        """Validate ``action`` fully, then apply it; IllegalAction leaves the state unchanged."""
        problem = self.why_not(action)
        if problem is not None:
            raise IllegalAction(problem)
        self._apply_unchecked(action)

    def why_not(self, action: Any) -> str | None:
        """None if ``action`` is legal now, else a sentence: what was tried, why not, what is."""
        if self.phase == OVER:
            return t_("rules_property.game_over", label=self._label(action))
        if self.is_chance():
            phase = _phase(self.phase)
            return t_("rules_property.chance_now", phase=phase, label=self._label(action))
        legal = self.legal_actions()
        if action in legal:
            return None
        reason = self._reason(action)
        if reason is None and self._open_ended(action):
            return None  # checked in full by _reason: legal, though not listed
        tried = {"label": self._label(action)}
        p = self.current_player()
        who = self.game.names[p] if p >= 0 else t_("rules_property.nobody")
        kinds = {type(a).__name__ for a in legal}
        if self.phase in (TURN, AFTER):
            kinds.add("ProposeTrade")
        allowed = ", ".join(sorted(t_(f"rules_property.may_{k}") for k in kinds))
        if reason:
            return t_("rules_property.refused", reason=reason, who=who, allowed=allowed, **tried)
        phase = _phase(self.phase)
        return t_("rules_property.refused_phase", phase=phase, who=who, allowed=allowed, **tried)

    def _label(self, action: Any) -> str:
        """The action in words (a button's words, square names and all), for a refusal."""
        kind = type(action).__name__
        if not isinstance(action, _ACTION_TYPES):
            return t_("rules_property.do_other", action=repr(action))
        squares = self.game.rules.squares

        def place(sq: Any) -> str:
            return squares[sq].name if type(sq) is int and 0 <= sq < len(squares) else repr(sq)

        values: dict[str, Any] = {}
        if hasattr(action, "square"):
            values["square"] = place(action.square)
        if isinstance(action, Bid):
            values["amount"] = repr(action.amount)
        if isinstance(action, PayWithTitles):
            given = action.squares if isinstance(action.squares, tuple | list) else ()
            values["squares"] = ", ".join(place(sq) for sq in given) or repr(action.squares)
        return t_(f"rules_property.do_{kind}", **values)

    def _open_ended(self, action: Any) -> bool:
        """Actions ``legal_actions`` cannot list in full (any bid, any trade, any set of titles):
        legal when ``_reason`` finds nothing against them."""
        return (
            (isinstance(action, Bid) and self.phase == AUCTION)
            or (isinstance(action, ProposeTrade) and self.phase in (TURN, AFTER))
            or isinstance(action, PayWithTitles)
        )

    def _reason(self, action: Any) -> str | None:
        """Why ``action`` (not among ``legal_actions``) is refused, when a rule says so plainly;
        None for an open-ended action that passes every check, and None when no more specific
        reason than the phase applies."""
        p = self.current_player()
        names = self.game.names
        if isinstance(action, Bid) and self.phase == AUCTION:
            if action.player != p:
                return t_("rules_property.bid_turn", name=names[p], player=self._who(action.player))
            if not isinstance(action.amount, int):
                return t_("rules_property.bid_whole", amount=repr(action.amount))
            if action.amount < self.min_bid():
                return t_("rules_property.bid_low", amount=self.min_bid())
            if action.amount > self.cash[p]:
                return t_("rules_property.only_has", name=names[p], cash=self.cash[p])
            return None
        if isinstance(action, ProposeTrade):
            if self.phase not in (TURN, AFTER):
                return t_("rules_property.trade_when")
            return self._trade_problem(p, action)
        if isinstance(action, PayWithTitles):
            return self._titles_problem(p, action)
        if isinstance(action, PassBid) and self.phase == AUCTION:
            return t_("rules_property.bid_turn", name=names[p], player=self._who(action.player))
        if isinstance(action, Build | SellBuilding | Mortgage | Redeem) and self.phase in (
            TURN,
            AFTER,
            BUY,
            DEBT,
            REDEEM,
        ):
            return self._square_action_problem(p, action)
        if isinstance(action, Buy) and self.phase == BUY:
            here = self.pos[p]
            t = self.game.sq_title[here]
            if action.square != here:
                return t_(
                    "rules_property.buy_square",
                    name=names[p],
                    here=here,
                    here_name=self.game.rules.squares[here].name,
                    square=repr(action.square),
                )
            return t_(
                "rules_property.buy_price",
                title=self.game.titles[t].name,
                price=self.game.t_price[t],
                name=names[p],
                cash=self.cash[p],
            )
        if isinstance(action, PayJailFine | UseJailCard) and self.phase == TURN:
            if self.jail[p] < 0:
                return t_("rules_property.not_in_jail", name=names[p])
            if isinstance(action, UseJailCard):
                return t_("rules_property.no_jail_card", name=names[p])
            fine = self.game.rules.jail.fine
            return t_("rules_property.jail_fine", fine=fine, name=names[p], cash=self.cash[p])
        if isinstance(action, DeclareBankruptcy) and self.phase == DEBT:
            d, _, amount = self.debts[0]
            if self.cash[d] + self.raisable(d) < amount:
                return t_("rules_property.bankrupt_titles")
            return t_("rules_property.bankrupt_raise")
        if isinstance(action, EndTurn) and self.phase == TURN:
            return t_("rules_property.roll_first")
        if isinstance(action, RollDice) and self.phase == AFTER:
            return t_("rules_property.no_double")
        if isinstance(action, RollDice | EndTurn) and self.phase == BUY:
            return t_("rules_property.buy_first")
        return None

    def _square_action_problem(self, p: int, action: Any) -> str | None:
        """Why Build, SellBuilding, Mortgage or Redeem on ``action.square`` is refused."""
        g = self.game
        t = g.sq_title[action.square] if action.square in range(g.nsq) else -1
        if t < 0:
            return self._square_problem(action.square)
        if isinstance(action, Build):
            return self._build_problem(p, t) or t_("rules_property.build_wait")
        if isinstance(action, SellBuilding):
            return self._sell_problem(p, t)
        if isinstance(action, Mortgage):
            return self._mortgage_problem(p, t) or t_("rules_property.pending")
        return self._redeem_problem(p, t) or t_("rules_property.pending")

    def _who(self, player: Any) -> str:
        """A seat's name, or the odd value given in its place."""
        names = self.game.names
        return names[player] if type(player) is int and 0 <= player < len(names) else repr(player)

    def _apply_unchecked(self, action: Any) -> None:
        """The transition, for actions already known legal (the bots' fast path)."""
        g = self.game
        kind = type(action)
        if kind is RollDice:
            self.phase = DICE
        elif kind is EndTurn:
            self._next_turn()
        elif kind is Buy:
            p = self.cur
            t = g.sq_title[action.square]
            self._transfer(p, BANK, g.t_price[t])
            self.owner[t] = p
            self._complete = None
            self._proceed(AFTER)
        elif kind is Decline:
            self.auction_queue.append(g.sq_title[self.pos[self.cur]])  # PROP-04: to auction
            self._proceed(AFTER)
        elif kind is Bid:
            a = self.auction
            a[1], a[2] = action.amount, action.player
            a[4] = (a[4] + 1) % len(a[3])
            self._auction_step()
        elif kind is PassBid:
            a = self.auction
            a[3].pop(a[4])
            self._auction_step()
        elif kind is Build:
            t = g.sq_title[action.square]
            p = self.owner[t]
            if self.level[t] == 4:  # PAL-06, RUT-10: the 4 houses go back, a hotel goes up
                self._transfer(p, BANK, g.t_hotel[t])
                self.hotels -= 1
                self.houses += 4
                self.level[t] = 5
            else:
                if self.houses < g.n and self._house_shortage(p, t):
                    return  # PROP-11: the last houses go to auction
                self._transfer(p, BANK, g.t_house[t])
                self.houses -= 1
                self.level[t] += 1
            self._mark_even(g.t_group[t])
        elif kind is SellBuilding:
            t = g.sq_title[action.square]
            p = self.owner[t]
            hotel = self.level[t] == 5
            if hotel:  # PAL-07: the lot is left with no buildings
                self._transfer(BANK, p, g.t_sell_hotel[t])
                self.hotels += 1
                self.level[t] = 0
            else:
                self._transfer(BANK, p, g.t_sell_house[t])
                self.houses += 1
                self.level[t] -= 1
            self._mark_even(g.t_group[t], broken=hotel)
            self._flush()
        elif kind is Mortgage:
            t = g.sq_title[action.square]
            self.mortgaged[t] = True
            self._transfer(BANK, self.owner[t], g.t_mortgage[t])
            self._flush()
        elif kind is Redeem:
            t = g.sq_title[action.square]
            self._transfer(self.owner[t], BANK, self.redeem_cost(t))
            self.mortgaged[t] = False
            self.late[t] = False
            if self.phase == REDEEM:
                self.redeem_queue.pop(0)
                self._flush()
        elif kind is KeepMortgaged:
            self.redeem_queue.pop(0)  # late[t] stays True: later +20 % (PAL-08)
            self._flush()
        elif kind is ProposeTrade:
            self.trades_made += 1
            self.trade = [self.cur, action]
            self.trade_resume = self.phase
            self.phase = TRADE
        elif kind is AcceptTrade:
            self._do_trade()
        elif kind is RejectTrade:
            self.trade = None
            self.phase = self.trade_resume
        elif kind is PayJailFine:
            p = self.cur
            self._transfer(p, BANK, g.rules.jail.fine)
            self.jail[p] = -1
        elif kind is UseJailCard:
            p = self.cur
            ref = self._usable_jail_card(p)
            card = g.card(ref)
            if card.effect == "leave_jail_for":
                self._transfer(p, BANK, int(card.params["amount"]))
            self._return_card(p, ref)
            self.jail[p] = -1
        elif kind is DeclareBankruptcy:
            self._bankrupt(self.debts[0][0])
        elif kind is PayWithTitles:
            self._pay_with_titles(action.squares)
        else:
            raise IllegalAction(t_("rules_property.not_an_action", label=self._label(action)))

    def _receive_title(self, q: int, t: int) -> None:
        self.owner[t] = q
        self._complete = None
        if self.mortgaged[t]:  # PAL-08, SUP-07, RUT-07: redeem at once, or later dearer
            self.late[t] = True
            self.redeem_queue.append([q, t])

    def _do_trade(self) -> None:
        g = self.game
        p, a = self.trade
        q = a.to_player
        self.trade = None
        if a.money > 0:
            self._transfer(p, q, a.money)
        elif a.money < 0:
            self._transfer(q, p, -a.money)
        for sq in a.give:
            self._receive_title(q, g.sq_title[sq])
        for sq in a.take:
            self._receive_title(p, g.sq_title[sq])
        for ref in a.give_cards:
            self.held[p].remove(ref)
            self.held[q].append(ref)
        for ref in a.take_cards:
            self.held[q].remove(ref)
            self.held[p].append(ref)
        self._proceed(self.trade_resume)

    def _pay_with_titles(self, squares: tuple[int, ...]) -> None:
        """PROP-14: all the cash and these titles to the player creditor; the debt is settled and
        the debtor stays in. Mortgaged titles keep their mortgage (redeem now or later)."""
        g = self.game
        d, c, _ = self.debts.pop(0)
        self._transfer(d, c, self.cash[d])
        handed = sorted(g.sq_title[sq] for sq in squares)  # board order, whatever was named
        self.redeem_queue = [x for x in self.redeem_queue if x[1] not in handed]
        for t in handed:
            self.late[t] = False
            self._receive_title(c, t)
        self._flush()

    def _bankrupt(self, d: int) -> None:
        """PROP-14, RUT-11: the player is out; to a player everything goes to the creditor."""
        g = self.game
        self._complete = None
        creditor = self.debts[0][1]
        if creditor != BANK and not self.alive[creditor]:
            creditor = BANK
        self.debts = [x for x in self.debts if x[0] != d]
        for x in self.debts:  # what others owed him goes to the bank
            if x[1] == d:
                x[1] = BANK
        for t, o in enumerate(self.owner):  # buildings back to the bank at half price
            if o == d and self.level[t]:
                lv = self.level[t]
                if lv == 5:
                    self._transfer(BANK, d, g.t_sell_hotel[t])
                    self.hotels += 1
                else:
                    self._transfer(BANK, d, lv * g.t_sell_house[t])
                    self.houses += lv
                self.level[t] = 0
                self._mark_even(g.t_group[t])
        self._transfer(d, creditor, self.cash[d])
        self.alive[d] = False
        self.jail[d] = -1
        self.skip[d] = 0
        self.redeem_queue = [x for x in self.redeem_queue if x[0] != d]
        if creditor == BANK:
            for t, o in enumerate(self.owner):
                if o == d:
                    self.owner[t] = BANK
                    self.mortgaged[t] = False
                    self.late[t] = False
                    if g.rules.bankrupt_to_bank == "auction":  # RUT-11: the Crown auctions them
                        self.auction_queue.append(t)
            for ref in list(self.held[d]):
                self._return_card(d, ref)
        else:
            for t, o in enumerate(self.owner):
                if o == d:
                    self.late[t] = False
                    self._receive_title(creditor, t)
            self.held[creditor] += self.held[d]
            self.held[d] = []
        if d == self.cur:
            self.resume = NEXT
        self._flush()

    # ------------------------------------------------------------------ the end
    def fortune(self, p: int) -> Fraction:
        """PAL-09, RUT-12: what a player is worth when time is up."""
        g = self.game
        r = g.rules
        total = Fraction(self.cash[p] - self.loans[p])
        for t, o in enumerate(self.owner):
            if o != p:
                continue
            price = g.t_price[t]
            total += price * (r.value_mortgaged if self.mortgaged[t] else r.value_title)
            lv = self.level[t]
            houses = r.value_hotel_houses if lv == 5 else lv
            total += houses * g.t_house[t] * r.value_house
        return total

    def fortunes(self) -> list[int]:
        return [floor(self.fortune(p)) if self.alive[p] else 0 for p in range(self.game.n)]

    def winner(self) -> int | None:
        """The last player standing; when time is up, the richest (None on a tie)."""
        alive = [p for p in range(self.game.n) if self.alive[p]]
        if len(alive) == 1:
            return alive[0]
        if self.phase != OVER:
            return None
        worth = {p: self.fortune(p) for p in alive}
        best = max(worth.values())
        top = [p for p in alive if worth[p] == best]
        return top[0] if len(top) == 1 else None

    def returns(self) -> list[float]:
        w = self.winner() if self.phase == OVER else None
        return [1.0 if p == w else 0.0 for p in range(self.game.n)]

    # ------------------------------------------------------------------ reading
    def title_at(self, square: int) -> int:
        return self.game.sq_title[square]

    def owner_of(self, square: int) -> int:
        return self.owner[self.game.sq_title[square]]

    def buildings_in_play(self) -> tuple[int, int]:
        houses = sum(lv for lv in self.level if lv < 5)
        hotels = sum(1 for lv in self.level if lv == 5)
        return houses, hotels


def _round_up(x: int, unit: int) -> int:
    return max(unit, -(-x // unit) * unit)


def play_out(
    state: PropertyState,
    policies: list[Any],
    rng: Random,
    max_turns: int = 1000,
    *,
    checked: bool = False,
) -> PropertyState:
    """Play in place to the end or until ``max_turns`` turns have been played.

    Chance is sampled with ``rng``; seat i is played by ``policies[i](state, rng)``. Bots choose
    from ``legal_actions()``, so by default their actions are applied without being validated a
    second time (``checked=True`` validates every one, as ``apply`` does).
    """
    sample = state.sample_chance
    chance = state.apply_chance
    roll = state._roll
    r = rng.random
    step = state.apply if checked else state._apply_unchecked
    fast = not checked
    while state.phase != OVER and state.turns <= max_turns:
        ph = state.phase
        if ph == DICE and fast:
            roll(int(r() * 6) + 1, int(r() * 6) + 1)  # = apply_chance(sample_chance(rng))
        elif ph in CHANCE_PHASES:
            chance(sample(rng))
        elif ph in (TURN, AFTER, BUY):
            action = policies[state.cur](state, rng)
            if fast and type(action) is RollDice:  # = RollDice, then the dice node
                roll(int(r() * 6) + 1, int(r() * 6) + 1)
            else:
                step(action)
        else:
            step(policies[state.current_player()](state, rng))
    return state
