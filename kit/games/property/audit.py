"""What is wrong with a property position, in plain words (``StateBase.audit``; empty when all
is well): a saved game resumes only when its audit is empty. Three passes, in an order that never
raises on any state `from_json` returns: (1) each field's shape: lists of the right length, whole
numbers (not a bool, not a float) in their ranges, flags, phases, and seats, titles, squares and
cards that exist; (2) once every field has its shape, what they say together: what the phase
needs, debtors, bidders and the player to act still in the game, a jailed token on the jail
square, a pending trade the rules allow (`trading.check_proposal`) ...; (3) the invariants of
play: money and buildings conserved, buildings only where they may stand and even, every card in
one place. Each problem is one sentence of ``kit/data/messages/audit.toml`` in the class language
that begins with its field. Called at every node by the conformance tests, so each field is first
checked whole (``set``, ``min``, ``max``) and item by item only when something is wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import Any
from weakref import WeakKeyDictionary

from kit.games.audit import Findings as _Findings
from kit.games.audit import What, show
from kit.games.audit import whole_numbers as _ints
from kit.games.property.actions import ProposeTrade
from kit.games.property.state import (
    AFTER,
    AUCTION,
    BANK,
    BUY,
    CLAIM,
    DEAL,
    DEBT,
    DICE,
    FREE,
    HOTEL,
    LOT,
    MAX_TRADES_PER_TURN,
    NEXT,
    NO_LOT,
    ORDER,
    OVER,
    REDEEM,
    SHUFFLE,
    TRADE,
    TURN,
    Auction,
    CardRef,
    Claim,
    Debt,
    Pending,
    Proposal,
)
from kit.messages import Say, t

PHASES = (ORDER, SHUFFLE, DEAL, TURN, DICE, BUY, AUCTION, CLAIM, AFTER, DEBT, TRADE, REDEEM, OVER)
RESUMES = (TURN, AFTER, BUY, NEXT)  # where `_flush` goes on to (`_proceed`'s phases, NEXT)
TRADE_RESUMES = (TURN, AFTER)  # where a trade may be proposed (PROP-12), so where it goes back
BUILDINGS = ("", "house", "hotel")  # an auction's building: "" for a title (PROP-04, PROP-11)
REASONS = ("rent", "tax", "card", "fine", "price", "debt")  # a debt's reason (`_charge`'s)
_INT, _BOOL = {int}, {bool}


class Findings(_Findings):
    """The shared checks, and the property games' own (lists of numbers and flags, dice)."""

    __slots__ = ()

    def numbers(
        self, field: str, v: Any, size: int, per: str, low: int, high: int | None, item: Any
    ) -> bool:
        """One whole number per player (title) from `low` to `high`; `item(i, x)` says what is
        wrong with one (a `What`: the usual sentence about it; else a function that says it)."""
        if not self.listed(field, v, size, per):
            return False
        if _ints(v, low, high):
            return True
        for i, x in enumerate(v):
            if type(x) is not int or x < low or (high is not None and x > high):
                what = item(i, x)
                if what is not None:
                    self.number(field, x, what, low, high)
        return False

    def flags(self, field: str, v: Any, size: int, per: str, whose: Callable[[int], What]) -> None:
        """One true/false per player (title, group); `whose(i)` says whose."""
        if self.listed(field, v, size, per) and v and set(map(type, v)) != _BOOL:
            for i, x in enumerate(v):
                self.flag(field, x, whose(i))

    def dice(self, field: str, x: Any) -> bool:
        """Two dice, each 1 to 6 (a roll as saved)."""
        if type(x) is list and len(x) == 2 and _ints(x, 1, 6):
            return True
        self.say("dice", field=field, value=show(x))
        return False


def audit(s: Any) -> list[str]:
    """What is wrong with property position `s` (see the module): empty when all is well."""
    f = Findings(s.game.names)
    _shapes(s, f)
    if f.wrong:  # the fields are not what they say: what they say together cannot be read
        return f.wrong
    _together(s, f)
    _invariants(s, f)
    return f.wrong


# ---------------------------------------------------------------------- 1. each field's shape
def _shapes(s: Any, f: Findings) -> None:
    g = s.game
    if type(s.phase) is not str or s.phase not in PHASES:
        f.say("phase", field="phase", value=show(s.phase), phases=", ".join(PHASES))
    if not _plain(s, g):
        _numbers(s, g, f)
    _cards(s, f)
    if type(s.again) is not bool:
        f.flag("again", s.again, "again")
    if s.last_roll is not None:
        f.dice("last_roll", s.last_roll)
    _records(s, g, f)


