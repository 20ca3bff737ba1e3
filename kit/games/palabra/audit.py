"""What is wrong with a Palabra position, in plain words: ``PalabraState.audit`` (empty when all
is well). `PalabraState.from_json` refuses a saved state whose audit is not empty, so a file edited
by hand that breaks a rule (eight cards in a hand, a card twice, a seat that does not exist, a
play on the table that is not one) is refused with the field named, instead of playing on or
failing later in the game.

Three passes, in an order that never raises on any state `from_json` builds (its fields are the
saved JSON values as they are):

1. the shape of every field, one at a time: lists of one entry per player, whole numbers (not a
   bool, not a float) within their ranges, phases, seats, cut faces, card numbers, each play on
   the table a play (its kind, cards, letters, stars, lock, colours, shaved letters);
2. once every field has its shape, what the fields say together: the cut under way (PLB-01),
   the game over exactly when it ended and why, the count of passes and of cards exchanged
   below what ends the game (PLB-09), the turns within the rounds, the player to act without a
   play of his on the table (PLB-02), each play on the table its owner's, the prior play there;
3. the invariants: every card in exactly one place once dealt (none before), at most seven in a
   hand (PLB-02).

Each problem is one sentence of the catalogue (``kit/data/messages/audit.toml``), in the class
language, that begins with the field of the saved game it is about. The checks are the
small ones as every engine's, from `kit.games.audit`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kit.games.audit import Findings as _Findings
from kit.games.audit import What, show
from kit.games.audit import whole_numbers as _ints
from kit.messages import t

from .cards import COLOURS
from .game import CUT, ENDS, OVER, PHASES, PLAY, SHUFFLE, TURN
from .rules import HAND_SIZE, PLAY_KINDS

FORMS = {  # a play's kind -> the forms it may have (a build keeps its base's, PLB-06)
    "word": ("word",),
    "palabra": ("word",),
    "straight": ("straight",),
    "flush": ("flush",),
    "vowels": ("vowels",),
    "build": ("word", "straight"),
}
PLAY_KEYS = (
    "cards",
    "colours",
    "form",
    "kind",
    "letters",
    "lock",
    "owner",
    "points",
    "shaved",
    "stars",
)
_INT = {int}


class Findings(_Findings):
    """The shared checks, each problem's field kept in order (`fields`)."""

    __slots__ = ("conserved", "fields", "sound")

    def __init__(self, names: list[str]) -> None:
        super().__init__(names)
        self.fields: list[str] = []  # the field of each problem, in order
        self.sound = True  # every field has its shape (pass 1 found nothing)
        self.conserved = False  # every card in exactly one place (none before the deal)

    def say(self, key: str, **values: Any) -> None:
        super().say(key, **values)
        self.fields.append(values["field"])

    def says(self, field: str, key: str, **values: Any) -> None:
        """A problem in the rules' own words (a ``rules_palabra`` key), about `field`."""
        says = t(key, **values)
        self.wrong.append(t("audit.field_says", field=field, says=says))
        self.fields.append(field)


def audit(s: Any) -> list[str]:
    """What is wrong with Palabra position `s` (see the module): empty when all is well."""
    return findings(s).wrong


def findings(s: Any) -> Findings:
    """The problems of `s` with their fields; ``sound`` says whether every field has its shape
    (`PalabraState.from_json` names the first one that has not)."""
    f = Findings(s.game.names)
    _shapes(s, f)
    if f.wrong:  # the fields are not what they say: what they say together cannot be read
        f.sound = False
        return f
    _together(s, f)
    _cards(s, f)
    return f


