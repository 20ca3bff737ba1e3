"""The Palabra engine: deal, turns, the eight plays, the two pre-plays, the end (PLB-01..12).

    >>> game = PalabraGame(players=3, language="es")
    >>> state = game.new_state()
    >>> rng = random.Random(7)
    >>> while state.is_chance():                      # the cut (exact) and the shuffle (sampled)
    ...     state.apply_chance(state.sample_chance(rng))
    >>> state.hand_cards(state.current_player())      # seven cards
    >>> state.apply(Word(cards=(12, 40, 3)))          # or Joker / Shave first, then a play

How a game goes, as states (``state.phase``):

- ``cut`` (chance): who deals and plays first (PLB-01: nearest to Z; ties cut again, so each seat
  begins with probability 1/n: listed exactly);
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
- Exchange: as many cards as are swapped are drawn from the top of the draw pile and the swapped
  cards go to the discard pile; it needs that many cards in the draw pile. (Putting them back
  into the pile would need a reshuffle, and two players could swap the same cards for ever; this
  way every action but a pass shrinks the cards in hands and pile, so every game ends.)
- A full round of passes (every player passes in turn) ends the game as if the deck ran out.
- With ``rounds=N`` the game ends after N turns of every player; no hand penalty then.
- Two decks (red and blue) from 7 players on (PLB-01); 2 to 12 players.
"""

from __future__ import annotations

import json
from fractions import Fraction
from random import Random
from typing import Any

from kit.games.core import CHANCE, TERMINAL, IllegalAction, State, TooManyOutcomes
from kit.messages import t

from .actions import (
    Build,
    Exchange,
    Flush,
    Joker,
    Palabra,
    Pass,
    Shave,
    Straight,
    Vowels,
    Word,
)
from .cards import ALPHABET, COLOURS, Card, common_colours
from .dictionary import Dictionary
from .load import DeckSpec, build_cards, load_deck
from .scoring import (
    MIN_FLUSH,
    VOWEL_SCORES,
    Play,
    Score,
    hand_penalty,
    is_straight,
    score,
    score_shave,
    vowel_ok,
)

__all__ = ["HAND_SIZE", "PalabraGame", "PalabraState", "cut_rank"]

HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 12
TWO_DECKS_FROM = 7  # PLB-01
CUT, SHUFFLE, TURN, PLAY, OVER = "cut", "shuffle", "turn", "play", "over"
CHANCE_PHASES = (CUT, SHUFFLE)
SHAVEABLE = ("word", "straight", "palabra", "build")


def _what(play: str) -> str:
    """A play's name for a message: 'Build' in English, 'Ampliar' in Spanish."""
    return t(f"rules_palabra.what_{play}")


def _colours(colours: Any) -> str:
    """Colour names joined by '/', in the class language."""
    return "/".join(t(f"rules_palabra.colour_{c}") for c in colours)


def _kind(kind: str) -> str:
    """A play kind on the table ('word', 'flush' ...) for a message."""
    return t(f"rules_palabra.kind_{kind}")


_FIELDS = ("phase", "cur", "dealer", "deck", "hands", "table", "discard", "scores", "prior",
           "turns", "idle", "ended", "last")  # fmt: skip


def cut_rank(card: Card) -> int:
    """PLB-01: rank of a cut card: a wild outranks Z (27), Z..A are 26..1, a joker is below A (0).

    The kit's reading: a vowel card ranks as its highest letter, Y (25).
    """
    if card.kind == "wild":
        return 27
    if card.kind == "joker":
        return 0
    if card.kind == "vowel":
        return ALPHABET.index("Y") + 1
    return ALPHABET.index(card.letter) + 1


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
        """A state after the cut (``dealer``) and the shuffle (the deck ``order``, top first)."""
        s = PalabraState(self)
        s.apply_chance(dealer)
        s.apply_chance(tuple(order))
        return s


