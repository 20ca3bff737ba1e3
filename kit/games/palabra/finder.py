"""The best-play finder: every legal play for a hand and the table, ranked by score (exact).

    >>> for c in find_plays(state)[:5]:            # the player to act, in a 'turn' or 'play' phase
    ...     print(c.total, c.action, c.score.explain())

Covered: words, straights, flushes, builds, vowels, Palabras, and the pre-plays (shaves, jokers).
Exchange and Pass are not scored plays (``state.legal_actions()`` adds them).

How it is fast: the dictionary is indexed by anagram signature (the sorted letters of a word).
The hand can spell only a few hundred letter multisets (2^7 sub-multisets of its letters, a wild
card expanded to each of the 26 letters, a vowel card to each of A E I O U Y), so the candidate
words are a few hundred dictionary look-ups; then each word's letters are matched to the hand's
cards in every possible way (two A cards of different colours score differently). Builds look up
the base's letters plus each sub-multiset. ``brute_force_plays`` is the slow reference: every
order of every subset of the cards, every letter a wild or vowel card can be (tests and bench
check that both give the same plays and scores).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, pairwise, permutations
from typing import Any

from .actions import Build, Flush, Joker, Palabra, Shave, Straight, Vowels, Word
from .cards import ALPHABET, Card, common_colours
from .dictionary import Dictionary
from .rules import (
    MIN_FLUSH,
    MIN_STRAIGHT,
    PRE_PLAY_KINDS,
    VOWEL_SCORES,
    can_build_on,
    can_shave,
    word_kind,
)
from .scoring import Play, Score, is_straight, score, score_shave, vowel_ok

__all__ = ["Candidate", "best_play", "brute_force_plays", "find_plays", "plays_for"]

_KIND_ORDER = {
    k: i
    for i, k in enumerate(
        ("palabra", "word", "straight", "build", "flush", "vowels", "shave", "joker")
    )
}


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal play (or pre-play) with its score and breakdown."""

    kind: str
    action: Any
    score: Score

    @property
    def total(self) -> int:
        return self.score.total

    def key(self) -> tuple:
        """The rank: highest total first; then a fixed order of kinds and actions (stable)."""
        return (-self.score.total, _KIND_ORDER[self.kind], _action_key(self.action))


def _action_key(a: Any) -> tuple:
    if isinstance(a, Build):
        return (a.target, a.before, a.after, a.letters)
    if isinstance(a, Shave):
        return (a.positions, a.cards)
    if isinstance(a, Joker):
        return (a.target, a.card)
    return (a.cards, getattr(a, "letters", ""))


# ---------------------------------------------------------------------------- fast finder
class _Hand:
    """The hand's cards prepared for matching: who can be which letter."""

    def __init__(self, cards: Sequence[Card]):
        self.cards = [c for c in cards if c.kind != "joker"]
        self.by_letter: dict[str, list[int]] = {ch: [] for ch in ALPHABET}
        for j, c in enumerate(self.cards):
            for ch in c.letters:
                self.by_letter[ch].append(j)
        self._sigs: set[str] | None = None

    def signatures(self) -> set[str]:
        """Every multiset of letters (sorted) that some of the cards can spell (non-empty)."""
        if self._sigs is None:
            counts: dict[str, int] = {}
            wild = vowel = 0
            for c in self.cards:
                if c.kind == "letter":
                    counts[c.letter] = counts.get(c.letter, 0) + 1
                elif c.kind == "wild":
                    wild += 1
                else:
                    vowel += 1
            letters = sorted(counts)
            subs = [""]
            for ch in letters:
                subs = [s + ch * k for s in subs for k in range(counts[ch] + 1)]
            extras = [""]
            if wild or vowel:
                extras = [
                    "".join(w) + "".join(v)
                    for j in range(wild + 1)
                    for w in combinations_with_replacement(ALPHABET, j)
                    for k in range(vowel + 1)
                    for v in combinations_with_replacement("AEIOUY", k)
                ]
            if extras == [""]:
                out = set(subs)
            else:
                out = {"".join(sorted(s + e)) for s in subs for e in extras}
            out.discard("")
            self._sigs = out
        return self._sigs

    def assignments(self, letters: str, allowed: Sequence[bool] | None = None) -> list[tuple]:
        """Every way to lay distinct cards (indices) spelling ``letters`` in order."""
        out: list[tuple] = []
        n = len(letters)
        by = self.by_letter
        used = [False] * len(self.cards)
        seq: list[int] = []

        def rec(i: int) -> None:
            if i == n:
                out.append(tuple(seq))
                return
            for j in by[letters[i]]:
                if not used[j] and (allowed is None or allowed[j]):
                    used[j] = True
                    seq.append(j)
                    rec(i + 1)
                    seq.pop()
                    used[j] = False

        rec(0)
        return out