# ---------------------------------------------------------------------- 1. each field's shape
def _shapes(s: Any, f: Findings) -> None:
    g = s.game
    n, names, last = g.n, f.names, len(g.cards) - 1
    if type(s.phase) is not str or s.phase not in PHASES:
        f.say("phase", field="phase", value=show(s.phase), phases=", ".join(PHASES))
    f.seat("cur", s.cur, "turn")
    f.seat("dealer", s.dealer, "dealer")
    ids = _every_card(s, n)  # every card once once dealt, none before: each a card that exists
    f.conserved = ids is not None and set(map(type, ids)) <= _INT
    if f.conserved and s.phase not in (CUT, SHUFFLE):
        f.conserved = len(ids) == len(set(ids)) == last + 1 and min(ids) == 0 and max(ids) == last
    elif f.conserved:
        f.conserved = not ids
    if not f.conserved:  # where a card is not what it should be (pass 3 tells where it is not)
        for field in ("deck", "discard"):
            _card_ids(f, field, getattr(s, field), field, last)
        if f.listed("hands", s.hands, n):
            for p, hand in enumerate(s.hands):
                _card_ids(f, "hands", hand, ("hand", {"name": names[p]}), last)
    if f.listed("table", s.table, n):
        for seat, play in enumerate(s.table):
            if play is not None:
                _play(f, seat, play, last)
    if f.listed("scores", s.scores, n) and not _ints(s.scores):  # a score may be below 0
        for p, x in enumerate(s.scores):
            if type(x) is not int:
                what = f.words(("score", {"name": names[p]}))
                f.say("whole", field="scores", what=what, value=show(x))
    prior = s.prior
    if type(prior) is not int or not -1 <= prior < n:
        f.say("seat_or_nobody", field="prior", what=f.words("prior"), value=show(prior), last=n - 1)
    f.number("turns", s.turns, "turns")
    f.number("idle", s.idle, "idle", 0, n)  # a full round of passes ends the game
    f.number("swapped", s.swapped, "swapped")
    f.choice("ended", s.ended, "ended", ENDS)
    if f.listed("cutters", s.cutters) and not (
        _ints(s.cutters, 0, n - 1) and len(set(s.cutters)) == len(s.cutters)
    ):
        f.say("cutters", field="cutters", value=show(s.cutters), last=n - 1)
    if f.listed("cut", s.cut):
        for face in s.cut:
            if type(face) is not str or face not in g.faces:
                faces = ", ".join(g.faces)
                f.say("one_of", field="cut", what=f.words("face"), value=show(face), allowed=faces)


def _every_card(s: Any, n: int) -> list[Any] | None:
    """Every card number where it lies (pile, discard, hands, plays on the table); None when
    those are not lists (one hand, one place on the table a player) that hold them."""
    deck, discard, hands, table = s.deck, s.discard, s.hands, s.table
    if not (
        type(deck) is list
        and type(discard) is list
        and type(hands) is list
        and type(table) is list
        and len(hands) == n == len(table)
        and set(map(type, hands)) == {list}
    ):
        return None
    ids = deck + discard
    for hand in hands:
        ids += hand
    for play in table:
        if play is not None:
            if type(play) is not dict or type(play.get("cards")) is not list:
                return None
            ids += play["cards"]
    return ids


def _card_ids(f: Findings, field: str, v: Any, what: What, last: int) -> bool:
    """A list of card numbers, each 0 to `last` (where each one is, is checked in pass 3)."""
    if not f.listed(field, v):
        return False
    if _ints(v, 0, last):
        return True
    x = next(x for x in v if type(x) is not int or not 0 <= x <= last)
    f.say("card_id", field=field, what=f.words(what), value=show(x), last=last)
    return False