class PalabraState(State):
    """One position of a Palabra game. ``apply`` validates fully, then changes the state."""

    __slots__ = ("game", *_FIELDS)

    def __init__(self, game: PalabraGame):
        n = game.n
        self.game = game
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
        self.ended = ""  # why the game ended
        self.last: list[dict[str, Any]] = []  # what happened on the last turn (for the class)

    # ------------------------------------------------------------------ copying and saving
    def copy(self) -> PalabraState:
        new = PalabraState.__new__(PalabraState)
        new.game = self.game
        new.phase, new.cur, new.dealer = self.phase, self.cur, self.dealer
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.table = [_copy_play(play) for play in self.table]
        new.discard = self.discard[:]
        new.scores = self.scores[:]
        new.prior, new.turns, new.idle, new.ended = self.prior, self.turns, self.idle, self.ended
        new.last = [dict(e) for e in self.last]
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
        data = json.loads(text)
        if data.get("game") != "palabra":
            raise ValueError("this is not a saved Palabra state")
        if data["players"] != game.names or data["cards"] != len(game.cards):
            raise ValueError(
                f"this state is for players {data['players']} with {data['cards']} cards, "
                f"not {game.names} with {len(game.cards)}"
            )
        new = cls.__new__(cls)
        new.game = game
        for f in _FIELDS:
            setattr(new, f, data[f])
        return new

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
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if self.phase == CUT:
            n = self.game.n
            return [(i, Fraction(1, n)) for i in range(n)]
        if self.phase == SHUFFLE:
            raise TooManyOutcomes(t("rules_palabra.too_many", cards=len(self.game.cards)))
        raise IllegalAction(self._not_chance())

    def sample_chance(self, rng: Random) -> Any:
        if self.phase == CUT:
            return rng.randrange(self.game.n)
        if self.phase == SHUFFLE:
            order = list(range(len(self.game.cards)))
            rng.shuffle(order)
            return tuple(order)
        raise IllegalAction(self._not_chance())

    def _not_chance(self) -> str:
        return t("rules_palabra.not_chance", phase=t(f"rules_palabra.phase_{self.phase}"))

    def apply_chance(self, outcome: Any) -> None:
        g = self.game
        if self.phase == CUT:
            if isinstance(outcome, bool) or outcome not in range(g.n):
                raise IllegalAction(t("rules_palabra.bad_cut", last=g.n - 1, outcome=repr(outcome)))
            self.dealer = self.cur = outcome
            self.phase = SHUFFLE
        elif self.phase == SHUFFLE:
            size = len(g.cards)
            if not isinstance(outcome, tuple | list) or sorted(outcome) != list(range(size)):
                raise IllegalAction(t("rules_palabra.bad_shuffle", last=size - 1))
            deck = list(outcome)
            for k in range(HAND_SIZE * g.n):  # one at a time, from the dealer's left
                self.hands[(self.dealer + 1 + k) % g.n].append(deck[k])
            self.deck = deck[HAND_SIZE * g.n :]
            self.cur = self.dealer  # the dealer plays first (rulebook, quick start 2)
            self.phase = TURN
        else:
            raise IllegalAction(self._not_chance())

    # ------------------------------------------------------------------ decisions
    def legal_actions(self) -> list[Any]:
        """Every legal action now: the finder's plays and pre-plays, the exchanges, Pass."""
        if self.phase not in (TURN, PLAY):
            return []
        from itertools import combinations

        from .finder import find_plays

        out = [c.action for c in find_plays(self)]
        hand = sorted(self.hands[self.cur])
        for k in range(1, min(len(hand), len(self.deck)) + 1):
            out += [Exchange(cards=combo) for combo in combinations(hand, k)]
        out.append(Pass())
        return out

    def apply(self, action: Any) -> None:
        """Check ``action`` fully; apply it, or raise IllegalAction and change nothing."""
        if self.phase not in (TURN, PLAY):
            over = self.phase == OVER
            raise IllegalAction(
                t("rules_palabra.no_act_over" if over else "rules_palabra.no_act_dealing")
            )
        plan = self._check(action)
        self._execute(plan)

    # ------------------------------------------------------------------ checking
    def _hand_ids(self, ids: Any, what: str) -> tuple[int, ...]:
        if not isinstance(ids, tuple | list) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in ids
        ):
            raise IllegalAction(t("rules_palabra.hand_ids", what=_what(what), ids=repr(ids)))
        ids = tuple(ids)
        if len(set(ids)) != len(ids):
            raise IllegalAction(t("rules_palabra.card_twice", what=_what(what), ids=ids))
        hand = self.hands[self.cur]
        missing = [c for c in ids if c not in hand]
        if missing:
            raise IllegalAction(
                t("rules_palabra.not_in_hand", what=_what(what), missing=missing, hand=sorted(hand))
            )
        return ids

    def _spell(self, ids: tuple[int, ...], letters: Any, what: str) -> str:
        cards = [self.game.cards[c] for c in ids]
        if any(c.kind == "joker" for c in cards):
            raise IllegalAction(t("rules_palabra.joker_not_letter", what=_what(what)))
        if not isinstance(letters, str):
            raise IllegalAction(
                t("rules_palabra.letters_text", what=_what(what), letters=repr(letters))
            )
        if letters == "":
            blank = [c.id for c in cards if c.kind != "letter"]
            if blank:
                raise IllegalAction(t("rules_palabra.say_letters", what=_what(what), blank=blank))
            return "".join(c.letter for c in cards)
        letters = letters.upper()
        if len(letters) != len(cards):
            raise IllegalAction(
                t(
                    "rules_palabra.letters_count",
                    what=_what(what),
                    k=len(cards),
                    letters=repr(letters),
                )
            )
        for c, ch in zip(cards, letters, strict=True):
            if not c.can_be(ch):
                can = c.letter if c.kind == "letter" else t(f"rules_palabra.can_{c.kind}")
                raise IllegalAction(
                    t(
                        "rules_palabra.cannot_be",
                        what=_what(what),
                        id=c.id,
                        label=c.label,
                        ch=repr(ch),
                        can=can,
                    )
                )
        return letters

    def _opponent_play(self, target: Any, what: str) -> dict[str, Any]:
        n = self.game.n
        if isinstance(target, bool) or target not in range(n):
            raise IllegalAction(
                t("rules_palabra.target_seat", what=_what(what), last=n - 1, target=repr(target))
            )
        if target == self.cur:
            raise IllegalAction(t("rules_palabra.own_play", what=_what(what)))
        play = self.table[target]
        if play is None:
            on = [p for p in range(n) if p != self.cur and self.table[p] is not None]
            raise IllegalAction(
                t(
                    "rules_palabra.no_play",
                    what=_what(what),
                    target=target,
                    on=on or t("rules_palabra.none"),
                )
            )
        return play

    def _check(self, action: Any) -> dict[str, Any]:
        g = self.game
        if isinstance(action, Joker | Shave):
            if self.phase != TURN:
                raise IllegalAction(t("rules_palabra.one_preplay"))
            return self._check_pre(action)
        if isinstance(action, Pass):
            return {"kind": "pass"}
        if isinstance(action, Exchange):
            ids = self._hand_ids(action.cards, "Exchange")
            if not ids:
                raise IllegalAction(t("rules_palabra.exchange_none", what=_what("Exchange")))
            if len(ids) > len(self.deck):
                raise IllegalAction(
                    t(
                        "rules_palabra.exchange_pile",
                        what=_what("Exchange"),
                        pile=len(self.deck),
                        k=len(ids),
                    )
                )
            return {"kind": "exchange", "ids": ids}
        if isinstance(action, Word | Palabra | Straight):
            kind = {Word: "word", Palabra: "palabra", Straight: "straight"}[type(action)]
            name = type(action).__name__
            ids = self._hand_ids(action.cards, name)
            letters = self._spell(ids, action.letters, name)
            hand = self.hands[self.cur]
            if kind == "word" and len(ids) == HAND_SIZE == len(hand):
                kind = "palabra"  # a seven-letter word with the whole hand is a Palabra
            if kind == "straight":
                if not is_straight(letters):
                    raise IllegalAction(
                        t("rules_palabra.not_straight", what=_what("Straight"), letters=letters)
                    )
            else:
                if kind == "palabra" and not (len(ids) == HAND_SIZE == len(hand)):
                    raise IllegalAction(
                        t(
                            "rules_palabra.palabra_seven",
                            what=_what("Palabra"),
                            k=len(ids),
                            hand=len(hand),
                        )
                    )
                if letters not in g.dictionary.words:
                    raise IllegalAction(
                        t(
                            "rules_palabra.not_word",
                            what=_what(name),
                            letters=letters,
                            dictionary=g.dictionary.name,
                        )
                    )
            cards = tuple(g.cards[c] for c in ids)
            return {
                "kind": kind,
                "ids": ids,
                "letters": letters,
                "form": "straight" if kind == "straight" else "word",
                "score": score(Play(kind, cards, letters)),
                "cards": cards,
            }
        if isinstance(action, Flush):
            ids = self._hand_ids(action.cards, "Flush")
            cards = tuple(g.cards[c] for c in ids)
            if len(ids) < MIN_FLUSH or not common_colours(cards):
                raise IllegalAction(
                    t("rules_palabra.not_flush", what=_what("Flush"), min=MIN_FLUSH)
                )
            return {"kind": "flush", "ids": ids, "letters": "", "form": "flush",
                    "score": score(Play("flush", cards)), "cards": cards}  # fmt: skip
        if isinstance(action, Vowels):
            ids = self._hand_ids(action.cards, "Vowels")
            cards = tuple(g.cards[c] for c in ids)
            if len(ids) not in VOWEL_SCORES or not all(vowel_ok(c) for c in cards):
                raise IllegalAction(t("rules_palabra.not_vowels", what=_what("Vowels")))
            return {"kind": "vowels", "ids": ids, "letters": "", "form": "vowels",
                    "score": score(Play("vowels", cards)), "cards": cards}  # fmt: skip
        if isinstance(action, Build):
            return self._check_build(action)
        raise IllegalAction(t("rules_palabra.not_an_action", action=repr(action)))

    def _check_build(self, action: Build) -> dict[str, Any]:
        g = self.game
        base = self._opponent_play(action.target, "Build")
        if base["form"] not in ("word", "straight"):
            raise IllegalAction(
                t(
                    "rules_palabra.build_base",
                    what=_what("Build"),
                    target=action.target,
                    kind=_kind(base["kind"]),
                )
            )
        before = self._hand_ids(action.before, "Build")
        after = self._hand_ids(action.after, "Build")
        new = before + after
        if not new:
            raise IllegalAction(t("rules_palabra.build_empty", what=_what("Build")))
        if len(set(new)) != len(new):
            raise IllegalAction(t("rules_palabra.build_twice", what=_what("Build")))
        letters = self._spell(new, action.letters, "Build")
        whole_ids = (*before, *base["cards"], *after)
        whole_letters = letters[: len(before)] + base["letters"] + letters[len(before) :]
        cards = tuple(g.cards[c] for c in whole_ids)
        if base["colours"] and not common_colours(cards):
            raise IllegalAction(
                t(
                    "rules_palabra.build_locked",
                    what=_what("Build"),
                    letters=base["letters"],
                    colours=_colours(base["colours"]),
                )
            )
        if base["form"] == "word" and whole_letters not in g.dictionary.words:
            raise IllegalAction(
                t(
                    "rules_palabra.build_not_word",
                    what=_what("Build"),
                    letters=whole_letters,
                    dictionary=g.dictionary.name,
                )
            )
        if base["form"] == "straight" and not is_straight(whole_letters):
            raise IllegalAction(
                t("rules_palabra.build_not_straight", what=_what("Build"), letters=whole_letters)
            )
        flags = (True,) * len(before) + (False,) * len(base["cards"]) + (True,) * len(after)
        return {
            "kind": "build",
            "ids": new,
            "whole": whole_ids,
            "letters": whole_letters,
            "form": base["form"],
            "target": action.target,
            "score": score(Play("build", cards, whole_letters, flags)),
            "cards": cards,
        }

    def _check_pre(self, action: Any) -> dict[str, Any]:
        g = self.game
        if isinstance(action, Joker):
            (cid,) = self._hand_ids((action.card,), "Joker")
            if g.cards[cid].kind != "joker":
                raise IllegalAction(
                    t(
                        "rules_palabra.not_joker",
                        what=_what("Joker"),
                        id=cid,
                        label=g.cards[cid].label,
                    )
                )
            play = self._opponent_play(action.target, "Joker")
            return {"kind": "joker", "ids": (cid,), "target": action.target,
                    "points": play["points"]}  # fmt: skip
        # Shave (PLB-11)
        p = self.prior
        if p < 0 or p == self.cur or self.table[p] is None:
            raise IllegalAction(t("rules_palabra.shave_none", what=_what("Shave")))
        play = self.table[p]
        if play["kind"] not in SHAVEABLE:
            raise IllegalAction(
                t("rules_palabra.shave_kind", what=_what("Shave"), kind=_kind(play["kind"]))
            )
        ids = self._hand_ids(action.cards, "Shave")
        pos = action.positions
        if not isinstance(pos, tuple | list) or len(pos) != len(ids) or not ids:
            raise IllegalAction(t("rules_palabra.shave_positions", what=_what("Shave")))
        size = len(play["cards"])
        if any(isinstance(i, bool) or i not in range(size) for i in pos) or len(set(pos)) != len(
            pos
        ):
            raise IllegalAction(
                t(
                    "rules_palabra.shave_range",
                    what=_what("Shave"),
                    last=size - 1,
                    positions=tuple(pos),
                )
            )
        done = [i for i in pos if i in play["shaved"]]
        if done:
            raise IllegalAction(t("rules_palabra.shave_done", what=_what("Shave"), done=done))
        locked = frozenset(play["colours"])
        values = []
        for cid, i in zip(ids, pos, strict=True):
            c = g.cards[cid]
            want = play["letters"][i]
            if not c.can_be(want):
                raise IllegalAction(
                    t(
                        "rules_palabra.shave_match",
                        what=_what("Shave"),
                        id=cid,
                        label=c.label,
                        want=repr(want),
                        i=i,
                    )
                )
            if locked and not (c.colours & locked):
                raise IllegalAction(
                    t(
                        "rules_palabra.shave_locked",
                        what=_what("Shave"),
                        letters=play["letters"],
                        colours=_colours(play["colours"]),
                        id=cid,
                        label=c.label,
                    )
                )
            values.append(g.cards[play["cards"][i]].value)
        s = score_shave(values, play["stars"], play["lock"])
        return {"kind": "shave", "ids": ids, "positions": tuple(pos), "target": p, "score": s}

    # ------------------------------------------------------------------ applying
    def _draw(self, player: int, k: int) -> None:
        k = max(0, min(k, len(self.deck)))
        self.hands[player].extend(self.deck[:k])
        del self.deck[:k]

    def _remove(self, player: int, ids: tuple[int, ...]) -> None:
        hand = self.hands[player]
        for c in ids:
            hand.remove(c)

    def _execute(self, plan: dict[str, Any]) -> None:
        me = self.cur
        kind = plan["kind"]
        if self.phase == TURN:
            self.last = []
        event: dict[str, Any] = {"player": me, "kind": kind}
        if kind == "joker":  # PLB-10
            target = plan["target"]
            play = self.table[target]
            self.scores[target] -= play["points"]
            self.discard += play["cards"]
            self.table[target] = None
            if self.prior == target:
                self.prior = -1
            self._remove(me, plan["ids"])
            self.discard += plan["ids"]
            self._draw(me, 1)
            event.update(target=target, points=-play["points"])
            self.last.append(event)
            self.phase = PLAY
            return
        if kind == "shave":  # PLB-11
            target = plan["target"]
            play = self.table[target]
            pts = plan["score"].total
            self.scores[target] -= pts
            self.scores[me] += pts
            play["points"] -= pts
            play["shaved"] = sorted(play["shaved"] + list(plan["positions"]))
            self._remove(me, plan["ids"])
            self.discard += plan["ids"]
            self._draw(me, len(plan["ids"]))
            event.update(target=target, points=pts, explain=plan["score"].explain())
            self.last.append(event)
            self.phase = PLAY
            return
        # one of the eight plays
        placed = False
        if kind == "pass":
            self.idle += 1
        elif kind == "exchange":
            self.idle = 0
            ids = plan["ids"]
            self._remove(me, ids)
            self._draw(me, len(ids))
            self.discard += ids  # reading: to the discard pile (see the module's docstring)
            event.update(cards=len(ids))
        else:
            self.idle = 0
            placed = True
            s: Score = plan["score"]
            self._remove(me, plan["ids"])
            whole = plan.get("whole", plan["ids"])
            if kind == "build":
                self.table[plan["target"]] = None
                if self.prior == plan["target"]:
                    self.prior = -1
                event["target"] = plan["target"]
            colours = common_colours(plan["cards"]) if s.lock == 2 else frozenset()
            self.table[me] = {
                "owner": me,
                "kind": kind,
                "form": plan["form"],
                "cards": list(whole),
                "letters": plan["letters"],
                "points": s.total,
                "stars": list(s.stars),
                "lock": s.lock,
                "colours": [c for c in COLOURS if c in colours],
                "shaved": [],
            }
            self.scores[me] += s.total
            event.update(letters=plan["letters"], points=s.total, explain=s.explain())
        self.last.append(event)
        self.prior = me if placed else -1
        self._draw(me, HAND_SIZE - len(self.hands[me]))  # PLB-02 d
        self.turns += 1
        g = self.game
        if not self.deck and not self.hands[me]:  # PLB-12
            self._finish(f"player {me} played all his cards with the draw pile empty", True)
        elif self.idle >= g.n:
            self._finish("a full round of passes", True)
        elif g.rounds is not None and self.turns >= g.rounds * g.n:
            self._finish(f"the agreed {g.rounds} rounds were played", False)
        else:
            self.cur = (me + 1) % g.n
            self._begin_turn()

    def _begin_turn(self) -> None:
        """PLB-02 a: the player's previous play leaves the table; its points are his for good."""
        play = self.table[self.cur]
        if play is not None:
            self.discard += play["cards"]
            self.table[self.cur] = None
            if self.prior == self.cur:
                self.prior = -1
        self.phase = TURN

    def _finish(self, why: str, penalties: bool) -> None:
        if penalties:  # PLB-12: cards left in hands count against their holders, as a word
            for p in range(self.game.n):
                pen = hand_penalty(self.hand_cards(p)).total
                if pen:
                    self.scores[p] -= pen
                    self.last.append({"player": p, "kind": "penalty", "points": -pen})
        self.ended = why
        self.phase = OVER

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


def _copy_play(play: dict[str, Any] | None) -> dict[str, Any] | None:
    if play is None:
        return None
    out = dict(play)
    for k in ("cards", "stars", "colours", "shaved"):
        out[k] = list(play[k])
    return out
