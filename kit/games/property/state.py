"""The position of a property game: its named constants, the state's fields, copying and saving,
who acts, the ledger and the flow from one decision to the next (the game's lookup tables are in
`tables`).

The rules that act on the state live beside it, one action group a module (`moves`, `cards`,
`building`, `auctions`, `trading`, `debts`, `chance`); `game.py` assembles them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING, Any, NamedTuple

from kit.games.core import CHANCE, TERMINAL, State
from kit.games.property.actions import action_from_dict, action_to_dict
from kit.messages import t as t_

if TYPE_CHECKING:
    from kit.games.property.tables import PropertyGame

BANK = -3  # the bank as an owner, payer or creditor: neither a seat nor core's CHANCE (-1)
FREE = -1  # state.jail[p] of a player not in jail (else the failed rolls there so far)
HOTEL = 5  # state.level[t] of a lot with its hotel (castle); 0-4 are houses
HOUSES_PER_HOTEL = 4  # a hotel stands where four houses stood (PAL-06, RUT-10)
NO_LOT = -1  # sq_title of a square with no title deed; a building auction's lot for "none"
NEXT = "next"  # resume marker: the turn is over, pass to the next player
MAX_TRADES_PER_TURN = 3

# phases
ORDER, SHUFFLE, DEAL = "order", "shuffle", "deal"
TURN, DICE, BUY, AUCTION, CLAIM, AFTER = "turn", "dice", "buy", "auction", "claim", "after"
DEBT, TRADE, REDEEM, OVER = "debt", "trade", "redeem", "over"
CHANCE_PHASES = frozenset((ORDER, SHUFFLE, DEAL, DICE, CLAIM))

LOT, STATION, UTILITY = 0, 1, 2
_KIND = {"lot": LOT, "station": STATION, "utility": UTILITY}


class CardRef(NamedTuple):
    """A card of a deck: which deck (its index in the rule set) and its place in the printed
    deck. Kept cards are held as these and named so in ProposeTrade (a pair in saved games)."""

    deck: int
    card: int


class Debt(NamedTuple):
    """What a player owes and could not pay at once (settled in the debt phase, PROP-14)."""

    debtor: int
    creditor: int  # a seat or BANK
    amount: int
    reason: str  # as in a "cash" event: rent, tax, card, fine, price ...


class Pending(NamedTuple):
    """A player who just received a mortgaged title and must say: redeem now or keep it."""

    player: int
    title: int


class Proposal(NamedTuple):
    """A trade waiting for its answer."""

    proposer: int
    terms: Any  # the ProposeTrade


class Claim(NamedTuple):
    """A rent the owner may or may not claim (PROP-06, a chance node)."""

    payer: int
    owner: int
    rent: int


@dataclass(slots=True)
class Auction:
    """The running auction (PROP-04; PROP-11 for a scarce house or hotel).

    ``title``: what is sold (a title index; for a building, the lot of the player who asked);
    ``high``, ``bidder``: the best bid so far (bidder -1 before any); ``bidders``: who is still
    in, in the order they bid; ``turn``: the index in ``bidders`` of who bids next. A building
    auction also has ``building`` ("house" or "hotel"), ``opening`` and ``lots``: the lot it goes
    up on for each player (NO_LOT for one who cannot build it)."""

    title: int
    bidders: list[int]
    high: int = 0
    bidder: int = -1
    turn: int = 0
    building: str = ""  # "" for a title
    opening: int = 0
    lots: list[int] = field(default_factory=list)

    def copy(self) -> Auction:
        return Auction(
            self.title,
            self.bidders[:],
            self.high,
            self.bidder,
            self.turn,
            self.building,
            self.opening,
            self.lots[:],
        )

    def to_list(self) -> list[Any]:
        return [
            self.title,
            self.bidders,
            self.high,
            self.bidder,
            self.turn,
            self.building,
            self.opening,
            self.lots,
        ]


def _frac(x: Any) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(str(x))


_FIELDS = (
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
    "roll_off",
    "roll_off_dice",
)
_FLAT = frozenset(  # lists of plain values
    ("cash", "pos", "alive", "jail", "skip", "loans", "owner", "mortgaged", "late", "level")
) | frozenset(("uneven", "auction_queue", "roll_off", "last_roll"))
_NESTED = frozenset(("decks", "held", "roll_off_dice"))  # lists of lists


# the records a saved game writes as lists: their length and the words for their fields
_RECORDS = {"trade": (2, "trade"), "claim": (3, "claim"), "auction": (8, "auction")}
_RECORD_LISTS = {"debts": (4, "debt"), "redeem_queue": (2, "pending")}


class Unreadable(ValueError):
    """A saved field that is not the list (of records) it should be: the message names it."""

    def __init__(self, f: str, v: Any, shape: str) -> None:
        from kit.games.property.audit import show

        error = t_("audit.load_shape", value=show(v), shape=shape)
        super().__init__(t_("audit.load_bad", field=f, error=error))


def _fields(f: str, v: Any, size: int = 0, words: str = "") -> list[Any]:
    """A list (`size` 0), or the fields of a record saved as a list of `size`."""
    if type(v) is not list or (size and len(v) != size):
        words = t_("audit.shape_record", fields=t_(f"audit.shape_{words}")) if size else ""
        raise Unreadable(f, v, words or t_("audit.shape_list"))
    return v


def _loaded(f: str, v: Any) -> Any:
    """A saved field as the state holds it: the records rebuilt from their JSON lists. A record
    that is not a list of its length is Unreadable; the values in it are the audit's to check
    (`kit.games.property.audit`)."""
    if v is None:
        return v
    if f in _RECORDS:
        v = _fields(f, v, *_RECORDS[f])
        if f == "trade":
            if type(v[1]) is not dict:
                raise Unreadable(f, v[1], t_("audit.shape_action"))
            return Proposal(v[0], action_from_dict(v[1]))
        return Claim(*v) if f == "claim" else Auction(*v)
    if f in _RECORD_LISTS:
        size, words = _RECORD_LISTS[f]
        kind = Debt if f == "debts" else Pending
        return [kind(*_fields(f, x, size, words)) for x in _fields(f, v)]
    if f == "held":
        return [[CardRef(*_fields(f, r, 2, "card")) for r in _fields(f, h)] for h in _fields(f, v)]
    return v


class StateBase(State):
    """The fields of a property position and what every rule module shares: saving, who acts,
    the ledger (every movement of money, each with its reason, is an event) and the flow."""

    __slots__ = ("_complete", "_look", "events", "game", *_FIELDS)

    def __init__(self, game: PropertyGame):
        n, r = game.n, game.rules
        nt = len(game.titles)
        self.game = game
        self.events: list[dict[str, Any]] = []
        self.phase = ORDER
        self.cur = 0
        self.first = 0
        self.turns = 0
        self.cash = [r.start_money] * n
        self.pos = [0] * n
        self.alive = [True] * n
        self.jail = [FREE] * n
        self.skip = [0] * n  # turns still to lose (RUT-13)
        self.loans = [0] * n  # owed to the bank at the end (RUT-13 crown loan, with interest)
        self.owner = [BANK] * nt
        self.mortgaged = [False] * nt
        self.late = [False] * nt  # bought mortgaged and not redeemed at once (PAL-08)
        self.level = [0] * nt  # 0-4 houses, HOTEL
        self.houses = r.houses
        self.hotels = r.hotels
        self.decks = [list(range(len(d.cards))) for d in game.decks]  # top first
        self.held: list[list[CardRef]] = [[] for _ in range(n)]  # kept cards
        self.doubles = 0
        self.again = False
        self.last_roll: list[int] | None = None
        self.paid_out = 0
        self.taken_in = 0
        self.debts: list[Debt] = []  # in order
        self.auction: Auction | None = None
        self.auction_queue: list[int] = []
        self.redeem_queue: list[Pending] = []
        self.trade: Proposal | None = None
        self.trade_resume = TURN
        self.resume = TURN
        self.trades_made = 0
        self.shuffle_k = 0
        self.claim: Claim | None = None
        self.uneven = [False] * len(game.groups)  # made uneven by a hotel sale or a fire
        self._complete: list[list[int]] | None = None  # see buildable()
        self._look: Any = None  # the traders' look at this ownership (bots._look), if any
        self.roll_off = list(range(n))  # PROP-01: who rolls in this round of the opening roll
        self.roll_off_dice: list[list[int]] = []  # the dice each of them rolled so far

    # ------------------------------------------------------------------ copying and saving
    def copy(self) -> Any:
        new = type(self).__new__(type(self))
        new.game = self.game
        new.events = self.events  # replaced by every apply, never grown: safe to share
        new._complete = self._complete  # replaced, never changed in place: safe to share
        new._look = self._look  # likewise
        for f in _FIELDS:
            v = getattr(self, f)
            if v is None:
                pass
            elif f in _FLAT:
                v = v[:]
            elif f in _NESTED:
                v = [x[:] for x in v]
            elif f == "auction":
                v = v.copy()
            elif f in ("debts", "redeem_queue"):  # lists of immutable records
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
                v = [v.proposer, action_to_dict(v.terms)]
            elif f == "auction" and v is not None:
                v = v.to_list()
            out[f] = v
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, game: PropertyGame) -> Any:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as error:
            raise ValueError(f"not a saved property game: {error}") from None
        if not isinstance(data, dict) or "rules" not in data:
            raise ValueError("not a saved property game: no 'rules'")
        if data["rules"] != game.rules.name or data.get("edition") != game.rules.edition:
            raise ValueError(
                f"this state is of {data['rules']} {data.get('edition')}, "
                f"not of {game.rules.name} {game.rules.edition}"
            )
        if data.get("players") != game.names:
            raise ValueError(f"this state is for players {data.get('players')}, not {game.names}")
        from kit.games.property import legacy

        if legacy.is_old(data):
            try:
                data = legacy.upgrade(data)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                raise ValueError(t_("audit.load_old", error=error)) from None
        missing = [f for f in _FIELDS if f not in data]
        if missing:
            raise ValueError(f"saved property game without {', '.join(missing)}")
        new = cls.__new__(cls)
        new.game = game
        new._complete = new._look = None
        new.events = []
        for f in _FIELDS:
            try:
                setattr(new, f, _loaded(f, data[f]))
            except Unreadable:
                raise
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                raise ValueError(t_("audit.load_bad", field=f, error=error)) from None
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
            return a.bidders[a.turn]
        if ph == DEBT:
            return self.debts[0].debtor
        if ph == TRADE:
            return self.trade.terms.to_player
        if ph == REDEEM:
            return self.redeem_queue[0].player
        if ph == OVER:
            return TERMINAL
        return CHANCE

    # ------------------------------------------------------------------ the ledger
    def _emit(self, kind: str, **values: Any) -> None:
        values["kind"] = kind
        self.events.append(values)

    def _set_owner(self, t: int, q: int) -> None:
        """Title ``t`` goes to ``q`` (the bank's number for the bank). Every change of hands
        comes here, so what is kept of the lot groups' ownership follows it: ``buildable``'s
        groups owned whole and the traders' look are updated (only t's group can change). A
        station or a utility changes neither."""
        was = self.owner[t]
        self.owner[t] = q
        g = self.game
        i = g.t_lot_group[t]
        if i < 0 or was == q:
            return
        if self._look is not None:
            self._look = self._look.moved(self.owner, i)
        whole = self._complete
        if whole is not None:
            whole = self._complete = whole[:]  # a new list: copies share the old one
            if was >= 0 and i in whole[was]:
                whole[was] = [x for x in whole[was] if x != i]
            if q >= 0 and g.lot_readers[i](self.owner).count(q) == len(g.lot_groups[i]):
                whole[q] = sorted([*whole[q], i])

    def _transfer(self, src: int, dst: int, amount: int, reason: str) -> None:
        """Every movement of money: players >= 0, the bank is BANK; each is a "cash" event."""
        if src == BANK:
            self.paid_out += amount
        else:
            self.cash[src] -= amount
        if dst == BANK:
            self.taken_in += amount
        else:
            self.cash[dst] += amount
        self.events.append(
            {
                "kind": "cash",
                "player": None if src == BANK else src,
                "to": None if dst == BANK else dst,
                "amount": amount,
                "reason": reason,
            }
        )

    def _charge(self, payer: int, creditor: int, amount: int, reason: str) -> None:
        """Pay now if possible, else record a debt (settled in the debt phase, PROP-14)."""
        if amount <= 0 or payer == creditor:
            return
        if self.cash[payer] >= amount and (
            not self.debts or not any(d.debtor == payer for d in self.debts)
        ):
            self._transfer(payer, creditor, amount, reason)
        else:
            self.debts.append(Debt(payer, creditor, amount, reason))
            self._emit(
                "owes",
                player=payer,
                to=None if creditor == BANK else creditor,
                amount=amount,
                reason=reason,
            )

    def _settle(self) -> None:
        debts = self.debts
        while debts:
            d, c, amount, reason = debts[0]
            if not self.alive[d]:
                debts.pop(0)
            elif self.cash[d] >= amount:
                debts.pop(0)
                self._transfer(d, c if c == BANK or self.alive[c] else BANK, amount, reason)
            else:
                return

    # ------------------------------------------------------------------ flow
    def _proceed(self, phase: str) -> None:
        """Go on to ``phase`` (by way of `_flush` when something is pending). Every landing comes
        through here, and nearly always nothing is pending: that case is settled at once."""
        self.resume = phase
        if self.debts or self.redeem_queue or self.auction_queue or self.auction:
            self._flush()
        elif phase == NEXT:
            self._next_turn()
        else:
            self.phase = phase

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
            self._start_auction(self.auction_queue.pop(0))  # type: ignore[attr-defined]
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
            self._game_over("last")
            self.debts.clear()
            self.auction = None
            self.auction_queue.clear()
            self.redeem_queue.clear()
            return True
        return False

    def _game_over(self, reason: str) -> None:
        self.phase = OVER
        self._emit("game_over", player=self.winner(), reason=reason)

    def _next_turn(self) -> None:
        g = self.game
        self.doubles = 0
        self.again = False
        self.trades_made = 0
        alive = self.alive
        if alive.count(True) <= 1 and self._finished():
            return
        p = self.cur
        n, limit = g.n, g.time_limit
        while True:
            if limit is not None and self.turns >= limit:
                self._game_over("time")  # PROP-16: time is up
                return
            p = (p + 1) % n
            if not alive[p]:
                continue
            self.turns += 1
            if self.skip[p]:
                self.skip[p] -= 1  # RUT-13: a lost turn
                self._emit("lost_turn", player=p)
                continue
            break
        self.cur = p
        self.resume = TURN
        self.phase = TURN

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
            houses = r.value_hotel_houses if lv == HOTEL else lv
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

    # ------------------------------------------------------------------ invariants
    def audit(self) -> list[str]:
        """What is wrong with this position, in plain words, each problem naming its field (empty
        when all is well): every field's shape and range, what the fields say together, money
        conserved through the ledger, no negative cash, buildings all in play or in the bank and
        only on owned unmortgaged lots, building even unless a sale or fire broke it, each title
        with one owner, every card in a deck or a hand, the groups kept as owned whole (see
        ``_set_owner``) those that are (see `kit.games.property.audit`)."""
        return _audit(self)

    # ------------------------------------------------------------------ reading
    def title_at(self, square: int) -> int:
        return self.game.sq_title[square]

    def owner_of(self, square: int) -> int:
        return self.owner[self.game.sq_title[square]]

    def buildings_in_play(self) -> tuple[int, int]:
        houses = sum(lv for lv in self.level if lv < HOTEL)
        hotels = sum(1 for lv in self.level if lv == HOTEL)
        return houses, hotels


def _audit(state: Any) -> list[str]:
    """`kit.games.property.audit.audit`, imported on first use (it imports this module)."""
    global _audit
    from kit.games.property.audit import audit as _audit

    return _audit(state)