_VALUES: WeakKeyDictionary[Any, tuple[frozenset[int], ...]] = WeakKeyDictionary()


def _plain(s: Any, g: Any) -> bool:
    """The quick test of the whole numbers, their lists and the flags: True only when
    `_numbers`, which looks at them one by one, would find nothing."""
    n, nt, r = g.n, len(g.titles), g.rules
    values = _VALUES.get(g)
    if values is None:  # what an owner, a level, a jail count, lost turns, a square may be
        jails, skips = range(FREE, r.jail.max_turns), range(_most_skipped(g) + 1)
        ranges = ((BANK, *range(n)), range(HOTEL + 1), jails, skips, range(g.nsq))
        values = _VALUES[g] = tuple(map(frozenset, ranges))
    xs = (s.cur, s.first, s.turns, s.houses, s.hotels, s.doubles, s.paid_out, s.taken_in)
    lists = (s.cash, s.pos, s.jail, s.skip, s.loans, s.owner, s.level)
    flags = (s.alive, s.mortgaged, s.late, s.uneven)
    sizes, limit = (n, n, n, n, n, nt, nt, n, nt, nt, len(g.groups)), g.time_limit
    try:
        if set(map(type, (*xs, s.trades_made, s.shuffle_k))) != _INT or min(xs) < 0:
            return False
        top = (s.cur < n, s.first < n, s.houses <= r.houses, s.hotels <= r.hotels, s.doubles <= 2)
        top += (0 <= s.trades_made <= MAX_TRADES_PER_TURN, -1 <= s.shuffle_k <= len(g.decks))
        if not all(top) or (limit is not None and s.turns > limit):
            return False
        if set(map(type, lists + flags)) != {list} or tuple(map(len, lists + flags)) != sizes:
            return False
        ints, bools = chain.from_iterable(lists), chain.from_iterable(flags)
        if set(map(type, ints)) != _INT or set(map(type, bools)) != _BOOL:
            return False
        bounded = (s.owner, s.level, s.jail, s.skip, s.pos)
        return min(s.cash) >= 0 <= min(s.loans) and all(map(frozenset.issuperset, values, bounded))
    except TypeError:  # a text or a list among the numbers
        return False


def _numbers(s: Any, g: Any, f: Findings) -> None:
    """The whole numbers, their lists and the flags, one by one (see `_plain`)."""
    r = g.rules
    n, nt, nsq, names, titles = g.n, len(g.titles), g.nsq, f.names, g.titles
    f.seat("cur", s.cur, "turn")
    f.seat("first", s.first, "first")
    limit = g.time_limit  # the game ends when time is up (PROP-16)
    if f.number("turns", s.turns, "turns") and limit is not None and s.turns > limit:
        f.say("turns_limit", field="turns", value=show(s.turns), limit=show(limit))
    f.numbers("cash", s.cash, n, "players", 0, None, lambda p, x: _cash(f, p, x))
    last, most = nsq - 1, r.jail.max_turns - 1
    on = lambda p, x: f.say("pos", field="pos", name=names[p], value=show(x), n=nsq, last=last)  # noqa: E731
    f.numbers("pos", s.pos, n, "players", 0, last, on)
    f.flags("alive", s.alive, n, "players", lambda p: ("alive", {"name": names[p]}))
    jailed = lambda p, x: f.say("jail", field="jail", name=names[p], value=show(x), last=most)  # noqa: E731
    f.numbers("jail", s.jail, n, "players", FREE, most, jailed)
    skip = _most_skipped(g)
    f.numbers("skip", s.skip, n, "players", 0, skip, lambda p, x: ("skip", {"name": names[p]}))
    f.numbers("loans", s.loans, n, "players", 0, None, lambda p, x: ("loans", {"name": names[p]}))

    def owner(i: int, x: Any) -> None:
        f.say("owner", field="owner", title=titles[i].name, value=show(x), bank=BANK, last=n - 1)

    if f.numbers("owner", s.owner, nt, "titles", BANK, n - 1, owner):
        for i, o in enumerate(s.owner):
            if o in (-1, -2):  # neither the bank nor a seat
                owner(i, o)
    for field in ("mortgaged", "late"):
        f.flags(field, getattr(s, field), nt, "titles", _about(field, titles))
    f.numbers("level", s.level, nt, "titles", 0, HOTEL, lambda i, x: _about("level", titles)(i))
    f.number("houses", s.houses, "houses", 0, r.houses)
    f.number("hotels", s.hotels, "hotels", 0, r.hotels)
    f.number("doubles", s.doubles, "doubles", 0, 2)  # the third double jails at once (PROP-03)
    f.number("paid_out", s.paid_out, "paid_out")
    f.number("taken_in", s.taken_in, "taken_in")
    f.number("trades_made", s.trades_made, "trades_made", 0, MAX_TRADES_PER_TURN)
    f.number("shuffle_k", s.shuffle_k, "shuffle_k", -1, len(g.decks))  # -1: the titles dealt
    whose = lambda i: ("uneven", {"group": g.groups[i]})  # noqa: E731
    f.flags("uneven", s.uneven, len(g.groups), "groups", whose)


