"""The Palabra engine: the cut, the deal, turns, the eight plays, the two pre-plays, the end
(PLB-01..12).

    >>> game = PalabraGame(players=3, language="es")
    >>> state = game.new_state()
    >>> rng = random.Random(7)
    >>> while state.is_chance():                      # the cut (exact) and the shuffle (sampled)
    ...     state.apply_chance(state.sample_chance(rng))
    >>> state.hand_cards(state.current_player())      # seven cards
    >>> state.apply(Word(cards=(12, 40, 3)))          # or Joker / Shave first, then a play

Who is likely to begin is a question the chance nodes answer exactly (PLB-01), e.g. two players:

    >>> s = PalabraGame(players=2).new_state()
    >>> win = {0: 0, 1: 0}; again = 0
    >>> for a, p in s.chance_outcomes():
    ...     first = s.chance_child(a)
    ...     for b, q in first.chance_outcomes():
    ...         last = first.chance_child(b).events[-1]        # "first" or "cut_again"
    ...         if last["kind"] == "first": win[last["player"]] += p * q
    ...         else: again += p * q
    >>> win[0] / (1 - again)                                   # Fraction(1, 2), re-cuts included

How a game goes, as states (``state.phase``):

- ``cut`` (chance, exact: each node lists its outcomes with their Fractions): PLB-01, each player
  in seat order cuts one card from the shuffled deck (an outcome is the card's face, "A".."Z",
  "wild", "joker" or "vowel", as likely as its copies left in the deck); the nearest to Z begins
  and deals (a wild outranks Z, the joker is below A; a vowel card ranks as Y); those tied for the
  best cut cut again, from the whole deck;
- ``shuffle`` (chance, sampled: too many orders to list): the deck order; then seven cards each
  are dealt one at a time from the top, starting at the dealer's left;
- ``turn``: the player's previous play has gone to the discard pile (PLB-02 a, done when the turn
  begins: its remaining points are banked). Now a pre-play (Joker, Shave) or one of the plays;
- ``play``: after a pre-play, one of the eight plays;
- then the player draws back up to seven (PLB-02 d) and the turn passes to the left;
- ``over``.

Scores change the moment a play is made: its points are added to its owner's score. A Joker
takes the play's remaining points back from its owner (PLB-10); a Shave moves points from the
prior play's owner to the shaver (PLB-11); at the end the cards left in hands are subtracted as
if played as words (PLB-12).

Readings (kit's, where the rulebook is silent; see docs/rules.md):

- A Build makes the whole (old and new cards) the builder's play; the base's owner keeps the
  points it scored, but that play is gone from the table (it can no longer be jokered or built on).
  A built word must still be a word and a built straight still a straight.
- Only the prior play (made on the turn just before) can be shaved, if it is a word, a straight,
  a Palabra or a build (a flush or vowels cannot); each of its letters at most once; the shaving
  cards go to the discard pile. The value of a shaved letter is its value in the shaved play.
- Exchange (PLB-09): as many cards as are swapped are drawn from the top of the draw pile and the
  swapped cards go to its bottom; it needs that many cards in the pile.
- A full round of passes (every player passes in turn) ends the game as if the deck ran out; so
  does a draw pile that has turned over once by exchanges with no card laid since (as many cards
  exchanged as the pile holds), since nobody is able to play. Every game therefore ends.
- With ``rounds=N`` the game ends after N turns of every player; no hand penalty then.
- Two decks (red and blue) from 7 players on (PLB-01); 2 to 12 players.

Events (``state.events``, what the last ``apply`` / ``apply_chance`` did; plain values, seats as
numbers): ``cut`` (player, card: the face, rank, text), ``cut_again`` (players: the tied seats),
``first`` (player: the one who begins and deals), ``deal`` (player: the dealer, cards, pile),
``banked`` (player's previous play leaves the table: word, play, points), ``joker`` (player, card,
target, letters, target_points, drew), ``shave`` (player, target, cards, positions, letters,
word, points, target_points, score, drew), ``play`` (player, play: word/straight/flush/build/
vowels/palabra, cards, labels, word, points, score: the breakdown; a build adds target and base),
``exchange`` (player, cards: how many), ``pass`` (player), ``draw`` (player, cards: how many),
``round`` (round: how many are over, scores), ``penalty`` (player, cards, points, score),
``game_over`` (why: played_out, passes, stalled or rounds; scores, winner).
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from random import Random
from typing import Any

from kit.games.core import CHANCE, TERMINAL, IllegalAction, State, TooManyOutcomes
from kit.messages import t

from .cards import Card
from .dictionary import Dictionary
from .effects import apply_action, begin_turn, play_score
from .load import DeckSpec, build_cards, load_deck
from .refusals import refusal, term
from .rules import (
    CUT_FACES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TWO_DECKS_FROM,
    cut_face,
    cut_rank,
)
from .scoring import Score

__all__ = ["CUT", "OVER", "PLAY", "SHUFFLE", "TURN", "PalabraGame", "PalabraState", "cut_rank"]

CUT, SHUFFLE, TURN, PLAY, OVER = "cut", "shuffle", "turn", "play", "over"
PHASES = (CUT, SHUFFLE, TURN, PLAY, OVER)
CHANCE_PHASES = (CUT, SHUFFLE)
ENDS = ("", "played_out", "passes", "stalled", "rounds")  # state.ended: why the game ended

_FIELDS = ("phase", "cur", "dealer", "deck", "hands", "table", "discard", "scores", "prior",
           "turns", "idle", "swapped", "ended", "cutters", "cut")  # fmt: skip
# the card texts of a cut, literal keys (a letter's text takes the letter)
_CUT_TEXT = {"wild": "rules_palabra.cut_wild", "joker": "rules_palabra.cut_joker",
             "vowel": "rules_palabra.cut_vowel"}  # fmt: skip


class PalabraGame:
    """Immutable rules of one Palabra game: the players, the cards, the dictionary, the end."""

    def __init__(
        self,
        players: int | list[str] = 2,
        language: str = "es",
        dictionary: Dictionary | list[str] | None = None,
        rounds: int | None = None,
        deck: DeckSpec | str | None = None,
        common: int | None = None,
    ):
        names = (
            [f"Jugador {i + 1}" for i in range(players)] if isinstance(players, int) else players
        )
        names = list(names)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(
                t("rules_palabra.players", low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(names))
            )
        if language not in ("es", "en"):
            raise ValueError(t("rules_palabra.language", language=repr(language)))
        if rounds is not None and (not isinstance(rounds, int) or rounds < 1):
            raise ValueError(t("rules_palabra.rounds", rounds=repr(rounds)))
        if common is not None and (
            isinstance(common, bool) or not isinstance(common, int) or common < 1
        ):
            raise ValueError(t("rules_palabra.common", common=repr(common)))
        self.names = names
        self.n = len(names)
        self.language = language
        self.rounds = rounds
        self.spec = deck if isinstance(deck, DeckSpec) else load_deck(deck)
        self.n_decks = 2 if self.n >= TWO_DECKS_FROM else 1
        self.cards: tuple[Card, ...] = build_cards(self.spec, self.n_decks)
        if len(self.cards) < HAND_SIZE * self.n:
            raise ValueError(t("rules_palabra.too_few_cards", cards=len(self.cards), n=self.n))
        faces = Counter(cut_face(c) for c in self.cards)
        self.faces: dict[str, int] = {f: faces[f] for f in CUT_FACES if faces[f]}  # for the cut
        if isinstance(dictionary, list | tuple | set | frozenset):
            name = t("rules_palabra.word_list")
            dictionary = Dictionary(dictionary, name=name, language=language)
        self._dictionary = dictionary
        self.common = common  # the classroom filter of the bundled list: its N commonest words

    @property
    def dictionary(self) -> Dictionary:
        """The class dictionary; the bundled list of the game's language (its `common` most
        frequent words, if given) is read on first use."""
        if self._dictionary is None:
            self._dictionary = Dictionary.bundled(self.language, common=self.common)
        return self._dictionary

    def __repr__(self) -> str:
        return f"<Palabra: {self.n} players, {self.language}, {len(self.cards)} cards>"

    def new_state(self) -> PalabraState:
        return PalabraState(self)

    def dealt_state(self, order: list[int] | tuple[int, ...], dealer: int = 0) -> PalabraState:
        """A state after a cut won by ``dealer`` and the shuffle (the deck ``order``, top first)."""
        s = PalabraState(self)
        s.dealer = s.cur = dealer
        s.cutters, s.phase = [], SHUFFLE
        s.apply_chance(tuple(order))
        return s


class PalabraState(State):
    """One position of a Palabra game: `refusal` says if an action is legal, `apply` plays it."""

    __slots__ = ("game", "events", *_FIELDS)

    def __init__(self, game: PalabraGame):
        n = game.n
        self.game = game
        self.events: list[dict[str, Any]] = []
        self.phase = CUT
        self.cur = 0
        self.dealer = 0
        self.deck: list[int] = []  # the draw pile, top first
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.table: list[dict[str, Any] | None] = [None] * n  # each player's play on the table
        self.discard: list[int] = []
        self.scores = [0] * n
        self.prior = -1  # the seat whose play was made on the turn just before (shaveable)
        self.turns = 0  # turns completed
        self.idle = 0  # passes in a row
        self.swapped = 0  # cards exchanged since a card was last laid (the pile turning over)
        self.ended = ""  # why the game ended: one of ENDS
        self.cutters = list(range(n))  # PLB-01: the seats cutting in this round of the cut
        self.cut: list[str] = []  # the faces they have cut so far, in seat order

    # ------------------------------------------------------------------ copying and saving
    def copy(self) -> PalabraState:
        new = PalabraState.__new__(PalabraState)
        new.game = self.game
        new.events = self.events  # never grown in place: a new list per call
        new.phase, new.cur, new.dealer = self.phase, self.cur, self.dealer
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.table = [_copy_play(play) for play in self.table]
        new.discard = self.discard[:]
        new.scores = self.scores[:]
        new.prior, new.turns, new.idle, new.ended = self.prior, self.turns, self.idle, self.ended
        new.swapped = self.swapped
        new.cutters, new.cut = self.cutters[:], self.cut[:]
        return new

    def to_dict(self) -> dict[str, Any]:
        g = self.game
        out: dict[str, Any] = {
            "game": "palabra",
            "players": g.names,
            "language": g.language,
            "rounds": g.rounds,
            "cards": len(g.cards),
        }
        for f in _FIELDS:
            out[f] = getattr(self, f)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, game: PalabraGame) -> PalabraState:
        """The state `to_json` wrote, for `game`; a file that does not fit, or whose position
        breaks a rule (`audit`), is a ValueError that names the field."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError(t("rules_palabra.saved_not")) from None
        if not isinstance(data, dict) or data.get("game") != "palabra":
            raise ValueError(t("rules_palabra.saved_not"))
        if data.get("players") != game.names or data.get("cards") != len(game.cards):
            raise ValueError(
                t(
                    "rules_palabra.saved_for",
                    players=data.get("players"),
                    cards=data.get("cards"),
                    names=game.names,
                    n=len(game.cards),
                )
            )
        if "cutters" not in data:  # saved before the real cut (PLB-01) and the pile's turnover
            cutters = list(range(game.n)) if data.get("phase") == CUT else []
            data = {"swapped": 0, "cut": [], **data, "cutters": cutters}
        missing = [f for f in _FIELDS if f not in data]
        if missing:
            raise ValueError(t("rules_palabra.saved_missing", fields=", ".join(missing)))
        new = cls.__new__(cls)
        new.game = game
        new.events = []
        for f in _FIELDS:
            setattr(new, f, data[f])
        from .audit import findings

        found = findings(new)
        if not found.sound:  # a field of the wrong shape: named first, then what is wrong
            first = t("rules_palabra.saved_bad", field=found.fields[0])
            raise ValueError("; ".join([first, *found.wrong]))
        if found.wrong:
            raise ValueError(t("rules_palabra.saved_wrong", problems="; ".join(found.wrong)))
        return new

    def audit(self) -> list[str]:
        """What is wrong with this position, in the class language, each problem naming its
        field (empty when sound): every field's shape and range, each play on the table a play
        of its owner's, the cut and the end as the rules run them, every card in exactly one
        place once dealt, at most seven in a hand (see `kit.games.palabra.audit`)."""
        return _audit(self)

    def __repr__(self) -> str:
        who = "chance" if self.is_chance() else self.current_player()
        return f"<Palabra: turn {self.turns}, {self.phase}, to act {who}, scores {self.scores}>"

    # ------------------------------------------------------------------ reading
    def card(self, cid: int) -> Card:
        return self.game.cards[cid]

    def hand_cards(self, player: int) -> list[Card]:
        return [self.game.cards[c] for c in self.hands[player]]

    def all_card_ids(self) -> list[int]:
        """Every card where it is now (deck, hands, table, discard): for conservation checks."""
        out = self.deck[:] + self.discard[:]
        for h in self.hands:
            out += h
        for play in self.table:
            if play is not None:
                out += play["cards"]
        return out

    # ------------------------------------------------------------------ who acts
    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def current_player(self) -> int:
        if self.phase in (TURN, PLAY):
            return self.cur
        if self.phase == OVER:
            return TERMINAL
        return CHANCE

    # ------------------------------------------------------------------ chance
    def _faces_left(self) -> dict[str, int]:
        """PLB-01: the copies of each face still in the deck for the next cutter of this round."""
        left = dict(self.game.faces)
        for face in self.cut:
            left[face] -= 1
        return {face: k for face, k in left.items() if k}

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """The cut: each face with its exact chance; the shuffle: too many orders to list."""
        if self.phase == CUT:
            left = self._faces_left()
            total = sum(left.values())
            return [(face, Fraction(k, total)) for face, k in left.items()]
        if self.phase == SHUFFLE:
            raise TooManyOutcomes(t("rules_palabra.too_many", cards=len(self.game.cards)))
        raise self._not_chance()

    def sample_chance(self, rng: Random) -> Any:
        if self.phase == CUT:
            left = self._faces_left()
            k = rng.randrange(sum(left.values()))  # one card of those left, all equally likely
            for face, copies in left.items():
                if k < copies:
                    return face
                k -= copies
        if self.phase == SHUFFLE:
            order = list(range(len(self.game.cards)))
            rng.shuffle(order)
            return tuple(order)
        raise self._not_chance()

    def _not_chance(self) -> IllegalAction:
        return IllegalAction(
            "rules_palabra.not_chance", phase=term(f"rules_palabra.phase_{self.phase}")
        )

    def chance_refusal(self, outcome: Any) -> IllegalAction | None:
        if self.phase == CUT:
            if type(outcome) is not str or outcome not in self._faces_left():  # exact type
                return IllegalAction(
                    "rules_palabra.bad_cut",
                    faces=", ".join(self._faces_left()),
                    outcome=repr(outcome),
                )
            return None
        if self.phase == SHUFFLE:
            size = len(self.game.cards)
            if (
                type(outcome) is not tuple
                or len(outcome) != size
                or not all(type(c) is int for c in outcome)
                or sorted(outcome) != list(range(size))
            ):
                return IllegalAction("rules_palabra.bad_shuffle", last=size - 1)
            return None
        return self._not_chance()

    def _apply_chance_unchecked(self, outcome: Any) -> None:
        if self.phase == CUT:
            self._cut(outcome)
        else:
            self._deal(outcome)

    def _cut(self, face: str) -> None:
        """PLB-01: one cutter's card; when all have cut, the best begins or the tied cut again."""
        seat = self.cutters[len(self.cut)]
        self.cut.append(face)
        text = (
            t(_CUT_TEXT[face]) if face in _CUT_TEXT else t("rules_palabra.cut_letter", letter=face)
        )
        self.events.append({"kind": "cut", "player": seat, "card": face, "rank": cut_rank(face),
                            "text": text})  # fmt: skip
        if len(self.cut) < len(self.cutters):
            return
        best = max(cut_rank(f) for f in self.cut)
        tied = [p for p, f in zip(self.cutters, self.cut, strict=True) if cut_rank(f) == best]
        self.cut = []
        if len(tied) > 1:
            self.cutters = tied
            self.events.append({"kind": "cut_again", "players": tied})
            return
        self.cutters = []
        self.dealer = self.cur = tied[0]
        self.phase = SHUFFLE
        self.events.append({"kind": "first", "player": tied[0]})

    def _deal(self, order: tuple[int, ...]) -> None:
        """Seven cards each, one at a time from the dealer's left; the dealer plays first."""
        n = self.game.n
        deck = list(order)
        for k in range(HAND_SIZE * n):
            self.hands[(self.dealer + 1 + k) % n].append(deck[k])
        self.deck = deck[HAND_SIZE * n :]
        self.cur = self.dealer  # the dealer plays first (rulebook, quick start 2)
        self.events.append({"kind": "deal", "player": self.dealer, "cards": HAND_SIZE,
                            "pile": len(self.deck)})  # fmt: skip
        begin_turn(self)

    # ------------------------------------------------------------------ decisions
    def legal_actions(self) -> list[Any]:
        """Every legal action now: the finder's plays and pre-plays, the exchanges, Pass."""
        if self.phase not in (TURN, PLAY):
            return []
        from itertools import combinations

        from .actions import Exchange, Pass
        from .finder import find_plays

        out = [c.action for c in find_plays(self)]
        hand = sorted(self.hands[self.cur])
        for k in range(1, min(len(hand), len(self.deck)) + 1):
            out += [Exchange(cards=combo) for combo in combinations(hand, k)]
        out.append(Pass())
        return out

    def refusal(self, action: Any) -> IllegalAction | None:
        """None if the player to act may play `action` now, else why not (kit.games.palabra.
        refusals: the action itself is tested, no list of legal actions is built)."""
        return refusal(self, action)

    def _apply_unchecked(self, action: Any) -> None:
        apply_action(self, action)

    def score_of(self, action: Any) -> Score | None:
        """The score `action` makes now, as the engine credits it (None for Exchange and Pass):
        a play's points, a shave's points moved, a Joker's points cancelled. An action the rules
        refuse raises its IllegalAction: an illegal play has no score."""
        problem = self.refusal(action)
        if problem is not None:
            raise problem
        return play_score(self, action)

    # ------------------------------------------------------------------ the end
    def winner(self) -> int | None:
        """The highest score at the end (None before the end or on a tie)."""
        if self.phase != OVER:
            return None
        best = max(self.scores)
        top = [p for p, s in enumerate(self.scores) if s == best]
        return top[0] if len(top) == 1 else None

    def returns(self) -> list[float]:
        w = self.winner()
        return [1.0 if p == w else 0.0 for p in range(self.game.n)]


def _audit(state: PalabraState) -> list[str]:
    """`kit.games.palabra.audit.audit`, imported on first use (it imports this module)."""
    global _audit
    from .audit import audit as _audit

    return _audit(state)


def _copy_play(play: dict[str, Any] | None) -> dict[str, Any] | None:
    if play is None:
        return None
    out = dict(play)
    for k in ("cards", "stars", "colours", "shaved"):
        out[k] = list(play[k])
    return out