_STRAIGHTS = {
    n: tuple("".join(ALPHABET[(s + i) % 26] for i in range(n)) for s in range(26))
    for n in range(MIN_STRAIGHT, 27)
}


def _straights(length: int) -> Iterable[str]:
    return _STRAIGHTS[length]


def plays_for(
    hand: Sequence[Card],
    dictionary: Dictionary,
    table: Sequence[dict[str, Any] | None] = (),
    all_cards: Sequence[Card] = (),
    me: int = 0,
    prior: int = -1,
    pre: bool = True,
) -> list[Candidate]:
    """Every legal play for ``hand`` and the ``table`` (the state's table dicts), best first.

    ``all_cards`` maps card ids to cards (the game's ``cards``), needed for the table's cards.
    ``pre``: may a pre-play (Joker, Shave) still be made this turn?
    """
    h = _Hand(hand)
    cards = h.cards
    out: list[Candidate] = []

    # words and Palabras (PLB-03, PLB-08)
    index = dictionary.index
    words: set[str] = set()
    for sig in h.signatures():
        found = index.get(sig)
        if found:
            words.update(found)
    for w in words:
        kind = word_kind(len(w), len(hand))
        cls = Palabra if kind == "palabra" else Word
        for seq in h.assignments(w):
            cs = tuple(cards[j] for j in seq)
            out.append(Candidate(kind, cls(tuple(c.id for c in cs), w), score(Play(kind, cs, w))))
    # straights (PLB-04)
    for length in range(MIN_STRAIGHT, len(cards) + 1):
        for st in _straights(length):
            if not all(h.by_letter[ch] for ch in st):
                continue
            for seq in h.assignments(st):
                cs = tuple(cards[j] for j in seq)
                out.append(
                    Candidate(
                        "straight",
                        Straight(tuple(c.id for c in cs), st),
                        score(Play("straight", cs, st)),
                    )
                )
    # flushes (PLB-05) and vowels (PLB-07): sets of cards
    for k in range(MIN_FLUSH, len(cards) + 1):
        for combo in combinations(cards, k):
            if common_colours(combo):
                ids = tuple(sorted(c.id for c in combo))
                out.append(Candidate("flush", Flush(ids), score(Play("flush", combo))))
    vow = [c for c in cards if vowel_ok(c)]
    for k in VOWEL_SCORES:
        for combo in combinations(vow, k):
            ids = tuple(sorted(c.id for c in combo))
            out.append(Candidate("vowels", Vowels(ids), score(Play("vowels", combo))))
    # builds (PLB-06)
    for t, base in enumerate(table):
        if t == me or not can_build_on(base):
            continue
        out += _builds(h, base, t, dictionary, all_cards)
    # pre-plays
    if pre:
        jokers = sorted(c.id for c in hand if c.kind == "joker")
        if jokers:
            for t, play in enumerate(table):
                if play is not None and t != me:
                    pts = play["points"]
                    out.append(
                        Candidate(
                            "joker",
                            Joker(jokers[0], t),
                            Score("joker", (), pts, (), 1, 0, pts),
                        )
                    )
        if 0 <= prior != me and prior < len(table):
            play = table[prior]
            if can_shave(play):
                out += _shaves(h, play, all_cards)
    out.sort(key=Candidate.key)
    return out


def _builds(h: _Hand, base: dict[str, Any], t: int, dictionary: Dictionary, all_cards) -> list:
    cards = h.cards
    base_cards = tuple(all_cards[i] for i in base["cards"])
    b = base["letters"]
    locked = frozenset(base["colours"])
    allowed = [bool(c.colours & locked) for c in cards] if locked else None
    out = []

    def emit(prefix: str, suffix: str) -> None:
        new_letters = prefix + suffix
        for seq in h.assignments(new_letters, allowed):
            new = tuple(cards[j] for j in seq)
            before, after = new[: len(prefix)], new[len(prefix) :]
            whole = before + base_cards + after
            if locked and not common_colours(whole):
                continue
            flags = (True,) * len(before) + (False,) * len(base_cards) + (True,) * len(after)
            out.append(
                Candidate(
                    "build",
                    Build(t, tuple(c.id for c in before), tuple(c.id for c in after), new_letters),
                    score(Play("build", whole, prefix + b + suffix, flags)),
                )
            )

    if base["form"] == "word":
        index = dictionary.index
        seen: set[str] = set()
        for sig in h.signatures():
            found = index.get("".join(sorted(b + sig)))
            if not found:
                continue
            for w in found:
                if w in seen:
                    continue
                seen.add(w)
                i = w.find(b)
                while i >= 0:
                    if len(w) > len(b):
                        emit(w[:i], w[i + len(b) :])
                    i = w.find(b, i + 1)
    else:
        first = ALPHABET.index(b[0])
        last = ALPHABET.index(b[-1])
        room = min(len(cards), 26 - len(b))
        for a in range(room + 1):
            for z in range(room + 1 - a):
                if a + z == 0:
                    continue
                prefix = "".join(ALPHABET[(first - a + i) % 26] for i in range(a))
                suffix = "".join(ALPHABET[(last + 1 + i) % 26] for i in range(z))
                emit(prefix, suffix)
    return out


