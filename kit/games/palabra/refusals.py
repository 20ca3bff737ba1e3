"""Why Palabra refuses an action: the one legality test (PLB-02..13), as `refusal(state, action)`.

It tests the action it is given (never the list of every legal action) and returns None or the
lazy `IllegalAction(key, **values)`: no sentence is written unless someone reads it. The values
that are words of the class language (a play's name, a colour) are `term`s (`kit.messages.Say`),
which look their text up only when the message is formatted.
"""

from __future__ import annotations

from typing import Any

from kit.games.core import IllegalAction, value_refusal
from kit.messages import Joined, Say

from .actions import Build, Exchange, Flush, Joker, Palabra, Pass, Shave, Straight, Vowels, Word
from .cards import common_colours
from .rules import MIN_FLUSH, VOWEL_SCORES, can_build_on, can_shave, is_palabra
from .scoring import is_straight, vowel_ok

__all__ = ["refusal", "term"]


def term(*keys: str, sep: str = "/") -> Joined:
    """Words of the catalogue joined by `sep`, written in the class language when formatted."""
    return Joined([Say(key) for key in keys], sep)


def what(name: str) -> Joined:
    """A play's name for a message: 'Build' in English, 'Ampliar' in Spanish."""
    return term(f"rules_palabra.what_{name}")


def colours(names: Any) -> Joined:
    """Colour names joined by '/', in the class language."""
    return term(*(f"rules_palabra.colour_{c}" for c in names))


def kind(play_kind: str) -> Joined:
    """A play kind on the table ('word', 'flush' ...) for a message."""
    return term(f"rules_palabra.kind_{play_kind}")


def refusal(s: Any, action: Any) -> IllegalAction | None:
    """None if the player to act may play `action` now, else why not (returned, not raised)."""
    bad = value_refusal(action)
    if bad is not None:
        return bad
    if s.phase not in ("turn", "play"):
        key = "rules_palabra.no_act_over" if s.phase == "over" else "rules_palabra.no_act_dealing"
        return IllegalAction(key)
    check = _CHECKS.get(type(action))
    if check is None:
        return IllegalAction("rules_palabra.not_an_action", action=repr(action))
    try:
        check(s, action)
    except IllegalAction as problem:  # the checks below raise; the caller gets it returned
        return problem
    return None


# ------------------------------------------------------------------ the cards laid
def hand_ids(s: Any, ids: Any, name: str) -> tuple[int, ...]:
    """The card ids, checked: distinct, all in the hand of the player to act (that they are a
    tuple of whole numbers, `kit.games.core.value_refusal` checked first)."""
    if len(set(ids)) != len(ids):
        raise IllegalAction("rules_palabra.card_twice", what=what(name), ids=ids)
    hand = s.hands[s.cur]
    missing = [c for c in ids if c not in hand]
    if missing:
        raise IllegalAction(
            "rules_palabra.not_in_hand", what=what(name), missing=missing, hand=sorted(hand)
        )
    return ids


def spelt(s: Any, ids: tuple[int, ...], letters: Any, name: str) -> str:
    """What the cards spell, checked: each card can be its letter (PLB-13), jokers spell none."""
    cards = [s.game.cards[c] for c in ids]
    if any(c.kind == "joker" for c in cards):
        raise IllegalAction("rules_palabra.joker_not_letter", what=what(name))
    if letters == "":
        blank = [c.id for c in cards if c.kind != "letter"]
        if blank:
            raise IllegalAction("rules_palabra.say_letters", what=what(name), blank=blank)
        return "".join(c.letter for c in cards)
    letters = letters.upper()
    if len(letters) != len(cards):
        raise IllegalAction(
            "rules_palabra.letters_count", what=what(name), k=len(cards), letters=repr(letters)
        )
    for c, ch in zip(cards, letters, strict=True):
        if not c.can_be(ch):
            can = c.letter if c.kind == "letter" else term(f"rules_palabra.can_{c.kind}")
            raise IllegalAction(
                "rules_palabra.cannot_be",
                what=what(name),
                id=c.id,
                label=c.label,
                ch=repr(ch),
                can=can,
            )
    return letters


