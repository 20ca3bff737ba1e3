"""What a legal Palabra action does to the state, and the events it records (PLB-02..12).

`apply_action(state, action)` is the engine's unchecked path (the state's `refusal` has said
yes); `play_score(state, action)` is the score a legal action makes, the one number the engine
credits and the hand widget shows. Each event is a plain dict (see `PalabraState`'s docstring for
the kinds); they go to `state.events`, a new list per call.
"""

from __future__ import annotations

from typing import Any

from .actions import Build, Exchange, Flush, Joker, Palabra, Pass, Shave, Straight, Vowels, Word
from .cards import COLOURS, common_colours
from .rules import HAND_SIZE, word_kind
from .scoring import Play, Score, hand_penalty, score, score_shave

__all__ = ["apply_action", "begin_turn", "play_score"]

# why a game ended (state.ended) -> does each hand count against its holder (PLB-12)?
ENDINGS = {"played_out": True, "passes": True, "stalled": True, "rounds": False}


# ------------------------------------------------------------------ what a play is
def _letters(s: Any, ids: tuple[int, ...], letters: str) -> str:
    cards = s.game.cards
    return letters.upper() if letters else "".join(cards[c].letter for c in ids)


def _laid(s: Any, action: Any) -> tuple[str, str, tuple[int, ...], str, tuple[bool, ...] | None]:
    """(kind, form, the cards of the whole play in order, its letters, the new-card flags)."""
    if isinstance(action, Build):
        base = s.table[action.target]
        new = (*action.before, *action.after)
        letters = _letters(s, new, action.letters)
        cut = len(action.before)
        whole = (*action.before, *base["cards"], *action.after)
        flags = (True,) * cut + (False,) * len(base["cards"]) + (True,) * len(action.after)
        return "build", base["form"], whole, letters[:cut] + base["letters"] + letters[cut:], flags
    ids = tuple(action.cards)
    if isinstance(action, Straight):
        return "straight", "straight", ids, _letters(s, ids, action.letters), None
    if isinstance(action, Word | Palabra):
        kind = word_kind(len(ids), len(s.hands[s.cur]))
        return kind, "word", ids, _letters(s, ids, action.letters), None
    kind = "flush" if isinstance(action, Flush) else "vowels"
    return kind, kind, ids, "", None


def play_score(s: Any, action: Any) -> Score | None:
    """The score a legal `action` makes now (None for Exchange and Pass): a play's points, a
    shave's points moved (PLB-11), or for a Joker the points it cancels (PLB-10)."""
    cards = s.game.cards
    if isinstance(action, Exchange | Pass):
        return None
    if isinstance(action, Joker):
        pts = s.table[action.target]["points"]
        return Score("joker", (), pts, (), 1, 0, pts)
    if isinstance(action, Shave):
        play = s.table[s.prior]
        values = [cards[play["cards"][i]].value for i in action.positions]
        return score_shave(values, play["stars"], play["lock"])
    kind, _, whole, letters, flags = _laid(s, action)
    return _scored(s, kind, whole, letters, flags)


def _scored(s: Any, kind: str, whole: tuple[int, ...], letters: str, flags: Any) -> Score:
    return score(Play(kind, tuple(s.game.cards[c] for c in whole), letters, flags))


# ------------------------------------------------------------------ moving cards
def _draw(s: Any, player: int, k: int) -> int:
    k = max(0, min(k, len(s.deck)))
    s.hands[player].extend(s.deck[:k])
    del s.deck[:k]
    return k


def _remove(s: Any, player: int, ids: tuple[int, ...]) -> None:
    hand = s.hands[player]
    for c in ids:
        hand.remove(c)


def _leave_table(s: Any, seat: int) -> dict[str, Any]:
    """A play goes from the table to the discard pile (it can no longer be built on or shaved)."""
    play = s.table[seat]
    s.discard += play["cards"]
    s.table[seat] = None
    if s.prior == seat:
        s.prior = -1
    return play


# ------------------------------------------------------------------ the pre-plays
def _joker(s: Any, action: Joker) -> None:
    """PLB-10: the play is cancelled, its owner loses its points; draw one; then a play."""
    me = s.cur
    play = _leave_table(s, action.target)
    s.scores[action.target] -= play["points"]
    _remove(s, me, (action.card,))
    s.discard.append(action.card)
    s.swapped = 0
    drew = _draw(s, me, 1)
    s.events.append({"kind": "joker", "player": me, "card": action.card,
                     "target": action.target, "letters": play["letters"],
                     "target_points": -play["points"], "drew": drew})  # fmt: skip
    s.phase = "play"


def _shave(s: Any, action: Shave) -> None:
    """PLB-11: the shaved points move from the prior play's owner to the shaver; draw back."""
    me, target = s.cur, s.prior
    play = s.table[target]
    found = play_score(s, action)
    pts = found.total
    s.scores[target] -= pts
    s.scores[me] += pts
    play["points"] -= pts
    play["shaved"] = sorted(play["shaved"] + list(action.positions))
    ids = tuple(action.cards)
    _remove(s, me, ids)
    s.discard += ids
    s.swapped = 0
    drew = _draw(s, me, len(ids))
    s.events.append({"kind": "shave", "player": me, "target": target, "cards": list(ids),
                     "positions": list(action.positions),
                     "letters": "".join(play["letters"][i] for i in action.positions),
                     "word": play["letters"], "points": pts, "target_points": -pts,
                     "score": found.as_data(), "drew": drew})  # fmt: skip
    s.phase = "play"