def _play(f: Findings, seat: int, play: Any, last: int) -> None:
    """A play on the table (``effects._lay`` writes them): its kind and form, its cards, its
    letters (one a card for a word or a straight), points, star factors (2 or 3), lock factor
    (1 or 2), locking colours and shaved places (PLB-03..11)."""
    whose = {"name": f.names[seat]}
    name = f.names[seat]
    if type(play) is not dict or tuple(sorted(play, key=str)) != PLAY_KEYS:
        f.say("play", field="table", name=name, keys=", ".join(PLAY_KEYS), value=show(play))
        return
    if not f.seat("table", play["owner"], ("play_owner", whose)):
        return
    if not f.choice("table", play["kind"], ("play_kind", whose), PLAY_KINDS):
        return
    forms = FORMS[play["kind"]]
    if not f.choice("table", play["form"], ("play_form", whose), forms):
        return
    if not f.conserved and not _card_ids(f, "table", play["cards"], ("play_cards", whose), last):
        return
    size = len(play["cards"])
    letters = play["letters"]
    spelled = play["form"] in ("word", "straight")
    many = size if spelled else 0
    if type(letters) is not str or len(letters) != many:
        f.say("letters", field="table", name=name, value=show(letters), n=many)
    if type(play["points"]) is not int:
        what = f.words(("play_points", whose))
        f.say("whole", field="table", what=what, value=show(play["points"]))
    stars = play["stars"]
    if type(stars) is not list or not _ints(stars, 2, 3) or len(stars) > size:
        f.say("stars", field="table", name=name, value=show(stars))
    if type(play["lock"]) is not int or play["lock"] not in (1, 2):
        f.say("lock", field="table", name=name, value=show(play["lock"]))
    colours = play["colours"]
    if type(colours) is not list or not all(type(c) is str and c in COLOURS for c in colours):
        everyone = ", ".join(COLOURS)
        f.say("colours", field="table", name=name, value=show(colours), colours=everyone)
    shaved = play["shaved"]
    if not (
        type(shaved) is list
        and _ints(shaved, 0, size - 1)
        and shaved == sorted(set(shaved))
        and (not shaved or spelled)
    ):
        f.say("shaved", field="table", name=name, value=show(shaved), last=size - 1)


# ---------------------------------------------------------------------- 2. the fields together
def _together(s: Any, f: Findings) -> None:
    g = s.game
    ph, n, names = s.phase, g.n, f.names
    if ph == CUT and not (s.cutters and len(s.cut) < len(s.cutters)):  # PLB-01
        f.say("cut", field="cut", done=len(s.cut), n=len(s.cutters))
    elif ph != CUT and (s.cutters or s.cut):
        f.say("cut_over", field="cutters", phase=ph)
    for face, k in Counter(s.cut).items():
        if k > g.faces[face]:  # cut from one deck: no more cards of a face than it has
            f.say("cut_copies", field="cut", face=face, k=k, copies=g.faces[face])
    if (ph == OVER) != (s.ended != ""):
        f.say("ended", field="ended", phase=ph, value=show(s.ended))
    if ph != OVER:
        if s.idle >= n:  # a full round of passes ends the game
            f.say("idle", field="idle", value=s.idle, n=n)
        if s.swapped and s.swapped >= len(s.deck):  # PLB-09: the pile has turned over
            f.say("swapped", field="swapped", value=show(s.swapped), pile=len(s.deck))
    if g.rounds is not None and s.turns > g.rounds * n:
        f.say("rounds", field="turns", value=show(s.turns), rounds=g.rounds, n=n)
    if ph in (TURN, PLAY) and s.table[s.cur] is not None:  # PLB-02 a: it left at the turn's start
        f.say("own_play", field="table", name=names[s.cur])
    for seat, play in enumerate(s.table):
        if play is not None and play["owner"] != seat:
            f.says("table", "rules_palabra.audit_owner", seat=seat, owner=play["owner"])
    if ph in (TURN, PLAY) and s.prior not in (-1, (s.cur - 1) % n):  # PLB-11: the turn before
        f.say("prior_seat", field="prior", name=names[s.prior], previous=names[(s.cur - 1) % n])
    if s.prior >= 0 and s.table[s.prior] is None:
        f.says("prior", "rules_palabra.audit_prior", seat=s.prior)


# ---------------------------------------------------------------------- 3. the invariants
def _cards(s: Any, f: Findings) -> None:
    if not f.conserved:  # (pass 1 found every card in its one place, or none before the deal)
        size = len(s.game.cards)
        where = Counter(s.all_card_ids())
        if s.phase in (CUT, SHUFFLE):
            if where:
                f.says("deck, hands, table, discard", "rules_palabra.audit_dealt")
        elif len(where) != size or max(where.values()) > 1:  # every card in exactly one place
            missing = sorted(set(range(size)) - set(where))
            twice = sorted(c for c, k in where.items() if k > 1)
            values = {"missing": missing, "twice": twice}
            f.says("deck, hands, table, discard", "rules_palabra.audit_cards", **values)
    for p, hand in enumerate(s.hands):
        if len(hand) > HAND_SIZE:  # PLB-02 d: draw back up to seven, never more
            f.says("hands", "rules_palabra.audit_hand", player=p, n=len(hand), most=HAND_SIZE)