def opponent_play(s: Any, target: Any, name: str) -> dict[str, Any]:
    """The play of seat `target` on the table, checked: an opponent's, still there."""
    n = s.game.n
    if isinstance(target, bool) or target not in range(n):
        raise IllegalAction(
            "rules_palabra.target_seat", what=what(name), last=n - 1, target=repr(target)
        )
    if target == s.cur:
        raise IllegalAction("rules_palabra.own_play", what=what(name))
    play = s.table[target]
    if play is None:
        on = [p for p in range(n) if p != s.cur and s.table[p] is not None]
        raise IllegalAction(
            "rules_palabra.no_play",
            what=what(name),
            target=target,
            on=on or term("rules_palabra.none"),
        )
    return play


# ------------------------------------------------------------------ the eight plays
def _word(s: Any, action: Word | Palabra) -> None:
    """PLB-03 and PLB-08: a word of the class dictionary; a Palabra uses the whole hand."""
    name = type(action).__name__
    ids = hand_ids(s, action.cards, name)
    letters = spelt(s, ids, action.letters, name)
    hand = len(s.hands[s.cur])
    if isinstance(action, Palabra) and not is_palabra(len(ids), hand):
        raise IllegalAction("rules_palabra.palabra_seven", what=what(name), k=len(ids), hand=hand)
    dictionary = s.game.dictionary
    if letters not in dictionary.words:
        raise IllegalAction(
            "rules_palabra.not_word", what=what(name), letters=letters, dictionary=dictionary.name
        )


def _straight(s: Any, action: Straight) -> None:
    """PLB-04: three or more letters in alphabetical order, Z wrapping to A."""
    ids = hand_ids(s, action.cards, "Straight")
    letters = spelt(s, ids, action.letters, "Straight")
    if not is_straight(letters):
        raise IllegalAction("rules_palabra.not_straight", what=what("Straight"), letters=letters)


def _flush(s: Any, action: Flush) -> None:
    """PLB-05: five or more cards sharing a colour."""
    ids = hand_ids(s, action.cards, "Flush")
    if len(ids) < MIN_FLUSH or not common_colours(s.game.cards[c] for c in ids):
        raise IllegalAction("rules_palabra.not_flush", what=what("Flush"), min=MIN_FLUSH)


def _vowels(s: Any, action: Vowels) -> None:
    """PLB-07: six or seven vowels (Y, vowel and wild cards included)."""
    ids = hand_ids(s, action.cards, "Vowels")
    if len(ids) not in VOWEL_SCORES or not all(vowel_ok(s.game.cards[c]) for c in ids):
        raise IllegalAction("rules_palabra.not_vowels", what=what("Vowels"))


def _exchange(s: Any, action: Exchange) -> None:
    """PLB-09: some cards, no more than the draw pile can give back."""
    ids = hand_ids(s, action.cards, "Exchange")
    if not ids:
        raise IllegalAction("rules_palabra.exchange_none", what=what("Exchange"))
    if len(ids) > len(s.deck):
        raise IllegalAction(
            "rules_palabra.exchange_pile", what=what("Exchange"), pile=len(s.deck), k=len(ids)
        )


def _pass(s: Any, action: Pass) -> None:
    """PLB-09: a pass is always allowed."""