def _records(s: Any, g: Any, f: Findings) -> None:
    """What waits (debts, auctions, redemptions, a trade, a rent) and the opening roll."""
    if s.debts != [] and f.listed("debts", s.debts):
        for k, debt in enumerate(s.debts, start=1):
            _debt(f, k, debt)
    if s.auction is not None:
        _auction(s, f, s.auction)
    queue, nt = s.auction_queue, len(g.titles)
    if queue != [] and f.listed("auction_queue", queue) and not _ints(queue, 0, nt - 1):
        for x in s.auction_queue:
            _title(s, f, "auction_queue", x, "queued")
    if s.redeem_queue != [] and f.listed("redeem_queue", s.redeem_queue):
        for x in s.redeem_queue:
            if _record(f, "redeem_queue", x, Pending, "pending"):
                f.seat("redeem_queue", x.player, "redeemer")
                _title(s, f, "redeem_queue", x.title, "to_redeem")
    if s.trade is not None:
        _trade(s, f, s.trade)
    if type(s.trade_resume) is not str or s.trade_resume not in TRADE_RESUMES:
        f.choice("trade_resume", s.trade_resume, "trade_resume", TRADE_RESUMES)
    if type(s.resume) is not str or s.resume not in RESUMES:
        f.choice("resume", s.resume, "resume", RESUMES)
    c = s.claim
    if c is not None and _record(f, "claim", c, Claim, "claim"):
        f.seat("claim", c.payer, "claim_payer")
        f.seat("claim", c.owner, "claim_owner")
        f.number("claim", c.rent, "claim_rent", 1)
    if s.roll_off != []:
        f.seats("roll_off", s.roll_off, "roll_off")
    if s.roll_off_dice != [] and f.listed("roll_off_dice", s.roll_off_dice):
        for dice in s.roll_off_dice:
            f.dice("roll_off_dice", dice)


_SKIPS: WeakKeyDictionary[Any, int] = WeakKeyDictionary()


def _most_skipped(g: Any) -> int:
    """The most turns one card takes away (RUT-13): he draws no other before he has lost them."""
    most = _SKIPS.get(g)
    if most is None:
        cards = (c for d in g.decks for c in d.cards if c.effect == "skip_turns")
        most = _SKIPS[g] = max((int(c.params["n"]) for c in cards), default=0)
    return most


def _crown_loans(g: Any) -> bool:
    """Whether a card of the game lends money to be repaid at the end (RUT-13)."""
    return any(c.effect == "crown_loan" for d in g.decks for c in d.cards)


def _about(field: str, titles: Any) -> Callable[[int], What]:
    return lambda i: (field, {"title": titles[i].name})


def _cash(f: Findings, p: int, x: Any) -> What | None:
    if type(x) is int:  # debts are recorded, never paid with money one has not got (PROP-14)
        f.say("cash_negative", field="cash", name=f.names[p], value=show(x))
        return None
    return ("cash", {"name": f.names[p]})


def _record(f: Findings, field: str, x: Any, kind: type, shape: str) -> bool:
    if isinstance(x, kind):
        return True
    f.say("record", field=field, value=show(x), shape=t("audit.shape_" + shape))
    return False


def _title(s: Any, f: Findings, field: str, x: Any, what: What) -> bool:
    nt = len(s.game.titles)
    if type(x) is not int or not 0 <= x < nt:
        f.say("title", field=field, what=f.words(what), value=show(x), n=nt, last=nt - 1)
        return False
    return True


