"""Helpers for the Palabra tests (find cards by description, deal chosen hands), and their tests."""

from __future__ import annotations

from kit.games.palabra.game import PalabraGame
from kit.games.palabra.rules import HAND_SIZE

WORDS = [
    "CASA", "CAT", "TO", "STOP", "STOPS", "TOP", "SAL", "SALA", "AS", "ES", "DE", "SE", "CASAS",
    "PALABRA", "ESTAS", "GATO", "GATOS", "OSA", "ASA", "ROSA", "ROSAS", "TOPE",
]  # fmt: skip


def game(players=2, words=WORDS, **kw) -> PalabraGame:
    return PalabraGame(players=players, dictionary=list(words), **kw)


def card_id(g, letter="", colour=None, stars=None, kind="letter", avoid=()):
    """The first card (lowest id) that fits, not in ``avoid``."""
    for c in g.cards:
        if c.id in avoid or c.kind != kind:
            continue
        if kind == "letter" and c.letter != letter:
            continue
        if colour is not None and (
            c.colours != frozenset([colour] if isinstance(colour, str) else colour)
        ):
            continue
        if stars is not None and c.stars != stars:
            continue
        return c.id
    raise LookupError(f"no card {letter} {colour} {stars} {kind}")


def ids(g, specs, avoid=()):
    """Card ids for specs like "C yellow 2", "A", "wild", "joker", "vowel" (distinct cards)."""
    out = []
    taken = set(avoid)
    for spec in specs:
        parts = spec.split()
        if parts[0] in ("wild", "joker", "vowel"):
            cid = card_id(g, kind=parts[0], avoid=taken)
        else:
            colour = None
            if len(parts) > 1:
                colour = parts[1].split("/") if "/" in parts[1] else parts[1]
            stars = int(parts[2]) if len(parts) > 2 else None
            cid = card_id(g, parts[0], colour, stars, avoid=taken)
        taken.add(cid)
        out.append(cid)
    return out


def deal(g, hands, dealer=0, top=()):
    """A dealt state: ``hands[p]`` (up to seven ids, filled up); the draw pile starts ``top``."""
    fixed = set(top)
    for h in hands.values():
        fixed |= set(h)
    rest = [c.id for c in g.cards if c.id not in fixed]
    full = {}
    for p in range(g.n):
        h = list(hands.get(p, []))
        while len(h) < HAND_SIZE:
            h.append(rest.pop(0))
        full[p] = h
    order = []
    for k in range(HAND_SIZE * g.n):
        p = (dealer + 1 + k) % g.n
        order.append(full[p][k // g.n])
    order += list(top) + rest
    return g.dealt_state(order, dealer)


def conserved(state) -> bool:
    cards = state.all_card_ids()
    return sorted(cards) == list(range(len(state.game.cards)))


def test_helpers_deal_the_hands_asked_for_and_keep_every_card():
    g = game(3)
    h0 = ids(g, ["C yellow 2", "wild", "A red"])
    top = ids(g, ["Z red/blue"], avoid=h0)
    s = deal(g, {0: h0}, dealer=2, top=top)
    assert s.hands[0][:3] == h0 and s.deck[0] == top[0] and s.current_player() == 2
    assert g.cards[h0[0]].stars == 2 and g.cards[h0[1]].kind == "wild"
    assert conserved(s)