def _build(s: Any, action: Build) -> None:
    """PLB-06: an opponent's word or straight, extended at either end, still a word or straight;
    PLB-13: a colour-locked one only in its colour."""
    base = opponent_play(s, action.target, "Build")
    if not can_build_on(base):
        raise IllegalAction(
            "rules_palabra.build_base",
            what=what("Build"),
            target=action.target,
            kind=kind(base["kind"]),
        )
    new = hand_ids(s, action.before, "Build") + hand_ids(s, action.after, "Build")
    if not new:
        raise IllegalAction("rules_palabra.build_empty", what=what("Build"))
    if len(set(new)) != len(new):
        raise IllegalAction("rules_palabra.build_twice", what=what("Build"))
    letters = spelt(s, new, action.letters, "Build")
    cut = len(action.before)
    whole = letters[:cut] + base["letters"] + letters[cut:]
    cards = s.game.cards
    if base["colours"] and not common_colours(cards[c] for c in (*new, *base["cards"])):
        raise IllegalAction(
            "rules_palabra.build_locked",
            what=what("Build"),
            letters=base["letters"],
            colours=colours(base["colours"]),
        )
    if base["form"] == "word" and whole not in s.game.dictionary.words:
        raise IllegalAction(
            "rules_palabra.build_not_word",
            what=what("Build"),
            letters=whole,
            dictionary=s.game.dictionary.name,
        )
    if base["form"] == "straight" and not is_straight(whole):
        raise IllegalAction("rules_palabra.build_not_straight", what=what("Build"), letters=whole)


# ------------------------------------------------------------------ the two pre-plays
def _one_pre_play(s: Any) -> None:
    if s.phase != "turn":
        raise IllegalAction("rules_palabra.one_preplay")


def _joker(s: Any, action: Joker) -> None:
    """PLB-10: a joker card, on an opponent's play still on the table."""
    _one_pre_play(s)
    (cid,) = hand_ids(s, (action.card,), "Joker")
    card = s.game.cards[cid]
    if card.kind != "joker":
        raise IllegalAction("rules_palabra.not_joker", what=what("Joker"), id=cid, label=card.label)
    opponent_play(s, action.target, "Joker")


def _shave(s: Any, action: Shave) -> None:
    """PLB-11: matching letters on free positions of the prior play, a word or a straight;
    PLB-13: a colour-locked play only with cards of its colour."""
    _one_pre_play(s)
    p = s.prior
    if p < 0 or p == s.cur or s.table[p] is None:
        raise IllegalAction("rules_palabra.shave_none", what=what("Shave"))
    play = s.table[p]
    if not can_shave(play):
        raise IllegalAction("rules_palabra.shave_kind", what=what("Shave"), kind=kind(play["kind"]))
    ids = hand_ids(s, action.cards, "Shave")
    pos = action.positions
    if not isinstance(pos, tuple | list) or len(pos) != len(ids) or not ids:
        raise IllegalAction("rules_palabra.shave_positions", what=what("Shave"))
    size = len(play["cards"])
    if any(isinstance(i, bool) or i not in range(size) for i in pos) or len(set(pos)) != len(pos):
        raise IllegalAction(
            "rules_palabra.shave_range", what=what("Shave"), last=size - 1, positions=tuple(pos)
        )
    done = [i for i in pos if i in play["shaved"]]
    if done:
        raise IllegalAction("rules_palabra.shave_done", what=what("Shave"), done=done)
    locked = frozenset(play["colours"])
    for cid, i in zip(ids, pos, strict=True):
        c = s.game.cards[cid]
        want = play["letters"][i]
        if not c.can_be(want):
            raise IllegalAction(
                "rules_palabra.shave_match",
                what=what("Shave"),
                id=cid,
                label=c.label,
                want=repr(want),
                i=i,
            )
        if locked and not (c.colours & locked):
            raise IllegalAction(
                "rules_palabra.shave_locked",
                what=what("Shave"),
                letters=play["letters"],
                colours=colours(play["colours"]),
                id=cid,
                label=c.label,
            )


_CHECKS = {
    Word: _word,
    Palabra: _word,
    Straight: _straight,
    Flush: _flush,
    Vowels: _vowels,
    Build: _build,
    Exchange: _exchange,
    Pass: _pass,
    Joker: _joker,
    Shave: _shave,
}
