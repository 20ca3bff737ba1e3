"""Houses, hotels and mortgages: Build, SellBuilding, Mortgage, Redeem, KeepMortgaged — what each
offers, why each is refused, what each does (PROP-10, -11, -13, PAL-06..08, RUT-07, RUT-10).

PROP-11: with no house (hotel) in the bank a player cannot build. A player "wants" a house
(hotel) when he could build one now; when more players want one than the bank has, a request to
build opens an auction of one building among them (the `auctions` module runs it), for houses and
for hotels alike, in all three games.
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction
from kit.games.property.actions import Build, KeepMortgaged, Mortgage, Redeem, SellBuilding
from kit.games.property.refusals import (
    Refused,
    own_refusal,
    refused_phase,
    square_refusal,
    title_of,
)
from kit.games.property.state import (
    AFTER,
    AUCTION,
    BANK,
    BUY,
    DEBT,
    HOTEL,
    HOUSES_PER_HOTEL,
    LOT,
    NO_LOT,
    REDEEM,
    TURN,
    Auction,
)
from kit.messages import Say

HOUSE, HOTEL_BUILDING = "house", "hotel"  # what a building auction sells
_ANYTIME = (TURN, AFTER)  # the player's own decision points: all four square actions
_RAISING = (TURN, AFTER, BUY, DEBT)  # where selling and mortgaging raise money


def _hotel_word(s: Any, plural: bool = False) -> Say:
    """'hotel', or 'castle' where the rule set builds castles (La Ruta, RUT-09)."""
    word = "castle" if s.game.rules.hotel_name == "castle" else "hotel"
    return Say(f"rules_property.{word}{'s' if plural else ''}")


# ---------------------------------------------------------------------- problems of one title
def build_problem(s: Any, p: int, t: int) -> Refused | None:
    g = s.game
    name = g.titles[t].name
    if g.t_kind[t] != LOT:
        kind = Say(f"rules_property.kind_{g.titles[t].kind}")
        return Refused("rules_property.only_lots", title=name, kind=kind)
    err = own_refusal(s, p, t, "cannot_build")
    if err:
        return err
    members = g.group_members[g.t_group[t]]
    group = g.titles[t].group
    if any(s.owner[m] != p for m in members):
        return Refused("rules_property.whole_group", title=name, group=group)
    if any(s.mortgaged[m] for m in members):
        return Refused("rules_property.group_mortgaged", group=group)
    lv = s.level[t]
    if lv == HOTEL:
        return Refused("rules_property.has_hotel", title=name, hotel=_hotel_word(s))
    if lv > min(s.level[m] for m in members):
        return Refused("rules_property.build_evenly", title=name)
    if lv == HOUSES_PER_HOTEL:
        if s.hotels == 0:
            return Refused("rules_property.no_hotels_left", hotels=_hotel_word(s, plural=True))
        cost = g.t_hotel[t]
    else:
        if s.houses == 0:
            return Refused("rules_property.no_houses_left")
        cost = g.t_house[t]
    if s.cash[p] < cost:
        return Refused(
            "rules_property.build_cost", title=name, cost=cost, name=g.names[p], cash=s.cash[p]
        )
    return None


def sell_problem(s: Any, p: int, t: int) -> Refused | None:
    g = s.game
    err = own_refusal(s, p, t, "cannot_sell")
    if err:
        return err
    lv = s.level[t]
    if lv == 0:
        return Refused("rules_property.no_buildings", title=g.titles[t].name)
    if lv < max(s.level[m] for m in g.group_members[g.t_group[t]]):
        return Refused("rules_property.sell_evenly")
    return None


def mortgage_problem(s: Any, p: int, t: int) -> Refused | None:
    g = s.game
    err = own_refusal(s, p, t, "cannot_mortgage")
    if err:
        return err
    if s.mortgaged[t]:
        return Refused("rules_property.already_mortgaged", title=g.titles[t].name)
    if s.level[t]:
        return Refused("rules_property.sell_first", title=g.titles[t].name)
    if g.rules.sell_whole_group_before_mortgage and any(
        s.level[m] for m in g.group_members[g.t_group[t]]
    ):
        return Refused("rules_property.sell_group_first")
    return None


def redeem_problem(s: Any, p: int, t: int) -> Refused | None:
    g = s.game
    err = own_refusal(s, p, t, "cannot_redeem")
    if err:
        return err
    if not s.mortgaged[t]:
        return Refused("rules_property.not_mortgaged", title=g.titles[t].name)
    cost = s.redeem_cost(t)
    if s.cash[p] < cost:
        return Refused(
            "rules_property.redeem_cost",
            title=g.titles[t].name,
            cost=cost,
            name=g.names[p],
            cash=s.cash[p],
        )
    return None


# ---------------------------------------------------------------------- offers
def offer_anytime(s: Any, out: list[Any], p: int, build: bool = True) -> None:
    """The square actions at a decision point: all four before rolling and after landing;
    only the two that raise money (SellBuilding, Mortgage) when deciding to buy or in debt."""
    g = s.game
    for t, o in enumerate(s.owner):
        if o != p:
            continue
        sq = g.t_square[t]
        if build and g.t_kind[t] == LOT and build_problem(s, p, t) is None:
            out.append(Build(sq))
        if s.level[t] and sell_problem(s, p, t) is None:
            out.append(SellBuilding(sq))
        if s.mortgaged[t]:
            if build and redeem_problem(s, p, t) is None:
                out.append(Redeem(sq))
        elif mortgage_problem(s, p, t) is None:
            out.append(Mortgage(sq))


def offer_redeem(s: Any, out: list[Any]) -> None:
    """Just received a mortgaged title: lift the mortgage now (+10 %) or keep it."""
    p, t = s.redeem_queue[0]
    g = s.game
    if s.cash[p] >= g.t_redeem[t]:
        out.append(Redeem(g.t_square[t]))
    out.append(KeepMortgaged(g.t_square[t]))


# ---------------------------------------------------------------------- checks
def check_square_action(s: Any, action: Any) -> IllegalAction | None:
    """Build, SellBuilding, Mortgage or Redeem on ``action.square``, in this phase."""
    ph = s.phase
    kind = type(action)
    if ph not in (*_RAISING, REDEEM):
        return refused_phase(s, action)
    t = title_of(s, action.square)
    if t == NO_LOT:
        return square_refusal(s, action.square)
    p = s.current_player()
    if kind is Build:
        return build_problem(s, p, t) or (
            None if ph in _ANYTIME else Refused("rules_property.build_wait")
        )
    if kind is SellBuilding:
        return sell_problem(s, p, t) or (
            None if ph in _RAISING else Refused("rules_property.pending")
        )
    if kind is Mortgage:
        return mortgage_problem(s, p, t) or (
            None if ph in _RAISING else Refused("rules_property.pending")
        )
    problem = redeem_problem(s, p, t)
    if problem is not None:
        return problem
    if ph in _ANYTIME or (ph == REDEEM and s.redeem_queue[0].title == t):
        return None
    return Refused("rules_property.pending")


def check_keep(s: Any, action: Any) -> IllegalAction | None:
    if s.phase == REDEEM and title_of(s, action.square) == s.redeem_queue[0].title:
        return None
    return refused_phase(s, action)


CHECKS = {
    Build: check_square_action,
    SellBuilding: check_square_action,
    Mortgage: check_square_action,
    Redeem: check_square_action,
    KeepMortgaged: check_keep,
}


class Building:
    """The effects of this group, the bank's stock and the quick look of the bots (a mixin of
    PropertyState)."""

    __slots__ = ()

    def _build_event(self, p: int, t: int, was: int) -> None:
        """A "buildings" event (as `_emit` writes it, keys in the same order: it comes often)."""
        self.events.append(
            {
                "player": p,
                "square": self.game.t_square[t],
                "level": self.level[t],
                "was": was,
                "kind": "buildings",
            }
        )

    def _put_up(self, p: int, t: int, price: int, reason: str = "building") -> None:
        """One building more on lot ``t`` of player ``p``, for ``price`` (its cost or a bid)."""
        was = self.level[t]
        self._transfer(p, BANK, price, reason)
        if was == HOUSES_PER_HOTEL:  # PAL-06, RUT-10: the 4 houses go back, a hotel goes up
            self.hotels -= 1
            self.houses += HOUSES_PER_HOTEL
            self.level[t] = HOTEL
        else:
            self.houses -= 1
            self.level[t] = was + 1
        self._build_event(p, t, was)
        self._mark_even(self.game.t_group[t])

    def _do_build(self, action: Any) -> None:
        g = self.game
        t = g.sq_title[action.square]
        p = self.owner[t]
        hotel = self.level[t] == HOUSES_PER_HOTEL
        stock = self.hotels if hotel else self.houses
        if stock < g.n and self._shortage(p, t, HOTEL_BUILDING if hotel else HOUSE):
            return  # PROP-11: the last houses (hotels) go to auction
        self._put_up(p, t, g.t_hotel[t] if hotel else g.t_house[t])

    def _do_sell(self, action: Any) -> None:
        g = self.game
        t = g.sq_title[action.square]
        p = self.owner[t]
        was = self.level[t]
        hotel = was == HOTEL
        if hotel:  # PAL-07: the lot is left with no buildings
            self._transfer(BANK, p, g.t_sell_hotel[t], "sale")
            self.hotels += 1
            self.level[t] = 0
        else:
            self._transfer(BANK, p, g.t_sell_house[t], "sale")
            self.houses += 1
            self.level[t] -= 1
        self._build_event(p, t, was)
        self._mark_even(g.t_group[t], broken=hotel)
        self._flush()

    def _do_mortgage(self, action: Any) -> None:
        g = self.game
        t = g.sq_title[action.square]
        self.mortgaged[t] = True
        self._emit("mortgaged", player=self.owner[t], square=action.square)
        self._transfer(BANK, self.owner[t], g.t_mortgage[t], "mortgage")
        self._flush()

    def _do_redeem(self, action: Any) -> None:
        g = self.game
        t = g.sq_title[action.square]
        self._transfer(self.owner[t], BANK, self.redeem_cost(t), "redeem")
        self.mortgaged[t] = False
        self.late[t] = False
        self._emit("redeemed", player=self.owner[t], square=action.square)
        if self.phase == REDEEM:
            self.redeem_queue.pop(0)
            self._flush()

    def _do_keep(self, action: Any) -> None:
        self.redeem_queue.pop(0)  # late[t] stays True: later +20 % (PAL-08)
        self._flush()

    def redeem_cost(self, t: int) -> int:
        g = self.game
        if self.phase == REDEEM and self.redeem_queue[0].title == t:
            return g.t_redeem[t]
        return g.t_redeem_late[t] if self.late[t] else g.t_redeem[t]

    def _mark_even(self, grp: int, broken: bool = False) -> None:
        """Building is even in a group unless a hotel sale (PAL-07) or a fire (RUT-13) broke it;
        building and selling evenly never do, and once even the group is marked even again."""
        levels = self.game.group_readers[grp](self.level)
        uneven = max(levels) - min(levels) > 1
        if broken or not uneven:
            self.uneven[grp] = uneven

    # ------------------------------------------------------------------ PROP-11
    def building_contenders(self, building: str = HOUSE) -> list[int]:
        """For each player, a lot where he could put a house (``building="hotel"``: a hotel) now,
        lowest square first, or NO_LOT."""
        g = self.game
        owner, level, mortgaged = self.owner, self.level, self.mortgaged
        cost = g.t_hotel if building == HOTEL_BUILDING else g.t_house
        targets = [NO_LOT] * g.n
        for q in range(g.n):
            if not self.alive[q]:
                continue
            for members in g.lot_groups:
                if any(owner[m] != q or mortgaged[m] for m in members):
                    continue
                low = min(level[m] for m in members)
                if (low == HOUSES_PER_HOTEL) != (building == HOTEL_BUILDING) or low == HOTEL:
                    continue
                lot = next(m for m in members if level[m] == low)
                if self.cash[q] >= cost[lot]:
                    targets[q] = lot
                    break
        return targets

    def house_contenders(self) -> list[int]:
        """For each player, a lot where he could put a house now, or NO_LOT."""
        return self.building_contenders(HOUSE)

    def _shortage(self, p: int, t: int, building: str) -> bool:
        """PROP-11: more players could build now than the bank has houses (hotels): instead of
        building, player ``p``'s request opens an auction of one among them (opening at his
        lot's price for it; the winner pays his bid and it goes up on his lot: ``t`` for ``p``,
        the lowest lot where he may build for another). True if the auction started."""
        g = self.game
        targets = self.building_contenders(building)
        targets[p] = t
        wanting = [q for q in range(g.n) if targets[q] != NO_LOT]
        if len(wanting) <= (self.hotels if building == HOTEL_BUILDING else self.houses):
            return False
        n = g.n
        bidders = [(p + k) % n for k in range(n) if targets[(p + k) % n] != NO_LOT]
        opening = (g.t_hotel if building == HOTEL_BUILDING else g.t_house)[t]
        self.auction = Auction(t, bidders, building=building, opening=opening, lots=targets)
        self._emit("auction_opened", square=g.t_square[t], building=building, bidders=list(bidders))
        self.resume = self.phase
        self.phase = AUCTION
        return True

    def buildable(self, p: int) -> list[int]:
        """The squares where player ``p`` may build now: the bots' quick look, the same checks as
        ``build_problem`` group by group. The lot groups each player owns whole are worked out
        once and then updated by each change of hands (``_set_owner``); a cached group is checked
        again before use, so a state edited by hand can only hide a group from this look, never
        offer an illegal build.
        """
        cache = self._complete
        if cache is None:
            cache = self._complete = self._whole_groups()
        mine = cache[p]
        if not mine:  # most players most of the time: no group owned whole
            return []
        g = self.game
        owner, level, mortgaged = self.owner, self.level, self.mortgaged
        cash = self.cash[p]
        out = []
        cheapest = g.lot_cheapest
        for i in mine:  # the same checks as build_problem, group by group
            if cash < cheapest[i]:
                continue
            read = g.lot_readers[i]
            low = min(read(level))
            if low == HOTEL:
                continue
            if read(owner).count(p) < len(g.lot_groups[i]) or True in read(mortgaged):
                continue
            if low == HOUSES_PER_HOTEL:
                if not self.hotels:
                    continue
                cost = g.t_hotel
            elif not self.houses:
                continue
            else:
                cost = g.t_house
            for t in g.lot_groups[i]:
                if level[t] == low and cash >= cost[t]:
                    out.append(g.t_square[t])
        return out

    def _whole_groups(self) -> list[list[int]]:
        """For each player, the lot groups (their indices, in board order) he owns whole."""
        g = self.game
        owner = self.owner
        whole: list[list[int]] = [[] for _ in range(g.n)]
        for i, read in enumerate(g.lot_readers):
            holders = read(owner)
            o = holders[0]
            if o >= 0 and holders.count(o) == len(holders):
                whole[o].append(i)
        return whole


EFFECTS = {
    Build: Building._do_build,
    SellBuilding: Building._do_sell,
    Mortgage: Building._do_mortgage,
    Redeem: Building._do_redeem,
    KeepMortgaged: Building._do_keep,
}