def _shaves(h: _Hand, play: dict[str, Any], all_cards) -> list:
    cards = h.cards
    letters = play["letters"]
    locked = frozenset(play["colours"])
    done = set(play["shaved"])
    values = [all_cards[i].value for i in play["cards"]]
    open_pos = [i for i in range(len(letters)) if i not in done]
    out = []
    used = [False] * len(cards)
    chosen: list[tuple[int, int]] = []

    def rec(k: int) -> None:
        if k == len(open_pos):
            if chosen:
                pos = tuple(p for p, _ in chosen)
                ids = tuple(cards[j].id for _, j in chosen)
                s = score_shave([values[p] for p in pos], play["stars"], play["lock"])
                out.append(Candidate("shave", Shave(ids, pos), s))
            return
        rec(k + 1)
        p = open_pos[k]
        for j in h.by_letter[letters[p]]:
            if used[j] or (locked and not (cards[j].colours & locked)):
                continue
            used[j] = True
            chosen.append((p, j))
            rec(k + 1)
            chosen.pop()
            used[j] = False

    rec(0)
    return out


def find_plays(state: Any) -> list[Candidate]:
    """Every legal play (and pre-play, before the play) of the player to act, best first."""
    if state.phase not in ("turn", "play"):
        return []
    g = state.game
    return plays_for(
        state.hand_cards(state.cur),
        g.dictionary,
        state.table,
        g.cards,
        state.cur,
        state.prior,
        state.phase == "turn",
    )


def best_play(state: Any, plays_only: bool = True) -> Candidate | None:
    """The highest-scoring candidate (``plays_only``: one of the plays, not a pre-play)."""
    for c in find_plays(state):
        if not plays_only or c.kind not in PRE_PLAY_KINDS:
            return c
    return None


# ---------------------------------------------------------------------------- brute force
@lru_cache(maxsize=8)
def _prefixes(words: frozenset[str]) -> frozenset[str]:
    return frozenset(w[:i] for w in words for i in range(1, len(w) + 1))


def _straight_prefix(s: str) -> bool:
    return len(s) <= 26 and all((ord(b) - ord(a)) % 26 == 1 for a, b in pairwise(s))