def _cards(s: Any, f: Findings) -> None:
    """Each deck a list of its card numbers; each player's kept cards, [deck, card] each."""
    g = s.game
    nd = len(g.decks)
    if f.listed("decks", s.decks, nd, "decks"):
        for d, pile in enumerate(s.decks):
            last = len(g.decks[d].cards) - 1
            if f.listed("decks", pile) and not _ints(pile, 0, last):
                x = next(x for x in pile if type(x) is not int or not 0 <= x <= last)
                f.say("card", field="decks", deck=g.decks[d].name, value=show(x), last=last)
    if f.listed("held", s.held, f.n, "players"):
        for p, hand in enumerate(s.held):
            if f.listed("held", hand):
                for ref in hand:
                    if not (
                        isinstance(ref, CardRef)
                        and type(ref.deck) is int
                        and 0 <= ref.deck < nd
                        and type(ref.card) is int
                        and 0 <= ref.card < len(g.decks[ref.deck].cards)
                    ):
                        f.say("held", field="held", name=f.names[p], value=show(ref), last=nd - 1)


def _debt(f: Findings, k: int, debt: Any) -> None:
    if not _record(f, "debts", debt, Debt, "debt"):
        return
    f.seat("debts", debt.debtor, ("debtor", {"k": k}))
    c = debt.creditor
    if type(c) is not int or not (c == BANK or 0 <= c < f.n):
        f.say("creditor", field="debts", k=k, value=show(c), bank=BANK, last=f.n - 1)
    elif c == debt.debtor:
        f.say("debt_self", field="debts", k=k, name=f.names[c])
    f.number("debts", debt.amount, ("debt_amount", {"k": k}), 1)
    f.choice("debts", debt.reason, ("debt_reason", {"k": k}), REASONS)


def _auction(s: Any, f: Findings, a: Any) -> None:
    if not _record(f, "auction", a, Auction, "auction"):
        return
    if not f.choice("auction", a.building, "building", BUILDINGS):
        return
    _title(s, f, "auction", a.title, "asked_lot" if a.building else "auctioned")
    if f.seats("auction", a.bidders, "bidders", empty=False):
        f.number("auction", a.turn, "bid_turn", 0, len(a.bidders) - 1)
    f.number("auction", a.high, "high")
    b = a.bidder
    if type(b) is not int or not -1 <= b < f.n:
        what = f.words("bidder")
        f.say("seat_or_nobody", field="auction", what=what, value=show(b), last=f.n - 1)
    f.number("auction", a.opening, "opening")
    if not a.building:
        if a.lots != []:
            f.say("lots_title", field="auction", value=show(a.lots))
    elif f.listed("auction", a.lots, f.n, "players"):
        for q, lot in enumerate(a.lots):
            if type(lot) is not int or lot != NO_LOT:
                _title(s, f, "auction", lot, ("lot_of", {"name": f.names[q]}))


def _trade(s: Any, f: Findings, trade: Any) -> None:
    if not isinstance(trade, Proposal) or not isinstance(trade.terms, ProposeTrade):
        f.say("record", field="trade", value=show(trade), shape=t("audit.shape_trade"))
        return
    f.seat("trade", trade.proposer, "proposer")
    a = trade.terms
    f.seat("trade", a.to_player, "proposed_to")
    if type(a.money) is not int:
        f.say("whole", field="trade", what=f.words("trade_money"), value=show(a.money))
    for side in (a.give, a.take):
        if type(side) is not tuple or not _ints(list(side), 0, s.game.nsq - 1):
            f.say("trade_squares", field="trade", value=show(side), last=s.game.nsq - 1)
    for cards in (a.give_cards, a.take_cards):
        if type(cards) is not tuple or not all(
            isinstance(c, tuple) and len(c) == 2 and _ints(list(c), 0) for c in cards
        ):
            f.say("trade_cards", field="trade", value=show(cards))


# ---------------------------------------------------------------------- 2. the fields together
_NEEDS = {AUCTION: "auction", DEBT: "debts", TRADE: "trade", REDEEM: "redeem_queue", CLAIM: "claim"}
_ONLY_IN = {"auction": AUCTION, "trade": TRADE, "claim": CLAIM}  # a record of one phase only
_PHASE = {ph: Say(f"rules_property.phase_{ph}") for ph in PHASES}  # a phase in words