# ------------------------------------------------------------------ the eight plays
def _lay(s: Any, action: Any) -> None:
    """PLB-03..08: the cards go on the table as the player's play and score at once."""
    me = s.cur
    kind, form, whole, letters, flags = _laid(s, action)
    found = _scored(s, kind, whole, letters, flags)
    new = (*action.before, *action.after) if isinstance(action, Build) else tuple(action.cards)
    _remove(s, me, new)
    event: dict[str, Any] = {"kind": "play", "player": me, "play": kind, "cards": list(new),
                             "labels": [s.game.cards[c].label for c in new], "word": letters,
                             "points": found.total, "score": found.as_data()}  # fmt: skip
    if isinstance(action, Build):
        event["target"] = action.target
        event["base"] = s.table[action.target]["letters"]
        s.table[action.target] = None  # the base's owner keeps its points; the whole is mine
        if s.prior == action.target:
            s.prior = -1
    locked = common_colours(s.game.cards[c] for c in whole) if found.lock != 1 else frozenset()
    s.table[me] = {
        "owner": me,
        "kind": kind,
        "form": form,
        "cards": list(whole),
        "letters": letters,
        "points": found.total,
        "stars": list(found.stars),
        "lock": found.lock,
        "colours": [c for c in COLOURS if c in locked],
        "shaved": [],
    }
    s.scores[me] += found.total
    s.idle = s.swapped = 0
    s.events.append(event)
    _end_turn(s, placed=True)


def _exchange(s: Any, action: Exchange) -> None:
    """PLB-09: as many cards drawn from the top of the pile; the swapped ones to its bottom."""
    me = s.cur
    ids = tuple(action.cards)
    _remove(s, me, ids)
    _draw(s, me, len(ids))
    s.deck.extend(ids)
    s.idle = 0
    s.swapped += len(ids)
    s.events.append({"kind": "exchange", "player": s.cur, "cards": len(ids)})
    _end_turn(s, placed=False)


def _pass(s: Any, action: Pass) -> None:
    s.idle += 1
    s.events.append({"kind": "pass", "player": s.cur})
    _end_turn(s, placed=False)


# ------------------------------------------------------------------ turns and the end
def _end_turn(s: Any, placed: bool) -> None:
    """PLB-02 d: draw back up to seven; the game ends, or the next player's turn begins."""
    me = s.cur
    s.prior = me if placed else -1
    drew = _draw(s, me, HAND_SIZE - len(s.hands[me]))
    if drew:
        s.events.append({"kind": "draw", "player": me, "cards": drew})
    s.turns += 1
    g = s.game
    if s.turns % g.n == 0:  # every player has had a turn since the last round ended
        s.events.append({"kind": "round", "round": s.turns // g.n, "scores": list(s.scores)})
    if not s.deck and not s.hands[me]:  # PLB-12
        finish(s, "played_out")
    elif s.idle >= g.n:
        finish(s, "passes")
    elif s.swapped and s.swapped >= len(s.deck):
        finish(s, "stalled")
    elif g.rounds is not None and s.turns >= g.rounds * g.n:
        finish(s, "rounds")
    else:
        s.cur = (me + 1) % g.n
        begin_turn(s)


def begin_turn(s: Any) -> None:
    """PLB-02 a: the player's previous play leaves the table; its points are his for good."""
    if s.table[s.cur] is not None:
        play = _leave_table(s, s.cur)
        s.events.append({"kind": "banked", "player": s.cur, "word": play["letters"],
                         "play": play["kind"], "points": play["points"]})  # fmt: skip
    s.phase = "turn"


def finish(s: Any, why: str) -> None:
    """The end (PLB-12): the cards left in hands count against their holders, as a word."""
    if ENDINGS[why]:
        for p in range(s.game.n):
            pen = hand_penalty(s.hand_cards(p))
            if pen.total:
                s.scores[p] -= pen.total
                s.events.append({"kind": "penalty", "player": p, "cards": list(s.hands[p]),
                                 "points": -pen.total, "score": pen.as_data()})  # fmt: skip
    s.ended = why
    s.phase = "over"
    s.events.append({"kind": "game_over", "why": why, "scores": list(s.scores),
                     "winner": s.winner()})  # fmt: skip


_EFFECTS = {
    Word: _lay,
    Palabra: _lay,
    Straight: _lay,
    Flush: _lay,
    Vowels: _lay,
    Build: _lay,
    Exchange: _exchange,
    Pass: _pass,
    Joker: _joker,
    Shave: _shave,
}


def apply_action(s: Any, action: Any) -> None:
    """Do a legal action (not checked again), appending its events to `s.events`."""
    _EFFECTS[type(action)](s, action)
