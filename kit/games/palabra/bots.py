"""Palabra bots: plain functions ``policy(state, rng) -> action`` (DESIGN: bots as functions).

- :func:`greedy`: a pre-play when it pays (the best shave that scores, or a joker on a play
  worth at least ``JOKER_MIN`` points), then the highest-scoring play; with nothing to play, it
  exchanges its worst cards while the draw pile lasts, else passes.
- :func:`beginner`: plays the first word it finds (shortest words first, then alphabetical);
  otherwise exchanges everything it can, else passes. No pre-plays.
- :func:`random_legal`: any legal action, uniformly (for invariant tests).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from kit.games.core import random_legal

from .actions import Exchange, Pass
from .finder import find_plays
from .rules import PRE_PLAY_KINDS

__all__ = ["BOTS", "beginner", "greedy", "random_legal"]

Policy = Callable[[Any, Random], Any]
JOKER_MIN = 20


def _no_play(state: Any) -> Any:
    hand = state.hands[state.cur]
    k = min(len(hand), len(state.deck))
    if k:
        cards = sorted(state.hand_cards(state.cur), key=lambda c: (-c.value, c.id))
        keep = [c.id for c in cards if c.kind in ("wild", "joker", "vowel")]
        swap = tuple(sorted(c.id for c in cards if c.id not in keep)[:k])
        if swap:
            return Exchange(swap)
    return Pass()


def greedy(state: Any, rng: Random) -> Any:
    """The best immediate score (ties: the finder's fixed order)."""
    plays = find_plays(state)
    if state.phase == "turn":
        for c in plays:
            if (c.kind == "shave" and c.total > 0) or (c.kind == "joker" and c.total >= JOKER_MIN):
                return c.action
    for c in plays:
        if c.kind not in PRE_PLAY_KINDS:
            return c.action
    return _no_play(state)


def beginner(state: Any, rng: Random) -> Any:
    """The first word found: the shortest, then alphabetical (not the best one)."""
    words = [c for c in find_plays(state) if c.kind in ("word", "palabra")]
    if words:
        words.sort(key=lambda c: (len(c.action.cards), c.action.letters, c.action.cards))
        return words[0].action
    return _no_play(state)


BOTS: dict[str, Policy] = {"greedy": greedy, "beginner": beginner, "random": random_legal}