def _together(s: Any, f: Findings) -> None:
    g = s.game
    ph, alive, names = s.phase, s.alive, f.names
    phase = _PHASE[ph]
    need = _NEEDS.get(ph)
    if need is not None and not getattr(s, need):
        f.say("needs", field=need, phase=phase, what=f.words("needs_" + need))
    for field, own in _ONLY_IN.items():
        if getattr(s, field) is not None and ph != own:
            f.say("only_in", field=field, phase=phase, own=_PHASE[own])
    if ph in (TURN, DICE, BUY, AFTER) and not alive[s.cur]:
        f.say("cur_out", field="cur", name=names[s.cur])
    if ph == ORDER and not (s.roll_off and len(s.roll_off_dice) < len(s.roll_off)):
        f.say("order", field="roll_off_dice", done=len(s.roll_off_dice), n=len(s.roll_off))
    if ph != ORDER and (s.roll_off or s.roll_off_dice):
        f.say("order_over", field="roll_off", phase=phase)
    nd = len(g.decks)  # the decks are shuffled after the opening roll, then titles are dealt
    done = {ORDER: (0,), SHUFFLE: range(nd), DEAL: (nd,)}.get(ph, (-1,) if g.abbreviated else (nd,))
    if s.shuffle_k not in done:
        f.say("shuffle", field="shuffle_k", phase=phase, value=s.shuffle_k, nd=nd)
    if ph == DEAL and not g.abbreviated:
        f.say("deal", field="phase")
    if ph == OVER and sum(alive) > 1 and (g.time_limit is None or s.turns < g.time_limit):
        f.say("over", field="phase", n=sum(alive))
    squares = g.rules.squares
    if ph == BUY:
        title = g.sq_title[s.pos[s.cur]]
        if title == NO_LOT or s.owner[title] != BANK:
            f.say("buy", field="pos", name=names[s.cur], square=squares[s.pos[s.cur]].name)
    jail = g.rules.jail.square
    for p in range(g.n):
        if s.jail[p] != FREE and s.pos[p] != jail:
            where, cell = squares[s.pos[p]].name, squares[jail].name
            f.say("jail_square", field="jail", name=names[p], square=where, jail=cell)
        for ref in s.held[p]:
            if not g.deck_kept[ref.deck][ref.card]:
                deck = g.decks[ref.deck]
                card = deck.cards[ref.card].id
                f.say("not_kept", field="held", name=names[p], card=card, deck=deck.name)
        if not alive[p] and (s.cash[p] or s.held[p] or s.jail[p] != FREE or s.skip[p]):
            f.say("out_keeps", field="alive", name=names[p])
    if s.again and not s.doubles:  # PROP-03: a double, and only a double, rolls again
        f.say("again", field="again")
    pending = (("debts", (DEBT, CLAIM)), ("redeem_queue", (DEBT, REDEEM)))  # a jail fine owed,
    for field, phases in (*pending, ("auction_queue", (DEBT, REDEEM, AUCTION))):  # then a rent
        if getattr(s, field) and ph not in phases:  # settled before the game goes on (_flush)
            f.say("pending", field=field, phase=phase)
    if any(s.loans) and not _crown_loans(g):
        p = next(p for p in range(g.n) if s.loans[p])
        f.say("no_loans", field="loans", name=names[p], value=show(s.loans[p]))
    if True in s.late:
        for t_, late in enumerate(s.late):
            if late and (s.owner[t_] == BANK or not s.mortgaged[t_]):
                f.say("late", field="late", title=g.titles[t_].name)
    _pending(s, f)


def _pending(s: Any, f: Findings) -> None:
    """What waits to be settled: debts, the auction and its queue, redemptions, a rent, a trade."""
    g = s.game
    alive, names, titles = s.alive, f.names, g.titles
    for debt in s.debts:
        if not alive[debt.debtor]:
            f.say("debtor_out", field="debts", name=names[debt.debtor])
    d = s.debts[0] if s.phase == DEBT and s.debts else None
    if d is not None and s.cash[d.debtor] >= d.amount:  # he would have paid it (PROP-14)
        values = {"cash": show(s.cash[d.debtor]), "amount": show(d.amount)}
        f.say("debt_paid", field="debts", name=names[d.debtor], **values)
    a = s.auction
    if a is not None:
        for q in a.bidders:
            if not alive[q]:
                f.say("bidder_out", field="auction", name=names[q])
            elif a.building and a.lots[q] == NO_LOT:
                f.say("bidder_lot", field="auction", name=names[q])
        if a.bidder >= 0 and a.bidder not in a.bidders:
            f.say("bidder_left", field="auction", name=names[a.bidder])
        opening = a.opening if a.building else g.t_opening[a.title]
        if a.bidder >= 0 and not opening <= a.high <= s.cash[a.bidder]:  # PROP-04, PROP-11
            name, cash = names[a.bidder], show(s.cash[a.bidder])
            high, low = show(a.high), show(opening)
            f.say("high", field="auction", name=name, high=high, opening=low, cash=cash)
        o = s.owner[a.title]
        if not a.building and o != BANK:
            f.say("auction_owned", field="auction", title=titles[a.title].name, name=names[o])
    queued = s.auction_queue
    for x in queued:
        if s.owner[x] != BANK:
            name = names[s.owner[x]]
            f.say("queued_owned", field="auction_queue", title=titles[x].name, name=name)
    if len(set(queued)) != len(queued):
        f.say("twice", field="auction_queue", what=f.words("queued_list"), value=show(queued))
    for x in s.redeem_queue:
        if s.owner[x.title] != x.player or not s.mortgaged[x.title]:
            f.say("redeem", field="redeem_queue", name=names[x.player], title=titles[x.title].name)
    c = s.claim
    if c is not None and (c.payer != s.cur or c.owner == c.payer or not alive[c.owner]):
        f.say("claim", field="claim", payer=names[c.payer], owner=names[c.owner])
    if s.trade is not None:
        _trade_allowed(s, f)