def brute_force_plays(
    hand: Sequence[Card],
    dictionary: Dictionary,
    table: Sequence[dict[str, Any] | None] = (),
    all_cards: Sequence[Card] = (),
    me: int = 0,
    prior: int = -1,
    pre: bool = True,
    prune: bool = True,
) -> list[Candidate]:
    """The slow reference for :func:`plays_for`: every order of every subset of the cards.

    Each card in turn, each letter it can stand for (a wild 26, a vowel card 6). With
    ``prune`` (the default) a sequence is not extended once its letters start no dictionary word
    (no straight); ``prune=False`` tries every sequence in full (very slow with wild cards).
    """
    words = dictionary.words
    prefixes = _prefixes(words) if prune else None
    cards = [c for c in hand if c.kind != "joker"]
    cans = [sorted(c.letters) for c in cards]
    n = len(cards)
    out: list[Candidate] = []

    def grow(seq: list[int], letters: str, ok: Any, done: Any) -> None:
        """Every sequence of unused cards (with letters) extending ``seq``; ``done`` sees each."""
        for j in range(n):
            if j in seq:
                continue
            seq.append(j)
            for ch in cans[j]:
                new = letters + ch
                if ok(new):
                    done(seq, new)
                    grow(seq, new, ok, done)
            seq.pop()

    def ok_word(s: str) -> bool:
        return prefixes is None or s in prefixes

    def ok_straight(s: str) -> bool:
        return prefixes is None or _straight_prefix(s)

    def word_done(seq: list[int], letters: str) -> None:
        if letters in words:
            cs = tuple(cards[j] for j in seq)
            kind = word_kind(len(cs), len(hand))
            cls = Palabra if kind == "palabra" else Word
            ids = tuple(c.id for c in cs)
            out.append(Candidate(kind, cls(ids, letters), score(Play(kind, cs, letters))))

    def straight_done(seq: list[int], letters: str) -> None:
        if is_straight(letters):
            cs = tuple(cards[j] for j in seq)
            ids = tuple(c.id for c in cs)
            out.append(Candidate("straight", Straight(ids, letters), score(Play("straight", cs))))

    grow([], "", ok_word, word_done)
    grow([], "", ok_straight, straight_done)
    for k in range(1, n + 1):
        for combo in combinations(cards, k):
            ids = tuple(sorted(c.id for c in combo))
            if k >= MIN_FLUSH and common_colours(combo):
                out.append(Candidate("flush", Flush(ids), score(Play("flush", combo))))
            if k in VOWEL_SCORES and all(vowel_ok(c) for c in combo):
                out.append(Candidate("vowels", Vowels(ids), score(Play("vowels", combo))))
    for t, base in enumerate(table):
        if t != me and can_build_on(base):
            out += _brute_builds(t, base, cards, cans, all_cards, words, ok_word, ok_straight)
    if pre:
        jokers = sorted(c.id for c in hand if c.kind == "joker")
        for t, play in enumerate(table):
            if jokers and play is not None and t != me:
                pts = play["points"]
                out.append(
                    Candidate("joker", Joker(jokers[0], t), Score("joker", (), pts, (), 1, 0, pts))
                )
        if 0 <= prior != me and prior < len(table) and can_shave(table[prior]):
            out += _brute_shaves(table[prior], cards, all_cards)
    out.sort(key=Candidate.key)
    return out


def _brute_shaves(play: dict[str, Any], cards: list[Card], all_cards) -> list[Candidate]:
    """Every set of free positions of the prior play, and every order of cards laid on them."""
    locked = frozenset(play["colours"])
    free = [i for i in range(len(play["cards"])) if i not in play["shaved"]]
    out = []
    for k in range(1, min(len(cards), len(free)) + 1):
        for pos in combinations(free, k):
            for seq in permutations(cards, k):
                ok = all(
                    c.can_be(play["letters"][p]) and (not locked or bool(c.colours & locked))
                    for c, p in zip(seq, pos, strict=True)
                )
                if ok:
                    vals = [all_cards[play["cards"][p]].value for p in pos]
                    shave = Shave(tuple(c.id for c in seq), pos)
                    out.append(
                        Candidate("shave", shave, score_shave(vals, play["stars"], play["lock"]))
                    )
    return out


def _brute_builds(t, base, cards, cans, all_cards, words, ok_word, ok_straight) -> list:
    """Every (before, after) pair of card sequences with their letters, around the base."""
    bc = tuple(all_cards[i] for i in base["cards"])
    b = base["letters"]
    is_word = base["form"] == "word"
    ok = ok_word if is_word else ok_straight
    locked = bool(base["colours"])
    n = len(cards)
    used: list[int] = []
    out: list[Candidate] = []

    def finish(cut: int, letters: str) -> None:
        whole_letters = letters[:cut] + b + letters[cut:]
        if not (whole_letters in words if is_word else is_straight(whole_letters)):
            return
        new = tuple(cards[j] for j in used)
        whole = new[:cut] + bc + new[cut:]
        if locked and not common_colours(whole):
            return
        flags = (True,) * cut + (False,) * len(bc) + (True,) * (len(new) - cut)
        act = Build(t, tuple(c.id for c in new[:cut]), tuple(c.id for c in new[cut:]), letters)
        out.append(Candidate("build", act, score(Play("build", whole, whole_letters, flags))))

    def after(cut: int, letters: str) -> None:
        if used:
            finish(cut, letters)
        for j in range(n):
            if j in used:
                continue
            used.append(j)
            for ch in cans[j]:
                new = letters + ch
                if ok(new[:cut] + b + new[cut:]):
                    after(cut, new)
            used.pop()

    def before(letters: str) -> None:
        if ok(letters + b):
            after(len(letters), letters)
        for j in range(n):
            if j in used:
                continue
            used.append(j)
            for ch in cans[j]:
                new = letters + ch
                if ok(new):
                    before(new)
            used.pop()

    before("")
    return out
