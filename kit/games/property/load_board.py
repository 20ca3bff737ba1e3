"""The board part of a rule-set file: its squares, title deeds and card decks, read and checked
(a mixin of `load._Loader`, which gives it ``fail``, ``need``, ``whole`` and the other checks).

Split from `load.py` so each module stays short; every message names the file, the key (a dotted
path such as ``titles[3].rents``) and what was expected there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .rules import CARD_EFFECTS, Card, Deck, Square, Title

SQUARE_KINDS = (
    "start",
    "lot",
    "station",
    "utility",
    "chance",
    "chest",
    "tax",
    "jail",
    "free",
    "go_to_jail",
)
TITLE_KINDS = ("lot", "station", "utility")
N_SQUARES = 40

SQUARE_KEYS = {"index", "kind", "name", "source", "name_source", "tax", "deck"}
TITLE_KEYS = {
    "square",
    "name",
    "kind",
    "group",
    "price",
    "rents",
    "house_cost",
    "mortgage",
    "source",
    "hotel_cost",
    "name_source",
}
DECK_KEYS = {"name", "title", "source", "cards"}
CARD_KEYS = {"id", "text", "text_en", "effect", "params", "source"}
MONEY_PARAMS = {"amount", "per_house", "per_hotel"}


class BoardLoader:
    """Squares, titles and decks of a rule-set file (mixed into `load._Loader`)."""

    data: dict[str, Any]

    def squares(self) -> tuple[Square, ...]:
        raw = self.need(self.data, "squares", "")
        if not isinstance(raw, list) or len(raw) != N_SQUARES:
            got = len(raw) if isinstance(raw, list) else raw
            self.fail("squares", f"a list of {N_SQUARES} squares (indexed 0..39)", got)
        out = []
        for i, sq in enumerate(raw):
            key = f"squares[{i}]"
            sq = self.table(sq, key)
            self.keys(sq, SQUARE_KEYS, key)
            index = self.need(sq, "index", key)
            if index != i or isinstance(index, bool):
                self.fail(f"{key}.index", f"{i} (squares in board order, 0..39)", index)
            kind = self.need(sq, "kind", key)
            if kind not in SQUARE_KINDS:
                self.fail(f"{key}.kind", f"one of: {', '.join(SQUARE_KINDS)}", kind)
            source = self.source(sq, key)
            name_source = self.source(sq, key, "name_source") if "name_source" in sq else "kit"
            name = sq.get("name", "")
            if kind not in TITLE_KINDS:
                name = self.text(self.need(sq, "name", key), f"{key}.name")
            elif name:
                self.text(name, f"{key}.name")
            tax = 0
            if kind == "tax":
                tax = self.whole(self.need(sq, "tax", key), f"{key}.tax", 1)
            elif "tax" in sq:
                self.fail(f"{key}.tax", "no tax on a square that is not kind = 'tax'", sq["tax"])
            deck = ""
            if kind in ("chance", "chest"):
                deck = self.text(self.need(sq, "deck", key), f"{key}.deck")
            elif "deck" in sq:
                self.fail(
                    f"{key}.deck", "no deck on a square that is not chance or chest", sq["deck"]
                )
            out.append(Square(i, kind, name, source, tax, deck, name_source))
        if out[0].kind != "start":
            self.fail("squares[0].kind", '"start" (square 0 is the start square)', out[0].kind)
        return tuple(out)

    def titles(self, squares: tuple[Square, ...]) -> tuple[Title, ...]:
        raw = self.need(self.data, "titles", "")
        if not isinstance(raw, list) or not raw:
            self.fail("titles", "a list of title deeds ([[titles]] tables)", raw)
        out: list[Title] = []
        seen: dict[int, str] = {}
        for i, t in enumerate(raw):
            key = f"titles[{i}]"
            t = self.table(t, key)
            self.keys(t, TITLE_KEYS, key)
            sq = self.whole(self.need(t, "square", key), f"{key}.square", 0, "a square index 0..39")
            if sq >= N_SQUARES:
                self.fail(f"{key}.square", "a square index 0..39", sq)
            if sq in seen:
                self.fail(
                    f"{key}.square", f"a square with no other title ({seen[sq]} is on it)", sq
                )
            kind = self.need(t, "kind", key)
            if kind not in TITLE_KINDS:
                self.fail(f"{key}.kind", f"one of: {', '.join(TITLE_KINDS)}", kind)
            if squares[sq].kind != kind:
                self.fail(
                    f"{key}.square",
                    f"a square of kind {kind!r} (square {sq} is {squares[sq].kind!r})",
                    sq,
                )
            name = self.text(self.need(t, "name", key), f"{key}.name")
            seen[sq] = name
            group = self.text(self.need(t, "group", key), f"{key}.group")
            price = self.whole(self.need(t, "price", key), f"{key}.price", 1)
            rents = self.need(t, "rents", key)
            if kind == "lot":
                n, what = 6, "6 whole numbers (rent with 0, 1, 2, 3, 4 houses and with a hotel)"
            elif kind == "station":
                n, what = 0, "whole numbers, one per station of its group (rent by stations owned)"
            else:
                n, what = 0, "whole numbers, one per utility of its group (dice multipliers)"
            ok = isinstance(rents, list) and rents and (n == 0 or len(rents) == n)
            if not ok or any(isinstance(r, bool) or not isinstance(r, int) or r < 0 for r in rents):
                self.fail(f"{key}.rents", what, rents)
            house = self.whole(
                self.need(t, "house_cost", key), f"{key}.house_cost", 1 if kind == "lot" else 0
            )
            if kind != "lot" and house:
                self.fail(f"{key}.house_cost", "0 (only lots have houses)", house)
            hotel = self.whole(t.get("hotel_cost", 0), f"{key}.hotel_cost")
            if kind != "lot" and hotel:
                self.fail(f"{key}.hotel_cost", "0 (only lots have hotels)", hotel)
            mortgage = self.whole(self.need(t, "mortgage", key), f"{key}.mortgage", 1)
            if mortgage > price:
                self.fail(f"{key}.mortgage", f"at most the price ({price})", mortgage)
            source = self.source(t, key)
            name_source = self.source(t, key, "name_source") if "name_source" in t else "kit"
            if squares[sq].name and squares[sq].name != name:
                self.fail(
                    f"squares[{sq}].name",
                    f"the name of its title deed {name!r} (or no name: it is taken from the title)",
                    squares[sq].name,
                )
            out.append(
                Title(
                    sq,
                    name,
                    kind,
                    group,
                    price,
                    tuple(rents),
                    house,
                    mortgage,
                    source,
                    hotel,
                    name_source,
                )
            )
        for sq in squares:
            if sq.kind in TITLE_KINDS and sq.index not in seen:
                self.fail("titles", f"a title deed for square {sq.index} (a {sq.kind})", show=False)
        # groups: one kind each; lots in groups of 2 to 4; station/utility rents one per member
        groups: dict[str, list[int]] = {}
        for i, t in enumerate(out):
            groups.setdefault(t.group, []).append(i)
        for g, members in groups.items():
            kinds = {out[i].kind for i in members}
            if len(kinds) > 1:
                self.fail(
                    f"titles[{members[-1]}].group",
                    f"a group of one kind (group {g!r} mixes {', '.join(sorted(kinds))})",
                    g,
                )
            kind = kinds.pop()
            if kind == "lot" and not 2 <= len(members) <= 4:
                self.fail(
                    f"titles[{members[0]}].group",
                    f"a colour group of 2 to 4 lots (group {g!r} has {len(members)})",
                    g,
                )
            if kind != "lot":
                for i in members:
                    if len(out[i].rents) != len(members):
                        self.fail(
                            f"titles[{i}].rents",
                            f"{len(members)} whole numbers, one per {kind} of group {g!r}",
                            list(out[i].rents),
                        )
        # the squares of titles take the title's name
        return tuple(out)

    # ------------------------------------------------------------------ decks
    def decks(self, squares: tuple[Square, ...]) -> tuple[Deck, ...]:
        raw = self.data.get("decks", [])
        if not isinstance(raw, list):
            self.fail("decks", "a list of decks ([[decks]] tables)", raw)
        out = []
        ids: set[str] = set()
        for d, deck in enumerate(raw):
            key = f"decks[{d}]"
            deck = self.table(deck, key)
            self.keys(deck, DECK_KEYS, key)
            name = self.text(self.need(deck, "name", key), f"{key}.name")
            if any(x.name == name for x in out):
                self.fail(f"{key}.name", "a deck name used once", name)
            title = self.text(self.need(deck, "title", key), f"{key}.title")
            self.source(deck, key)
            cards_raw = self.need(deck, "cards", key)
            if not isinstance(cards_raw, list) or not cards_raw:
                self.fail(f"{key}.cards", "a list of cards ([[decks.cards]] tables)", cards_raw)
            cards = []
            for c, card in enumerate(cards_raw):
                ckey = f"{key}.cards[{c}]"
                card = self.table(card, ckey)
                cards.append(self.card(card, ckey, ids))
            out.append(Deck(name, title, tuple(cards)))
        names = {d.name for d in out}
        for sq in squares:
            if sq.deck and sq.deck not in names:
                self.fail(
                    f"squares[{sq.index}].deck",
                    f"one of the decks: {', '.join(sorted(names))}"
                    if names
                    else "a deck defined in [[decks]]",
                    sq.deck,
                )
        for d, deck in enumerate(out):
            if not any(sq.deck == deck.name for sq in squares):
                self.fail(f"decks[{d}].name", "the deck of some chance or chest square", deck.name)
        return tuple(out)

    def card(self, card: dict[str, Any], key: str, ids: set[str]) -> Card:
        self.keys(card, CARD_KEYS, key)
        cid = self.text(self.need(card, "id", key), f"{key}.id")
        if cid in ids:
            self.fail(f"{key}.id", "a card id used once in the file", cid)
        ids.add(cid)
        text = self.text(self.need(card, "text", key), f"{key}.text")
        text_en = card.get("text_en", "")
        if text_en:
            self.text(text_en, f"{key}.text_en")
        effect = self.need(card, "effect", key)
        if effect not in CARD_EFFECTS:
            self.fail(f"{key}.effect", f"one of: {', '.join(CARD_EFFECTS)}", effect)
        params = self.table(card.get("params", {}), f"{key}.params")
        required = CARD_EFFECTS[effect]
        for p in required:
            if p not in params:
                self.fail(
                    f"{key}.params.{p}",
                    f"parameter {p!r} of effect {effect!r} (it needs: {', '.join(required)})",
                    show=False,
                )
        out: dict[str, object] = {}
        for p, v in params.items():
            pkey = f"{key}.params.{p}"
            if p == "kept":
                if not isinstance(v, bool):
                    self.fail(pkey, "true or false", v)
            elif p not in required:
                self.fail(
                    pkey, f"a parameter of {effect!r} (one of: {', '.join((*required, 'kept'))})", p
                )
            elif p in MONEY_PARAMS or p in ("n", "houses"):
                self.whole(v, pkey, 1)
            elif p == "square":
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < N_SQUARES:
                    self.fail(pkey, "a square index 0..39", v)
            elif p == "steps":
                if isinstance(v, bool) or not isinstance(v, int) or v == 0 or abs(v) >= N_SQUARES:
                    self.fail(pkey, "a whole number of steps, not 0 (negative: backwards)", v)
            elif p == "salary":
                if not isinstance(v, bool):
                    self.fail(pkey, "true or false", v)
            elif p == "kinds":
                if not isinstance(v, list) or not v or any(k not in TITLE_KINDS for k in v):
                    self.fail(pkey, f"a list of title kinds (of: {', '.join(TITLE_KINDS)})", v)
                v = tuple(v)
            elif p == "kind":
                if v not in ("station", "utility"):
                    self.fail(pkey, 'a kind of square to move to: "station" or "utility"', v)
            elif p == "interest":
                v = self.fraction(v, pkey)
            out[p] = v
        return Card(cid, text, effect, out, self.source(card, key), text_en)

    def fraction(self, value: object, key: str) -> Fraction:
        what = 'a rate as a fraction string such as "1/10"'
        if not isinstance(value, str):
            self.fail(key, what, value)
        try:
            rate = Fraction(value)
        except (ValueError, ZeroDivisionError):
            self.fail(key, what, value)
        if rate < 0:
            self.fail(key, what + " (not negative)", value)
        return rate

    # ------------------------------------------------------------------ all