class _Proposing:
    """The state as it was when the pending trade was proposed (read only): its proposal is
    checked again by the rules' own `check_proposal` (PROP-12)."""

    __slots__ = ("_s", "phase", "trades_made")

    def __init__(self, s: Any) -> None:
        self._s = s
        self.phase = s.trade_resume
        self.trades_made = s.trades_made - 1

    def __getattr__(self, name: str) -> Any:
        return getattr(self._s, name)


def _trade_allowed(s: Any, f: Findings) -> None:
    from kit.games.property.trading import check_proposal

    p, terms = s.trade
    if p != s.cur:
        f.say("proposer", field="trade", name=f.names[p], cur=f.names[s.cur])
        return
    problem = check_proposal(_Proposing(s), terms)
    if problem is not None:
        f.say("trade", field="trade", name=f.names[p], to=f.names[terms.to_player], why=problem)


# ---------------------------------------------------------------------- 3. the invariants
def _invariants(s: Any, f: Findings) -> None:
    """Each invariant first tested whole (the common case: it holds), then looked into."""
    g = s.game
    r = g.rules
    expected = g.start_total + s.paid_out - s.taken_in
    if sum(s.cash) != expected:
        said = {"start": show(g.start_total), "paid": show(s.paid_out), "taken": show(s.taken_in)}
        f.say("money", field="cash", cash=show(sum(s.cash)), expected=show(expected), **said)
    level, owner, mortgaged, titles = s.level, s.owner, s.mortgaged, g.titles
    hotels = level.count(HOTEL)
    houses = sum(level) - HOTEL * hotels
    if s.houses + houses != r.houses or s.hotels + hotels != r.hotels:  # PROP-11: a finite stock
        stock = {"stock_houses": r.houses, "stock_hotels": r.hotels}
        bank = {"bank_houses": s.houses, "bank_hotels": s.hotels}
        f.say("buildings", field="level", houses=houses, hotels=hotels, **bank, **stock)
    if False in s.alive:
        out = {p for p in range(g.n) if not s.alive[p]}
        for t_, o in enumerate(owner):
            if o in out:
                f.say("owner_out", field="owner", title=titles[t_].name, name=f.names[o])
    if houses or hotels:
        for t_, lv in enumerate(level):
            if lv and (owner[t_] == BANK or mortgaged[t_] or g.t_kind[t_] != LOT):
                f.say("built", field="level", title=titles[t_].name)  # PROP-10, PROP-13
        for grp, read in enumerate(g.group_readers):
            levels = read(level)
            if max(levels) - min(levels) > 1 and not s.uneven[grp]:  # PROP-10: build evenly
                f.say("uneven", field="level", group=g.groups[grp], levels=show(list(levels)))
    if True in mortgaged:
        for t_, m in enumerate(mortgaged):
            if m and owner[t_] == BANK:
                f.say("bank_mortgaged", field="mortgaged", title=titles[t_].name)
    if s._complete is not None and s._complete != s._whole_groups():
        f.say("whole_groups", field="owner")
    held = s.held
    for d, deck in enumerate(g.decks):
        cards = s.decks[d]
        if any(held):
            cards = cards + [ref.card for hand in held for ref in hand if ref.deck == d]
        size = len(deck.cards)
        if len(cards) != size or len(set(cards)) != size:  # PROP-07: each card in one place
            missing = sorted(set(range(size)) - set(cards))
            twice = sorted({c for c in cards if cards.count(c) > 1})
            f.say("cards", field="decks", deck=deck.name, missing=show(missing), twice=show(twice))
