"""The static SVG of a Palabra hand and table: valid, byte-identical for the same view, every
colour also drawn as its shape, the selected cards raised and numbered in the order clicked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from test_hand_view import WORDS, dealt, ids_of, seeded_states

from kit.games.palabra import PalabraGame, Word
from kit.games.palabra.cards import SYMBOLS
from kit.messages import set_language
from kit.messages import t as t_
from kit.render.hand import HAND_CARD, hand_svg
from kit.render.hand import cards_svg as render_cards
from kit.widgets.hand_view import hand_view

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def spanish():
    set_language("es")
    yield
    set_language("es")


def special_hand():
    game = PalabraGame(players=2, dictionary=WORDS)
    kinds = [next(c.id for c in game.cards if c.kind == k) for k in ("wild", "joker", "vowel")]
    two = next(c.id for c in game.cards if c.colours == frozenset({"green", "yellow"}))
    hand = [*ids_of(game, "C3** A1 S1**"), two, *kinds]
    other = ids_of(game, "E1 E1 E1 I1 I1 I1 O1", set(hand))
    return dealt([hand, other]), hand


def cards(svg: str, within: str = "") -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    if within:
        root = next(g for g in root.iter(f"{SVG}g") if g.get("class") == within)
    return {g.get("data-card"): g for g in root.iter(f"{SVG}g") if g.get("data-card")}


def shape_kinds(group: ET.Element) -> list[str]:
    return [
        el.get("class").removeprefix("kit-shape-")
        for el in group
        if (el.get("class") or "").startswith("kit-shape-")
    ]


def test_same_view_same_bytes_and_valid_xml():
    for state in seeded_states(range(2), turns=3):
        hand = state.hands[state.cur]
        a = hand_svg(hand_view(state, selected=hand[:2], show_best=True, log=["uno", "dos"]))
        b = hand_svg(hand_view(state, selected=hand[:2], show_best=True, log=["uno", "dos"]))
        assert a == b
        assert ET.fromstring(a).tag == f"{SVG}svg"
        assert "0x" not in a  # no memory address, no id
    pictures = [hand_svg(hand_view(s)) for s in seeded_states(range(1), turns=2)]
    assert pictures[0] != pictures[1]  # the state moved on: so did the picture


def test_every_card_shows_its_colours_as_shapes():
    """PLB-13: circle red, triangle blue, diamond green, square yellow, on every card."""
    state, hand = special_hand()
    view = hand_view(state)
    drawn = cards(hand_svg(view), "kit-hand")
    assert list(drawn) == [str(c) for c in hand]
    for card in view["hand"]:
        assert shape_kinds(drawn[str(card["id"])]) == [SYMBOLS[c] for c in card["colours"]]
    two = drawn[str(hand[3])]
    assert shape_kinds(two) == ["diamond", "square"]


def test_wild_joker_and_vowel_cards_are_drawn_apart():
    state, hand = special_hand()
    drawn = cards(hand_svg(hand_view(state)), "kit-hand")
    wild, joker, vowel = (drawn[str(c)] for c in hand[4:])
    assert "kit-wild" in wild.get("class") and len(shape_kinds(wild)) == 4
    assert "kit-joker" in joker.get("class") and shape_kinds(joker) == []
    assert "kit-vowel" in vowel.get("class")
    faces = {
        k: [t.text for t in g.iter(f"{SVG}text")]
        for k, g in (("w", wild), ("j", joker), ("v", vowel))
    }
    assert faces == {"w": ["?", "comodín"], "j": ["☺", "joker"], "v": ["AEIOUY", "vocal"]}
    letter = drawn[str(hand[0])]  # C3**: letter, value, stars
    assert [t.text for t in letter.iter(f"{SVG}text")] == ["C", "3", "★★"]


def test_selected_cards_are_raised_outlined_and_numbered_in_click_order():
    state, hand = special_hand()
    svg = hand_svg(hand_view(state, selected=[hand[2], hand[0]]))
    drawn = cards(svg, "kit-hand")
    chosen = {c: g for c, g in drawn.items() if "kit-selected" in g.get("class")}
    assert set(chosen) == {str(hand[2]), str(hand[0])}
    assert chosen[str(hand[2])].get("data-order") == "1"
    assert chosen[str(hand[0])].get("data-order") == "2"
    top = {c: float(g.find(f"{SVG}rect").get("y")) for c, g in drawn.items()}
    assert top[str(hand[0])] < top[str(hand[1])]  # raised
    assert float(drawn[str(hand[1])].find(f"{SVG}rect").get("height")) == HAND_CARD[1]
    steps = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "kit-step"]
    assert steps == [t_("hand.no_play", reason=state.why_not(Word((hand[2], hand[0]))))]  # SC
    svg = hand_svg(hand_view(state, selected=[hand[1], hand[2]]))  # AS: a word, with its score
    steps = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "kit-step"]
    sel = hand_view(state, selected=[hand[1], hand[2]])["selection"]
    assert steps[0] == t_("hand.step_values", terms="1 + 1", total=2)
    assert (
        steps[-1]
        == sel["total_text"]
        == t_("hand.step_total", play=sel["play"], total=sel["total"])
    )


def test_the_table_and_the_scores_are_drawn():
    state, hand = special_hand()
    state.apply(Word((hand[1], hand[2]), "AS"))
    svg = hand_svg(hand_view(state))
    root = ET.fromstring(svg)
    plays = [g for g in root.iter(f"{SVG}g") if g.get("class") == "kit-play"]
    assert len(plays) == 1 and plays[0].get("data-seat") == "0"
    assert list(cards(svg, "kit-play")) == [str(hand[1]), str(hand[2])]
    scores = {
        t.get("data-seat"): t.text for t in root.iter(f"{SVG}text") if t.get("class") == "kit-score"
    }
    assert scores == {"0": str(state.scores[0]), "1": "0"}
    prior = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "kit-prior"]
    assert "AS" in svg and prior == [t_("hand.prior")]


def test_english_labels():
    state, _ = special_hand()
    set_language("en")
    svg = hand_svg(hand_view(state))
    assert "Jugador 1 to play" in svg and "wild" in svg and "Click your cards" in svg


def test_a_word_alone_for_the_lesson():
    state, hand = special_hand()
    view = hand_view(state)
    word = [c for c in view["hand"] if c["id"] in hand[:3]]
    picture = render_cards(word)
    assert picture == render_cards(word)
    assert list(cards(picture)) == [str(c) for c in hand[:3]]
    assert ET.fromstring(picture).get("aria-label") == "CAS"


def test_the_best_plays_cards_are_marked_and_numbered_in_the_hand():
    """When the best play is shown, its cards wear a dashed edge and a badge with their place
    in it (not by colour alone); no other card does."""
    state, _ = special_hand()
    view = hand_view(state, show_best=True)
    ids = view["best"]["ids"]
    assert ids  # the finder found a play to mark
    drawn = cards(hand_svg(view), "kit-hand")
    for card, g in drawn.items():
        marks = [r for r in g.iter(f"{SVG}rect") if r.get("class") == "kit-best-mark"]
        places = [x.text for x in g.iter(f"{SVG}text") if x.get("class") == "kit-best-place"]
        if int(card) in ids:
            assert len(marks) == 1 and marks[0].get("stroke-dasharray")
            assert places == [str(ids.index(int(card)) + 1)]
        else:
            assert marks == [] and places == []


def test_the_live_picture_is_the_table_and_the_hand_only():
    """The live widget shows the score, the best play and the log beside the picture (so it
    fits one screen); the static SVG keeps them all."""
    state, hand = special_hand()
    view = hand_view(state, selected=[hand[1], hand[2]], show_best=True, log=["Ana pasa"])
    live, whole = hand_svg(view, live=True), hand_svg(view)
    steps = {x.get("class") for x in ET.fromstring(whole).iter(f"{SVG}text")}
    assert {"kit-step", "kit-log", "kit-status"} <= steps
    shown = {x.get("class") for x in ET.fromstring(live).iter(f"{SVG}text")}
    assert "kit-status" in shown and not {"kit-step", "kit-log"} & shown
    assert list(cards(live, "kit-hand")) == list(cards(whole, "kit-hand"))
