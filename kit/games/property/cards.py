"""The Suerte / Sorpresa / Caja / Cofre cards (PROP-07): one table, effect name -> handler.

Every effect the loader accepts (`rules.CARD_EFFECTS`) has exactly one entry in `HANDLERS`,
checked when this module is imported: an effect without a handler (or a handler for an effect the
loader does not know) stops the import with the name of what is missing, so a new card effect
cannot load, be drawn and silently do nothing. Each entry says whether the effect moves the token
(then landing decides what comes next) or not (then the turn goes on after the card).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from math import ceil
from typing import Any

from kit.games.property.rules import CARD_EFFECTS, Card
from kit.games.property.state import AFTER, BANK, HOTEL, CardRef, _frac


@dataclass(frozen=True)
class Effect:
    """What a card does: ``run(state, player, params)``; ``moves``: it moves the token, so the
    square it reaches says what follows; otherwise the turn goes on from where it was."""

    run: Callable[[Any, int, Mapping[str, Any]], None]
    moves: bool = False


def _receive(s: Any, p: int, params: Mapping[str, Any]) -> None:
    s._transfer(BANK, p, int(params["amount"]), "card")


def _pay(s: Any, p: int, params: Mapping[str, Any]) -> None:
    s._charge(p, BANK, int(params["amount"]), "card")


def _receive_from_each(s: Any, p: int, params: Mapping[str, Any]) -> None:
    for q in range(s.game.n):
        if q != p and s.alive[q]:
            s._charge(q, p, int(params["amount"]), "card")


def _pay_each(s: Any, p: int, params: Mapping[str, Any]) -> None:
    for q in range(s.game.n):
        if q != p and s.alive[q]:
            s._charge(p, q, int(params["amount"]), "card")


def _move_to(s: Any, p: int, params: Mapping[str, Any]) -> None:
    s._move_to(p, int(params["square"]), bool(params.get("salary", True)))


def _move_to_nearest(s: Any, p: int, params: Mapping[str, Any]) -> None:
    """The next square of a kind ahead, the salary paid if passing the start."""
    s._move_to(p, s.nearest(s.pos[p], str(params["kind"])), True)


def _move_by(s: Any, p: int, params: Mapping[str, Any]) -> None:
    steps = int(params["steps"])
    if steps >= 0:
        s._move(p, steps)
    else:
        s._move_back(p, -steps)


def _go_to_jail(s: Any, p: int, params: Mapping[str, Any]) -> None:
    s._send_to_jail(p, "card")


def _kept(s: Any, p: int, params: Mapping[str, Any]) -> None:
    """A card kept until used (get out of jail, the tax exemption, La Ruta's ransom): drawing
    it only puts it in the player's hand (`_draw` does that for every kept card)."""


def _repairs(s: Any, p: int, params: Mapping[str, Any]) -> None:
    mine = [lv for t, lv in enumerate(s.level) if s.owner[t] == p]
    houses = sum(lv for lv in mine if lv < HOTEL)
    hotels = sum(1 for lv in mine if lv == HOTEL)
    cost = houses * int(params["per_house"]) + hotels * int(params["per_hotel"])
    s._charge(p, BANK, cost, "card")


def _pay_per_title(s: Any, p: int, params: Mapping[str, Any]) -> None:
    kinds = tuple(params.get("kinds") or ("lot", "station", "utility"))
    titles = s.game.titles
    count = sum(1 for t, o in enumerate(s.owner) if o == p and titles[t].kind in kinds)
    s._charge(p, BANK, count * int(params["amount"]), "card")


def _skip_turns(s: Any, p: int, params: Mapping[str, Any]) -> None:
    s.skip[p] += int(params["n"])  # RUT-13: loses his next n turns
    if p == s.cur:
        s.again = False


def _crown_loan(s: Any, p: int, params: Mapping[str, Any]) -> None:
    """RUT-13: a gift now, repaid with interest at the end."""
    amount = int(params["amount"])
    interest = _frac(params.get("interest", "1/10"))
    s._transfer(BANK, p, amount, "loan")
    s.loans[p] += amount + ceil(amount * interest)


def _fire(s: Any, p: int, params: Mapping[str, Any]) -> None:
    s._fire(p, int(params["houses"]))


HANDLERS: dict[str, Effect] = {
    "receive": Effect(_receive),
    "pay": Effect(_pay),
    "receive_from_each": Effect(_receive_from_each),
    "pay_each": Effect(_pay_each),
    "move_to": Effect(_move_to, moves=True),
    "move_by": Effect(_move_by, moves=True),
    "move_to_nearest": Effect(_move_to_nearest, moves=True),
    "go_to_jail": Effect(_go_to_jail, moves=True),
    "get_out_of_jail": Effect(_kept),
    "tax_exemption": Effect(_kept),
    "leave_jail_for": Effect(_kept),
    "repairs": Effect(_repairs),
    "pay_per_title": Effect(_pay_per_title),
    "skip_turns": Effect(_skip_turns),
    "crown_loan": Effect(_crown_loan),
    "fire": Effect(_fire),
}


def check_handlers(effects: Mapping[str, Any], handlers: Mapping[str, Effect]) -> None:
    """Every effect the loader accepts has a handler and every handler an effect, or stop."""
    missing = sorted(set(effects) - set(handlers))
    unknown = sorted(set(handlers) - set(effects))
    if missing or unknown:
        raise ImportError(
            "kit/games/property/cards.py: the card effects and their handlers disagree: "
            f"no handler for {missing}, no such effect in rules.CARD_EFFECTS for {unknown}"
        )


check_handlers(CARD_EFFECTS, HANDLERS)


def kept(card: Card) -> bool:
    """A card the player keeps until he uses it (La Ruta's ransom card is always kept)."""
    return card.kept or card.effect == "leave_jail_for"


class Cards:
    """Drawing and holding cards (a mixin of PropertyState)."""

    __slots__ = ()

    def _draw(self, p: int, d: int) -> None:
        """PROP-07: the top card; put at the bottom, or kept until used."""
        g = self.game
        c = self.decks[d].pop(0)
        card = g.decks[d].cards[c]
        deck = g.decks[d]
        self._emit(
            "card",
            player=p,
            deck=deck.name,
            title=deck.title,
            card=card.id,
            text=card.text,  # as printed, in the game's language
            text_en=card.text_en,  # the rulebook's English, where there is one
        )
        if g.deck_kept[d][c]:  # kept(card), read off the game's table
            self.held[p].append(CardRef(d, c))
        else:
            self.decks[d].append(c)
        effect = HANDLERS[card.effect]
        effect.run(self, p, card.params)
        if not effect.moves:
            self._proceed(AFTER)

    def _held_card(self, p: int, effects: tuple[str, ...]) -> CardRef | None:
        g = self.game
        for code in self.held[p]:
            if g.card(code).effect in effects:
                return code
        return None

    def _return_card(self, p: int, ref: CardRef) -> None:
        self.held[p].remove(ref)
        self.decks[ref.deck].append(ref.card)

    def _usable_jail_card(self, p: int) -> CardRef | None:
        g = self.game
        for code in self.held[p]:
            if g.card(code).effect == "get_out_of_jail":
                return code
        for code in self.held[p]:
            card = g.card(code)
            if card.effect == "leave_jail_for" and self.cash[p] >= int(card.params["amount"]):
                return code
        return None

    def held_cards(self, player: int) -> list[tuple[CardRef, str]]:
        """The kept cards of a player: (the CardRef to name in ProposeTrade, its text)."""
        return [(code, self.game.card(code).text) for code in self.held[player]]

    def _fire(self, p: int, houses: int) -> None:
        """RUT-13: two houses (no refund) off the owner's built plot furthest ahead of his token."""
        g = self.game
        best, best_d = -1, -1
        for t, lv in enumerate(self.level):
            if self.owner[t] == p and 0 < lv < HOTEL:
                dist = (g.t_square[t] - self.pos[p]) % g.nsq
                if dist > best_d:
                    best, best_d = t, dist
        if best >= 0:
            k = min(houses, self.level[best])
            was = self.level[best]
            self.level[best] -= k
            self.houses += k
            self._emit(
                "buildings", player=p, square=g.t_square[best], level=self.level[best], was=was
            )
            self._mark_even(g.t_group[best], broken=True)
